package acquire

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// ZipFile is one file of a zip archive read whole, as bytes, for callers
// that keep files rather than read documents (an Agent Skills bundle).
type ZipFile struct {
	// Name is the entry's path in the archive, slash-separated.
	Name    string
	Content []byte
	// Mode is the permission bits the archive records for the entry (0
	// when it records none, as zips made on Windows).
	Mode fs.FileMode
}

// ZipFiles is what ReadZipFiles read from an archive.
type ZipFiles struct {
	// Files are the entries read, in archive order.
	Files []ZipFile
	// Skipped, Findings and Errors are as in Result: each refused entry
	// (an escaping or colliding name, a link: critical path-traversal
	// findings; an entry over a limit, encrypted or unreadable: errors).
	Skipped  []Problem
	Findings []core.Finding
	Errors   []core.AcquireError
}

// ReadZipFiles reads every regular file of the zip archive at p into
// memory, whatever its type, under the same rules and limits as an archive
// source (see Local): entry names that escape or collide, links and
// special files are refused and reported, every size is bounded while it
// is decompressed, and nothing is written anywhere. Entries under .git,
// node_modules and __MACOSX (macOS resource forks) are passed over, as a
// folder walk passes over the first two. The error is for an archive that
// cannot be read at all, naming it.
func ReadZipFiles(ctx context.Context, p string, opts Options) (*ZipFiles, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	opts = opts.withDefaults()
	opts.ctx = ctx
	res := &Result{Source: p}
	a := &acquirer{ctx: ctx, opts: opts, res: res, prog: newProgress(opts.Progress)}
	f, err := os.Open(p)
	if err != nil {
		return nil, &core.InputError{Input: p, Msg: describeOpenError(err), Usage: true}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &core.InputError{Input: p, Msg: describeOpenError(err), Usage: true}
	}
	l, err := zipView(f, fi.Size(), opts.MaxEntries, opts.MaxTotalSize)
	if err != nil {
		return nil, &core.InputError{Input: p, Msg: fmt.Sprintf("not a valid zip archive (%v)", err)}
	}
	a.used += l.dirBytes
	zr, err := zip.NewReader(l.view, l.size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, &core.InputError{Input: p, Msg: fmt.Sprintf("not a valid zip archive (%v)", err)}
	}
	ar := newArchive(p, "")
	out := &ZipFiles{}
	for _, zf := range zr.File {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a.entries++
		content, ok, spent := a.zipFile(ar, zf)
		if ok {
			out.Files = append(out.Files, ZipFile{Name: zf.Name, Content: content, Mode: zf.Mode().Perm()})
		}
		if spent {
			a.archiveProblem(ar, fmt.Sprintf("the %s total decompressed limit was reached; the rest of the archive was not read", HumanBytes(opts.MaxTotalSize)))
			break
		}
	}
	switch {
	case l.moreBytes:
		a.archiveProblem(ar, fmt.Sprintf("the archive's directory does not fit in the %s total limit; entries after the first %d were not read", HumanBytes(opts.MaxTotalSize), l.records))
	case l.more:
		a.archiveProblem(ar, fmt.Sprintf("the archive holds more entries than the %d-entry limit; entries after the first %d were not read", opts.MaxEntries, l.records))
	}
	out.Skipped, out.Findings, out.Errors = res.Skipped, res.Findings, res.Errors
	return out, nil
}

// zipFile applies the entry rules of entry to one zip entry and reads it
// whole when they pass, whatever its type: ok reports a file read, spent
// that the total budget is gone.
func (a *acquirer) zipFile(ar *archive, zf *zip.File) (content []byte, ok, spent bool) {
	e := a.zipEntryInfo(zf)
	if e.name == "" {
		a.entryProblem(ar, e.name, "entry has an empty name")
		return nil, false, false
	}
	if rules := nameRules(e.name); len(rules) > 0 {
		a.refuse(ar.name(visible(e.name)), ar.finding(core.PathTraversal, core.Critical, e.name,
			"entry name "+strings.Join(rules, ", "), visible(e.name), recName))
		return nil, false, false
	}
	if len(e.name) > maxNameLen {
		a.entryProblem(ar, e.name, fmt.Sprintf("entry name is %d bytes long, over the %d-byte limit", len(e.name), maxNameLen))
		return nil, false, false
	}
	if !utf8.ValidString(e.name) {
		a.entryProblem(ar, e.name, "entry name is not valid UTF-8")
		return nil, false, false
	}
	if !ar.register(a, e) {
		return nil, false, false
	}
	switch e.kind {
	case dirEntry:
		return nil, false, false
	case symlinkEntry:
		target := a.zipLinkTarget(e)
		shown := visible(target)
		if target == "" {
			shown = "an empty target"
		}
		a.refuse(ar.name(visible(e.name)), ar.finding(core.PathTraversal, core.Critical, e.name,
			"symlink entry pointing to "+shown, visible(e.name)+" -> "+visible(target), recLink))
		return nil, false, false
	case specialEntry:
		a.entryProblem(ar, e.name, "special file entry ("+e.special+") is not read")
		return nil, false, false
	}
	for _, c := range strings.Split(path.Clean(e.name), "/") {
		if c == ".git" || c == "node_modules" || c == "__MACOSX" {
			return nil, false, false
		}
	}
	if e.encrypted {
		a.entryProblem(ar, e.name, "entry is encrypted")
		return nil, false, false
	}
	if reason := a.declaredProblem(e); reason != "" {
		a.entryProblem(ar, e.name, reason)
		return nil, false, false
	}
	r, done, err := e.open()
	if err != nil {
		a.entryProblem(ar, e.name, fmt.Sprintf("unreadable entry (%v)", err))
		return nil, false, false
	}
	raw, err := a.readEntry(r, e.declared)
	done()
	if err != nil {
		a.entryProblem(ar, e.name, a.readProblem(err, e))
		return nil, false, errors.Is(err, errTotal)
	}
	return raw, true, false
}
