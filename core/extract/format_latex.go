package extract

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

func (x *extractor) latexEnvs(st *secState) {
	s := st.own
	tex := x.texDoc()
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], `\begin{`)
		if j < 0 {
			return
		}
		at := i + j
		i = at + 7
		q := strings.IndexByte(s[i:], '}')
		if q < 0 || q > 40 {
			continue
		}
		name := s[i : i+q]
		p := i + q + 1
		var title, opt string
		kindName := name
		if restatable(name) {
			var ok bool
			if opt, kindName, p, ok = restatableArgs(s, p); !ok {
				continue
			}
		}
		env, ok := envKinds[strings.TrimSuffix(kindName, "*")]
		if !ok {
			env, ok = declaredEnv(tex, strings.TrimSuffix(kindName, "*"))
		}
		headed := false
		if !ok {
			// An environment whose heading prints its kind
			// (format_latex_heading.go): titled by what the heading
			// prints besides.
			env, opt, p, ok = headingEnv(tex, name, s, p)
			headed = ok
		}
		if !ok {
			// A statement the author sets apart in a box of its own.
			env, opt, p, ok = x.highlightAt(st, name, s, p)
			headed = ok
		}
		if !ok || commentedOut(s, at) || tex.inert(st.body+at) {
			continue
		}
		if env.kind == "onebox" {
			a := skipSpaceNL(s, p)
			if a < len(s) && s[a] == '{' {
				if e, ok := balanced(s, a, '{', '}', 400); ok {
					title = s[a+1 : e]
					p = e + 1
				}
			}
		}
		// A title may follow a comment ("\begin{thm}%" then "[Title]") and
		// carry a long footnote of its own.
		if a := skipTeXSpace(s, p); !headed && opt == "" && a < len(s) && s[a] == '[' {
			if e, ok := balanced(s, a, '[', ']', 2000); ok {
				opt = s[a+1 : e]
				p = e + 1
			}
		}
		absBody := st.body + p
		absEnd, blockEnd := x.blockEnd(`\begin{`+name+`}`, `\end{`+name+`}`, absBody, st.body+len(s))
		body := x.doc[absBody:absEnd]
		if !headed && opt == "" && env.typ != core.Definition && env.typ != core.Algorithm {
			// A result titled by a bold phrase at its head.
			if t, e, ok := boldLead(body, 0); ok {
				opt, absBody, body = t, absBody+e, body[e:]
			}
		}
		if len(body) > maxBody {
			body = body[:maxBody]
		}
		c := cand{
			typ:    env.typ,
			offset: st.body + at,
			end:    blockEnd,
			conf:   envConfidence,
			format: true,
			body:   absBody,
		}
		if blk, ok := tex.blockAt(c.offset); ok {
			c.number, c.kind = blk.number, blk.kind
		}
		if c.kind == "" {
			c.kind = kindWord(env.kind)
		}
		c.statement = x.texr.clean(body)
		// Continue after the environment: blocks never overlap, so nested
		// environments of the same kind are not separate primitives and
		// the work stays linear in the section.
		if rel := blockEnd - st.body; rel > i && rel <= len(s) {
			i = rel
		}
		x.addFormatBlock(st, x.latexBlock(st, env, c, title, opt, body))
	}
}

// latexBlock is an environment in the block model: titled by its optional
// argument (a float's placement aside) or by an OpenIntro box's title, its
// terms those \emph, \textbf and \define mark.
func (x *extractor) latexBlock(st *secState, env blockKind, c cand, title, opt, body string) formatBlock {
	c.labels = x.labelsAt[c.offset]
	b := formatBlock{c: c}
	if !placement(opt) {
		b.title = x.texr.clean(optionTitle(opt))
	}
	if env.kind == "onebox" {
		t := x.texr.clean(title)
		b.c.conf = oneboxConfidence
		if ruleTitle(t) {
			b.c.typ = core.Theorem
			b.c.kind = "Rule"
		}
		// "Bayes' Theorem: inverting probabilities" names "Bayes' Theorem".
		if i := strings.Index(t, ": "); i > 1 {
			t = t[:i]
		}
		b.title = t
	}
	if b.c.typ == core.Definition {
		b.terms = x.latexTerms(body)
	}
	if env.typ == core.Algorithm {
		x.algorithmBlock(st, &b, body) // algorithms_latex.go
	}
	return b
}

// declaredEnv reads an environment the document declares with \newtheorem
// by its printed title ("\newtheorem{satz}{Theorem}"), else by its name
// (format_latex_envname.go): one declared with a title that names no
// kind ("\newtheorem{functiondefinition}{Function}"), or not declared as
// a theorem at all ("SaveDefinition").
func declaredEnv(tex *texDoc, name string) (blockKind, bool) {
	t, ok := tex.envs[name]
	if !ok {
		return kindInName(name)
	}
	lt := strings.ToLower(t)
	if e, ok := titleKind(lt); ok {
		return e, true
	}
	if numberedEnvs[lt] != "" || proofTitle(lt) {
		return blockKind{}, false
	}
	if k, ok := kindInName(name); ok {
		return k, true
	}
	// A title lore knows as no kind ("Construction"), numbered with the
	// theorems and proved where it stands, as a reader sees it: the author
	// states it as a result. An example, an exercise or a remark numbered
	// with them goes unproved.
	if len(strings.Fields(lt)) == 1 && tex.proved(name) {
		with := name
		for k := 0; k < 4; k++ {
			if with = tex.numberedWith[with]; with == "" {
				break
			}
			if k, ok := titleKind(tex.envs[with]); ok && k.typ == core.Theorem {
				return blockKind{core.Theorem, lt}, true
			}
		}
	}
	return blockKind{}, false
}

// proved reports whether most blocks of env, two at least, are followed
// by a proof before the next block.
func (d *texDoc) proved(env string) bool {
	if d.provedEnvs == nil {
		d.provedEnvs = map[string]int{}
		d.blockCount = map[string]int{}
		k := 0
		for i, b := range d.blocks {
			d.blockCount[b.env]++
			next := math.MaxInt
			if i+1 < len(d.blocks) {
				next = d.blocks[i+1].at
			}
			for k < len(d.proofs) && d.proofs[k].at <= b.at {
				k++
			}
			if k < len(d.proofs) && d.proofs[k].at < next {
				d.provedEnvs[b.env]++
			}
		}
	}
	n := d.provedEnvs[env]
	return n >= 2 && 2*n >= d.blockCount[env]
}

// texDoc returns the document-wide LaTeX knowledge, read on first use.
func (x *extractor) texDoc() *texDoc {
	if x.tex == nil {
		x.tex = scanTeX(x.doc)
		x.texr = &texRender{doc: x.tex, names: map[string]string{}}
		x.labelsAt = map[int][]string{}
		for k, l := range x.tex.labels {
			if _, ok := x.tex.blockAt(l.at); ok {
				x.labelsAt[l.at] = append(x.labelsAt[l.at], k)
			}
		}
		for _, ks := range x.labelsAt {
			sort.Strings(ks)
		}
	}
	return x.tex
}

// maxBody bounds how much of a block is read: statements are 500 bytes, and
// a block whose end is far away (or missing) must not be cleaned whole.
const maxBody = 16 << 10

// blockEnd finds where a block opened at absBody ends: at its closing tag;
// when that is missing, at the next opening of the same kind, or maxBlock
// bytes on, whichever comes first. It returns the end of the body and the
// end of the whole block (after the closing tag).
func (x *extractor) blockEnd(openTag, closeTag string, absBody, limit int) (int, int) {
	if e, ok := x.closeAfter(closeTag, absBody); ok {
		if n, ok2 := x.closeAfter(openTag, absBody); !ok2 || n > e {
			return e, e + len(closeTag)
		}
	}
	end := limit
	if end-absBody > maxBlock {
		end = absBody + maxBlock
	}
	if n, ok := x.closeAfter(openTag, absBody); ok && n < end {
		end = n
	}
	if end < absBody {
		end = absBody
	}
	return end, end
}

// commentedOut reports whether an unescaped '%' precedes position at on its
// line.
func commentedOut(s string, at int) bool {
	ls := lineStartBefore(s, at)
	if ls < 0 {
		ls = at - lookBack
	}
	for k := ls; k < at; k++ {
		if s[k] == '%' && (k == 0 || s[k-1] != '\\') {
			return true
		}
	}
	return false
}

func skipSpaceNL(s string, p int) int {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r') {
		p++
	}
	return p
}

// skipTeXSpace skips blanks, line ends and comments.
func skipTeXSpace(s string, p int) int {
	for {
		p = skipSpaceNL(s, p)
		if p >= len(s) || s[p] != '%' {
			return p
		}
		nl := strings.IndexByte(s[p:], '\n')
		if nl < 0 {
			return len(s)
		}
		p += nl + 1
	}
}

// balanced finds the delimiter closing the one at p, honoring nesting and
// backslash escapes, within limit bytes.
func balanced(s string, p int, open, closeB byte, limit int) (int, bool) {
	depth := 0
	for q := p; q < len(s) && q-p < limit; q++ {
		switch s[q] {
		case '\\':
			q++
		case open:
			depth++
		case closeB:
			depth--
			if depth == 0 {
				return q, true
			}
		}
	}
	return 0, false
}

// closeAfter returns the first absolute position of tag (an opening or
// closing of a block: `\begin{thm}`, `\end{thm}`, "<theorem", "</theorem>")
// at or after pos. The positions of every block tag are collected in one
// pass over the document on first use, so finding the end of a block never
// rescans the text.
func (x *extractor) closeAfter(tag string, pos int) (int, bool) {
	if x.closers == nil {
		x.closers = map[string][]int{}
		if x.format == core.FormatPreTeXt {
			indexXMLTags(x.doc, x.closers)
		} else {
			indexLaTeXTags(x.doc, x.closers)
		}
	}
	idx := x.closers[tag]
	k := sort.SearchInts(idx, pos)
	if k < len(idx) {
		return idx[k], true
	}
	return 0, false
}

// indexLaTeXTags records where every \begin{name} and \end{name} starts.
func indexLaTeXTags(doc string, m map[string][]int) {
	for i := 0; i < len(doc); {
		j := strings.IndexByte(doc[i:], '\\')
		if j < 0 {
			return
		}
		at := i + j
		i = at + 1
		rest := doc[at:]
		n := 0
		switch {
		case strings.HasPrefix(rest, `\begin{`):
			n = 7
		case strings.HasPrefix(rest, `\end{`):
			n = 5
		default:
			continue
		}
		e := strings.IndexByte(rest[n:min(len(rest), n+41)], '}')
		if e < 0 {
			continue
		}
		key := rest[:n+e+1]
		m[key] = append(m[key], at)
		i = at + n + e + 1
	}
}

// indexXMLTags records where every opening ("<theorem") and closing
// ("</theorem>") tag of the primitive elements starts.
func indexXMLTags(doc string, m map[string][]int) {
	for i := 0; i < len(doc); {
		j := strings.IndexByte(doc[i:], '<')
		if j < 0 {
			return
		}
		at := i + j
		i = at + 1
		k := i
		closing := k < len(doc) && doc[k] == '/'
		if closing {
			k++
		}
		e := k
		for e < len(doc) && e-k < 20 && isLetterByte(doc[e]) {
			e++
		}
		if _, ok := pretextElems[doc[k:e]]; (!ok && doc[k:e] != "assemblage") || e >= len(doc) {
			continue
		}
		switch {
		case closing && doc[e] == '>':
			m[doc[at:e+1]] = append(m[doc[at:e+1]], at)
		case !closing && strings.IndexByte(" \t\n\r>/", doc[e]) >= 0:
			m[doc[at:e]] = append(m[doc[at:e]], at)
		}
	}
}

// ruleTitle reports whether a box title names a law rather than a term.
func ruleTitle(t string) bool {
	for _, w := range strings.Fields(strings.ToLower(t)) {
		switch strings.Trim(w, ",.:;'’s") {
		case "rule", "rules", "law", "laws", "theorem", "principle", "principles":
			return true
		}
	}
	return false
}

// latexArg returns the braced argument of the first occurrence of cmd.
func latexArg(body, cmd string) string {
	i := strings.Index(body, cmd+"{")
	if i < 0 {
		return ""
	}
	if e, ok := balanced(body, i+len(cmd), '{', '}', 400); ok {
		return body[i+len(cmd)+1 : e]
	}
	return ""
}

// controlWord reads the control word of the backslash at at: its name ("" for
// a control symbol such as "\\" or "\%") and the offset after it.
func controlWord(s string, at int) (string, int) {
	j := at + 1
	for j < len(s) && isLetterByte(s[j]) {
		j++
	}
	return s[at+1 : j], j
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// cleanLaTeX renders LaTeX source as reading text: comments, labels, index
// entries and spacing dropped; emphasis and term macros unwrapped; math
// kept as $…$; white space collapsed.
func cleanLaTeX(s string) string { return (*texRender)(nil).clean(s) }

// clean is cleanLaTeX with the document's knowledge: its own macros are
// expanded first, and cross-references are rendered as the number (and
// name) of what they point at rather than dropped.
func (r *texRender) clean(s string) string {
	if r != nil && r.doc != nil {
		s = expandMacros(s, withOwnDefinitions(s, r.doc.macros))
		// An author's shorthand may be a glossary use (\symbo{x} is
		// \gls{symb:x}), and an entry may print the author's notation.
		if g := expandGlossary(s, r.doc.glossary); g != s {
			s = expandMacros(g, withOwnDefinitions(g, r.doc.macros))
		}
	} else {
		s = expandGlossary(s, nil)
	}
	b := make([]byte, 0, len(s))
	math := false
	mathEnd := ""
	// lists are the open enumerate (depth > 0), itemize and description
	// environments.
	type list texList
	var lists []list
	// closed is the last enumerate closed at each depth: one that resumes
	// continues its numbering.
	var closed map[int]list
	emit := func(str string) { b = append(b, str...) }
	for i := 0; i < len(s); {
		c := s[i]
		if math && mathEnd != "" && strings.HasPrefix(s[i:], mathEnd) {
			i += len(mathEnd)
			if mathEnd == diagramEnd {
				emit(diagramEnd + "$$")
			} else if strings.HasPrefix(mathEnd, `\end`) || mathEnd == "$$" || mathEnd == `\]` {
				emit("$$")
			} else {
				emit("$")
			}
			math, mathEnd = false, ""
			b = append(b, ' ')
			continue
		}
		switch {
		case c == '%':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		case c == '\\':
			if i+1 >= len(s) {
				i++
				continue
			}
			d := s[i+1]
			if !isLetterByte(d) {
				i += 2
				switch d {
				case '%', '$', '&', '#', '_', '{', '}':
					// An escaped dollar stays escaped in prose too: the
					// readable form shows it as the currency sign it is,
					// never as the start of math.
					if math || d == '$' {
						emit(`\`)
					}
					emit(string(d))
				case '\\':
					if math {
						emit(`\\`)
					} else {
						b = append(b, ' ')
					}
				case '(', '[':
					if !math {
						math = true
						if d == '(' {
							mathEnd = `\)`
							emit("$")
						} else {
							mathEnd = `\]`
							emit("$$")
						}
					}
				case ')', ']':
				case ',', ' ', ';', '!', '>', ':':
					if math {
						emit(s[i-2 : i])
					} else {
						b = append(b, ' ')
					}
				case '@', '/', '-':
				case '\'', '`', '^', '"', '~', '=', '.':
					if math {
						emit(s[i-2 : i])
						continue
					}
					// An accent on the next letter (\'e, \"{o}); in a
					// tabbing environment \= \> \+ are tab stops.
					if ch, n := accented(d, s[i:]); n > 0 {
						emit(ch)
						i += n
					} else if d == '=' || d == '.' {
						b = append(b, ' ')
					} else if d == '~' || d == '^' {
						emit(string(d))
					}
				case '+', '<':
					if math {
						emit(s[i-2 : i])
					} else {
						b = append(b, ' ')
					}
				default:
					if math {
						emit(s[i-2 : i])
					} else if d < 0x80 {
						b = append(b, d)
					}
				}
				continue
			}
			cmdAt := i
			name, j := controlWord(s, i)
			if j < len(s) && s[j] == '*' {
				name += "*"
				j++
			}
			i = j
			if math {
				switch {
				case strings.HasSuffix(name, "label") || name == "index" || name == "nonumber" || name == "notag":
					i = skipArgs(s, i, 1)
					continue
				case name == "qedhere":
					continue
				case isRefCmd(strings.TrimSuffix(name, "*")) && name != "hyperref":
					ref, e := readRef(s, cmdAt, strings.TrimSuffix(name, "*"), i)
					if e > i {
						emit(`\text{` + r.render(ref, "", false) + `}`)
						i = e
						continue
					}
				}
				emit(`\` + name)
				continue
			}
			switch {
			case name == "begin" || name == "end":
				env := ""
				k := skipBlank(s, i)
				if k < len(s) && s[k] == '{' {
					if e, ok := balanced(s, k, '{', '}', 60); ok {
						env = s[k+1 : e]
						i = e + 1
					}
				}
				if name == "begin" && displayMath[env] {
					math, mathEnd = true, `\end{`+env+`}`
					b = append(b, ' ')
					emit("$$")
					continue
				}
				if name == "begin" && env == "tikzcd" {
					// a commutative diagram set in text (in a center):
					// its cells are math, and the math reader tells its
					// arrows ("id_B –β⁻¹→ fk")
					math, mathEnd = true, diagramEnd
					b = append(b, ' ')
					emit(`$$\begin{tikzcd}`)
					continue
				}
				if name == "begin" {
					opts := i
					i = skipOptArgs(s, i)
					switch env {
					case "tabular", "tabularx", "minipage", "array", "multicols", "wrapfigure", "onebox":
						i = skipArgs(s, i, 1)
					case "list":
						// LaTeX's list takes its items' label and its
						// setup as arguments, neither printed where
						// they stand.
						l, e := genericList(s, i)
						for _, o := range lists {
							if o.depth > 0 && l.depth > 0 {
								l.depth++
							}
						}
						lists = append(lists, list(l))
						i = e
					case "enumerate", "itemize", "description":
						l := list{bullet: env == "itemize"}
						if env == "enumerate" {
							l.depth = 1
							for _, o := range lists {
								if o.depth > 0 {
									l.depth++
								}
							}
							if i > opts+1 {
								l.style = s[opts+1 : i-1]
							}
							if resume, same := resumes(l.style); resume {
								prev := closed[l.depth]
								l.items = prev.items
								if same {
									l.style = prev.style
								}
							}
						}
						lists = append(lists, l)
					}
				} else if len(lists) > 0 && (env == "enumerate" || env == "itemize" || env == "description" || env == "list") {
					if l := lists[len(lists)-1]; l.depth > 0 {
						if closed == nil {
							closed = map[int]list{}
						}
						closed[l.depth] = l
					}
					lists = lists[:len(lists)-1]
				}
				b = append(b, ' ')
			case name == "href":
				// \href{url}{text}: the text is what a reader sees.
				i = skipArgs(s, i, 1)
			case name == "hyperref":
				// \hyperref[key]{text}: keep the text.
				i = skipOptArgs(s, i)
			case isRefCmd(strings.TrimSuffix(name, "*")):
				ref, e := readRef(s, cmdAt, strings.TrimSuffix(name, "*"), i)
				if e <= i {
					i = skipArgs(s, skipOptArgs(s, i), 1)
					continue
				}
				emit(r.render(ref, lastWord(b), insideParens(b)))
				i = e
			case strings.HasSuffix(name, "label") || strings.HasSuffix(name, "ref"):
				i = skipArgs(s, skipOptArgs(s, i), 1)
			case name == "def" || name == "gdef" || name == "edef":
				// A definition inside a block: \def\name#1{body}.
				k := i
				if k < len(s) && s[k] == '\\' {
					k++
					for k < len(s) && isLetterByte(s[k]) {
						k++
					}
				}
				for k+1 < len(s) && s[k] == '#' && s[k+1] >= '1' && s[k+1] <= '9' {
					k += 2
				}
				i = skipArgs(s, k, 1)
			case strings.HasPrefix(name, "index"):
				// \index, \indexsee{a}{b}: index entries, not text. An
				// author's \indexterm{red-black ordering} or
				// \indexcode{stval}, defined where lore cannot see it,
				// most often prints its term too: it is kept unless it
				// only files the word just printed (indexOnly).
				n := 1
				if strings.HasPrefix(name, "indexsee") {
					n = 2
				}
				at := skipOptArgs(s, i)
				if name != "index" && n == 1 && !indexOnly(s, at, b) {
					i = at
					continue
				}
				i = skipArgs(s, at, n)
			case inlineCodeCmds[name]:
				if code, e, ok := readInlineCode(s, i, name); ok {
					emit(inlineCodeText(code, name))
					i = e
				}
			case (name == "setcounter" || name == "addtocounter") && len(lists) > 0 && lists[len(lists)-1].depth > 0:
				// \addtocounter{enumi}{3}: the list goes on numbering
				// from there.
				l := &lists[len(lists)-1]
				moveItems(l.depth, &l.items, name, s, i)
				i = skipArgs(s, i, 2)
			case dropArgs[name] > 0:
				i = skipArgs(s, skipOptArgs(s, i), dropArgs[name])
			case name == "usetoken":
				i = skipArgs(s, i, 1)
			case name == "item":
				// An enumerated item shows its number, as the reference
				// to it does: "(1)", "(a)"; a description item its label.
				b = append(b, ' ')
				if k := skipBlank(s, i); k < len(s) && s[k] == '[' {
					if e, ok := balanced(s, k, '[', ']', 200); ok {
						if lbl := r.clean(s[k+1 : e]); lbl != "" {
							emit(lbl)
							if len(lists) > 0 && lists[len(lists)-1].depth == 0 && !strings.HasSuffix(lbl, ":") {
								emit(":")
							}
							b = append(b, ' ')
						}
						i = e + 1
						continue
					}
				}
				if n := len(lists); n > 0 && lists[n-1].depth > 0 {
					lists[n-1].items++
					emit(itemNumber(lists[n-1].depth, lists[n-1].items, lists[n-1].style))
					b = append(b, ' ')
				} else if n > 0 && lists[n-1].bullet {
					// A bulleted item reads as one, so that items run
					// together into no sentence.
					emit("• ")
				}
			case blankCmds[name]:
				i = skipOptArgs(s, i)
				b = append(b, ' ')
			case textCmds[name] != "":
				b = append(b, textCmds[name]...)
				if i < len(s) && s[i] == '{' && i+1 < len(s) && s[i+1] == '}' {
					i += 2
				}
			default:
				// Unknown macros are mostly formatting: keep their text.
				// One named as authors name their letters (\cS, \fS) is
				// notation used in prose, which a name or sentence must
				// not lose ("first-order \fS-hyperdoctrine").
				if l, ok := text.FontPrefixed(name); ok && (i >= len(s) || s[i] != '{') {
					emit(l)
					continue
				}
				i = skipOptArgs(s, i)
			}
		case c == '$':
			if math {
				if mathEnd == "$" {
					i++
					emit("$")
					math, mathEnd = false, ""
					continue
				}
				emit("$")
				i++
				continue
			}
			math = true
			if i+1 < len(s) && s[i+1] == '$' {
				mathEnd = "$$"
				i += 2
				emit("$$")
			} else {
				mathEnd = "$"
				i++
				emit("$")
			}
		case c == '#':
			// ODS marks code with #…#; a literal # is written \#.
			i++
		case math:
			if c == '\n' || c == '\t' {
				c = ' '
			}
			// A byte, not a rune: σ in a formula is two bytes, each
			// copied as it is.
			b = append(b, c)
			i++
		case c == '{' || c == '}':
			i++
		case c == '~':
			b = append(b, ' ')
			i++
		case c == '`' && i+1 < len(s) && s[i+1] == '`':
			b = append(b, '"')
			i += 2
		case c == '\'' && i+1 < len(s) && s[i+1] == '\'':
			b = append(b, '"')
			i += 2
		case c == '-' && strings.HasPrefix(s[i:], "---"):
			b = append(b, "—"...)
			i += 3
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			// "Cauchy--Schwarz", "1--3": the en dash TeX prints.
			b = append(b, "–"...)
			i += 2
		case c == '!' && i+1 < len(s) && s[i+1] == '!':
			// OpenLogic term tokens: !!{x}, !!a{x} ("a x"/"an x"), !!^{x}.
			j := i + 2
			for j < len(s) && j-i < 8 && (isLetterByte(s[j]) || s[j] == '^') {
				j++
			}
			if j < len(s) && s[j] == '{' {
				if strings.Contains(s[i+2:j], "a") {
					b = append(b, article(s[j+1:])+" "...)
				}
				i = j
				continue
			}
			b = append(b, '!')
			i++
		default:
			b = append(b, c)
			i++
		}
	}
	return tidyProse(string(b))
}

// skipArgs skips n braced arguments (and the blanks before them).
func skipArgs(s string, i, n int) int {
	for ; n > 0; n-- {
		k := skipBlank(s, i)
		if k >= len(s) || s[k] != '{' {
			return i
		}
		e, ok := balanced(s, k, '{', '}', 4096)
		if !ok {
			return len(s)
		}
		i = e + 1
	}
	return i
}

// skipOptArgs skips bracketed optional arguments directly after a macro.
func skipOptArgs(s string, i int) int {
	for i < len(s) && s[i] == '[' {
		e, ok := balanced(s, i, '[', ']', 400)
		if !ok {
			return i
		}
		i = e + 1
	}
	return i
}

// tidyProse collapses white space and removes the gaps dropped markup
// leaves before punctuation and inside parentheses.
func tidyProse(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	b := make([]byte, 0, len(s))
	for _, w := range f {
		if w == "()" || w == "[]" {
			continue
		}
		if len(b) > 0 && !strings.HasPrefix(w, "...") {
			switch w[0] {
			case ',', '.', ';', ':', ')', '!', '?':
				b = append(b, w...)
				continue
			}
		}
		if len(b) > 0 && b[len(b)-1] != '(' {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	return string(b)
}

// eachLaTeXProse calls fn with the byte ranges of the runs of prose of LaTeX
// source (ranges, so a caller can read their words from the document's word
// stream): macro names, the arguments of structural macros (\begin, \label,
// \ref …), comments and math are skipped, so word counts see the words a
// reader sees.
func eachLaTeXProse(s string, fn func(start, end int)) {
	start := 0
	flush := func(i int) {
		if i > start {
			fn(start, i)
		}
	}
	for i := 0; i < len(s); {
		switch s[i] {
		case '\\':
			flush(i)
			name, j := controlWord(s, i)
			if name == "" {
				j = i + 2
			} else {
				switch {
				case name == "begin" || name == "end" || strings.HasSuffix(name, "label") ||
					strings.HasSuffix(name, "ref") || name == "usetoken":
					j = skipArgs(s, skipOptArgs(s, j), 1)
				case dropArgs[name] > 0:
					j = skipArgs(s, skipOptArgs(s, j), dropArgs[name])
				}
			}
			if j > len(s) {
				j = len(s)
			}
			i, start = j, j
		case '%':
			flush(i)
			e := strings.IndexByte(s[i:], '\n')
			if e < 0 {
				return
			}
			i = i + e + 1
			start = i
		case '$':
			flush(i)
			j := i + 1
			closeS := "$"
			if j < len(s) && s[j] == '$' {
				j++
				closeS = "$$"
			}
			e := strings.Index(s[j:], closeS)
			if e < 0 {
				// An unmatched dollar is text, not the start of math.
				i, start = j, j
				continue
			}
			i = j + e + len(closeS)
			start = i
		default:
			i++
		}
	}
	flush(len(s))
}

// itemCounters are the counters of enumerate's items, by depth.
var itemCounters = [...]string{"", "enumi", "enumii", "enumiii", "enumiv"}

// moveItems sets or moves the count of the items of a list at depth as
// \setcounter or \addtocounter (cmd, its arguments at p) does, when it
// names their counter.
func moveItems(depth int, items *int, cmd, s string, p int) {
	c, e := texBraced(s, p)
	if e < 0 || depth >= len(itemCounters) || c != itemCounters[depth] {
		return
	}
	v, e := texBraced(s, e)
	n, err := strconv.Atoi(v)
	if e < 0 || err != nil || n < -1000 || n > 1000 {
		return
	}
	if cmd == "setcounter" {
		*items = max(n, 0)
	} else {
		*items = max(*items+n, 0)
	}
}
