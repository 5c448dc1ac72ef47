package htmltext

import (
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core/text"
)

// structure notes what an opening element says about the page's
// structure: a theorem-like container, the title inside one, a link to a
// fragment, or a bold or italic run-in label at a paragraph's start.
func (w *writer) structure(t token, e *entry) {
	if !w.visible() || w.pre > 0 {
		return
	}
	name := t.name
	if IsBlockFamily(t.class) {
		e.like = true
		w.like++
	}
	if IsWork(t.class) {
		e.work = true
		w.work++
	}
	if w.hideType && HasClass(t.class, "type") {
		e.skip = true
		w.skip++
		return
	}
	k, tentative := ContainerKind(name, t.class), false
	if k == "" {
		k = ShortKind(name, t.class)
		tentative = k != ""
	}
	if k != "" && len(w.conts) < MaxContainerDepth {
		w.flush()
		w.conts = append(w.conts, container{kind: k, id: t.id, start: len(w.out), titleAt: -1, tentative: tentative})
		e.cont = true
		return
	} else if k != "" {
		w.nesting.Flattened = true
	}
	if n := len(w.conts); n > 0 {
		c := &w.conts[n-1]
		if c.id == "" && t.id != "" && len(w.out) == c.start && strings.TrimSpace(w.cur.String()) == "" {
			// bookdown puts the block's id on the label's span.
			c.id = t.id
		}
		if c.title == "" && c.titleAt < 0 && HasClass(t.class, "title") {
			c.titleAt = w.cur.Len()
			e.title = true
		}
	}
	if name == "span" || name == "font" {
		name = w.styles.Emphasis(t.class, name)
	}
	switch name {
	case "a":
		if f := Fragment(t.href); f != "" && !w.linking && w.heading == 0 {
			if w.space && w.cur.Len() > 0 {
				w.cur.WriteByte(' ')
			}
			w.space = false
			w.cur.WriteString(LinkStart())
			w.linking, e.link, e.frag = true, true, f
		}
	case "b", "strong", "i", "em":
		if w.heading > 0 || w.dfnAt >= 0 {
			return
		}
		mark := "**"
		if name == "i" || name == "em" {
			mark = "*"
		}
		cur := w.cur.String()
		switch {
		case cur != "" && w.termAt < 0 && w.inDefinition():
			// Inside a definition, emphasis marks its terms, as \emph
			// does in its LaTeX source; whether it is kept is known once
			// the definition is read whole (TermMarks).
			m := emphItalic
			if mark == "**" {
				m = emphBold
			}
			if w.space {
				w.cur.WriteByte(' ')
			}
			w.space = false
			w.cur.WriteRune(m)
			w.termAt = w.cur.Len()
			e.term = m
		case (cur == "" || LabelMark(cur)) && !w.emphDone:
			// A dingbat set before a block's label ("✦ Definition
			// 0.1.1") is no part of it.
			w.cur.Reset()
			w.space = false
			w.cur.WriteString(mark)
			w.emphAt = w.cur.Len()
			e.emph = mark
		case mark == "**" && strings.HasSuffix(cur, "**") && strings.HasPrefix(cur, "**") && len(cur) > 4 && !strings.Contains(cur[2:len(cur)-2], "**"):
			// Consecutive bold runs ("Theorem", its label, its title)
			// are one label.
			w.cur.Reset()
			w.cur.WriteString(cur[:len(cur)-2])
			w.space = true
			e.emph = mark
		case w.emphDone && DefinitionLabel(cur):
			// A term set apart in a definition's run-in paragraph
			// ("**Definition 1.2** A *group* is …"), kept as the
			// Markdown emphasis that names the definition; a term
			// set in two runs ("universe of", "discourse") is one.
			e.runTerm = mark
			if w.termEnd == len(cur) && strings.HasSuffix(cur, mark) {
				w.cur.Reset()
				w.cur.WriteString(strings.TrimSuffix(cur, mark))
				if w.space {
					w.cur.WriteByte(' ')
				}
				w.space = false
				e.runTermAt = w.runTermAt
				return
			}
			if w.space {
				w.cur.WriteByte(' ')
			}
			w.space = false
			w.cur.WriteString(mark)
			w.emphAt = w.cur.Len()
			e.runTermAt, w.runTermAt = w.cur.Len(), w.cur.Len()
		}
	}
}

// DefinitionLabel reports whether a paragraph read so far opens with a
// definition's run-in label in emphasis ("**Definition 1.2**", "*Def.*")
// and has words of its statement after it: emphasis that opens the
// statement is the style of the whole statement, not a term's.
func DefinitionLabel(par string) bool {
	label, after, ok := EmphasisLabel(par)
	return ok && strings.ContainsFunc(after, unicode.IsLetter) && LabelKind(label) == "definition"
}

// EmphasisLabel splits a paragraph that opens with a phrase in Markdown
// emphasis ("**Lemma 2.1.** Every …", "*Def.* A …") into that phrase and
// the rest.
func EmphasisLabel(par string) (label, rest string, ok bool) {
	mark := "**"
	if !strings.HasPrefix(par, mark) {
		mark = "*"
	}
	after, ok := strings.CutPrefix(par, mark)
	if !ok {
		return "", "", false
	}
	return strings.Cut(after, mark)
}

// LabelKind returns the kind of block a run-in label names by its first
// word ("Lemma 2.1." is a lemma, "Proof." a proof), "" when it names
// none.
func LabelKind(label string) string {
	f := strings.Fields(label)
	if len(f) == 0 {
		return ""
	}
	return ContainerKind("div", strings.ToLower(strings.TrimRight(f[0], ".:")))
}

// minTermLetters is the fewest letters a term's longest word has: a
// variable or a vector set in bold or italic ("X", "v", "ℝⁿ") is
// mathematics, as the PDF reader takes it (Calibre's style sheet sets
// tex4ht's math font in bold italic).
const minTermLetters = 3

// hasWord reports whether s holds a word of at least n letters.
func hasWord(s string, n int) bool {
	run := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if run++; run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// maxTermWords is the most words a term of a definition's run-in
// paragraph has; longer emphasis is a sentence set apart, not a term.
const maxTermWords = 8

// TermMarked writes the end of a term opened at open in buf (the index
// just after its mark): with its closing mark, or without marks when it
// is empty or too long to be a term. It returns the text and whether the
// marks were kept.
func TermMarked(buf string, open int, mark string) (string, bool) {
	if open < len(mark) || open > len(buf) {
		return buf + mark, true
	}
	inner := strings.TrimSpace(buf[open:])
	if inner == "" || len(strings.Fields(inner)) > maxTermWords || !hasWord(inner, minTermLetters) {
		return buf[:open-len(mark)] + buf[open:], false
	}
	return buf + mark, true
}

// endStructure closes what structure opened for e.
func (w *writer) endStructure(e entry) {
	if e.term != 0 {
		out, space := CloseTerm(w.cur.String(), w.termAt, e.term)
		w.space = w.space || space
		w.cur.Reset()
		w.cur.WriteString(out)
		w.termAt = -1
	}
	if e.link {
		w.cur.WriteString(LinkEnd(e.frag))
		w.linking = false
	}
	if e.runTerm != "" {
		cur := w.cur.String()
		t := strings.TrimRight(cur, " ")
		out, kept := TermMarked(t, e.runTermAt, e.runTerm)
		w.cur.Reset()
		w.cur.WriteString(out)
		if kept {
			w.termEnd = w.cur.Len()
		}
		w.space = w.space || len(t) < len(cur)
	}
	if e.emph != "" {
		cur := w.cur.String()
		if strings.HasSuffix(cur, e.emph) {
			// Nothing inside: no marks.
			w.cur.Reset()
			w.cur.WriteString(strings.TrimSuffix(cur, e.emph))
		} else {
			t := strings.TrimRight(cur, " ")
			w.cur.Reset()
			w.cur.WriteString(t + e.emph)
			w.emphDone = true
		}
	}
	if e.title {
		if n := len(w.conts); n > 0 {
			c := &w.conts[n-1]
			if cur := w.cur.String(); c.titleAt >= 0 && c.titleAt <= len(cur) {
				c.title = strings.TrimSpace(cur[c.titleAt:])
			}
			c.titleAt = -1
		}
	}
	if e.cont && len(w.conts) > 0 {
		w.flush()
		c := w.conts[len(w.conts)-1]
		w.conts = w.conts[:len(w.conts)-1]
		if c.start > len(w.out) {
			return
		}
		if c.start == len(w.out) {
			return // an empty container says nothing
		}
		texts := make([]string, 0, len(w.out)-c.start)
		for _, b := range w.out[c.start:] {
			texts = append(texts, b.text)
		}
		if c.tentative && !Labelled(texts[0]) {
			return // a "prop" or "def" div of a page, not a block
		}
		if c.kind == "definition" {
			for i := range texts {
				texts[i] = TermMarks(texts[i], !c.dfn)
			}
		}
		if c.kind != KindProof && c.id != "" {
			w.ids[c.id] = true
		}
		w.out = w.out[:c.start]
		for _, s := range Fence(c.kind, c.id, c.title, texts) {
			w.out = append(w.out, block{text: s})
		}
	}
}

// inDefinition reports whether the innermost open container is a
// definition.
func (w *writer) inDefinition() bool {
	n := len(w.conts)
	return n > 0 && w.conts[n-1].kind == "definition"
}

// TermMarks writes a definition's emphasis markers as Markdown emphasis
// (*term*, **term**) when keep is set, the page marking its terms that
// way, and drops them otherwise.
func TermMarks(s string, keep bool) string {
	if !strings.ContainsAny(s, "\uE003\uE004") {
		return s
	}
	if !keep {
		return DropTermMarks(s)
	}
	return strings.NewReplacer(string(emphItalic), "*", string(emphBold), "**").Replace(s)
}

// CloseTerm closes a run of emphasis opened at termAt in cur with its
// marker m: with no text inside, the opening marker goes; otherwise the
// marker follows the text, and space says whether a space stood after
// it, which the caller keeps after the marker.
func CloseTerm(cur string, termAt int, m rune) (out string, space bool) {
	if termAt >= 0 && termAt == len(cur) {
		return strings.TrimSuffix(cur, string(m)), false
	}
	t := strings.TrimRight(cur, " ")
	return t + string(m), len(t) < len(cur)
}

// TermMark is the marker that brackets a run of bold (or italic)
// emphasis inside a definition until the definition is read whole
// (TermMarks); the EPUB reader marks its definitions' terms with it too.
func TermMark(bold bool) rune {
	if bold {
		return emphBold
	}
	return emphItalic
}

// DropTermMarks removes the emphasis markers left where no definition
// was closed.
func DropTermMarks(s string) string {
	if !strings.ContainsAny(s, "\uE003\uE004") {
		return s
	}
	return strings.NewReplacer(string(emphItalic), "", string(emphBold), "").Replace(s)
}

// HasClass reports whether a class attribute's list holds want.
func HasClass(class, want string) bool {
	for _, f := range strings.Fields(class) {
		if f == want {
			return true
		}
	}
	return false
}

// IsBlockFamily reports a class of PreTeXt's block families
// ("theorem-like", "example-like", "project-like"), or LaTeXML's
// ltx_theorem of a kind lore does not learn ("ltx_theorem_beispiel"): a
// heading inside such a block is its label, not a section's title.
func IsBlockFamily(class string) bool {
	if HasClass(class, "ltx_theorem") && ContainerKind("div", class) == "" {
		return true
	}
	for _, f := range strings.Fields(class) {
		if strings.HasSuffix(f, "-like") {
			return true
		}
	}
	return false
}

// outerPunct splits the punctuation that closes an inline formula off
// it: PreTeXt's HTML moves the period or comma that follows a formula
// into it ("\(G\text{.}\)") so that no line starts with it, and the
// sentence would then read as if it went on. It returns the formula's TeX
// and the punctuation to write after it, as the source wrote it ("$G$.").
func outerPunct(tex string) (string, string) {
	if !strings.HasSuffix(tex, "}") {
		return tex, ""
	}
	for _, p := range []string{".", ",", ";", ":", "?", "!"} {
		if t, ok := strings.CutSuffix(tex, `\text{`+p+`}`); ok && strings.TrimSpace(t) != "" {
			return t, p
		}
	}
	return tex, ""
}

// texDelimiters writes the formulas a page leaves to MathJax, \(x\) and
// \[x\], as Markdown writes them, $x$ and $$x$$, so that extraction
// knows them for formulas. Only a pair opened and closed in the same
// paragraph is rewritten.
func texDelimiters(s string) string {
	if !strings.Contains(s, `\(`) && !strings.Contains(s, `\[`) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, `\(`)
		j := strings.Index(s, `\[`)
		closeS, mark := `\)`, "$"
		if i < 0 || j >= 0 && j < i {
			i, closeS, mark = j, `\]`, "$$"
		}
		if i < 0 {
			break
		}
		e := strings.Index(s[i+2:], closeS)
		if e < 0 || strings.Contains(s[i+2:i+2+e], mark) && mark == "$" {
			b.WriteString(s[:i+2])
			s = s[i+2:]
			continue
		}
		b.WriteString(s[:i])
		tex, punct := s[i+2:i+2+e], ""
		if mark == "$" {
			tex, punct = outerPunct(tex)
		}
		b.WriteString(mark + tex + mark + punct)
		s = s[i+2+e+2:]
	}
	b.WriteString(s)
	return b.String()
}

// LabelMark reports whether s is a lone symbol a book may set before a
// block's label (a dingbat, a pilcrow, a square), spaces aside.
func LabelMark(s string) bool {
	r := []rune(strings.TrimSpace(s))
	return len(r) == 1 && (unicode.IsSymbol(r[0]) || unicode.In(r[0], unicode.Po) && r[0] > 0x7f)
}

// FontEmphasis is "b" or "i" for a span whose class names a bold or an
// italic face, else name: converters that set type by font write
// emphasis that way rather than with <b> or <i> — tex4ht names the TeX
// font ("cmbx-12", "ecbx-1200", "cmti-12", "cmbxti-10"), others the face
// ("bold", "italic", "font-bold"). A math italic ("cmmi-12") is a
// variable, not emphasis.
func FontEmphasis(class, name string) string {
	for _, f := range strings.Fields(strings.ToLower(class)) {
		face, _, _ := strings.Cut(f, "-")
		series, berry := text.TeXSeries(face), text.BerryShape(face)
		switch {
		case series == "bx" || strings.HasPrefix(berry, "b") || face == "bold" || face == "bf" || strings.Contains(f, "bold"):
			return "b"
		case series == "ti" || series == "bxti" || berry == "i" || face == "italic" || face == "it" || strings.Contains(f, "italic"):
			return "i"
		}
	}
	return name
}
