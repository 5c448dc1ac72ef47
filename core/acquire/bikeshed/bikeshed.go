// Package bikeshed reads Bikeshed sources (.bs: the W3C's and WHATWG's
// specifications) as the Markdown-flavoured text the rest of lore reads.
//
// A Bikeshed source is Markdown with HTML blocks in it and shorthands of
// its own. What a reader of the published page sees is kept: headings
// (<hN>, "#", and "===" or "---" underlines, their {#id} dropped), lists
// (<ol>, <ul>, <dl> and Markdown's, nested by their markup or their
// indentation, a fixed indentation of the whole body aside) as Markdown
// lists nested four spaces a level, paragraphs on one line each, <pre>
// and <xmp> blocks (IDL, JavaScript) as fenced code, and each shorthand as
// the text it prints: [=term|text=] as text, {{Foo/bar()}} as bar(),
// |var| as var, a value between doubled single quotes as the value,
// [[REF]] as [REF], <<production>> as <production> in code. The
// <pre class=metadata> block is metadata: its Title (or H1) is the
// document's title, the rest is dropped, as are
// <pre class=link-defaults>, anchors, biblio and the like. An algorithm
// (<div algorithm>, or a heading carrying the algorithm attribute) is set
// as a fenced div of class algorithm, named by the attribute's value or by
// the first <dfn> of its lead-in, so that its lead-in paragraph and its
// numbered steps reach the reader together (an <ol class=algorithm> is
// one too). A paragraph defining a term with <dfn>, outside lists and
// algorithms and not a lead-in over steps, is a term paragraph, written
// as the HTML reader writes one (htmltext.TermFence), the term in bold.
//
// Bikeshed itself is a Python program; no Go library reads its dialect,
// so this is the subset specifications are written in, by hand: nothing
// is fetched, no include is followed and no cross-reference resolved.
package bikeshed

import (
	"html"
	"strings"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/internal/lazyre"
)

var (
	comment       = lazyre.New(`(?s)<!--.*?-->`)
	rawOpen       = lazyre.New(`(?i)^\s*<(style|script)\b`)
	preOpen       = lazyre.New(`(?i)^\s*<(pre|xmp)\b([^>]*)>(.*)$`)
	fenceOpen     = lazyre.New("^\\s*(```+|~~~+)\\s*([A-Za-z0-9_+-]*)")
	classAttr     = lazyre.New(`(?i)\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`)
	highlight     = lazyre.New(`(?i)\b(?:highlight|lang)\s*=\s*["']?([A-Za-z0-9+_-]+)`)
	algAttr       = lazyre.New(`(?i)\balgorithm(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?`)
	mdHeading     = lazyre.New(`^\s*(#{1,6})\s+(.*?)\s*#*\s*$`)
	closingHashes = lazyre.New(`\s+#+\s*$`)
	headingID     = lazyre.New(`\s*\{#[^}]*\}\s*$`)
	setextLine    = lazyre.New(`^\s*(=+|-+)\s*$`)
	listItem      = lazyre.New(`^(\s*)([0-9]{1,3}\.|[*+-])\s+(.*)$`)
	dlItem        = lazyre.New(`^(\s*)(::?)(?:\s+(.*))?$`)
	blockTag      = lazyre.New(`(?i)<(/?)(ol|ul|li|dl|dt|dd|p|div|h[1-6]|table|thead|tbody|tfoot|tr|td|th|details|summary|blockquote|section|figure|figcaption|aside|header|footer|main|hr|caption|script|style)\b([^>]*)>`)
	dfnTag        = lazyre.New(`(?is)<dfn\b[^>]*>(.*?)</dfn>`)
	codeTag       = lazyre.New(`(?is)<code\b[^>]*>(.*?)</code>`)
	emTag         = lazyre.New(`(?is)<(em|i)\b[^>]*>(.*?)</(?:em|i)>`)
	strongTag     = lazyre.New(`(?is)<(strong|b)\b[^>]*>(.*?)</(?:strong|b)>`)
	breakTag      = lazyre.New(`(?i)<br\s*/?>`)
	anyTag        = lazyre.New(`</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>`)
	dfnShort      = lazyre.New(`\[([=$])([^\]\n]+?)[=$]\]`)
	idlShort      = lazyre.New(`\{\{([^{}\n]+?)\}\}`)
	gramShort     = lazyre.New(`<<([^<>\n]+?)>>`)
	refShort      = lazyre.New(`\[\[([!?]?)([^\[\]\n]+?)\]\]`)
	varShort      = lazyre.New(`\|(\w(?:[\w\s-]*\w)?)\|`)
	valueShort    = lazyre.New(`''([^'\n]+?)''`)
	metaTitle     = lazyre.New(`(?i)^\s*(Title|H1)\s*:\s*(.+?)\s*$`)
	spaces        = lazyre.New(`\s+`)
	// leadIn is a paragraph over steps, whatever term it defines on the
	// way ("To <dfn>get an output encoding</dfn> …, run these steps:"):
	// the lead-in of a procedure, not a term's definition.
	leadIn      = lazyre.New(`(?i)\bsteps\b|\bas follows\b|:\s*$`)
	attrQuotes  = lazyre.New(`["\\]`)
	nonBodyPres = []string{"metadata", "link-defaults", "anchors", "biblio", "include", "include-code", "include-raw", "railroad"}
)

// Markdown returns src, a Bikeshed source, as Markdown-flavoured text, and
// the title its metadata names ("" when none).
func Markdown(src string) (body, title string) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = comment.ReplaceAllStringFunc(src, func(m string) string {
		// a comment keeps its line breaks, so that lines stay in place
		return strings.Repeat("\n", strings.Count(m, "\n"))
	})
	c := &converter{}
	c.run(strings.Split(src, "\n"))
	return strings.TrimSpace(strings.Join(c.out, "")) + "\n", c.title
}

// container is one open list: HTML (<ol>, <ul>, <dl>) or Markdown (by
// its marker's column).
type container struct {
	kind   byte // 'o' numbered, 'u' bulleted, 'd' definition list
	md     bool
	col    int  // a Markdown list's marker column
	hidden bool // an HTML list whose items are a Markdown list's
	items  int
}

// algDiv is an open algorithm: its opener's chunk, to be named once its
// <dfn> is read, and how many containers were open when it opened.
type algDiv struct {
	chunk, lists int
	indent       string // its opener's indentation
	named        bool
	heading      bool // opened by a heading: ends with its first list
}

// divState is an open <div>: whether it is an algorithm, and how many
// lists were open when it opened (its Markdown lists end with it).
type divState struct {
	alg   bool
	lists int
}

type converter struct {
	out    []string
	title  string
	lists  []container
	para   []string
	marker bool // the paragraph buffered is its item's first
	divs   []divState
	algs   []algDiv
	// heading collects an HTML heading's text over lines
	heading      []string
	headingLevel int
	headingAlg   string
	headingIsAlg bool
	blank        bool // the previous line was blank
	// lastName is what names an algorithm that says no name of its own
	// (an <ol class=algorithm>): the <dfn> of the paragraph before it,
	// else the heading it stands under.
	lastName    string
	lastHeading string
}

func (c *converter) emit(s string) { c.out = append(c.out, s) }

func (c *converter) run(lines []string) {
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if c.headingLevel > 0 {
			if len(c.heading) >= maxHeadingLines {
				// never closed: its first line is the heading, the rest text
				level, first, rest := c.headingLevel, c.heading[0], c.heading[1:]
				c.headingLevel, c.heading = 0, nil
				c.headingOut(level, first, "", false)
				c.para = append(c.para, rest...)
			} else {
				c.headingText(line)
				continue
			}
		}
		if strings.TrimSpace(line) != "" && listItem.FindStringSubmatch(line) == nil && dlItem.FindStringSubmatch(line) == nil {
			// after a blank line, a line of any kind at or left of a
			// Markdown list's marker ends that list
			c.mdText(len(line) - len(strings.TrimLeft(line, " \t")))
		}
		if m := rawOpen.FindStringSubmatch(line); m != nil {
			// a style sheet or script: no text of the document's
			closing := "</" + strings.ToLower(m[1]) + ">"
			for i < len(lines) && !strings.Contains(strings.ToLower(lines[i]), closing) {
				i++
			}
			continue
		}
		if m := preOpen.FindStringSubmatch(line); m != nil && !c.inHeadingTag() {
			i = c.pre(lines, i, m)
			continue
		}
		if m := fenceOpen.FindStringSubmatch(line); m != nil {
			i = c.fence(lines, i, m)
			continue
		}
		if strings.TrimSpace(line) == "" {
			c.flush()
			c.blank = true
			continue
		}
		if i+1 < len(lines) && len(c.para) == 0 && !strings.HasPrefix(strings.TrimSpace(line), "<") && setextLine.MatchString(lines[i+1]) &&
			listItem.FindStringSubmatch(line) == nil && strings.TrimSpace(line) != "" {
			level := 2
			if strings.Contains(lines[i+1], "-") {
				level = 3
			}
			c.closeLists(0)
			c.headingOut(level, line, "", false)
			i++
			c.blank = false
			continue
		}
		if m := mdHeading.FindStringSubmatch(line); m != nil {
			c.closeLists(0)
			c.headingOut(len(m[1]), m[2], "", false)
			c.blank = false
			continue
		}
		c.markup(line)
		c.blank = false
	}
	c.flush()
	c.closeLists(0)
	for len(c.algs) > 0 {
		c.closeAlg()
	}
}

func (c *converter) inHeadingTag() bool { return c.headingLevel > 0 }

// pre reads a <pre> or <xmp> block from line i: metadata and the like are
// dropped (the title kept), code is fenced; it returns the block's last
// line.
func (c *converter) pre(lines []string, i int, m []string) int {
	tag, attrs, rest := strings.ToLower(m[1]), m[2], m[3]
	class := ""
	if cm := classAttr.FindStringSubmatch(attrs); cm != nil {
		class = strings.ToLower(cm[1] + cm[2] + cm[3])
	}
	closing := "</" + tag + ">"
	var body []string
	j := i
	if k := strings.Index(strings.ToLower(rest), closing); k >= 0 {
		body = append(body, rest[:k])
	} else {
		if strings.TrimSpace(rest) != "" {
			body = append(body, rest)
		}
		for j = i + 1; j < len(lines); j++ {
			if k := strings.Index(strings.ToLower(lines[j]), closing); k >= 0 {
				body = append(body, lines[j][:k])
				break
			}
			body = append(body, lines[j])
		}
	}
	for _, f := range strings.Fields(class) {
		for _, n := range nonBodyPres {
			if f == n {
				if f == "metadata" && c.title == "" {
					for _, l := range body {
						if t := metaTitle.FindStringSubmatch(l); t != nil {
							c.title = strings.TrimSpace(t[2])
							if strings.EqualFold(t[1], "title") {
								break
							}
						}
					}
				}
				return j
			}
		}
	}
	lang := ""
	if strings.Contains(" "+class+" ", " idl ") {
		lang = "webidl"
	} else if h := highlight.FindStringSubmatch(attrs); h != nil {
		lang = strings.ToLower(h[1])
	}
	c.flush()
	ind := strings.Repeat(" ", c.contentIndent())
	var b strings.Builder
	b.WriteString(ind + "```" + lang + "\n")
	for _, l := range dedent(body) {
		if tag == "pre" {
			l = html.UnescapeString(anyTag.ReplaceAllString(l, ""))
		}
		b.WriteString(strings.TrimRight(ind+l, " \t") + "\n")
	}
	b.WriteString(ind + "```\n\n")
	c.emit(b.String())
	return j
}

// fence copies a Markdown code fence from line i; it returns its last
// line.
func (c *converter) fence(lines []string, i int, m []string) int {
	c.flush()
	mark := m[1]
	var body []string
	j := i + 1
	for ; j < len(lines); j++ {
		if strings.HasPrefix(strings.TrimSpace(lines[j]), mark) {
			break
		}
		body = append(body, lines[j])
	}
	ind := strings.Repeat(" ", c.contentIndent())
	var b strings.Builder
	b.WriteString(ind + "```" + m[2] + "\n")
	for _, l := range dedent(body) {
		b.WriteString(strings.TrimRight(ind+l, " \t") + "\n")
	}
	b.WriteString(ind + "```\n\n")
	c.emit(b.String())
	return j
}

// dedent removes the indentation the lines share.
func dedent(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for k, l := range lines {
		if len(l) >= common && common > 0 {
			l = l[common:]
		}
		out[k] = l
	}
	return out
}

// markup reads one line of the body: Markdown list and definition items
// at its start, then its block tags and the text between them.
func (c *converter) markup(line string) {
	ind := len(line) - len(strings.TrimLeft(line, " \t"))
	rest := line
	if m := listItem.FindStringSubmatch(line); m != nil && !strings.HasPrefix(m[3], "<li") {
		kind := byte('u')
		if m[2][0] >= '0' && m[2][0] <= '9' {
			kind = 'o'
		}
		c.mdItem(kind, ind)
		rest = m[3]
	} else if m := dlItem.FindStringSubmatch(line); m != nil {
		if m[2] == ":" {
			c.mdItem('d', ind)
		} else {
			c.flush()
		}
		rest = m[3]
	}
	c.segments(rest)
}

// mdItem opens an item of a Markdown list whose marker stands at column
// col.
func (c *converter) mdItem(kind byte, col int) {
	c.flush()
	for len(c.lists) > 0 {
		top := &c.lists[len(c.lists)-1]
		if !top.md || top.col <= col {
			break
		}
		c.popList()
	}
	top := c.top()
	switch {
	case top != nil && top.md && top.col == col:
		if top.kind != kind && (top.kind == 'd' || kind == 'd') {
			c.popList()
			c.pushList(container{kind: kind, md: true, col: col})
		}
	default:
		if top != nil && !top.md && top.items == 0 && top.kind != 'd' {
			top.hidden = true
		}
		c.pushList(container{kind: kind, md: true, col: col})
	}
	c.lists[len(c.lists)-1].items++
	c.marker = true
}

// mdText is a line of text at column col: after a blank line, it ends the
// Markdown lists it does not stand inside.
func (c *converter) mdText(col int) {
	if !c.blank {
		return
	}
	for len(c.lists) > 0 {
		top := c.lists[len(c.lists)-1]
		if !top.md || col > top.col {
			return
		}
		c.popList()
	}
}

func (c *converter) top() *container {
	if len(c.lists) == 0 {
		return nil
	}
	return &c.lists[len(c.lists)-1]
}

func (c *converter) pushList(l container) {
	c.flush()
	c.lists = append(c.lists, l)
}

func (c *converter) popList() {
	c.flush()
	c.lists = c.lists[:len(c.lists)-1]
	c.marker = false
	if len(c.lists) == 0 {
		// a list between: the <dfn> before it named what it gave
		c.lastName = c.lastHeading
	}
	if len(c.algs) > 0 {
		a := c.algs[len(c.algs)-1]
		if a.heading && len(c.lists) <= a.lists {
			c.closeAlg()
		}
	}
}

// closeLists closes the lists down to n open.
func (c *converter) closeLists(n int) {
	c.flush()
	for len(c.lists) > n {
		c.popList()
	}
}

// closeMD closes the Markdown lists open above the first n lists.
func (c *converter) closeMD(n int) {
	c.flush()
	for len(c.lists) > n && c.lists[len(c.lists)-1].md {
		c.popList()
	}
}

// maxDepth bounds how deep lists are set: a source nesting its lists
// thousands deep would otherwise be written in space quadratic in its size.
const maxDepth = 12

// maxHeadingLines bounds an HTML heading's lines: one left open is text.
const maxHeadingLines = 8

// depth is the number of visible lists open, at most maxDepth.
func (c *converter) depth() int {
	n := 0
	for _, l := range c.lists {
		if !l.hidden {
			n++
		}
	}
	return min(n, maxDepth)
}

// contentIndent is the indentation of a block inside the current item.
func (c *converter) contentIndent() int { return 4 * c.depth() }

// segments reads a line's block tags and the text between them.
func (c *converter) segments(s string) {
	for s != "" {
		loc := blockTag.FindStringSubmatchIndex(s)
		if loc == nil {
			c.text(s)
			return
		}
		c.text(s[:loc[0]])
		closing := loc[3] > loc[2]
		name := strings.ToLower(s[loc[4]:loc[5]])
		attrs := s[loc[6]:loc[7]]
		s = s[loc[1]:]
		if len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && !closing {
			c.closeLists(0)
			c.headingLevel = int(name[1] - '0')
			c.headingIsAlg, c.headingAlg = false, ""
			if m := algAttr.FindStringSubmatch(attrs); m != nil {
				c.headingIsAlg, c.headingAlg = true, m[1]+m[2]+m[3]
			}
			c.heading = nil
			c.headingText(s)
			return
		}
		c.tag(name, closing, attrs)
	}
}

// tag acts on one block tag.
func (c *converter) tag(name string, closing bool, attrs string) {
	switch name {
	case "ol", "ul", "dl":
		if closing {
			for len(c.lists) > 0 {
				md := c.lists[len(c.lists)-1].md
				c.popList()
				if !md {
					break
				}
			}
			return
		}
		c.pushList(container{kind: name[0]})
		if cm := classAttr.FindStringSubmatch(attrs); name == "ol" && cm != nil && strings.Contains(" "+cm[1]+cm[2]+cm[3]+" ", " algorithm ") && c.algOpen() < 0 {
			// an <ol class=algorithm>: its steps are an algorithm
			c.lists = c.lists[:len(c.lists)-1]
			c.openAlg(c.lastName, true)
			c.lists = append(c.lists, container{kind: 'o'})
			c.algs[len(c.algs)-1].lists = len(c.lists) - 1
		}
	case "li", "dt":
		if closing {
			c.flush()
			return
		}
		// items of a list left open by a Markdown list inside it
		for len(c.lists) > 0 && c.lists[len(c.lists)-1].md {
			c.popList()
		}
		if t := c.top(); t != nil {
			t.items++
			t.hidden = false
		}
		c.flush()
		c.marker = true
	case "div":
		if closing {
			c.flush()
			if n := len(c.divs); n > 0 {
				d := c.divs[n-1]
				c.divs = c.divs[:n-1]
				c.closeMD(d.lists)
				if d.alg {
					if k := c.algOpen(); k >= 0 {
						c.closeLists(c.algs[k].lists)
						c.closeAlg()
					}
				}
			}
			return
		}
		m := algAttr.FindStringSubmatch(attrs)
		isAlg := m != nil && !strings.Contains(attrs, "algorithm-")
		c.flush()
		c.divs = append(c.divs, divState{alg: isAlg, lists: len(c.lists)})
		if isAlg {
			c.openAlg(m[1]+m[2]+m[3], false)
		}
	case "script", "style":
		// their content is no text (they are rare in a source)
	default:
		c.flush()
	}
}

// algOpen is the index of the innermost open algorithm, -1 when none.
func (c *converter) algOpen() int { return len(c.algs) - 1 }

// openAlg opens an algorithm's fenced div, named by attr when it says a
// name ("I/O queue/read items" is "read items").
func (c *converter) openAlg(attr string, heading bool) {
	c.flush()
	if len(c.algs) > 0 {
		// algorithms do not nest in the text: the outer one holds it
		c.algs = append(c.algs, algDiv{chunk: -1, lists: len(c.lists), named: true, heading: heading})
		return
	}
	a := algDiv{chunk: len(c.out), lists: len(c.lists), heading: heading, indent: strings.Repeat(" ", c.contentIndent())}
	c.emit("")
	if name := attr; name != "" {
		if k := strings.LastIndex(name, "/"); k >= 0 && k < len(name)-1 {
			name = name[k+1:]
		}
		c.nameAlg(&a, name)
	}
	c.algs = append(c.algs, a)
	c.setOpener(len(c.algs) - 1)
}

func (c *converter) nameAlg(a *algDiv, name string) {
	name = strings.TrimSpace(spaces.ReplaceAllString(attrQuotes.ReplaceAllString(inline(name), ""), " "))
	if name == "" {
		return
	}
	a.named = true
	c.out[a.chunk] = a.indent + "::: {.algorithm name=\"" + name + "\"}\n\n"
}

func (c *converter) setOpener(k int) {
	a := &c.algs[k]
	if a.chunk >= 0 && !a.named {
		c.out[a.chunk] = a.indent + "::: {.algorithm}\n\n"
	}
}

func (c *converter) closeAlg() {
	c.flush()
	a := c.algs[len(c.algs)-1]
	c.algs = c.algs[:len(c.algs)-1]
	if a.chunk >= 0 {
		c.emit(a.indent + ":::\n\n")
	}
}

// headingText collects an HTML heading's text up to its closing tag.
func (c *converter) headingText(s string) {
	closing := "</h" + string(rune('0'+c.headingLevel)) + ">"
	if k := strings.Index(strings.ToLower(s), closing); k >= 0 {
		c.heading = append(c.heading, s[:k])
		level, alg, isAlg := c.headingLevel, c.headingAlg, c.headingIsAlg
		c.headingLevel = 0
		c.headingOut(level, strings.Join(c.heading, " "), alg, isAlg)
		c.segments(s[k+len(closing):])
		return
	}
	c.heading = append(c.heading, s)
}

// headingOut writes a heading; a heading carrying the algorithm
// attribute opens an algorithm, named by it, that ends with its first
// list.
func (c *converter) headingOut(level int, s, alg string, isAlg bool) {
	c.flush()
	for len(c.algs) > 0 && c.algs[len(c.algs)-1].heading {
		c.closeAlg()
	}
	t := strings.TrimSpace(inline(closingHashes.ReplaceAllString(headingID.ReplaceAllString(s, ""), "")))
	if t == "" {
		return
	}
	c.emit(strings.Repeat("#", level) + " " + t + "\n\n")
	c.lastName, c.lastHeading = t, t
	if c.title == "" && level == 1 {
		c.title = t
	}
	if isAlg && len(c.algs) == 0 {
		if alg == "" {
			alg = t
		}
		c.openAlg(alg, true)
	}
}

// text adds text to the paragraph being read.
func (c *converter) text(s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	if k := c.algOpen(); k >= 0 && !c.algs[k].named && c.algs[k].chunk >= 0 {
		if m := dfnTag.FindStringSubmatch(strings.Join(c.para, " ") + " " + s); m != nil {
			c.nameAlg(&c.algs[k], m[1])
		}
	}
	c.para = append(c.para, s)
}

// flush writes the paragraph read: its item's marker first when it is
// the item's first block, else indented under the item.
func (c *converter) flush() {
	if len(c.para) == 0 {
		return
	}
	raw := strings.Join(c.para, " ")
	c.para = nil
	d := c.depth()
	if m := dfnTag.FindStringSubmatch(raw); m != nil {
		c.lastName = m[1]
		if d == 0 && len(c.algs) == 0 && !leadIn.MatchString(raw) {
			// a paragraph defining a term, as the HTML reader writes one
			t := strings.TrimSpace(spaces.ReplaceAllString(inline(dfnTag.ReplaceAllString(raw, "**$1**")), " "))
			if t != "" {
				c.emit(strings.Join(htmltext.TermFence(t), "\n\n") + "\n\n")
			}
			return
		}
	}
	t := strings.TrimSpace(spaces.ReplaceAllString(inline(raw), " "))
	if t == "" {
		return
	}
	top := c.visibleTop()
	switch {
	case top != nil && c.marker:
		mk := "-"
		if top.kind == 'o' {
			mk = "1."
		}
		c.emit(strings.Repeat(" ", 4*(d-1)) + mk + " " + t + "\n\n")
	default:
		c.emit(strings.Repeat(" ", 4*d) + t + "\n\n")
	}
	c.marker = false
}

func (c *converter) visibleTop() *container {
	for k := len(c.lists) - 1; k >= 0; k-- {
		if !c.lists[k].hidden {
			return &c.lists[k]
		}
	}
	return nil
}

// inline turns a paragraph's inline markup and shorthands into the text
// they print.
func inline(s string) string {
	s = breakTag.ReplaceAllString(s, " ")
	s = codeTag.ReplaceAllString(s, "`$1`")
	s = strongTag.ReplaceAllString(s, "**$2**")
	s = emTag.ReplaceAllString(s, "*$2*")
	s = gramShort.ReplaceAllStringFunc(s, func(m string) string {
		v := gramShort.FindStringSubmatch(m)[1]
		v = strings.Trim(v, "'")
		return "`&lt;" + v + "&gt;`" // unescaped with the rest
	})
	s = anyTag.ReplaceAllString(s, "")
	return html.UnescapeString(shorthands(s))
}

// Shorthands is s with Bikeshed's autolink shorthands, which ReSpec reads
// in HTML too, as the text they print: [=term=], {{Interface/member}},
// [[REF]], |var| and a value set between doubled single quotes.
func Shorthands(s string) string { return shorthands(s) }

func shorthands(s string) string {
	s = dfnShort.ReplaceAllStringFunc(s, func(m string) string {
		return linkText(dfnShort.FindStringSubmatch(m)[2], false)
	})
	s = idlShort.ReplaceAllStringFunc(s, func(m string) string {
		return linkText(idlShort.FindStringSubmatch(m)[1], true)
	})
	s = refShort.ReplaceAllStringFunc(s, func(m string) string {
		r := refShort.FindStringSubmatch(m)[2]
		if strings.HasPrefix(r, "#") {
			return "§ " + r[1:]
		}
		if k := strings.IndexByte(r, '|'); k >= 0 {
			r = r[:k]
		}
		return "[" + r + "]"
	})
	s = varShort.ReplaceAllString(s, "$1")
	return valueShort.ReplaceAllString(s, "$1")
}

// linkText is the text an autolink prints: what follows its "|", else its
// term without the "for" part before the last "/" (an IDL member's name
// keeps its parentheses).
func linkText(v string, idl bool) string {
	if k := strings.IndexByte(v, '|'); k >= 0 {
		return strings.TrimSpace(v[k+1:])
	}
	if idl {
		// {{Foo/bar(baz)}}: the slash in an argument list is not the
		// "for" part's
		head := v
		if p := strings.IndexByte(v, '('); p >= 0 {
			head = v[:p]
		}
		if k := strings.LastIndex(head, "/"); k >= 0 {
			v = v[k+1:]
		}
		return strings.TrimSpace(v)
	}
	if k := strings.LastIndex(v, "/"); k >= 0 && k < len(v)-1 {
		v = v[k+1:]
	}
	return strings.TrimSpace(v)
}

// sourceStart is a Bikeshed source's opening: its metadata block, the
// first thing in the file.
var sourceStart = lazyre.New(`^\s*(?:<!--[\s\S]*?-->\s*)*<pre\s+class\s*=\s*['"]?metadata\b`)

// IsSource reports whether src is a Bikeshed source whatever its file is
// named: a specification kept as index.src.html or spec.html opens with the
// metadata block Bikeshed reads, as a .bs file does.
func IsSource(src string) bool {
	return sourceStart.MatchString(src[:min(len(src), 4096)])
}
