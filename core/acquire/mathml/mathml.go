// Package mathml renders a MathML formula as one line of linear text, for
// the readers of EPUB and HTML.
package mathml

import (
	"encoding/xml"
	"strings"

	"github.com/lore-kb/lore/core/text"
)

// MathML is rendered as one line of linear text, so that a formula reads as
// "A_{ij} = 0" rather than as its tokens spread out ("A i j = 0"): the TeX
// of an <annotation> when the formula carries one, else a linear form of
// its presentation markup (x^2, (a)/(b), sqrt(y)).

// Limits on the tree one <math> element may build; past them the rest of
// the formula is kept as plain text, so hostile nesting can neither exhaust
// the stack of the renderer nor memory.
const (
	maxMathDepth = 64
	maxMathNodes = 1 << 14
)

type mathNode struct {
	name     string
	attr     []xml.Attr
	text     strings.Builder
	children []*mathNode
}

func (n *mathNode) attrVal(local string) (string, bool) {
	for _, a := range n.attr {
		if strings.EqualFold(a.Name.Local, local) {
			return a.Value, true
		}
	}
	return "", false
}

// Builder collects the tree of one <math> element as its tokens arrive.
type Builder struct {
	root  *mathNode
	stack []*mathNode
	nodes int
	flat  int // elements open past maxMathDepth or maxMathNodes
}

// New starts the formula whose <math> element t opens.
func New(t xml.StartElement) *Builder {
	root := &mathNode{name: "math", attr: t.Attr}
	return &Builder{root: root, stack: []*mathNode{root}, nodes: 1}
}

// Start adds an element opening inside the formula.
func (m *Builder) Start(t xml.StartElement) {
	if m.flat > 0 || len(m.stack) >= maxMathDepth || m.nodes >= maxMathNodes {
		m.flat++
		return
	}
	n := &mathNode{name: strings.ToLower(t.Name.Local), attr: t.Attr}
	top := m.stack[len(m.stack)-1]
	top.children = append(top.children, n)
	m.stack = append(m.stack, n)
	m.nodes++
}

// End closes the innermost element and reports whether the <math> element
// itself has ended.
func (m *Builder) End() bool {
	if m.flat > 0 {
		m.flat--
		return false
	}
	m.stack = m.stack[:len(m.stack)-1]
	return len(m.stack) == 0
}

// Chars adds text inside the formula.
func (m *Builder) Chars(s string) {
	m.stack[len(m.stack)-1].text.WriteString(s)
}

// Render returns the formula as one line. A formula that is its TeX
// (the whole <math> one <semantics> with a TeX annotation, as pandoc and
// LaTeXML write it) is written between Markdown's math delimiters, $x$,
// or $$x$$ for a display formula, as its source writes it.
func (m *Builder) Render() string {
	if tex, ok := wholeTeX(m.root); ok {
		if d, _ := m.root.attrVal("display"); strings.EqualFold(strings.TrimSpace(d), "block") {
			return "$$" + tex + "$$"
		}
		return "$" + tex + "$"
	}
	out := text.CollapseSpace(renderMath(m.root))
	if out == "" {
		if alt, ok := m.root.attrVal("alttext"); ok {
			out = text.CollapseSpace(alt)
		}
	}
	return out
}

// wholeTeX returns the TeX of a <math> element whose only child is a
// <semantics> carrying a TeX annotation, on one line; a TeX holding "$"
// is not written between dollars.
func wholeTeX(root *mathNode) (string, bool) {
	if len(root.children) != 1 || root.children[0].name != "semantics" || strings.TrimSpace(root.text.String()) != "" {
		return "", false
	}
	tex, ok := texAnnotation(root.children[0])
	if !ok || strings.Contains(tex, "$") {
		return "", false
	}
	return text.CollapseSpace(tex), true
}

// texAnnotation returns the TeX a <semantics> element carries, if any.
func texAnnotation(n *mathNode) (string, bool) {
	for _, c := range n.children {
		if c.name != "annotation" {
			continue
		}
		enc, _ := c.attrVal("encoding")
		switch strings.ToLower(strings.TrimSpace(enc)) {
		case "application/x-tex", "application/x-latex", "tex", "latex", "text/x-tex":
			if tex := strings.TrimSpace(c.text.String()); tex != "" {
				return tex, true
			}
		}
	}
	return "", false
}

func renderMath(n *mathNode) string {
	kids := n.children
	arg := func(i int) string {
		if i < len(kids) {
			return renderMath(kids[i])
		}
		return ""
	}
	switch n.name {
	case "annotation", "annotation-xml", "mphantom", "none", "mprescripts":
		return ""
	case "semantics":
		if tex, ok := texAnnotation(n); ok {
			return tex
		}
		return arg(0)
	case "mi", "mn", "mtext", "ms":
		return strings.TrimSpace(n.text.String()) + renderRow(kids)
	case "mo":
		return operator(strings.TrimSpace(n.text.String()))
	case "mspace":
		return " "
	case "msub", "munder":
		return base(arg(0)) + script("_", arg(1))
	case "msup", "mover":
		return base(arg(0)) + script("^", arg(1))
	case "msubsup", "munderover":
		return base(arg(0)) + script("_", arg(1)) + script("^", arg(2))
	case "mfrac":
		return "(" + trim(arg(0)) + ")/(" + trim(arg(1)) + ")"
	case "msqrt":
		return "sqrt(" + trim(renderRow(kids)) + ")"
	case "mroot":
		return "root(" + trim(arg(1)) + ")(" + trim(arg(0)) + ")"
	case "mfenced":
		open, ok := n.attrVal("open")
		if !ok {
			open = "("
		}
		closing, ok := n.attrVal("close")
		if !ok {
			closing = ")"
		}
		parts := make([]string, 0, len(kids))
		for _, k := range kids {
			parts = append(parts, trim(renderMath(k)))
		}
		return open + strings.Join(parts, ", ") + closing
	case "mtable":
		rows := make([]string, 0, len(kids))
		for _, r := range kids {
			rows = append(rows, trim(renderMath(r)))
		}
		return "[" + strings.Join(rows, "; ") + "]"
	case "mtr", "mlabeledtr":
		cells := make([]string, 0, len(kids))
		for _, c := range kids {
			cells = append(cells, trim(renderMath(c)))
		}
		return strings.Join(cells, ", ")
	}
	// mrow, mstyle, mpadded, menclose, merror, mtd, math and anything
	// unknown: the children in order, with text an element past the limits
	// left behind.
	return strings.TrimSpace(n.text.String()) + renderRow(kids)
}

func renderRow(kids []*mathNode) string {
	var b strings.Builder
	for _, k := range kids {
		b.WriteString(renderMath(k))
	}
	return b.String()
}

// operator spaces an infix operator; brackets and the invisible operators
// (function application, invisible times and separator) stay tight.
func operator(op string) string {
	switch op {
	case "":
		return ""
	case "\u2061", "\u2062", "\u2063", "\u2064":
		return ""
	case "(", ")", "[", "]", "{", "}", "|", "‖", "⟨", "⟩", "⌊", "⌋", "⌈", "⌉", ".", "!", "′", "″", "'":
		return op
	case ",", ";":
		return op + " "
	}
	return " " + op + " "
}

func trim(s string) string { return text.CollapseSpace(s) }

// base parenthesizes a compound base of a script: (a + b)^2.
func base(s string) string {
	s = trim(s)
	if strings.Contains(s, " ") && !enclosed(s) {
		return "(" + s + ")"
	}
	return s
}

// script writes a sub- or superscript, braced unless it is one character.
func script(mark, s string) string {
	s = trim(s)
	switch {
	case s == "":
		return ""
	case len([]rune(s)) == 1:
		return mark + s
	}
	return mark + "{" + s + "}"
}

func enclosed(s string) bool {
	return len(s) >= 2 && (s[0] == '(' && s[len(s)-1] == ')' || s[0] == '[' && s[len(s)-1] == ']')
}
