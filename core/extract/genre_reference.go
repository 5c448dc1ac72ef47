package extract

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Confidences of the reference (API documentation) strategy.
const (
	signatureConfidence = 0.85
	typeDeclConfidence  = 0.8
)

// codeKeywords are words that look like a call in code but name no API.
var codeKeywords = map[string]bool{
	"if": true, "for": true, "while": true, "switch": true, "return": true, "func": true,
	"def": true, "function": true, "class": true, "type": true, "interface": true, "new": true,
	"var": true, "let": true, "const": true, "case": true, "catch": true, "try": true,
	"else": true, "elif": true, "print": true, "println": true, "printf": true, "panic": true,
	"make": true, "len": true, "append": true, "go": true, "defer": true, "select": true,
	"import": true, "package": true, "struct": true, "map": true, "chan": true, "range": true,
	"with": true, "assert": true, "lambda": true, "yield": true, "await": true, "async": true,
	"super": true, "this": true, "self": true, "typeof": true, "sizeof": true, "main": true,
}

// stopwordIdent reports identifiers that are English function words or
// language keywords ("of", "if", "type").
func stopwordIdent(w string) bool {
	l := strings.ToLower(w)
	return text.IsStopword(l) || codeKeywords[l]
}

// signatures finds API definitions in code: declarations in fenced blocks
// ("func Convert(", "def parse(", "class Node", "type Parser interface")
// and call-shaped inline code spans ("`goldmark.New()`"). Declarations in
// prose ("type Ia supernova", "the class of functions") are not code and
// are never read. A name is kept once per document.
func (x *extractor) signatures(st *secState) {
	s := st.own
	inFence := false
	fence := ""
	fenceAt := 0 // where the open block starts
	var comments []string
	for p := 0; p < len(s); {
		nl := strings.IndexByte(s[p:], '\n')
		le := len(s)
		if nl >= 0 {
			le = p + nl
		}
		line := s[p:le]
		t := strings.TrimLeft(line, " \t")
		switch {
		case isFence(t):
			mark := t[:3]
			if !inFence {
				inFence, fence, fenceAt = true, mark, p
			} else if mark == fence {
				inFence = false
			}
			comments = comments[:0]
		case inFence:
			if c, ok := commentText(t); ok {
				comments = append(comments, c)
			} else {
				off := p + (len(line) - len(t))
				x.codeDecl(st, t, off, fenceAt, comments)
				comments = comments[:0]
			}
		default:
			if !x.apiEntry(st, s, p, le) {
				x.inlineCode(st, line, p)
			}
		}
		p = le + 1
	}
}

func isFence(t string) bool {
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

func commentText(t string) (string, bool) {
	for _, m := range []string{"//", "# ", "--", "/*", "* ", "\"\"\""} {
		if strings.HasPrefix(t, m) {
			return strings.TrimSpace(strings.TrimPrefix(t, m)), true
		}
	}
	return "", false
}

// codeDecl reads one line of fenced code, in the block opening at
// block, as a possible declaration.
func (x *extractor) codeDecl(st *secState, t string, off, block int, comments []string) {
	name, typ, ok := declaration(t)
	if !ok {
		return
	}
	sig := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), "{:"))
	stmt := sig
	if len(comments) > 0 {
		stmt += " — " + strings.Join(comments, " ")
	}
	if x.addSignature(st, name, typ, stmt, off) {
		// The declaration's block is its definition (the body of
		// "def _sigmoid_scalar(self, z):"): its passage reads it whole.
		x.cands[len(x.cands)-1].passFrom = st.body + block
	}
}

// declaration recognizes a declaration at the start of a code line and
// returns its identifier.
func declaration(t string) (name string, typ core.PrimitiveType, ok bool) {
	for _, p := range []string{"export ", "public ", "private ", "protected ", "static ", "async ", "abstract ", "final ", "pub "} {
		t = strings.TrimPrefix(t, p)
	}
	switch {
	case strings.HasPrefix(t, "func "):
		r := strings.TrimSpace(t[5:])
		if strings.HasPrefix(r, "(") {
			// method: func (r *T) Name(
			if e, ok := balanced(r, 0, '(', ')', 200); ok {
				r = strings.TrimSpace(r[e+1:])
			}
		}
		return callIdent(r, false)
	case strings.HasPrefix(t, "def "):
		return callIdent(strings.TrimSpace(t[4:]), false)
	case strings.HasPrefix(t, "function "):
		return callIdent(strings.TrimSpace(t[9:]), false)
	case strings.HasPrefix(t, "fn "):
		return callIdent(strings.TrimSpace(t[3:]), false)
	case strings.HasPrefix(t, "type "):
		f := strings.Fields(t[5:])
		if len(f) >= 2 && (strings.HasPrefix(f[1], "struct") || strings.HasPrefix(f[1], "interface")) && looksIdent(f[0]) {
			return f[0], core.Definition, true
		}
	case strings.HasPrefix(t, "class "), strings.HasPrefix(t, "interface "), strings.HasPrefix(t, "struct "), strings.HasPrefix(t, "trait "):
		f := strings.Fields(t)
		if len(f) >= 2 {
			id := strings.TrimRight(f[1], "{:(<")
			if i := strings.IndexAny(id, "(<:{"); i > 0 {
				id = id[:i]
			}
			if looksIdent(id) && !strings.Contains(id, ".") {
				return id, core.Definition, true
			}
		}
	}
	return "", "", false
}

// callIdent accepts "Name(" (a dotted name when dotted is true) at the
// start of r.
func callIdent(r string, dotted bool) (string, core.PrimitiveType, bool) {
	k := 0
	for k < len(r) && (isWordByte(r[k]) || (dotted && r[k] == '.')) {
		k++
	}
	id := r[:k]
	rest := strings.TrimLeft(r[k:], " ")
	if strings.HasPrefix(rest, "[") { // Go generics: func Map[T any](
		if e, ok := balanced(rest, 0, '[', ']', 200); ok {
			rest = rest[e+1:]
		}
	}
	if !strings.HasPrefix(rest, "(") || !looksIdent(id) {
		return "", "", false
	}
	last := id
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		last = id[i+1:]
	}
	if (last == id && codeKeywords[strings.ToLower(last)]) || len(last) < 2 {
		return "", "", false
	}
	return id, core.Definition, true
}

// inlineCode reads the code spans of one prose line.
func (x *extractor) inlineCode(st *secState, line string, lineOff int) {
	for i := 0; i < len(line); {
		j := strings.IndexByte(line[i:], '`')
		if j < 0 {
			return
		}
		a := i + j + 1
		e := strings.IndexByte(line[a:], '`')
		if e < 0 {
			return
		}
		span := line[a : a+e]
		i = a + e + 1
		t := strings.TrimSpace(span)
		if t == "" {
			continue
		}
		name, typ, ok := declaration(t)
		call := false
		if !ok {
			name, typ, ok = callIdent(t, true)
			if ok && !strings.Contains(t, ")") {
				ok = false
			}
			call = true
		}
		if !ok {
			continue
		}
		lead := strings.Index(span, t)
		sent := x.sentenceAt(st.body+lineOff+a+lead, line)
		if call && usedIn(sent, "`"+span+"`") {
			// a call the sentence makes of a function ("… exceeds
			// `min(op_head, op_checkpoint_next_trigger)`") says what
			// it is used for, not what it is
			continue
		}
		stmt := t + " — " + mdInline(sent)
		x.addSignature(st, name, typ, stmt, lineOff+a+lead)
	}
}

// usedIn reports whether the sentence puts the call span after a word
// that takes it as its object ("exceeds `min(a, b)`", "to `f(x)`"), not
// as what the sentence is about: at its start, after a clause
// ("Even though …, `sign_of(x)` yields"), or after a word that names it.
func usedIn(sent, span string) bool {
	k := strings.Index(sent, span)
	if k < 0 {
		return true // the sentence is not where the span is: a list's items
	}
	before := strings.Fields(sent[:k])
	if len(before) == 0 {
		return false
	}
	w := strings.ToLower(before[len(before)-1])
	if strings.ContainsAny(w[len(w)-1:], ",;:(—-*+") {
		return false
	}
	switch w {
	case "the", "a", "an", "function", "method", "call", "calling", "use", "using", "then", "and", "but", "while", "when", "if", "so", "that":
		return false
	}
	return true
}

// maxSentenceReach bounds how far sentenceAt looks for a sentence's ends.
const maxSentenceReach = 2000

// sentenceAt is the sentence of the paragraph around off, its lines
// joined: a prose line wraps a sentence anywhere ("`sign_of(x)` yields" /
// "the result `+` in both cases."), and one line of it says less than
// the source. line is the fallback when the paragraph has no sentence.
func (x *extractor) sentenceAt(off int, line string) string {
	if off < 0 || off > len(x.doc) {
		return line
	}
	from, ok := x.paragraphStart(off)
	if !ok {
		from = off - maxSentenceReach
	}
	for from < off && !utf8.RuneStart(x.doc[from]) {
		from++ // never half a character
	}
	to := min(len(x.doc), off+maxSentenceReach)
	if i := strings.Index(x.doc[off:to], "\n\n"); i >= 0 {
		to = off + i
	}
	for to > off && to < len(x.doc) && !utf8.RuneStart(x.doc[to]) {
		to--
	}
	// a list's item is a paragraph of its own: the sentence never runs
	// into the items around it
	if base, locs := from, bulletLine.FindAllStringIndex(x.doc[from:to], -1); len(locs) > 0 {
		for _, l := range locs {
			switch at := base + l[0]; {
			case at <= off:
				from = max(from, at+l[1]-l[0])
			case at < to:
				to = at
			}
		}
	}
	para := strings.ReplaceAll(x.doc[from:to], "\n", " ")
	for _, sp := range sentenceSpans(para) {
		if sp[0] <= off-from && off-from < sp[1] {
			return strings.TrimSpace(para[sp[0]:sp[1]])
		}
	}
	return line
}

// addSignature adds the candidate of a declaration or API entry named
// name; it reports whether one was added.
func (x *extractor) addSignature(st *secState, name string, typ core.PrimitiveType, stmt string, off int) bool {
	if x.sigSeen == nil {
		x.sigSeen = map[string]bool{}
	}
	if x.sigSeen[name] || len(name) > maxName {
		// An identifier longer than a name can be is generated or hostile
		// text, not an API a person documents.
		return false
	}
	x.sigSeen[name] = true
	conf := signatureConfidence
	if !strings.Contains(stmt, "(") {
		conf = typeDeclConfidence
	}
	n := len(x.cands)
	x.add(st, cand{typ: typ, name: name, statement: stmt, offset: st.body + off, conf: conf})
	return len(x.cands) > n
}

// mdInline turns one line of Markdown into reading text: links and images
// become their text, emphasis and table pipes go.
func mdInline(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '!' && i+1 < len(s) && s[i+1] == '[' {
			continue
		}
		if c == ']' && i+1 < len(s) && s[i+1] == '(' {
			if e := strings.IndexByte(s[i+1:], ')'); e > 0 {
				i += e + 1
				continue
			}
		}
		switch c {
		case '[', '*', '`':
			continue
		case '|':
			b = append(b, ' ')
			continue
		}
		b = append(b, c)
	}
	s = strings.TrimSpace(string(b))
	return strings.TrimLeft(s, "-+> #")
}

// leadProse renders a step's opening paragraph as reading text: Markdown's
// inline markup, or a LaTeX or PreTeXt source as its blocks are rendered
// (a book's "\subsection{Step 1: Setup}" opens with its own macros and
// displays).
func (x *extractor) leadProse(para string) string {
	if x.format == core.FormatLaTeX || x.format == core.FormatPreTeXt {
		return x.prose(para)
	}
	return mdInline(stripEmph(para))
}

// htmlComment is an HTML comment of a Markdown document.
var htmlComment = lazyre.New(`(?s)<!--.*?-->`)

// stepDash is a step heading's number and the dash after it.
var stepDash = lazyre.New(`^([*_]*Step\s+[0-9]+[*_]*)\s+[-–—]\s`)

// stepHeading reads a tutorial step that is a heading ("### Step 1: Create
// a network"): the heading is the marker, the section's opening paragraph
// the statement.
func (x *extractor) stepHeading(st *secState) {
	s := st.s
	if !strings.Contains(s.Title, "Step") {
		return
	}
	title := strings.TrimLeft(s.Title, "# \t")
	// a heading sets its title apart with a dash as often as a colon
	// ("### Step 1 - Set up Dapr")
	title = stepDash.ReplaceAllString(title, "$1:")
	hs := scanMarkers(title, tutorialMarkers[:1], false)
	if len(hs) == 0 || hs[0].start != len(title)-len(strings.TrimLeft(title, "*_ ")) {
		return
	}
	h := hs[0]
	hStart := clamp(s.Offset, 0, len(x.doc))
	hEnd := clamp(st.body, hStart, len(x.doc))
	k := strings.Index(x.doc[hStart:hEnd], "Step "+h.number)
	if k < 0 {
		return
	}
	concept := titleCase(tidyName(mdInline(stripEmph(title[h.after:]))))
	own := st.own
	if x.format == core.FormatMarkdown {
		// what a reader never sees (a test harness's "<!-- STEP name: …
		// -->" annotations) is no part of the step
		own = htmlComment.ReplaceAllString(own, "")
	}
	lead, code, codeFirst := sectionLead(own, x.leadProse)
	stmt := lead
	switch {
	case codeFirst:
		// A step that opens with its command: the command is the step,
		// the prose after it a note.
		stmt = concept + ": " + code
		if lead != "" {
			stmt += " " + lead
		}
	case stmt == "" && code != "":
		stmt = concept + ": " + code
	case strings.HasSuffix(stmt, ":"):
		// "You can use the command below:" leads into the command: the
		// step says it (two variants of a guide give the same sentence
		// over different commands, and are two steps)
		for _, b := range readStep(own).blocks {
			if cmds := b.block().Commands(); len(cmds) > 0 {
				stmt += " " + cmds[0]
				break
			}
		}
	case stmt == "":
		stmt = concept
	}
	name := "Step " + h.number
	if concept != "" {
		name = tidyName(name + ": " + concept)
	}
	c := cand{typ: core.Technique, name: name, statement: stmt, number: "", offset: hStart + k, conf: 0.9}
	if x.format == core.FormatMarkdown {
		// the step's commands and the files it writes, whole, under it
		if blocks := readStep(own).blocks; len(blocks) > 0 && codeSize(blocks) <= maxFormCode {
			var b strings.Builder
			b.WriteString(computationalForm(c.typ, c.statement))
			writeBlocks(&b, blocks)
			c.form = b.String()
		}
	}
	x.add(st, c)
	x.genre.procedures++
	x.genre.covered = append(x.genre.covered, [2]int{st.body, st.body + len(st.own)})
}

// sectionLead returns a section's first prose paragraph, its first code
// block, and whether the code came first.
func sectionLead(s string, render func(string) string) (prose, code string, codeFirst bool) {
	for p := 0; p < len(s) && p < maxBlock; {
		nl := strings.IndexByte(s[p:], '\n')
		le := len(s)
		if nl >= 0 {
			le = p + nl
		}
		t := strings.TrimSpace(s[p:le])
		switch {
		case t == "":
		case isFence(t):
			q := le + 1
			e := q
			for e < len(s) {
				nl2 := strings.IndexByte(s[e:], '\n')
				l2 := s[e:]
				if nl2 >= 0 {
					l2 = s[e : e+nl2]
				}
				if isFence(strings.TrimSpace(l2)) {
					break
				}
				if nl2 < 0 {
					e = len(s)
					break
				}
				e += nl2 + 1
			}
			if code == "" && q < len(s) && e > q {
				code = text.Truncate(strings.TrimSpace(s[q:e]), maxStatement)
				codeFirst = true
			}
			if e >= len(s) {
				return "", code, codeFirst
			}
			nl3 := strings.IndexByte(s[e:], '\n')
			if nl3 < 0 {
				return "", code, codeFirst
			}
			p = e + nl3 + 1
			continue
		case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "|"), strings.HasPrefix(t, "<!--"):
		default:
			para, _ := paragraph(s, p)
			return render(para), code, codeFirst
		}
		if nl < 0 {
			break
		}
		p = le + 1
	}
	return "", code, codeFirst
}
