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

// Note says how deep what (a page, "ch3.xhtml") nests its elements and
// what was done about it, or "" when the nesting is unremarkable.
func (n Nesting) Note(what string) string {
	if !n.Flattened && n.Depth < DeepNesting {
		return ""
	}
	return fmt.Sprintf("%s nests elements %d deep; theorem-like blocks and quotes nested deeper than %d are read as plain text",
		what, n.Depth, MaxContainerDepth)
}

// Deeper records a nesting of depth elements.
func (n *Nesting) Deeper(depth int) {
	n.Depth = max(n.Depth, depth)
}

// Read returns what Page returns and how deep the page nests its
// elements.
func Read(html string) (text, title string, n Nesting) {
	toks := tokenize(html)
	text, n = readText(toks)
	return text, titleOf(toks), n
}
