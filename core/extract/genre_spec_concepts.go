package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// The concepts of a specification: what its requirements are about.
//
// A reader of an RFC or a standard names its central ideas by the terms it
// defines and the procedures it describes — a header field, a status code,
// a validator, the opening handshake — not by any one MUST sentence. So
// besides its requirements a spec gives definitions (and algorithms):
//
//   - a section whose title names a thing ("If-Match", "304 Not Modified",
//     "Weak versus Strong", "Replay Attacks") defines it: the definition is
//     named by the title, its class noun dropped ("The Authentication-Info
//     Header" → "Authentication-Info", "Basic Authentication Scheme" →
//     "Basic Authentication"), and stated by the section's first paragraph.
//     A title of a procedure (a handshake, a flow, an algorithm, or a
//     section that gives numbered steps) makes an algorithm. Titles of the
//     document's apparatus (introduction, notation, considerations,
//     registries, references, examples) and questions define nothing;
//   - an entry of a term or parameter list — `term: description`, a term
//     alone with its description indented below it, `name OPTIONAL. …` —
//     defines its term, whatever key word (or none) it holds;
//   - a term the text marks as defined: quoted (`A "strong validator" is`,
//     `referred to as "Digest Access Authentication"`, `The term "X"`),
//     followed by its notation (`Major version zero (0.y.z) is …`), or the
//     subject of a defining verb (`Precedence refers to …`, `Build metadata
//     MAY be denoted by …`, `X is the major version`);
//   - a rule of the spec's own grammar (ABNF `name = elements`), rules it
//     imports from other documents (`<OWS, see [RFC7230]>`) left out.
//
// A term is defined once a document: the first definition wins, and a
// later section of the same title stands for the same concept. Each
// requirement requires the concept it is about — the entry it is part of,
// else its section's concept, else the nearest enclosing section's — so
// the ranking hands a requirement's weight on to the concept, and the
// concepts many requirements are about come first.

// specAboutStrength is the strength of a requirement's edge to its concept:
// a requirement stated in a concept's section is about it, as sure as a
// reference by section number and less than a citation by name.
const specAboutStrength = 0.8

// specPartStrength is the strength of a section concept's edge to the
// concept of the section it is part of: weaker than a requirement's to its
// own concept, so a chapter ranks by its parts without outranking them all.
const specPartStrength = 0.3

// specConcepts is the concept state of one document.
type specConcepts struct {
	serial int
	byKey  map[string]int // termKey of a concept's name → serial
	at     map[int]int    // absolute offset of a concept's candidate → serial
	about  map[int]int    // absolute offset of a requirement → serial of its concept
	levels []int          // concept serial of the open section at each level (0: none)
	// section is the concept of each section that has one, by section
	// number, so that "see Section 4.1" points at it.
	section map[string]int
	// parent is the concept of the nearest enclosing section of each
	// section concept: a part of it ("Client-to-Server Masking" of "Data
	// Framing").
	parent map[int]int
	names  map[int]string // each concept's name
	// cur is the concept of the section being read, field the concept of
	// each field entry of its blocks (by block index).
	cur   int
	field map[int]int
	block []int // the concept each block of the section is about
	// registry marks the open sections at each level that are, or are
	// inside, the document's registrations and references
	registry []bool
	// figures are the document offsets of the figures a primitive's
	// statement introduced and keeps
	figures map[int]bool
}

func (sd *specDoc) concepts() *specConcepts {
	if sd.cs == nil {
		sd.cs = &specConcepts{byKey: map[string]int{}, at: map[int]int{}, about: map[int]int{}, section: map[string]int{}, parent: map[int]int{}, names: map[int]string{}}
	}
	return sd.cs
}

// specMetaWords mark a title of the document's apparatus rather than of a
// concept it defines.
var specMetaWords = map[string]bool{
	"introduction": true, "abstract": true, "acknowledgments": true, "acknowledgements": true,
	"copyright": true, "contents": true, "conformance": true, "notation": true, "conventions": true,
	"considerations": true, "iana": true, "registration": true, "registry": true, "registries": true,
	"addresses": true, "changes": true, "collected": true, "example": true, "examples": true,
	"summary": true, "index": true, "status": true, "purpose": true, "limitations": true,
	"motivation": true, "background": true, "history": true, "contributors": true,
	"references": true, "terminology": true, "definitions": true, "memo": true, "authors": true,
	"specification": true, "license": true, "faq": true, "about": true, "overview": true,
	"requirements": true, "appendix": true, "notes": true, "note": true, "scope": true, "reliance": true,
	"preamble": true, "imported": true, "implementation": true, "implementations": true, "future": true, "contacts": true, "sample": true, "objectives": true, "goals": true, "preliminaries": true, "terms": true, "acknowledgement": true, "document": true,
}

// specApparatus reports whether a title is one of the document's
// apparatus whose quotes are values and instructions (registries,
// considerations, references), unlike an introduction's, which introduce
// terms.
func specApparatus(t string) bool {
	for _, w := range strings.Fields(strings.ToLower(t)) {
		switch strings.Trim(w, `"'()`) {
		case "iana", "registration", "registry", "registries", "considerations", "references",
			"acknowledgments", "acknowledgements", "changes", "collected", "contributors", "authors",
			"addresses", "copyright", "license", "index", "status", "memo":
			return true
		}
	}
	return false
}

// specRegistry reports whether a title is of the registrations and
// references a spec ends with; their subsections are theirs too.
func specRegistry(t string) bool {
	for _, w := range strings.Fields(strings.ToLower(t)) {
		switch strings.Trim(w, `"'()`) {
		case "iana", "registration", "registrations", "registry", "registries", "references",
			"acknowledgments", "acknowledgements", "contributors", "addresses", "copyright":
			return true
		}
	}
	return false
}

// specProcedureWords mark a title of a procedure.
var specProcedureWords = map[string]bool{
	"handshake": true, "procedure": true, "algorithm": true, "flow": true, "negotiation": true,
	"negotiating": true, "exchange": true, "operation": true, "processing": true, "evaluation": true,
	"computation": true, "calculation": true, "resolution": true, "establishment": true,
	"establishing": true, "closing": true, "masking": true, "framing": true,
}

// specClassNouns are the class a title names its concept by; the concept
// is the rest ("Authentication-Info Header", "Basic Authentication
// Scheme").
var specClassNouns = map[string]bool{
	"header": true, "field": true, "scheme": true, "parameter": true, "directive": true,
}

// specConceptNames returns the names of the concepts section title t
// defines: none for the apparatus, a question or a sentence; two for a
// title joining two field names ("Proxy-Authenticate and
// Proxy-Authorization").
func specConceptNames(t string) []string {
	t = specTitleCase(text.CollapseSpace(strings.TrimSpace(t)))
	if t == "" || strings.HasSuffix(t, "?") || strings.HasSuffix(t, ".") || strings.ContainsAny(t, ":;") {
		return nil
	}
	if i := strings.LastIndex(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
		t = strings.TrimSpace(t[:i])
	}
	words := strings.Fields(t)
	if len(words) > 1 && strings.Trim(words[0], "0123456789.") == "" && (strings.Contains(words[0], ".") || len(words[0]) <= 2) {
		words = words[1:] // "3 Leader Election", "3.1. If-Match"
	}
	if n := len(words); n > 1 && specVersionNumber(words[n-1]) {
		words = words[:n-1] // "Semantic Versioning 2.0.0"
	}
	if len(words) > 0 && strings.EqualFold(words[0], "the") {
		words = words[1:]
	}
	if len(words) == 0 || len(words) > 6 {
		return nil
	}
	switch strings.ToLower(words[0]) {
	case "why", "how", "what", "when", "which", "who":
		return nil // a question without its mark ("Why Use Conventional Commits")
	}
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, `"'`))
		lw = strings.TrimSuffix(strings.TrimSuffix(lw, "'s"), "’s") // "Author's Address"
		if strings.HasPrefix(lw, "acknowl") {
			lw = "acknowledgements" // however spelt ("Acknowlegements")
		}
		if specMetaWords[lw] || specMetaWords[strings.TrimSuffix(lw, "s")] || lw == "author" {
			return nil
		}
	}
	if specGenericTitles[strings.ToLower(strings.Join(words, " "))] {
		return nil
	}
	if len(words) == 3 && strings.EqualFold(words[1], "and") && specFieldName(words[0]) && specFieldName(words[2]) {
		return []string{words[0], words[2]}
	}
	// the class noun goes: "Basic Authentication Scheme", "Authentication-Info
	// Header", "The Authorization Request Header"; a two-word title keeps
	// it unless the other word is a field's token ("Authentication Scheme"
	// is the concept, "ETag Header" is ETag)
	if n := len(words); n > 1 && specClassNouns[strings.ToLower(words[n-1])] && (n > 2 || specFieldName(words[0])) {
		header := strings.EqualFold(words[n-1], "header") || strings.EqualFold(words[n-1], "field")
		words = words[:n-1]
		if len(words) == 2 && header && isUpperByte(words[0][0]) {
			switch strings.ToLower(words[1]) {
			case "response", "request":
				words = words[:1]
			}
		}
	}
	// a quoted token in a title is the concept's word: "The "unknown"
	// Identifier" is the unknown identifier
	name := strings.NewReplacer(`"`, "", "'", "").Replace(strings.Join(words, " "))
	if len(name) < 2 || len(name) > maxName {
		return nil
	}
	return []string{name}
}

// specVersionNumber: "2.0.0", "v1.1".
func specVersionNumber(w string) bool {
	w = strings.TrimPrefix(strings.ToLower(w), "v")
	return strings.Contains(w, ".") && strings.Trim(w, "0123456789.") == ""
}

// specFieldName: a token that names a field, a header or a parameter
// ("Proxy-Authenticate", "ETag", "client_id"): a hyphen or an underscore
// inside, or a capital after its first letter.
func specFieldName(w string) bool {
	w = strings.Trim(w, `"'`)
	if len(w) < 2 || !isLetterByte(w[0]) {
		return false
	}
	if strings.ContainsAny(w[1:], "-_") {
		return true
	}
	for i := 1; i < len(w); i++ {
		if isUpperByte(w[i]) {
			return true
		}
	}
	return false
}

func isUpperByte(c byte) bool { return c >= 'A' && c <= 'Z' }

// specProcedureTitle reports whether a title names a procedure.
func specProcedureTitle(name string) bool {
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if specProcedureWords[strings.Trim(w, `"'`)] {
			return true
		}
	}
	return false
}

// specEnterConcepts records the concept of section st and reads the terms
// its text defines. It runs for every section of a spec, before its
// requirements.
func (x *extractor) specEnterConcepts(st *secState, sd *specDoc, blocks []specBlock) {
	cs := sd.concepts()
	lvl := max(0, min(st.s.Level, 64))
	for len(cs.levels) <= lvl {
		cs.levels = append(cs.levels, 0)
	}
	cs.levels = cs.levels[:lvl+1]
	cs.levels[lvl] = 0
	cs.field = nil
	for len(cs.registry) <= lvl {
		cs.registry = append(cs.registry, false)
	}
	cs.registry = cs.registry[:lvl+1]
	cs.registry[lvl] = specRegistry(st.title) || lvl > 0 && cs.registry[lvl-1]
	if cs.registry[lvl] {
		// a registration template's sections and fields ("Contact",
		// "Status") are the registry's, not concepts of the spec; its
		// tables are what the document registers
		cs.block = cs.block[:0]
		x.specRegistryFigures(st, cs, blocks)
		return
	}
	own := cs.within(st.title)
	names := specConceptNames(st.title)
	if len(x.a.Sections) == 1 && st.s == x.a.Sections[0] && len(st.s.Children) == 0 {
		// a document of one section: its title is the document's, and
		// its requirements are all it holds
		names = nil
	}
	if own == 0 && len(names) > 0 {
		stmt, off, lead := x.specFirstParagraph(st.body, st.body+len(st.own))
		if stmt == "" {
			// a chapter that opens with its first section ("2. Access
			// Authentication Framework", "5. Data Framing") is stated by
			// the parts it holds
			if c := st.s.Children; len(c) > 0 && c[0] != nil && len(specConceptNames(c[0].Title)) == 0 {
				// stated by the first paragraph of its opening section
				// ("## Summary" under the document's title, "4.1. Format"
				// under "4. MESSAGES"), when that section names nothing of
				// its own: a reader reads on into it, and a list of the
				// chapter's parts is no sentence of the source
				stmt, off, lead = x.specFirstParagraph(c[0].BodyOffset, c[0].OwnEnd())
				off-- // the paragraph's own terms keep its offset
			}
			if stmt == "" {
				stmt, off = specParts(names[0], st.s), st.body
			}
		}
		typ := core.Definition
		if specProcedureTitle(names[0]) || specNumberedSteps(st.own, blocks) >= 3 {
			typ = core.Algorithm
		}
		parent := 0
		for i := lvl - 1; i >= 0 && parent == 0; i-- {
			parent = cs.levels[i]
		}
		for _, n := range names {
			if _, taken := cs.byKey[specKey(n)]; taken && parent != 0 && !strings.Contains(n, " ") && !specFieldName(n) {
				// "Generation" of ETag after "Generation" of Last-Modified:
				// another concept, named by what it is part of
				n = cs.names[parent] + " " + n
			}
			st1 := stmt
			if len(names) > 1 {
				st1 = n + ": " + stmt // one paragraph, two concepts
			}
			n0 := cs.serial
			s := x.specConcept(st, cs, n, st1, off, typ)
			if s > n0 && st.s.Level-sd.topLevel(x.a.Sections) <= 1 {
				x.cands[len(x.cands)-1].own = true
			}
			if s > n0 && lead != nil {
				c := &x.cands[len(x.cands)-1]
				c.form = lead.form(computationalForm(c.typ, c.statement))
				cs.tookFigures(lead)
			}
			if own == 0 {
				own = s
			}
			off++ // a second concept of one title needs an offset of its own
		}
	}
	cs.levels[lvl] = own
	if own != 0 && st.s.Number != "" {
		cs.section[st.s.Number] = own
	}
	if own != 0 {
		for i := lvl - 1; i >= 0; i-- {
			if p := cs.levels[i]; p != 0 {
				if p != own {
					cs.parent[own] = p
				}
				break
			}
		}
	}
	cs.cur = 0
	for i := lvl; i >= 0; i-- {
		if cs.levels[i] != 0 {
			cs.cur = cs.levels[i]
			break
		}
	}
	// headings the section tree does not hold ("3.1.  401 Unauthorized")
	// define their concepts too, and the blocks under them are about them
	cs.block = cs.block[:0]
	cur := cs.cur
	for i := range blocks {
		if b := &blocks[i]; b.kind == bkHeading {
			s := 0
			if names := specConceptNames(b.field); len(names) > 0 {
				stmt, off := specNextParagraph(st, blocks, i, x.format)
				if stmt == "" {
					// a heading that ends the section's text: its paragraph
					// follows in the next section
					stmt, off, _ = x.specFirstParagraph(st.body+b.ind, len(x.doc))
					off--
				}
				s = x.specConcept(st, cs, names[0], stmt, off, core.Definition)
			}
			if s != 0 {
				cur = s
			}
			// a chapter heading the section tree missed ("3 Digest Access
			// Authentication Scheme") is the concept of the sections that
			// follow it until the next chapter heading
			if d := strings.Count(strings.TrimSuffix(b.pre, "."), ".") + 1; d < lvl && !strings.Contains(b.pre, ".") {
				cs.levels[d] = s
				if s == 0 {
					cur = 0
				}
			}
		}
		cs.block = append(cs.block, cur)
	}
	// an entry whose term stands over its own field list (RFC 791's
	// "Security" option over "Security (S field)") is the whole it names
	x.specTitledEntries(st, cs, blocks)
	x.specTermEntries(st, cs, blocks)
	x.specMarkedTerms(st, cs, blocks)
	x.specGrammarRules(st, cs, blocks)
	x.specCaptionedFigures(st, cs, blocks)
}

// within is the concept of two or more words a longer title names
// ("Sending the Server's Opening Handshake", "The WebSocket Closing
// Handshake is Started"): the section is about that concept, one step of
// it, and defines no concept of its own. The longest such name wins; 0
// when there is none.
func (cs *specConcepts) within(title string) int {
	w := strings.Fields(title)
	if len(w) < 3 || len(w) > 12 {
		return 0
	}
	for n := len(w) - 1; n >= 2; n-- {
		for i := 0; i+n <= len(w); i++ {
			if s, ok := cs.byKey[specKey(strings.Join(w[i:i+n], " "))]; ok && specPhraseAbout(w[:i], w[i+n:]) {
				return s
			}
		}
	}
	return 0
}

// specPhraseAbout reports whether the words around a concept's name make
// a title a phrase about it ("Sending the Server's …", "… is Started")
// rather than the name of a larger concept ("… Framework").
func specPhraseAbout(before, after []string) bool {
	for _, w := range append(append([]string{}, before...), after...) {
		lw := strings.ToLower(w)
		switch lw {
		case "the", "a", "an", "is", "are", "of", "using", "for", "with", "to", "when":
			return true
		}
		if strings.HasSuffix(lw, "'s") {
			return true
		}
	}
	return false
}

// specConcept records a concept named name, or finds the one of that name
// already recorded, and returns its serial (0 when nothing was recorded).
func (x *extractor) specConcept(st *secState, cs *specConcepts, name, stmt string, off int, typ core.PrimitiveType) int {
	if len(name) < 2 || text.IsStopword(strings.ToLower(name)) {
		return 0
	}
	return x.specToken(st, cs, name, stmt, off, typ)
}

// specKey is the key of a concept's name within one spec: its grammar's
// "URI-reference" is the concept its section "URI Reference" defines, one
// concept under two spellings.
func specKey(name string) string {
	return termKey(strings.ReplaceAll(name, "-", " "))
}

// specToken is specConcept for a name the text quotes as a token of the
// protocol: a parameter named "by" or "for" is a term though the word is a
// stopword.
func (x *extractor) specToken(st *secState, cs *specConcepts, name, stmt string, off int, typ core.PrimitiveType) int {
	if len(name) < 2 {
		return 0
	}
	k := specKey(name)
	if s, ok := cs.byKey[k]; ok {
		return s
	}
	if strings.TrimSpace(stmt) == "" {
		return 0
	}
	if _, taken := cs.at[off]; taken {
		return 0
	}
	n := len(x.cands)
	conf := 0.85
	x.add(st, cand{typ: typ, conf: conf, offset: off, name: name, statement: stmt})
	if len(x.cands) == n {
		return 0
	}
	if sd := x.specs; sd != nil && sd.subject(x.a.Title) != "" && specHasWord(name, sd.subject(x.a.Title)) {
		x.cands[n].own = true // "ICAP client" of the ICAP specification
	}
	cs.serial++
	cs.names[cs.serial] = name
	cs.byKey[k] = cs.serial
	cs.at[off] = cs.serial
	return cs.serial
}

// specFirstParagraph is the first paragraph of prose in doc[from:end] that
// describes rather than requires (no key word), and its absolute offset:
// the statement of the concept a title names. A section whose text holds
// no such paragraph before its subsections defines nothing by its title.
// A paragraph ending in a colon keeps what it introduces (specLeadIn): the
// list of entries it returns, and the diagram, for the form.
func (x *extractor) specFirstParagraph(from, end int) (string, int, *specLeadIn) {
	from = clamp(from, 0, len(x.doc))
	end = clamp(end, from, len(x.doc))
	if end-from > 8192 {
		end = from + 8192
	}
	window := x.doc[from:end]
	md := x.format == core.FormatMarkdown
	bs := specBlocks(window, md)
	var parts []string
	var lead *specLeadIn // what the paragraph so far, ending in a colon, introduces
	at, skipped := -1, 0
	skipItems := false
	for i := 0; i < len(bs); i++ {
		b := &bs[i]
		if lead != nil && at >= 0 && len(lead.entries) == 0 {
			if k := lead.takeFigure(window, bs, i); k > 0 {
				i += k - 1 // the figures it introduces, labels and captions with them
				continue
			}
		}
		if lead == nil && at < 0 && b.kind != bkHeading && isSpecFigure(window, b) {
			// a section that opens with its diagram ("3.  IPv6 Header
			// Format", the boxes, then each field): the title introduces
			// it, and the field list after it states the concept
			lead = &specLeadIn{ind: b.ind, base: from}
			if k := lead.takeFigure(window, bs, i); k > 0 {
				at = from + b.lines[0].a
				i += k - 1
				continue
			}
			lead = nil
		}
		if lead != nil && at >= 0 && b.kind != bkHeading && len(b.lines) > 0 && lead.add(window, b) {
			continue // an entry of the list, whatever its layout made it
		}
		if b.kind == bkHeading || b.kind == bkCode || b.kind == bkRow || len(b.lines) == 0 || isSpecCode(window, b) {
			if at >= 0 {
				if lead != nil && b.kind != bkHeading && len(lead.entries) == 0 && lead.setDiagram(window, b) {
					continue
				}
				break
			}
			continue
		}
		raw := b.join(window).text
		if md && specSetextHeading(raw) {
			if at >= 0 {
				break
			}
			continue
		}
		t := strings.TrimSpace(specStatementText(raw, x.format))
		if b.kind == bkItem && skipItems {
			continue // an item of the list a skipped paragraph leads into
		}
		skipItems = false
		if t == "" || strings.HasPrefix(t, "Note:") || specAboutSection(t) || specExampleOpening(t) || specHeaderBlock(window, b) {
			// the examples or notes a skipped paragraph introduces
			// ("Examples of a breaking change include:") go with it:
			// without it they state what the source does not
			skipItems = b.kind != bkItem && strings.HasSuffix(t, ":")
			continue
		}
		if lead != nil && len(parts) > 0 && (len(lead.entries) > 0 || lead.diagram != nil && !strings.HasSuffix(t, ":")) {
			// the list ended; after a diagram only a further lead-in
			// ("where:") goes on
			break
		}
		if len(findBCP14(t)) > 0 {
			// a requirement is no description: the concept is stated by
			// a paragraph that describes it, else it is not stated
			if at >= 0 {
				break
			}
			if skipped++; skipped > 2 {
				break
			}
			continue
		}
		if at < 0 {
			at = from + b.lines[0].a
		}
		if b.field != "" {
			t = b.field + ": " + t
		}
		parts = append(parts, t)
		if b.kind != bkItem && strings.HasSuffix(t, ":") {
			if lead == nil {
				lead = &specLeadIn{base: from}
			}
			lead.ind = b.ind
		}
		if b.kind != bkItem && !strings.HasSuffix(t, ":") || len(strings.Join(parts, " ")) > maxStatement {
			if lead == nil {
				lead = specLaterDiagram(window, bs, i, from)
			}
			break
		}
	}
	if at < 0 {
		return "", 0, nil
	}
	stmt := text.CollapseSpace(strings.Join(parts, " "))
	if lead != nil {
		stmt = strings.TrimSpace(lead.statement(stmt))
	}
	if strings.HasSuffix(stmt, ":") && (lead == nil || len(lead.entries) == 0 && lead.diagram == nil) {
		// a lead-in whose list is requirements of their own states
		// nothing by itself
		return "", 0, nil
	}
	return stmt, at, lead
}

// specParts states a chapter by the titles of its sections, "" when it
// has none but the apparatus.
func specParts(name string, s *core.Section) string {
	var ts []string
	for _, c := range s.Children {
		if c != nil && !specApparatus(c.Title) && len(specConceptNames(c.Title)) > 0 {
			ts = append(ts, strings.TrimSpace(c.Title))
		}
	}
	if len(ts) == 0 {
		return ""
	}
	return name + " comprises " + strings.Join(ts, "; ") + "."
}

// specNextParagraph is the first prose block after block i and the offset
// just before it.
func specNextParagraph(st *secState, blocks []specBlock, i int, f core.Format) (string, int) {
	for k := i + 1; k < len(blocks) && k < i+4; k++ {
		b := &blocks[k]
		if b.kind == bkHeading {
			break
		}
		if b.kind == bkCode || b.kind == bkRow || len(b.lines) == 0 || isSpecCode(st.own, b) {
			continue
		}
		t := strings.TrimSpace(specStatementText(b.join(st.own).text, f))
		if t == "" {
			continue
		}
		return text.CollapseSpace(t), st.body + max(0, b.lines[0].a-2)
	}
	return "", 0
}

// specAboutSection: a short paragraph about the section rather than its
// subject ("This section is non-normative.").
func specAboutSection(t string) bool {
	t = strings.TrimLeft(t, "_*")
	return len(t) < 100 && (strings.HasPrefix(t, "This section") || strings.HasPrefix(t, "This subsection"))
}

// specExampleOpening: a paragraph that opens an example ("As an example
// of …", "For example, …") illustrates its subject rather than states it.
func specExampleOpening(t string) bool {
	t = strings.TrimLeft(t, "_*")
	return strings.HasPrefix(t, "As an example") || strings.HasPrefix(t, "For example") || strings.HasPrefix(t, "Example")
}

// specHeaderBlock: a block whose lines are header fields ("Name: value"),
// read as a field entry because its first line looks like one.
func specHeaderBlock(s string, b *specBlock) bool {
	if b.field == "" || len(b.lines) < 2 {
		return false
	}
	for _, l := range b.lines[1:] {
		if isSpecHeaderLine(s[l.a:l.b]) {
			return true
		}
	}
	return false
}

// specSetextHeading reports whether a Markdown block is a heading
// underlined with "---" or "===".
func specSetextHeading(t string) bool {
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimSpace(l)
		if len(l) >= 3 && strings.Trim(l, "-") == "" || len(l) >= 3 && strings.Trim(l, "=") == "" {
			return true
		}
	}
	return false
}

// specNumberedSteps counts the numbered list items ("1.", "2." …) of a
// section's own text: three or more are the steps of a procedure.
func specNumberedSteps(s string, blocks []specBlock) int {
	n := 0
	for i := range blocks {
		b := &blocks[i]
		if b.kind != bkItem || len(b.lines) == 0 {
			continue
		}
		// the bullet sits before the item's text, at its indentation
		k := b.lines[0].a - 1
		for k >= 0 && s[k] == ' ' {
			k--
		}
		if k >= 1 && (s[k] == '.' || s[k] == ')') && s[k-1] >= '0' && s[k-1] <= '9' {
			n++
		}
	}
	return n
}

// specTermEntries reads the entries of term and parameter lists: each
// defines its term ("realm", "client_id", "state OPTIONAL. …").
func (x *extractor) specTermEntries(st *secState, cs *specConcepts, blocks []specBlock) {
	for i := range blocks {
		b := &blocks[i]
		if b.field == "" || b.kind == bkRow && b.pre == "" && !b.kw || len(b.lines) == 0 {
			continue
		}
		if !specTermWord(b.field) || b.kind != bkRow && isSpecCode(st.own, b) || specHeaderBlock(st.own, b) {
			continue
		}
		desc := strings.TrimSpace(specStatementText(b.join(st.own).text, x.format))
		last := i // the block desc ends in
		if n := i + 1; len(strings.Fields(desc)) < 3 && n < len(blocks) && blocks[n].kind == bkProse && blocks[n].ind > b.ind &&
			len(blocks[n].lines) > 0 && !isSpecCode(st.own, &blocks[n]) {
			// "Opcode:  4 bits", its description indented below it
			desc = sentenceJoin(desc, strings.TrimSpace(specStatementText(blocks[n].join(st.own).text, x.format)))
			last = n
		}
		if len(strings.Fields(desc)) < 3 {
			continue
		}
		stmt := b.field + ": " + desc
		if b.pre != "" {
			stmt = b.pre + desc
		}
		var lead *specLeadIn
		if strings.HasSuffix(desc, ":") {
			// "Options:  the following are defined:", and what follows
			if lead = specIntroduced(st.own, blocks, last, st.body); lead != nil {
				stmt = lead.statement(stmt)
			}
		}
		// a variable the text writes "/key/" is named key
		name := b.field
		if t := strings.Trim(name, "/"); len(t) >= 2 && len(name)-len(t) == 2 {
			name = t
		}
		// an attribute the entry writes with its value, "Max-Age=value",
		// "Port[="portlist"]", is named Max-Age, Port
		if i := strings.IndexAny(name, "=["); i >= 2 {
			name = name[:i]
		}
		off := st.body + b.lines[0].a - 1 // the entry, before any key word in it
		n0 := cs.serial
		if s := x.specConcept(st, cs, name, stmt, off, core.Definition); s != 0 {
			if s > n0 && specBorrowedTerm.MatchString(desc) {
				x.cands[len(x.cands)-1].borrowed = true
			}
			if s > n0 {
				// the field's own diagram ("Flags:  3 bits", its bits
				// drawn under it) goes into its form
				d := lead
				if d == nil {
					d = specDiagramUnder(st.own, blocks, i, st.body)
				}
				if d != nil {
					c := &x.cands[len(x.cands)-1]
					c.form = d.form(computationalForm(c.typ, c.statement))
					cs.tookFigures(d)
				}
			}
			if cs.field == nil {
				cs.field = map[int]int{}
			}
			cs.field[i] = s
		}
	}
}

// specBorrowedTerm finds a description that defines its term by pointing
// to another document: "as defined in Section 5 of HTTP/1.1 [4]", "as
// described in [RFC7230]".
var specBorrowedTerm = lazyre.New(`(?i)\bas (?:defined|specified|described) (?:in|by) (?:section [0-9.]+ (?:of|in) )?(?:\[|rfc ?[0-9]|bcp ?[0-9]|[a-z]+/[0-9])`)

// specTermWord rejects field names that are words of the text rather than
// terms: stopwords, generic titles, single letters.
func specTermWord(t string) bool {
	if len(t) < 2 || specGenericTitles[strings.ToLower(t)] || text.IsStopword(strings.ToLower(t)) {
		return false
	}
	switch strings.ToLower(t) {
	case "note", "notes", "example", "examples", "see", "where", "and", "or":
		return false
	}
	return true
}

// specGrammarRules reads the spec's own ABNF rules: each "name = elements"
// defines name. A rule imported from another document ("OWS =
// <OWS, see [RFC7230], Section 3.2.3>") is not the spec's.
func (x *extractor) specGrammarRules(st *secState, cs *specConcepts, blocks []specBlock) {
	if x.format == core.FormatMarkdown || specNotationTitle(st.title) {
		return // a section on the notation shows its rules as examples ("name = definition")
	}
	s := st.own
	for i := range blocks {
		b := &blocks[i]
		if len(b.lines) == 0 || b.kind == bkRow || !isSpecABNF(s[b.lines[0].a:b.lines[0].b]) {
			continue
		}
		for k := 0; k < len(b.lines); k++ {
			l := b.lines[k]
			line := s[l.a:l.b]
			if !isSpecABNF(line) {
				continue
			}
			// the rule's continuation lines sit deeper than its name
			rule := line
			for k+1 < len(b.lines) && b.lines[k+1].ind > l.ind && !isSpecABNF(s[b.lines[k+1].a:b.lines[k+1].b]) {
				k++
				rule += " " + s[b.lines[k].a:b.lines[k].b]
			}
			eq := strings.IndexByte(rule, '=')
			name := strings.TrimSpace(rule[:eq])
			body := strings.TrimSpace(strings.TrimPrefix(rule[eq+1:], "/"))
			if name == "" || strings.HasPrefix(body, "<") || strings.HasPrefix(strings.TrimSpace(rule[eq+1:]), "/") {
				continue // imported, or an alternative added to a rule
			}
			if n := cs.serial; x.specConcept(st, cs, name, text.CollapseSpace(rule), st.body+l.a, core.Definition) > n {
				x.cands[len(x.cands)-1].grammar = true
			}
		}
	}
}

// specConceptEdges adds a requires edge from each requirement to the
// concept it is about. cs is sorted by offset; outOf maps a candidate to
// its primitive in out (-1 when it was dropped).
func (x *extractor) specConceptEdges(cs []cand, outOf []int, out []core.Primitive) {
	if x.specs == nil || x.specs.cs == nil || len(x.specs.cs.about) == 0 && len(x.specs.cs.parent) == 0 {
		return
	}
	st := x.specs.cs
	target := make(map[int]int, len(st.at)) // serial → primitive
	for ci := range cs {
		if s, ok := st.at[cs[ci].offset]; ok && outOf[ci] >= 0 && cs[ci].typ != core.Axiom && cs[ci].typ != core.Technique {
			target[s] = outOf[ci]
		}
	}
	for c, p := range st.parent {
		from, ok1 := target[c]
		to, ok2 := target[p]
		if ok1 && ok2 && from != to {
			q := &out[to]
			addReference(&out[from], q, specPartStrength, "Part of "+q.Name)
		}
	}
	for ci := range cs {
		s, ok := st.about[cs[ci].offset]
		if !ok || outOf[ci] < 0 {
			continue
		}
		t, ok := target[s]
		if !ok || t == outOf[ci] {
			continue
		}
		q := &out[t]
		addReference(&out[outOf[ci]], q, specAboutStrength, "About "+q.Name)
	}
}

// specConceptAt reports whether the candidate at offset off is a concept.
func (x *extractor) specConceptAt(off int) bool {
	if x.specs == nil || x.specs.cs == nil {
		return false
	}
	_, ok := x.specs.cs.at[off]
	return ok
}

// topLevel is the level of a document's upper headings: the shallowest
// level that holds three sections or more (a Markdown standard's one "#"
// title sits above its "##" chapters; an RFC's chapters are its top
// level).
func (sd *specDoc) topLevel(secs []*core.Section) int {
	if sd.top != 0 {
		return sd.top
	}
	count := map[int]int{}
	var walk func([]*core.Section)
	walk = func(ss []*core.Section) {
		for _, s := range ss {
			if s != nil {
				count[s.Level]++
				walk(s.Children)
			}
		}
	}
	walk(secs)
	sd.top = 1
	for l := 1; l <= 6; l++ {
		if count[l] >= 3 {
			sd.top = l
			break
		}
	}
	return sd.top
}

// specTitleCase turns a title set in capitals ("STATE AND SESSIONS",
// "PRIVACY") into title case, so that its words read as words and not as
// tokens of the protocol. A title with a token of another shape
// ("AUTH_TYPE", "HTTP/1.1", "ETag") is left as it is.
func specTitleCase(t string) string {
	words := strings.Fields(t)
	long := false
	for _, w := range words {
		for _, r := range w {
			if r < 'A' || r > 'Z' {
				if !(r >= '0' && r <= '9' || r == '.') {
					return t
				}
			}
		}
		if len(w) >= 4 {
			long = true
		}
	}
	if !long {
		return t // "URI", "HTTP": an acronym
	}
	for i, w := range words {
		switch lw := strings.ToLower(w); {
		case i > 0 && (lw == "and" || lw == "of" || lw == "the" || lw == "to" || lw == "in" || lw == "for" || lw == "with" || lw == "or"):
			words[i] = lw
		case strings.Trim(w, "0123456789.") == "":
		default:
			words[i] = w[:1] + lw[1:]
		}
	}
	return strings.Join(words, " ")
}

// specNotationTitle reports whether a title is of a section that explains
// the grammar's notation ("Augmented BNF", "Notational Conventions").
func specNotationTitle(t string) bool {
	for _, w := range strings.Fields(strings.ToLower(t)) {
		switch strings.Trim(w, `"'()`) {
		case "notation", "notational", "bnf", "abnf", "conventions":
			return true
		}
	}
	return false
}

// subject is the name a specification gives its subject in its title, as
// an abbreviation ("Internet Content Adaptation Protocol (ICAP)", "The
// Common Gateway Interface (CGI) Version 1.1"); "" when it gives none.
func (sd *specDoc) subject(title string) string {
	if sd.subj != nil {
		return *sd.subj
	}
	subj := ""
	if i := strings.LastIndex(title, "("); i > 0 {
		if j := strings.IndexByte(title[i:], ')'); j > 0 {
			name := strings.TrimSpace(title[:i])
			if k := strings.LastIndex(name, ":"); k >= 0 {
				name = name[k+1:]
			}
			if abbr := title[i+1 : i+j]; text.Abbreviates(abbr, name) {
				subj = abbr
			}
		}
	}
	sd.subj = &subj
	return subj
}

// specHasWord reports whether name holds w as a whole word.
func specHasWord(name, w string) bool {
	for _, f := range strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '/' }) {
		if f == w {
			return true
		}
	}
	return false
}
