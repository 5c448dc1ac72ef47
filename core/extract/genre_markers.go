package extract

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
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
	// apart: the label opens its paragraph or is set apart by its type
	// (bold, or a number before it), as a reader sees a block begin;
	// strong: by its type, which no sentence of prose has.
	apart, strong bool
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
	x.referredTitles(st)
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
	x.referredTitles(st)
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
	x.markersWhere(st, ms, nil)
}

// markersWhere is markers, keeping only the hits keep accepts (all when
// keep is nil).
func (x *extractor) markersWhere(st *secState, ms []marker, keep func(hit) bool) {
	hs := scanMarkers(st.own, ms, x.format == core.FormatMarkdown || x.format == core.FormatText)
	if keep != nil {
		kept := hs[:0]
		for _, h := range hs {
			if keep(h) {
				kept = append(kept, h)
			}
		}
		hs = kept
	}
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
// that starts first wins, then the longer. cased reads a result's kind in
// any case (text from a PDF, EPUB or page: see casedForms).
func scanMarkers(s string, ms []marker, cased bool) []hit {
	var hits []hit
	lossy := strings.Contains(s, unmappedGlyph)
	for _, m := range ms {
		forms := []string{m.word}
		if lossy {
			forms = append(forms, unmappedLigatures(m.word)...)
		}
		lower := ""
		if cased && resultKinds[m.kind] {
			lower = strings.ToLower(m.word)
			forms = append(forms, casedForms(m.word)...)
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
				if h, ok := parseMarker(s, start, mw); ok && (w != lower || h.strong) {
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

// markerCand turns a marker hit into a candidate with its statement and name.
func (x *extractor) markerCand(st *secState, h hit, limit int) {
	if limit < h.after {
		limit = h.after
	}
	if h.name == "" && resultKinds[h.m.kind] && (x.format == core.FormatMarkdown || x.format == core.FormatText) {
		if t, q, ok := boldTitle(st.own[:limit], h.after); ok {
			h.name, h.after = t, q
		}
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
