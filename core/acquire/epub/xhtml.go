package epub

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/mathml"
	"github.com/lore-kb/lore/core/acquire/xmldec"
	"github.com/lore-kb/lore/internal/lazyre"
)

// blockTags start and end a block of text.
var blockTags = map[string]bool{
	"p": true, "div": true, "section": true, "article": true, "aside": true,
	"blockquote": true, "pre": true, "ul": true, "ol": true, "dl": true,
	"dt": true, "dd": true, "table": true, "tr": true, "figure": true,
	"figcaption": true, "header": true, "footer": true, "main": true,
	"body": true, "hr": true, "address": true, "center": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"li": true,
}

// skipTags are dropped with everything inside them.
var skipTags = map[string]bool{
	"script": true, "style": true, "nav": true, "head": true,
	"template": true, "noscript": true, "svg": true,
}

// chapterLabel matches a bare chapter number such as "CHAPTER IV".
var chapterLabel = lazyre.New(`(?i)^(chapter|book|part)\s+[\divxlcdm]+\.?$`)

type xconv struct {
	blocks []string
	buf    strings.Builder
	kind   blockKind
	level  int // heading level while kind == kindHeading
	pre    int
	skip   int
	row    []string
	inCell bool
	math   *mathml.Builder // the <math> element being read, nil outside one
	// svg reads a MathJax SVG formula while one is open (its drawing is
	// skipped, its glyphs are text).
	svg *htmltext.SVGMath

	// a "CHAPTER N" line whose title may follow as the next short block
	pendingTitle int // index into blocks, -1 when none
	// dfnAt is where the open <dfn> element's text starts in buf, -1
	// outside one; dfnPara is set once the block holds a term.
	dfnAt   int
	dfnPara bool
	// work counts the open elements that hold the reader's work: a term
	// paragraph inside one defines nothing.
	work int

	// open holds what each open element started (see structure.go);
	// conts are the open theorem-like containers; ids collects the ids
	// of the containers read, across the book.
	open     []xent
	conts    []xcont
	ids      map[string]bool
	linking  bool
	emphDone bool
	// like counts the open PreTeXt blocks ("…-like"): a heading inside
	// one labels the block. hideType counts the open headings whose type
	// word the page hides (hide-type), hide the open hidden words.
	like, hideType, hide int
	// emphAt is where the text after an opening emphasis mark starts in
	// buf, -1 when none is open.
	emphAt int
	// termAt is where the text of a definition's term opened by emphasis
	// starts in buf (no space goes there), -1 outside one.
	termAt int
	// termEnd is where the last term of a definition's run-in paragraph
	// closed in buf (-1 when none did), runTermAt where its text starts.
	termEnd, runTermAt int
	// styles are the classes the book's style sheets set bold or italic.
	styles htmltext.Styles
	// nesting is how deep the document nested its elements, and whether
	// a container was read as plain text for it.
	nesting htmltext.Nesting
	// tocFrags are the fragments the book's table of contents links to
	// in this document; anchors the index of the block each first stood
	// in (see markTOCHeadings).
	tocFrags map[string]bool
	anchors  map[string]int
	// run holds the last block while it is a run of list items or table
	// rows that grows line by line: appending to a string would copy the
	// whole run for every item.
	run strings.Builder
}

type blockKind int

const (
	kindPara blockKind = iota
	kindHeading
	kindItem
	kindChapter
)

// xhtmlText returns the text of one XHTML document, links to its own
// blocks resolved.
func xhtmlText(ctx context.Context, r io.Reader) (string, error) {
	ids := map[string]bool{}
	s, err := xhtmlMarked(ctx, r, ids)
	return htmltext.DropTermMarks(htmltext.ResolveLinks(s, ids)), err
}

// xhtmlMarked returns the text of one XHTML document with its links
// still marked (htmltext.LinkStart), adding the ids of its theorem-like
// blocks to ids: a book resolves its links once all are read.
func xhtmlMarked(ctx context.Context, r io.Reader, ids map[string]bool) (string, error) {
	s, _, err := xhtmlRead(ctx, r, ids, nil, nil)
	return s, err
}

// xhtmlRead is xhtmlMarked, also saying how deep the document nests its
// elements; styles are the classes the book's style sheets set bold or
// italic.
//
// toc is the book's table of contents for this document: the paragraphs
// that carry its titles become headings.
func xhtmlRead(ctx context.Context, r io.Reader, ids map[string]bool, styles htmltext.Styles, toc []tocEntry) (string, htmltext.Nesting, error) {
	d := newDecoder(r)
	c := &xconv{pendingTitle: -1, dfnAt: -1, emphAt: -1, termAt: -1, ids: ids, styles: styles}
	for _, e := range toc {
		if e.frag != "" {
			if c.tocFrags == nil {
				c.tocFrags, c.anchors = map[string]bool{}, map[string]int{}
			}
			c.tocFrags[e.frag] = true
		}
	}
	if c.ids == nil {
		c.ids = map[string]bool{}
	}
	var err error
	depth := 0
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err = ctx.Err(); err != nil {
				return "", c.nesting, err
			}
		}
		var tok xml.Token
		tok, err = d.Token()
		if err != nil {
			break
		}
		if c.math != nil {
			if c.mathToken(tok) {
				// The <math> element's start counted in depth: so does
				// its end, or every formula would leave the depth one
				// deeper and a chapter of some hundred formulas would
				// read past htmltext.MaxDepth as text alone.
				depth--
			}
			continue
		}
		switch t := tok.(type) {
		case xml.StartElement:
			// The decoder pairs start and end tags, so a count is the
			// depth; past htmltext.MaxDepth elements are their text alone.
			depth++
			if depth > htmltext.MaxDepth {
				c.nesting.Deeper(depth)
				continue
			}
			c.start(t)
		case xml.EndElement:
			depth--
			if depth >= htmltext.MaxDepth {
				continue
			}
			c.end(t.Name.Local)
		case xml.CharData:
			if c.skip == 0 && c.hide == 0 {
				c.text(htmltext.StripMarks(string(t)))
			}
		}
	}
	for len(c.open) > 0 {
		c.closeStructure()
	}
	if c.math != nil {
		// A formula cut off by the end of the document keeps what it read.
		c.buf.WriteString(c.math.Render())
		c.math = nil
	}
	c.flush()
	if len(toc) > 0 {
		c.blocks = markTOCHeadings(c.blocks, toc, c.anchors)
	}
	out := strings.Join(c.blocks, "\n\n")
	if errors.Is(err, io.EOF) {
		return out, c.nesting, nil
	}
	if _, ok := errors.AsType[*xml.SyntaxError](err); ok {
		// Lenient: keep what was read before the damage.
		return out, c.nesting, nil
	}
	return out, c.nesting, err
}

func lower(s string) string { return strings.ToLower(s) }

// anchor records the block an element the table of contents links to
// stands in: the block open now, or the next one.
func (c *xconv) anchor(t xml.StartElement) {
	for _, a := range t.Attr {
		if a.Name.Local != "id" && a.Name.Local != "name" || !c.tocFrags[a.Value] {
			continue
		}
		if _, seen := c.anchors[a.Value]; !seen {
			c.anchors[a.Value] = len(c.blocks)
		}
	}
}

// mathToken feeds a token inside <math> to its builder; the formula's
// linear text joins the surrounding text when the element ends, and
// mathToken reports that it ended.
func (c *xconv) mathToken(tok xml.Token) bool {
	switch t := tok.(type) {
	case xml.StartElement:
		c.math.Start(t)
	case xml.EndElement:
		if c.math.End() {
			c.buf.WriteString(c.math.Render())
			c.math = nil
			return true
		}
	case xml.CharData:
		c.math.Chars(string(t))
	}
	return false
}

func isTocNav(t xml.StartElement) bool {
	for _, a := range t.Attr {
		if a.Name.Local == "type" && (a.Name.Space == "epub" || strings.Contains(a.Name.Space, "ops")) {
			if hasToken(a.Value, "toc") || hasToken(a.Value, "landmarks") || hasToken(a.Value, "page-list") {
				return true
			}
		}
	}
	return false
}

// isSwitchDefault reports EPUB 3.0's <epub:default>, the fallback of an
// <epub:switch> whose <epub:case> (MathML, say) is read instead: reading
// both would say everything twice.
func isSwitchDefault(t xml.StartElement) bool {
	return t.Name.Local == "default" && strings.Contains(t.Name.Space, "idpf.org/2007/ops")
}

func classHas(t xml.StartElement, want ...string) bool {
	for _, a := range t.Attr {
		if a.Name.Local != "class" {
			continue
		}
		for _, f := range strings.Fields(lower(a.Value)) {
			for _, w := range want {
				if f == w {
					return true
				}
			}
		}
	}
	return false
}

// isFurniture reports an element that is no text of the book, as the HTML
// reader has it: a control copying an address (htmltext.IsChrome) or a
// link to a footnote (epub:type="noteref", role="doc-noteref", pandoc's
// class footnote-ref), whose number is no word of its sentence.
func isFurniture(t xml.StartElement) bool {
	for _, a := range t.Attr {
		switch {
		case a.Name.Local == "type" && a.Name.Space != "" && strings.Contains(a.Value, "noteref"),
			a.Name.Space == "" && strings.EqualFold(a.Name.Local, "role") && strings.Contains(a.Value, "doc-noteref"):
			return true
		case a.Name.Space == "" && strings.EqualFold(a.Name.Local, "class"):
			if htmltext.IsChrome(a.Value) || htmltext.IsNoteRefClass(a.Value) {
				return true
			}
		}
	}
	return false
}

func (c *xconv) start(t xml.StartElement) {
	name := lower(t.Name.Local)
	if c.skip > 0 {
		c.skip++
		if c.svg != nil {
			c.svg.Start(name, htmltext.GlyphText(xmldec.Attr(t, "data-c")), xmldec.Attr(t, "data-mml-node"))
		}
		return
	}
	if skipTags[name] || isTocNav(t) || isSwitchDefault(t) || isFurniture(t) {
		c.skip = 1
		if name == "svg" {
			c.svg = &htmltext.SVGMath{}
		}
		return
	}
	if len(c.tocFrags) > 0 {
		c.anchor(t)
	}
	if name == "math" {
		c.math = mathml.New(t)
		return
	}
	c.structure(t, name)
	switch {
	case name == "br":
		if htmltext.RunInLabelOnly(c.buf.String()) {
			c.buf.WriteByte(' ') // the label's title or statement follows
		} else {
			c.buf.WriteByte('\n')
		}
		return
	case name == "td" || name == "th":
		c.inCell = true
		c.buf.Reset()
		return
	case name == "img":
		return
	case name == "dfn":
		c.openDfn()
		return
	case !blockTags[name]:
		return
	}
	c.flush()
	if c.kind == kindChapter {
		// A chapter marker only counts for its own direct text.
		c.kind = kindPara
	}
	switch {
	case len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && c.like > 0:
		// A block's label: a paragraph of its own, in bold.
		c.buf.WriteString("**")
		c.emphAt = c.buf.Len()
		if n := len(c.open); n > 0 {
			c.open[n-1].emph = "**"
		}
	case len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6':
		c.kind, c.level = kindHeading, int(name[1]-'0')
	case name == "li":
		c.kind = kindItem
	case name == "pre":
		c.pre++
	case (name == "div" || name == "p") && classHas(t, "chapter", "chapter-title", "chaptertitle", "chapterhead", "chapter-head"):
		c.kind = kindChapter
	case name == "tr":
		c.row = c.row[:0]
	}
}

func (c *xconv) end(local string) {
	name := lower(local)
	if c.skip > 0 {
		c.skip--
		if c.svg != nil {
			c.svg.End(name)
			if c.skip == 0 {
				// The formula's text stands where the drawing stood.
				c.buf.WriteString(c.svg.String())
				c.svg = nil
			}
		}
		return
	}
	c.closeStructure()
	switch {
	case name == "td" || name == "th":
		if c.inCell {
			cell := strings.ReplaceAll(strings.Join(strings.Fields(c.buf.String()), " "), "|", `\|`)
			c.row = append(c.row, cell)
			c.buf.Reset()
			c.inCell = false
			c.dfnPara = false // a table's term is no paragraph's
		}
		return
	case name == "tr":
		// Text in a row outside its cells (a row whose cells were too deep
		// to be read as cells) stays for the next block: browsers show it.
		if len(c.row) > 0 {
			c.appendBlock("| " + strings.Join(c.row, " | ") + " |")
			c.row = c.row[:0]
			c.buf.Reset()
		}
		return
	case name == "dfn":
		c.closeDfn()
		return
	case !blockTags[name]:
		return
	}
	c.flush()
	c.kind, c.level = kindPara, 0
	if name == "pre" && c.pre > 0 {
		c.pre--
	}
}

// openDfn starts a <dfn>, the defining instance of a term: the term is
// written in bold, the one mark Markdown has that the extractor reads as a
// term where a definition puts it ("An **argument** is a set …").
func (c *xconv) openDfn() {
	if c.dfnAt < 0 && c.pre == 0 {
		c.dfnAt = c.buf.Len()
	}
	if n := len(c.conts); n > 0 {
		c.conts[n-1].dfn = true
	}
}

// closeDfn sets the text the <dfn> held in bold, the spaces around it
// outside the marks.
func (c *xconv) closeDfn() {
	if c.dfnAt < 0 {
		return
	}
	s := c.buf.String()
	at := min(c.dfnAt, len(s))
	c.dfnAt = -1
	term := strings.TrimSpace(s[at:])
	if term == "" || strings.Contains(term, "**") || strings.ContainsAny(term, "\n") {
		return
	}
	c.buf.Reset()
	c.buf.WriteString(s[:at])
	if at < len(s) && s[at] == ' ' {
		c.buf.WriteByte(' ')
	}
	c.buf.WriteString("**" + term + "**")
	c.dfnPara = true
	if strings.HasSuffix(s[at:], " ") {
		c.buf.WriteByte(' ')
	}
}

func (c *xconv) text(s string) {
	if c.pre > 0 {
		c.buf.WriteString(s)
		return
	}
	// Collapse white space as HTML does; a leading or trailing space is
	// kept as one space so words in adjacent inline elements stay apart.
	if s == "" {
		return
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		c.space()
		return
	}
	if c.buf.Len() == c.emphAt && htmltext.LabelMark(s) {
		return // a dingbat opening a bold label ("**✦ Definition") is none of it
	}
	if r, _ := utf8.DecodeRuneInString(s); isSpace(r) {
		c.space()
	}
	c.buf.WriteString(strings.Join(f, " "))
	if r, _ := utf8.DecodeLastRuneInString(s); isSpace(r) {
		c.space()
	}
}

// space separates words with one space: white space at the end of one
// element's text and the start of the next element's is still one space.
func (c *xconv) space() {
	if c.buf.Len() == c.emphAt || c.buf.Len() == c.termAt {
		return // right after an opening emphasis mark
	}
	if n := c.buf.Len(); n > 0 {
		if last := c.buf.String()[n-1]; last == ' ' || last == '\n' {
			return
		}
	}
	c.buf.WriteByte(' ')
}

func isSpace(r rune) bool {
	return unicode.IsSpace(r)
}

// appendBlock records a finished block; consecutive list items and table
// rows are kept in one block separated by single newlines.
func (c *xconv) appendBlock(s string) {
	if n := len(c.blocks); n > 0 {
		prev := c.blocks[n-1]
		if (strings.HasPrefix(s, "- ") && lastLineHas(prev, "- ")) || (strings.HasPrefix(s, "| ") && lastLineHas(prev, "| ")) {
			if c.run.Len() != len(prev) || c.run.String() != prev {
				// The run starts here (or its block was rewritten).
				c.run = strings.Builder{}
				c.run.WriteString(prev)
			}
			c.run.WriteString("\n" + s)
			c.blocks[n-1] = c.run.String()
			return
		}
	}
	c.blocks = append(c.blocks, s)
}

func lastLineHas(block, prefix string) bool {
	if i := strings.LastIndexByte(block, '\n'); i >= 0 {
		block = block[i+1:]
	}
	return strings.HasPrefix(block, prefix)
}

// flush ends the current block. A block with no text keeps its kind, so
// that <li><p>text</p></li> is still an item and <h1><span>..</span></h1>
// still a heading; the element that set the kind clears it when it ends.
func (c *xconv) flush() {
	if c.inCell {
		return
	}
	c.dfnAt = -1 // a term is never split across blocks
	c.emphDone = false
	c.emphAt = -1
	c.termEnd = -1
	term := c.dfnPara
	c.dfnPara = false
	raw := c.buf.String()
	if strings.TrimSpace(raw) == "" {
		c.buf.Reset()
		return
	}
	c.buf.Reset()
	kind, level := c.kind, c.level
	c.kind, c.level = kindPara, 0
	var lines []string
	for _, l := range strings.Split(raw, "\n") {
		if c.pre == 0 {
			l = strings.TrimSpace(l)
		} else {
			l = strings.TrimRight(l, " \t\r")
		}
		if l != "" || c.pre > 0 {
			lines = append(lines, l)
		}
	}
	text := strings.Trim(strings.Join(lines, "\n"), "\n")
	if strings.TrimSpace(text) == "" {
		return
	}
	one := strings.Join(strings.Fields(text), " ")
	switch kind {
	case kindHeading:
		c.pendingTitle = -1
		c.blocks = append(c.blocks, strings.Repeat("#", level)+" "+one)
		return
	case kindChapter:
		if utf8.RuneCountInString(one) <= 120 {
			c.blocks = append(c.blocks, "## "+one)
			c.pendingTitle = -1
			if chapterLabel.MatchString(one) {
				c.pendingTitle = len(c.blocks) - 1
			}
			return
		}
	case kindItem:
		c.pendingTitle = -1
		if !term || c.pre > 0 || len(c.conts) > 0 || c.work > 0 {
			c.appendBlock("- " + strings.ReplaceAll(text, "\n", "\n  "))
			return
		}
	}
	if term && c.pre == 0 && len(c.conts) == 0 && c.work == 0 {
		// A paragraph (or list item) defining a term in running text
		// (see htmltext.TermFence).
		c.pendingTitle = -1
		c.blocks = append(c.blocks, htmltext.TermFence(text)...)
		return
	}
	if c.pendingTitle >= 0 && c.pendingTitle == len(c.blocks)-1 && !strings.Contains(text, "\n") &&
		utf8.RuneCountInString(one) <= 80 && !strings.ContainsAny(one[len(one)-1:], ".,;:") {
		// "CHAPTER I" followed by its title: one heading.
		c.blocks[c.pendingTitle] += ": " + one
		c.pendingTitle = -1
		return
	}
	c.pendingTitle = -1
	c.blocks = append(c.blocks, text)
}
