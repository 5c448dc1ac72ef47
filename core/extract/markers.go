package extract

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// numMode says whether a marker takes a number ("Definition 2.1").
type numMode int

const (
	numNone numMode = iota
	numOpt
	numReq
)

// marker is one textual marker word and what it produces.
type marker struct {
	word  string
	typ   core.PrimitiveType
	conf  float64
	kind  string // naming role: "definition", "theorem", "lemma", "step", "label" …
	num   numMode
	named bool // accepts "(Name)" or "[Name]" before the terminator
	colon bool // only ':' terminates; otherwise ':' or '.'
}

// hit is one accepted marker occurrence, offsets relative to the section's
// own text.
type hit struct {
	m      marker
	start  int // the marker word
	after  int // first byte after the terminator (and closing emphasis)
	number string
	name   string
}

var textbookMarkers = []marker{
	{word: "Definition", typ: core.Definition, conf: 0.9, kind: "definition", num: numOpt, named: true},
	{word: "Theorem", typ: core.Theorem, conf: 0.9, kind: "theorem", num: numOpt, named: true},
	{word: "Lemma", typ: core.Theorem, conf: 0.9, kind: "lemma", num: numOpt, named: true},
	{word: "Corollary", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Proposition", typ: core.Theorem, conf: 0.9, kind: "proposition", num: numOpt, named: true},
	{word: "Axiom", typ: core.Axiom, conf: 0.9, kind: "axiom", num: numOpt, named: true},
	{word: "Algorithm", typ: core.Algorithm, conf: 0.9, kind: "algorithm", num: numOpt, named: true},
	{word: "Identity", typ: core.Identity, conf: 0.9, kind: "identity", num: numOpt, named: true},
	// Some books (Winitzki's among them) call their propositions
	// "Statement"; only the colon form is a marker, the word is common.
	{word: "Statement", typ: core.Theorem, conf: 0.9, kind: "statement", num: numOpt, named: true, colon: true},
}

var tutorialMarkers = []marker{
	{word: "Step", typ: core.Technique, conf: 0.9, kind: "step", num: numReq},
	{word: "Key Concept", typ: core.Definition, conf: 0.8, kind: "concept", colon: true},
	{word: "Exercise", typ: core.Technique, conf: 0.7, kind: "label", num: numOpt, colon: true},
	{word: "Practice", typ: core.Technique, conf: 0.7, kind: "label", colon: true},
	{word: "Try this", typ: core.Technique, conf: 0.7, kind: "label", colon: true},
	{word: "Challenge", typ: core.Technique, conf: 0.7, kind: "label", num: numOpt, colon: true},
	{word: "Best Practice", typ: core.Technique, conf: 0.7, kind: "label", colon: true},
	{word: "Pro Tip", typ: core.Technique, conf: 0.7, kind: "label", colon: true},
	{word: "Tip", typ: core.Technique, conf: 0.7, kind: "label", colon: true},
}

var paperMarkers = []marker{
	{word: "Algorithm", typ: core.Algorithm, conf: 0.9, kind: "algorithm", num: numReq, named: true},
	{word: "Finding", typ: core.Theorem, conf: 0.8, kind: "label", num: numOpt, colon: true},
	{word: "Result", typ: core.Theorem, conf: 0.8, kind: "label", num: numOpt, colon: true},
	{word: "Observation", typ: core.Theorem, conf: 0.8, kind: "label", num: numOpt, colon: true},
	{word: "Method", typ: core.Technique, conf: 0.8, kind: "label", colon: true},
	{word: "Approach", typ: core.Technique, conf: 0.8, kind: "label", colon: true},
	{word: "Technique", typ: core.Technique, conf: 0.8, kind: "label", colon: true},
	{word: "Hypothesis", typ: core.Theorem, conf: 0.7, kind: "label", num: numOpt, colon: true},
	{word: "Conjecture", typ: core.Theorem, conf: 0.7, kind: "label", num: numOpt, colon: true},
}

var specMarkers = []marker{
	{word: "Interface", typ: core.Definition, conf: 0.8, kind: "ident", named: true, colon: true},
	{word: "Service", typ: core.Definition, conf: 0.8, kind: "ident", named: true, colon: true},
	{word: "Component", typ: core.Definition, conf: 0.8, kind: "ident", named: true, colon: true},
	{word: "Invariant", typ: core.Axiom, conf: 0.85, kind: "label", named: true, colon: true},
	{word: "Constraint", typ: core.Axiom, conf: 0.85, kind: "label", named: true, colon: true},
	{word: "Precondition", typ: core.Axiom, conf: 0.85, kind: "label", named: true, colon: true},
	{word: "Postcondition", typ: core.Axiom, conf: 0.85, kind: "label", named: true, colon: true},
}

var referenceMarkers = []marker{
	{word: "Design Pattern", typ: core.Technique, conf: 0.8, kind: "ident", colon: true},
	{word: "Pattern", typ: core.Technique, conf: 0.8, kind: "ident", colon: true},
	{word: "Rule", typ: core.Axiom, conf: 0.8, kind: "label", colon: true},
	{word: "Constraint", typ: core.Axiom, conf: 0.8, kind: "label", colon: true},
}

// blockWords start a new block in running text: a statement never runs
// past a line that opens with one of them.
var blockWords = []string{
	"Definition", "Theorem", "Lemma", "Corollary", "Proposition", "Proof", "Example",
	"Remark", "Exercise", "Algorithm", "Identity", "Note", "Statement", "Axiom", "Step",
	"Solution", "Answer", "Problem", "Claim",
}

func (x *extractor) textbook(st *secState) { x.markers(st, textbookMarkers) }

func (x *extractor) paper(st *secState) { x.markers(st, paperMarkers) }

func (x *extractor) reference(st *secState) {
	x.markers(st, referenceMarkers)
	x.signatures(st)
}

func (x *extractor) tutorial(st *secState) { x.markers(st, tutorialMarkers) }

// markers turns every hit of ms in the section into a candidate. A
// statement never runs into the next marker, which also keeps the work per
// section linear however densely markers occur.
func (x *extractor) markers(st *secState, ms []marker) {
	hs := scanMarkers(st.own, ms)
	for i, h := range hs {
		limit := len(st.own)
		if i+1 < len(hs) {
			limit = hs[i+1].start
		}
		x.markerCand(st, h, limit)
	}
}

// scanMarkers finds every accepted occurrence of the markers in s, in order.
// Where markers overlap ("Best Practice:" contains "Practice:"), the one
// that starts first wins, then the longer.
func scanMarkers(s string, ms []marker) []hit {
	var hits []hit
	for _, m := range ms {
		for i := 0; i < len(s); {
			j := strings.Index(s[i:], m.word)
			if j < 0 {
				break
			}
			start := i + j
			i = start + len(m.word)
			if h, ok := parseMarker(s, start, m); ok {
				hits = append(hits, h)
			}
		}
	}
	if len(hits) < 2 {
		return hits
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].start != hits[j].start {
			return hits[i].start < hits[j].start
		}
		return len(hits[i].m.word) > len(hits[j].m.word)
	})
	out := hits[:1]
	for _, h := range hits[1:] {
		if h.start < out[len(out)-1].after {
			continue
		}
		out = append(out, h)
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// wordBefore reports whether the rune before i continues a word.
func wordBefore(s string, i int) bool {
	if i <= 0 {
		return false
	}
	c := s[i-1]
	if c < utf8.RuneSelf {
		return isWordByte(c) || c == '\\'
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// parseMarker checks the occurrence of m.word at start against the marker
// grammar: word boundary, optional number, optional (name), then ':' or '.'.
func parseMarker(s string, start int, m marker) (hit, bool) {
	h := hit{m: m, start: start}
	if wordBefore(s, start) {
		return h, false
	}
	p := start + len(m.word)
	if p < len(s) && (isWordByte(s[p]) || s[p] >= utf8.RuneSelf) {
		return h, false
	}
	ls := lineStartBefore(s, start)
	lineStart := ls >= 0 && onlyLead(s[ls:start])
	if ls < 0 {
		ls = start - lookBack
	}
	// Emphasis counts only when it wraps the marker ("**Definition"), not
	// when the line merely holds an underscore somewhere before it.
	emph := start > 0 && (s[start-1] == '*' || s[start-1] == '_')
	if !lineStart && !m.colon && !afterSentence(s[ls:start]) {
		return h, false
	}
	p = skipBlank(s, p)
	if m.num != numNone {
		if q := parseNumber(s, p); q > p {
			h.number = s[p:q]
			p = skipBlank(s, q)
		} else if m.num == numReq {
			return h, false
		}
	}
	p, e := skipEmph(s, p)
	emph = emph || e
	p = skipBlank(s, p)
	if m.named && p < len(s) && (s[p] == '(' || s[p] == '[') {
		if q, ok := matchClose(s, p, 120); ok {
			h.name = s[p+1 : q]
			p = skipBlank(s, q+1)
		}
	}
	p, e = skipEmph(s, p)
	emph = emph || e
	if p >= len(s) {
		return h, false
	}
	switch s[p] {
	case ':':
	case '.':
		if m.colon {
			return h, false
		}
		if p+1 < len(s) && !isSpaceByte(s[p+1]) && s[p+1] != '*' && s[p+1] != '_' {
			return h, false
		}
		// "… in Theorem 3.1." at the start of a wrapped line is a reference,
		// not a block: accept only where a block can begin.
		if h.name == "" && !emph && (!lineStart || !blockCanStart(s, ls)) {
			return h, false
		}
	default:
		return h, false
	}
	p, _ = skipEmph(s, p+1)
	h.after = p
	return h, true
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// lookBack bounds how far before a marker its line start is searched: a
// marker further than this from a line start is mid-line, and the bound
// keeps a document made of one huge line linear.
const lookBack = 256

// lineStartBefore returns the start of the line holding position at, or -1
// when it lies more than lookBack bytes back.
func lineStartBefore(s string, at int) int {
	from := at - lookBack
	if from <= 0 {
		return strings.LastIndexByte(s[:at], '\n') + 1
	}
	i := strings.LastIndexByte(s[from:at], '\n')
	if i < 0 {
		return -1
	}
	return from + i + 1
}

// onlyLead reports whether the text between line start and a marker is only
// indentation, list bullets, quote marks, heading hashes or emphasis.
func onlyLead(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '>', '-', '+', '*', '_', '#', '|', '\f':
		default:
			return false
		}
	}
	return true
}

// afterSentence reports whether the text before a marker on its line ends
// a sentence ("… closed. Theorem 2 (Lagrange): …").
func afterSentence(s string) bool {
	t := strings.TrimRight(s, " \t*_")
	if len(t) == len(s) || t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?':
		return true
	}
	return false
}

// blockCanStart reports whether a line starting at ls can open a block:
// the line before it is blank, absent, a heading, or ends a sentence.
func blockCanStart(s string, ls int) bool {
	if ls == 0 {
		return true
	}
	prev := s[:ls-1]
	pl := lineStartBefore(prev, len(prev))
	if pl < 0 {
		pl = len(prev) - lookBack
	}
	line := strings.TrimSpace(prev[pl:])
	if line == "" || strings.HasPrefix(line, "#") {
		return true
	}
	switch line[len(line)-1] {
	case '.', '!', '?', ':', ';', ')', '*', '_', '$', '}':
		return true
	}
	return false
}

func skipBlank(s string, p int) int {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	return p
}

func skipEmph(s string, p int) (int, bool) {
	q := p
	for q < len(s) && (s[q] == '*' || s[q] == '_') {
		q++
	}
	return q, q > p
}

// parseNumber accepts "2", "2.1", "3.1.4", "V1", "A.2", "2a".
func parseNumber(s string, p int) int {
	q := p
	for n := 0; q < len(s) && n < 2 && 'A' <= s[q] && s[q] <= 'Z'; n++ {
		q++
	}
	if q < len(s) && s[q] == '.' && q > p {
		q++
	}
	d := q
	for q < len(s) && '0' <= s[q] && s[q] <= '9' {
		q++
	}
	if q == d {
		return p
	}
	for q+1 < len(s) && s[q] == '.' && '0' <= s[q+1] && s[q+1] <= '9' {
		q++
		for q < len(s) && '0' <= s[q] && s[q] <= '9' {
			q++
		}
	}
	if q < len(s) && 'a' <= s[q] && s[q] <= 'z' && (q+1 >= len(s) || !isWordByte(s[q+1])) {
		q++
	}
	if q < len(s) && (isWordByte(s[q]) || s[q] >= utf8.RuneSelf) {
		return p
	}
	return q
}

// matchClose finds the bracket closing the one at p within limit bytes and
// without crossing a blank line.
func matchClose(s string, p, limit int) (int, bool) {
	open := s[p]
	closeB := byte(')')
	if open == '[' {
		closeB = ']'
	}
	depth := 0
	for q := p; q < len(s) && q < p+limit; q++ {
		switch s[q] {
		case open:
			depth++
		case closeB:
			depth--
			if depth == 0 {
				return q, true
			}
		case '\n':
			if q+1 < len(s) && s[q+1] == '\n' {
				return 0, false
			}
		}
	}
	return 0, false
}

// blockText returns the statement following a marker: the rest of its
// paragraph, stopping at a blank line, a heading, a code fence, or a line
// that opens another block. When the marker's paragraph holds nothing
// else, the next paragraph is the statement.
func blockText(s string, from int) string {
	t, end := paragraph(s, from)
	if strings.TrimSpace(stripEmph(t)) == "" && end < len(s) {
		p := end
		for p < len(s) {
			nl := strings.IndexByte(s[p:], '\n')
			line := s[p:]
			if nl >= 0 {
				line = s[p : p+nl]
			}
			if strings.TrimSpace(line) != "" {
				break
			}
			if nl < 0 {
				p = len(s)
				break
			}
			p += nl + 1
		}
		if p < len(s) && !opensBlock(s[p:]) {
			t, _ = paragraph(s, p)
		}
	}
	return t
}

// maxBlock bounds how far a statement is read: it is cut to 500 bytes later,
// and a runaway paragraph must not cost more than that.
const maxBlock = 4096

func paragraph(s string, from int) (string, int) {
	p := from
	first := true
	for p < len(s) && p-from < maxBlock {
		nl := strings.IndexByte(s[p:], '\n')
		lineEnd := len(s)
		if nl >= 0 {
			lineEnd = p + nl
		}
		line := s[p:lineEnd]
		if !first {
			if strings.TrimSpace(line) == "" || opensBlock(line) {
				return s[from:p], p
			}
		}
		first = false
		if nl < 0 {
			return s[from:], len(s)
		}
		p = lineEnd + 1
	}
	if p > len(s) {
		p = len(s)
	}
	return s[from:p], p
}

// opensBlock reports whether a line starts something a statement must not
// swallow: a heading, a code fence, a table row, or another block marker.
func opensBlock(line string) bool {
	t := strings.TrimLeft(line, " \t>")
	if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || strings.HasPrefix(t, "|") {
		return true
	}
	t = strings.TrimLeft(t, "*_-+ ")
	for _, w := range blockWords {
		if strings.HasPrefix(t, w) && (len(t) == len(w) || !isWordByte(t[len(w)])) {
			return true
		}
	}
	return false
}

// stripEmph removes Markdown strong/emphasis runs so statements read as
// prose.
func stripEmph(s string) string {
	if !strings.ContainsAny(s, "*_") {
		return s
	}
	r := strings.NewReplacer("**", "", "__", "")
	return r.Replace(s)
}

// emphTerm returns the first Markdown-emphasized phrase of s: **x**, __x__,
// *x* or _x_ with the markers at word edges.
func emphTerm(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '*' && c != '_' {
			continue
		}
		if i > 0 && (isWordByte(s[i-1]) || s[i-1] == c) {
			continue
		}
		d := c
		n := 1
		if i+1 < len(s) && s[i+1] == d {
			n = 2
		}
		q := i + n
		if q >= len(s) || s[q] == ' ' || s[q] == '\n' || s[q] == d {
			continue
		}
		win := s[q:]
		if len(win) > 82 {
			win = win[:82] // an emphasized term is short; never scan far
		}
		closeAt := strings.Index(win, strings.Repeat(string(d), n))
		if closeAt <= 0 || closeAt > 80 {
			continue
		}
		inner := s[q : q+closeAt]
		if strings.ContainsAny(inner, "\n") || strings.HasSuffix(inner, " ") {
			continue
		}
		after := q + closeAt + n
		if after < len(s) && isWordByte(s[after]) {
			continue
		}
		return inner
	}
	return ""
}

// markerCand turns a marker hit into a candidate with its statement and name.
func (x *extractor) markerCand(st *secState, h hit, limit int) {
	if limit < h.after {
		limit = h.after
	}
	raw := blockText(st.own[:limit], h.after)
	stmt := x.prose(raw)
	if h.m.kind == "label" && (h.m.word == "Finding" || h.m.word == "Result" || h.m.word == "Observation" ||
		h.m.word == "Method" || h.m.word == "Approach" || h.m.word == "Technique" ||
		h.m.word == "Hypothesis" || h.m.word == "Conjecture") {
		stmt = stripCitations(stmt)
	}
	c := cand{
		typ:       h.m.typ,
		statement: stmt,
		number:    h.number,
		offset:    st.body + h.start,
		conf:      h.m.conf,
	}
	c.name = x.markerName(st, h, raw, stmt)
	x.add(st, c)
}

// prose renders a marker statement as reading text for the document's
// format.
func (x *extractor) prose(raw string) string {
	switch x.format {
	case core.FormatLaTeX:
		return cleanLaTeX(raw)
	case core.FormatPreTeXt:
		return cleanXML(raw)
	}
	return stripEmph(raw)
}

func (x *extractor) markerName(st *secState, h hit, raw, stmt string) string {
	if h.name != "" {
		if n := givenName(x.prose(h.name)); n != "" {
			if h.m.kind == "step" {
				return "Step " + h.number + ": " + n
			}
			return n
		}
	}
	first := firstLine(raw)
	switch h.m.kind {
	case "definition", "concept":
		if t := emphTerm(first + " " + raw); t != "" {
			if n := termName(x.prose(t)); n != "" {
				return n
			}
		}
		if n := definedTerm(stmt); n != "" {
			return titleCase(n)
		}
		if h.m.kind == "concept" {
			return titleCase(leadPhrase(stmt, 5))
		}
		return x.topicName(st, "Definition", h.number)
	case "theorem", "lemma", "corollary", "proposition", "axiom", "statement":
		k := kindWord(h.m.kind)
		if n := x.topicName(st, k, h.number); n != "" {
			return n
		}
		if n := statementPhrase(stmt, 4); n != "" {
			return tidyName(withKind(titleCase(n), k))
		}
		return ""
	case "algorithm":
		if n := statementPhrase(stmt, 4); n != "" {
			return tidyName(withKind(titleCase(n), "Algorithm"))
		}
		return x.topicName(st, "Algorithm", h.number)
	case "identity":
		return x.topicName(st, "Identity", h.number)
	case "step":
		concept := titleCase(leadPhrase(x.prose(first), 7))
		if concept == "" {
			concept = titleCase(leadPhrase(stmt, 7))
		}
		if concept == "" {
			return "Step " + h.number
		}
		return tidyName("Step " + h.number + ": " + concept)
	case "ident":
		return identName(stmt)
	default:
		return titleCase(leadPhrase(stmt, 6))
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// identName names interface/service/pattern entries: an identifier-looking
// first word (Renderer, io.Writer, Observer) is the name by itself.
func identName(stmt string) string {
	f := strings.Fields(stmt)
	if len(f) > 0 {
		w := strings.Trim(f[0], ",;:.()`*\"'")
		verbNext := len(f) > 2 && verbLike(strings.ToLower(f[1]), w) && (articles[strings.ToLower(f[2])] || determiners[strings.ToLower(f[2])])
		if looksIdent(w) && (len(f) == 1 || verbNext || strings.ContainsAny(w, "._") || hasInnerUpper(w) ||
			strings.HasSuffix(f[0], ":") || strings.HasSuffix(f[0], ",")) {
			return w
		}
	}
	return titleCase(leadPhrase(stmt, 4))
}

func hasInnerUpper(w string) bool {
	for i := 1; i < len(w); i++ {
		if 'A' <= w[i] && w[i] <= 'Z' {
			return true
		}
	}
	return false
}

// looksIdent reports whether w reads like a program identifier: letters,
// digits, '_' or '.', starting with a letter, at least two characters, and
// not an English stopword.
func looksIdent(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(isWordByte(c) || c == '.') {
			return false
		}
	}
	if c := w[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_') {
		return false
	}
	if w[len(w)-1] == '.' {
		return false
	}
	return !stopwordIdent(w)
}

// stripCitations removes numeric citations ("[12]", "[3, 4]", "[5-7]") so
// paper statements read as claims.
func stripCitations(s string) string {
	if strings.IndexByte(s, '[') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			j := i + 1
			ok := false
			for j < len(s) && j-i < 40 {
				c := s[j]
				if c == ']' {
					ok = j > i+1
					break
				}
				if !('0' <= c && c <= '9' || c == ',' || c == ' ' || c == '-') {
					break
				}
				j++
			}
			if ok {
				for len(b) > 0 && b[len(b)-1] == ' ' {
					b = b[:len(b)-1]
				}
				i = j
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}
