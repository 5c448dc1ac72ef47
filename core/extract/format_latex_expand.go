package extract

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
)

// The author's own structure, expanded as TeX would expand it. A book may
// set its results with macros of its own: \definition{label}{Title}{Body}
// whose .sty definition opens a definition environment, an environment
// mydefn that wraps amsthm's definition, a \thm{Title}{Body} command, a
// tcolorbox theorem taking its title and label as arguments. Read as
// written, none of them is a block; TeX prints each as one. So before
// blocks are found, the document is read once in order, as TeX reads it:
// definitions are recorded where they are made, and each use of a
// structural macro or environment (one whose expansion, transitively,
// opens or closes an environment, makes a heading or declares a theorem)
// is replaced by its expansion, arguments in place. Notation (\R, \abs)
// is left as written: rendering expands it where a statement is read.
//
// Expansion is bounded in depth, in the number of expansions and in the
// text it may add, and a use whose arguments cannot be read is left as
// written, so no input makes it run away. Each replaced span is recorded,
// so an offset in the expanded text maps back to the source (a block
// opened by a macro is where the macro is used).

// Bounds of one document's expansion.
const (
	maxStructDepth  = 16
	maxExpansions   = 200000
	maxOpenAuthEnvs = 256
	// maxDefBytes bounds a definition's body as written: a package's
	// definition of a box is a page at most.
	maxDefBytes = 64 << 10
)

// authorCmd is a command the document defines.
type authorCmd struct {
	params texParams
	body   string
	// box is how it prints a result in a box of its own (nil: it does
	// not); defines, that its body makes definitions.
	box     *printedBox
	defines bool
}

// authorEnv is an environment the document defines, or sets up through a
// package whose environments take their title as an argument.
type authorEnv struct {
	params     texParams
	begin, end string
	// takesBody: the begin code holds the environment's body (environ's
	// \BODY, xparse's b argument).
	takesBody bool
	// alias is the environment this one is (\let\A\B, \let\endA\endB).
	alias string
	// box is how a tcolorbox or titled box environment reads its
	// arguments: "tcb" for \newtcbtheorem's {title}{label}, "title" for
	// a \newtcolorbox whose first argument is its title.
	box    string
	prefix string // a tcb theorem's label prefix
	// internal marks an environment built on LaTeX's internals
	// (\protected@edef, \@currentlabelname): its code is no text lore
	// can read and is never expanded, but the title it takes as an
	// argument is still read as one at each use.
	internal bool
}

// expSpan is one replaced span: [from, to) of the source became
// [outFrom, outTo) of the expansion.
type expSpan struct{ from, to, outFrom, outTo int }

type texExpander struct {
	src      string
	cmds     map[string]*authorCmd
	envs     map[string]*authorEnv
	theorems map[string]bool
	// structural memoizes, per command, whether its expansion is
	// structural; it is cleared when a definition changes.
	structural map[string]bool
	lets       map[string]string
	open       []openAuthEnv
	// counters are the counters \newcounter makes, with the counter
	// each is numbered within; boxCounters, the box command that
	// declared a counter's theorem-like environment first.
	counters    map[string]string
	boxCounters map[string]string
	// pending are the declarations of boxes defined and not yet written;
	// discarding, how deep a run's output is being thrown away.
	pending    []string
	discarding int
	b          *strings.Builder
	limit      int // the output may not grow past it
	steps      int
	spans      []expSpan
}

// openAuthEnv is an author environment opened and not yet closed: the
// code its \end stands for.
type openAuthEnv struct {
	name, end string
}

// texExpansion is a document expanded, and how its offsets map back.
type texExpansion struct {
	text, src string
	spans     []expSpan
}

// expandAuthorStructure expands the author's structural macros and
// environments of doc; nil when there are none to expand.
func expandAuthorStructure(doc string) *texExpansion {
	if !definesStructure(doc) {
		return nil
	}
	x := &texExpander{
		src: doc, cmds: map[string]*authorCmd{}, envs: map[string]*authorEnv{},
		theorems: map[string]bool{}, structural: map[string]bool{}, lets: map[string]string{},
		counters: map[string]string{}, boxCounters: map[string]string{},
		b: &strings.Builder{}, limit: 2*len(doc) + 1<<20,
	}
	x.b.Grow(len(doc) + len(doc)/8)
	x.run(doc, 0, true)
	if len(x.spans) == 0 {
		return nil
	}
	return &texExpansion{text: x.b.String(), src: doc, spans: x.spans}
}

// definesStructure is a quick test: does doc define anything the
// expander reads?
func definesStructure(doc string) bool {
	for _, k := range []string{`\newcommand`, `\renewcommand`, `\providecommand`, `\def`, `\newenvironment`,
		`\renewenvironment`, `\NewDocument`, `\RenewDocument`, `\DeclareDocument`, `\NewEnviron`,
		`\newtcbtheorem`, `\newtcolorbox`, `\let`, `\DeclareRobustCommand`} {
		if strings.Contains(doc, k) {
			return true
		}
	}
	return false
}

// run reads s (the source itself when top) at the given depth of
// expansion, writing it, expanded, to the output.
func (x *texExpander) run(s string, depth int, top bool) {
	last := 0
	for i := 0; i < len(s); {
		k := strings.IndexAny(s[i:], `\%`)
		if k < 0 {
			break
		}
		at := i + k
		if s[at] == '%' {
			i = lineEnd(s, at)
			continue
		}
		name, j := controlWord(s, at)
		if name == "" {
			i = min(at+2, len(s))
			continue
		}
		e, out, ok := x.step(s, name, at, j, depth)
		if !ok {
			i = j
			continue
		}
		if out == nil {
			// A definition or verbatim text: kept as written.
			i = e
			continue
		}
		x.b.WriteString(s[last:at])
		from := x.b.Len()
		out()
		if top {
			x.spans = append(x.spans, expSpan{from: at, to: e, outFrom: from, outTo: x.b.Len()})
		}
		// "\foo" + "bar" must not become the control word "\foobar".
		if e < len(s) && isLetterByte(s[e]) && x.b.Len() > from && endsInControlWord(x.b.String()[from:]) {
			x.b.WriteByte(' ')
		}
		last, i = e, e
		if x.b.Len() > x.limit {
			// Past the bound the rest is left as written.
			x.steps = maxExpansions
		}
	}
	x.b.WriteString(s[last:])
}

// step reads the control word name at at (ending at j). When it is to be
// replaced, it returns where the replaced text ends and what writes its
// replacement; ok is false when it stays as written. Definitions are
// recorded and stay as written.
func (x *texExpander) step(s, name string, at, j, depth int) (int, func(), bool) {
	switch name {
	case "begin":
		env, e := texBraced(s, j)
		if e < 0 || len(env) > 60 {
			return 0, nil, false
		}
		if verbatimLike[env] {
			// Skip its text: nothing in it is TeX.
			closing := `\end{` + env + `}`
			if k := strings.Index(s[e:], closing); k >= 0 {
				return x.keep(s, at, e+k+len(closing))
			}
			return x.keep(s, at, len(s))
		}
		return x.beginEnv(s, env, at, e, depth)
	case "end":
		env, e := texBraced(s, j)
		if e < 0 {
			return 0, nil, false
		}
		return x.endEnv(env, e, depth)
	}
	if e, ok := x.define(name, s, j); ok {
		if len(x.pending) == 0 || x.discarding > 0 {
			return x.keep(s, at, e)
		}
		// A box command defined: its declaration follows its definition.
		return e, func() {
			x.b.WriteString(s[at:e])
			x.writePending()
		}, true
	}
	c, ok := x.cmds[name]
	if !ok || depth >= maxStructDepth || x.steps >= maxExpansions || protectedMacros[name] {
		return 0, nil, false
	}
	if c.box != nil {
		return x.useBox(s, name, c, j, depth)
	}
	if !x.isStructural(name, 0) {
		if c.defines {
			return x.runDefinitions(s, c, at, j, depth)
		}
		return 0, nil, false
	}
	args, e, ok := c.params.readArgs(s, j)
	if !ok {
		return 0, nil, false
	}
	x.steps++
	body := resolveConditionals(substituteArgs(c.body, args))
	return e, func() { x.run(body, depth+1, false) }, true
}

// keep leaves s[at:e] as written (a definition, a verbatim
// environment) and has reading go on after it.
func (x *texExpander) keep(_ string, _, e int) (int, func(), bool) {
	return e, nil, true
}

// beginEnv reads \begin{env} whose name ends at e.
func (x *texExpander) beginEnv(s, env string, at, e, depth int) (int, func(), bool) {
	a, ok := x.envs[env]
	star := false
	if !ok && strings.HasSuffix(env, "*") {
		if a, ok = x.envs[strings.TrimSuffix(env, "*")]; ok && a.box != "tcb" {
			ok = false
		}
		star = true
	}
	if !ok || depth >= maxStructDepth || x.steps >= maxExpansions || len(x.open) >= maxOpenAuthEnvs {
		return 0, nil, false
	}
	switch {
	case a.internal:
		if x.titleArg(env, a) {
			return x.beginBox(s, env, &authorEnv{box: "title", params: a.params}, false, e)
		}
		return 0, nil, false
	case a.alias != "":
		x.steps++
		x.open = append(x.open, openAuthEnv{name: env, end: `\end{` + a.alias + `}`})
		return e, func() { x.b.WriteString(`\begin{` + a.alias + `}`) }, true
	case a.box != "":
		return x.beginBox(s, env, a, star, e)
	}
	if !x.envStructural(env, a) {
		if x.titleArg(env, a) {
			return x.beginBox(s, env, &authorEnv{box: "title", params: a.params}, false, e)
		}
		return 0, nil, false
	}
	args, p, ok := a.params.readArgs(s, e)
	if !ok {
		return 0, nil, false
	}
	x.steps++
	if a.takesBody {
		// The body is an argument: read it to the matching \end.
		b, end, ok := envBody(s, env, p)
		if !ok {
			return 0, nil, false
		}
		args = append(args, b)
		if len(args) > 9 {
			return 0, nil, false
		}
		code := resolveConditionals(substituteArgs(strings.ReplaceAll(a.begin, `\BODY`, "#"+string(rune('0'+len(args)))), args))
		return end, func() {
			x.run(code, depth+1, false)
			x.run(resolveConditionals(substituteArgs(a.end, args)), depth+1, false)
		}, true
	}
	begin := resolveConditionals(substituteArgs(a.begin, args))
	x.open = append(x.open, openAuthEnv{name: env, end: resolveConditionals(substituteArgs(a.end, args))})
	return p, func() { x.run(begin, depth+1, false) }, true
}

// beginBox reads the title (and a tcb theorem's label) a box environment
// takes as arguments and writes them as a theorem's title and label:
// \begin{thm}{Pythagoras}{pyth} reads \begin{thm}[Pythagoras]\label{thm:pyth}.
func (x *texExpander) beginBox(s, env string, a *authorEnv, star bool, e int) (int, func(), bool) {
	var title, label string
	var p int
	var ok bool
	if a.box == "title" {
		args, p2, ok := a.params.readArgs(s, e)
		if !ok || len(args) == 0 {
			return 0, nil, false
		}
		title, p = args[0], p2
	} else if title, p, ok = readMandatory(s, e, ""); !ok {
		return 0, nil, false
	}
	if a.box == "tcb" && !star {
		if label, p, ok = readMandatory(s, p, ""); !ok {
			return 0, nil, false
		}
	}
	x.steps++
	out := `\begin{` + env + `}`
	if t := strings.TrimSpace(title); t != "" && t != noValueMark && !kindWordOnly(t) {
		out += "[" + t + "]"
	}
	if l := strings.TrimSpace(label); l != "" {
		if a.prefix != "" {
			l = a.prefix + ":" + l
		}
		out += `\label{` + l + `}`
	}
	return p, func() { x.b.WriteString(out) }, true
}

// kindWordOnly reports a title that is only the word of a kind
// ("Theorem", "Definition:"): it names nothing.
func kindWordOnly(t string) bool {
	w := strings.ToLower(strings.Trim(cleanLaTeX(t), " :.-"))
	_, ok := titleKind(w)
	return ok || numberedEnvs[w] != ""
}

// endEnv reads \end{env} ending at e: it closes the innermost author
// environment of that name still open.
func (x *texExpander) endEnv(env string, e, depth int) (int, func(), bool) {
	for k := len(x.open) - 1; k >= 0; k-- {
		if x.open[k].name != env {
			continue
		}
		code := x.open[k].end
		x.open = x.open[:k]
		return e, func() { x.run(code, depth+1, false) }, true
	}
	return 0, nil, false
}

// envBody returns the body of the environment env from p to its matching
// \end, and the offset after that \end.
func envBody(s, env string, p int) (string, int, bool) {
	open, closing := `\begin{`+env+`}`, `\end{`+env+`}`
	depth := 1
	for k := p; k < len(s) && k-p < maxArgBytes; {
		n := strings.Index(s[k:], `\`)
		if n < 0 {
			return "", 0, false
		}
		k += n
		switch {
		case strings.HasPrefix(s[k:], open):
			depth++
			k += len(open)
		case strings.HasPrefix(s[k:], closing):
			depth--
			if depth == 0 {
				return s[p:k], k + len(closing), true
			}
			k += len(closing)
		default:
			k++
		}
	}
	return "", 0, false
}

// structuralCmds are the commands that make a macro structural: they
// open or close environments, make headings, declare theorem-like
// environments or define environments.
var structuralCmds = map[string]bool{
	"begin": true, "end": true, "chapter": true, "section": true, "subsection": true,
	"subsubsection": true, "part": true, "newtheorem": true, "declaretheorem": true,
	"newtcbtheorem": true, "newmdtheoremenv": true, "spnewtheorem": true,
	"newenvironment": true, "renewenvironment": true, "NewDocumentEnvironment": true,
	"newtcolorbox": true,
}

// isStructural reports whether command name's expansion is structural.
func (x *texExpander) isStructural(name string, depth int) bool {
	if v, ok := x.structural[name]; ok {
		return v
	}
	c, ok := x.cmds[name]
	if !ok || depth > maxStructDepth {
		return false
	}
	x.structural[name] = false // a cycle is not structural
	v := x.codeStructural(c.body, depth)
	x.structural[name] = v
	return v
}

// codeStructural reports whether code (a body) holds a structural
// command or a use of a structural author macro.
func (x *texExpander) codeStructural(code string, depth int) bool {
	for i := 0; i < len(code); {
		k := strings.IndexByte(code[i:], '\\')
		if k < 0 {
			return false
		}
		name, j := controlWord(code, i+k)
		i = max(j, i+k+2)
		if structuralCmds[name] {
			return true
		}
		if name != "" && x.cmds[name] != nil && x.isStructural(name, depth+1) {
			return true
		}
	}
	return false
}

// envStructural reports whether an author environment is to be
// expanded: its code is structural, and, for an environment lore reads
// by its name already (definition, thm, a declared theorem), its
// expansion opens another block lore reads, so that expanding it loses
// nothing.
func (x *texExpander) envStructural(env string, a *authorEnv) bool {
	if a.takesBody {
		return true
	}
	if !x.codeStructural(a.begin, 0) && !x.codeStructural(a.end, 0) {
		return false
	}
	if !x.knownBlock(env) {
		return true
	}
	for _, inner := range beginsIn(a.begin) {
		if inner != env && x.knownBlock(inner) {
			return true
		}
	}
	return false
}

// titleArg reports an environment lore reads by its name that the author
// defines with one argument its begin code prints, a title
// ("\newenvironment{thm}[1]{… {\bfseries #1:}}"): read as the title it
// is, not as the statement's first words.
func (x *texExpander) titleArg(env string, a *authorEnv) bool {
	return x.knownBlock(env) && len(a.params.list) == 1 && a.params.list[0].kind == 'm' &&
		strings.Contains(a.begin, "#1") && !proofEnvs[env]
}

// knownBlock reports an environment lore reads as a block by its name
// (a kind's word in it: format_latex_envname.go).
func (x *texExpander) knownBlock(env string) bool {
	base := strings.TrimSuffix(env, "*")
	_, ok := envKinds[base]
	if !ok {
		_, ok = kindInName(base)
	}
	return ok || x.theorems[base] || proofEnvs[env] || numberedEnvs[base] != ""
}

// beginsIn lists the environments code opens.
func beginsIn(code string) []string {
	var out []string
	for i := 0; ; {
		k := strings.Index(code[i:], `\begin`)
		if k < 0 {
			return out
		}
		env, e := texBraced(code, i+k+6)
		if e < 0 {
			i += k + 6
			continue
		}
		out = append(out, env)
		i = e
	}
}

// mapBack maps an offset of the expanded text to the source: an offset
// inside a replacement is where the replaced text began.
func (t *texExpansion) mapBack(off int) int {
	k := sort.Search(len(t.spans), func(k int) bool { return t.spans[k].outTo > off })
	if k < len(t.spans) && t.spans[k].outFrom <= off {
		return t.spans[k].from
	}
	if k == 0 {
		return off
	}
	sp := t.spans[k-1]
	return off - sp.outTo + sp.to
}

// mapTo maps an offset of the source to the expanded text: an offset
// inside a replaced span is where its replacement begins.
func (t *texExpansion) mapTo(off int) int {
	k := sort.Search(len(t.spans), func(k int) bool { return t.spans[k].to > off })
	if k < len(t.spans) && t.spans[k].from <= off {
		return t.spans[k].outFrom
	}
	if k == 0 {
		return off
	}
	sp := t.spans[k-1]
	return off - sp.to + sp.outTo
}

// macroAt names the author's command or environment whose use the
// expanded text's offset off lies in ("factoidbox", "keyfact"); "" when
// off is text as written.
func (t *texExpansion) macroAt(off int) string {
	if t == nil {
		return ""
	}
	k := sort.Search(len(t.spans), func(k int) bool { return t.spans[k].outTo > off })
	if k == len(t.spans) || t.spans[k].outFrom > off {
		return ""
	}
	sp := t.spans[k]
	name, j := controlWord(t.src, sp.from)
	if name == "begin" {
		name, _ = texBraced(t.src, j)
	}
	return name
}

// useExpansion has the extractor read the expanded text: the analysis's
// sections are mapped onto it (a copy: the analysis is the caller's),
// and the words the analyzer recorded, which are the source's, are not
// used.
func (x *extractor) useExpansion(t *texExpansion) {
	a := *x.a
	doc := *a.Document
	doc.Text = t.text
	a.Document = &doc
	a.Words = nil
	a.Sections = t.mapSections(x.a.Sections, map[*core.Section]bool{})
	x.a, x.doc, x.words, x.exp = &a, t.text, nil, t
}

// mapSections copies a section tree with its offsets in the expanded
// text.
func (t *texExpansion) mapSections(ss []*core.Section, seen map[*core.Section]bool) []*core.Section {
	out := make([]*core.Section, 0, len(ss))
	for _, s := range ss {
		if s == nil || seen[s] {
			continue
		}
		seen[s] = true
		c := *s
		c.Offset, c.BodyOffset, c.End = t.mapTo(s.Offset), t.mapTo(s.BodyOffset), t.mapTo(s.End)
		c.Children = t.mapSections(s.Children, seen)
		out = append(out, &c)
	}
	return out
}

// sourceOffsets puts the primitives' offsets back in the source's terms.
func (x *extractor) sourceOffsets(ps []core.Primitive) {
	if x.exp == nil {
		return
	}
	for i := range ps {
		ps[i].Provenance.Offset = x.exp.mapBack(ps[i].Provenance.Offset)
	}
}
