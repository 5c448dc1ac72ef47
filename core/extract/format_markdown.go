package extract

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Theorem-like blocks in Markdown. Mathematical writing in Markdown keeps
// its theorems in one of four forms, all read like LaTeX environments
// (same kinds as envKinds, named as every format block is (blocks.go), confidence 0.95):
//
//   - raw LaTeX environments, as pandoc Markdown, R Markdown and notebooks
//     pass them through: \begin{thm}[Title] … \end{thm} (read by
//     latexEnvs itself);
//   - MyST directives (Jupyter Book, sphinx-proof): ```{prf:theorem} Title
//     or :::{prf:theorem} Title, with ":label: …" option lines;
//   - pandoc fenced divs (bookdown, Quarto): ::: {.theorem name="Title"},
//     :::{.definition}, ::: {#thm-label} (Quarto's kind is the label's
//     prefix, its title an optional "## Title" first line);
//   - knitr chunks of bookdown: ```{theorem, label, name="Title"}.
//
// Code fences are code: a \begin{theorem} shown inside ```latex is an
// example of markup, not a theorem.

// quartoKinds maps Quarto cross-reference prefixes to environment names.
var quartoKinds = map[string]string{
	"thm": "theorem", "lem": "lemma", "cor": "corollary", "prp": "proposition", "def": "definition",
}

func (x *extractor) markdownEnvs(st *secState) {
	s := st.own
	hasBegin := strings.Contains(s, `\begin{`)
	hasBlock := strings.Contains(s, "```{") || strings.Contains(s, ":::")
	if !hasBegin && !hasBlock && !strings.Contains(s, `}{`) {
		return
	}
	first := len(x.cands)
	defer func() {
		// Blocks of both kinds in one section: keep them in document order.
		cs := x.cands[first:]
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].offset < cs[j].offset })
	}()
	if hasBegin {
		// Environments outside code: read from a copy with code blanked out,
		// offsets unchanged.
		masked := *st
		masked.own = maskCode(s)
		x.latexEnvs(&masked)
	}
	if hasBlock {
		x.mdBlocks(st)
	}
	x.mdBlockCommands(st)
}

// maskCode returns s with fenced code blocks and inline code spans
// replaced by spaces (line breaks kept), so offsets stay valid. Fences
// whose info string names a theorem-like directive are not code.
func maskCode(s string) string {
	b := []byte(s)
	inFence := false
	var fc byte
	fn := 0
	for start := 0; start < len(s); {
		end, next := text.Line(s, start)
		rest := strings.TrimLeft(s[start:end], " \t")
		switch {
		case inFence:
			if n := runOf(rest, fc); n >= fn && strings.TrimSpace(rest[n:]) == "" {
				inFence = false
			}
			blank(b, start, end)
		case runOf(rest, '`') >= 3 || runOf(rest, '~') >= 3:
			c := rest[0]
			n := runOf(rest, c)
			if _, ok := directiveKind(rest[n:]); !ok {
				inFence, fc, fn = true, c, n
				blank(b, start, end)
			}
		default:
			maskInline(b, start, end)
		}
		start = next
	}
	return string(b)
}

func runOf(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

func blank(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// maskInline blanks the inline code spans of one line.
func maskInline(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '`' {
			continue
		}
		n := 0
		for i+n < to && b[i+n] == '`' {
			n++
		}
		closeAt := -1
		// A code span closes nearby; a line of unmatched backticks must not
		// cost quadratic time.
		for j := i + n; j+n <= to && j < i+n+maxCodeSpan; j++ {
			if b[j] == '`' {
				m := 0
				for j+m < to && b[j+m] == '`' {
					m++
				}
				if m == n {
					closeAt = j
					break
				}
				j += m - 1
			}
		}
		if closeAt < 0 {
			i += n - 1
			continue
		}
		blank(b, i, closeAt+n)
		i = closeAt + n - 1
	}
}

// Bounds of inline markup spans looked for in Markdown blocks.
const (
	maxEmphasis = 200
	maxCodeSpan = 1000
)

// mdBlock is one theorem-like block opener found in a section.
type mdBlock struct {
	kind   string // envKinds key
	title  string
	label  string
	number string // the number the block's opener gives (number="2.1")
	open   int    // offset of the opener line in the section
	body   int    // offset after the opener line
	colons bool
	fence  int // length of the opening fence
	// term marks a paragraph defining a term in running text
	// (htmltext.TermClass: the <dfn> paragraphs of HTML and EPUB), read
	// by the rules of PreTeXt's term paragraphs.
	term bool
}

// mdBlocks finds MyST directives, fenced divs and knitr chunks that hold
// theorem-like blocks in the section, and reads each to its closing fence.
func (x *extractor) mdBlocks(st *secState) {
	mdOpeners(st.own, func(blk mdBlock) int { return x.mdBlock(st, blk) })
}

// mdOpeners calls read for each theorem-like block opener of s outside
// code, in order; read returns where the block ends in s (0 when it was
// not read), and the scan goes on from there: blocks never overlap.
func mdOpeners(s string, read func(mdBlock) int) {
	inCode := false
	var fc byte
	fn := 0
	for start := 0; start < len(s); {
		end, next := text.Line(s, start)
		rest := strings.TrimLeft(s[start:end], " \t")
		if inCode {
			if n := runOf(rest, fc); n >= fn && strings.TrimSpace(rest[n:]) == "" {
				inCode = false
			}
			start = next
			continue
		}
		c := byte(0)
		if rest != "" {
			c = rest[0]
		}
		n := runOf(rest, c)
		if (c == '`' || c == '~' || c == ':') && n >= 3 {
			info := strings.TrimSpace(rest[n:])
			blk, ok := parseOpener(info, c == ':')
			switch {
			case ok:
				blk.open, blk.body, blk.colons, blk.fence = start, next, c == ':', n
				if e := read(blk); e > next {
					next = min(e, len(s))
				}
			case c != ':':
				// A code fence: nothing in it is a block.
				inCode, fc, fn = true, c, n
			}
		}
		start = next
	}
}

// mdDefinitions returns the bodies of a Markdown document's definition
// blocks, term paragraphs aside: the terms a term paragraph may not
// define again (newTerms).
func mdDefinitions(doc string) []string {
	if !strings.Contains(doc, ":::") && !strings.Contains(doc, "```{") {
		return nil
	}
	var out []string
	mdOpeners(doc, func(b mdBlock) int {
		if env, ok := envKinds[b.kind]; !ok || env.typ != core.Definition || b.term {
			return 0
		}
		limit := min(len(doc), b.body+maxBody)
		end, after := closingFence(doc[:limit], b.body, b)
		if end < 0 {
			return 0
		}
		body := doc[b.body:end]
		if b.colons {
			body = dropNestedDivs(body)
		}
		out = append(out, body)
		return after
	})
	return out
}

// parseOpener reads the info string of a fence or div opener and returns
// the block it opens when that is theorem-like.
func parseOpener(info string, colons bool) (mdBlock, bool) {
	var b mdBlock
	if info == "" {
		return b, false
	}
	if info[0] != '{' {
		// "::: theorem" — a bare class word (pandoc), colon fences only.
		if !colons {
			return b, false
		}
		w := strings.Fields(info)[0]
		if _, ok := envKinds[strings.ToLower(w)]; ok && w == strings.ToLower(w) {
			b.kind = w
			return b, true
		}
		return b, false
	}
	e := attrsEnd(info)
	if e < 0 {
		return b, false
	}
	inner, after := info[1:e], strings.TrimSpace(info[e+1:])
	k, ok := directiveKind(info)
	if !ok {
		return b, false
	}
	b.kind = k
	b.title = after
	if t := attrValue(inner, "name"); t != "" {
		b.title = t
	} else if t := attrValue(inner, "title"); t != "" {
		b.title = t
	}
	if l := attrValue(inner, "label"); l != "" {
		b.label = l
	}
	b.number = attrValue(inner, "number")
	for _, f := range strings.FieldsFunc(unquoted(inner), func(r rune) bool { return r == ' ' || r == ',' }) {
		if strings.HasPrefix(f, "#") {
			b.label = f[1:]
		}
		if f == "."+termClass && k == "definition" {
			b.term = true
		}
	}
	return b, true
}

// directiveKind returns the environment kind named by an opener's info
// string: "{prf:theorem}", "{.definition …}", "{#thm-label}", "{lemma,
// …}", when it is one envKinds knows.
func directiveKind(info string) (string, bool) {
	info = strings.TrimSpace(info)
	if !strings.HasPrefix(info, "{") {
		return "", false
	}
	e := attrsEnd(info)
	if e < 0 {
		return "", false
	}
	for i, f := range strings.FieldsFunc(unquoted(info[1:e]), func(r rune) bool { return r == ' ' || r == ',' }) {
		w := strings.ToLower(f)
		switch {
		case strings.HasPrefix(w, "prf:"):
			w = w[4:]
		case strings.HasPrefix(w, "."):
			w = w[1:]
		case strings.HasPrefix(w, "#"):
			// Quarto: the label's prefix says the kind.
			p := w[1:]
			if d := strings.IndexAny(p, "-:"); d > 0 {
				if k, ok := quartoKinds[p[:d]]; ok {
					return k, true
				}
			}
			continue
		case i > 0 || strings.Contains(w, "="):
			continue
		}
		if env, ok := envKinds[w]; ok && env.kind != "onebox" {
			return w, true
		}
	}
	return "", false
}

// attrValue returns the value of key="value" (or key='value') in attrs.
// attrsEnd returns the index of the '}' that closes the attributes opening
// info ("{.theorem name=\"Inverses in $\\mathbb{Z}_n$\"}"), skipping quoted
// values, or -1.
func attrsEnd(info string) int {
	var q byte
	for i := 1; i < len(info); i++ {
		switch c := info[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '}':
			return i
		}
	}
	return -1
}

// unquoted is attrs with its quoted values blanked, so that the words of a
// title are not read as classes or ids.
func unquoted(attrs string) string {
	b := []byte(attrs)
	var q byte
	for i, c := range b {
		switch {
		case q != 0:
			if c == q {
				q = 0
			} else {
				b[i] = ' '
			}
		case c == '"' || c == '\'':
			q = c
		}
	}
	return string(b)
}

func attrValue(attrs, key string) string {
	for _, q := range []string{`="`, `='`} {
		i := strings.Index(attrs, key+q)
		if i < 0 || i > 0 && attrs[i-1] != ' ' && attrs[i-1] != ',' {
			continue
		}
		v := attrs[i+len(key)+2:]
		if e := strings.IndexByte(v, q[1]); e >= 0 {
			return strings.TrimSpace(v[:e])
		}
	}
	return ""
}

// mdBlock reads one block from its opener to its closing fence and adds
// it; it returns where the block ends in the section (its closing line
// included), or 0 when it was not read.
func (x *extractor) mdBlock(st *secState, b mdBlock) int {
	env, ok := envKinds[b.kind]
	if !ok {
		return 0
	}
	// The closing fence, looked for in the document: a Quarto title line
	// ("## Title") makes a section of the block's own body.
	absBody := st.body + b.body
	limit := min(len(x.doc), absBody+maxBody)
	absEnd, absAfter := closingFence(x.doc[:limit], absBody, b)
	if absEnd < 0 {
		return 0
	}
	return x.mdBlockAt(st, b, env, absBody, absEnd, absAfter)
}

// mdBlockAt reads block b, of kind env, whose body is
// x.doc[absBody:absEnd] and which ends at absAfter; it returns where the
// block ends in the section.
func (x *extractor) mdBlockAt(st *secState, b mdBlock, env blockKind, absBody, absEnd, absAfter int) int {
	body := x.doc[absBody:absEnd]
	if b.colons {
		body = dropNestedDivs(body)
	}
	// termTeX is what the block's terms are read from: in a term
	// paragraph, only its bold (the <dfn>s) marks them.
	termTeX := func(tex string) string { return tex }
	if b.term {
		if !x.newTerms(x.latexTerms(boldTerms(mdToLaTeX(body)))) {
			return 0 // the term's definition is elsewhere: running text
		}
		// As in PreTeXt: the sentence holding the term onwards.
		from := termSentence(body, "**")
		if citesResult(body[from:]) {
			return 0 // a result's statement reported, not a definition
		}
		body, absBody = body[from:], absBody+from
		termTeX = boldTerms
	}
	whole := len(body)
	body, label := optionLines(body)
	if label != "" {
		b.label = label
	}
	if b.title == "" && !b.term {
		body, b.title = titleLine(body)
	}
	// Both cut lines off the front: the statement starts here in the source.
	stmtAt := absBody + whole - len(body)
	tex := mdToLaTeX(body)
	if b.label != "" {
		tex = `\label{` + b.label + `}` + tex
	}
	c := cand{
		typ:    env.typ,
		offset: st.body + b.open,
		end:    absAfter,
		conf:   envConfidence,
		format: true,
	}
	if b.term {
		// Running text, held to running text's statement length.
		c.conf, c.format = termParagraphConfidence, false
	}
	if b.label != "" {
		c.labels = []string{b.label}
	}
	c.number = b.number
	// The book's own LaTeX macros (\newcommand in its text, as pandoc
	// reads Markdown) stand for what they define, as in LaTeX.
	x.texDoc()
	c.statement = x.texr.clean(tex)
	if c.kind == "" {
		c.kind = kindWord(env.kind)
	}
	fb := formatBlock{c: c, title: x.texr.clean(mdToLaTeX(b.title))}
	if env.typ == core.Definition {
		fb.terms = x.latexTerms(termTeX(tex))
		// A term in a list's item is part of the block's statement, as
		// in LaTeX and PreTeXt.
		markItemTerms(fb.terms, mdListSpans(tex), tex, cleanLaTeX)
		fb.place = func(c *cand, groups []termGroup) {
			c.body = absBody
			termsAt(x.doc[:absEnd], stmtAt, absBody, groups)
		}
	}
	if env.typ == core.Algorithm {
		fb.alt = func() string { return givenName(x.texr.clean(latexArg(termTeX(tex), `\caption`))) }
		// A lead-in over a list of steps (a specification's algorithm):
		// the list, nested, is its form, as a lead-in's list is in text.
		if ps := mdAlgorithmSteps(body); ps != nil {
			fb.c.form = ps.form()
			x.algos.keep(fb.c.offset, ps)
		}
	}
	x.addFormatBlock(st, fb)
	return absAfter - st.body
}

// termsAt places each group of a Markdown definition at its first term in
// the source, relative to body: the terms were read from the block's LaTeX
// rendering, whose offsets are not the source's. A term not found keeps the
// offset it had, which addGroups holds inside the block.
func termsAt(doc string, from, body int, groups []termGroup) {
	pos := from
	for g := range groups {
		if len(groups[g].terms) == 0 {
			continue
		}
		if i := indexFold(doc[pos:], groups[g].terms[0].text); i >= 0 {
			groups[g].at = pos + i - body
			pos += i + len(groups[g].terms[0].text)
		}
	}
}

// termClass is htmltext.TermClass, the class of a term paragraph's div.
const termClass = "terminology"

// boldTerms makes the bold of a term paragraph's LaTeX a definitional
// mark (\define, the same length as \textbf, so offsets hold), so that
// only its terms, not its emphasis, are read as defined.
func boldTerms(tex string) string {
	return strings.ReplaceAll(tex, `\textbf{`, `\define{`)
}

// closingFence finds the line that closes the block whose body starts at
// from: a run of at least as many backticks, or of three or more colons
// at the block's nesting depth (colon fences nest: an opener with an
// attribute opens, a bare run of colons closes). It returns where the
// body ends and where the closing line ends, or -1.
func closingFence(s string, from int, b mdBlock) (int, int) {
	depth := 0
	for start := from; start < len(s); {
		end, next := text.Line(s, start)
		rest := strings.TrimSpace(s[start:end])
		if b.colons {
			if n := runOf(rest, ':'); n >= 3 {
				if strings.TrimSpace(rest[n:]) == "" {
					if depth == 0 {
						return start, next
					}
					depth--
				} else {
					depth++
				}
			}
		} else if n := runOf(rest, '`'); n >= b.fence && rest[n:] == "" {
			return start, next
		}
		start = next
	}
	return -1, -1
}

// dropNestedDivs removes the fenced divs nested in a block's body (a
// proof or remark inside a theorem div): they are not its statement.
func dropNestedDivs(body string) string {
	if !strings.Contains(body, ":::") {
		return body
	}
	var b strings.Builder
	depth := 0
	for start := 0; start < len(body); {
		end := strings.IndexByte(body[start:], '\n')
		next := len(body)
		if end < 0 {
			end = len(body)
		} else {
			end += start
			next = end + 1
		}
		rest := strings.TrimSpace(body[start:end])
		if n := runOf(rest, ':'); n >= 3 {
			if strings.TrimSpace(rest[n:]) == "" {
				depth = max(depth-1, 0)
			} else {
				depth++
			}
		} else if depth == 0 {
			b.WriteString(body[start:next])
		}
		start = next
	}
	return b.String()
}

// optionLines removes MyST option lines (":label: x", ":class: y") from
// the start of a directive's body and returns the label.
func optionLines(body string) (string, string) {
	label := ""
	for {
		t := strings.TrimLeft(body, " \t")
		if !strings.HasPrefix(t, ":") || strings.HasPrefix(t, "::") {
			return body, label
		}
		nl := strings.IndexByte(t, '\n')
		line := t
		if nl >= 0 {
			line = t[:nl]
		}
		if e := strings.IndexByte(line[1:], ':'); e > 0 {
			if line[1:e+1] == "label" || line[1:e+1] == "name" {
				label = strings.TrimSpace(line[e+2:])
			}
		} else {
			return body, label
		}
		if nl < 0 {
			return "", label
		}
		body = t[nl+1:]
	}
}

// titleLine takes a block's title from its first line when that is a
// heading ("## Title", Quarto) or a bold parenthesized or dotted name
// ("**(Title)**.", "**Title.**", bookdown): the body without it, and the
// title.
func titleLine(body string) (string, string) {
	t := strings.TrimLeft(body, " \t\r\n")
	nl := strings.IndexByte(t, '\n')
	line := t
	if nl >= 0 {
		line = t[:nl]
	}
	if strings.HasPrefix(line, "#") {
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		if nl < 0 {
			return "", title
		}
		return t[nl+1:], title
	}
	if strings.HasPrefix(t, "**") {
		e := strings.Index(t[2:], "**")
		if e > 0 && e < 200 && !strings.Contains(t[2:2+e], "\n\n") {
			in := strings.TrimSpace(t[2 : 2+e])
			rest := strings.TrimLeft(t[4+e:], ".: ")
			in = strings.TrimRight(in, ".:")
			if strings.HasPrefix(in, "(") && strings.HasSuffix(in, ")") {
				return rest, in[1 : len(in)-1]
			}
			if strings.HasPrefix(t[4+e:], ".") || strings.HasPrefix(t[4+e:], ":") || strings.HasSuffix(strings.TrimSpace(t[2:2+e]), ".") {
				return rest, in
			}
		}
	}
	return body, ""
}

// mdToLaTeX turns the Markdown of a block into LaTeX the environment
// reader understands: **x** → \textbf{x}, *x* and _x_ → \emph{x},
// [text](url) → text, math kept as written.
func mdToLaTeX(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '$':
			// Math is copied whole: its '*' and '_' are not emphasis.
			j := i + 1
			if j < len(s) && s[j] == '$' {
				j++
			}
			d := s[i:j]
			e := strings.Index(s[j:], d)
			if e < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(s[i : j+e+len(d)])
			i = j + e + len(d) - 1
		case c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i++
		case c == '&':
			// An HTML character reference ("$k$&nbsp;points") is the
			// character it names.
			r, n := characterRef(s, i)
			if n == 0 {
				b.WriteByte(c)
				continue
			}
			b.WriteString(r)
			i += n - 1
		case c == '*' || c == '_':
			n := 1
			if i+1 < len(s) && s[i+1] == c {
				n = 2
			}
			mark := s[i : i+n]
			if i > 0 && isWordByte(s[i-1]) && c == '_' {
				b.WriteByte(c)
				continue
			}
			// Emphasis is short: its closing mark is looked for nearby, so
			// a body full of unmatched marks costs linear time.
			win := s[i+n : min(len(s), i+n+maxEmphasis)]
			e := strings.Index(win, mark)
			if e <= 0 || strings.Contains(win[:e], "\n\n") || s[i+n] == ' ' {
				b.WriteString(mark)
				i += n - 1
				continue
			}
			cmd := `\emph{`
			if n == 2 {
				cmd = `\textbf{`
			}
			b.WriteString(cmd + mdToLaTeX(s[i+n:i+n+e]) + "}")
			i += n + e + n - 1
		case c == '[':
			if e := strings.IndexByte(s[i:], ']'); e > 0 && i+e+1 < len(s) && s[i+e+1] == '(' {
				if p := strings.IndexByte(s[i+e:], ')'); p > 0 {
					b.WriteString(s[i+1 : i+e])
					i += e + p
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// mdRefs finds the cross-references of a Markdown document, in order:
// links to a fragment, [Definition RREF](#def-rref), the form HTML and
// EPUB books are read in; Quarto's @thm-label; and bookdown's
// \@ref(thm:label). It also returns the proofs, fenced divs of class
// proof (::: {.proof} … :::, ::: proof, {prf:proof}), so that a proof's
// references count for the result it proves.
func mdRefs(doc string) ([]texRef, []texProof) {
	var refs []texRef
	for i := 0; i < len(doc); {
		j := strings.IndexAny(doc[i:], "](@")
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		switch doc[at] {
		case ']':
			if !strings.HasPrefix(doc[at:], "](#") {
				continue
			}
			e := strings.IndexByte(doc[at+3:min(len(doc), at+3+200)], ')')
			if e <= 0 {
				continue
			}
			key := doc[at+3 : at+3+e]
			if strings.ContainsAny(key, " \t\n(") {
				continue
			}
			open := strings.LastIndexByte(doc[max(0, at-300):at], '[')
			start := at
			if open >= 0 {
				start = max(0, at-300) + open
			}
			refs = append(refs, texRef{at: start, end: at + 4 + e, cmd: "link", keys: []string{key}})
			i = at + 4 + e
		case '@':
			if at > 0 && (isWordByte(doc[at-1]) || doc[at-1] == '\\') {
				if doc[at-1] == '\\' && strings.HasPrefix(doc[at:], "@ref(") {
					e := strings.IndexByte(doc[at+5:min(len(doc), at+5+200)], ')')
					if e > 0 {
						refs = append(refs, texRef{at: at - 1, end: at + 6 + e, cmd: "@", keys: []string{doc[at+5 : at+5+e]}})
						i = at + 6 + e
					}
				}
				continue
			}
			e := at + 1
			for e < len(doc) && (isWordByte(doc[e]) || doc[e] == '-' || doc[e] == ':') {
				e++
			}
			for e > at+1 && (doc[e-1] == '-' || doc[e-1] == ':') {
				e--
			}
			key := doc[at+1 : e]
			if d := strings.IndexAny(key, "-:"); d > 0 {
				if _, ok := quartoKinds[key[:d]]; ok {
					refs = append(refs, texRef{at: at, end: e, cmd: "@", keys: []string{key}})
				}
			}
			i = e
		}
	}
	return refs, mdProofs(doc)
}

// mdProofs returns the fenced divs of class proof, in order.
func mdProofs(doc string) []texProof {
	if !strings.Contains(doc, "proof") {
		return nil
	}
	var out []texProof
	open := -1
	depth := 0
	for start := 0; start < len(doc); {
		end, next := text.Line(doc, start)
		rest := strings.TrimSpace(doc[start:end])
		if n := runOf(rest, ':'); n >= 3 {
			info := strings.TrimSpace(rest[n:])
			switch {
			case info == "":
				if open >= 0 {
					if depth == 0 {
						out = append(out, texProof{at: open, end: next})
						open = -1
					} else {
						depth--
					}
				}
			case open >= 0:
				depth++
			case info == "proof" || strings.HasPrefix(info, "{.proof") || strings.HasPrefix(info, "{prf:proof}"):
				open, depth = start, 0
			}
		}
		start = next
	}
	return out
}

// mdAlgorithmSteps is the list of steps a Markdown algorithm block holds
// after its lead-in (its first list, read as stepLists reads one), or
// nil when it holds fewer than two items.
func mdAlgorithmSteps(body string) *pseudo {
	for p := 0; p < len(body); {
		line, next := lineAt(body, p)
		if m := stepItemLine.FindStringSubmatch(line); m != nil {
			rows, depths, _ := readStepList(body, p, m[2])
			if len(rows) < 2 {
				return nil
			}
			ps := &pseudo{}
			for i, r := range rows {
				ps.lines = append(ps.lines, pcLine{depth: depths[i], text: mdUnescaped(r)})
			}
			return ps
		}
		if fenceOpen(strings.TrimSpace(line)) != "" {
			return nil
		}
		p = next
	}
	return nil
}
