package codescan

import "strings"

// tkind is the kind of a token of Python, JavaScript or PowerShell.
type tkind uint8

const (
	tIdent tkind = iota
	tStr
	tNum
	tOp
	tNL  // end of a logical line (or ; in JavaScript and PowerShell)
	tVar // a PowerShell variable, $name (s holds the lower-cased name)
)

// tok is one token. For strings s is the text between the quotes, escapes
// kept as written; interp says it interpolates values (an f-string with
// {…}, a template literal with ${…}, a PowerShell "…" with $x); esc counts
// \x, \u and octal escapes. ind is the indentation of the token's logical
// line (Python).
type tok struct {
	k      tkind
	s      string
	a, b   int
	interp bool
	esc    int
	ind    int
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// countEsc counts escapes that spell bytes (\x41, \u0041, \101).
func countEsc(s string) int {
	n := 0
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '\\' {
			switch d := s[i+1]; {
			case d == 'x' || d == 'u' || d >= '0' && d <= '7':
				n++
			}
			i++
		}
	}
	return n
}

// pyTokens tokenises Python. Newlines inside brackets, after a backslash
// and inside triple-quoted strings do not end a logical line; comments
// are dropped; every token carries the indentation of its line.
func pyTokens(s string) []tok {
	return pyTokensAt(make([]tok, 0, len(s)/5+4), s, 0, 0)
}

// pyTokensAt tokenises Python at f-string nesting depth: the expressions
// of an f-string are tokenised after the string's own token, at their
// place in the text, so that the names they read are seen as any other.
// The tokens are appended to out, their offsets moved by base.
func pyTokensAt(out []tok, s string, base, depth0 int) []tok {
	first := len(out)
	depth, ind := 0, 0
	lineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		if lineStart {
			ind = 0
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				if s[i] == '\t' {
					ind += 8 - ind%8
				} else {
					ind++
				}
				i++
			}
			lineStart = false
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i += 2
			if i < len(s) && s[i-1] == '\r' && s[i] == '\n' {
				i++
			}
		case c == '#':
			e := strings.IndexByte(s[i:], '\n')
			if e < 0 {
				i = len(s)
			} else {
				i += e
			}
		case c == '\n':
			if depth == 0 {
				if len(out) > 0 && out[len(out)-1].k != tNL {
					out = append(out, tok{k: tNL, a: i, b: i + 1, ind: ind})
				}
				lineStart = true
			}
			i++
		case c == '"' || c == '\'':
			t, e := pyString(s, i, i, "")
			t.ind = ind
			out = append(out, t)
			i = e
		case isIdentStart(c):
			e := i
			for e < len(s) && isIdentByte(s[e]) {
				e++
			}
			w := s[i:e]
			if e < len(s) && (s[e] == '"' || s[e] == '\'') && len(w) <= 2 && strings.Trim(strings.ToLower(w), "rbuf") == "" {
				t, end := pyString(s, i, e, strings.ToLower(w))
				t.ind = ind
				out = append(out, t)
				if t.interp && depth0 < 3 {
					out = fstringTokens(out, s, e, t, ind, depth0)
				}
				i = end
				continue
			}
			out = append(out, tok{k: tIdent, s: w, a: i, b: e, ind: ind})
			i = e
		case c >= '0' && c <= '9':
			e := i
			for e < len(s) && (isIdentByte(s[e]) || s[e] == '.') {
				e++
			}
			out = append(out, tok{k: tNum, s: s[i:e], a: i, b: e, ind: ind})
			i = e
		default:
			n := opLen(s[i:])
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
			out = append(out, tok{k: tOp, s: s[i : i+n], a: i, b: i + n, ind: ind})
			i += n
		}
	}
	if base != 0 {
		for k := first; k < len(out); k++ {
			out[k].a += base
			out[k].b += base
		}
	}
	return out
}

// fstringTokens appends the tokens of the expressions of the f-string t
// whose quote is at q.
func fstringTokens(out []tok, s string, q int, t tok, ind, depth int) []tok {
	start := q + 1
	if q+2 < len(s) && s[q+1] == s[q] && s[q+2] == s[q] {
		start = q + 3
	}
	if start+len(t.s) > len(s) || s[start:start+len(t.s)] != t.s {
		return out
	}
	for _, sp := range fstringExprs(t.s) {
		from := len(out)
		out = pyTokensAt(out, t.s[sp[0]:sp[1]], start+sp[0], depth+1)
		// Newlines inside the braces end no statement; the tokens take
		// the f-string's indentation.
		k := from
		for _, x := range out[from:] {
			if x.k == tNL {
				continue
			}
			x.ind = ind
			out[k] = x
			k++
		}
		out = out[:k]
	}
	return out
}

// pyString reads a string literal whose quote is at q (prefix from a).
func pyString(s string, a, q int, prefix string) (tok, int) {
	quote := s[q]
	triple := q+2 < len(s) && s[q+1] == quote && s[q+2] == quote
	raw := strings.Contains(prefix, "r")
	start := q + 1
	if triple {
		start = q + 3
	}
	i := start
	end := len(s)
	for i < len(s) {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i += 2
			continue
		}
		if !triple && c == '\n' {
			end = i
			break
		}
		if c == quote {
			if !triple {
				end = i
				i++
				break
			}
			if i+2 < len(s) && s[i+1] == quote && s[i+2] == quote {
				end = i
				i += 3
				break
			}
		}
		i++
	}
	if i > len(s) {
		i = len(s)
	}
	if end > len(s) || end < start {
		end = max(min(len(s), i), start)
	}
	body := s[start:end]
	t := tok{k: tStr, s: body, a: a, b: i}
	if strings.Contains(prefix, "f") && strings.Contains(body, "{") {
		t.interp = true
	}
	if !raw {
		t.esc = countEsc(body)
	}
	return t, i
}

// opLen is the length of the operator at the start of s.
func opLen(s string) int {
	if len(s) < 2 || strings.IndexByte("=!*/<>.?&|-:+%^", s[0]) < 0 {
		return 1
	}
	if len(s) >= 3 {
		switch s[:3] {
		case "===", "!==", "**=", "//=", ">>=", "<<=", "...":
			return 3
		}
	}
	switch s[:2] {
	case "?.", "??", "=>", "==", "!=", "<=", ">=", "&&", "||", "**", "//", "->", ":=", "::", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "++", "--", "<<", ">>":
		return 2
	}
	return 1
}

// jsTokens tokenises JavaScript and TypeScript: comments, strings,
// template literals (their ${…} expressions tokenised in place, after the
// template's own token), regular expression literals (told from division
// by the token before), and newlines outside brackets.
func jsTokens(s string) []tok {
	lx := jsLexer{s: s, out: make([]tok, 0, len(s)/6+4)}
	lx.run(0, false)
	return lx.out
}

type jsLexer struct {
	s     string
	out   []tok
	depth int
	nest  int // template expressions open
	// saved holds the bracket depth outside each open brace: inside a
	// callback's body (foo(() => { … })) statements end again at ; and
	// newlines, whatever parentheses are open around the function.
	saved []int
}

// run tokenises from i; inside a template expression (nested) it stops at
// the } that closes it and returns the offset after it.
func (lx *jsLexer) run(i int, nested bool) int {
	s := lx.s
	braces := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '\n':
			if lx.depth == 0 && len(lx.out) > 0 && lx.out[len(lx.out)-1].k != tNL {
				lx.out = append(lx.out, tok{k: tNL, a: i, b: i + 1})
			}
			i++
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			e := strings.IndexByte(s[i:], '\n')
			if e < 0 {
				return len(s)
			}
			i += e
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			e := strings.Index(s[i+2:], "*/")
			if e < 0 {
				return len(s)
			}
			i += e + 4
		case c == '"' || c == '\'':
			e := i + 1
			for e < len(s) && s[e] != c && s[e] != '\n' {
				if s[e] == '\\' {
					e++
				}
				e++
			}
			e = min(e, len(s))
			body := s[i+1 : e]
			lx.out = append(lx.out, tok{k: tStr, s: body, a: i, b: min(e+1, len(s)), esc: countEsc(body)})
			i = min(e+1, len(s))
		case c == '`':
			i = lx.template(i)
		case c == '/' && lx.regexAllowed():
			e := i + 1
			class := false
			for e < len(s) && s[e] != '\n' {
				if s[e] == '\\' {
					e += 2
					continue
				}
				if s[e] == '[' {
					class = true
				} else if s[e] == ']' {
					class = false
				} else if s[e] == '/' && !class {
					break
				}
				e++
			}
			e = min(e+1, len(s))
			for e < len(s) && isIdentByte(s[e]) {
				e++
			}
			lx.out = append(lx.out, tok{k: tStr, s: s[i:e], a: i, b: e})
			i = e
		case isIdentStart(c) || c == '$' || c == '#':
			e := i + 1
			for e < len(s) && (isIdentByte(s[e]) || s[e] == '$') {
				e++
			}
			lx.out = append(lx.out, tok{k: tIdent, s: s[i:e], a: i, b: e})
			i = e
		case c >= '0' && c <= '9':
			e := i
			for e < len(s) && (isIdentByte(s[e]) || s[e] == '.') {
				e++
			}
			lx.out = append(lx.out, tok{k: tNum, s: s[i:e], a: i, b: e})
			i = e
		default:
			if nested {
				if c == '{' {
					braces++
				} else if c == '}' {
					if braces == 0 {
						return i + 1
					}
					braces--
				}
			}
			n := opLen(s[i:])
			switch c {
			case '(', '[':
				lx.depth++
			case ')', ']':
				if lx.depth > 0 {
					lx.depth--
				}
			case '{':
				if len(lx.saved) < 1024 {
					lx.saved = append(lx.saved, lx.depth)
					lx.depth = 0
				}
			case '}':
				if k := len(lx.saved); k > 0 {
					lx.depth = lx.saved[k-1]
					lx.saved = lx.saved[:k-1]
				}
			case ';':
				if lx.depth == 0 {
					lx.out = append(lx.out, tok{k: tNL, s: ";", a: i, b: i + 1})
					i++
					continue
				}
			}
			lx.out = append(lx.out, tok{k: tOp, s: s[i : i+n], a: i, b: i + n})
			i += n
		}
	}
	return i
}

// template reads a template literal at i; its ${…} expressions are
// tokenised after the template's token.
func (lx *jsLexer) template(i int) int {
	s := lx.s
	k := len(lx.out)
	lx.out = append(lx.out, tok{k: tStr, a: i})
	var sb strings.Builder
	e := i + 1
	interp := false
	for e < len(s) && s[e] != '`' {
		switch {
		case s[e] == '\\':
			sb.WriteString(s[e:min(e+2, len(s))])
			e += 2
		case s[e] == '$' && e+1 < len(s) && s[e+1] == '{' && lx.nest < 32:
			interp = true
			lx.nest++
			sb.WriteString("${}")
			save := lx.depth
			lx.depth = 1 // newlines inside do not end the statement
			e = lx.run(e+2, true)
			lx.depth = save
			lx.nest--
		default:
			if sb.Len() < maxWordVal {
				sb.WriteByte(s[e])
			}
			e++
		}
	}
	e = min(e+1, len(s))
	body := sb.String()
	lx.out[k] = tok{k: tStr, s: body, a: i, b: e, interp: interp, esc: countEsc(body)}
	return e
}

// regexAllowed says whether a / here starts a regular expression: after an
// operator, a keyword or nothing, not after a value.
func (lx *jsLexer) regexAllowed() bool {
	if len(lx.out) == 0 {
		return true
	}
	p := lx.out[len(lx.out)-1]
	switch p.k {
	case tNum, tStr:
		return false
	case tIdent:
		switch p.s {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
			return true
		}
		return false
	case tOp:
		return p.s != ")" && p.s != "]" && p.s != "}"
	}
	return true
}

// psTokens tokenises PowerShell: # and <# #> comments, '…' and "…"
// strings and their @'…'@ and @"…"@ here-string forms, backtick escapes
// and line continuations, $variables (including $env:NAME and ${…}),
// -Parameters and cmdlet names with hyphens. Names are lower-cased:
// PowerShell is case-insensitive.
func psTokens(s string) []tok {
	out := make([]tok, 0, len(s)/6+4)
	depth := 0
	var saved []int
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '`' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i += 2
			if i < len(s) && s[i-1] == '\r' && s[i] == '\n' {
				i++
			}
		case c == '<' && i+1 < len(s) && s[i+1] == '#':
			e := strings.Index(s[i+2:], "#>")
			if e < 0 {
				return out
			}
			i += e + 4
		case c == '#':
			e := strings.IndexByte(s[i:], '\n')
			if e < 0 {
				return out
			}
			i += e
		case c == '\n' || c == ';':
			if depth == 0 && len(out) > 0 && out[len(out)-1].k != tNL {
				out = append(out, tok{k: tNL, a: i, b: i + 1})
			}
			i++
		case c == '@' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\''):
			q := s[i+1]
			term := "\n" + string(q) + "@"
			e := strings.Index(s[i+2:], term)
			end, next := len(s), len(s)
			if e >= 0 {
				end, next = i+2+e, i+2+e+len(term)
			}
			body := s[min(i+2, end):end]
			out = append(out, tok{k: tStr, s: body, a: i, b: next, interp: q == '"' && strings.Contains(body, "$")})
			i = next
		case c == '"' || c == '\'':
			e := i + 1
			for e < len(s) {
				if c == '"' && s[e] == '`' {
					e += 2
					continue
				}
				if s[e] == c {
					if e+1 < len(s) && s[e+1] == c { // doubled quote
						e += 2
						continue
					}
					break
				}
				e++
			}
			e = min(e, len(s))
			body := s[i+1 : e]
			out = append(out, tok{k: tStr, s: body, a: i, b: min(e+1, len(s)), interp: c == '"' && strings.Contains(body, "$"), esc: strings.Count(body, "`0x")})
			i = min(e+1, len(s))
		case c == '$':
			e := i + 1
			if e < len(s) && s[e] == '{' {
				f := strings.IndexByte(s[e:], '}')
				end := len(s)
				if f >= 0 {
					end = e + f
				}
				out = append(out, tok{k: tVar, s: strings.ToLower(s[e+1 : end]), a: i, b: min(end+1, len(s))})
				i = min(end+1, len(s))
				continue
			}
			for e < len(s) && (isIdentByte(s[e]) || s[e] == ':' && e+1 < len(s) && isIdentByte(s[e+1])) {
				e++
			}
			if e == i+1 && e < len(s) && (s[e] == '_' || s[e] == '$' || s[e] == '?' || s[e] == '^') {
				e++
			}
			out = append(out, tok{k: tVar, s: strings.ToLower(s[i+1 : e]), a: i, b: e})
			i = e
		case c == '-' && i+1 < len(s) && isIdentStart(s[i+1]) && (i == 0 || !isIdentByte(s[i-1])):
			e := i + 1
			for e < len(s) && (isIdentByte(s[e]) || s[e] == '-') {
				e++
			}
			out = append(out, tok{k: tIdent, s: strings.ToLower(s[i:e]), a: i, b: e})
			i = e
		case isIdentStart(c):
			e := i + 1
			for e < len(s) && (isIdentByte(s[e]) || (s[e] == '-' && e+1 < len(s) && isIdentStart(s[e+1]))) {
				e++
			}
			out = append(out, tok{k: tIdent, s: strings.ToLower(s[i:e]), a: i, b: e})
			i = e
		case c >= '0' && c <= '9':
			e := i
			for e < len(s) && (isIdentByte(s[e]) || s[e] == '.') {
				e++
			}
			out = append(out, tok{k: tNum, s: s[i:e], a: i, b: e})
			i = e
		default:
			// Braces (script blocks) do not join lines: their statements
			// are statements of their own, even inside parentheses.
			n := opLen(s[i:])
			switch c {
			case '(', '[':
				depth++
			case ')', ']':
				if depth > 0 {
					depth--
				}
			case '{':
				if len(saved) < 1024 {
					saved = append(saved, depth)
					depth = 0
				}
			case '}':
				if k := len(saved); k > 0 {
					depth = saved[k-1]
					saved = saved[:k-1]
				}
			}
			out = append(out, tok{k: tOp, s: s[i : i+n], a: i, b: i + n})
			i += n
		}
	}
	return out
}
