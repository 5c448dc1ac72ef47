package acquire

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// bookDir writes files (slash-separated names, folders made) in a
// temporary folder and returns it.
func bookDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFiles(t, filepath.Dir(p), map[string][]byte{filepath.Base(p): []byte(body)})
	}
	return dir
}

// A folder holding a LaTeX book — a main file that \input's, \include's
// and \subfile's its chapters — is one document, the book, with each
// chapter in its place (a subfile without its own preamble); a commented
// include and a loop of includes stay as they are; the file commented out
// and one no include names are no part of the book: left out and named,
// learned beside it only when asked.
func TestLaTeXBookIsOneDocument(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":        "\\documentclass{book}\n\\newcommand{\\R}{\\mathbb{R}}\n\\begin{document}\n\\include{ch/one}\n\\input{ch/two.tex}\n% \\input{ch/old}\n\\subfile{ch/three}\n\\end{document}\n",
		"ch/one.tex":      "\\chapter{One}\nOne's text.\n\\input{ch/loop}\n",
		"ch/loop.tex":     "Loop text.\n\\input{ch/one}\n",
		"ch/two.tex":      "\\chapter{Two}\nTwo's text.\n",
		"ch/three.tex":    "\\documentclass[../book.tex]{subfiles}\n\\begin{document}\n\\chapter{Three}\nThree's text.\n\\end{document}\n",
		"ch/old.tex":      "\\chapter{Old}\nOld text.\n",
		"notes/other.tex": "\\section{Other}\nNot in the book.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Join(docNames(res), " ")
	if names != "book.tex" {
		t.Fatalf("documents %q, want the book alone", names)
	}
	if n := res.NotIncluded; n == nil || strings.Join(n.By, " ") != "book.tex" || strings.Join(n.Files, " ") != "ch/old.tex notes/other.tex" {
		t.Errorf("not included %+v, want by book.tex the file it comments out and the other", n)
	}
	// Asked for, the files the book does not include are learned beside it.
	all, err := Local(context.Background(), dir, Options{AllFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(all), " "); names != "book.tex ch/old.tex notes/other.tex" || all.NotIncluded != nil {
		t.Fatalf("with AllFiles, documents %q (not included %+v), want the book, the file it comments out, and the other", names, all.NotIncluded)
	}
	book := res.Documents[0].Text
	for _, want := range []string{"\\chapter{One}\nOne's text.\nLoop text.\n\\input{ch/one}", "\\chapter{Two}\nTwo's text.", "\\chapter{Three}\nThree's text.", "% \\input{ch/old}"} {
		if !strings.Contains(book, want) {
			t.Errorf("the book lacks %q:\n%s", want, book)
		}
	}
	if strings.Count(book, "\\documentclass") != 1 || strings.Index(book, "One's text") > strings.Index(book, "Two's text") {
		t.Errorf("book:\n%s", book)
	}
}

// A PreTeXt book's main file and the divisions it xi:includes (each file
// relative to the one including it) are one document; an include of a
// listing as text is left alone, and the division a comment holds is no
// part of the book.
func TestPreTeXtBookIsOneDocument(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"src/main.ptx":     "<?xml version=\"1.0\"?>\n<pretext xmlns:xi=\"http://www.w3.org/2001/XInclude\"><book>\n<!-- <xi:include href=\"old.ptx\"/> -->\n<xi:include href=\"ch/one.ptx\"/>\n<xi:include parse=\"text\" href=\"code.ptx\"/>\n</book></pretext>\n",
		"src/ch/one.ptx":   "<?xml version=\"1.0\"?>\n<chapter xmlns:xi=\"http://www.w3.org/2001/XInclude\" xml:id=\"ch-one\"><title>One</title>\n<xi:include href=\"sec-a.ptx\"/>\n</chapter>\n",
		"src/ch/sec-a.ptx": "<section xml:id=\"sec-a\"><title>A</title><p>Text of A.</p></section>\n",
		"src/old.ptx":      "<chapter><title>Old</title><p>Old.</p></chapter>\n",
		"src/code.ptx":     "<section><title>Code</title><p>Listing.</p></section>\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "src/code.ptx src/main.ptx" {
		t.Fatalf("documents %q", names)
	}
	if n := res.NotIncluded; n == nil || strings.Join(n.Files, " ") != "src/old.ptx" {
		t.Errorf("not included %+v, want src/old.ptx", n)
	}
	var book core.Document
	for _, d := range res.Documents {
		if d.Name == "src/main.ptx" {
			book = d
		}
	}
	want := "<chapter xmlns:xi=\"http://www.w3.org/2001/XInclude\" xml:id=\"ch-one\"><title>One</title>\n<section xml:id=\"sec-a\"><title>A</title><p>Text of A.</p></section>\n\n</chapter>"
	if !strings.Contains(book.Text, want) || strings.Count(book.Text, "<?xml") != 1 {
		t.Errorf("book:\n%s", book.Text)
	}
}

// A PreTeXt project's publication file says how its book numbers blocks;
// the book read from the project's folder carries that numbering, where
// the extractor reads it.
func TestPreTeXtBookTakesItsPublicationNumbering(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"source/main.ptx":             "<?xml version=\"1.0\"?>\n<pretext xmlns:xi=\"http://www.w3.org/2001/XInclude\"><book>\n<xi:include href=\"one.ptx\"/>\n</book></pretext>\n",
		"source/one.ptx":              "<chapter><title>One</title><p>Text.</p></chapter>\n",
		"publication/publication.ptx": "<?xml version=\"1.0\"?>\n<publication>\n<!-- <numbering><blocks level=\"3\"/></numbering> -->\n<numbering>\n<blocks level=\"1\"/>\n</numbering>\n</publication>\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Documents {
		if d.Name == "source/main.ptx" {
			if !strings.Contains(d.Text, "<pretext xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n<numbering>\n<blocks level=\"1\"/>\n</numbering><book>") {
				t.Errorf("book:\n%s", d.Text)
			}
			return
		}
	}
	t.Fatalf("no book among %q", docNames(res))
}

// docText is the text of the document named name among res's, failing
// the test when there is none.
func docText(t *testing.T, res *Result, name string) string {
	t.Helper()
	for _, d := range res.Documents {
		if d.Name == name {
			return d.Text
		}
	}
	t.Fatalf("no document %s among %q", name, docNames(res))
	return ""
}

// Editions of one book that each \input its main file (after their own
// options) are one reading: the first edition by name is the book, with
// the main file's preamble (its macros) in place; the other edition and
// the options only it reads are no documents.
func TestBookEditionsAreOneReading(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"ed-print.tex":   "\\input{opt-print}\n\\input{main}\n",
		"ed-screen.tex":  "\\input{opt-screen}\n\\input{main}\n",
		"opt-print.tex":  "\\def\\OPTsize{10pt}\n",
		"opt-screen.tex": "\\def\\OPTsize{12pt}\n",
		"main.tex":       "\\documentclass{book}\n\\input{macros}\n\\begin{document}\n\\include{ch1}\n\\end{document}\n",
		"macros.tex":     "\\newcommand{\\R}{\\mathbb{R}}\n",
		"ch1.tex":        "\\chapter{One}\nOne's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "ed-print.tex" {
		t.Fatalf("documents %q, want the one edition", names)
	}
	book := res.Documents[0].Text
	for _, want := range []string{"\\def\\OPTsize{10pt}", "\\newcommand{\\R}{\\mathbb{R}}", "\\chapter{One}\nOne's text."} {
		if !strings.Contains(book, want) {
			t.Errorf("the book lacks %q:\n%s", want, book)
		}
	}
	if strings.Count(book, "One's text") != 1 {
		t.Errorf("book:\n%s", book)
	}
}

// Two main files over overlapping chapters: the one covering more reads
// the shared chapter; the other reads only its own, the shared chapter
// leaving the step of its chapter counter, so that its own chapter is
// numbered as that main file prints it.
func TestBookMainFilesShareChaptersOnce(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"all.tex":   "\\documentclass{book}\n\\begin{document}\n\\include{c1}\n\\include{c2}\n\\include{c3}\n\\end{document}\n",
		"later.tex": "\\documentclass{book}\n\\begin{document}\n\\include{c3}\n\\include{c4}\n\\end{document}\n",
		"c1.tex":    "\\chapter{One}\nOne's text.\n",
		"c2.tex":    "\\chapter{Two}\nTwo's text.\n",
		"c3.tex":    "\\chapter{Three}\nThree's text.\n\\section{Aside}\n\\chapter*{Unnumbered}\n",
		"c4.tex":    "\\chapter{Four}\nFour's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "all.tex later.tex" {
		t.Fatalf("documents %q", names)
	}
	all, later := docText(t, res, "all.tex"), docText(t, res, "later.tex")
	if !strings.Contains(all, "Three's text") || strings.Contains(all, "Four's text") {
		t.Errorf("all.tex:\n%s", all)
	}
	if want := "\\begin{document}\n\\stepcounter{chapter}\n\\stepcounter{section}\n\n\\chapter{Four}\nFour's text."; strings.Contains(later, "Three's text") || !strings.Contains(later, want) {
		t.Errorf("later.tex, want %q:\n%s", want, later)
	}
}

// The source's packages (.sty) reach the documents that load them, at the
// \usepackage, with the definitions of the files they \input; slides beside the book take the book's definitions before
// their \begin{document}, save those they make themselves, and no
// definition of the book's layout (one that makes a heading).
func TestBookDefinitionsReachSlides(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":        "\\documentclass{book}\n\\usepackage{bookstyle}\n\\newcommand{\\N}{\\mathbb{N}}\n\\newcommand{\\Z}{\\mathbb{Z}}\n\\newcommand{\\solutions}{\\chapter*{Solutions}}\n\\begin{document}\n\\include{ch1}\n\\end{document}\n",
		"bookstyle.sty":   "\\ProvidesPackage{bookstyle}\n\\DeclareMathOperator{\\rank}{rank}\n% \\newcommand{\\old}{old}\n",
		"ch1.tex":         "\\chapter{One}\n$\\N$\n",
		"slides/deck.tex": "\\documentclass{beamer}\n\\usepackage{deck}\n\\newcommand{\\Z}{Z}\n\\title{Deck}\n\\begin{document}\n$\\N \\Z$\n\\end{document}\n",
		"slides/deck.sty": "\\ProvidesPackage{deck}\n\\input{../notation}\n\\newcommand{\\abs}[1]{\\lvert #1\\rvert}\n",
		"notation.tex":    "\\newcommand{\\C}{\\mathbb{C}}\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "book.tex")
	if !strings.Contains(book, "\\usepackage{bookstyle}\n\\DeclareMathOperator{\\rank}{rank}\n") || strings.Contains(book, "\\old") {
		t.Errorf("book.tex:\n%s", book)
	}
	deck := docText(t, res, "slides/deck.tex")
	want := "\\usepackage{deck}\n\\newcommand{\\C}{\\mathbb{C}}\n\\newcommand{\\abs}[1]{\\lvert #1\\rvert}\n\n\\newcommand{\\Z}{Z}\n\\title{Deck}\n\\DeclareMathOperator{\\rank}{rank}\n\\newcommand{\\N}{\\mathbb{N}}\n\\begin{document}"
	if !strings.Contains(deck, want) || strings.Contains(deck, "Solutions") {
		t.Errorf("slides/deck.tex, want %q:\n%s", want, deck)
	}
}
