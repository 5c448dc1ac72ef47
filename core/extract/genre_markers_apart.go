package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A theorem-like block of a PDF, EPUB or web page is what its reader sees:
// a paragraph opening with the kind of result (in any case: "Definition",
// "DEFINITION", "1.18 definition."), numbered before or after the kind or
// not at all, perhaps titled, then its statement. The type the label is
// set in (bold) and its place (a line of its own, the start of a
// paragraph, a number before it) say that it opens a block; "Theorem 2
// shows …" in prose has neither. This file holds what reads such a label
// beyond parseMarker's grammar: the kinds in other cases, its bold title,
// and the blocks of documents not read as books.

// casedForms gives a kind's word in the other cases a label is set in:
// "definition" (amsthm styles and classes that lowercase it, after a
// number) and "DEFINITION" (small capitals, which a PDF's text writes as
// capitals). A lower-case one is a label only where its type or a number
// before it sets it apart (hit.strong): at a paragraph's start it is as
// likely the rest of a sentence a page broke.
func casedForms(word string) []string {
	var out []string
	for _, f := range []string{strings.ToLower(word), strings.ToUpper(word)} {
		if f != word {
			out = append(out, f)
		}
	}
	return out
}

// setApartResults reads the results and definitions of a document not
// read as a book (a tutorial, a reference) whose labels are set apart as
// a book sets them: a reader sees "Definition." in bold at a paragraph's
// start as a definition whatever the rest of the document is. Only
// labels set apart by their type or a number before them count, as the
// words are common in such documents' prose.
func (x *extractor) setApartResults(st *secState) {
	x.markersWhere(st, apartMarkers, func(h hit) bool { return h.strong })
}

// apartMarkers are the result kinds setApartResults reads: the book's
// theorem-like kinds; algorithms are read by their own strategies.
var apartMarkers = func() []marker {
	var ms []marker
	for _, m := range bookMarkers {
		if resultKinds[m.kind] {
			ms = append(ms, m)
		}
	}
	return ms
}()

// boldTitle reads the title a label's bold run goes on to hold after its
// kind and number ("**1.18 definition. Parallel:** Let u, v …", "**1.7
// definition. Unit vector** is a vector …"): the bold text from after,
// where the label's terminator left off, to the run's close on the same
// line. It returns the title and where the statement starts: after the
// title, or at the title when the sentence runs on from it in lower case
// ("Unit vector is a vector"), as the reader reads it.
func boldTitle(s string, after int) (string, int, bool) {
	ls := lineStartBefore(s, after)
	if ls < 0 || strings.Count(s[ls:after], "**")%2 == 0 {
		return "", 0, false
	}
	eol := strings.IndexByte(s[after:], '\n')
	if eol < 0 {
		eol = len(s) - after
	}
	k := strings.Index(s[after:after+eol], "**")
	if k < 0 {
		return "", 0, false
	}
	raw := strings.TrimSpace(s[after : after+k])
	title := strings.TrimSpace(strings.TrimRight(raw, ".:"))
	if title == "" || len(title) > 80 || strings.ContainsAny(title, "*_") || len(strings.Fields(title)) > 8 {
		return "", 0, false
	}
	stmt := skipBlank(s, after+k+2)
	if r, _ := utf8.DecodeRuneInString(s[stmt:]); title == raw && unicode.IsLower(r) {
		stmt = skipBlank(s, after)
	}
	return title, stmt, true
}
