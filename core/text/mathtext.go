package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Readable statements: a person reading a primitive in the terminal, in
// lore show or in a generated skill reads "f: I → ℝ", not
// "$f \colon I \to \R$". The stored statement keeps its LaTeX; only what is
// shown is rendered. No Go library turns TeX math into plain Unicode text
// (the renderers there are for images and MathML), so this is a small
// table-driven reader of the math statements hold: the symbols, fonts,
// accents and structures of amsmath, amssymb, mathtools, nicefrac,
// physics, braket and siunitx (mathsymbols.go). A command it does not know
// shows its arguments (a book's \transfib{B}{p}{b} whose definition did not
// reach the statement) and, when it takes none, its name: no backslash and
// no dollar reaches the reader.

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
// as its extent and its rendering (which may be empty). A statement cut
// out of a longer text may hold a delimiter whose partner was left
// behind: an opening display delimiter whose "closing" one would enclose
// inline math of its own is a stray and shows as nothing, and math left
// open runs to the end of the statement. A dollar the source escapes
// ("\$5") is a currency sign and shows as "$".
func eachMath(s string, fn func(from, to int, shown string, math bool)) {
	eachMathWith(s, mathText, fn)
}

// eachMathWith is eachMath with each math span's content given to render.
func eachMathWith(s string, render func(string) string, fn func(from, to int, shown string, math bool)) {
	plain := 0
	flush := func(i int) {
		if plain < i {
			fn(plain, i, "", false)
		}
	}
	emit := func(from, to int, shown string) {
		flush(from)
		fn(from, to, shown, true)
		plain = to
	}
	// A statement that starts with a display delimiter and holds an odd
	// number of them starts with the end of a display it was cut from.
	// (With no other delimiter, the display runs to the end unless the
	// rest holds inline math of prose.)
	if t := strings.TrimLeft(s, " \n"); strings.HasPrefix(t, "$$") && strings.Count(s, "$$")%2 == 1 &&
		(strings.Count(s, "$$") > 1 || strayDollar(t[2:])) {
		e := len(s) - len(t) + 2
		for e < len(s) && (s[e] == ' ' || s[e] == '\n') {
			e++
		}
		emit(0, e, "")
	}
	for i := plain; i < len(s); {
		open, close := "", ""
		switch {
		case strings.HasPrefix(s[i:], `\$`):
			emit(i, i+2, "$")
			i += 2
			continue
		case strings.HasPrefix(s[i:], `\\`):
			i += 2
			continue
		case strings.HasPrefix(s[i:], "$$"):
			open, close = "$$", "$$"
		case s[i] == '$':
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
		body := i + len(open)
		j := closingDelim(s, body, close)
		switch {
		case j < 0 && open == "$" && !looksLikeMath(s[body:]):
			// "$5", "$HOME": a currency sign or a shell's variable.
			i = body
			continue
		case open != "$" && (j < 0 || open == "$$") && (strayAt(s[body:spanEnd(j, len(s))]) >= 0 || j < 0 && !looksLikeMath(s[body:])):
			// A display delimiter without its partner: before prose, the
			// end of a display the statement was cut from (shown as
			// nothing, with the blanks after it); before math, a display
			// whose end was lost, running to the inline math that
			// follows it.
			end := len(s)
			if j >= 0 {
				end = j
			}
			if k := strayAt(s[body:end]); k >= 0 {
				end = body + k
			}
			if looksLikeMath(s[body:end]) {
				// The blank before the inline math stays prose.
				for end > body && (s[end-1] == ' ' || s[end-1] == '\n') {
					end--
				}
				emit(i, end, render(s[body:end]))
				i = end
				continue
			}
			e := body
			for e < len(s) && (s[e] == ' ' || s[e] == '\n') {
				e++
			}
			emit(i, e, "")
			i = e
			continue
		case j < 0:
			emit(i, len(s), render(s[body:]))
			i = len(s)
			continue
		}
		end := j + len(close)
		emit(i, end, render(s[body:j]))
		i = end
	}
	flush(len(s))
}

// spanEnd is where a span whose closing delimiter is at j (-1: none)
// ends at the latest.
func spanEnd(j, n int) int {
	if j < 0 {
		return n
	}
	return j
}

// looksLikeMath reports whether text after an opening delimiter that is
// never closed reads as TeX math: a command, a script or a group.
func looksLikeMath(t string) bool {
	for k := 0; k < len(t); k++ {
		switch t[k] {
		case '^', '_', '{':
			return true
		case '\\':
			if k+1 < len(t) && isLetterByte(t[k+1]) {
				return true
			}
		}
	}
	return false
}

// closingDelim finds close at or after from outside any braces opened
// after from (the dollars of \text{for $x$} belong to the text), skipping
// escaped characters, or returns -1.
func closingDelim(s string, from int, close string) int {
	depth := 0
	for k := from; k < len(s); k++ {
		switch s[k] {
		case '\\':
			if depth <= 0 && strings.HasPrefix(s[k:], close) {
				return k
			}
			k++
		case '{':
			depth++
		case '}':
			depth--
		case '$':
			if depth <= 0 && strings.HasPrefix(s[k:], close) {
				return k
			}
		}
	}
	return -1
}

// strayDollar reports whether the text between two display delimiters
// holds a single dollar outside any braces: inline math of prose, so the
// two delimiters do not belong together. (A dollar inside braces is
// \text{for $x$} within the display.)
func strayDollar(m string) bool { return strayAt(m) >= 0 }

// strayAt is the offset of the first dollar of m outside any braces, or -1.
func strayAt(m string) int {
	depth := 0
	for k := 0; k < len(m); k++ {
		switch m[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
		case '$':
			if depth <= 0 {
				return k
			}
		}
	}
	return -1
}

// mathText renders the content of one math span.
func mathText(m string) string {
	var b strings.Builder
	r := mathReader{s: executeDefinitions(m)}
	r.run(&b, 0)
	return strings.Join(strings.Fields(b.String()), " ")
}

// maxMathDepth bounds how deeply groups nest before the rest of a group is
// rendered as plain characters.
const maxMathDepth = 20

type mathReader struct {
	s string
	i int
}

func (r *mathReader) skipSpace() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\n' || r.s[r.i] == '\t' || r.s[r.i] == '\r') {
		r.i++
	}
}

// derivative reports whether a fraction of parts num over den is a
// derivative's operator (d/dx, ∂²/∂x², dⁿ/dtⁿ): it applies to what
// follows it, as written, and needs no parentheses.
func derivative(num, den string) bool {
	n := strings.TrimRightFunc(strings.TrimSpace(num), func(r rune) bool { return strings.ContainsRune("⁰¹²³⁴⁵⁶⁷⁸⁹ⁿᵏ", r) })
	return (n == "d" || n == "∂" || n == "δ") && differentialOp(den)
}

// differentialOp reports whether s opens with a differential's letter:
// d, ∂ or δ.
func differentialOp(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "d") || strings.HasPrefix(s, "∂") || strings.HasPrefix(s, "δ")
}

// factorFollows reports whether what follows r's position multiplies
// what came before by being written next to it: a letter, a digit, an
// opening parenthesis or bracket, or a command that prints a letter, a
// named function, a root or a fraction. A relation, an operator or the
// end of the formula does not.
func (r *mathReader) factorFollows() bool {
	k := r.i
	for k < len(r.s) && (r.s[k] == ' ' || r.s[k] == '\n' || r.s[k] == '\t') {
		k++
	}
	if k >= len(r.s) {
		return false
	}
	c := r.s[k]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '(' || c == '[':
		return true
	case c != '\\':
		return false
	}
	j := k + 1
	for j < len(r.s) && isASCIILetter(r.s[j]) {
		j++
	}
	name := r.s[k+1 : j]
	switch name {
	case "frac", "dfrac", "tfrac", "sqrt", "left", "bigl", "Bigl":
		return true
	}
	if _, ok := mathOperators[name]; ok {
		return true
	}
	sym, ok := mathSymbols[name]
	if !ok {
		return false
	}
	first, _ := utf8.DecodeRuneInString(sym)
	return unicode.IsLetter(first)
}

// peek is the next byte after blanks, or 0.
func (r *mathReader) peek() byte {
	k := r.i
	for k < len(r.s) && (r.s[k] == ' ' || r.s[k] == '\n' || r.s[k] == '\t') {
		k++
	}
	if k < len(r.s) {
		return r.s[k]
	}
	return 0
}

// rawGroup reads a braced group (its content as written) or a single
// token after a command.
func (r *mathReader) rawGroup() string {
	r.skipSpace()
	if r.i >= len(r.s) {
		return ""
	}
	switch r.s[r.i] {
	case '{':
		end := matchBrace(r.s, r.i)
		g := r.s[r.i+1 : end]
		r.i = min(end+1, len(r.s))
		return g
	case '\\':
		start := r.i
		r.i = commandEnd(r.s, start)
		return r.s[start:r.i]
	case '}':
		return ""
	}
	_, size := utf8.DecodeRuneInString(r.s[r.i:])
	g := r.s[r.i : r.i+size]
	r.i += size
	return g
}

// group reads a braced group or a single token after a command, rendered.
func (r *mathReader) group(depth int) string {
	return r.render(r.rawGroup(), depth)
}

// render renders a piece of math read out of the span.
func (r *mathReader) render(g string, depth int) string {
	var b strings.Builder
	sub := mathReader{s: g}
	sub.run(&b, depth+1)
	return b.String()
}

// opt reads a bracketed optional argument as written; ok is false when
// none follows.
func (r *mathReader) opt() (string, bool) {
	k := r.i
	for k < len(r.s) && r.s[k] == ' ' {
		k++
	}
	if k >= len(r.s) || r.s[k] != '[' {
		return "", false
	}
	depth := 0
	for e := k; e < len(r.s) && e-k < 400; e++ {
		switch r.s[e] {
		case '\\':
			e++
		case '{':
			depth++
		case '}':
			depth--
		case ']':
			if depth == 0 {
				r.i = e + 1
				return r.s[k+1 : e], true
			}
		}
	}
	return "", false
}

func (r *mathReader) run(b *strings.Builder, depth int) {
	if depth > maxMathDepth {
		b.WriteString(strings.NewReplacer(`\`, "", "{", "", "}", "", "$", "").Replace(r.s))
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
		case c == '{' || c == '}' || c == '$':
			// Grouping, and the dollars of \text{for $x$} inside math.
			r.i++
		case c == '~' || c == '&' || c == '\n' || c == '\t':
			b.WriteByte(' ')
			r.i++
		default:
			b.WriteByte(c)
			r.i++
		}
	}
}

// command renders the command at r.i: a structure (a fraction, a root, an
// accent, a font), a symbol, a package's notation, or — last — an unknown
// command as its arguments, or its name when it takes none.
func (r *mathReader) command(b *strings.Builder, depth int) {
	start := r.i
	r.i++
	for r.i < len(r.s) && isLetterByte(r.s[r.i]) {
		r.i++
	}
	name := r.s[start+1 : r.i]
	if name == "" {
		r.controlSymbol(b, depth)
		return
	}
	if _, sym := mathSymbols[name]; !sym && r.i < len(r.s) && r.s[r.i] == '*' {
		r.i++ // \operatorname*, \abs*, \qty*: the same text
	}
	if r.structure(b, name, depth) {
		return
	}
	if sym, ok := mathSymbols[name]; ok {
		switch {
		case openers[name]:
			b.WriteString(sym)
			r.skipSpace()
		case closers[name]:
			trimRight(b)
			b.WriteString(sym)
		default:
			b.WriteString(sym)
		}
		return
	}
	if op, ok := mathOperators[name]; ok {
		// "\sin\theta" reads "sin θ", "\lim_{n}" "limₙ".
		if t := b.String(); t != "" && isWordEnd(t[len(t)-1]) {
			b.WriteByte(' ')
		}
		b.WriteString(op)
		if r.i < len(r.s) && (r.s[r.i] == '\\' || isLetterByte(r.s[r.i])) {
			b.WriteByte(' ')
		}
		return
	}
	if f, ok := mathFonts[name]; ok && !(pseudoNames[name] && r.twoGroups()) {
		_, _ = r.opt() // \smash[b]{…}, \tcboxmath[options]{…}
		b.WriteString(f(r.group(depth)))
		return
	}
	if mark, ok := mathAccents[name]; ok {
		b.WriteString(accent(r.group(depth), mark))
		return
	}
	if n, ok := mathDropped[name]; ok {
		_, _ = r.opt()
		for ; n > 0; n-- {
			_ = r.rawGroup()
		}
		switch name {
		case "kern", "mkern", "hskip", "mskip":
			r.skipDimen()
		}
		return
	}
	// An unknown command: a macro the statement does not define (its
	// definition was in a file not read, or nowhere). It reads as its name
	// and its arguments, "adjoint(adjoint(A))", never as its arguments
	// alone: "(A) = A" would say other than the source. Its arguments are
	// the braced groups right after it, as TeX would read them were it a
	// macro of that many arguments; a bare token after it (\zeromatrix A)
	// is not taken, since nothing says the macro takes one. Its optional
	// argument is right after its name ("\foo [a,b]" is \foo before an
	// interval).
	opt := ""
	if r.i < len(r.s) && r.s[r.i] == '[' {
		if o, ok := r.opt(); ok {
			opt = "[" + strings.TrimSpace(r.render(o, depth)) + "]"
		}
	}
	var args []string
	for r.peek() == '{' {
		args = append(args, strings.TrimSpace(r.group(depth)))
	}
	if len(args) > 0 || opt != "" {
		b.WriteString(name + opt)
		if strings.Join(args, "") == "" {
			args = nil // \complex{\null}: the name, no empty brackets
		}
		if len(args) == 1 && wrapped(args[0]) {
			b.WriteString(args[0]) // \adjoint{\left(A+B\right)}: adjoint(A+B)
		} else if len(args) > 0 {
			b.WriteString("(" + strings.Join(args, ", ") + ")")
		}
		return
	}
	if l, ok := FontPrefixed(name); ok {
		b.WriteString(l)
		return
	}
	b.WriteString(name)
}

// pseudoNames are the names pseudo-code packages give an upright name
// (clrscode's \id{x}), which authors also take for macros of their own
// of more arguments (a type theory's \id{x}{y} for x = y): followed by a
// second argument, the name is the author's, read as an unknown command.
var pseudoNames = map[string]bool{"proc": true, "textproc": true, "id": true, "const": true}

// twoGroups reports whether two braced groups follow at r.i, the second
// right after the first.
func (r *mathReader) twoGroups() bool {
	i := r.i
	for i < len(r.s) && r.s[i] == ' ' {
		i++
	}
	if i >= len(r.s) || r.s[i] != '{' {
		return false
	}
	depth := 0
	for ; i < len(r.s); i++ {
		switch r.s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i+1 < len(r.s) && r.s[i+1] == '{'
			}
		}
	}
	return false
}

// wrapped reports whether s is one parenthesised group, "(A+B)" but not
// "(a)(b)".
func wrapped(s string) bool {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

// FontPrefixed reads a command nothing defines by the naming convention
// many authors give their letters: a lowercase font letter before the
// letter or word it styles (\cM calligraphic M, \bR blackboard R, \kg
// fraktur g, \bSet a bold "Set", \nSub an upright "Sub"). ok is false for a
// name of no such shape.
func FontPrefixed(name string) (letters string, ok bool) {
	for _, p := range []struct {
		prefix string
		font   func(string) string
		one    bool // styles one letter only
	}{
		{"bb", blackboard, true}, {"cal", scriptLetters, true}, {"scr", scriptLetters, true},
		{"frak", frakturLetters, true}, {"c", scriptLetters, true}, {"s", scriptLetters, true},
		{"d", blackboard, true}, {"k", frakturLetters, true}, {"b", plainText, false},
		{"n", plainText, false}, {"f", plainText, false}, {"m", plainText, false},
	} {
		rest, ok := strings.CutPrefix(name, p.prefix)
		if !ok || rest == "" || rest[0] < 'A' || rest[0] > 'Z' {
			continue
		}
		if p.one && len(rest) > 1 {
			// \cMon: a calligraphic M and the rest upright.
			return p.font(rest[:1]) + rest[1:], true
		}
		return p.font(rest), true
	}
	return "", false
}

// openers and closers are the delimiters a reader sees against what
// they enclose: "|x|", not "| x |".
var (
	openers = map[string]bool{"lvert": true, "lVert": true, "langle": true, "lceil": true, "lfloor": true, "llbracket": true,
		"lbrack": true, "lbrace": true}
	closers = map[string]bool{"rvert": true, "rVert": true, "rangle": true, "rceil": true, "rfloor": true, "rrbracket": true,
		"rbrack": true, "rbrace": true}
)

// trimRight drops the blanks at the end of what is written so far.
func trimRight(b *strings.Builder) {
	s := b.String()
	if t := strings.TrimRight(s, " "); len(t) < len(s) {
		b.Reset()
		b.WriteString(t)
	}
}

func isWordEnd(c byte) bool { return isLetterByte(c) || c >= '0' && c <= '9' }

// controlSymbol renders a backslash and the non-letter after it.
func (r *mathReader) controlSymbol(b *strings.Builder, depth int) {
	if r.i >= len(r.s) {
		return
	}
	c := r.s[r.i]
	r.i++
	switch c {
	case ',', ';', ':', ' ', '>', '\n':
		b.WriteByte(' ')
	case '!', '/', '-':
	case '|':
		b.WriteString("‖")
	case '\\':
		// A line of a display.
		_, _ = r.opt()
		trimRight(b)
		b.WriteString("; ")
	case '{', '}', '%', '&', '#', '_', '$':
		b.WriteByte(c)
	case '\'', '`', '^', '"', '~', '=', '.':
		b.WriteString(accent(r.group(depth), textAccents[c]))
	}
}

// structure renders the commands that take their arguments apart;
// false when name is none of them.
func (r *mathReader) structure(b *strings.Builder, name string, depth int) bool {
	switch name {
	case "frac", "dfrac", "tfrac", "cfrac", "nicefrac", "sfrac", "flatfrac", "xfrac", "unitfrac":
		if name == "unitfrac" {
			if v, ok := r.opt(); ok {
				b.WriteString(r.render(v, depth) + " ")
			}
		}
		num, den := r.group(depth), r.group(depth)
		d := operand(den)
		if !derivative(num, den) && !differentials(num, den) {
			d = oneFactor(d)
		}
		f := operand(num) + "/" + d
		if r.factorFollows() && !derivative(num, den) {
			// "\frac{1}{6}k(k+1)" is (1/6)k(k+1); written on a line
			// without its stack, "1/6k" reads as 1/(6k).
			f = "(" + f + ")"
		}
		b.WriteString(f)
	case "binom", "dbinom", "tbinom":
		n, k := r.group(depth), r.group(depth)
		b.WriteString("C(" + n + ", " + k + ")")
	case "sqrt":
		idx, _ := r.opt()
		// √(X²/N), not √X²/N; √(y(1−y)²), not √y(1−y)²: the root is of
		// all it covers
		g := oneFactor(operand(r.group(depth)))
		switch strings.TrimSpace(idx) {
		case "":
			b.WriteString("√" + g)
		case "3":
			b.WriteString("∛" + g)
		case "4":
			b.WriteString("∜" + g)
		default:
			b.WriteString(script(r.render(idx, depth), true) + "√" + g)
		}
	case "sideset":
		// amsmath's scripts on the sides of a large operator:
		// \sideset{}{'_p}\prod reads ∏'ₚ.
		pre, post := r.group(depth), r.group(depth)
		b.WriteString(pre + r.group(depth) + post)
	case "sp", "sb":
		// Plain TeX's names for ^ and _ (a book's macros written for
		// MathJax and LaTeX both use them).
		b.WriteString(script(r.group(depth), name == "sp"))
	case "colon":
		// "f \colon I \to \R" reads "f: I → ℝ": the colon takes no space before it.
		t := strings.TrimRight(b.String(), " ")
		b.Reset()
		b.WriteString(t + ":")
	case "not":
		g := r.rawGroup()
		switch strings.TrimSpace(g) {
		case "=":
			b.WriteString("≠")
		case `\in`:
			b.WriteString("∉")
		case `\subset`:
			b.WriteString("⊄")
		case `\subseteq`:
			b.WriteString("⊈")
		case `\equiv`:
			b.WriteString("≢")
		case `\mid`:
			b.WriteString("∤")
		default:
			b.WriteString(r.render(g, depth) + "\u0338")
		}
	case "left", "right", "middle", "bigl", "bigr", "bigm", "Bigl", "Bigr", "Bigm", "biggl", "biggr", "biggm",
		"Biggl", "Biggr", "Biggm", "big", "Big", "bigg", "Bigg":
		// Sizes of a delimiter; "\left." is no delimiter at all.
		r.skipSpace()
		if r.i < len(r.s) && r.s[r.i] == '.' {
			r.i++
		}
	case "begin", "end":
		raw := r.rawGroup()
		env, star := strings.TrimSuffix(raw, "*"), strings.HasSuffix(raw, "*")
		d, ok := mathEnvs[env]
		if name == "begin" && r.diagramEnvironment(b, env, depth) {
			return true
		}
		if name == "begin" {
			if mathEnvTakesOptions(env, star) {
				// "[t]", "[r]", "[first-row]": options, no content. A
				// bracket after \begin{cases} is its first row ("[L:K]").
				_, _ = r.opt()
			}
			if env == "array" || strings.HasSuffix(env, "NiceArray") || env == "alignat" || env == "subarray" || env == "tabular" {
				_ = r.rawGroup()
			}
			if ok {
				b.WriteString(" " + d[0])
				r.skipSpace()
			}
			return true
		}
		if ok {
			trimRight(b)
			b.WriteString(d[1] + " ")
		}
	case "amp":
		// PreTeXt's alignment tab, & escaped for XML
		b.WriteByte(' ')
	case "overset", "stackrel":
		over, base := r.group(depth), r.group(depth)
		if strings.TrimSpace(base) == "=" && strings.TrimSpace(over) == "def" {
			b.WriteString("≝")
			return true
		}
		b.WriteString(base + script(over, true))
	case "underset":
		under, base := r.group(depth), r.group(depth)
		b.WriteString(base + script(under, false))
	case "xrightarrow", "xleftarrow", "xmapsto", "xhookrightarrow", "xLeftarrow", "xRightarrow", "xleftrightarrow",
		"xlongrightarrow", "xtwoheadrightarrow":
		below, _ := r.opt()
		above := r.group(depth)
		if above == "" {
			above = r.render(below, depth)
		}
		b.WriteString(" –" + above + "→ ")
	case "raisebox":
		_ = r.rawGroup()
		_, _ = r.opt()
		_, _ = r.opt()
		b.WriteString(r.group(depth))
	case "textcolor", "colorbox":
		_ = r.rawGroup()
		b.WriteString(r.group(depth))
	case "xymatrix", "diagram":
		// An xy diagram: its options (@C=3pc) before the entries.
		for r.i < len(r.s) && r.s[r.i] != '{' {
			r.i++
		}
		b.WriteString(" " + r.gridDiagram(r.rawGroup(), "&", depth).String() + " ")
	case "to":
		b.WriteString("→")
	case "ar", "arrow", "rar", "lar", "dar", "uar", "drar", "urar", "dlar", "ular", "morphism":
		// An arrow met outside a diagram's grid: its shaft and labels.
		dirs, _ := diagramArrowCommand(name)
		a, end := readArrow(r.s, r.i, dirs)
		r.i = end
		b.WriteString(" " + a.placed(0, 0, r, depth).shown() + " ")
	case "mathchoice":
		// The display, text, script and script-script forms of one thing:
		// the first is the one a reader sees.
		g := r.group(depth)
		for k := 0; k < 3 && r.peek() == '{'; k++ {
			_ = r.rawGroup()
		}
		b.WriteString(g)
	case "tag":
		b.WriteString(" (" + r.group(depth) + ")")
	case "pmod":
		b.WriteString(" (mod " + r.group(depth) + ")")
	case "abs":
		b.WriteString("|" + r.delimited(depth) + "|")
	case "norm":
		b.WriteString("‖" + r.delimited(depth) + "‖")
	case "bra", "Bra":
		b.WriteString("⟨" + r.group(depth) + "|")
	case "ket", "Ket":
		b.WriteString("|" + r.group(depth) + "⟩")
	case "braket", "Braket", "ip", "innerproduct":
		a := r.group(depth)
		if r.peek() == '{' {
			a += "|" + r.group(depth)
		}
		b.WriteString("⟨" + a + "⟩")
	case "ketbra", "outerproduct", "dyad":
		a := r.group(depth)
		c := a
		if r.peek() == '{' {
			c = r.group(depth)
		}
		b.WriteString("|" + a + "⟩⟨" + c + "|")
	case "expval", "ev", "expectationvalue":
		b.WriteString("⟨" + r.group(depth) + "⟩")
	case "mel", "matrixelement":
		x, y, z := r.group(depth), r.group(depth), r.group(depth)
		b.WriteString("⟨" + x + "|" + y + "|" + z + "⟩")
	case "set", "Set":
		b.WriteString("{" + r.group(depth) + "}")
	case "comm", "commutator":
		x, y := r.group(depth), r.group(depth)
		b.WriteString("[" + x + ", " + y + "]")
	case "acomm", "anticommutator", "poissonbracket", "pb":
		x, y := r.group(depth), r.group(depth)
		b.WriteString("{" + x + ", " + y + "}")
	case "order":
		b.WriteString("O(" + r.delimited(depth) + ")")
	case "qty", "quantity", "pqty", "bqty", "Bqty", "vqty":
		r.quantity(b, name, depth)
	case "dv", "derivative", "pdv", "partialderivative", "odv", "pdiff", "diff":
		r.derivative(b, name, depth)
	case "dd", "differential":
		_, _ = r.opt()
		if r.peek() == '{' {
			b.WriteString(" d" + r.group(depth))
		} else {
			b.WriteString(" d")
		}
	case "SI", "qtyunit", "SIrange", "numrange", "num", "si", "ang", "unit", "SIlist", "numlist":
		if p := r.peek(); p != '{' && p != '[' {
			// no argument: not siunitx's but the author's (a type
			// theory's \unit, the unit type), read by its name
			return false
		}
		r.siunitx(b, name)
	default:
		return false
	}
	return true
}

// delimited reads the argument of a paired delimiter (\abs{x}, \abs*{x},
// \abs[\big]{x}, physics' \abs(x) is rare and read as braces).
func (r *mathReader) delimited(depth int) string {
	_, _ = r.opt()
	return r.group(depth)
}

// quantity renders physics' \qty: \qty(x), \qty[x], \qty{x} are their
// delimiters grown to size, and siunitx's \qty{3}{\metre} a quantity.
func (r *mathReader) quantity(b *strings.Builder, name string, depth int) {
	if name == "qty" || name == "quantity" {
		if r.peek() == '{' {
			v := r.rawGroup()
			if r.peek() == '{' {
				b.WriteString(number(v) + " " + units(r.rawGroup()))
				return
			}
			b.WriteString("{" + r.render(v, depth) + "}")
		}
		return // \qty( … ) and \qty[ … ]: the delimiters follow as written
	}
	d := map[string][2]string{"pqty": {"(", ")"}, "bqty": {"[", "]"}, "Bqty": {"{", "}"}, "vqty": {"|", "|"}}[name]
	b.WriteString(d[0] + r.group(depth) + d[1])
}

// derivative renders physics' and derivative's \dv[n]{f}{x} as dⁿf/dxⁿ
// (∂ for the partial forms); \dv{x} alone is the operator d/dx.
func (r *mathReader) derivative(b *strings.Builder, name string, depth int) {
	d := "d"
	if strings.HasPrefix(name, "p") || name == "partialderivative" {
		d = "∂"
	}
	order, _ := r.opt()
	order = r.render(order, depth)
	f := r.group(depth)
	var x string
	if r.peek() == '{' {
		x = r.group(depth)
	} else {
		f, x = "", f
	}
	sup := ""
	if order != "" && order != "1" {
		sup = script(order, true)
	}
	num := d + sup + f
	if f != "" && utf8.RuneCountInString(f) > 1 {
		num = d + sup + "(" + f + ")"
	}
	b.WriteString(num + "/" + d + x + sup)
}

// siunitx renders the numbers and units of siunitx (\SI, \si, \num, \ang
// and their range forms) and of the units package (\unit[3]{m}).
func (r *mathReader) siunitx(b *strings.Builder, name string) {
	o, _ := r.opt()
	switch name {
	case "SI", "qtyunit":
		v := r.rawGroup()
		b.WriteString(number(v) + " " + units(r.rawGroup()))
	case "SIrange":
		x, y := r.rawGroup(), r.rawGroup()
		u := units(r.rawGroup())
		b.WriteString(number(x) + " " + u + " – " + number(y) + " " + u)
	case "numrange":
		x, y := r.rawGroup(), r.rawGroup()
		b.WriteString(number(x) + " – " + number(y))
	case "num", "numlist":
		b.WriteString(number(r.rawGroup()))
	case "ang":
		b.WriteString(number(r.rawGroup()) + "°")
	case "si", "SIlist":
		b.WriteString(units(r.rawGroup()))
	case "unit":
		// units' \unit[value]{unit} (the value was the optional argument)
		// and siunitx's \unit{unit}.
		if o != "" {
			b.WriteString(number(o) + " ")
		}
		b.WriteString(units(r.rawGroup()))
	}
}

// mathEnvTakesOptions reports whether \begin{env} (star: env*) reads an
// optional argument: mathtools' starred matrices their column alignment,
// array and the aligned family their placement, nicematrix its options.
func mathEnvTakesOptions(env string, star bool) bool {
	switch env {
	case "array", "subarray", "tabular", "aligned", "alignedat", "gathered", "split", "multlined":
		return true
	}
	return star && strings.HasSuffix(env, "matrix") || strings.Contains(env, "Nice")
}

// skipDimen skips the dimension a spacing primitive takes unbraced
// (\mkern-10mu, \kern.5em, \hskip 2pt): a sign, a number and its unit.
// Left, "+\mkern-10mu+" read "+-10mu+".
func (r *mathReader) skipDimen() {
	j := r.i
	for j < len(r.s) && (r.s[j] == ' ' || r.s[j] == '-' || r.s[j] == '+') {
		j++
	}
	k := j
	for k < len(r.s) && (r.s[k] >= '0' && r.s[k] <= '9' || r.s[k] == '.') {
		k++
	}
	if k == j {
		return
	}
	for k < len(r.s) && r.s[k] == ' ' {
		k++
	}
	if k+2 <= len(r.s) {
		switch r.s[k : k+2] {
		case "pt", "mu", "em", "ex", "in", "cm", "mm", "bp", "pc", "dd", "cc", "sp":
			k += 2
		}
	}
	r.i = k
}

// commandEnd is the end of the command whose backslash is at s[i]: past
// its letters, or past the one character of a control symbol (\{, \,).
func commandEnd(s string, i int) int {
	j := i + 1
	for j < len(s) && isLetterByte(s[j]) {
		j++
	}
	if j == i+1 && j < len(s) {
		j++
	}
	return j
}
