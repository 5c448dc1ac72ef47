package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// An environment known by no name is read by the kind its heading
// prints: an author's environment printing "\textbf{Theorem}" with the
// title its argument gives, reached through a wrapper the expander opens
// into it; a box titled by its options ("title=Definition: Hypotenuse").
// One whose heading prints no kind (a remark box, a box titled "Example")
// is none.
func TestLaTeXKindFromPrintedHeading(t *testing.T) {
	txt := "\\newcounter{thmctr}\n" +
		"\\newenvironment{theoremlike}[2][]{\\refstepcounter{thmctr}\\par\\noindent\\textbf{#2 \\thethmctr}\\ifstrempty{#1}{}{ (#1)}:}{\\par}\n" +
		"\\newenvironment{important}[1][]{\\begin{theoremlike}[#1]{Theorem}}{\\end{theoremlike}}\n" +
		"\\newenvironment{mydefn}[1]{\\begin{tcolorbox}[title=Definition: #1]}{\\end{tcolorbox}}\n" +
		"\\newenvironment{aside}{\\par\\noindent\\textbf{Careful.}}{\\par}\n" +
		"\\begin{important}[Pythagoras]\nFor every right triangle with legs $a$, $b$ and hypotenuse $c$ we have $a^2+b^2=c^2$.\n\\end{important}\n" +
		"\\begin{mydefn}{Hypotenuse}\nThe hypotenuse of a right triangle is the side opposite its right angle.\n\\end{mydefn}\n" +
		"\\begin{aside}\nA right triangle drawn on a sphere obeys other rules entirely.\n\\end{aside}\n" +
		"\\begin{tcolorbox}[title=Example: a 3-4-5 triangle]\nThe triangle with sides three, four and five is right angled.\n\\end{tcolorbox}\n"
	ps := texBook(t, "\\documentclass{book}\n"+txt)
	got := map[string]core.PrimitiveType{}
	for _, p := range ps {
		got[p.Name] = p.Type
	}
	want := map[string]core.PrimitiveType{"Pythagoras": core.Theorem, "Hypotenuse": core.Definition}
	for name, typ := range want {
		if got[name] != typ {
			t.Errorf("%s: got type %q, want %q (primitives %v)", name, got[name], typ, nameList(ps))
		}
	}
	if len(ps) != len(want) {
		t.Errorf("got %v, want only %v", nameList(ps), want)
	}
}
