package extract

import (
	"strings"
	"unicode"
)

// The kind an environment's printed heading gives. An environment lore
// knows by no name may still print its kind as its heading, as TeX sets
// it: an author's \newenvironment{theoremlike}[2][]{\textbf{#2}
// \ifstrempty{#1}{}{(#1)}:}{} used as \begin{theoremlike}[Pythagoras]{Theorem}
// (or through a wrapper \begin{important}[Pythagoras] the expander has
// opened into it), or a box titled by its options,
// \begin{tcolorbox}[title=Definition: Hypotenuse]. The heading is read
// as a reader reads it: the use's arguments put in the environment's
// begin code, its conditionals decided, and the first word it prints (or
// its title option's first word) is the kind's word. The block's title
// is then the argument the heading prints besides the kind's word.

// maxHeadingDepth bounds how many environments opened one in another a
// heading is looked for through.
const maxHeadingDepth = 4

// titleOptionKeys are the options a box sets its title with.
var titleOptionKeys = []string{"title", "frametitle"}

// headingEnv reads \begin{name} whose arguments start at p in s: the
// kind its heading prints, its title and where its body starts.
func headingEnv(tex *texDoc, name, s string, p int) (blockKind, string, int, bool) {
	return headingOf(tex, name, s, p, 0)
}

func headingOf(tex *texDoc, name, s string, p, depth int) (blockKind, string, int, bool) {
	if depth > maxHeadingDepth || proofEnvs[name] || numberedEnvs[strings.TrimSuffix(name, "*")] != "" ||
		verbatimLike[name] || displayMath[name] {
		return blockKind{}, "", p, false
	}
	a, ok := tex.authorEnvs[name]
	if !ok || a.internal || a.takesBody || a.alias != "" || a.box != "" {
		return titledBox(s, p)
	}
	args, e, ok := a.params.readArgs(s, p)
	if !ok {
		return blockKind{}, "", p, false
	}
	code := resolveConditionals(substituteArgs(a.begin, args))
	k, inner, ok := codeHeading(tex, code, depth)
	if !ok {
		return blockKind{}, "", p, false
	}
	title := inner
	if title == "" {
		title = printedArg(a, args)
	}
	return k, title, e, true
}

// printedArg is the argument of a use of a that its heading prints
// besides the kind's word: the block's title.
func printedArg(a *authorEnv, args []string) string {
	for i, arg := range args {
		t := strings.TrimSpace(arg)
		if t == "" || t == noValueMark || kindWordOnly(t) || !strings.Contains(a.begin, "#"+string(rune('1'+i))) {
			continue
		}
		return t
	}
	return ""
}

// codeHeading reads the kind the begin code of an environment prints
// first: the heading of an environment it opens before any text, or the
// first word of its text.
func codeHeading(tex *texDoc, code string, depth int) (blockKind, string, bool) {
	head := code
	if i := strings.Index(code, `\begin`); i >= 0 {
		head = code[:i]
		if strings.TrimSpace(cleanLaTeX(dropCounterCmds(head))) == "" {
			env, e := texBraced(code, i+6)
			if e < 0 || len(env) > 60 {
				return blockKind{}, "", false
			}
			if k, ok := envKinds[strings.TrimSuffix(env, "*")]; ok && k.kind != "onebox" {
				_, title := readOptTitle(code, e)
				return k, title, true
			}
			if k, ok := declaredEnv(tex, strings.TrimSuffix(env, "*")); ok {
				_, title := readOptTitle(code, e)
				return k, title, true
			}
			k, title, _, ok := headingOf(tex, env, code, e, depth+1)
			return k, title, ok
		}
	}
	w := strings.Fields(cleanLaTeX(dropCounterCmds(head)))
	if len(w) == 0 {
		return blockKind{}, "", false
	}
	word := strings.ToLower(strings.Trim(w[0], ":.-–—~()"))
	k, ok := kindOfTitle[word]
	return k, "", ok
}

// titledBox reads a box whose options title it with its kind
// ("title=Definition: Hypotenuse", "frametitle={Theorem}").
func titledBox(s string, p int) (blockKind, string, int, bool) {
	q := skipTeXSpace(s, p)
	if q >= len(s) || s[q] != '[' {
		return blockKind{}, "", p, false
	}
	e, ok := balanced(s, q, '[', ']', 2000)
	if !ok {
		return blockKind{}, "", p, false
	}
	opts := s[q+1 : e]
	for _, key := range titleOptionKeys {
		v, found := enumKey(opts, key)
		if !found {
			continue
		}
		k, title, ok := kindTitle(v)
		if ok {
			return k, title, e + 1, true
		}
	}
	return blockKind{}, "", p, false
}

// kindTitle splits a printed title into its kind's word and the rest:
// "Definition: Hypotenuse", "\textbf{Theorem} (Pythagoras)".
func kindTitle(v string) (blockKind, string, bool) {
	t := strings.TrimSpace(cleanLaTeX(v))
	w := strings.Fields(t)
	if len(w) == 0 {
		return blockKind{}, "", false
	}
	word := strings.Trim(w[0], ":.-–—~")
	k, ok := kindOfTitle[strings.ToLower(word)]
	if !ok {
		return blockKind{}, "", false
	}
	rest := strings.TrimSpace(strings.TrimPrefix(t, w[0]))
	rest = strings.TrimSpace(strings.TrimLeft(rest, ":.-–—~ "))
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	return k, rest, true
}

// readOptTitle reads the optional argument at p, as a title.
func readOptTitle(s string, p int) (int, string) {
	q := skipTeXSpace(s, p)
	if q >= len(s) || s[q] != '[' {
		return p, ""
	}
	e, ok := balanced(s, q, '[', ']', 2000)
	if !ok {
		return p, ""
	}
	t := strings.TrimSpace(optionTitle(s[q+1 : e]))
	if t == noValueMark {
		t = ""
	}
	return e + 1, t
}

// recordEnvDefinition reads the definition the command name (its
// arguments from p) makes, as the expander reads it, keeping the
// environments it defines; it returns where the definition ends.
func (d *texDoc) recordEnvDefinition(name, doc string, p int) (int, bool) {
	x := &texExpander{cmds: map[string]*authorCmd{}, envs: map[string]*authorEnv{},
		theorems: map[string]bool{}, structural: map[string]bool{}, lets: map[string]string{}}
	e, ok := x.define(name, doc, p)
	for env, a := range x.envs {
		d.authorEnvs[env] = a
	}
	return e, ok
}

// counterCmds step or set counters: a heading prints none of their
// arguments.
var counterCmds = map[string]int{"refstepcounter": 1, "stepcounter": 1, "setcounter": 2, "addtocounter": 2}

// dropCounterCmds removes code's counter commands with their arguments.
func dropCounterCmds(code string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(code); {
		k := strings.IndexByte(code[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(code, at)
		i = max(j, at+2)
		n := counterCmds[name]
		if n == 0 {
			continue
		}
		b.WriteString(code[last:at])
		e := skipArgs(code, j, n)
		last, i = e, e
	}
	b.WriteString(code[min(last, len(code)):])
	return b.String()
}

// maxLeadWords bounds the words of a bold lead a result is titled by.
const maxLeadWords = 10

// boldLead reads a result's title set in bold at the head of its body, as
// a reader takes it: \prop{Zero vector}{…} defined as
// \begin{proposition}{\textbf{#1}}{#2}\end{proposition} prints
// "Proposition 1.1.11. **Zero vector** AA = 0". The bold phrase is a
// title when it stands apart from the sentence that follows: in a group
// of its own, or closed by a stop, a colon or a line break. It gives the
// title and where the statement starts (p when the phrase is all of s).
func boldLead(s string, p int) (string, int, bool) {
	q := skipSpaceNL(s, p)
	wrapped := false
	end := -1
	if q < len(s) && s[q] == '{' && !strings.HasPrefix(s[q:], `{\bf`) {
		e, ok := balanced(s, q, '{', '}', 400)
		if !ok {
			return "", p, false
		}
		wrapped, end = true, e+1
		q = skipSpaceNL(s, q+1)
	}
	open := ""
	for _, o := range boldOpeners {
		if strings.HasPrefix(s[q:], o) {
			open = o
			break
		}
	}
	if open == "" {
		return "", p, false
	}
	brace := q + strings.IndexByte(open, '{')
	e, ok := balanced(s, brace, '{', '}', 400)
	if !ok {
		return "", p, false
	}
	inner := s[q+len(open) : e]
	after := e + 1
	if wrapped {
		if strings.TrimSpace(s[after:end-1]) != "" {
			return "", p, false // the group holds more than the bold phrase
		}
		after = end
	} else {
		a := skipTeXSpace(s, after)
		switch {
		case a < len(s) && (s[a] == '.' || s[a] == ':'):
			after = a + 1
		case strings.HasSuffix(strings.TrimSpace(inner), ".") || strings.HasSuffix(strings.TrimSpace(inner), ":"):
		case strings.HasPrefix(s[a:], `\\`) || strings.HasPrefix(s[a:], `\newline`) || strings.HasPrefix(s[a:], `\par`) ||
			strings.Contains(s[after:a], "\n\n"):
		default:
			return "", p, false
		}
	}
	if strings.Contains(inner, "$$") || strings.Contains(inner, `\[`) || strings.Contains(inner, `\begin`) {
		return "", p, false // a statement set in bold, not a title
	}
	t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(cleanLaTeX(inner)), ".:"))
	if t == "" || len(strings.Fields(t)) > maxLeadWords || len(t) > maxName || kindWordOnly(t) {
		return "", p, false
	}
	letters := 0
	for _, r := range dropMath(t) {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < 3 {
		return "", p, false
	}
	if strings.TrimSpace(cleanLaTeX(s[after:])) == "" {
		// The bold phrase is all the result says: it names the result
		// and is its statement too.
		after = p
	}
	return t, after, true
}
