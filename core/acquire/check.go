package acquire

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Check says, without reading any document or touching the network,
// whether source can be acquired at all: an empty source, a malformed URL, a
// missing local path and a file of an unsupported type are reported as a
// *core.InputError naming source. A form validates with it before a run
// starts; Source still reports everything Check cannot see (an unreachable
// host, a corrupt archive, a folder without documents).
func Check(source string) error {
	if strings.TrimSpace(source) == "" {
		return &core.InputError{Input: `""`, Msg: "no source given: enter a file, folder, archive, URL or git repository", Usage: true}
	}
	if IsRepo(source) || IsURL(source) {
		return nil
	}
	if err := schemeProblem(source); err != nil {
		return err
	}
	info, err := os.Stat(source)
	if err != nil {
		return &core.InputError{Input: source, Msg: describeOpenError(err), Usage: true}
	}
	if what := notRegular(info); what != "" {
		return &core.InputError{Input: source, Msg: what, Usage: true}
	}
	if info.IsDir() || archiveKindOf(source) != notArchive {
		return nil
	}
	return checkType(source)
}

// checkType refuses a file whose type lore does not read, judged by its
// extension and, for .xml, by its root element: the source named the wrong
// file, so it is a usage mistake, unlike a file of a known type that turns
// out to be damaged.
func checkType(source string) error {
	ext := strings.ToLower(filepath.Ext(source))
	if _, ok := formats[ext]; !ok {
		what := "unsupported file type " + ext
		if ext == "" {
			what = "file has no extension"
		}
		return &core.InputError{Input: source, Msg: what + "; " + whatLoreReads(), Usage: true}
	}
	if ext == ".xml" {
		return checkXMLRoot(source)
	}
	return nil
}

// checkXMLRoot refuses an .xml file whose root element lore does not read.
// Only the head of the file is read; anything it cannot tell from there is
// left to Source.
func checkXMLRoot(source string) error {
	fh, err := openRegular(source)
	if err != nil {
		return &core.InputError{Input: source, Msg: err.Error(), Usage: true}
	}
	defer fh.Close()
	h, err := xmlRoot(io.LimitReader(fh, 64<<10))
	if err != nil {
		return nil
	}
	if h.readsAs() == "" {
		return &core.InputError{Input: source, Msg: (&unreadXMLError{head: h}).Error(), Usage: true}
	}
	return nil
}

// urlProblem names what is wrong with a URL lore does not accept.
func urlProblem(source, scheme string) string {
	u, err := url.Parse(source)
	switch {
	case err != nil:
		var ue *url.Error
		if errors.As(err, &ue) {
			return ue.Err.Error()
		}
		return err.Error()
	case u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "file" && u.Scheme != "git" && u.Scheme != "ssh":
		return fmt.Sprintf("scheme %q is not one of http, https, git, ssh, file", scheme)
	case u.Host == "" && u.Scheme != "file":
		return "no host"
	}
	return "not a document, page or repository address"
}

// CheckScope refuses a scope given for a source it cannot select from,
// without reading any document or touching the network: Options.Scope
// picks files of a folder or a repository, and a single file, an archive
// or a web address (a page or a document, not a repository) is read whole,
// so a scope given for one would be dropped in silence. Its error is a
// *core.InputError naming source, a usage mistake. A source that does not
// exist passes: acquiring it says so.
func CheckScope(source string, scope []string) error {
	if len(scope) == 0 || IsRepo(source) {
		return nil
	}
	what := "a web address read as one page, document or archive"
	if !IsURL(source) {
		info, err := os.Stat(source)
		if err != nil || info.IsDir() {
			return nil //nolint:nilerr // a source that is not there is for acquisition to name
		}
		what = "a single file"
		if archiveKindOf(source) != notArchive {
			what = "an archive, read whole"
		}
	}
	return &core.InputError{Input: source, Usage: true, Err: &ScopeError{What: what},
		Msg: fmt.Sprintf("--scope %s selects files of a folder or repository, and this is %s: drop --scope, or give the folder", strings.Join(scope, ","), what)}
}

// ScopeError is the cause CheckScope wraps in its *core.InputError: it
// says what the source is instead of a folder or repository, so that a
// form can word the refusal for its own scope field rather than for the
// command line's flag.
type ScopeError struct {
	// What the source is: "a single file", "an archive, read whole" or
	// "a web address read as one page, document or archive".
	What string
}

func (e *ScopeError) Error() string {
	return "a scope selects files of a folder or repository, and this is " + e.What
}
