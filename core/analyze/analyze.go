// Package analyze is the ANALYZE stage: it maps a document's structure
// (a section tree with exact byte offsets, from Markdown, plain text and
// RFCs, LaTeX or PreTeXt), classifies its content type with the
// reference's weighted patterns, and detects its domains and position on
// the plane by stemmed-token matching of the domains' activation patterns.
//
// Everything here is linear in the size of the input: the section readers
// are single forward scans, and classification and domain matching share
// one pass over the words.
package analyze

import (
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Analyze maps doc: its section tree, content type with the scores of all
// five types, activated domains with the plane position and confidence, and
// its word count. It never fails: a nil or empty document gives an empty
// analysis of unknown type.
func Analyze(doc *core.Document, domains []core.Domain) *core.Analysis {
	a := &core.Analysis{
		Document: doc,
		Sections: []*core.Section{},
		Domains:  []core.DomainScore{},
	}
	s := ""
	var f core.Format
	if doc != nil {
		s, f = doc.Text, doc.Format
	}
	if secs := Sections(s, f); secs != nil {
		a.Sections = secs
	}
	c := newClassifier(s)
	var m *matcher
	if len(domains) > 0 {
		m = newMatcher(domains)
	}
	markup := markupFilter{format: f}
	// The pass that classifies and matches records the words, which
	// extraction reads again section by section.
	if ws := text.NewWordStream(s, func(w string, start, end int) {
		c.word(s, w, start, end)
		if m != nil && !markup.skip(s, start, end) {
			m.word(w)
		}
	}); ws != nil {
		a.Words = ws
	}
	c.fences(s)
	a.ContentType, a.ContentTypeScores = c.result()
	a.ContentType = refineType(s, a.ContentType, a.ContentTypeScores, c.words, f != core.FormatLaTeX && f != core.FormatPreTeXt)
	if m != nil {
		scores, plane, conf := m.result()
		if len(scores) > 0 {
			a.Domains = scores
			a.Domain = scores[0].Domain
			a.Plane = plane
			a.Confidence = conf
		}
		a.Placer = newPlacer(m, a.Plane)
	}
	a.Title = Title(s, f, a.Sections)
	a.WordCount = WordCount(s)
	return a
}

// byteClass sorts bytes for WordCount: ASCII white space, bytes that can
// start a multi-byte white-space character (U+0085, U+00A0, U+1680,
// U+2000…U+205F, U+3000), and the rest.
var byteClass = func() (t [256]uint8) {
	for _, c := range []byte{' ', '\t', '\n', '\r', '\f', '\v'} {
		t[c] = classSpace
	}
	for _, c := range []byte{0xC2, 0xE1, 0xE2, 0xE3} {
		t[c] = classMaybe
	}
	return t
}()

const (
	classOther = iota
	classSpace
	classMaybe
)

// WordCount is the number of white-space-separated pieces of s (what
// strings.Fields would return, without building them).
func WordCount(s string) int {
	// A piece starts at a byte that is not space after one that is. The
	// sum takes no branch on the text's bytes (a branch on every word
	// boundary, every few bytes, was mispredicted half the time); only a
	// byte that may start a multi-byte space leaves it.
	n := 0
	prev := uint8(classSpace)
	for i := 0; i < len(s); i++ {
		k := byteClass[s[i]]
		if k == classMaybe {
			r, size := utf8.DecodeRuneInString(s[i:])
			k = classOther
			if isUnicodeSpace(r) {
				k = classSpace
			}
			i += size - 1
		}
		n += int(prev &^ k)
		prev = k
	}
	return n
}
