package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Knowledge in prose. Papers, reports and notes without theorem
// environments still name what they establish, only in running text:
// "P2a. If a proposal with value v is chosen, then …" (a property named by
// a label the text refers to later), "Property 1 (Safety). …", "we define
// a block as …", "by a quorum we mean …", a numbered section "4.
// Proof-of-Work" that describes one mechanism, and a list of numbered
// steps ("1) New transactions are broadcast to all nodes.") that a lead-in
// introduces. These strategies read them for papers (and documents
// classified as specifications that write no requirement keyword) and,
// except sections and step lists, for documents of unknown type; each is less certain than
// a marked environment, and its confidence says how it was found:
//
//   - prose result markers "Property/Invariant/Assumption/Principle/
//     Requirement N" (proseMarkerConf, 0.75);
//   - labelled statements "P1." "P2a ." "R3:" whose label the document
//     uses again elsewhere (labelConf, 0.7);
//   - numbered step lists introduced by a lead-in ending in ':' or made of
//     instructions (paperStepsConf, 0.75), an algorithm with its steps;
//   - definitions in prose: "we define X as", "X is called Y if", "we say
//     that X is Y if", "by X we mean", "X is defined as" (proseDefConf,
//     0.6);
//   - a numbered section's title with its opening paragraph, as the
//     technique (or definition) it describes (sectionConf, 0.5).
//
// Generic sections (Introduction, Related work, Evaluation, References …)
// give neither sections nor definitions nor steps: what a survey of others'
// work defines is not the paper's knowledge. Sentences that cite ("[12]",
// "et al.") are left out for the same reason.
const (
	proseMarkerConf = 0.75
	labelConf       = 0.7
	paperStepsConf  = 0.75
	proseDefConf    = 0.6
	sectionConf     = 0.5
)

// proseKnowledge runs the prose strategies over one section.
func (x *extractor) proseKnowledge(st *secState) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	if x.specStandard() {
		return // a specification's knowledge is its requirements and concepts
	}
	// The section's candidates so far (other strategies') count as taken.
	first := len(x.cands)
	for first > 0 && x.cands[first-1].sec == st {
		first--
	}
	x.markers(st, proseResultMarkers)
	x.labelledStatements(st)
	generic := genericSection(st.title)
	// A paper that marks its results ("Lemma 3.", "Theorem 2") says what
	// its knowledge is; its sections and lists are the setting of those
	// results, not mechanisms of their own.
	prosePaper := (x.ctype == core.Paper || x.ctype == core.Spec) && !x.marksResults()
	if prosePaper && !generic {
		x.paperSteps(st)
	}
	if !generic || st.title == "" {
		x.proseDefinitions(st, first)
	}
	if prosePaper && !generic {
		x.sectionMechanism(st, first)
	}
}

// proseResultMarkers are numbered statements that papers name in running
// text beside their theorems; only numbered, as the words are common.
var proseResultMarkers = []marker{
	{word: "Property", typ: core.Theorem, conf: proseMarkerConf, kind: "label", num: numReq, named: true},
	{word: "Invariant", typ: core.Axiom, conf: proseMarkerConf, kind: "label", num: numReq, named: true},
	{word: "Assumption", typ: core.Axiom, conf: proseMarkerConf, kind: "label", num: numReq, named: true},
	{word: "Principle", typ: core.Technique, conf: proseMarkerConf, kind: "label", num: numReq, named: true},
	{word: "Requirement", typ: core.Axiom, conf: proseMarkerConf, kind: "label", num: numReq, named: true},
}

// labelLine is a paragraph that opens with a short label and a period or
// colon: "P1. An acceptor must …", "P2a . If …" (PDF text may space the
// period off), "R3: The leader …".
var labelLine = lazyre.New(`(?m)^[ \t]*([A-Z][A-Za-z]{0,2}[0-9]{1,2}(?:[a-z]|[ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ])?)[ \t]?[.:][ \t]+([A-Z(][^\n]*)`)

// lowerScript writes a label's raised or lowered letter on the line.
var lowerScript = strings.NewReplacer("ᵃ", "a", "ᵇ", "b", "ᶜ", "c", "ᵈ", "d", "ᵉ", "e", "ᶠ", "f", "ᵍ", "g", "ʰ", "h",
	"ⁱ", "i", "ʲ", "j", "ᵏ", "k", "ˡ", "l", "ᵐ", "m", "ⁿ", "n", "ᵒ", "o", "ᵖ", "p", "ʳ", "r", "ˢ", "s", "ᵗ", "t",
	"ᵘ", "u", "ᵛ", "v", "ʷ", "w", "ˣ", "x", "ʸ", "y", "ᶻ", "z", "ₐ", "a", "ₑ", "e", "ₒ", "o", "ₓ", "x", "ₕ", "h",
	"ₖ", "k", "ₗ", "l", "ₘ", "m", "ₙ", "n", "ₚ", "p", "ₛ", "s", "ₜ", "t", "ᵢ", "i", "ⱼ", "j", "ᵣ", "r", "ᵤ", "u", "ᵥ", "v")

// modalWords make a labelled statement a requirement (axiom) rather than a
// property (theorem).
var modalWords = lazyre.New(`\b(must|shall|should|cannot|can only|may not)\b`)

// labelledStatements reads paragraphs opening with a label the document
// refers to elsewhere ("P1" in "P1 and P2a imply …"): such a label names a
// property the author builds on. A label used once is more likely a table
// cell, an address or an item of a form.
func (x *extractor) labelledStatements(st *secState) {
	s := st.own
	for _, m := range labelLine.FindAllStringSubmatchIndex(s, -1) {
		label := s[m[2]:m[3]]
		if m[0] > 0 && !blankBefore(s, m[0]) && !endsSentence(s[:m[0]]) {
			continue
		}
		if x.proseSt.labels >= maxLabelChecks {
			return // each check reads the document: bounded, so extraction stays linear
		}
		x.proseSt.labels++
		if countWord(x.doc, label) < 2 {
			continue
		}
		raw := blockText(s, m[4])
		raw = resultText(s, m[4], raw)
		stmt := stripCitations(x.prose(raw))
		if len(strings.Fields(stmt)) < 5 {
			continue
		}
		typ := core.Theorem
		if modalWords.MatchString(firstSentenceWhole(stmt, 400)) {
			typ = core.Axiom
		}
		label = lowerScript.Replace(label) // "P2ᵃ" is P2a, as lore find is asked for it
		name := label
		if p := titleCase(leadPhrase(mainClause(stmt), 6)); p != "" {
			name = tidyName(label + ": " + p)
		}
		x.add(st, cand{typ: typ, name: name, statement: stmt, number: label, offset: st.body + m[2], conf: labelConf})
	}
}

// endsSentence reports whether s, trailing space and emphasis aside, ends
// a sentence.
func endsSentence(s string) bool {
	t := strings.TrimRight(s, " \t\r\n*_")
	return t != "" && strings.ContainsRune(".!?", rune(t[len(t)-1]))
}

// maxLabelChecks bounds the labelled paragraphs checked per document; a
// paper names a few dozen properties at most.
const maxLabelChecks = 200

// blankBefore reports whether the line before position p is blank.
func blankBefore(s string, p int) bool {
	t := strings.TrimRight(s[:p], " \t")
	t = strings.TrimSuffix(t, "\n")
	i := strings.LastIndexByte(t, '\n')
	return strings.TrimSpace(t[i+1:]) == ""
}

// countWord counts the occurrences of w in s standing as a word, up to 3.
func countWord(s, w string) int {
	n := 0
	for i := 0; n < 3; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			break
		}
		at := i + j
		end := at + len(w)
		if (at == 0 || !isWordByte(s[at-1])) && (end == len(s) || !isWordByte(s[end])) {
			n++
		}
		i = end
	}
	return n
}

// paperGenericTitles are section titles that describe the paper, not a
// mechanism of it. Matched on the title without its number and article.
var paperGenericTitles = map[string]bool{
	"introduction": true, "conclusion": true, "conclusions": true, "concluding remarks": true, "summary": true,
	"related work": true, "related works": true, "prior work": true, "previous work": true, "background": true,
	"references": true, "bibliography": true, "acknowledgments": true, "acknowledgements": true, "acknowledgment": true,
	"acknowledgement": true, "evaluation": true, "abstract": true, "appendix": true, "future work": true,
	"discussion": true, "motivation": true, "overview": true, "results": true, "experiments": true,
	"experimental results": true, "experience": true, "performance": true, "measurements": true,
	"limitations": true, "lessons learned": true, "preliminaries": true, "notation": true, "outline": true,
	"contributions": true, "implementation": true, "design": true, "status": true, "availability": true,
	"methodology": true, "setup": true, "goals": true, "case studies": true, "calculations": true,
	"contents": true, "table of contents": true, "document": true, "open problems": true, "analysis": true,
	"preface": true, "keywords": true, "index terms": true, "notes": true, "glossary": true,
}

// ownGeneric are generic titles whose subsections are mechanisms: "3.1
// Leases" under "3 Implementation" describes one.
var ownGeneric = map[string]bool{"implementation": true, "design": true, "analysis": true, "overview": true}

// genericParts mark a generic title wherever they stand in it ("Conclusions
// and Future Work", "Experimental Evaluation").
var genericParts = []string{
	"introduc", "conclu", "related work", "future work", "acknowledg", "evaluation", "experiment",
	"lessons", "reference", "bibliograph", "appendix", "discussion", "summary", "measurement", "benchmark",
	"performance", "experience", "example", "plan of", "sample results", "workload", "previous", "prior work",
	"future", "open question", "open problem",
}

// genericSection reports whether a section title is one of paperGenericTitles
// or contains one of genericParts.
func genericSection(title string) bool {
	t := strings.ToLower(strings.TrimSpace(stripSectionNumber(title)))
	t = strings.TrimPrefix(strings.TrimPrefix(t, "the "), "a ")
	t = strings.Trim(t, ".: ")
	if paperGenericTitles[t] || t == "proofs" || strings.HasPrefix(t, "proof ") {
		return true
	}
	for _, p := range genericParts {
		// a part named as what the title's subject is of or for ("The
		// Environment Model of Evaluation", "Rules for Evaluation")
		// is the subject's matter, not the paper's apparatus
		if i := strings.Index(t, p); i >= 0 && !strings.HasSuffix(t[:i], " of ") && !strings.HasSuffix(t[:i], " for ") {
			return true
		}
	}
	return false
}

// sectionNumberLead is a heading's leading number: "2.", "3.1", "IV.", "A.".
var sectionNumberLead = lazyre.New(`^(?:[0-9]+(?:\.[0-9]+)*\.?|[IVX]+\.|[A-Z]\.(?:[0-9]+\.?)*)[ \t]+`)

func stripSectionNumber(t string) string {
	return sectionNumberLead.ReplaceAllString(strings.TrimSpace(t), "")
}

// headingNumber returns the number a section's heading carries: the
// analyzer's, else the one written before the title in the heading line.
func (x *extractor) headingNumber(st *secState) string {
	if st.s.Number != "" {
		return st.s.Number
	}
	from := clamp(st.s.Offset, 0, len(x.doc))
	to := clamp(st.body, from, len(x.doc))
	h := strings.TrimSpace(strings.TrimLeft(x.doc[from:to], "#* \t"))
	if m := leadingNumber.FindStringSubmatch(h); m != nil {
		return m[1]
	}
	return ""
}

// leadingNumber is an Arabic section number at a heading's start followed
// by a capitalized title.
var leadingNumber = lazyre.New(`^([0-9]{1,2}(?:\.[0-9]{1,2}){0,3})\.?[ \t]+[A-Z]`)

// innerNumber is a section number inside a title: two headings the PDF
// reader merged into one ("The Consensus Algorithm 2.1 The Problem").
var innerNumber = lazyre.New(`\s[0-9]+(?:\.[0-9]+)+\s`)

// sectionMechanism turns a paper's numbered section into the technique it
// describes, named by its title, stated by its own opening paragraph: a
// systems paper's sections are its mechanisms ("Proof-of-Work", "Leader
// election", "Reclaiming Disk Space"). A section whose opening another
// strategy already took is left to it.
func (x *extractor) sectionMechanism(st *secState, first int) {
	if x.headingNumber(st) == "" {
		return
	}
	title := strings.TrimSpace(stripSectionNumber(st.title))
	ws := strings.Fields(title)
	if len(ws) == 0 || len(ws) > 7 || len(title) > 60 || strings.ContainsAny(title, "?=<>{}[]|$\\") ||
		title[0] < 'A' || title[0] > 'Z' || innerNumber.MatchString(" "+title+" ") || !hasWord(title, 3) ||
		countedTitle.MatchString(title) {
		return
	}
	// A subsection of a generic section ("6.1.2 Reads" under
	// "6 Measurements") reports on the system; it is not a mechanism.
	seen := 0
	for p := x.parentOf(st.s); p != nil && seen < 8; p = x.parentOf(p) {
		if t := x.plainTitle(p.Title); genericSection(t) && !ownGeneric[strings.ToLower(stripSectionNumber(t))] {
			return
		}
		seen++
	}
	if x.underGeneric(x.headingNumber(st)) {
		return
	}
	s := st.own
	p := skipBlank(s, 0)
	// A figure or table caption opening the section is not its opening.
	for p < len(s) && (strings.HasPrefix(s[p:], "Figure") || strings.HasPrefix(s[p:], "Table") || strings.HasPrefix(s[p:], "Fig.")) {
		_, end := paragraph(s, p)
		p = skipBlank(s, end)
	}
	if p >= len(s) || opensBlock(s[p:]) {
		return
	}
	raw, end := paragraph(s, p)
	for _, c := range x.cands[first:] {
		if c.offset >= st.body+p && c.offset < st.body+end {
			return
		}
	}
	stmt := stripCitations(x.prose(raw))
	// An epigraph opening the section ("Perfection is reached … (A.
	// Saint-Exupery)") is not what the section describes.
	for k := 0; k < 3; k++ {
		if verse(raw) {
			p = skipBlank(s, end)
			raw, end = paragraph(s, p)
			stmt = stripCitations(x.prose(raw))
			continue
		}
		m := epigraph.FindStringIndex(stmt)
		if m == nil {
			break
		}
		stmt = stmt[m[1]:]
		if strings.TrimSpace(stmt) == "" {
			p = skipBlank(s, end)
			raw, end = paragraph(s, p)
			stmt = stripCitations(x.prose(raw))
		}
	}
	if len(strings.Fields(stmt)) < 15 || !strings.ContainsAny(stmt, ".!?:") || mostlyFigures(stmt) ||
		describesExhibit.MatchString(firstSentenceWhole(stmt, 400)) {
		return
	}
	typ := core.Technique
	low := strings.ToLower(stmt)
	lt := strings.ToLower(title)
	for _, art := range []string{"", "a ", "an ", "the "} {
		if strings.HasPrefix(low, art+lt+" is ") || strings.HasPrefix(low, art+lt+" are ") {
			typ = core.Definition
		}
	}
	if strings.ToUpper(title) == title {
		title = titleCase(strings.ToLower(title)) // "SYSTEM INTERACTIONS"
	}
	x.add(st, cand{typ: typ, name: tidyName(title), statement: stmt, offset: st.body + p, conf: sectionConf})
}

// epigraph is a quotation and its author opening a section.
var epigraph = lazyre.New(`^[^()]{0,400}?[.!?;,]["”]?\s*\([A-Z][^()]{0,40}\)\s*`)

// verse reports a paragraph of three or more lines each opening with a
// capital: a quoted poem. Wrapped prose opens most lines in lower case.
func verse(para string) bool {
	lines := strings.Split(strings.TrimSpace(para), "\n")
	if len(lines) < 3 {
		return false
	}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || l[0] < 'A' || l[0] > 'Z' {
			return false
		}
	}
	return true
}

// countedTitle is a table's heading, not a section's: "Per day (24-hour
// day, 7-day week basis)".
var countedTitle = lazyre.New(`\([^)]*[0-9][^)]*\)`)

// describesExhibit is an opening sentence about a table or figure ("Table
// 3 shows …", "In Figure 3 (b), we show …"): a report of results.
var describesExhibit = lazyre.New(`\b(?:Table|Figure|Fig\.)\s*[0-9]`)

// mostlyFigures reports a statement of which over a quarter of the words
// hold digits: a table read as text, not a description.
func mostlyFigures(s string) bool {
	d, n := 0, 0
	for _, w := range strings.Fields(s) {
		n++
		if strings.ContainsAny(w, "0123456789") {
			d++
		}
	}
	return 4*d > n
}

// notSteps is a lead-in announcing a list that is not done in order:
// conditions, properties, assumptions, contributions.
var notSteps = lazyre.New(`(?i)\b(?:conditions?|propert(?:y|ies)|assum\w*|requirements?|contributions?|results|findings|goals|criteria|measures|metrics)\b`)

// stepItem is a numbered step at a line's start: "1)", "1.", "(1)", or a
// named one: "Phase 1.", "Step 2:".
var stepItem = lazyre.New(`^[ \t]*(?:(Phase|Step|Stage|Round)[ \t]+)?(?:\(([0-9]{1,2})\)|([0-9]{1,2})[.):])[ \t]+(\S.*)$`)

// subItem opens a lettered part of a step: "(b) If an acceptor …".
var subItem = lazyre.New(`^[ \t]*\([a-z]\)[ \t]`)

// stepsPurpose is the purpose a lead-in gives its steps: "The steps to run
// the network are as follows:" → "run the network".
var stepsPurpose = lazyre.New(`(?i)\bsteps?\s+(?:to|for|of)\s+(.{3,60}?)\s+(?:are|is|as)\b`)

// paperSteps reads a paper's numbered step lists as algorithms: at least
// three items numbered from 1 without gaps (two when each is named "Phase
// N" or "Step N"), each a sentence, introduced by a lead-in that ends in
// ':' or announces "the following" steps, or made of instructions.
// Numbered lists of contributions or findings have none of these. An item
// runs over a blank line while its sentence is unfinished or a lettered
// part follows: PDF text breaks items so.
func (x *extractor) paperSteps(st *secState) {
	s := st.own
	if !strings.Contains(s, "1") {
		return
	}
	type item struct{ start, body, end int }
	var run []item
	want := 1
	blank, worded := false, false
	part := 0
	flush := func() {
		defer func() { run, want, blank = nil, 1, false }()
		if len(run) < 3 && !(worded && len(run) == 2) {
			return
		}
		steps := make([]procStep, 0, len(run))
		imp := 0
		for _, it := range run {
			t := text.CollapseSpace(stripCitations(x.prose(s[it.body:it.end])))
			if len(strings.Fields(firstSentenceWhole(t, maxStepSentence))) < 3 || len(t) > 1000 {
				return // "1. Residue." heads a paragraph; it is no step
			}
			if text.ImperativeStep(t) {
				imp++
			}
			steps = append(steps, procStep{text: t})
		}
		lead := leadIn(s, run[0].start)
		announced := strings.HasSuffix(lead, ":") || strings.Contains(strings.ToLower(lead), "the following")
		if !announced && 2*imp < len(steps) || notSteps.MatchString(lead) {
			return
		}
		part++
		name := leadNamesFunction(lead)
		if m := stepsPurpose.FindStringSubmatch(lead); name == "" && m != nil {
			name = tidyName(upperFirst(m[1]))
		}
		if l := strings.TrimSuffix(lead, ":"); name == "" && l != lead && len(strings.Fields(l)) <= 4 && hasWord(l, 3) {
			name = tidyName(upperFirst(l)) // "Receiver implementation:"
		}
		if name == "" {
			// The section's title names its technique; its steps are the
			// algorithm of it.
			name = stripSectionNumber(x.procedureName(st, lead, steps, part))
			switch l := strings.ToLower(name); {
			case strings.HasSuffix(l, "algorithm"), strings.HasSuffix(l, "protocol"), strings.HasSuffix(l, "procedure"):
			default:
				name = withKind(name, "Algorithm")
			}
		}
		x.add(st, cand{
			typ: core.Algorithm, name: name, statement: procedureStatement(lead, steps), form: procedureForm(steps),
			offset: st.body + run[0].start, end: st.body + run[len(run)-1].end, conf: paperStepsConf,
		})
	}
	for p := 0; p < len(s); {
		e := strings.IndexByte(s[p:], '\n')
		next := len(s)
		if e >= 0 {
			next = p + e + 1
		} else {
			e = len(s) - p
		}
		line := s[p : p+e]
		switch m := stepItem.FindStringSubmatchIndex(line); {
		case m != nil && stepNumber(line, m) == want && (want == 1 || worded == (m[2] >= 0)):
			if len(run) > 0 {
				run[len(run)-1].end = p
			}
			if want == 1 {
				worded = m[2] >= 0
			}
			run = append(run, item{start: p, body: p + m[8], end: p + e})
			want++
			blank = false
		case m != nil && stepNumber(line, m) == 1:
			flush()
			worded = m[2] >= 0
			run = append(run, item{start: p, body: p + m[8], end: p + e})
			want = 2
		case strings.TrimSpace(line) == "":
			blank = true
		case len(run) > 0 && !opensBlock(line) && (!blank || subItem.MatchString(line) ||
			!endsSentence(s[run[len(run)-1].body:run[len(run)-1].end])):
			run[len(run)-1].end = p + e // a wrapped line of the item
			blank = false
		default:
			flush()
		}
		p = next
	}
	flush()
}

func stepNumber(line string, m []int) int {
	d := ""
	if m[4] >= 0 {
		d = line[m[4]:m[5]]
	} else {
		d = line[m[6]:m[7]]
	}
	n := 0
	for _, c := range d {
		n = n*10 + int(c-'0')
	}
	return n
}

// defTrigger finds the phrases that open a definition in prose.
var defTrigger = lazyre.New(`(?i)\b(?:we (?:define|say|call)|is called|are called|is defined (?:as|to be)|are defined (?:as|to be)|we refer to|by [^.,;:]{2,60}? we mean)\b` +
	// "The order of a magma term is the number of …" opening a paragraph
	"|(?:\\A|\\n[ \\t]*\\n)[ \\t]*The [a-z][a-z -]{1,40}? of an? [^.,;:\\n]{1,50}? (?:is|are) (?:the|a|an) ")

// citing marks a sentence about others' work.
var citing = lazyre.New(`\[[0-9][0-9,\s–-]*\]|\bet al\b|\[[A-Z][A-Za-z+]*[0-9]{2}\]`)

// proseDefinitions reads definitions phrased in running text, one per
// sentence, named by the term defined; a term the document already defined
// is not defined again.
func (x *extractor) proseDefinitions(st *secState, first int) {
	s := st.own
	for _, m := range defTrigger.FindAllStringIndex(s, -1) {
		// A sentence is looked for at most 600 bytes back (a longer one is
		// skipped below), so that many triggers cost linear time.
		lo := max(0, m[0]-600)
		a := lo + sentenceStart(s[lo:], m[0]-lo)
		if lo > 0 && skipBlank(s, lo) == a {
			continue // no sentence start within reach: too long a sentence
		}
		for a < len(s) && isSpaceByte(s[a]) {
			a++
		}
		if a > m[0] {
			a = m[0]
		}
		rest := s[a:]
		if len(rest) > maxBlock {
			rest = rest[:maxBlock]
		}
		sent := text.CollapseSpace(rest[:sentenceEnd(rest)])
		if strings.Contains(sent, "\n\n") || len(sent) > 600 || citing.MatchString(sent) {
			continue
		}
		stmt := strings.TrimSpace(x.prose(sent))
		if !strings.HasSuffix(stmt, ".") && !strings.HasSuffix(stmt, ":") {
			continue
		}
		term := proseTerm(stmt)
		if term == "" || x.terms[termKey(term)] {
			continue
		}
		off := st.body + a
		taken := false
		for _, c := range x.cands[first:] {
			if c.offset <= off && off < max(c.end, c.offset+len(c.statement)) {
				taken = true
				break
			}
		}
		if taken {
			continue
		}
		x.add(st, cand{typ: core.Definition, name: titleCase(term), statement: stmt, offset: off, conf: proseDefConf})
	}
}

// proseTerm is the term a definition sentence defines, or "".
func proseTerm(sent string) string {
	low := strings.ToLower(sent)
	var t string
	switch {
	case strings.Contains(low, "we define "):
		rest := sent[strings.Index(low, "we define ")+len("we define "):]
		lr := strings.ToLower(rest)
		i := strings.Index(lr, " as ")
		if j := strings.Index(lr, " to be "); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			return sayTerm(sent)
		}
		t = rest[:i]
	case strings.Contains(low, "we say "):
		t = sayTerm(sent)
	case strings.Contains(low, " is called ") || strings.Contains(low, " are called "):
		// "when a procedure is called is determined …": called as a verb.
		i := strings.Index(low, " called ")
		if next := strings.Fields(low[i+len(" called "):]); len(next) == 0 || notTermStart[strings.Trim(next[0], ",.;:")] {
			return ""
		}
		t = calledTerm(splitWords(sent))
	case strings.Contains(low, "we call "):
		t = callTerm(sent[strings.Index(low, "we call ")+len("we call "):])
	case ofIs.MatchString(sent):
		m := ofIs.FindStringSubmatch(sent)
		if notDefined[strings.ToLower(m[1])] {
			return ""
		}
		t = m[1] + " of " + m[2]
	case strings.Contains(low, "we refer to "):
		rest := sent[strings.Index(low, "we refer to ")+len("we refer to "):]
		i := strings.Index(strings.ToLower(rest), " as ")
		if i < 0 {
			return ""
		}
		t = strings.TrimRight(rest[i+4:], ".,;:")
		if j := strings.IndexAny(t, ",;("); j >= 0 {
			t = t[:j]
		}
	case strings.Contains(low, " is defined ") || strings.Contains(low, " are defined "):
		i := strings.Index(low, " is defined ")
		if i < 0 {
			i = strings.Index(low, " are defined ")
		}
		ws := strings.Fields(sent[:i])
		if len(ws) > 4 {
			return ""
		}
		t = strings.Join(ws, " ")
	case strings.HasPrefix(low, "by "):
		i := strings.Index(low, " we mean")
		if i < 0 {
			return ""
		}
		t = sent[3:i]
	default:
		return ""
	}
	return cleanTerm(t)
}

// ofIs is a definition of a quantity or part of a kind of thing, stated
// at a paragraph's start: "The order of a magma term is the number of
// occurrences …" — what it is (m[1]) and of what (m[2], with its article).
var ofIs = lazyre.New(`^The ([a-z][a-z -]{1,40}?) of (an? [^.,;:]{1,50}?) (?:is|are) (?:the|a|an) `)

// notDefined are the nouns of "The X of a Y is …" that introduce a remark
// about something rather than define a quantity: "The proof of a lemma is
// the …", "The idea of a …".
var notDefined = map[string]bool{
	"proof": true, "idea": true, "key idea": true, "main idea": true, "goal": true, "aim": true, "purpose": true,
	"point": true, "rest": true, "reason": true, "intuition": true, "advantage": true, "drawback": true,
	"result": true, "main result": true, "example": true, "case": true, "use": true, "role": true,
}

// callTerm is the term of "we call …" (what follows the words): "we call
// a graph G bipartite if …" → "bipartite graph", "we call such edges
// bridges." → "bridges", "we call it the kernel of f" → "kernel". A
// symbol naming the thing (a single letter, a formula) is left out.
func callTerm(rest string) string {
	if i := strings.IndexAny(rest, ",.;:"); i >= 0 {
		rest = rest[:i]
	}
	low := " " + strings.ToLower(rest) + " "
	for _, stop := range []string{" if ", " iff ", " when ", " whenever ", " provided ", " in case "} {
		if i := strings.Index(low, stop); i >= 0 {
			low = low[:i+1]
			rest = rest[:max(0, i-1)]
		}
	}
	ws := strings.Fields(rest)
	if len(ws) == 0 {
		return ""
	}
	var noun string
	switch strings.ToLower(ws[0]) {
	case "a", "an", "such", "these", "those", "this":
		// the thing named, then (after a symbol) the word for it
		if len(ws) < 3 {
			return ""
		}
		noun, ws = ws[1], ws[2:]
	case "it", "them", "they":
		ws = ws[1:]
	}
	for len(ws) > 0 && (len(ws[0]) == 1 || strings.ContainsAny(ws[0], "$\\()=_^")) {
		ws = ws[1:] // "G", "$S$"
	}
	if len(ws) > 0 && (ws[0] == "the" || ws[0] == "a" || ws[0] == "an") {
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 3 {
		return ""
	}
	t := strings.Join(ws, " ")
	if noun != "" && len(ws) == 1 && !strings.HasSuffix(t, "s") {
		t += " " + noun // "bipartite" of a graph: "bipartite graph"
	}
	return t
}

// notTermStart are words that cannot open the term after "is called":
// the sentence uses "called" as a verb.
var notTermStart = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "be": true, "by": true, "with": true, "from": true, "in": true,
	"on": true, "at": true, "to": true, "for": true, "when": true, "if": true, "and": true, "or": true, "but": true,
	"so": true, "then": true, "as": true, "recursively": true, "directly": true, "once": true, "twice": true,
}

// cleanTerm keeps a term that reads as one: one to five words with
// letters, without its article, quotes or emphasis, and not a pronoun or
// a formula.
func cleanTerm(t string) string {
	t = strings.Trim(strings.TrimSpace(stripEmph(t)), "\"“”'‘’*_,.;:")
	t = stripArticle(t)
	ws := strings.Fields(t)
	if len(ws) == 0 || len(ws) > 5 || len(t) > 50 || !hasWord(t, 3) || strings.ContainsAny(t, "()=<>{}[]$\\|") {
		return ""
	}
	switch strings.ToLower(ws[0]) {
	case "it", "this", "that", "these", "those", "them", "they", "such", "which", "what", "how", "each", "all", "some",
		"one", "two", "several", "any", "its", "their", "our", "here":
		return ""
	}
	if text.IsStopword(strings.ToLower(ws[len(ws)-1])) {
		return ""
	}
	if len(ws) == 1 && strings.HasSuffix(strings.ToLower(t), "ly") {
		return "" // "the procedure is called directly": a verb, not a term
	}
	return t
}

// mainClause is a conditional statement's consequent ("If a proposal … is
// chosen, then every higher-numbered proposal …" → "every higher-numbered
// proposal …"), which says what the statement is about; other statements
// are their own main clause.
func mainClause(stmt string) string {
	low := strings.ToLower(stmt)
	for _, w := range []string{"if ", "for any ", "for all ", "for every ", "when ", "whenever "} {
		if !strings.HasPrefix(low, w) {
			continue
		}
		if i := strings.Index(low, ", then "); i >= 0 {
			return stmt[i+len(", then "):]
		}
		if i := strings.Index(low, ", "); i >= 0 {
			return stmt[i+2:]
		}
	}
	return stmt
}

// markedResultWords are the words that, numbered at a line's start, mark
// a result or definition.
var markedResultWords = []string{"Theorem", "Lemma", "Proposition", "Corollary", "Definition"}

// markedResults counts, up to limit, the lines of s that open a numbered
// result or definition: spaces, bold or italic marks (* or _), one of
// markedResultWords, spaces and a digit ("**Theorem 2.1**"). It reads s
// line by line rather than with a line-anchored pattern, which has no
// literal to skip to and steps through every byte of a book.
func markedResults(s string, limit int) int {
	n := 0
	for len(s) > 0 && n < limit {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		line = strings.TrimLeft(strings.TrimLeft(line, " \t"), "*_")
		for _, w := range markedResultWords {
			if !strings.HasPrefix(line, w) {
				continue
			}
			rest := line[len(w):]
			num := strings.TrimLeft(rest, " \t")
			if len(num) < len(rest) && num != "" && num[0] >= '0' && num[0] <= '9' {
				n++
			}
			break
		}
	}
	return n
}

// marksResults reports whether the document marks at least two numbered
// results or definitions at a line's start (decided once per document).
func (x *extractor) marksResults() bool {
	if x.proseSt.marked == 0 {
		x.proseSt.marked = -1
		if markedResults(x.doc, 2) == 2 {
			x.proseSt.marked = 1
		}
	}
	return x.proseSt.marked > 0
}

// bcp14 is a requirement keyword as specifications write it.
var bcp14 = lazyre.New(`\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED)\b`)

// specKeywords reports whether the document writes requirement keywords
// (decided once per document). A document classified as a specification
// without one ("requirement", "constraint" and "specification" in the
// prose of a systems paper) is read as a paper.
func (x *extractor) specKeywords() bool {
	if x.proseSt.keywords == 0 {
		x.proseSt.keywords = -1
		if bcp14.MatchString(x.doc) {
			x.proseSt.keywords = 1
		}
	}
	return x.proseSt.keywords > 0
}

// proseState is what the prose strategies know of the whole document.
type proseState struct {
	// numbered maps the number a heading is written with ("6.1") to its
	// section's title, built on first use: a PDF's sections come flat, and
	// their numbers are what says that "6.1.2 Reads" belongs to "6
	// Measurements".
	numbered map[string]string
	// labels counts the labelled paragraphs checked (maxLabelChecks).
	labels int
	// marked caches marksResults, keywords specKeywords: 0 unknown,
	// 1 yes, -1 no.
	marked, keywords int
}

// underGeneric reports whether the section numbered n stands under a
// generic section by its number ("6.1.2" under "6 Measurements").
func (x *extractor) underGeneric(n string) bool {
	if !strings.Contains(n, ".") {
		return false
	}
	if x.proseSt.numbered == nil {
		x.proseSt.numbered = map[string]string{}
		seen := map[*core.Section]bool{}
		for _, r := range x.a.Sections {
			walk(r, seen, func(s *core.Section) {
				b := s.BodyOffset
				if b == 0 && s.Offset > 0 {
					b = s.Offset
				}
				st := &secState{s: s, body: clamp(b, 0, len(x.doc))}
				if k := x.headingNumber(st); k != "" {
					// Two headings the reader merged ("2 A Ranking … 2.1
					// Related Work") are two titles.
					t := stripSectionNumber(x.plainTitle(s.Title))
					if m := innerNumber.FindStringIndex(t); m != nil {
						inner := strings.TrimSpace(t[m[0]:m[1]])
						if _, dup := x.proseSt.numbered[inner]; !dup {
							x.proseSt.numbered[inner] = t[m[1]:]
						}
						t = t[:m[0]]
					}
					if _, dup := x.proseSt.numbered[k]; !dup {
						x.proseSt.numbered[k] = t
					}
				}
			})
		}
	}
	for i := strings.LastIndexByte(n, '.'); i > 0; i = strings.LastIndexByte(n, '.') {
		n = n[:i]
		if t, ok := x.proseSt.numbered[n]; ok && genericSection(t) && !ownGeneric[strings.ToLower(t)] {
			return true
		}
	}
	return false
}
