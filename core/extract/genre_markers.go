package extract

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
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
	// lost: the number is there but unreadable (a PDF's unmapped digits)
	lost bool
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
	// The same labels in the languages textbooks are most often written
	// in besides English (German, French, Spanish, Italian, Portuguese);
	// "Definition", "Lemma", "Proposition" and "Axiom" are spelled alike.
	{word: "Satz", typ: core.Theorem, conf: 0.9, kind: "theorem", num: numOpt, named: true},
	{word: "Hilfssatz", typ: core.Theorem, conf: 0.9, kind: "lemma", num: numOpt, named: true},
	{word: "Korollar", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Folgerung", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Théorème", typ: core.Theorem, conf: 0.9, kind: "theorem", num: numOpt, named: true},
	{word: "Définition", typ: core.Definition, conf: 0.9, kind: "definition", num: numOpt, named: true},
	{word: "Lemme", typ: core.Theorem, conf: 0.9, kind: "lemma", num: numOpt, named: true},
	{word: "Corollaire", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Teorema", typ: core.Theorem, conf: 0.9, kind: "theorem", num: numOpt, named: true},
	{word: "Definición", typ: core.Definition, conf: 0.9, kind: "definition", num: numOpt, named: true},
	{word: "Definizione", typ: core.Definition, conf: 0.9, kind: "definition", num: numOpt, named: true},
	{word: "Definição", typ: core.Definition, conf: 0.9, kind: "definition", num: numOpt, named: true},
	{word: "Lema", typ: core.Theorem, conf: 0.9, kind: "lemma", num: numOpt, named: true},
	{word: "Corolario", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Corollario", typ: core.Theorem, conf: 0.9, kind: "corollary", num: numOpt, named: true},
	{word: "Proposición", typ: core.Theorem, conf: 0.9, kind: "proposition", num: numOpt, named: true},
	{word: "Proposizione", typ: core.Theorem, conf: 0.9, kind: "proposition", num: numOpt, named: true},
}

// numberedResults are results that papers and books number on the shared
// counter beside their theorems ("Claim 2.", "Observation 3 ([SMM19]).",
// "Fact 4."): only numbered, as the words are common.
var numberedResults = []marker{
	{word: "Claim", typ: core.Theorem, conf: 0.85, kind: "claim", num: numReq, named: true},
	{word: "Observation", typ: core.Theorem, conf: 0.85, kind: "observation", num: numReq, named: true},
	{word: "Fact", typ: core.Theorem, conf: 0.85, kind: "fact", num: numReq, named: true},
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
	"Solution", "Answer", "Problem", "Claim", "Observation", "Fact",
	// The labels of textbookMarkers' other languages, and their proofs,
	// examples, remarks and exercises.
	"Satz", "Hilfssatz", "Korollar", "Folgerung", "Beweis", "Beispiel", "Bemerkung", "Aufgabe",
	"Théorème", "Définition", "Lemme", "Corollaire", "Preuve", "Démonstration", "Exemple", "Remarque", //nolint:misspell // French, not misspelt English
	"Teorema", "Definición", "Definizione", "Definição", "Lema", "Corolario", "Corollario",
	"Proposición", "Proposizione", "Demostración", "Dimostrazione", "Ejemplo", "Esempio",
}

// bookMarkers are what a textbook's running text marks.
var bookMarkers = append(append([]marker{}, textbookMarkers...), numberedResults...)

func (x *extractor) textbook(st *secState) {
	x.resultHeading(st, bookMarkers)
	x.titledResults(st)
	x.markers(st, bookMarkers)
}

// resultHeading reads a section whose heading is a numbered result, as
// HTML and EPUB books set them: "###### Theorem 3.2.1." or "###### Lemma
// 4.1.5. Handshake Lemma." with the statement as the section's first
// paragraph. The words after the number are the result's name.
func (x *extractor) resultHeading(st *secState, ms []marker) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	title := strings.TrimLeft(st.s.Title, "#*_ \t")
	if title == "" || title[0] < 'A' || title[0] > 'Z' {
		return
	}
	var h hit
	found := false
	for _, m := range ms {
		if !resultKinds[m.kind] || !strings.HasPrefix(title, m.word) {
			continue
		}
		if hh, ok := parseMarker(title+"\n", 0, m); ok && hh.number != "" {
			h, found = hh, true
			break
		}
	}
	if !found {
		x.titledResultHeading(st, title)
		return
	}
	hStart := clamp(st.s.Offset, 0, len(x.doc))
	hEnd := clamp(st.body, hStart, len(x.doc))
	k := strings.Index(x.doc[hStart:hEnd], h.m.word+" "+h.number)
	if k < 0 {
		return
	}
	if rest := strings.Trim(title[min(h.after, len(title)):], " .:*_"); rest != "" && h.name == "" {
		h.name = rest
	}
	raw := blockText(st.own, 0)
	raw = resultText(st.own, 0, raw)
	stmt := x.prose(raw)
	c := cand{typ: h.m.typ, statement: stmt, number: h.number, offset: hStart + k, conf: h.m.conf}
	// The section's title is the marker itself: no topic to name it by.
	named := *st
	named.title = ""
	c.name = x.markerName(&named, h, raw, stmt)
	x.add(st, c)
}

// titledResultHeading reads a heading that is a result's number and title
// in a book that numbers its results first ("3.6 Lemma", then "6.7 Cut
// elimination theorem"): the title ends in the kind of result, and the
// statement is the section's first paragraph. In a book that does not
// number results that way, such a heading is an ordinary section.
func (x *extractor) titledResultHeading(st *secState, title string) {
	if st.s.Number == "" || !strings.Contains(st.s.Number, ".") || !x.swapsNumbers() {
		return
	}
	at := clamp(st.s.Offset, 0, len(x.doc))
	if k := strings.Index(x.doc[at:clamp(st.body, at, len(x.doc))], st.s.Number); k >= 0 {
		at += k
	}
	x.addTitled(st, title, st.s.Number, st.own, 0, at)
}

// titledLine is a line holding only a result's number and title: "6.7
// Cut elimination theorem".
var titledLine = lazyre.New(`(?m)^([0-9]+\.[0-9]+)\.?[ \t]+([A-Z][^\n.:]{2,70}?)[ \t]*$`)

// titledResults reads the results of running text that a book numbering
// its results first titles instead of kinding ("6.7 Cut elimination
// theorem" among "6.6 Lemma"): the statement runs from the next line to
// its proof or the next numbered line.
func (x *extractor) titledResults(st *secState) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText || !x.swapsNumbers() {
		return
	}
	s := st.own
	ms := titledLine.FindAllStringSubmatchIndex(s, -1)
	for i, m := range ms {
		limit := len(s)
		if i+1 < len(ms) {
			limit = ms[i+1][0]
		}
		if n := swappedResult.FindStringIndex(s[m[1]:limit]); n != nil {
			limit = m[1] + n[0]
		}
		x.addTitled(st, s[m[4]:m[5]], s[m[2]:m[3]], s[:limit], m[1], st.body+m[0])
	}
}

// addTitled adds the result a title names ("Cut elimination theorem",
// numbered number, at offset at) when the title ends in a kind of result:
// its statement is the text of s from p to its proof.
func (x *extractor) addTitled(st *secState, title, number, s string, p, at int) {
	ws := strings.Fields(title)
	if len(ws) < 2 || len(ws) > 8 {
		return
	}
	kind := strings.ToLower(strings.Trim(ws[len(ws)-1], ".:"))
	if !titledKinds[kind] {
		return
	}
	stmt := x.prose(resultText(s, p, blockText(s, p)))
	if stmt == "" {
		return
	}
	x.add(st, cand{
		typ: core.Theorem, statement: stmt, number: number, kind: upperFirst(kind),
		offset: at, conf: 0.85, name: givenName(title),
	})
}

// titledKinds end a result's title: "Cut elimination theorem".
var titledKinds = map[string]bool{
	"theorem": true, "lemma": true, "corollary": true, "proposition": true, "principle": true, "hauptsatz": true,
}

// swappedResult is a line that opens a result with its number first.
var swappedResult = lazyre.New(`(?m)^[0-9]+\.[0-9]+\.?[ \t]+(?:Definition|Lemma|Theorem|Proposition|Corollary)\b`)

// swapsNumbers reports whether the document sets its results number
// first, at least three times.
func (x *extractor) swapsNumbers() bool {
	if x.swaps == 0 {
		x.swaps = -1
		if swappedResults(x.doc, 3) == 3 {
			x.swaps = 1
		}
	}
	return x.swaps > 0
}

// swappedResults counts the lines of s that swappedResult matches, up to
// max. It is the regular expression's count written out: a regular
// expression anchored at every line of a large document, run to its end
// when it has no such line (most have none), was a tenth of extracting it.
func swappedResults(s string, max int) int {
	n := 0
	for i := 0; i < len(s) && n < max; {
		if swappedAt(s[i:]) {
			n++
		}
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return n
}

// swappedAt reports whether swappedResult matches at the start of line.
func swappedAt(line string) bool {
	digits := func(i int) int {
		for i < len(line) && '0' <= line[i] && line[i] <= '9' {
			i++
		}
		return i
	}
	i := digits(0)
	if i == 0 || i >= len(line) || line[i] != '.' {
		return false
	}
	j := digits(i + 1)
	if j == i+1 {
		return false
	}
	if j < len(line) && line[j] == '.' {
		j++
	}
	k := j
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	if k == j {
		return false
	}
	for _, w := range swappedWords {
		if strings.HasPrefix(line[k:], w) {
			e := k + len(w)
			return e == len(line) || !isWordByte(line[e])
		}
	}
	return false
}

// swappedWords are the result words of swappedResult; none is a prefix of
// another, so at most one can match.
var swappedWords = []string{"Definition", "Lemma", "Theorem", "Proposition", "Corollary"}

// paperResultMarkers are what a paper states: its numbered results and
// definitions ("Lemma 3.", "Proposition 1 (Title).", "Definition 2") and
// the paper markers. A paper's PDF text has no environments left, so these
// paragraphs are its primitives.
var paperResultMarkers = func() []marker {
	var ms []marker
	for _, m := range textbookMarkers {
		if m.word != "Algorithm" && m.word != "Statement" {
			ms = append(ms, m)
		}
	}
	ms = append(ms, numberedResults...)
	return append(ms, paperMarkers...)
}()

func (x *extractor) paper(st *secState) {
	x.resultHeading(st, paperResultMarkers)
	x.markers(st, paperResultMarkers)
}

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
		if h.m.word == "Result" && h.number == "" && algorithmHeader(st.own, h.start) {
			// "Data: …" then "Result: …" open a pseudo-code box.
			continue
		}
		limit := len(st.own)
		if i+1 < len(hs) {
			limit = hs[i+1].start
			// The next marker's number may stand before it ("2.8 Lemma").
			if ls := lineStartBefore(st.own, limit); ls >= 0 && swappedNumber(st.own[ls:limit]) != "" {
				limit = ls
			}
		}
		x.markerCand(st, h, limit)
	}
}

// scanMarkers finds every accepted occurrence of the markers in s, in order.
// Where markers overlap ("Best Practice:" contains "Practice:"), the one
// that starts first wins, then the longer.
func scanMarkers(s string, ms []marker) []hit {
	var hits []hit
	lossy := strings.Contains(s, unmappedGlyph)
	for _, m := range ms {
		forms := []string{m.word}
		if lossy {
			forms = append(forms, unmappedLigatures(m.word)...)
		}
		for _, w := range forms {
			mw := m
			mw.word = w
			for i := 0; i < len(s); {
				j := strings.Index(s[i:], w)
				if j < 0 {
					break
				}
				start := i + j
				i = start + len(w)
				if h, ok := parseMarker(s, start, mw); ok {
					h.m.word = m.word
					hits = append(hits, h)
				}
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

// unmappedGlyph is how a PDF's text shows a glyph its font maps to no
// character.
const unmappedGlyph = "\uFFFD"

// fontLigatures are the letter pairs and triples fonts set as one glyph;
// a PDF whose font maps no text for one writes it as one U+FFFD.
var fontLigatures = []string{"ffi", "ffl", "ff", "fi", "fl", "ft", "fj", "ti", "tt", "tf", "st", "ct", "Th"}

// unmappedLigatures gives word as a PDF writes it when its font maps one
// of its ligatures to nothing ("Definition": "Defini�on"), each way once.
func unmappedLigatures(word string) []string {
	var out []string
	for _, l := range fontLigatures {
		for i := 0; ; {
			k := strings.Index(word[i:], l)
			if k < 0 {
				break
			}
			at := i + k
			out = append(out, word[:at]+unmappedGlyph+word[at+len(l):])
			i = at + 1
		}
	}
	return out
}

// endsNamePhrase reports whether lead, the line before a marker's word,
// ends in a word of a name the marker's word would close: a capitalised
// word or a small word names join with ("Type of", "Web").
func endsNamePhrase(lead string) bool {
	ws := strings.Fields(lead)
	if len(ws) == 0 {
		return false
	}
	w := ws[len(ws)-1]
	return specNameJoiner(w) || isUpperByte(w[0]) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
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
	// Books that swap numbers ("2.7 Definition · Substitution", amsthm's
	// \swapnumbers) put the number first.
	swapped := ""
	if !lineStart && ls >= 0 && m.num != numNone && resultKinds[m.kind] {
		if n := swappedNumber(s[ls:start]); n != "" {
			swapped, lineStart = n, true
		}
	}
	if ls < 0 {
		ls = start - lookBack
	}
	// Emphasis counts only when it wraps the marker ("**Definition"), not
	// when the line merely holds an underscore somewhere before it.
	emph := start > 0 && (s[start-1] == '*' || s[start-1] == '_')
	if !lineStart && !m.colon && !afterSentence(s[ls:start]) {
		return h, false
	}
	if !lineStart && m.colon && !afterSentence(s[ls:start]) && endsNamePhrase(s[ls:start]) {
		// "Type of Service:  8 bits", "Web Service:": the marker's word
		// ends a longer name, whose entry it is not
		return h, false
	}
	p = skipBlank(s, p)
	if m.num != numNone && lineStart && p < len(s) && s[p] == '\n' {
		// PDF text can put the number on the next line ("Lemma\n5 (Title).").
		if q := skipBlank(s, p+1); parseNumber(s, q) > q {
			p = q
		}
	}
	if swapped != "" {
		h.number = swapped
		if t, q, ok := dotTitle(s, p); ok {
			// "2.7 Definition · Substitution": the title runs to the line's
			// end, the statement follows on the next lines.
			h.name = t
			p = q
		}
	} else if m.num != numNone {
		if q := parseNumber(s, p); q > p {
			h.number = s[p:q]
			p = skipBlank(s, q)
		} else if q := unreadableNumber(s, p); q > p {
			// "Theorem �": a PDF whose font maps no digits; the block
			// is read, its number not written as what it is not
			h.lost = true
			p = skipBlank(s, q)
		} else if q := parseAcronym(s, p); emph && lineStart && q > p {
			// "**Theorem RREF**": books that label results by acronym.
			h.number = s[p:q]
			p = skipBlank(s, q)
		} else if m.num == numReq {
			return h, false
		}
	}
	if emph && lineStart && m.named && p < len(s) && !strings.ContainsRune("*_([.:\n", rune(s[p])) {
		// "**Theorem 2.1 Fundamental Theorem** Text": the title runs to
		// the emphasis that closes the label.
		if q, t, ok := emphTitle(s, p, s[start-1]); ok {
			h.name = t
			p = q
			if p < len(s) && s[p] != ':' && s[p] != '.' {
				if q := skipBlank(s, p); q < len(s) {
					if r, _ := utf8.DecodeRuneInString(s[q:]); unicode.IsUpper(r) || unicode.IsDigit(r) || s[q] == '$' || s[q] == '\\' || s[q] == '\n' {
						h.after = q
						return h, true
					}
				}
				return h, false
			}
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
	if s[p] != ':' && s[p] != '.' {
		// "Definition 2.1 A group is …": books set the marker in bold and
		// their EPUB and PDF text keeps no punctuation after it.
		if q, ok := bareResult(s, p, h, m, lineStart, ls, swapped != ""); ok {
			h.after = q
			return h, true
		}
		// A label alone: set apart by its type on its own line, or a
		// paragraph of its own where a converter lost the type.
		alone := lineStart && paragraphStart(s, ls)
		if q, ok := loneLabel(s, p, alone); ok && h.number == "" && (emph || alone) && lineStart && m.named && !m.colon && resultKinds[m.kind] {
			h.after = q
			return h, true
		}
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
		if h.name == "" && !emph && swapped == "" && (!lineStart || !blockCanStart(s, ls) && !(h.number != "" && afterNonProse(s, ls) && statementStarts(s, p+1))) {
			return h, false
		}
	default:
		return h, false
	}
	p, _ = skipEmph(s, p+1)
	if tocEntry(s, p) {
		return h, false
	}
	h.after = p
	return h, true
}

// tocEntry reports a line that goes on from p to a dot leader and a page
// number: an entry of a list of theorems or a table of contents ("Satz
// 1.4. Erzeuger der σ-Algebra . . . . . 10"), not the block itself.
func tocEntry(s string, p int) bool {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 {
		eol = len(s) - p
	}
	line := strings.TrimRight(s[p:p+eol], " \t")
	body := strings.TrimRight(line, "0123456789ivxlc")
	if len(body) == len(line) {
		return false // no page number at the end
	}
	body = strings.TrimRight(body, " \t")
	return strings.HasSuffix(body, ". . .") || strings.HasSuffix(body, "...") || strings.HasSuffix(body, "…")
}

// bareResult accepts a numbered result marker without a terminator
// ("Theorem 3 Every …", or "Definition 2.1" alone on its line before its
// statement) where a block can begin (a number set before the marker,
// "2.8 Lemma", says so by itself), when the statement starts with a
// capital letter: "Lemma 5 are well-known" and "Theorem 1 in the paper"
// are mentions, not results. A table-of-contents line ("Theorem 2.1
// Fundamental theorem . . . 23") is not one either. It returns where the
// statement starts.
func bareResult(s string, p int, h hit, m marker, lineStart bool, ls int, swapped bool) (int, bool) {
	if h.number == "" && !h.lost || !m.named || m.colon || !resultKinds[m.kind] || !lineStart || !swapped && !blockCanStart(s, ls) {
		return 0, false
	}
	if p == 0 || !isSpaceByte(s[p-1]) && !isSpaceByte(s[p]) && s[p-1] != ')' && s[p-1] != ']' && s[p-1] != '*' && s[p-1] != '_' {
		return 0, false
	}
	eol := strings.IndexByte(s[p:], '\n')
	line := s[p:]
	if eol >= 0 {
		line = s[p : p+eol]
	}
	if strings.Contains(line, ". . .") || strings.Contains(line, "....") || strings.Contains(line, "…") && strings.TrimSpace(line) != "…" {
		return 0, false
	}
	q := p
	if strings.TrimSpace(line) == "" {
		// The statement starts on the next line (after a blank one, when
		// the number came first, or when the label is a paragraph of its
		// own, as converters that lose the label's type write it).
		if eol < 0 {
			return 0, false
		}
		q = p + eol + 1
		alone := swapped || paragraphStart(s, ls)
		for q < len(s) && (s[q] == ' ' || s[q] == '\t' || alone && (s[q] == '\n' || s[q] == '\r') && q < p+eol+3) {
			q++
		}
		if opensBlock(s[q:min(len(s), q+40)]) {
			// "Lemma 1" over "Lemma 3": lines of a proof naming results.
			return 0, false
		}
	}
	if q >= len(s) {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[q:])
	if unicode.IsUpper(r) {
		return q, true
	}
	// A swapped number is evidence enough for a statement that opens with
	// a formula ("𝜀0 is the least fixed point"), never with a lower-case
	// word, which is prose mentioning the result.
	// (Mathematical italic letters, "𝛼", count as a formula.)
	if swapped && !('a' <= r && r <= 'z') && r != '\n' && r != '\r' {
		return q, true
	}
	return 0, false
}

// resultKinds are the marker kinds that may stand without a terminator.
// loneLabel reads an unnumbered label set apart alone on its line
// ("**Definition**" over "Sei A ⊆ P(X) …", as books that number nothing
// set their blocks): p is past the label's emphasis, and the statement
// starts on the next line, with a capital or a formula. It returns where
// the statement starts.
func loneLabel(s string, p int, alone bool) (int, bool) {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 || strings.TrimSpace(s[p:p+eol]) != "" {
		return 0, false
	}
	q := p + eol + 1
	for q < len(s) && (s[q] == ' ' || s[q] == '\t' || alone && (s[q] == '\n' || s[q] == '\r') && q < p+eol+3) {
		q++
	}
	if q >= len(s) || opensBlock(s[q:min(len(s), q+40)]) {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[q:])
	return q, unicode.IsUpper(r) || r == '$'
}

var resultKinds = map[string]bool{
	"definition": true, "theorem": true, "lemma": true, "corollary": true, "proposition": true, "axiom": true,
	"claim": true, "observation": true, "fact": true,
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
// paragraphStart reports whether the line starting at ls opens a
// paragraph: the text's start, or a blank line or a heading before it.
func paragraphStart(s string, ls int) bool {
	if ls <= 0 {
		return true
	}
	prev := strings.TrimRight(s[:ls], " \t")
	return prev == "" || strings.HasSuffix(prev, "\n\n") || strings.HasSuffix(prev, "\n\r\n")
}

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

// parseAcronym accepts a label made of capitals and digits, at least two
// capitals ("RREF", "SLEMM", "EMP2"), that ends the word.
func parseAcronym(s string, p int) int {
	q, caps := p, 0
	for q < len(s) && q-p < 10 && ('A' <= s[q] && s[q] <= 'Z' || '0' <= s[q] && s[q] <= '9' && q > p) {
		if s[q] <= 'Z' && s[q] >= 'A' {
			caps++
		}
		q++
	}
	if caps < 2 || q < len(s) && (isWordByte(s[q]) || s[q] >= utf8.RuneSelf || s[q] == '-') {
		return p
	}
	return q
}

// emphTitle reads the title that runs from p to the emphasis closing a
// run-in label on the same line (mark is '*' or '_'): it returns where
// the label ends (past its closing marks) and the title.
func emphTitle(s string, p int, mark byte) (int, string, bool) {
	limit := min(len(s), p+160)
	for q := p; q < limit; q++ {
		switch s[q] {
		case '\n':
			return 0, "", false
		case mark:
			t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[p:q]), ".:"))
			if t == "" || strings.ContainsAny(t, "*_") {
				return 0, "", false
			}
			if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
				t = t[1 : len(t)-1]
			}
			q, _ = skipEmph(s, q)
			return q, t, true
		}
	}
	return 0, "", false
}

// parseNumber accepts "2", "2.1", "3.1.4", "V1", "A.2", "2a".
// unreadableNumber gives the end of a number some of whose digits a PDF's
// font left unmapped (U+FFFD): "�", "�.��", "2.�"; p when there is none.
func unreadableNumber(s string, p int) int {
	q, lost := p, false
	for q < len(s) {
		switch {
		case strings.HasPrefix(s[q:], "\uFFFD"):
			q += len("\uFFFD")
			lost = true
		case '0' <= s[q] && s[q] <= '9', s[q] == '.' && q > p:
			q++
		default:
			if !lost || isWordByte(s[q]) {
				return p
			}
			return q
		}
	}
	if !lost {
		return p
	}
	return q
}

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
	if n := swappedLead(t); n > 0 {
		// "2.9 Convention · …": a block numbered before its kind.
		return true
	}
	t = strings.TrimLeft(t, "*_-+ ")
	for _, w := range blockWords {
		if strings.HasPrefix(t, w) && (len(t) == len(w) || !isWordByte(t[len(w)])) {
			return true
		}
	}
	return opensSketch(line)
}

// stripEmph removes Markdown strong/emphasis runs so statements read as
// prose.
func stripEmph(s string) string {
	if !strings.ContainsAny(s, "*_") {
		return s
	}
	s = strings.NewReplacer("**", "", "__", "").Replace(s)
	if !strings.Contains(s, "*") {
		return s
	}
	// *term*, at word edges and holding no formula: twice, since one
	// pass cannot take two terms that share the space between them.
	for range 2 {
		s = singleEmph.ReplaceAllString(s, "$1$2$3")
	}
	return s
}

// singleEmph is a phrase in single-star emphasis, *term*, its stars at
// word edges; a star in a formula ("$a^*$") is none.
var singleEmph = lazyre.New(`(^|[^\pL\pN_*\\])\*([^\s*$](?:[^*\n$]*[^\s*$\\])?)\*($|[^\pL\pN_*])`)

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

// statementStarters open a result's statement, never its title.
var statementStarters = map[string]bool{
	"let": true, "if": true, "a": true, "an": true, "the": true, "every": true, "each": true, "any": true,
	"for": true, "suppose": true, "assume": true, "there": true, "given": true, "we": true, "in": true,
	"then": true, "consider": true, "all": true, "no": true, "this": true, "two": true, "one": true,
	// The openings of textbookMarkers' other languages ("Sei A ⊆ X",
	// "Soit G un groupe", "Sea f", "Sia V").
	"sei": true, "seien": true, "es": true, "ist": true, "sind": true, "für": true, "jede": true, "jeder": true,
	"jedes": true, "gegeben": true, "dann": true, "wir": true, "soit": true, "soient": true, "si": true,
	"pour": true, "tout": true, "toute": true, "sea": true, "sean": true, "dado": true, "dada": true,
	"para": true, "todo": true, "sia": true, "siano": true, "dato": true, "ogni": true,
}

// titleVerbs are never in a result's title: their words make a sentence.
var titleVerbs = map[string]bool{
	"is": true, "are": true, "be": true, "has": true, "have": true, "holds": true, "hold": true, "was": true,
	"were": true, "can": true, "will": true, "let": true, "then": true, "iff": true, "if": true, "we": true,
	"heißt": true, "ist": true, "sind": true, "gilt": true, "est": true, "sont": true, "es": true, "son": true, "è": true,
}

// leadTitle reads the title books set right after a result's number in
// running text, where PDF and EPUB text keeps no markup: "Theorem 3.
// Weierstrass Approximation Theorem. The set …", "Theorem 5. Baire's
// Category Theorem If (Un) is …", "Definition 2. Open Set" over its
// statement. A title is a few words with no verb, no formula, not opening
// the way statements open; what follows it must start like a statement.
// It returns the title and where the statement starts.
func leadTitle(s string, p int) (string, int, bool) {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 {
		eol = len(s) - p
	}
	line := s[p : p+eol]
	f := strings.Fields(line)
	if len(f) == 0 || statementStarters[strings.ToLower(f[0])] {
		return "", 0, false
	}
	var words []string
	for i, w := range f {
		if i > 6 {
			return "", 0, false
		}
		bare := strings.TrimRight(w, ".:")
		l := strings.ToLower(bare)
		if i > 0 && len(words) > 0 {
			r, _ := utf8.DecodeRuneInString(bare)
			if statementStarters[l] && unicode.IsUpper(r) {
				// "Baire's Category Theorem If (Un) is …"
				at := p + strings.Index(line, " "+w) + 1
				return strings.Join(words, " "), at, true
			}
		}
		if bare == "" || titleVerbs[l] || strings.ContainsAny(bare, "()[]{}=<>∈⊆→0123456789$\\") {
			return "", 0, false
		}
		if i == 0 {
			if r, _ := utf8.DecodeRuneInString(bare); !unicode.IsUpper(r) {
				return "", 0, false
			}
		}
		words = append(words, bare)
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, ":") {
			// "Isometries. Let …": a title ends at its period, and a
			// statement must follow on the line.
			rest := strings.TrimSpace(line[strings.Index(line, w)+len(w):])
			if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsUpper(r) {
				return "", 0, false
			}
			return strings.Join(words, " "), p + strings.Index(line, rest), true
		}
	}
	// The whole line: a title over its statement.
	next := p + eol + 1
	if next >= len(s) || len(words) > 6 {
		return "", 0, false
	}
	q := skipBlank(s, next)
	if r, _ := utf8.DecodeRuneInString(s[min(q, len(s)):]); q >= len(s) || !unicode.IsUpper(r) {
		return "", 0, false
	}
	return strings.Join(words, " "), q, true
}

// markerCand turns a marker hit into a candidate with its statement and name.
func (x *extractor) markerCand(st *secState, h hit, limit int) {
	if limit < h.after {
		limit = h.after
	}
	if h.name == "" && (h.number != "" || h.lost) && resultKinds[h.m.kind] && x.format != core.FormatLaTeX && x.format != core.FormatPreTeXt {
		if t, q, ok := leadTitle(st.own[:limit], h.after); ok {
			h.name, h.after = t, q
		}
	}
	raw := blockText(st.own[:limit], h.after)
	if resultKinds[h.m.kind] && x.format != core.FormatLaTeX && x.format != core.FormatPreTeXt {
		raw = resultText(st.own[:limit], h.after, raw)
	}
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
	if h.number != "" && resultKinds[h.m.kind] {
		// The word it is numbered with, for references to it ("by
		// Lemma 3").
		c.kind = h.m.word
	}
	c.name = x.markerName(st, h, raw, stmt)
	x.add(st, c)
}

// prose renders a marker statement as reading text for the document's
// format: LaTeX with the document's own macros and references, as its
// theorem-like blocks are ("Step 1: Setup" of a proof in a book reads
// \QQ as the book defines it).
func (x *extractor) prose(raw string) string {
	switch x.format {
	case core.FormatLaTeX:
		x.texDoc()
		return x.texr.clean(raw)
	case core.FormatPreTeXt:
		return cleanXML(raw)
	}
	return stripEmph(raw)
}

func (x *extractor) markerName(st *secState, h hit, raw, stmt string) string {
	if h.name != "" && !attribution(dropCitationKeys(h.name)) {
		if n := givenName(x.prose(dropCitationKeys(h.name))); n != "" {
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
				// "A function f is *injective* if …" defines
				// "Injective Function", as a source's block names it.
				if adj := adjectiveSubject(stmt, x.prose(t)); adj != "" {
					return adj
				}
				return n
			}
		}
		if h.m.kind == "definition" {
			// "A map … is linear if" defines "Linear Map", not "Map".
			if n := predicateAdjective(stmt); n != "" {
				return n
			}
		}
		if n := definedTerm(stmt); n != "" {
			if n = definitionTerm(n); n != "" {
				return titleCase(n)
			}
		}
		if h.m.kind == "concept" {
			return titleCase(leadPhrase(stmt, 5))
		}
		if n := sayTerm(stmt); n != "" {
			return titleCase(n)
		}
		if x.ctype == core.Paper && h.number != "" {
			return h.m.word + " " + h.number
		}
		if h.number != "" {
			// "Definition 2.1 — Groups", as numbered blocks are named.
			return x.numberedName(st, &cand{typ: h.m.typ, number: h.number, kind: h.m.word})
		}
		return x.topicName(st, h.m.word, h.number)
	case "theorem", "lemma", "corollary", "proposition", "axiom", "statement", "claim", "observation", "fact":
		// The word the book labels it with, in the book's language.
		k := h.m.word
		if n := resultName(stmt); n != "" && wordyName(n) {
			// What it says, in words: "Any tree with at least two
			// vertices has at least two vertices of degree one".
			return n
		}
		if x.ctype == core.Paper && h.number != "" {
			// A paper's results are known by their numbers: "Lemma 3".
			return k + " " + h.number
		}
		if h.number != "" {
			// The number says which result it is, the section what it is
			// about: "Lemma 2.8 — Preliminaries", as numbered blocks are
			// named; a phrase cut from the statement would say neither.
			return x.numberedName(st, &cand{typ: h.m.typ, number: h.number, kind: k})
		}
		if n := x.topicName(st, k, h.number); n != "" {
			return n
		}
		if n := statementPhrase(stmt, 4); n != "" && !badName(n) {
			return tidyName(withKind(titleCase(n), k))
		}
		// Numbered in its section ("Theorem 3"), so that two such results
		// are not both "Theorem".
		return x.numberedName(st, &cand{typ: h.m.typ, kind: k})
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

// resultText extends a result's statement read by blockText when the PDF
// or EPUB text broke it into paragraphs before it ends: display formulas
// and page layout leave blank lines inside a statement ("For all" … formula
// … "is given by:" …). It reads on, paragraph by paragraph, while the text
// so far does not end a sentence, up to a line that opens a block (a proof,
// the next result, a heading) and at most maxResultParas paragraphs.
func resultText(s string, from int, raw string) string {
	// "Definition 4. Let X be a space and A ⊆ X." over a bulleted list of
	// what it defines: the list is the definition.
	list := setupLead(raw)
	if !incomplete(raw) && !list {
		return raw
	}
	i := strings.Index(s[from:], raw)
	if i < 0 {
		return raw
	}
	start := from + i
	end := start + len(raw)
	for n := 0; n < 2*maxResultParas && end-start < maxBlock; n++ {
		p := end
		for p < len(s) && isSpaceByte(s[p]) {
			p++
		}
		if p >= len(s) || opensBlock(s[p:min(len(s), p+40)]) {
			break
		}
		if !incomplete(s[start:end]) && !(list && (listItem.MatchString(s[p:min(len(s), p+8)]) || setupLine(s, p))) {
			break
		}
		if n >= maxResultParas && !list {
			break
		}
		_, e := paragraph(s, p)
		if e <= p {
			break
		}
		end = e
	}
	return s[start:end]
}

// setupLine reports a short paragraph at p that ends in a colon ("Es
// gelte:", "Then the following hold:"): the lead-in of the list after it.
func setupLine(s string, p int) bool {
	_, e := paragraph(s, p)
	if e <= p || e-p > 120 {
		return false
	}
	return strings.HasSuffix(strings.TrimSpace(s[p:e]), ":")
}

// listItem opens an item of a list in PDF or EPUB text: a bullet, a dash,
// or an enumerator such as "(i)", "(a)", "1." or "2)".
var listItem = lazyre.New(`^(?:[•◦▪‣∙·]|[-–*] |\((?:[ivx]{1,4}|[a-h]|[0-9]{1,2})\)|[0-9]{1,2}[.)] )`)

// setupLead reports a statement that only sets up what follows: it ends in
// a colon, or its one sentence opens with "Let", "Suppose" or "Assume".
func setupLead(raw string) bool {
	t := strings.TrimSpace(raw)
	if strings.HasSuffix(t, ":") {
		return true
	}
	if strings.Count(t, ". ") > 0 {
		return false
	}
	for _, w := range setupWords {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}

// setupWords open a statement that sets up what follows: English's and
// those of textbookMarkers' other languages (German "Sei", "Es seien",
// French "Soit", Spanish "Sea", Italian "Sia").
var setupWords = []string{
	"Let ", "Suppose ", "Assume ",
	"Sei ", "Seien ", "Es sei ", "Es seien ",
	"Soit ", "Soient ", "Sea ", "Sean ", "Sia ", "Siano ",
}

// maxResultParas bounds how many paragraphs a broken statement is read on
// (a setup over a list reads twice as many, one per item).
const maxResultParas = 8

// incomplete reports whether text stops before its sentence ends. Lines at
// the end that hold no word of three letters and no period are the pieces
// of a formula the PDF layout put after its sentence (a denominator, an
// index) and are looked past.
func incomplete(t string) bool {
	for {
		t = strings.TrimRight(t, " \t\r\n\f")
		i := strings.LastIndexByte(t, '\n')
		if i < 0 || hasWord(t[i+1:], 3) || strings.HasSuffix(t, ".") {
			break
		}
		t = t[:i]
	}
	t = strings.TrimRight(t, " \t\r\n\f*_)\"'’”")
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '.', '!', '?':
		return false
	}
	return true
}

// dropCitationKeys removes bracketed citations from a result's title:
// "Distance between X and Y; [CGS10]" → "Distance between X and Y",
// "Hoeffding's inequality [Hoe94]" → "Hoeffding's inequality", "[Rob55]"
// → "".
func dropCitationKeys(s string) string {
	if strings.IndexByte(s, '[') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			if e := strings.IndexByte(s[i:], ']'); e > 1 && isCitationKeys(s[i+1:i+e]) {
				i += e
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return strings.Trim(text.CollapseSpace(b.String()), " ;,")
}

// isCitationKeys reports whether the text inside brackets lists citation
// keys: numbers and ranges ("12", "3, 4", "5-7") or capitals and a year
// ("Mir12", "BKP+ 14", "DMNS06"); alpha style raises the "+" of a key of
// many authors, which a PDF reader writes "BKP⁺14".
func isCitationKeys(in string) bool {
	for _, k := range strings.Split(in, ",") {
		k = strings.TrimSpace(k)
		if k == "" {
			return false
		}
		if strings.Trim(k, "0123456789-–") == "" {
			continue
		}
		if k[0] < 'A' || k[0] > 'Z' {
			return false
		}
		p := 1
		for p < len(k) && (isLetterByte(k[p]) || k[p] == '+' || strings.HasPrefix(k[p:], "⁺")) {
			if k[p] == '+' || isLetterByte(k[p]) {
				p++
			} else {
				p += len("⁺")
			}
		}
		if p < len(k) && k[p] == ' ' {
			p++
		}
		d := p
		for p < len(k) && '0' <= k[p] && k[p] <= '9' {
			p++
		}
		if p-d != 2 && p-d != 4 {
			return false
		}
		if p < len(k) && isLetterByte(k[p]) {
			p++
		}
		if p != len(k) {
			return false
		}
	}
	return true
}

// hasWord reports whether s holds a run of at least n ASCII letters.
func hasWord(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if isLetterByte(s[i]) {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// attribution reports whether a result's parenthesized text says where it
// comes from rather than what it is: "Definition 7 in [ZDW22]" leaves
// "Definition 7 in" once the citation is dropped, "see [X]" leaves "see".
func attribution(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" {
		return false
	}
	low := strings.ToLower(t)
	for _, p := range []string{"see ", "cf. ", "cf ", "from ", "adapted from", "due to "} {
		if strings.HasPrefix(low, p) || low == strings.TrimSpace(p) {
			return true
		}
	}
	f := strings.Fields(low)
	switch f[len(f)-1] {
	case "in", "of", "from", "see", "cf.", "by":
		return true
	}
	for i := 0; i+1 < len(f); i++ {
		switch strings.TrimRight(f[i], ".") {
		case "definition", "defnition", "theorem", "lemma", "proposition", "corollary", "section", "eq", "equation", "chapter", "thm", "def", "prop", "lem":
			if c := f[i+1][0]; '0' <= c && c <= '9' {
				return true
			}
		}
	}
	return false
}

// algorithmHeader reports whether one of the three lines before position
// p opens with "Data:", "Input:" or "Require:": a "Result:" there is the
// output line of pseudo-code, not a finding.
func algorithmHeader(s string, p int) bool {
	ls := lineStartBefore(s, p)
	for n := 0; n < 3 && ls > 0; n++ {
		prev := lineStartBefore(s, ls-1)
		if prev < 0 {
			return false
		}
		t := strings.TrimLeft(s[prev:ls-1], " \t*_>-")
		for _, w := range []string{"Data:", "Input:", "Require:", "Input "} {
			if strings.HasPrefix(t, w) {
				return true
			}
		}
		ls = prev
	}
	return false
}

// definitionTerm checks a term read from a definition's first sentence:
// the verb of "We say …", "we define5 view(B)" is not a term, and
// "following" or "these" in front of one ("The following slashing
// conditions") is not part of it. It returns the term, or "".
func definitionTerm(n string) string {
	f := strings.Fields(n)
	for len(f) > 0 {
		switch strings.ToLower(f[0]) {
		case "following", "these", "those", "such", "this", "that":
			f = f[1:]
			continue
		}
		break
	}
	if len(f) == 0 {
		return ""
	}
	first := strings.ToLower(strings.TrimRight(f[0], "0123456789"))
	switch first {
	case "say", "says", "define", "defines", "call", "calls", "denote", "denotes", "write", "let", "consider",
		"use", "assume", "fix", "suppose", "given", "recall", "note", "we", "it", "there":
		return ""
	}
	return strings.Join(f, " ")
}

// termStops end the term of "we say that x is <term> if …".
var termStops = map[string]bool{
	"if": true, "iff": true, "when": true, "whenever": true, "provided": true, "from": true, "between": true,
	"of": true, "for": true, "with": true, "in": true, "on": true, "to": true, "and": true, "or": true, "by": true, "at": true,
}

// sayTerm reads the term of a definition phrased the way papers phrase
// them: "We say that (B, j) is finalized if …" → "finalized", "We say
// that there is a supermajority link from …" → "supermajority link", "We
// define “activated” validators …" → "activated". It returns "" when the
// first sentence is not of these forms.
func sayTerm(stmt string) string {
	sent := stmt[:sentenceEnd(stmt)]
	low := strings.ToLower(sent)
	say := strings.Index(low, "we say ")
	def := strings.Index(low, "we define ")
	if say < 0 && def < 0 && !strings.Contains(low, " is called ") && !strings.Contains(low, " is said to be ") {
		return ""
	}
	// A quoted term.
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if i := strings.Index(sent, q[0]); i >= 0 {
			rest := sent[i+len(q[0]):]
			if j := strings.Index(rest, q[1]); j > 0 && j < 60 {
				return strings.TrimSpace(rest[:j])
			}
		}
	}
	if say < 0 {
		return ""
	}
	rest := sent[say+len("we say "):]
	rest = strings.TrimPrefix(rest, "that ")
	var tail string
	switch {
	case strings.HasPrefix(rest, "there is "):
		tail = rest[len("there is "):]
	default:
		for _, v := range []string{" is ", " are "} {
			if i := strings.Index(rest, v); i >= 0 {
				tail = rest[i+len(v):]
				break
			}
		}
	}
	if tail == "" {
		return ""
	}
	var out []string
	for _, w := range strings.Fields(tail) {
		lw := strings.ToLower(strings.Trim(w, ",.;:"))
		if len(out) == 0 && (lw == "a" || lw == "an" || lw == "the") {
			continue
		}
		if termStops[lw] || len(out) == 4 {
			break
		}
		t := strings.TrimRight(strings.Trim(w, ",.;:"), "0123456789")
		if !hasLetter(t) || strings.ContainsAny(t, "()=∈≤≥") {
			return ""
		}
		out = append(out, t)
		if strings.HasSuffix(w, ",") {
			break
		}
	}
	return strings.Join(out, " ")
}

// swappedNumber returns the section-style number ("2.7", "10.20") that
// alone precedes a marker on its line, or "". A number without a dot
// ("2 Lemmas") is a count, not a result's number.
func swappedNumber(pre string) string {
	if !strings.HasSuffix(strings.TrimRight(pre, "*_"), " ") && !strings.HasSuffix(strings.TrimRight(pre, "*_"), "\t") {
		return ""
	}
	t := strings.Trim(pre, " \t>#*_|\f")
	t = strings.TrimSuffix(t, ".")
	if t == "" {
		return ""
	}
	if q := parseNumber(t, 0); q != len(t) || !strings.Contains(t, ".") || t[0] < '0' || t[0] > '9' {
		return ""
	}
	return t
}

// dotTitle reads " · Title" (or " — Title") after a swapped marker: the
// title to the end of the line, and where the statement starts.
func dotTitle(s string, p int) (string, int, bool) {
	q := skipBlank(s, p)
	rest := s[q:]
	var sep string
	for _, d := range []string{"·", "—", "–"} {
		if strings.HasPrefix(rest, d) {
			sep = d
			break
		}
	}
	if sep == "" {
		return "", p, false
	}
	eol := strings.IndexByte(rest, '\n')
	if eol < 0 {
		return "", p, false
	}
	title := strings.TrimSpace(rest[len(sep):eol])
	if title == "" || len(title) > 120 || strings.Contains(title, ". . .") {
		return "", p, false
	}
	return title, q + eol, true
}

// swappedLead returns the length of a dotted number and the space after
// it at the start of a line when a capitalized word follows ("2.9
// Convention"), else 0.
func swappedLead(t string) int {
	q := 0
	for q < len(t) && ('0' <= t[q] && t[q] <= '9' || t[q] == '.') {
		q++
	}
	if q < 3 || !strings.Contains(t[:q], ".") || t[0] == '.' || q >= len(t) || t[q] != ' ' {
		return 0
	}
	w := t[q+1:]
	if i := strings.IndexAny(w, " \n·"); i >= 0 {
		w = w[:i]
	}
	for _, b := range blockWords {
		if w == b {
			return q + 1
		}
	}
	switch w {
	case "Convention", "Notation", "Conjecture", "Fact", "Observation":
		return q + 1
	}
	return 0
}

// afterNonProse reports whether the line before the one starting at ls
// ends in something other than a lower-case word or a comma: a formula
// ("… = ∞"), a capitalized word ("Proof. Exercise") or a page number, as
// PDF text leaves them before a result. Prose that runs on into a mention
// ("… follows from\nLemma 3. Then …") ends in a lower-case word.
func afterNonProse(s string, ls int) bool {
	if ls <= 0 {
		return true
	}
	prev := strings.TrimRight(s[:ls-1], " \t\r")
	if prev == "" || prev[len(prev)-1] == '\n' {
		return true
	}
	i := len(prev)
	for i > 0 && prev[i-1] != ' ' && prev[i-1] != '\n' && prev[i-1] != '\t' {
		i--
	}
	w := prev[i:]
	if strings.HasSuffix(w, ",") || strings.HasSuffix(w, "-") {
		return false
	}
	lower := w != ""
	for k := 0; k < len(w); k++ {
		if w[k] < 'a' || w[k] > 'z' {
			lower = false
			break
		}
	}
	return !lower
}

// statementStarts reports whether the text at p (after blanks) opens a
// statement rather than continuing a sentence: not a lower-case word.
func statementStarts(s string, p int) bool {
	p = skipBlank(s, p)
	return p < len(s) && !('a' <= s[p] && s[p] <= 'z')
}
