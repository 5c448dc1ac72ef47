package codescan

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
)

// stmt is a logical statement of Python, JavaScript or PowerShell.
type stmt struct {
	t   []tok
	ind int
}

// ref is a dotted name in a statement (os.environ.get, .post after a
// call), with its token range and whether it is called.
type ref struct {
	name string
	i, j int
	call bool
}

// refsOf finds the dotted names of a statement.
func refsOf(t []tok) []ref {
	var out []ref
	for i := 0; i < len(t); i++ {
		if t[i].k != tIdent && t[i].k != tVar {
			continue
		}
		if i > 0 && t[i-1].k == tOp && (t[i-1].s == "." || t[i-1].s == "?." || t[i-1].s == "::") && i >= 2 && (t[i-2].k == tIdent || t[i-2].k == tVar) {
			continue // inside a chain already taken
		}
		name := t[i].s
		if t[i].k == tVar {
			name = "$" + name
		}
		if i > 0 && t[i-1].k == tOp && (t[i-1].s == "." || t[i-1].s == "?." || t[i-1].s == "::") {
			name = "." + name
		}
		j := i + 1
		for j+1 < len(t) && t[j].k == tOp && (t[j].s == "." || t[j].s == "?." || t[j].s == "::") && t[j+1].k == tIdent && len(name) < 200 {
			name += "." + t[j+1].s
			j += 2
		}
		out = append(out, ref{name: name, i: i, j: j, call: j < len(t) && t[j].k == tOp && t[j].s == "("})
		i = j - 1
	}
	return out
}

// lastSeg is the last element of a dotted name.
func lastSeg(n string) string {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		return n[i+1:]
	}
	return n
}

// recvSeg is the element before the last.
func recvSeg(n string) string {
	n = strings.TrimPrefix(n, ".")
	i := strings.LastIndexByte(n, '.')
	if i < 0 {
		return ""
	}
	n = n[:i]
	if j := strings.LastIndexByte(n, '.'); j >= 0 {
		return n[j+1:]
	}
	return n
}

// maxSpan bounds how far a bracket is matched: a call whose arguments
// run past it is judged on what is within reach, so that unclosed
// brackets in hostile input cost linear time.
const maxSpan = 2048

// closeParen returns the index of the token closing the bracket at i.
func closeParen(t []tok, i int) int {
	depth := 0
	for k := i; k < len(t) && k < i+maxSpan; k++ {
		if t[k].k != tOp {
			continue
		}
		switch t[k].s {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return min(len(t), i+maxSpan)
}

// lazyArgs returns the arguments of the call whose ( is at j, split on
// first use only: a statement of a thousand calls must not cost a million
// steps when no rule looks at most of them.
func lazyArgs(t []tok, j int) func() [][]tok {
	var args [][]tok
	done := false
	return func() [][]tok {
		if !done {
			args, done = callArgs(t, j), true
		}
		return args
	}
}

// args splits the tokens of a call's arguments (the ( is at i) at
// top-level commas.
func callArgs(t []tok, i int) [][]tok {
	e := closeParen(t, i)
	var out [][]tok
	depth, start := 0, i+1
	for k := i + 1; k < e && k < len(t); k++ {
		if t[k].k != tOp {
			continue
		}
		switch t[k].s {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, t[start:k])
				start = k + 1
			}
		}
	}
	if start < e && e <= len(t) {
		out = append(out, t[start:e])
	}
	return out
}

// kwarg returns the value tokens of name=value in a call's arguments.
func kwarg(args [][]tok, name string) ([]tok, bool) {
	for _, a := range args {
		if len(a) >= 2 && a[0].k == tIdent && a[0].s == name && a[1].k == tOp && (a[1].s == "=" || a[1].s == ":") {
			return a[2:], true
		}
	}
	return nil, false
}

func hasIdent(t []tok, names ...string) bool {
	for _, x := range t {
		if x.k == tIdent {
			for _, n := range names {
				if x.s == n {
					return true
				}
			}
		}
	}
	return false
}

// onlyLiteral reports an argument made of string literals alone (joined
// by + at most), with no interpolation.
func onlyLiteral(t []tok) bool {
	if len(t) == 0 {
		return false
	}
	for _, x := range t {
		switch {
		case x.k == tStr && !x.interp:
		case x.k == tOp && x.s == "+":
		default:
			return false
		}
	}
	return true
}

// joinStrings is the command a string expression builds: literal parts
// as written, everything else as a placeholder word.
func joinStrings(t []tok) string {
	var sb strings.Builder
	prevStr := false
	for _, x := range t {
		switch {
		case x.k == tStr:
			sb.WriteString(x.s)
			prevStr = true
		case x.k == tOp && (x.s == "+" || x.s == "(" || x.s == ")" || x.s == ","):
		default:
			if prevStr || sb.Len() == 0 {
				sb.WriteString("X")
			}
			prevStr = false
		}
		if sb.Len() > 1<<16 {
			break
		}
	}
	return sb.String()
}

type sinkKind uint8

const (
	skNet sinkKind = iota
	skExec
	skShell
	skWrite
)

type sink struct {
	k    sinkKind
	name string
	off  int // unit offset
	send bool
	// literal: the shell command is a plain literal with values spliced
	// in (skShell): downloaded data in it is injection, not a download run.
	literal bool
	// args are a network call's arguments, when the language's rules
	// split them (Python): what only its authentication arguments carry
	// is a credential used to log in, not data sent away.
	args [][]tok
	// host is where a network call goes when the code fixes it.
	host string
}

// stFacts is what a statement reads, produces and reaches.
type stFacts struct {
	src   labels
	out   labels
	sinks []sink
}

// clAn is the analysis of one unit of Python, JavaScript or PowerShell.
type clAn struct {
	a      *analysis
	u      unit
	lang   Lang
	toks   []tok
	stmts  []stmt
	taint  map[string]labels
	params map[string][]string
	emit   bool

	strong   labels
	linked   bool
	sendOff  int
	sendName string

	curFn  string
	fnInd  int
	socket bool // the unit uses raw sockets (.connect is then a network call)
	flags  map[string]int

	// urls holds the host of names assigned a literal URL (BASE =
	// "https://api.example/v1"); consts the text of names assigned string
	// literals alone, so that a payload split across names and joined is
	// seen whole; sqlBuilt the names assigned SQL built by formatting.
	urls     map[string]string
	consts   map[string]string
	sqlBuilt map[string]labels
	// called and nonLit record, per parameter, that the file calls its
	// function and that some call passes it a value rather than a literal:
	// a helper only ever called with literals runs no input.
	called map[string]bool
	nonLit map[string]bool
	// files holds what the files the code wrote carry, by path; handles
	// the path of names bound to a file opened for writing.
	files   map[string]labels
	handles map[string]string
	// authNames are names holding authentication values (headers built
	// before the call, a request object built with them).
	authNames map[string]bool
}

func newCL(a *analysis, u unit, lang Lang, toks []tok) *clAn {
	c := &clAn{a: a, u: u, lang: lang, toks: toks, taint: map[string]labels{}, params: map[string][]string{}, sendOff: -1, flags: map[string]int{},
		urls: map[string]string{}, consts: map[string]string{}, sqlBuilt: map[string]labels{}, called: map[string]bool{}, nonLit: map[string]bool{}, files: map[string]labels{}, handles: map[string]string{}, authNames: map[string]bool{}}
	c.stmts = splitStmts(toks, lang)
	return c
}

// splitStmts cuts tokens into statements. Python ends them at logical
// newlines; JavaScript and PowerShell also at block braces, while object
// and hash literals ({ after =, (, :, @ …) keep their lines together.
func splitStmts(t []tok, lang Lang) []stmt {
	var out []stmt
	start := 0
	obj := 0
	flush := func(e int) {
		if e > start {
			out = append(out, stmt{t: t[start:e], ind: t[start].ind})
		}
		start = e + 1
	}
	for k := 0; k < len(t); k++ {
		x := t[k]
		if x.k == tNL {
			if obj > 0 && lang != Python {
				continue
			}
			if lang == JavaScript && k > start && k+1 < len(t) {
				p, n := t[k-1], t[k+1]
				if n.k == tOp && (n.s == "." || n.s == "?.") || p.k == tOp && strings.Contains("=+-*,(&|?:", p.s[len(p.s)-1:]) && p.s != "++" && p.s != "--" {
					continue
				}
			}
			flush(k)
			continue
		}
		if lang == Python || x.k != tOp {
			continue
		}
		switch x.s {
		case "{":
			block := k == start
			if k > start {
				p := t[k-1]
				block = p.k == tOp && (p.s == ")" || p.s == "=>") || p.k == tIdent && (p.s == "else" || p.s == "try" || p.s == "do" || p.s == "finally" || p.s == "begin" || p.s == "process" || p.s == "end")
				if lang == PowerShell && !(p.k == tOp && (p.s == "@" || p.s == "=")) {
					block = true
				}
			}
			if obj > 0 && lang == JavaScript && !block {
				obj++
				continue
			}
			if block && obj == 0 {
				flush(k)
			} else {
				obj++
			}
		case "}":
			if obj > 0 {
				obj--
			} else {
				flush(k)
			}
		}
	}
	flush(len(t))
	return out
}

// target names of an assignment, the tokens [from, to) holding the value
// it reads, and whether it adds (+=) rather than replaces.
func (c *clAn) targets(st stmt, rs []ref) (names []string, from, to int, add bool) {
	t := st.t
	depth := 0
	for k, x := range t {
		if x.k != tOp {
			continue
		}
		switch x.s {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "=", "+=", "|=", ":=":
			if depth != 0 && x.s != ":=" {
				continue
			}
			var names []string
			for _, r := range rs {
				if r.i < k && !r.call {
					switch r.name {
					case "const", "let", "var", "self", "this", "global", "nonlocal":
						continue
					}
					names = append(names, r.name)
				}
			}
			return names, k, len(t), x.s != "="
		}
	}
	// for X in Y / with Y as X / foreach ($x in $y) / for (const x of y):
	// each binds its names afresh, so what they held before is dropped
	// (a loop variable reused as a file handle is not the loop's data).
	if len(t) > 0 && t[0].k == tIdent {
		switch t[0].s {
		case "for", "foreach", "async":
			for k := 1; k < len(t); k++ {
				if t[k].k == tIdent && (t[k].s == "in" || t[k].s == "of") {
					var names []string
					for _, r := range rs {
						if r.i < k && r.i > 0 && r.name != "const" && r.name != "let" && r.name != "var" && r.name != "for" {
							names = append(names, r.name)
						}
					}
					return names, k, len(t), false
				}
			}
		case "with":
			for k := 1; k+1 < len(t); k++ {
				if t[k].k == tIdent && t[k].s == "as" && t[k+1].k == tIdent {
					// The value read is before "as", not the name bound.
					return []string{t[k+1].s}, 0, k, false
				}
			}
		}
	}
	return nil, 0, len(t), false
}

// uses is what the names a statement reads carry (tokens [from, to)).
// Picking one key out of the environment or a .env mapping (x["KEY"],
// x.get("KEY")) is configuration and does not carry those labels.
func (c *clAn) uses(st stmt, rs []ref, from, to int) labels {
	var ls labels
	for _, r := range rs {
		if r.i < from || r.i >= to {
			continue
		}
		n := r.name
		for n != "" {
			if tl, ok := c.taint[n]; ok {
				pick := r.j+2 < len(st.t) && st.t[r.j].s == "[" && st.t[r.j+1].k == tStr && st.t[r.j+2].s == "]" ||
					strings.HasSuffix(r.name, ".get") && r.call || strings.HasSuffix(r.name, ".getenv")
				for _, l := range tl {
					if pick && (l.k == lEnv || l.k == lDotenv) {
						continue
					}
					ls.add(l)
				}
			}
			i := strings.LastIndexByte(n, '.')
			if i <= 0 {
				break
			}
			n = n[:i]
		}
	}
	return ls
}

// stringSources labels the string literals of a statement that name a
// source or a persistence path, alone and joined as path elements
// (os.path.join(home, ".ssh", "id_rsa")).
func (c *clAn) stringSources(st stmt, f *stFacts) {
	var parts []string
	firstOff := -1
	fEnd := -1 // the end of the last f-string: the strings of its expressions are no path elements of the statement
	for _, x := range st.t {
		if x.k != tStr || len(x.s) > 300 {
			continue
		}
		inner := x.a < fEnd
		if x.interp && !inner {
			fEnd = x.b
		}
		if firstOff < 0 {
			firstOff = c.u.at(x.a)
		}
		if k, what, ok := sourcePath(x.s); ok {
			f.src.add(label{k, what, c.u.at(x.a), ""})
		}
		if what, ok := persistPath(x.s); ok {
			f.src.add(label{lPersist, what, c.u.at(x.a), ""})
		}
		if !inner && pathish(x.s) && len(parts) < 8 {
			parts = append(parts, x.s)
		}
		if len(c.files) > 0 {
			if fl, ok := c.files[normPath(x.s)]; ok {
				// Read back here: the label moves to the read, naming
				// the file it went through.
				for _, l := range fl {
					if !strings.Contains(l.what, " through ") {
						l.what += " through " + cut(x.s, 40)
					}
					l.off = c.u.at(x.a)
					f.src.add(l)
				}
			}
		}
	}
	if len(parts) >= 2 {
		j := strings.Join(parts, "/")
		if k, what, ok := sourcePath(j); ok {
			f.src.add(label{k, what, firstOff, ""})
		}
		if what, ok := persistPath(j); ok {
			f.src.add(label{lPersist, what, firstOff, ""})
		}
	}
}

// runStmts does the two passes over a unit's statements.
func (c *clAn) runStmts(classify func(st stmt, rs []ref) stFacts) {
	for pass := 0; pass < 2; pass++ {
		c.emit = pass == 1
		c.curFn = ""
		for _, st := range c.stmts {
			if len(st.t) == 0 {
				continue
			}
			rs := refsOf(st.t)
			c.function(st, rs)
			f := classify(st, rs)
			c.fileWrites(st, rs, &f)
			c.stringSources(st, &f)
			names, from, to, add := c.targets(st, rs)
			ls := append(labels{}, f.src...)
			ls.addAll(c.uses(st, rs, from, to))
			ls.addAll(f.out)
			for _, l := range f.src {
				if l.k.strong() {
					c.strong.add(l)
				}
			}
			held := ls
			if len(names) > 0 && hasNetSink(f) {
				// What a network call returns is its response: the key
				// it was sent with stays with the call, judged there.
				held = withoutKind(ls, lSecret)
			}
			c.values(st, names, from, to, add, held)
			if c.envDestructure(st, names, from) {
				names = nil
			}
			for _, n := range names {
				switch n {
				case "os.environ", "environ", "process.env", "$env":
					continue // writing into the environment is configuration
				}
				if len(held) == 0 && !add {
					delete(c.taint, n)
					continue
				}
				cur := labels{}
				if add {
					cur = c.taint[n]
				}
				cur.addAll(held)
				c.taint[n] = cur
			}
			// return values and the parameters of called functions
			if len(st.t) > 0 && st.t[0].k == tIdent && st.t[0].s == "return" && c.curFn != "" && len(ls) > 0 {
				cur := c.taint[c.curFn]
				lo, hi := c.u.at(st.t[0].a), c.u.at(st.t[len(st.t)-1].b)
				for _, l := range ls {
					// A start-up path leaves a function only as what it
					// returns (return expanduser("~/.bashrc")): a
					// detection tool's rules that merely name such paths
					// are data, not where its report is written.
					if l.k == lPersist && (l.off < lo || l.off > hi) {
						continue
					}
					cur.add(l)
				}
				c.taint[c.curFn] = cur
			}
			for _, r := range rs {
				ps, ok := c.params[r.name]
				if !ok || !r.call {
					continue
				}
				if !c.emit {
					c.callSite(st.t, r, ps)
				}
				if len(ls) > 0 {
					c.passArgs(st, rs, r, ps, ls)
				}
			}
			c.sinks(st, rs, f, ls)
		}
	}
	c.a.fileLevel(c.strong, c.linked, c.sendOff, c.sendName, c.u.lower)
}

// passArgs taints the parameters ps of the function called at r with
// what its arguments carry, by position or by keyword, out of ls, all the
// statement carries. The function's own return value is not among them,
// or a function returning a secret would taint its parameters and through
// them every value its callers pass in.
func (c *clAn) passArgs(st stmt, rs []ref, r ref, ps []string, ls labels) {
	boundArgs(st.t, r.j, ps, func(p string, arg []tok) {
		if !slices.Contains(ps, p) {
			return
		}
		in := c.argLabels(st, rs, arg, ls)
		if len(in) == 0 {
			return
		}
		cur := c.taint[p]
		cur.addAll(in)
		c.taint[p] = cur
	})
}

// boundArgs calls fn with each argument of the call whose parenthesis
// opens at t[j] and the parameter it binds: its keyword, else the next of
// ps by position. Positional arguments past ps bind nothing.
func boundArgs(t []tok, j int, ps []string, fn func(p string, arg []tok)) {
	pos := 0
	for _, arg := range callArgs(t, j) {
		if len(arg) == 0 {
			continue
		}
		switch {
		case len(arg) > 2 && arg[0].k == tIdent && arg[1].k == tOp && arg[1].s == "=":
			fn(arg[0].s, arg[2:])
		case pos < len(ps):
			fn(ps[pos], arg)
			pos++
		}
	}
}

// authArgs are the keyword arguments of a network call that carry
// credentials to log in with, not data.
var authArgs = map[string]bool{"headers": true, "auth": true}

// payloadCarries reports whether a strong label reaches a network call
// through anything but its authentication arguments (the URL, the body,
// the parameters).
func (c *clAn) payloadCarries(st stmt, rs []ref, args [][]tok, ls labels) bool {
	payload, _ := c.splitAuth(st, rs, args, ls)
	_, ok := payload.firstStrong()
	return ok
}

// argLabels is what one argument's tokens carry: the names they read and
// the sources named in them (labels of ls within their span).
func (c *clAn) argLabels(st stmt, rs []ref, arg []tok, ls labels) labels {
	a, b := arg[0].a, arg[len(arg)-1].b
	var in labels
	for _, x := range rs {
		if k := x.i; k < len(st.t) && st.t[k].a >= a && st.t[k].b <= b {
			in.addAll(c.uses(st, []ref{x}, 0, len(st.t)))
		}
	}
	lo, hi := c.u.at(a), c.u.at(b)
	for _, l := range ls {
		if l.off >= lo && l.off < hi {
			in.add(l)
		}
	}
	return in
}

// function records def/function headers: their parameters and the
// function that return statements belong to.
func (c *clAn) function(st stmt, rs []ref) {
	t := st.t
	if c.lang == Python && c.curFn != "" && st.ind <= c.fnInd {
		c.curFn = ""
	}
	k := 0
	for k < len(t) && t[k].k == tIdent && (t[k].s == "async" || t[k].s == "export" || t[k].s == "default") {
		k++
	}
	if k+2 < len(t) && t[k].k == tIdent && (t[k].s == "def" || t[k].s == "function") && t[k+1].k == tIdent {
		name := t[k+1].s
		var ps []string
		if t[k+2].s == "(" {
			for _, a := range callArgs(t, k+2) {
				if len(a) > 0 && (a[0].k == tIdent || a[0].k == tVar) {
					p := a[0].s
					if a[0].k == tVar {
						p = "$" + p
					}
					ps = append(ps, p)
				}
			}
		}
		c.params[name] = ps
		c.curFn, c.fnInd = name, st.ind
		c.inputParams(name, ps, t[k].a)
		return
	}
	// const f = (a, b) => …, const f = async function (a) …
	if k+3 < len(t) && t[k].k == tIdent && (t[k].s == "const" || t[k].s == "let" || t[k].s == "var") && t[k+1].k == tIdent && t[k+2].s == "=" {
		j := k + 3
		for j < len(t) && t[j].k == tIdent && (t[j].s == "async" || t[j].s == "function") {
			j++
		}
		if j < len(t) && t[j].s == "(" {
			e := closeParen(t, j)
			if e+1 < len(t) && t[e+1].s == "=>" || j > k+3 && t[j-1].s == "function" {
				var ps []string
				for _, a := range callArgs(t, j) {
					if len(a) > 0 && a[0].k == tIdent {
						ps = append(ps, a[0].s)
					}
				}
				c.params[t[k+1].s] = ps
				c.curFn = t[k+1].s
				c.inputParams(t[k+1].s, ps, t[k].a)
			}
		}
	}
	// PowerShell: param($a, $b) inside the last function
	if c.lang == PowerShell && len(t) > 1 && t[0].k == tIdent && t[0].s == "param" && t[1].s == "(" && c.curFn != "" {
		var ps []string
		for _, x := range t {
			if x.k == tVar {
				ps = append(ps, "$"+x.s)
			}
		}
		c.params[c.curFn] = ps
	}
}

// sinks judges a statement's sinks against what it carries.
func (c *clAn) sinks(st stmt, rs []ref, f stFacts, ls labels) {
	for _, s := range f.sinks {
		at := c.u.at(s.off)
		switch s.k {
		case skNet:
			if s.send && c.sendOff < 0 {
				c.sendOff, c.sendName = at, s.name
			}
			if c.emit {
				c.secrets(st, rs, s, ls, at)
			}
			if l, ok := ls.firstStrong(); ok && s.args != nil && !c.payloadCarries(st, rs, s.args, ls) {
				if c.a.consistent(s.host, "") {
					continue // a key used to log in to the skill's own service
				}
				c.hit(hit{a: at, cat: core.ExternalResources, sev: core.Warning, rule: "credential-use", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
					desc: "authenticates with a credential: " + c.a.describeFlow("reads", l.what, l.off, "puts it in the headers of", s.name, at),
					rec:  "Check that the credential goes only to the service it belongs to."})
				continue
			}
			if l, ok := ls.firstStrong(); ok {
				c.linked = true
				sinkName := s.name
				if s.host != "" {
					sinkName += " to " + s.host
				}
				c.hit(hit{a: at, cat: core.ExternalResources, sev: core.Critical, rule: "exfiltration", src: l.what, srcOff: l.off, sink: sinkName, sinkOff: at,
					desc: c.a.describeFlow("reads", l.what, l.off, "sends it with", sinkName, at),
					rec:  "Reject the skill unless sending this data to that address is its stated purpose: the script reads secrets or private files and sends them over the network."})
			}
		case skExec, skShell:
			if c.emit && s.k == skExec && s.args != nil {
				c.codeInjection(st, rs, s, ls, at)
			}
			if l, ok := ls.first(lDownload); ok {
				if s.k == skShell && s.literal {
					c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "command-injection", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
						desc: "builds a shell command from downloaded data: " + c.a.describeFlow("takes", l.what, l.off, "runs", s.name, at),
						rec:  "Pass arguments as a list without a shell, and check what the downloaded data may contain."})
				} else {
					c.hit(hit{a: at, cat: core.ExternalResources, sev: core.Critical, rule: "download-exec", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
						desc: "runs code downloaded from the network: " + c.a.describeFlow("takes", l.what, l.off, "runs it with", s.name, at),
						rec:  "Do not run code fetched at run time: pin the code in the skill, or verify a checksum before running it."})
				}
			}
			if l, ok := ls.first(lDecoded); ok {
				c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "decoded-exec", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
					desc: "runs an encoded payload: " + c.a.describeFlow("takes", l.what, l.off, "runs it with", s.name, at),
					rec:  "Decode the payload and read it before anything runs it; hidden code has no place in a skill."})
			}
		case skWrite:
			if l, ok := ls.first(lPersist); ok {
				c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "persistence", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
					desc: persistDesc(l.what, c.a.lineOf(at)),
					rec:  "Check what is written there: a skill should not install itself into start-up files, schedules or authorized keys."})
			}
		}
	}
}

func (c *clAn) hit(h hit) {
	if !c.emit {
		return
	}
	h.lower = c.u.lower
	c.a.add(h)
}

// shellString analyses a command string handed to a shell: a literal is
// analysed as shell code; a built one is also a command-injection warning.
// It returns whether the command sends data over the network.
func (c *clAn) shellString(arg []tok, name string, at int) (net bool, send bool) {
	if len(arg) == 0 || !c.emit || c.u.depth >= maxDepth {
		return false, false
	}
	var u unit
	raw := ""
	if len(arg) == 1 && arg[0].a >= 0 && arg[0].b <= len(c.u.s) && arg[0].a <= arg[0].b {
		raw = c.u.s[arg[0].a:arg[0].b]
	}
	if lead := strings.Index(raw, arg[0].s); len(arg) == 1 && arg[0].k == tStr && !arg[0].interp && arg[0].esc == 0 && arg[0].s != "" && lead > 0 {
		u = c.u.sub(arg[0].a+lead, arg[0].a+lead+len(arg[0].s))
	} else {
		u = c.u.derived(joinStrings(arg), arg[0].a)
	}
	sa := c.a.shell(u)
	// Interpolation is a literal command with values spliced in (an
	// f-string, a template, a concatenation). A command that is wholly a
	// value (subprocess.Popen(cmd, shell=True) running what the user
	// asked for) is the script's purpose, not an injection.
	interp, literal := false, false
	for k, x := range arg {
		if x.k == tStr && !(k > 0 && arg[k-1].k == tOp && arg[k-1].s == "[") { // a subscript key is no part of the command
			literal = true
			if x.interp {
				interp = true
			}
		}
		if x.k == tIdent || x.k == tVar {
			interp = true
		}
	}
	if interp && literal {
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "command-injection", srcOff: -1, sink: name, sinkOff: at,
			desc: "runs a shell command built from values with " + name + " (" + c.a.lineOf(at) + "): whatever reaches those values can add commands",
			rec:  "Pass the arguments as a list without a shell (shell=False, execFile), or quote each value (shlex.quote)."})
	}
	return sa.sendOff >= 0, sa.sendOff >= 0
}

// sqlCheck reports SQL built by formatting or concatenation, in the
// call or in a name assigned before; parameters passed apart are fine.
func (c *clAn) sqlCheck(r ref, st stmt) {
	if !r.call {
		return
	}
	args := callArgs(st.t, r.j)
	if len(args) == 0 {
		return
	}
	a0 := args[0]
	built, in := c.sqlOf(a0, nil)
	if !built && len(a0) == 1 && a0[0].k == tIdent {
		in, built = c.sqlBuilt[a0[0].s]
	}
	if !built {
		return
	}
	at := c.u.at(st.t[r.i].a)
	h := hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "sql-injection", srcOff: -1, sink: r.name, sinkOff: at,
		desc: "builds an SQL statement by string formatting or concatenation and runs it with " + r.name + " (" + c.a.lineOf(at) + ")",
		rec:  "Use query parameters (placeholders) instead of formatting values into SQL."}
	if l, ok := in.first(lInput); ok {
		h.src, h.srcOff = l.what, l.off
		h.desc = "builds an SQL statement from " + l.what + " by string formatting and runs it with " + r.name + " (" + c.a.lineOf(l.off) + " → " + c.a.lineOf(at) + ")"
	}
	c.hit(h)
}

func looksSQL(s string) bool {
	u := strings.ToUpper(s)
	verb := false
	for _, v := range []string{"SELECT ", "INSERT ", "UPDATE ", "DELETE ", "DROP ", "ALTER ", "CREATE ", "REPLACE "} {
		if strings.Contains(u, v) {
			verb = true
		}
	}
	if !verb {
		return false
	}
	for _, w := range []string{" FROM ", " INTO ", " WHERE ", " SET ", " TABLE ", " VALUES"} {
		if strings.Contains(" "+u, w) {
			return true
		}
	}
	return false
}

// homeExpr reports tokens naming the home folder or the file system root
// as a whole.
func homeExpr(t []tok) bool {
	for k, x := range t {
		switch {
		case x.k == tStr && destructiveTarget(x.s) && strings.TrimSpace(x.s) != "":
			return true
		case x.k == tIdent && (x.s == "home" || x.s == "homedir") && k+1 < len(t) && t[k+1].s == "(":
			return true
		case x.k == tStr && (x.s == "HOME" || x.s == "USERPROFILE") && k > 0:
			return true
		case x.k == tVar && (x.s == "home" || x.s == "env:userprofile" || x.s == "env:home"):
			return true
		}
	}
	return false
}

// persistDesc says what a write to a persistence path does.
func persistDesc(what, line string) string {
	if strings.HasPrefix(what, "mail forwarding") {
		return "writes to the " + what + " (" + line + "), so every message the user receives is sent on to another address"
	}
	return "writes to the " + what + " (" + line + "), so code runs again at every log-in or on schedule"
}

func hasNetSink(f stFacts) bool {
	for _, s := range f.sinks {
		if s.k == skNet {
			return true
		}
	}
	return false
}

// withoutKind is ls less the labels of kind k (ls itself when it has none).
func withoutKind(ls labels, k kind) labels {
	if _, ok := ls.first(k); !ok {
		return ls
	}
	out := make(labels, 0, len(ls))
	for _, l := range ls {
		if l.k != k {
			out = append(out, l)
		}
	}
	return out
}
