package extract

import (
	"strings"
	"testing"
)

// A definition made inside a group ends with the group, as in TeX:
// catlog redefines \times inside a mathpar environment (\let\mytimes\times
// \def\times{\mathord{\mytimes}}) for one derivation, and the rest of the
// book reads \times as before. Braces, \begingroup…\endgroup and
// \bgroup…\egroup are groups too; \gdef and \global\def outlive theirs.
func TestLocalDefinitionEndsWithGroup(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{amsthm,mathpartir}\n" +
		"\\newtheorem{thm}{Theorem}[chapter]\n\\newtheorem{defn}[thm]{Definition}\n" +
		"\\newcommand{\\pres}{\\mathsf{Pres}}\n\\newcommand{\\ob}{\\mathrm{ob}}\n" +
		"\\begin{document}\n\\chapter{Products}\n" +
		"The derivation of $A\\times B$ reads:\n\\begin{mathpar}\n  \\let\\mytimes\\times\n" +
		"  \\def\\times{\\mathord{\\mytimes}}\n  \\inferrule{A \\\\ B}{A\\times B}\n\\end{mathpar}\n" +
		"{\\def\\pres{\\mathsf{Braced}} See $\\pres$. }\n" +
		"\\begingroup \\renewcommand{\\pres}{\\mathsf{Grouped}} \\endgroup\n" +
		"\\bgroup \\let\\ob\\relax \\egroup\n" +
		"{\\gdef\\unit{\\mathbf{1}}}{\\global\\def\\one{\\mathbf{I}}}\n" +
		"\\begin{defn}\nA $\\times$-presentation $\\pres$ is a set $\\ob$ with a binary operation $\\times$.\n\\end{defn}\n" +
		"\\begin{thm}\nThe object $\\unit \\times \\one$ is terminal in every $\\times$-presentation.\n\\end{thm}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	var defn, thm string
	for _, p := range ps {
		switch {
		case strings.Contains(p.FormalStatement, "binary operation"):
			defn = p.FormalStatement
		case strings.Contains(p.FormalStatement, "terminal"):
			thm = p.FormalStatement
		}
	}
	if defn == "" || thm == "" {
		t.Fatalf("definition %q, theorem %q: %v", defn, thm, nameList(ps))
	}
	for _, bad := range []string{"mytimes", "mathord", "Braced", "Grouped", "relax"} {
		if strings.Contains(defn+thm, bad) {
			t.Errorf("a definition local to a group is read outside it (%q):\n%s\n%s", bad, defn, thm)
		}
	}
	for _, want := range []string{`\mathsf{Pres}`, `\mathrm{ob}`} {
		if !strings.Contains(defn, want) {
			t.Errorf("definition %q lacks %q", defn, want)
		}
	}
	for _, want := range []string{`\mathbf{1}`, `\mathbf{I}`} {
		if !strings.Contains(thm, want) {
			t.Errorf("theorem %q lacks the global definition %q", thm, want)
		}
	}
}

// A definition made at the head of an environment holds in it: the
// statement of a definition whose notation is defined inside it (a
// thesis's \def\fT{T_{\!\mathsc{f}}} in \begin{definition}) reads with it
// expanded, while the rest of the book, after the environment, does not.
func TestLocalDefinitionHoldsInItsEnvironment(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{amsthm}\n\\newtheorem{definition}{Definition}\n" +
		"\\begin{document}\n\\chapter{Matching}\n" +
		"\\begin{definition}[Syntactic Rules]\n  \\def\\fT{T_{\\mathrm{f}}}%\n  \\newcommand{\\pT}{T_{\\mathrm{p}}}%\n\n" +
		"  Let $\\fT$ be the terminal nodes of the function graph and $\\pT$ those of the pattern graph.\n\\end{definition}\n" +
		"\\begin{definition}[Match]\nA match pairs nodes outside $\\fT$ of the function graph.\n\\end{definition}\n" +
		"\\end{document}\n"
	var rules, match string
	for _, p := range texBook(t, txt) {
		switch {
		case strings.Contains(p.FormalStatement, "terminal nodes"):
			rules = p.FormalStatement
		case strings.Contains(p.FormalStatement, "pairs nodes"):
			match = p.FormalStatement
		}
	}
	if !strings.Contains(rules, `$T_{\mathrm{f}}$`) || !strings.Contains(rules, `$T_{\mathrm{p}}$`) {
		t.Errorf("the rules %q, want their own notation expanded", rules)
	}
	if strings.Contains(match, `\mathrm{f}`) {
		t.Errorf("the match %q reads a definition local to another environment", match)
	}
}
