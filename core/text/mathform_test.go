package text

import (
	"testing"
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

// unicode-math's \BbbZ is ℤ, as \mathbb{Z} is.
func TestUnicodeMathBlackboardCommands(t *testing.T) {
	for in, want := range map[string]string{`$\BbbZ$`: "ℤ", `$\BbbN_0$`: "ℕ₀", `$\Bbbk$`: "𝕜"} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}
