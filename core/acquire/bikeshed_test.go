package acquire

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestBikeshedReadAsMarkdown: a specification's Bikeshed source is a
// document whose text is Markdown, titled by its metadata, and .bs is
// among the extensions lore names as read.
func TestBikeshedReadAsMarkdown(t *testing.T) {
	dir := t.TempDir()
	src := "<pre class=metadata>\nTitle: Widgets\nEditor: A. Person\n</pre>\n\n<div algorithm>\nTo <dfn>spin</dfn> |w|, run these steps:\n\n1. Turn |w|.\n1. Return |w|.\n</div>\n"
	path := filepath.Join(dir, "index.bs")
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := Local(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Format != core.FormatMarkdown || d.MediaType != "text/x-bikeshed" {
		t.Errorf("format %q, media %q", d.Format, d.MediaType)
	}
	if !strings.HasPrefix(d.Text, "---\ntitle: Widgets\n---\n") || !strings.Contains(d.Text, "To spin w, run these steps:\n\n1. Turn w.\n\n1. Return w.") || strings.Contains(d.Text, "Editor") {
		t.Errorf("text %q", d.Text)
	}
	found := false
	for _, ext := range DocumentExtensions() {
		found = found || ext == ".bs"
	}
	if !found {
		t.Errorf("DocumentExtensions() = %v, without .bs", DocumentExtensions())
	}
}

// A Bikeshed source kept as index.src.html is read as Bikeshed: its
// metadata is its title, its Markdown and shorthands are read, not shown
// as the text of one <pre>.
func TestBikeshedSourceNamedHTML(t *testing.T) {
	dir := t.TempDir()
	src := "<pre class='metadata'>\nTitle: WebThings\nMarkup Shorthands: markdown yes\n</pre>\n\nTo <dfn>spin</dfn> |w|, run these steps:\n1. Turn |w|.\n1. Return |w|.\n"
	path := filepath.Join(dir, "index.src.html")
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := Local(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if !strings.HasPrefix(d.Text, "---\ntitle: WebThings\n---\n") || !strings.Contains(d.Text, "To spin w, run these steps:") || strings.Contains(d.Text, "Markup Shorthands") {
		t.Errorf("text %q", d.Text)
	}
}
