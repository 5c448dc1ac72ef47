package codescan

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// values records what an assignment's value is beyond its labels: the
// host of a literal URL, the text of string literals, SQL built by
// formatting.
func (c *clAn) values(st stmt, names []string, from, to int, add bool, ls labels) {
	if len(names) == 0 || from >= len(st.t) {
		return
	}
	val := st.t[from:min(to, len(st.t))]
	if len(val) > 0 && val[0].k == tOp {
		val = val[1:]
	}
	host := c.hostIn(val)
	text, pieces, isConst := c.constText(val)
	sql, sqlLabels := c.sqlOf(val, ls)
	auth := false
	if _, ok := ls.first(lSecret); ok {
		auth = c.authOnly(val)
	}
	for _, n := range names {
		switch {
		case host != "":
			c.urls[n] = host
		case !add:
			delete(c.urls, n)
		}
		switch {
		case isConst && add && c.consts[n] != "" && len(c.consts[n])+len(text) <= 1<<14:
			c.consts[n] += text
			c.flags["pieces\x00"+n] += pieces
		case isConst && !add && pieces > 0 && len(text) <= 1<<14:
			c.consts[n] = text
			c.flags["pieces\x00"+n] = pieces
		default:
			delete(c.consts, n)
		}
		switch {
		case sql:
			cur := c.sqlBuilt[n]
			cur.addAll(sqlLabels)
			c.sqlBuilt[n] = cur
		case !add:
			delete(c.sqlBuilt, n)
		}
		if auth || containsFold(lastSeg(n), "header") {
			c.authNames[n] = true
		} else if !add && len(c.authNames) > 0 {
			delete(c.authNames, n)
		}
	}
}

// authOnly reports a value whose named secrets all sit in its
// authentication keys ({"Authorization": f"Bearer {key}"}).
func (c *clAn) authOnly(val []tok) bool {
	m := authSpans(val)
	if m == nil {
		return false
	}
	for k, x := range val {
		if !m[k] && (x.k == tIdent && c.hasSecret(x.s) || x.k == tIdent && (x.s == "getenv" || x.s == "environ" || x.s == "env")) {
			return false
		}
	}
	return true
}

func (c *clAn) hasSecret(n string) bool {
	_, ok := c.taint[n].first(lSecret)
	return ok
}

// hostIn is the host of the first URL a value names: a literal, a name
// assigned one, an f-string or template starting with such a name.
func (c *clAn) hostIn(val []tok) string {
	for k, x := range val {
		if k > 64 {
			break
		}
		switch x.k {
		case tStr:
			if h := hostOfURL(x.s); h != "" {
				return h
			}
			if strings.Contains(x.s, "://") {
				return "" // the host itself is built from values
			}
		case tIdent:
			if len(c.urls) == 0 || k > 0 && val[k-1].k == tOp && val[k-1].s == "." {
				continue // inside a chain already looked at
			}
			name := x.s
			for q := k + 1; q+1 < len(val) && val[q].s == "." && val[q+1].k == tIdent && q < k+16; q += 2 {
				name += "." + val[q+1].s
				if h, ok := c.urls[name]; ok {
					return h
				}
			}
			if h, ok := c.urls[x.s]; ok {
				return h
			}
		}
	}
	return ""
}

// netHost is where a network call goes: its url= argument or the first
// positional argument naming a URL.
func (c *clAn) netHost(name string, args [][]tok) string {
	if v, ok := kwarg(args, "url"); ok {
		return c.hostIn(v)
	}
	if v, ok := kwarg(args, "host"); ok && len(v) == 1 && v[0].k == tStr {
		return hostOfURL("tcp://" + v[0].s)
	}
	for i, a := range args {
		if len(a) == 0 || len(a) > 2 && a[0].k == tIdent && a[1].k == tOp && a[1].s == "=" {
			continue
		}
		if h := c.hostIn(a); h != "" {
			return h
		}
		// HTTPSConnection("host"), SMTP("smtp.host", 587), socket tuples
		if i == 0 && len(a) >= 1 && a[0].k == tStr && !strings.Contains(a[0].s, "/") && strings.Contains(a[0].s, ".") {
			return hostOfURL("tcp://" + a[0].s)
		}
		if i == 0 && len(a) >= 2 && a[0].s == "(" && a[1].k == tStr {
			return hostOfURL("tcp://" + a[1].s)
		}
	}
	return ""
}

// constText is the text a value spells when it is made of string
// literals and names holding them alone, joined by + or "".join: the
// number of pieces is how many it took.
func (c *clAn) constText(val []tok) (string, int, bool) {
	// Most values are not constant: tell before copying any text.
	for k, x := range val {
		switch {
		case x.k == tStr && !x.interp:
		case x.k == tIdent && x.s == "join" && k > 0 && val[k-1].s == ".":
		case x.k == tIdent:
			if _, ok := c.consts[x.s]; !ok {
				return "", 0, false
			}
		case x.k == tOp && (x.s == "+" || x.s == "(" || x.s == ")" || x.s == "[" || x.s == "]" || x.s == "," || x.s == "."):
		default:
			return "", 0, false
		}
	}
	var sb strings.Builder
	pieces := 0
	for k, x := range val {
		switch {
		case x.k == tStr && !x.interp:
			if k+2 < len(val) && val[k+1].s == "." && val[k+2].s == "join" {
				continue // the separator of a join
			}
			sb.WriteString(x.s)
			pieces++
		case x.k == tIdent && x.s == "join" && k > 0 && val[k-1].s == ".":
		case x.k == tIdent:
			v, ok := c.consts[x.s]
			if !ok {
				return "", 0, false
			}
			sb.WriteString(v)
			pieces += max(1, c.flags["pieces\x00"+x.s])
		case x.k == tOp && (x.s == "+" || x.s == "(" || x.s == ")" || x.s == "[" || x.s == "]" || x.s == "," || x.s == "."):
		default:
			return "", 0, false
		}
		if sb.Len() > 1<<14 {
			return "", 0, false
		}
	}
	return sb.String(), pieces, true
}

// sqlOf reports a value that builds SQL by formatting or concatenation,
// and what the values spliced in carry.
func (c *clAn) sqlOf(val []tok, ls labels) (bool, labels) {
	// Most values build no string at all: look before copying any text.
	maybe := false
	for k, x := range val {
		if x.k == tStr && x.interp || x.k == tOp && (x.s == "+" || x.s == "%" || x.s == "+=") && k > 0 || x.k == tIdent && x.s == "format" {
			maybe = true
			break
		}
		if x.k == tIdent && len(c.sqlBuilt) > 0 {
			if _, ok := c.sqlBuilt[x.s]; ok {
				maybe = true
				break
			}
		}
	}
	if !maybe {
		return false, nil
	}
	verb := false
	for _, x := range val {
		if x.k == tStr && sqlVerb(x.s) {
			verb = true
			break
		}
		if x.k == tIdent && len(c.sqlBuilt) > 0 {
			if _, ok := c.sqlBuilt[x.s]; ok {
				verb = true
				break
			}
		}
		if x.k == tIdent && len(c.consts) > 0 && sqlVerb(c.consts[x.s]) {
			verb = true
			break
		}
	}
	if !verb {
		return false, nil
	}
	built := false
	var text strings.Builder
	var in labels
	for k, x := range val {
		switch {
		case x.k == tStr:
			if text.Len() < 4096 {
				text.WriteString(x.s + " ")
			}
			if x.interp {
				built = true
			}
		case x.k == tOp && (x.s == "+" || x.s == "%" || x.s == "+="):
			if k > 0 {
				built = true
			}
		case x.k == tIdent && x.s == "format" && k > 0 && val[k-1].s == ".":
			built = true
		case x.k == tIdent:
			if l, ok := c.taint[x.s].first(lInput); ok && c.inputReaches(l) {
				in.add(l)
			}
			if l, ok := c.sqlBuilt[x.s]; ok {
				in.addAll(l)
				text.WriteString("SELECT x FROM ")
				built = true
			}
			if v, ok := c.consts[x.s]; ok && text.Len() < 4096 {
				text.WriteString(v + " ")
			}
		}
	}
	if !built || !looksSQL(text.String()) {
		return false, nil
	}
	if l, ok := ls.first(lInput); ok {
		in.add(l)
	}
	return true, in
}

// callSite records, for each parameter of the function called at r,
// that it is called and whether with a value rather than a literal.
func (c *clAn) callSite(t []tok, r ref, ps []string) {
	if r.i > 0 && t[r.i-1].k == tIdent && (t[r.i-1].s == "def" || t[r.i-1].s == "function") {
		return // the definition, not a call
	}
	fn := lastSeg(r.name)
	boundArgs(t, r.j, ps, func(p string, arg []tok) {
		key := fn + "\x00" + p
		c.called[key] = true
		if !onlyLiteral(arg) && !(len(arg) == 1 && arg[0].k == tNum) {
			c.nonLit[key] = true
		}
	})
}

// inputParams labels the parameters of a function as its input.
func (c *clAn) inputParams(fn string, ps []string, off int) {
	if !c.runsCode() {
		return // no rule looks at input here: do not carry it around
	}
	for _, p := range ps {
		switch p {
		case "self", "cls", "this", "":
			continue
		}
		cur := c.taint[p]
		cur.add(label{lInput, "the parameter " + p + " of " + fn + "()", c.u.at(off), fn + "\x00" + p})
		c.taint[p] = cur
	}
}

// inputReaches reports an input label that can carry anything: not a
// parameter of a helper that the file only ever calls with literals.
func (c *clAn) inputReaches(l label) bool {
	fn, _, param := strings.Cut(l.name, "\x00")
	if !param {
		return true
	}
	// A parameter reaches what its own function does with it; through
	// names shared across functions the flow is not followed.
	if fn != c.curFn {
		return false
	}
	return !c.called[l.name] || c.nonLit[l.name]
}

// secrets judges the named secrets a network call's arguments carry.
func (c *clAn) secrets(st stmt, rs []ref, s sink, ls labels, at int) {
	if _, ok := ls.first(lSecret); !ok {
		return
	}
	if s.args == nil {
		for _, l := range ls {
			if l.k == lSecret {
				c.a.secretSend(l, s.host, partBody, s.name, at, c.u.lower)
			}
		}
		return
	}
	body, auth, query := c.splitParts(st, rs, s.args, ls)
	for p, set := range [...]labels{partAuth: auth, partQuery: query, partBody: body} {
		for _, l := range set {
			if l.k == lSecret {
				c.a.secretSend(l, s.host, part(p), s.name, at, c.u.lower)
			}
		}
	}
}

// payloadLabels is argLabels without the names that hold authentication
// values (headers built beforehand).
func (c *clAn) payloadLabels(st stmt, rs []ref, run []tok, ls labels) labels {
	a, b := run[0].a, run[len(run)-1].b
	var in labels
	for _, x := range rs {
		if k := x.i; k < len(st.t) && st.t[k].a >= a && st.t[k].b <= b {
			if c.authNames[x.name] {
				continue
			}
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

// codeInjection judges what eval, exec or Function is given: a constant
// is nothing; the function's input, or code built from values, is a
// warning; a payload assembled from string pieces is a warning and is
// analysed whole.
func (c *clAn) codeInjection(st stmt, rs []ref, s sink, ls labels, at int) {
	if len(s.args) == 0 {
		return
	}
	arg := s.args[0]
	if strings.HasPrefix(s.name, "Function") || strings.HasPrefix(s.name, "new Function") {
		arg = s.args[len(s.args)-1]
	}
	if len(arg) == 0 {
		return
	}
	in := c.argLabels(st, rs, arg, ls)
	if _, ok := in.first(lDecoded); ok {
		return // decoded-exec says it
	}
	if _, ok := in.first(lDownload); ok {
		return
	}
	if l, ok := in.first(lInput); ok && c.inputReaches(l) {
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "code-injection", src: l.what, srcOff: l.off, sink: s.name, sinkOff: at,
			desc: "runs " + l.what + " as code with " + s.name + " (" + c.a.lineOf(l.off) + " → " + c.a.lineOf(at) + "): whatever reaches it runs",
			rec:  "Parse the input instead of evaluating it (ast.literal_eval, a small expression parser, JSON.parse)."})
		return
	}
	if text, pieces, ok := c.constText(arg); ok {
		if pieces >= 2 {
			c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: s.name, sinkOff: at,
				desc: "runs code assembled from " + strconv.Itoa(pieces) + " string pieces with " + s.name + " (" + c.a.lineOf(at) + "): " + strconv.Quote(cut(text, 60)),
				rec:  "Read the joined code; code in a skill has no reason to be split across strings."})
			if c.u.depth < maxDepth {
				c.a.run(c.lang, c.u.derived(text, st.t[0].a))
			}
		}
		return
	}
	built := false
	for k, x := range arg {
		if x.k == tStr && x.interp || x.k == tOp && (x.s == "+" || x.s == "%") && k > 0 || x.k == tIdent && x.s == "format" && k > 0 && arg[k-1].s == "." {
			built = true
		}
	}
	if built {
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "code-injection", srcOff: -1, sink: s.name, sinkOff: at,
			desc: "runs code built from values with " + s.name + " (" + c.a.lineOf(at) + "): whatever reaches those values runs",
			rec:  "Do not build code from values; compute the result directly, or parse the input."})
	}
}

// fileWrites follows data through files the code writes and reads back:
// with open(p, "w") as f: f.write(x); Path(p).write_text(x);
// fs.writeFileSync(p, x). What x carries is kept for the path p, which
// stringSources gives back where p is named again.
func (c *clAn) fileWrites(st stmt, rs []ref, f *stFacts) {
	t := st.t
	for _, r := range rs {
		if !r.call {
			continue
		}
		ls := lastSeg(r.name)
		switch {
		case r.name == "open" || ls == "open" || r.name == "io.open":
			args := callArgs(t, r.j)
			if len(args) < 2 || len(args[0]) != 1 || args[0][0].k != tStr || len(args[1]) != 1 || args[1][0].k != tStr || !strings.ContainsAny(args[1][0].s, "wa") {
				continue
			}
			p := normPath(args[0][0].s)
			// with open(p, "w") as name / name = open(p, "w")
			for k := 0; k+1 < len(t); k++ {
				if t[k].k == tIdent && t[k].s == "as" && t[k+1].k == tIdent {
					c.handles[t[k+1].s] = p
				}
			}
			if len(t) > 2 && t[0].k == tIdent && t[1].s == "=" {
				c.handles[t[0].s] = p
			}
			if e := closeParen(t, r.j); e+2 < len(t) && t[e+1].s == "." && t[e+2].s == "write" {
				c.keepFile(p, c.uses(st, rs, e, len(t)), f)
			}
		case ls == "write" || ls == "writelines":
			if p, ok := c.handles[strings.TrimSuffix(r.name, "."+ls)]; ok {
				c.keepFile(p, c.uses(st, rs, r.j, len(t)), f)
			}
		case ls == "write_text" || ls == "write_bytes" || ls == "writeFileSync" || ls == "appendFileSync" || ls == "writeFile" || ls == "appendFile":
			args := callArgs(t, r.j)
			var p string
			rest := r.j
			if ls == "write_text" || ls == "write_bytes" {
				for k := r.i - 1; k >= 0 && k > r.i-8; k-- {
					if t[k].k == tStr {
						p = t[k].s
						break
					}
				}
			} else if len(args) > 0 && len(args[0]) == 1 && args[0][0].k == tStr {
				p = args[0][0].s
				if len(args) > 1 && len(args[1]) > 0 {
					for k := r.j; k < len(t); k++ {
						if t[k].a >= args[1][0].a {
							rest = k
							break
						}
					}
				}
			}
			if p != "" {
				c.keepFile(normPath(p), c.uses(st, rs, rest, len(t)), f)
			}
		}
	}
}

// keepFile records what a written file carries, with the sources the
// writing statement names itself.
func (c *clAn) keepFile(p string, ls labels, f *stFacts) {
	ls.addAll(f.src)
	var keep labels
	for _, l := range ls {
		if l.k.strong() || l.k == lSecret || l.k == lDecoded {
			keep.add(l)
		}
	}
	if len(keep) == 0 || len(c.files) >= 256 {
		return
	}
	cur := c.files[p]
	cur.addAll(keep)
	c.files[p] = cur
}

// runsCode reports a unit with a name that the input rules judge (eval,
// exec, Function, a shell, an SQL execute), found once.
func (c *clAn) runsCode() bool {
	if v, ok := c.flags["runs-code"]; ok {
		return v > 0
	}
	v := 0
	for _, x := range c.toks {
		if x.k != tIdent {
			continue
		}
		switch x.s {
		case "exec", "eval", "Function", "shell", "execute", "executemany", "executescript", "query", "raw", "system", "popen", "execSync",
			"runInNewContext", "runInThisContext", "Script", "exec_driver_sql", "read_sql", "read_sql_query":
			v = 1
		}
		if v > 0 {
			break
		}
	}
	c.flags["runs-code"] = v
	return v > 0
}

// splitAuth is what a call's arguments carry, split into what goes in its
// authentication (headers=, auth=, "headers:" and "Authorization:" keys,
// names holding headers built before) and everything else: the body, the
// URL, the query.
func (c *clAn) splitAuth(st stmt, rs []ref, args [][]tok, ls labels) (payload, auth labels) {
	body, auth, query := c.splitParts(st, rs, args, ls)
	body.addAll(query)
	return body, auth
}

// splitParts is splitAuth with the address apart: the first positional
// argument (the URL) and params=, url= are the query; the rest is the
// body.
func (c *clAn) splitParts(st stmt, rs []ref, args [][]tok, ls labels) (payload, auth, query labels) {
	pos := 0
	for _, arg := range args {
		if len(arg) == 0 {
			continue
		}
		kw := len(arg) > 2 && arg[0].k == tIdent && arg[1].k == tOp && arg[1].s == "="
		if kw && authArgs[arg[0].s] {
			auth.addAll(c.argLabels(st, rs, arg, ls))
			continue
		}
		dest := &payload
		if kw && (arg[0].s == "params" || arg[0].s == "url") || !kw && pos == 0 {
			dest = &query
		}
		if !kw {
			pos++
		}
		m := authSpans(arg)
		for i := 0; i < len(arg); {
			j := i
			for j < len(arg) && (m != nil && m[j]) == (m != nil && m[i]) {
				j++
			}
			run := arg[i:j]
			if m != nil && m[i] {
				auth.addAll(c.argLabels(st, rs, run, ls))
			} else {
				for _, x := range run {
					if x.k == tIdent && c.authNames[x.s] {
						auth.addAll(c.taint[x.s])
					}
				}
				dest.addAll(c.payloadLabels(st, rs, run, ls))
			}
			i = j
		}
	}
	return payload, auth, query
}

// envDestructure handles const { OPENAI_API_KEY, PORT } = process.env:
// each name picks one variable, a named secret when its name says so,
// never the whole environment. It reports whether it bound the names.
func (c *clAn) envDestructure(st stmt, names []string, from int) bool {
	t := st.t
	if c.lang != JavaScript || from+2 > len(t) || t[from].s != "=" {
		return false
	}
	val := t[from+1:]
	for len(val) > 0 && val[len(val)-1].k == tOp && val[len(val)-1].s == ";" {
		val = val[:len(val)-1]
	}
	env := len(val) == 3 && val[0].s == "process" && val[1].s == "." && val[2].s == "env" ||
		len(val) == 3 && val[0].s == "Bun" && val[1].s == "." && val[2].s == "env"
	open := false
	for k := 0; k < from; k++ {
		if t[k].k == tOp && t[k].s == "{" {
			open = true
		}
	}
	if !env || !open {
		return false
	}
	for _, n := range names {
		if secretEnvName(n) {
			c.taint[n] = labels{{lSecret, "environment variable " + n + " (process.env)", c.u.at(t[0].a), n}}
		} else {
			delete(c.taint, n)
		}
	}
	return true
}

// sqlVerb reports a text holding an SQL verb in any case, without
// copying it.
func sqlVerb(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		switch s[i] | 0x20 {
		case 's', 'i', 'u', 'd', 'a', 'c', 'r':
		default:
			continue
		}
		for _, v := range sqlVerbs {
			if i+len(v) <= len(s) && strings.EqualFold(s[i:i+len(v)], v) {
				return true
			}
		}
	}
	return false
}

var sqlVerbs = []string{"select", "insert", "update", "delete", "drop ", "alter ", "create", "replace"}

// containsFold reports sub in s in any case of ASCII letters, without
// copying s.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
