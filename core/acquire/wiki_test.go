package acquire

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestMediaWikiReadAsMarkdown: a BIP, kept as .mediawiki, is a document
// whose text is Markdown, titled by its preamble.
func TestMediaWikiReadAsMarkdown(t *testing.T) {
	dir := t.TempDir()
	src := "<pre>\n  BIP: 9\n  Title: Version bits\n</pre>\n\n== Specification ==\n\n* '''Bit''': the bit.\n"
	for _, name := range []string{"bip-0009.mediawiki", "page.wiki"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Documents) != 2 {
		t.Fatalf("documents = %d, want 2", len(res.Documents))
	}
	for _, d := range res.Documents {
		if d.Format != core.FormatMarkdown || d.MediaType != "text/x-wiki" {
			t.Errorf("%s: format %q, media %q", d.Name, d.Format, d.MediaType)
		}
		if !strings.HasPrefix(d.Text, "---\ntitle: Version bits\n---\n") || !strings.Contains(d.Text, "## Specification\n\n- **Bit**: the bit.") {
			t.Errorf("%s: text %q", d.Name, d.Text)
		}
	}
}
