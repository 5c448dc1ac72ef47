package dedup

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// The comparator reads statements in canonical math form: a slide's \le
// and \N against the book's \leq and {\mathbb{N}} is a duplicate (the
// same statement in other notation, its statement score measured as
// written), a changed relation is not.
func TestCompareReadsCanonicalMath(t *testing.T) {
	book := core.Primitive{ID: "b", Name: "Bounded sequence", Type: core.Definition,
		FormalStatement:   `A sequence $\{x_n\}$ is bounded if there is $B \in {\mathbb{R}}$ such that $\left\lvert x_n \right\rvert \leq B$ for all $n \in {\mathbb{N}}$.`,
		ComputationalForm: "", Keywords: []string{"sequenc", "bound"}}
	slide := book
	slide.ID = "s"
	slide.FormalStatement = `A sequence $\{ x_n \}$ is bounded if there is $B \in \R$ such that $|x_n| \le B$ for all $n \in \N$.`
	if c := Compare(&slide, &book); c.Class != core.ExactDuplicate || c.FormalSimilarity >= 1 || !strings.Contains(c.Rationale, "other notation") {
		t.Errorf("spelling: %s (fs %.2f, %q), want a duplicate in other notation", c.Class, c.FormalSimilarity, c.Rationale)
	}
	other := slide
	other.FormalStatement = `A sequence $\{ x_n \}$ is bounded if there is $B \in \R$ such that $|x_n| \ge B$ for all $n \in \N$.`
	if c := Compare(&other, &book); c.FormalSimilarity == 1 {
		t.Errorf("a changed relation reads as the same statement: %+v", c)
	}
}
