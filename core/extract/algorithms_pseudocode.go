package extract

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Pseudo-code in LaTeX. Algorithms are set with one of a few packages —
// algorithmic and algorithmicx/algpseudocode (\State, \If{c} … \EndIf,
// \Procedure{Name}{args}, \Require, \Ensure, \Call, \Comment),
// algorithm2e (blocks as braced arguments: \If{c}{…}, \eIf{c}{…}{…},
// \ForEach{c}{…}; statements ended by \;; \KwIn, \KwOut, \KwData,
// \KwResult; \SetKwFunction names), clrscode (\li rows, \If … \Then,
// \For … \Do, \End) — or with an environment of the author's own whose
// rows are commands the author defines. pcParser reads any of them into
// numbered, indented lines of plain text with the nesting kept, the
// inputs and outputs, the procedures it defines and those it calls. The
// dialect need not be known: a block command followed by a second braced
// argument is algorithm2e's, otherwise its block runs to its end command.

// pcLine is one line of pseudo-code: its depth and its text, rendered.
type pcLine struct {
	depth int
	text  string
}

// pseudo is pseudo-code as read.
type pseudo struct {
	lines           []pcLine
	inputs, outputs []string
	procs           []string // procedures it defines, in order
	calls           []string // procedures its steps call
	// structure counts the commands read that only pseudo-code uses
	// (\State, \If, \li, \;, \Procedure …): evidence the block is one.
	structure int
	// byMacros: the rows were read from the author's row macros (\aab{…}).
	byMacros bool
}

// pcParser reads one block of pseudo-code.
type pcParser struct {
	r     *texRender
	out   pseudo
	depth int
	base  int // the depth a procedure's body starts at (clrscode)
	cur   strings.Builder
	kind  int // what cur holds: 0 a step, 1 an input, 2 an output
	// algorithm2e's declared names: \SetKwFunction, \SetKwData and \SetKw,
	// \SetKwInOut (1 input, 2 output) and \SetKwProg.
	kwFuncs, kwData, kwProg map[string]string
	// kwMath is each \SetKwData name's value as mathematics (its $ signs
	// dropped), for a name used inside a formula: "$i \bmod{\Iter}$".
	kwMath map[string]string
	kwIO   map[string]int
	// row is an author's row command read as \State; tab the tabbing
	// indentation (\+, \-) and lineTabs a row's own (\>).
	row           string
	tab, lineTabs int
	// open marks a clrscode "if"/"for"/"while" whose block \Then or \Do
	// opens.
	open bool
	// budget bounds the nesting of sub-parses (one-line blocks).
	nest int
	// lineRows: a line of the source is a row (no row commands).
	lineRows bool
}

var (
	// rowCall finds a call in a row of text: a name, hyphens allowed,
	// then its arguments ("merge-two-sorted-arrays (S₁', S₂')").
	rowCall = lazyre.New(`([A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*) ?\(`)
	// rowSeparated finds what separates rows in the packages that mark
	// them.
	rowSeparated = lazyre.New(`\\\\|\\;|\\(?:State|STATE|Statex|li|zi|item)\b|\\(?:Procedure|Function|If|For|While|ForEach|ForAll)\{`)
	barIdent     = lazyre.New(`\|([A-Za-z][A-Za-z0-9_]*)\|`)
	// textSymbol finds the symbols pseudo-code writes outside
	// mathematics (program's \neq, \bmod). Anchored: it is tried at each
	// backslash, and an unanchored search ran over the rest of the row
	// every time (quadratic in a block's length).
	textSymbol = lazyre.New(`^\\(?:neq|ne|leq|le|geq|ge|bmod|mod|times|cdot|infty|in|notin|cup|cap|emptyset|lfloor|rfloor|lceil|rceil|land|lor|lnot|neg|ldots|dots|leftarrow|rightarrow|sum|prod)\b`)
)

// readPseudoLines reads body (LaTeX, the document's macros expanded) as
// pseudo-code; with byLine, it reads a body without row commands a row to a line, as the program package sets it (only an
// environment named for pseudo-code: other text's lines are not rows).
func readPseudoLines(r *texRender, body string, byLine bool) pseudo {
	var macros map[string]texMacro
	if r != nil && r.doc != nil {
		macros = r.doc.macros
	}
	if fam := rowFamily(body, macros); len(fam) > 0 {
		return readRowFamily(r, body, fam)
	}
	body = expandMacros(body, macros)
	body = clrsAttrib.ReplaceAllString(body, "{$1}.{$2}")
	p := &pcParser{r: r, row: rowCommand(body)}
	if byLine && !strings.Contains(body, `\verb`) {
		// the program package sets its identifiers between bars (\verb
		// delimits with them too)
		body = outsideMath(body, func(t string) string { return barIdent.ReplaceAllString(t, "$1") })
	}
	if byLine && !rowSeparated.MatchString(body) && p.row == "" {
		p.lineRows = true // its rows are the source's lines
	}
	p.run(body)
	return p.out
}

// clrsAttrib is clrscode's \attrib{x}{f}, printed x.f.
var clrsAttrib = lazyre.New(`\\attrib\{([^{}]*)\}\{([^{}]*)\}`)

// pcKnown are the commands whose meaning the parser knows; an author's row
// command is none of them.
var pcKnown = map[string]bool{
	"state": true, "statex": true, "if": true, "else": true, "elsif": true, "elseif": true, "endif": true,
	"for": true, "forall": true, "foreach": true, "endfor": true, "while": true, "endwhile": true,
	"repeat": true, "until": true, "loop": true, "endloop": true, "procedure": true, "endprocedure": true,
	"function": true, "endfunction": true, "return": true, "require": true, "ensure": true, "call": true,
	"comment": true, "li": true, "zi": true, "indentmore": true, "kwin": true, "kwout": true, "begin": true, "end": true,
	"caption": true, "label": true, "item": true, "textbf": true, "emph": true, "textit": true, "texttt": true,
	"textsc": true, "proc": true, "then": true, "do": true, "input": true, "output": true, "hline": true,
}

// rowCommand is the command an author starts most rows with when it is
// none the parser knows (\pp, \row): at least two rows and a third of them.
func rowCommand(body string) string {
	count := map[string]int{}
	rows := 0
	for _, ln := range strings.Split(body, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || t[0] == '%' {
			continue
		}
		rows++
		if len(t) < 2 || t[0] != '\\' || !isLetterByte(t[1]) {
			continue
		}
		name, _ := controlWord(t, 0)
		if !pcKnown[strings.ToLower(name)] && !strings.HasPrefix(strings.ToLower(name), "end") {
			count[name]++
		}
	}
	best, n := "", 0
	for k, v := range count {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	if n >= 2 && 3*n >= rows {
		return best
	}
	return ""
}

func (p *pcParser) run(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '$':
			e := mathEnd(s, i)
			p.cur.WriteString(s[i:e])
			i = e
		case c == '\\' && i+1 < len(s) && !isLetterByte(s[i+1]):
			i = p.symbol(s, i)
		case c == '\\':
			name, j := controlWord(s, i)
			if j < len(s) && s[j] == '*' {
				j++
			}
			i = p.command(s, name, j)
		case c == '{':
			e, ok := balanced(s, i, '{', '}', len(s))
			if !ok {
				i++
				continue
			}
			// A group: its text, read as rows when it holds any.
			inner := s[i+1 : e]
			if strings.Contains(inner, `\;`) || strings.Contains(inner, `\State`) {
				p.run(inner)
			} else {
				p.cur.WriteString("{" + inner + "}")
			}
			i = e + 1
		case c == '\n' && p.lineRows:
			p.flush()
			i++
		case c == '\n' || c == '\t':
			p.cur.WriteByte(' ')
			i++
		default:
			p.cur.WriteByte(c)
			i++
		}
	}
	p.flush()
}

// mathEnd is the offset after the math opened by the dollar at i.
func mathEnd(s string, i int) int {
	delim := "$"
	if strings.HasPrefix(s[i:], "$$") {
		delim = "$$"
	}
	for j := i + len(delim); j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case strings.HasPrefix(s[j:], delim):
			return j + len(delim)
		}
	}
	return len(s)
}

// symbol reads a control symbol at i: a row's end (\\, algorithm2e's \;)
// or a tab (\>, \+, \-).
func (p *pcParser) symbol(s string, i int) int {
	switch s[i+1] {
	case '\\':
		p.flush()
		_, e := texOptional(s, i+2, 20)
		return e
	case '[':
		// display math: part of the row it stands in
		k := strings.Index(s[i+2:], `\]`)
		if k < 0 {
			p.cur.WriteString(s[i:])
			return len(s)
		}
		p.cur.WriteString(" " + s[i:i+2+k+2] + " ")
		return i + 2 + k + 2
	case ';':
		p.out.structure++
		p.flush()
	case '>':
		if strings.TrimSpace(p.cur.String()) == "" {
			p.lineTabs++
		}
	case '+':
		p.tab++
	case '-':
		if p.tab > 0 {
			p.tab--
		}
	default:
		p.cur.WriteString(s[i : i+2])
	}
	return i + 2
}

// arg reads a braced argument at or after j: its text and the offset
// after it, or "" and j.
func arg(s string, j int) (string, int) {
	p := skipSpaceNL(s, j)
	if p >= len(s) || s[p] != '{' {
		return "", j
	}
	// A block's body (a loop of twenty rows) is longer than a macro's:
	// it is read whole, up to the bound of one algorithm's rows.
	e, ok := balanced(s, p, '{', '}', maxPseudoArg)
	if !ok {
		return "", j
	}
	return s[p+1 : e], e + 1
}

// maxPseudoArg bounds one argument of a pseudo-code command: a block's
// body holds many rows.
const maxPseudoArg = 32 << 10

// braceNext reports whether a braced argument follows j.
func braceNext(s string, j int) bool {
	k := skipSpaceNL(s, j)
	return k < len(s) && s[k] == '{'
}

// displayRules are displays of inference rules (mathpartir's mathpar,
// bussproofs' prooftree): mathematics, whose lines are no rows.
var displayRules = map[string]bool{"mathpar": true, "mathpar*": true, "prooftree": true}

// pcBlockWords are the heads of the blocks that take a condition.
var pcBlockWords = map[string]string{
	"if": "if", "uif": "if", "for": "for", "forall": "for all", "foreach": "for each",
	"while": "while", "elsif": "else if", "elseif": "else if", "uelseif": "else if",
}

// pcLineWords are algorithm2e's one-line blocks: \lIf{c}{statement}.
var pcLineWords = map[string]string{
	"lif": "if", "lfor": "for", "lforall": "for all", "lforeach": "for each", "lwhile": "while",
	"lelseif": "else if", "lelsif": "else if",
}

// pcInlineWords are keywords inside a row.
var pcInlineWords = map[string]string{
	"to": " to ", "downto": " down to ", "by": " by ", "kwto": " to ", "and": " and ", "or": " or ",
	"not": " not ", "xor": " xor ", "true": " true ", "false": " false ", "nil": " nil ", "null": " null ",
	"gets": " ← ", "leftarrow": " ← ", "error": " error ", "goto": " goto ", "spawn": " spawn ",
	"sync": " sync ", "parfor": " parallel for ", "break": " break ", "continue": " continue ",
	"kwdownto": " down to ", "downtor": " down to ",
}

// pcIgnored are layout and setup commands, with the braced arguments they
// take.
var pcIgnored = map[string]int{
	"caption": 1, "label": 1, "dontprintsemicolon": 0, "printsemicolon": 0, "setalgolined": 0,
	"setalgonoline": 0, "setalgovlined": 0, "linesnumbered": 0, "linesnotnumbered": 0, "blankline": 0,
	"incmargin": 1, "decmargin": 1, "setnlsty": 3, "setalfnt": 1, "setkwsty": 1, "setfuncsty": 1,
	"setdatasty": 1, "setalcapskip": 1, "setalgorithmname": 3, "vspace": 1, "hspace": 1, "small": 0,
	"footnotesize": 0, "scriptsize": 0, "normalsize": 0, "nl": 0, "algorithmicindent": 0, "setlength": 2,
	"renewcommand": 2, "algrenewcommand": 2, "algnewcommand": 2, "algrenewtext": 2, "newcommand": 2,
	"hline": 0, "medskip": 0, "smallskip": 0, "bigskip": 0, "noindent": 0, "kill": 0, "index": 1,
	"centering": 0, "resetalgoline": 0, "setalgoskip": 1, "setalgoinsideskip": 1, "setsidecommentleft": 0,
	"tcpcommentfont": 0, "setcommentsty": 1, "setfillcomment": 0, "setnoline": 0, "setalgonlrelativesize": 1,
}

// command reads the control word name whose arguments start at j and
// returns where reading goes on.
func (p *pcParser) command(s, name string, j int) int {
	if f, ok := p.kwFuncs[name]; ok {
		a, e := arg(s, j)
		p.cur.WriteString(f + "(" + p.declared(a) + ")")
		p.out.calls = append(p.out.calls, f)
		return e
	}
	if d, ok := p.kwData[name]; ok {
		p.cur.WriteString(d)
		return j
	}
	if io, ok := p.kwIO[name]; ok {
		a, e := arg(s, j)
		p.io(io, a)
		return e
	}
	if kw, ok := p.kwProg[name]; ok {
		head, e := arg(s, j)
		body, e2 := arg(s, e)
		p.out.structure++
		if strings.TrimSpace(kw) != "" {
			kw += " "
		}
		head = p.inline(head)
		p.procName(head)
		p.block(kw+head+":", body)
		return e2
	}
	if name != "" && name == p.row {
		p.out.structure++
		p.flush()
		return j
	}
	l := strings.ToLower(name)
	if n, ok := pcIgnored[l]; ok {
		_, e := texOptional(s, j, 200)
		return skipArgs(s, e, n)
	}
	if w, ok := pcInlineWords[l]; ok {
		p.cur.WriteString(w)
		if strings.HasPrefix(s[j:], "{}") {
			j += 2
		}
		return j
	}
	if w, ok := pcBlockWords[l]; ok {
		return p.condBlock(s, l, w, j)
	}
	if w, ok := pcLineWords[l]; ok {
		cond, e := arg(s, j)
		stmt, e2 := arg(s, e)
		p.out.structure++
		p.flush()
		if l == "lelseif" || l == "lelsif" {
			p.dedent()
		}
		p.line(w + " " + p.inline(cond) + ": " + p.inline(stmt))
		return e2
	}
	if name == "Begin" && braceNext(s, j) {
		// algorithm2e's \Begin{…}: a block at the same depth
		body, e := arg(s, j)
		p.flush()
		p.run(body)
		return e
	}
	switch l {
	case "begin", "end":
		env, e := arg(s, j)
		if l == "begin" && (displayMath[env] || displayRules[env]) {
			// a display is part of the row it stands in: its \\
			// break its lines, not the rows
			end := `\end{` + env + `}`
			k := strings.Index(s[e:], end)
			if k < 0 {
				k = len(s) - e
			} else {
				k += len(end)
			}
			p.cur.WriteString(" " + s[j-len(name)-1:e+k] + " ")
			return e + k
		}
		if l == "begin" {
			_, e = texOptional(s, e, 200)
		}
		if env == "" && l == "end" {
			// clrscode's \End closes a block
			p.out.structure++
			p.close()
			return j
		}
		return e
	case "zi":
		// clrscode's unnumbered line: the row before it, wrapped
		p.out.structure++
		if strings.TrimSpace(p.cur.String()) == "" {
			p.flush()
		}
		p.cur.WriteByte(' ')
		return j
	case "indentmore":
		// clrscode's own indentation, closed by \End
		p.out.structure++
		p.opens()
		return j
	case "state", "statex", "li", "item":
		if l != "item" {
			p.out.structure++
		}
		p.flush()
		if l == "item" {
			_, e := texOptional(s, j, 200)
			return e
		}
		return j
	case "require", "kwin", "kwdata", "kwinput", "input", "given", "precondition":
		return p.ioCommand(s, 1, j)
	case "ensure", "kwout", "kwresult", "kwoutput", "output", "postcondition":
		return p.ioCommand(s, 2, j)
	case "else", "uelse", "lelse":
		p.out.structure++
		p.flush()
		if braceNext(s, j) {
			body, e := arg(s, j)
			if l == "lelse" {
				p.line("else: " + p.inline(body))
				return e
			}
			p.block("else:", body)
			return e
		}
		p.dedent()
		p.line("else:")
		p.depth++
		return j
	case "eif", "eelse":
		cond, e := arg(s, j)
		then, e2 := arg(s, e)
		els, e3 := arg(s, e2)
		p.out.structure++
		p.block("if "+p.inline(cond)+":", then)
		p.block("else:", els)
		return e3
	case "repeat":
		p.out.structure++
		if braceNext(s, j) {
			until, e := arg(s, j)
			body, e2 := arg(s, e)
			p.block("repeat:", body)
			p.line("until " + p.inline(until))
			return e2
		}
		p.flush()
		p.line("repeat:")
		p.depth++
		return j
	case "until":
		p.out.structure++
		p.flush()
		p.dedent()
		if braceNext(s, j) {
			c, e := arg(s, j)
			p.line("until " + p.inline(c))
			return e
		}
		p.cur.WriteString("until ")
		return j
	case "loop":
		p.out.structure++
		if braceNext(s, j) {
			body, e := arg(s, j)
			p.block("loop:", body)
			return e
		}
		p.flush()
		p.line("loop:")
		p.depth++
		return j
	case "procedure", "function":
		if !braceNext(s, j) {
			break
		}
		nm, e := arg(s, j)
		args, e2 := arg(s, e)
		p.out.structure++
		p.flush()
		p.out.procs = append(p.out.procs, p.render(nm))
		p.line(l + " " + nm + "(" + p.inline(args) + "):")
		p.depth++
		return e2
	case "procname":
		a, e := arg(s, j)
		p.out.structure++
		p.flush()
		p.procName(a)
		p.depth = 0
		p.line("procedure " + a + ":")
		p.depth, p.base = 1, 1
		return e
	case "return", "kwret", "algorithmicreturn":
		p.out.structure++
		p.cur.WriteString(" return ")
		if braceNext(s, j) && l == "kwret" {
			a, e := arg(s, j)
			p.cur.WriteString(a)
			return e
		}
		return j
	case "call":
		nm, e := arg(s, j)
		args, e2 := arg(s, e)
		p.out.structure++
		n := p.render(nm)
		p.out.calls = append(p.out.calls, n)
		p.cur.WriteString(nm + "(" + args + ")")
		return e2
	case "comment", "tcc", "tcp":
		// algorithm2e's \tcp*[f]{…}: the placement is layout, not words
		// of the comment (the star was read with the name)
		if name != "comment" {
			j = skipOptArgs(s, j)
		}
		if braceNext(s, j) {
			a, e := arg(s, j)
			p.cur.WriteString(" ▷ " + a)
			return e
		}
		p.cur.WriteString(" ▷ ")
		return j
	case "then", "do":
		p.out.structure++
		p.opens()
		return j
	case "proc", "textproc":
		if name == "PROC" {
			// program's \PROC name(args) \BEGIN
			e := strings.IndexByte(s[j:], '\n')
			if e < 0 {
				e = len(s) - j
			}
			head := s[j : j+e]
			if b := strings.Index(head, `\BEGIN`); b >= 0 {
				head = head[:b]
			}
			p.out.structure++
			p.flush()
			p.procName(head)
			p.line("procedure " + head + ":")
			p.depth++
			return j + e
		}
		if name == "Proc" {
			// \Proc{Name}{args}: an author's procedure header
			nm, e := arg(s, j)
			args, e2 := arg(s, e)
			p.out.structure++
			p.flush()
			p.out.procs = append(p.out.procs, p.render(nm))
			p.line("procedure " + nm + "(" + p.inline(args) + "):")
			p.depth++
			return e2
		}
		a, e := arg(s, j)
		p.out.calls = append(p.out.calls, p.render(a))
		p.cur.WriteString(a)
		return e
	case "attrib", "attribb", "attribbb":
		parts := []string{}
		e := j
		for range strings.Count(l, "b") + 1 {
			var a string
			a, e = arg(s, e)
			parts = append(parts, a)
		}
		p.cur.WriteString(strings.Join(parts, "."))
		return e
	case "setkwfunction", "setkwdata", "setkw", "setkwinout", "setkwinput", "setkwprog", "setkwhangingkw", "setkwblock", "setkwrepeat", "setkwswitch", "setkwfor", "setkwif":
		return p.declare(s, l, j)
	case "fi", "od", "done", "esac", "endproc", "endfn":
		p.out.structure++
		p.close()
		return j
	}
	if strings.HasPrefix(l, "end") && len(l) > 3 {
		// \EndIf, \EndFor, \EndProcedure, an author's \EndProc
		p.out.structure++
		p.close()
		return j
	}
	if kw, ok := p.authorProc(name); ok {
		// An author's procedure command, \DeclFunction{Name}{args}{body}
		// printing "function Name(args):" over its body's block.
		nm, e := arg(s, j)
		args, e2 := arg(s, e)
		body, e3 := arg(s, e2)
		p.out.structure++
		p.out.procs = append(p.out.procs, p.render(nm))
		p.block(kw+" "+p.inline(nm)+"("+p.inline(args)+"):", body)
		return e3
	}
	p.cur.WriteString(`\` + name)
	return j
}

// authorProcHead is a command body printing a procedure's header: a
// keyword, the name (#1) and the arguments in parentheses ((#2)).
var authorProcHead = lazyre.New(`(?:\\KwSty\{([A-Za-z]+)\}|\b([A-Za-z]+))[ \t]*#1[ \t]*(?:\\[,;:! ][ \t]*)*\(#2\)`)

// authorProc reports a command the document defines with three
// arguments whose body prints a procedure header of its first two and
// sets the third as the procedure's block, and the header's keyword.
func (p *pcParser) authorProc(name string) (string, bool) {
	if p.r == nil || p.r.doc == nil {
		return "", false
	}
	m, ok := p.r.doc.macros[name]
	if !ok || m.nargs != 3 || m.hasOpt {
		return "", false
	}
	loc := authorProcHead.FindStringSubmatchIndex(m.body)
	if loc == nil || !strings.Contains(m.body[loc[1]:], "#3") {
		return "", false
	}
	kw := authorProcHead.FindStringSubmatch(m.body)
	if kw[1] != "" {
		return kw[1], true
	}
	return kw[2], true
}

// condBlock reads a block that takes a condition: \If{c} … \EndIf, or
// algorithm2e's \If{c}{body}, or clrscode's \If c \Then.
func (p *pcParser) condBlock(s, l, word string, j int) int {
	p.out.structure++
	if !braceNext(s, j) {
		// clrscode: the condition is the rest of the row, the block opens
		// at \Then or \Do.
		if word == "else if" {
			p.flush()
			p.dedent()
		}
		p.cur.WriteString(word + " ")
		p.open = true
		return j
	}
	cond, e := arg(s, j)
	cond = p.inline(cond)
	if braceNext(s, e) {
		body, e2 := arg(s, e)
		p.block(word+" "+cond+":", body)
		return e2
	}
	p.flush()
	if word == "else if" {
		p.dedent()
	}
	p.line(word + " " + cond + ":")
	p.depth++
	return e
}

// opens is clrscode's \Then or \Do: the row so far is the block's head
// (or, at a row's start, the row before is), and what follows is inside.
func (p *pcParser) opens() {
	if strings.TrimSpace(p.cur.String()) != "" {
		p.cur.WriteString(":")
		p.flush()
	} else if n := len(p.out.lines); n > 0 && !strings.HasSuffix(p.out.lines[n-1].text, ":") {
		p.out.lines[n-1].text += ":"
	}
	p.open = false
	p.depth++
}

func (p *pcParser) ioCommand(s string, kind, j int) int {
	p.out.structure++
	p.flush()
	if braceNext(s, j) {
		a, e := arg(s, j)
		p.io(kind, a)
		return e
	}
	p.kind = kind
	return j
}

func (p *pcParser) io(kind int, a string) {
	t := p.render(p.declared(a))
	if t == "" {
		return
	}
	if kind == 1 {
		p.out.inputs = append(p.out.inputs, t)
	} else {
		p.out.outputs = append(p.out.outputs, t)
	}
}

// declared is s, an argument of a row's command (a call's parameters,
// \KwIn's inputs), with the names algorithm2e declared written as they
// print: "\TakeStep{\SearchSpace, \Current}" reads "TakeStep(SearchSpace,
// S)", not "TakeStep(,)", since the renderer knows nothing of them.
func (p *pcParser) declared(s string) string {
	if len(p.kwData) == 0 && len(p.kwFuncs) == 0 || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		name, j := controlWord(s, i)
		if d, ok := p.kwData[name]; ok && name != "" {
			b.WriteString(d)
			i = j
			continue
		}
		if f, ok := p.kwFuncs[name]; ok && name != "" {
			a, e := arg(s, j)
			b.WriteString(f + "(" + p.declared(a) + ")")
			i = e
			continue
		}
		b.WriteString(s[i:max(j, i+2)])
		i = max(j, i+2)
	}
	return b.String()
}

// inMath is a row with the \SetKwData names still in it, those a
// formula holds, written as the mathematics they stand for.
func (p *pcParser) inMath(s string) string {
	if len(p.kwMath) == 0 || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		name, j := controlWord(s, i)
		if m, ok := p.kwMath[name]; ok && name != "" {
			b.WriteString(m)
		} else {
			b.WriteString(s[i:max(j, i+1)])
		}
		i = max(j, i+1)
	}
	return b.String()
}

// outsideMath is s with f applied to its text outside $…$: "$|S| > 0$"
// keeps the bars of its cardinality.
func outsideMath(s string, f func(string) string) string {
	parts := strings.Split(s, "$")
	for i := 0; i < len(parts); i += 2 {
		parts[i] = f(parts[i])
	}
	return strings.Join(parts, "$")
}

// declare reads algorithm2e's \SetKwFunction{Cmd}{name} and its kin.
func (p *pcParser) declare(s, l string, j int) int {
	cmd, e := arg(s, j)
	shown, e2 := arg(s, e)
	cmd = strings.TrimPrefix(strings.TrimSpace(cmd), `\`)
	shown = p.render(shown)
	switch l {
	case "setkwfunction":
		if p.kwFuncs == nil {
			p.kwFuncs = map[string]string{}
		}
		p.kwFuncs[cmd] = shown
	case "setkwinout", "setkwinput":
		if p.kwIO == nil {
			p.kwIO = map[string]int{}
		}
		kind := 1
		if w := strings.ToLower(shown); strings.HasPrefix(w, "out") || strings.HasPrefix(w, "result") || strings.HasPrefix(w, "return") || strings.HasPrefix(w, "ensure") {
			kind = 2
		}
		p.kwIO[cmd] = kind
	case "setkwprog":
		if p.kwProg == nil {
			p.kwProg = map[string]string{}
		}
		p.kwProg[cmd] = shown
		return skipArgs(s, e2, 2)
	case "setkwdata", "setkw":
		if p.kwData == nil {
			p.kwData, p.kwMath = map[string]string{}, map[string]string{}
		}
		p.kwData[cmd] = shown
		raw, _ := arg(s, e)
		p.kwMath[cmd] = "{" + strings.ReplaceAll(raw, "$", "") + "}"
	default:
		// other block declarations: their remaining arguments, up to
		// \SetKwSwitch's seven more (\SetKwIF's "{elif}{else:}{}" are
		// no steps)
		return skipArgs(s, e2, 7)
	}
	return e2
}

// procName records the procedure a header names: the text before its
// parenthesis ("Insertion-Sort(A)" names Insertion-Sort).
func (p *pcParser) procName(head string) {
	t := p.render(head)
	if i := strings.IndexByte(t, '('); i > 0 {
		t = t[:i]
	}
	if t = strings.TrimSpace(t); t != "" {
		p.out.procs = append(p.out.procs, t)
	}
}

// block writes head at the current depth and body one deeper.
func (p *pcParser) block(head, body string) {
	p.flush()
	p.line(head)
	if p.nest > 20 {
		return
	}
	p.nest++
	p.depth++
	p.run(body)
	p.depth--
	p.nest--
}

// inline reads a one-line block's statement as one line of text.
func (p *pcParser) inline(stmt string) string {
	if p.nest > 20 {
		return stmt
	}
	q := &pcParser{r: p.r, kwFuncs: p.kwFuncs, kwData: p.kwData, kwMath: p.kwMath, kwIO: p.kwIO, kwProg: p.kwProg, nest: p.nest + 1}
	q.run(stmt)
	p.out.calls = append(p.out.calls, q.out.calls...)
	var parts []string
	for _, l := range q.out.lines {
		parts = append(parts, l.text)
	}
	// already rendered: protect it from a second rendering, which reads
	// a brace left as grouping ("V ∖ {s}" would lose its set's braces)
	return renderedBraces.Replace(strings.Join(parts, "; "))
}

// renderedBraces and bracesBack keep the braces of text already rendered
// through render's second pass.
var (
	renderedBraces = strings.NewReplacer("{", "\uE000", "}", "\uE001")
	bracesBack     = strings.NewReplacer("\uE000", "{", "\uE001", "}")
)

func (p *pcParser) close() {
	p.flush()
	p.dedent()
}

func (p *pcParser) dedent() {
	if p.depth > p.base {
		p.depth--
	}
}

// line adds a line of raw TeX at the current depth.
func (p *pcParser) line(raw string) {
	if t := p.render(raw); t != "" && t != ":" {
		p.out.lines = append(p.out.lines, pcLine{depth: p.depth + p.tab + p.lineTabs, text: t})
	}
	p.lineTabs = 0
}

// flush ends the row being read.
func (p *pcParser) flush() {
	raw := p.inMath(p.cur.String())
	p.cur.Reset()
	kind := p.kind
	p.kind = 0
	if p.open && strings.TrimSpace(raw) != "" {
		// a clrscode head whose \Then follows on the next row
		p.open = false
	}
	switch kind {
	case 1, 2:
		p.io(kind, raw)
	default:
		if n := len(p.out.lines); n > 0 && strings.HasPrefix(strings.TrimSpace(raw), "▷") {
			// a comment alone on its row is the row before's: \For{…} \Comment{…}
			if t := p.render(raw); t != "" {
				p.out.lines[n-1].text += " " + t
			}
			return
		}
		p.line(raw)
	}
}

// render turns a fragment of pseudo-code TeX into plain text: the
// document's macros expanded, mathematics in Unicode.
func (p *pcParser) render(raw string) string {
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	// clean tidies " :" as prose punctuation; an assignment keeps its
	// space
	raw = strings.ReplaceAll(raw, " :=", "\x00")
	t := strings.ReplaceAll(text.ReadableMath(p.r.clean(mathSymbols(raw))), "\x00", " :=")
	t = text.CollapseSpace(t)
	t = strings.ReplaceAll(t, " :=", "\x00")
	for _, f := range [][2]string{{" :", ":"}, {"( ", "("}, {" )", ")"}, {" ,", ","}, {": :", ":"}, {"::", ":"}} {
		t = strings.ReplaceAll(t, f[0], f[1])
	}
	t = bracesBack.Replace(strings.ReplaceAll(t, "\x00", " :="))
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), ";"))
}

// form is the pseudo-code's computational form: its inputs and outputs,
// then its steps numbered in order and indented by their nesting.
func (ps pseudo) form() string {
	var b strings.Builder
	for _, in := range ps.inputs {
		b.WriteString("Input: " + in + "\n")
	}
	for _, out := range ps.outputs {
		b.WriteString("Output: " + out + "\n")
	}
	min := -1
	for _, l := range ps.lines {
		if min < 0 || l.depth < min {
			min = l.depth
		}
	}
	for i, l := range ps.lines {
		b.WriteString(strings.Repeat("   ", l.depth-min))
		b.WriteString(strconv.Itoa(i+1) + ". " + l.text + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// statement is the pseudo-code read as one paragraph.
func (ps pseudo) statement() string {
	var b strings.Builder
	for _, in := range ps.inputs {
		b.WriteString("Input: " + strings.TrimSuffix(in, ".") + ". ")
	}
	for _, out := range ps.outputs {
		b.WriteString("Output: " + strings.TrimSuffix(out, ".") + ". ")
	}
	for i, l := range ps.lines {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(i+1) + ". " + l.text)
	}
	return strings.TrimSpace(b.String())
}

// pseudoEnvs are the environments that hold pseudo-code by name.
var pseudoEnvs = map[string]bool{
	"algorithmic": true, "algorithmic*": true, "codebox": true, "program": true, "pseudocode": true,
	"pseudo": true, "algorithm2e": true, "procedure": true, "function": true,
}

// looksPseudo reports whether what was read is pseudo-code: rows of
// commands only pseudo-code uses, or rows with its keywords and an
// assignment.
func (ps pseudo) looksPseudo(byName bool) bool {
	if len(ps.lines) == 0 {
		return false
	}
	if byName {
		return ps.structure > 0 || ps.keywordRows() > 0
	}
	if ps.byMacros && len(ps.lines) >= 2 && len(ps.procs) > 0 {
		// rows of the author's own macros, the first a procedure's
		// signature: however few or long (a note of a line in a row)
		return true
	}
	if len(ps.lines) < 3 || !shortRows(ps.lines) || aligned(ps.lines) {
		return false
	}
	total := 0
	for _, l := range ps.lines {
		if len(l.text) > 200 {
			return false // a paragraph, not a row
		}
		total += len(l.text)
	}
	if total > 80*len(ps.lines) {
		return false
	}
	kw := ps.strongRows()
	return ps.structure >= 3 && kw >= 1 || kw >= 2 && ps.assigns()
}

// aligned reports rows set in columns (a table, an alignment): a quarter
// of them hold an ampersand.
func aligned(lines []pcLine) bool {
	n := 0
	for _, l := range lines {
		if strings.Contains(l.text, "&") {
			n++
		}
	}
	return 4*n >= len(lines)
}

// strongRows counts the rows that open with a keyword only pseudo-code
// opens rows with (TeX's own \else and \fi, in a macro, are not).
func (ps pseudo) strongRows() int {
	n := 0
	for _, l := range ps.lines {
		switch strings.ToLower(strings.Trim(firstWord(l.text), ":")) {
		case "for", "while", "if", "return", "repeat", "until", "procedure", "function", "algorithm":
			n++
		}
	}
	return n
}

// shortRows reports whether most rows are as short as rows of pseudo-code
// are: a list of sentences is prose.
func shortRows(lines []pcLine) bool {
	long := 0
	for _, l := range lines {
		if len(l.text) > 120 {
			long++
		}
	}
	return 4*long < len(lines)
}

// keywordRows counts the rows that open with a keyword of pseudo-code.
func (ps pseudo) keywordRows() int {
	n := 0
	for _, l := range ps.lines {
		w := strings.ToLower(strings.Trim(firstWord(l.text), ":"))
		switch w {
		case "for", "while", "if", "else", "return", "repeat", "until", "procedure", "function", "loop", "do":
			n++
		}
	}
	return n
}

func (ps pseudo) assigns() bool {
	for _, l := range ps.lines {
		if strings.Contains(l.text, "←") || strings.Contains(l.text, ":=") {
			return true
		}
	}
	return false
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " ("); i >= 0 {
		return s[:i]
	}
	return s
}
