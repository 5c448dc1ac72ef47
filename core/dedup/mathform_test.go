package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// Spellings of one statement read the same in canonical math form; a
// changed symbol, letter or set does not.
func TestCanonicalMath(t *testing.T) {
	same := [][2]string{
		{`For all $n \in \N$, $x_n \le y_n$.`, `For all $n \in {\mathbb{N}}$, $x_n \leq y_n$.`},
		{`If $x \neq y$ then $f(x) \not= f(y)$.`, `If $x \ne y$ then $f(x)\neq f(y)$.`},
		{`$\left( a+b \right)^2 \ge 0$`, `$(a+b)^{2}\geq 0$`},
		{`$|x+y| \le |x| + |y|$`, `$\lvert x+y\rvert \leq \lvert x\rvert + \lvert y \rvert$`},
		{`$f \colon A \rightarrow B$`, `$f: A\to B$`},
		{`$x \in \Bbb R$, \[ \sum_{k=1}^{n} k \]`, `$x\in \mathbb R$, $$\sum_{k=1}^n k$$`},
		{`$\left\{ x \,:\, x > 0 \right\}$`, `$\{x : x>0\}$`},
		{`|x+y| ≤ |x| + |y| for x ∈ ℝ`, `$|x+y| \le |x| + |y|$ for $x \in \R$`},
		{`$a_1, \ldots, a_n$`, `$a_1, \dots, a_n$`},
		{`$x \not\in A$`, `$x \notin A$`},
		{`$\dfrac{\partial f}{\partial y}$`, `$\displaystyle\frac{\partial f}{\partial y}$`},
	}
	for _, p := range same {
		if a, b := CanonicalMath(p[0]), CanonicalMath(p[1]); a != b {
			t.Errorf("%q and %q: canonical forms %q and %q differ", p[0], p[1], a, b)
		}
	}
	differ := [][2]string{
		{`$x \le y$`, `$x \ge y$`},
		{`$n \in \N$`, `$n \in \Z$`},
		{`exactly $n-1$ edges`, `exactly $n+1$ edges`},
		{`$\alpha x$`, `$\alphax$`},
		{`$\{a, b\}$`, `$ab$`},
	}
	for _, p := range differ {
		if a, b := CanonicalMath(p[0]), CanonicalMath(p[1]); a == b {
			t.Errorf("%q and %q: one canonical form %q", p[0], p[1], a)
		}
	}
}

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
