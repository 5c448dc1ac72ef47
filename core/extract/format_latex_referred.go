package extract

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// Boxes named where they are referred to. A book may print a result in
// a box of its own that shows only its number and title ("1.1 Positive
// integers"), the kind left to the reader, who learns it where the book
// points at the result: "by Rule 1.1", written \textsl{Rule} \ref{x} or
// through a command of the book's own (\rref{x}, whose expansion prints
// "Rule \ref*{x}"). The kind of such a box is the kind word the book
// puts before references to the labels its uses set, as a reader takes
// it; a box never referred to by a kind word stays unnamed and is not
// read as a result.

// refWordRe is a word before a reference: "Rule \ref{x}", "\textsl{Rule}
// \ref*{x}", "Rule~\ref{x}".
var refWordRe = lazyre.New(`([A-Za-z]+)\}?(?:\s|~|\\,|\\ )*\\ref\*?\{([^{}]*)\}`)

// refCallRe is a command of the book applied to one braced argument.
var refCallRe = lazyre.New(`\\([A-Za-z]+)\*?\{([^{}]*)\}`)

// maxRefExpand bounds how deep a reference command is expanded to find
// the word it prints.
const maxRefExpand = 3

// referredKind is the kind word (as kindOfTitle knows it) the document
// puts before references to labels set in uses of the command name, or
// "" when none is.
func (x *texExpander) referredKind(name string, c *authorCmd) string {
	labels := x.usedLabels(name, c)
	if len(labels) == 0 {
		return ""
	}
	count := map[string]int{}
	note := func(word, label string) {
		if !labels[strings.TrimSpace(label)] {
			return
		}
		if _, ok := kindOfTitle[strings.ToLower(word)]; ok {
			count[strings.ToUpper(word[:1])+strings.ToLower(word[1:])]++
		}
	}
	for _, m := range refWordRe.FindAllStringSubmatch(x.src, -1) {
		note(m[1], m[2])
	}
	words := map[string]string{}
	for _, m := range refCallRe.FindAllStringSubmatch(x.src, -1) {
		if !labels[strings.TrimSpace(m[2])] || m[1] == "ref" || m[1] == "label" {
			continue
		}
		w, ok := words[m[1]]
		if !ok {
			w = x.printedRefWord(m[1], maxRefExpand)
			words[m[1]] = w
		}
		if w != "" {
			note(w, m[2])
		}
	}
	best, n := "", 0
	for w, k := range count {
		if k > n || k == n && w < best {
			best, n = w, k
		}
	}
	return best
}

// usedLabels are the labels set in the arguments of uses of the command
// name in the document.
func (x *texExpander) usedLabels(name string, c *authorCmd) map[string]bool {
	labels := map[string]bool{}
	call := `\` + name
	for i := 0; ; {
		k := strings.Index(x.src[i:], call)
		if k < 0 {
			return labels
		}
		at := i + k
		got, j := controlWord(x.src, at)
		i = max(j, at+len(call))
		if got != name {
			continue
		}
		args, _, ok := c.params.readArgs(x.src, j)
		if !ok {
			continue
		}
		for _, a := range args {
			for p := 0; ; {
				l := strings.Index(a[p:], `\label`)
				if l < 0 {
					break
				}
				v, e := texBraced(a, p+l+len(`\label`))
				if e < 0 {
					break
				}
				labels[strings.TrimSpace(v)] = true
				p = e
			}
		}
	}
}

// printedRefWord is the word the one-argument command name prints
// before the reference it makes to its argument ("Rule" of
// \rref{x} = \hrs{x}{Rule} = \hyperref[x]{\textsl{Rule \ref*{x}}}), read
// from its definition in the document, or "".
func (x *texExpander) printedRefWord(name string, depth int) string {
	code := x.sourceBody(name)
	if code == "" {
		return ""
	}
	return refWordIn(x, code, depth)
}

// refWordIn finds the word code prints before a reference to its first
// parameter, expanding the book's commands it uses up to depth levels.
func refWordIn(x *texExpander, code string, depth int) string {
	for _, m := range refWordRe.FindAllStringSubmatch(code, -1) {
		if strings.TrimSpace(m[2]) == "#1" {
			return m[1]
		}
	}
	if depth == 0 {
		return ""
	}
	for i := 0; i < len(code); {
		k := strings.IndexByte(code[i:], '\\')
		if k < 0 {
			return ""
		}
		name, j := controlWord(code, i+k)
		i = max(j, i+k+2)
		if name == "" || name == "ref" {
			continue
		}
		body := x.sourceBody(name)
		if body == "" {
			continue
		}
		var args []string
		p := j
		for len(args) < 9 {
			v, e := texBraced(code, p)
			if e < 0 {
				break
			}
			args = append(args, v)
			p = e
		}
		if len(args) == 0 {
			continue
		}
		if w := refWordIn(x, substituteArgs(body, args), depth-1); w != "" {
			return w
		}
	}
	return ""
}

// sourceBody is the body of the \newcommand the document gives name,
// wherever it stands, or "".
func (x *texExpander) sourceBody(name string) string {
	for _, def := range []string{`\newcommand{\` + name + `}`, `\newcommand\` + name, `\renewcommand{\` + name + `}`} {
		for i := 0; ; {
			k := strings.Index(x.src[i:], def)
			if k < 0 {
				break
			}
			at, e := i+k, i+k+len(def)
			i = e
			if !strings.HasSuffix(def, "}") {
				if got, _ := controlWord(x.src, at+len(`\newcommand`)); got != name {
					continue
				}
			}
			_, _, _, e2, ok := readNewcommandCount(x.src, e)
			if !ok {
				continue
			}
			if body, e3 := defGroup(x.src, e2); e3 >= 0 {
				return body
			}
		}
	}
	return ""
}
