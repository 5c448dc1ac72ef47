package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A fenced algorithm div holding a lead-in over a nested numbered list (a
// specification's algorithm, as the Bikeshed reader writes it) has the
// list as its form, every step at its depth, not the template's first
// sentence.
func TestMarkdownAlgorithmDivStepsAreItsForm(t *testing.T) {
	src := `::: {.algorithm name="spin a widget"}

To spin a widget w given a number n, run these steps:

1. Let count be 0.

1. While count is less than n:

    1. Turn w once.

    1. Increase count by 1.

1. Return w.

:::
`
	algs := algorithmPrims(oneSection(src, core.FormatMarkdown, core.Spec))
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	want := "1. Let count be 0.\n" +
		"2. While count is less than n:\n" +
		"   3. Turn w once.\n" +
		"   4. Increase count by 1.\n" +
		"5. Return w."
	if got := algs[0].ComputationalForm; got != want {
		t.Errorf("form =\n%s\nwant\n%s", got, want)
	}
}
