package acquire

// Git repositories are read from their committed tree, never from a working
// copy (see package gitrepo): a network repository is cloned shallowly into
// a temporary folder removed before Repo returns, a local one is read in
// place. Either way only committed files are read, in git's tree order.
//
// Which files: Options.Scope matched by InScope on the full slash-separated
// path from the repository's top, defaulting to DefaultRepoScope, so that a
// repository yields its documentation rather than its code. A GitHub
// /tree/REF/PATH or /blob/REF/PATH address scopes to PATH (everything under
// it when it is a folder, exactly it when it is a file) unless a scope is
// given, which then wins; /tree/REF alone keeps the default scope. As in
// folders, hidden files and folders and node_modules are passed over and
// only the formats lore reads are read; archives in a repository are listed
// as ignored, not opened, and symbolic links and submodules are reported
// as skipped. A selection without documents is an error.
//
// Limits: a file over Options.MaxFileSize is skipped and reported (its size
// comes from the object header, before it is read); Options.MaxTotalSize
// caps the bytes read from one repository, and a file that does not fit in
// what is left is skipped and reported the same way, so the result is what
// fitted, in tree order, with every omission listed. The clone itself is
// bounded by gitrepo.DefaultMaxCloneSize and gitrepo.DefaultTimeout.
// MaxEntries and MaxCompressionRatio are archive limits and do not apply.

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/fetch"
	"github.com/lore-kb/lore/core/acquire/gitrepo"
)

// DefaultRepoScope is the scope of a repository when none is given: its
// docs/ folder and its top-level README.md (not the README.md files of
// other folders).
var DefaultRepoScope = []string{"docs/", "README.md"}

// repoOptions are the clone options Repo uses; tests point the temporary
// folder at their own and redirect GitHub addresses to a local server.
var (
	repoOptions  gitrepo.Options
	repoCloneURL = func(url string) string { return url }
)

// IsRepo reports whether source names a git repository Repo reads: a
// GitHub repository address (https://github.com/OWNER/REPO, …/tree/REF/PATH,
// …/blob/REF/PATH), an http(s) URL ending in .git, a git:// or ssh:// URL,
// or a local repository, as a file:// URL or a path (a folder holding a .git
// entry, or a bare repository). A folder without .git is not a repository.
func IsRepo(source string) bool {
	_, ok := gitrepo.Parse(source)
	return ok
}

// Repo acquires the documents of a git repository (see IsRepo for the
// forms of source and the notes at the top of this file for what is read).
//
// Documents are named by their path in the repository (Name) and located as
// "<repository>@<ref>:<path>" (Path), where <repository> is the GitHub
// repository address, the URL or the local path, and <ref> is the branch or
// tag asked for or else the 12-digit hash of the commit read, so that Path
// identifies the exact content. Documents of network repositories are
// STRANGER, those of local repositories HOME.
//
// Errors are *core.InputError naming source: not a repository, unreachable
// or unknown repository, unknown branch or tag, a clone over its limits,
// cancellation (wrapping ctx's error), and a selection without documents.
func Repo(ctx context.Context, source string, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	src, ok := gitrepo.Parse(source)
	if !ok {
		return nil, &core.InputError{Input: source, Msg: "not a git repository address or a local git repository", Usage: true}
	}
	fail := func(err error) error {
		if ctx.Err() != nil {
			return &core.InputError{Input: source, Err: err}
		}
		return &core.InputError{Input: source, Msg: err.Error(), Err: err}
	}
	if err := ctx.Err(); err != nil {
		return nil, fail(err)
	}

	var snap *gitrepo.Snapshot
	var err error
	tier := Familiarity(source)
	if src.Local() {
		snap, err = gitrepo.Open(src.Dir, "")
	} else {
		// A clone comes over the network, whatever its address says.
		tier = core.Stranger
		o := repoOptions
		o.RefPath = src.RefPath
		if opts.Web.Remote {
			// A clone for a client on the network connects as a web
			// source's fetch does: to the addresses checked, never into
			// the server's own network, redirects included.
			o.HTTP = fetch.Transport(ctx, src.URL, opts.Web)
		}
		snap, err = gitrepo.Clone(ctx, repoCloneURL(src.URL), o)
	}
	if err != nil {
		return nil, fail(describeGitError(ctx, err))
	}
	defer snap.Close()
	ref, sub := snap.Ref, snap.Path

	scope := opts.Scope
	if len(scope) == 0 {
		scope = DefaultRepoScope
		if sub != "" {
			switch {
			case snap.IsDir(sub):
				scope = []string{sub + "/"}
			case snap.IsFile(sub):
				scope = []string{sub}
			default:
				return nil, fail(fmt.Errorf("no file or folder %s in %s at %s", sub, src.Location, ref))
			}
		}
	}
	at := ref
	if at == "" {
		at = snap.Short()
	}
	res := &Result{Source: source, Documents: []core.Document{}, Skipped: []Problem{}, Ignored: []string{},
		Findings: []core.Finding{}, Errors: []core.AcquireError{}}
	a := &acquirer{ctx: ctx, opts: opts, res: res, prog: newProgress(opts.Progress)}
	location := func(rel string) string { return src.Location + "@" + at + ":" + rel }
	var used int64
	// Files are read once the walk is over, so that progress has a total.
	var todo []gitrepo.File
	// read reads one committed file into res, or records why not.
	read := func(f gitrepo.File) {
		rel := f.Path
		ext := strings.ToLower(path.Ext(rel))
		size, err := f.Size()
		if err != nil {
			a.problem(rel, location(rel), err.Error())
			return
		}
		if size > opts.MaxFileSize {
			a.problem(rel, location(rel), fmt.Sprintf("file is %s, over the %s per-file limit", HumanBytes(size), HumanBytes(opts.MaxFileSize)))
			return
		}
		if left := opts.MaxTotalSize - used; size > left {
			a.problem(rel, location(rel), fmt.Sprintf("file is %s, more than is left (%s) of the %s total limit of a repository",
				HumanBytes(size), HumanBytes(left), HumanBytes(opts.MaxTotalSize)))
			return
		}
		raw, err := f.Read(min(opts.MaxFileSize, opts.MaxTotalSize-used))
		if err != nil {
			a.problem(rel, location(rel), err.Error())
			return
		}
		used += int64(len(raw))
		pages, end := a.prog.parts(rel, "pages")
		doc, why, err := a.take(item{display: rel, file: location(rel), loc: location(rel), ext: ext, raw: raw},
			func(ext string, raw []byte) (string, string, []string, error) { return decode(ext, raw, opts, pages) })
		end()
		switch {
		case err != nil:
			a.problem(rel, location(rel), err.Error())
			return
		case doc == nil:
			// The limit bounds what a repository's documents hold; a
			// binary judged by its kind is let go at once.
			used -= int64(len(raw))
			if why != "" {
				res.Ignored = append(res.Ignored, rel)
			}
			return
		}
		doc.Name, doc.Path, doc.Familiarity = rel, location(rel), tier
		res.Documents = append(res.Documents, *doc)
	}
	err = snap.Walk(ctx, func(rel string) bool {
		return skipDir(path.Base(rel))
	}, func(f gitrepo.File) error {
		rel := f.Path
		if strings.HasPrefix(path.Base(rel), ".") {
			return nil
		}
		if !InScope(rel, scope) {
			res.OutOfScope++
			return nil
		}
		switch f.Kind {
		case gitrepo.Symlink:
			a.problem(rel, location(rel), "symbolic link, not followed")
			return nil
		case gitrepo.Submodule:
			a.problem(rel, location(rel), "submodule, not fetched")
			return nil
		}
		todo = append(todo, f)
		return nil
	})
	if err != nil {
		return nil, fail(err)
	}
	endCount := a.prog.items(len(todo), "files")
	for _, f := range todo {
		if err := ctx.Err(); err != nil {
			endCount()
			return nil, fail(err)
		}
		a.prog.item(f.Path)
		read(f)
		a.prog.step()
	}
	endCount()
	if err := snap.Close(); err != nil {
		return nil, fail(err)
	}
	if len(res.Documents) == 0 && len(res.Findings) == 0 {
		if len(res.Skipped) > 0 {
			return nil, fail(errors.New(noDocuments("repository", res)))
		}
		return nil, fail(fmt.Errorf("no document matches scope %s in %s at %s (%d file(s) outside it, %d in it of types lore does not read)",
			strings.Join(scope, ","), src.Location, at, res.OutOfScope, len(res.Ignored)))
	}
	assembleBooks(res, opts.AllFiles)
	res.what = "repository"
	return res, nil
}

// describeGitError keeps cancellation as it is and otherwise returns the
// clone or open error, whose message follows the source's name.
func describeGitError(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	return err
}
