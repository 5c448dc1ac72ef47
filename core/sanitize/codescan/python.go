package codescan

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

// pyNet are Python calls that talk to the network; the value says whether
// they send data by themselves.
var pyNet = map[string]bool{
	"requests.post": true, "requests.put": true, "requests.patch": true, "requests.get": false, "requests.request": false,
	"requests.delete": false, "requests.head": false, "httpx.post": true, "httpx.put": true, "httpx.patch": true, "httpx.get": false,
	"httpx.request": false, "urllib.request.urlopen": false, "urlopen": false, "request.urlopen": false, "urllib.request.Request": false,
	"urllib.request.urlretrieve": false, "urlretrieve": false, "http.client.HTTPConnection": false, "http.client.HTTPSConnection": false,
	"HTTPConnection": false, "HTTPSConnection": false, "socket.create_connection": true, "smtplib.SMTP": true, "smtplib.SMTP_SSL": true,
	"ftplib.FTP": true, "socket.gethostbyname": false, "dns.resolver.resolve": false, "dns.resolver.query": false,
	"aiohttp.request": false, "urllib3.request": false, "pycurl.Curl": false, "websocket.create_connection": true,
	"websockets.connect": true, "paramiko.SSHClient": false, "telnetlib.Telnet": true,
}

var pyShell = map[string]bool{
	"os.system": true, "os.popen": true, "subprocess.getoutput": true, "subprocess.getstatusoutput": true, "commands.getoutput": true,
	"asyncio.create_subprocess_shell": true, "subprocess.run": false, "subprocess.call": false, "subprocess.Popen": false,
	"subprocess.check_output": false, "subprocess.check_call": false, "os.execv": false, "os.execvp": false, "os.execl": false,
	"os.execlp": false, "os.spawnl": false, "os.spawnv": false, "pty.spawn": false, "asyncio.create_subprocess_exec": false,
}

var pyDecode = map[string]bool{
	"base64.b64decode": true, "b64decode": true, "base64.decodebytes": true, "base64.b32decode": true, "base64.b85decode": true,
	"base64.a85decode": true, "base64.urlsafe_b64decode": true, "urlsafe_b64decode": true, "bytes.fromhex": true, "binascii.unhexlify": true,
	"binascii.a2b_base64": true, "binascii.a2b_hex": true, "codecs.decode": true, "zlib.decompress": true, "gzip.decompress": true,
	"bz2.decompress": true, "lzma.decompress": true, "marshal.loads": true, "unhexlify": true, "a2b_base64": true,
}

// python analyses Python code.
func (a *analysis) python(u unit) {
	c := newCL(a, u, Python, pyTokens(u.s))
	for _, x := range c.toks {
		if x.k == tIdent && x.s == "socket" {
			c.socket = true
		}
		if x.k == tIdent && (x.s == "imaplib" || x.s == "poplib" || x.s == "IMAP4_SSL" || x.s == "IMAP4" || x.s == "POP3_SSL") {
			c.flags["mail"] = 1
		}
	}
	c.runStmts(c.pyStmt)
	c.emit = true
	c.pyStructure()
}

func (c *clAn) pyStmt(st stmt, rs []ref) stFacts {
	var f stFacts
	t := st.t
	if len(t) > 0 && t[0].k == tOp && t[0].s == "@" {
		return f // a decorator (@app.post) is a route, not a call
	}
	chr := 0
	for _, r := range rs {
		if r.name == "chr" && r.call {
			chr++
		}
	}
	for ri, r := range rs {
		at := t[r.i].a
		n := r.name
		ls := lastSeg(n)
		switch {
		case n == "os.environ" || n == "environ":
			nextIsPick := r.j < len(t) && t[r.j].k == tOp && (t[r.j].s == "[" || t[r.j].s == "=")
			if !nextIsPick {
				f.src.add(label{lEnv, "the whole environment (os.environ)", c.u.at(at), ""})
			}
		case strings.HasPrefix(n, "os.environ.") || strings.HasPrefix(n, "environ."):
			switch ls {
			case "copy", "items", "keys", "values", "__dict__", "_data":
				f.src.add(label{lEnv, "the whole environment (" + n + ")", c.u.at(at), ""})
			}
		case ls == "paste" && (strings.Contains(n, "clip") || n == "paste") || ls == "clipboard_get" || ls == "grabclipboard":
			f.src.add(label{lClip, "the clipboard (" + n + ")", c.u.at(at), ""})
		case n == "dotenv_values":
			f.src.add(label{lDotenv, "the .env file (dotenv_values)", c.u.at(at), ""})
		}
		c.pySource(t, r, &f)
		if !r.call {
			continue
		}
		A := lazyArgs(t, r.j)
		switch {
		case inMap(pyNet, n) || isPyNet(n, c.socket):
			send := pyNet[n] || ls == "post" || ls == "put" || ls == "patch" || strings.HasPrefix(ls, "send") || strings.HasPrefix(ls, "stor") || ls == "connect"
			if _, ok := kwarg(A(), "data"); ok && (ls == "urlopen" || ls == "Request" || ls == "request") {
				send = true
			}
			if len(A()) > 0 && len(A()[0]) == 1 && A()[0][0].k == tStr && (strings.EqualFold(A()[0][0].s, "POST") || strings.EqualFold(A()[0][0].s, "PUT")) {
				send = true
			}
			f.sinks = append(f.sinks, sink{k: skNet, name: n, off: at, send: send, args: A(), host: c.netHost(n, A())})
			f.out.add(label{lDownload, "data downloaded with " + n, c.u.at(at), ""})
		case n == "exec" || n == "eval" || n == "builtins.exec" || n == "builtins.eval" || n == "__builtins__.exec" || n == "__builtins__.eval":
			f.sinks = append(f.sinks, sink{k: skExec, name: n + "()", off: at, args: A()})
		case inMap(pyShell, n) || strings.HasPrefix(n, "subprocess.") && inMap(pyShell, "subprocess."+ls):
			c.pyShellCall(r, A(), &f, at)
		case pyDecode[n] || (ls == "decode" && len(A()) > 0 && len(A()[0]) == 1 && A()[0][0].k == tStr && (A()[0][0].s == "hex" || A()[0][0].s == "base64" || A()[0][0].s == "rot13" || A()[0][0].s == "rot_13" || A()[0][0].s == "zlib")):
			f.out.add(label{lDecoded, "data decoded with " + n + "()", c.u.at(at), ""})
		case n == "open" || ls == "open" && ri > 0:
			if len(A()) >= 2 {
				if m := A()[1]; len(m) == 1 && m[0].k == tStr && strings.ContainsAny(m[0].s, "wax+") {
					f.sinks = append(f.sinks, sink{k: skWrite, name: "open(…, " + strconv.Quote(m[0].s) + ")", off: at})
				}
			}
			if mv, ok := kwarg(A(), "mode"); ok && len(mv) == 1 && mv[0].k == tStr && strings.ContainsAny(mv[0].s, "wax+") {
				f.sinks = append(f.sinks, sink{k: skWrite, name: "open(…, mode=" + strconv.Quote(mv[0].s) + ")", off: at})
			}
		case ls == "write_text" || ls == "write_bytes" || n == "shutil.copy" || n == "shutil.copyfile" || n == "shutil.copy2" || n == "shutil.move" || n == "os.symlink" || n == "os.rename" || n == "os.replace":
			f.sinks = append(f.sinks, sink{k: skWrite, name: n, off: at})
		case n == "CronTab" || n == "crontab.CronTab":
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: "persistence", srcOff: -1, sink: n, sinkOff: c.u.at(at),
				desc: "edits the user's crontab with " + n + " (" + c.a.lineOf(c.u.at(at)) + "), so code runs on a schedule",
				rec:  "Check the schedule and the command: a skill should not install cron jobs."})
		case n == "shutil.rmtree" || n == "os.removedirs" || n == "os.rmdir":
			if len(A()) > 0 && homeExpr(A()[0]) {
				c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: ruleDestructive, srcOff: -1, sink: n, sinkOff: c.u.at(at),
					desc: "deletes the home folder or the file system root with " + n + " (" + c.a.lineOf(c.u.at(at)) + ")",
					rec:  "Reject the skill: this deletes data far outside any work folder."})
			} else if len(A()) > 0 && c.parentExpr(A()[0]) {
				c.parentDelete(n, at)
			}
		case ls == "execute" || ls == "executemany" || ls == "executescript" || ls == "exec_driver_sql" || ls == "read_sql" || ls == "read_sql_query" || ls == "raw" && ri > 0:
			c.sqlCheck(r, st)
		case n == "getattr" && len(A()) >= 2 && len(A()[0]) == 1 && (A()[0][0].s == "__builtins__" || A()[0][0].s == "builtins" || A()[0][0].s == "os" || A()[0][0].s == "subprocess") && !(len(A()[1]) == 1 && A()[1][0].k == tStr && !pyDangerous(A()[1][0].s)):
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: "getattr(" + A()[0][0].s + ", …)", sinkOff: c.u.at(at),
				desc: "reaches " + A()[0][0].s + " functions by a computed name with getattr (" + c.a.lineOf(c.u.at(at)) + "), the usual way to hide exec or system",
				rec:  "Read what name is computed; call functions by name in plain sight."})
			f.sinks = append(f.sinks, sink{k: skExec, name: "getattr(" + A()[0][0].s + ", …)()", off: at})
		case n == "__import__" && len(A()) > 0 && !(len(A()[0]) == 1 && A()[0][0].k == tStr && !pyDangerous(A()[0][0].s)):
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: "__import__", sinkOff: c.u.at(at),
				desc: "imports a module by a computed or hidden name with __import__ (" + c.a.lineOf(c.u.at(at)) + ")",
				rec:  "Read what is imported; imports belong in plain import statements."})
		}
	}
	if chr >= 8 {
		f.out.add(label{lDecoded, "a string built from " + strconv.Itoa(chr) + " chr() calls", c.u.at(t[0].a), ""})
	}
	for _, x := range t {
		if x.k == tStr && x.esc >= 16 {
			f.out.add(label{lDecoded, "a string of " + strconv.Itoa(x.esc) + " escaped bytes", c.u.at(x.a), ""})
			break
		}
	}
	// map(chr, [..]) and join(chr(x) for x in [...]) over a long list of
	// numbers.
	if hasIdent(t, "chr") && chr < 8 {
		nums := 0
		for _, x := range t {
			if x.k == tNum {
				nums++
			}
		}
		if nums >= 16 {
			f.out.add(label{lDecoded, "a string built from " + strconv.Itoa(nums) + " character codes", c.u.at(t[0].a), ""})
		}
	}
	if l, ok := f.out.first(lDecoded); ok && strings.HasPrefix(l.what, "a string") && !hasExecSink(f) {
		at := l.off
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: l.what, sinkOff: at,
			desc: "hides text as " + l.what + " (" + c.a.lineOf(at) + ")",
			rec:  "Decode the text and read it; code in a skill has no reason to hide its strings."})
	}
	return f
}

func hasExecSink(f stFacts) bool {
	for _, s := range f.sinks {
		if s.k == skExec || s.k == skShell {
			return true
		}
	}
	return false
}

func pyDangerous(name string) bool {
	switch name {
	case "exec", "eval", "system", "popen", "compile", "__import__", "spawn", "execv", "execve", "Popen", "call", "run", "check_output", "getoutput":
		return true
	}
	return false
}

// isPyNet is a method that sends or fetches on a client object
// (session.post, client.get, sock.sendall).
func isPyNet(n string, socket bool) bool {
	ls, rv := lastSeg(n), strings.ToLower(recvSeg(n))
	clientish := rv == "requests" || rv == "httpx" || rv == "s" || rv == "http" || rv == "aiohttp" || rv == "urllib3" || rv == "pool" ||
		strings.Contains(rv, "session") || strings.Contains(rv, "client") || strings.Contains(rv, "http")
	switch ls {
	case "post", "put", "patch":
		return clientish
	case "get", "request":
		return clientish && rv != "s"
	case "sendall", "sendto", "sendmail", "send_message", "storbinary", "storlines":
		return true
	case "send":
		return socket && (strings.Contains(rv, "sock") || rv == "s" || rv == "conn")
	case "connect":
		return socket && (strings.Contains(rv, "sock") || rv == "s")
	}
	return false
}

// pyShellCall judges os.system, subprocess.* and their kind.
func (c *clAn) pyShellCall(r ref, args [][]tok, f *stFacts, at int) {
	n := r.name
	if len(args) == 0 {
		return
	}
	shell := pyShell[n]
	if v, ok := kwarg(args, "shell"); ok && len(v) == 1 && v[0].s == "True" {
		shell = true
	}
	a0 := args[0]
	lit := onlyLiteral(a0)
	if shell && len(a0) == 1 && a0[0].k == tIdent && c.emit {
		if l, ok := c.taint[a0[0].s].first(lInput); ok && c.inputReaches(l) {
			// Running the command a person typed (a CLI's --cmd, a helper's
			// parameter) is often the script's purpose: a note. A web
			// request's field run as a command is a warning.
			sev := core.Info
			if l.name == "web" {
				sev = core.Warning
			}
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: sev, rule: "command-injection", src: l.what, srcOff: l.off, sink: n + "(…, shell=True)", sinkOff: c.u.at(at),
				desc: "runs " + l.what + " as a shell command with " + n + "(…, shell=True) (" + c.a.lineOf(l.off) + " → " + c.a.lineOf(c.u.at(at)) + "): whatever reaches it runs",
				rec:  "Pass the command as a list without a shell, or check what callers may pass."})
		}
	}
	if shell {
		net, send := c.shellString(a0, n, c.u.at(at))
		f.sinks = append(f.sinks, sink{k: skShell, name: n, off: at, literal: !(len(a0) == 1 && a0[0].k == tIdent) && !lit})
		if net {
			f.sinks = append(f.sinks, sink{k: skNet, name: n + " (network command)", off: at, send: send})
		}
		return
	}
	// a list: ["bash", "-c", cmd] runs cmd in a shell; other lists are
	// argument vectors, analysed as the command line they spell.
	if len(a0) > 0 && a0[0].s == "[" {
		els := callArgs(a0, 0)
		if len(els) == 0 {
			return
		}
		first := ""
		if len(els[0]) == 1 && els[0][0].k == tStr {
			first = strings.ToLower(baseName(els[0][0].s))
		}
		if lang, ok := interpOf(first); ok && len(els) >= 3 && len(els[1]) == 1 && (els[1][0].s == "-c" || els[1][0].s == "-e" || strings.EqualFold(els[1][0].s, "-command")) {
			name := n + "([" + first + " " + els[1][0].s + " …])"
			f.sinks = append(f.sinks, sink{k: skShell, name: name, off: at, literal: !onlyLiteral(els[2])})
			if lang == Shell {
				net, send := c.shellString(els[2], name, c.u.at(at))
				if net {
					f.sinks = append(f.sinks, sink{k: skNet, name: name + " (network command)", off: at, send: send})
				}
			} else if onlyLiteral(els[2]) && c.emit && lang != None {
				c.a.run(lang, c.u.derived(joinStrings(els[2]), els[2][0].a))
			}
			return
		}
		if _, ok := interpOf(first); ok && first != "" {
			f.sinks = append(f.sinks, sink{k: skExec, name: n + "([" + first + " …])", off: at})
		}
		// The argument vector as a command line.
		var sb strings.Builder
		for i, e := range els {
			if i > 0 {
				sb.WriteByte(' ')
			}
			if len(e) == 1 && e[0].k == tStr && !e[0].interp {
				sb.WriteString(shQuote(e[0].s))
			} else {
				sb.WriteString("\"$X\"")
			}
		}
		if c.emit && c.u.depth < maxDepth {
			sa := c.a.shell(c.u.derived(sb.String(), at))
			if sa.sendOff >= 0 {
				f.sinks = append(f.sinks, sink{k: skNet, name: n + "([" + first + " …])", off: at, send: true})
			}
		}
	}
}

func baseName(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// shQuote quotes a word for the shell tokeniser.
func shQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`|&;<>()*?[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// pyStructure finds what needs more than one statement: endless loops
// that fork, spawn or allocate, and the socket + dup2 + shell reverse
// shell.
func (c *clAn) pyStructure() {
	dup2, shellAt, connect := -1, -1, -1
	for k, st := range c.stmts {
		t := st.t
		for _, r := range refsOf(t) {
			switch {
			case r.name == "os.dup2" || r.name == "dup2":
				dup2 = t[r.i].a
			case r.name == "pty.spawn" || r.name == "spawn" && hasIdent(t, "pty"):
				shellAt = t[r.i].a
			case strings.HasSuffix(r.name, ".connect") && c.socket || r.name == "socket.create_connection":
				connect = t[r.i].a
			}
		}
		for _, x := range t {
			if x.k == tStr && (x.s == "/bin/sh" || x.s == "/bin/bash" || x.s == "sh" || x.s == "bash" || x.s == "cmd.exe") && shellAt < 0 && hasIdent(t, "subprocess", "call", "Popen", "run", "execv", "execl") {
				shellAt = x.a
			}
		}
		// while True: / while 1:
		if len(t) >= 3 && t[0].k == tIdent && t[0].s == "while" && (t[1].s == "True" || t[1].s == "1") && t[2].s == ":" {
			c.pyLoop(k)
		}
		if len(t) >= 4 && t[0].k == tIdent && t[0].s == "for" {
			c.pyRangeLoop(k)
		}
	}
	if dup2 >= 0 && shellAt >= 0 && connect >= 0 {
		at := c.u.at(dup2)
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "reverse-shell", src: "socket connection", srcOff: c.u.at(connect),
			sink: "os.dup2 + shell", sinkOff: at,
			desc: "opens a reverse shell: " + c.a.describeFlow("connects a socket", "", c.u.at(connect), "ties a shell's input and output to it with", "os.dup2", at),
			rec:  "Reject the skill: it hands control of the machine to a remote host."})
	}
}

// pyLoop judges the body of an endless loop starting at statement k.
func (c *clAn) pyLoop(k int) {
	head := c.stmts[k]
	lp := c.pyBody(k, 3)
	at := c.u.at(head.t[0].a)
	wait := lp.exit || lp.pace
	switch {
	case lp.fork >= 0 && !wait:
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "exhaustion", srcOff: -1, sink: "os.fork() in while True", sinkOff: c.u.at(lp.fork),
			desc: "forks without end: os.fork() in an endless loop (" + c.a.lineOf(at) + ") is a fork bomb", rec: "Reject the skill: it exhausts the process table."})
	case lp.spawn >= 0 && !wait:
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "exhaustion", srcOff: -1, sink: "process or thread in while True", sinkOff: c.u.at(lp.spawn),
			desc: "starts processes or threads in an endless loop with no way out (" + c.a.lineOf(at) + ")", rec: "Bound the loop or reject the skill: it exhausts the machine."})
	case lp.net >= 0 && !wait:
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "request-loop", srcOff: -1, sink: lp.netName + " in while True", sinkOff: c.u.at(lp.net),
			desc: "sends requests without end: " + lp.netName + " in an endless loop with no pause and no way out (" + c.a.lineOf(at) + ")",
			rec:  "Bound the loop (a count, a pause, a break): an endless request loop floods the service it calls."})
	case lp.alloc >= 0 && !wait:
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "exhaustion", srcOff: -1, sink: "allocation in while True", sinkOff: c.u.at(lp.alloc),
			desc: "grows memory in an endless loop with no way out (" + c.a.lineOf(at) + ")", rec: "Bound the loop or reject the skill: it exhausts memory."})
	}
}

// loopFacts is what a loop's body does.
type loopFacts struct {
	exit, pace              bool
	fork, spawn, alloc, net int
	netName                 string
}

// pyBody reads the body of the loop headed by statement k (its own line
// from token from on, then the statements indented under it).
func (c *clAn) pyBody(k, from int) loopFacts {
	head := c.stmts[k]
	lp := loopFacts{fork: -1, spawn: -1, alloc: -1, net: -1}
	var bodies []stmt
	if from < len(head.t) {
		bodies = append(bodies, stmt{t: head.t[from:], ind: head.ind + 1})
	}
	for j := k + 1; j < len(c.stmts) && c.stmts[j].ind > head.ind && j < k+400; j++ {
		bodies = append(bodies, c.stmts[j])
	}
	for _, st := range bodies {
		rs := refsOf(st.t)
		netTok := map[int]bool{}
		for _, r := range rs {
			at := st.t[r.i].a
			switch {
			case r.name == "os.fork" || r.name == "fork" || r.name == "os.forkpty":
				lp.fork = at
			case r.name == "subprocess.Popen" || r.name == "multiprocessing.Process" || r.name == "Process" || r.name == "threading.Thread" || r.name == "Thread" || r.name == "os.spawnl" || r.name == "os.system":
				lp.spawn = at
			case lastSeg(r.name) == "append" || lastSeg(r.name) == "extend" || r.name == "bytearray":
				lp.alloc = at
			case r.call && (inMap(pyNet, r.name) || isPyNet(r.name, c.socket)):
				if lp.net < 0 {
					lp.net, lp.netName = at, r.name
				}
				for q := r.i; q < r.j; q++ {
					netTok[q] = true
				}
			}
		}
		for q, x := range st.t {
			if x.k != tIdent || netTok[q] {
				continue
			}
			switch x.s {
			case "break", "return", "exit", "raise", "quit", "_exit":
				lp.exit = true
			case "sleep", "accept", "recv", "input", "wait", "join", "get", "read", "readline", "select", "poll", "wait_for", "acquire":
				lp.pace = true
			}
		}
	}
	return lp
}

// pyRangeLoop judges for … in range(N) whose body makes network calls:
// a large count with no pause floods the service.
func (c *clAn) pyRangeLoop(k int) {
	t := c.stmts[k].t
	in := -1
	for q := 1; q < len(t) && q < 16; q++ {
		if t[q].k == tIdent && t[q].s == "in" {
			in = q
			break
		}
	}
	if in < 0 || in+2 >= len(t) || t[in+1].s != "range" || t[in+2].s != "(" {
		return
	}
	args := callArgs(t, in+2)
	if len(args) == 0 {
		return
	}
	n := 0
	idx := 0
	if len(args) >= 2 {
		idx = 1
	}
	if a := args[idx]; len(a) == 1 && a[0].k == tNum {
		n, _ = strconv.Atoi(strings.ReplaceAll(a[0].s, "_", ""))
	} else if len(a) == 3 && a[0].k == tNum && a[1].s == "**" && a[2].k == tNum {
		b, _ := strconv.Atoi(a[0].s)
		e, _ := strconv.Atoi(a[2].s)
		if b >= 2 && e >= 3 {
			n = 1000
		}
	}
	if n < 1000 {
		return
	}
	e := closeParen(t, in+2)
	lp := c.pyBody(k, e+2)
	if lp.net < 0 || lp.pace {
		return
	}
	at := c.u.at(t[0].a)
	c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "request-loop", srcOff: -1, sink: lp.netName + " in a loop of " + strconv.Itoa(n), sinkOff: c.u.at(lp.net),
		desc: "sends " + strconv.Itoa(n) + " requests with " + lp.netName + " in a loop with no pause (" + c.a.lineOf(at) + ")",
		rec:  "Check why a skill needs that many calls: a request loop with no pause floods the service it calls."})
}

// inMap reports a key present, whatever its value.
func inMap(m map[string]bool, k string) bool {
	_, ok := m[k]
	return ok
}

// pySource labels what a reference reads beyond the whole environment
// and the clipboard: a named secret, the script's input, a screenshot,
// the mailbox, the agent's transcript, a walk of the home folder.
func (c *clAn) pySource(t []tok, r ref, f *stFacts) {
	n := r.name
	subscript := r.j+2 < len(t) && t[r.j].s == "["
	if !r.call && !subscript && !strings.HasPrefix(n, "sys.") && !strings.HasPrefix(n, "request.") {
		return // every source below is a call, a subscript or one of these
	}
	ls := lastSeg(n)
	at := c.u.at(t[r.i].a)
	switch {
	case r.call && (n == "os.getenv" || n == "getenv" || n == "os.environ.get" || n == "environ.get" || n == "os.environ.setdefault"):
		if key := firstStr(t, r.j); secretEnvName(key) {
			f.src.add(label{lSecret, "environment variable " + key + " (" + n + ")", at, key})
		}
	case n == "os.environ" || n == "environ":
		if r.j+2 < len(t) && t[r.j].s == "[" && t[r.j+1].k == tStr && t[r.j+2].s == "]" && secretEnvName(t[r.j+1].s) {
			key := t[r.j+1].s
			f.src.add(label{lSecret, "environment variable " + key + " (" + n + ")", at, key})
		}
	case r.call && (ls == "get_password" || ls == "get_credential") && strings.Contains(n, "keyring"):
		svc := firstStr(t, r.j)
		f.src.add(label{lSecret, "the keyring entry " + strconv.Quote(cut(svc, 40)) + " (" + n + ")", at, svc})
	case n == "sys.argv" || n == "sys.stdin" || strings.HasPrefix(n, "sys.stdin.") || n == "input" && r.call || n == "fileinput.input" ||
		strings.HasPrefix(n, "request.") && webField(strings.SplitN(n, ".", 3)[1]) ||
		ls == "parse_args" && r.call:
		web := ""
		if strings.HasPrefix(n, "request.") {
			web = "web"
		}
		f.src.add(label{lInput, "input (" + n + ")", at, web})
	case r.call && (n == "pyautogui.screenshot" || n == "ImageGrab.grab" || n == "PIL.ImageGrab.grab" || ls == "screenshot" && strings.Contains(n, "gui") ||
		(ls == "grab" || ls == "shot") && (strings.Contains(strings.ToLower(recvSeg(n)), "sct") || strings.Contains(n, "mss"))):
		f.src.add(label{lScreen, "a screenshot (" + n + ")", at, ""})
	case r.call && c.flags["mail"] > 0 && (ls == "fetch" || ls == "retr" || ls == "top") && recvSeg(n) != "":
		f.src.add(label{lMail, "the mailbox (" + n + ")", at, ""})
	case r.call && (ls == "updateAutoForwarding" || ls == "forwardingAddresses"):
		c.hit(hit{a: at, cat: core.ExternalResources, sev: core.Critical, rule: "mail-forwarding", srcOff: -1, sink: n, sinkOff: at,
			desc: "sets up mail forwarding with " + n + " (" + c.a.lineOf(at) + "): every message the user receives goes to another address",
			rec:  "Reject the skill unless forwarding mail is its stated purpose and the address is the user's own."})
	case r.call && (n == "os.walk" || n == "os.listdir" || n == "os.scandir" || n == "glob.glob" || n == "glob.iglob" || n == "shutil.make_archive" || n == "shutil.copytree"):
		if args := callArgs(t, r.j); len(args) > 0 && homeOnly(args[len(args)-1]) || len(args) > 0 && homeOnly(args[0]) {
			f.src.add(label{lDocs, "the home folder (" + n + ")", at, ""})
		}
	case r.call && (ls == "rglob" || ls == "walk" || ls == "iterdir") && r.i >= 2 && homeOnly(t[max(0, r.i-8):r.i]):
		f.src.add(label{lDocs, "the home folder (" + strings.TrimPrefix(n, ".") + ")", at, ""})
	}
	// The agent's transcript named in a hook's input (data["transcript_path"]).
	if r.j+2 < len(t) && t[r.j].s == "[" && t[r.j+1].k == tStr && t[r.j+1].s == "transcript_path" ||
		r.call && ls == "get" && firstStr(t, r.j) == "transcript_path" {
		f.src.add(label{lHist, "the agent's conversation transcript (transcript_path)", at, ""})
	}
}

// firstStr is the first argument of the call whose ( is at j when it is
// a plain string literal.
func firstStr(t []tok, j int) string {
	if j+1 < len(t) && t[j].s == "(" && t[j+1].k == tStr && !t[j+1].interp {
		return t[j+1].s
	}
	return ""
}

// homeOnly reports tokens naming the home folder itself (expanduser("~"),
// Path.home(), os.environ["HOME"]) and nothing under it.
func homeOnly(t []tok) bool {
	for k, x := range t {
		switch {
		case x.k == tStr && (x.s == "~" || x.s == "~/" || x.s == "/" || x.s == "~/**" || x.s == "/home" || x.s == "/Users" || x.s == "~/*"):
			return true
		case x.k == tIdent && (x.s == "home" || x.s == "homedir") && k+1 < len(t) && t[k+1].s == "(":
			return !hasMoreStrings(t[k+1:])
		case x.k == tStr && (x.s == "HOME" || x.s == "USERPROFILE") && k > 0:
			return !hasMoreStrings(t[k+1:])
		}
	}
	return false
}

// hasMoreStrings reports a path element after the home folder
// (Path.home() / "project", join(home(), "x")).
func hasMoreStrings(t []tok) bool {
	for _, x := range t {
		if x.k == tStr && x.s != "*" && x.s != "**" && x.s != "**/*" && x.s != "*.*" {
			return true
		}
	}
	return false
}

// parentExpr reports a deletion target above the working folder: "..",
// "../", "../*", "../*.tmp", os.pardir, path.join(__dirname, "..").
func (c *clAn) parentExpr(t []tok) bool {
	for _, x := range t {
		if x.k == tIdent && x.s == "pardir" {
			return true
		}
		if x.k == tStr && parentTarget(x.s) {
			return true
		}
	}
	return false
}

// parentTarget is a path naming the folder above the working one, or
// everything in it.
func parentTarget(s string) bool {
	p := strings.TrimPrefix(strings.TrimSpace(strings.ReplaceAll(s, `\`, "/")), "./")
	if p == ".." || p == "../" {
		return true
	}
	rest, ok := strings.CutPrefix(p, "../")
	if !ok {
		return false
	}
	for strings.HasPrefix(rest, "../") {
		rest = rest[3:]
	}
	return rest == "" || rest == ".." || strings.HasPrefix(rest, "*") || strings.HasPrefix(rest, ".*")
}

// parentDelete reports a recursive deletion above the working folder.
func (c *clAn) parentDelete(n string, at int) {
	at = c.u.at(at)
	c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: ruleDestructive, srcOff: -1, sink: n + " of the parent folder", sinkOff: at,
		desc: "deletes the folder above the working folder, or everything in it, with " + n + " (" + c.a.lineOf(at) + ")",
		rec:  "A skill deletes only what it made in its own working folder: check what lies above it."})
}

// webField is a part of a web framework's request that the client fills.
func webField(s string) bool {
	switch s {
	case "args", "form", "values", "json", "data", "get_json", "query_params", "files", "cookies", "GET", "POST", "body":
		return true
	}
	return false
}
