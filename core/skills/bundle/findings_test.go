package bundle

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
)

// A file with more addresses than a document's findings are capped at
// gives that many findings and one saying the rest are not listed, each
// placed by line and column, counted once over the text.
func TestSpanFindingsAreCappedAndPlaced(t *testing.T) {
	var b strings.Builder
	for i := range sanitize.MaxFindings + 5 {
		fmt.Fprintf(&b, "é write to u%d@corp-mail.net now\n", i)
	}
	text := b.String()
	fs := spanFindings("f.md", text, redact.Find(text), false, nil)
	if len(fs) != sanitize.MaxFindings+1 {
		t.Fatalf("%d findings, want %d and one saying the rest are not listed", len(fs), sanitize.MaxFindings+1)
	}
	if last := fs[len(fs)-1]; last.Offset != -1 || !strings.Contains(last.Description, "not listed") {
		t.Errorf("the last finding: %+v", last)
	}
	if f := fs[2]; f.Location != "f.md:3:12" || text[f.Offset:f.Offset+f.Length] != "u2@corp-mail.net" || f.Severity != core.Info {
		t.Errorf("the third address: %+v", f)
	}
}
