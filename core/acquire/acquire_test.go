package acquire

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLocalRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "huge.md")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse 60 MiB file: rejected from its size before any byte is read.
	if err := f.Truncate(60 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	empty := t.TempDir()
	write(t, empty, "picture.png", []byte("\x89PNG"))
	cases := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "nope.md"), "no such file or folder"},
		{"no documents", empty, "folder contains no supported documents"},
		{"corrupt docx", write(t, dir, "a.docx", []byte("x")), "not a zip archive"},
		{"invalid utf8", write(t, dir, "bad.md", []byte("ok\nthen \xff\xfe here")), "not valid UTF-8 (invalid byte 0xFF at offset 8, line 2)"},
		{"empty", write(t, dir, "zero.md", nil), "file is empty"},
		{"blank", write(t, dir, "blank.md", []byte(" \n\t\n")), "only white space"},
		{"too big", big, "file is 60.0 MiB, over the 50.0 MiB per-file limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Local(context.Background(), c.path, Options{})
			var ie *core.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want *core.InputError", err)
			}
			if ie.Input != c.path {
				t.Errorf("input = %q, want %q", ie.Input, c.path)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.path+": ") {
				t.Errorf("err = %q, want it to name %q and contain %q", err, c.path, c.want)
			}
		})
	}
}

func TestLocalNormalizesBOMAndLineEndings(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "win.md", []byte("\xEF\xBB\xBF# Title\r\nline\rnext\r\n"))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Text != "# Title\nline\nnext\n" {
		t.Errorf("text = %q", d.Text)
	}
	if d.Format != core.FormatMarkdown || d.Familiarity != core.Home || d.Bytes != 23 || len(d.SHA256) != 64 {
		t.Errorf("document = %+v", d)
	}
}

// A Markdown page's code shortcodes are read as the fenced blocks its
// reader sees; a text file's are left as written.
func TestLocalReadsMarkdownCodeShortcodesAsFences(t *testing.T) {
	dir := t.TempDir()
	src := []byte("On Linux:\n\n{{< codeFromInline lang=\"bash\" >}}\n# For ARM64\nchmod +x ./kind\n{{< /codeFromInline >}}\n")
	for name, want := range map[string]string{
		"guide.md":  "On Linux:\n\n```bash\n# For ARM64\nchmod +x ./kind\n```\n",
		"guide.txt": string(src),
	} {
		res, err := Local(context.Background(), write(t, dir, name, src), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Documents[0].Text; got != want {
			t.Errorf("%s: text = %q, want %q", name, got, want)
		}
	}
}

func TestLocalWalksFolderSortedSkippingHiddenAndDependencies(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.md", []byte("# B"))
	write(t, dir, "a/z.tex", []byte(`\section{Z}`))
	write(t, dir, "a/y.ptx", []byte(`<section><title>Y</title></section>`))
	write(t, dir, "C.TXT", []byte("upper-case extension"))
	write(t, dir, ".git/notes.md", []byte("# hidden"))
	write(t, dir, ".hidden/x.md", []byte("# hidden"))
	write(t, dir, "node_modules/pkg/readme.md", []byte("# dep"))
	write(t, dir, ".dotfile.md", []byte("# dot"))
	write(t, dir, "image.png", []byte("\x89PNG"))
	write(t, dir, "broken.md", []byte("\xff"))
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range res.Documents {
		names = append(names, d.Name)
	}
	if got, want := strings.Join(names, ","), "C.TXT,a/y.ptx,a/z.tex,b.md"; got != want {
		t.Errorf("documents = %s, want %s", got, want)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Path != "broken.md" || !strings.Contains(res.Skipped[0].Reason, "UTF-8") {
		t.Errorf("skipped = %+v", res.Skipped)
	}
	if strings.Join(res.Ignored, ",") != "image.png" {
		t.Errorf("ignored = %q, want image.png", res.Ignored)
	}
}

func TestLocalFolderOfOnlyBadDocuments(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "x.md", nil)
	_, err := Local(context.Background(), dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "no readable documents (1 skipped: x.md: file is empty)") {
		t.Fatalf("err = %v", err)
	}
}

func TestLocalHonoursCancellation(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", []byte("# A"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Local(ctx, dir, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func FuzzNormalize(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFa\r\nb"))
	f.Add([]byte("\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Normalize(b)
		if err == nil && strings.ContainsRune(s, '\r') {
			t.Fatalf("CR left in %q", s)
		}
	})
}

func TestScope(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"README.md", "docs/a.md", "docs/sub/b.md", "src/c.md", "docsx/d.md"} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("# "+p+"\n\ntext\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Local(context.Background(), dir, Options{Scope: []string{"docs/", "README.md"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Documents {
		got = append(got, d.Name)
	}
	if want := []string{"README.md", "docs/a.md", "docs/sub/b.md"}; !slices.Equal(got, want) || res.OutOfScope != 2 {
		t.Fatalf("in scope = %v (out %d), want %v", got, res.OutOfScope, want)
	}
	_, err = Local(context.Background(), dir, Options{Scope: []string{"nothing/"}})
	if err == nil || !strings.Contains(err.Error(), "--scope") {
		t.Fatalf("empty scope selection: %v", err)
	}
}
