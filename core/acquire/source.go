package acquire

import (
	"context"
	"os"
	"path/filepath"

	"github.com/lore-kb/lore/core/acquire/fetch"
)

// Source acquires any source lore reads:
//   - a git repository — a GitHub address (…/tree/REF/PATH too), a git or
//     file:// URL, or a bare repository's path — read as a repository:
//     committed files within the scope (default docs/ and README.md);
//   - another http(s) URL: a page, a document or an archive (STRANGER);
//   - a local file, folder or archive (HOME). A working tree is read as the
//     folder it is, uncommitted files included: pointing lore at a
//     checkout means "these files", and file:///path asks for the
//     repository instead.
func Source(ctx context.Context, source string, opts Options) (*Result, error) {
	switch {
	case isWorkingTree(source):
		return Local(ctx, source, opts)
	case IsRepo(source):
		return Repo(ctx, source, opts)
	case IsURL(source):
		return URL(ctx, source, opts, fetch.Options{})
	}
	return Local(ctx, source, opts)
}

// isWorkingTree reports a local folder with a .git entry.
func isWorkingTree(source string) bool {
	fi, err := os.Stat(source)
	if err != nil || !fi.IsDir() {
		return false
	}
	_, err = os.Lstat(filepath.Join(source, ".git"))
	return err == nil
}
