// Package gitrepo reads the committed files of a git repository with
// go-git, a pure-Go git implementation: no git binary is run.
//
// A network repository is cloned shallowly (depth 1, one branch or tag, no
// other tags, no submodules) as a bare repository into a fresh temporary
// folder that Snapshot.Close removes; Clone removes it itself when it
// fails. Nothing is checked out: files are read from the object store, so a
// hostile repository cannot make anything be written under names it
// chooses, symbolic links are reported rather than followed, and a file's
// size is known from its object header before a byte of it is read.
//
// A local repository (a path or a file:// URL) is opened in place, read
// only: its committed tree is read from its own object store, so
// uncommitted changes and untracked files are never read and no copy is
// made. go-git's file:// transport would run git-upload-pack, which lore
// does not depend on.
package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/storage/memory"
)

// Defaults of Options.
const (
	// DefaultTimeout bounds a clone, listing the remote's refs included.
	DefaultTimeout = 5 * time.Minute
	// DefaultMaxCloneSize caps what a clone may write to disk: 1 GiB. A
	// shallow clone still holds every file of the commit, in scope or not,
	// so this is the bound on disk and network use; the caller's per-file
	// and total limits bound what is read from it.
	DefaultMaxCloneSize = 1 << 30
)

// Options tune Clone. Zero fields take their defaults.
type Options struct {
	// Ref is the branch or tag to clone; "" means the remote's HEAD.
	Ref string
	// RefPath, when Ref is "", is what followed /tree/ or /blob/ in a
	// GitHub address: split by SplitRefPath against the remote's refs into
	// the ref cloned (Snapshot.Ref) and a path (Snapshot.Path).
	RefPath string
	// TempDir is the folder the clone's temporary folder is made in; ""
	// means os.TempDir().
	TempDir string
	// Timeout bounds the whole clone; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxCloneSize caps the bytes the clone writes, checked while it
	// runs; 0 means DefaultMaxCloneSize.
	MaxCloneSize int64
	// HTTP, when set, carries the clone's http and https requests: a
	// transport that connects only where a rule allows (fetch.Transport).
	// Nil is go-git's own.
	HTTP http.RoundTripper
	// pollEvery is how often the clone's size is checked (tests shorten
	// it); 0 means 100ms.
	pollEvery time.Duration
}

// Error kinds callers can test for with errors.Is.
var (
	// ErrUnknownRef: the named branch or tag does not exist.
	ErrUnknownRef = errors.New("no such branch or tag")
	// ErrTooLarge: the clone went past Options.MaxCloneSize.
	ErrTooLarge = errors.New("repository is over the clone size limit")
	// ErrTimeout: the clone took longer than Options.Timeout.
	ErrTimeout = errors.New("clone timed out")
)

// Snapshot is one commit of a repository, ready to be walked.
type Snapshot struct {
	// Ref is the branch or tag read, "" for the default branch or HEAD.
	Ref string
	// Path is the path part of Options.RefPath, "" when none.
	Path string
	// Commit is the commit read.
	Commit plumbing.Hash
	// Dir is the temporary clone folder that Close removes, "" for a
	// local repository read in place.
	Dir  string
	repo *git.Repository
	tree *object.Tree
}

// Short is the commit's abbreviated hash (12 hex digits).
func (s *Snapshot) Short() string { return s.Commit.String()[:12] }

// Close removes the temporary clone, if any. It may be called more than
// once.
func (s *Snapshot) Close() error {
	if s == nil || s.Dir == "" {
		return nil
	}
	dir := s.Dir
	s.Dir = ""
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("removing the temporary clone: %w", err)
	}
	return nil
}

// Clone clones the repository at url shallowly into a new temporary folder
// under opts.TempDir and returns the snapshot of opts.Ref (or of the
// remote's HEAD). On error the folder is already removed. The context and
// opts.Timeout bound the whole clone.
func Clone(ctx context.Context, url string, opts Options) (snap *Snapshot, err error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxCloneSize <= 0 {
		opts.MaxCloneSize = DefaultMaxCloneSize
	}
	if opts.pollEvery <= 0 {
		opts.pollEvery = 100 * time.Millisecond
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if opts.HTTP != nil {
		ctx = withTransport(ctx, opts.HTTP)
	}
	tctx, cancelTimeout := context.WithTimeoutCause(ctx, opts.Timeout, ErrTimeout)
	defer cancelTimeout()
	cctx, cancel := context.WithCancelCause(tctx)
	defer cancel(nil)
	failed := func(err error) error {
		err = cloneError(cctx, err)
		if errors.Is(err, ErrTimeout) {
			return fmt.Errorf("%w after %s", ErrTimeout, opts.Timeout)
		}
		return err
	}

	refName := plumbing.ReferenceName("")
	var sub string
	if opts.Ref != "" || opts.RefPath != "" {
		refs, err := ListRefs(cctx, url)
		if err != nil {
			return nil, failed(err)
		}
		if opts.Ref == "" {
			opts.Ref, sub = SplitRefPath(opts.RefPath, refs.Has)
		}
		var ok bool
		if refName, ok = refs.Find(opts.Ref); !ok {
			return nil, unknownRef(opts.Ref)
		}
	}
	dir, err := os.MkdirTemp(opts.TempDir, "lore-git-")
	if err != nil {
		return nil, fmt.Errorf("creating the temporary clone folder: %w", err)
	}
	defer func() {
		if err != nil {
			_ = os.RemoveAll(dir)
		}
	}()

	var over atomic.Bool
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		t := time.NewTicker(opts.pollEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if size(dir) > opts.MaxCloneSize {
					over.Store(true)
					cancel(ErrTooLarge)
					return
				}
			}
		}
	}()
	repo, err := git.PlainCloneContext(cctx, dir, true, &git.CloneOptions{
		URL:               url,
		ReferenceName:     refName,
		SingleBranch:      true,
		NoCheckout:        true,
		Depth:             1,
		Tags:              git.NoTags,
		RecurseSubmodules: git.NoRecurseSubmodules,
	})
	close(done)
	<-watched
	if err == nil && size(dir) > opts.MaxCloneSize {
		over.Store(true)
	}
	if over.Load() {
		return nil, fmt.Errorf("%w (%d MiB)", ErrTooLarge, opts.MaxCloneSize>>20)
	}
	if err != nil {
		return nil, failed(err)
	}
	snap, err = snapshot(repo, refName)
	if err != nil {
		return nil, err
	}
	snap.Ref, snap.Path, snap.Dir = opts.Ref, sub, dir
	return snap, nil
}

// Refs are the branches and tags of a repository by full name.
type Refs map[plumbing.ReferenceName]bool

// Find returns the full name of a branch or tag named ref, preferring a
// branch as git does.
func (r Refs) Find(ref string) (plumbing.ReferenceName, bool) {
	for _, n := range []plumbing.ReferenceName{plumbing.NewBranchReferenceName(ref), plumbing.NewTagReferenceName(ref), plumbing.ReferenceName(ref)} {
		if r[n] && (n.IsBranch() || n.IsTag()) {
			return n, true
		}
	}
	return "", false
}

// Has reports whether ref names a branch or tag.
func (r Refs) Has(ref string) bool {
	_, ok := r.Find(ref)
	return ok
}

// ListRefs lists the branches and tags of the remote repository at url,
// the way git ls-remote does (one round trip, nothing downloaded).
func ListRefs(ctx context.Context, url string) (Refs, error) {
	rem := git.NewRemote(memory.NewStorage(), &config.RemoteConfig{Name: "origin", URLs: []string{url}})
	list, err := rem.ListContext(ctx, &git.ListOptions{})
	if err != nil {
		return nil, err
	}
	refs := Refs{}
	for _, r := range list {
		if r.Name().IsBranch() || r.Name().IsTag() {
			refs[r.Name()] = true
		}
	}
	return refs, nil
}

// Open opens the local repository in dir in place (read only) and returns
// the snapshot of ref, or of HEAD when ref is "". Close does nothing.
func Open(dir, ref string) (*Snapshot, error) {
	repo, err := git.PlainOpenWithOptions(dir, &git.PlainOpenOptions{EnableDotGitCommonDir: true})
	if err != nil {
		return nil, fmt.Errorf("not a readable git repository (%w)", err)
	}
	name := plumbing.ReferenceName("")
	if ref != "" {
		refs := Refs{}
		iter, err := repo.References()
		if err != nil {
			return nil, fmt.Errorf("listing the repository's refs: %w", err)
		}
		_ = iter.ForEach(func(r *plumbing.Reference) error {
			refs[r.Name()] = true
			return nil
		})
		var ok bool
		if name, ok = refs.Find(ref); !ok {
			return nil, unknownRef(ref)
		}
	}
	snap, err := snapshot(repo, name)
	if err != nil {
		return nil, err
	}
	snap.Ref = ref
	return snap, nil
}

func unknownRef(ref string) error {
	if len(ref) >= 7 && len(ref) <= 40 && strings.Trim(strings.ToLower(ref), "0123456789abcdef") == "" {
		return fmt.Errorf("%w %q (commit hashes cannot be cloned shallowly; name a branch or tag)", ErrUnknownRef, ref)
	}
	return fmt.Errorf("%w %q", ErrUnknownRef, ref)
}

// snapshot resolves name (HEAD when "") to its commit and tree, peeling an
// annotated tag.
func snapshot(repo *git.Repository, name plumbing.ReferenceName) (*Snapshot, error) {
	var hash plumbing.Hash
	if name == "" {
		head, err := repo.Head()
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			return nil, errors.New("repository has no commits")
		}
		if err != nil {
			return nil, fmt.Errorf("resolving HEAD: %w", err)
		}
		hash = head.Hash()
	} else {
		r, err := repo.Reference(name, true)
		if err != nil {
			return nil, fmt.Errorf("resolving %s: %w", name.Short(), err)
		}
		hash = r.Hash()
	}
	commit, err := repo.CommitObject(hash)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		tag, terr := repo.TagObject(hash)
		if terr != nil {
			return nil, fmt.Errorf("reading commit %s: %w", hash, err)
		}
		commit, err = tag.Commit()
	}
	if err != nil {
		return nil, fmt.Errorf("reading commit %s: %w", hash, err)
	}
	tree, err := commit.Tree()
	if err != nil {
		return nil, fmt.Errorf("reading the tree of commit %s: %w", commit.Hash, err)
	}
	return &Snapshot{Commit: commit.Hash, repo: repo, tree: tree}, nil
}

// Kind is what a tree entry is.
type Kind int

// Entry kinds.
const (
	// Regular is a file (executable or not).
	Regular Kind = iota
	// Symlink is a symbolic link, never followed.
	Symlink
	// Submodule is a commit of another repository, never fetched.
	Submodule
)

// File is one non-folder entry of the snapshot's tree.
type File struct {
	// Path is slash-separated and relative to the repository's top.
	Path string
	Kind Kind
	hash plumbing.Hash
	snap *Snapshot
}

// Size returns the size of a regular file from its object header, without
// reading its content.
func (f File) Size() (int64, error) {
	if f.Kind != Regular {
		return 0, errors.New("not a regular file")
	}
	n, err := f.snap.repo.Storer.EncodedObjectSize(f.hash)
	if err != nil {
		return 0, fmt.Errorf("reading object %s: %w", f.hash, err)
	}
	return n, nil
}

// Read returns a regular file's content, refusing one longer than limit.
func (f File) Read(limit int64) ([]byte, error) {
	if f.Kind != Regular {
		return nil, errors.New("not a regular file")
	}
	blob, err := f.snap.repo.BlobObject(f.hash)
	if err != nil {
		return nil, fmt.Errorf("reading object %s: %w", f.hash, err)
	}
	if blob.Size > limit {
		return nil, fmt.Errorf("file is %d bytes, over the %d-byte limit", blob.Size, limit)
	}
	r, err := blob.Reader()
	if err != nil {
		return nil, fmt.Errorf("reading object %s: %w", f.hash, err)
	}
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading object %s: %w", f.hash, err)
	}
	if int64(len(raw)) > limit {
		return nil, fmt.Errorf("file is over the %d-byte limit", limit)
	}
	return raw, nil
}

// IsDir reports whether p (slash-separated, relative) is a folder of the
// snapshot's tree, and IsFile whether it is a file.
func (s *Snapshot) IsDir(p string) bool {
	_, err := s.tree.Tree(p)
	return err == nil
}

// IsFile reports whether p names a file (or link) of the snapshot's tree.
func (s *Snapshot) IsFile(p string) bool {
	e, err := s.tree.FindEntry(p)
	return err == nil && e.Mode != filemode.Dir
}

// Walk calls fn for every file, link and submodule of the tree, depth
// first in git's tree order (byte order of names). skipDir is asked about
// every folder (its relative path) and a true answer leaves it out. The
// walk stops at the first error fn returns, or when ctx is done.
func (s *Snapshot) Walk(ctx context.Context, skipDir func(rel string) bool, fn func(File) error) error {
	return s.walk(ctx, s.tree, "", skipDir, fn)
}

func (s *Snapshot) walk(ctx context.Context, t *object.Tree, prefix string, skipDir func(string) bool, fn func(File) error) error {
	for _, e := range t.Entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		rel := prefix + e.Name
		switch e.Mode {
		case filemode.Dir:
			if skipDir != nil && skipDir(rel) {
				continue
			}
			sub, err := s.repo.TreeObject(e.Hash)
			if err != nil {
				return fmt.Errorf("reading folder %s: %w", rel, err)
			}
			if err := s.walk(ctx, sub, rel+"/", skipDir, fn); err != nil {
				return err
			}
			continue
		case filemode.Symlink:
			if err := fn(File{Path: rel, Kind: Symlink, hash: e.Hash, snap: s}); err != nil {
				return err
			}
		case filemode.Submodule:
			if err := fn(File{Path: rel, Kind: Submodule, hash: e.Hash, snap: s}); err != nil {
				return err
			}
		default:
			if err := fn(File{Path: rel, Kind: Regular, hash: e.Hash, snap: s}); err != nil {
				return err
			}
		}
	}
	return nil
}

// cloneError turns what go-git returns into a phrase that follows the
// repository's name; the cause stays wrapped.
func cloneError(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); cause != nil {
		switch {
		case errors.Is(cause, ErrTimeout), errors.Is(cause, ErrTooLarge):
			return cause
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	switch {
	case errors.Is(err, ErrUnknownRef):
		return err
	case errors.Is(err, transport.ErrRepositoryNotFound):
		return &described{"repository not found (a private repository looks the same)", err}
	case errors.Is(err, transport.ErrAuthenticationRequired), errors.Is(err, transport.ErrAuthorizationFailed):
		return &described{"repository needs credentials: it is private or does not exist (lore reads public repositories only)", err}
	case errors.Is(err, transport.ErrEmptyRemoteRepository):
		return &described{"repository is empty", err}
	case errors.Is(err, plumbing.ErrReferenceNotFound), errors.Is(err, git.NoMatchingRefSpecError{}):
		return fmt.Errorf("%w: %w", ErrUnknownRef, err)
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return fmt.Errorf("cannot reach the repository: %w", err)
	}
	return fmt.Errorf("clone failed: %w", err)
}

// described replaces the message of an error whose own is terse or
// repeats itself, keeping it wrapped.
type described struct {
	msg string
	err error
}

func (e *described) Error() string { return e.msg }
func (e *described) Unwrap() error { return e.err }

// size is the bytes under dir, as far as it can be read while a clone is
// writing to it.
func size(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // a file the clone is still writing may vanish; count what can be read
		}
		if d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}
