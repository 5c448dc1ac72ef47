package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Requirements of RFCs and other specifications.
//
// A requirement is a sentence holding an upper-case BCP 14 key word (RFC
// 2119/8174): MUST, MUST NOT, SHALL, SHALL NOT and REQUIRED make an axiom
// (0.9); SHOULD, SHOULD NOT, RECOMMENDED and NOT RECOMMENDED a technique
// (0.8); MAY a technique (0.7), a permission an implementer may rely on.
// "must" in prose, key words in quotes ("MUST") and the RFC 2119
// boilerplate are not requirements; OPTIONAL alone is not either.
//
// The section text is read as blocks first: paragraphs, list items (o, *,
// -, +, "1.", "(a)" …), Markdown table rows, and code. RFC page furniture
// (form feed, "[Page N]" footer, "RFC NNNN … Month Year" header) is
// skipped, and a paragraph broken by a page break continues after it.
// Indented examples — HTTP messages and header blocks, ABNF rules,
// JSON/XML/TLS structures, ASCII tables and diagrams — and fenced code are
// code: never read for requirements or names.
//
// Names follow one convention, an actor-first sentence:
//
//	actor + modal + action + object, with the key restriction
//
//	MUST, SHALL         present tense    "Client masks all frames that it sends to the server"
//	MUST NOT, SHALL NOT "never"          "Server never masks frames it sends"
//	SHOULD (NOT)        "should (not)"   "Client should close the connection"
//	MAY                 "may"            "Server may close the connection"
//	X is REQUIRED       "is required"    "Scope is required"; a field list's "REQUIRED." →
//	                                     "Authorization Request requires client_id"
//
// The actor is the subject of the clause that holds the key word ("If the
// server receives X, the client MUST close" → client), a pronoun resolved
// to the subject of a leading "If/When …," clause or of the previous
// requirement, "Value"/"this parameter" to the field being defined, and
// "this object/field/header" to the section's topic. Parentheticals,
// citations and markup are dropped; the action stops at the end of its
// clause (comma, "if", "when", "unless", "because", "as described", …) and
// the whole name is cut word by word to 60 bytes. Two requirements of one
// source never share a name: a repeated one gets its condition ("… if
// response lacks Upgrade"), else its section, else a number.
//
// A lead-in ending in a key word and a colon ("the cache MUST:") is never a
// requirement of its own: each list item after it, page breaks included,
// is one requirement named actor + modal + the item's action, its
// statement the lead-in plus the item, its offset the item. Items of such
// a list are separate actions that hold together, each checkable alone.
// Any other lead-in with a key word and a list ("MUST NOT store …,
// unless:", "MUST include the following fields:") is one requirement whose
// statement carries the items, since its items are conditions or parts of
// one action; it is named by its main clause ("Cache never stores a
// response unless listed conditions are met").

// bcpKind is the force of a key word.
type bcpKind int

const (
	kwNone bcpKind = iota
	kwMay
	kwShould
	kwMust
)

// bcpWords are the key words and their force.
var bcpWords = map[string]bcpKind{
	"MUST": kwMust, "SHALL": kwMust, "REQUIRED": kwMust,
	"SHOULD": kwShould, "RECOMMENDED": kwShould,
	"MAY": kwMay, "OPTIONAL": kwMay,
}

// kwHit is one key word occurrence in a sentence.
type kwHit struct {
	pos, end int    // in the sentence text
	word     string // MUST, SHALL, SHOULD, MAY, REQUIRED, RECOMMENDED, OPTIONAL
	neg      bool   // MUST NOT, SHALL NOT, SHOULD NOT, MAY NOT, NOT RECOMMENDED, NOT REQUIRED
	kind     bcpKind
}

// adjectival key words describe a thing ("X is REQUIRED") rather than
// qualify a verb.
func (h kwHit) adjectival() bool {
	return h.word == "REQUIRED" || h.word == "RECOMMENDED" || h.word == "OPTIONAL"
}

// findBCP14 returns the key words of s in order. A key word must stand
// alone in upper case; one wrapped in quotes is a mention.
func findBCP14(s string) []kwHit {
	var hits []kwHit
	for i := 0; i < len(s); {
		c := s[i]
		if c < 'A' || c > 'Z' || wordBefore(s, i) {
			i++
			continue
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		w := s[i:j]
		k, ok := bcpWords[w]
		if !ok {
			i = j
			continue
		}
		if i > 0 && j < len(s) && (s[i-1] == '"' || s[i-1] == '\'') && (s[j] == '"' || s[j] == '\'') {
			i = j
			continue
		}
		h := kwHit{pos: i, end: j, word: w, kind: k}
		if n := specSkipSpace(s, j); strings.HasPrefix(s[n:], "NOT") && (n+3 == len(s) || !isWordByte(s[n+3])) && n > j {
			h.neg, h.end = true, n+3
		}
		if h.adjectival() {
			if p := strings.LastIndex(strings.TrimRight(s[:i], " \t\n"), " "); p >= 0 || i >= 4 {
				before := strings.TrimRight(s[:i], " \t\n")
				if strings.HasSuffix(before, "NOT") && (len(before) == 3 || !isWordByte(before[len(before)-4])) {
					h.neg = true
					h.pos = len(before) - 3
				}
			}
			if h.neg && w == "REQUIRED" {
				h.kind = kwMay // "is NOT REQUIRED": a permission not to
			}
		}
		hits = append(hits, h)
		i = h.end
	}
	return hits
}

func specSkipSpace(s string, i int) int {
	for i < len(s) && isSpaceByte(s[i]) {
		i++
	}
	return i
}

// primaryHit chooses the key word a sentence is about: the strongest, then
// the first.
func primaryHit(hits []kwHit) int {
	best := -1
	for i, h := range hits {
		if h.word == "OPTIONAL" {
			continue
		}
		if best < 0 || h.kind > hits[best].kind || h.kind == hits[best].kind && hits[best].adjectival() && !h.adjectival() {
			best = i
		}
	}
	return best
}

// hasBCP14 is the cheap prefilter of a section.
func hasBCP14(s string) bool {
	return strings.Contains(s, "MUST") || strings.Contains(s, "SHALL") || strings.Contains(s, "SHOULD") ||
		strings.Contains(s, "MAY") || strings.Contains(s, "REQUIRED") || strings.Contains(s, "RECOMMENDED")
}

// isBCP14Boilerplate recognizes the RFC 2119 key word paragraph in its unquoted
// variants ("The key words MUST, MUST NOT … are to be interpreted as
// described in RFC 2119").
func isBCP14Boilerplate(s string, hits []kwHit) bool {
	if len(hits) < 3 {
		return false
	}
	return strings.Contains(s, "interpreted as") || strings.Contains(s, "2119") ||
		strings.Contains(s, "BCP 14") || strings.Contains(s, "BCP14") || strings.Contains(s, "8174")
}

// specDoc is what requirement extraction keeps across the sections of one
// document.
type specDoc struct {
	names   map[string]bool     // names given, so none repeats
	firsts  map[string]firstReq // a name given → the requirement it was first given to
	repeats map[string]int      // next number to try for a repeated name
	verbs   map[string]bool     // words that follow a key word in this document
	titles  []string            // topic of the open section at each level
	cs      *specConcepts       // the concepts requirements are about (genre_spec_concepts.go)
	// standard caches specStandard: 0 unknown, 1 yes, -1 no.
	standard int
	top      int     // the level of the upper headings (topLevel), 0 until known
	subj     *string // the document's subject (subject), nil until known
}

// enter records section st (sections arrive depth-first in document order)
// and returns its topic: its title, or, for a title that names no topic
// ("Fixed Fields", "Syntax"), the nearest enclosing section's.
func (sd *specDoc) enter(st *secState) string {
	lvl := st.s.Level
	if lvl < 0 {
		lvl = 0
	}
	if lvl > 64 {
		lvl = 64
	}
	for len(sd.titles) <= lvl {
		sd.titles = append(sd.titles, "")
	}
	sd.titles = sd.titles[:lvl+1]
	t := topicTitle(st.title)
	if specGenericTitles[strings.ToLower(t)] {
		t = ""
	}
	sd.titles[lvl] = t
	if t != "" {
		return t
	}
	if specGenericTitles[strings.ToLower(topicTitle(st.title))] {
		for i := lvl - 1; i >= 0; i-- {
			if sd.titles[i] != "" {
				return sd.titles[i]
			}
		}
	}
	return ""
}

// parentOf is the topic of the nearest enclosing section with one, other
// than topic itself.
func (sd *specDoc) parentOf(st *secState, topic string) string {
	lvl := min(st.s.Level, len(sd.titles))
	for i := lvl - 1; i >= 0; i-- {
		if t := sd.titles[i]; t != "" && t != topic {
			return t
		}
	}
	return ""
}

// specGenericTitles are section titles that name a part of a description,
// not a thing: the topic is the enclosing section's.
var specGenericTitles = map[string]bool{
	"fixed fields": true, "patterned fields": true, "fields": true, "field": true,
	"properties": true, "property": true, "parameters": true, "syntax": true, "description": true,
	"requirements": true, "procedure": true, "format": true, "general": true, "definitions": true,
	"notation": true, "terminology": true, "semantics": true, "usage": true, "details": true,
	"rules": true, "values": true, "considerations": true, "processing": true, "behavior": true,
	"examples": true, "example": true, "overview": true, "introduction": true, "summary": true,
}

// specState returns the extraction's requirement state, built on first
// use with one pass over the document.
func (x *extractor) specState() *specDoc {
	if x.specs != nil {
		return x.specs
	}
	sd := &specDoc{names: map[string]bool{}, firsts: map[string]firstReq{}, verbs: map[string]bool{}, repeats: map[string]int{}}
	for _, v := range specVerbs {
		sd.verbs[v] = true
	}
	d := x.doc
	// next occurrence of each key word, found again only once passed, so
	// the scan stays linear
	kws := [...]string{"MUST", "SHOULD", "MAY"}
	next := [...]int{-2, -2, -2}
	for i := 0; i < len(d); {
		at := -1
		for n, kw := range kws {
			if next[n] != -1 && next[n] < i {
				next[n] = -1
				if j := strings.Index(d[i:], kw); j >= 0 {
					next[n] = i + j
				}
			}
			if next[n] >= 0 && (at < 0 || next[n] < at) {
				at = next[n]
			}
		}
		if at < 0 {
			break
		}
		p := at
		for p < len(d) && d[p] >= 'A' && d[p] <= 'Z' {
			p++
		}
		i = p
		// the next lower-case word, past NOT and adverbs
		for n := 0; n < 3; n++ {
			p = specSkipSpace(d, p)
			q := p
			for q < len(d) && (d[q] >= 'a' && d[q] <= 'z') {
				q++
			}
			if q == p {
				if strings.HasPrefix(d[p:], "NOT") {
					p += 3
					continue
				}
				break
			}
			w := d[p:q]
			if specKeptAdverbs[w] || specDroppedAdverbs[w] {
				p = q
				continue
			}
			if len(w) > 1 && !text.IsStopword(w) || w == "be" || w == "have" || w == "do" {
				sd.verbs[w] = true
			}
			break
		}
	}
	x.specs = sd
	return sd
}

// specVerbs are verbs of requirements known without reading the
// document, so a coordinated verb ("close the connection and log the
// error") is recognized even where the document uses it once.
var specVerbs = []string{
	"accept", "add", "allow", "apply", "authenticate", "avoid", "begin", "check", "choose",
	"close", "compare", "consider", "contain", "continue", "create", "define", "delete",
	"deny", "discard", "document", "drop", "encode", "ensure", "fail", "follow", "forward",
	"generate", "ignore", "include", "indicate", "interpret", "invalidate", "issue", "keep",
	"log", "mark", "match", "note", "notify", "obey", "omit", "parse", "pass", "perform",
	"process", "provide", "reject", "remove", "replace", "request", "require", "respond",
	"retain", "retry", "return", "reuse", "revoke", "select", "send", "set", "specify", "start",
	"stop", "store", "support", "terminate", "treat", "update", "use", "validate", "verify",
	"wait", "write",
}

// specKeptAdverbs stay in a name ("MUST only be sent" → "are only sent");
// specDroppedAdverbs go ("MUST also send" → "sends").
var specKeptAdverbs = map[string]bool{
	"only": true, "always": true, "first": true, "immediately": true, "either": true,
	"explicitly": true, "silently": true, "never": true, "not": true, "at": false,
}

var specDroppedAdverbs = map[string]bool{
	"also": true, "then": true, "therefore": true, "thus": true, "additionally": true,
	"subsequently": true, "still": true, "further": true, "likewise": true, "similarly": true,
	"instead": true, "consequently": true, "hence": true, "nevertheless": true, "accordingly": true,
}

func (x *extractor) spec(st *secState) {
	x.markers(st, specMarkers)
	sd := x.specState()
	topic := sd.enter(st)
	concepts := x.specStandard()
	if !concepts && !hasBCP14(st.own) {
		return
	}
	blocks := specBlocks(st.own, x.format == core.FormatMarkdown)
	if concepts {
		// a document of requirements; one without is read as prose
		// (genre_prose.go), and another genre's sections are no spec's
		x.specEnterConcepts(st, sd, blocks)
	}
	if !hasBCP14(st.own) {
		return
	}
	r := &reqReader{x: x, st: st, sd: sd, topic: topic}
	r.blocks = blocks
	for i := range r.blocks {
		r.bi = i
		switch r.blocks[i].kind {
		case bkCode:
		case bkHeading:
			if t := topicTitle(r.blocks[i].field); t != "" && !specGenericTitles[strings.ToLower(t)] {
				r.topic = t
			}
		default:
			if r.blocks[i].kw {
				r.block(i)
			}
		}
	}
}

// specStandard reports whether a document classified as a specification
// reads as one (decided once per document): it writes requirement key
// words, or, where it has none, shows what only a standard shows — the
// header of an RFC or an Internet-Draft, a grammar of its own (enough
// ABNF rules "name = elements" at a line's start), or rules of validity
// stated again and again in lower case (what made the classifier call a
// Markdown format's specification a spec). Older RFCs and format
// standards state their rules with a lower-case "must", as a systems paper
// does; a paper has none of these and is read as prose.
func (x *extractor) specStandard() bool {
	if x.ctype != core.Spec {
		return false
	}
	if x.specKeywords() {
		return true
	}
	sd := x.specState()
	if sd.standard == 0 {
		sd.standard = -1
		if specStandardText(x.doc) {
			sd.standard = 1
		}
	}
	return sd.standard > 0
}

// specMinGrammarRules is how many rules make a document's own grammar: a
// few "x = 1" lines of an example are not one.
const specMinGrammarRules = 8

// specStandardText reports an RFC's or Internet-Draft's header near the
// start of doc, or at least specMinGrammarRules ABNF rules in it, in one
// pass over its lines.
func specStandardText(doc string) bool {
	// older RFCs write "Request For Comments:"
	head := strings.ToLower(doc[:min(len(doc), 4<<10)])
	for _, h := range []string{"request for comments:", "internet-draft", "internet engineering task force"} {
		if strings.Contains(head, h) {
			return true
		}
	}
	if text.StatesValidity(doc) {
		return true
	}
	rules := 0
	for rest := doc; rest != ""; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		t := strings.TrimSpace(line)
		if eq := strings.IndexByte(t, '='); eq > 0 && isSpecABNF(t) && specABNFBody(t[eq+1:]) {
			if rules++; rules >= specMinGrammarRules {
				return true
			}
		}
	}
	return false
}

// specABNFBody reports whether the text after a rule's "=" is written in
// ABNF: quoted literals, %x values, repetitions, options, groups and
// alternatives, or rule names only ("ETag = entity-tag"); a number or an
// expression of code ("x = y + 1;") is not.
func specABNFBody(b string) bool {
	b = strings.TrimSpace(strings.TrimPrefix(b, "/"))
	if b == "" {
		return false
	}
	for _, f := range strings.Fields(b) {
		switch {
		case strings.HasPrefix(f, "%"), strings.HasPrefix(f, `"`), strings.HasPrefix(f, "<"),
			f == "/", strings.ContainsAny(f[:1], "*[(0123456789") && !isDigitsOnly(f):
		case isSpecRuleName(f):
		default:
			return false
		}
	}
	return true
}

// isSpecRuleName: an ABNF rule name, a letter then letters, digits and
// hyphens.
func isSpecRuleName(f string) bool {
	f = strings.TrimRight(f, ")]")
	if f == "" || !isLetterByte(f[0]) {
		return false
	}
	for i := 1; i < len(f); i++ {
		if c := f[i]; !isLetterByte(c) && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// isDigitsOnly: a plain number.
func isDigitsOnly(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return false
		}
	}
	return true
}

// reqReader reads the requirements of one section.
type reqReader struct {
	x      *extractor
	st     *secState
	sd     *specDoc
	topic  string
	blocks []specBlock
	prev   []string // actor of the previous requirement in the block
	bi     int      // the block being read
}

// block reads the sentences of block i.
func (r *reqReader) block(i int) {
	b := &r.blocks[i]
	j := b.join(r.st.own)
	r.prev = nil
	if b.lead != nil && len(b.lead.actor) > 0 {
		r.prev = b.lead.actor
	}
	sents := specSentences(j.text)
	for si, sp := range sents {
		raw := j.text[sp[0]:sp[1]]
		hits := findBCP14(raw)
		p := primaryHit(hits)
		last := si == len(sents)-1
		if p < 0 {
			continue
		}
		if si == 0 && b.lead != nil && b.lead.perItem {
			// the item's action was named with its lead-in; only a key
			// word of its own makes it a requirement of its own
			if b.lead.done {
				continue
			}
		}
		if isBCP14Boilerplate(raw, hits) {
			continue
		}
		h := hits[p]
		if last && strings.HasSuffix(strings.TrimSpace(raw), ":") {
			if r.leadIn(i, raw, j.abs(sp[0]+h.pos), h) {
				continue
			}
		}
		r.requirement(b, raw, j.abs(sp[0]+h.pos), h, nil)
	}
}

// requirement records one requirement sentence.
func (r *reqReader) requirement(b *specBlock, raw string, off int, h kwHit, items []string) {
	st := specStatementText(raw, r.x.format)
	entry := false // the requirement is its field's whole entry
	if b.field != "" && b.kind != bkItem {
		if entry = h.adjectival() && h.pos <= 4; entry {
			// "client_id REQUIRED." states the field's whole entry
			st = specStatementText(b.join(r.st.own).text, r.x.format)
		}
		if b.pre != "" {
			st = b.pre + st // a table row: "title (string): …"
		} else {
			st = b.field + ": " + st
		}
	}
	statement := keywordWindow(text.CollapseSpace(st), h.word)
	if len(items) > 0 {
		statement = specWithItems(text.CollapseSpace(specStatementText(raw, r.x.format)), items)
	}
	nc := r.nameCtx(b)
	name, actor := specName(raw, nc, len(items) > 0)
	if name == "" {
		return
	}
	if len(actor) > 0 {
		r.prev = actor
	}
	if !entry && r.conceptStates(statement) {
		return
	}
	r.add(name, nc, raw, statement, off, h.kind)
}

// add names uniquely and records a candidate.
func (r *reqReader) add(name string, nc reqNameCtx, raw, statement string, off int, k bcpKind) {
	name = r.unique(name, nc, raw)
	c := cand{typ: core.Technique, conf: 0.8, offset: r.st.body + off, name: name, statement: statement}
	switch k {
	case kwMust:
		c.typ, c.conf = core.Axiom, 0.9
	case kwMay:
		c.conf = 0.7
	}
	r.x.add(r.st, c)
	if cs := r.sd.concepts(); cs.field[r.bi] != 0 {
		cs.about[c.offset] = cs.field[r.bi]
	} else if r.bi < len(cs.block) && cs.block[r.bi] != 0 {
		cs.about[c.offset] = cs.block[r.bi]
	}
}

// unique makes name unique within the document: first by the
// requirement's condition, then by its field or section, last by number.
func (r *reqReader) unique(name string, nc reqNameCtx, raw string) string {
	key := strings.ToLower(name)
	if !r.sd.names[key] {
		r.sd.names[key] = true
		r.sd.firsts[key] = firstReq{raw, r.st.title}
		return name
	}
	first := r.sd.firsts[key].raw
	var tries []string
	if nc.topic != "" && nc.parent != "" && strings.HasPrefix(name, nc.topic+" ") {
		// "Access Token Request requires grant_type" told apart by its
		// grant: "Client Credentials Grant requires grant_type"
		if t := nc.parent + name[len(nc.topic):]; len(t) <= maxName {
			tries = append(tries, t)
		}
	}
	if n, _ := specNameWith(raw, nc, false, true); n != "" {
		tries = append(tries, n)
	}
	// What this requirement is about that the first of its name is not
	// ("underlying transport" beside a missing Upgrade header) tells
	// them apart, as a reader would; a count says nothing.
	for _, ctx := range []string{specCondKey(raw), text.DistinctPhrase(raw, first, name), nc.field, nc.topic, strings.TrimSpace(nc.topic + " " + nc.field)} {
		if ctx != "" {
			tries = append(tries, specFitSuffix(name, " ("+ctx+")"))
		}
	}
	for _, t := range tries {
		if t != "" && !r.sd.names[strings.ToLower(t)] {
			r.sd.names[strings.ToLower(t)] = true
			return t
		}
	}
	// The same words, or fewer of them, under another section are that
	// section's requirement (RFC 7234's "MUST NOT take any automated
	// action" of warn-codes 199 and 299): its title tells them apart.
	// In one section the same words are one requirement said twice, its
	// one name letting the deduper keep it once.
	if sec := r.st.title; sec != "" && sec != r.sd.firsts[key].section {
		// What the section's title says that the first's does not
		// ("Persistent" of warn-code 299 beside 199), else the title.
		for _, ctx := range []string{text.DistinctPhrase(sec, r.sd.firsts[key].section, name), strings.Trim(sec, `"`)} {
			if t := specFitSuffix(name, " ("+ctx+")"); ctx != "" && t != "" && !r.sd.names[strings.ToLower(t)] {
				r.sd.names[strings.ToLower(t)] = true
				return t
			}
		}
	} else if text.Restates(raw, first) {
		return name
	}
	for n := max(2, r.sd.repeats[strings.ToLower(name)]); ; n++ {
		r.sd.repeats[strings.ToLower(name)] = n + 1
		suffix := " " + specItoa(n)
		t := specFitSuffix(name, suffix)
		if t == "" {
			t = specTrimNameTail(tidyName(text.Truncate(name, maxName-len(suffix)))) + suffix
		}
		if !r.sd.names[strings.ToLower(t)] {
			r.sd.names[strings.ToLower(t)] = true
			return t
		}
	}
}

// firstReq is the requirement a name was first given to, and the title
// of its section.
type firstReq struct{ raw, section string }

func specItoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// specFitSuffix appends suffix to name, dropping trailing phrases of the
// name to stay within maxClaim (a name told apart by its section may take
// a line rather than lose its object); it gives up ("") rather than keep
// fewer than three words.
func specFitSuffix(name, suffix string) string {
	words := strings.Fields(name)
	if len(name)+len(suffix) > maxClaim {
		words = specDropArticles(words)
	}
	for len(strings.Join(words, " "))+len(suffix) > maxClaim {
		if len(words) <= 3 {
			return ""
		}
		words = specShrink(words)
	}
	if len(words) < 3 {
		return ""
	}
	switch strings.ToLower(words[len(words)-2]) {
	case "should", "not", "may", "never", "must":
		return "" // the action lost its object
	}
	switch strings.ToLower(words[len(words)-1]) {
	case "requires", "include", "includes", "is", "are":
		return ""
	}
	return specTrimNameTail(strings.Join(words, " ")) + suffix
}

// reqNameCtx is what a name may borrow from around its sentence.
type reqNameCtx struct {
	field  string   // the parameter or field a definition entry or table row defines
	topic  string   // the section's topic
	parent string   // the enclosing section's topic
	prev   []string // the previous requirement's actor
	lead   []string // the actor of the list's lead-in
	verbs  map[string]bool
}

func (r *reqReader) nameCtx(b *specBlock) reqNameCtx {
	nc := reqNameCtx{field: b.field, topic: r.topic, parent: r.sd.parentOf(r.st, r.topic), prev: r.prev, verbs: r.sd.verbs}
	if b.lead != nil {
		nc.lead = b.lead.actor
	}
	return nc
}

// leadIn handles a key word sentence that ends in a colon. It reports
// whether the sentence was taken care of.
func (r *reqReader) leadIn(i int, raw string, off int, h kwHit) bool {
	items := r.listAfter(i)
	body := strings.TrimSpace(raw)
	body = strings.TrimSpace(strings.TrimSuffix(body, ":"))
	// "the cache MUST:" — nothing after the key word but adverbs
	tail := strings.TrimSpace(body[min(h.end, len(body)):])
	for _, a := range []string{"also", "either", "at least", "at a minimum"} {
		tail = strings.TrimSpace(strings.TrimPrefix(tail, a))
	}
	perItem := tail == "" && !h.adjectival()
	if len(items) == 0 {
		if l := r.entriesAfter(i); l != nil && !perItem {
			// "… with the following parameters:" and its entries, "…
			// compute the digest as:" and its formula
			n := len(r.x.cands)
			r.requirement(&r.blocks[i], raw, off, h, l.items())
			if len(r.x.cands) > n {
				c := &r.x.cands[len(r.x.cands)-1]
				c.form = l.form(computationalForm(c.typ, c.statement))
				r.sd.concepts().tookFigures(l)
			}
			return true
		}
		// a lead-in with nothing to lead into is not a requirement when
		// it states no action
		return perItem
	}
	b := &r.blocks[i]
	nc := r.nameCtx(b)
	if !perItem {
		texts := make([]string, 0, len(items))
		for _, it := range items {
			texts = append(texts, r.itemText(it))
		}
		_, actor := specName(body, nc, true)
		for _, it := range items {
			r.blocks[it.first].lead = &specLead{actor: actor}
		}
		r.requirement(b, raw, off, h, texts)
		return true
	}
	_, actor := specName(body+" x", nc, false)
	for _, it := range items {
		ib := &r.blocks[it.first]
		ib.lead = &specLead{actor: actor, perItem: true}
		j := ib.join(r.st.own)
		sents := specSentences(j.text)
		if len(sents) == 0 {
			continue
		}
		first := j.text[sents[0][0]:sents[0][1]]
		if primaryHit(findBCP14(first)) >= 0 {
			continue // the item states its own requirement
		}
		ib.lead.done = true
		synth := body + " " + first
		inc := r.nameCtx(ib)
		name, _ := specName(synth, inc, false)
		if name == "" {
			continue
		}
		statement := text.CollapseSpace(specStatementText(body, r.x.format) + " " + strings.TrimSpace(specItemEnd(r.itemText(it))))
		r.add(name, inc, synth, keywordWindow(statement, h.word), j.abs(sents[0][0]), h.kind)
	}
	return true
}

// specLead ties a list item to its lead-in.
type specLead struct {
	actor   []string
	perItem bool
	done    bool
}

// specListItem is one item of a list: its block and the blocks nested in it.
type specListItem struct{ first, last int }

// listAfter returns the items of the list that follows block i: item
// blocks at one indentation, each with the deeper blocks (sub-items,
// continuation paragraphs, examples) that follow it.
func (r *reqReader) listAfter(i int) []specListItem {
	bs := r.blocks
	var items []specListItem
	k := i + 1
	if k >= len(bs) || bs[k].kind != bkItem || bs[k].ind < bs[i].ind {
		return nil
	}
	ind := bs[k].ind
	for k < len(bs) && bs[k].kind == bkItem && bs[k].ind == ind {
		it := specListItem{first: k, last: k}
		k++
		for k < len(bs) && bs[k].ind > ind {
			it.last = k
			k++
		}
		items = append(items, it)
	}
	return items
}

// itemText is an item's text with its sub-items, code left out.
func (r *reqReader) itemText(it specListItem) string {
	var parts []string
	for k := it.first; k <= it.last; k++ {
		if b := &r.blocks[k]; b.kind == bkCode || b.kind == bkProse && isSpecCode(r.st.own, b) {
			continue
		}
		j := r.blocks[k].join(r.st.own)
		parts = append(parts, strings.TrimSpace(specStatementText(j.text, r.x.format)))
	}
	return strings.Join(parts, " ")
}

// specItemEnd drops the conjunction that ties an item to the next ("…, and")
// and ends it with a period.
func specItemEnd(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimRight(s, " ,;")
		for _, c := range []string{" and", " or", "; and", ", and", ", or"} {
			t = strings.TrimSuffix(t, c)
		}
		t = strings.TrimRight(t, " ,;")
		if t == s {
			break
		}
		s = t
	}
	if s != "" && !strings.ContainsAny(s[len(s)-1:], ".!?") {
		s += "."
	}
	return s
}

// specWithItems writes a lead-in and its items as one statement, items
// numbered; when they do not fit, the statement ends at an item boundary
// and says how many items are left out.
func specWithItems(lead string, items []string) string {
	var b strings.Builder
	b.WriteString(lead)
	for n, it := range items {
		it = text.CollapseSpace(strings.TrimSpace(it))
		piece := " (" + specItoa(n+1) + ") " + it
		rest := len(items) - n
		more := " … (" + specItoa(rest) + " more)"
		if b.Len()+len(piece) > maxStatement-len(more) && !(n == len(items)-1 && b.Len()+len(piece) <= maxStatement) {
			if n == 0 {
				// even the first item is too long: keep its start, cut at a
				// word
				room := maxStatement - b.Len() - len(more) - 6
				if room > 40 {
					cut := text.Truncate(piece, room)
					if k := strings.LastIndexByte(cut, ' '); k > 0 {
						cut = cut[:k]
					}
					b.WriteString(cut)
					b.WriteString(" …")
					more = " (" + specItoa(rest) + " items)"
				}
			}
			b.WriteString(more)
			return b.String()
		}
		b.WriteString(piece)
	}
	return b.String()
}

// keywordWindow keeps a long sentence's keyword inside the 500-byte
// statement by starting it at a word boundary shortly before the keyword.
func keywordWindow(s, kw string) string {
	if len(s) <= maxStatement {
		return s
	}
	i := strings.Index(s, kw)
	if i < 0 || i+len(kw) < maxStatement-40 {
		return s
	}
	start := i - 200
	if start < 0 {
		start = 0
	}
	for start < i && s[start] != ' ' {
		start++
	}
	return "… " + strings.TrimSpace(s[start:])
}

// specStatementText renders a sentence for a statement: Markdown links keep
// their text, HTML tags and emphasis marks go.
func specStatementText(s string, f core.Format) string {
	if f != core.FormatMarkdown {
		return s
	}
	return specStripMarkdown(s)
}

// specStripMarkdown removes inline Markdown and HTML: [text](url) → text,
// <a name="x"></a> and other tags, ** and __ emphasis, backticks.
func specStripMarkdown(s string) string {
	if !strings.ContainsAny(s, "[<*`_") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '[':
			if j := strings.IndexByte(s[i:], ']'); j > 0 && i+j+1 < len(s) && s[i+j+1] == '(' {
				if k := strings.IndexByte(s[i+j+1:], ')'); k > 0 {
					b.WriteString(s[i+1 : i+j])
					i = i + j + 1 + k
					continue
				}
			}
			b.WriteByte(c)
		case c == '<':
			if j := strings.IndexByte(s[i:], '>'); j > 0 && j < 200 && (i+1 < len(s) && (isLetterByte(s[i+1]) || s[i+1] == '/' || s[i+1] == '!')) {
				b.WriteByte(' ')
				i += j
				continue
			}
			b.WriteByte(c)
		case c == '*' || c == '`':
		case c == '_' && i+1 < len(s) && s[i+1] == '_':
			i++
		default:
			b.WriteByte(c)
		}
	}
	return text.CollapseSpace(b.String())
}
