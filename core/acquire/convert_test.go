package acquire

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestHTMLKeepsItsMarkupForTheSanitizer(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "page.html", []byte("<html><head><script>steal()</script></head><body><article><h1>Groups</h1><p>A group is a set.</p></article></body></html>"))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Format != core.FormatMarkdown || d.MediaType != "text/html" {
		t.Errorf("format %s media %s", d.Format, d.MediaType)
	}
	if !strings.HasPrefix(d.Text, "# Groups") || strings.Contains(d.Text, "steal") {
		t.Errorf("text = %q", d.Text)
	}
	if !strings.Contains(d.Raw, "<script>steal()</script>") {
		t.Errorf("raw markup lost: %q", d.Raw)
	}
}

func TestCorpusDOCXAndEPUBAreRead(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus")
	for name, want := range map[string]string{
		"docx_skillinject_company_goals.docx":                        "## Sustainability Initiatives",
		"epub_goreader_alice.epub":                                   "## CHAPTER I: Down the Rabbit-Hole",
		"textbook_winitzki-linear-algebra-via-exterior-products.pdf": "exterior product",
	} {
		p := filepath.Join(dir, name)
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			if strings.Contains(err.Error(), "no such file") {
				t.Skipf("corpus not available: %v", err)
			}
			t.Fatal(err)
		}
		d := res.Documents[0]
		if !strings.Contains(d.Text, want) || d.Format != core.FormatMarkdown || d.Raw != "" {
			t.Errorf("%s: format %s, text lacks %q", name, d.Format, want)
		}
	}
}
