// Package extract finds knowledge primitives (definitions, theorems,
// algorithms, techniques, axioms, identities) in an analyzed document.
//
// Two families of strategies run over every section's own text:
//
//   - format strategies read structure the markup makes explicit, whatever
//     the content type, at confidence 0.95: LaTeX theorem-like environments
//     (definition/defn/defi/dfn, theorem/thm, lemma/lem, proposition/prop,
//     corollary/cor, axiom, algorithm, identity, rule) and PreTeXt elements
//     (<definition>, <theorem>, <lemma>, <proposition>, <corollary>,
//     <axiom>, <algorithm>, <identity>, <principle>, <fact>). OpenIntro's
//     \begin{onebox}{Title} is a definition, or a theorem when its title
//     holds the word rule, law, theorem or principle (0.9). Markdown
//     headings "Step N: …" are tutorial steps in every content type.
//     Proofs, examples and exercises are never primitives.
//   - content strategies read textual markers chosen by the content type:
//     textbook "Definition 2.1:", "Theorem (Lagrange).", Lemma, Corollary,
//     Proposition, Axiom, Algorithm, Identity (0.9), and algorithms named
//     in prose by an emphasized term ("The \emph{quicksort} algorithm",
//     0.8); tutorial "Step N:"
//     (0.9), "Key Concept:" (0.8), "Exercise:", "Practice:", "Try this:",
//     "Challenge:", "Tip:", "Best Practice:" (0.7); spec sentences with an
//     upper-case MUST, SHALL or REQUIRED (axiom, 0.9), SHOULD or
//     RECOMMENDED (technique, 0.8) or MAY (technique, 0.7; genre_spec.go),
//     "Interface/Service/Component:" (0.8),
//     "Invariant/Constraint/Precondition/Postcondition:" (0.85); paper
//     "Algorithm N:" (0.9), "Finding/Result/Observation N:" (0.8),
//     "Method/Approach/Technique:" (0.8), "Hypothesis/Conjecture:" (0.7);
//     reference code signatures (0.85) and type declarations (0.8) inside
//     code only, "Pattern:" (0.8), "Rule:"/"Constraint:" (0.8). An unknown
//     content type runs every content strategy, keeps the most confident
//     of matches closer than 10 bytes, and caps confidence at 0.4.
//   - prose strategies (genre_prose.go) read papers without marked results:
//     numbered "Property/Invariant/Assumption/Principle/Requirement N"
//     (0.75), labelled statements "P2a." the text refers to again (0.7),
//     numbered step lists a lead-in announces, as algorithms (0.75),
//     definitions in prose — "we define X as", "X is called Y", "we say
//     that", "by X we mean" (0.6) — and a numbered section's title with
//     its opening paragraph as the technique it describes (0.5), never a
//     generic section ("Introduction", "Related work", "Evaluation").
//     Markdown headings naming a result ("## Definition: Tree", "###
//     Theorem (Y)", "#### Lemma 3.2") are results in every content type,
//     stated by the section's text (0.85; format_markdown_headings.go).
//
// A marker is a case-sensitive word at a word boundary, then an optional
// number and an optional "(Name)" or "[Name]", then ':' or '.'. A marker
// ending in '.' must open a line (after indentation, bullets or Markdown
// emphasis) where a block can begin, or carry a name or emphasis; so "the
// definition of", "by Theorem 3.1." and "must" never become primitives.
//
// Names are concept names. A LaTeX environment or PreTeXt element is
// named by its own title; a definition by the terms it defines (one
// primitive per term when it defines several in separate sentences); by a
// comment right before it; by the sentence leading into it ("the
// following theorem about …"); a result by a short statement in words or
// a conventional gist ("Characterization of Trees"); last by kind, number
// as LaTeX counts it, and section ("Lemma 4.1.2 — Quasi-inverses"). A
// label key is never a name (see blocknames.go). Textual markers are
// named by a name the author wrote (a bracketed name, a box title up to
// its colon); the term the statement defines (emphasized, "is called X",
// "A set V is a X", or the subject of "X is …"); the enclosing section's
// title plus the kind of result, numbered on repeats; a short phrase of
// the statement's main clause. Names are unique within a source.
//
// Statements render cross-references (\ref, \cref, \autoref, \eqref,
// \hyperref, <xref>) as the number and name of their target, expand the
// source's own macros, and drop index, label and glossary markup. A
// reference from one block (its statement or its proof) to another
// extracted block is a requires edge (edges.go).
//
// Requirements are named actor + modal + action + object ("The client
// MUST mask all frames that it sends to the server" → "Client masks all
// frames that it sends to the server"; the convention is in genre_spec.go). Names
// never exceed 60 bytes, never end in a stopword and are never a lone
// stopword or letter.
//
// Where things are. Files named format_* read the blocks a format's markup
// delimits and hand them to the block model (blocks.go): format_latex*.go
// (environments; the document's macros, labels and numbering; LaTeX
// rendered as text), format_pretext*.go, format_markdown.go (fenced divs,
// directives and knitr chunks: HTML, EPUB and DOCX arrive as these) and
// format_markdown_headings.go (results named in headings). Files named
// genre_* are the content strategies, a genre to a file: genre_markers.go
// (the textual markers of textbooks, papers, tutorials and references),
// genre_textbook_algorithms.go (algorithms named in prose),
// algorithms_latex.go (pseudo-code in LaTeX, whatever its package or
// environment), algorithms_prose.go ("Algorithm N" blocks of text,
// functions described by steps, phases), algorithms_listing.go
// (pseudo-code set verbatim),
// genre_tutorial.go (procedures and their steps), genre_prose.go (papers
// and notes without marked results), genre_spec*.go (requirements) and
// genre_reference*.go (code signatures, API entries). Shared by all:
// naming (blocknames.go, names.go, claims.go), terms defined in running
// text (terms.go), references as edges (edges.go), and the driver
// (extract.go).
//
// Every section is scanned once per strategy with substring prefilters,
// blocks never overlap, and statements are read at most a few kilobytes
// past their marker, so extraction is linear in the size of the document.
package extract

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Options adjusts one extraction.
type Options struct {
	// Domain overrides the analysis's detected domain for every primitive.
	Domain string
	// Fallback is the domain of the primitives of a document whose words
	// activate no domain (analyze.FallbackDomain): one lore domains lists.
	Fallback string
	// Section, when set, is called after each section is read, and
	// Candidate with the count of candidates made and their number as
	// they are made: a large source's extraction takes long enough to be
	// watched, the second part longer than the first.
	Section   func()
	Candidate func(done, total int)
}

// Limits of the statement and computational form. The reference cut
// statements to 500 bytes, mid-word and mid-formula; lore cuts a statement
// longer than its cap at a sentence end and marks the cut with "…"
// (cutStatement). A LaTeX environment or PreTeXt element is a whole
// statement the author delimited, kept up to maxBlockStatement: with a
// book's macros expanded a statement of a page's third grows past 2000
// bytes, and its last items were cut.
const (
	maxStatement      = 500
	maxBlockStatement = 4000
	maxFormPart       = 100
	maxIdentity       = 200
	// unknownCap is the confidence ceiling when the content type is
	// unknown: every strategy runs, so any single match is weak evidence.
	unknownCap = 0.4
	// proximity is how close (in bytes) two unknown-type matches must be
	// to count as the same find.
	proximity = 10
)

// cand is a primitive found by a strategy, before ids and derived fields.
type cand struct {
	typ       core.PrimitiveType
	name      string
	statement string
	number    string
	offset    int // absolute byte offset of the marker
	end       int // absolute end of the marked block (format strategies)
	conf      float64
	format    bool // found by a format strategy: exempt from the unknown cap
	// form is the computational form when the strategy writes its own (a
	// procedure's numbered steps); empty means the per-type template.
	form string
	sec  *secState
	// Format strategies only: where the block's body starts, the word its
	// kind is printed with ("Lemma"), the cross-reference keys that point
	// at it, and whether its name is a real name (not "Lemma 4.1.2 — …").
	body    int
	kind    string
	labels  []string
	genuine bool
	// part marks the second and later primitives of a definition that
	// defines several terms.
	part bool
	// grammar marks a rule of the document's own grammar (core.TagGrammar),
	// own a concept the document marks as its own (core.TagOwn), borrowed
	// a term defined by pointing to another document (core.TagBorrowed).
	grammar, own, borrowed bool
	// claim marks a statement read as a result because a proof follows
	// it (proofs_claims.go).
	claim bool
	// headed marks a section read as what its title names: the term it
	// defines, or the thing it describes (topic), looseTopic when its
	// opening names it late (terms_headed.go).
	headed, topic, looseTopic bool
	// passFrom, when set, is where the candidate's passage starts: a
	// section read by its title (sections_read.go) keeps the lines
	// before its opening, and the rest of an opening cut short.
	passFrom int
	// reading marks a section read by its title (sections_read.go).
	reading bool
	// parts are where the parts of a candidate read across sections are
	// (a guide's steps, section after section): each section holding
	// one is read by it.
	parts []int
}

// secState is what the extractor knows about one section while scanning.
type secState struct {
	s       *core.Section
	title   string
	chapter int
	// chapterTitle is the title of the top-level section holding it.
	chapterTitle string
	body         int // absolute start of the section's own text
	own          string
	patterns     []string
	counted      bool
}

type extractor struct {
	a      *core.Analysis
	doc    string
	format core.Format
	ctype  core.ContentType
	cands  []cand
	// paraRead counts the bytes the checks of PreTeXt paragraphs for
	// terms search and read (paraScan): linear in the text however deep
	// its paragraphs nest (TestDeepPreTeXtParagraphsReadLinear).
	paraRead int
	// capBelow is whether the document prints algorithm captions under
	// their rows: 0 undecided, 1 yes, -1 no (captionsBelow).
	capBelow int8
	// closers index the closing tags of format blocks once per document,
	// so finding the end of an environment never rescans the text.
	closers map[string][]int
	// stepRuns are where the runs of step sections read as one
	// algorithm are (stepSections).
	stepRuns [][2]int
	// sigSeen keeps one primitive per API name and document.
	sigSeen map[string]bool
	// named keeps one primitive per named algorithm and document.
	named map[string]bool
	// terms holds the terms the document's definitions so far define
	// (termKey), so a term defined again in prose is not a second
	// primitive.
	terms map[string]bool
	// states are the sections read, in document order, for the sections
	// no reader took (sectionReadings); heads counts their titles, for
	// the running heads of a page's text (runningHead).
	states []*secState
	heads  map[string]int
	// genre is the state of the procedure and Markdown strategies.
	genre genreState
	// tex and texr know the whole LaTeX document (macros, labels,
	// numbers, references); labelsAt lists the label keys of each
	// numbered environment by the offset of its \begin; ptx is the same
	// for PreTeXt. secIndex numbers unnumbered blocks in their section.
	tex      *texDoc
	texr     *texRender
	labelsAt map[int][]string
	ptx      *ptxDoc
	secIndex map[secKind]int
	// swaps caches whether the document numbers its results first ("3.6
	// Lemma"): 0 unknown, 1 yes, -1 no.
	swaps int
	// highlights counts the untitled frame boxes that state something by
	// the author's command setting them (format_latex_highlight.go); nil
	// until counted.
	highlights map[string]int
	// front is where the front matter ends, plus one: 0 until read.
	front int
	// proseInd is a plain text's prose indentation, plus one: 0 until read.
	proseInd int
	// referred caches what the text says of its bold numbered titles by
	// referring to them ("Rule 3.5"); nil until asked.
	referred *referredSeries
	// defined holds the terms the document's definition blocks (PreTeXt's
	// <definition>, Markdown's definition divs)
	// elements define, lowercased (built on first use).
	defined map[string]bool
	// words are the document's words as the analyzer recorded them (nil
	// when it did not).
	words core.Words
	// pw is the word table of patterns, reused across sections.
	pw patternWords
	// specs is the requirement state of the document (genre_spec.go).
	specs *specDoc
	// prose is the state of the prose strategies (genre_prose.go).
	proseSt proseState
	// refs is what the document leaves to the other documents of a learn
	// (across.go).
	refs Refs
	// algos is what the algorithms read hold (algorithms_latex.go).
	algos algoState
	// exp is the LaTeX document with its author's structural macros
	// expanded, when it has any (format_latex_expand.go): x.doc is its
	// text.
	exp *texExpansion
}

// Extract returns the primitives found in the analyzed document, in
// document order, without dependency edges (wiring is a later stage).
func Extract(a *core.Analysis, opts Options) []core.Primitive {
	ps, _ := ExtractRefs(a, opts)
	return ps
}

// ExtractRefs is Extract, and what the document's references leave to the
// other documents read with it (LinkAcross).
func ExtractRefs(a *core.Analysis, opts Options) ([]core.Primitive, Refs) {
	out := []core.Primitive{}
	if a == nil || a.Document == nil {
		return out, Refs{}
	}
	doc := a.Document.Text
	x := &extractor{
		a:      a,
		doc:    doc,
		format: a.Document.Format,
		ctype:  a.ContentType,
	}
	if x.ctype == "" {
		x.ctype = core.Unknown
	}
	if x.format == core.FormatLaTeX {
		// The author's structural macros read as what they expand to.
		if t := expandAuthorStructure(doc); t != nil {
			x.useExpansion(t)
			a, doc = x.a, x.doc
		}
	}
	// Words recorded of another text (an analysis whose document was
	// changed after it) are not this text's.
	if a.Words != nil && a.Words.Text() == doc {
		x.words = a.Words
	}
	roots := a.Sections
	if len(roots) == 0 {
		if strings.TrimSpace(doc) == "" {
			return out, Refs{}
		}
		// An analysis without sections still has text worth reading.
		roots = []*core.Section{{Title: "Document", End: len(doc)}}
	}
	seen := map[*core.Section]bool{}
	for i, root := range roots {
		chapter := i + 1
		chapterTitle := ""
		if len(roots) > 1 {
			chapterTitle = x.plainTitle(root.Title)
		}
		walk(root, seen, func(s *core.Section) {
			x.section(s, chapter, chapterTitle)
			if opts.Section != nil {
				opts.Section()
			}
		})
	}
	x.sectionSteps(roots)
	ps := x.finish(opts)
	x.sourceOffsets(ps)
	return ps, x.refs
}

// walk visits sections depth-first in document order, each once, without
// trusting the tree to be nil-free or acyclic.
func walk(s *core.Section, seen map[*core.Section]bool, fn func(*core.Section)) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	fn(s)
	for _, c := range s.Children {
		walk(c, seen, fn)
	}
}

// frontMatter is where a Markdown document's front matter ends (0 when it
// has none), once per document.
func (x *extractor) frontMatter() int {
	if x.front == 0 {
		x.front = text.FrontMatterEnd(x.doc) + 1
	}
	return x.front - 1
}

func (x *extractor) section(s *core.Section, chapter int, chapterTitle string) {
	n := len(x.doc)
	body := clamp(s.BodyOffset, 0, n)
	if s.BodyOffset == 0 && s.Offset > 0 {
		body = clamp(s.Offset, 0, n)
	}
	end := clamp(s.OwnEnd(), body, n)
	if x.format == core.FormatMarkdown && body < x.frontMatter() {
		// A Markdown document's front matter is its metadata (a draft's
		// docname, authors, references), no statement of it.
		body = min(x.frontMatter(), end)
	}
	st := &secState{s: s, chapter: chapter, chapterTitle: chapterTitle, body: body, own: x.doc[body:end]}
	st.title = x.plainTitle(s.Title)
	x.states = append(x.states, st)

	first := len(x.cands)
	switch x.format {
	case core.FormatLaTeX:
		x.latexEnvs(st)
		x.latexPseudocode(st, first)
	case core.FormatPreTeXt:
		x.pretextElems(st)
	case core.FormatMarkdown:
		x.markdownEnvs(st)
	}
	nFormat := len(x.cands) - first
	start := len(x.cands)
	// A "Step N: …" heading is structure whatever the classification says:
	// READMEs that teach by steps are often classified as references.
	x.stepHeading(st)
	switch x.ctype {
	case core.Textbook:
		x.textbook(st)
		x.namedAlgorithms(st)
		if len(x.cands) == first && !x.marksResults() && !strings.Contains(st.own, "**") {
			// a note that marks neither a result nor a term (in bold)
			// states its definitions in prose, as a paper does
			x.proseKnowledge(st)
		}
	case core.Tutorial:
		x.tutorial(st)
		x.setApartResults(st)
		x.procedures(st)
	case core.Spec:
		if x.marksResults() {
			// A document that numbers its definitions and theorems at
			// a line's start ("Definition 2.1 – IP") states them as a
			// book does, whatever words made it read as a spec (a
			// thesis on instruction sets, a licence's SHALL).
			x.textbook(st)
			x.namedAlgorithms(st)
		}
		x.spec(st)
		x.proseKnowledge(st)
	case core.Paper:
		x.paper(st)
		x.proseKnowledge(st)
	case core.Reference:
		x.reference(st)
		x.setApartResults(st)
		x.procedures(st)
	default:
		x.textbook(st)
		x.namedAlgorithms(st)
		x.tutorial(st)
		x.procedures(st)
		x.spec(st)
		x.paper(st)
		x.reference(st)
		x.proseKnowledge(st)
		x.cands = append(x.cands[:start], nearDedup(x.cands[start:])...)
	}
	x.mdHeadingResults(st, start)
	x.algorithmCaptions(st, start)
	x.stepLists(st, start)
	x.latexStepLists(st, first)
	x.latexStepParas(st, first)
	x.latexStepEnvs(st, first)
	x.listings(st, first)
	x.phases(st, start)
	x.commandLists(st, start)
	x.stepSections(st, start)
	if x.ctype == core.Textbook {
		x.computedProcedures(st) // what no reader above took
	}
	if x.ctype != core.Spec {
		// A paper defines its terms as a book does; a spec's bold is its
		// keywords'.
		x.termDefinitions(st, first)
	}
	x.headedTerms(st, first)     // terms_headed.go
	x.definitionLists(st, first) // terms_deflist.go
	x.signedSections(st, first)  // algorithms_signed.go
	if x.format == core.FormatLaTeX {
		// after every reader: a claim is what none of them took
		x.provedClaims(st, first) // proofs_claims.go
	}
	if nFormat > 0 {
		// A textual marker inside a recognized environment is the same
		// primitive seen twice.
		blocks := x.cands[first : first+nFormat]
		kept := x.cands[:start]
		for _, c := range x.cands[start:] {
			if !insideBlock(blocks, c.offset) {
				kept = append(kept, c)
			}
		}
		x.cands = kept
	}
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func insideBlock(blocks []cand, off int) bool {
	i := sort.Search(len(blocks), func(i int) bool { return blocks[i].end > off })
	for ; i < len(blocks); i++ {
		if blocks[i].offset <= off && off < blocks[i].end {
			return true
		}
		if blocks[i].offset > off {
			break
		}
	}
	return false
}

// nearDedup keeps, among matches closer than proximity bytes, the one with
// the highest confidence (the reference's all-strategies rule), in linear
// time by bucketing offsets.
func nearDedup(cs []cand) []cand {
	if len(cs) < 2 {
		return cs
	}
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := cs[order[i]], cs[order[j]]
		if a.conf != b.conf {
			return a.conf > b.conf
		}
		return a.offset < b.offset
	})
	buckets := map[int][]int{}
	keep := make([]bool, len(cs))
	for _, i := range order {
		off := cs[i].offset
		b := off / proximity
		clash := false
		for d := -1; d <= 1 && !clash; d++ {
			for _, o := range buckets[b+d] {
				if abs(o-off) < proximity {
					clash = true
					break
				}
			}
		}
		if clash {
			continue
		}
		keep[i] = true
		buckets[b] = append(buckets[b], off)
	}
	out := cs[:0:0]
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// plainTitle renders a section title as plain text for names and
// provenance: LaTeX and XML markup removed.
func (x *extractor) plainTitle(t string) string {
	switch x.format {
	case core.FormatLaTeX:
		if strings.ContainsAny(t, "\\{$~#!") {
			t = cleanLaTeX(t)
		}
	case core.FormatPreTeXt:
		if strings.ContainsAny(t, "<&") {
			t = cleanXML(t)
		}
	}
	return text.CollapseSpace(strings.Trim(t, "#*_ \t"))
}

// add records a candidate found in st at absolute offset off.
func (x *extractor) add(st *secState, c cand) {
	c.sec = st
	if x.stepRun(c) {
		return
	}
	limit := maxStatement
	if c.format {
		limit = maxBlockStatement
	}
	c.statement = cutStatement(strings.TrimSpace(text.CollapseSpace(c.statement)), limit)
	if c.statement == "" {
		return
	}
	if c.name == "" {
		c.name = fallbackName(c)
	}
	if c.typ == core.Definition {
		if x.terms == nil {
			x.terms = map[string]bool{}
		}
		x.terms[termKey(c.name)] = true
	}
	x.cands = append(x.cands, c)
}

// topicName names a result by its kind and number with the section it is
// in ("Theorem 2 — Antisymmetric operators"), as numbered blocks are named
// (numberedName), never by the section title and kind alone ("Antisymmetric
// operators Theorem"): the title says what the section is about, not what
// the result says. It is "" in a section without a title.
func (x *extractor) topicName(st *secState, kind, number string) string {
	if topicTitle(st.title) == "" {
		return ""
	}
	return x.numberedName(st, &cand{number: number, kind: kind})
}

// fallbackName is the last resort: the kind and number ("Theorem 3.1"),
// or the kind alone.
func fallbackName(c cand) string {
	k := kindWord(string(c.typ))
	if c.number != "" {
		return k + " " + c.number
	}
	return k
}

// secKind counts the unnumbered results of one kind in a section.
type secKind struct {
	st   *secState
	kind string
}

// finish turns candidates into primitives: ids, sections, forms, keywords.
func (x *extractor) finish(opts Options) []core.Primitive {
	cs := x.sectionReadings(x.catalogueTopics(x.cands))
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].offset != cs[j].offset {
			return cs[i].offset < cs[j].offset
		}
		if cs[i].format != cs[j].format {
			return cs[i].format
		}
		return cs[i].conf > cs[j].conf
	})
	domain := opts.Domain
	if domain == "" {
		domain = x.a.Domain
	}
	if domain == "" {
		domain = opts.Fallback
	}
	if domain == "" {
		// No domains at all (a caller that gave none): a name all the
		// same, which no configured domain can be.
		domain = "learn"
	}
	idBase := text.Slug(domain)
	if idBase == "" {
		idBase = "learn"
	}
	ctype := string(x.ctype)
	used := map[string]int{}
	out := make([]core.Primitive, 0, len(cs))
	outOf := make([]int, len(cs))
	lastOff := -1
	for i := range cs {
		// A name is read, never typeset: "Universal Cover of 𝕊¹", not
		// "Universal Cover of $\mathbb{S}^1$" (the statement keeps the
		// source's mathematics).
		if strings.ContainsAny(cs[i].name, `$\`) {
			cs[i].name = text.ReadableMath(cs[i].name)
		}
	}
	x.markdownNotation(cs)
	cs = leadInProcedures(cs)
	outOf = outOf[:len(cs)]
	x.uniqueNames(cs)
	x.countPatterns(cs)
	for ci, c := range cs {
		if opts.Candidate != nil {
			opts.Candidate(ci+1, len(cs))
		}
		outOf[ci] = -1
		if c.offset == lastOff {
			continue
		}
		lastOff = c.offset
		outOf[ci] = len(out)
		conf := c.conf
		if x.ctype == core.Unknown && !c.format && conf > unknownCap {
			conf = unknownCap
		}
		slug := text.Slug(c.name)
		if slug == "" {
			slug = string(c.typ)
		}
		id := idBase + "-" + slug
		used[id]++
		if n := used[id]; n > 1 {
			id += "-" + strconv.Itoa(n)
			used[id]++
		}
		section := c.number
		if section == "" {
			section = c.sec.s.Number
		}
		if section == "" {
			section = strconv.Itoa(c.sec.chapter) + "." + strconv.Itoa(len(out)+1)
		}
		out = append(out, core.Primitive{
			ID:                    id,
			Name:                  c.name,
			Type:                  c.typ,
			Domain:                domain,
			Chapter:               c.sec.chapter,
			Section:               section,
			Plane:                 x.a.PlaneOf(c.sec.title + ". " + c.name + ". " + c.statement),
			FormalStatement:       c.statement,
			ComputationalForm:     formOf(c),
			Prerequisites:         []string{},
			Dependencies:          []core.Edge{},
			Enables:               []string{},
			CompositionRules:      []core.CompositionRule{},
			ApplicabilityPatterns: x.patterns(c.sec),
			Keywords:              keywords(c.statement),
			Tags:                  tagsOf(&c, ctype, domain),
			Confidence:            conf,
			Provenance: core.Provenance{
				Document:      x.a.Document.Path,
				MediaType:     x.a.Document.MediaType,
				Bytes:         x.a.Document.Bytes,
				SHA256:        x.a.Document.SHA256,
				Section:       c.sec.title,
				SectionNumber: c.sec.s.Number,
				Chapter:       c.sec.chapterTitle,
				Offset:        c.offset,
				ContentHash:   text.ContentHash(c.statement),
			},
		})
	}
	x.refEdges(cs, outOf, out)
	x.algorithmEdges(cs, outOf, out)
	x.attachProofs(cs, outOf, out)
	x.attachExamples(cs, outOf, out)
	x.attachPassages(cs, outOf, out)
	if x.format != core.FormatLaTeX && x.format != core.FormatPreTeXt {
		x.textRefEdges(cs, outOf, out)
	}
	if x.ctype == core.Spec {
		x.specConceptEdges(cs, outOf, out)
		x.sectionRefEdges(cs, outOf, out)
	}
	return out
}

// keywords are the statement's keywords as people read them: one word per
// stem, in its most frequent form ("properties", never "properti"),
// without stopwords or discourse words ("suppose", "following", "https";
// see text.Terms). Mathematics, macro names and the keys of references
// ($\ishae(f)$, \cref{thm:hae}) are markup, not words, so they are left
// out (text.Prose). Whoever compares keywords compares their stems
// (text.Stems).
func keywords(statement string) []string {
	ks := text.Terms(text.Prose(statement))
	if ks == nil {
		return []string{}
	}
	return ks
}

// formOf is the candidate's own computational form, or the template.
func formOf(c cand) string {
	if c.form != "" {
		return c.form
	}
	return computationalForm(c.typ, c.statement)
}

// computationalForm derives the reference's per-type template.
func computationalForm(t core.PrimitiveType, statement string) string {
	// The first sentence, whole when it fits; else cut at a blank outside
	// a formula and marked, never inside a word or formula ("χ(").
	first := cutStatement(text.FirstSentence(statement, len(statement)), maxFormPart)
	switch t {
	case core.Definition:
		return "Defines: " + first
	case core.Theorem:
		return "Given preconditions, then: " + first
	case core.Algorithm:
		return "Procedure: " + first
	case core.Technique:
		return "Apply: " + first
	case core.Axiom:
		return "Assert: " + first
	case core.Identity:
		return text.Truncate(statement, maxIdentity)
	}
	return first
}

// minParallelSections is the fewest sections each goroutine of
// countPatterns is given: for fewer, starting it costs about what it saves.
const minParallelSections = 64

// countPatterns counts the patterns of the sections the candidates come
// from on up to GOMAXPROCS goroutines, so that patterns then returns them
// as counted; on a large book counting is most of what finish costs. A
// section's patterns depend on its own words only (see patterns), so the
// work splits by section: each goroutine counts a run of consecutive
// sections with a word table and a reader of the document's words of its
// own, and finds what counting them one by one would.
func (x *extractor) countPatterns(cs []cand) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(cs) < 2*minParallelSections {
		return
	}
	var stream *text.WordStream
	if x.words != nil {
		ws, ok := x.words.(*text.WordStream)
		if !ok {
			return // a reader that cannot be shared: counted one by one
		}
		stream = ws
	}
	var secs []*secState
	seen := make(map[*secState]bool)
	for i := range cs {
		if st := cs[i].sec; !st.counted && !seen[st] {
			seen[st] = true
			secs = append(secs, st)
		}
	}
	if workers = min(workers, len(secs)/minParallelSections); workers < 2 {
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		run := secs[w*len(secs)/workers : (w+1)*len(secs)/workers]
		y := &extractor{format: x.format}
		if stream != nil {
			y.words = stream.Fork()
		}
		wg.Go(func() {
			for _, st := range run {
				y.patterns(st)
			}
		})
	}
	wg.Wait()
}

// patternWords numbers the distinct words of a document for patterns, so
// counting a section's words and their stems is a lookup and slice
// arithmetic per word instead of maps built for every section.
type patternWords struct {
	ids map[string]int32
	// stem is the id of each word's pattern stem (patternStem), -1 when
	// the word does not count; stems are the stems' strings.
	stem  []int32
	stems []string
	byKey map[string]int32
	// n counts the words of the section being counted, by word id; cnt
	// its stems, by stem id. Both are zero between sections.
	n     []int32
	cnt   []int32
	order []int32 // word ids in order of first appearance in the section
	keys  []int32 // stem ids likewise
}

// patternTableMax bounds the distinct words patternWords remembers: past
// it the table starts again at the next section, so a document of
// millions of distinct words cannot hold them all.
const patternTableMax = 1 << 17

// reset empties the table when it is full (only between sections).
func (t *patternWords) reset() {
	if t.ids == nil || len(t.ids) > patternTableMax || len(t.stems) > patternTableMax {
		t.ids = make(map[string]int32, 1024)
		t.byKey = make(map[string]int32, 1024)
		t.stem, t.stems, t.n, t.cnt = t.stem[:0], t.stems[:0], t.n[:0], t.cnt[:0]
	}
}

// add counts one occurrence of w in the section.
func (t *patternWords) add(w string, _, _ int) {
	id, ok := t.ids[w]
	if !ok {
		id = int32(len(t.stem))
		// Not a copy: the table lives no longer than the extraction,
		// and the document's text as long.
		t.ids[w] = id
		t.stem = append(t.stem, t.stemID(patternStem(w)))
		t.n = append(t.n, 0)
	}
	if t.n[id] == 0 {
		t.order = append(t.order, id)
	}
	t.n[id]++
}

func (t *patternWords) stemID(k string) int32 {
	if k == "" {
		return -1
	}
	if id, ok := t.byKey[k]; ok {
		return id
	}
	id := int32(len(t.stems))
	t.byKey[k] = id
	t.stems = append(t.stems, k)
	t.cnt = append(t.cnt, 0)
	return id
}

// patternStem returns the stem a word counts under for applicability
// patterns, or "" when it does not count (stopword, no letters, short
// stem).
func patternStem(w string) string {
	k := ""
	if !text.IsStopword(w) && hasLetter(w) {
		k = text.Stem(w)
		if utf8.RuneCountInString(k) < 3 || text.IsStopword(k) {
			k = ""
		}
	}
	return k
}

// patterns returns the section's three most frequent keywords (stemmed,
// no stopwords, at least three letters), counted once per section and only
// for sections that yield a primitive. Words are counted as written first
// and stemmed once per distinct word of the document, which keeps this
// pass close to the speed of tokenizing.
func (x *extractor) patterns(st *secState) []string {
	if st.counted {
		return append([]string{}, st.patterns...)
	}
	st.counted = true
	t := &x.pw
	t.reset()
	// The analyzer found the document's words once; a run of the section is
	// read from them, not tokenized again.
	words := x.words
	add := t.add // one method value, not one per run of prose
	count := func(a, b int) {
		if words != nil {
			words.EachIn(st.body+a, st.body+b, add)
			return
		}
		text.EachWord(st.own[a:b], add)
	}
	switch x.format {
	case core.FormatLaTeX:
		eachLaTeXProse(st.own, count)
	case core.FormatPreTeXt:
		eachXMLText(st.own, count)
	default:
		count(0, len(st.own))
	}
	keys := t.keys[:0]
	for _, w := range t.order {
		k := t.stem[w]
		if k >= 0 {
			if t.cnt[k] == 0 {
				keys = append(keys, k)
			}
			t.cnt[k] += t.n[w]
		}
		t.n[w] = 0
	}
	t.order = t.order[:0]
	// Top three by count, ties to the earlier word: one pass, no sort.
	var top []int32
	for _, k := range keys {
		pos := len(top)
		for pos > 0 && t.cnt[k] > t.cnt[top[pos-1]] {
			pos--
		}
		if pos >= 3 {
			continue
		}
		top = append(top, 0)
		copy(top[pos+1:], top[pos:])
		top[pos] = k
		if len(top) > 3 {
			top = top[:3]
		}
	}
	for _, k := range keys {
		t.cnt[k] = 0
	}
	t.keys = keys
	var out []string
	for _, k := range top {
		out = append(out, t.stems[k])
	}
	st.patterns = out
	return append([]string{}, out...)
}

// tagsOf is a candidate's tags: its content type and domain, then
// core.TagGrammar for a rule of its document's grammar, core.TagOwn for
// a concept the document marks as its own and core.TagBorrowed for a term
// defined by pointing to another document.
func tagsOf(c *cand, ctype, domain string) []string {
	tags := []string{ctype, domain}
	if c.grammar {
		tags = append(tags, core.TagGrammar)
	}
	if c.own {
		tags = append(tags, core.TagOwn)
	}
	if c.borrowed {
		tags = append(tags, core.TagBorrowed)
	}
	if c.reading {
		tags = append(tags, core.TagReading)
	}
	return tags
}
