package epub

import (
	"encoding/xml"
	"strings"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/xmldec"
)

// The structure an XHTML document's markup carries, written as the
// Markdown the extractor reads (see htmltext.Fence): theorem-like
// containers as fenced divs, links to them as Markdown links, and a bold
// or italic run-in label at a block's start in emphasis.

// xent is what one open element started.
type xent struct {
	cont bool
	like bool // a block of a PreTeXt kind ("example-like")
	work bool // holds the reader's work (htmltext.IsWork)
	hide bool // a type word the page hides
	head bool // a heading whose type word the page hides
	link bool
	frag string
	emph string
	// runTerm is the emphasis mark of a term opened in a definition's
	// run-in paragraph.
	runTerm   string
	runTermAt int // where that term's text starts in buf
	// term is the marker of a run of emphasis opened inside a
	// definition (htmltext.TermMark).
	term  rune
	title bool
}

// xcont is an open theorem-like container; the blocks from start on are
// its own.
type xcont struct {
	kind, id string
	start    int
	title    string
	titleAt  int
	// tentative is set for a container opened by a short class word
	// (htmltext.ShortKind): it is fenced only when its text opens with a
	// label (htmltext.Labelled).
	tentative bool
	// dfn is set when a <dfn> marks the definition's term: its other
	// emphasis is then no term.
	dfn bool
}

// structure records what the opening element t says; every call is
// matched by one closeStructure when the element ends.
func (c *xconv) structure(t xml.StartElement, name string) {
	var e xent
	defer func() {
		c.open = append(c.open, e)
		c.nesting.Deeper(len(c.open))
	}()
	if c.pre > 0 {
		return
	}
	class := xmldec.Attr(t, "class")
	id := strings.TrimSpace(xmldec.Attr(t, "id"))
	if htmltext.IsBlockFamily(class) {
		e.like = true
		c.like++
	}
	if htmltext.IsWork(class) {
		e.work = true
		c.work++
	}
	if c.hideType > 0 && htmltext.HasClass(class, "type") {
		e.hide = true
		c.hide++
		return
	}
	if len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && htmltext.HasClass(class, "hide-type") {
		e.head = true
		c.hideType++
	}
	k, tentative := htmltext.ContainerKind(name, class), false
	if k == "" {
		k = htmltext.ShortKind(name, class)
		tentative = k != ""
	}
	if k != "" && len(c.conts) < htmltext.MaxContainerDepth {
		c.flush()
		c.conts = append(c.conts, xcont{kind: k, id: id, start: len(c.blocks), titleAt: -1, tentative: tentative})
		e.cont = true
		return
	} else if k != "" {
		c.nesting.Flattened = true
	}
	if n := len(c.conts); n > 0 {
		ct := &c.conts[n-1]
		if ct.id == "" && id != "" && len(c.blocks) == ct.start && strings.TrimSpace(c.buf.String()) == "" {
			ct.id = id // bookdown puts the block's id on the label's span
		}
		if ct.title == "" && ct.titleAt < 0 && htmltext.HasClass(class, "title") {
			ct.titleAt = c.buf.Len()
			e.title = true
		}
	}
	if name == "span" || name == "font" {
		name = c.styles.Emphasis(class, name) // Calibre's "calibre5", tex4ht's "cmbx-12"
	}
	switch name {
	case "a":
		href := xmldec.Attr(t, "href")
		if f := htmltext.Fragment(href); f != "" && !c.linking && c.kind != kindHeading {
			c.buf.WriteString(htmltext.LinkStart())
			c.linking, e.link, e.frag = true, true, f
		}
	case "b", "strong", "i", "em":
		if c.kind == kindHeading || c.dfnAt >= 0 || c.inCell {
			return
		}
		mark := "**"
		if name == "i" || name == "em" {
			mark = "*"
		}
		cur := c.buf.String()
		switch {
		case strings.TrimSpace(cur) != "" && c.termAt < 0 && c.inDefinition():
			// Inside a definition, emphasis marks its terms, as the
			// HTML reader reads them; whether it is kept is known once
			// the definition is read whole.
			m := htmltext.TermMark(mark == "**")
			c.buf.WriteRune(m)
			c.termAt = c.buf.Len()
			e.term = m
		case (strings.TrimSpace(cur) == "" || htmltext.LabelMark(cur)) && !c.emphDone:
			// A dingbat set before a block's label is no part of it.
			c.buf.Reset()
			c.buf.WriteString(mark)
			c.emphAt = c.buf.Len()
			e.emph = mark
		case mark == "**" && strings.HasPrefix(cur, "**") && len(cur) > 4 &&
			strings.HasSuffix(strings.TrimRight(cur, " "), "**") && !strings.Contains(strings.TrimRight(cur, " ")[2:len(strings.TrimRight(cur, " "))-2], "**"):
			// Consecutive bold runs ("Theorem", its label, its title)
			// are one label.
			t := strings.TrimRight(cur, " ")
			c.buf.Reset()
			c.buf.WriteString(t[:len(t)-2] + " ")
			e.emph = mark
		case c.emphDone && htmltext.DefinitionLabel(cur):
			// A term set apart in a definition's run-in paragraph,
			// kept as the Markdown emphasis that names the
			// definition; a term set in two runs is one.
			e.runTerm = mark
			if t := strings.TrimRight(cur, " "); c.termEnd == len(t) && strings.HasSuffix(t, mark) {
				c.buf.Reset()
				c.buf.WriteString(strings.TrimSuffix(t, mark) + " ")
				e.runTermAt = c.runTermAt
				return
			}
			c.space()
			c.buf.WriteString(mark)
			c.emphAt = c.buf.Len()
			e.runTermAt, c.runTermAt = c.buf.Len(), c.buf.Len()
		}
	}
}

// closeStructure ends the innermost open element's structure.
func (c *xconv) closeStructure() {
	if len(c.open) == 0 {
		return
	}
	e := c.open[len(c.open)-1]
	c.open = c.open[:len(c.open)-1]
	if e.like {
		c.like--
	}
	if e.work {
		c.work--
	}
	if e.hide {
		c.hide--
	}
	if e.head {
		c.hideType--
	}
	if e.link {
		c.buf.WriteString(htmltext.LinkEnd(e.frag))
		c.linking = false
	}
	if e.term != 0 {
		out, space := htmltext.CloseTerm(c.buf.String(), c.termAt, e.term)
		c.buf.Reset()
		c.buf.WriteString(out)
		if space {
			c.buf.WriteByte(' ')
		}
		c.termAt = -1
	}
	if e.runTerm != "" {
		cur := c.buf.String()
		t := strings.TrimRight(cur, " ")
		out, kept := htmltext.TermMarked(t, e.runTermAt, e.runTerm)
		c.buf.Reset()
		c.buf.WriteString(out)
		if kept {
			c.termEnd = c.buf.Len()
		}
		if len(t) < len(cur) {
			c.buf.WriteByte(' ')
		}
	}
	if e.emph != "" {
		cur := c.buf.String()
		// A line break inside the emphasis ("Definition 0.1.1<br/>")
		// closes the line after the marks, not before them.
		t := strings.TrimRight(cur, " \n")
		c.buf.Reset()
		if strings.HasSuffix(t, e.emph) && strings.TrimSpace(strings.TrimSuffix(t, e.emph)) == "" {
			// Nothing inside: no marks.
		} else {
			c.buf.WriteString(t + e.emph)
			switch rest := cur[len(t):]; {
			case strings.Contains(rest, "\n"):
				c.buf.WriteByte('\n')
			case rest != "":
				c.buf.WriteByte(' ')
			}
			c.emphDone = true
		}
	}
	if e.title && len(c.conts) > 0 {
		ct := &c.conts[len(c.conts)-1]
		if cur := c.buf.String(); ct.titleAt >= 0 && ct.titleAt <= len(cur) {
			ct.title = strings.TrimSpace(cur[ct.titleAt:])
		}
		ct.titleAt = -1
	}
	if e.cont && len(c.conts) > 0 {
		c.flush()
		ct := c.conts[len(c.conts)-1]
		c.conts = c.conts[:len(c.conts)-1]
		if ct.start >= len(c.blocks) {
			return // an empty container says nothing
		}
		if ct.tentative && !htmltext.Labelled(c.blocks[ct.start]) {
			return // a "prop" or "def" div of a page, not a block
		}
		if ct.kind != htmltext.KindProof && ct.id != "" {
			c.ids[ct.id] = true
		}
		if ct.kind == "definition" {
			for i := ct.start; i < len(c.blocks); i++ {
				c.blocks[i] = htmltext.TermMarks(c.blocks[i], !ct.dfn)
			}
		}
		fenced := htmltext.Fence(ct.kind, ct.id, ct.title, c.blocks[ct.start:])
		c.blocks = append(c.blocks[:ct.start], fenced...)
		c.pendingTitle = -1
	}
}

// inDefinition reports whether the innermost open container is a
// definition.
func (c *xconv) inDefinition() bool {
	n := len(c.conts)
	return n > 0 && c.conts[n-1].kind == "definition"
}
