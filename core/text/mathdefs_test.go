package text

import "testing"

// A definition met inside math is executed, as TeX does: it prints
// nothing, and what it defines reads as its expansion where it is used,
// within its group.
func TestReadableMathExecutesDefinitions(t *testing.T) {
	for in, want := range map[string]string{
		`$$ \renewcommand{\arraystretch}{1.5} \left[ \begin{array}{c|c} a & b \end{array} \right] \renewcommand{\arraystretch}{1} $$`: `[ a b ]`,
		`$\def\R{\mathbb{R}} x \in \R$`:                                             `x ∈ ℝ`,
		`$\newcommand{\pair}[2]{(#1, #2)} \pair{a}{b} = \pair xy$`:                  `(a, b) = (x, y)`,
		`$\newcommand\inner[2][V]{\langle #2 \rangle_{#1}} \inner{u} \inner[W]{v}$`: `⟨u⟩_V ⟨v⟩_W`,
		`$\def\cut#1|#2.{#2-#1} \cut a|b.$`:                                         `b-a`,
		`${\def\A{x}\A} + \A$`:                                                      `x + A`,
		`${\gdef\A{x}\A} + \A$`:                                                     `x + x`,
		`$\DeclareMathOperator{\Hom}{Hom} \Hom(A,B)$`:                               `Hom(A,B)`,
		`$\let\phi\varphi \phi$`:                                                    `φ`,
		`$\renewcommand{\vec}[1]{\overline{#1}} \vec{v}$`:                           `v̅`,
		`$\def\n{n}\n x$ and $\def\a{\alpha}\a x$`:                                  `nx and α x`,
		`$\def\a{\a}\a$`:                                                            `a`,
		`$\newcommand{\broken$`:                                                     `newcommand(broken)`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

// The readable form's guard reads a statement's definitions as the reader
// does: a definition is no token, a use of what it defines is its
// expansion's tokens.
func TestReadableDropsExecutesDefinitions(t *testing.T) {
	for _, in := range []string{
		`Then $$ \renewcommand{\arraystretch}{1.5} \begin{bmatrix} 1 \\ \omega \end{bmatrix} \renewcommand{\arraystretch}{1} $$`,
		`$\def\R{\mathbb{R}} x \in \R$ and $\newcommand{\pair}[2]{(#1, #2)} \pair{a}{b}$`,
	} {
		if d := ReadableDrops(in); d != nil {
			t.Errorf("ReadableDrops(%q) = %v; reads %q", in, d, ReadableMath(in))
		}
	}
}

// The guard reads a statement's prose as the characters it shows, a
// backslash there among them, and its math by its delimiters, not by the
// reader's repairs: math the reader left as prose is asked for still.
func TestReadableDropsProseAndMath(t *testing.T) {
	for _, in := range []string{
		`The set $\Delta_X$ (LaTeX code: \Delta_X) and $\lVert x \rVert$ (LaTeX code: \lVert x \rVert)`,
		`encoding type, either hash\to\curve or encode\to\curve`,
		`$\begin{cases} [L:K] \amp i=0 \\ 1 \amp i = -1 \end{cases}$ and $g\hskip.75pt'(x) + F\mkern-2mu'$`,
	} {
		if d := ReadableDrops(in); d != nil {
			t.Errorf("ReadableDrops(%q) = %v; reads %q", in, d, ReadableMath(in))
		}
	}
	in := `We can bound: $$ a \leq b$ for any $n \in \mathbb{N}$, $2 \leq r $$ And further`
	if d := ReadableDrops(in); d == nil {
		t.Errorf("ReadableDrops(%q) = nil; reads %q", in, ReadableMath(in))
	}
}

// A pseudo-code package's upright name (\id{x}) followed by a second
// argument is an author's macro of two (\id{x}{y} for x = y), read as an
// unknown command: its arguments never run together. A units command
// with no argument (\unit, the unit type) is the author's, read by name.
// A root of a quotient keeps the quotient under it: √(X²/N).
func TestReadableMathPseudoNameOfTwoArguments(t *testing.T) {
	for in, want := range map[string]string{
		`$\apfunc{f}:(\id{x}{y})\to(\id{f(x)}{f(y)})$`:       `apfunc(f):(id(x, y))→(id(f(x), f(y)))`,
		`$\id{x}$ and $\proc{Insert}(A, x)$`:                 `x and Insert(A, x)`,
		`$x \to \unit$ and $\unit{m/s}$`:                     `x → unit and m/s`,
		`$\phi = \sqrt{\frac{X^2}{N}}$ and $\sqrt{(a+b)/2}$`: `φ = √(X²/N) and √((a+b)/2)`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}

// A denominator or a radicand that is a product keeps its parentheses
// on a line: 1/((1-y)(1-x)), √(y(1-y)²); one factor needs none.
func TestReadableMathProductUnderBarOrRoot(t *testing.T) {
	for in, want := range map[string]string{
		`$\frac{1}{(1 - y)(1-x)}$`:                    `1/((1 - y)(1-x))`,
		`$\sqrt{y(1-y)^2}$ and $\sqrt{xyz}$`:          `√(y(1-y)²) and √(xyz)`,
		`$\frac{1}{n^2}$, $\sqrt{2}$, $\frac{a}{12}$`: `1/n², √2, a/12`,
		`$\frac{dy}{dx}$ and $\frac{1}{2\pi}$`:        `dy/dx and 1/(2π)`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q) = %q, want %q", in, got, want)
		}
	}
}
