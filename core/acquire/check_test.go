package acquire

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(md, []byte("# Notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "image.xyz")
	if err := os.WriteFile(bin, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		source, want string // want "" means accepted
	}{
		{md, ""},
		{dir, ""},
		{filepath.Join(dir, "book.zip"), "no such file"},
		{"https://example.org/book.html", ""},
		{"https://github.com/owner/repo", ""},
		{"", "no source given"},
		{filepath.Join(dir, "missing.md"), "no such file or folder"},
		{bin, "unsupported file type .xyz"},
		{"http://", "no host"},
		{"https//example.org", "no such file"},
		{"ftp://example.org/x.pdf", `scheme "ftp"`},
		{"http://exa mple.org/", "malformed URL"},
	} {
		err := Check(c.source)
		if c.want == "" {
			if err != nil {
				t.Errorf("Check(%q) = %v, want nil", c.source, err)
			}
			continue
		}
		var ie *core.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%q) = %v, want an input error containing %q", c.source, err, c.want)
		}
	}
}

// TestScopeOnlyForFoldersAndRepositories: a scope is refused, before
// anything is read or fetched, for what is read whole — a file, an
// archive, a web page — and kept for a folder or a repository; Source
// refuses it too, so that no caller drops it in silence.
func TestScopeOnlyForFoldersAndRepositories(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(md, []byte("# Notes\n\nText.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	scope := []string{"a.md", "docs/"}
	for _, c := range []struct{ source, what string }{
		{md, "a single file"},
		{filepath.Join(dir, "x.zip"), ""}, // missing: acquisition says so
		{"https://example.org/notes.html", "a web address"},
	} {
		err := CheckScope(c.source, scope)
		if c.what == "" {
			if err != nil {
				t.Errorf("%s: %v, want nil", c.source, err)
			}
			continue
		}
		ie, ok := errors.AsType[*core.InputError](err)
		if !ok || !ie.Usage || ie.Input != c.source || !strings.Contains(err.Error(), "--scope a.md,docs/") || !strings.Contains(err.Error(), c.what) {
			t.Errorf("%s: %v, want a usage error naming it, the scope and %q", c.source, err, c.what)
		}
	}
	for _, ok := range []string{dir, "file:///srv/git/book", "https://github.com/owner/repo"} {
		if err := CheckScope(ok, scope); err != nil {
			t.Errorf("%s: %v, want the scope taken", ok, err)
		}
	}
	if err := CheckScope(md, nil); err != nil {
		t.Errorf("no scope: %v", err)
	}
	if _, err := Source(t.Context(), md, Options{Scope: scope}); err == nil || !strings.Contains(err.Error(), "a single file") {
		t.Errorf("Source of a file with a scope: %v", err)
	}
}
