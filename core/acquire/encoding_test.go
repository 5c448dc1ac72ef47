package acquire

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// A chapter of a LaTeX book holding Windows-1252 quotes (0x93, 0x94) and
// declaring no encoding is read as Windows-1252 into the book, and a note
// names the file and the encoding; a chapter declaring latin1 in inputenc
// is read as Latin-1; plain text and Markdown not valid UTF-8 are read as
// Windows-1252 too, said likewise. Each was skipped as "not valid UTF-8".
// A file mostly of high bytes is in no Western encoding and is still
// refused.
func TestLegacyEncodingsAreReadAndSaid(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":    "\\documentclass{book}\n\\begin{document}\n\\input{quotes}\n\\input{accents}\n\\end{document}\n",
		"quotes.tex":  "\\chapter{Quotes}\nHe said \x93hello\x94 to the group.\n",
		"accents.tex": "\\usepackage[latin1]{inputenc}\n\\chapter{Accents}\nThe caf\xe9 sells cr\xe8me.\n",
		"notes.txt":   "Notes with a \x93quoted\x94 word.\n",
		"greek.txt":   "\xc1\xe8\xe7\xed\xe1 \xe5\xdf\xed\xe1\xe9\n",
		"readme.md":   "# Readme\n\nA \x93quoted\x94 word \x96 and a dash.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.HasSuffix(res.Errors[0].File, "greek.txt") || !strings.Contains(res.Errors[0].Reason, "not valid UTF-8") {
		t.Fatalf("errors: %v, skipped %v, notes %v", res.Errors, res.Skipped, res.Notes)
	}
	book := docText(t, res, "book.tex")
	for _, want := range []string{"He said “hello” to the group.", "The café sells crème."} {
		if !strings.Contains(book, want) {
			t.Errorf("book lacks %q:\n%s", want, book)
		}
	}
	if txt := docText(t, res, "notes.txt"); !strings.Contains(txt, "Notes with a “quoted” word.") {
		t.Errorf("notes.txt: %q", txt)
	}
	if md := docText(t, res, "readme.md"); !strings.Contains(md, "A “quoted” word – and a dash.") {
		t.Errorf("readme.md: %q", md)
	}
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.Path+": "+n.Reason)
	}
	slices.Sort(notes)
	want := []string{
		"accents.tex: read as Latin-1 (ISO 8859-1), as its \\usepackage[latin1]{inputenc} says: it is not valid UTF-8",
		"notes.txt: read as Windows-1252: it is not valid UTF-8 (invalid byte 0x93 at offset 13, line 1) and declares no encoding",
		"quotes.tex: read as Windows-1252: it is not valid UTF-8 (invalid byte 0x93 at offset 25, line 2) and declares no encoding",
		"readme.md: read as Windows-1252: it is not valid UTF-8 (invalid byte 0x93 at offset 12, line 3) and declares no encoding",
	}
	if !slices.Equal(notes, want) {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}

// A chapter declaring no encoding is read in the one its main file's
// inputenc declares, as TeX reads it, not as Windows-1252: in Latin-9 the
// byte 0xA4 is the euro sign, in Windows-1252 "¤"; the note says the
// encoding came from the main file. An \include'd chapter of a main file
// declaring latin1 is likewise said to be read as Latin-1.
func TestChapterInheritsItsMainFilesInputEncoding(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":            "\\documentclass{book}\n\\usepackage[T1]{fontenc}\n\\usepackage[latin9]{inputenc}\n\\begin{document}\n\\input{chapters/prices}\n\\end{document}\n",
		"chapters/prices.tex": "\\chapter{Prices}\nA coffee at the caf\xe9 costs 2 \xa4.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if book := docText(t, res, "book.tex"); !strings.Contains(book, "A coffee at the café costs 2 €.") {
		t.Errorf("book lacks the chapter read as Latin-9:\n%s", book)
	}
	want := "chapters/prices.tex: read as Latin-9 (ISO 8859-15), as its main file book.tex's \\usepackage[latin9]{inputenc} says: it is not valid UTF-8"
	if len(res.Notes) != 1 || res.Notes[0].Path+": "+res.Notes[0].Reason != want {
		t.Errorf("notes %v, want one:\n%s", res.Notes, want)
	}

	dir = bookDir(t, map[string]string{
		"main.tex": "\\documentclass{report}\n\\usepackage[latin1]{inputenc}\n\\begin{document}\n\\include{ch2}\n\\end{document}\n",
		"ch2.tex":  "\\chapter{Two}\nThe \xabcaf\xe9\xbb is open.\n",
	})
	if res, err = Local(context.Background(), dir, Options{}); err != nil {
		t.Fatal(err)
	}
	want = "ch2.tex: read as Latin-1 (ISO 8859-1), as its main file main.tex's \\usepackage[latin1]{inputenc} says: it is not valid UTF-8"
	if len(res.Notes) != 1 || res.Notes[0].Path+": "+res.Notes[0].Reason != want {
		t.Errorf("notes %v, want one:\n%s", res.Notes, want)
	}
	if book := docText(t, res, "main.tex"); !strings.Contains(book, "The «café» is open.") {
		t.Errorf("book lacks the chapter:\n%s", book)
	}
}
