package core

import (
	"sort"
	"strings"
)

// SourcePart is a span of a document's Text taken from a file: from At on (up
// to the next part) the text is the file's Path from its byte Offset on,
// at its line Line. A Fixed part is text the file does not hold as such
// (what an author's include macro expands to, the counter steps a chapter
// read elsewhere leaves): all of it stands at Offset.
type SourcePart struct {
	At        int    `json:"at"`
	Name      string `json:"name"`
	Path      string `json:"path"`
	MediaType string `json:"mediaType,omitempty"`
	Bytes     int64  `json:"bytes,omitempty"`
	SHA256    string `json:"sha256,omitempty"`
	Offset    int    `json:"offset"`
	Line      int    `json:"line"`
	Fixed     bool   `json:"fixed,omitempty"`
}

// Lines finds the line of a byte offset in a text.
type Lines struct{ starts []int }

// NewLines indexes the lines of s.
func NewLines(s string) *Lines {
	l := &Lines{starts: []int{0}}
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		l.starts = append(l.starts, i)
	}
	return l
}

// Of is the line (from 1) holding byte offset at.
func (l *Lines) Of(at int) int {
	return sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > at })
}

// Locate puts a provenance read in d (its Offset in d's Text) in the
// terms of the file holding it: for a document put together from files
// (Parts), Document, Offset, Line and what describes the file name that
// file, Book and BookOffset the whole; else it only sets Line. lines
// indexes d's Text (NewLines).
func (d *Document) Locate(pv *Provenance, lines *Lines) {
	at := pv.Offset
	if at < 0 || at > len(d.Text) {
		return
	}
	if len(d.Parts) == 0 {
		pv.Line = lines.Of(at)
		return
	}
	k := sort.Search(len(d.Parts), func(i int) bool { return d.Parts[i].At > at }) - 1
	if k < 0 {
		return
	}
	p := &d.Parts[k]
	pv.Book, pv.BookOffset = d.Path, at
	pv.Document, pv.MediaType, pv.Bytes, pv.SHA256 = p.Path, p.MediaType, p.Bytes, p.SHA256
	pv.Offset, pv.Line = p.Offset, p.Line
	if !p.Fixed {
		pv.Offset += at - p.At
		pv.Line += lines.Of(at) - lines.Of(p.At)
	}
}

// Whole is the document a primitive was read in as a whole: the book
// when it was read through one of the book's files, else Document. What
// groups a document's results (their wiring, their sections, their
// order) groups them by it.
func (pv *Provenance) Whole() string {
	if pv.Book != "" {
		return pv.Book
	}
	return pv.Document
}

// At is the offset of the primitive in Whole.
func (pv *Provenance) At() int {
	if pv.Book != "" {
		return pv.BookOffset
	}
	return pv.Offset
}
