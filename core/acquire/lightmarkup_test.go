package acquire

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestLightMarkupReadAsMarkdown: reStructuredText and AsciiDoc sources
// are documents whose text is Markdown, titled by their first title, and
// a file naming one is not refused.
func TestLightMarkupReadAsMarkdown(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"spec.rst":     "Encoding\n========\n\nThe byte is split as follows::\n\n  +-+-+-+-+\n  |op |cls|\n  +-+-+-+-+\n\n.. include:: more.rst\n",
		"ch1.adoc":     "== Encoding\n\nThe steps:\n\n. Take +x+.\n. Return it.\n",
		"ch2.asciidoc": "= Encoding\n\n[source,go]\n----\nx := 1\n----\n",
		"notes.rest":   "Encoding\n--------\n\n* one\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := Check(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s refused: %v", name, err)
		}
	}
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Documents) != len(files) {
		t.Fatalf("documents = %d, want %d", len(res.Documents), len(files))
	}
	want := map[string]string{
		"spec.rst":     "# Encoding\n\nThe byte is split as follows:\n\n```\n+-+-+-+-+\n|op |cls|\n+-+-+-+-+\n```",
		"ch1.adoc":     "## Encoding\n\nThe steps:\n\n1. Take `x`.\n2. Return it.",
		"ch2.asciidoc": "# Encoding\n\n```go\nx := 1\n```",
		"notes.rest":   "# Encoding\n\n- one",
	}
	for _, d := range res.Documents {
		name := filepath.Base(d.Name)
		if d.Format != core.FormatMarkdown {
			t.Errorf("%s: format %q", name, d.Format)
		}
		if !strings.HasPrefix(d.Text, "---\ntitle: Encoding\n---\n") {
			t.Errorf("%s: no title in %q", name, d.Text)
		}
		if !strings.Contains(d.Text, want[name]) {
			t.Errorf("%s: text %q, want %q", name, d.Text, want[name])
		}
	}
}
