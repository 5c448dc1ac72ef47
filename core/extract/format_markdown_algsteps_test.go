package extract

import (
	"strings"
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

// A specification's "run these steps:" over one step whose sub-steps do
// the work is an algorithm, its steps in order.
func TestRunTheseStepsOverOneStep(t *testing.T) {
	doc := "# Codecs\n\n## Control messages\n\nTo process the control message queue, run these steps:\n\n" +
		"1. While the queue is not blocked and not empty:\n\n    1. Let front be the first message of the queue.\n\n" +
		"    1. If the outcome of running front is not processed, break.\n\n    1. Otherwise, dequeue front.\n"
	ps := extractDoc(t, "spec.md", core.FormatMarkdown, doc)
	var alg *core.Primitive
	for i := range ps {
		if ps[i].Type == core.Algorithm {
			alg = &ps[i]
		}
	}
	if alg == nil {
		t.Fatalf("no algorithm: %v", nameList(ps))
	}
	f := alg.ComputationalForm
	if i, j := strings.Index(f, "Let front"), strings.Index(f, "dequeue front"); i < 0 || j < i {
		t.Errorf("form %q", f)
	}
}
