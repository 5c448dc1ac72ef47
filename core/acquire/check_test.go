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
