package extract

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// pretextElems are the PreTeXt elements that hold primitives; like LaTeX,
// proofs, examples and exercises are not knowledge of their own.
var pretextElems = map[string]blockKind{
	"definition":  {core.Definition, "definition"},
	"theorem":     {core.Theorem, "theorem"},
	"lemma":       {core.Theorem, "lemma"},
	"proposition": {core.Theorem, "proposition"},
	"corollary":   {core.Theorem, "corollary"},
	"axiom":       {core.Axiom, "axiom"},
	"algorithm":   {core.Algorithm, "algorithm"},
	"identity":    {core.Identity, "identity"},
	"principle":   {core.Theorem, "principle"},
	"fact":        {core.Theorem, "fact"},
}

func (x *extractor) pretextElems(st *secState) {
	s := st.own
	ptx := x.ptxDoc()
	paras := newParaScan(s)
	defer func() { x.paraRead += paras.read }()
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return
		}
		at := i + j
		i = at + 1
		k := i
		for k < len(s) && k-i < 20 && isLetterByte(s[k]) {
			k++
		}
		name := s[i:k]
		env, ok := pretextElems[name]
		pEnd := -1
		if !ok && name == "p" && k < len(s) {
			// A paragraph that marks a <term> defines it in running text
			// ("A <term>group</term> is a set …"), as books written
			// without definition elements do. It ends at its first
			// "</p>".
			if end, read := paras.termParagraph(at, k); read {
				paras.read += end - k
				if x.newTerms(x.ptxTerms(s[k:end])) {
					env, ok, pEnd = pretextElems["definition"], true, end
				}
			}
		}
		if !ok && name == "assemblage" && k < len(s) {
			env, ok = x.assemblageKind(s[k:])
		}
		if !ok || k >= len(s) {
			continue
		}
		if c := s[k]; c != '>' && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '/' {
			continue
		}
		gt := strings.IndexByte(s[k:], '>')
		if gt < 0 || gt > 2000 {
			continue
		}
		tagEnd := k + gt
		if s[tagEnd-1] == '/' {
			continue // an empty element states nothing
		}
		attrs := s[k:tagEnd]
		absBody := st.body + tagEnd + 1
		absEnd, blockEnd := x.blockEnd("<"+name, "</"+name+">", absBody, st.body+len(s))
		if pEnd >= 0 {
			absEnd, blockEnd = st.body+pEnd, st.body+pEnd+len("</p>")
		}
		body := x.doc[absBody:absEnd]
		if len(body) > maxBody {
			body = body[:maxBody]
		}
		stmtXML := xmlChild(body, "statement")
		stmtAt := absBody
		switch {
		case pEnd >= 0:
			// A term paragraph's definition starts with the sentence
			// that holds its term: "… are examples of groups. A
			// <term>group</term> is …" defines from "A group".
			from := termSentence(body, "<term>")
			if citesResult(ptx.clean(body[from:])) {
				continue // a result's statement reported, not a definition
			}
			stmtXML, stmtAt = body[from:], absBody+from
		case stmtXML == "":
			stmtXML = body
		default:
			if si := strings.Index(body, stmtXML); si >= 0 {
				stmtAt = absBody + si
			}
		}
		c := cand{
			typ:       env.typ,
			offset:    st.body + at,
			end:       blockEnd,
			conf:      envConfidence,
			format:    true,
			body:      stmtAt,
			statement: ptx.clean(stmtXML),
		}
		if pEnd >= 0 {
			// Running text, not a delimited statement: it is held to the
			// statement length of running text, cut at a sentence end.
			c.conf, c.format = termParagraphConfidence, false
		}
		if blk, ok := ptx.blockAt(c.offset); ok {
			c.number, c.kind = blk.number, blk.kind
		}
		if c.kind == "" {
			c.kind = kindWord(env.kind)
		}
		if id := xmlAttr(attrs, "xml:id"); id != "" {
			c.labels = []string{id}
		}
		if rel := blockEnd - st.body; rel > i && rel <= len(s) {
			i = rel
		}
		x.addFormatBlock(st, x.pretextBlock(c, body, stmtXML))
	}
}

// An assemblage is PreTeXt's titled box of what a reader is to retain,
// as a highlighted box is a LaTeX author's (highlightAt): books that never
// write <theorem> state their rules in it ("The Chain Rule", "The
// derivative of a constant function"). A titled one is a result when its
// title ends in a result's word or its statement sets up a claim ("If g
// is differentiable at x …", "For any real number c, …") without saying
// what its title is, else a definition (what it states is a formula or
// term to know); an untitled one is a summary.
func (x *extractor) assemblageKind(rest string) (blockKind, bool) {
	end := strings.Index(rest, "</assemblage>")
	if end < 0 || end > maxBody {
		return blockKind{}, false
	}
	body := rest[:end]
	title := xmlChild(body, "title")
	if title == "" {
		return blockKind{}, false
	}
	return assemblageKind(x.ptx.clean(title), x.ptx.clean(xmlChild(body, "p")), strings.Contains(body, "<term>"))
}

// assemblageKind is the kind of an assemblage titled title whose first
// paragraph is first, marking a term or not; the same box rendered as
// HTML or EPUB (class "assemblage-like") is read by it too.
func assemblageKind(title, first string, marksTerm bool) (blockKind, bool) {
	w := strings.Fields(strings.ToLower(strings.Trim(title, " .:")))
	if len(w) == 0 {
		return blockKind{}, false
	}
	if k, ok := kindOfTitle[w[len(w)-1]]; ok {
		return k, true
	}
	if numberedEnvs[w[0]] != "" || asideTitles[w[0]] {
		return blockKind{}, false // "Caution", "Terminology": an aside
	}
	if marksTerm {
		return blockKind{core.Definition, "definition"}, true
	}
	first = strings.ToLower(first)
	if saysWhatIs(first, strings.TrimPrefix(strings.Join(w, " "), "the ")) {
		// "… its average velocity on [a,b] is …": what the title
		// names is said to be something
		return blockKind{core.Definition, "definition"}, true
	}
	if hypothesisStart(first) || strings.Contains(first, " then ") {
		return blockKind{core.Theorem, "theorem"}, true
	}
	return blockKind{core.Definition, "definition"}, true
}

// asideTitles are the first words of a box's title that make it a word
// to the reader, not a statement of the book's matter.
var asideTitles = map[string]bool{
	"caution": true, "warning": true, "terminology": true, "tip": true, "hint": true,
	"reminder": true, "summary": true, "important": true, "attention": true,
}

// saysWhatIs reports whether a statement says what the thing its title
// names is: the title, then "is" within a few words ("its average
// velocity on [a,b] is …").
func saysWhatIs(stmt, title string) bool {
	i := strings.Index(stmt, title)
	if i < 0 || title == "" {
		return false
	}
	rest := stmt[i+len(title):]
	if e := strings.Index(rest, ". "); e >= 0 {
		rest = rest[:e]
	}
	return strings.Contains(rest[:min(len(rest), 60)], " is ")
}

// pretextBlock is an element in the block model: titled by its <title>
// (one before its <statement>), its terms its <term>s.
func (x *extractor) pretextBlock(c cand, body, stmtXML string) formatBlock {
	b := formatBlock{c: c}
	if ti := strings.Index(body, "<title>"); ti >= 0 {
		if si := strings.Index(body, "<statement"); si < 0 || ti < si {
			b.title = x.ptx.clean(xmlChild(body, "title"))
		}
	}
	if c.typ == core.Definition {
		b.terms = x.ptxTerms(stmtXML)
	}
	return b
}

// workElems hold the reader's work: a term an exercise introduces ("the
// corresponding classes are called <term>double cosets</term>") is not
// defined by the book. An example is the book's own text and often where
// it defines a structure ("a group called the <term>quaternion
// group</term>").
var workElems = []string{"exercise", "proof", "solution", "hint", "answer", "activity", "investigation", "project"}

// maxWorkLookBack bounds how far back a paragraph looks for an open work
// element (workIndex.inside): one opened further back is taken as closed.
const maxWorkLookBack = 16 << 10

// termParagraphConfidence is the confidence of a definition read from a
// paragraph's <term>: the paragraph says what it defines less formally
// than a <definition> element (envConfidence) does.
const termParagraphConfidence = 0.85

// newTerms reports whether a paragraph's terms hold one that no
// definition block of the document defines: a paragraph previewing
// "spanning trees" before their definition is not a second definition of
// them. PreTeXt's term paragraphs and Markdown's (htmltext.TermClass)
// share it.
func (x *extractor) newTerms(terms []termHit) bool {
	if x.defined == nil {
		x.defined = map[string]bool{}
		var blocks []string
		ptx := x.format == core.FormatPreTeXt
		if ptx {
			blocks = ptxDefinitions(x.doc)
		} else {
			blocks = mdDefinitions(x.doc)
		}
		for _, b := range blocks {
			var ts []termHit
			if ptx {
				ts = x.ptxTerms(b)
			} else {
				ts = x.latexTerms(mdToLaTeX(b))
			}
			for _, t := range ts {
				x.defined[termKey(t.text)] = true
			}
		}
	}
	for _, t := range terms {
		if !x.defined[termKey(t.text)] {
			return true
		}
	}
	return false
}

// ptxDefinitions returns the <definition> elements of a PreTeXt document.
func ptxDefinitions(doc string) []string {
	var out []string
	for rest := doc; ; {
		i := strings.Index(rest, "<definition")
		if i < 0 {
			return out
		}
		rest = rest[i:]
		end := strings.Index(rest, "</definition>")
		if end < 0 {
			end = len(rest)
		}
		out = append(out, rest[:end])
		rest = rest[end:]
	}
}

// termSentence is where the sentence holding a paragraph's first term
// (its first mark: "<term>", or "**" in Markdown) starts: after the last
// sentence end before it, or 0. A full stop inside a formula ends no
// sentence: "<me>\bar{a+bi} = a - bi.</me> The number … is called the
// <term>complex conjugate</term>" defines from before the display, which
// the sentence names, not from its closing tag.
func termSentence(p, mark string) int {
	t := strings.Index(p, mark)
	if t < 0 {
		return 0
	}
	prose := paragraphMath.ReplaceAllStringFunc(p[:t], func(m string) string { return strings.Repeat(" ", len(m)) })
	from := 0
	for _, end := range []string{". ", ".\n", "? ", "! "} {
		if i := strings.LastIndex(prose, end); i >= 0 && i+len(end) > from {
			from = i + len(end)
		}
	}
	return from
}

// paragraphMath is a formula of a paragraph: PreTeXt's inline and display
// math elements, Markdown's $…$ and $$…$$.
var paragraphMath = lazyre.New(`(?s)<m>.*?</m>|<me(?:\s[^>]*)?>.*?</me>|<men(?:\s[^>]*)?>.*?</men>|<md(?:\s[^>]*)?>.*?</md>|<mdn(?:\s[^>]*)?>.*?</mdn>|\$\$.*?\$\$|\$[^$\n]+\$`)

// termKey compares terms whatever their case and number ("Ideals",
// "ideal").
func termKey(t string) string {
	return strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(t), "s"), "e")
}

// ptxTerms returns the <term>s of a definition's statement, in order.
func (x *extractor) ptxTerms(stmtXML string) []termHit {
	var out []termHit
	for i := 0; i < len(stmtXML); {
		j := strings.Index(stmtXML[i:], "<term>")
		if j < 0 {
			break
		}
		at := i + j
		e := strings.Index(stmtXML[at:], "</term>")
		if e < 0 {
			break
		}
		t := x.ptx.clean(termMath.ReplaceAllStringFunc(stmtXML[at+6:at+e], termLetter))
		if n := len(out); n > 0 {
			// "The <term>Euler</term> <m>\phi</m>-<term>function</term>":
			// one term split by its formula.
			if m := termJoin.FindStringSubmatch(stmtXML[i:at]); m != nil {
				if l := termLetter("<m>" + m[1] + "</m>"); !strings.Contains(l, "<") {
					out[n-1].text += " " + l + m[2] + t
					i = at + e + 7
					continue
				}
			}
		}
		i = at + e + 7
		if termLike(t) {
			out = append(out, termHit{text: t, at: at, strong: true})
		}
	}
	markItemTerms(out, xmlListSpans(stmtXML), stmtXML, x.ptx.clean)
	return uniqueTerms(out)
}

// termMath is a formula inside a term; termJoin is a formula alone
// between two terms.
var (
	termMath = lazyre.New(`<m>([^<]{1,12})</m>`)
	termJoin = lazyre.New(`^\s*<m>([^<]{1,12})</m>(-?)\s*$`)
)

// termLetter renders a formula of one letter inside a term as the letter
// ("primitive <m>n</m>th root" → "primitive nth root", "<m>\phi</m>" → φ);
// any other formula is left as it is.
func termLetter(m string) string {
	f := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(m, "<m>"), "</m>"))
	if len(f) == 1 && isLetterByte(f[0]) {
		return f
	}
	if g, ok := greek[strings.TrimPrefix(f, `\`)]; ok && strings.HasPrefix(f, `\`) {
		return g
	}
	return m
}

// greek renders the lower-case Greek letters formulas name.
var greek = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
	"theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ",
	"sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
}

// xmlChild returns the content of the first <name> (with or without
// attributes) … </name> in s.
func xmlChild(s, name string) string {
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "<"+name)
		if j < 0 {
			return ""
		}
		at := i + j + 1 + len(name)
		i = at
		if at >= len(s) {
			return ""
		}
		if c := s[at]; c != '>' && c != ' ' && c != '\t' && c != '\n' {
			continue
		}
		gt := strings.IndexByte(s[at:], '>')
		if gt < 0 {
			return ""
		}
		open := at + gt + 1
		if s[open-2] == '/' {
			return ""
		}
		e := strings.Index(s[open:], "</"+name+">")
		if e < 0 {
			return ""
		}
		return s[open : open+e]
	}
	return ""
}

// xmlAttr reads one attribute value from a start tag's attribute text.
func xmlAttr(attrs, name string) string {
	for i := 0; i < len(attrs); {
		j := strings.Index(attrs[i:], name+"=")
		if j < 0 {
			return ""
		}
		at := i + j
		i = at + len(name) + 1
		if at > 0 && !isSpaceByte(attrs[at-1]) {
			continue
		}
		if i >= len(attrs) {
			return ""
		}
		q := attrs[i]
		if q != '"' && q != '\'' {
			continue
		}
		e := strings.IndexByte(attrs[i+1:], q)
		if e < 0 {
			return ""
		}
		return attrs[i+1 : i+1+e]
	}
	return ""
}

// xmlDropContent are elements whose content is not part of the statement:
// titles and index entries name things, footnotes and proofs are asides.
var xmlDropContent = map[string]bool{
	"title": true, "idx": true, "fn": true, "proof": true, "image": true, "notation": true,
	"caption": true, "shorttitle": true, "plaintitle": true, "latex-image": true,
	"sageplot": true, "hint": true, "answer": true, "solution": true, "h": true, "index": true,
}

// ptxDisplay are the elements of displayed math: PreTeXt's, and those of
// the older dialect some books are still written in (A First Course in
// Linear Algebra's <alignmath> and <equation>), whose TeX would otherwise
// be read as prose and keep its backslashes.
var ptxDisplay = map[string]bool{
	"me": true, "men": true, "md": true, "mdn": true, "alignmath": true, "equation": true,
}

// xmlBlock elements separate words.
var xmlBlock = map[string]bool{
	"p": true, "li": true, "ol": true, "ul": true, "dl": true, "statement": true, "cell": true,
	"row": true, "tabular": true, "blockquote": true, "br": true, "mrow": true, "pre": true,
	"cd": true, "cline": true, "sidebyside": true, "figure": true, "table": true,
}

// xmlEmpty are PreTeXt's character and abbreviation elements.
var xmlEmpty = map[string]string{
	"ie": "i.e.", "eg": "e.g.", "etc": "etc.", "nbsp": " ", "ldots": "…", "ellipsis": "…",
	"mdash": "—", "ndash": "–", "lq": "“", "rq": "”", "lsq": "‘", "rsq": "’", "tex": "TeX",
	"latex": "LaTeX", "pretext": "PreTeXt", "vs": "vs.", "ca": "ca.", "nb": "N.B.",
	"am": "a.m.", "pm": "p.m.", "ps": "PS:", "viz": "viz.",
}

var xmlEntities = map[string]string{
	"lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": " ",
}

// cleanXML renders PreTeXt markup as reading text: tags removed, <m>x</m>
// kept as $x$ (display math as $$x$$), entities decoded, footnotes, index
// entries and titles dropped, white space collapsed. Malformed markup is
// read as text.
func cleanXML(s string) string { return cleanXMLWith(s, nil) }

// cleanXMLWith is cleanXML with cross-references (<xref ref="…"/>)
// rendered as what they point at, when d knows the document.
func cleanXMLWith(s string, d *ptxDoc) string {
	b := make([]byte, 0, len(s))
	// lists are the open <ol>, <ul> and <dl>: an ordered list's items
	// show their number, a description list's their title, as the
	// reader sees them.
	var lists []xmlList
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '<':
			switch {
			case strings.HasPrefix(s[i:], "<!--"):
				e := strings.Index(s[i+4:], "-->")
				if e < 0 {
					return tidyProse(string(b))
				}
				i += 4 + e + 3
				continue
			case strings.HasPrefix(s[i:], "<![CDATA["):
				e := strings.Index(s[i+9:], "]]>")
				if e < 0 {
					e = len(s) - i - 9
				}
				b = append(b, s[i+9:i+9+e]...)
				i += 9 + e + 3
				continue
			case strings.HasPrefix(s[i:], "<?"):
				e := strings.Index(s[i:], "?>")
				if e < 0 {
					return tidyProse(string(b))
				}
				i += e + 2
				continue
			}
			gt := strings.IndexByte(s[i:], '>')
			if gt < 0 {
				b = append(b, '<')
				i++
				continue
			}
			tag := s[i+1 : i+gt]
			i += gt + 1
			closing := strings.HasPrefix(tag, "/")
			tag = strings.TrimPrefix(tag, "/")
			self := strings.HasSuffix(tag, "/")
			tag = strings.TrimSuffix(tag, "/")
			name := tag
			if k := strings.IndexAny(tag, " \t\n\r"); k >= 0 {
				name = tag[:k]
			}
			switch {
			case (name == "ol" || name == "ul" || name == "dl") && !self:
				if closing {
					if len(lists) > 0 {
						lists = lists[:len(lists)-1]
					}
				} else {
					lists = openXMLList(lists, name, tag[len(name):])
				}
				b = append(b, ' ')
			case name == "li" && !closing && !self && len(lists) > 0 && lists[len(lists)-1].ordered():
				l := &lists[len(lists)-1]
				l.items++
				b = append(b, ' ')
				b = append(b, itemNumber(l.depth, l.items, l.marker)...)
				b = append(b, ' ')
			case name == "title" && !closing && !self && len(lists) > 0 && lists[len(lists)-1].kind == "dl":
				// A description item's title is its label: "Closure: …".
				e := strings.Index(s[i:], "</title>")
				if e < 0 {
					e = len(s) - i
				}
				b = append(b, ' ')
				b = append(b, cleanXMLWith(s[i:i+e], d)...)
				b = append(b, ": "...)
				i = min(len(s), i+e+len("</title>"))
			case xmlDropContent[name] && !closing && !self:
				e := strings.Index(s[i:], "</"+name+">")
				if e < 0 {
					i = len(s)
				} else {
					i += e + len(name) + 3
				}
			case name == "m" || ptxDisplay[name]:
				if self {
					continue
				}
				if name == "m" {
					b = append(b, '$')
				} else {
					b = append(b, " $$ "...)
				}
			case name == "xref" && self:
				b = append(b, d.render(tag[len(name):])...)
			case name == "q":
				b = append(b, '"')
			case name == "sq":
				b = append(b, '\'')
			case self && xmlEmpty[name] != "":
				b = append(b, xmlEmpty[name]...)
			case xmlBlock[name]:
				b = append(b, ' ')
			}
		case '&':
			e := strings.IndexByte(s[i:], ';')
			if e > 1 && e <= 10 {
				ent := s[i+1 : i+e]
				if r, ok := decodeEntity(ent); ok {
					b = append(b, r...)
					i += e + 1
					continue
				}
			}
			b = append(b, '&')
			i++
		default:
			b = append(b, c)
			i++
		}
	}
	return tidyProse(string(b))
}

// xmlList is an open list while PreTeXt markup is rendered.
type xmlList struct {
	kind   string // "ol", "ul" or "dl"
	depth  int    // among the open ordered lists, from 1
	items  int
	marker string // the author's @marker ("(a)", "i."), if any
}

func (l xmlList) ordered() bool { return l.kind == "ol" }

// openXMLList pushes a list opened by a tag with attribute text attrs.
func openXMLList(lists []xmlList, kind, attrs string) []xmlList {
	l := xmlList{kind: kind}
	if kind == "ol" {
		l.depth = 1
		for _, o := range lists {
			if o.ordered() {
				l.depth++
			}
		}
		l.marker = xmlAttr(attrs, "marker")
		if l.marker == "" {
			l.marker = xmlAttr(attrs, "label")
		}
	}
	return append(lists, l)
}

func decodeEntity(ent string) (string, bool) {
	if v, ok := xmlEntities[ent]; ok {
		return v, true
	}
	if strings.HasPrefix(ent, "#") {
		var n uint64
		var err error
		if strings.HasPrefix(ent, "#x") || strings.HasPrefix(ent, "#X") {
			n, err = strconv.ParseUint(ent[2:], 16, 32)
		} else {
			n, err = strconv.ParseUint(ent[1:], 10, 32)
		}
		if err != nil || n == 0 || n > utf8.MaxRune {
			return "", false
		}
		return string(rune(n)), true
	}
	return "", false
}

// eachXMLText calls fn with the byte ranges of the runs of text of PreTeXt
// markup: tags, comments and the content of math elements are skipped.
// Ranges, not strings, so a caller can read the words of a run from the
// document's word stream.
func eachXMLText(s string, fn func(start, end int)) {
	start := 0
	for i := 0; i < len(s); {
		if s[i] != '<' {
			i++
			continue
		}
		if i > start {
			fn(start, i)
		}
		gt := strings.IndexByte(s[i:], '>')
		if gt < 0 {
			return
		}
		tag := s[i+1 : i+gt]
		i += gt + 1
		// An unclosed comment or formula runs to the end: nothing after it
		// is text, and searching again from every opening would be
		// quadratic.
		switch {
		case strings.HasPrefix(tag, "!--"):
			e := strings.Index(s[i-gt-1:], "-->")
			if e < 0 {
				return
			}
			i = i - gt - 1 + e + 3
		case tag == "m" || ptxDisplay[tag]:
			e := strings.Index(s[i:], "</"+tag+">")
			if e < 0 {
				return
			}
			i += e + len(tag) + 3
		}
		start = i
	}
	if start < len(s) {
		fn(start, len(s))
	}
}
