package extract

import (
	"regexp"
	"slices"
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

// headedTerms adds the definition a Markdown or text section's opening
// states of the term its title names, or the description it opens of the
// thing its title names (topicSection), when no reader took that opening
// already; first is the index of the section's first candidate.
func (x *extractor) headedTerms(st *secState, first int) {
	if x.format == core.FormatLaTeX {
		x.latexTopic(st, first)
		return
	}
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
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
	plain := strings.Join(strings.Fields(stripEmph(plainMarkdown(para))), " ")
	conf, loose := 0.75, false
	if t := termSubject(plain, term); t != "" {
		term = t
	} else if reading := x.topicSection(term, plain, st.own[at+len(para):]); reading != notTopic {
		conf = topicConf
		loose = reading == looseTopic
		if strings.HasSuffix(plain, ":") {
			// "RESP booleans are encoded as follows:" and the format
			plain += " " + openingCode(st.own[at+len(para):])
		}
	} else {
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
	x.addHeaded(st, at, term, stmt, conf, loose)
}

// addHeaded adds the definition of term a section's opening at at states,
// or the description it opens (conf topicConf, loose when it names term
// late).
func (x *extractor) addHeaded(st *secState, at int, term, stmt string, conf float64, loose bool) {
	n := len(x.cands)
	x.addTerms(st, at, []boldTerm{{text: term}}, stmt)
	for i := n; i < len(x.cands); i++ {
		x.cands[i].conf = conf
		x.cands[i].headed = true
		x.cands[i].topic = conf == topicConf
		x.cands[i].looseTopic = loose
	}
}

// A reference or a specification gives a section to each thing it
// describes, and its title names it: "### Simple strings" then "Simple
// strings are encoded as a plus (+) character, followed by a string.",
// "### Integers" then "This type is a CRLF-terminated string that
// represents a signed, base-10, 64-bit integer." A reader takes such a
// section as what the work says of that thing, however its opening is
// worded, when the opening speaks of what the title names: the title's
// head noun opens one of its first two sentences, or the first points
// back to the title ("This type", "It"). A section that opens on
// something else ("Each database is a set of files" under "Files") is
// about that; a title that names an activity ("Installing", "Verify
// installation") describes no thing; a tutorial's sections are its
// steps, a paper's and a book's are parts of an argument.

// A reference describes its things in a series: the data types of a
// protocol, the commands of a server, the fields of a message, each a
// section under one parent. A lone section whose opening happens to name
// its title (a runbook's "Diagnosis", "Slow disk") is a part of a
// procedure, not a thing described; a section is read as a topic only
// among minCatalogue siblings that are.

// minCatalogue is how many sections of one parent read as topics make
// them a catalogue of things.
const minCatalogue = 3

// classNoun are the kinds of thing a section about one points back to
// with "This …": "This type", "These fields".
var classNoun = map[string]bool{
	"type": true, "field": true, "message": true, "command": true, "value": true, "option": true,
	"parameter": true, "header": true, "flag": true, "attribute": true, "property": true,
	"element": true, "object": true, "method": true, "function": true, "extension": true,
	"frame": true, "record": true, "encoding": true, "format": true, "mode": true, "operation": true,
	"request": true, "response": true, "reply": true, "event": true, "state": true, "key": true,
	"setting": true, "directive": true, "endpoint": true, "resource": true, "structure": true,
}

// catalogueTopics drops the topics (cand.topic) that are not among
// minCatalogue of their parent section's that are (or define the term
// their title names, cand.headed), nor under one that is: the
// entries of a catalogue, and the sections they hold ("Null bulk
// strings" under "Bulk strings"). Among them a section whose opening
// names its title later (looseTopic: "Clients send commands to the
// server as RESP arrays" under "Arrays") is one more entry.
func (x *extractor) catalogueTopics(cs []cand) []cand {
	parent := map[*core.Section]*core.Section{}
	var walk func(p *core.Section, secs []*core.Section)
	walk = func(p *core.Section, secs []*core.Section) {
		for _, s := range secs {
			parent[s] = p
			walk(s, s.Children)
		}
	}
	walk(nil, x.a.Sections)
	count := map[*core.Section]int{}
	for i := range cs {
		if cs[i].headed && !cs[i].looseTopic {
			count[parent[cs[i].sec.s]]++
		}
	}
	said := map[string]bool{}
	return slices.DeleteFunc(cs, func(c cand) bool {
		if !c.topic {
			said[c.statement] = true
			return false
		}
		if said[c.statement] {
			// two sections opening alike ("Whereas RESP3 has a null
			// type…" under "Null bulk strings" and "Null arrays"): the
			// second is read on as the passage before it
			return true
		}
		said[c.statement] = true
		p := parent[c.sec.s]
		if count[p] >= minCatalogue {
			return false
		}
		return p == nil || count[parent[p]] < minCatalogue
	})
}

// topicConf is the confidence of a section read as what it describes:
// below a stated definition's.
const topicConf = 0.6

// minTopicWords is the shortest opening a section read as a topic has.
const minTopicWords = 5

// topicWindow is how many words of a sentence's opening may hold the
// head noun of the title it speaks of ("The Double RESP type encodes").
const topicWindow = 5

// latexTopic reads a LaTeX section of a reference or spec as what its
// title names (topicSection), its opening read as a statement is: a
// specification's "Compression Function", "Modes", "Chunk Chaining
// Values". A LaTeX section's term definitions are its author's
// environments and emphasis, read elsewhere.
func (x *extractor) latexTopic(st *secState, first int) {
	term := headedTerm(st.title)
	if term == "" {
		return
	}
	pos := 0
	for _, para := range strings.SplitAfter(st.own, "\n\n") {
		at := pos
		pos += len(para)
		p := strings.TrimSpace(para)
		if p == "" || p[0] == '%' || strings.HasPrefix(p, `\label`) {
			continue
		}
		if strings.HasPrefix(p, `\begin`) {
			return // a section opening on a figure, a list, a display
		}
		abs := st.body + at
		for _, c := range x.cands[first:] {
			if c.offset >= abs && c.offset < abs+len(para) {
				return // a reader took the opening
			}
		}
		x.texDoc()
		plain := strings.TrimSpace(text.CollapseSpace(x.texr.clean(para)))
		if plain == "" {
			continue
		}
		reading := x.topicSection(term, plain, "")
		if reading == notTopic || x.terms[termKey(termName(term))] {
			return
		}
		stmt := plain
		if spans := sentenceSpans(plain); len(spans) > 3 {
			stmt = plain[:spans[3][1]]
		}
		x.addHeaded(st, at+strings.Index(para, p), term, stmt, topicConf, reading == looseTopic)
		return
	}
}

// The readings of a section's opening against its title.
const (
	notTopic   = iota
	looseTopic // the title's head noun is in its first two sentences
	topic      // it opens one of them, or the first points back to it
)

// topicSection reads a section titled term, opening on plain and going
// on with rest, as a description of the thing term names.
func (x *extractor) topicSection(term, plain, rest string) int {
	if x.ctype != core.Spec && x.ctype != core.Reference && x.ctype != core.Unknown {
		return notTopic
	}
	w := strings.Fields(strings.ToLower(term))
	if activityWord(w[0]) || len(strings.Fields(plain)) < minTopicWords {
		return notTopic
	}
	if strings.HasSuffix(plain, ":") && openingCode(rest) == "" {
		return notTopic // it opens on a list of what it is not read as
	}
	head := text.Stem(w[len(w)-1])
	spans := sentenceSpans(plain)
	if len(spans) == 0 {
		spans = [][2]int{{0, len(plain)}}
	}
	reading := notTopic
	for k, sp := range spans[:min(2, len(spans))] {
		ws := passageWords(plain[sp[0]:sp[1]])
		if k == 0 && len(ws) > 1 && (ws[0] == "this" || ws[0] == "these") && classNoun[strings.TrimSuffix(ws[1], "s")] {
			return topic // "This type is a CRLF-terminated string"
		}
		for j, f := range ws {
			if text.Stem(f) == head {
				if j < topicWindow {
					return topic
				}
				reading = looseTopic
			}
		}
	}
	return reading
}

// activityWord is a title's first word that makes it an activity, not a
// thing: a gerund ("Installing", "Getting started") or an imperative.
func activityWord(w string) bool {
	if strings.HasSuffix(w, "ing") && len(w) > 5 {
		return true
	}
	switch w {
	case "install", "verify", "use", "set", "run", "create", "add", "update", "remove", "configure",
		"enable", "disable", "check", "build", "get", "make", "write", "read", "start", "stop",
		"upgrade", "uninstall", "migrate", "deploy", "test", "choose", "define", "see":
		return true
	}
	return false
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

// maxFormatLines bounds the format block a topic's opening introduces.
const maxFormatLines = 3

// openingCode is the short code block rest opens on (its first paragraph
// indented or fenced: a message's format, "#<t|f>\r\n"), quoted as code
// on one line; "" when rest opens on anything else.
func openingCode(rest string) string {
	rest = strings.TrimLeft(rest, "\n")
	para, _, _ := strings.Cut(rest, "\n\n")
	lines := strings.Split(strings.TrimRight(para, " \n"), "\n")
	if fence := strings.TrimSpace(lines[0]); strings.HasPrefix(fence, "```") || strings.HasPrefix(fence, "~~~") {
		if len(lines) < 3 || strings.TrimSpace(lines[len(lines)-1]) != fence[:3] {
			return ""
		}
		lines = lines[1 : len(lines)-1]
	} else {
		for _, l := range lines {
			if !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "\t") {
				return ""
			}
		}
	}
	if len(lines) == 0 || len(lines) > maxFormatLines {
		return ""
	}
	var code []string
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			if strings.Contains(l, "`") {
				return ""
			}
			code = append(code, "`"+l+"`")
		}
	}
	return strings.Join(code, " ")
}
