package acquire

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book's source map gives back, for every span of the book's text, the
// file it was read from: each span a file holds as such is that file's
// text at the offset and line the map names, through a subfile's own
// preamble left out, an \include in a chapter, and the definitions of a
// package of the source put after its \usepackage.
func TestBookSourceMapNamesEachFile(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":     "\\documentclass{book}\n\\usepackage{mine}\n\\begin{document}\n\\include{ch/one}\nBetween.\n\\subfile{ch/three}\nAfter.\n\\end{document}\n",
		"mine.sty":     "\\newcommand{\\R}{\\mathbb{R}}\n",
		"ch/one.tex":   "\\chapter{One}\nOne's text.\n\\input{ch/two}\nOne's end.\n",
		"ch/two.tex":   "\\section{Two}\nTwo's text.\n",
		"ch/three.tex": "\\documentclass[../book.tex]{subfiles}\n\\begin{document}\n\\chapter{Three}\nThree's text.\n\\end{document}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var book *core.Document
	for i := range res.Documents {
		if res.Documents[i].Name == "book.tex" {
			book = &res.Documents[i]
		}
	}
	if book == nil || len(book.Parts) == 0 {
		t.Fatalf("no book with a source map among %v", docNames(res))
	}
	if !strings.Contains(book.Text, `\newcommand{\R}`) {
		t.Fatalf("the package's definitions are not in the book:\n%s", book.Text)
	}
	seen := map[string]bool{}
	for k, p := range book.Parts {
		end := len(book.Text)
		if k+1 < len(book.Parts) {
			end = book.Parts[k+1].At
		}
		b, err := os.ReadFile(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		file := string(b)
		if p.Offset < 0 || p.Offset > len(file) {
			t.Fatalf("part %d: offset %d outside %s", k, p.Offset, p.Name)
		}
		if line := strings.Count(file[:p.Offset], "\n") + 1; line != p.Line {
			t.Errorf("part %d: line %d, offset %d of %s is on line %d", k, p.Line, p.Offset, p.Name, line)
		}
		if p.Fixed {
			continue
		}
		span := book.Text[p.At:end]
		if !strings.HasPrefix(file[p.Offset:], span) {
			t.Errorf("part %d: %s at %d does not hold %q", k, p.Name, p.Offset, span)
		}
		if strings.TrimSpace(span) != "" {
			seen[p.Name] = true
		}
	}
	for _, name := range []string{"book.tex", "ch/one.tex", "ch/two.tex", "ch/three.tex"} {
		if !seen[name] {
			t.Errorf("no text of %s in the source map %+v", name, book.Parts)
		}
	}
	// a statement's place in the book is its place in its file
	at := strings.Index(book.Text, "Two's text.")
	pv := core.Provenance{Document: book.Path, Offset: at}
	book.Locate(&pv, core.NewLines(book.Text))
	if !strings.HasSuffix(pv.Document, "two.tex") || pv.Offset != len("\\section{Two}\n") || pv.Line != 2 || pv.Book != book.Path || pv.BookOffset != at {
		t.Errorf("located %+v, want ch/two.tex at offset %d, line 2, in the book at %d", pv, len("\\section{Two}\n"), at)
	}
}
