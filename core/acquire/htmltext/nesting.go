package htmltext

import "fmt"

// Nesting is how deep a page (or an EPUB document) nests its elements,
// and whether the reader kept less structure than the markup has: a
// theorem-like container, or a quote, opened deeper than
// MaxContainerDepth is read as plain text.
type Nesting struct {
	// Depth is the deepest nesting of elements the reader saw.
	Depth int
	// Flattened is set when a container or a quote was read as plain
	// text for being nested too deep.
	Flattened bool
}

// DeepNesting is the depth from which a page is told about even when
// nothing in it was flattened: no page written for reading nests its
// elements a thousand deep, so such a page is damaged or hostile, and a
// person should know why its text reads flat.
const DeepNesting = 1000

// MaxDepth is how deep the tree the reader builds may nest. The elements
// opened deeper are read as their text alone, without their structure:
// no page written for reading nests a few hundred deep, and a token and
// an open entry per level of a hostile nest held about fifty times the
// page (a 50 MB nest of divs took gigabytes).
const MaxDepth = 256

// Note says how deep what (a page, "ch3.xhtml") nests its elements and
// what was done about it, or "" when the nesting is unremarkable.
func (n Nesting) Note(what string) string {
	if !n.Flattened && n.Depth < DeepNesting {
		return ""
	}
	note := fmt.Sprintf("%s nests elements %d deep; theorem-like blocks and quotes nested deeper than %d are read as plain text",
		what, n.Depth, MaxContainerDepth)
	if n.Depth > MaxDepth {
		note += fmt.Sprintf("; elements nested deeper than %d are read as their text alone", MaxDepth)
	}
	return note
}

// Deeper records a nesting of depth elements.
func (n *Nesting) Deeper(depth int) {
	n.Depth = max(n.Depth, depth)
}

// Read returns what Page returns and how deep the page nests its
// elements.
func Read(html string) (text, title string, n Nesting) {
	toks, cut := tokenize(html)
	text, n = readText(toks)
	n.Deeper(cut.Depth)
	n.Flattened = n.Flattened || cut.Flattened
	return text, titleOf(toks), n
}

// depthGuard keeps the tree of the tokens tokenize hands on at most
// MaxDepth deep: it follows which elements are open, closing those HTML
// closes implicitly as the writer does, and drops the start and end tags
// of the elements opened past the bound, keeping their text.
type depthGuard struct {
	open []string // the open elements' names, at most MaxDepth
	// excess counts the elements open past MaxDepth, which are not
	// named: the next end tag closes the innermost of them.
	excess  int
	nesting Nesting
}

func (g *depthGuard) top() string {
	if len(g.open) == 0 {
		return ""
	}
	return g.open[len(g.open)-1]
}

func (g *depthGuard) pop() { g.open = g.open[:len(g.open)-1] }

// start reports whether the start tag of a non-void element name is
// handed on.
func (g *depthGuard) start(name string) bool {
	if g.excess == 0 {
		closeImplied(name, g.top, g.pop)
		if len(g.open) < MaxDepth {
			g.open = append(g.open, name)
			g.nesting.Deeper(len(g.open))
			return true
		}
	}
	g.excess++
	g.nesting.Flattened = true
	g.nesting.Deeper(MaxDepth + g.excess)
	return false
}

// end reports whether the end tag of name is handed on.
func (g *depthGuard) end(name string) bool {
	if g.excess > 0 {
		g.excess--
		return false
	}
	for i := len(g.open) - 1; i >= 0; i-- {
		if g.open[i] == name {
			g.open = g.open[:i]
			break
		}
	}
	return true
}

// closeImplied closes the elements the start of name ends implicitly in
// HTML (a paragraph at the next block, a list item at the next item, a
// cell at the next cell or row), given the innermost open element and a
// way to close it.
func closeImplied(name string, top func() string, pop func()) {
	if blocks[name] && top() == "p" {
		pop()
	}
	switch {
	case name == "li" && top() == "li",
		headingLevel(name) > 0 && headingLevel(top()) > 0,
		(name == "td" || name == "th") && (top() == "td" || top() == "th"),
		name == "option" && top() == "option":
		pop()
	case name == "tr":
		if top() == "td" || top() == "th" {
			pop()
		}
		if top() == "tr" {
			pop()
		}
	}
}
