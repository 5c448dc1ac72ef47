package acquire

import (
	"context"
	"strings"
	"testing"
)

// An include macro redefined before each chapter reads, in each chapter,
// the definition in force there, as TeX does: the second chapter's
// \inputsection{motivation} is its own folder's, not the first's. A use in
// the main file after a redefinition is read by it too.
func TestRedefinedIncludeMacroReadsWhereItIsInForce(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"thesis.tex": "\\documentclass{book}\n\\begin{document}\n" +
			"\\chapter{Intro}\n\\newcommand{\\inputsection}[1]{\\input{include/intro/#1}}\n\\input{include/intro}\n" +
			"\\chapter{Method}\n\\renewcommand{\\inputsection}[1]{\\input{include/method/#1}}\n\\input{include/method}\n\\inputsection{extra}\n" +
			"\\end{document}\n",
		"include/intro.tex":             "\\section{Motivation}\n\\inputsection{motivation}\n",
		"include/intro/motivation.tex":  "Intro motivation.\n",
		"include/method.tex":            "\\section{Motivation}\n\\inputsection{motivation}\n\\section{Solution}\n\\inputsection{solution}\n",
		"include/method/motivation.tex": "Method motivation.\n",
		"include/method/solution.tex":   "Method solution.\n",
		"include/method/extra.tex":      "Method extra.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "thesis.tex" {
		t.Fatalf("documents %q, want the thesis alone", names)
	}
	book := res.Documents[0].Text
	inOrder(t, "the thesis", book, "Intro motivation.", "\\chapter{Method}", "Method motivation.", "Method solution.", "Method extra.")
	if strings.Count(book, "Intro motivation.") != 1 {
		t.Errorf("the second chapter read the first one's section:\n%s", book)
	}
}

// A bare name that only a search path the build sets (\input@path)
// finds is read from the one file of the source that has it; a file the
// standalone class builds alone, included, is read without what
// \ifstandalone guards (its own \begin{document} and float), its \else
// branch kept.
func TestSearchPathAndStandaloneIncludes(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex":              "\\documentclass{book}\n\\makeatletter\\g@addto@macro\\input@path{{chapters/}{assets/algos/}}\\makeatother\n\\begin{document}\n\\input{intro}\n\\end{document}\n",
		"chapters/intro.tex":    "\\chapter{Intro}\n\\begin{algorithm}[H]\n\\caption{Sort}\n\\input{sort}\n\\end{algorithm}\n",
		"assets/algos/sort.tex": "\\ifstandalone\n\\begin{document}\n\\begin{algorithm}[H]\n\\else\n% included\n\\fi\nfor each item, insert it in place\n\\ifstandalone\n\\end{algorithm}\n\\end{document}\n\\fi\n",
		"other/readme.tex":      "\\ifstandalone x\\fi\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "main.tex")
	inOrder(t, "the book", book, "\\chapter{Intro}", "\\caption{Sort}", "% included", "for each item, insert it in place", "\\end{algorithm}", "\\end{document}")
	if strings.Count(book, "\\begin{document}") != 1 || strings.Count(book, "\\begin{algorithm}") != 1 {
		t.Errorf("the included file's standalone parts were read:\n%s", book)
	}
}

// A book whose files are named .ltx is LaTeX too, its chapters found by
// their full names.
func TestLtxBook(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.ltx":               "\\documentclass{book}\n\\begin{document}\n\\input{1-intro.ltx}\n\\end{document}\n",
		"chapters/1/1-intro.ltx": "\\chapter{Intro}\nIntro text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "book.ltx" {
		t.Fatalf("documents %q, want the book", names)
	}
	inOrder(t, "the book", res.Documents[0].Text, "\\chapter{Intro}\nIntro text.")
}
