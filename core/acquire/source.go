package acquire

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
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
	res, err := acquireSource(ctx, source, opts)
	if err == nil {
		judgeSkillBinaries(res)
	}
	return res, err
}

// acquireSource is Source before the binaries of its skill folders are
// judged.
func acquireSource(ctx context.Context, source string, opts Options) (*Result, error) {
	opts.ctx = ctx
	if err := CheckScope(source, opts.Scope); err != nil {
		return nil, err
	}
	switch {
	case isWorkingTree(source):
		return Local(ctx, source, opts)
	case IsRepo(source):
		return Repo(ctx, source, opts)
	case IsURL(source):
		return URL(ctx, source, opts, opts.Web)
	}
	if err := schemeProblem(source); err != nil {
		return nil, err
	}
	return Local(ctx, source, opts)
}

// Familiarity is the tier the documents of source are acquired at, read
// from how source is written (no file is opened, nothing fetched): what
// is read from this machine — a file, folder, archive or working tree, a
// repository by its path or its file:// URL — is HOME; what comes over
// the network — an http(s) address, a GitHub, git:// or ssh://
// repository — is STRANGER. Source gives its documents this tier, so
// that a form can say it as the source is typed.
func Familiarity(source string) core.Familiarity {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(source), "://")
	if !ok || !schemeSyntax.MatchString(scheme) {
		return core.Home
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "git", "ssh":
		if host, _, _ := strings.Cut(rest, "/"); host != "" {
			return core.Stranger
		}
	}
	return core.Home
}

// UnreadScheme is the scheme (lower case) of a source written as an
// address lore does not read — ftp://, gopher://, mailto: — and "" for a
// path or a scheme it reads. Like Familiarity it reads only how source
// is written, so that a form can say at once that no tier applies;
// acquiring such a source is refused (a path that happens to exist under
// that name is still read as a path).
func UnreadScheme(source string) string {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(source), ":")
	if !ok || len(scheme) < 2 || !schemeSyntax.MatchString(scheme) {
		return ""
	}
	switch s := strings.ToLower(scheme); {
	case s == "http" || s == "https" || s == "git" || s == "ssh" || s == "file":
		return ""
	case strings.HasPrefix(rest, "//") || opaqueSchemes[s]:
		return s
	}
	return ""
}

// supportedURLs is what lore reads at a URL, for the error naming a scheme
// it does not.
const supportedURLs = "http and https (pages, documents, archives, GitHub and .git repositories), " +
	"git and ssh (repositories) and file:// (a local repository)"

// opaqueSchemes are schemes written without "//" that never name a file.
var opaqueSchemes = map[string]bool{"mailto": true, "data": true, "tel": true, "urn": true, "news": true,
	"javascript": true, "about": true, "magnet": true}

var schemeSyntax = lazyre.New(`^[A-Za-z][A-Za-z0-9+.-]*$`)

// schemeProblem reports a source written as a URL that is neither a
// repository nor a web address lore can fetch: a scheme it does not read
// (ftp://, gopher://, mailto:) or a malformed http, https, git or ssh URL.
// A local path is never mistaken for one: one letter before the colon is a
// Windows drive, and a path that exists is a path.
func schemeProblem(source string) error {
	scheme, rest, ok := strings.Cut(source, ":")
	if !ok || len(scheme) < 2 || !schemeSyntax.MatchString(scheme) {
		return nil
	}
	s := strings.ToLower(scheme)
	if !strings.HasPrefix(rest, "//") && s != "http" && s != "https" && !opaqueSchemes[s] {
		return nil
	}
	if _, err := os.Lstat(source); err == nil {
		return nil
	}
	switch s {
	case "http", "https", "git", "ssh":
		return &core.InputError{Input: source, Msg: "malformed URL: " + urlProblem(source, scheme), Usage: true}
	case "file":
		return &core.InputError{Input: source, Msg: "not a local git repository (a file:// URL names one); give a file or folder as a plain path", Usage: true}
	}
	return &core.InputError{Input: source, Msg: fmt.Sprintf("unsupported URL scheme %q; lore reads %s", s, supportedURLs), Usage: true}
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

// LocalAbs is source made absolute when it names a file or folder here,
// and source as given otherwise (a URL, a repository shorthand, a typo the
// acquisition reports as typed): a session records where a local source
// was, which a relative path stops saying once the folder changes.
func LocalAbs(source string) string {
	if filepath.IsAbs(source) || strings.Contains(source, "://") {
		return source
	}
	if _, err := os.Stat(source); err != nil {
		return source
	}
	if abs, err := filepath.Abs(source); err == nil {
		return abs
	}
	return source
}
