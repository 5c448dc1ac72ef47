package acquire

import (
	"sort"
	"strings"
)

// A package may make its definitions with a macro of its own: a macro
// whose body defines another (\long\def\newspecialbox#1#2{… \expandafter
// \def\csname #1\endcsname ##1##2{…}}), called at the package's top level
// (\newspecialbox{definition}{Definition}). The commands a book uses are
// made by those calls, so they are lent with the definitions: each call of
// a defining macro s defines, where s makes it.

// maxDefiningCalls bounds the calls lent from one text.
const maxDefiningCalls = 200

// withDefiningCalls puts, among defs (s's definitions, in order), the
// calls s makes of its own defining macros outside them, in order.
func withDefiningCalls(s string, defs []texDef, spans [][2]int) []texDef {
	params := map[string]int{}
	for _, df := range defs {
		if n, ok := definingMacro(df); ok {
			params[df.name] = n
		}
	}
	if len(params) == 0 {
		return defs
	}
	type at struct {
		off int
		df  texDef
	}
	var all []at
	for k, df := range defs {
		all = append(all, at{spans[k][0], df})
	}
	calls := 0
	for i := 0; i < len(s) && calls < maxDefiningCalls; {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			break
		}
		p := i + k
		q := p + 1
		for q < len(s) && (isASCIILetter(s[q]) || s[q] == '@') {
			q++
		}
		i = max(q, p+2)
		n, ok := params[s[p:q]]
		if !ok || (p > 0 && s[p-1] == '\\') || inSpans(p, spans) || commentedLine(s, p) {
			continue
		}
		e := callEnd(s, q, n)
		if e < 0 || texLayout.MatchString(s[p:e]) {
			continue
		}
		all = append(all, at{p, texDef{name: "use:" + s[p:e], text: s[p:e]}})
		calls++
		i = e
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].off < all[b].off })
	out := make([]texDef, len(all))
	for k, a := range all {
		out[k] = a.df
	}
	return out
}

// definingMacro reports a definition of a command (not an environment)
// whose body defines another, and how many arguments its uses take.
func definingMacro(df texDef) (int, bool) {
	if !strings.HasPrefix(df.name, `\`) {
		return 0, false
	}
	k := strings.Index(df.text, df.name)
	if k < 0 {
		return 0, false
	}
	rest := df.text[k+len(df.name):]
	rest = strings.TrimPrefix(strings.TrimLeft(rest, " \t\n"), "}")
	brace := strings.IndexByte(rest, '{')
	if brace < 0 || !texDefStart.MatchString(rest[brace:]) {
		return 0, false
	}
	head := strings.TrimSpace(rest[:brace])
	if strings.HasPrefix(head, "[") {
		// \newcommand{\name}[n]
		if c := strings.IndexByte(head, ']'); c > 1 {
			n := 0
			for _, r := range strings.TrimSpace(head[1:c]) {
				if r < '0' || r > '9' {
					return 0, false
				}
				n = 10*n + int(r-'0')
			}
			return n, n > 0 && n <= 9
		}
		return 0, false
	}
	// \def\name#1#2{
	n := strings.Count(head, "#")
	return n, n > 0 && n <= 9
}

// callEnd is the end of a call, whose name ends at p, reading n
// arguments (an optional argument before them is read and not counted),
// or -1.
func callEnd(s string, p, n int) int {
	for k := 0; k < n; {
		q := skipSpaceComments(s, p)
		if q >= len(s) {
			return -1
		}
		switch s[q] {
		case '[':
			if k > 0 {
				return -1
			}
			c := strings.IndexByte(s[q:], ']')
			if c < 0 || c > 400 {
				return -1
			}
			p = q + c + 1
			continue
		case '{':
			if p = braceEnd(s, q); p < 0 {
				return -1
			}
			k++
		default:
			return -1
		}
	}
	return p
}
