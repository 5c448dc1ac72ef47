package acquire

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// inOrder fails the test unless every one of wants is in text, each after
// the one before.
func inOrder(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	at := 0
	for _, w := range wants {
		k := strings.Index(text[at:], w)
		if k < 0 {
			t.Fatalf("%s lacks %q after offset %d:\n%s", what, w, at, text)
		}
		at += k + len(w)
	}
}

// Every include mechanism of LaTeX is followed: the import package's
// \import (a path from the main file's folder), \subimport (from the
// importing file's), \inputfrom, \includefrom, and in a file \import
// brought in a plain \input from that file's folder; TeX's own brace-less
// \input, and \InputIfFileExists.
func TestLaTeXImportsAreFollowed(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex":          "\\documentclass{book}\n\\usepackage{import}\n\\begin{document}\n\\import{parts/}{one}\n\\subimport{parts/}{two.tex}\n\\inputfrom{parts}{three}\n\\includefrom{parts/}{four}\n\\input five\n\\input six.tex\n\\InputIfFileExists{seven}{}{}\n\\end{document}\n",
		"parts/one.tex":     "\\chapter{One}\nOne's text.\n\\input{fig}\n\\subimport{sec/}{a}\n",
		"parts/fig.tex":     "Figure of one.\n",
		"parts/sec/a.tex":   "\\section{A}\nA's text.\n",
		"parts/two.tex":     "\\chapter{Two}\nTwo's text.\n",
		"parts/three.tex":   "\\chapter{Three}\nThree's text.\n",
		"parts/four.tex":    "\\chapter{Four}\nFour's text.\n",
		"five.tex":          "\\chapter{Five}\nFive's text.\n",
		"six.tex":           "\\chapter{Six}\nSix's text.\n",
		"seven.tex":         "\\chapter{Seven}\nSeven's text.\n",
		"parts/sec/fig.tex": "Not this figure.\n",
		"v2/main.tex":       "\\documentclass{book}\n\\begin{document}\n\\import{parts/}{one}\n\\end{document}\n",
		"v2/parts/one.tex":  "\\chapter{One}\nThe second edition's one.\n",
	})
	res, err := Local(context.Background(), dir, Options{AllFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "main.tex parts/sec/fig.tex v2/main.tex" {
		t.Fatalf("documents %q, want the book, the figure no file includes and the second edition", names)
	}
	// A main file in a folder of its own imports from its folder first.
	if v2 := docText(t, res, "v2/main.tex"); !strings.Contains(v2, "The second edition's one.") {
		t.Errorf("v2/main.tex:\n%s", v2)
	}
	inOrder(t, "the book", res.Documents[0].Text, "One's text.\nFigure of one.\n", "A's text.", "Two's text.", "Three's text.", "Four's text.",
		"Five's text.", "Six's text.", "Seven's text.")
}

// An author's macro whose definition includes a file, with its argument
// in the path or not (in a style file the preamble includes, or in the
// main file), is read as TeX reads it: its use is its definition,
// arguments in place, the files it names in place, not where it is defined, so a \setcounter it makes stays where it
// is; a use in a comment, in the definition's own comment too, includes
// nothing.
func TestAuthorIncludeMacrosAreFollowed(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex": "\\documentclass{book}\n\\include{style/style}\n\\newcommand{\\IncludePart}[1]{%\n  \\begingroup\\renewcommand{\\section}[1]{\\chapter{##1}}%\n  % \\IncludePart{old} in a comment\n  \\import{#1/}{content.tex}%\n  \\endgroup}\n\\newcommand{\\backfiles}{\\input{appendix}}\n" +
			"\\begin{document}\n\\includechapter{2}{probability}\n%\\includechapter{3}{old}\n\\IncludePart{graphs}\n\\backfiles\n\\end{document}\n",
		"appendix.tex":                    "\\chapter{Appendix}\nAppendix text.\n",
		"style/style.tex":                 "\\newcommand\\includechapter[2]{\n  \\setcounter{chapter}{#1}\n  \\addtocounter{chapter}{-1}\n  \\include{#2/TeX/#2}\n  \\newpage\\input{#2/TeX/review}\n  }\n",
		"probability/TeX/probability.tex": "\\chapter{Probability}\nProbability's text.\n",
		"probability/TeX/review.tex":      "Review exercises.\n",
		"graphs/content.tex":              "\\section{Graphs}\nGraphs' text.\n\\input{fig}\n",
		"graphs/fig.tex":                  "Graph figure.\n",
		"old/content.tex":                 "\\section{Old}\nOld text.\n",
		"old/TeX/old.tex":                 "\\chapter{Old}\nOld text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "main.tex" {
		t.Fatalf("documents %q, want the book", names)
	}
	book := res.Documents[0].Text
	inOrder(t, "the book", book, "\\begin{document}", "\\setcounter{chapter}{2}\n  \\addtocounter{chapter}{-1}\n  \\chapter{Probability}\nProbability's text.\n",
		"\\newpage", "Review exercises.", "%\\includechapter{3}{old}", "\\renewcommand{\\section}[1]{\\chapter{#1}}", "Graphs' text.\nGraph figure.", "\\endgroup", "Appendix text.", "\\end{document}")
	if strings.Count(book, "Appendix text.") != 1 {
		t.Errorf("the book reads the appendix where its macro is defined:\n%s", book)
	}
	if strings.Contains(book, "Old text") {
		t.Errorf("the book reads what a comment names:\n%s", book)
	}
	if n := res.NotIncluded; n == nil || strings.Join(n.Files, " ") != "old/TeX/old.tex old/content.tex" {
		t.Errorf("not included %+v", n)
	}
}

// \includeonly limits the book to the \include'd files it lists; one it
// leaves out is no part of the book but still steps the counters, as
// LaTeX numbers it from the left-out file's .aux; a commented
// \includeonly limits nothing.
func TestIncludeOnlyLimitsTheBook(t *testing.T) {
	files := map[string]string{
		"main.tex": "\\documentclass{book}\n\\includeonly{ch2, ch3}\n\\begin{document}\n\\include{ch1}\n\\include{ch2}\n\\input{ch3}\n\\end{document}\n",
		"ch1.tex":  "\\chapter{One}\nOne's text.\n\\section{S}\n",
		"ch2.tex":  "\\chapter{Two}\nTwo's text.\n",
		"ch3.tex":  "\\chapter{Three}\nThree's text.\n",
	}
	res, err := Local(context.Background(), bookDir(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "main.tex" {
		t.Fatalf("documents %q", names)
	}
	book := res.Documents[0].Text
	inOrder(t, "the book", book, "\\begin{document}\n\\stepcounter{chapter}\n\\stepcounter{section}\n\n\\chapter{Two}", "Three's text.")
	if strings.Contains(book, "One's text") {
		t.Errorf("the book reads what \\includeonly leaves out:\n%s", book)
	}
	if n := res.NotIncluded; n == nil || strings.Join(n.Files, " ") != "ch1.tex" {
		t.Errorf("not included %+v", n)
	}
	files["main.tex"] = strings.Replace(files["main.tex"], "\\includeonly", "% \\includeonly", 1)
	res, err = Local(context.Background(), bookDir(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	inOrder(t, "the book", res.Documents[0].Text, "One's text.", "Two's text.", "Three's text.")
}

// In a folder with a book's main file, a draft no file includes (and the
// figure only it includes) and a standalone figure no file includes are
// left out and named; a document of its own beside the book (slides, even
// loading the standalone package) is learned, and so is a file outside
// the main file's folder.
func TestFilesABookDoesNotIncludeAreLeftOut(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book/main.tex":       "\\documentclass{book}\n\\begin{document}\n\\import{ch/}{a}\n\\end{document}\n",
		"book/ch/a.tex":       "\\chapter{A}\nA's text.\n\\input{pic}\n",
		"book/ch/pic.tex":     "\\begin{tikzpicture}\\end{tikzpicture}\n",
		"book/drafts/old.tex": "\\chapter{Old}\nOld text.\n\\input{drafts/fig}\n",
		"book/drafts/fig.tex": "Old figure.\n",
		"book/slides.tex":     "\\documentclass{beamer}\n\\usepackage{standalone}\n\\begin{document}\n\\begin{frame}Slide.\\end{frame}\n\\end{document}\n",
		"book/fig/unused.tex": "% \\documentclass{article}\n\\documentclass[tikz]{standalone}\n\\begin{document}\n\\begin{tikzpicture}\\end{tikzpicture}\n\\end{document}\n",
		"notes/x.tex":         "\\section{X}\nX's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "book/main.tex book/slides.tex notes/x.tex" {
		t.Fatalf("documents %q", names)
	}
	if n := res.NotIncluded; n == nil || strings.Join(n.By, " ") != "book/main.tex" || strings.Join(n.Files, " ") != "book/drafts/fig.tex book/drafts/old.tex book/fig/unused.tex" {
		t.Fatalf("not included %+v", n)
	}
	if len(res.Notes) != 1 || res.Notes[0].Path != "book/main.tex" || !strings.Contains(res.Notes[0].Reason, "3 files") || !strings.Contains(res.Notes[0].Reason, "book/drafts/old.tex") {
		t.Errorf("notes %+v", res.Notes)
	}
	// A folder of chapters with no main file is every chapter.
	ch := bookDir(t, map[string]string{"a.tex": "\\chapter{A}\n\\input{a1}\n", "a1.tex": "A1.\n", "b.tex": "\\chapter{B}\n"})
	if res, err = Local(context.Background(), ch, Options{}); err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "a.tex b.tex" || res.NotIncluded != nil {
		t.Errorf("documents %q, not included %+v", names, res.NotIncluded)
	}
}

// A main file learned alone is its book: the files it includes are read
// from its folder (a PreTeXt main's too); a chapter learned alone beside
// its book keeps the sections it includes; a PreTeXt division learned
// alone follows its own xi:include.
func TestAFileAloneReadsWhatItIncludes(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex":         "\\documentclass{book}\n\\newcommand{\\R}{\\mathbb{R}}\n\\begin{document}\n\\import{chapters/}{one}\n\\include{two}\n\\end{document}\n",
		"chapters/one.tex": "\\chapter{One}\nOne's text.\n\\input{fig}\n",
		"chapters/fig.tex": "Figure of one.\n",
		"two.tex":          "\\chapter{Two}\nTwo's text.\n\\input{two/s1}\n",
		"two/s1.tex":       "\\section{S1}\nS1's text.\n",
		"src/main.ptx":     "<?xml version=\"1.0\"?>\n<pretext xmlns:xi=\"http://www.w3.org/2001/XInclude\"><book>\n<xi:include href=\"ch.ptx\"/>\n</book></pretext>\n",
		"src/ch.ptx":       "<chapter xmlns:xi=\"http://www.w3.org/2001/XInclude\"><title>Ch</title>\n<xi:include href=\"sec.ptx\"/>\n</chapter>\n",
		"src/sec.ptx":      "<section><title>Sec</title><p>Sec's text.</p></section>\n",
	})
	read := func(t *testing.T, name string) string {
		t.Helper()
		res, err := Local(context.Background(), filepath.Join(dir, filepath.FromSlash(name)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Documents) != 1 {
			t.Fatalf("%s: documents %q", name, docNames(res))
		}
		return res.Documents[0].Text
	}
	for _, c := range []struct {
		name, file string
		wants      []string
	}{
		{"main file", "main.tex", []string{"\\begin{document}", "One's text.\nFigure of one.", "Two's text.", "S1's text."}},
		{"chapter's sections", "two.tex", []string{"Two's text.", "S1's text."}},
		{"chapter in its book", "two.tex", []string{"\\newcommand{\\R}{\\mathbb{R}}", "\\begin{document}", "\\stepcounter{chapter}", "Two's text.", "S1's text."}},
		{"PreTeXt main file", "src/main.ptx", []string{"<book>", "<title>Ch</title>", "Sec's text."}},
		{"PreTeXt division", "src/ch.ptx", []string{"<title>Ch</title>", "Sec's text."}},
	} {
		t.Run(c.name, func(t *testing.T) { inOrder(t, c.file, read(t, c.file), c.wants...) })
	}
}

// Of two main files over the same chapters, the one that includes them
// with LaTeX's own commands is the book, the other another edition,
// whatever their names: one including them through an author's macro may
// make each chapter's \section a \chapter there, which the book's
// numbering follows.
func TestBookReadWithoutMacrosIsTheEditionRead(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":         "\\documentclass{book}\n\\newcommand{\\IncludeChapter}[1]{\\begingroup\\renewcommand{\\section}[1]{\\chapter{##1}}\\import{#1/}{content.tex}\\endgroup}\n\\begin{document}\n\\IncludeChapter{sort}\n\\end{document}\n",
		"main.tex":         "\\documentclass{article}\n\\begin{document}\n\\import{sort/}{content.tex}\n\\end{document}\n",
		"sort/content.tex": "\\section{Sorting}\nSorting's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "main.tex" {
		t.Fatalf("documents %q, want main.tex", names)
	}
	inOrder(t, "main.tex", res.Documents[0].Text, "\\begin{document}\n\\section{Sorting}\nSorting's text.")
}

// A path set on a line of its own between comments (\include{%⏎ path%⏎ })
// is read as TeX reads it, the comments ending their lines without a
// space: the chapter is the book's, not a document of its own.
func TestIncludePathBetweenComments(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex":           "\\documentclass{book}\n\\newcommand{\\R}{\\mathbb{R}}\n\\begin{document}\n\\include{%\n  chapters/intro%\n}\n\\include{chapters/%\n   end}\n\\end{document}\n",
		"chapters/intro.tex": "\\chapter{Intro}\nThe intro's text on $\\R$.\n",
		"chapters/end.tex":   "\\chapter{End}\nThe end's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{AllFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "main.tex" {
		t.Fatalf("documents %q, want the book alone", names)
	}
	inOrder(t, "the book", res.Documents[0].Text, "The intro's text", "The end's text.")
}
