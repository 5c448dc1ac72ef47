package text

import "strings"

// Definitions met inside math: an author may define or redefine a macro
// within a display (\renewcommand{\arraystretch}{1.5} before an array, a
// \def\R{\mathbb{R}} for one formula). TeX executes a definition and prints
// nothing of it; what it defines is read where it is used. A statement is
// read the same way: definitions are taken out of the math they sit in and
// every later use within their scope is replaced by its expansion, before
// the math is rendered. Math shift and braces are groups, so a definition
// lasts to the end of its group (\gdef and \global ones to the end of the
// span).

// texMacro is one macro a statement defines: its parameter text (the
// delimiters each parameter is read up to, "" for an undelimited one), an
// optional first argument's default, and its replacement text.
type texMacro struct {
	prefix   string   // text the use must start with (\def\a.#1{…})
	params   []string // delimiter after each parameter
	optional bool     // the first parameter is LaTeX's optional one
	dflt     string
	body     string
}

// defScope is a group's definitions; lookups walk out to the enclosing
// groups.
type defScope struct {
	parent *defScope
	m      map[string]texMacro
}

func (s *defScope) lookup(name string) (texMacro, bool) {
	for ; s != nil; s = s.parent {
		if m, ok := s.m[name]; ok {
			return m, true
		}
	}
	return texMacro{}, false
}

func (s *defScope) define(name string, m texMacro, global bool) {
	for global && s.parent != nil {
		s = s.parent
	}
	if s.m == nil {
		s.m = map[string]texMacro{}
	}
	s.m[name] = m
}

// definingCommands are the commands that define a macro, and whether the
// definition is global.
var definingCommands = map[string]bool{
	"newcommand": false, "renewcommand": false, "providecommand": false, "DeclareRobustCommand": false,
	"def": false, "edef": false, "gdef": true, "xdef": true, "let": false, "DeclareMathOperator": false,
	"newenvironment": false, "renewenvironment": false,
}

// maxExpansions bounds the macro uses expanded in one span, so that a
// macro defined in terms of itself (\def\a{\a}) ends.
const maxExpansions = 2000

// executeDefinitions returns the math m with the definitions in it
// executed: each definition removed and each use of a macro it defines
// replaced by the macro's expansion. Math that defines nothing is
// returned as it is.
func executeDefinitions(m string) string {
	if !definesMacro(m) {
		return m
	}
	x := expander{s: m, scope: &defScope{}}
	return x.run()
}

// definesMacro reports whether m may hold a definition (a cheap test that
// keeps the scan off math that has none).
func definesMacro(m string) bool {
	for k := 0; k < len(m); k++ {
		if m[k] != '\\' {
			continue
		}
		j := k + 1
		for j < len(m) && isLetterByte(m[j]) {
			j++
		}
		if _, ok := definingCommands[m[k+1:j]]; ok {
			return true
		}
		if j == k+1 {
			j++ // a control symbol, \\ among them
		}
		k = j - 1
	}
	return false
}

type expander struct {
	s        string
	i        int
	scope    *defScope
	expanded int
	global   bool // a \global prefix waits for its definition
}

func (x *expander) run() string {
	var b strings.Builder
	opened := 0 // groups opened in this span, which a '}' may close
	for x.i < len(x.s) {
		c := x.s[x.i]
		switch c {
		case '{':
			x.scope = &defScope{parent: x.scope}
			opened++
			b.WriteByte(c)
			x.i++
			continue
		case '}':
			if opened > 0 {
				x.scope = x.scope.parent
				opened--
			}
			b.WriteByte(c)
			x.i++
			continue
		case '\\':
		default:
			b.WriteByte(c)
			x.i++
			continue
		}
		start := x.i
		name := x.controlSequence()
		if global, ok := definingCommands[name]; ok {
			if x.define(name, global || x.global) {
				x.global = false
				continue
			}
			x.global = false
			b.WriteString(x.s[start:x.i])
			continue
		}
		if name == "global" {
			x.global = true
			continue
		}
		x.global = false
		if m, ok := x.scope.lookup(name); ok && x.expanded < maxExpansions {
			if rest, ok := x.expand(m); ok {
				x.expanded++
				x.s, x.i = rest, 0
				continue
			}
		}
		b.WriteString(x.s[start:x.i])
	}
	return b.String()
}

// controlSequence reads the command at x.i and returns its name (a
// letter or the one character of a control symbol).
func (x *expander) controlSequence() string {
	start := x.i
	x.i = commandEnd(x.s, start)
	return x.s[start+1 : x.i]
}

// defined reads the name a definition defines, braced (\newcommand{\R})
// or not (\def\R), without its backslash.
func (x *expander) defined() (string, bool) {
	x.skipSpace()
	braced := x.i < len(x.s) && x.s[x.i] == '{'
	if braced {
		x.i++
		x.skipSpace()
	}
	if x.i >= len(x.s) || x.s[x.i] != '\\' {
		return "", false
	}
	name := x.controlSequence()
	if braced {
		x.skipSpace()
		if x.i >= len(x.s) || x.s[x.i] != '}' {
			return "", false
		}
		x.i++
	}
	return name, true
}

// define reads the definition at x.i, which the command cmd opens, and
// records it. false, with x.i unmoved, when it is not a definition TeX
// would read (the math was cut short), so that it shows as written.
func (x *expander) define(cmd string, global bool) bool {
	from := x.i
	ok := false
	switch cmd {
	case "newcommand", "renewcommand", "providecommand", "DeclareRobustCommand":
		ok = x.defineLaTeX(cmd == "providecommand", global)
	case "def", "edef", "gdef", "xdef":
		ok = x.defineTeX(global)
	case "let":
		ok = x.defineLet(global)
	case "DeclareMathOperator":
		star := x.i < len(x.s) && x.s[x.i] == '*'
		if star {
			x.i++
		}
		var name string
		if name, ok = x.defined(); ok {
			var text string
			if text, ok = x.group(); ok {
				op := `\operatorname`
				if star {
					op += "*"
				}
				x.scope.define(name, texMacro{body: op + "{" + text + "}"}, global)
			}
		}
	case "newenvironment", "renewenvironment":
		// An environment's definition prints nothing; its uses read as
		// their content.
		if x.i < len(x.s) && x.s[x.i] == '*' {
			x.i++
		}
		if _, ok = x.group(); ok {
			_, _ = x.opt()
			_, _ = x.opt()
			if _, ok = x.group(); ok {
				_, ok = x.group()
			}
		}
	}
	if !ok {
		x.i = from
	}
	return ok
}

// defineLaTeX reads \newcommand's {\name}[n][default]{body}.
func (x *expander) defineLaTeX(provide, global bool) bool {
	if x.i < len(x.s) && x.s[x.i] == '*' {
		x.i++
	}
	name, ok := x.defined()
	if !ok {
		return false
	}
	m := texMacro{}
	if n, ok := x.opt(); ok {
		k := 0
		for _, c := range strings.TrimSpace(n) {
			if c < '0' || c > '9' {
				return false
			}
			k = k*10 + int(c-'0')
		}
		if k > 9 {
			return false
		}
		m.params = make([]string, k)
		if d, ok := x.opt(); ok && k > 0 {
			m.optional, m.dflt = true, d
		}
	}
	body, ok := x.group()
	if !ok {
		return false
	}
	m.body = body
	if _, exists := x.scope.lookup(name); provide && exists {
		return true
	}
	x.scope.define(name, m, global)
	return true
}

// defineTeX reads \def's \name<parameter text>{body}: each #n and the
// text up to the next one, which a use's argument is read up to.
func (x *expander) defineTeX(global bool) bool {
	x.skipSpace()
	if x.i >= len(x.s) || x.s[x.i] != '\\' {
		return false
	}
	name := x.controlSequence()
	open := strings.IndexByte(x.s[x.i:], '{')
	if open < 0 {
		return false
	}
	ptext := x.s[x.i : x.i+open]
	x.i += open
	m := texMacro{}
	parts := strings.Split(ptext, "#")
	m.prefix = strings.TrimSpace(parts[0])
	for k, p := range parts[1:] {
		if p == "" || p[0] != byte('1'+k) {
			return false
		}
		m.params = append(m.params, strings.TrimSpace(p[1:]))
	}
	body, ok := x.group()
	if !ok {
		return false
	}
	m.body = body
	x.scope.define(name, m, global)
	return true
}

// defineLet reads \let\a\b and \let\a=\b: \a becomes what \b is now.
func (x *expander) defineLet(global bool) bool {
	x.skipSpace()
	if x.i >= len(x.s) || x.s[x.i] != '\\' {
		return false
	}
	name := x.controlSequence()
	x.skipSpace()
	if x.i < len(x.s) && x.s[x.i] == '=' {
		x.i++
		x.skipSpace()
	}
	if x.i >= len(x.s) {
		return false
	}
	start := x.i
	if x.s[x.i] != '\\' {
		x.i++
		x.scope.define(name, texMacro{body: x.s[start:x.i]}, global)
		return true
	}
	target := x.controlSequence()
	if m, ok := x.scope.lookup(target); ok {
		x.scope.define(name, m, global)
		return true
	}
	x.scope.define(name, texMacro{body: x.s[start:x.i] + " "}, global)
	return true
}

// expand reads the arguments of a use of m at x.i and returns the
// expansion followed by the rest of the math; false when the use does not
// match m's parameter text.
func (x *expander) expand(m texMacro) (string, bool) {
	x.skipSpace() // the blanks after a control word are no tokens
	if m.prefix != "" {
		x.skipSpace()
		if !strings.HasPrefix(x.s[x.i:], m.prefix) {
			return "", false
		}
		x.i += len(m.prefix)
	}
	args := make([]string, len(m.params))
	for k, delim := range m.params {
		switch {
		case k == 0 && m.optional:
			if o, ok := x.opt(); ok {
				args[k] = o
			} else {
				args[k] = m.dflt
			}
		case delim != "":
			a, ok := x.upTo(delim)
			if !ok {
				return "", false
			}
			args[k] = a
		default:
			args[k] = x.argument()
		}
	}
	var b strings.Builder
	for k := 0; k < len(m.body); k++ {
		c := m.body[k]
		if c == '#' && k+1 < len(m.body) {
			d := m.body[k+1]
			if d >= '1' && d <= '9' && int(d-'1') < len(args) {
				b.WriteString(args[d-'1'])
				k++
				continue
			}
			if d == '#' {
				b.WriteByte('#')
				k++
				continue
			}
		}
		b.WriteByte(c)
	}
	// A control word's expansion ends where its name would run on into
	// the letters after it.
	rest := x.s[x.i:]
	body := b.String()
	if body != "" && rest != "" && isLetterByte(rest[0]) && endsInControlWord(body) {
		body += " "
	}
	return body + rest, true
}

// endsInControlWord reports whether s ends with a command of letters.
func endsInControlWord(s string) bool {
	k := len(s)
	for k > 0 && isLetterByte(s[k-1]) {
		k--
	}
	return k < len(s) && k > 0 && s[k-1] == '\\'
}

// argument reads an undelimited argument: a braced group without its
// braces, or one token.
func (x *expander) argument() string {
	x.skipSpace()
	if x.i >= len(x.s) {
		return ""
	}
	switch x.s[x.i] {
	case '{':
		g, _ := x.group()
		return g
	case '\\':
		start := x.i
		x.controlSequence()
		return x.s[start:x.i]
	case '}':
		return ""
	}
	start := x.i
	x.i++
	for x.i < len(x.s) && x.s[x.i]&0xC0 == 0x80 {
		x.i++ // the rest of a multi-byte character
	}
	return x.s[start:x.i]
}

// upTo reads a delimited argument: the text up to delim outside braces,
// a single braced group losing its braces.
func (x *expander) upTo(delim string) (string, bool) {
	depth := 0
	for k := x.i; k < len(x.s); k++ {
		switch x.s[k] {
		case '\\':
			k++
			continue
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return "", false
			}
		}
		if depth == 0 && strings.HasPrefix(x.s[k:], delim) {
			a := x.s[x.i:k]
			x.i = k + len(delim)
			if t := strings.TrimSpace(a); len(t) >= 2 && t[0] == '{' && matchBrace(t, 0) == len(t)-1 {
				a = t[1 : len(t)-1]
			}
			return a, true
		}
	}
	return "", false
}

// group reads a braced group at x.i (after blanks) and returns its
// content.
func (x *expander) group() (string, bool) {
	x.skipSpace()
	if x.i >= len(x.s) || x.s[x.i] != '{' {
		return "", false
	}
	end := matchBrace(x.s, x.i)
	if end >= len(x.s) {
		return "", false
	}
	g := x.s[x.i+1 : end]
	x.i = end + 1
	return g, true
}

// opt reads a bracketed optional argument at x.i (after blanks).
func (x *expander) opt() (string, bool) {
	r := mathReader{s: x.s, i: x.i}
	o, ok := r.opt()
	if ok {
		x.i = r.i
	}
	return o, ok
}

func (x *expander) skipSpace() {
	for x.i < len(x.s) && (x.s[x.i] == ' ' || x.s[x.i] == '\n' || x.s[x.i] == '\t' || x.s[x.i] == '\r') {
		x.i++
	}
}
