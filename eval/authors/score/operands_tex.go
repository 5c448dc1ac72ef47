package main

import "strings"

// How a formal statement is read for its operands, beyond the commands
// of operands.go: which of it is math (a statement's prose is text, a
// backslash there a character the source prints — "(LaTeX code:
// \Delta_X)" shows Δ nowhere), what a definition inside math prints
// (nothing: TeX executes it), and which part of a diagram's arrow a
// reader sees (its labels, not its direction or style).

// texSpan is a piece of a statement: prose or the content of one math
// span.
type texSpan struct {
	text string
	math bool
}

// mathSpans parts s into prose and math ($…$, $$…$$, \(…\), \[…\]); math
// left open runs to the end.
func mathSpans(s string) []texSpan {
	var out []texSpan
	from := 0
	for i := 0; i < len(s); {
		var open, closing string
		switch {
		case strings.HasPrefix(s[i:], `\$`), strings.HasPrefix(s[i:], `\\`):
			i += 2
			continue
		case strings.HasPrefix(s[i:], "$$"):
			open, closing = "$$", "$$"
		case s[i] == '$':
			open, closing = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, closing = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, closing = `\[`, `\]`
		default:
			i++
			continue
		}
		body := i + len(open)
		j := closingAt(s, body, closing)
		end := j + len(closing)
		if j < 0 {
			j, end = len(s), len(s)
		}
		out = append(out, texSpan{text: s[from:i]}, texSpan{text: s[body:j], math: true})
		i, from = end, end
	}
	return append(out, texSpan{text: s[from:]})
}

// closingAt is the offset of closing at or after from outside the braces
// opened after from (the dollars of \text{for $x$}), or -1.
func closingAt(s string, from int, closing string) int {
	depth := 0
	for k := from; k < len(s); k++ {
		switch s[k] {
		case '\\':
			if depth <= 0 && strings.HasPrefix(s[k:], closing) {
				return k
			}
			k++
		case '{':
			depth++
		case '}':
			depth--
		case '$':
			if depth <= 0 && strings.HasPrefix(s[k:], closing) {
				return k
			}
		}
	}
	return -1
}

// definitionCommands are the commands that define a macro.
var definitionCommands = map[string]bool{
	"newcommand": true, "renewcommand": true, "providecommand": true, "DeclareRobustCommand": true, "def": true,
	"gdef": true, "edef": true, "xdef": true, "DeclareMathOperator": true, "let": true,
}

// readDefinition reads the definition the command cmd opens at j: the
// name it defines and the macro, and where it ends. ok is false when
// what follows is no definition.
func readDefinition(s, cmd string, j int) (name string, m authorMacro, end int, ok bool) {
	if j < len(s) && s[j] == '*' {
		j++
	}
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	braced := k < len(s) && s[k] == '{'
	if braced {
		k++
	}
	if k >= len(s) || s[k] != '\\' {
		return "", m, j, false
	}
	e := k + 1
	for e < len(s) && isLetter(s[e]) {
		e++
	}
	if e == k+1 && e < len(s) {
		e++
	}
	name = s[k+1 : e]
	if braced {
		if e >= len(s) || s[e] != '}' {
			return "", m, j, false
		}
		e++
	}
	switch cmd {
	case "let":
		// \let\a\b or \let\a=\b: \a reads as \b.
		t := strings.TrimLeft(s[e:], " =")
		o := len(s) - len(t)
		if o >= len(s) {
			return "", m, j, false
		}
		x := o + 1
		if s[o] == '\\' {
			for x < len(s) && isLetter(s[x]) {
				x++
			}
		}
		return name, authorMacro{body: s[o:x] + " "}, x, true
	case "def", "gdef", "edef", "xdef":
		open := strings.IndexByte(s[e:], '{')
		if open < 0 {
			return "", m, j, false
		}
		m.nargs = strings.Count(s[e:e+open], "#")
		e += open
	case "DeclareMathOperator":
		body, x, ok := group(s, e, '{')
		if !ok {
			return "", m, j, false
		}
		return name, authorMacro{body: `\operatorname{` + body + `}`}, x, true
	default:
		if n, x, ok := group(s, e, '['); ok {
			if len(n) == 1 && n[0] >= '0' && n[0] <= '9' {
				m.nargs = int(n[0] - '0')
			}
			e = x
			if _, x, ok := group(s, e, '['); ok {
				e = x // a default for the first argument
			}
		}
	}
	body, x, ok := group(s, e, '{')
	if !ok {
		return "", m, j, false
	}
	m.body = body
	return name, m, x, true
}

// withMacro is macros with name defined as m, macros itself unchanged.
func withMacro(macros map[string]authorMacro, name string, m authorMacro) map[string]authorMacro {
	out := make(map[string]authorMacro, len(macros)+1)
	for k, v := range macros {
		out[k] = v
	}
	out[name] = m
	return out
}

// arrowCommand reports whether name is an arrow of a diagram (tikz-cd's
// \arrow and its shorthands \rar, \drar; xy's \ar).
func arrowCommand(name string) bool {
	switch name {
	case "ar", "arrow", "morphism":
		return true
	}
	d, ok := strings.CutSuffix(name, "ar")
	return ok && d != "" && len(d) <= 2 && strings.Trim(d, "rlud") == ""
}

// arrowLabels reads the arrow whose command ends at j: xy's
// specifications (@{-->}, @/^1pc/), its options, of which only quoted
// labels are shown (tikz-cd's [r, "f"', dashed]), and xy's bar before a
// label on the arrow (|f). It returns the labels and where the arrow's
// labels after it, if any, begin.
func arrowLabels(s string, j int) ([]string, int) {
	if k := skipBlank(s, j); k < len(s) && s[k] == '@' {
		j = k
	}
	for j < len(s) && s[j] == '@' {
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j >= len(s) {
			break
		}
		switch c := s[j]; c {
		case '{':
			if _, e, ok := group(s, j, '{'); ok {
				j = e
			} else {
				j++
			}
		case '/', '<', '(':
			closer := map[byte]byte{'/': '/', '<': '>', '(': ')'}[c]
			if e := strings.IndexByte(s[j+1:], closer); e >= 0 {
				j += e + 2
			} else {
				j++
			}
		default:
			j++
		}
	}
	var labels []string
	if o, e, ok := group(s, j, '['); ok {
		j = e
		// A label is the text between a pair of quotes outside braces.
		depth, from := 0, -1
		for k := 0; k < len(o); k++ {
			switch o[k] {
			case '\\':
				k++
			case '{':
				depth++
			case '}':
				depth--
			case '"':
				if depth != 0 {
					break
				}
				if from < 0 {
					from = k + 1
				} else {
					labels = append(labels, o[from:k])
					from = -1
				}
			}
		}
	}
	for k := j; k < len(s); k++ {
		if s[k] == '|' {
			return labels, k + 1
		}
		if s[k] != ' ' {
			break
		}
	}
	return labels, j
}

func skipBlank(s string, j int) int {
	for j < len(s) && (s[j] == ' ' || s[j] == '\n') {
		j++
	}
	return j
}

// cdArrowAt reads amscd's arrow at s[i] ('@'): @>a>b>, @<a<b<, @VaVbV,
// @AaAbA show their labels; @= an equals sign; @| and @. nothing of their
// own.
func cdArrowAt(s string, i int) (labels []string, eq bool, end int, ok bool) {
	if i+1 >= len(s) {
		return nil, false, i, false
	}
	c := s[i+1]
	switch c {
	case '=':
		return nil, true, i + 2, true
	case '|', '.':
		return nil, false, i + 2, true
	case '>', '<', 'V', 'A':
	default:
		return nil, false, i, false
	}
	k := i + 2
	for n := 0; n < 2; n++ {
		e := strings.IndexByte(s[k:], c)
		if e < 0 {
			return nil, false, i, false
		}
		labels = append(labels, s[k:k+e])
		k += e + 1
	}
	return labels, false, k, true
}
