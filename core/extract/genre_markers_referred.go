package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A book may print its results under a bold numbered title with no kind
// word ("**3.5 Distributive law**" in a box) and say what they are only
// where its text refers to them: "by Rule 3.5". A reader learns the kind
// from those references and reads every block numbered and set the same
// way as one of that kind. Sections are not among them: a PDF's text
// marks a section's title as a heading, not as a bold line of its own.

// numberedTitle is a paragraph's first line set in bold that is a
// number with a dot and a title, the title perhaps wrapped onto a second
// line: "**3.5 Distributive law**".
var numberedTitle = lazyre.New(`(?m)^\*\*([0-9]+(?:\.[0-9]+)+)\.?[ \t]+([A-Za-z][^*\n]{1,100}(?:\n[^*\n]{1,100})?)\*\*[ \t]*$`)

// kindReference is a mention of a numbered block by its kind: "Rule 3.5",
// "Theorem 2.1.4".
var kindReference = lazyre.New(`\b([A-Za-z]{3,})[ \t\n]+([0-9]+(?:\.[0-9]+)+)\b`)

// minReferred is how many of a document's bold numbered titles its text
// must refer to by one kind before the titles are read as blocks of it.
const minReferred = 2

// referredSeries is the kind of block a document's bold numbered titles
// are, and where each number's first title stands in the document.
type referredSeries struct {
	kind  string // an envKinds key, or "" when they are no blocks
	first map[string]int
}

// referredKind returns the kind (an envKinds key) the document's text
// gives its bold numbered titles when it refers to them, or "". A
// number the document also prints as a labelled block ("**Theorem
// 2.1.**") is that block's, not evidence for the titles. One kind must
// account for at least minReferred titles and twice as many as any other.
func (x *extractor) referredKind() *referredSeries {
	if x.referred != nil {
		return x.referred
	}
	x.referred = &referredSeries{first: map[string]int{}}
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return x.referred
	}
	titled := x.referred.first
	for _, m := range numberedTitle.FindAllStringSubmatchIndex(x.doc, -1) {
		num := x.doc[m[2]:m[3]]
		if _, seen := titled[num]; !seen && !kindWordFirst(x.doc[m[4]:m[5]]) {
			titled[num] = m[0]
		}
	}
	if len(titled) < minReferred {
		return x.referred
	}
	votes := map[string]map[string]bool{}
	for _, m := range kindReference.FindAllStringSubmatchIndex(x.doc, -1) {
		word := strings.ToLower(x.doc[m[2]:m[3]])
		num := x.doc[m[4]:m[5]]
		if _, ok := envKinds[word]; !ok {
			continue
		}
		if _, ok := titled[num]; !ok {
			continue
		}
		if m[5] < len(x.doc) && x.doc[m[5]] == '.' && m[5]+1 < len(x.doc) && isWordByte(x.doc[m[5]+1]) {
			continue // "3.5.2", cut by \b
		}
		if labelledBlock(x.doc, m[2], m[5]) {
			continue
		}
		if votes[word] == nil {
			votes[word] = map[string]bool{}
		}
		votes[word][num] = true
	}
	best := ""
	for w, ns := range votes {
		if best == "" || len(ns) > len(votes[best]) || len(ns) == len(votes[best]) && w < best {
			best = w
		}
	}
	second := 0
	for w, ns := range votes {
		if w != best {
			second = max(second, len(ns))
		}
	}
	if best != "" && len(votes[best]) >= minReferred && len(votes[best]) >= 2*second {
		x.referred.kind = best
	}
	return x.referred
}

// labelledBlock reports whether the kind word and number at s[start:end]
// open a block of their own: a line starting with them, bold or not.
func labelledBlock(s string, start, end int) bool {
	ls := strings.LastIndexByte(s[:start], '\n') + 1
	if !onlyLead(s[ls:start]) {
		return false
	}
	rest := strings.TrimLeft(s[end:min(len(s), end+3)], "*_")
	return rest == "" || rest[0] == '.' || rest[0] == ':' || rest[0] == '\n' || rest[0] == ' ' || rest[0] == '('
}

// kindWordFirst reports whether a title opens with a kind of block
// ("2.7 Definition", "3.1 Example"): the markers read those.
func kindWordFirst(title string) bool {
	w := strings.Fields(title)
	if len(w) == 0 {
		return true
	}
	first := strings.Trim(w[0], ".:")
	if _, ok := envKinds[strings.ToLower(first)]; ok {
		return true
	}
	for _, b := range blockWords {
		if first == b {
			return true
		}
	}
	return false
}

// referredTitles adds the section's bold numbered titles as blocks of the
// kind the document's references give them (referredKind): the title
// names the block, its statement is the paragraph after it.
func (x *extractor) referredTitles(st *secState) {
	series := x.referredKind()
	word := series.kind
	if word == "" {
		return
	}
	bk := envKinds[word]
	s := st.own
	for _, m := range numberedTitle.FindAllStringSubmatchIndex(s, -1) {
		title := strings.Join(strings.Fields(s[m[4]:m[5]]), " ")
		num := s[m[2]:m[3]]
		if series.first[num] != st.body+m[0] {
			// The number's title printed again ("6.1 Vertical angles
			// (explanation)") goes on about the block it numbers.
			continue
		}
		if kindWordFirst(title) {
			continue
		}
		after := m[1]
		if after < len(s) && s[after] == '\n' {
			after++
		}
		raw := blockText(s, after)
		raw = resultText(s, after, raw)
		stmt := x.prose(raw)
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		x.add(st, cand{
			typ: bk.typ, statement: stmt, number: num, kind: upperFirst(word),
			offset: st.body + m[0], conf: 0.85, name: givenName(title),
		})
	}
}
