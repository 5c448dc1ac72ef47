package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// The comparator reads statements in canonical math form: a slide's \le
// and \N against the book's \leq and {\mathbb{N}} is an exact duplicate,
// a changed relation is not.
func TestCompareReadsCanonicalMath(t *testing.T) {
	book := core.Primitive{ID: "b", Name: "Bounded sequence", Type: core.Definition,
		FormalStatement:   `A sequence $\{x_n\}$ is bounded if there is $B \in {\mathbb{R}}$ such that $\left\lvert x_n \right\rvert \leq B$ for all $n \in {\mathbb{N}}$.`,
		ComputationalForm: "", Keywords: []string{"sequenc", "bound"}}
	slide := book
	slide.ID = "s"
	slide.FormalStatement = `A sequence $\{ x_n \}$ is bounded if there is $B \in \R$ such that $|x_n| \le B$ for all $n \in \N$.`
	if c := Compare(&slide, &book); c.Class != core.ExactDuplicate || c.FormalSimilarity != 1 {
		t.Errorf("spelling: %s (fs %.2f), want an exact duplicate with fs 1", c.Class, c.FormalSimilarity)
	}
	other := slide
	other.FormalStatement = `A sequence $\{ x_n \}$ is bounded if there is $B \in \R$ such that $|x_n| \ge B$ for all $n \in \N$.`
	if c := Compare(&other, &book); c.FormalSimilarity == 1 {
		t.Errorf("a changed relation reads as the same statement: %+v", c)
	}
}
