package codescan

import (
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Lang is a language the analyser reads.
type Lang uint8

// The languages. None means the document is not code the analyser reads.
const (
	None Lang = iota
	Python
	JavaScript
	Shell
	PowerShell
	JSON
	YAML
	Markdown
	HTML
)

var langNames = [...]string{"none", "python", "javascript", "shell", "powershell", "json", "yaml", "markdown", "html"}

// String names the language.
func (l Lang) String() string {
	if int(l) < len(langNames) {
		return langNames[l]
	}
	return "lang(" + strconv.Itoa(int(l)) + ")"
}

// MaxFindings is the most findings one document gives; hostile input must
// not make a report unbounded.
const MaxFindings = 100

// maxDepth bounds nested analysis (a Python string run as shell that runs
// python -c that runs …).
const maxDepth = 4

// Detect says which language a document is, by its extension, then by
// its shebang. Markdown is returned for .md files, whose fenced blocks are
// analysed; everything else the analyser does not read is None.
func Detect(name, txt string) Lang {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	switch ext := path.Ext(base); ext {
	case ".py", ".pyw":
		return Python
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return JavaScript
	case ".sh", ".bash", ".zsh", ".ksh", ".command":
		return Shell
	case ".ps1", ".psm1", ".psd1":
		return PowerShell
	case ".json", ".jsonc":
		return JSON
	case ".yaml", ".yml":
		return YAML
	case ".md", ".markdown":
		return Markdown
	case ".html", ".htm", ".xhtml":
		return HTML
	}
	switch base {
	case ".bashrc", ".zshrc", ".profile", ".bash_profile", "makefile":
		return None
	}
	return shebang(txt)
}

// shebang reads the interpreter of a "#!" first line.
func shebang(txt string) Lang {
	if !strings.HasPrefix(txt, "#!") {
		return None
	}
	line := txt[2:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if len(line) > 200 {
		line = line[:200]
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return None
	}
	prog := path.Base(f[0])
	if prog == "env" {
		prog = ""
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
				prog = path.Base(a)
				break
			}
		}
	}
	return interpLang(prog)
}

// interpLang maps an interpreter's program name to its language.
func interpLang(prog string) Lang {
	prog = strings.ToLower(prog)
	prog = strings.TrimSuffix(prog, ".exe")
	switch {
	case prog == "sh" || prog == "bash" || prog == "zsh" || prog == "dash" || prog == "ksh" || prog == "ash" || prog == "busybox":
		return Shell
	case strings.HasPrefix(prog, "python") || prog == "pypy" || prog == "pypy3" || prog == "uv":
		return Python
	case prog == "node" || prog == "nodejs" || prog == "deno" || prog == "bun" || prog == "ts-node" || prog == "tsx":
		return JavaScript
	case prog == "pwsh" || prog == "powershell":
		return PowerShell
	}
	return None
}

// Analyze returns the findings of the code in a document: the whole
// document when its name or shebang says it is code, the commands of a
// JSON or YAML config, the fenced code blocks of a Markdown document, the
// inline scripts of an HTML page. A
// prose document costs one look at its name and first bytes (and, for
// Markdown, one search for a fence).
func Analyze(name, txt string) []core.Finding {
	return AnalyzeIn(nil, name, txt)
}

// AnalyzeIn is Analyze for a file of the skill d declares (nil when the
// document belongs to no skill).
func AnalyzeIn(d *Declared, name, txt string) []core.Finding {
	return analyzeLang(d, name, txt, Detect(name, txt))
}

// AnalyzeLang is Analyze with the language given.
func AnalyzeLang(name, txt string, lang Lang) []core.Finding {
	return analyzeLang(nil, name, txt, lang)
}

func analyzeLang(d *Declared, name, txt string, lang Lang) []core.Finding {
	if lang == None || txt == "" {
		return nil
	}
	a := &analysis{doc: txt, file: name, decl: d}
	switch lang {
	case Markdown:
		a.markdown()
	case HTML:
		a.html()
	case JSON:
		a.jsonConfig(unit{s: txt, exact: true})
	case YAML:
		a.yamlConfig(unit{s: txt, exact: true})
	default:
		a.run(lang, unit{s: txt, exact: true})
	}
	return a.findings()
}

// unit is a piece of code analysed on its own: the document, a string
// literal run as shell, a fenced block. Offsets in s map to the document
// at base+i when exact, else (the text was unquoted or unescaped) all to
// base.
type unit struct {
	s     string
	base  int
	exact bool
	// lower is how many severity steps the unit's findings drop (a fenced
	// block shown to a reader).
	lower int
	depth int
}

func (u unit) at(i int) int {
	if u.exact {
		if i < 0 {
			i = 0
		}
		if i > len(u.s) {
			i = len(u.s)
		}
		return u.base + i
	}
	return u.base
}

// sub is a unit for s[a:b] of u (exact when u is).
func (u unit) sub(a, b int) unit {
	if a < 0 {
		a = 0
	}
	if b > len(u.s) {
		b = len(u.s)
	}
	if b < a {
		b = a
	}
	return unit{s: u.s[a:b], base: u.at(a), exact: u.exact, lower: u.lower, depth: u.depth + 1}
}

// derived is a unit for text that is not a slice of u's text (an unquoted
// word, a joined command): every offset maps to off in u.
func (u unit) derived(s string, off int) unit {
	return unit{s: s, base: u.at(off), exact: false, lower: u.lower, depth: u.depth + 1}
}

// kind is a label's kind: what a value carries.
type kind uint8

const (
	lEnv      kind = iota // the whole environment
	lCred                 // a credential file or store
	lDotenv               // a .env file's contents
	lDocs                 // user documents, a walk of the home folder
	lClip                 // the clipboard
	lHist                 // shell or conversation history
	lScreen               // a screenshot of the user's screen
	lMail                 // the user's mailbox
	lDownload             // data downloaded from the network
	lDecoded              // data decoded from base64, hex, char codes
	lPersist              // a path that makes code run again (start-up files, cron)
	lInput                // input from the command line or a user
	// lSecret is one named secret: an environment variable whose name
	// says it holds a key, a keyring entry. It is judged by where it goes
	// (see secretSend), never reported on its own.
	lSecret
)

// strong reports a label that is worth stealing.
func (k kind) strong() bool { return k <= lMail }

// label is what a value carries, where it was picked up (a document
// offset) and how to name it.
type label struct {
	k    kind
	what string
	off  int
	// name is the variable or entry a named secret is read from
	// (OPENAI_API_KEY), or the parameter an input arrives in.
	name string
}

type labels []label

func (ls *labels) add(l label) {
	for _, x := range *ls {
		if x.k == l.k && x.what == l.what {
			return
		}
	}
	if len(*ls) < 16 {
		*ls = append(*ls, l)
	}
}

func (ls *labels) addAll(o labels) {
	for _, l := range o {
		ls.add(l)
	}
}

func (ls labels) first(k kind) (label, bool) {
	for _, l := range ls {
		if l.k == k {
			return l, true
		}
	}
	return label{}, false
}

// firstStrong returns the most telling source: credential stores before
// documents, history and the clipboard, before the environment, before a
// .env file.
func (ls labels) firstStrong() (label, bool) {
	for _, k := range []kind{lCred, lDocs, lHist, lMail, lScreen, lClip, lEnv, lDotenv} {
		if l, ok := ls.first(k); ok {
			return l, true
		}
	}
	return label{}, false
}

// hit is a finding before rendering.
type hit struct {
	a, b    int
	cat     core.Category
	sev     core.Severity
	desc    string
	rec     string
	src     string
	srcOff  int // -1: no source
	sink    string
	sinkOff int
	rule    string
	lower   int
}

// ShownPrefix opens the description of a finding in code shown to a
// reader (a fenced block), one severity lower than code that runs.
const ShownPrefix = "code block shown in the document: "

// analysis holds one document's findings.
type analysis struct {
	doc  string
	file string
	// decl is the skill the document belongs to, nil when none.
	decl *Declared
	// skill is a skill's SKILL.md: destruction in its code is never only
	// shown (see skillCommands); only, when set, keeps the hits of one
	// rule.
	skill bool
	only  string
	skip  string // a rule whose hits are dropped, "" for none
	hits  []hit
	lines *text.LineIndex // built on first use
	seen  map[string]bool
}

// line returns the 1-based line of document offset off.
func (a *analysis) line(off int) int {
	if a.lines == nil {
		a.lines = text.NewLineIndex(a.doc)
	}
	return a.lines.At(off)
}

func (a *analysis) add(h hit) {
	if len(a.hits) >= MaxFindings || (a.only != "" && h.rule != a.only) || (a.skip != "" && h.rule == a.skip) {
		return
	}
	if a.skill && h.rule == ruleDestructive {
		h.lower = 0
	}
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	key := h.rule + "\x00" + strconv.Itoa(a.line(h.sinkOff)) + "\x00" + h.sink
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.hits = append(a.hits, h)
}

// lowerSev drops a severity n steps.
func lowerSev(s core.Severity, n int) core.Severity {
	for ; n > 0; n-- {
		switch s {
		case core.Critical:
			s = core.Warning
		case core.Warning:
			s = core.Info
		}
	}
	return s
}

func (a *analysis) findings() []core.Finding {
	if len(a.hits) == 0 {
		return nil
	}
	out := make([]core.Finding, 0, len(a.hits))
	for _, h := range a.hits {
		sev := lowerSev(h.sev, h.lower)
		desc := h.desc
		if h.lower > 0 {
			desc = ShownPrefix + desc
		}
		ls, le := lineBounds(a.doc, h.sinkOff)
		line := a.line(h.sinkOff)
		col := utf8.RuneCountInString(a.doc[ls:h.sinkOff]) + 1
		fl := &core.Flow{Sink: h.sink, SinkLine: line}
		if h.srcOff >= 0 && h.src != "" {
			fl.Source = h.src
			fl.SourceLine = a.line(h.srcOff)
		}
		end := h.b
		if end < h.sinkOff {
			end = h.sinkOff
		}
		out = append(out, core.Finding{
			File:           a.file,
			Category:       h.cat,
			Severity:       sev,
			Description:    desc,
			Location:       a.file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col),
			Offset:         h.sinkOff,
			Length:         min(end, le) - h.sinkOff,
			Evidence:       evidenceLine(a.doc[ls:le]),
			Recommendation: h.rec,
			Flow:           fl,
		})
	}
	return out
}

// lineBounds returns the line of s holding off.
func lineBounds(s string, off int) (int, int) {
	if off > len(s) {
		off = len(s)
	}
	ls := strings.LastIndexByte(s[:off], '\n') + 1
	le := strings.IndexByte(s[off:], '\n')
	if le < 0 {
		le = len(s)
	} else {
		le += off
	}
	return ls, le
}

// evidenceLine is the sink's line, trimmed, cut to 200 runes, hidden
// characters spelled as the rest of the sanitizer spells them.
func evidenceLine(l string) string {
	l = strings.TrimSpace(l)
	n := 0
	for i := range l {
		if n == 200 {
			l = l[:i] + "…"
			break
		}
		n++
	}
	return text.Visible(l, text.InText)
}

// describeFlow is "reads X (line 3) and sends it with Y (line 9)".
func (a *analysis) describeFlow(verbSrc, src string, srcOff int, verbSink, sink string, sinkOff int) string {
	return verbSrc + " " + src + " (line " + strconv.Itoa(a.line(srcOff)) + ") and " + verbSink + " " + sink + " (line " + strconv.Itoa(a.line(sinkOff)) + ")"
}

func (a *analysis) lineOf(off int) string { return "line " + strconv.Itoa(a.line(off)) }

// run analyses a unit of code in lang.
func (a *analysis) run(lang Lang, u unit) {
	if u.depth > maxDepth || u.s == "" {
		return
	}
	switch lang {
	case Shell:
		a.shell(u)
	case Python:
		a.python(u)
	case JavaScript:
		a.javascript(u)
	case PowerShell:
		a.powershell(u)
	case JSON:
		a.jsonConfig(u)
	case YAML:
		a.yamlConfig(u)
	}
}
