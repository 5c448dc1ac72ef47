package acquire

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestSourceNamesUnsupportedSchemes: a source written as a URL of a scheme
// lore does not read is reported as such, with what it does read, and not
// as a missing file; a file whose name merely has a colon is still a file.
func TestSourceNamesUnsupportedSchemes(t *testing.T) {
	for _, c := range []struct{ source, want string }{
		{"ftp://example.org/notes.pdf", `unsupported URL scheme "ftp"`},
		{"FTP://example.org/notes.pdf", `unsupported URL scheme "ftp"`},
		{"gopher://example.org/1/notes", `unsupported URL scheme "gopher"`},
		{"mailto:someone@example.org", `unsupported URL scheme "mailto"`},
		{"data:text/plain,hello", `unsupported URL scheme "data"`},
		{"https://", "malformed URL: no host"},
		{"file:///no/such/repository", "not a local git repository"},
	} {
		_, err := Source(context.Background(), c.source, Options{})
		var ie *core.InputError
		if !errors.As(err, &ie) || ie.Input != c.source || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "no such file") {
			t.Errorf("Source(%q) = %v, want an input error naming it and saying %q", c.source, err, c.want)
		}
		if strings.Contains(c.want, "unsupported") && !strings.Contains(err.Error(), "http and https") {
			t.Errorf("Source(%q) = %v, want the schemes lore reads listed", c.source, err)
		}
		if cerr := Check(c.source); cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("Check(%q) = %v, want the same error as Source (%v)", c.source, cerr, err)
		}
	}

	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(filepath.Join(dir, "notes:draft.md"), []byte("# Draft\n\nSome text.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if res, err := Source(context.Background(), "notes:draft.md", Options{}); err != nil || len(res.Documents) != 1 {
		t.Errorf("a file named notes:draft.md: %v", err)
	}
	if _, err := Source(context.Background(), "notes:missing.md", Options{}); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("a missing file named notes:missing.md: %v, want no such file", err)
	}
}

// UnreadScheme names the scheme of an address lore refuses, from how the
// source is written, and nothing for a path or an address it reads; every
// source it names is one Check refuses.
func TestUnreadSchemeNamesWhatCheckRefuses(t *testing.T) {
	for source, want := range map[string]string{
		"ftp://example.com/x.md":     "ftp",
		"Gopher://example.com/1/x":   "gopher",
		"mailto:someone@example.com": "mailto",
		"https://example.com/x.md":   "",
		"git://example.com/r.git":    "",
		"file:///srv/git/book":       "",
		"notes/graphs.md":            "",
		`C:\notes\graphs.md`:         "",
		"git@github.com:owner/repo":  "",
	} {
		if got := UnreadScheme(source); got != want {
			t.Errorf("UnreadScheme(%q) = %q, want %q", source, got, want)
		}
		if want != "" && Check(source) == nil {
			t.Errorf("Check(%q) passes a scheme lore does not read", source)
		}
	}
}
