package extract

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The definition forms books keep their notation in are expanded in
// statements: mathtools' paired delimiters (plain, sized, starred, with
// a body), \let aliases, \providecommand keeping a definition already made,
// and a macro testing what follows it with \@ifnextchar (fixtures in the
// styles of a real-analysis book's notations file and a type-theory
// book's macros file).
func TestLaTeXMacroForms(t *testing.T) {
	txt := "\\DeclarePairedDelimiter{\\sabs}{\\lvert}{\\rvert}\n" +
		"\\DeclarePairedDelimiterX{\\inner}[2]{\\langle}{\\rangle}{#1,\\delimsize\\vert #2}\n" +
		"\\newcommand{\\R}{\\mathbb{R}}\n\\providecommand{\\R}{\\mathbb{Q}}\n\\providecommand{\\C}{\\mathbb{C}}\n" +
		"\\let\\eps\\varepsilon\n\\let\\realline=\\R\n" +
		"\\makeatletter\n\\def\\fall#1{\\forall (#1)\\@ifnextchar\\bgroup{.\\,\\fall}{.\\,}}\n" +
		"\\def\\prd#1{\\@ifnextchar\\bgroup{\\prd@parens{#1}}{\\prd@noparens{#1}}}\n\\makeatother\n" +
		"\\begin{thm}\nFor $x,y \\in \\realline$ and $\\eps > 0$: $\\sabs{x+y} \\le \\sabs*{x} + \\sabs[\\big]{y}$, " +
		"$\\inner{x}{y} \\in \\C$, $\\fall{a}{b} a = b$ and $\\prd{x:A} B$.\n\\end{thm}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	got := ps[0].FormalStatement
	for _, want := range []string{
		`$x,y \in \mathbb{R}$`, `$\varepsilon > 0$`, `\lvert x+y \rvert`, `\left\lvert x \right\rvert`,
		`\big\lvert y \big\rvert`, `\langle x,\vert y \rangle`, `\in \mathbb{C}`, `\forall (a).\,\forall (b).\,`,
		// A helper whose name holds @ is no reader's: the use stays.
		`$\prd{x:A} B$`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("statement %q lacks %q", got, want)
		}
	}
	rd := text.ReadableMath(got)
	for _, want := range []string{"x,y ∈ ℝ", "ε > 0", "|x+y| ≤ |x| + |y|", "⟨x,| y⟩ ∈ ℂ", "∀ (a). ∀ (b). a = b", "x:A"} {
		if !strings.Contains(rd, want) {
			t.Errorf("readable %q lacks %q", rd, want)
		}
	}
	if regexp.MustCompile(`\\[A-Za-z]|\$|sabs|fall`).MatchString(rd) {
		t.Errorf("readable %q holds markup or a macro name", rd)
	}
	// A use left as written keeps its name: "prd(x:A) B", never "x:A B".
	if strings.Contains(got, `\prd`) && !strings.Contains(rd, "prd(x:A) B") {
		t.Errorf("readable %q drops the unexpanded \\prd", rd)
	}
}

// \let copies a meaning when it is read: a book that keeps the primitive
// \sum as \nsum and then makes \sum \displaystyle\nsum (to force display
// size) reads one \displaystyle and one \sum, not \sum's new meaning
// nested to the expansion's depth.
func TestLaTeXLetCopiesTheMeaningThen(t *testing.T) {
	doc := scanTeX("\\let\\nsum\\sum\n\\renewcommand{\\sum}{\\displaystyle\\nsum}\n")
	out := expandMacros(`$\sum_{k=0}^n k$`, doc.macros)
	if out != `$\displaystyle\sum_{k=0}^n k$` {
		t.Errorf("expanded %q", out)
	}
}

// A definition that uses itself, directly, through a \let or through an
// \@ifnextchar loop taking the groups after it, is expanded a bounded
// number of times: the rest stays as written.
func TestLaTeXMacroRecursionBounded(t *testing.T) {
	doc := scanTeX("\\newcommand{\\loopy}{x\\loopy}\n\\let\\again\\loopy\n" +
		"\\makeatletter\\def\\ever#1{#1\\@ifnextchar\\bgroup{\\ever}{}}\\makeatother\n")
	for _, c := range []struct{ in, left string }{
		{`$\loopy$`, `\loopy`},
		{`$\again$`, `\loopy`},
		{`$\ever{a}` + strings.Repeat("{a}", 2000) + `$`, `\ever{a}`},
	} {
		out := expandMacros(c.in, doc.macros)
		if n := strings.Count(out, "x") + strings.Count(out, "a"); n > 2*maxExpandDepth+2001 || !strings.Contains(out, c.left) {
			t.Errorf("expanding %.40q gave %d bytes: %.120q", c.in, len(out), out)
		}
		if k := strings.Count(out, "x") + strings.Count(out, "a") - strings.Count(c.in, "a"); k > maxExpandDepth {
			t.Errorf("expanding %.40q went %d levels deep: %.120q", c.in, k, out)
		}
	}
}

// A dollar the source escapes is a currency sign: the statement keeps it
// escaped, and the readable form shows "$" apart from the math.
func TestLaTeXEscapedDollar(t *testing.T) {
	ps := texFixture(t, "\\begin{thm}\nA bond paying \\$100 yearly at rate $r > 0$ is worth \\$100/r.\n\\end{thm}\n")
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	st := ps[0].FormalStatement
	if want := `A bond paying \$100 yearly at rate $r > 0$ is worth \$100/r.`; st != want {
		t.Errorf("statement %q, want %q", st, want)
	}
	if got, want := text.ReadableMath(st), "A bond paying $100 yearly at rate r > 0 is worth $100/r."; got != want {
		t.Errorf("readable %q, want %q", got, want)
	}
}

// A letter macro the source never defines (\fS, \cS, a font letter before
// the letter it styles), used in prose, is notation: a name or a sentence
// keeps it. Dropped, "first-order \fS-hyperdoctrine" was named
// "First-order -hyperdoctrine", the same name as the plain
// "first-order hyperdoctrine" the block goes on to define.
func TestLaTeXUndefinedLetterMacroInProse(t *testing.T) {
	txt := "\\begin{definition}\nA \\textbf{first-order \\fS-hyperdoctrine} consists of a category \\cS with finite products.\n\\end{definition}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "First-order S-hyperdoctrine" || !strings.Contains(ps[0].FormalStatement, "category 𝒮 with") {
		t.Errorf("primitives %q", nameList(ps))
		for _, p := range ps {
			t.Logf("%s: %q", p.Name, p.FormalStatement)
		}
	}
}

// A formula written with Unicode letters (σ, ℝ) keeps them: its bytes were
// each read as a character ("Ï" and a stray byte for σ).
func TestLaTeXUnicodeInMath(t *testing.T) {
	txt := "\\begin{definition}[Orbit]\nThe orbit of $x$ under $σ ∈ G$ is the set $\\{σ^n(x) : n ∈ ℤ\\}$.\n\\end{definition}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) != 1 || !strings.Contains(ps[0].FormalStatement, "$σ ∈ G$") || !strings.Contains(ps[0].FormalStatement, "n ∈ ℤ") {
		t.Errorf("primitives %q", nameList(ps))
		for _, p := range ps {
			t.Logf("%s: %q", p.Name, p.FormalStatement)
		}
	}
}

// A book's section titled as a step ("\subsection{Step 1: Setup}") opens
// with LaTeX, which its statement reads as the book's blocks are read:
// the book's macros expanded, a display as a display. It was read as
// Markdown: "we first define \ L = \QQ(\zeta_q) \]".
func TestLaTeXStepSectionReadsAsLaTeX(t *testing.T) {
	txt := "\\newcommand{\\QQ}{\\mathbb{Q}}\n\\section{The proof}\nWe prove it in two steps.\n\\subsection{Step 1: Setup}\nFor this proof, we first define \\[ L = \\QQ(\\zeta_q) \\] where $\\zeta_q$ is a primitive root of unity, and the field $L$ is Galois over the rationals with group $G$.\n"
	ps := Extract(analyzed(txt, core.FormatLaTeX, core.Textbook), Options{})
	found := false
	for _, p := range ps {
		if strings.HasPrefix(p.Name, "Step 1") {
			found = true
			if strings.Contains(p.FormalStatement, `\QQ`) || !strings.Contains(p.FormalStatement, `$$ L = \mathbb{Q}(\zeta_q) $$`) {
				t.Errorf("%s: %q", p.Name, p.FormalStatement)
			}
		}
	}
	if !found {
		t.Errorf("no step: %q", nameList(ps))
	}
}

// A block's title with mathematics is a name a reader reads: "Weierstrass
// M-test", not "Weierstrass $M$-test" — in SKILL.md, the Review screen and
// MCP answers alike.
func TestLaTeXNameReadsWithoutMarkup(t *testing.T) {
	txt := "\\begin{theorem}[Universal cover of $\\mathbb{S}^1$]\nThe real line covers the circle.\n\\end{theorem}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Universal cover of 𝕊¹" {
		t.Errorf("names %q", nameList(ps))
	}
}

// A macro that draws its symbol with TeX's boxes (the dashed integral of
// a complex-methods course: \setbox, \vcenter, \kern over \int, reached
// through two other macros) is no notation: its expansion read as text
// was "setbox0=-∫ --.5w". It is left as written and read by its name.
func TestLaTeXDrawnSymbolKeptByName(t *testing.T) {
	txt := "\\def\\Xint#1{\\mathchoice{\\XXint\\displaystyle\\textstyle{#1}}{\\XXint\\textstyle\\scriptstyle{#1}}" +
		"{\\XXint\\scriptstyle\\scriptscriptstyle{#1}}{\\XXint\\scriptscriptstyle\\scriptscriptstyle{#1}}\\!\\int}\n" +
		"\\def\\XXint#1#2#3{{\\setbox0=\\hbox{$#1{#2#3}{\\int}$}\\vcenter{\\hbox{$#2#3$}}\\kern-.5\\wd0}}\n" +
		"\\def\\dashint{\\Xint-}\n\\newcommand{\\R}{\\mathbb{R}}\n" +
		"\\begin{definition}[Cauchy principal value]\nFor $g: \\R \\to \\R$, " +
		"$\\dashint_{-\\infty}^\\infty g(x) dx = \\lim_{R \\to \\infty} \\int_{-R}^R g(x) dx$.\n\\end{definition}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	rd := text.ReadableMath(ps[0].FormalStatement)
	if strings.Contains(rd, "setbox") || strings.Contains(rd, "wd0") || !strings.Contains(rd, "dashint") || !strings.Contains(rd, "g: ℝ → ℝ") {
		t.Errorf("readable %q: want the dashed integral by its name and \\R expanded", rd)
	}
}

// A book's \vec that splits its argument with xstring's \StrCut (bold
// letter, its index apart) read as "StrCut(Y, )firstpartsecondpart" in 58
// statements of one course's notes; left as written, it is the standard
// vector accent.
func TestLaTeXComputingMacroLeftAsWritten(t *testing.T) {
	txt := "\\renewcommand{\\vec}[1]{\n    \\StrCut{#1}{_}\\firstpart\\secondpart\n    \\boldsymbol{\\firstpart}_{\\secondpart}\n}\n" +
		"\\begin{theorem}[Gauss-Markov]\nLet $\\tilde{\\vec{\\beta}} = C\\vec{Y}$ be any other unbiased linear estimator.\n\\end{theorem}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	rd := text.ReadableMath(ps[0].FormalStatement)
	if strings.Contains(rd, "StrCut") || strings.Contains(rd, "firstpart") || !strings.Contains(rd, "Y") {
		t.Errorf("readable %q: want \\vec read as written", rd)
	}
}

// A chapter that opens and closes its displays with its book's
// shorthands (\be … \ee), defined in a preamble it does not hold, reads
// them as the equation they stand for; a document that defines them
// keeps its own meaning.
func TestLaTeXDisplayShorthands(t *testing.T) {
	doc := "\\section{Yates}\n\\begin{definition}\nThe statistic is:\n\\be\nX^2 = \\sum_{i} \\frac{(|E_i - O_i| - 0.5)^2}{E_i}\n\\ee\nfor df = 1.\n\\end{definition}\n"
	ps := Extract(analyzed(doc, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) == 0 || !strings.Contains(ps[0].FormalStatement, `$$ X^2 = \sum_{i}`) {
		t.Fatalf("the display is not read as one: %+v", ps)
	}
	own := scanTeX("\\newcommand{\\be}{\\begin{itemize}}\n\\be x \\ee\n")
	if m := own.macros["be"]; m.body != `\begin{itemize}` {
		t.Errorf("the document's own \\be replaced: %q", m.body)
	}
	if _, ok := scanTeX("\\bee and \\eel\n").macros["be"]; ok {
		t.Error("a longer word taken for the shorthand")
	}
}
