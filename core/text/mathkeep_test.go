package text

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 80: the readable form of a statement keeps every symbol of the
// formal one. Known notation and macros read by name lose nothing; a
// reading that shows fewer of a token than the source is flagged, by the
// token.
func TestReadableDrops(t *testing.T) {
	for _, in := range []string{
		`Triangle Inequality: $\abs{x+y} \le \abs{x}+\abs{y}$`,
		`$\abs{-x} = \abs{x}$ for all $x \in \mathbb{R}$`,
		`Then $\adjoint{\left(\adjoint{A}\right)}=A$.`,
		`$\matrixentry{A+B}{ij}=\matrixentry{A}{ij}+\matrixentry{B}{ij}$`,
		`$x_1 + x_2 \le \frac{a+b}{2}$ and $\sqrt[3]{8} = 2$`,
		`$\left\{ x \in \R : x^2 < 2 \right\}$, $\sqrt{2} \notin \mathbb{Q}$, $a \not= b$`,
		`$\begin{pmatrix} a & b \\[2pt] c & d \end{pmatrix}$ and $\begin{array}{cc} 1 & 2 \end{array}$`,
		`$\sum_{i=1}^{n} i = \frac{n(n+1)}{2}$ with $\cM \subseteq \mathfrak{g}$`,
		`$\SI{3}{\metre\per\second}$ and $\textcolor{red}{x}$, $f \colon I \to \R$ \label{x}`,
		`No math, \emph{only} words.`,
		`$\Delta_\rho(a) \overset{\text{def}}{=} \{ z \}$ and $a \stackrel{def}{=} b$, $x \overset{!}{=} y$`,
	} {
		if d := ReadableDrops(in); d != nil {
			t.Errorf("ReadableDrops(%q) = %v; reads %q", in, d, ReadableMath(in))
		}
	}
	for _, c := range []struct{ in, want string }{
		// \xrightarrow's label below the arrow is not shown when one
		// above is.
		{`$A \xrightarrow[g]{f} B$`, `[{g 1}]`},
	} {
		if got := fmt.Sprint(ReadableDrops(c.in)); got != c.want {
			t.Errorf("ReadableDrops(%q) = %s, want %s; reads %q", c.in, got, c.want, ReadableMath(c.in))
		}
	}
}

// The check's list of structures is the reader's: every name it lists the
// reader takes apart, and a name it does not list the reader shows.
func TestMathStructuresListed(t *testing.T) {
	for n := range mathStructures {
		r := mathReader{s: "{a}{b}{c}"}
		var b strings.Builder
		if !r.structure(&b, n, 0) {
			t.Errorf("%s is listed as a structure the reader does not take apart", n)
		}
	}
	r := mathReader{s: "{a}"}
	var b strings.Builder
	if r.structure(&b, "adjoint", 0) {
		t.Error("adjoint is taken apart")
	}
}
