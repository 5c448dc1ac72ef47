package extract

import (
	"sort"
	"strings"
)

// maxNestedParagraphs bounds how many paragraphs sharing one end are read
// for their terms. PreTeXt nests a paragraph in another only through a
// list (<p><ol><li><p>), a few levels deep; a paragraph ends at its first
// "</p>", so without a bound a million <p> opened before one "</p>" would
// each read the rest of the text, quadratic time for a few megabytes.
const maxNestedParagraphs = 16

// paraScan finds which paragraphs of a section's text may define a term
// (pretextElems), in time linear in the text however its paragraphs nest
// or repeat: the next "</p>" and "<term>" are found once for all the
// paragraphs before them, and where work elements open and close is
// indexed once, not searched back from every paragraph.
type paraScan struct {
	s string
	// end and term are where the next "</p>" and "<term>" start, at or
	// after the last paragraph asked about; len(s) when there is none;
	// -1 before the first.
	end, term int
	// shared is the end of the last paragraph checked, nested how many
	// checked paragraphs end there.
	shared, nested int
	work           *workIndex
	// read counts the bytes searched and read: linear in the text
	// (TestDeepPreTeXtParagraphsReadLinear).
	read int
}

func newParaScan(s string) *paraScan {
	return &paraScan{s: s, end: -1, term: -1, shared: -1}
}

// termParagraph returns where the paragraph whose "<p" starts at at and
// whose name ends at k ends (its first "</p>"), and whether it is one to
// read for terms: it holds a "<term>", is not inside a work element and
// is not nested in more than maxNestedParagraphs others ending there.
func (p *paraScan) termParagraph(at, k int) (int, bool) {
	p.end = p.next("</p>", k, p.end)
	p.term = p.next("<term>", k, p.term)
	if p.end <= k || p.end == len(p.s) || p.term+len("<term>") > p.end {
		return 0, false
	}
	if p.end != p.shared {
		p.shared, p.nested = p.end, 0
	}
	p.nested++
	if p.nested > maxNestedParagraphs {
		return 0, false
	}
	if p.work == nil {
		p.work = indexWork(p.s)
		p.read += len(workElems) * len(p.s)
	}
	if p.work.inside(p.s, at) {
		return 0, false
	}
	return p.end, true
}

// next returns where sub first occurs in the text at or after from,
// len(text) if nowhere, given prev, what it returned for an earlier from
// (-1 for none): an occurrence at or after from is still the first.
func (p *paraScan) next(sub string, from, prev int) int {
	if prev >= from || prev == len(p.s) {
		return prev
	}
	e := strings.Index(p.s[from:], sub)
	if e < 0 {
		p.read += len(p.s) - from
		return len(p.s)
	}
	p.read += e + len(sub)
	return from + e
}

// workIndex holds where each of workElems opens ("<exercise", names it
// begins included) and closes ("</exercise>") in a text, in order.
type workIndex struct {
	opens, closes [][]int
}

func indexWork(s string) *workIndex {
	w := &workIndex{opens: make([][]int, len(workElems)), closes: make([][]int, len(workElems))}
	for i, name := range workElems {
		w.opens[i] = occurrences(s, "<"+name)
		w.closes[i] = occurrences(s, "</"+name+">")
	}
	return w
}

// occurrences lists where sub starts in s.
func occurrences(s, sub string) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + len(sub)
	}
}

// lastAtMost returns the greatest of the sorted positions not past p, or
// -1.
func lastAtMost(positions []int, p int) int {
	if k := sort.SearchInts(positions, p+1); k > 0 {
		return positions[k-1]
	}
	return -1
}

// inside reports whether the text of s before at, the last
// maxWorkLookBack bytes of it, leaves a work element open: "<exercise>"
// or "<exercise " with no "</exercise>" after it.
func (w *workIndex) inside(s string, at int) bool {
	from := max(at-maxWorkLookBack, 0)
	for i, name := range workElems {
		n := len("<") + len(name)
		open := lastAtMost(w.opens[i], at-n)
		if open < from {
			continue
		}
		if c := open + n; c >= at || !strings.ContainsRune("> \n\t", rune(s[c])) {
			continue // "<exercises", another element
		}
		if lastAtMost(w.closes[i], at-len(name)-len("</>")) < open {
			return true
		}
	}
	return false
}
