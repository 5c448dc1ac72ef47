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
