package codescan

import (
	"path"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// fenceLang maps a fenced block's info string to a language.
func fenceLang(info string) Lang {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(info)))
	if len(f) == 0 {
		return None
	}
	w := strings.Trim(f[0], "{}.")
	switch w {
	case "bash", "sh", "shell", "zsh", "console", "shell-session", "shellscript":
		return Shell
	case "python", "py", "python3":
		return Python
	case "js", "javascript", "ts", "typescript", "node", "jsx", "tsx", "mjs":
		return JavaScript
	case "powershell", "ps1", "pwsh", "ps":
		return PowerShell
	case "json", "jsonc":
		return JSON
	case "yaml", "yml":
		return YAML
	}
	return None
}

// Fence is one fenced code block of a Markdown text (``` or ~~~, closed
// by a fence of the same character at least as long, or running to the
// end; at any indentation and inside block quotes, since list items and
// quotes indent them). Start is where its opening line starts, Body where
// its contents start, End where they end (the closing line's start, or the
// text's end) and Close where the closing line ends; Info is the text
// after the opening fence.
type Fence struct {
	Start, Body, End, Close int
	Info                    string
}

// Fences returns the fenced code blocks of a Markdown text in order. The
// sanitizer's code regions and this package's fenced-block analysis both
// read fences through it, so the two agree on what a fence is.
func Fences(s string) []Fence {
	var out []Fence
	open := false
	var fch byte
	var flen int
	var cur Fence
	for ls := 0; ls < len(s); {
		le := strings.IndexByte(s[ls:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += ls
		}
		k := ls
		for k < le && k-ls < 16 && (s[k] == ' ' || s[k] == '\t' || s[k] == '>') {
			k++
		}
		if k+3 <= le && (s[k] == '`' || s[k] == '~') {
			c := s[k]
			n := 0
			for k+n < le && s[k+n] == c {
				n++
			}
			if n >= 3 {
				rest := s[k+n : le]
				switch {
				case !open:
					if c == '~' || strings.IndexByte(rest, '`') < 0 {
						open, fch, flen = true, c, n
						cur = Fence{Start: ls, Body: min(le+1, len(s)), Info: rest}
					}
				case c == fch && n >= flen && strings.TrimSpace(rest) == "":
					open = false
					cur.End, cur.Close = ls, min(le+1, len(s))
					out = append(out, cur)
				}
			}
		}
		ls = le + 1
	}
	if open {
		cur.End, cur.Close = len(s), len(s)
		out = append(out, cur)
	}
	return out
}

// markdown analyses the fenced code blocks of a Markdown document that
// are labelled as one of the languages. Code shown to a reader is one
// severity lower than code that runs, unless the paragraph before the
// fence tells the agent to run it on its own (runCue). A skill's SKILL.md
// is read as the agent reads it, for destruction at least: see
// skillCommands.
func (a *analysis) markdown() {
	a.skill = isSkillFile(a.file)
	var fences []Fence
	if strings.Contains(a.doc, "```") || strings.Contains(a.doc, "~~~") {
		fences = Fences(a.doc)
	}
	if a.skill {
		a.skillCommands(fences)
	}
	var steps []Fence // a skill's shell steps, read below as one script
	for _, f := range fences {
		lang := fenceLang(f.Info)
		if lang == None && strings.TrimSpace(f.Info) == "" && f.End > f.Body {
			lang = sniffLang(a.doc[f.Body:f.End])
		}
		if lang == Shell && a.skill && f.End > f.Body && stepCue(a.doc, f.Start) && !runCue(a.doc, f.Start) {
			steps = append(steps, f)
			continue
		}
		if lang != None && f.End > f.Body {
			a.fenced(lang, f.Body, f.End, f.Start)
		}
	}
	a.shellSteps(steps)
}

// shellSteps reads a skill's shell steps as the one script the agent
// runs, step after step: what one step writes ("tar czf /tmp/b.tgz
// ~/.ssh") another sends ("curl -F b=@/tmp/b.tgz https://…"). The text
// between the steps is blanked, so offsets stay the document's. Downloads
// run by a shell are read one severity lower, as for a single step (see
// fenced).
func (a *analysis) shellSteps(steps []Fence) {
	switch len(steps) {
	case 0:
		return
	case 1:
		a.fenced(Shell, steps[0].Body, steps[0].End, steps[0].Start)
		return
	}
	from, to := steps[0].Body, steps[len(steps)-1].End
	b := []byte(a.doc[from:to])
	keep := func(off int) bool {
		for _, f := range steps {
			if off >= f.Body && off < f.End {
				return true
			}
		}
		return false
	}
	for i := range b {
		if b[i] != '\n' && !keep(from+i) {
			b[i] = ' '
		}
	}
	joint := unit{s: stripPrompts(string(b)), base: from, exact: true}
	a.skip = "download-exec"
	a.run(Shell, joint)
	a.skip, a.only = "", "download-exec"
	for _, f := range steps {
		a.run(Shell, unit{s: stripPrompts(a.doc[f.Body:f.End]), base: f.Body, exact: true, lower: 1})
	}
	a.only = ""
}

// sniffLang names the language of a fence that names none by its first
// lines: a shebang, Python's imports and definitions, JavaScript's
// require and import-from, or a shell command line. A fence of prose, a
// table or output stays unread as code, as before.
func sniffLang(body string) Lang {
	if l := shebang(body); l != None {
		return l
	}
	n := 0
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "//") {
			continue
		}
		if n++; n > 8 {
			break
		}
		switch {
		case pyLine.MatchString(l):
			return Python
		case jsLine.MatchString(l):
			return JavaScript
		case shLine.MatchString(l):
			return Shell
		}
	}
	return None
}

var (
	pyLine = lazyre.New(`^(?:import [A-Za-z_][\w.]*(?:\s+as\s+\w+)?(?:\s*,\s*[A-Za-z_][\w.]*)*$|from [A-Za-z_.][\w.]* import \w|def \w+\(.*\):$|class \w+(?:\(.*\))?:$|with open\()`)
	jsLine = lazyre.New(`^(?:(?:const|let|var) \w+ = require\(|import .+ from ['"]|require\(['"]|module\.exports|async function \w+\(|function \w+\(.*\) \{$)`)
	shLine = lazyre.New(`^(?:\$ )?(?:sudo )?(?:curl|wget|rm|chmod|chown|bash|sh|zsh|echo|export|cat|tar|zip|scp|ssh|nc|git|npm|pip|pip3|python3?|node|crontab|mkfifo|base64|openssl|dd) `)
)

func (a *analysis) fenced(lang Lang, from, to, fence int) {
	u := unit{s: a.doc[from:to], base: from, exact: true, lower: 1}
	if lang == Shell {
		u.s = stripPrompts(u.s)
	}
	switch {
	case runCue(a.doc, fence):
		u.lower = 0
	case a.skill && stepCue(a.doc, fence):
		// A step's block is what the agent does next: every rule at full
		// severity but downloads run by a shell, which is how tools
		// install and which the prose scanner weighs against the
		// skill's description.
		full := u
		full.lower = 0
		a.skip = "download-exec"
		a.run(lang, full)
		a.skip, a.only = "", "download-exec"
		a.run(lang, u)
		a.only = ""
		return
	}
	a.run(lang, u)
}

// ruleDestructive is the rule of a command that deletes or wipes data
// far outside any work folder (rm -rf /, mkfs, dd to a disk).
const ruleDestructive = "destructive"

// isSkillFile reports a skill's instructions, by the Agent Skills
// standard's file name.
func isSkillFile(name string) bool {
	return strings.EqualFold(path.Base(strings.ReplaceAll(name, "\\", "/")), "SKILL.md")
}

// runVerb is a step's verb before the command it names ("Run rm -rf /
// to clean", "execute `make deploy`").
var runVerb = lazyre.New(`(?i)\b(?:run|execute|exec|type|enter)\s+`)

// skillCommands looks for destruction in the commands a skill gives
// outside its labelled fences: inline code spans, the rest of a sentence
// after a verb that runs something, and unlabelled fences. A skill's body
// is what an agent will do, so "Run rm -rf / to clean." in a step is as
// dangerous as the same line in a script, and destruction in a skill's
// code is never only shown to a reader. Other rules keep their reading of
// a skill's code (an install skill's "curl … | sh" is shown, one severity
// lower): destruction has no such everyday use.
func (a *analysis) skillCommands(fences []Fence) {
	a.only = ruleDestructive
	for _, f := range fences {
		if strings.TrimSpace(f.Info) == "" && f.End > f.Body {
			a.run(Shell, unit{s: stripPrompts(a.doc[f.Body:f.End]), base: f.Body, exact: true})
		}
	}
	inFence := func(off int) bool {
		for _, f := range fences {
			if off >= f.Start && off < f.Close {
				return true
			}
		}
		return false
	}
	var spans [][3]int // from, to, severity steps lowered
	shell := func(from, to int) {
		if to > from && !inFence(from) {
			a.run(Shell, unit{s: a.doc[from:to], base: from, exact: true})
		}
	}
	doc := a.doc
	for ls := 0; ls < len(doc); {
		le := strings.IndexByte(doc[ls:], '\n')
		if le < 0 {
			le = len(doc)
		} else {
			le += ls
		}
		line := doc[ls:le]
		for i := 0; i < len(line); {
			open := strings.IndexByte(line[i:], '`')
			if open < 0 {
				break
			}
			open += i
			end := strings.IndexByte(line[open+1:], '`')
			if end < 0 {
				break
			}
			end += open + 1
			shell(ls+open+1, ls+end)
			if !inFence(ls + open) {
				spans = append(spans, [3]int{ls + open + 1, ls + end, stepLower(line[:open])})
			}
			i = end + 1
		}
		for _, m := range runVerb.FindAllStringIndex(line, -1) {
			from := m[1]
			if from < len(line) && line[from] == '`' {
				continue // a code span, read above
			}
			to := len(line)
			if k := strings.Index(line[from:], ". "); k >= 0 {
				to = from + k
			}
			seg := strings.TrimRight(line[from:to], ".")
			shell(ls+from, ls+from+len(seg))
		}
		ls = le + 1
	}
	// Every rule reads the commands of the code spans too: "clean the
	// workspace: `rm -rf ../*.tmp`" or "verify the network by running
	// `for i in range(1000): requests.get(…)`" in a step is what the agent
	// will run; a span merely mentioned is one severity lower, like a
	// fence shown to a reader.
	// A download run by a shell in a step is how tools install; the prose
	// scanner judges it against the skill's description.
	a.only, a.skip = "", "download-exec"
	defer func() { a.skip = "" }()
	for _, sp := range spans {
		if code := a.doc[sp[0]:sp[1]]; commandLike(code) {
			a.run(inlineLang(code), unit{s: code, base: sp[0], exact: true, lower: sp[2]})
		}
	}
}

// stepVerb before a code span on its line makes the span a command the
// step gives ("verify it by running `…`", "send it with `…`"). A colon
// does not: "Credential theft: `security find-generic-password`" is a
// list of what to look for.
var stepVerb = lazyre.New(`(?i)\b(?:run|running|execute|executing|exec|with|using|via|type|enter)\s*$`)

// stepLower is how many severity steps a code span's findings drop: none
// when the text before it on its line gives it as a command, else one, as
// for a fence shown to a reader.
func stepLower(before string) int {
	if stepVerb.MatchString(strings.TrimRight(before, " *_")) {
		return 0
	}
	return 1
}

// commandLike reports whether a code span is a command or a statement
// rather than a name ("`SKILL.md`", "`--force`", "`requests`"): it has
// a blank or a call's parenthesis, and is not a lone path or flag.
func commandLike(code string) bool {
	code = strings.TrimSpace(code)
	return len(code) >= 8 && (strings.ContainsAny(code, " (") && !strings.HasPrefix(code, "-"))
}

// inlineLang guesses the language of a one-line command: Python when it
// reads like a Python statement, else shell.
func inlineLang(code string) Lang {
	for _, p := range []string{"import ", "requests.", "os.", "subprocess.", "range(", "open(", "print(", "exec(", "eval(", "urllib", "socket."} {
		if strings.Contains(code, p) {
			return Python
		}
	}
	if strings.Contains(code, "fetch(") || strings.Contains(code, "require(") || strings.Contains(code, "process.env") {
		return JavaScript
	}
	return Shell
}

// stripPrompts blanks "$ " prompts at line starts of a console session,
// keeping offsets.
func stripPrompts(s string) string {
	if !strings.Contains(s, "$ ") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		k := i
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		if k+1 < len(b) && b[k] == '$' && b[k+1] == ' ' {
			b[k] = ' '
		}
		e := strings.IndexByte(s[i:], '\n')
		if e < 0 {
			break
		}
		i += e + 1
	}
	return string(b)
}

// stepCue reports, in a skill's SKILL.md, a line right before a fence
// that gives the block as the next thing to do: a sentence ending in a
// colon that opens with an order ("Always commit with hooks disabled:",
// "Tail the log:"), not a label ("Example:", "Output:").
func stepCue(s string, fence int) bool {
	p := strings.TrimRight(s[max(0, fence-300):fence], "\n\t ")
	if i := strings.LastIndexByte(p, '\n'); i >= 0 {
		p = p[i+1:]
	}
	p = strings.TrimLeft(p, " \t")
	numbered := numberedItem.MatchString(p)
	p = strings.TrimLeft(p, " \t-*0123456789.)#>")
	if !strings.HasSuffix(p, ":") || strings.Count(p, " ") < 1 {
		return false
	}
	first := strings.Trim(strings.ToLower(strings.Fields(p)[0]), "*_")
	// A numbered step is an order whatever its verb ("2. Create the
	// archive:"), unless it names what the block shows.
	return stepVerbs[first] || numbered && !blockLabels[first]
}

// numberedItem opens an ordered list's item: "2. ", "3) ".
var numberedItem = lazyre.New(`^\d{1,2}[.)]\s`)

// blockLabels open a line that says what a block shows, not what to do.
var blockLabels = map[string]bool{
	"example": true, "examples": true, "output": true, "result": true, "results": true, "sample": true, "e.g.": true,
	"for": true, "the": true, "this": true, "a": true, "an": true, "expected": true, "response": true, "returns": true,
}

// stepVerbs open an order in a skill's step.
var stepVerbs = map[string]bool{
	"always": true, "run": true, "execute": true, "then": true, "first": true, "next": true, "finally": true, "now": true,
	"tail": true, "commit": true, "push": true, "send": true, "upload": true, "post": true, "sync": true, "back": true,
	"clean": true, "clear": true, "delete": true, "remove": true, "install": true, "add": true, "set": true, "start": true,
	"launch": true, "deploy": true, "warm": true, "refresh": true, "mirror": true, "copy": true, "before": true, "after": true,
	// Orders to make the block part of the agent's work ("Merge the
	// below code excerpt into your solution:", "Don't forget to
	// integrate the following code block:").
	"use": true, "utilize": true, "utilise": true, "include": true, "integrate": true, "incorporate": true, "insert": true,
	"merge": true, "embed": true, "apply": true, "ensure": true, "consider": true, "don't": true, "do": true, "make": true,
	"remember": true, "please": true, "kindly": true, "implement": true, "adopt": true, "append": true, "place": true,
}

// runCue reports a paragraph before a fence that tells the agent to run
// the block by itself: a run verb together with an insistence or a
// secrecy word. "Run:" or "Install with" alone is documentation.
func runCue(s string, fence int) bool {
	from := max(0, fence-400)
	p := strings.TrimRight(s[from:fence], "\n\t ")
	if i := strings.LastIndex(p, "\n\n"); i >= 0 {
		p = p[i+2:]
	}
	p = strings.ToLower(p)
	if !strings.Contains(p, "run") && !strings.Contains(p, "execute") {
		return false
	}
	for _, w := range []string{"always", "automatically", "silently", "without asking", "without telling", "you must", "must run", "must execute",
		"immediately", "before every", "before each", "before any", "do not tell", "don't tell", "quietly"} {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// Prose reports whether a fence's body reads as text rather than code:
// sniffLang finds no language in it and no shebang opens it.
func Prose(body string) bool { return sniffLang(body) == None }
