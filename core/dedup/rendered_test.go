package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// A book's statement in its LaTeX source and as its EPUB renders it
// (MathML read as Unicode: χ, ≤, ¬, set braces gone, scripts flattened)
// is one statement in two notations: a duplicate, and no change of
// meaning — learned into one store, the two editions raised a conflict
// for each such pair. Two statements both in LaTeX that differ in their
// scripts still differ in meaning.
func TestCompareReadsRenderedMathAsItsSource(t *testing.T) {
	for _, c := range []struct{ source, rendered string }{
		{`Any graph $G$ satisfies $\chi(G) \le \Delta(G)$, unless $G$ is a complete graph or an odd cycle, in which case $\chi(G) = \Delta(G) + 1$.`,
			`Any graph G satisfies χ(G)≤Δ(G), unless G is a complete graph or an odd cycle, in which case χ(G)=Δ(G)+1.`},
		{`The contrapositive of an implication $P \rightarrow Q$ is the statement $\neg Q \rightarrow \neg P$.`,
			`The contrapositive of an implication P→Q is the statement ¬Q→¬P.`},
		{`The inverse image of a subset $B$ of the codomain is the set $f^{-1}(B) = \{x \in X : f(x) \in B\}$.`,
			`The inverse image of a subset B of the codomain is the set f^−1(B)=x∈X:f(x)∈B.`},
		{`First, "$\mathbb N$" is the symbol usually used to denote the natural numbers, the set $\{0, 1, 2, 3, \ldots\}$.`,
			`First, “ℕ” is the symbol usually used to denote the natural numbers, the set 0,1,2,3,….`},
		{`The least number of colors required to properly color the edges of a graph $G$ is its chromatic index $\chi'(G)$.`,
			`The least number of colors required to properly color the edges of a graph G is its chromatic index χ^′(G).`},
	} {
		src := core.Primitive{ID: "ptx", Name: "X", Type: core.Definition, FormalStatement: c.source}
		epub := core.Primitive{ID: "epub", Name: "X", Type: core.Definition, FormalStatement: c.rendered}
		if got := Compare(&epub, &src); got.Class != core.ExactDuplicate {
			t.Errorf("%q\nagainst its source: %s (fs %.2f), want a duplicate", c.rendered, got.Class, got.FormalSimilarity)
		}
		if ch := text.MeaningChanges(c.rendered, c.source); len(ch) > 0 {
			t.Errorf("%q\nchanges the meaning of its source: %v", c.rendered, ch)
		}
	}
	a, b := `The preimage of $B$ is $f^{-1}(B)$.`, `The preimage of $B$ is $f_{-1}(B)$.`
	if text.OtherNotation(a, b) {
		t.Errorf("two LaTeX statements whose scripts differ read as one: %q, %q", a, b)
	}
}
