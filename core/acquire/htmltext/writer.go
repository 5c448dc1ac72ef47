package htmltext

import (
	"strconv"
	"strings"
)

type mode uint8

const (
	modeBoilerplate mode = iota // no main or article: drop by class and id
	modeMain                    // keep only <main>
	modeArticle                 // keep only <article> elements
)

// skipped are the elements whose content is never text of the page.
var skipped = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true,
	"svg": true, "nav": true, "header": true, "footer": true, "aside": true,
	"form": true, "iframe": true, "head": true, "title": true,
	"button": true, "select": true, "canvas": true, "object": true,
}

// blocks are the elements that start and end a paragraph.
var blocks = map[string]bool{
	"html": true, "body": true, "main": true, "article": true, "section": true,
	"div": true, "p": true, "ul": true, "ol": true, "dl": true, "dt": true,
	"dd": true, "li": true, "blockquote": true, "pre": true, "emu-alg": true, "table": true,
	"caption": true, "thead": true, "tbody": true, "tfoot": true, "tr": true,
	"figure": true, "figcaption": true, "address": true, "details": true,
	"summary": true, "center": true, "h1": true, "h2": true, "h3": true,
	"h4": true, "h5": true, "h6": true, "hr": true, "br": true,
}

// chrome are the classes of the controls that documentation tools put
// beside a heading or a paragraph to copy its address: PreTeXt's
// autopermalink ("🔗") and, in older versions, permalink ("¶"), Sphinx's
// headerlink ("¶"), bookdown's anchor-section and AnchorJS's
// anchorjs-link (Quarto). They are page furniture in every mode, inside
// <main> too.
var chrome = []string{"autopermalink", "permalink", "headerlink", "anchor-section", "anchorjs-link"}

// IsChrome reports a class of such a control.
func IsChrome(class string) bool {
	for _, c := range chrome {
		if HasClass(class, c) {
			return true
		}
	}
	return false
}

// boilerplate are the class and id fragments that mark page furniture.
var boilerplate = []string{"nav", "menu", "footer", "sidebar", "cookie", "banner", "breadcrumb", "share", "comment"}

type entry struct {
	name string
	skip bool   // counted in writer.skip
	keep bool   // counted in writer.keep
	cont bool   // opened a theorem-like container (writer.conts)
	link bool   // opened a marked link to fragment
	frag string // the link's fragment
	emph string // the emphasis mark it opened at a paragraph's start
	term rune   // the emphasis marker it opened inside a definition
	// runTerm is the emphasis mark of a term it opened in a definition's
	// run-in paragraph.
	runTerm   string
	runTermAt int  // where that term's text starts in cur
	title     bool // holds the open container's title
	head      bool // a heading written as one ("#")
	like      bool // a block of a PreTeXt kind ("example-like"), counted in writer.like
	work      bool // holds the reader's work (IsWork), counted in writer.work
	// number holds a heading's number ("<span class="secnum">3.2</span>"):
	// a stylesheet sets it apart from the title that follows.
	number bool
}

// numberClass reports a class of a heading's number: SICP's secnum,
// pandoc's header-section-number, a chapter-number.
func numberClass(class string) bool {
	for _, f := range strings.Fields(strings.ToLower(class)) {
		if strings.HasSuffix(f, "secnum") || strings.HasSuffix(f, "section-number") || strings.HasSuffix(f, "chapter-number") ||
			strings.HasSuffix(f, "titlenum") || strings.HasSuffix(f, "headnum") {
			return true
		}
	}
	return false
}

// container is a theorem-like container being read: the blocks from
// start on are its own.
type container struct {
	kind, id string
	start    int
	title    string
	titleAt  int // where the title's text starts in cur, -1 outside it
	// tentative is set for a container opened by a short class word
	// (ShortKind): it is fenced only when its text opens with a label.
	tentative bool
	// dfn is set once a <dfn> is read inside it: the page marks its
	// terms, and its emphasis is only emphasis.
	dfn bool
}

type block struct {
	text string
	item bool
}

type writer struct {
	mode   mode
	stack  []entry
	open   map[string]int
	skip   int // open skipped elements
	keep   int // open kept main/article elements
	pre    int // open pre elements
	quote  int // open blockquotes
	prefix string
	// item is whether prefix opens a list item; lists are the open
	// lists, innermost last, each ordered or not with its last number.
	item    bool
	lists   []list
	cur     strings.Builder
	space   bool // white space pending in cur
	preBuf  strings.Builder
	out     []block
	heading int
	// math collects the text of a MathJax SVG formula while it is open
	// (the SVG itself is skipped); mathSVG is the stack depth it opened at.
	math    *SVGMath
	mathSVG int
	// dfnAt is where the open <dfn>'s term starts in cur, -1 outside one;
	// dfnPara is set once the paragraph holds a term.
	dfnAt   int
	dfnPara bool
	// work counts the open elements that hold the reader's work: a term
	// paragraph inside one defines nothing.
	work int
	// conts are the open theorem-like containers, ids the ids of all
	// that were read (the targets links to blocks point at).
	conts []container
	ids   map[string]bool
	// linking is set while a marked link is open; emphDone once the
	// paragraph's run-in label (or any text) is written.
	linking  bool
	emphDone bool
	// emphAt is where the text after an opening emphasis mark starts in
	// cur (no space goes there), -1 when none is open; termAt likewise
	// for the emphasis markers inside a definition.
	emphAt int
	// termEnd is where the last term of a definition's run-in paragraph
	// closed in cur (-1 when none did), runTermAt where its text starts.
	termEnd, runTermAt int
	// styles are the page's classes its style sheet sets bold or italic.
	styles Styles
	termAt int
	// like counts the open blocks (PreTeXt's "…-like" classes): a
	// heading inside one is the block's label, not a section's title.
	like int
	// hideType is set inside a heading whose type word the page hides
	// ("Section", "Subsection": PreTeXt's hide-type).
	hideType bool
	// nesting is how deep the page nested its elements, and whether a
	// container or a quote was read as plain text for it.
	nesting Nesting
}

func (w *writer) visible() bool {
	return w.skip == 0 && (w.mode == modeBoilerplate || w.keep > 0)
}

func (w *writer) run(toks []token) {
	w.open = map[string]int{}
	w.ids = map[string]bool{}
	for _, t := range toks {
		switch t.kind {
		case tokStart:
			w.start(t)
		case tokEnd:
			if w.open[t.name] == 0 {
				continue
			}
			for len(w.stack) > 0 {
				e := w.pop()
				if e.name == t.name {
					break
				}
			}
		case tokText:
			w.text(t.text)
		}
	}
	for len(w.stack) > 0 {
		w.pop()
	}
	w.flush()
}

func (w *writer) top() string {
	if len(w.stack) == 0 {
		return ""
	}
	return w.stack[len(w.stack)-1].name
}

func headingLevel(name string) int {
	if len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6' {
		return int(name[1] - '0')
	}
	return 0
}

func (w *writer) start(t token) {
	name := t.name
	if w.math != nil {
		w.math.Start(name, t.glyph, t.mml)
	} else if name == "svg" && w.skip == 0 {
		w.math = &SVGMath{}
		w.mathSVG = len(w.stack) + 1
	}
	if t.void {
		switch name {
		case "br":
			if w.pre > 0 {
				if w.visible() {
					w.preBuf.WriteByte('\n')
				}
				return
			}
			if w.heading > 0 || w.runInLabelOnly() {
				// a line break after a run-in label ("Definition SQM",
				// then its title, then the statement, each on a line of
				// its own) keeps the block one paragraph
				w.space = true
				return
			}
			w.flush()
		case "hr":
			w.flush()
		}
		return
	}
	closeImplied(name, w.top, func() { w.pop() })
	e := entry{name: name, number: w.heading > 0 && numberClass(t.class)}
	switch {
	case skipped[name]:
		e.skip = !(name == "header" && w.keep > 0)
	case t.class != "" && IsChrome(t.class), t.noteref:
		e.skip = true
	case w.mode == modeBoilerplate && name != "html" && name != "body" && t.attrs != "" && !t.hasH1:
		for _, b := range boilerplate {
			if strings.Contains(t.attrs, b) {
				e.skip = true
				break
			}
		}
	}
	e.keep = (w.mode == modeMain && name == "main") || (w.mode == modeArticle && name == "article" && !blockArticle(t.class))
	if blocks[name] && w.pre == 0 {
		if w.heading > 0 {
			w.space = true // headings stay on one line
		} else {
			w.flush()
		}
	}
	w.stack = append(w.stack, e)
	w.nesting.Deeper(len(w.stack))
	w.open[name]++
	if e.skip {
		w.skip++
	}
	if e.keep {
		w.keep++
	}
	w.structure(t, &w.stack[len(w.stack)-1])
	if n := headingLevel(name); n > 0 && w.like == 0 {
		w.flush()
		w.heading++
		w.prefix = strings.Repeat("#", n) + " "
		w.stack[len(w.stack)-1].head = true
		w.hideType = HasClass(t.class, "hide-type")
	} else if n > 0 && w.visible() && w.pre == 0 {
		// A block's label: a paragraph of its own, in bold.
		w.flush()
		w.cur.WriteString("**")
		w.emphAt = w.cur.Len()
		w.stack[len(w.stack)-1].emph = "**"
	}
	switch name {
	case "dfn":
		if n := len(w.conts); n > 0 {
			w.conts[n-1].dfn = true
		}
		// The defining instance of a term is written in bold, the mark
		// the extractor reads as a term where a definition puts it.
		if w.visible() && w.pre == 0 && w.dfnAt < 0 {
			if w.space && w.cur.Len() > 0 {
				w.cur.WriteByte(' ')
			}
			w.space = false
			w.cur.WriteString("**")
			w.dfnAt = w.cur.Len()
		}
	case "ol", "ul":
		w.lists = append(w.lists, list{ordered: name == "ol", n: max(t.start, 1) - 1})
	case "li":
		w.prefix, w.item = w.itemMark(), true
	case "blockquote":
		w.quote++
		if w.quote > MaxContainerDepth && w.visible() {
			w.nesting.Flattened = true
		}
	case "pre", "emu-alg":
		if w.pre == 0 {
			w.preBuf.Reset()
		}
		w.pre++
	case "td", "th":
		if w.cur.Len() > 0 && w.pre == 0 {
			w.cur.WriteString(" | ")
			w.space = false
		}
	}
}

func (w *writer) pop() entry {
	e := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	w.open[e.name]--
	if e.number {
		w.space = true
	}
	name := e.name
	if e.head {
		w.flush()
		w.heading--
		w.prefix = ""
		w.hideType = false
	}
	if e.like {
		w.like--
	}
	if e.work {
		w.work--
	}
	w.endStructure(e)
	switch name {
	case "dfn":
		w.closeDfn()
	case "li":
		w.flush()
		w.prefix, w.item = "", false
	case "ol", "ul":
		if len(w.lists) > 0 {
			w.lists = w.lists[:len(w.lists)-1]
		}
	case "blockquote":
		w.flush()
		w.quote--
	case "pre", "emu-alg":
		w.pre--
		if w.pre == 0 {
			if name == "emu-alg" {
				w.sourceList(w.preBuf.String())
			} else {
				w.code(w.preBuf.String())
			}
			w.preBuf.Reset()
		}
	case "td", "th":
		w.space = true
	}
	if blocks[name] && w.pre == 0 {
		if w.heading > 0 {
			w.space = true // headings stay on one line
		} else {
			w.flush()
		}
	}
	if e.skip {
		w.skip--
	}
	if e.keep {
		w.keep--
	}
	if w.math != nil {
		w.math.End(name)
		if name == "svg" && len(w.stack) < w.mathSVG {
			// The formula's text stands where the drawing stood.
			m := w.math.String()
			w.math = nil
			if m != "" {
				w.text(m)
			}
		}
	}
	return e
}

func (w *writer) text(s string) {
	if !w.visible() {
		return
	}
	if w.pre > 0 {
		w.preBuf.WriteString(s)
		return
	}
	if w.cur.Len() == w.emphAt && LabelMark(s) {
		return // a dingbat opening a bold label ("**✦ Definition") is none of it
	}
	for _, r := range s {
		if isSpace(r) {
			w.space = true
			continue
		}
		if w.space && w.cur.Len() > 0 && w.cur.Len() != w.dfnAt && w.cur.Len() != w.emphAt && w.cur.Len() != w.termAt {
			w.cur.WriteByte(' ')
		}
		w.space = false
		w.cur.WriteRune(r)
	}
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0x85, 0xa0, 0x202f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a || r == 0x2028 || r == 0x2029 || r == 0x1680 || r == 0x205f
}

// closeDfn ends the open <dfn>'s bold; an empty term leaves no marks.
func (w *writer) closeDfn() {
	if w.dfnAt < 0 {
		return
	}
	if cur := w.cur.String(); w.dfnAt >= len(cur) {
		w.cur.Reset()
		w.cur.WriteString(strings.TrimSuffix(cur, "**"))
	} else {
		w.cur.WriteString("**")
		w.dfnPara = true
	}
	w.dfnAt = -1
}

// flush ends the current paragraph.
func (w *writer) flush() {
	w.closeDfn() // a term is never split across paragraphs
	s := w.cur.String()
	w.cur.Reset()
	w.space = false
	w.emphDone = false
	w.emphAt = -1
	w.termEnd = -1
	term := w.dfnPara
	w.dfnPara = false
	if s == "" {
		return
	}
	s = texDelimiters(s)
	if term && (w.prefix == "" || w.item) && w.quote == 0 && len(w.conts) == 0 && w.work == 0 && w.open["table"] == 0 {
		// A paragraph (or list item) defining a term in running text
		// (see TermFence).
		w.prefix, w.item = "", false
		for _, b := range TermFence(s) {
			w.add(b, false)
		}
		return
	}
	item := w.item
	s = w.prefix + s
	if item {
		w.prefix, w.item = "", false // further paragraphs of the item are plain
	}
	w.add(s, item)
}

// list is an open <ol> or <ul>: whether it numbers its items, and the
// number of the last.
type list struct {
	ordered bool
	n       int
}

// maxListIndent bounds how deep a list item is indented: a page of
// lists nested n deep would otherwise write n² bytes.
const maxListIndent = 8

// itemMark opens an item of the innermost open list as Markdown writes
// it: numbered in an ordered list ("3. "), bulleted otherwise, indented
// three spaces a level so that an inner list stays inside its item.
func (w *writer) itemMark() string {
	n := len(w.lists)
	if n == 0 {
		return "- "
	}
	indent := strings.Repeat("   ", min(n-1, maxListIndent))
	l := &w.lists[n-1]
	if !l.ordered {
		return indent + "- "
	}
	l.n++
	return indent + strconv.Itoa(l.n) + ". "
}

func (w *writer) add(s string, item bool) {
	if w.quote > 0 {
		// Quotes nest no deeper than containers: a page of quotes nested
		// n deep would otherwise write n² bytes.
		q := strings.Repeat("> ", min(w.quote, MaxContainerDepth))
		s = q + strings.ReplaceAll(s, "\n", "\n"+strings.TrimRight(q, " ")+" ")
		item = false
	}
	w.out = append(w.out, block{text: s, item: item})
}

// code emits a pre block verbatim inside a fence.
func (w *writer) code(s string) {
	if !w.visible() {
		return
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "\r"), "\n")
	s = strings.TrimRight(s, " \t\r\n")
	if strings.TrimSpace(s) == "" {
		return
	}
	fence := "```"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	w.flush()
	w.add(fence+"\n"+s+"\n"+fence, false)
}

// sourceList writes an algorithm whose steps the page's source gives as
// a Markdown list, one step a line, nested by indentation: ecmarkup's
// <emu-alg> ("1. Let _O_ be the *this* value.", sub-steps two spaces
// further in). Flowed as text, the steps ran together into one paragraph;
// each is an item, indented three spaces a level as Markdown nests.
func (w *writer) sourceList(s string) {
	if !w.visible() {
		return
	}
	lines := strings.Split(strings.ReplaceAll(s, "\r", ""), "\n")
	least := -1
	for _, l := range lines {
		if t := strings.TrimLeft(l, " \t"); t != "" && (least < 0 || len(l)-len(t) < least) {
			least = len(l) - len(t)
		}
	}
	w.flush()
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		depth := (len(l) - len(t) - least) / 2
		w.add(strings.Repeat("   ", depth)+strings.Join(strings.Fields(t), " "), true)
	}
}

func (w *writer) result() string {
	var b strings.Builder
	for i, bl := range w.out {
		if i > 0 {
			if bl.item && w.out[i-1].item {
				b.WriteByte('\n')
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(bl.text)
	}
	if b.Len() == 0 {
		return ""
	}
	b.WriteByte('\n')
	return validUTF8(DropTermMarks(ResolveLinks(b.String(), w.ids)))
}

// runInLabelOnly reports whether the paragraph so far is one bold run-in
// label and nothing else.
func (w *writer) runInLabelOnly() bool { return RunInLabelOnly(w.cur.String()) }

// RunInLabelOnly reports whether a paragraph's text so far is one bold
// run-in label and nothing else ("**Definition SQM**"): a line break
// after it (its title, its statement on lines of their own) is a space.
func RunInLabelOnly(par string) bool {
	cur := strings.TrimSpace(par)
	return len(cur) > 4 && strings.HasPrefix(cur, "**") && strings.HasSuffix(cur, "**") && !strings.Contains(cur[2:len(cur)-2], "**")
}
