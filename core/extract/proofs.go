package extract

import (
	"sort"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Proofs are kept with the results they prove, never as primitives of
// their own. A proof is a LaTeX proof environment (proof, pf, prf and the
// translated names; \begin{proof}[Proof of Theorem~\ref{x}] names its
// result), a PreTeXt <proof>, a Markdown or MyST proof div or directive
// (::: proof, {.proof}, {prf:proof}), or, in running text of any format,
// a paragraph opening with "Proof." ("Proof of Theorem 2.3.") up to its
// end mark (∎, □, "Q.E.D.", \qed), the next line that opens a block or
// the end of its section. A sketch is a proof its source calls one
// ("[Sketch]", "Proof sketch.", "Idea of proof", "Sketch:"); one written
// in running text is its paragraph.
//
// A proof belongs to the result it names, else to the result it sits
// in, else to the block right before it in its section when no other
// block comes in between, whatever that block is: a reader attaches a
// proof to what it follows, a definition's (that it is well defined) as
// a theorem's. Its text is rendered as the
// statements of its format are, and kept whole up to core.MaxProof.

// proofSpan is one proof of the document: [at, end) holds it, its text
// starts at body. of is the label key its title references, kind and
// number the result its title names in words ("Proof of Lemma 2.3").
type proofSpan struct {
	at, body, end int
	of            string
	kind, number  string
	sketch        bool
	// text is the proof's source when it is not the document's (a
	// Markdown div's body without its option lines), else "".
	text string
}

// maxProofSource bounds how much of one proof's source is read: a proof
// of many pages is kept to core.MaxProof bytes of text anyway.
const maxProofSource = 64 << 10

// maxProofGap bounds how far after its result's marker a proof of running
// text may begin and still be its proof.
const maxProofGap = 16 << 10

// attachProofs stores each proof of the document with the result it
// proves. cs is sorted by offset; outOf maps a candidate to its primitive
// in out (-1 when it was dropped).
func (x *extractor) attachProofs(cs []cand, outOf []int, out []core.Primitive) {
	spans := x.proofSpans()
	if len(spans) == 0 {
		return
	}
	var blocks []texBlock
	switch {
	case x.format == core.FormatLaTeX && x.tex != nil:
		blocks = x.tex.blocks
	case x.format == core.FormatPreTeXt && x.ptx != nil:
		blocks = x.ptx.blocks
	}
	marked := x.format == core.FormatLaTeX || x.format == core.FormatPreTeXt
	byKey := map[string]int{}
	byNumber := map[string][]int{}
	var mains []int
	for ci := range cs {
		c := &cs[ci]
		if outOf[ci] < 0 {
			continue
		}
		for _, k := range c.labels {
			byKey[k] = ci
		}
		if c.number != "" {
			byNumber[c.number] = append(byNumber[c.number], ci)
		}
		// In LaTeX and PreTeXt a proof follows its result's block: a
		// term defined in the paragraphs between is not what it proves.
		if marked && !c.format {
			continue
		}
		if !c.part && (len(mains) == 0 || cs[mains[len(mains)-1]].offset != c.offset) {
			mains = append(mains, ci)
		}
	}
	for _, sp := range spans {
		ci := x.proofOwner(sp, cs, mains, byKey, byNumber, blocks, marked)
		if ci < 0 {
			continue
		}
		// A proof is kept by what it follows, whatever its kind: a
		// definition's proof shows it well-defined, as its author says.
		p := &out[outOf[ci]]
		if sp.sketch && p.Proof.Sketch != "" || p.Proof.Cut > 0 {
			continue // a second sketch, or a proof already cut at the bound
		}
		body, whole := x.proofText(sp)
		if body == "" {
			continue
		}
		if sp.sketch {
			p.Proof.Sketch = cutStatement(body, core.MaxProof)
			continue
		}
		p.Proof = addProof(p.Proof, body, whole)
	}
}

// anotherProof opens each proof of a result after its first: an author
// who proves a result twice, or a part at a time, gives a reader every
// proof, and so does the primitive.
const anotherProof = "\n\nAnother proof. "

// addProof returns pr with body, a proof of whole source bytes, after the
// proofs it holds, cut to core.MaxProof.
func addProof(pr core.Proof, body string, whole int) core.Proof {
	if pr.Text != "" {
		body = pr.Text + anotherProof + body
		whole += len(pr.Text) + len(anotherProof)
	}
	if len(body) > core.MaxProof {
		body = cutStatement(body, core.MaxProof)
		pr.Cut = whole
	}
	pr.Text = body
	return pr
}

// proofOwner returns the candidate sp proves, or -1.
func (x *extractor) proofOwner(sp proofSpan, cs []cand, mains []int, byKey map[string]int, byNumber map[string][]int, blocks []texBlock, marked bool) int {
	if sp.of != "" {
		if ci, ok := byKey[sp.of]; ok {
			return ci
		}
	}
	if sp.number != "" {
		for _, ci := range byNumber[sp.number] {
			if sp.kind == "" || strings.EqualFold(cs[ci].kind, sp.kind) || strings.EqualFold(string(cs[ci].typ), sp.kind) {
				return ci
			}
		}
	}
	k := sort.Search(len(mains), func(i int) bool { return cs[mains[i]].offset >= sp.at })
	if k == 0 {
		return -1
	}
	ci := mains[k-1]
	c := &cs[ci]
	if c.end > sp.at {
		return ci // the proof is part of its result's block
	}
	if st := c.sec; st != nil && (sp.at < st.body || sp.at >= st.body+len(st.own)) {
		// A proof that opens the section after its result's, only a
		// heading between them (a lecture's date in a course's notes),
		// is read on from the result: nothing of its own section came
		// before it to prove.
		if (!marked || c.end <= c.offset || c.end > sp.at || !onlyHeadings(x.doc[c.end:sp.at])) && !x.proofHeadingUnder(c, sp) {
			return -1 // another section's
		}
	}
	if marked {
		if resultBlockBetween(blocks, c.offset, sp.at) {
			return -1
		}
		return ci
	}
	// Running text: close enough, and no other block opened between.
	if sp.at-c.offset > maxProofGap {
		return -1
	}
	from := c.offset
	if c.end > from {
		from = c.end
	} else if nl := strings.IndexByte(x.doc[from:sp.at], '\n'); nl >= 0 {
		from += nl + 1
	} else {
		from = sp.at
	}
	if from < sp.at && textBlockBetween(x.doc[from:sp.at]) {
		return -1
	}
	return ci
}

// proofHeadingUnder reports whether sp is a Markdown heading ("####
// Proof") that comes right after c's section says c, no other heading
// between: a chapter that gives each result a heading gives its proof
// one under it.
func (x *extractor) proofHeadingUnder(c *cand, sp proofSpan) bool {
	if x.format != core.FormatMarkdown || !strings.HasPrefix(strings.TrimLeft(x.doc[sp.at:], " \t"), "#") || sp.at <= c.offset {
		return false
	}
	between := x.doc[max(c.offset, c.end):sp.at]
	if i := strings.IndexByte(between, '\n'); i >= 0 && c.end <= c.offset {
		between = between[i+1:] // the result's own heading line
	}
	for _, l := range strings.Split(between, "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "#") {
			return false
		}
	}
	return true
}

// headingLine is a LaTeX sectioning command on a line of its own, with
// its label.
var headingLine = lazyre.New(`(?m)^[ \t]*\\(?:part|chapter|section|subsection|subsubsection|paragraph)\*?(?:\[[^\]\n]*\])?\{[^\n]*\}[ \t]*(?:\\label\{[^{}\n]*\})?[ \t]*(?:%[^\n]*)?$`)

// onlyHeadings reports whether s, the source between a result's end and a
// proof, holds nothing but sectioning commands, white space and comments.
func onlyHeadings(s string) bool {
	if !headingLine.MatchString(s) {
		return false
	}
	for _, l := range strings.Split(headingLine.ReplaceAllString(s, ""), "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "%") {
			return false
		}
	}
	return true
}

// asideLine is the opening of a remark or note in running text.
var asideLine = lazyre.New(`(?i)^[ \t>]*(?:\\noindent\s*)?(?:[*_]{1,2}|\\(?:textbf|textit|emph|begin)\{)?(?:[0-9]+(?:\.[0-9]+)*\.?[ \t]+)?(?:remark|note|bemerkung|remarque)`)

// textBlockBetween reports whether a line of s opens a block other than
// an aside (a remark, a note): a proof of running text after such a block
// is not the result's before it.
func textBlockBetween(s string) bool {
	for _, m := range blockLine.FindAllStringIndex(s, -1) {
		if !asideLine.MatchString(s[m[0]:m[1]]) {
			return true
		}
	}
	return false
}

// asideWords name the blocks a reader reads past between a result and its
// proof: a remark, a note, a notation or a tip comments on the statement,
// or on how to prove it, and proves nothing ("Strategy", "Proof tip",
// "Common error").
var asideWords = map[string]bool{
	"remark": true, "note": true, "warning": true, "insight": true, "convention": true, "notation": true,
	"strategy": true, "tip": true, "aside": true, "intuition": true, "motivation": true, "caution": true,
	"comment": true, "error": true, "bemerkung": true, "anmerkung": true, "hinweis": true, "remarque": true,
}

// asideKind reports whether a block of the kind (its printed title) is
// an aside: one of its words is an aside's.
func asideKind(kind string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(kind), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if asideWords[strings.TrimSuffix(w, "s")] {
			return true
		}
	}
	return false
}

// resultBlockBetween reports whether a block other than an aside (a
// remark, a note) begins in (from, to): a proof after such a block is not
// its result's.
func resultBlockBetween(blocks []texBlock, from, to int) bool {
	i := sort.Search(len(blocks), func(i int) bool { return blocks[i].at > from })
	for ; i < len(blocks) && blocks[i].at < to; i++ {
		if !asideKind(blocks[i].kind) {
			return true
		}
	}
	return false
}

// proofText renders sp as reading text, without its end mark, and returns
// it with the length of its source.
func (x *extractor) proofText(sp proofSpan) (string, int) {
	raw := sp.text
	if raw == "" {
		if sp.body >= sp.end {
			return "", 0
		}
		raw = x.doc[sp.body:sp.end]
	}
	whole := len(raw)
	if len(raw) > maxProofSource {
		raw = text.Truncate(raw, maxProofSource)
	}
	var s string
	switch x.format {
	case core.FormatLaTeX:
		x.texDoc()
		s = x.texr.clean(raw)
	case core.FormatPreTeXt:
		s = x.ptxDoc().clean(dropXMLChild(raw, "title"))
	case core.FormatMarkdown:
		if sp.text != "" {
			s = x.texr.clean(mdToLaTeX(raw))
		} else {
			s = stripEmph(raw)
		}
	default:
		s = stripEmph(raw)
	}
	s = strings.TrimSpace(text.CollapseSpace(s))
	for {
		t := strings.TrimLeft(s, "*_.:) ")
		for _, m := range proofEndMarks {
			t = strings.TrimSpace(strings.TrimSuffix(t, m))
		}
		if t == s {
			break
		}
		s = t
	}
	return s, whole
}

// proofEndMarks close a proof in its text.
var proofEndMarks = []string{
	"∎", "□", "■", "◻", "▪", "☐", "Q.E.D.", "Q. E. D.", "QED", "q.e.d.", "$\\square$", "$\\Box$", "$\\blacksquare$",
	"$\\qedsymbol$", "\\qedsymbol",
}

// dropXMLChild removes s's first <name>…</name> element.
func dropXMLChild(s, name string) string {
	i := strings.Index(s, "<"+name+">")
	if i < 0 {
		return s
	}
	j := strings.Index(s[i:], "</"+name+">")
	if j < 0 {
		return s
	}
	return s[:i] + s[i+j+len(name)+3:]
}

// proofSpans returns the document's proofs in document order: the
// environments, elements or divs of its format, and the proofs of its
// running text that are in none of them.
func (x *extractor) proofSpans() []proofSpan {
	var spans []proofSpan
	switch x.format {
	case core.FormatLaTeX:
		if x.tex == nil {
			break
		}
		for _, p := range x.tex.proofs {
			spans = append(spans, x.texProofSpan(p))
		}
	case core.FormatPreTeXt:
		if x.ptx == nil {
			break
		}
		for _, p := range x.ptx.proofs {
			spans = append(spans, x.ptxProofSpan(p))
		}
		return spans // a PreTeXt book proves in <proof>
	case core.FormatMarkdown:
		spans = mdProofSpans(x.doc)
	}
	delimited := spans
	for _, sp := range textProofSpans(x.doc, x.format) {
		if !insideProof(delimited, sp.at) {
			spans = append(spans, sp)
		}
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].at < spans[j].at })
	return spans
}

// insideProof reports whether at lies in one of spans (document order).
func insideProof(spans []proofSpan, at int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].end > at })
	return i < len(spans) && spans[i].at <= at
}

// texProofSpan reads a proof environment's title: the result it names and
// whether it is a sketch.
func (x *extractor) texProofSpan(p texProof) proofSpan {
	sp := proofSpan{at: p.at, body: p.at, end: p.end, of: p.of}
	d := x.doc
	env := ""
	if strings.HasPrefix(d[p.at:], `\begin`) {
		if name, e := texBraced(d, p.at+len(`\begin`)); e >= 0 {
			env = name
			sp.sketch = sketchTitle(x.tex.envs[strings.TrimSuffix(env, "*")]) // "Idea of proof"
		}
	}
	if e := strings.IndexByte(d[p.at:min(len(d), p.at+60)], '}'); e >= 0 {
		sp.body = p.at + e + 1
	}
	if m, ok := x.tex.macros[env]; ok && x.tex.authorEnvs[env] == nil {
		// a \def'd proof environment's arguments ("\begin{implementation}
		// {con:ap}"): a label names the result it proves
		for k := 0; k < m.nargs; k++ {
			arg, e := texBraced(d, sp.body)
			if e < 0 {
				break
			}
			if _, ok := x.tex.labels[arg]; ok && sp.of == "" {
				sp.of = arg
			}
			sp.body = e
		}
	}
	if a := skipTeXSpace(d, sp.body); a < len(d) && d[a] == '[' {
		if e, ok := balanced(d, a, '[', ']', 400); ok {
			title := cleanLaTeX(d[a+1 : e])
			if sp.of != "" && !titleNamesResult(d[a+1:e]) {
				sp.of = "" // "In the style of Theorem~\ref{x}"
			}
			sp.body = e + 1
			sp.sketch = sp.sketch || sketchTitle(title)
			if sp.of == "" {
				sp.kind, sp.number = namedResult(title)
			}
		}
	}
	sp.body = min(sp.body, sp.end)
	return sp
}

// ownerWords are the words a proof's title says before the reference to
// the result it proves: "Proof of Theorem~\ref{x}", "of proposition
// \ref{x}", "Second proof of part (b) of Lemma \ref{x}", "Beweis von
// Satz \ref{x}".
var ownerWords = map[string]bool{
	"proof": true, "proofs": true, "sketch": true, "idea": true, "of": true, "for": true, "the": true,
	"a": true, "an": true, "alternative": true, "another": true, "second": true, "first": true,
	"short": true, "direct": true, "main": true, "part": true, "parts": true, "and": true,
	"beweis": true, "von": true, "des": true, "der": true, "preuve": true, "démonstration": true,
	"de": true, "du": true, "la": true, "le": true, "demostración": true, "del": true,
}

// ownerLead are the words a proof's title opens with when it goes on to
// name the result it proves: "of", "Proof of", "Beweis von".
var ownerLead = map[string]bool{
	"of": true, "for": true, "proof": true, "proofs": true, "beweis": true, "von": true, "des": true,
	"preuve": true, "démonstration": true, "de": true, "du": true, "demostración": true, "del": true,
}

// titleNamesResult reports whether a proof's title, in LaTeX, names the
// result of its first reference as the one it proves: the words before
// the reference are only such words as "Proof of Theorem", not "In the
// style of Theorem".
func titleNamesResult(title string) bool {
	pre := title
	for i := 0; i < len(title); i++ {
		if title[i] != '\\' {
			continue
		}
		if name, _ := controlWord(title, i); isRefCmd(name) {
			pre = title[:i]
			break
		}
	}
	words := strings.FieldsFunc(strings.ToLower(pre), func(r rune) bool { return !unicode.IsLetter(r) })
	if last := len(words) - 1; last > 0 && strings.HasSuffix(strings.TrimSpace(pre), "(") && ownerLead[words[0]] &&
		(kindOfTitle[words[last]].kind != "" || resultAbbrev[words[last]]) {
		return true // "of Wilson's theorem (\Cref{x})": the result named, then referred to
	}
	for _, w := range words {
		one := strings.TrimSuffix(w, "s") // "of theorems \ref{a} and \ref{b}"
		if !ownerWords[w] && len(w) > 1 && kindOfTitle[one].kind == "" && numberedEnvs[one] == "" && !resultAbbrev[one] {
			return false
		}
	}
	return true
}

// resultAbbrev are the short names books give results in a proof's title.
var resultAbbrev = map[string]bool{"thm": true, "lem": true, "prop": true, "cor": true, "eq": true, "eqn": true, "equation": true}

// ptxProofSpan reads a <proof>'s title ("Sketch").
func (x *extractor) ptxProofSpan(p texProof) proofSpan {
	sp := proofSpan{at: p.at, body: p.at, end: p.end}
	d := x.doc
	if e := strings.IndexByte(d[p.at:p.end], '>'); e >= 0 {
		sp.body = p.at + e + 1
	}
	if t := xmlChild(d[sp.body:sp.end], "title"); t != "" {
		title := cleanXML(t)
		sp.sketch = sketchTitle(title)
		sp.of = xrefOwner(t)
		if sp.of == "" {
			sp.kind, sp.number = namedResult(title)
		}
	}
	return sp
}

// xrefOwner is the xml:id a PreTeXt proof's title names as the result it
// proves ("Proof of <xref ref="thm-area"/>", a proof set apart from its
// result), or "" when the words before the reference are not such words
// as "Proof of" ("In the style of <xref …/>").
func xrefOwner(title string) string {
	i := strings.Index(title, "<xref")
	if i < 0 {
		return ""
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(cleanXML(title[:i])), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if one := strings.TrimSuffix(w, "s"); !ownerWords[w] && len(w) > 1 && kindOfTitle[one].kind == "" && numberedEnvs[one] == "" {
			return ""
		}
	}
	tag := title[i:]
	if e := strings.IndexByte(tag, '>'); e >= 0 {
		tag = tag[:e]
	}
	for _, attr := range []string{`ref="`, `ref='`} {
		if k := strings.Index(tag, attr); k >= 0 {
			v := tag[k+len(attr):]
			if e := strings.IndexAny(v, `"' `); e >= 0 {
				v = v[:e]
			}
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// mdProofSpans returns the proof divs and directives of a Markdown
// document: "::: proof", "::: {.proof}", ":::{prf:proof}" and
// "```{prf:proof}", their bodies without MyST option lines.
func mdProofSpans(doc string) []proofSpan {
	if !strings.Contains(doc, "proof") {
		return nil
	}
	var out []proofSpan
	type open struct {
		at, body int
		fence    byte
		n, depth int
		info     string
	}
	var o *open
	for start := 0; start < len(doc); {
		end, next := text.Line(doc, start)
		rest := strings.TrimSpace(doc[start:end])
		fence := byte(0)
		n := 0
		if n = runOf(rest, ':'); n >= 3 {
			fence = ':'
		} else if n = runOf(rest, '`'); n >= 3 {
			fence = '`'
		}
		if fence != 0 {
			info := strings.TrimSpace(rest[n:])
			switch {
			case o != nil && fence == o.fence && info == "" && n >= o.n:
				if o.depth == 0 {
					body, _ := optionLines(doc[o.body:start])
					sp := proofSpan{at: o.at, body: o.body, end: next, text: body}
					sp.sketch = sketchTitle(o.info)
					sp.kind, sp.number = namedResult(o.info)
					out = append(out, sp)
					o = nil
				} else {
					o.depth--
				}
			case o != nil && info != "":
				o.depth++
			case o == nil && mdProofInfo(info):
				o = &open{at: start, body: next, fence: fence, n: n, info: info}
			}
		}
		start = next
	}
	return out
}

// mdProofInfo reports whether a fence's info string opens a proof.
func mdProofInfo(info string) bool {
	switch {
	case info == "proof", info == "{proof}", strings.HasPrefix(info, "{.proof"), strings.HasPrefix(info, "{prf:proof}"),
		strings.HasPrefix(info, "proof "):
		return true
	}
	return false
}

// sketchTitle reports whether a proof's title calls it a sketch or idea.
func sketchTitle(t string) bool {
	t = strings.ToLower(t)
	return strings.Contains(t, "sketch") || strings.Contains(t, "idea") || strings.Contains(t, "outline")
}

// namedTitle is a result a proof's title names: "Proof of Theorem 2.3".
var namedTitle = lazyre.New(`\b(Theorem|Lemma|Proposition|Corollary|Claim|Fact|Identity|Satz|Hilfssatz|Korollar|Théorème|Lemme|Corollaire|Teorema|Lema|Corolario|Corollario|Proposición|Proposizione)\s*~?\s*([0-9]+(?:\.[0-9]+)*|[A-Z]\.[0-9]+(?:\.[0-9]+)*)`)

// namedResult returns the kind and number of the result a proof's title
// names, or "", "".
func namedResult(title string) (string, string) {
	m := namedTitle.FindStringSubmatch(title)
	if m == nil {
		return "", ""
	}
	return m[1], m[2]
}

// textProof opens a proof in running text: a line whose first words,
// after indentation, Markdown emphasis or a LaTeX font command, are
// "Proof", "Proof of Theorem 2.3", "Proof sketch", "Sketch of proof",
// "Idea of the proof" or "Sketch", ended by '.' or ':', or set in bold
// alone on its line ("**Proof**" over the proof, as a PDF's text writes
// a label set on a line of its own) or with what it proves after it in
// the text's face ("**Proof** of Proposition 9.2.8", "**Proof** of (a)"),
// or alone on its line, a Markdown heading's words included ("#### Proof"
// under a "### Theorem: …" heading).
var textProof = lazyre.New(`^[ \t>]*(?:#{1,6}[ \t]+)?(?:\\noindent\s*)?(?:[*_]{1,2}|\\(?:textbf|textit|emph|textsc|paragraph\*?)\{|\{\\(?:bf|it|em|sc)\s+)?` +
	`((?:Proof|PROOF|Beweis|Preuve|Démonstration|Demostración|Dimostrazione)(?:\s+(?:sketch|idea|outline)|\s+\((?:sketch|idea)\))?(?:\s+(?:of|of the|des|del|della|von)\s+(?:[A-Z][a-zé]+\s*~?\s*(?:[0-9]+(?:\.[0-9]+)*|[A-Z]\.[0-9]+)|the\s+(?:theorem|lemma|proposition|corollary)|[A-Z][\p{L}-]*(?:['’]s)?\s+(?:theorem|lemma|formula|inequality|identity|criterion|principle)))?` +
	`|(?:Sketch|Idea|Outline)(?:\s+of\s+(?:the\s+)?proof(?:\s+of\s+[A-Z][a-zé]+\s*~?\s*[0-9]+(?:\.[0-9]+)*)?)?)` +
	`\s*(?:(?:[*_}]{1,2}\s*)?[.:](?:\s*[*_}]{1,2})?|[*_]{1,2}[ \t]*(?:\r?\n|$)|[*_]{1,2}[ \t]+of[ \t][^\n]{1,80}(?:\r?\n|$)|[ \t]*(?:\r?\n|$))`)

// blockLine is a line of running text that opens another block: a
// result, definition, example, exercise or remark marker, or a Markdown
// heading or LaTeX sectioning command, or a label numbered before its
// kind, in any case ("**1.6 notation.**", "2.7 Definition"). Steps and
// claims inside a proof are not.
var blockLine = lazyre.New(`(?m)^[ \t>]*(?:#{1,6}\s|(?:[*_]{1,2})?[0-9]+(?:\.[0-9]+)+\.?[ \t]+(?:[*_]{1,2})?(?i:definition|theorem|lemma|corollary|proposition|proof|remark|example|exercise|notation|conjecture|axiom|convention|problem|solution|identity)\b|\\(?:chapter|section|subsection|subsubsection|paragraph)\*?\{|\\begin\{(?:definition|theorem|lemma|proposition|corollary|example|exercise|remark)|(?:\\noindent\s*)?(?:[*_]{1,2}|\\(?:textbf|textit|emph)\{)?(?:Definition|Theorem|Lemma|Corollary|Proposition|Proof|Statement|Example|Remark|Exercise|Algorithm|Axiom|Problem|Solution|Identity|Conjecture|Satz|Hilfssatz|Korollar|Beweis|Beispiel|Bemerkung|Aufgabe|Théorème|Définition|Lemme|Corollaire|Preuve|Démonstration|Exemple|Remarque|Teorema|Definición|Lema|Corolario|Demostración|Ejemplo|Esempio)(?:\s+[0-9A-Z][0-9.]*)?(?:[*_}]{1,2})?(?:\s*\([^)\n]{1,80}\))?\s*(?:[*_}]{1,2}\s*)?[.:])`)

// proofEnd finds where a proof of running text ends in s, which starts
// right after its marker: after its end mark, or before the next line
// that opens a block; a sketch ends with its paragraph.
var proofEndMark = lazyre.New(`∎|□|■|◻|☐|Q\.\s?E\.\s?D\.?|\bQED\b|q\.e\.d\.|\\qed\b|\\qedsymbol|\\blacksquare|\\Box\b|\\square\b`)

// textProofSpans returns the proofs of running text in doc.
func textProofSpans(doc string, format core.Format) []proofSpan {
	if format == core.FormatPreTeXt {
		return nil
	}
	ms := textProofMatches(doc)
	out := make([]proofSpan, 0, len(ms))
	marks := 0 // whether doc marks a proof's end: 0 unknown, 1 yes, -1 no
	marksEnds := func() bool {
		if marks == 0 {
			marks = -1
			if proofEndMark.MatchString(doc) {
				marks = 1
			}
		}
		return marks > 0
	}
	for i, m := range ms {
		head := doc[m[2]:m[3]]
		sp := proofSpan{at: m[0], body: m[1]}
		lower := strings.ToLower(head)
		sp.sketch = strings.Contains(lower, "sketch") || strings.Contains(lower, "idea") || strings.Contains(lower, "outline")
		if !sp.sketch && !strings.HasPrefix(lower, "proof") && !isProofWord(head) {
			continue
		}
		// The whole label: "**Proof** of Proposition 9.2.8" names its
		// result past the bold word.
		sp.kind, sp.number = namedResult(doc[m[2]:m[1]])
		limit := min(len(doc), sp.body+maxProofSource)
		if i+1 < len(ms) && ms[i+1][0] < limit {
			limit = ms[i+1][0]
		}
		sp.end = proofTextEnd(doc, sp.body, limit, sp.sketch)
		if sp.sketch && titledProof(head) {
			// "Proof idea." and "Proof sketch." title a proof as amsthm's
			// \begin{proof}[Proof idea] does: it runs as a proof does, to
			// its end mark, or to the next block in a text that never
			// marks a proof's end. Otherwise it is a paragraph, as a
			// sketch set apart from the proof ("Sketch of proof:") is.
			if whole := proofTextEnd(doc, sp.body, limit, false); proofEndMark.MatchString(doc[sp.body:whole]) || !marksEnds() {
				sp.end = whole
			}
		}
		out = append(out, sp)
	}
	return out
}

// titledProof reports whether a proof label of running text opens with
// the word "Proof" itself (or its translation), however it goes on.
func titledProof(head string) bool {
	return strings.HasPrefix(strings.ToLower(head), "proof") || isProofWord(head)
}

// proofWords are the words a proof of running text opens with.
var proofWords = []string{"Proof", "PROOF", "Sketch", "Idea", "Outline", "Beweis", "Preuve", "Démonstration", "Demostración", "Dimostrazione"}

// textProofMatches are textProof's matches in doc, in order, as
// FindAllStringSubmatchIndex gives them. The expression is tried only on
// the lines where one of proofWords stands near the start: anchored at
// every line of a book, it cost ten times reading the book's LaTeX.
func textProofMatches(doc string) [][]int {
	var out [][]int
	seen := map[int]bool{}
	for _, w := range proofWords {
		for i := 0; i < len(doc); {
			k := strings.Index(doc[i:], w)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(w)
			ls := strings.LastIndexByte(doc[max(0, at-maxProofIndent):at], '\n')
			if ls < 0 && at > maxProofIndent {
				continue // too far into its line
			}
			ls = max(0, at-maxProofIndent) + ls + 1
			if ls > at || seen[ls] {
				continue
			}
			le := lineEnd(doc, at)
			m := textProof.FindStringSubmatchIndex(doc[ls:le])
			if m == nil || m[0] != 0 {
				continue
			}
			seen[ls] = true
			for j := range m {
				if m[j] >= 0 {
					m[j] += ls
				}
			}
			out = append(out, m)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a][0] < out[b][0] })
	return out
}

// opensSketch reports whether a line of running text opens a sketch of
// a proof ("Sketch:", "Idea of the proof."), which ends the statement
// before it as a proof does.
func opensSketch(line string) bool {
	head := line[:min(len(line), maxProofIndent+10)]
	if !strings.Contains(head, "Sketch") && !strings.Contains(head, "Idea") && !strings.Contains(head, "Outline") {
		return false
	}
	return textProof.MatchString(line)
}

// maxProofIndent bounds how far into its line a proof's first word may
// stand (after indentation, emphasis or a font command).
const maxProofIndent = 40

// isProofWord reports whether head opens with a translated "Proof".
func isProofWord(head string) bool {
	for _, w := range []string{"Beweis", "Preuve", "Démonstration", "Demostración", "Dimostrazione"} {
		if strings.HasPrefix(head, w) {
			return true
		}
	}
	return false
}

// proofTextEnd is where a proof of running text whose text starts at
// body ends, at limit at the latest.
func proofTextEnd(doc string, body, limit int, sketch bool) int {
	s := doc[body:limit]
	end := len(s)
	if sketch {
		if p := paragraphEnd(s); p >= 0 {
			end = p
		}
	}
	if m := proofEndMark.FindStringIndex(s[:end]); m != nil {
		end = m[1]
	}
	// The next block, from the line after the marker's.
	from := 0
	if nl := strings.IndexByte(s[:end], '\n'); nl >= 0 {
		from = nl + 1
	} else {
		from = end
	}
	for _, m := range blockLine.FindAllStringIndex(s[from:end], -1) {
		if !runOnMention(s, from+m[0]) {
			end = from + m[0]
			break
		}
	}
	return body + end
}

// runOnMention reports whether the block word opening the line at ls is
// a mention the sentence of the line before runs on into ("… we have
// m₂ ⩾ m₁ by\nDefinition 9.2.1(ii). Likewise …"), as a PDF's text wraps
// it: the line before ends in a lower-case word or a comma, and the line
// is no heading and sets no label apart by its type.
func runOnMention(s string, ls int) bool {
	t := strings.TrimLeft(s[ls:], " \t>")
	if t == "" || strings.ContainsRune("#*_\\", rune(t[0])) || paragraphStart(s, ls) {
		return false
	}
	return !afterNonProse(s, ls)
}

// paragraphEnd returns where s's first paragraph ends (its blank line),
// or -1.
var blankLine = lazyre.New(`\n[ \t]*\n`)

func paragraphEnd(s string) int {
	if m := blankLine.FindStringIndex(s); m != nil {
		return m[0]
	}
	return -1
}
