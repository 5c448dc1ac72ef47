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

// A package that makes its commands with a defining macro of its own
// lends its top-level calls of that macro with its definitions: the
// book's \definition exists only through \newspecialbox{definition}. A
// call inside a definition, or of a macro defining nothing, is not lent.
func TestPackageDefiningCallsLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"boxes.sty": "\\ProvidesPackage{boxes}\n\\long\\def\\newspecialbox#1#2{%\n\\newcounter{#1counter}\n" +
			"\\expandafter\\long\\expandafter\\def\\csname #1\\endcsname ##1##2{\\textbf{#2 \\the\\value{#1counter}} ##1 ##2}}\n" +
			"\\newcommand{\\boxstyle}[1]{\\textit{#1}}\n\\boxstyle{plain}\n" +
			"\\newcommand{\\mkboxes}{\\newspecialbox{lemma}{Lemma}}\n" +
			"% \\newspecialbox{remark}{Remark}\n\\newspecialbox{definition}\n  {Definition}\n",
		"main.tex": "\\documentclass{book}\n\\usepackage{boxes}\n\\begin{document}\n\\input{ch1}\n\\end{document}\n",
		"ch1.tex":  "\\chapter{Limits}\n\\definition{Limit}{The limit of $f$ at $c$ is $L$.}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "main.tex")
	if !strings.Contains(book, "##1 ##2}}\n\\newcommand{\\boxstyle}[1]{\\textit{#1}}\n\\newcommand{\\mkboxes}{\\newspecialbox{lemma}{Lemma}}\n\\newspecialbox{definition}\n  {Definition}\n") {
		t.Errorf("the call of the defining macro is not lent after it:\n%s", book)
	}
	if strings.Contains(book, "{remark}") || strings.Contains(book, "\\boxstyle{plain}") {
		t.Errorf("a commented call, or a call of a macro defining nothing, was lent:\n%s", book)
	}
}

// A class or package named in another case than its file (\documentclass
// {Notes} beside notes.cls) lent nothing, and the book's \defn blocks its
// class defines were no blocks; TeX where the author built it (a file
// system that ignores case) reads it.
func TestPackageInAnotherCaseLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"notes.cls": "\\LoadClass{article}\n\\newcommand{\\defn}[2]{\\begin{definition}[#1]#2\\end{definition}}\n",
		"main.tex":  "\\documentclass{Notes}\n\\begin{document}\n\\input{ch1}\n\\end{document}\n",
		"ch1.tex":   "\\section{Sets}\n\\defn{Set}{A set is a collection.}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if book := docText(t, res, "main.tex"); !strings.Contains(book, "\\documentclass{Notes}\n\\newcommand{\\defn}") {
		t.Errorf("main.tex lacks the class's definitions:\n%s", book)
	}
}

// A book built with a precompiled format (pdflatex -fmt macros book.tex)
// keeps its class, packages and macros in a file no file includes, and
// its main file has no preamble of its own: the main file is read after
// that preamble, which is no document of its own. With two such files
// beside it nothing says which is the preamble.
func TestFormatPreambleReadBeforeMainFile(t *testing.T) {
	files := map[string]string{
		"macros.tex": "\\documentclass{book}\n% the document begins in book.tex: \\begin{document}\n" +
			"\\newcommand*{\\typeformer}[1]{\\mathrm{#1}}\n\\newcommand*{\\Set}{\\typeformer{Set}}\n\\input tikzsetup\n",
		"tikzsetup.tex": "\\newcommand{\\arrowstyle}{->}\n",
		"book.tex":      "\\begin{document}\n\\include{actions}\n\\end{document}\n",
		"actions.tex":   "\\chapter{Actions}\n\\begin{definition}\nA $G$-set is a function $X:BG\\to\\Set$.\n\\end{definition}\n",
	}
	res, err := Local(context.Background(), bookDir(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "book.tex")
	if !strings.HasPrefix(book, files["macros.tex"][:len("\\documentclass{book}\n")]) || !strings.Contains(book, "\\newcommand*{\\Set}") ||
		!strings.Contains(book, "A $G$-set is a function") {
		t.Errorf("book.tex is not read after its format's preamble:\n%s", book)
	}
	for _, d := range res.Documents {
		if d.Name == "macros.tex" {
			t.Errorf("the format's preamble is a document of its own")
		}
	}

	files["other.tex"] = "\\documentclass{article}\n\\newcommand{\\Set}{S}\n"
	res, err = Local(context.Background(), bookDir(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if book := docText(t, res, "book.tex"); strings.Contains(book, "\\documentclass") {
		t.Errorf("one of two preambles was taken:\n%s", book)
	}
}
