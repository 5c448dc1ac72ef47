package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A definition list sets each term apart at the head of its entry and
// says what it is after it: reStructuredText's "H(p, d)" over an indented
// gloss, which reaches the extractor as "**H(p, d)**: SHA-256 hash
// function that …", and Markdown's own "**Ciphertext**: the encrypted
// …" paragraphs. One such paragraph may be a bold lead-in; two or more in
// a section are a list of terms, each a definition named as written (a
// function's signature stays "H(p, d)"), whatever the genre: a
// specification's bold is its keywords inside sentences, not at the head
// of a paragraph with its gloss.

// defEntry is a paragraph opening with its bold term, a colon or a dash,
// then the gloss.
var defEntry = lazyre.New(`^\*\*([^*\n]{1,60}?)\*\*\s*(?::|—|–)\s+(\S[\s\S]*)$`)

// minDefEntries is how many entries make a section's bold-led paragraphs
// a definition list.
const minDefEntries = 2

// defListConfidence is a definition list entry's: set apart by its
// markup, without a kind's word.
const defListConfidence = 0.8

// definitionLists adds the entries of the definition lists of a Markdown
// section that no reader took; first is the index of the section's first
// candidate.
func (x *extractor) definitionLists(st *secState, first int) {
	if x.format != core.FormatMarkdown || !strings.Contains(st.own, "**") {
		return
	}
	type entry struct {
		at          int
		term, gloss string
	}
	var es []entry
	pos := 0
	fence := false
	for _, para := range strings.SplitAfter(st.own, "\n\n") {
		at := pos
		pos += len(para)
		if strings.Count(para, "```")%2 == 1 {
			fence = !fence
		}
		p := strings.TrimSpace(para)
		m := defEntry.FindStringSubmatch(p)
		if fence || m == nil {
			continue
		}
		term, gloss := strings.TrimSpace(m[1]), strings.Join(strings.Fields(m[2]), " ")
		if codeTerm(term) || admonition[strings.ToLower(strings.TrimRight(term, ".:"))] || stepLead(term) || len(strings.Fields(gloss)) < 3 || hasBCP14(firstWords(gloss, 2)) {
			continue
		}
		es = append(es, entry{at: at + strings.Index(para, p), term: term, gloss: gloss})
	}
	if len(es) < minDefEntries {
		return
	}
	held := newHeld(x.cands[first:])
	for _, e := range es {
		stmt := e.term + ": " + stripEmph(e.gloss)
		if spans := sentenceSpans(e.gloss); len(spans) > 3 {
			stmt = e.term + ": " + stripEmph(e.gloss[:spans[2][1]])
		}
		if held.holds(st.body+e.at, st.body+e.at+len(e.term)+len(e.gloss)+6, stmt) || x.terms[termKey(e.term)] {
			continue
		}
		x.add(st, cand{typ: core.Definition, name: e.term, statement: stmt, offset: st.body + e.at, conf: defListConfidence, genuine: true})
		x.terms[termKey(e.term)] = true
	}
}

// stepLead reports a bold lead that labels a step ("Step 1", "Phase 2").
func stepLead(t string) bool {
	f := strings.Fields(strings.ToLower(t))
	return len(f) >= 1 && (f[0] == "step" || f[0] == "phase" || f[0] == "stage")
}

// firstWords is the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// codeTerm reports a bold lead that is a line of code, not a name: an
// assignment, a comment, a statement ("alpha = GENERATE_ALPHA(…)",
// "// secret is optional").
func codeTerm(t string) bool {
	return strings.ContainsAny(t, "=;{}|") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") ||
		!(t[0] >= 'A' && t[0] <= 'Z' || t[0] >= 'a' && t[0] <= 'z' || t[0] >= '0' && t[0] <= '9' || t[0] >= 0x80)
}
