package sanitize

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// scan runs ScanText on a Markdown document named "doc.md".
func scan(txt string, tier core.Familiarity) []core.Finding {
	return ScanText("doc.md", txt, core.FormatMarkdown, tier)
}

// worst is the most severe severity among fs, "" when fs is empty.
func worst(fs []core.Finding) core.Severity {
	best := core.Severity("")
	for _, f := range fs {
		if best == "" || sevIndex(f.Severity) < sevIndex(best) {
			best = f.Severity
		}
	}
	return best
}

// only keeps the findings of category c.
func only(fs []core.Finding, c core.Category) []core.Finding {
	var out []core.Finding
	for _, f := range fs {
		if f.Category == c {
			out = append(out, f)
		}
	}
	return out
}

// find returns the first finding of category c whose description contains
// sub, or nil.
func find(fs []core.Finding, c core.Category, sub string) *core.Finding {
	for i := range fs {
		if fs[i].Category == c && strings.Contains(fs[i].Description, sub) {
			return &fs[i]
		}
	}
	return nil
}

func dump(fs []core.Finding) string {
	var sb strings.Builder
	for _, f := range fs {
		sb.WriteString("\n\t" + string(f.Severity) + " " + string(f.Category) + " " + f.Location + " " + f.Description + " | " + f.Evidence)
	}
	if len(fs) == 0 {
		return " (none)"
	}
	return sb.String()
}

// expect checks that txt, scanned at tier, raises a finding of category c
// with severity sev and no more severe finding of that category.
func expect(t *testing.T, txt string, tier core.Familiarity, c core.Category, sev core.Severity) {
	t.Helper()
	fs := scan(txt, tier)
	if got := worst(only(fs, c)); got != sev {
		t.Errorf("%q (%s): worst %s finding is %q, want %q;%s", txt, tier, c, got, sev, dump(fs))
	}
}
