package acquire

import (
	"context"
	"strings"
	"testing"
)

// A package that reads the book's notation with the import package
// (\import{inputs/exercises/}{preambleBlatt.tex}, as the geotopo lecture
// notes' package does) lends that file's definitions as one that \input's
// it: the notes' \id_Y reads id_Y, not Y.
func TestPackageImportLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"notes.sty":                         "\\ProvidesPackage{notes}\n\\usepackage{import}\n\\import{inputs/exercises/}{preamble.tex}\n",
		"inputs/exercises/preamble.tex":     "\\def\\id{\\mathrm{id}}\n",
		"main.tex":                          "\\documentclass{article}\n\\usepackage{notes}\n\\begin{document}\n\\import{inputs/lectures/}{lec1.tex}\n\\end{document}\n",
		"inputs/lectures/lec1.tex":          "\\section{Maps}\nThen $f \\circ g = \\id_Y$.\n",
		"inputs/exercises/unused-sheet.tex": "\\section{Sheet}\nA sheet.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "main.tex")
	if !strings.Contains(book, "\\usepackage{notes}\n\\def\\id{\\mathrm{id}}") {
		t.Errorf("main.tex lacks the imported definition:\n%s", book)
	}
}
