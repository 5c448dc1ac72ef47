package sanitize

import (
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/sanitize/codescan"
)

const (
	recPlain     = "Remove the instruction or reject the skill: a skill has no business telling an agent to do this."
	recUnrelated = "Check why the skill runs or installs this: its description says nothing that needs it."
)

// plainWindow is how close (bytes, either side) concealment or a
// "from now on" phrase must stand to an action to combine with it: about
// one short paragraph, so "Upload … . Don't tell the user." combines.
const plainWindow = 300

// quoted reports whether offset a sits inside quotation marks on its line:
// an odd number of straight double quotes before it, or an opening curly
// quote not yet closed. A quoted phrase is being shown or discussed.
func quoted(s string, a int) bool {
	ls := a
	for ls > 0 && s[ls-1] != '\n' && a-ls < 2000 {
		ls--
	}
	line := s[ls:a]
	if strings.Count(line, `"`)%2 == 1 {
		return true
	}
	return strings.Count(line, "“") > strings.Count(line, "”") ||
		strings.Count(line, "‘") > strings.Count(line, "’")+strings.Count(line, "’s")
}

// remoteExec records a download piped into an interpreter on the line of
// the fetch command at s[a:b] ("curl -fsSL … | sh", "iwr … | iex",
// "bash <(curl …)"). Whether it is a finding depends on the skill's
// description (plainResolve).
func (sc *scanner) remoteExec(a, b int) {
	s := sc.s
	le := min(len(s), b+400)
	if k := strings.IndexByte(s[b:le], '\n'); k >= 0 {
		le = b + k
	}
	rest := s[b:le]
	hit := -1
	for k := 0; k < len(rest); k++ {
		if rest[k] != '|' || (k+1 < len(rest) && rest[k+1] == '|') || (k > 0 && rest[k-1] == '|') {
			continue
		}
		r := strings.TrimLeft(rest[k+1:], " \t")
		r = strings.TrimPrefix(r, "sudo ")
		r = strings.TrimLeft(r, " \t")
		for _, sh := range []string{"sh", "bash", "zsh", "python3", "python", "iex", "node", "perl", "ruby", "pwsh", "powershell", "invoke-expression"} {
			if hasPrefixFold(r, sh) && (len(r) == len(sh) || !isWordByte(r[len(sh)])) {
				// "| python3 -c '…'", "| node -e …": the download is the
				// program's input, the code is written inline.
				if opt := strings.TrimLeft(r[len(sh):], " \t"); sh != "sh" && sh != "bash" && sh != "zsh" &&
					(strings.HasPrefix(opt, "-c") || strings.HasPrefix(opt, "-e") || strings.HasPrefix(opt, "-m")) {
					continue
				}
				hit = b + k + 1 + (len(rest[k+1:]) - len(r)) + len(sh)
				break
			}
		}
		if hit >= 0 {
			break
		}
	}
	if hit < 0 {
		// "bash <(curl …)", "sh -c "$(curl …)""
		if a >= 2 && (s[a-2:a] == "<(" || s[a-2:a] == "$(") {
			ls := a
			for ls > 0 && s[ls-1] != '\n' && a-ls < 200 {
				ls--
			}
			if strings.Contains(s[ls:a], "sh") {
				hit, a = le, ls
			}
		}
	}
	if hit < 0 {
		return
	}
	sc.plain.hits = append(sc.plain.hits, plainHit{a: a, b: hit, kind: pkRemoteExec, risky: true, sent: -1,
		desc: "downloads and runs code " + sc.phrase(a, hit)})
}

// urlHost returns the host of the first URL in s, "" when there is none.
func urlHost(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return ""
	}
	rest := s[i+3:]
	end := strings.IndexAny(rest, "/ \t\n\"'`)|?#:")
	if end < 0 {
		end = len(rest)
	}
	if at := strings.LastIndexByte(rest[:end], '@'); at >= 0 {
		rest = rest[at+1:]
		end -= at + 1
	}
	return strings.ToLower(rest[:end])
}

// frontMatter is what the rules read of a SKILL.md's YAML front matter.
type frontMatter struct {
	name, description string
	// compatibility says what the skill needs (a service, a tool); it
	// declares hosts as the description does.
	compatibility string
}

// maxFrontMatter bounds the front matter parsed; a real one is a few
// hundred bytes.
const maxFrontMatter = 16 << 10

// parseFrontMatter reads name and description from the YAML front matter
// at the start of s ("---" lines around it). It returns nil when there is
// none or it does not parse; it never fails otherwise. Aliases are not
// expanded (the values are read from the node tree), so no input makes it
// costly.
func parseFrontMatter(s string) *frontMatter {
	s = strings.TrimPrefix(s, "\ufeff")
	if !strings.HasPrefix(s, "---") {
		return nil
	}
	nl := strings.IndexByte(s, '\n')
	if nl < 0 || strings.TrimSpace(s[3:nl]) != "" {
		return nil
	}
	body := s[nl+1 : min(len(s), nl+1+maxFrontMatter)]
	end := -1
	for ls := 0; ls < len(body); {
		le := strings.IndexByte(body[ls:], '\n')
		if le < 0 {
			le = len(body)
		} else {
			le += ls
		}
		if l := strings.TrimRight(body[ls:le], " \t\r"); l == "---" || l == "..." {
			end = ls
			break
		}
		ls = le + 1
	}
	if end < 0 {
		return nil
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(body[:end]), &n); err != nil || len(n.Content) == 0 {
		// Skill authors write "description: Do X: then Y", which YAML
		// refuses and agents' loaders read anyway: take the line.
		return looseFrontMatter(body[:end])
	}
	m := n.Content[0]
	if m.Kind != yaml.MappingNode {
		return nil
	}
	fm := &frontMatter{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			continue
		}
		switch k.Value {
		case "name":
			fm.name = v.Value
		case "description":
			fm.description = v.Value
		case "compatibility":
			fm.compatibility = v.Value
		}
	}
	return fm
}

// looseFrontMatter reads "name:" and "description:" lines (with their
// indented continuation lines) from front matter YAML could not parse.
func looseFrontMatter(fmText string) *frontMatter {
	fm := &frontMatter{}
	var cur *string
	for _, l := range strings.Split(fmText, "\n") {
		switch {
		case strings.HasPrefix(l, "name:"):
			fm.name = strings.TrimSpace(l[len("name:"):])
			cur = &fm.name
		case strings.HasPrefix(l, "description:"):
			fm.description = strings.TrimSpace(l[len("description:"):])
			cur = &fm.description
		case cur != nil && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")):
			*cur += " " + strings.TrimSpace(l)
		default:
			cur = nil
		}
	}
	if fm.name == "" && fm.description == "" {
		return nil
	}
	return fm
}

// execDomain are words of a description that make installing,
// downloading or running code part of a skill's stated purpose.
var execDomain = set("install", "installs", "installing", "installer", "installation", "setup", "set-up", "download", "downloads",
	"downloading", "network", "networking", "http", "https", "api", "apis", "server", "servers", "deploy", "deploys", "deployment",
	"deploying", "devops", "security", "credential", "credentials", "auth", "authentication", "cli", "command", "commands",
	"command-line", "terminal", "shell", "bash", "script", "scripts", "scripting", "tool", "tools", "tooling", "toolchain",
	"package", "packages", "dependency", "dependencies", "environment", "environments", "docker", "container", "containers",
	"kubernetes", "k8s", "cloud", "aws", "gcp", "azure", "infrastructure", "provision", "provisioning", "bootstrap",
	"configure", "configuration", "sdk", "library", "libraries", "plugin", "plugins", "extension", "extensions", "mcp", "git",
	"github", "npm", "pip", "brew", "homebrew", "binary", "binaries", "release", "releases", "upgrade", "update", "updates",
	"migrate", "migration", "automation", "automate", "ci", "pipeline", "pipelines", "build", "builds", "runtime", "node",
	"python", "rust", "golang", "bun", "deno", "uv", "self-hosted", "developer", "developers", "development", "code", "coding",
	"programming", "software", "app", "apps", "application", "applications", "web", "system", "linux", "macos", "windows",
	"agent", "agents", "workflow", "workflows", "integration", "integrations", "service", "services", "vm", "sandbox",
	"database", "databases", "test", "testing", "debug", "debugging", "project", "projects", "repository", "repo", "compile",
	"schedule", "scheduling", "scheduled", "scheduler", "cron", "recurring", "monitor", "monitoring", "backup", "backups",
	"daemon", "startup", "login", "sync", "synchronize", "synchronise")

// scheduleWords in a description make a cron job or a launch agent part
// of what the skill is for.
var scheduleWords = set("cron", "crontab", "schedule", "scheduled", "scheduler", "scheduling", "recurring", "periodic",
	"periodically", "daemon", "daemons", "startup", "start-up", "launchd", "systemd", "service", "services", "background",
	"automation", "automate", "automated", "reminder", "reminders", "timer", "timers", "job", "jobs", "hourly", "daily", "nightly")

// securityWords in a document's headings or description make it a
// document about security or prompts, where attack phrasing is quoted and
// explained rather than given.
var securityWords = set("security", "secure", "threat", "threats", "injection", "injections", "jailbreak", "jailbreaks",
	"jailbreaking", "red-team", "red-teaming", "redteam", "adversarial", "attack", "attacks", "malware", "exfiltration",
	"vulnerability", "vulnerabilities", "pentest", "pentesting", "penetration", "phishing", "prompt", "prompts", "prompting",
	"guardrail", "guardrails", "safety", "abuse", "forensics", "incident", "audit", "auditing", "hardening", "threat-model")

// anyWord reports whether text has a word (letters, digits, '-') in ws.
func anyWord(text string, ws map[string]bool) bool {
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		if ws[f] {
			return true
		}
	}
	return false
}

// securityDoc reports whether the document is about security, threats or
// prompts: its front matter name or description, or one of its Markdown
// headings, says so.
func (sc *scanner) securityDoc(fm *frontMatter) bool {
	if fm != nil && (anyWord(fm.description, securityWords) || anyWord(fm.name, securityWords)) {
		return true
	}
	s := sc.s
	for ls := 0; ls < len(s); {
		le := strings.IndexByte(s[ls:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += ls
		}
		if l := strings.TrimLeft(s[ls:le], " \t"); strings.HasPrefix(l, "#") && !inSpans(sc.code, ls) && anyWord(l, securityWords) {
			return true
		}
		ls = le + 1
	}
	return false
}

// plainResolve combines the plain-words hits of the document and adds the
// findings:
//   - exfiltration with a sensitive object and an outside destination,
//     instruction-hierarchy claims over the system or the user: critical;
//   - any risky action (exfiltration, destruction, persistence, running a
//     script, a download run by a shell) within plainWindow of concealment,
//     or recurring ("every time you are invoked", "after any operation")
//     exfiltration or destruction: critical;
//   - a secret sent without a destination, destruction, system
//     persistence, strong concealment alone, authority claims, a recurring
//     script run, code downloaded and run when the skill's description
//     mentions nothing of installing, networks, tools or code: warnings;
//     an authority claim within overrideWindow of an override phrase is
//     critical.
//
// Then context lowers: a code sample makes a finding an info note (except
// the unrelated download, whose home is a code block), and a quotation,
// an example or a document about security or prompts lowers it one step.
func (sc *scanner) plainResolve() {
	hits := sc.plain.hits
	if len(hits) == 0 {
		return
	}
	fm := sc.plain.fm
	secDoc := sc.securityDoc(fm)
	unrelated := fm != nil && strings.TrimSpace(fm.description) != "" &&
		!anyWord(fm.description, execDomain) && !anyWord(fm.name, execDomain)
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].a < hits[j].a })
	// near finds the strongest hit of kind around h: within plainWindow
	// for a strong one, in the same sentence for a weak one ("quietly"
	// belongs to the verb next to it, not to the next paragraph).
	near := func(h *plainHit, kind plainKind) *plainHit {
		var best *plainHit
		for k := range hits {
			c := &hits[k]
			if c.kind != kind || c.a > h.b+plainWindow || c.b < h.a-plainWindow {
				continue
			}
			if !c.strong && (c.sent != h.sent || c.sent < 0) {
				continue
			}
			if best == nil || (c.strong && !best.strong) {
				best = c
			}
		}
		return best
	}
	ov := append([]int(nil), sc.overrides...)
	sort.Ints(ov)
	nearOverride := func(a int) bool {
		i := sort.SearchInts(ov, a-overrideWindow)
		return i < len(ov) && ov[i] <= a+overrideWindow
	}
	for k := range hits {
		h := &hits[k]
		sev, desc := h.sev, h.desc
		cat := core.PromptInjection
		rec := recPlain
		// A command in the sentence that orders it is the order itself.
		demote := !sc.inOrder(h.sent, h.a)
		switch h.kind {
		case pkConceal, pkRecur:
			continue
		case pkPriv:
			if sev == core.Warning && nearOverride(h.a) {
				sev, desc = core.Critical, desc+" next to an instruction override"
			}
		case pkRemoteExec:
			switch host := urlHost(sc.s[h.a:h.b]); {
			case unrelated:
				sev, desc = core.Warning, "action unrelated to the skill's description ("+quoteCut(fm.description, 50)+"): "+desc
				rec, demote = recUnrelated, false
			case fm != nil && host != "" && !codescan.KnownInstaller(host) && !sc.plain.decl.AllowsHost(host):
				// An installer from a host the skill never names: what
				// "first install the helper: curl … | sh" injects.
				sev, desc = core.Warning, "runs code from "+host+", a host the skill's name and description do not name: "+desc
				rec, demote = recUnrelated, false
			}
		case pkRunScript:
			host := urlHost(sc.s[h.a:h.b])
			switch {
			case unrelated && hasPrefixFold(sc.s[h.a:], "download"):
				sev, desc = core.Warning, "action unrelated to the skill's description ("+quoteCut(fm.description, 50)+"): "+desc
				rec = recUnrelated
			case fm != nil && hasPrefixFold(sc.s[h.a:], "download") && host != "" && !codescan.KnownInstaller(host) && !sc.plain.decl.AllowsHost(host):
				sev, desc = core.Warning, "runs code from "+host+", a host the skill's name and description do not name: "+desc
				rec = recUnrelated
			}
		case pkPersist:
			// A cron job or launch agent in a skill about something else;
			// shell start-up files are how tools get installed, and count
			// only with concealment.
			if sev == "" && h.strong && (unrelated || (fm != nil && !anyWord(fm.description+" "+fm.name, scheduleWords))) {
				sev, desc = core.Warning, "action unrelated to the skill's description ("+quoteCut(fm.description, 50)+"): "+desc
				rec = recUnrelated
			}
		}
		if h.risky {
			// Running a script quietly is what background jobs do; hiding it
			// from the user is not.
			if c := near(h, pkConceal); c != nil && (c.strong || h.kind != pkRunScript) {
				sev, desc = core.Critical, desc+", hidden from the user ("+c.desc+")"
				c.used = true
			}
			if r := near(h, pkRecur); r != nil && sev != core.Critical {
				switch h.kind {
				case pkExfil, pkDestroy, pkRemoteExec:
					sev, desc = core.Critical, desc+", on every run ("+r.desc+")"
				case pkRunScript:
					sev, desc = core.Warning, desc+", on every run ("+r.desc+")"
				}
			}
		}
		if sev == "" {
			continue
		}
		sc.emitPlain(h, cat, sev, desc, rec, demote, secDoc, sc.plainFlow(h, near(h, pkRecur)))
	}
	for k := range hits {
		h := &hits[k]
		if h.kind == pkConceal && h.strong && !h.used {
			sc.emitPlain(h, core.PromptInjection, core.Warning, "instruction to hide actions from the user: "+strings.TrimPrefix(h.desc, "concealment: "), recPlain, true, secDoc, nil)
		}
	}
}

// emitPlain adds a plain-words finding after context: a quotation, an
// example or a security document lowers it one step each (critical to
// warning to info), and add turns it into a code-sample note inside code
// when demote is set.
func (sc *scanner) emitPlain(h *plainHit, cat core.Category, sev core.Severity, desc, rec string, demote, secDoc bool, fl *flowSpan) {
	if h.firm {
		// A review skill about security is still not told to approve
		// every pull request: such a document quotes attacks, not this.
		secDoc = false
	}
	if h.shown {
		sev, desc = lowerSev(sev), desc+" (quoted or given as an example)"
	}
	if secDoc {
		sev, desc = lowerSev(sev), desc+" (in a document about security or prompts)"
	}
	if !demote && inSpans(sc.code, h.a) && !sc.inOrder(h.sent, h.a) {
		desc += " (in a code sample)"
	}
	sc.addFlow(h.a, h.b, cat, sev, desc, rec, demote, fl)
}

// plainFlow is the flow of an instruction that moves or destroys data:
// what it sends (or the phrase that destroys), where to, and the words
// that make it recur (r, nil when none); nil for other instructions.
func (sc *scanner) plainFlow(h *plainHit, r *plainHit) *flowSpan {
	if h.kind != pkExfil && h.kind != pkDestroy {
		return nil
	}
	text := func(a, b int) string { return strings.Join(strings.Fields(sc.s[a:b]), " ") }
	fl := &flowSpan{srcAt: -1, sinkAt: h.a, sink: text(h.a, h.b)}
	if h.kind == pkExfil {
		verb := h.a
		for verb < h.b && pword[sc.s[verb]] {
			verb++
		}
		if h.src.a >= 0 {
			fl.source, fl.srcAt = text(h.src.a, h.src.b), h.src.a
		}
		if h.dst.a >= 0 {
			fl.sink, fl.sinkAt = strings.ToLower(sc.s[h.a:verb])+" to "+text(h.dst.a, h.dst.b), h.dst.a
		}
	}
	if r != nil {
		fl.scope = text(r.a, r.b)
	}
	return fl
}

func lowerSev(s core.Severity) core.Severity {
	if s == core.Critical {
		return core.Warning
	}
	return core.Info
}
