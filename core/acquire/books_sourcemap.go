package acquire

import (
	"sort"

	"github.com/lore-kb/lore/core"
)

// A book's source map. The book is one document, numbered and divided as
// printed, but each of its results is held by one of its files: the
// assembly keeps, for each span of the book's text, the file it comes
// from and where in that file, so that a result's provenance names the
// file holding its statement (core.Document.Locate).

// srcSpan says that a text, from at on (up to the next span), is document
// doc's text from off on; a fixed span is text the document does not hold
// as such (an include macro's expansion, counter steps), all of it at off.
type srcSpan struct {
	at, doc, off int
	fixed        bool
}

// spanMap is the spans of a text being written, in order.
type spanMap []srcSpan

// own notes that what is written at at next is doc's text from off on.
func (m *spanMap) own(at, doc, off int) { *m = append(*m, srcSpan{at: at, doc: doc, off: off}) }

// fixed notes that what is written at at next stands at doc's off.
func (m *spanMap) fixed(at, doc, off int) {
	*m = append(*m, srcSpan{at: at, doc: doc, off: off, fixed: true})
}

// nest notes that what is written at at next is a text of spans inner,
// of which only [from, to) is written.
func (m *spanMap) nest(at int, inner spanMap, from, to int) {
	k := sort.Search(len(inner), func(i int) bool { return inner[i].at > from }) - 1
	for i := max(k, 0); i < len(inner); i++ {
		s := inner[i]
		if i > k && s.at >= to {
			break
		}
		if i == k {
			if !s.fixed {
				s.off += from - s.at
			}
			s.at = from
		}
		s.at += at - from
		*m = append(*m, s)
	}
}

// insert is m with n bytes of text inserted at at: they stand where the
// text at at comes from.
func (m spanMap) insert(at, n int) spanMap {
	k := sort.Search(len(m), func(i int) bool { return m[i].at > at }) - 1
	if k < 0 || n <= 0 {
		return m
	}
	out := make(spanMap, 0, len(m)+2)
	out = append(out, m[:k]...)
	s := m[k]
	here := s
	if !s.fixed {
		here.off += at - s.at
	}
	if s.at < at {
		out = append(out, s)
	}
	out = append(out, srcSpan{at: at, doc: here.doc, off: here.off, fixed: true})
	here.at = at + n
	out = append(out, here)
	for _, s := range m[k+1:] {
		s.at += n
		out = append(out, s)
	}
	return out
}

// sourceMaps are the spans of the documents assembleBooks rewrites, with
// their texts as read (the lines of a span are counted there).
type sourceMaps struct {
	spans map[int]spanMap
	orig  map[int]string
}

func newSourceMaps() *sourceMaps {
	return &sourceMaps{spans: map[int]spanMap{}, orig: map[int]string{}}
}

// set records that document i's text, as read orig, is now of spans m.
func (sm *sourceMaps) set(i int, orig string, m spanMap) {
	if _, ok := sm.orig[i]; !ok {
		sm.orig[i] = orig
	}
	sm.spans[i] = m
}

// inserted records that document i's text old became new by text
// inserted at the offsets of old ins (each with its length).
func (sm *sourceMaps) inserted(i int, old string, ins [][2]int) {
	if sm == nil || len(ins) == 0 {
		return
	}
	m, ok := sm.spans[i]
	if !ok {
		m = spanMap{{doc: i}}
		sm.set(i, old, m)
	}
	shift := 0
	for _, in := range ins {
		m = m.insert(in[0]+shift, in[1])
		shift += in[1]
	}
	sm.spans[i] = m
}

// insertedOnce records that document i's text old became new by one
// insertion.
func (sm *sourceMaps) insertedOnce(i int, old, new string) {
	if len(new) <= len(old) {
		return
	}
	at := 0
	for at < len(old) && old[at] == new[at] {
		at++
	}
	sm.inserted(i, old, [][2]int{{at, len(new) - len(old)}})
}

// apply gives each document rewritten its source map (core.SourcePart).
func (sm *sourceMaps) apply(docs []core.Document) {
	for i, m := range sm.spans {
		docs[i].Parts = m.parts(docs, sm.orig, len(docs[i].Text))
	}
}

// parts is the source map of a text of spans m, in the documents' terms:
// empty spans dropped, lines counted.
func (m spanMap) parts(docs []core.Document, orig map[int]string, size int) []core.SourcePart {
	lines := map[int]*core.Lines{}
	out := make([]core.SourcePart, 0, len(m))
	for i, s := range m {
		if (i+1 < len(m) && m[i+1].at == s.at) || s.at > size || s.doc < 0 || s.doc >= len(docs) {
			continue
		}
		d := &docs[s.doc]
		l := lines[s.doc]
		if l == nil {
			t, ok := orig[s.doc]
			if !ok {
				t = d.Text
			}
			l = core.NewLines(t)
			lines[s.doc] = l
		}
		out = append(out, core.SourcePart{At: s.at, Name: d.Name, Path: d.Path, MediaType: d.MediaType, Bytes: d.Bytes,
			SHA256: d.SHA256, Offset: s.off, Line: l.Of(s.off), Fixed: s.fixed})
	}
	return out
}
