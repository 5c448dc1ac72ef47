package text

import (
	"regexp"
	"strings"
	"testing"
)

// Common packages' notation reads as a reader of the printed page sees
// it when no definition of the document's own is known.
func TestReadableMathPackages(t *testing.T) {
	for in, want := range map[string]string{
		// amsmath, amssymb, mathtools.
		`$\sup A \coloneqq -\infty$`:                                 `sup A ≔ -∞`,
		`$x_1, \dots, x_n \in \mathbb{R}^n$`:                         `x₁, …, xₙ ∈ ℝⁿ`,
		`$\operatorname{rank}(A) \le n$`:                             `rank(A) ≤ n`,
		`$\operatorname*{arg\,max}_x f$`:                             `arg maxₓ f`,
		`$\lvert x+y \rvert \le \lvert x \rvert + \lvert y \rvert$`:  `|x+y| ≤ |x| + |y|`,
		`$\left\lvert z \right\rvert \qquad \text{for all $z$}$`:     `|z| for all z`,
		`$\left. f \right|_{a}$`:                                     `f |ₐ`,
		`$a \, b \; c \quad d \! e$`:                                 `a b c d e`,
		`$\mathscr{F} \subset \mathcal{P}(X)$`:                       `ℱ ⊂ 𝒫(X)`,
		`$\widehat{f}$ and $\overline{z}$`:                           "f\u0302 and z\u0305",
		`$\mathfrak{g}$`:                                             `𝔤`,
		`$\Delta_\rho(a) \overset{\text{def}}{=} \bigl\{ z \bigr\}$`: `Δ_ρ(a) ≝ { z }`,
		`$\sqrt[3]{x}$`:                                              `∛x`,
		`$\binom{n}{k}$`:                                             `C(n, k)`,
		`$a \not= b$, $x \not\in A$`:                                 `a ≠ b, x ∉ A`,
		`$\begin{pmatrix} a & b \\ c & d \end{pmatrix}$`:             `(a b; c d)`,
		// A bracket opening a case is its first row, not an option;
		// PreTeXt writes the alignment tab \amp.
		`$\begin{cases} [L:K] \amp i=0 \\ 1 \amp i = -1 \end{cases}$`: `{[L:K] i=0; 1 i = -1`,
		`$\begin{bmatrix*}[r] a & -b \end{bmatrix*}$`:                 `[a -b]`,
		// A kern's dimension is spacing, not text.
		`$a \mathbin{+\mkern-10mu+} b$ and $x\kern.5em y$`: `a ++ b and x y`,
		// nicematrix.
		`$\begin{bNiceMatrix}[first-row] p & q \\ 1 & \Ddots \end{bNiceMatrix}$`: `[p q; 1 ⋱]`,
		`$\begin{pNiceArray}{cc} a & \Cdots \end{pNiceArray}$`:                   `(a ⋯)`,
		`$\lim_{n\to\infty} a_n$`:                                                `lim_(n→∞) aₙ`,
		`$\sin\theta$`:                                                           `sin θ`,
		// nicefrac, xfrac.
		`$0 < \nicefrac{1}{y} < \nicefrac{1}{x}$`: `0 < 1/y < 1/x`,
		`$\sfrac{a+b}{2}$`:                        `(a+b)/2`,
		// physics.
		`$\abs{x+y} \le \abs{x} + \abs*{y}$`: `|x+y| ≤ |x| + |y|`,
		`$\norm{v}$`:                         `‖v‖`,
		`$\dv{f}{x}$ and $\pdv[2]{u}{t}$`:    `df/dx and ∂²u/∂t²`,
		`$\qty(\frac{1}{2})$`:                `(1/2)`,
		// braket.
		`$\bra{\psi}$, $\ket{\phi}$, $\braket{\psi}{\phi}$`: `⟨ψ|, |φ⟩, ⟨ψ|φ⟩`,
		// siunitx and units.
		`$\SI{3}{\metre\per\second}$`:       `3 m/s`,
		`\num{1e3}`:                         `\num{1e3}`,
		`$\num{1e3}$ and $\si{\kilo\gram}$`: `1 × 10³ and kg`,
		`$\unit[5]{km}$`:                    `5 km`,
		// Display math, \text holding math, and the lines of a display.
		`We write $$ \sup\, E \coloneqq b_0. $$`:         `We write sup E ≔ b₀.`,
		`$$ a &= b & &\text{for $q:a=x_1$,}\\ c &= d $$`: `a = b for q:a=x₁,; c = d`,
		// A display cut at the start of a statement: the stray opening
		// delimiter shows as nothing; the display left open runs to the end.
		`$$ The limit of $x$ is $\ell$ with $$ \fall{\epsilon} |x_\epsilon - \ell| < \epsilon`: `The limit of x is ℓ with fall(ε) |x_ε - ℓ| < ε`,
		// The end of a display a statement was cut from: an odd number of
		// display delimiters, the first at the start.
		`$$ A semigroup is a type with such a structure: $$ \semigroup \defeq \sm{A:\type} \semigroupstr A $$`: `A semigroup is a type with such a structure: semigroup ≝ sm(A:type) semigroupstr A`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

// What the dev books print reaches the reader with no backslash command
// and no dollar: fixtures in the styles of a type-theory book (macros with
// several arguments left unexpanded), a complex-analysis book (sized
// delimiters, \text with math, \overset) and a differential-equations
// book (boxed displays, arrays, \vec).
func TestReadableMathLeavesNoMarkup(t *testing.T) {
	cmd := regexp.MustCompile(`\\[A-Za-z]+`)
	for _, in := range []string{
		`the path $$\apfunc k (\pairpath(s,r)):k(x_1,y_1) = k(x_2,y_2)$$ is equal to $$ k(x_1,y_1) &\jdeq d(x_1)(y_1) \tag{by $\happly(\apdfunc{d}(s))$}\\ &= d(x_2)(y_2) $$`,
		`$\cM(B_1,\dots,\textstyle\bigtensor_i A_i;D) \xto{\smash{\raisebox{-.5mm}{$\scriptstyle\sim$}}} \cM(A_1;D)$`,
		`$$ \Delta_\rho(a) \overset{\text{def}}{=} \bigl\{ z \in {\mathbb{C}}^n: \lvert {z_k - a_k} \rvert < \rho_k ~\text{for $k=1,2,\ldots,n$} \bigr\}.`,
		`$$ \mybxbg{~~ \begin{aligned} y(x,t) & = \sum_{n=1}^\infty \left[ b_n \frac{L}{n \pi a} \right] \end{aligned} ~~} $$`,
		`$$ \begin{array}{ll} y_{tt} = a^2 y_{xx} & \qquad \text{for } \; 0 < x < L, \\ y(0,t) = 0 \end{array} $$ and ${\vec{x}}' = P\vec{x}$`,
		`$f \colon \widebar{U} \to {\mathbb{C}}$ and \(\mathcal{L} \bigl\{ f(t) \bigr\}\) and \[ \int_0^t f(\tau) \, d\tau \]`,
	} {
		got := ReadableMath(in)
		if strings.Contains(got, "$") || cmd.MatchString(got) {
			t.Errorf("ReadableMath(%q) = %q: markup left", in, got)
		}
	}
}

// A letter command nothing defines reads by the naming convention of a
// font letter before what it styles; any other name is written as it is.
func TestReadableMathFontPrefixedNames(t *testing.T) {
	for in, want := range map[string]string{
		`$\cM_0 \times \cM_0 \to \cM_0$`:              `ℳ₀ × ℳ₀ → ℳ₀`,
		`$f^*\colon \nSub(\Delta) \to \nSub(\Gamma)$`: `f*: Sub(Δ) → Sub(Γ)`,
		`$\bSet$ and $\bbR$ and $\kA$`:                `Set and ℝ and 𝔄`,
		`$\cMon$`:                                     `ℳon`,
		`$\widgets$`:                                  `widgets`,
		`$\xymatrix@C=3pc{A \ar[r]^{f} & B}$`:         `A –f→ B`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

// A display whose closing delimiter a statement lost runs to the inline
// math that follows it, rendered; the prose after it stays prose.
func TestReadableMathDisplayWithoutEnd(t *testing.T) {
	in := `such that $$ W \cap X = \bigcap_{f \in \mathscr{F}} Z_f. Sometimes $X$ is called analytic.`
	want := `such that W ∩ X = ⋂_(f ∈ ℱ) Z_f. Sometimes X is called analytic.`
	if got := ReadableMath(in); got != want {
		t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
	}
}

// Optional arguments are read where a command takes them, and nowhere
// else.
func TestReadableMathOptionalArguments(t *testing.T) {
	for in, want := range map[string]string{
		`$\smash[b]{x} + \mycmd[opt]{y}$`: `x + mycmd[opt](y)`,
		`$\Qp [a,b]$`:                     `Qp [a,b]`,
		`$\alpha* \beta$`:                 `α* β`,
		`$\mathchoice{\prod_{x}}{\prod}{\prod}{\prod} B$`: `∏ₓ B`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}
