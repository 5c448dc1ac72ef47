package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// bookEdition writes a LaTeX book to a new folder: a main file whose
// preamble holds many macro definitions (a book's TikZ styles and
// notation), two chapters it \input's, and handouts worksheets, each a
// document of its own beside the book (to which acquisition lends the
// book's definitions, as TeX would read them).
func bookEdition(t *testing.T, handouts int) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var pre strings.Builder
	pre.WriteString("\\documentclass{book}\n\\usepackage{amsthm,tikz}\n")
	pre.WriteString("\\newtheorem{theorem}{Theorem}[chapter]\n\\newtheorem{definition}[theorem]{Definition}\n")
	for i := range 100 {
		fmt.Fprintf(&pre, "\\newcommand{\\graphstyle%s}{\\tikzset{every node/.style={circle, draw, fill=black, inner sep=0pt, minimum size=%dpt, label distance=2pt, font=\\small}}}\n",
			strings.Repeat("i", i+1), i%7+2)
	}
	write("book.tex", pre.String()+"\\begin{document}\n\\input{ch-sets}\n\\input{ch-graphs}\n\\end{document}\n")
	chapter := func(title string, terms ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "\\chapter{%s}\n", title)
		for i, term := range terms {
			fmt.Fprintf(&b, "\\section{%s}\nWe now look at %s closely, since much of what follows rests on it and the reader should be at ease with it before going on.\n", term, term)
			fmt.Fprintf(&b, "\\begin{definition}\nA \\emph{%s} is a collection of objects with a rule that says which pairs are related.\n\\end{definition}\n", term)
			fmt.Fprintf(&b, "\\begin{theorem}\nEvery finite %s with %d elements has a largest element under the order it carries.\n\\end{theorem}\n", term, i+2)
			b.WriteString("\\begin{proof}\nTake the elements one at a time and keep the larger of the two compared; after the last one the kept element is the largest.\n\\end{proof}\n")
		}
		return b.String()
	}
	write("ch-sets.tex", chapter("Sets", "set", "relation", "function", "partial order"))
	write("ch-graphs.tex", chapter("Graphs", "graph", "tree", "path", "matching"))
	for i := range handouts {
		write(fmt.Sprintf("worksheets/ws%02d.tex", i+1), "\\documentclass{article}\n\\begin{document}\n\\section*{Worksheet}\n"+
			"Work in groups of three. Draw the graphs described below and compare your drawings with your neighbours.\n"+
			"Count how many ways there are to pick two of them, and say which of your drawings are the same.\n\\end{document}\n")
	}
	return dir
}

// A book's content type is its text's, not its edition's: an edition that
// keeps two dozen handouts beside the book, each read with the book's macro
// definitions, is the same textbook as one without them. The handouts'
// borrowed definitions are no text, and counted as words they outweighed
// the book's theorems (discrete-book's Fall2015-corrected edition: 947,000
// words, most of them its TikZ styles lent to 60 worksheets, read as
// unknown and then tutorial, where its Fall2015 tag read as textbook).
func TestBookTypeDoesNotHingeOnItsEdition(t *testing.T) {
	for _, handouts := range []int{0, 24} {
		dir := bookEdition(t, handouts)
		scan, err := Scan(context.Background(), dir, ScanOptions{})
		if err != nil {
			t.Fatal(err)
		}
		docs, err := scan.Learnable()
		if err != nil {
			t.Fatal(err)
		}
		res, err := Analyze(context.Background(), dir, docs, AnalyzeOptions{Depth: core.Shallow})
		if err != nil {
			t.Fatal(err)
		}
		if res.ContentType != core.Textbook {
			t.Errorf("the edition with %d handouts (%d documents) is %s, want textbook; scores %v",
				handouts, len(docs), res.ContentType, res.Scores)
		}
		for _, a := range res.Analyses {
			if a.Document.Name == "book.tex" && a.ContentType != core.Textbook {
				t.Errorf("edition with %d handouts: the book's document is %s, want textbook; scores %v", handouts, a.ContentType, a.ContentTypeScores)
			}
		}
	}
}
