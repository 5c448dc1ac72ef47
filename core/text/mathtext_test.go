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
		// A fraction next to a factor keeps its stack's meaning on a
		// line: 1/6k would read 1/(6k).
		`$\frac{1}{6}k(k+1)(2k+1)$`:                  `(1/6)k(k+1)(2k+1)`,
		`$\frac{1}{2}\pi r^2 = \frac{a}{b} \cdot c$`: `(1/2)π r² = a/b · c`,
		// PreTeXt writes < and > as \lt and \gt.
		`$0 \lt \frac{1}{N} \lt \epsilon$`: `0 < 1/N < ε`,
		// A derivative's operator applies to what follows it.
		`$\frac{d}{dx}(fg) + \frac{\partial^2}{\partial x^2} u$`: `d/dx(fg) + ∂²/(∂ x²) u`,
		`no math here`: `no math here`,
		// An escaped dollar is a currency sign.
		`costs \$5 and $\alpha$`:                `costs $5 and α`,
		`$\left\{ x \in \R : x^2 < 2 \right\}$`: `{ x ∈ ℝ : x² < 2 }`,
		// Math a cut statement leaves open runs to its end; a lone dollar
		// before plain text is a currency sign or a shell's variable.
		`unclosed $x^2 + \alpha`:         `unclosed x² + α`,
		`unclosed $x`:                    `unclosed $x`,
		`echo $HOME`:                     `echo $HOME`,
		`a point. $$ We say $X$ is pure`: `a point. We say X is pure`,
		// A command nothing defines shows its name and its arguments:
		// dropping either would say less than the source.
		`$\mycommand{z}$`:                  `mycommand(z)`,
		`\(a \cdot b\) and \[c \times d\]`: `a · b and c × d`,
		`$x^{y_2}$`:                        `x^(y₂)`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

// Issue 80: a macro whose meaning the statement does not carry keeps its
// name and every argument; known notation reads as before.
func TestReadableMathKeepsUnknownMacros(t *testing.T) {
	for in, want := range map[string]string{
		`$\adjoint{\adjoint{A}} = A$`:                     `adjoint(adjoint(A)) = A`,
		`$\adjoint{\left(\adjoint{A}\right)}=A$`:          `adjoint(adjoint(A))=A`,
		`$\modulus{x+y} \le \modulus{x}+\modulus{y}$`:     `modulus(x+y) ≤ modulus(x)+modulus(y)`,
		`$\matrixentry{A}{ij}=0$`:                         `matrixentry(A, ij)=0`,
		`$\transfib[q]{B}{p}$`:                            `transfib[q](B, p)`,
		`$\abs{-x} = \abs{x}$ for all $x \in \mathbb{R}$`: `|-x| = |x| for all x ∈ ℝ`,
		// clrscode's names of procedures and variables are notation.
		`$\proc{Insertion-Sort}(A)$ with $\id{key} \gets \const{nil}$`: `Insertion-Sort(A) with key ← nil`,
		// Arguments that show nothing add no empty brackets.
		`$\alpha\in\complex{\null}$`: `α∈complex`,
		// amsmath's \sideset puts scripts beside an operator.
		`$\sideset{}{'_p}\prod \mathbb{Q}_p$`: `∏'ₚ ℚₚ`,
		// Plain TeX's \sp and \sb are scripts; \null is an empty box.
		`$\mathbb{C}\sp{m}$, $x\sb{i}$ and $\mathbb{C}\sp{\null}$`: `ℂ^m, xᵢ and ℂ`,
		// No braced group right after the name: TeX would take the next
		// token, but nothing says the macro takes one.
		`$\zeromatrix + A$`: `zeromatrix + A`,
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

// A piece of a statement's rendering a person kept maps back to the
// statement's own LaTeX; a piece cutting a math span, or text not in the
// rendering, does not.
func TestMathMapGivesBackTheSource(t *testing.T) {
	stmt := `A map $f \colon G \to H$ with $f(xy) = f(x)f(y)$; its kernel is $\ker f = \{g : f(g) = e\}$.`
	m := NewMathMap(stmt)
	if m.Shown != ReadableMath(stmt) {
		t.Fatalf("Shown %q, ReadableMath %q", m.Shown, ReadableMath(stmt))
	}
	for _, c := range []struct {
		part, want string
		ok         bool
	}{
		{m.Shown, stmt, true},
		{"A map f: G → H with f(xy) = f(x)f(y)", `A map $f \colon G \to H$ with $f(xy) = f(x)f(y)$`, true},
		{"its kernel is ker f = {g : f(g) = e}.", `its kernel is $\ker f = \{g : f(g) = e\}$.`, true},
		{"f(xy) = f(x)f(y)", `$f(xy) = f(x)f(y)$`, true},
		{"with", "with", true},
		// Half of a span: the person changed it.
		{"G → H with", "", false},
		{"written anew", "", false},
		{"", "", false},
	} {
		got, ok := m.Source(c.part)
		if got != c.want || ok != c.ok {
			t.Errorf("Source(%q) = %q, %v; want %q, %v", c.part, got, ok, c.want, c.ok)
		}
	}
	for _, s := range []string{"", "no math", `$x$`, `a $$x^2$$ b \(y\) c \[z\] d`, `unclosed $x`, `\$5 and $x$`, `empty ${}$ span`} {
		if got := NewMathMap(s).Shown; got != ReadableMath(s) {
			t.Errorf("NewMathMap(%q).Shown = %q, ReadableMath %q", s, got, ReadableMath(s))
		}
		if src, ok := NewMathMap(s).Source(ReadableMath(s)); s != "" && (!ok || src != s) {
			t.Errorf("the whole rendering of %q maps back to %q, %v", s, src, ok)
		}
	}
}

// An edited rendering gets the statement's LaTeX back for each math span
// left whole and unchanged, and nowhere else.
func TestMathMapRestoreKeepsUnchangedMath(t *testing.T) {
	stmt := `Let $x \in \R$ and $y = x^2$; then $y \geq 0$${}$.`
	m := NewMathMap(stmt)
	for _, c := range []struct{ edited, want string }{
		{m.Shown, stmt},
		{"", ""},
		{"written anew", "written anew"},
		{"Let x ∈ ℝ and y = x²; so y ≥ 0.", `Let $x \in \R$ and $y = x^2$; so $y \geq 0$${}$.`},
		{"Let x ∈ ℂ and y = x²; then y ≥ 0.", `Let x ∈ ℂ and $y = x^2$; then $y \geq 0$${}$.`},
		// Reordered, only the spans kept in order are recognised.
		{"y = x² for x ∈ ℝ", `$y = x^2$ for x ∈ ℝ`},
		{"Let x ∈ ℝ and y = x³; then y ≥ 0!", `Let $x \in \R$ and y = x³; then $y \geq 0$!`},
	} {
		if got := m.Restore(c.edited); got != c.want {
			t.Errorf("Restore(%q) = %q, want %q", c.edited, got, c.want)
		}
	}
	if got := NewMathMap("no math").Restore("edited"); got != "edited" {
		t.Errorf("a statement without math restores %q", got)
	}
}
