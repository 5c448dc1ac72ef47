package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

// Hostile inputs must stay linear: each is 1 MiB of a pathological
// pattern, extracted with every strategy on. Timings are logged, not
// asserted (budgets live in the benchmarks); the bound only catches the
// minutes a quadratic scan would take.
func TestAdversarialInputsStayFast(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	const n = 1 << 20
	cases := map[string]struct {
		unit string
		f    core.Format
	}{
		"markers on one line":   {"Definition: a *b ", core.FormatMarkdown},
		"emphasis":              {"**x *y _z ", core.FormatMarkdown},
		"unclosed theorems":     {`\begin{thm}[x `, core.FormatLaTeX},
		"unclosed braces":       {`\begin{onebox}{\label{`, core.FormatLaTeX},
		"unclosed elements":     {"<theorem><statement><m>", core.FormatPreTeXt},
		"keywords no periods":   {"the client MUST send ", core.FormatText},
		"page furniture":        {"\n\n[Page 1]\n\fRFC 1 x December 2011\n\nMUST x", core.FormatText},
		"code spans":            {"`f(x)` `g.h(` ", core.FormatMarkdown},
		"fences":                {"```\nfunc A(\n", core.FormatMarkdown},
		"dollars":               {"$a $$ b", core.FormatLaTeX},
		"steps":                 {"Step 1: Step 2. ", core.FormatMarkdown},
		"brackets after marker": {"Theorem ([[[[ ", core.FormatMarkdown},
	}
	// A quadratic scan of 1 MiB takes hours; the race detector's own
	// slowdown (up to ten times, more on a shared machine) is not one.
	bound := time.Minute
	if raceDetector {
		bound = 5 * time.Minute
	}
	for name, c := range cases {
		txt := strings.Repeat(c.unit, n/len(c.unit))
		start := time.Now()
		Extract(oneSection(txt, c.f, core.Unknown), Options{})
		if d := time.Since(start); d > bound {
			t.Errorf("%s: %v for 1 MiB", name, d)
		} else {
			t.Logf("%-22s %v", name, d)
		}
	}
}
