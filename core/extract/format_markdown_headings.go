package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Results in Markdown headings. Notes mark a result with a heading as
// often as with a run-in label: "## Definition: Tree", "### Theorem (Edge
// count of trees)", "#### Lemma 3.2", "## Definition (Tree)" over the
// paragraphs that state it. The heading is structure the author wrote, so
// the result is a format block (confidence mdHeadingConf, kept whatever the
// content type) whose statement is the section's own text up to a proof,
// an example or the next block, and whose name is what the same marker in
// the text would be named by.
const mdHeadingConf = 0.85

// mdHeadingKinds are the marker words a result heading opens with.
var mdHeadingKinds = func() map[string]marker {
	m := map[string]marker{}
	for _, mk := range bookMarkers {
		if mk.word != "Statement" {
			m[mk.word] = mk
		}
	}
	return m
}()

// resultHeadingLine is a result heading's title: the kind, an optional
// number, an optional "(Name)" or "[Name]", and either nothing more or a
// separator and a name ("Definition: Tree", "Theorem 2 — Euler").
var resultHeadingLine = lazyre.New(`^(Definition|Theorem|Lemma|Corollary|Proposition|Axiom|Algorithm|Identity|Claim|Observation|Fact)\b[ \t]*([0-9]+(?:\.[0-9]+)*)?\.?[ \t]*(?:\(([^()]{1,80})\)|\[([^\[\]]{1,80})\])?[ \t]*(?:(?:[:.]|—|–| - )[ \t]*(.*))?$`)

// mdHeadingResults reads a section whose ATX heading names a result.
// A heading the textual strategies already read ("###### Theorem 3.2.1.",
// resultHeading) is left to them, as is a section whose text repeats the
// marker ("Definition (Tree): …" under "## Definition (Tree)").
func (x *extractor) mdHeadingResults(st *secState, first int) {
	if x.format != core.FormatMarkdown {
		return
	}
	hStart := clamp(st.s.Offset, 0, len(x.doc))
	hEnd := clamp(st.body, hStart, len(x.doc))
	if !strings.HasPrefix(strings.TrimLeft(x.doc[hStart:hEnd], " \t"), "#") {
		return
	}
	title := strings.TrimSpace(strings.Trim(strings.TrimSpace(st.s.Title), "#*_ \t"))
	m := resultHeadingLine.FindStringSubmatch(title)
	if m == nil {
		return
	}
	mk, ok := mdHeadingKinds[m[1]]
	if !ok {
		return
	}
	h := hit{m: mk, number: m[2], name: strings.TrimSpace(m[3] + m[4])}
	if rest := strings.TrimSpace(strings.Trim(m[5], "*_ ")); rest != "" && h.name == "" {
		h.name = strings.TrimRight(rest, ".:")
	}
	raw := headingBody(st.own)
	if strings.TrimSpace(raw) == "" {
		return
	}
	for _, c := range x.cands[first:] {
		// Read already: from the heading, or from a marker opening the text.
		if c.offset >= hStart && c.offset < st.body+len(raw) && c.sec == st {
			return
		}
	}
	stmt := strings.TrimSpace(x.prose(raw))
	if stmt == "" {
		return
	}
	k := strings.Index(x.doc[hStart:hEnd], m[1])
	if k < 0 {
		k = 0
	}
	c := cand{
		typ: mk.typ, statement: stmt, number: h.number, offset: hStart + k, end: st.body + len(raw),
		conf: mdHeadingConf, format: true, body: st.body,
	}
	if h.number != "" && resultKinds[mk.kind] {
		c.kind = mk.word
	}
	// The heading is the marker itself: no topic to name it by.
	named := *st
	named.title = ""
	c.name = x.markerName(&named, h, raw, stmt)
	x.add(st, c)
}

// headingBody is a result section's statement: its text up to a line that
// opens another block (a proof, an example, a heading, a code fence).
func headingBody(s string) string {
	p := skipBlank(s, 0)
	start := p
	for p < len(s) {
		e := strings.IndexByte(s[p:], '\n')
		line := s[p:]
		if e >= 0 {
			line = s[p : p+e]
		}
		if p > start && opensBlock(line) {
			return s[start:p]
		}
		if p-start > maxBlock {
			return s[start:p]
		}
		if e < 0 {
			return s[start:]
		}
		p += e + 1
	}
	return s[start:]
}
