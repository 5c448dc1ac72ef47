package htmltext

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// SVGMath reads a formula that MathJax drew as SVG, the way PreTeXt's
// EPUB and HTML books and many web pages carry mathematics: each glyph is
// a <use data-c="…"> whose code is the character, and <g
// data-mml-node="…"> groups say how they are laid out. Without it the
// formula is a drawing with no text, and a sentence like "if event A can
// occur in m ways" reads "if event can occur in ways".
//
// The text is one line: superscripts after "^", subscripts after "_", a
// fraction's parts around "/", a square root after "√".
type SVGMath struct {
	b     strings.Builder
	nodes []mmlNode
}

// mmlNode is an open layout group and how many child groups it started.
type mmlNode struct {
	kind     string
	children int
}

// Start reads an element of the SVG: name is its local name, glyph the
// text of its data-c code (GlyphText), mml its data-mml-node.
func (m *SVGMath) Start(name, glyph, mml string) {
	switch name {
	case "use":
		m.b.WriteString(glyph)
	case "g":
		if mml != "" && len(m.nodes) > 0 {
			p := &m.nodes[len(m.nodes)-1]
			p.children++
			switch {
			case p.children == 2 && (p.kind == "msup" || p.kind == "mover"):
				m.b.WriteByte('^')
			case p.children == 2 && (p.kind == "msub" || p.kind == "munder" || p.kind == "msubsup" || p.kind == "munderover"):
				m.b.WriteByte('_')
			case p.children == 3 && (p.kind == "msubsup" || p.kind == "munderover"):
				m.b.WriteByte('^')
			case p.children == 2 && p.kind == "mfrac":
				m.b.WriteByte('/')
			}
		}
		if mml == "msqrt" {
			m.b.WriteString("√")
		}
		// Every group is pushed, so the stack pops in step with the tags.
		m.nodes = append(m.nodes, mmlNode{kind: mml})
	}
}

// End reads the end of an element of the SVG.
func (m *SVGMath) End(name string) {
	if name == "g" && len(m.nodes) > 0 {
		m.nodes = m.nodes[:len(m.nodes)-1]
	}
}

// String is the formula's text.
func (m *SVGMath) String() string { return m.b.String() }

// GlyphText is the text of a MathJax glyph code ("1D434" → "A"): the
// mathematical alphanumerics fold to the letters they style, so formulas
// read as text and search finds their letters.
func GlyphText(hex string) string {
	c, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || c < 0x20 || c > unicode.MaxRune {
		return ""
	}
	r := rune(c)
	if r >= 0x1D400 && r <= 0x1D7FF {
		return norm.NFKC.String(string(r))
	}
	return string(r)
}
