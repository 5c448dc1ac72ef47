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
