package extract

import "strings"

// Boxes a book draws itself. A package may set its results with a
// command that opens no environment lore reads: it steps a counter and
// draws a box (a TikZ node, a framed minipage) printing the result's kind
// in bold, its number and its title, then its body —
// \definition{label}{Title}{Body} printing "Definition 4  Title" over the
// body. TeX prints that as a definition; so does lore: such a command is
// read as a theorem-like environment of that kind, declared where the
// command is defined (numbered by the counter it steps), and each use as
// \begin{name}[Title]\label{label} Body \end{name}.
//
// Packages often make such commands with a defining macro of their own
// (\newspecialbox{definition}{Definition}{style}, whose body \def's
// \csname #1\endcsname): a use of a macro whose body defines others is
// run for the definitions it makes, as TeX runs it.

// printedBox is how a command prints a result: its kind word, and which
// of its arguments are the label, the title and the body (-1: none).
type printedBox struct {
	kind               string // the kind word as printed: "Definition"
	label, title, body int
	counter            string // the counter it steps, "" when none is known
	numbered           bool
}

// definingCmds are the commands that make a definition the expander
// records: a macro whose body uses one is run for its definitions.
var definingCmds = map[string]bool{
	"def": true, "gdef": true, "edef": true, "xdef": true, "newcommand": true, "renewcommand": true,
	"providecommand": true, "DeclareRobustCommand": true, "newenvironment": true, "renewenvironment": true,
	"NewDocumentCommand": true, "RenewDocumentCommand": true, "NewDocumentEnvironment": true,
	"RenewDocumentEnvironment": true, "NewEnviron": true, "RenewEnviron": true,
}

// definesIn reports whether code makes a definition the expander records.
func definesIn(code string) bool {
	for i := 0; i < len(code); {
		k := strings.IndexByte(code[i:], '\\')
		if k < 0 {
			return false
		}
		name, j := controlWord(code, i+k)
		if definingCmds[name] {
			return true
		}
		i = max(j, i+k+2)
	}
	return false
}

// boldOpeners are the ways a body sets a group in bold.
var boldOpeners = []string{`\textbf{`, `{\bf `, `{\bfseries `, `{\bf{`, `{\bfseries{`}

// printedBoxOf reads how the body of a command with n parameters prints
// a result, or nil when it prints none: a bold group starting with a kind
// word, a parameter in or after it other than the label's, and no
// environment lore reads as a block (expanding it reads that one).
func (x *texExpander) printedBoxOf(body string, n int) *printedBox {
	if n == 0 || !strings.Contains(body, `bf`) || !strings.Contains(body, "#") {
		return nil
	}
	code := dropTeXComments(body)
	for _, env := range beginsIn(code) {
		if x.knownBlock(env) {
			return nil
		}
	}
	from, to, group := boldGroup(code)
	if from < 0 {
		return nil
	}
	kind := leadWords(group)
	if _, ok := kindOfTitle[strings.ToLower(kind)]; !ok {
		if kind != "" || !strings.Contains(group, `\the`) {
			return nil
		}
		// A number and a title, no kind word: the kind is what the
		// book calls it where it refers to it (referredKind).
		kind = ""
	}
	pb := &printedBox{kind: kind, label: -1, title: -1, body: -1}
	if k := strings.Index(code, `\label{#`); k >= 0 {
		pb.label = paramAt(code, k+len(`\label{`), n)
	}
	if t := firstParam(group, n, pb.label); t >= 0 {
		pb.title = t
	}
	var after []int
	for i := to; i < len(code); i++ {
		if p := paramAt(code, i, n); p >= 0 && p != pb.label && p != pb.title && !containsInt(after, p) && !keyArg(code, i) {
			after = append(after, p)
		}
	}
	if len(after) == 0 {
		return nil
	}
	if pb.title < 0 && len(after) >= 2 {
		pb.title, after = after[0], after[1:]
	}
	pb.body = after[len(after)-1]
	pb.counter = steppedCounter(code)
	pb.numbered = strings.Contains(group, `\the`) || strings.Contains(group, `\arabic`) || strings.Contains(group, `\value`)
	return pb
}

// boldGroup finds the first bold group of code: where its text begins
// and ends, and the text.
func boldGroup(code string) (int, int, string) {
	best, open := -1, ""
	for _, o := range boldOpeners {
		if k := strings.Index(code, o); k >= 0 && (best < 0 || k < best) {
			best, open = k, o
		}
	}
	if best < 0 {
		return -1, -1, ""
	}
	brace := best + strings.IndexByte(open, '{')
	e, ok := balanced(code, brace, '{', '}', maxDefBytes)
	if !ok {
		return -1, -1, ""
	}
	from := best + len(open)
	return from, e, code[from:e]
}

// leadWords is the text a group starts with, up to a command, a
// parameter, a number or a brace: "Definition" of
// "Definition \the\value{c} #2".
func leadWords(g string) string {
	g = strings.TrimLeft(g, " \t\n{")
	e := strings.IndexAny(g, "\\#{}0123456789:.")
	if e < 0 {
		e = len(g)
	}
	return strings.Join(strings.Fields(g[:e]), " ")
}

// paramAt is the (0-based) parameter #k at i of code, or -1.
func paramAt(code string, i, n int) int {
	if i+1 >= len(code) || code[i] != '#' || i > 0 && code[i-1] == '#' {
		return -1
	}
	if d := code[i+1]; d >= '1' && int(d-'0') <= n {
		return int(d - '1')
	}
	return -1
}

// firstParam is the first parameter g holds other than skip, or -1.
func firstParam(g string, n, skip int) int {
	for i := range len(g) {
		if p := paramAt(g, i, n); p >= 0 && p != skip {
			return p
		}
	}
	return -1
}

// keyArg reports a parameter at i that is the key of a reference or a
// citation ("\\ref{#1}"): it names a result, it is none.
func keyArg(code string, i int) bool {
	pre := code[:i]
	for _, c := range []string{`ref{`, `cite{`, `label{`, `citep{`, `citet{`} {
		if strings.HasSuffix(pre, c) {
			return true
		}
	}
	return false
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// steppedCounter is the counter code steps (\refstepcounter{c},
// \stepcounter{c}) or prints (\the\value{c}, \arabic{c}), or "".
func steppedCounter(code string) string {
	for _, cmd := range []string{`\refstepcounter`, `\stepcounter`, `\value`, `\arabic`} {
		if k := strings.Index(code, cmd); k >= 0 {
			if c, e := texBraced(code, k+len(cmd)); e > 0 && c != "" && !strings.ContainsAny(c, `\#{}`) {
				return c
			}
		}
	}
	return ""
}

// dropTeXComments removes code's comments.
func dropTeXComments(code string) string {
	if !strings.Contains(code, "%") {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '\\':
			if i+1 < len(code) {
				b.WriteString(code[i : i+2])
				i++
				continue
			}
		case '%':
			e := strings.IndexByte(code[i:], '\n')
			if e < 0 {
				return b.String()
			}
			i += e
			// A comment takes its line end with it.
			continue
		}
		b.WriteByte(code[i])
	}
	return b.String()
}

// declareBox declares the command name, which prints results as pb says,
// a theorem-like environment of that name: numbered by the counter it
// steps (sharing it with another box stepping the same), within the
// counter's parent when \newcounter gives one.
func (x *texExpander) declareBox(name string, pb *printedBox) {
	x.theorems[name] = true
	var d string
	switch {
	case !pb.numbered:
		d = `\newtheorem*{` + name + `}{` + pb.kind + `}`
	case pb.counter != "" && x.boxCounters[pb.counter] != "" && x.boxCounters[pb.counter] != name:
		d = `\newtheorem{` + name + `}[` + x.boxCounters[pb.counter] + `]{` + pb.kind + `}`
	default:
		d = `\newtheorem{` + name + `}{` + pb.kind + `}`
		if w := x.counters[pb.counter]; pb.counter != "" && w != "" {
			d += "[" + w + "]"
		}
		if pb.counter != "" {
			x.boxCounters[pb.counter] = name
		}
	}
	x.pending = append(x.pending, d)
}

// useBox reads a use of the box command name (its name ending at j) and
// writes it as the environment it prints.
func (x *texExpander) useBox(s, name string, c *authorCmd, j, depth int) (int, func(), bool) {
	args, e, ok := c.params.readArgs(s, j)
	if !ok {
		return 0, nil, false
	}
	pb := c.box
	arg := func(k int) string {
		if k < 0 || k >= len(args) {
			return ""
		}
		return strings.TrimSpace(args[k])
	}
	open := `\begin{` + name + `}`
	if t := arg(pb.title); t != "" && t != noValueMark {
		if strings.ContainsAny(t, "[]") {
			t = "{" + t + "}"
		}
		open += "[" + t + "]"
	}
	if l := arg(pb.label); l != "" && l != noValueMark {
		open += `\label{` + l + `}`
	}
	body := arg(pb.body)
	if len(strings.Fields(cleanLaTeX(body))) < 3 && !displaysMath(body) {
		// A word or two is no statement: a heading or a reference the
		// box command also sets. A displayed formula is one: a law
		// stated as "a + b = b + a".
		return 0, nil, false
	}
	x.steps++
	return e, func() {
		x.b.WriteString(open + "\n")
		x.run(body, depth+1, false)
		x.b.WriteString("\n" + `\end{` + name + `}`)
	}, true
}

// runDefinitions runs a use of the defining macro c (its name ending at
// j) for the definitions it makes; the use stays as written, followed by
// the declarations of the boxes it defines.
func (x *texExpander) runDefinitions(s string, c *authorCmd, at, j, depth int) (int, func(), bool) {
	args, e, ok := c.params.readArgs(s, j)
	if !ok {
		return 0, nil, false
	}
	x.steps++
	body := resolveConditionals(substituteArgs(c.body, args))
	saved := x.b
	x.b = &strings.Builder{}
	x.discarding++
	x.run(body, depth+1, false)
	x.discarding--
	x.b = saved
	if x.discarding > 0 || len(x.pending) == 0 {
		return x.keep(s, at, e)
	}
	return e, func() {
		x.b.WriteString(s[at:e])
		x.writePending()
	}, true
}

// writePending writes the declarations of the boxes defined since the
// last were written.
func (x *texExpander) writePending() {
	for _, d := range x.pending {
		x.b.WriteString("\n" + d)
	}
	x.pending = x.pending[:0]
}

// newCounter records \newcounter{c}[parent] at j.
func (x *texExpander) newCounter(s string, j int) {
	c, e := texBraced(s, j)
	if e < 0 || c == "" {
		return
	}
	w, _ := texOptional(s, e, 60)
	x.counters[c] = strings.TrimSpace(w)
}

// displaysMath reports a body that sets a formula on a line of its own.
func displaysMath(body string) bool {
	for _, o := range []string{`\[`, `$$`, `\begin{equation`, `\begin{align`, `\begin{gather`, `\begin{multline`, `\begin{eqnarray`} {
		if strings.Contains(body, o) {
			return true
		}
	}
	return false
}
