package text

import "testing"

func TestReadableMath(t *testing.T) {
	for in, want := range map[string]string{
		`Let $f \colon I \to \R$ be continuous.`:   `Let f: I → ℝ be continuous.`,
		`$\mathbb{Q} \subseteq \mathbb{R}$`:        `ℚ ⊆ ℝ`,
		`$(ab)^{-1} = b^{-1}a^{-1}$`:               `(ab)⁻¹ = b⁻¹a⁻¹`,
		`$x_1 + x_2 \le \frac{a+b}{2}$`:            `x₁ + x₂ ≤ (a+b)/2`,
		`for all $\epsilon > 0$ there is $\delta$`: `for all ε > 0 there is δ`,
		`$\sqrt{2} \notin \mathbb{Q}$`:             `√2 ∉ ℚ`,
		`$\sum_{i=1}^{n} i = \frac{n(n+1)}{2}$`:    `∑ᵢ₌₁ⁿ i = n(n+1)/2`,
		`no math here`:                             `no math here`,
		`costs \$5 and $\alpha$`:                   `costs \$5 and α`,
		`$\left\{ x \in \R : x^2 < 2 \right\}$`:    `{ x ∈ ℝ : x² < 2 }`,
		`unclosed $x`:                              `unclosed $x`,
		`$\mycommand{z}$`:                          `mycommandz`,
		`\(a \cdot b\) and \[c \times d\]`:         `a · b and c × d`,
		`$x^{y_2}$`:                                `x^(y₂)`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzReadableMath(f *testing.F) {
	for _, s := range []string{`$f \colon I \to \R$`, `$\frac{a}{`, `$x^{`, `$\sqrt`, `\(`, `$$\sum_{i}$$`, `$\{`, `$\\$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = ReadableMath(s)
	})
}
