package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Issue 80: a PreTeXt book's statements keep every symbol. The macros of
// its <macros> (LaTeX kept in CDATA beside a MathJax copy) expand; a
// display of the older dialect (<alignmath>, <equation>, as A First Course
// in Linear Algebra's source writes them) is math, not prose left with
// its backslashes; a macro nothing defines reads by its name.
func TestPreTeXtStatementsKeepEverySymbol(t *testing.T) {
	doc := `<book><macros>
<latex><![CDATA[\newcommand*{\adjoint}[1]{#1^{\ast}}
\newcommand{\matrixentry}[2]{\left\lbrack#1\right\rbrack_{#2}}]]></latex>
<mathjax><![CDATA[adjoint: ["#1^{\\ast}",1],]]></mathjax>
</macros>
<section><title>Matrix Operations</title>
<theorem><title>Adjoint of an Adjoint</title><statement>
<p>Suppose that <m>A</m> is a matrix. Then <m>\adjoint{\left(\adjoint{A}\right)}=A</m>.</p>
</statement></theorem>
<definition><title>Matrix Addition</title><statement>
<p>Given the <m>m\times n</m> matrices <m>A</m> and <m>B</m>, define the <term>sum</term> of <m>A</m> and <m>B</m> according to
<alignmath>
<![CDATA[\matrixentry{A+B}{ij}&=\matrixentry{A}{ij}+\matrixentry{B}{ij}]]>
<![CDATA[&&1\leq i\leq m,\,1\leq j\leq n]]>
</alignmath>
</p>
</statement></definition>
<theorem><title>Triangle Inequality</title><statement>
<p>For complex numbers, <equation>\modulus{x+y} \leq \modulus{x}+\modulus{y}</equation>.</p>
</statement></theorem>
</section></book>`
	ps := Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{})
	for name, want := range map[string]string{
		"Adjoint of an Adjoint": "Then (A^∗)^∗=A",
		"Matrix Addition":       "[A+B]ᵢⱼ =[A]ᵢⱼ+[B]ᵢⱼ 1≤ i≤ m, 1≤ j≤ n",
		"Triangle Inequality":   "modulus(x+y) ≤ modulus(x)+modulus(y)",
	} {
		p, ok := primNamed(ps, name)
		if !ok {
			t.Errorf("no %s among %q", name, nameList(ps))
			continue
		}
		rd := text.ReadableMath(p.FormalStatement)
		if !strings.Contains(strings.Join(strings.Fields(rd), " "), want) {
			t.Errorf("%s reads %q, want it to hold %q (statement %q)", name, rd, want, p.FormalStatement)
		}
		if d := text.ReadableDrops(p.FormalStatement); d != nil {
			t.Errorf("%s drops %v: %q", name, d, rd)
		}
	}
}

// An argument put after a control word stays a token of its own:
// "\lbrack#1" with A is \lbrack A, not the unknown \lbrackA.
func TestMacroArgumentAfterControlWord(t *testing.T) {
	m := map[string]texMacro{
		"entry": {nargs: 2, body: `\left\lbrack#1\right\rbrack_{#2}`},
		"twice": {nargs: 1, body: `#1x`},
	}
	for in, want := range map[string]string{
		`$\entry{A+B}{ij}$`: `$\left\lbrack A+B\right\rbrack_{ij}$`,
		`$\twice{\alpha}$`:  `$\alpha x$`,
	} {
		if got := expandMacros(in, m); got != want {
			t.Errorf("expandMacros(%q) = %q, want %q", in, got, want)
		}
	}
}
