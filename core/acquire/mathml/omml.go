package mathml

import (
	"strings"
	"unicode"
)

// Office Math (OMML, the m: elements of a Word document) is collected by
// the same Builder, started at its <m:oMath> element, and rendered by
// RenderOMML to the linear form MathML gets: a Word document's formulas
// then read as "h(x) := x log (1)/(x)" rather than as their runs run
// together ("hx:=xlog1x"). OMML has no TeX to fall back on, and no
// library reads it in Go, so the mapping is written here; it follows
// ECMA-376 Part 1, §22.1.

// RenderOMML returns the Office Math formula collected as one line.
func (m *Builder) RenderOMML() string {
	return trim(renderOMML(m.root))
}

// ommlChild returns n's first child called name, nil when it has none.
func ommlChild(n *mathNode, name string) *mathNode {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// ommlProp returns the m:val of the property called name inside n's
// properties element (m:dPr, m:naryPr, …), and whether it is set.
func ommlProp(n *mathNode, pr, name string) (string, bool) {
	p := ommlChild(n, pr)
	if p == nil {
		return "", false
	}
	c := ommlChild(p, name)
	if c == nil {
		return "", false
	}
	v, ok := c.attrVal("val")
	return v, ok
}

// ommlArg renders n's child called name ("" when it has none).
func ommlArg(n *mathNode, name string) string {
	if c := ommlChild(n, name); c != nil {
		return renderOMML(c)
	}
	return ""
}

func renderOMML(n *mathNode) string {
	switch n.name {
	case "r":
		var b strings.Builder
		for _, c := range n.children {
			if c.name == "t" {
				b.WriteString(c.text.String())
			}
		}
		return ommlRun(b.String())
	case "t":
		return ommlRun(n.text.String())
	case "f":
		switch typ, _ := ommlProp(n, "fpr", "type"); strings.ToLower(typ) {
		case "lin", "skw":
			return base(ommlArg(n, "num")) + "/" + base(ommlArg(n, "den"))
		case "nobar": // a binomial coefficient's stack
			return "(" + trim(ommlArg(n, "num")) + " over " + trim(ommlArg(n, "den")) + ")"
		}
		return "(" + trim(ommlArg(n, "num")) + ")/(" + trim(ommlArg(n, "den")) + ")"
	case "ssub":
		return base(ommlArg(n, "e")) + script("_", ommlArg(n, "sub"))
	case "ssup":
		return base(ommlArg(n, "e")) + script("^", ommlArg(n, "sup"))
	case "ssubsup":
		return base(ommlArg(n, "e")) + script("_", ommlArg(n, "sub")) + script("^", ommlArg(n, "sup"))
	case "spre":
		return script("_", ommlArg(n, "sub")) + script("^", ommlArg(n, "sup")) + base(ommlArg(n, "e"))
	case "d":
		open, ok := ommlProp(n, "dpr", "begchr")
		if !ok {
			open = "("
		}
		closing, ok := ommlProp(n, "dpr", "endchr")
		if !ok {
			closing = ")"
		}
		sep, ok := ommlProp(n, "dpr", "sepchr")
		if !ok {
			sep = "|"
		}
		var parts []string
		for _, c := range n.children {
			if c.name == "e" {
				parts = append(parts, trim(renderOMML(c)))
			}
		}
		if sep == "" {
			sep = ","
		}
		return open + strings.Join(parts, sep+" ") + closing
	case "nary":
		op, ok := ommlProp(n, "narypr", "chr")
		if !ok {
			op = "∫" // the default n-ary operator (§22.1.2.20)
		}
		return " " + op + script("_", ommlArg(n, "sub")) + script("^", ommlArg(n, "sup")) + " " + ommlArg(n, "e")
	case "rad":
		if deg := trim(ommlArg(n, "deg")); deg != "" {
			return "root(" + deg + ")(" + trim(ommlArg(n, "e")) + ")"
		}
		return "sqrt(" + trim(ommlArg(n, "e")) + ")"
	case "func":
		return trim(ommlArg(n, "fname")) + " " + ommlArg(n, "e")
	case "limlow":
		return base(ommlArg(n, "e")) + script("_", ommlArg(n, "lim"))
	case "limupp":
		return base(ommlArg(n, "e")) + script("^", ommlArg(n, "lim"))
	case "m":
		var rows []string
		for _, r := range n.children {
			if r.name != "mr" {
				continue
			}
			var cells []string
			for _, c := range r.children {
				if c.name == "e" {
					cells = append(cells, trim(renderOMML(c)))
				}
			}
			rows = append(rows, strings.Join(cells, ", "))
		}
		return "[" + strings.Join(rows, "; ") + "]"
	case "eqarr":
		var rows []string
		for _, c := range n.children {
			if c.name == "e" {
				rows = append(rows, trim(renderOMML(c)))
			}
		}
		return strings.Join(rows, "; ")
	case "acc", "bar", "groupchr", "borderbox", "box", "phant":
		return ommlArg(n, "e")
	case "argpr", "ctrlpr", "rpr", "fpr", "dpr", "narypr", "radpr", "funcpr", "limlowpr", "limupppr",
		"mpr", "eqarrpr", "accpr", "barpr", "groupchrpr", "borderboxpr", "boxpr", "phantpr",
		"ssubpr", "ssuppr", "ssubsuppr", "sprepr", "omathparapr":
		return ""
	}
	// oMath, oMathPara, e, num, den, sub, sup, deg, lim, fName and
	// anything unknown: the children in order.
	var b strings.Builder
	b.WriteString(n.text.String())
	for i, c := range n.children {
		if n.name == "omathpara" && i > 0 && c.name == "omath" {
			b.WriteString("; ")
		}
		b.WriteString(renderOMML(c))
	}
	return b.String()
}

// ommlRun spaces a run that is one operator as MathML's <mo> is; OMML
// marks no operators, but Word and pandoc give each its own run.
func ommlRun(s string) string {
	// A zero-width space stands in for an empty script or limit.
	t := strings.TrimSpace(strings.ReplaceAll(s, "\u200b", ""))
	if t == "" {
		return strings.ReplaceAll(s, "\u200b", "")
	}
	if isWord(t) {
		// An upright name (log, sin, det) is a word of its own beside
		// the one-letter runs of its variables.
		return " " + t + " "
	}
	if strings.ContainsAny(t, "0123456789") || len([]rune(t)) > 2 {
		return t
	}
	for _, r := range t {
		if !strings.ContainsRune("=<>≤≥≠≈≡∼≃≅∈∉∋⊂⊆⊃⊇⊊+−-±×·⋅∘→←↦⇒⇔⟹⟺∪∩∧∨∖:|,;()[]{}′″!.⟨⟩‖⌊⌋⌈⌉", r) {
			return t
		}
	}
	return operator(t)
}

// isWord reports a run of two or more letters.
func isWord(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n > 1
}
