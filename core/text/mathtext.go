package text

import (
	"strings"
	"unicode/utf8"
)

// Readable statements: a person reading a primitive in the terminal, in
// lore show or in a generated skill reads "f: I → ℝ", not
// "$f \colon I \to \R$". The stored statement keeps its LaTeX; only what is
// shown is rendered. No Go library turns TeX math into plain Unicode text
// (the renderers there are for images and MathML), so this is a small
// table-driven reader of the inline math statements hold: symbols,
// blackboard letters, fractions, roots, scripts. What it does not know it
// writes as the command's name, never dropping a token.

// ReadableMath renders the inline math of s ($…$, \(…\), $$…$$, \[…\])
// as Unicode text and leaves the rest as it is.
func ReadableMath(s string) string {
	if !strings.ContainsAny(s, `$\`) {
		return s
	}
	var b strings.Builder
	eachMath(s, func(from, to int, shown string, math bool) {
		if !math {
			shown = s[from:to]
		}
		b.WriteString(shown)
	})
	return b.String()
}

// MathMap relates a statement to its ReadableMath rendering, so that a
// piece of the rendering a person kept (a part of a split, say) can be
// given back in the statement's own notation.
type MathMap struct {
	// Shown is ReadableMath of the statement.
	Shown string
	src   string
	// spans are the rendered math spans: src[from:to] shows as
	// Shown[at:at+n]; the text between them is the same in both.
	spans []mathSpan
}

type mathSpan struct{ from, to, at, n int }

// NewMathMap maps s to its rendering.
func NewMathMap(s string) MathMap {
	m := MathMap{src: s}
	var b strings.Builder
	eachMath(s, func(from, to int, shown string, math bool) {
		if !math {
			b.WriteString(s[from:to])
			return
		}
		m.spans = append(m.spans, mathSpan{from: from, to: to, at: b.Len(), n: len(shown)})
		b.WriteString(shown)
	})
	m.Shown = b.String()
	return m
}

// Source returns the statement's text that part of Shown renders: part
// found in Shown where it begins and ends outside a math span (a span is
// taken whole or not at all). ok is false when part is not such a piece
// of Shown, text the person wrote rather than kept.
func (m MathMap) Source(part string) (src string, ok bool) {
	if part == "" {
		return "", false
	}
	for off := 0; off <= len(m.Shown)-len(part); {
		i := strings.Index(m.Shown[off:], part)
		if i < 0 {
			return "", false
		}
		i += off
		from, okFrom := m.srcAt(i, true)
		to, okTo := m.srcAt(i+len(part), false)
		if okFrom && okTo {
			return m.src[from:to], true
		}
		off = i + 1
	}
	return "", false
}

// srcAt is the statement's offset of Shown's offset at, when at is not
// inside a rendered math span; start says which side of an empty span at
// is on.
func (m MathMap) srcAt(at int, start bool) (int, bool) {
	delta := 0
	for _, sp := range m.spans {
		switch {
		case at < sp.at || (at == sp.at && (start || sp.n > 0)):
			return at + delta, true
		case at < sp.at+sp.n:
			return 0, false
		}
		delta += (sp.to - sp.from) - sp.n
	}
	return at + delta, true
}

// eachMath walks s: the text outside math as its extent, each math span
// as its extent and its rendering (which may be empty).
func eachMath(s string, fn func(from, to int, shown string, math bool)) {
	plain := 0
	flush := func(i int) {
		if plain < i {
			fn(plain, i, "", false)
		}
	}
	for i := 0; i < len(s); {
		open, close := "", ""
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			open, close = "$$", "$$"
		case s[i] == '$' && (i == 0 || s[i-1] != '\\'):
			open, close = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, close = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, close = `\[`, `\]`
		}
		if open == "" {
			i++
			continue
		}
		j := strings.Index(s[i+len(open):], close)
		if j < 0 {
			break
		}
		flush(i)
		end := i + len(open) + j + len(close)
		fn(i, end, mathText(s[i+len(open):i+len(open)+j]), true)
		i, plain = end, end
	}
	flush(len(s))
}

// mathText renders the content of one math span.
func mathText(m string) string {
	var b strings.Builder
	r := mathReader{s: m}
	r.run(&b, 0)
	return strings.Join(strings.Fields(b.String()), " ")
}

type mathReader struct {
	s string
	i int
}

// group reads a braced group or a single token after a command.
func (r *mathReader) group(depth int) string {
	for r.i < len(r.s) && r.s[r.i] == ' ' {
		r.i++
	}
	if r.i >= len(r.s) {
		return ""
	}
	var b strings.Builder
	if r.s[r.i] == '{' {
		end := matchBrace(r.s, r.i)
		sub := mathReader{s: r.s[r.i+1 : end]}
		sub.run(&b, depth+1)
		r.i = min(end+1, len(r.s))
		return b.String()
	}
	if r.s[r.i] == '\\' {
		start := r.i
		r.i++
		for r.i < len(r.s) && isLetterByte(r.s[r.i]) {
			r.i++
		}
		if r.i == start+1 && r.i < len(r.s) {
			r.i++
		}
		sub := mathReader{s: r.s[start:r.i]}
		sub.run(&b, depth+1)
		return b.String()
	}
	_, size := utf8.DecodeRuneInString(r.s[r.i:])
	g := r.s[r.i : r.i+size]
	r.i += size
	return g
}

func (r *mathReader) run(b *strings.Builder, depth int) {
	if depth > 20 {
		b.WriteString(r.s)
		return
	}
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '\\':
			r.command(b, depth)
		case c == '^' || c == '_':
			r.i++
			g := r.group(depth)
			b.WriteString(script(g, c == '^'))
		case c == '{' || c == '}':
			r.i++
		case c == '~':
			b.WriteByte(' ')
			r.i++
		default:
			b.WriteByte(c)
			r.i++
		}
	}
}

func (r *mathReader) command(b *strings.Builder, depth int) {
	start := r.i
	r.i++
	for r.i < len(r.s) && isLetterByte(r.s[r.i]) {
		r.i++
	}
	name := r.s[start+1 : r.i]
	if name == "" && r.i < len(r.s) {
		// \, \; \! \{ \} \| and the like
		c := r.s[r.i]
		r.i++
		switch c {
		case ',', ';', ':', ' ':
			b.WriteByte(' ')
		case '{', '}', '|', '%', '&', '#', '_', '$':
			b.WriteByte(c)
		}
		return
	}
	switch name {
	case "frac", "dfrac", "tfrac":
		num, den := r.group(depth), r.group(depth)
		b.WriteString(operand(num) + "/" + operand(den))
	case "sqrt":
		b.WriteString("√" + operand(r.group(depth)))
	case "mathbb", "mathbf", "mathrm", "mathit", "mathcal", "mathsf", "text", "textrm", "textit", "textbf", "operatorname", "mathfrak", "boldsymbol", "emph":
		g := r.group(depth)
		if name == "mathbb" {
			g = blackboard(g)
		}
		b.WriteString(g)
	case "colon":
		// "f \colon I \to \R" reads "f: I → ℝ": the colon takes no space before it.
		t := strings.TrimRight(b.String(), " ")
		b.Reset()
		b.WriteString(t + ":")
	case "left", "right", "big", "Big", "bigl", "bigr", "Bigl", "Bigr", "displaystyle", "limits":
	case "not":
		b.WriteString(r.group(depth) + "\u0338")
	default:
		if sym, ok := mathSymbols[name]; ok {
			b.WriteString(sym)
			return
		}
		b.WriteString(name)
	}
}

// operand parenthesizes a fraction's part made of several terms: a sum or
// a difference outside any parentheses of its own.
func operand(g string) string {
	depth := 0
	for _, c := range g {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '+', '-', '−', ' ':
			if depth == 0 && utf8.RuneCountInString(g) > 1 {
				return "(" + g + ")"
			}
		}
	}
	return g
}

// matchBrace returns the index of the brace closing the one at open, or
// len(s) when it never closes.
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// script writes g as superscript or subscript characters when every one
// has such a form, else as ^(g) or _(g).
func script(g string, sup bool) string {
	table := subscripts
	mark := "_"
	if sup {
		table, mark = superscripts, "^"
	}
	var b strings.Builder
	for _, c := range g {
		s, ok := table[c]
		if !ok {
			if utf8.RuneCountInString(g) == 1 {
				return mark + g
			}
			return mark + "(" + g + ")"
		}
		b.WriteRune(s)
	}
	return b.String()
}

var superscripts = map[rune]rune{'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', 'n': 'ⁿ', 'i': 'ⁱ', 'T': 'ᵀ', '*': '*', '′': '′'}

var subscripts = map[rune]rune{'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '=': '₌', '(': '₍', ')': '₎', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'n': 'ₙ', 'm': 'ₘ', 'a': 'ₐ', 'e': 'ₑ',
	'x': 'ₓ', 'o': 'ₒ', 'r': 'ᵣ', 'u': 'ᵤ', 'v': 'ᵥ', 't': 'ₜ', 's': 'ₛ', 'p': 'ₚ', 'l': 'ₗ', 'h': 'ₕ'}

// blackboard writes the double-struck letters \mathbb names.
func blackboard(g string) string {
	var b strings.Builder
	for _, c := range g {
		if d, ok := doubleStruck[c]; ok {
			b.WriteRune(d)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

var doubleStruck = map[rune]rune{'R': 'ℝ', 'N': 'ℕ', 'Z': 'ℤ', 'Q': 'ℚ', 'C': 'ℂ', 'P': 'ℙ', 'F': '𝔽', 'E': '𝔼', 'H': 'ℍ', 'K': '𝕂'}

// mathSymbols are the commands of inline math and what they read as.
var mathSymbols = map[string]string{
	// Letters sets are named by, as macros books define.
	"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "reals": "ℝ", "naturals": "ℕ", "integers": "ℤ",
	// Greek.
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
	"theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π",
	"rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	// Relations.
	"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "approx": "≈", "equiv": "≡", "sim": "∼", "simeq": "≃",
	"cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰", "mid": "∣",
	"nmid": "∤", "parallel": "∥", "perp": "⊥",
	// Sets and logic.
	"in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇", "subsetneq": "⊊",
	"cup": "∪", "cap": "∩", "bigcup": "⋃", "bigcap": "⋂", "setminus": "∖", "emptyset": "∅", "varnothing": "∅",
	"forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "land": "∧", "wedge": "∧", "lor": "∨", "vee": "∨",
	"implies": "⟹", "impliedby": "⟸", "iff": "⟺", "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔",
	"to": "→", "rightarrow": "→", "leftarrow": "←", "leftrightarrow": "↔", "mapsto": "↦", "longrightarrow": "⟶",
	"longmapsto": "⟼", "hookrightarrow": "↪", "uparrow": "↑", "downarrow": "↓", "vdash": "⊢", "models": "⊨",
	"top": "⊤", "bot": "⊥",
	// Operators.
	"times": "×", "cdot": "·", "cdots": "⋯", "ldots": "…", "dots": "…", "vdots": "⋮", "ddots": "⋱", "div": "÷", "pm": "±",
	"mp": "∓", "circ": "∘", "ast": "∗", "star": "⋆", "oplus": "⊕", "otimes": "⊗", "odot": "⊙", "bullet": "•",
	"sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "oint": "∮", "partial": "∂", "nabla": "∇",
	"infty": "∞", "aleph": "ℵ", "ell": "ℓ", "hbar": "ℏ", "Re": "ℜ", "Im": "ℑ", "wp": "℘", "angle": "∠", "triangle": "△",
	"prime": "′", "deg": "deg", "langle": "⟨", "rangle": "⟩", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋",
	"vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖", "quad": " ", "qquad": " ",
	"lim": "lim", "sup": "sup", "inf": "inf", "max": "max", "min": "min", "log": "log", "ln": "ln", "exp": "exp",
	"sin": "sin", "cos": "cos", "tan": "tan", "det": "det", "gcd": "gcd", "dim": "dim", "ker": "ker", "mod": "mod",
	"bmod": "mod", "pmod": "mod",
}
