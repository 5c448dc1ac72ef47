package extract

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The parameters of an author's macro or environment, as each definition
// form declares them, and how a use's arguments are read: \newcommand's
// count and optional first argument, \def's parameter text (delimiters
// and all), xparse's argument specification (m, o, O{default}, s, t, g,
// d, r). A use whose arguments cannot be read is left as written.

// texParam is one parameter.
type texParam struct {
	kind byte // 'm' mandatory, 'o' optional in brackets, 's' star, 't' token, 'g' optional group
	// def is the default of an optional parameter; noValue marks one
	// without (xparse's -NoValue-).
	def     string
	noValue bool
	// open and close delimit an optional or required argument ('[' ']'
	// for o), tok is the token of a t parameter.
	open, close byte
	tok         byte
	// delim ends a \def parameter ("" when it is undelimited).
	delim string
}

// texParams is a definition's parameter list; prefix is the literal text
// a \def's parameter text requires before its first parameter.
type texParams struct {
	list   []texParam
	prefix string
}

// noValueMark is what an absent optional xparse argument reads as: the
// body's \IfNoValueTF tests for it.
const noValueMark = "-NoValue-"

// maxArgBytes bounds one argument: a definition's body argument may hold
// a page, no more.
const maxArgBytes = 64 << 10

// newcommandParams is the parameter list of \newcommand[n][default].
func newcommandParams(n int, hasOpt bool, opt string) texParams {
	var ps texParams
	for k := 0; k < n; k++ {
		if k == 0 && hasOpt {
			ps.list = append(ps.list, texParam{kind: 'o', def: opt, open: '[', close: ']'})
			continue
		}
		ps.list = append(ps.list, texParam{kind: 'm'})
	}
	return ps
}

// readNewcommandCount reads "[n][default]" at p: the count, whether there
// is a default, the default and where reading goes on; ok is false when
// the count is no number from 0 to 9.
func readNewcommandCount(s string, p int) (n int, hasOpt bool, opt string, e int, ok bool) {
	q := skipTeXSpace(s, p)
	if q >= len(s) || s[q] != '[' {
		return 0, false, "", p, true
	}
	c, found := balanced(s, q, '[', ']', 20)
	if !found {
		return 0, false, "", p, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(s[q+1 : c]))
	if err != nil || n < 0 || n > 9 {
		return 0, false, "", c + 1, false
	}
	e = c + 1
	if q2 := skipTeXSpace(s, e); q2 < len(s) && s[q2] == '[' {
		if c2, found := balanced(s, q2, '[', ']', 2000); found {
			return n, true, s[q2+1 : c2], c2 + 1, n > 0
		}
	}
	return n, false, "", e, true
}

// xparseParams reads an xparse argument specification ("m o O{x} s");
// ok is false for one lore does not read (verbatim, embellishments), and
// body reports a b argument (an environment taking its body).
func xparseParams(spec string) (ps texParams, body, ok bool) {
	for i := 0; i < len(spec); i++ {
		c := spec[i]
		switch c {
		case ' ', '\t', '\n', '\r', '+', '!':
			continue
		case 'm':
			ps.list = append(ps.list, texParam{kind: 'm'})
		case 'o':
			ps.list = append(ps.list, texParam{kind: 'o', noValue: true, open: '[', close: ']'})
		case 's':
			ps.list = append(ps.list, texParam{kind: 's', tok: '*'})
		case 'g':
			ps.list = append(ps.list, texParam{kind: 'g', noValue: true})
		case 'b':
			body = true
		case 't':
			if i+1 >= len(spec) {
				return ps, body, false
			}
			ps.list = append(ps.list, texParam{kind: 's', tok: spec[i+1]})
			i++
		case 'O', 'G':
			d, e := texRawBraced(spec, i+1)
			if e < 0 {
				return ps, body, false
			}
			if c == 'O' {
				ps.list = append(ps.list, texParam{kind: 'o', def: d, open: '[', close: ']'})
			} else {
				ps.list = append(ps.list, texParam{kind: 'g', def: d})
			}
			i = e - 1
		case 'd', 'D', 'r', 'R':
			if i+2 >= len(spec) {
				return ps, body, false
			}
			p := texParam{kind: 'o', noValue: true, open: spec[i+1], close: spec[i+2]}
			if c == 'r' || c == 'R' {
				p.kind = 'r'
			}
			i += 2
			if c == 'D' || c == 'R' {
				d, e := texRawBraced(spec, i+1)
				if e < 0 {
					return ps, body, false
				}
				p.def, p.noValue = d, false
				i = e - 1
			}
			ps.list = append(ps.list, p)
		default:
			return ps, body, false
		}
	}
	return ps, body, len(ps.list) <= 9
}

// defParams reads a \def's parameter text, from p to the body's brace:
// "#1#2", "#1.", "(#1,#2)". ok is false for one lore does not read.
func defParams(s string, p int) (ps texParams, e int, ok bool) {
	q := p
	for q < len(s) && s[q] != '{' && q-p < 200 {
		if s[q] == '%' || s[q] == '}' {
			return ps, q, false
		}
		q++
	}
	if q >= len(s) || s[q] != '{' {
		return ps, q, false
	}
	text := s[p:q]
	k := strings.IndexByte(text, '#')
	if k < 0 {
		if strings.TrimSpace(text) != "" {
			return ps, q, false
		}
		return ps, q, true
	}
	ps.prefix = strings.TrimSpace(text[:k])
	for k < len(text) {
		if text[k] != '#' || k+1 >= len(text) || text[k+1] != byte('1'+len(ps.list)) {
			return ps, q, false
		}
		k += 2
		next := strings.IndexByte(text[k:], '#')
		if next < 0 {
			next = len(text) - k
		}
		// A delimiter of spaces alone is no delimiter TeX would match
		// as written: the space after a control word is skipped.
		d := text[k : k+next]
		if strings.TrimSpace(d) == "" {
			d = ""
		}
		ps.list = append(ps.list, texParam{kind: 'm', delim: d})
		k += next
	}
	return ps, q, len(ps.list) <= 9
}

// readArgs reads the arguments of a use whose name ends at p: their
// values in parameter order and where the use ends.
func (ps texParams) readArgs(s string, p int) ([]string, int, bool) {
	if ps.prefix != "" {
		q := skipSpaceNL(s, p)
		if !strings.HasPrefix(s[q:], ps.prefix) {
			return nil, p, false
		}
		p = q + len(ps.prefix)
	}
	args := make([]string, 0, len(ps.list))
	for k, prm := range ps.list {
		if k == 0 && prm.delim != "" && ps.prefix == "" {
			// TeX skips the blanks after a control word.
			for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
				p++
			}
		}
		switch prm.kind {
		case 's':
			q := skipTeXSpace(s, p)
			if q < len(s) && s[q] == prm.tok {
				args = append(args, `\BooleanTrue`)
				p = q + 1
			} else {
				args = append(args, `\BooleanFalse`)
			}
		case 'o', 'g', 'r':
			open, closeB := prm.open, prm.close
			if prm.kind == 'g' {
				open, closeB = '{', '}'
			}
			q := skipTeXSpace(s, p)
			if q < len(s) && s[q] == open {
				c, ok := delimited(s, q, open, closeB)
				if !ok {
					return nil, p, false
				}
				args = append(args, s[q+1:c])
				p = c + 1
				continue
			}
			if prm.kind == 'r' {
				return nil, p, false
			}
			if prm.noValue {
				args = append(args, noValueMark)
			} else {
				args = append(args, prm.def)
			}
		default:
			a, e, ok := readMandatory(s, p, prm.delim)
			if !ok {
				return nil, p, false
			}
			args = append(args, a)
			p = e
		}
	}
	return args, p, true
}

// delimited finds the closer of the optional argument opened at q; a
// bracket inside braces does not close it ("[{a]}]").
func delimited(s string, q int, open, closeB byte) (int, bool) {
	if open == '{' {
		return balanced(s, q, '{', '}', maxArgBytes)
	}
	depth, brace := 0, 0
	for k := q; k < len(s) && k-q < maxArgBytes; k++ {
		switch c := s[k]; {
		case c == '\\':
			k++
		case c == '{':
			brace++
		case c == '}':
			if brace == 0 {
				return 0, false
			}
			brace--
		case brace > 0:
		case c == closeB && (depth == 1 || open == closeB && k > q):
			return k, true
		case c == open:
			depth++
		case c == closeB:
			depth--
		}
	}
	return 0, false
}

// readMandatory reads one argument at p: a braced group, a control word or
// one character; with a delimiter, the text up to it (one surrounding
// group stripped, as TeX strips it).
func readMandatory(s string, p int, delim string) (string, int, bool) {
	if delim != "" {
		depth := 0
		for k := p; k < len(s) && k-p < maxArgBytes; k++ {
			switch s[k] {
			case '\\':
				if depth == 0 && strings.HasPrefix(s[k:], delim) {
					return stripGroup(s[p:k]), k + len(delim), true
				}
				k++
			case '{':
				depth++
			case '}':
				if depth == 0 {
					return "", p, false
				}
				depth--
			default:
				if depth == 0 && strings.HasPrefix(s[k:], delim) {
					return stripGroup(s[p:k]), k + len(delim), true
				}
			}
		}
		return "", p, false
	}
	q := skipTeXSpace(s, p)
	if q >= len(s) {
		return "", p, false
	}
	if b := blankLineIn(s, p, q); b >= 0 {
		// TeX reads a blank line as \par, and \par is the argument: a
		// command given fewer arguments than it takes before a new
		// paragraph does not take the paragraph's first group.
		return `\par`, b, true
	}
	switch s[q] {
	case '{':
		c, ok := balanced(s, q, '{', '}', maxArgBytes)
		if !ok {
			return "", p, false
		}
		return s[q+1 : c], c + 1, true
	case '}', '%':
		return "", p, false
	case '\\':
		name, e := controlWord(s, q)
		if name == "" {
			e = min(q+2, len(s))
		}
		return s[q:e], e, true
	}
	_, size := utf8.DecodeRuneInString(s[q:])
	return s[q : q+size], q + size, true
}

// stripGroup removes the braces around an argument that is one group.
func stripGroup(a string) string {
	t := strings.TrimSpace(a)
	if len(t) >= 2 && t[0] == '{' {
		if c, ok := balanced(t, 0, '{', '}', len(t)); ok && c == len(t)-1 {
			return t[1:c]
		}
	}
	return a
}

// resolveConditionals decides, in a body whose arguments are in place,
// the tests a definition makes of them: xparse's \IfNoValueTF,
// \IfValueTF, \IfBooleanTF (and their T and F forms), etoolbox's
// \ifstrempty and \ifblank, and ifthen's \ifthenelse{\equal{a}{b}}. A
// test it cannot decide stays as written.
func resolveConditionals(body string) string { return resolveConds(body, 8) }

func resolveConds(body string, depth int) string {
	if depth <= 0 || !strings.Contains(body, `\If`) && !strings.Contains(body, `\if`) {
		return body
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(body); {
		k := strings.IndexByte(body[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(body, at)
		if name == "" {
			i = at + 2
			continue
		}
		val, ok := false, false
		nargs := 0
		switch name {
		case "IfNoValueTF", "IfNoValueT", "IfNoValueF", "IfValueTF", "IfValueT", "IfValueF":
			a, e := argGroup(body, j)
			if e < 0 {
				i = j
				continue
			}
			val, ok, j = strings.TrimSpace(a) == noValueMark, true, e
			if strings.HasPrefix(name, "IfValue") {
				val = !val
			}
		case "IfBooleanTF", "IfBooleanT", "IfBooleanF":
			a, e := argGroup(body, j)
			if e < 0 {
				i = j
				continue
			}
			a = strings.TrimSpace(a)
			if a != `\BooleanTrue` && a != `\BooleanFalse` {
				i = j
				continue
			}
			val, ok, j = a == `\BooleanTrue`, true, e
		case "ifstrempty", "ifblank":
			a, e := argGroup(body, j)
			if e < 0 {
				i = j
				continue
			}
			val, ok, j, nargs = strings.TrimSpace(a) == "", true, e, 2
		case "ifthenelse":
			a, e := argGroup(body, j)
			if e < 0 || !strings.HasPrefix(strings.TrimSpace(a), `\equal`) {
				i = j
				continue
			}
			x, e1 := argGroup(a, strings.Index(a, `\equal`)+6)
			y, e2 := argGroup(a, max(e1, 0))
			if e1 < 0 || e2 < 0 {
				i = j
				continue
			}
			val, ok, j, nargs = strings.TrimSpace(x) == strings.TrimSpace(y), true, e, 2
		}
		if !ok {
			i = j
			continue
		}
		if nargs == 0 {
			nargs = 2
			if !strings.HasSuffix(name, "TF") {
				nargs = 1
			}
		}
		t, e1 := argGroup(body, j)
		if e1 < 0 {
			i = j
			continue
		}
		f, e2 := "", e1
		if nargs == 2 {
			if f, e2 = argGroup(body, e1); e2 < 0 {
				i = j
				continue
			}
		} else if strings.HasSuffix(name, "F") {
			// \IfNoValueF{x}{code}: the one branch is the false one.
			t, f = "", t
		}
		b.WriteString(body[last:at])
		if val {
			b.WriteString(t)
		} else {
			b.WriteString(f)
		}
		last, i = e2, e2
	}
	if last == 0 {
		return body
	}
	b.WriteString(body[last:])
	return resolveConds(b.String(), depth-1)
}

// argGroup returns the braced group at or after p (after blanks and
// comments) as written, and the offset after it, or -1.
func argGroup(s string, p int) (string, int) {
	p = skipTeXSpace(s, p)
	if p >= len(s) || s[p] != '{' {
		return "", -1
	}
	e, ok := balanced(s, p, '{', '}', maxArgBytes)
	if !ok {
		return "", -1
	}
	return s[p+1 : e], e + 1
}

// blankLineIn gives where the first blank line of s[p:q] (blanks and
// comments only) ends, or -1 when there is none.
func blankLineIn(s string, p, q int) int {
	nl := false
	for k := p; k < q; k++ {
		switch s[k] {
		case '\n':
			if nl {
				return k + 1
			}
			nl = true
		case '%':
			// A comment runs to its line's end, and that line is not blank.
			e := strings.IndexByte(s[k:q], '\n')
			if e < 0 {
				return -1
			}
			k += e
			nl = true
		case ' ', '\t', '\r':
		default:
			return -1
		}
	}
	return -1
}
