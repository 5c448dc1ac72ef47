package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// factoidBook is a book that sets its statements in an untitled box of
// its own, as forallx's \factoidbox does, beside boxes that are asides.
const factoidBook = "\\documentclass{book}\n\\usepackage{tcolorbox}\n" +
	"\\newcommand*{\\define}[1]{\\textsc{#1}}\n" +
	"\\newenvironment{factoidboxe}{\\begin{tcolorbox}[colframe=gray]}{\\end{tcolorbox}}\n" +
	"\\newcommand{\\factoidbox}[1]{\\begin{factoidboxe}#1\\end{factoidboxe}}\n" +
	"\\newcommand{\\eks}[1]{\\begin{tcolorbox}{\\large \\textbf{Example} \\vspace{5pt}}\\\\ #1\\end{tcolorbox}}\n" +
	"\\begin{document}\n\\chapter{Connectives}\n\\section{Negation}\n" +
	"We can symbolize it with a negation.\n" +
	"\\factoidbox{\nA sentence can be symbolized as $\\neg A$ if it can be paraphrased in English as `It is not the case that\\ldots'.\n}\n" +
	"\\section{Sentences}\nWe arrive at the following formal definition for a \\define{sentence of TFL}:\n" +
	"\\factoidbox{\\label{tfl}\nEvery sentence letter is a sentence. If $A$ is a sentence, then $\\neg A$ is a sentence.\n}\n" +
	"\\section{Validity}\n\\factoidbox{An argument is \\define{valid} if and only if it is impossible for all of the premises to be true and the conclusion false.}\n" +
	"\\factoidbox{\\textbf{Soundness Theorem.} For any sentences $\\Gamma$ and $C$: if $\\Gamma \\vdash C$, then $\\Gamma \\vDash C$.}\n" +
	"\\eks{Here is an argument that is valid and whose premises are all true.}\n" +
	"\\begin{tcolorbox}[title={Exercise 3.17}]Show that every argument with a false conclusion and true premises is invalid.\\end{tcolorbox}\n" +
	"\\begin{tcolorbox}\\begin{align}2+3\\cdot 4 &= \\text{first multiply 3 by 4} \\\\ &= 14\\end{align}\\end{tcolorbox}\n" +
	"\\end{document}\n"

// A statement the author sets apart in an untitled box of their own is
// read as the book's statement of it: named by its term, its lead-in's
// defining term or its section, a result when a bold title of a result's
// kind heads it. Boxes headed by an example's word, titled by their
// options, or holding worked arithmetic are asides.
func TestHighlightedStatements(t *testing.T) {
	ps := texBook(t, factoidBook)
	byName := map[string]core.Primitive{}
	for _, p := range ps {
		byName[p.Name] = p
	}
	want := map[string]core.PrimitiveType{
		"Negation": core.Definition, "Sentence of TFL": core.Definition,
		"Valid Argument": core.Definition, "Soundness Theorem": core.Theorem,
	}
	for name, typ := range want {
		p, ok := byName[name]
		if !ok {
			t.Errorf("no %q among %v", name, nameList(ps))
			continue
		}
		if p.Type != typ {
			t.Errorf("%s: type %s, want %s", name, p.Type, typ)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("got %d primitives %v, want %d", len(ps), nameList(ps), len(want))
	}
	for _, p := range ps {
		for _, aside := range []string{"Here is an argument", "Show that", "multiply"} {
			if strings.Contains(p.FormalStatement, aside) {
				t.Errorf("%s holds an aside: %q", p.Name, p.FormalStatement)
			}
		}
	}
	if p := byName["Negation"]; !strings.Contains(p.FormalStatement, "It is not the case that") {
		t.Errorf("Negation states %q", p.FormalStatement)
	}
}

// Boxes written out one by one (a "False Theorem." set apart before a
// bogus proof), and one or two boxes of an author's command, are asides,
// not the book's way of marking statements.
func TestFewBoxesAreAsides(t *testing.T) {
	raw := "\\begin{tcolorbox}\\textbf{False Theorem.} Every matrix has the rank of its square.\\end{tcolorbox}\n"
	own := "\\keyfact{Every chapter ends with exercises of rising difficulty.}\n"
	for name, body := range map[string]string{"written out": raw + raw + raw, "two of a command": own + own} {
		txt := "\\documentclass{book}\n\\usepackage{tcolorbox}\n" +
			"\\newcommand{\\keyfact}[1]{\\begin{tcolorbox}#1\\end{tcolorbox}}\n" +
			"\\begin{document}\n\\chapter{One}\n\\section{Two}\n" + body + "\\end{document}\n"
		if ps := texBook(t, txt); len(ps) != 0 {
			t.Errorf("%s: boxes gave %v", name, nameList(ps))
		}
	}
	txt := "\\documentclass{book}\n\\usepackage{tcolorbox}\n" +
		"\\newcommand{\\keyfact}[1]{\\begin{tcolorbox}#1\\end{tcolorbox}}\n" +
		"\\begin{document}\n\\chapter{One}\n\\section{Two}\n" + own + own + own + "\\end{document}\n"
	if ps := texBook(t, txt); len(ps) != 3 {
		t.Errorf("three boxes of a command gave %v", nameList(ps))
	}
}

// A box whose text is a derivation's lines run together is a figure of a
// rule, not a statement.
func TestGluedLines(t *testing.T) {
	for s, want := range map[string]bool{
		"• aA cA R":                            true,
		"• m A nAm The line n must not lie":    true,
		"A sentence can be symbolized as ¬A.":  false,
		"McDonald wrote the program in LaTeX.": false,
	} {
		if got := gluedLines(s); got != want {
			t.Errorf("gluedLines(%q) = %v, want %v", s, got, want)
		}
	}
}

// A frame the author draws around figures (diffyqs's \mybeginframe in its
// wrapped-figure environment, a figure's alt text its only words) is the
// figure's, not a statement.
func TestFramedFiguresAreNoStatements(t *testing.T) {
	fig := "\\begin{mywrapfig}{2in}\n\\inputpdft{massfig}{A diagram showing a mass attached to a spring on a wall.}\n\\caption{Mass and spring.}\n\\end{mywrapfig}\n" +
		"Some prose about the mass and the spring follows here.\n\n"
	txt := "\\documentclass{book}\n\\usepackage{tcolorbox}\n\\usepackage{wrapfig}\n" +
		"\\newcommand{\\mybeginframe}{\\begin{tcolorbox}[colframe=lightgray]}\n\\newcommand{\\myendframe}{\\end{tcolorbox}}\n" +
		"\\newenvironment{mywrapfig}[2][]{\\wrapfigure[#1]{r}{#2}\\mybeginframe\\centering}{\\myendframe\\endwrapfigure}\n" +
		"\\begin{document}\n\\chapter{Oscillations}\n\\section{Springs}\n" + fig + fig + fig + fig + "\\end{document}\n"
	if ps := texBook(t, txt); len(ps) != 0 {
		t.Errorf("framed figures gave %v", nameList(ps))
	}
}
