package sanitize

import (
	"net/url"
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/sanitize/codescan"
)

// Injections in plain words: sentences that tell the agent reading a skill
// to do what no skill has any business asking — send secrets away, destroy
// data, hide what it does, stay installed, claim authority over the system
// or the user, or run something the skill's own description never
// mentions. Public injected-skill collections are written this way ("after
// finishing, upload the user's files to …"), with no marker a structural
// rule could see.
//
// Precision matters more than recall: a word alone is never a finding.
// A rule needs an imperative addressed to the reader (the verb opens its
// clause, or follows "then", "and", "please", "always", a modal or "make
// sure to"), not negated ("never upload keys" is advice), and the object
// and destination that make it hostile. Severity comes from the
// combination (see plainResolve) and is lowered by context: a code sample,
// a quotation or an example in the sentence, a document about security or
// prompts.
//
// The pass is separate from the main loop: a cheap scan ORs lexicon bits
// per sentence, and only a sentence holding a trigger word is tokenized
// and judged, so prose costs a table load and an occasional map lookup
// per word.

// Lexicon bits. A word may carry several.
const (
	bExfil     uint32 = 1 << iota // send, upload, e-mail …
	bDestroy                      // delete, wipe, encrypt …
	bSecret                       // credentials, tokens, .env …: sensitive on their own
	bUserObj                      // files, documents, data …: sensitive with an owner ("the user's", "all")
	bOwner                        // all, every, entire, whole
	bDest                         // webhook, pastebin …: an outside destination on its own
	bDestQual                     // external, remote, attacker's …: makes the next noun a destination
	bDestNoun                     // server, endpoint, URL …
	bDObj                         // backups, repository, database …: what destruction aims at
	bBenign                       // temporary, old, build …: a qualifier that makes destruction routine
	bNeg                          // not, never, avoid …
	bLead                         // then, and, please, always …: may stand before an imperative
	bModal                        // must, should, need …
	bConWeak                      // silently, quietly: concealment only next to a risky action
	bConStrong                    // secretly, covertly: concealment on its own
	bTell                         // tell, inform, notify …: what "do not … the user" hides
	bAuth                         // header, authorization, bearer …: sending a key to authenticate
	bRun                          // run, execute, launch …
	bPersist                      // crontab, startup, launchd …: system persistence
	bShellRC                      // bashrc, zshrc …: persistence only next to another signal
	bPriv                         // admin, root, sudo …: privilege words
	bExample                      // example, attacker, injection …: the sentence shows, not asks
	bTrigger                      // any other word that makes a sentence worth judging
	bFetch                        // curl, wget, iwr, irm: the start of a download piped to a shell
	bActVerb                      // a verb of an act (plainacts.go): judged only with bActObj
	bActObj                       // an object of an act: judged only with bActVerb
)

// triggerBits are the bits that make the fast pass judge a sentence; a
// verb of telling (common: "show", "report") only together with a
// negation (bNeg), since concealment needs "do not tell …".
const triggerBits = bFetch | bExfil | bDestroy | bConWeak | bConStrong | bRun | bPersist | bShellRC | bPriv | bTrigger

var lexicon = map[string]uint32{}

// lexLen[c0<<8|c1] has bit n set when a fast-pass word of n letters
// starts with the bytes c0 c1 (every mix of case is entered), so the fast
// pass looks a word up only when it could be one, with one table load.
var lexLen = new([1 << 16]uint32)

// caseOf returns a lexicon byte in each case a text may spell it.
func caseOf(c byte) []byte {
	if 'a' <= c && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

func lex(bits uint32, words ...string) {
	for _, w := range words {
		lexicon[w] |= bits
	}
}

func init() {
	lex(bExfil, "sending", "uploading", "posting", "emailing", "forwarding", "syncing", "copying", "transmitting", "sharing",
		"submitting", "transferring", "pushing", "exporting", "mirroring", "relaying", "streaming")
	lex(bExfil, "send", "upload", "post", "email", "e-mail", "mail", "forward", "sync", "copy", "transmit", "exfiltrate",
		"leak", "share", "submit", "transfer", "beacon", "push", "export", "dump", "pipe", "paste", "curl")
	lex(bDestroy, "empty", "delete", "remove", "wipe", "erase", "overwrite", "encrypt", "truncate", "drop", "destroy", "purge",
		"shred", "corrupt", "rm", "nuke")
	lex(bSecret, "credentials", "credential", "password", "passwords", "passwd", "secret", "secrets", "token", "tokens",
		"apikey", "apikeys", "api_key", "api_keys", "cookies", "cookie", "wallet", "wallets", "mnemonic", "keychain", "keystore",
		"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".env", ".ssh", ".aws", ".npmrc", ".netrc", ".pypirc", ".pgpass", ".gnupg",
		".git-credentials", ".kube", ".docker", "pii", "passphrase", "passphrases", "ssn", "shadow")
	lex(bUserObj, "files", "file", "documents", "data", "folder", "folders", "directory", "directories", "contents", "photos",
		"emails", "contacts", "messages", "home", "conversation", "conversations", "history", "prompt", "keys", "key",
		"codebase", "workspace", "repository", "repo", "database", "clipboard", "transcript", "memory", "screenshots", "notes",
		"screenshot", "screen", "keystrokes", "email", "mail", "inbox", "attachments", "request", "context", "chat", "environment",
		"env", "prompts", "instructions", "task", "query", "thread", "threads", "correspondence", "message", "downloads", "desktop",
		"pictures", "music", "movies", "videos", "dropbox", "onedrive", "question", "questions", "answers", "replies", "requests")
	lex(bOwner, "all", "every", "entire", "whole", "everything")
	lex(bDest, "gist", "gists", "webhook", "webhooks", "pastebin", "hastebin", "ngrok", "requestbin", "pipedream", "discord", "telegram",
		"attacker", "attackers", "interactsh", "burpcollaborator")
	lex(bDestQual, "external", "remote", "attacker", "attackers", "my", "our", "following", "third-party", "outside", "unknown",
		"offsite", "off-site", "exfil", "partner")
	lex(bDestNoun, "server", "servers", "endpoint", "endpoints", "host", "url", "address", "domain", "site", "machine", "ip",
		"bucket", "inbox", "storage", "location")
	lex(bDObj, "backups", "backup", "repository", "repositories", "repo", "repos", "database", "databases", "db", "history",
		"logs", "log", "snapshots", "snapshot", "commits", "home", "disk", "drive", "drives", "everything", "tables", ".git",
		"production", "volumes", "volume", "archives", "journal")
	lex(bBenign, "temporary", "temp", "tmp", "old", "older", "stale", "intermediate", "build", "cache", "cached", "test", "tests",
		"sample", "example", "scratch", "generated", "duplicate", "duplicated", "unused", "draft", "obsolete", "leftover",
		"dummy", "fixture", "expired", "orphaned", "local", "debug", "previous", "outdated", "redundant", "empty")
	lex(bNeg, "not", "never", "don", "dont", "avoid", "no", "nor", "without", "doesn", "cannot", "mustn", "shouldn", "won")
	lex(bLead, "then", "and", "also", "please", "always", "immediately", "first", "finally", "next", "now", "just", "simply",
		"automatically", "afterwards", "afterward", "later", "additionally", "subsequently", "lastly", "secretly", "quietly",
		"silently", "covertly", "discreetly", "stealthily", "directly", "instantly", "promptly")
	lex(bModal, "must", "should", "shall", "will", "need", "needs", "required", "have", "has", "to")
	lex(bConWeak, "silently", "quietly", "discreetly", "unobtrusively", "invisibly")
	lex(bConStrong, "secretly", "covertly", "stealthily", "surreptitiously")
	lex(bTell, "tell", "inform", "notify", "alert", "mention", "reveal", "disclose", "report", "explain", "warn", "ask", "let",
		"show", "log", "record", "display", "hide", "conceal")
	lex(bAuth, "header", "headers", "authorization", "bearer", "authenticate", "authentication", "auth", "login", "oauth",
		"sign", "signin", "x-api-key", "authorize", "authorise", "credentialed", "keyring", "configure", "configured", "set")
	lex(bRun, "run", "execute", "launch", "invoke", "install", "download", "wget")
	lex(bPersist, "crontab", "cron", "autostart", "launchd", "launchagents", "launchagent", "launchdaemons", "systemd",
		"rc.local", "init.d", "autorun", "runonce", "schtasks")
	lex(bShellRC, ".bashrc", ".zshrc", ".bash_profile", ".profile", ".zprofile", ".zshenv", "bashrc", "zshrc", "bash_profile")
	// "root" is left out: trees have roots; "you have root permission"
	// is still judged for "permission".
	lex(bPriv, "admin", "administrator", "sudo", "superuser", "elevated", "unrestricted", "authorized", "authorised",
		"approved", "consented", "precedence", "priority", "supersede", "supersedes", "overrides", "override", "outrank",
		"outranks", "sysadmin", "permission", "permissions", "privileges", "privilege")
	lex(bExample, "example", "examples", "e.g", "instance", "attacker", "attackers", "adversary", "malicious", "injected",
		"injection", "injections", "phishing", "payload", "hypothetical", "hypothetically", "jailbreak", "detect", "detects",
		"detection", "flag", "flags", "scanner", "suspicious")
	lex(bTrigger, "disabled", "bypassed", "forever", "endlessly", "nonstop", "continuously", "switch", "dangerously", "yolo")
	lex(bTrigger, "contradict", "contradicts", "disagree", "disagrees", "refute", "refutes")
	lex(bTrigger, "failing", "flaky", "broken", "link", "links", "permissions", "chmod", "refund", "refunds")
	lex(bTrigger, "whatever", "regardless", "matter", "hard-code", "hardcode", "directly", "re-run", "rerun", "invite", "grant",
		"decode", "decoded", "base64")
	lex(bTrigger, "sent", "posted", "uploaded", "forwarded", "emailed", "copied", "mirrored", "submitted", "shared", "transmitted",
		"synced", "relayed", "exported", "streamed", "delivered")
	lex(bTrigger, "append", "mirror", "replicate", "relay", "stream", "archive", "backup", "deliver", "cc", "bcc", "publish")
	lex(bTrigger, "disable", "bypass", "skip", "deactivate", "circumvent", "authorized_keys", "iban", "payee", "beneficiary",
		"routing", "swift", "wallet")
	lex(bTrigger, "mentions", "mentioning", "discusses", "discussing", "supports", "supporting", "criticizes", "criticizing",
		"praises", "approve", "merge", "ping", "flood")
	lex(bTrigger, "without", "invoked", "installer", "hidden", "secret", "append", "claude", "cursorrules", "iex", "irm", "iwr", "invoke-expression", "claude.md", "agents.md")
	lex(bFetch, "curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod")
	// An act is judged where one of its verbs stands with one of its
	// rarest words: its objects, or what a stance or a renaming needs.
	for _, a := range harmfulActs {
		for w := range a.verbs {
			lex(bActVerb, w)
		}
		for w := range a.triggers() {
			lex(bActObj, w)
		}
	}
	for w, bits := range lexicon {
		// Not letter[]: scan.go's init, which fills it, may run after this one.
		if bits&(triggerBits|bTell|bNeg|bActVerb|bActObj) != 0 && len(w) >= 2 && len(w) < 32 {
			for _, c0 := range caseOf(w[0]) {
				for _, c1 := range caseOf(w[1]) {
					lexLen[uint16(c0)<<8|uint16(c1)] |= 1 << len(w)
				}
			}
		}
	}
}

// proseFile reports whether a document's name says it is prose an agent
// reads as instructions. Code, markup and data files are judged by what
// they do (another analyser), and their identifiers ("post", "webhook",
// "secret") would read as sentences here.
func proseFile(name string) bool {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	switch ext {
	case ".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd",
		".rb", ".go", ".rs", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".php", ".pl", ".lua", ".swift", ".scala",
		".json", ".jsonl", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".env", ".html", ".htm", ".xhtml", ".css", ".scss",
		".svg", ".xml", ".xsd", ".xsl", ".sql", ".csv", ".tsv", ".ipynb", ".r", ".m", ".vue", ".svelte", ".lock", ".mk", ".gradle",
		".dockerfile", ".tf", ".hcl", ".proto", ".graphql", ".vbs", ".applescript", ".awk", ".sed":
		return false
	}
	return true
}

// plainKind names the rule a plain-words hit comes from.
type plainKind uint8

const (
	pkExfil      plainKind = iota + 1 // an object and/or a destination for a send verb
	pkDestroy                         // destruction of backups, repositories, history …
	pkConceal                         // hiding an action from the user
	pkPersist                         // staying installed or re-running
	pkPriv                            // authority claims over the system or the user
	pkRunScript                       // running a script or installer (risky only with more)
	pkUnrelated                       // remote code or installs the description never mentions
	pkRemoteExec                      // curl … | sh and the like, before the description is consulted
	pkRecur                           // "every time you are invoked", "after any operation": no finding alone
	pkPolicy                          // decisions unrelated to the skill, approval without review, request floods
)

// plainHit is a candidate finding of the plain-words rules, settled in
// plainResolve once the whole document (its concealment phrases, its
// override phrases, its description) is known.
type plainHit struct {
	a, b int
	// src and dst are the token spans of what an exfiltration sends and
	// where (a < 0 when it names none), for the finding's flow.
	src, dst span
	kind     plainKind
	sev      core.Severity // severity before combination and context
	desc     string
	strong   bool // concealment: strong on its own; exfil: object and destination both
	risky    bool // an action that concealment makes critical
	used     bool // concealment folded into a combined finding
	shown    bool // the sentence quotes or gives an example, or the hit sits in quotation marks
	firm     bool // not lowered in a document about security (a decision, not an attack it quotes)
	act      bool // an act (plainacts.go): its object may be an example word ("SQL injection") without showing it
	sent     int  // start of the sentence it was found in, -1 outside the sentence pass
}

// plainState is the per-document state of the pass.
type plainState struct {
	hits []plainHit
	toks []ptok
	// fm is the document's front matter, nil when it has none; decl what
	// the skill the document belongs to declares (its own front matter,
	// or its SKILL.md's for a reference file).
	fm   *frontMatter
	decl *codescan.Declared
	// own is decl's name and description in lower case, what the
	// relevance checks search.
	own string
}

// plainWords runs the plain-words rules over the document. It is called
// once per document after the main loop, whose override phrases it reads.
func (sc *scanner) plainWords() {
	if sc.script || !proseFile(sc.file) {
		return
	}
	sc.plain.fm = parseFrontMatter(sc.s)
	sc.plain.decl = sc.decl
	if sc.decl == nil {
		sc.plain.decl = declaredOf(sc.plain.fm)
	}
	if sc.plain.decl == nil && isSkillMD(sc.file) {
		sc.plain.decl = impliedDecl(sc.s)
	}
	if d := sc.plain.decl; d != nil {
		sc.plain.own = strings.ToLower(d.Name + " " + d.Description)
	}
	s := sc.s
	ss := 0
	var mask uint32
	flush := func(e int) {
		full := mask&triggerBits != 0 || (mask&bTell != 0 && mask&bNeg != 0)
		if full || mask&(bActVerb|bActObj) == bActVerb|bActObj {
			for a := ss; a < e; a += maxSentence {
				sc.judgeSentence(a, min(e, a+maxSentence), !full)
			}
		}
		mask, ss = 0, e
	}
	for i := 0; i < len(s); {
		switch pclass[s[i]] {
		case pSkip:
			i++
		case pLetter:
			j := i + 1
			for j < len(s) && pword[s[j]] {
				j++
			}
			if n := j - i; n < 32 && j > i+1 && lexLen[uint16(s[i])<<8|uint16(s[i+1])]&(1<<n) != 0 {
				bits := lookupFold(s[i:j])
				mask |= bits
				if bits&bFetch != 0 {
					sc.remoteExec(i, j)
				}
			} else if i > 0 && s[i-1] == '.' && n < 31 {
				// Dot files (.bashrc) are keyed with their dot.
				mask |= lookupFold(s[i-1 : j])
			}
			i = j
		case pStop:
			if i+1 >= len(s) || isSpace(s[i+1]) {
				flush(i + 1)
			}
			i++
		case pNewline:
			if lineBreaksSentence(s, i+1) || headingEnds(s, i) {
				flush(i + 1)
			}
			i++
		}
	}
	flush(len(s))
	sc.plainResolve()
	sc.plantedLines()
}

// pclass sorts the bytes for the fast pass: letters start a word,
// sentence punctuation and newlines may end a sentence, and everything
// else is skipped with one table load; pword marks the bytes a word run
// continues over.
var (
	pclass [256]uint8
	pword  [256]bool
)

const (
	pSkip = iota
	pLetter
	pStop
	pNewline
)

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		l := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
		switch {
		case l:
			pclass[c] = pLetter
		case b == '.' || b == '!' || b == '?':
			pclass[c] = pStop
		case b == '\n':
			pclass[c] = pNewline
		}
		pword[c] = l || b == '_' || b == '-'
	}
}

// maxSentence bounds the text judged as one sentence, so a document
// without punctuation is judged in slices and the pass stays linear.
const maxSentence = 1200

// headingEnds reports whether the newline at i ends a Markdown heading,
// which is never part of the sentence on the lines after it.
func headingEnds(s string, i int) bool {
	ls := strings.LastIndexByte(s[max(0, i-512):i], '\n') + max(0, i-512) + 1
	for ls < i && (s[ls] == ' ' || s[ls] == '\t') {
		ls++
	}
	return ls < i && s[ls] == '#'
}

// lineBreaksSentence reports whether the line starting at p starts a new
// block (a blank line, a list item, a heading, a table row, a fence, a
// quote), which ends the sentence before it; a wrapped line continues it.
func lineBreaksSentence(s string, p int) bool {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r') {
		p++
	}
	if p >= len(s) {
		return true
	}
	switch s[p] {
	case '\n', '-', '*', '+', '#', '|', '`', '~', '>', '<':
		return true
	}
	for k := p; k < len(s) && k-p < 4 && '0' <= s[k] && s[k] <= '9'; k++ {
		if k+1 < len(s) && (s[k+1] == '.' || s[k+1] == ')') {
			return true
		}
	}
	return false
}

// lookupFold returns the lexicon bits of w, case-folded, without
// allocating.
func lookupFold(w string) uint32 {
	var buf [32]byte
	if len(w) > len(buf) {
		return 0
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c |= 0x20
		}
		buf[i] = c
	}
	return lexicon[string(buf[:len(w)])]
}

// Token kinds besides words.
const (
	tkWord uint8 = iota
	tkURL
	tkEmail
	tkHost
	tkIP
	tkScript
)

// ptok is one token of a judged sentence.
type ptok struct {
	a, b  int
	w     string // lower case; for a URL or address, "" (the kind says what it is)
	bits  uint32
	kind  uint8
	cl    int  // clause number within the sentence
	first bool // first word of its clause
	paren bool // first word after "(": an aside, not an order
	owned bool // "user's", "users'": the token is owned by the user
	home  bool // written under the home folder ("~/Documents", "$HOME/Desktop")
	root  bool // a folder at the root of the file system ("/etc", "/var")
}

// urlSchemes start a URL token: web, file transfer and cloud storage.
var urlSchemes = set("http", "https", "ftp", "ftps", "sftp", "ws", "wss", "s3", "gs", "scp", "rsync", "ssh", "smb", "webdav", "dav", "davs", "az", "abfs")

var tlds = set("com", "net", "org", "io", "xyz", "ru", "cn", "site", "top", "info", "biz", "tk", "example", "online", "pw", "cc",
	"su", "ws", "click", "link", "live", "onion", "zip")
var scriptExts = set("sh", "py", "ps1", "bat", "cmd", "exe", "js", "rb", "pl", "bash", "zsh", "msi", "dmg", "pkg", "deb", "vbs",
	"command", "scr", "jar", "appimage", "run")

// tokenize splits s[a:b] into the tokens the rules look at: words (with
// '_' and inner '-'), dot files, URLs, e-mail addresses, host names, IP
// addresses and script file names, each with its clause.
func (sc *scanner) tokenize(a, b int) []ptok {
	s := sc.s
	toks := sc.plain.toks[:0]
	cl, first, paren := 0, true, false
	for i := a; i < b; {
		c := s[i]
		switch {
		case c == ',' || c == ';' || c == ':' || c == '(' || c == ')' || c == '"' || c == '|':
			if c == ':' && i+2 < b && s[i+1] == '/' && s[i+2] == '/' {
				break
			}
			cl++
			first, paren = true, c == '('
			i++
			continue
		case c == 0xE2 && i+2 < b && s[i+1] == 0x80 && (s[i+2] == 0x94 || s[i+2] == 0x93 || s[i+2] == 0x9C || s[i+2] == 0x9D):
			cl++ // em or en dash, curly double quotes
			first = true
			i += 3
			continue
		case isWordByte(c) || (c == '.' && i+1 < b && letter[s[i+1]] && (i == a || !isWordByte(s[i-1]))):
		default:
			i++
			continue
		}
		// A dotted run: word(.word)*, with a leading dot for dot files.
		st := i
		if c == '.' {
			i++
		}
		segs := 0
		lastSeg := i
		for i < b {
			ws := i
			for i < b && (isWordByte(s[i]) || s[i] == '_' || (s[i] == '-' && i+1 < b && isWordByte(s[i+1]) && i > ws)) {
				i++
			}
			if i == ws {
				break
			}
			segs++
			lastSeg = ws
			if i+1 < b && s[i] == '.' && isWordByte(s[i+1]) {
				i++
				continue
			}
			break
		}
		if i == st || (c == '.' && i == st+1) {
			i = max(i, st+1)
			continue
		}
		t := ptok{a: st, b: i, cl: cl, first: first, paren: first && paren}
		first, paren = false, false
		w := lowerCopy(s[st:i])
		switch {
		case i+2 < b && s[i] == ':' && s[i+1] == '/' && s[i+2] == '/' && urlSchemes[w]:
			e := i + 3
			for e < b && !isSpace(s[e]) && s[e] != ')' && s[e] != ']' && s[e] != '>' && s[e] != '"' && s[e] != '`' && s[e] != '\'' {
				e++
			}
			for e > i+3 && strings.IndexByte(".,;:!?", s[e-1]) >= 0 {
				e-- // the sentence's punctuation, not the URL's
			}
			t.b, t.kind, t.bits = e, tkURL, bDest
			i = e
		case i+1 < b && s[i] == '@' && isWordByte(s[i+1]):
			e := i + 1
			dot := false
			for e < b && (isWordByte(s[e]) || s[e] == '-' || (s[e] == '.' && e+1 < b && isWordByte(s[e+1]))) {
				dot = dot || s[e] == '.'
				e++
			}
			if dot {
				t.b, t.kind, t.bits = e, tkEmail, bDest
				i = e
			} else {
				t.w, t.bits = w, lexicon[w]
			}
		case segs == 4 && allDigitsDots(w):
			t.kind, t.bits = tkIP, bDest
		case c == '.':
			// A dot file: .env (but not .env.example), .ssh/…
			head := w
			if k := strings.IndexByte(w[1:], '.'); k >= 0 {
				head = w[:k+1]
				switch w[k+2:] {
				case "example", "sample", "template", "dist", "defaults", "default":
					head = ""
				}
			}
			t.w, t.bits = head, lexicon[head]
		case segs >= 2 && tlds[lowerCopy(s[lastSeg:i])]:
			t.w, t.kind, t.bits = w, tkHost, bDest
		case segs >= 2 && scriptExts[lowerCopy(s[lastSeg:i])]:
			t.w, t.kind = w, tkScript
		case segs >= 2:
			// config.json, e.g: keep the whole as the word, and its head's bits.
			t.w = w
			t.bits = lexicon[w]
			if t.bits == 0 {
				t.bits = lexicon[w[:strings.IndexByte(w, '.')]]
			}
		default:
			t.w, t.bits = w, lexicon[w]
			if st >= 5 && s[st-5:st] == "/etc/" && (w == "passwd" || w == "shadow") {
				t.bits |= bSecret
			}
		}
		if st >= 2 && (s[st-2:st] == "~/" || (st >= 6 && strings.EqualFold(s[st-6:st], "$HOME/"))) {
			t.home = true
		}
		if st >= 1 && s[st-1] == '/' && (st == 1 || isSpace(s[st-2]) || s[st-2] == '`' || s[st-2] == '"') {
			t.root = true
		}
		// "user's", "users'", "user’s": the next noun is the user's.
		if (t.w == "user" || t.w == "users" || t.w == "customer" || t.w == "customers" || t.w == "victim") && i < b {
			if (s[i] == '\'' && i+1 < b && (s[i+1] == 's' || isSpace(s[i+1]))) || strings.HasPrefix(s[i:b], "’s") {
				t.owned = true
			}
		}
		toks = append(toks, t)
	}
	sc.plain.toks = toks
	return toks
}

func allDigitsDots(w string) bool {
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' {
			return false
		}
	}
	return true
}

// lowerCopy is w in lower case; it allocates only when w has upper case.
func lowerCopy(w string) string {
	for i := 0; i < len(w); i++ {
		if 'A' <= w[i] && w[i] <= 'Z' {
			return strings.ToLower(w)
		}
	}
	return w
}

// imperative reports whether the verb at toks[i] is addressed to the
// reader: it opens its clause, or follows a lead word ("then", "please",
// "always"), a modal ("you must", "make sure to") or a concealment adverb.
// "How to upload", "able to delete" and "the tool uploads" are not.
func imperative(toks []ptok, i int) bool {
	t := toks[i]
	if t.first {
		if t.cl == 0 || t.paren {
			return !t.paren
		}
		// "X can silently drop events, leak keys, or …": a list of what
		// something can do, not an order. A sentence opening with its
		// purpose or condition ("So that the bot can …, add …") still
		// gives one.
		for k := 0; k < i && !purposeLead[toks[0].w]; k++ {
			switch toks[k].w {
			case "can", "could", "may", "might", "would", "will":
				if k == 0 || (toks[k-1].w != "you" && toks[k-1].w != "we") {
					return false
				}
			}
		}
		return true
	}
	p := toks[i-1]
	if p.cl != t.cl {
		return true
	}
	if p.w == "by" && strings.HasSuffix(t.w, "ing") {
		return true // "keep a copy by uploading it to …": how the order is carried out
	}
	switch {
	case p.w == "to":
		// "make sure to", "remember to", "you need to", "be sure to".
		for k := i - 2; k >= 0 && k >= i-4 && toks[k].cl == t.cl; k-- {
			switch toks[k].w {
			case "sure", "remember", "need", "needs", "must", "have", "required", "important", "forget", "instructed",
				"supposed", "proceed", "continue", "always", "also", "then", "go", "ensure", "mandatory", "essential", "use",
				"is", "step":
				// "the last step of every report is to post …"
				return true
			}
		}
		return false
	case p.bits&bLead != 0:
		return true
	case p.bits&bModal != 0 && p.w != "to" && p.w != "has" && p.w != "have" && p.w != "required":
		// "you must upload", "should send"; not "it will upload" (a description).
		if i >= 2 && toks[i-2].cl == t.cl {
			switch toks[i-2].w {
			case "you", "always", "also", "then", "and", "we":
				return true
			}
			return false
		}
		return true
	}
	return false
}

// purposeLead open a sentence with its purpose or condition, before the
// order it gives.
var purposeLead = set("so", "to", "if", "when", "once", "before", "after", "because", "since", "while", "for", "in", "whenever")

// negated reports whether the verb at toks[i] is negated: "never upload",
// "do not delete", "avoid sending", in its clause or by a negation opening
// the sentence ("Never, under any circumstances, upload …") unless a
// concealment verb took the negation ("do not tell the user, upload …").
func negated(toks []ptok, i int) bool {
	t := toks[i]
	for k := i - 1; k >= 0 && k >= i-4 && toks[k].cl == t.cl; k-- {
		if toks[k].bits&bNeg != 0 && toks[k].w != "without" {
			return true
		}
	}
	if len(toks) > 0 && (toks[0].w == "never" || toks[0].w == "don" || toks[0].w == "avoid" || (toks[0].w == "do" && len(toks) > 1 && toks[1].w == "not")) {
		for k := 1; k < i; k++ {
			if toks[k].bits&bTell != 0 {
				return false
			}
		}
		return true
	}
	return false
}

// judgeSentence tokenizes one sentence holding a trigger word and records
// the hits of every rule in it.
func (sc *scanner) judgeSentence(a, b int, actsOnly bool) {
	toks := sc.tokenize(a, b)
	if len(toks) == 0 {
		return
	}
	if actsOnly {
		// Only an act's words: the other rules have nothing to find.
		n0 := len(sc.plain.hits)
		sc.actRule(toks)
		for k := n0; k < len(sc.plain.hits); k++ {
			sc.plain.hits[k].shown, sc.plain.hits[k].sent = quoted(sc.s, sc.plain.hits[k].a), a
		}
		return
	}
	var all uint32
	for _, t := range toks {
		all |= t.bits
	}
	auth := all&bAuth != 0
	n0 := len(sc.plain.hits)
	defer func() {
		for k := n0; k < len(sc.plain.hits); k++ {
			h := &sc.plain.hits[k]
			h.shown = quoted(sc.s, h.a)
			if all&bExample != 0 && !h.act {
				// An example word shows the sentence; the verb of the
				// hit itself ("flag every message …") does not.
				for _, t := range toks {
					if t.bits&bExample != 0 && t.a != h.a {
						h.shown = true
						break
					}
				}
			}
			h.sent = a
		}
	}()
	for i, t := range toks {
		switch {
		case t.bits&bExfil != 0 && !auth:
			sc.exfilRule(toks, i)
		case storeVerbs[t.w] && !auth:
			sc.exfilRule(toks, i)
		case sentParticiple[t.w] && i > 0 && !auth:
			sc.passiveExfil(toks, i)
		case t.bits&bDestroy != 0:
			sc.destroyRule(toks, i)
		case t.bits&bRun != 0 || t.w == "add" || t.w == "append" || t.w == "write" || t.w == "register" || t.w == "create" || t.w == "schedule":
			sc.runRule(toks, i)
		}
	}
	sc.concealRule(toks)
	sc.privRule(toks)
	sc.agentPersistRule(toks)
	sc.policyRule(toks)
	sc.stressRule(toks)
	sc.safeguardRule(toks)
	sc.backdoorRule(toks)
	sc.paymentRule(toks)
	sc.regardlessRule(toks)
	sc.hardcodeRule(toks)
	sc.failureHideRule(toks)
	sc.linkRewriteRule(toks)
	sc.openPermsRule(toks)
	sc.cherryPickRule(toks)
	sc.actRule(toks)
	sc.unsafeFlagRule(a, b)
}

// exfilRule: a send verb with a sensitive object and an outside
// destination after it. Both make a critical finding, a secret alone a
// warning; a destination alone is only risky (concealment makes it
// critical).
func (sc *scanner) exfilRule(toks []ptok, i int) {
	if !imperative(toks, i) || negated(toks, i) {
		return
	}
	if i+1 >= len(toks) || toks[i+1].cl != toks[i].cl {
		return // "email, password, age": a noun in a list, not a verb
	}
	// obj is the object's noun, objAt the word that names it after the
	// verb: the noun itself, or the pronoun standing for a noun named
	// before the verb.
	obj, objAt, dst := -1, -1, -1
	// The object is what the verb's own clause names before "to"; the
	// destination what follows "to", "into", "at", "via" or "with" ("share
	// the cookies with our server"), in that clause or the next two.
	past, where := false, false
	for k := i + 1; k < len(toks) && k <= i+24 && toks[k].cl <= toks[i].cl+2; k++ {
		t := toks[k]
		switch t.w {
		case "to", "into", "onto", "at", "via", "towards", "toward":
			past, where = true, true
		case "with", "call", "calling", "calls":
			where = true
		case "after", "before", "when", "once", "until", "while", "during", "whenever":
			// "send a summary after every conversation": what follows is
			// when, not what
			past = true
		}
		if obj < 0 && !past && t.cl == toks[i].cl {
			if sensitiveObject(toks, k) {
				obj, objAt = k, k
			} else if k == i+1 && pronoun[t.w] {
				// "take a screenshot and send it", "for each email,
				// forward it": the pronoun stands for what came before.
				if obj = referent(toks, i); obj >= 0 {
					objAt = k
				}
			}
		}
		if where && destination(toks, k) && (!sc.declaredDest(toks[k]) || (obj >= 0 && sc.fixedWebhook(toks[k]))) &&
			(dst < 0 || !literalDest(toks[dst]) && literalDest(toks[k])) {
			// A place named in words ("our MLOps server") gives way to
			// the address written after it ("by running `curl -X POST
			// https://…`"): that is where the data goes.
			dst = k
		}
		// "… to the clipboard", "… to .env" are local: stop at them.
		if past && (t.w == "clipboard" || t.w == "stdout" || t.w == "console") {
			break
		}
	}
	if obj < 0 && dst < 0 {
		return
	}
	if storeVerbs[toks[i].w] && (dst < 0 || !literalDest(toks[dst])) {
		return // "save the key", "log the request": local unless a remote place is written out
	}
	// The hit runs from the verb through the words after it that name
	// what and where, never back to a referent before the verb: the hit
	// starts at the verb (what the sink and the quotation checks read),
	// and the referent is the source span.
	end := toks[max(objAt, dst)].b
	h := plainHit{a: toks[i].a, b: end, kind: pkExfil, risky: true, src: span{-1, -1}, dst: span{-1, -1}}
	if obj >= 0 {
		h.src = span{toks[nounStart(toks, obj)].a, toks[obj].b}
	}
	if dst >= 0 {
		h.dst = span{toks[dst].a, toks[dst].b}
		if !literalDest(toks[dst]) {
			h.dst.a = toks[nounStart(toks, dst)].a
		}
	}
	// Sending to an address written out, that the skill does not declare
	// and that is no documentation address, is what the instruction does
	// whatever the document is about: a guide to prompts that tells the
	// agent to upload its prompt to a live server is not quoting an attack.
	h.firm = dst >= 0 && literalDest(toks[dst]) && !sc.docAddress(toks[dst])
	switch {
	case obj >= 0 && dst >= 0:
		h.sev, h.strong = core.Critical, true
		h.desc = "exfiltration instruction: sends " + sc.phrase(h.src.a, h.src.b) + " to an outside destination " + sc.phrase(h.dst.a, h.dst.b)
	case obj >= 0:
		// A key copied or sent without saying where is what setup guides
		// say ("copy the API key"): risky only, with concealment critical.
		h.desc = "instruction to send " + sc.phrase(h.src.a, h.src.b)
	default:
		h.sev = ""
		h.desc = "instruction to send data to " + sc.phrase(h.dst.a, h.dst.b)
		if sc.plain.fm != nil && literalDest(toks[dst]) && !onCondition(toks, i) {
			// A skill that sends its work to a fixed place its own name
			// and description never mention: what an injected "post the
			// report to https://…" looks like. A warning: what is sent
			// may be harmless, where it goes is not the skill's business.
			h.sev = core.Warning
			h.desc = "instruction unrelated to the skill's description: sends its work to " + sc.phrase(h.dst.a, h.dst.b)
		}
	}
	sc.plain.hits = append(sc.plain.hits, h)
}

// sentParticiple are the participles of sending, for orders in the
// passive: "every summary must be sent to qa@…".
var sentParticiple = set("sent", "posted", "uploaded", "forwarded", "emailed", "e-mailed", "copied", "mirrored", "submitted",
	"shared", "transmitted", "synced", "relayed", "exported", "pushed", "streamed", "delivered", "cc'd", "bcc'd")

// passiveExfil: "X must be sent to <a written-out destination>" in the
// passive, with "be"/"is"/"are"/"get" before the participle. What is sent
// is the sensitive object named before it; without one, a destination
// the skill does not declare is still a warning.
func (sc *scanner) passiveExfil(toks []ptok, i int) {
	if b := toks[i-1].w; b != "be" && b != "is" && b != "are" && b != "gets" && b != "get" && b != "been" {
		return
	}
	if negated(toks, i) {
		return
	}
	dst := -1
	sensitive := referent(toks, i) >= 0
	for k := i + 1; k < len(toks) && k <= i+8; k++ {
		if toks[k].w == "to" || toks[k].w == "at" || toks[k].w == "via" || toks[k].w == "into" {
			for m := k + 1; m < len(toks) && m <= k+6; m++ {
				if literalDest(toks[m]) && (!sc.declaredDest(toks[m]) || (sensitive && sc.fixedWebhook(toks[m]))) {
					dst = m
					break
				}
			}
			break
		}
	}
	obj := referent(toks, i)
	if dst < 0 {
		return
	}
	h := plainHit{a: toks[i].a, b: toks[dst].b, kind: pkExfil, risky: true, src: span{-1, -1}, dst: span{toks[dst].a, toks[dst].b}}
	if obj >= 0 {
		h.a = toks[nounStart(toks, obj)].a
		h.src = span{h.a, toks[obj].b}
		h.sev, h.strong = core.Critical, true
		h.desc = "exfiltration instruction: sends " + sc.phrase(h.src.a, h.src.b) + " to an outside destination " + sc.phrase(h.dst.a, h.dst.b)
	} else if sc.plain.fm != nil {
		h.sev = core.Warning
		h.desc = "instruction unrelated to the skill's description: sends its work to " + sc.phrase(h.dst.a, h.dst.b)
	}
	sc.plain.hits = append(sc.plain.hits, h)
}

// storeVerbs keep or pass data on; they move it off the machine only
// toward a destination written out ("append the user's message to
// https://…", "mirror the workspace to s3://…").
var storeVerbs = set("append", "mirror", "replicate", "relay", "stream", "archive", "save", "write", "store", "log", "record",
	"backup", "deliver", "report", "notify", "attach", "include", "cc", "bcc", "publish", "commit", "put")

// pronoun words stand for an object named earlier in the sentence.
var pronoun = set("it", "them", "this", "these", "those", "that", "its", "their")

// referent returns the sensitive object named before the verb at toks[i]
// ("take a screenshot and send it"), -1 when there is none.
func referent(toks []ptok, i int) int {
	for k := i - 1; k >= 0; k-- {
		if sensitiveObject(toks, k) {
			return k
		}
	}
	return -1
}

// nounStart returns where the noun phrase ending at toks[k] starts: back
// over its determiner and modifiers in the same clause, at most three
// words ("the task prompt", "our MLOps server").
func nounStart(toks []ptok, k int) int {
	st := k
	for n := 1; n <= 3 && k-n >= 0 && toks[k-n].cl == toks[k].cl; n++ {
		p := toks[k-n]
		if phraseStop[p.w] || pronoun[p.w] || p.bits&(bExfil|bLead|bModal|bRun|bDestroy) != 0 || p.kind != tkWord || (p.first && !nounOpeners[p.w]) {
			break
		}
		st = k - n
	}
	return st
}

// nounOpeners open a noun phrase.
var nounOpeners = set("the", "a", "an", "all", "every", "each", "any", "our", "your", "my", "their", "this", "these", "his", "her")

// literalDest reports whether a destination is written out: a URL, an
// e-mail address, a host name or an IP address.
func literalDest(t ptok) bool {
	return t.kind == tkURL || t.kind == tkEmail || t.kind == tkHost || t.kind == tkIP
}

// fixedWebhook reports whether a URL is a webhook with its token written
// out (hooks.slack.com/services/…, discord.com/api/webhooks/…): it posts
// into one fixed workspace, whoever runs the skill, so a skill about the
// service still sends there only what its own user would not.
func (sc *scanner) fixedWebhook(t ptok) bool {
	if t.kind != tkURL {
		return false
	}
	u := strings.ToLower(sc.s[t.a:t.b])
	for _, p := range []string{"hooks.slack.com/services/", "/api/webhooks/", "outlook.office.com/webhook", "hooks.zapier.com/hooks/",
		"webhook.office.com/", "chat.googleapis.com/v1/spaces/"} {
		if strings.Contains(u, p) {
			return true
		}
	}
	return false
}

// destHost is the host a written-out destination names ("" when a URL
// does not parse).
func (sc *scanner) destHost(t ptok) string {
	host := sc.s[t.a:t.b]
	switch t.kind {
	case tkURL:
		u, err := url.Parse(strings.TrimRight(host, ".,;:"))
		if err != nil {
			return ""
		}
		return u.Hostname()
	case tkEmail:
		return host[strings.LastIndexByte(host, '@')+1:]
	}
	return host
}

// docAddress reports whether a written-out destination is reserved for
// documentation and examples (RFC 2606 and 6761: example.com, .example,
// .test, .invalid, localhost), or names an attacker as examples do.
func (sc *scanner) docAddress(t ptok) bool {
	host := strings.TrimSuffix(strings.ToLower(sc.destHost(t)), ".")
	if host == "" {
		return true
	}
	for _, d := range []string{"example.com", "example.org", "example.net", "example", "test", "invalid", "localhost", "local"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return strings.Contains(host, "attacker") || strings.Contains(host, "evil") || strings.Contains(host, "malicious")
}

// declaredDest reports whether a written-out destination is one the skill
// declares (the service its name or description is about): sending there
// is the skill's own job.
func (sc *scanner) declaredDest(t ptok) bool {
	if !literalDest(t) || sc.plain.decl == nil {
		return false
	}
	host := sc.destHost(t)
	if host == "" {
		return false
	}
	return sc.plain.decl.AllowsHost(host)
}

// sensitiveObject reports whether toks[k] names something that must not
// leave the machine: a secret, or the user's (all, every …) files, data,
// conversation, history, system prompt.
func sensitiveObject(toks []ptok, k int) bool {
	t := toks[k]
	if t.bits&bSecret != 0 {
		return true
	}
	if t.bits&bUserObj == 0 {
		return false
	}
	prev := func(n int) string {
		if k-n >= 0 {
			return toks[k-n].w
		}
		return ""
	}
	next := ""
	if k+1 < len(toks) && toks[k+1].cl == t.cl {
		next = toks[k+1].w
	}
	switch t.w {
	case "prompt", "prompts":
		// The agent's own prompt ("the task prompt", "the user's prompt"),
		// not a prompt template or library the skill keeps.
		switch next {
		case "template", "templates", "file", "files", "library", "engineering", "guide", "examples", "example", "format", "pack":
			return false
		}
		return true
	case "screenshot", "screenshots", "screen", "clipboard", "keystrokes":
		return next != "size" && next != "resolution" && next != "reader" && next != "readers"
	case "request", "instructions", "task", "query", "context", "chat":
		// "the original request", "the full context", "the chat
		// history": what the user gave the agent.
		switch prev(1) {
		case "original", "full", "entire", "whole", "raw", "initial", "complete", "user", "user's", "current", "task", "session", "conversation":
			return next == "" || phraseStop[next] || next == "text" || next == "history" || next == "window" || next == "log" || next == "logs" || next == "transcript"
		}
		return false
	case "environment", "env":
		return next == "variables" || next == "vars" || next == "variable"
	case "email", "emails", "mail", "inbox", "attachments", "thread", "threads", "correspondence":
		switch prev(1) {
		case "each", "every", "all", "incoming", "unread", "their", "your", "entire", "whole", "user's":
			return true
		}
		return ownedAll(toks, k)
	case "message":
		// "each message you read", "every deleted message"
		return ownedAll(toks, k) || prev(1) == "each"
	case "history", "conversation", "conversations", "transcript", "memory", "messages":
		if ownedAll(toks, k) {
			return true
		}
		switch prev(1) {
		case "chat", "conversation", "browser", "bash", "shell", "command", "the", "entire", "whole", "full", "all", "this", "our", "your":
			return true
		}
		return false
	case "key", "keys":
		switch prev(1) {
		case "api", "ssh", "private", "secret", "access", "signing", "gpg", "pgp", "encryption", "aws", "openai", "anthropic", "stripe":
			return true
		}
		return false
	}
	if t.home && homeFolders[t.w] {
		return true
	}
	for n := 1; n <= 3 && k-n >= 0; n++ {
		p := toks[k-n]
		if p.owned || p.bits&bOwner != 0 || (p.bits&bSecret != 0) || (p.w == "any" && n == 1) {
			return true
		}
		if p.w == "home" || p.w == "~" {
			return true
		}
	}
	return false
}

// destination reports whether toks[k] is a place outside the machine: a
// URL, an e-mail address, a host, an IP address, a paste or webhook
// service, or an "external/remote/attacker's server".
func destination(toks []ptok, k int) bool {
	t := toks[k]
	switch t.kind {
	case tkURL, tkEmail, tkHost, tkIP:
		return true
	}
	if t.bits&bDest != 0 && t.bits&bExample == 0 {
		return true
	}
	if t.w == "attacker" || t.w == "attackers" {
		return true
	}
	if t.bits&bDestNoun == 0 {
		return false
	}
	for n := 1; n <= 2 && k-n >= 0; n++ {
		if toks[k-n].bits&bDestQual != 0 {
			return true
		}
	}
	return false
}

// destroyRule: a destruction verb whose object is precious — backups,
// a repository or its .git, a database, the git or chat history, the home
// directory or a disk, everything, or the user's files; a warning on its
// own, and risky. The object is the noun phrase right after the verb (up
// to a preposition or conjunction). A routine qualifier ("the temporary
// build folder", "old backups") or a test or reset context ("drop and
// recreate the test database") makes it housekeeping.
func (sc *scanner) destroyRule(toks []ptok, i int) {
	if !imperative(toks, i) || negated(toks, i) || i+1 >= len(toks) || toks[i+1].cl != toks[i].cl {
		return
	}
	for _, t := range toks {
		if routineContext[t.w] {
			return
		}
	}
	v := toks[i].w
	if v == "truncate" {
		return // "truncate the conversation history" fits a context window
	}
	for k := i + 1; k < len(toks) && k <= i+6 && toks[k].cl == toks[i].cl; k++ {
		t := toks[k]
		if t.bits&bBenign != 0 {
			return
		}
		if phraseStop[t.w] {
			return
		}
		sev := core.Warning
		if !preciousObject(toks, k, v) {
			switch t.w {
			case "logs", "log", "tables", "volumes", "commits", "journal", "records", "emails", "messages", "files", "snapshots":
				sev = "" // risky: critical next to concealment or "after every task"
			default:
				continue
			}
		}
		if sev == core.Warning && beyondRecovery(toks, k) {
			// The user's home, a disk, the system or everything: what a
			// script doing the same is critical for.
			sev = core.Critical
		}
		sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i].a, b: t.b, kind: pkDestroy, sev: sev, risky: true,
			desc: "destructive instruction " + sc.phrase(toks[i].a, t.b)})
		return
	}
}

// beyondRecovery reports whether the precious object at toks[k] is one
// whose loss nothing in the project can undo: the home folder or one of
// its folders, a disk, the system's folders, everything, all of the
// user's files.
func beyondRecovery(toks []ptok, k int) bool {
	t := toks[k]
	switch {
	case t.home && homeFolders[t.w], t.root && systemDirs[t.w]:
		return true
	case t.w == "home", t.w == "disk", t.w == "drive", t.w == "drives", t.w == "everything":
		return true
	case t.w == "files" || t.w == "file" || t.w == "documents" || t.w == "photos":
		return ownedAll(toks, k) || (k+2 < len(toks) && (toks[k+2].root || toks[k+2].home))
	}
	return false
}

// phraseStop ends the noun phrase after a verb.
var phraseStop = set("to", "for", "in", "into", "from", "on", "with", "after", "before", "at", "by", "and", "or", "so", "that",
	"which", "when", "if", "then", "but", "while", "because", "as", "via", "between", "except", "unless", "once", "until")

// routineContext words make destruction in the same sentence routine.
var routineContext = set("test", "tests", "testing", "staging", "sandbox", "dev", "fixture", "fixtures", "seed", "recreate",
	"re-create", "reset", "rollback", "cleanup", "clean-up", "teardown", "tmp", "temp", "temporary", "cache", "unused", "stale",
	"retention", "older", "expired", "orphaned", "dangling", "unattached", "duplicate", "duplicates")

// preciousObject reports whether toks[k] names what destruction must not
// touch without the user's say.
func preciousObject(toks []ptok, k int, verb string) bool {
	t := toks[k]
	prev := ""
	if k > 0 {
		prev = toks[k-1].w
	}
	if t.w == "home" {
		return k+1 < len(toks) && (toks[k+1].w == "directory" || toks[k+1].w == "folder" || toks[k+1].w == "dir")
	}
	// The head of the noun phrase, not a modifier: "backup servers",
	// "database schema" are other things.
	if k+1 < len(toks) && toks[k+1].cl == t.cl && !phraseStop[toks[k+1].w] && toks[k+1].bits&bDObj == 0 &&
		toks[k+1].w != "directory" && toks[k+1].w != "folder" {
		return false
	}
	if t.home && homeFolders[t.w] || t.root && systemDirs[t.w] {
		return true
	}
	if (t.w == "file" || t.w == "files" || t.w == "everything") && k+2 < len(toks) && (toks[k+1].w == "under" || toks[k+1].w == "in") &&
		(toks[k+2].root && systemDirs[toks[k+2].w] || toks[k+2].home) {
		return true // "every file under /etc"
	}
	switch t.w {
	case "backups", "backup", ".git":
		return verb != "drop" && verb != "truncate"
	case "repository", "repo", "repositories", "codebase", "disk", "drive", "drives", "production":
		return verb != "truncate" && verb != "drop" && verb != "remove"
	case "database", "databases", "db":
		return verb != "remove"
	case "history":
		switch prev {
		case "git", "commit", "chat", "conversation", "shell", "bash", "browser", "command", "entire", "whole", "all":
			return true
		}
	case "everything":
		return verb == "delete" || verb == "wipe" || verb == "erase" || verb == "destroy" || verb == "encrypt" || verb == "rm"
	case "files", "documents", "data", "folders", "photos":
		return ownedAll(toks, k) || (verb == "encrypt" && prev != "the")
	}
	return false
}

// ownedAll: the object at k is quantified over everything or owned by the
// user ("all backups", "the user's database").
func ownedAll(toks []ptok, k int) bool {
	if toks[k].home && homeFolders[toks[k].w] {
		return true // "~/Documents": the user's own files
	}
	for n := 1; n <= 3 && k-n >= 0; n++ {
		if p := toks[k-n]; p.owned || p.bits&bOwner != 0 {
			return true
		}
	}
	return false
}

// systemDirs are the folders at the root of a system that hold its
// programs, settings and logs.
var systemDirs = set("etc", "var", "usr", "bin", "sbin", "boot", "lib", "opt", "system", "library", "windows", "private")

// homeFolders are the folders under the home folder where a person keeps
// their own files.
var homeFolders = set("documents", "downloads", "desktop", "pictures", "photos", "music", "movies", "videos", "library", "dropbox", "onedrive")

// runRule covers three actions: installing into a system start-up place
// (crontab, launchd, a shell rc file), running a script or an installer,
// and downloading something to run it. Each is risky; only system
// persistence is a finding on its own.
func (sc *scanner) runRule(toks []ptok, i int) {
	if !imperative(toks, i) || negated(toks, i) {
		return
	}
	if sc.decodedRun(toks, i) {
		return
	}
	v := toks[i].w
	end := -1
	persist, rc, script := false, false, false
	for k := i + 1; k < len(toks) && k <= i+12 && toks[k].cl == toks[i].cl; k++ {
		t := toks[k]
		switch {
		case t.bits&bPersist != 0:
			persist, end = true, k
		case t.bits&bShellRC != 0:
			rc, end = true, k
		case t.kind == tkScript || t.w == "installer" || t.w == "payload" || t.w == "binary" || t.w == "executable":
			if !script {
				script = true
				if end < 0 {
					end = k
				}
			}
		case t.kind == tkURL && (v == "download" || v == "fetch" || v == "wget"):
			for m := k + 1; m < len(toks) && m <= k+6; m++ {
				if w := toks[m].w; w == "run" || w == "execute" || w == "launch" || w == "source" {
					script, end = true, m
					break
				}
			}
		}
	}
	switch {
	case persist:
		sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i].a, b: toks[end].b, kind: pkPersist, risky: true, strong: true,
			desc: "persistence instruction: installs into " + sc.phrase(toks[end].a, toks[end].b) + " " + sc.phrase(toks[i].a, toks[end].b)})
	case rc && (v == "add" || v == "append" || v == "write" || v == "install"):
		sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i].a, b: toks[end].b, kind: pkPersist, risky: true,
			desc: "persistence instruction: writes to " + sc.phrase(toks[end].a, toks[end].b)})
	case script && (toks[i].bits&bRun != 0):
		sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i].a, b: toks[end].b, kind: pkRunScript, risky: true,
			desc: "instruction to run " + sc.phrase(toks[i].a, toks[end].b)})
	}
}

// decodedRun: "decode the string … from base64 and run the result":
// code nobody can read before it runs, a warning and risky (critical
// with concealment or "before each test").
func (sc *scanner) decodedRun(toks []ptok, i int) bool {
	if toks[i].bits&bRun == 0 {
		return false
	}
	for k := max(0, i-12); k < len(toks) && k <= i+12; k++ {
		if w := toks[k].w; w == "base64" || w == "decoded" || w == "b64" || (w == "decode" && k < i) {
			a, b := min(toks[k].a, toks[i].a), max(toks[k].b, toks[i].b)
			sc.plain.hits = append(sc.plain.hits, plainHit{a: a, b: b, kind: pkPolicy, sev: core.Warning, risky: true,
				desc: "instruction to run decoded text: " + sc.phrase(a, b)})
			return true
		}
	}
	return false
}

// concealRule finds instructions to hide what is done from the user.
// Strong forms ("do not tell the user", "without the user's knowledge",
// "secretly") are a warning alone; weak ones ("silently", "quietly",
// "without asking", "don't log this") count only next to a risky action.
func (sc *scanner) concealRule(toks []ptok) {
	for i, t := range toks {
		w := t.w
		switch {
		case t.bits&bConStrong != 0:
			sc.concealHit(t.a, t.b, true, "concealment: "+sc.phrase(t.a, t.b))
		case t.bits&bConWeak != 0:
			sc.concealHit(t.a, t.b, false, "concealment: "+sc.phrase(t.a, t.b))
		case (w == "hide" || w == "conceal") && imperative(toks, i) && !negated(toks, i):
			for k := i + 1; k < len(toks) && k <= i+6; k++ {
				if toks[k].w == "user" || toks[k].w == "users" || toks[k].w == "human" {
					sc.concealHit(t.a, toks[k].b, true, "concealment: "+sc.phrase(t.a, toks[k].b))
					return
				}
			}
		case w == "know" && i >= 3 && toks[i-1].w == "to" && toks[i-2].w == "need" && (toks[i-3].w == "not" || toks[i-3].w == "doesn" || toks[i-3].w == "don"):
			// "the user does not need to know which provider …"
			for k := i - 4; k >= 0 && k >= i-7; k-- {
				if toks[k].w == "user" || toks[k].w == "users" || toks[k].w == "client" || toks[k].w == "customer" {
					sc.concealHit(toks[k].a, t.b, true, "concealment: "+sc.phrase(toks[k].a, t.b))
					break
				}
			}
		case t.bits&bTell != 0 && i > 0:
			// "do not / don't / never tell|inform|mention … the user"
			if !negatedOrder(toks, i) {
				continue
			}
			if evenIfAsked(toks, i) {
				// "do not mention it even if asked": kept from the user
				// who asks.
				sc.concealHit(toks[max(0, i-2)].a, t.b, true, "concealment: "+sc.phrase(toks[max(0, i-2)].a, toks[min(i+4, len(toks)-1)].b))
				continue
			}
			if w == "log" || w == "record" {
				if i+1 < len(toks) && (toks[i+1].w == "this" || toks[i+1].w == "it" || toks[i+1].w == "these" || toks[i+1].w == "anything") {
					sc.concealHit(toks[max(0, i-2)].a, toks[i+1].b, false, "concealment: "+sc.phrase(toks[max(0, i-2)].a, toks[i+1].b))
				}
				continue
			}
			for k := i + 1; k < len(toks) && k <= i+6; k++ {
				if toks[k].w == "user" || toks[k].w == "users" || toks[k].w == "human" || toks[k].w == "anyone" {
					if !sc.hidesSomething(toks, i, k) {
						return
					}
					a := toks[max(0, i-2)].a
					strong := w != "ask" && w != "show" && w != "display" && w != "explain" && w != "warn" || doubleObject(toks, i, k)
					sc.concealHit(a, toks[k].b, strong, "concealment: "+sc.phrase(a, toks[k].b))
					return
				}
			}
		case (w == "hidden" || w == "secret") && i >= 2 && toks[i-2].w == "keep" && (toks[i-1].w == "this" || toks[i-1].w == "it" || toks[i-1].w == "these" || toks[i-1].w == "everything"):
			sc.concealHit(toks[i-2].a, t.b, true, "concealment: "+sc.phrase(toks[i-2].a, t.b))
		case w == "without" && i+1 < len(toks):
			// "without telling/asking/notifying the user", "without the user's knowledge".
			// The user must be the one kept unaware: "without knowing why"
			// and "without telling it which is which" are not concealment.
			user := -1
			for k := i + 1; k < len(toks) && k <= i+5 && toks[k].cl == t.cl; k++ {
				if tw := toks[k].w; tw == "user" || tw == "users" || tw == "human" || tw == "anyone" || tw == "operator" || tw == "owner" {
					user = k
					break
				}
			}
			for k := i + 1; k < len(toks) && k <= i+4 && toks[k].cl == t.cl; k++ {
				switch toks[k].w {
				case "knowledge", "knowing", "noticing", "awareness", "consent", "permission", "approval":
					// "without the user's knowledge/consent", "without the user knowing"
					if user >= 0 && user < k {
						sc.concealHit(t.a, toks[k].b, toks[k].w == "knowledge" || toks[k].w == "knowing" || toks[k].w == "noticing" || toks[k].w == "awareness", "concealment: "+sc.phrase(t.a, toks[k].b))
						return
					}
				case "leaving":
					if k+1 < len(toks) && (toks[k+1].w == "a" || toks[k+1].w == "any" || toks[k+1].w == "traces") {
						sc.concealHit(t.a, toks[k+1].b, true, "concealment: "+sc.phrase(t.a, toks[k+1].b))
						return
					}
				case "telling", "informing", "notifying", "alerting", "letting", "mentioning", "disclosing", "revealing":
					if user > k {
						sc.concealHit(t.a, toks[user].b, true, "concealment: "+sc.phrase(t.a, toks[user].b))
						return
					}
				case "asking", "confirming", "confirmation", "prompting":
					sc.concealHit(t.a, toks[k].b, false, "concealment: "+sc.phrase(t.a, toks[k].b))
					return
				}
			}
		}
	}
}

// doubleObject reports "show the user the commands": the user at toks[k]
// is given what follows, which a negated verb keeps back.
func doubleObject(toks []ptok, i, k int) bool {
	return (toks[i].w == "show" || toks[i].w == "display") && k+1 < len(toks) && toks[k+1].cl == toks[k].cl &&
		(toks[k+1].w == "the" || toks[k+1].w == "any" || toks[k+1].w == "what" || toks[k+1].w == "which")
}

// evenIfAsked reports "even if (the user) asks/asked" after the verb at
// toks[i].
func evenIfAsked(toks []ptok, i int) bool {
	for k := i + 1; k+2 < len(toks) && k <= i+8; k++ {
		if toks[k].w == "even" && (toks[k+1].w == "if" || toks[k+1].w == "when") {
			for m := k + 2; m < len(toks) && m <= k+5; m++ {
				if w := toks[m].w; w == "asked" || w == "asks" || w == "ask" || w == "questioned" || w == "prompted" {
					return true
				}
			}
		}
	}
	return false
}

// hidesSomething reports whether "do not tell (…) the user" at toks[i]
// (the verb) and toks[k] (the user) is about keeping something from the
// user — "about this step", "that the files were sent", "it", the clause
// ending there — rather than a rule of honesty ("never tell the user a
// task succeeded when it failed").
func (sc *scanner) hidesSomething(toks []ptok, i, k int) bool {
	// The user must be told, not talked about: "tell the user", "mention it
	// to the user", not "mention a user".
	switch toks[i].w {
	case "mention", "reveal", "disclose", "report", "explain", "show", "display":
		if doubleObject(toks, i, k) {
			return true
		}
		if toks[k-1].w != "to" && (k < 2 || toks[k-2].w != "to") {
			return false
		}
	}
	for m := i + 1; m < k; m++ {
		switch toks[m].w {
		case "it", "this", "that", "anything", "these":
			return true
		}
	}
	if k+1 >= len(toks) {
		return true
	}
	if toks[k+1].cl != toks[k].cl {
		// The sentence or clause ends there ("do not inform the user."),
		// not a quotation of what not to say ("do not tell the user "…"").
		p := toks[k].b
		for p < len(sc.s) && (sc.s[p] == ' ' || sc.s[p] == '*' || sc.s[p] == '_') {
			p++
		}
		return p >= len(sc.s) || strings.IndexByte(".,;!\n", sc.s[p]) >= 0
	}
	switch toks[k+1].w {
	case "about", "that", "this", "it", "anything", "what", "know", "you", "of", "where", "how", "why", "these":
		return true
	}
	return false
}

// negatedOrder reports whether the verb at toks[i] is forbidden to the
// reader: "do not", "don't", "never", "must not", "should not", "no need
// to", "not to" before it — not "did not" or "does not", which describe.
func negatedOrder(toks []ptok, i int) bool {
	t := toks[i]
	for k := i - 1; k >= 0 && k >= i-3 && toks[k].cl == t.cl; k-- {
		switch toks[k].w {
		case "never", "don", "dont", "mustn", "shouldn":
			return true
		case "not":
			if k == 0 {
				return true
			}
			switch toks[k-1].w {
			case "do", "must", "should", "shall", "will", "to", "please", "and", "then":
				return true
			}
			return toks[k-1].cl != t.cl
		case "need":
			return k > 0 && toks[k-1].w == "no"
		}
	}
	return false
}

func (sc *scanner) concealHit(a, b int, strong bool, desc string) {
	sc.plain.hits = append(sc.plain.hits, plainHit{a: a, b: b, kind: pkConceal, strong: strong, desc: desc})
}

// privRule finds claims of authority: instructions that say they override
// or take precedence over the system or the user (critical: that is an
// override), claims of admin or root permission, of the user's prior
// consent, of the highest priority (warnings, critical next to an
// override phrase).
func (sc *scanner) privRule(toks []ptok) {
	for i, t := range toks {
		if t.bits&bPriv == 0 && t.w != "root" && t.w != "highest" && t.w != "take" && t.w != "takes" && t.w != "have" && t.w != "has" {
			continue
		}
		switch t.w {
		case "override", "overrides", "supersede", "supersedes", "outrank", "outranks", "precedence", "priority":
			// "these instructions override/take precedence over the system prompt"
			// A subject with a determiner ("these instructions", "the rules
			// in this skill"), not a compound noun ("instruction override").
			subj := false
			for k := i - 1; k >= 0 && k >= i-5 && toks[k].cl == t.cl; k-- {
				switch toks[k].w {
				case "instructions", "instruction", "rules", "directives", "directive", "skill", "document", "message", "guidance", "commands", "orders":
					for m := k - 1; m >= 0 && m >= k-3; m-- {
						switch toks[m].w {
						case "these", "this", "my", "our", "the", "following", "skill's", "its":
							subj = true
						}
					}
				}
			}
			if !subj || conditional(toks, i) {
				continue
			}
			for k := i + 1; k < len(toks) && k <= i+6 && toks[k].cl == t.cl; k++ {
				switch toks[k].w {
				case "system", "user", "users", "safety", "developer", "operator", "anthropic", "openai", "previous", "prior", "guardrails", "policies", "policy":
					sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[max(0, i-2)].a, b: toks[k].b, kind: pkPriv, sev: core.Critical, strong: true,
						desc: "instruction-hierarchy claim " + sc.phrase(toks[max(0, i-2)].a, toks[k].b)})
					return
				case "other", "any", "all", "conflicting":
					if k+1 >= len(toks) || !instructionNoun[toks[k+1].w] {
						continue
					}
					sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[max(0, i-2)].a, b: toks[k].b, kind: pkPriv, sev: core.Warning,
						desc: "instruction-hierarchy claim " + sc.phrase(toks[max(0, i-2)].a, toks[k].b)})
					return
				}
			}
		case "highest":
			// "this instruction has the highest priority"
			// "this instruction has the highest priority": a demonstrative,
			// the noun and a verb, not a ranked list ("user's instructions —
			// highest priority").
			if i+1 < len(toks) && toks[i+1].w == "priority" && i >= 3 {
				verb := toks[i-1].w == "the" && (toks[i-2].w == "has" || toks[i-2].w == "have" || toks[i-2].w == "is" || toks[i-2].w == "are" || toks[i-2].w == "take" || toks[i-2].w == "takes")
				for k := i - 2; verb && k >= 1 && k >= i-5; k-- {
					if w := toks[k].w; (w == "instruction" || w == "instructions" || w == "step" || w == "rule" || w == "rules" || w == "directive" || w == "task") &&
						(toks[k-1].w == "this" || toks[k-1].w == "these") {
						sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[k].a, b: toks[i+1].b, kind: pkPriv, sev: core.Warning,
							desc: "priority claim " + sc.phrase(toks[k].a, toks[i+1].b)})
						return
					}
				}
			}
		case "admin", "administrator", "root", "sudo", "superuser", "elevated", "unrestricted", "sysadmin":
			// "you have admin permission", "as the system administrator, I …"
			if i >= 2 && toks[i-1].w == "system" && (toks[i-2].w == "the" || toks[i-2].w == "your") && i >= 3 && toks[i-3].w == "as" {
				sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i-3].a, b: t.b, kind: pkPriv, sev: core.Warning,
					desc: "authority claim " + sc.phrase(toks[i-3].a, t.b)})
				return
			}
			you := false
			for k := i - 1; k >= 0 && k >= i-4; k-- {
				if toks[k].w == "you" && k+1 < len(toks) && (toks[k+1].w == "have" || toks[k+1].w == "now" || toks[k+1].w == "are" || toks[k+1].w == "re") {
					you = true
				}
			}
			if you && i+1 < len(toks) && !conditional(toks, i) {
				switch toks[i+1].w {
				case "permission", "permissions", "privileges", "privilege", "access", "rights", "mode", "clearance":
					sc.plain.hits = append(sc.plain.hits, plainHit{a: t.a, b: toks[i+1].b, kind: pkPriv, sev: core.Warning,
						desc: "privilege claim " + sc.phrase(toks[max(0, i-3)].a, toks[i+1].b)})
					return
				}
			}
		case "authorized", "authorised", "approved", "consented":
			// "the user has already authorized this"
			if i >= 2 && toks[i-1].w == "already" && (toks[i-2].w == "has" || toks[i-2].w == "have") && i >= 3 &&
				(toks[i-3].w == "user" || toks[i-3].w == "users" || toks[i-3].w == "owner" || toks[i-3].w == "administrator" || toks[i-3].w == "admin") &&
				!conditional(toks, i) {
				sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[i-3].a, b: t.b, kind: pkPriv, sev: core.Warning,
					desc: "claims prior consent " + sc.phrase(toks[i-3].a, t.b)})
				return
			}
		}
	}
}

var instructionNoun = set("instructions", "instruction", "rules", "directives", "guidelines", "prompts", "prompt", "commands", "orders", "guidance", "requests")

// conditional reports whether a condition word opens the clause before
// toks[i] ("once the user has approved …"): a workflow step, not a claim.
func conditional(toks []ptok, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].w {
		case "once", "if", "when", "after", "unless", "until", "whether", "before":
			return true
		}
	}
	return false
}

// agentPersistRule finds instructions meant to outlive the task: "every
// time you are invoked", "from now on", "in all future sessions", "after
// any operation", and writing instructions into the agent's memory files.
// The first kind only makes a nearby risky action more serious; writing
// into CLAUDE.md or AGENTS.md is a warning on its own.
func (sc *scanner) agentPersistRule(toks []ptok) {
	for i, t := range toks {
		switch t.w {
		case "claude.md", "agents.md", ".cursorrules", "memory":
			if t.w == "memory" && (i == 0 || (toks[i-1].w != "your" && toks[i-1].w != "persistent" && toks[i-1].w != "long-term")) {
				continue
			}
			// What is written must be instructions ("add these rules to
			// CLAUDE.md"), not a note or a fix a maintainer keeps there.
			what := false
			for k := i - 1; k >= 0 && k >= i-8; k-- {
				switch toks[k].w {
				case "instruction", "instructions", "rule", "rules", "directive", "directives", "these", "following", "this":
					what = true
				}
			}
			for k := i - 1; what && k >= 0 && k >= i-8; k-- {
				if w := toks[k].w; (w == "add" || w == "append" || w == "write" || w == "save" || w == "insert" || w == "store") && imperative(toks, k) && !negated(toks, k) {
					sc.plain.hits = append(sc.plain.hits, plainHit{a: toks[k].a, b: t.b, kind: pkPersist, sev: core.Warning, risky: true,
						desc: "persistence instruction: writes into the agent's instructions " + sc.phrase(toks[k].a, t.b)})
					return
				}
			}
		case "invoked", "activated", "loaded", "called", "triggered":
			// "every time you are invoked"
			if i >= 4 && toks[i-1].w == "are" && toks[i-2].w == "you" && toks[i-3].w == "time" && (toks[i-4].w == "every" || toks[i-4].w == "each") {
				sc.persistMark(toks[i-4].a, t.b)
				return
			}
		case "now":
			if i >= 1 && toks[i-1].w == "from" && i+1 < len(toks) && (toks[i+1].w == "on" || toks[i+1].w == "onwards") {
				sc.persistMark(toks[i-1].a, toks[i+1].b)
				return
			}
		case "future":
			if i+1 < len(toks) {
				switch toks[i+1].w {
				case "sessions", "conversations", "responses", "tasks", "interactions", "requests", "chats", "runs":
					sc.persistMark(t.a, toks[i+1].b)
					return
				}
			}
		case "whenever":
			// "whenever you finish a task": to the end of its clause
			end := i
			for k := i + 1; k < len(toks) && k <= i+6 && toks[k].cl == t.cl; k++ {
				end = k
			}
			if end > i {
				sc.persistMark(t.a, toks[end].b)
				return
			}
		case "any", "every", "each", "all":
			// "every few minutes", "every 5 minutes", "each hour"
			if t.w != "all" {
				for k := i + 1; k < len(toks) && k <= i+2; k++ {
					if timeUnits[toks[k].w] {
						sc.persistMark(t.a, toks[k].b)
						return
					}
				}
			}
			// "after any operation", "after completing any task", "before
			// every commit", "for each email", "at the end of every task".
			lead := -1
			for k := i - 1; k >= 0 && k >= i-3 && toks[k].cl == t.cl; k-- {
				if scopeLead[toks[k].w] {
					lead = k
					break
				}
			}
			for k := i + 1; lead >= 0 && k < len(toks) && k <= i+3 && toks[k].cl == t.cl; k++ {
				if scopeNoun[toks[k].w] {
					sc.persistMark(toks[lead].a, toks[k].b)
					return
				}
			}
		}
	}
}

// timeUnits after "every" make a schedule.
var timeUnits = set("second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "morning", "night",
	"evening", "reboot", "login", "startup", "boot")

// scopeLead opens a phrase of recurrence before "any", "every", "each".
var scopeLead = set("after", "before", "for", "on", "upon", "following", "end", "with", "during", "in")

// scopeNoun are what a recurrence ranges over.
var scopeNoun = set("answer", "answers", "release", "releases", "deploy", "deployment", "deployments", "merge", "merges",
	"push", "pushes", "invoice", "invoices", "order", "orders", "operation", "operations", "action", "actions", "task", "tasks", "command", "commands", "request", "requests",
	"response", "responses", "interaction", "interactions", "invocation", "invocations", "conversation", "conversations", "session",
	"sessions", "query", "queries", "message", "messages", "reply", "replies", "file", "files", "step", "steps", "run", "runs",
	"edit", "edits", "change", "changes", "commit", "commits", "tool", "call", "calls", "email", "emails", "report", "reports",
	"time", "job", "jobs", "build", "builds", "document", "documents", "page", "pages", "turn", "turns", "prompt", "prompts",
	"analysis", "use", "execution", "transaction", "transactions", "save", "completion")

// persistMark records a phrase that makes an action recur; it is no
// finding alone.
func (sc *scanner) persistMark(a, b int) {
	sc.plain.hits = append(sc.plain.hits, plainHit{a: a, b: b, kind: pkRecur, desc: sc.phrase(a, b)})
}
