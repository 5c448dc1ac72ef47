package extract

import (
	"regexp"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// A section titled by a term whose first sentence says what that term is
// defines it, as a glossary entry does: "### Log files" then "A log file
// (*.log) stores a sequence of recent updates.", "### Current" then
// "CURRENT is a simple text file that contains the name of the latest
// MANIFEST file." A reader takes the heading as the term and the opening
// sentences as its definition whatever the genre; the sentence must name
// the heading's term as its subject and say what it is or holds, so a
// section that opens on anything else ("Open Location Code symbols have
// been selected…" under "Digits") defines nothing.

// maxHeadedTermWords bounds a heading read as a term.
const maxHeadedTermWords = 4

// headedTerms adds the definition a Markdown section's opening states of
// the term its title names, when no reader took that opening already;
// first is the index of the section's first candidate.
func (x *extractor) headedTerms(st *secState, first int) {
	if x.format != core.FormatMarkdown {
		return
	}
	term := headedTerm(st.title)
	if term == "" {
		return
	}
	at, para := firstParagraph(st.own)
	if para == "" {
		return
	}
	abs := st.body + at
	for _, c := range x.cands[first:] {
		if c.offset >= abs && c.offset < abs+len(para) {
			return // a reader took the opening
		}
	}
	plain := strings.Join(strings.Fields(stripEmph(para)), " ")
	term = termSubject(plain, term)
	if term == "" {
		return
	}
	spans := sentenceSpans(plain)
	stmt := plain
	if len(spans) > 0 {
		// the defining sentence and those that go on about it
		end := spans[0][1]
		for j := 1; j < len(spans) && j <= 3; j++ {
			end = spans[j][1]
		}
		stmt = plain[:end]
	}
	if x.terms[termKey(termName(term))] {
		return
	}
	x.addTerms(st, at, []boldTerm{{text: term}}, stmt)
}

// headedTerm is a section title read as a term: a few words of letters,
// not a generic title ("Overview", "Examples") nor a question or a
// phrase with a verb ("How it works").
func headedTerm(title string) string {
	t := strings.TrimSpace(strings.Trim(title, "`*_ "))
	w := strings.Fields(t)
	if len(w) == 0 || len(w) > maxHeadedTermWords || topicTitle(t) == "" {
		return ""
	}
	for _, f := range w {
		for _, r := range f {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r >= '0' && r <= '9') {
				return ""
			}
		}
		if headedStop[strings.ToLower(f)] {
			return ""
		}
	}
	if specGenericTitles[strings.ToLower(t)] || admonition[strings.ToLower(t)] {
		return ""
	}
	return t
}

// headedStop are words that make a title a phrase about something, not
// the name of a thing.
var headedStop = map[string]bool{
	"how": true, "why": true, "what": true, "when": true, "using": true, "use": true, "to": true,
	"introduction": true, "overview": true, "example": true, "examples": true, "summary": true,
	"others": true, "other": true, "notes": true, "background": true, "motivation": true,
	"rationale": true, "references": true, "appendix": true, "changelog": true, "installation": true,
}

// firstParagraph is the first paragraph of a section's own text that is
// prose (not a heading, list, table, quote, fence or HTML), and where it
// starts; "" when the section opens otherwise.
func firstParagraph(s string) (int, string) {
	pos := 0
	for _, para := range strings.SplitAfter(s, "\n\n") {
		at := pos
		pos += len(para)
		p := strings.TrimSpace(para)
		if p == "" || p[0] == '#' || strings.HasPrefix(p, "<!--") || strings.HasPrefix(p, "{#") {
			continue
		}
		if strings.ContainsAny(p[:1], "|>-*+<`~[!") || p[0] >= '0' && p[0] <= '9' {
			return 0, ""
		}
		return at + strings.Index(para, p), p
	}
	return 0, ""
}

// termSubject is the term as the sentence opening plain writes it ("log
// file" under "Log files", "CURRENT" under "Current") when that sentence
// has it as its subject and says what it is or holds: "A log file (*.log)
// stores …", "CURRENT is a …", "The MANIFEST file lists …"; else "".
func termSubject(plain, term string) string {
	words := strings.Fields(strings.ToLower(term))
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	// the last word singular or plural, as a reader matches a heading
	// "Log files" to "A log file"
	last := len(words) - 1
	words[last] = strings.TrimSuffix(words[last], "s") + `(?:s|es)?`
	re, err := regexp.Compile(`^(?i:(?:an?|the|each|every)\s+)?((?i:` + strings.Join(words, `\s+`) + `))(?:\s+[a-z]+)?(?:\s*\([^)]{0,40}\))?,?\s+(?:is|are)\s+(?:an?|the|one|any|used|defined|called|represented|made|a\s+set)\b` +
		`|^(?i:(?:an?|the|each|every)\s+)?((?i:` + strings.Join(words, `\s+`) + `))(?:\s+[a-z]+)?(?:\s*\([^)]{0,40}\))?,?\s+(?:stores|contains|holds|represents|describes|lists|denotes|means|refers\s+to|consists\s+of|identifies|specifies|records|maps|encodes)\b`)
	if err != nil {
		return ""
	}
	m := re.FindStringSubmatch(text.CollapseSpace(plain))
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}
