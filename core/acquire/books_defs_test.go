package acquire

import (
	"context"
	"strings"
	"testing"
)

// A package's or a book's own class's environments and theorem-like
// declarations are lent as its macros are: a book whose definitions are
// set with its class's box environment (declared by \newtheorem, wrapped
// by \newenvironment, a tcolorbox theorem) reads them where \documentclass
// or \usepackage names them.
func TestPackageEnvironmentsLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"notes.cls": "\\LoadClass{article}\n\\newtheorem{definition}{Definition}[section]\n" +
			"\\newenvironment{mydefn}[1]{\\begin{definition}[#1]}{\\end{definition}}\n",
		"boxes.sty": "\\ProvidesPackage{boxes}\n\\newtcbtheorem[number within=section]%\n  {stelling}{Stelling}{colback=white}{stel}\n" +
			"\\NewDocumentEnvironment{lem}{o}{\\begin{lemma}}{\\end{lemma}}\n",
		"main.tex": "\\documentclass{notes}\n\\usepackage{boxes}\n\\begin{document}\n\\input{ch1}\n\\end{document}\n",
		"ch1.tex":  "\\section{Groups}\n\\begin{mydefn}{Group}\nA group is a set.\n\\end{mydefn}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "main.tex")
	for _, want := range []string{
		"\\documentclass{notes}\n\\newtheorem{definition}{Definition}[section]\n\\newenvironment{mydefn}[1]{\\begin{definition}[#1]}{\\end{definition}}\n",
		"\\usepackage{boxes}\n\\newtcbtheorem[number within=section]%\n  {stelling}{Stelling}{colback=white}{stel}\n\\NewDocumentEnvironment{lem}{o}{\\begin{lemma}}{\\end{lemma}}\n",
	} {
		if !strings.Contains(book, want) {
			t.Errorf("main.tex lacks %q:\n%s", want, book)
		}
	}
	if strings.Contains(book, "LoadClass") {
		t.Errorf("the class's loading of its own class was lent:\n%s", book)
	}
}

// A package named with its folder (\usepackage{setup/notation}) or read by
// \input with its extension (\input{setup/commands.sty}, as TeX allows)
// lent nothing: packages were looked up by their bare name only, and
// \input of a .sty is no chapter. A book's notation defined there
// (\binstrings for {0,1}*) was then unknown wherever it was used.
func TestPackageByPathAndInputLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"setup/commands.sty": "\\newcommand\\binstrings{\\ensuremath{\\{ 0,1 \\}^* }}\n",
		"setup/notation.sty": "\\ProvidesPackage{notation}\n\\newcommand{\\lang}[1]{\\mathcal{L}_{#1}}\n",
		"main.tex": "\\documentclass{article}\n\\usepackage{setup/notation}\n\\input{setup/commands.sty}\n" +
			"\\begin{document}\n\\input{ch1}\n\\end{document}\n",
		"ch1.tex": "\\section{Languages}\n\\begin{definition}\nA language is a set $L \\subseteq \\binstrings$, written $\\lang{L}$.\n\\end{definition}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "main.tex")
	for _, want := range []string{
		"\\usepackage{setup/notation}\n\\newcommand{\\lang}[1]{\\mathcal{L}_{#1}}\n",
		"\\input{setup/commands.sty}\n\\newcommand\\binstrings{\\ensuremath{\\{ 0,1 \\}^* }}\n",
	} {
		if !strings.Contains(book, want) {
			t.Errorf("main.tex lacks %q:\n%s", want, book)
		}
	}
}
