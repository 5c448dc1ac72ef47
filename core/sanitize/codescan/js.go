package codescan

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
)

var jsNet = map[string]bool{
	"fetch": false, "axios": false, "axios.post": true, "axios.put": true, "axios.patch": true, "axios.get": false, "axios.request": false,
	"got": false, "got.post": true, "got.put": true, "request": false, "request.post": true, "superagent.post": true,
	"http.request": false, "https.request": false, "http.get": false, "https.get": false, "net.connect": true,
	"net.createConnection": true, "tls.connect": true, "navigator.sendBeacon": true, "WebSocket": true, "XMLHttpRequest": false,
	"dns.resolve": false, "dns.lookup": false, "dns.resolve4": false, "dns.promises.resolve": false, "$.post": true, "$.ajax": false,
	"jQuery.post": true, "ky.post": true, "ky": false, "dgram.createSocket": true, "nodemailer.createTransport": true,
}

var jsShell = map[string]bool{
	"child_process.exec": true, "child_process.execSync": true, "cp.exec": true, "cp.execSync": true, "exec": true, "execSync": true,
	"child_process.spawn": false, "child_process.spawnSync": false, "child_process.execFile": false, "child_process.execFileSync": false,
	"spawn": false, "spawnSync": false, "execFile": false, "execFileSync": false, "Bun.spawn": false, "Deno.run": false, "execa": false,
	"shelljs.exec": true, "shell.exec": true,
}

// javascript analyses JavaScript and TypeScript.
func (a *analysis) javascript(u unit) {
	c := newCL(a, u, JavaScript, jsTokens(u.s))
	c.runStmts(c.jsStmt)
	c.emit = true
	c.jsStructure()
}

func (c *clAn) jsStmt(st stmt, rs []ref) stFacts {
	var f stFacts
	t := st.t
	fromChar := 0
	for ri, r := range rs {
		at := t[r.i].a
		n := strings.TrimPrefix(r.name, "new.")
		if r.i > 0 && t[r.i-1].k == tIdent && t[r.i-1].s == "new" {
			n = strings.TrimPrefix(n, ".")
		}
		ls := lastSeg(n)
		switch {
		case n == "process.env" || n == "Deno.env.toObject":
			if !(r.j < len(t) && t[r.j].k == tOp && (t[r.j].s == "[" || t[r.j].s == "=")) {
				f.src.add(label{lEnv, "the whole environment (" + n + ")", c.u.at(at), ""})
			}
		case n == "navigator.clipboard.readText" || n == "clipboardy.read" || n == "clipboardy.readSync" || n == "clipboard.readText":
			f.src.add(label{lClip, "the clipboard (" + n + ")", c.u.at(at), ""})
		case n == "String.fromCharCode":
			if r.call {
				fromChar += len(callArgs(t, r.j))
				if fromChar < 8 {
					for _, x := range t {
						if x.k == tIdent && (x.s == "apply" || x.s == "map") {
							fromChar += 8
							break
						}
					}
				}
			}
		case n == "document.cookie":
			f.src.add(label{lCred, "the page's cookies (document.cookie)", c.u.at(at), ""})
		}
		c.jsSource(t, r, n, &f)
		if !r.call {
			continue
		}
		A := lazyArgs(t, r.j)
		switch {
		case inMap(jsNet, n) || jsNetMethod(n):
			send := jsNet[n] || ls == "post" || ls == "put" || ls == "patch" || ls == "send" || ls == "sendBeacon"
			if (n == "fetch" || n == "axios" || n == "ky") && len(A()) >= 2 {
				for _, x := range A()[1] {
					if x.k == tIdent && (x.s == "body" || x.s == "data") || x.k == tStr && (x.s == "POST" || x.s == "PUT") {
						send = true
					}
				}
			}
			f.sinks = append(f.sinks, sink{k: skNet, name: n, off: at, send: send, args: A(), host: c.netHost(n, A())})
			f.out.add(label{lDownload, "data downloaded with " + n, c.u.at(at), ""})
		case ls == "send" && ri > 0 && c.flags["xhr"] > 0:
			f.sinks = append(f.sinks, sink{k: skNet, name: "XMLHttpRequest.send", off: at, send: true})
		case (ls == "write" || ls == "end") && strings.Contains(n, ".") && c.flags["httpreq"] > 0 && len(A()) > 0 && !strings.HasPrefix(n, "process.") && !strings.HasPrefix(n, "fs."):
			// Node's http(s).request returns the request, whose body is
			// what write and end are given: the send is there, not at
			// the call that opened it.
			f.sinks = append(f.sinks, sink{k: skNet, name: "http request body (" + n + ")", off: at, send: true})
		case n == "eval" || n == "Function" || n == "vm.runInNewContext" || n == "vm.runInThisContext" || n == "vm.Script" || n == "runInNewContext" || n == "window.eval" || n == "globalThis.eval":
			f.sinks = append(f.sinks, sink{k: skExec, name: n + "()", off: at, args: A()})
			if n == "eval" && r.j+1 < len(t) && t[r.j+1].k == tIdent && t[r.j+1].s == "function" {
				ps := callArgs(t, r.j+2)
				if len(ps) >= 5 && len(ps[0]) == 1 && ps[0][0].s == "p" && len(ps[3]) == 1 && ps[3][0].s == "k" {
					c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: "eval(function(p,a,c,k,e,…))", sinkOff: c.u.at(at),
						desc: "runs packed JavaScript, eval(function(p,a,c,k,e,…)) (" + c.a.lineOf(c.u.at(at)) + "): the code that runs is hidden until unpacked",
						rec:  "Unpack the code and read it, or ship the readable source instead."})
				}
			}
		case (n == "setTimeout" || n == "setInterval") && len(A()) > 0 && len(A()[0]) > 0 && A()[0][0].k == tStr:
			f.sinks = append(f.sinks, sink{k: skExec, name: n + "(string)", off: at})
		case inMap(jsShell, n) || strings.HasSuffix(n, ".exec") && (strings.Contains(n, "child") || strings.HasPrefix(n, "cp.")) || strings.HasSuffix(n, ".execSync"):
			c.jsShellCall(r, A(), &f, at)
		case n == "atob" || n == "Buffer.from" && len(A()) >= 2 && len(A()[1]) == 1 && A()[1][0].k == tStr && (A()[1][0].s == "base64" || A()[1][0].s == "hex") ||
			n == "unescape" || n == "zlib.inflateSync" || n == "zlib.gunzipSync" || n == "zlib.inflateRawSync" || n == "Buffer.from" && c.bufferDecode(t, r):
			f.out.add(label{lDecoded, "data decoded with " + n + "()", c.u.at(at), ""})
		case ls == "appendFileSync" || ls == "appendFile" || ls == "writeFileSync" || ls == "writeFile" || ls == "createWriteStream" || ls == "copyFileSync" || ls == "copyFile" || ls == "symlinkSync" || ls == "renameSync":
			f.sinks = append(f.sinks, sink{k: skWrite, name: n, off: at})
		case ls == "rmSync" || ls == "rmdirSync" || n == "fs.rm" || n == "fs.promises.rm" || n == "rimraf" || n == "fse.removeSync" || n == "fs.rmdir":
			if len(A()) > 0 && homeExpr(A()[0]) {
				c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: ruleDestructive, srcOff: -1, sink: n, sinkOff: c.u.at(at),
					desc: "deletes the home folder or the file system root with " + n + " (" + c.a.lineOf(c.u.at(at)) + ")",
					rec:  "Reject the skill: this deletes data far outside any work folder."})
			} else if len(A()) > 0 && c.parentExpr(A()[0]) {
				c.parentDelete(n, at)
			}
		case ls == "query" || ls == "execute" || ls == "raw" || ls == "exec" && strings.Contains(strings.ToLower(n), "db"):
			c.sqlCheck(r, st)
		}
		if n == "XMLHttpRequest" {
			c.flags["xhr"]++
		}
		if n == "http.request" || n == "https.request" {
			c.flags["httpreq"]++
		}
	}
	if fromChar >= 8 {
		f.out.add(label{lDecoded, "a string built with String.fromCharCode", c.u.at(t[0].a), ""})
	}
	for _, x := range t {
		if x.k == tStr && x.esc >= 16 {
			f.out.add(label{lDecoded, "a string of " + strconv.Itoa(x.esc) + " escaped bytes", c.u.at(x.a), ""})
			break
		}
	}
	if l, ok := f.out.first(lDecoded); ok && strings.HasPrefix(l.what, "a string") && !hasExecSink(f) {
		c.hit(hit{a: l.off, cat: core.EmbeddedCode, sev: core.Warning, rule: "obfuscation", srcOff: -1, sink: l.what, sinkOff: l.off,
			desc: "hides text as " + l.what + " (" + c.a.lineOf(l.off) + ")",
			rec:  "Decode the text and read it; code in a skill has no reason to hide its strings."})
	}
	return f
}

// bufferDecode: Buffer.from(x, 'base64').toString()
func (c *clAn) bufferDecode(t []tok, r ref) bool {
	e := closeParen(t, r.j)
	for k := r.j; k < e && k < len(t); k++ {
		if t[k].k == tStr && (t[k].s == "base64" || t[k].s == "hex" || t[k].s == "base64url") {
			return true
		}
	}
	return false
}

func jsNetMethod(n string) bool {
	ls, rv := lastSeg(n), strings.ToLower(recvSeg(n))
	clientish := rv == "axios" || rv == "got" || rv == "http" || rv == "https" || rv == "superagent" || rv == "ky" || strings.Contains(rv, "client") || strings.Contains(rv, "api") || strings.Contains(rv, "instance")
	switch ls {
	case "post", "put", "patch":
		return clientish
	case "sendMail":
		return true
	}
	return false
}

// jsShellCall judges child_process calls.
func (c *clAn) jsShellCall(r ref, args [][]tok, f *stFacts, at int) {
	if len(args) == 0 {
		return
	}
	n := r.name
	shell := jsShell[n] || strings.HasSuffix(n, ".exec") || strings.HasSuffix(n, ".execSync")
	if len(args) >= 2 {
		for _, a := range args[1:] {
			for k := 0; k+2 < len(a); k++ {
				if a[k].k == tIdent && a[k].s == "shell" && a[k+1].s == ":" && a[k+2].s == "true" {
					shell = true
				}
			}
		}
	}
	a0 := args[0]
	if shell && len(a0) == 1 && a0[0].k == tIdent && c.emit {
		if l, ok := c.taint[a0[0].s].first(lInput); ok && c.inputReaches(l) {
			sev := core.Info
			if l.name == "web" {
				sev = core.Warning
			}
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: sev, rule: "command-injection", src: l.what, srcOff: l.off, sink: n, sinkOff: c.u.at(at),
				desc: "runs " + l.what + " as a shell command with " + n + " (" + c.a.lineOf(l.off) + " → " + c.a.lineOf(c.u.at(at)) + "): whatever reaches it runs",
				rec:  "Use execFile or spawn with an argument list, or check what callers may pass."})
		}
	}
	if shell {
		net, send := c.shellString(a0, n, c.u.at(at))
		f.sinks = append(f.sinks, sink{k: skShell, name: n, off: at, literal: !(len(a0) == 1 && a0[0].k == tIdent) && !onlyLiteral(a0)})
		if net {
			f.sinks = append(f.sinks, sink{k: skNet, name: n + " (network command)", off: at, send: send})
		}
		return
	}
	// spawn("bash", ["-c", cmd])
	if len(a0) == 1 && a0[0].k == tStr {
		if lang, ok := interpOf(strings.ToLower(baseName(a0[0].s))); ok && len(args) >= 2 && len(args[1]) > 0 && args[1][0].s == "[" {
			els := callArgs(args[1], 0)
			if len(els) >= 2 && len(els[0]) == 1 && (els[0][0].s == "-c" || els[0][0].s == "-e") {
				f.sinks = append(f.sinks, sink{k: skShell, name: n + "(" + a0[0].s + " " + els[0][0].s + ")", off: at, literal: !onlyLiteral(els[1])})
				if lang == Shell {
					if net, send := c.shellString(els[1], n, c.u.at(at)); net {
						f.sinks = append(f.sinks, sink{k: skNet, name: n + " (network command)", off: at, send: send})
					}
				}
			}
		}
	}
}

// jsStructure: endless loops that spawn, and the net socket piped into a
// shell reverse shell.
func (c *clAn) jsStructure() {
	t := c.toks
	netAt, shAt, pipe := -1, -1, false
	for _, r := range refsOf(t) {
		switch {
		case r.name == "net.connect" || r.name == "net.createConnection" || r.name == "net.Socket" || strings.HasSuffix(r.name, ".connect") && hasIdent(t, "net"):
			netAt = t[r.i].a
		case r.call && (inMap(jsShell, r.name) || strings.Contains("spawn exec execSync spawnSync execFile", lastSeg(r.name)) && strings.Contains(r.name, ".")):
			for _, a := range callArgs(t, r.j) {
				if len(a) == 1 && a[0].k == tStr {
					if l, ok := interpOf(strings.ToLower(baseName(a[0].s))); ok && l == Shell || strings.EqualFold(a[0].s, "cmd.exe") {
						shAt = t[r.i].a
					}
				}
			}
		case lastSeg(r.name) == "pipe":
			pipe = true
		}
	}
	if netAt >= 0 && shAt >= 0 && pipe {
		at := c.u.at(shAt)
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "reverse-shell", src: "network socket", srcOff: c.u.at(netAt), sink: "shell piped to the socket", sinkOff: at,
			desc: "opens a reverse shell: a socket (" + c.a.lineOf(c.u.at(netAt)) + ") is piped into a shell (" + c.a.lineOf(at) + ")",
			rec:  "Reject the skill: it hands control of the machine to a remote host."})
	}
	for k := 0; k+3 < len(t); k++ {
		if t[k].k != tIdent || t[k].s != "while" && t[k].s != "for" {
			continue
		}
		endless := t[k].s == "while" && t[k+1].s == "(" && (t[k+2].s == "true" || t[k+2].s == "1") && t[k+3].s == ")" ||
			t[k].s == "for" && t[k+1].s == "(" && t[k+2].s == ";" && t[k+3].s == ";"
		count := 0
		if !endless && t[k].s == "for" && t[k+1].s == "(" {
			hc := closeParen(t, k+1)
			for q := k + 2; q+1 < hc && q+1 < len(t); q++ {
				if t[q].k == tOp && (t[q].s == "<" || t[q].s == "<=") && t[q+1].k == tNum {
					count, _ = strconv.Atoi(strings.ReplaceAll(t[q+1].s, "_", ""))
				}
			}
		}
		if !endless && count < 1000 {
			continue
		}
		o := k + 4
		if !endless {
			o = closeParen(t, k+1) + 1
		}
		for o < len(t) && t[o].s != "{" && o < k+8 {
			o++
		}
		if o >= len(t) || t[o].s != "{" {
			continue
		}
		e := closeParen(t, o)
		exit, pace, spawn, netAt, netName := false, false, -1, -1, ""
		body := t[o:min(e, len(t))]
		for j, r := range refsOf(body) {
			_ = j
			if r.call && (inMap(jsNet, r.name) || jsNetMethod(r.name)) && netAt < 0 {
				netAt, netName = body[r.i].a, r.name
			}
		}
		for j := o; j < e && j < len(t); j++ {
			if t[j].k == tIdent {
				switch t[j].s {
				case "break", "return", "throw":
					exit = true
				case "sleep", "yield", "setTimeout", "delay", "wait", "waitFor", "setInterval":
					pace = true
				case "await":
					if netAt < 0 {
						pace = true
					}
				case "fork", "spawn", "exec", "execSync", "Worker", "spawnSync":
					spawn = t[j].a
				}
			}
		}
		at := c.u.at(t[k].a)
		switch {
		case endless && spawn >= 0 && !exit && !pace:
			c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "exhaustion", srcOff: -1, sink: "process in endless loop", sinkOff: at,
				desc: "starts processes in an endless loop with no way out (" + c.a.lineOf(at) + "): a fork bomb",
				rec:  "Reject the skill: it exhausts the process table."})
		case netAt >= 0 && !exit && !pace:
			how := "in an endless loop with no pause and no way out"
			if !endless {
				how = "in a loop of " + strconv.Itoa(count) + " with no pause"
			}
			c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Warning, rule: "request-loop", srcOff: -1, sink: netName + " " + how[:strings.Index(how, " with")], sinkOff: c.u.at(netAt),
				desc: "sends requests with " + netName + " " + how + " (" + c.a.lineOf(at) + ")",
				rec:  "Bound the loop (a count, a pause, a break): a request loop floods the service it calls."})
		}
	}
}

// jsSource labels named secrets (process.env.OPENAI_API_KEY, a keychain
// entry), the script's input and screenshots.
func (c *clAn) jsSource(t []tok, r ref, n string, f *stFacts) {
	at := c.u.at(t[r.i].a)
	ls := lastSeg(n)
	for _, p := range []string{"process.env.", "Bun.env.", "import.meta.env.", "Deno.env."} {
		if strings.HasPrefix(n, p) && ls != "get" && ls != "toObject" && secretEnvName(ls) {
			f.src.add(label{lSecret, "environment variable " + ls + " (" + strings.TrimSuffix(p, ".") + ")", at, ls})
			return
		}
	}
	switch {
	case (n == "process.env" || n == "Bun.env") && r.j+2 < len(t) && t[r.j].s == "[" && t[r.j+1].k == tStr && t[r.j+2].s == "]" && secretEnvName(t[r.j+1].s):
		key := t[r.j+1].s
		f.src.add(label{lSecret, "environment variable " + key + " (" + n + ")", at, key})
	case r.call && n == "Deno.env.get":
		if key := firstStr(t, r.j); secretEnvName(key) {
			f.src.add(label{lSecret, "environment variable " + key + " (Deno.env.get)", at, key})
		}
	case r.call && (n == "keytar.getPassword" || ls == "findCredentials" && strings.Contains(n, "keytar")):
		svc := firstStr(t, r.j)
		f.src.add(label{lSecret, "the keychain entry " + strconv.Quote(cut(svc, 40)) + " (" + n + ")", at, svc})
	case n == "process.argv" || n == "process.stdin" || n == "req.body" || n == "req.query" || n == "req.params" ||
		strings.HasPrefix(n, "req.body.") || strings.HasPrefix(n, "req.query.") || strings.HasPrefix(n, "req.params."):
		web := ""
		if strings.HasPrefix(n, "req.") {
			web = "web"
		}
		f.src.add(label{lInput, "input (" + n + ")", at, web})
	case r.call && (ls == "readdirSync" || ls == "readdir" || n == "glob" || n == "glob.sync" || n == "fg" || n == "fastGlob" || n == "globSync"):
		if args := callArgs(t, r.j); len(args) > 0 && homeOnly(args[0]) {
			f.src.add(label{lDocs, "the home folder (" + n + ")", at, ""})
		}
	case r.call && (n == "screenshot" || n == "screenshotDesktop" || n == "desktopCapturer.getSources"):
		f.src.add(label{lScreen, "a screenshot (" + n + ")", at, ""})
	}
}
