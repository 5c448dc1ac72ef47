package codescan

import "strings"

// shTok is a shell token: an operator (op set) or a word (op empty) with
// its quotes removed, its expansions kept as written ($X, $(…)), the
// variables it expands and the command substitutions inside it.
type shTok struct {
	op     string
	a, b   int
	val    string
	vars   []string
	subs   []span // bodies of $(…), `…`, <(…) and >(…), in unit offsets
	quoted bool
	hexEsc int // \xHH and \NNN escapes seen (ANSI-C strings, printf formats)
	hd     int // for "<<": index of the heredoc body, -1 otherwise
}

type span struct{ a, b int }

// hdoc is a heredoc body waiting for, or holding, its lines.
type hdoc struct {
	a, b   int
	delim  string
	strip  bool
	filled bool
}

type shLexer struct {
	s    string
	i    int
	toks []shTok
	hds  []hdoc
	pend []int
	sb   strings.Builder
}

// maxWordVal caps the unquoted value kept for one word: a 1 MiB base64
// argument needs no copy to be judged.
const maxWordVal = 8 << 10

// shOps are the shell's operators, longest first where one is a prefix of
// another.
var shOps = []string{"&&", "||", ";;", "|&", "&>>", "&>", ">>", "<<<", "<<-", "<<", ">&", "<&", ">|", "<>", "|", "&", ";", "(", ")", "<", ">"}

// shLex tokenises shell text. It never fails: an unterminated quote or
// substitution runs to the end of the text.
func shLex(s string) *shLexer {
	lx := &shLexer{s: s, toks: make([]shTok, 0, len(s)/5+4)}
	for lx.i < len(s) {
		before := lx.i
		lx.next()
		if lx.i <= before {
			lx.i = before + 1 // never stall on input the rules below do not expect
		}
	}
	return lx
}

func (lx *shLexer) next() {
	s, i := lx.s, lx.i
	c := s[i]
	switch {
	case c == ' ' || c == '\t' || c == '\r':
		lx.i++
		return
	case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
		lx.i += 2
		return
	case c == '\\' && i+2 < len(s) && s[i+1] == '\r' && s[i+2] == '\n':
		lx.i += 3
		return
	case c == '#':
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			lx.i = len(s)
		} else {
			lx.i = i + j
		}
		return
	case c == '\n':
		lx.toks = append(lx.toks, shTok{op: "\n", a: i, b: i + 1, hd: -1})
		lx.i = i + 1
		lx.heredocs()
		return
	case (c == '<' || c == '>') && i+1 < len(s) && s[i+1] == '(':
		lx.word()
		return
	case c == '{' && (i+1 == len(s) || isShSpace(s[i+1])):
		lx.toks = append(lx.toks, shTok{op: "{", a: i, b: i + 1, hd: -1})
		lx.i++
		return
	case c == '}' && (i+1 == len(s) || isShSpace(s[i+1]) || s[i+1] == ';' || s[i+1] == ')' || s[i+1] == '&' || s[i+1] == '|'):
		lx.toks = append(lx.toks, shTok{op: "}", a: i, b: i + 1, hd: -1})
		lx.i++
		return
	}
	// A file descriptor number before a redirection (2>, 1>&2) belongs to
	// the operator.
	j := i
	for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j < len(s) && (s[j] == '<' || s[j] == '>') && !(j+1 < len(s) && s[j+1] == '(') {
		i = j
	}
	for _, op := range shOps {
		if strings.HasPrefix(s[i:], op) {
			t := shTok{op: op, a: lx.i, b: i + len(op), hd: -1}
			lx.i = i + len(op)
			if op == "<<" || op == "<<-" {
				t.hd = lx.heredocStart(op == "<<-")
			}
			lx.toks = append(lx.toks, t)
			return
		}
	}
	lx.word()
}

func isShSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// heredocStart reads the delimiter after << and queues the body, which
// starts after the current line.
func (lx *shLexer) heredocStart(strip bool) int {
	s := lx.s
	for lx.i < len(s) && (s[lx.i] == ' ' || s[lx.i] == '\t') {
		lx.i++
	}
	if lx.i >= len(s) {
		return -1
	}
	n := len(lx.toks)
	lx.word()
	delim := ""
	if len(lx.toks) > n {
		delim = lx.toks[len(lx.toks)-1].val
		lx.toks = lx.toks[:n] // the delimiter is no argument
	}
	if delim == "" {
		return -1
	}
	lx.hds = append(lx.hds, hdoc{delim: delim, strip: strip})
	lx.pend = append(lx.pend, len(lx.hds)-1)
	return len(lx.hds) - 1
}

// heredocs fills the bodies queued on the line that just ended.
func (lx *shLexer) heredocs() {
	s := lx.s
	for _, k := range lx.pend {
		h := &lx.hds[k]
		h.a = lx.i
		h.b = len(s)
		for p := lx.i; p < len(s); {
			e := strings.IndexByte(s[p:], '\n')
			end := len(s)
			if e >= 0 {
				end = p + e
			}
			line := strings.TrimSuffix(s[p:end], "\r")
			if h.strip {
				line = strings.TrimLeft(line, "\t")
			}
			if line == h.delim {
				h.b = p
				lx.i = min(end+1, len(s))
				break
			}
			p = end + 1
			lx.i = min(p, len(s))
		}
		h.filled = true
	}
	lx.pend = lx.pend[:0]
}

// word reads one word, with its quotes, escapes and expansions.
func (lx *shLexer) word() {
	s := lx.s
	start := lx.i
	if start >= len(s) {
		return
	}
	t := shTok{a: start, hd: -1}
	lx.sb.Reset()
	put := func(x string) {
		if lx.sb.Len() < maxWordVal {
			lx.sb.WriteString(x)
		}
	}
	i := start
	for i < len(s) {
		c := s[i]
		if isShSpace(c) || c == ';' || c == '|' || c == '&' || c == ')' || (c == '(' && i > start) {
			break
		}
		if (c == '<' || c == '>') && !(i+1 < len(s) && s[i+1] == '(') {
			break
		}
		switch {
		case c == '\\':
			if i+1 < len(s) {
				if s[i+1] != '\n' {
					put(s[i+1 : i+2])
				}
				i += 2
			} else {
				i++
			}
		case c == '\'':
			e := strings.IndexByte(s[i+1:], '\'')
			if e < 0 {
				put(s[i+1:])
				i = len(s)
			} else {
				put(s[i+1 : i+1+e])
				i += e + 2
			}
			t.quoted = true
		case c == '"':
			i = lx.dquote(i+1, &t, put)
			t.quoted = true
		case c == '$' && i+1 < len(s) && s[i+1] == '\'':
			i = lx.ansiC(i+2, &t, put)
			t.quoted = true
		case c == '`':
			i = lx.backquote(i, &t, put)
		case c == '$' || ((c == '<' || c == '>') && i+1 < len(s) && s[i+1] == '('):
			i = lx.dollar(i, &t, put)
		case c == '(':
			// a word starting with ( is the head of an array or a subshell
			// the parser sees as an operator; here, after the start, it ended
			// the word above.
			put("(")
			i++
		default:
			put(s[i : i+1])
			i++
		}
	}
	if i == start {
		i++
		put(s[start:i])
	}
	t.b = i
	t.val = lx.sb.String()
	lx.i = i
	lx.toks = append(lx.toks, t)
}

// dquote reads a double-quoted string from i (after the quote) and returns
// the offset after the closing quote.
// backquote reads a `…` command substitution starting at i, outside or
// inside double quotes, recording its body in t.subs; it returns the index
// after the closing backquote.
func (lx *shLexer) backquote(i int, t *shTok, put func(string)) int {
	s := lx.s
	e := i + 1
	for e < len(s) && s[e] != '`' {
		if s[e] == '\\' {
			e++
		}
		e++
	}
	e = min(e, len(s))
	t.subs = append(t.subs, span{i + 1, e})
	put(s[i:min(e+1, len(s))])
	return min(e+1, len(s))
}

func (lx *shLexer) dquote(i int, t *shTok, put func(string)) int {
	s := lx.s
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			return i + 1
		case c == '\\' && i+1 < len(s):
			switch s[i+1] {
			case '"', '\\', '$', '`':
				put(s[i+1 : i+2])
			case '\n':
			default:
				put(s[i : i+2])
			}
			i += 2
		case c == '$':
			i = lx.dollar(i, t, put)
		case c == '`':
			i = lx.backquote(i, t, put)
		default:
			put(s[i : i+1])
			i++
		}
	}
	return i
}

// ansiC reads a $'…' string, decoding \xHH and octal escapes (the usual
// disguise of a command) and counting them.
func (lx *shLexer) ansiC(i int, t *shTok, put func(string)) int {
	s := lx.s
	for i < len(s) {
		c := s[i]
		if c == '\'' {
			return i + 1
		}
		if c == '\\' && i+1 < len(s) {
			d := s[i+1]
			switch {
			case d == 'x':
				v, n := hexVal(s[i+2:], 2)
				if n > 0 {
					put(string(rune(v)))
					t.hexEsc++
					i += 2 + n
					continue
				}
			case d >= '0' && d <= '7':
				v, n := 0, 0
				for n < 3 && i+1+n < len(s) && s[i+1+n] >= '0' && s[i+1+n] <= '7' {
					v = v*8 + int(s[i+1+n]-'0')
					n++
				}
				put(string(rune(v & 0xff)))
				t.hexEsc++
				i += 1 + n
				continue
			case d == 'n':
				put("\n")
			case d == 't':
				put("\t")
			default:
				put(s[i+1 : i+2])
			}
			i += 2
			continue
		}
		put(s[i : i+1])
		i++
	}
	return i
}

func hexVal(s string, max int) (int, int) {
	v, n := 0, 0
	for n < max && n < len(s) {
		c := s[n]
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v*16 + int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v*16 + int(c-'A'+10)
		default:
			return v, n
		}
		n++
	}
	return v, n
}

// dollar reads an expansion at i ($X, ${X…}, $(…), $((…)), <(…), >(…)).
func (lx *shLexer) dollar(i int, t *shTok, put func(string)) int {
	s := lx.s
	if s[i] == '<' || s[i] == '>' {
		e := skipParens(s, i+2)
		t.subs = append(t.subs, span{i + 2, e})
		put(s[i:min(e+1, len(s))])
		return min(e+1, len(s))
	}
	if i+1 >= len(s) {
		put("$")
		return i + 1
	}
	switch d := s[i+1]; {
	case d == '(' && i+2 < len(s) && s[i+2] == '(':
		e := skipParens(s, i+3)
		e = min(e+2, len(s))
		put(s[i:e])
		return e
	case d == '(':
		e := skipParens(s, i+2)
		t.subs = append(t.subs, span{i + 2, e})
		put(s[i:min(e+1, len(s))])
		return min(e+1, len(s))
	case d == '{':
		e := i + 2
		depth := 1
		for e < len(s) && depth > 0 {
			switch s[e] {
			case '{':
				depth++
			case '}':
				depth--
			}
			e++
		}
		name := s[i+2 : e]
		name = strings.TrimPrefix(name, "!")
		name = strings.TrimPrefix(name, "#")
		k := 0
		for k < len(name) && isNameByte(name[k]) {
			k++
		}
		if k > 0 {
			t.vars = append(t.vars, name[:k])
		}
		put(s[i:e])
		return e
	case isNameByte(d):
		e := i + 1
		if d >= '0' && d <= '9' {
			e++
		} else {
			for e < len(s) && isNameByte(s[e]) {
				e++
			}
		}
		t.vars = append(t.vars, s[i+1:e])
		put(s[i:e])
		return e
	case d == '@' || d == '*' || d == '#' || d == '?' || d == '$' || d == '!' || d == '-':
		t.vars = append(t.vars, s[i+1:i+2])
		put(s[i : i+2])
		return i + 2
	}
	put("$")
	return i + 1
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// skipParens returns the offset of the ) that closes a parenthesis opened
// just before i, skipping quoted text, or len(s).
func skipParens(s string, i int) int {
	depth := 1
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '\'':
			e := strings.IndexByte(s[i+1:], '\'')
			if e < 0 {
				return len(s)
			}
			i += e + 2
			continue
		case '"':
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return len(s)
}
