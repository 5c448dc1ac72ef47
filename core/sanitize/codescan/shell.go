package codescan

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// shCmd is one simple command: its words, its redirections, whether its
// input comes from a pipe and whether it runs in the background.
type shCmd struct {
	words  []shTok
	redirs []shRedir
	pipeIn bool
	bg     bool
}

type shRedir struct {
	op string
	t  shTok
	hd int
}

type shPipe struct{ cmds []shCmd }

// shParse groups tokens into pipelines of simple commands.
func shParse(toks []shTok) []shPipe {
	var out []shPipe
	var cur shPipe
	var cmd shCmd
	endCmd := func() {
		if len(cmd.words) > 0 || len(cmd.redirs) > 0 {
			cur.cmds = append(cur.cmds, cmd)
		}
		cmd = shCmd{}
	}
	endPipe := func() {
		endCmd()
		if len(cur.cmds) > 0 {
			out = append(out, cur)
		}
		cur = shPipe{}
	}
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch t.op {
		case "":
			cmd.words = append(cmd.words, t)
		case "|", "|&":
			endCmd()
			cmd.pipeIn = true
		case "&":
			cmd.bg = true
			endPipe()
		case ">", ">>", "<", ">&", "&>", "&>>", "<&", ">|", "<>", "<<<", "<<", "<<-":
			r := shRedir{op: t.op, hd: t.hd}
			if t.op != "<<" && t.op != "<<-" && k+1 < len(toks) && toks[k+1].op == "" {
				k++
				r.t = toks[k]
			}
			cmd.redirs = append(cmd.redirs, r)
		default:
			endPipe()
		}
	}
	endPipe()
	return out
}

// shAn is the state of the shell analysis of one unit.
type shAn struct {
	a     *analysis
	u     unit
	lx    *shLexer
	vars  map[string]labels
	files map[string]label // downloaded files by normalized path
	emit  bool
	// file-level facts for the unlinked exfiltration warning
	strong   labels
	sendOff  int
	sendName string
	linked   bool
	// subs caches what each command substitution's output carries, per
	// pass: a word is looked at several times, its substitutions are
	// analysed once.
	subs map[span]labels
	// urls holds the host of variables assigned a literal URL; consts the
	// value of variables assigned a plain literal.
	urls   map[string]string
	consts map[string]string
	// written holds what the files the script wrote carry.
	written map[string]labels
	// inSub: the unit is a command substitution, whose command's output
	// is used (`$1` runs the script's argument).
	inSub bool
}

// shell analyses shell code.
func (a *analysis) shell(u unit) *shAn {
	sa := &shAn{a: a, u: u, lx: shLex(u.s), vars: map[string]labels{}, files: map[string]label{}, sendOff: -1, urls: map[string]string{}, consts: map[string]string{}, written: map[string]labels{}}
	pipes := shParse(sa.lx.toks)
	// Two passes: the first learns what variables carry (a function body
	// may use a variable assigned further down), the second reports.
	for pass := 0; pass < 2; pass++ {
		sa.emit = pass == 1
		sa.subs = nil
		for _, p := range pipes {
			sa.pipe(p)
		}
	}
	sa.structure(pipes)
	sa.fileLevel()
	return sa
}

// off maps a unit offset to the document.
func (sa *shAn) off(i int) int { return sa.u.at(i) }

// view is a command with prefixes (sudo, env, nohup, keywords) and leading
// assignments set apart.
type view struct {
	name    string
	argv0   shTok
	args    []shTok
	assigns []shTok
	ok      bool
}

var shKeywords = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "do": true, "while": true, "until": true, "!": true, "time": true, "{": true, "fi": true, "done": true, "esac": true}

func isAssign(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return false
	}
	n := strings.TrimSuffix(w[:i], "+")
	if n == "" {
		return false
	}
	for k := 0; k < len(n); k++ {
		if !isNameByte(n[k]) && !(n[k] == '[' || n[k] == ']') {
			return false
		}
	}
	return n[0] < '0' || n[0] > '9'
}

func cmdView(ws []shTok) view {
	var v view
	k := 0
	for k < len(ws) && shKeywords[ws[k].val] && !ws[k].quoted {
		k++
	}
	for k < len(ws) && isAssign(ws[k].val) && !strings.HasPrefix(ws[k].val, "-") {
		v.assigns = append(v.assigns, ws[k])
		k++
	}
	for k < len(ws) {
		n := path.Base(ws[k].val)
		switch n {
		case "sudo", "doas", "nohup", "exec", "command", "builtin", "nice", "stdbuf", "setsid", "env", "timeout", "xargs", "busybox", "time":
			at := k
			k++
			for k < len(ws) {
				w := ws[k].val
				if strings.HasPrefix(w, "-") || (n == "env" && isAssign(w)) {
					// options taking a value
					if (n == "sudo" && (w == "-u" || w == "-g")) || (n == "nice" && w == "-n") || (n == "xargs" && (w == "-I" || w == "-n" || w == "-P")) {
						k++
					}
					k++
					continue
				}
				if n == "timeout" && len(w) > 0 && w[0] >= '0' && w[0] <= '9' {
					k++
				}
				break
			}
			if k >= len(ws) {
				k = at // env, exec … alone are the command
				break
			}
			continue
		}
		break
	}
	if k >= len(ws) {
		return v
	}
	v.argv0 = ws[k]
	v.name = strings.ToLower(path.Base(ws[k].val))
	v.args = ws[k+1:]
	v.ok = true
	return v
}

// shFacts is what one command does.
type shFacts struct {
	src      labels // data it reads (its arguments, input redirections)
	net      bool   // talks to the network
	send     bool   // sends data (not just fetches)
	netName  string
	fetchOut bool   // its stdout is downloaded data
	fetchURL string // the host its stdout is downloaded from, when written out
	decoder  bool   // its stdout is decoded data
	stdinRun bool   // runs its stdin as code
	codeArgs []shTok
	codeLang Lang
	execArgs bool // eval, source: runs its arguments
	writes   []shTok
}

var interpreters = map[string]Lang{
	"sh": Shell, "bash": Shell, "zsh": Shell, "dash": Shell, "ksh": Shell, "ash": Shell, "fish": Shell,
	"python": Python, "python2": Python, "python3": Python, "pypy": Python, "pypy3": Python,
	"node": JavaScript, "nodejs": JavaScript, "deno": JavaScript, "bun": JavaScript,
	"pwsh": PowerShell, "powershell": PowerShell, "powershell.exe": PowerShell, "pwsh.exe": PowerShell,
	"perl": None, "ruby": None, "php": None, "lua": None, "osascript": None, "tclsh": None,
}

func interpOf(name string) (Lang, bool) {
	if l, ok := interpreters[name]; ok {
		return l, true
	}
	if strings.HasPrefix(name, "python3.") || strings.HasPrefix(name, "python2.") {
		return Python, true
	}
	return None, false
}

// wordLabels is what a word carries: a source path, tainted variables,
// the output of its command substitutions.
func (sa *shAn) wordLabels(w shTok) labels {
	var ls labels
	if k, what, ok := sourcePath(w.val); ok {
		ls.add(label{k, what, sa.off(w.a), ""})
	} else if i := strings.IndexByte(w.val, '@'); i >= 0 && i+1 < len(w.val) {
		// curl -F "f=@~/.ssh/id_rsa", -d @file
		if k, what, ok := sourcePath(w.val[i+1:]); ok {
			ls.add(label{k, what, sa.off(w.a), ""})
		}
	} else if i := strings.IndexByte(w.val, '='); i >= 0 {
		if k, what, ok := sourcePath(w.val[i+1:]); ok {
			ls.add(label{k, what, sa.off(w.a), ""})
		}
	}
	for _, v := range w.vars {
		if vl, ok := sa.vars[v]; ok {
			ls.addAll(vl)
		}
		if len(v) == 1 && (v[0] >= '1' && v[0] <= '9' || v[0] == '@' || v[0] == '*') {
			ls.add(label{lInput, "command-line argument $" + v, sa.off(w.a), ""})
		}
		if _, lit := sa.consts[v]; !lit && secretEnvName(v) && strings.ToUpper(v) == v {
			ls.add(label{lSecret, "environment variable " + v + " ($" + v + ")", sa.off(w.a), v})
		}
	}
	for _, sp := range w.subs {
		ls.addAll(sa.subOut(sp))
	}
	if len(sa.written) > 0 {
		p := w.val
		if i := strings.IndexByte(p, '@'); i >= 0 {
			p = p[i+1:]
		} else if i := strings.IndexByte(p, '='); i >= 0 && !strings.HasPrefix(p, "/") {
			p = p[i+1:]
		}
		ls.addAll(sa.written[normPath(p)])
	}
	return ls
}

// subOut analyses a command substitution and returns what its output
// carries.
func (sa *shAn) subOut(sp span) labels {
	if sa.u.depth >= maxDepth || sp.b <= sp.a {
		return nil
	}
	if ls, ok := sa.subs[sp]; ok {
		return ls
	}
	if sa.subs == nil {
		sa.subs = map[span]labels{}
	}
	sa.subs[sp] = nil // a substitution that refers to itself stops here
	child := &shAn{a: sa.a, u: sa.u.sub(sp.a, sp.b), vars: sa.vars, files: sa.files, emit: sa.emit, sendOff: -1, urls: sa.urls, consts: sa.consts, written: sa.written, inSub: true}
	child.lx = shLex(child.u.s)
	var out labels
	for _, p := range shParse(child.lx.toks) {
		out = child.pipe(p)
	}
	if child.sendOff >= 0 && sa.sendOff < 0 {
		sa.sendOff, sa.sendName = child.sendOff, child.sendName
	}
	sa.strong.addAll(child.strong)
	sa.linked = sa.linked || child.linked
	sa.subs[sp] = out
	return out
}

// pipe analyses one pipeline and returns what its output carries.
func (sa *shAn) pipe(p shPipe) labels {
	var in labels
	for ci := range p.cmds {
		c := &p.cmds[ci]
		v := cmdView(c.words)
		if !v.ok {
			// assignments only: X=$(…)
			for _, w := range v.assigns {
				sa.assign(w)
			}
			for _, r := range c.redirs {
				sa.redirect(v, c, r, in)
			}
			continue
		}
		for _, w := range v.assigns {
			sa.assign(w)
		}
		f := sa.facts(v, c)
		for _, l := range f.src {
			if l.k.strong() {
				sa.strong.add(l)
			}
		}
		all := append(labels{}, in...)
		all.addAll(f.src)
		at := sa.off(v.argv0.a)
		if f.net && f.send && sa.sendOff < 0 {
			sa.sendOff, sa.sendName = at, f.netName
		}
		if f.net {
			if l, ok := all.firstStrong(); ok && (l.k != lEnv || f.send) {
				sa.linked = true
				sa.hit(hit{a: at, b: sa.off(v.argv0.b), cat: core.ExternalResources, sev: core.Critical, rule: "exfiltration",
					src: l.what, srcOff: l.off, sink: f.netName, sinkOff: at,
					desc: sa.a.describeFlow("reads", l.what, l.off, "sends it with", f.netName, at),
					rec:  "Reject the skill unless sending this data to that address is its stated purpose: the script reads secrets or private files and sends them over the network."})
			}
		}
		if f.net && sa.emit {
			sa.secretNet(v, in, f, at)
		}
		if f.stdinRun && c.pipeIn {
			sa.runData(in, v, at, "piped into "+v.name)
		}
		if f.stdinRun {
			for _, r := range c.redirs {
				if r.op == "<<<" {
					sa.runData(sa.wordLabels(r.t), v, at, v.name+" <<<")
				}
				if r.op == "<" {
					if l, ok := sa.files[normPath(r.t.val)]; ok {
						sa.runData(labels{l}, v, at, v.name+" < "+cut(r.t.val, 40))
					}
				}
			}
		}
		for _, w := range f.codeArgs {
			sa.runData(sa.wordLabels(w), v, at, v.name)
			if f.codeLang != None && sa.emit && sa.u.depth < maxDepth {
				sa.a.run(f.codeLang, sa.wordUnit(w))
			}
		}
		if f.execArgs {
			var ls labels
			for _, w := range v.args {
				ls.addAll(sa.wordLabels(w))
			}
			sa.runData(ls, v, at, v.name)
			if l, ok := ls.first(lInput); ok && v.name == "eval" {
				sa.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "command-injection",
					src: l.what, srcOff: l.off, sink: "eval", sinkOff: at,
					desc: "evaluates " + l.what + " as shell code (" + sa.a.lineOf(at) + ")",
					rec:  "Check what can reach this eval: input evaluated as code runs whatever it says."})
			}
		}
		// `$1` alone: the script's argument is the whole command. A
		// command named by a variable and given arguments ("$cmd"
		// --version, "$@" 2>&1 in a test helper) is a wrapper's purpose.
		if p := strings.Trim(v.argv0.val, "${}"); sa.inSub && sa.emit && len(v.args) == 0 && len(p) == 1 && p[0] >= '1' && p[0] <= '9' {
			if l, ok := sa.wordLabels(v.argv0).first(lInput); ok {
				sa.hit(hit{a: at, b: sa.off(v.argv0.b), cat: core.EmbeddedCode, sev: core.Warning, rule: "command-injection",
					src: l.what, srcOff: l.off, sink: "command substitution", sinkOff: at,
					desc: "runs " + l.what + " as a command in a substitution (" + sa.a.lineOf(at) + "): whatever it holds runs",
					rec:  "Do not run arguments as commands; pass them as data to a fixed command."})
			}
		}
		sa.commandRules(v, c, in, at)
		for _, r := range c.redirs {
			sa.redirect(v, c, r, in)
		}
		for _, w := range f.writes {
			sa.write(v, w, c, at)
		}
		out := all
		if f.fetchOut {
			out.add(label{lDownload, "data downloaded by " + v.name, at, f.fetchURL})
		}
		if f.decoder {
			out.add(label{lDecoded, "data decoded by " + v.name, at, ""})
		}
		// A file written with what the command outputs carries it on
		// (cat ~/.ssh/id_rsa > /tmp/k; curl -F f=@/tmp/k …).
		for _, r := range c.redirs {
			if r.op == ">" || r.op == ">>" || r.op == "&>" {
				sa.keepFile(r.t.val, out)
			}
		}
		if v.name == "tee" || v.name == "cp" {
			for _, w := range f.writes {
				sa.keepFile(w.val, all)
			}
		}
		in = out
	}
	return in
}

// keepFile records what a file written by the script holds, when it is
// worth following.
func (sa *shAn) keepFile(p string, ls labels) {
	if p == "" || strings.HasPrefix(p, "/dev/") {
		return
	}
	var keep labels
	for _, l := range ls {
		if l.k.strong() || l.k == lSecret || l.k == lDecoded {
			keep.add(l)
		}
	}
	if len(keep) == 0 || len(sa.written) >= 256 {
		return
	}
	cur := sa.written[normPath(p)]
	cur.addAll(keep)
	sa.written[normPath(p)] = cur
}

// wordUnit is the unit of a word's text (an argument that is code).
func (sa *shAn) wordUnit(w shTok) unit {
	raw := sa.u.s[w.a:w.b]
	if len(raw) >= 2 && (raw[0] == '\'' || raw[0] == '"') && raw[len(raw)-1] == raw[0] && raw[1:len(raw)-1] == w.val {
		return sa.u.sub(w.a+1, w.b-1)
	}
	if raw == w.val {
		return sa.u.sub(w.a, w.b)
	}
	return sa.u.derived(w.val, w.a)
}

// runData reports data run as code: downloaded (critical, egress) or
// decoded (critical, embedded code).
func (sa *shAn) runData(ls labels, v view, at int, how string) {
	if l, ok := ls.first(lDownload); ok {
		sev, what := core.Critical, "runs code downloaded from the network: "
		if l.name != "" && (KnownInstaller(l.name) || sa.a.decl.AllowsHost(l.name)) {
			// The installer of a well-known tool, or of the service the
			// skill is about, as its own documentation gives it.
			sev, what = core.Warning, "runs the installer "+l.name+" serves: "
		}
		sa.hit(hit{a: at, b: sa.off(v.argv0.b), cat: core.ExternalResources, sev: sev, rule: "download-exec",
			src: l.what, srcOff: l.off, sink: how, sinkOff: at,
			desc: what + sa.a.describeFlow("takes", l.what, l.off, "runs it,", how, at),
			rec:  "Do not run code fetched at run time: pin the script in the skill, or verify a checksum before running it."})
	}
	if l, ok := ls.first(lDecoded); ok {
		sa.hit(hit{a: at, b: sa.off(v.argv0.b), cat: core.EmbeddedCode, sev: core.Critical, rule: "decoded-exec",
			src: l.what, srcOff: l.off, sink: how, sinkOff: at,
			desc: "runs an encoded payload: " + sa.a.describeFlow("takes", l.what, l.off, "runs it,", how, at),
			rec:  "Decode the payload and read it before anything runs it; hidden code has no place in a skill."})
	}
}

func (sa *shAn) hit(h hit) {
	if !sa.emit {
		return
	}
	h.lower = sa.u.lower
	if h.b < h.a {
		h.b = h.a
	}
	sa.a.add(h)
}

// assign records what X=value carries.
func (sa *shAn) assign(w shTok) {
	i := strings.IndexByte(w.val, '=')
	if i <= 0 {
		return
	}
	name := strings.TrimSuffix(w.val[:i], "+")
	if j := strings.IndexByte(name, '['); j >= 0 {
		name = name[:j]
	}
	val := w
	val.val = w.val[i+1:]
	if h := hostOfURL(val.val); h != "" {
		sa.urls[name] = h
	} else if len(val.vars) > 0 && strings.HasPrefix(val.val, "$") {
		if h, ok := sa.urls[strings.Trim(val.vars[0], "{}")]; ok {
			sa.urls[name] = h
		}
	}
	if len(val.vars) == 0 && len(val.subs) == 0 && len(val.val) <= 1<<14 {
		sa.consts[name] = val.val
	} else {
		delete(sa.consts, name)
	}
	ls := sa.wordLabels(val)
	if len(ls) > 0 {
		cur := sa.vars[name]
		cur.addAll(ls)
		sa.vars[name] = cur
	}
}

func hasFlag(args []shTok, long ...string) bool {
	for _, a := range args {
		for _, l := range long {
			if a.val == l || (strings.HasPrefix(l, "--") && strings.HasPrefix(a.val, l+"=")) {
				return true
			}
		}
	}
	return false
}

// shortFlag reports a short option letter in any cluster (-fsSL).
func shortFlag(args []shTok, letters string) bool {
	for _, a := range args {
		w := a.val
		if len(w) >= 2 && w[0] == '-' && w[1] != '-' && !a.quoted {
			if strings.ContainsAny(w[1:], letters) {
				return true
			}
		}
	}
	return false
}

func nonOptions(args []shTok) []shTok {
	var out []shTok
	for _, a := range args {
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			out = append(out, a)
		}
	}
	return out
}

// facts works out what a command does.
func (sa *shAn) facts(v view, c *shCmd) shFacts {
	var f shFacts
	for _, w := range v.args {
		f.src.addAll(sa.wordLabels(w))
	}
	for _, r := range c.redirs {
		if r.op == "<" || r.op == "<<<" {
			f.src.addAll(sa.wordLabels(r.t))
		}
	}
	at := sa.off(v.argv0.a)
	args := v.args
	switch n := v.name; n {
	case "env", "printenv", "set", "export", "declare":
		if len(args) == 0 || (n == "export" && hasFlag(args, "-p")) || (n == "declare" && hasFlag(args, "-x", "-p")) {
			f.src.add(label{lEnv, "the whole environment (" + n + ")", at, ""})
		}
		if n == "export" || n == "declare" {
			for _, w := range args {
				if isAssign(w.val) {
					sa.assign(w)
				}
			}
		}
	case "history", "fc":
		f.src.add(label{lHist, "the shell history", at, ""})
	case "screencapture", "scrot", "gnome-screenshot", "grim", "spectacle", "maim":
		f.src.add(label{lScreen, "a screenshot (" + n + ")", at, ""})
	case "import":
		if hasFlag(args, "-window") {
			f.src.add(label{lScreen, "a screenshot (import -window)", at, ""})
		}
	case "secret-tool":
		if len(args) > 0 && args[0].val == "lookup" {
			f.src.add(label{lSecret, "the keyring entry (secret-tool lookup)", at, ""})
		}
	case "pbpaste", "wl-paste", "xsel":
		f.src.add(label{lClip, "the clipboard (" + n + ")", at, ""})
	case "xclip":
		if hasFlag(args, "-o", "-out") {
			f.src.add(label{lClip, "the clipboard (xclip -o)", at, ""})
		}
	case "security":
		if len(args) > 0 && (strings.HasSuffix(args[0].val, "-password") || args[0].val == "dump-keychain" || args[0].val == "export") {
			f.src.add(label{lCred, "the keychain (security " + args[0].val + ")", at, ""})
		}
	case "find", "tar", "zip", "7z", "rsync", "du", "ls", "cp":
		for _, w := range nonOptions(args) {
			if p := normPath(w.val); p == "~" || p == "~/" || p == "/home" || p == "/users" {
				if n != "ls" || hasFlag(args, "-R", "-lR", "-laR") {
					f.src.add(label{lDocs, "the home folder (" + n + " " + w.val + ")", sa.off(w.a), ""})
				}
			}
		}
	case "read":
		for _, w := range nonOptions(args) {
			cur := sa.vars[w.val]
			cur.add(label{lInput, "input read into $" + w.val, at, ""})
			sa.vars[w.val] = cur
		}
	case "for":
		if len(args) >= 2 && args[1].val == "in" {
			var ls labels
			for _, w := range args[2:] {
				ls.addAll(sa.wordLabels(w))
			}
			cur := sa.vars[args[0].val]
			cur.addAll(ls)
			sa.vars[args[0].val] = cur
		}
	case "local", "readonly", "typeset":
		for _, w := range args {
			if isAssign(w.val) {
				sa.assign(w)
			}
		}
	}
	sa.netFacts(v, &f)
	// Interpreters: stdin, -c code, a script that was downloaded.
	if lang, ok := interpOf(v.name); ok {
		ops := nonOptions(args)
		switch {
		case lang == PowerShell:
			for k, w := range args {
				lw := strings.ToLower(w.val)
				if (lw == "-c" || lw == "-command" || lw == "/c") && k+1 < len(args) {
					f.codeArgs = append(f.codeArgs, args[k+1:]...)
					f.codeLang = PowerShell
					break
				}
			}
		default:
			for k, w := range args {
				if (w.val == "-c" || (lang == JavaScript && (w.val == "-e" || w.val == "--eval" || w.val == "-p"))) && k+1 < len(args) {
					f.codeArgs = append(f.codeArgs, args[k+1])
					f.codeLang = lang
				}
			}
			if len(f.codeArgs) == 0 && !hasFlag(args, "-m", "--version", "-V", "--help") {
				if len(ops) == 0 || ops[0].val == "-" || ops[0].val == "/dev/stdin" || hasFlag(args, "-s") {
					f.stdinRun = true
				} else {
					// bash <(curl …), sh ./downloaded.sh
					f.codeArgs = append(f.codeArgs, ops[0])
					if l, ok := sa.files[normPath(ops[0].val)]; ok {
						sa.runData(labels{l}, v, at, v.name+" "+cut(ops[0].val, 40))
					}
				}
			}
			if len(f.codeArgs) > 0 && f.codeArgs[0].val == "" {
				f.codeArgs = nil
			}
			// A script file argument is not code to analyse here (only
			// its labels count); -c code is.
			if len(ops) > 0 && len(f.codeArgs) == 1 && f.codeArgs[0].a == ops[0].a && !hasFlag(args, "-c") {
				f.codeLang = None
			}
		}
	}
	switch v.name {
	case "eval", "source", ".":
		f.execArgs = true
	case "base64", "gbase64", "openssl", "uudecode", "base32":
		if hasFlag(args, "-d", "--decode", "-D", "-decode") || v.name == "uudecode" {
			f.decoder = true
		}
	case "xxd":
		if shortFlag(args, "r") {
			f.decoder = true
		}
	case "printf", "echo":
		for _, w := range args {
			if w.hexEsc >= 8 || strings.Count(w.val, `\x`) >= 8 {
				f.decoder = true
			}
		}
	case "tee":
		f.writes = append(f.writes, nonOptions(args)...)
	case "cp", "mv", "install", "ln":
		if ops := nonOptions(args); len(ops) >= 2 {
			f.writes = append(f.writes, ops[len(ops)-1])
		}
	case "sed", "perl":
		if shortFlag(args, "i") {
			ops := nonOptions(args)
			if len(ops) >= 2 {
				f.writes = append(f.writes, ops[1:]...)
			}
		}
	case "dd":
		for _, w := range args {
			if strings.HasPrefix(w.val, "of=") {
				t := w
				t.val = w.val[3:]
				f.writes = append(f.writes, t)
			}
		}
	}
	// ./downloaded (after chmod +x)
	if l, ok := sa.files[normPath(v.argv0.val)]; ok && strings.Contains(v.argv0.val, "/") {
		sa.runData(labels{l}, v, at, cut(v.argv0.val, 40))
	}
	return f
}

// netFacts marks network commands, whether they send data, and what a
// download writes.
func (sa *shAn) netFacts(v view, f *shFacts) {
	args := v.args
	at := sa.off(v.argv0.a)
	switch v.name {
	case "curl":
		f.net, f.netName = true, "curl"
		if hasFlag(args, "-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "--data-ascii", "-F", "--form", "--form-string",
			"-T", "--upload-file", "--json") || shortFlag(args, "dFT") {
			f.send, f.netName = true, "curl (upload)"
		}
		for k, w := range args {
			if (w.val == "-X" || w.val == "--request") && k+1 < len(args) {
				switch strings.ToUpper(args[k+1].val) {
				case "POST", "PUT", "PATCH":
					f.send, f.netName = true, "curl -X "+strings.ToUpper(args[k+1].val)
				}
			}
		}
		out := ""
		for k, w := range args {
			if (w.val == "-o" || w.val == "--output") && k+1 < len(args) {
				out = args[k+1].val
			} else if strings.HasPrefix(w.val, "--output=") {
				out = w.val[9:]
			} else if len(w.val) > 2 && w.val[0] == '-' && w.val[1] != '-' && strings.HasSuffix(w.val, "o") && k+1 < len(args) {
				out = args[k+1].val
			}
		}
		switch {
		case out != "" && out != "-":
			sa.files[normPath(out)] = label{lDownload, "a file downloaded by curl (" + cut(out, 40) + ")", at, ""}
		case hasFlag(args, "-O", "--remote-name") || shortFlag(args, "O"):
			for _, w := range nonOptions(args) {
				if strings.Contains(w.val, "://") {
					sa.files[normPath(path.Base(w.val))] = label{lDownload, "a file downloaded by curl (" + cut(path.Base(w.val), 40) + ")", at, ""}
				}
			}
		default:
			f.fetchOut = true
			f.fetchURL = firstHost(args)
		}
	case "wget":
		f.net, f.netName = true, "wget"
		if hasFlag(args, "--post-data", "--post-file", "--body-data", "--body-file") {
			f.send, f.netName = true, "wget (post)"
		}
		for _, w := range args {
			if strings.HasPrefix(w.val, "--method=") && !strings.EqualFold(w.val[9:], "GET") {
				f.send, f.netName = true, "wget "+w.val
			}
		}
		out := ""
		for k, w := range args {
			switch {
			case (w.val == "-O" || w.val == "--output-document") && k+1 < len(args):
				out = args[k+1].val
			case strings.HasPrefix(w.val, "--output-document="):
				out = w.val[18:]
			case len(w.val) > 2 && w.val[0] == '-' && w.val[1] != '-' && strings.Contains(w.val, "O"):
				j := strings.IndexByte(w.val, 'O')
				if rest := w.val[j+1:]; rest != "" {
					out = rest
				} else if k+1 < len(args) {
					out = args[k+1].val
				}
			}
		}
		if out == "-" {
			f.fetchOut = true
			f.fetchURL = firstHost(args)
		} else {
			name := out
			if name == "" {
				for _, w := range nonOptions(args) {
					if strings.Contains(w.val, "://") {
						name = path.Base(w.val)
					}
				}
			}
			if name != "" {
				sa.files[normPath(name)] = label{lDownload, "a file downloaded by wget (" + cut(name, 40) + ")", at, ""}
			}
		}
	case "nc", "ncat", "netcat", "socat", "telnet", "openssl":
		if v.name != "openssl" || (len(args) > 0 && args[0].val == "s_client") {
			f.net, f.send, f.netName = true, true, v.name
		}
	case "scp", "sftp", "ftp", "mail", "mailx", "sendmail", "mutt", "rclone":
		f.net, f.send, f.netName = true, true, v.name
	case "rsync":
		for _, w := range nonOptions(args) {
			if strings.Contains(w.val, "::") || strings.HasPrefix(w.val, "rsync://") || (strings.Contains(w.val, ":") && !strings.HasPrefix(w.val, "/")) {
				f.net, f.send, f.netName = true, true, "rsync"
			}
		}
	case "aws", "gsutil", "gcloud":
		ops := nonOptions(args)
		if len(ops) > 0 {
			last := ops[len(ops)-1].val
			if strings.HasPrefix(last, "s3://") || strings.HasPrefix(last, "gs://") {
				f.net, f.send, f.netName = true, true, v.name+" (upload to "+cut(last, 40)+")"
			}
		}
	case "nslookup", "dig", "host", "ping":
		for _, w := range args {
			if len(w.vars) > 0 || len(w.subs) > 0 {
				f.net, f.send, f.netName = true, true, v.name+" (DNS lookup of a built name)"
			}
		}
	}
}

// redirect judges one redirection: writes to persistence paths and disk
// devices, /dev/tcp.
func (sa *shAn) redirect(v view, c *shCmd, r shRedir, in labels) {
	switch r.op {
	case ">", ">>", "&>", "&>>", ">|", "<>", ">&":
	default:
		return
	}
	if r.t.val == "" {
		return
	}
	at := sa.off(r.t.a)
	if strings.Contains(r.t.val, "/dev/tcp/") || strings.Contains(r.t.val, "/dev/udp/") {
		sa.devTCP(v, c, r.t)
		return
	}
	sa.write(v, r.t, c, at)
}

// devTCP is a redirect to bash's network pseudo-files.
func (sa *shAn) devTCP(v view, c *shCmd, t shTok) {
	at := sa.off(t.a)
	interactive := false
	if _, ok := interpOf(v.name); ok && v.ok && hasFlag(v.args, "-i") {
		interactive = true
	}
	if v.name == "exec" || !v.ok {
		interactive = true
	}
	for _, r := range c.redirs {
		if r.op == ">&" || r.op == "<&" || r.op == "&>" {
			if _, ok := interpOf(v.name); ok {
				interactive = true
			}
		}
	}
	if interactive {
		sa.hit(hit{a: at, b: sa.off(t.b), cat: core.EmbeddedCode, sev: core.Critical, rule: "reverse-shell",
			srcOff: -1, sink: "shell over " + cut(t.val, 50), sinkOff: at,
			desc: "opens a reverse shell: a shell's input and output go to " + cut(t.val, 60) + " (" + sa.a.lineOf(at) + ")",
			rec:  "Reject the skill: it hands control of the machine to a remote host."})
		return
	}
	if sa.sendOff < 0 {
		sa.sendOff, sa.sendName = at, "/dev/tcp"
	}
	if v.ok {
		var ls labels
		for _, w := range v.args {
			ls.addAll(sa.wordLabels(w))
		}
		if l, ok := ls.firstStrong(); ok {
			sa.linked = true
			sa.hit(hit{a: at, cat: core.ExternalResources, sev: core.Critical, rule: "exfiltration", src: l.what, srcOff: l.off,
				sink: cut(t.val, 50), sinkOff: at,
				desc: sa.a.describeFlow("reads", l.what, l.off, "sends it to", cut(t.val, 50), at),
				rec:  "Reject the skill unless sending this data is its stated purpose."})
		}
	}
}

var diskDev = []string{"/dev/sd", "/dev/nvme", "/dev/hd", "/dev/disk", "/dev/mmcblk", "/dev/vd", "/dev/xvd", "/dev/rdisk", "/dev/mapper/"}

// write judges a file written by a command.
func (sa *shAn) write(v view, t shTok, c *shCmd, at int) {
	p := normPath(t.val)
	if strings.HasPrefix(p, "/dev/") {
		for _, d := range diskDev {
			if strings.HasPrefix(p, d) {
				sa.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: ruleDestructive, srcOff: -1, sink: "write to " + cut(t.val, 40), sinkOff: at,
					desc: "overwrites the disk device " + cut(t.val, 40) + " (" + sa.a.lineOf(at) + ")",
					rec:  "Reject the skill: writing to a raw disk destroys its data."})
			}
		}
		return
	}
	what, ok := persistPath(t.val)
	if !ok {
		return
	}
	sev := core.Critical
	desc := persistDesc(what, sa.a.lineOf(at))
	switch {
	case !strings.Contains(what, "start-up"):
	case (v.name == "echo" || v.name == "printf") && benignProfileLine(v.args):
		sev = core.Warning
		desc = "adds a setting to the " + what + " (" + sa.a.lineOf(at) + ")"
	case passThrough(v):
		sev = core.Warning
		desc = "writes the text it is given to the " + what + " (" + sa.a.lineOf(at) + "): check what the skill tells the agent to pass"
	}
	sa.hit(hit{a: at, cat: core.EmbeddedCode, sev: sev, rule: "persistence", srcOff: -1, sink: "write to " + cut(t.val, 50), sinkOff: at,
		desc: desc,
		rec:  "Check what is written there: a skill should not install itself into start-up files, schedules or authorized keys."})
}

// benignProfileLine is an echo of an export, alias or source line with
// nothing run in it: the usual "add this tool to PATH" step of an
// installer, still reported, as a warning.
func benignProfileLine(args []shTok) bool {
	var sb strings.Builder
	for _, a := range args {
		if strings.HasPrefix(a.val, "-") && sb.Len() == 0 {
			continue
		}
		sb.WriteString(a.val)
		sb.WriteByte(' ')
	}
	s := strings.TrimSpace(sb.String())
	if !(strings.HasPrefix(s, "export ") || strings.HasPrefix(s, "alias ") || strings.HasPrefix(s, "source ") || strings.HasPrefix(s, ". ") || strings.HasPrefix(s, "eval \"$(")) {
		return false
	}
	for _, bad := range []string{"curl", "wget", "base64", "/dev/tcp", " nc ", "|", "&", ";", "`"} {
		if strings.Contains(s, bad) {
			return false
		}
	}
	return true
}

// passThrough is an echo or printf of the script's own arguments alone
// ("$1", "$@"), with at most a format of %s and newlines: the line written
// is what the user or agent chose (a dotfiles manager adding an alias),
// not a payload the skill carries, which the skill's instructions would
// then have to spell out where the prose rules read them.
func passThrough(v view) bool {
	if v.name != "echo" && v.name != "printf" {
		return false
	}
	args := nonOptions(v.args)
	if v.name == "printf" && len(args) > 1 && strings.Trim(args[0].val, `%s\n `) == "" {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if len(a.subs) > 0 || !positional(a.val) {
			return false
		}
	}
	return true
}

// positional reports a reference to a script argument: $1 … ${12}, $@, $*.
func positional(s string) bool {
	s, ok := strings.CutPrefix(s, "$")
	if !ok {
		return false
	}
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		s = s[1 : len(s)-1]
	}
	if s == "@" || s == "*" {
		return true
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// commandRules are the rules about one command on its own: destruction,
// reverse shells, cron, encoded PowerShell, exhaustion.
func (sa *shAn) commandRules(v view, c *shCmd, in labels, at int) {
	args := v.args
	end := sa.off(v.argv0.b)
	crit := func(rule, sink, desc, rec string) {
		sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Critical, rule: rule, srcOff: -1, sink: sink, sinkOff: at, desc: desc, rec: rec})
	}
	const recDestroy = "Reject the skill: this deletes or destroys data far outside any work folder."
	sa.tlsOff(v, at)
	switch n := v.name; {
	case n == "rm":
		rec := hasFlag(args, "-r", "-R", "--recursive", "-rf", "-fr", "-Rf", "-fR") || shortFlag(args, "rR")
		if hasFlag(args, "--no-preserve-root") {
			crit(ruleDestructive, "rm --no-preserve-root", "deletes the whole file system (rm --no-preserve-root, "+sa.a.lineOf(at)+")", recDestroy)
			return
		}
		if rec {
			for _, w := range nonOptions(args) {
				if destructiveTarget(w.val) {
					crit(ruleDestructive, "rm -r "+cut(w.val, 30), "deletes "+cut(w.val, 40)+" recursively (rm -r, "+sa.a.lineOf(at)+")", recDestroy)
					return
				}
			}
		}
		for _, w := range nonOptions(args) {
			if parentTarget(w.val) && (rec || strings.Contains(w.val, "*")) {
				sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: ruleDestructive, srcOff: -1, sink: "rm " + cut(w.val, 30), sinkOff: at,
					desc: "deletes " + cut(w.val, 40) + ", above the working folder (rm, " + sa.a.lineOf(at) + ")",
					rec:  "A skill deletes only what it made in its own working folder: check what lies above it."})
				return
			}
		}
	case n == "find":
		ops := nonOptions(args)
		if len(ops) > 0 && destructiveTarget(ops[0].val) && hasFlag(args, "-delete") {
			crit(ruleDestructive, "find -delete", "deletes everything under "+cut(ops[0].val, 40)+" (find -delete, "+sa.a.lineOf(at)+")", recDestroy)
		}
	case strings.HasPrefix(n, "mkfs") || n == "wipefs" || (n == "diskutil" && len(args) > 0 && strings.Contains(strings.ToLower(args[0].val), "erase")):
		crit(ruleDestructive, n, "formats or wipes a disk ("+n+", "+sa.a.lineOf(at)+")", recDestroy)
	case n == "shred":
		sev := core.Warning
		for _, w := range nonOptions(args) {
			if strings.HasPrefix(w.val, "/dev/") || destructiveTarget(w.val) {
				sev = core.Critical
			}
		}
		sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: sev, rule: ruleDestructive, srcOff: -1, sink: "shred", sinkOff: at,
			desc: "destroys files beyond recovery (shred, " + sa.a.lineOf(at) + ")", rec: "Check which files are shredded and why a skill would need that."})
	case n == "chmod" || n == "chown":
		if shortFlag(args, "R") || hasFlag(args, "--recursive") {
			for _, w := range nonOptions(args) {
				if p := normPath(w.val); p == "/" || p == "/etc" || p == "/usr" {
					crit(ruleDestructive, n+" -R "+w.val, "changes ownership or permissions of the whole system ("+n+" -R "+w.val+", "+sa.a.lineOf(at)+")", recDestroy)
				}
			}
		}
	case n == "nc" || n == "ncat" || n == "netcat":
		if hasFlag(args, "-e", "-c", "--exec", "--sh-exec", "--lua-exec") || shortFlag(args, "ec") && hasShellArg(args) {
			crit("reverse-shell", n+" -e", "opens a remote shell with "+n+" -e ("+sa.a.lineOf(at)+")", "Reject the skill: it hands control of the machine to a remote host.")
		}
	case n == "socat":
		for _, w := range args {
			lw := strings.ToLower(w.val)
			if strings.Contains(lw, "exec:") || strings.Contains(lw, "system:") {
				crit("reverse-shell", "socat exec", "connects a shell to the network with socat ("+sa.a.lineOf(at)+")", "Reject the skill: it hands control of the machine to a remote host.")
			}
		}
	case n == "crontab":
		ops := nonOptions(args)
		if len(ops) > 0 || (len(args) == 0 && c.pipeIn) {
			crit("persistence", "crontab", "installs a crontab ("+sa.a.lineOf(at)+"), so code runs on a schedule", "Check the schedule and the command: a skill should not install cron jobs.")
		}
	case n == "schtasks":
		if hasFlag(args, "/create", "/Create", "/CREATE") {
			crit("persistence", "schtasks /create", "creates a scheduled task ("+sa.a.lineOf(at)+")", "Check the task: a skill should not install scheduled tasks.")
		}
	case n == "reg":
		for _, w := range args {
			if strings.Contains(strings.ToLower(w.val), `currentversion\run`) && len(args) > 0 && strings.EqualFold(args[0].val, "add") {
				crit("persistence", "reg add Run", "adds a Run key entry ("+sa.a.lineOf(at)+"), so code runs at every log-in", "Check the entry: a skill should not add itself to Run keys.")
			}
		}
	case n == "systemctl" || n == "launchctl":
		if hasFlag(args, "enable", "load", "bootstrap") {
			sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: "persistence", srcOff: -1, sink: n, sinkOff: at,
				desc: "enables a service that starts by itself (" + n + ", " + sa.a.lineOf(at) + ")", rec: "Check which service is enabled and why a skill needs one."})
		}
	case n == "yes":
		for _, r := range c.redirs {
			if (r.op == ">" || r.op == ">>") && !strings.HasPrefix(r.t.val, "/dev/null") {
				sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: "exhaustion", srcOff: -1, sink: "yes > file", sinkOff: at,
					desc: "fills the disk: yes writes to " + cut(r.t.val, 40) + " without end (" + sa.a.lineOf(at) + ")", rec: "Reject the skill or bound the write: it exhausts disk space."})
			}
		}
	case n == "cat" || n == "dd":
		zero := false
		for _, w := range args {
			if w.val == "/dev/zero" || w.val == "/dev/urandom" || w.val == "if=/dev/zero" || w.val == "if=/dev/urandom" {
				zero = true
			}
		}
		bounded := false
		for _, w := range args {
			if strings.HasPrefix(w.val, "count=") {
				bounded = true
			}
		}
		if zero && !bounded {
			for _, r := range c.redirs {
				if (r.op == ">" || r.op == ">>") && !strings.HasPrefix(r.t.val, "/dev/") {
					sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: "exhaustion", srcOff: -1, sink: n + " /dev/zero", sinkOff: at,
						desc: "fills the disk with an endless stream (" + sa.a.lineOf(at) + ")", rec: "Reject the skill or bound the write: it exhausts disk space."})
				}
			}
			for _, w := range args {
				if strings.HasPrefix(w.val, "of=") && !strings.HasPrefix(w.val, "of=/dev/") {
					sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: "exhaustion", srcOff: -1, sink: "dd", sinkOff: at,
						desc: "fills the disk: dd without count= (" + sa.a.lineOf(at) + ")", rec: "Reject the skill or bound the write: it exhausts disk space."})
				}
			}
		}
	}
	if lang, ok := interpOf(v.name); ok && lang == PowerShell {
		for k, w := range args {
			lw := strings.ToLower(w.val)
			if (lw == "-enc" || lw == "-e" || lw == "-ec" || lw == "-encodedcommand" || lw == "-en" || lw == "-encoded") && k+1 < len(args) {
				crit("decoded-exec", v.name+" "+w.val, "runs a base64-encoded PowerShell command ("+v.name+" "+w.val+", "+sa.a.lineOf(at)+")",
					"Decode the command and read it before anything runs it; hidden code has no place in a skill.")
			}
		}
	}
}

func hasShellArg(args []shTok) bool {
	for _, a := range args {
		if _, ok := interpOf(path.Base(a.val)); ok {
			return true
		}
	}
	return false
}

// structure runs the rules that need more than one command: fork bombs,
// endless loops that spawn, shells piped through nc.
func (sa *shAn) structure(pipes []shPipe) {
	sa.emit = true
	toks := sa.lx.toks
	for k := 0; k+3 < len(toks); k++ {
		// name ( ) { … }  or  function name { … }
		var name string
		var open int
		if toks[k].op == "" && toks[k+1].op == "(" && toks[k+2].op == ")" && toks[k+3].op == "{" {
			name, open = toks[k].val, k+3
		} else if toks[k].op == "" && toks[k].val == "function" && toks[k+1].op == "" && k+2 < len(toks) {
			j := k + 2
			if toks[j].op == "(" && j+2 < len(toks) && toks[j+1].op == ")" {
				j += 2
			}
			if toks[j].op == "{" {
				name, open = toks[k+1].val, j
			}
		}
		if name == "" {
			continue
		}
		depth, calls, bg, piped := 0, 0, false, false
		e := open
		for ; e < len(toks); e++ {
			switch toks[e].op {
			case "{":
				depth++
			case "}":
				depth--
			case "&":
				bg = true
			case "|", "|&":
				piped = true
			case "":
				if toks[e].val == name {
					calls++
				}
			}
			if depth == 0 {
				break
			}
		}
		if calls > 0 && bg && (piped || calls > 1) {
			at := sa.off(toks[k].a)
			sa.hit(hit{a: at, b: sa.off(toks[min(e, len(toks)-1)].b), cat: core.EmbeddedCode, sev: core.Critical, rule: "exhaustion", srcOff: -1,
				sink: "fork bomb " + cut(name, 20), sinkOff: at,
				desc: "defines a fork bomb: function " + cut(name, 20) + " starts copies of itself in the background until the machine stalls (" + sa.a.lineOf(at) + ")",
				rec:  "Reject the skill: it exhausts the process table."})
		}
	}
	// Pipelines that join an interactive shell and a network tool.
	for _, p := range pipes {
		shellAt, netAt := -1, -1
		for _, c := range p.cmds {
			v := cmdView(c.words)
			if !v.ok {
				continue
			}
			if l, ok := interpOf(v.name); ok && l == Shell && (hasFlag(v.args, "-i") || len(nonOptions(v.args)) == 0) {
				shellAt = sa.off(v.argv0.a)
			}
			switch v.name {
			case "nc", "ncat", "netcat", "telnet", "openssl", "socat":
				netAt = sa.off(v.argv0.a)
			}
		}
		if shellAt >= 0 && netAt >= 0 {
			sa.hit(hit{a: shellAt, cat: core.EmbeddedCode, sev: core.Critical, rule: "reverse-shell", srcOff: netAt, src: "network connection",
				sink: "shell", sinkOff: shellAt,
				desc: "opens a reverse shell: a shell reads from and writes to a network connection (" + sa.a.lineOf(shellAt) + ")",
				rec:  "Reject the skill: it hands control of the machine to a remote host."})
		}
	}
	// while true / until false loops with a background command and no way
	// out.
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].op != "" || (toks[k].val != "while" && toks[k].val != "until" && toks[k].val != "for") {
			continue
		}
		cond := toks[k+1].val
		count := 0
		if toks[k].val == "for" {
			count = shLoopCount(toks[k+1 : min(len(toks), k+12)])
			if count < 1000 {
				continue
			}
		} else if !(toks[k].val == "while" && (cond == "true" || cond == ":" || cond == "[" && k+2 < len(toks) && toks[k+2].val == "1")) && !(toks[k].val == "until" && cond == "false") {
			continue
		}
		depth, bg, exit, self := 0, false, false, false
		netAt, netName, cmdStart := -1, "", true
		for e := k + 1; e < len(toks) && e < k+400; e++ {
			t := toks[e]
			if t.op != "" {
				cmdStart = t.op != "<" && t.op != ">" && t.op != ">>"
			}
			if t.op == "" {
				if cmdStart && depth > 0 && netAt < 0 {
					switch path.Base(t.val) {
					case "curl", "wget", "nc", "ncat", "http", "https", "nslookup", "dig":
						netAt, netName = sa.off(t.a), path.Base(t.val)
					}
				}
				cmdStart = shKeywords[t.val] || t.val == "sudo" || t.val == "command"
				switch t.val {
				case "do":
					depth++
				case "done":
					depth--
				case "break", "exit", "return", "sleep", "wait", "read":
					exit = true
				case "$0", "${0}":
					self = true
				}
				if strings.Contains(t.val, "$0") {
					self = true
				}
			}
			if t.op == "&" {
				bg = true
			}
			if depth == 0 && t.val == "done" {
				break
			}
		}
		if netAt >= 0 && !exit && !bg {
			at := sa.off(toks[k].a)
			how := "in an endless loop with no pause and no way out"
			if count > 0 {
				how = "in a loop of " + strconv.Itoa(count) + " with no pause"
			}
			sa.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "request-loop", srcOff: -1, sink: netName + " " + how[:strings.Index(how, " with")], sinkOff: netAt,
				desc: "sends requests with " + netName + " " + how + " (" + sa.a.lineOf(at) + ")",
				rec:  "Bound the loop (a count, a pause, a break): a request loop floods the service it calls."})
		}
		if bg && !exit && count == 0 {
			at := sa.off(toks[k].a)
			sev := core.Warning
			desc := "starts background processes in an endless loop with no way out (" + sa.a.lineOf(at) + ")"
			if self {
				sev = core.Critical
				desc = "starts copies of itself in an endless loop: a fork bomb (" + sa.a.lineOf(at) + ")"
			}
			sa.hit(hit{a: at, cat: core.EmbeddedCode, sev: sev, rule: "exhaustion", srcOff: -1, sink: "endless loop", sinkOff: at, desc: desc,
				rec: "Bound the loop (a count, a sleep, a break) or reject the skill: it exhausts the machine."})
		}
	}
	// Heredocs fed to an interpreter are code in that language.
	for _, p := range pipes {
		for _, c := range p.cmds {
			v := cmdView(c.words)
			lang, ok := interpOf(v.name)
			if !ok || lang == None || !v.ok {
				continue
			}
			for _, r := range c.redirs {
				if r.hd >= 0 && r.hd < len(sa.lx.hds) && sa.u.depth < maxDepth {
					h := sa.lx.hds[r.hd]
					sa.a.run(lang, sa.u.sub(h.a, h.b))
				}
			}
		}
	}
}

// fileLevel reports what the file does as a whole: a credential source
// and a network send with no provable link, credential stores read.
func (sa *shAn) fileLevel() {
	sa.a.fileLevel(sa.strong, sa.linked, sa.sendOff, sa.sendName, sa.u.lower)
}

// fileLevel is shared by every language: a credential or private-data
// source and a network send in one unit with no provable link is a
// warning; a credential store read without any network is a note (a
// warning for browser stores and keychains).
func (a *analysis) fileLevel(strong labels, linked bool, sendOff int, sendName string, lower int) {
	if linked {
		return
	}
	var src label
	found := false
	for _, k := range []kind{lCred, lDocs, lHist, lMail, lScreen, lClip} {
		if l, ok := strong.first(k); ok {
			src, found = l, true
			break
		}
	}
	if !found || src.k == lDocs && sendOff < 0 {
		return
	}
	if sendOff >= 0 {
		a.add(hit{a: sendOff, cat: core.ExternalResources, sev: core.Warning, rule: "exfiltration-unlinked", src: src.what, srcOff: src.off,
			sink: sendName, sinkOff: sendOff, lower: lower,
			desc: "reads " + src.what + " (" + a.lineOf(src.off) + ") and sends data with " + sendName + " (" + a.lineOf(sendOff) + "); no direct link was found between them",
			rec:  "Check what the network call sends: the same script reads secrets or private files."})
		return
	}
	sev := core.Info
	if strings.HasPrefix(src.what, "browser") || strings.HasPrefix(src.what, "keychain") || strings.HasPrefix(src.what, "the keychain") || strings.HasPrefix(src.what, "crypto") {
		sev = core.Warning
	}
	a.add(hit{a: src.off, cat: core.PathTraversal, sev: sev, rule: "credential-read", src: src.what, srcOff: src.off, sink: "read", sinkOff: src.off, lower: lower,
		desc: "reads " + src.what + " (" + a.lineOf(src.off) + ")",
		rec:  "Check why the skill needs this file: it holds credentials or private data."})
}

// secretNet judges the named secrets a network command carries: in its
// authentication options (curl -H, -u; wget --header) or in its data,
// URL and input.
func (sa *shAn) secretNet(v view, in labels, f shFacts, at int) {
	host := ""
	var payload, auth, query labels
	for _, l := range in {
		if l.k == lSecret {
			payload.add(l)
		}
	}
	authNext := false
	for _, w := range v.args {
		isAuth := authNext
		authNext = false
		switch {
		case w.val == "-H" || w.val == "--header" || w.val == "-u" || w.val == "--user" || w.val == "--oauth2-bearer" || w.val == "--proxy-user":
			authNext = true
			continue
		case strings.HasPrefix(w.val, "--header=") || strings.HasPrefix(w.val, "-H") && len(w.val) > 2 || strings.HasPrefix(w.val, "--user="):
			isAuth = true
		}
		if host == "" && !isAuth {
			if h := hostOfURL(w.val); h != "" {
				host = h
			} else if strings.HasPrefix(w.val, "$") && len(w.vars) > 0 {
				host = sa.urls[w.vars[0]]
			}
		}
		isURL := strings.Contains(w.val, "://") || strings.HasPrefix(w.val, "$") && len(w.vars) > 0 && sa.urls[w.vars[0]] != ""
		for _, l := range sa.wordLabels(w) {
			switch {
			case l.k != lSecret:
			case isAuth:
				auth.add(l)
			case isURL:
				query.add(l)
			default:
				payload.add(l)
			}
		}
	}
	if host == "" && (v.name == "nc" || v.name == "ncat" || v.name == "netcat" || v.name == "telnet") {
		if ops := nonOptions(v.args); len(ops) > 0 && len(ops[0].vars) == 0 {
			host = hostOfURL("tcp://" + ops[0].val)
		}
	}
	for _, l := range payload {
		sa.a.secretSend(l, host, partBody, f.netName, at, sa.u.lower)
	}
	for _, l := range query {
		sa.a.secretSend(l, host, partQuery, f.netName, at, sa.u.lower)
	}
	for _, l := range auth {
		sa.a.secretSend(l, host, partAuth, f.netName, at, sa.u.lower)
	}
}

// shLoopCount is how many times a for loop's header runs its body when a
// literal says so: for i in $(seq 1 5000), for i in {1..5000},
// for ((i=0; i<5000; i++)). 0 when unknown.
func shLoopCount(h []shTok) int {
	n := 0
	num := func(s string) int {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return 0
		}
		return v
	}
	for _, t := range h {
		if t.op != "" && t.op != "(" && t.op != ")" && t.op != ";" {
			break
		}
		if t.val == "do" {
			break
		}
		v := t.val
		if strings.HasPrefix(v, "$(seq ") || strings.HasPrefix(v, "`seq ") {
			f := strings.Fields(strings.Trim(v[2:], "()`"))
			if len(f) >= 2 {
				n = max(n, num(f[len(f)-1]))
			}
		}
		if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
			if i := strings.Index(v, ".."); i > 0 {
				n = max(n, num(strings.SplitN(v[i+2:len(v)-1], "..", 2)[0]))
			}
		}
		if i := strings.IndexAny(v, "<"); i >= 0 {
			n = max(n, num(strings.TrimLeft(strings.TrimRight(v[i+1:], "; "), "= ")))
		}
	}
	return n
}

// firstHost is the host of the first URL among a command's arguments.
func firstHost(args []shTok) string {
	for _, w := range args {
		if h := hostOfURL(w.val); h != "" {
			return strings.ToLower(h)
		}
	}
	return ""
}

// ruleTLSOff is the rule of a command that switches certificate checks
// off: whoever sits on the network path can then serve the packages,
// repositories or responses the agent trusts.
const ruleTLSOff = "tls-off"

// tlsOffVars are environment settings that turn a tool's certificate
// checks off, with the values that do.
var tlsOffVars = map[string][]string{
	"NODE_TLS_REJECT_UNAUTHORIZED": {"0"},
	"PYTHONHTTPSVERIFY":            {"0"},
	"GIT_SSL_NO_VERIFY":            {"1", "true"},
	"NPM_CONFIG_STRICT_SSL":        {"false"},
	"CURL_CA_BUNDLE":               {""},
}

// tlsOff reports a command that switches certificate checks off for a
// host that is not this machine: pip's --trusted-host, npm's strict-ssl
// false, git's http.sslVerify false, curl -k, wget
// --no-check-certificate, or an environment setting that does the same.
func (sa *shAn) tlsOff(v view, at int) {
	what := ""
	assigns := v.assigns
	if v.name == "export" {
		assigns = append(assigns, v.args...)
	}
	for _, w := range assigns {
		name, val, ok := strings.Cut(w.val, "=")
		if vals, bad := tlsOffVars[name]; ok && bad && slices.Contains(vals, strings.Trim(strings.ToLower(val), `"'`)) {
			what = name + "=" + val
		}
	}
	args := v.args
	name := v.name
	if _, ok := interpreters[name]; ok && len(args) > 1 && args[0].val == "-m" {
		name, args = args[1].val, args[2:]
	}
	joined := func() string {
		var b strings.Builder
		for _, w := range args {
			b.WriteString(strings.ToLower(w.val) + " ")
		}
		return b.String()
	}
	host := firstHost(args)
	switch name {
	case "pip", "pip3", "uv", "pipx", "poetry":
		for k, w := range args {
			if w.val == "--trusted-host" && k+1 < len(args) {
				host, what = strings.ToLower(args[k+1].val), name+" --trusted-host "+args[k+1].val
			} else if h, ok := strings.CutPrefix(w.val, "--trusted-host="); ok {
				host, what = strings.ToLower(h), name+" --trusted-host "+h
			}
		}
	case "npm", "yarn", "pnpm":
		if j := joined(); strings.Contains(j, "strict-ssl false") || strings.Contains(j, "strict-ssl=false") {
			what, host = name+" strict-ssl false", "the registry"
		}
	case "git":
		if j := joined(); strings.Contains(j, "http.sslverify=false") || strings.Contains(j, "http.sslverify false") {
			what = "git http.sslVerify false"
			if host == "" {
				host = "every remote"
			}
		}
	case "curl":
		if hasFlag(args, "-k", "--insecure") || shortFlag(args, "k") {
			what = "curl --insecure"
		}
	case "wget":
		if hasFlag(args, "--no-check-certificate") {
			what = "wget --no-check-certificate"
		}
	}
	if what == "" || host != "" && localHost(host) || host == "" && (name == "curl" || name == "wget") {
		return
	}
	if host == "" {
		host = "the hosts it reaches"
	}
	end := sa.off(v.argv0.b)
	sa.hit(hit{a: at, b: end, cat: core.EmbeddedCode, sev: core.Warning, rule: ruleTLSOff, srcOff: -1, sink: what, sinkOff: at,
		desc: "switches certificate checks off for " + cut(host, 40) + " (" + cut(what, 50) + ", " + sa.a.lineOf(at) + "): whoever is on the network path can serve what is fetched",
		rec:  "Keep certificate checks on; a registry or server with its own certificate authority is trusted by adding that authority, not by turning checks off."})
}
