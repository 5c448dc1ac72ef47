package codescan

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

// powershell analyses PowerShell. Names are lower-cased by the tokeniser.
func (a *analysis) powershell(u unit) {
	c := newCL(a, u, PowerShell, psTokens(u.s))
	c.runStmts(c.psStmt)
	c.emit = true
	c.psStructure()
}

func psParam(t []tok, name string) (int, bool) {
	for k, x := range t {
		if x.k == tIdent && strings.HasPrefix(x.s, "-") && len(x.s) >= 3 && strings.HasPrefix(name, x.s) {
			return k, true
		}
	}
	return -1, false
}

func (c *clAn) psStmt(st stmt, rs []ref) stFacts {
	var f stFacts
	t := st.t
	for _, x := range t {
		if x.k == tVar && strings.HasPrefix(x.s, "env:") {
			// one named variable is configuration
			continue
		}
		if x.k == tVar && x.s == "profile" {
			f.src.add(label{lPersist, "PowerShell profile ($PROFILE)", c.u.at(x.a), ""})
		}
	}
	sendish := false
	if k, ok := psParam(t, "-method"); ok && k+1 < len(t) {
		m := strings.ToLower(t[k+1].s)
		sendish = m == "post" || m == "put" || m == "patch"
	}
	if _, ok := psParam(t, "-body"); ok {
		sendish = true
	}
	if _, ok := psParam(t, "-infile"); ok {
		sendish = true
	}
	for k, x := range t {
		if x.k != tIdent {
			continue
		}
		at := x.a
		switch x.s {
		case "invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "wget", "start-bitstransfer":
			f.sinks = append(f.sinks, sink{k: skNet, name: x.s, off: at, send: sendish})
			f.out.add(label{lDownload, "data downloaded with " + x.s, c.u.at(at), ""})
		case "send-mailmessage":
			f.sinks = append(f.sinks, sink{k: skNet, name: x.s, off: at, send: true})
		case "downloadstring", "downloaddata", "downloadfile", "getstringasync", "getasync", "openread":
			f.sinks = append(f.sinks, sink{k: skNet, name: "WebClient." + x.s, off: at})
			f.out.add(label{lDownload, "data downloaded with ." + x.s, c.u.at(at), ""})
		case "uploadstring", "uploadfile", "uploaddata", "uploadvalues", "postasync", "putasync", "sendasync":
			f.sinks = append(f.sinks, sink{k: skNet, name: "." + x.s, off: at, send: true})
		case "invoke-expression", "iex":
			f.sinks = append(f.sinks, sink{k: skExec, name: x.s, off: at})
		case "create":
			if k >= 2 && t[k-1].s == "::" && t[k-2].s == "]" && k >= 3 && t[k-3].s == "scriptblock" {
				f.sinks = append(f.sinks, sink{k: skExec, name: "[scriptblock]::Create", off: at})
			}
		case "frombase64string", "getstring":
			if x.s == "frombase64string" || hasIdent(t, "frombase64string") {
				f.out.add(label{lDecoded, "data decoded with [Convert]::FromBase64String", c.u.at(at), ""})
			}
		case "get-clipboard", "gcb":
			f.src.add(label{lClip, "the clipboard (Get-Clipboard)", c.u.at(at), ""})
		case "getenvironmentvariables":
			f.src.add(label{lEnv, "the whole environment (GetEnvironmentVariables)", c.u.at(at), ""})
		case "get-childitem", "gci", "dir", "ls":
			if k+1 < len(t) && (t[k+1].k == tIdent && (t[k+1].s == "env" || t[k+1].s == "env:") || t[k+1].k == tStr && strings.EqualFold(t[k+1].s, "env:")) {
				f.src.add(label{lEnv, "the whole environment (" + x.s + " env:)", c.u.at(at), ""})
			}
			if _, ok := psParam(t, "-recurse"); ok && homeExpr(t) {
				f.src.add(label{lDocs, "the home folder (" + x.s + " -Recurse)", c.u.at(at), ""})
			}
		case "add-content", "set-content", "out-file", "ac", "sc", "new-item", "copy-item", "cp", "copy":
			f.sinks = append(f.sinks, sink{k: skWrite, name: x.s, off: at})
		case "remove-item", "rm", "del", "ri", "rmdir", "rd", "erase":
			_, rec := psParam(t, "-recurse")
			if rec && (homeExpr(t[k+1:]) || c.psDestructiveWord(t[k+1:])) {
				c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: ruleDestructive, srcOff: -1, sink: x.s + " -Recurse", sinkOff: c.u.at(at),
					desc: "deletes a drive or the home folder recursively (" + x.s + ", " + c.a.lineOf(c.u.at(at)) + ")",
					rec:  "Reject the skill: this deletes data far outside any work folder."})
			}
		case "format-volume", "clear-disk", "initialize-disk":
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: ruleDestructive, srcOff: -1, sink: x.s, sinkOff: c.u.at(at),
				desc: "formats or wipes a disk (" + x.s + ", " + c.a.lineOf(c.u.at(at)) + ")", rec: "Reject the skill: this destroys a disk's data."})
		case "register-scheduledtask", "new-scheduledtask", "register-scheduledjob":
			c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: "persistence", srcOff: -1, sink: x.s, sinkOff: c.u.at(at),
				desc: "registers a scheduled task (" + x.s + ", " + c.a.lineOf(c.u.at(at)) + "), so code runs on a schedule",
				rec:  "Check the task: a skill should not install scheduled tasks."})
		case "new-itemproperty", "set-itemproperty", "sp":
			for _, y := range t {
				if y.k == tStr && strings.Contains(strings.ToLower(strings.ReplaceAll(y.s, `\\`, `\`)), `currentversion\run`) {
					c.hit(hit{a: c.u.at(at), cat: core.EmbeddedCode, sev: core.Critical, rule: "persistence", srcOff: -1, sink: x.s + " Run key", sinkOff: c.u.at(at),
						desc: "adds a Run key entry (" + c.a.lineOf(c.u.at(at)) + "), so code runs at every log-in",
						rec:  "Check the entry: a skill should not add itself to Run keys."})
					break
				}
			}
		case "start-process", "saps", "start", "invoke-command", "icm":
			// running a program is ordinary; its arguments are judged as
			// written (downloaded or decoded data reaching it is caught below)
			f.sinks = append(f.sinks, sink{k: skShell, name: x.s, off: at, literal: true})
		}
	}
	// the & call operator with a script block or a string
	if len(t) > 1 && t[0].k == tOp && t[0].s == "&" {
		f.sinks = append(f.sinks, sink{k: skExec, name: "& (call operator)", off: t[0].a})
	}
	// "| iex" anywhere in the statement: earlier stages flow into it
	return f
}

// psStructure finds the TCP client reverse shell: a TcpClient whose
// stream feeds Invoke-Expression.
func (c *clAn) psStructure() {
	tcp, stream, iex := -1, -1, -1
	for _, x := range c.toks {
		if x.k != tIdent {
			continue
		}
		switch x.s {
		case "tcpclient":
			tcp = x.a
		case "getstream":
			stream = x.a
		case "iex", "invoke-expression":
			iex = x.a
		}
	}
	if tcp >= 0 && stream >= 0 && iex >= 0 {
		at := c.u.at(iex)
		c.hit(hit{a: at, cat: core.EmbeddedCode, sev: core.Critical, rule: "reverse-shell", src: "TcpClient stream", srcOff: c.u.at(tcp), sink: "Invoke-Expression", sinkOff: at,
			desc: "opens a reverse shell: commands read from a TcpClient (" + c.a.lineOf(c.u.at(tcp)) + ") run with Invoke-Expression (" + c.a.lineOf(at) + ")",
			rec:  "Reject the skill: it hands control of the machine to a remote host."})
	}
}

// psDestructiveWord reads the bare words of a command as written (C:\ is
// no string token) and reports one that names a drive or the home folder.
func (c *clAn) psDestructiveWord(t []tok) bool {
	if len(t) == 0 {
		return false
	}
	a, b := t[0].a, t[len(t)-1].b
	if a < 0 || b > len(c.u.s) || a > b {
		return false
	}
	for _, w := range strings.Fields(c.u.s[a:b]) {
		if !strings.HasPrefix(w, "-") && destructiveTarget(strings.Trim(w, `"'`)) {
			return true
		}
	}
	return false
}
