package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book's chapters are numbered as it prints them: its layout's
// \titleformat{\chapter} is no chapter, its front matter's chapters are
// unnumbered, \setcounter and \stepcounter (a volume starting at chapter
// 3, a chapter read in another reading of the book) move the count, and a
// \part resets it only where the book numbers chapters within parts.
// Results declared through a wrapper lore does not read step the
// theorems' counter.
func TestLaTeXBookCounters(t *testing.T) {
	txt := "\\titleformat{\\chapter}[display]{\\bfseries}{\\thechapter}{1em}{}\n" +
		"\\newtheorem{thm}{Theorem}[section]\n\\def\\defthm#1#2{\\newtheorem{#1}[thm]{#2}}\n\\defthm{cor}{Corollary}\n" +
		"\\begin{document}\n\\frontmatter\n\\chapter{Preface}\nWhy.\n\\mainmatter\n\\setcounter{chapter}{2}\n" +
		"\\chapter{Three}\n\\section{A}\n\\begin{thm}\nFor all $x$, $x=x$.\n\\end{thm}\n\\begin{cor}\nFor all $y$, $y=y$.\n\\end{cor}\n" +
		"\\stepcounter{chapter}\n\\chapter{Five}\n\\section{B}\n\\begin{thm}\nFor all $z$, $z=z$.\n\\end{thm}\n" +
		"\\counterwithin{chapter}{part}\n\\part{Two}\n\\chapter{One again}\n\\section{C}\n\\begin{cor}\nFor all $w$, $w=w$.\n\\end{cor}\n\\end{document}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	var got []string
	for _, p := range ps {
		got = append(got, p.Section)
	}
	if want := "3.1.1|3.1.2|5.1.1|1.1.1"; strings.Join(got, "|") != want {
		t.Errorf("numbers %q, want %s (names %q)", got, want, nameList(ps))
	}
}

// A document without headings (a deck of slides) numbers its results from
// 1 as every other deck does: its title, without its number and closing
// aside, tells them apart.
func TestHeadlessDocumentNamesByItsTitle(t *testing.T) {
	txt := "\\documentclass{beamer}\n\\title{14. Constant coefficient equations (part 1)\\\\(Notes on the course, 2.2)}\n\\begin{document}\n\\begin{frame}\n\\begin{theorem}\nLet $x$ be as above. Then $x_{1} \\le y_{1}$.\n\\end{theorem}\n\\end{frame}\n\\end{document}\n"
	a := oneSection(txt, core.FormatLaTeX, core.Textbook)
	a.Sections[0].Title = "Document"
	a.Title = "14. Constant coefficient equations (part 1) (Notes on the course, 2.2)"
	ps := Extract(a, Options{})
	if len(ps) != 1 || ps[0].Name != "Theorem 1 — Constant coefficient equations (part 1)" {
		t.Errorf("names %q", nameList(ps))
	}
}

// A book's macro built on LaTeX's internals (\@ifnextchar looking ahead,
// a comment ending its line) is left as written: expanded, it cut the
// statement at the comment it brought in.
func TestLaTeXInternalMacroLeftAlone(t *testing.T) {
	txt := "\\def\\sm#1{\\@ifnextchar\\bgroup{\\sm@parens{#1}}{%\n  \\sm@noparens{#1}}}\n\\newcommand{\\type}{\\mathcal{U}}\n" +
		"\\begin{definition}[Pointed type]\nA pointed type is a type $A:\\type$ with a point $a:A$. We write $\\sm{A:\\type} A$ for the type of pointed types.\n\\end{definition}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) != 1 || !strings.Contains(ps[0].FormalStatement, `for the type of pointed types.`) || !strings.Contains(ps[0].FormalStatement, `\mathcal{U}`) {
		t.Errorf("primitives %q", nameList(ps))
		for _, p := range ps {
			t.Logf("%s: %q", p.Name, p.FormalStatement)
		}
	}
}
