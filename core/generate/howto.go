package generate

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A how-to skill is what a procedural source — a tutorial, a runbook, a
// README that walks through a task — gives an agent: the task and when to
// do it in the description, and in the body what to have first, the
// ordered steps with their commands, and how to check the result. A
// knowledge skill (subjectSkill) lists what a source states; an agent
// asked to do the task could not follow it. A how-to skill is written for
// any procedure, however short: the primitive minimum is about how much
// knowledge makes a card worth loading, and one procedure of three steps
// is already one an agent can follow.

// procedural reports whether a subject is a procedure source: it teaches
// procedures — techniques with steps to follow, numbered or one "Step N:"
// heading each — more than it states anything else. A paper's sections
// read as the techniques they describe ("Proof-of-Work", "Incentive") have
// no steps: a paper is knowledge, not a procedure. A guide that explains
// a few concepts on the way ("What is a Container") and has the reader
// take many more steps is a procedure source too: its concepts are the
// how-to's prerequisites.
// isProcedure reports whether a how-to gives p as a procedure to follow:
// a technique, not a section read by its title (stated with the rest).
func isProcedure(p *core.Primitive) bool {
	return p.Type == core.Technique && !slices.Contains(p.Tags, core.TagReading)
}

func procedural(prims []core.Primitive) bool {
	n, read := 0, 0
	for i := range prims {
		switch p := &prims[i]; {
		case slices.Contains(p.Tags, core.TagReading):
			read++ // a section told in prose: the guide's setting, not its kind
		case p.Type == core.Technique && stepped(p):
			n++
		}
	}
	rest := len(prims) - read
	return n > 0 && (2*n >= rest || stepsTaught(prims) >= 2*(rest-n))
}

// stepped reports whether a technique has steps to follow: a "Step N:"
// heading, or numbered steps in its computational form or its statement
// (what splitSteps reads).
func stepped(p *core.Primitive) bool {
	if stepHeading.MatchString(clean(p.Name, maxNameRunes)) {
		return true
	}
	for _, line := range strings.Split(p.ComputationalForm, "\n") {
		if !strings.HasPrefix(line, text.FormIndent) && numberedLine.MatchString(line) {
			return true // a line of a step's code is no step
		}
	}
	return firstStep.MatchString(p.FormalStatement)
}

// shellBuiltins are commands of the shell itself: nothing to install.
var shellBuiltins = map[string]bool{
	"cd": true, "export": true, "echo": true, "set": true, "unset": true, "source": true, ".": true,
	"exit": true, "pushd": true, "popd": true, "alias": true, "read": true, "pwd": true, "true": true, "false": true,
	// the shell's own words: a script's "if", "return" or "local" runs no
	// program anyone installs
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "for": true, "while": true, "until": true,
	"do": true, "done": true, "case": true, "esac": true, "function": true, "return": true, "local": true,
	"declare": true, "typeset": true, "eval": true, "exec": true, "shift": true, "test": true, "[": true, "[[": true,
	"break": true, "continue": true, "trap": true, "wait": true, "command": true, "type": true, "hash": true,
	"builtin": true, "shopt": true, "ulimit": true, "umask": true, "printf": true, "let": true,
}

// procedure is one task of a how-to skill.
type procedure struct {
	title string
	// intro is what the source says before the first step: often what
	// must hold first.
	intro string
	steps []step
	// offset orders procedures as the document does.
	doc    string
	offset int
}

// step is one step of a procedure: what to do, and the code blocks the
// source gives with it (the commands to run, the files to write), whole.
type step struct {
	text string
	code []text.CodeBlock
	// notes are what the source says after the step's code: what the
	// commands did, a warning
	notes []string
	// passage is what the source goes on to say after the step, as it
	// says it (core.Primitive.Passage): why, what the reader sees, what
	// to do next.
	passage string
}

// stepHeading is a procedure written one heading per step: "Step 2:
// Launch the instance".
var stepHeading = lazyre.New(`^(?i:step)\s+([0-9]{1,2})\s*[:.)\-–—]\s*(.+)$`)

// numberedLine is one step of a computational form, "3. Run …".
var numberedLine = lazyre.New(`^\s*([0-9]{1,3})[.)]\s+(.+)$`)

// procedures lays a subject's techniques out as procedures in document
// order: each technique is one, except runs of "Step N:" techniques of one
// chapter, numbered in order, which are the steps of one procedure named
// by its last step (what the steps achieve).
func procedures(prims []core.Primitive) []procedure {
	var techs []*core.Primitive
	for i := range prims {
		if isProcedure(&prims[i]) {
			techs = append(techs, &prims[i])
		}
	}
	sort.SliceStable(techs, func(i, j int) bool {
		a, b := techs[i], techs[j]
		if a.Provenance.Whole() != b.Provenance.Whole() {
			return a.Provenance.Whole() < b.Provenance.Whole()
		}
		return a.Provenance.At() < b.Provenance.At()
	})
	var out []procedure
	lastStep, lastChapter := 0, -1
	for _, p := range techs {
		name := clean(p.Name, maxNameRunes)
		if m := stepHeading.FindStringSubmatch(name); m != nil {
			n, _ := strconv.Atoi(m[1])
			st := step{text: clean(m[2], maxNameRunes)}
			if body := stepBody(p, st.text); body != "" {
				st.text = strings.TrimRight(st.text, ".:") + ": " + body
			}
			for _, fs := range text.FormSteps(p.ComputationalForm) {
				st.code = append(st.code, fs.Blocks...)
				st.notes = append(st.notes, fs.Notes...)
			}
			st.passage = p.Passage
			if len(out) > 0 && lastStep > 0 && n == lastStep+1 && p.Chapter == lastChapter {
				cur := &out[len(out)-1]
				cur.steps = append(cur.steps, st)
				cur.title = clean(m[2], maxNameRunes)
			} else {
				out = append(out, procedure{title: clean(m[2], maxNameRunes), steps: []step{st},
					doc: p.Provenance.Whole(), offset: p.Provenance.At()})
			}
			lastStep, lastChapter = n, p.Chapter
			continue
		}
		lastStep = 0
		intro, steps := splitSteps(p)
		if len(steps) == 0 {
			continue // a technique without a statement: nothing to follow
		}
		steps[len(steps)-1].passage = p.Passage
		out = append(out, procedure{title: name, intro: intro, steps: steps,
			doc: p.Provenance.Whole(), offset: p.Provenance.At()})
	}
	return out
}

// unfinished reports a sentence that stops short of its end: no stop,
// colon or closing mark after its last word.
func unfinished(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// stepBody is what a "Step N: X" technique says beyond its heading X: its
// statement without a leading repetition of X.
func stepBody(p *core.Primitive, heading string) string {
	s := clean(p.FormalStatement, maxRefStmtRunes)
	h := strings.TrimRight(heading, ".:")
	// "Create a Network: $ docker network create …" repeats the heading
	// before a colon; "Run the image, mounting …" only starts like it.
	if len(s) > len(h) && strings.EqualFold(s[:len(h)], h) && s[len(h)] == ':' {
		s = strings.TrimSpace(s[len(h)+1:])
	}
	if strings.EqualFold(strings.TrimRight(s, "."), h) {
		return ""
	}
	return s
}

// splitSteps reads a technique's steps: the numbered lines of its
// computational form (where extraction keeps every step whole), else
// those of its statement; what comes before the first is its intro. A
// technique without numbered steps is one step, its statement.
func splitSteps(p *core.Primitive) (intro string, steps []step) {
	if firstStepLine(p.ComputationalForm) {
		for _, fs := range text.FormSteps(p.ComputationalForm) {
			steps = append(steps, step{text: clean(fs.Text, maxRefStmtRunes), code: fs.Blocks, notes: fs.Notes})
		}
	}
	stmt := clean(p.FormalStatement, maxRefStmtRunes)
	first := firstStep.FindStringIndex(stmt)
	if len(steps) == 0 && first != nil {
		rest := stmt[first[0]:]
		locs := stepStarts.FindAllStringSubmatchIndex(rest, -1)
		for k, l := range locs {
			end := len(rest)
			if k+1 < len(locs) {
				end = locs[k+1][0]
			}
			steps = append(steps, step{text: strings.TrimSpace(rest[l[1]:end])})
		}
	}
	if first != nil {
		intro = strings.TrimSpace(stmt[:first[0]])
	}
	if len(steps) == 0 {
		if s := statement(p, maxRefStmtRunes); s != "(no statement)" {
			steps = []step{{text: s}}
		}
	}
	// A cut statement ends by counting the steps it left out; the
	// computational form holds them, and a step is never that count.
	for i := range steps {
		steps[i].text = strings.TrimSpace(moreSteps.ReplaceAllString(steps[i].text, ""))
	}
	return intro, steps
}

// firstStepLine reports whether a form opens with a numbered step.
func firstStepLine(form string) bool {
	first, _, _ := strings.Cut(form, "\n")
	return numberedLine.MatchString(first) && !strings.HasPrefix(first, text.FormIndent)
}

// stepCommands are the command lines a step gives: those of its shell
// blocks (prompted lines without their prompt), else those its text
// quotes ("by entering `wslc version`").
func stepCommands(st step) []string {
	if len(st.code) == 0 {
		return commands(st.text)
	}
	var out []string
	for _, b := range st.code {
		if text.ShellLangs[b.Lang] || b.Prompted() {
			out = append(out, b.Commands()...)
		}
	}
	return out
}

var (
	firstStep  = lazyre.New(`(?:^|\s)1\. `)
	stepStarts = lazyre.New(`(?:^|\s)([0-9]{1,2})\. `)
)

// commandStart is inline code that reads as a command line: a program
// name (lower-case, as commands are typed) and at least one argument, or
// a shell prompt "$ " (promptCommand).
var (
	commandStart  = lazyre.New(`^(?:sudo\s+)?[a-z][a-z0-9._+-]*(?:\.exe)?\s+\S`)
	promptCommand = lazyre.New(`(?:^|\s)\$ ([^$]+?)(?:\s+or\s|\.\s|\s*$)`)
)

// commands are the command lines a step gives, in order, without repeats.
func commands(step string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(c string) {
		c = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c), "$ "))
		// A backtick could close the block the command is written in.
		if c == "" || seen[c] || strings.Contains(c, "`") {
			return
		}
		seen[c] = true
		out = append(out, c)
	}
	spans := codeSpans(step)
	for _, m := range spans {
		if n := m[3] - m[2]; n < 3 || n > 300 || strings.Contains(step[m[2]:m[3]], "\n") {
			continue
		}
		c := strings.TrimSpace(step[m[2]:m[3]])
		// "`FROM python:3` … (7 lines of dockerfile)" is the first line
		// of a block extraction shortened: not a whole command, and
		// often not one at all. "the `docker compose` command" names a
		// command rather than giving one to run.
		after := strings.TrimSpace(step[m[1]:])
		if strings.HasPrefix(after, "… (") || strings.HasPrefix(after, "command") {
			continue
		}
		if strings.HasPrefix(c, "$ ") || commandStart.MatchString(c) {
			add(c)
		}
	}
	var bare strings.Builder // the step without its code spans
	last := 0
	for _, m := range spans {
		bare.WriteString(step[last:m[0]])
		last = m[1]
	}
	bare.WriteString(step[last:])
	for _, m := range promptCommand.FindAllStringSubmatch(bare.String(), -1) {
		add(m[1])
	}
	return out
}

// backticks is the length of the run of backticks at s[i].
func backticks(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}

// codeSpans are the inline code spans of s as CommonMark pairs them: a
// run of backticks opens one that the next run of the same length
// closes, so "(`^` means …) `ceiling(B*8)`" is two spans, not one from
// the first's closing backtick. Each is [start, end, text start, text
// end].
func codeSpans(s string) [][4]int {
	var out [][4]int
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		n := backticks(s, i)
		closed := false
		for j := i + n; j < len(s); {
			if s[j] != '`' {
				j++
				continue
			}
			k := backticks(s, j)
			if k == n {
				out = append(out, [4]int{i, j + k, i + n, j})
				i, closed = j+k, true
				break
			}
			j += k
		}
		if !closed {
			i += n
		}
	}
	return out
}

// checkWords start the steps that check a result rather than change
// anything.
var checkStep = lazyre.New(`(?i)^(?:to\s+)?(?:confirm|verify|check|test|make sure|ensure|validate|list|inspect|view|look)\b|\b(?:should (?:see|return|show|print|be able to)|to confirm|to verify|to check|(?:you|we) can (?:check|verify|confirm)|let'?s (?:check|verify|confirm|make sure)|check (?:if|that|whether)|and check)\b`)

// precondition is a step that readies the ground before the task ("Make
// sure no other copies are running first"): no check of its result.
var precondition = lazyre.New(`(?i)^(?:make sure|ensure|before)\b.*\bfirst\b|^before\b`)

// isCheck reports whether a step's text checks the task's result.
func isCheck(text string) bool { return checkStep.MatchString(text) && !precondition.MatchString(text) }

// imperativeVerbs are the verbs a procedure's title starts with when it
// says what to do ("Install and verify wslc"); such a title becomes the
// description's third-person sentence ("Installs and verifies wslc").
var imperativeVerbs = wordSet(`access add adjust apply back backup bind boot bootstrap build change check choose clean clone
compile configure connect copy create debug define delete deploy diagnose disable download drain edit enable ensure
expose export fetch find fix generate get increase initialize inspect install launch list load log login make manage
migrate monitor mount move open prepare provision publish pull push rebuild recover reduce register reinstall remove
replace reset resize restart restore resolve review roll rollback rotate run scale secure select set setup share
sign specify start stop sync tag test troubleshoot uninstall update upgrade use validate verify view watch write`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// thirdPerson turns an imperative title into a third-person clause:
// "Build and run your own container image" → "builds and runs your own
// container image"; ok is false when the title does not start with a verb.
func thirdPerson(title string) (string, bool) {
	words := strings.Fields(title)
	if len(words) == 0 {
		return "", false
	}
	v, ok := baseVerb(words[0])
	if !ok {
		return "", false
	}
	words[0] = conjugate(v)
	for i := 1; i+1 < len(words); i++ {
		if v, ok := baseVerb(words[i+1]); ok && strings.EqualFold(words[i], "and") {
			// "Installing and running" → "installs and runs"
			words[i+1] = conjugate(v)
		}
	}
	return strings.Join(words, " "), true
}

// baseVerb is the verb a title starts with, in its base form: "Install"
// and "Installing" give "install", "Running" gives "run".
func baseVerb(w string) (string, bool) {
	w = strings.ToLower(w)
	if imperativeVerbs[w] {
		return w, true
	}
	if st, ok := strings.CutSuffix(w, "ing"); ok && len(st) > 1 {
		for _, c := range []string{st, st + "e", st[:len(st)-1]} {
			if imperativeVerbs[c] {
				return c, true
			}
		}
	}
	return "", false
}

// imperative is a title as a request: "Binding the account" → "bind the
// account".
func imperative(t string) string {
	first, rest, _ := strings.Cut(t, " ")
	if v, ok := baseVerb(first); ok {
		if rest == "" {
			return v
		}
		return v + " " + rest
	}
	return lowerFirst(t)
}

// phrasalVerbs are verbs titles write as one word whose third person
// splits: "Setup the bundle" → "sets up the bundle".
var phrasalVerbs = map[string]string{
	"setup": "sets up", "cleanup": "cleans up", "backup": "backs up", "login": "logs in",
	"logout": "logs out", "checkout": "checks out", "rollout": "rolls out", "shutdown": "shuts down",
}

func conjugate(v string) string {
	if p, ok := phrasalVerbs[v]; ok {
		return p
	}
	switch {
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "sh"), strings.HasSuffix(v, "ch"),
		strings.HasSuffix(v, "x"), strings.HasSuffix(v, "z"), strings.HasSuffix(v, "o"):
		return v + "es"
	case len(v) > 1 && strings.HasSuffix(v, "y") && !strings.ContainsRune("aeiou", rune(v[len(v)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// lowerFirst lower-cases a title's first letter unless the first word is
// an acronym or a name written with capitals inside ("WSL", "ClusterRole").
func lowerFirst(s string) string {
	w, _, _ := strings.Cut(s, " ")
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsUpper(r) {
		return s
	}
	for _, c := range w[n:] {
		if unicode.IsUpper(c) {
			return s
		}
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// taskTitle names a how-to skill's task: the subject's title without the
// question it is sometimes phrased as ("What is Redis Sentinel?" →
// "Redis Sentinel"); when the subject is named only by its file, the
// first procedure's title, since a file name is no task.
func taskTitle(sub *Subject, procs []procedure) string {
	t := clean(sub.Title, maxNameRunes)
	fromFile := false
	for i := range sub.Prims {
		if t != "" && t == fileTitle(sourceOf(&sub.Prims[i])) {
			fromFile = true
			break
		}
	}
	if t == "" || fromFile {
		// "Quick start", "Getting started": the page's title says how, the
		// program its commands are about says what
		if own, _ := commonTitle(sub.Prims); genericTitles[titleKey(own)] {
			if prog := mainProgram(procs); prog != "" {
				return own + " with " + prog
			}
		}
		// the first procedure that is the task, not what it needs first
		for _, p := range procs {
			if !genericTitles[titleKey(p.title)] {
				return p.title
			}
		}
		if len(procs) > 0 {
			return procs[0].title
		}
	}
	for _, q := range []string{"what is ", "what are ", "what's "} {
		if len(t) > len(q) && strings.EqualFold(t[:len(q)], q) {
			t = t[len(q):]
			break
		}
	}
	return strings.TrimSpace(strings.TrimRight(t, "?"))
}

// commonTools are programs a guide runs whatever it is about: what it
// installs, fetches or inspects with, not what it teaches.
var commonTools = map[string]bool{
	"kubectl": true, "docker": true, "podman": true, "curl": true, "wget": true, "git": true, "cat": true,
	"ls": true, "mkdir": true, "cp": true, "mv": true, "rm": true, "chmod": true, "tar": true, "unzip": true,
	"apt": true, "apt-get": true, "yum": true, "dnf": true, "brew": true, "pip": true, "pip3": true, "npm": true,
	"npx": true, "ssh": true, "scp": true, "vi": true, "vim": true, "nano": true, "open": true, "watch": true,
	"go": true, "jq": true, "sed": true, "grep": true, "awk": true, "make": true, "touch": true, "systemctl": true, "openssl": true,
}

// mainProgram is the program a guide's commands run most that is not a
// common tool, "" when there is none.
func mainProgram(procs []procedure) string {
	count := map[string]int{}
	best := ""
	for _, p := range procs {
		for _, st := range p.steps {
			for _, c := range stepCommands(st) {
				prog := path.Base(programOf(c))
				if prog == "." || prog == "" || commonTools[prog] || shellBuiltins[prog] {
					continue
				}
				count[prog]++
				if count[prog] > count[best] {
					best = prog
				}
			}
		}
	}
	return best
}

// noTask are section titles of guides and runbooks that name no part of
// the task ("Meaning", "Impact"): a description or a request that names
// them says nothing.
var noTask = map[string]bool{
	"meaning": true, "impact": true, "summary": true, "overview": true, "description": true, "background": true,
	"context": true, "details": true, "notes": true, "introduction": true, "about": true, "purpose": true,
}

// sectionWord reports whether a name is a section's word for a part of a
// guide ("Meaning", "Purpose / What you'll learn", "Prerequisites"), not
// what a request would ask for.
func sectionWord(name string) bool {
	k := titleKey(name)
	first, _, _ := strings.Cut(k, " ")
	return noTask[k] || noTask[first] || genericTitles[k]
}

// howToDescription says what the skill does, in the third person, and
// when to use it: the procedures' titles as actions, the task they belong
// to, and the words a request for them would use. No counts, no file
// names: an agent chooses a skill by its task.
func howToDescription(task string, procs []procedure, triggers []string) string {
	var acts, topics, asks []string
	seen := map[string]bool{}
	hasCmds, hasChecks := false, false
	for _, p := range procs {
		for _, st := range p.steps {
			hasCmds = hasCmds || len(stepCommands(st)) > 0
			hasChecks = hasChecks || isCheck(st.text)
		}
	}
	for _, p := range firstProcs(procs, 4) {
		// "Diagnosis (part 2)" continues "Diagnosis": one task.
		t := sentenceCase(strings.TrimRight(partSuffix.ReplaceAllString(p.title, ""), ".:"))
		if seen[strings.ToLower(t)] {
			continue
		}
		seen[strings.ToLower(t)] = true
		if s, ok := thirdPerson(t); ok {
			acts = append(acts, s)
			asks = append(asks, imperative(t))
		} else if !noTask[titleKey(t)] {
			topics = append(topics, lowerFirst(t))
		}
	}
	var first string
	switch {
	case len(acts) > 0:
		first = capitalize(strings.Join(acts, ", then "))
		if len(topics) > 0 {
			first += ", and covers " + joinAnd(topics, ", ")
		}
	case len(topics) > 0:
		first = "Walks through " + joinAnd(topics, ", ") + " for " + task
	default:
		first = "Walks through " + task
	}
	switch {
	case hasCmds && hasChecks:
		first += ", step by step with the commands to run and how to check the result."
	case hasCmds:
		first += ", step by step with the commands to run."
	case hasChecks:
		first += ", step by step with how to check the result."
	default:
		first += ", step by step."
	}
	use := "Use when working with " + task
	if _, ok := thirdPerson(task); ok {
		use = "Use when asked to " + imperative(sentenceCase(task))
	}
	if len(asks) > 0 && !(len(asks) == 1 && strings.EqualFold(asks[0], task)) {
		use += " (to " + joinOr(asks) + ")"
	}
	if len(triggers) > 0 {
		use += ", or when a task involves " + joinBounded(triggers, 200)
	}
	return fitDescription(first, use+".")
}

// sentenceCase writes a title in Title Case ("Launch Your Redis
// Instance") as a sentence ("Launch your Redis instance"): words after the
// first lose their capital unless they hold another one (an acronym, a
// name such as "ClusterRole"). A title not in Title Case stays as it is:
// its capitals are names.
func sentenceCase(t string) string {
	words := strings.Fields(t)
	caps, long := 0, 0
	for _, w := range words[min(1, len(words)):] {
		r, _ := utf8.DecodeRuneInString(w)
		if utf8.RuneCountInString(w) > 3 {
			long++
			if unicode.IsUpper(r) {
				caps++
			}
		}
	}
	if long == 0 || caps < long {
		return t
	}
	for i := 1; i < len(words); i++ {
		words[i] = lowerFirst(words[i])
	}
	return strings.Join(words, " ")
}

// partSuffix is what tells the parts of one section apart: "(part 2)".
var partSuffix = lazyre.New(`\s*\(part [0-9]+\)$`)

func firstProcs(p []procedure, n int) []procedure {
	if len(p) > n {
		return p[:n]
	}
	return p
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// joinAnd joins items with sep and a final " and ".
func joinAnd(items []string, sep string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	if sep == "; " {
		return strings.Join(items, sep)
	}
	return strings.Join(items[:len(items)-1], sep) + " and " + items[len(items)-1]
}

func joinOr(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// howToSkill writes the how-to skill of a procedural subject.
func howToSkill(d DomainInfo, sub Subject, own *vocabulary, all []int32, bgN int, cfg Config, sh *shared) Outcome {
	prims := sub.Prims
	out := Outcome{Kind: core.SkillArtifact, Domain: d.ID, Subject: SubjectLabel(sub)}
	procs := procedures(prims)
	if len(procs) == 0 {
		out.Reason = "no procedure with steps"
		return out
	}
	now := cfg.Now()
	keywords := conceptTerms(sh.lex, len(prims), sub.Title, own, all, bgN)
	triggers := firstN(keywords, maxTriggers)
	task := workTitled(taskTitle(&sub, procs), keywords, prims)
	named := sub
	named.Title = task
	name := subjectName(d, &named, cfg.Reserved)

	meta := baseMeta(d, "how-to", len(prims), Center(prims), now)
	meta = append(meta[:5], append([]kv{{"subject", task}, {"sources", strings.Join(firstN(sub.Docs, maxDocsNamed), ", ")}}, meta[5:]...)...)
	meta = append(meta, kv{"triggers", strings.Join(triggers, ", ")})
	desc := howToDescription(task, procs, triggers)

	var b strings.Builder
	b.WriteString(frontmatter(name, desc, meta))
	b.WriteString("\n# " + mdName(task) + "\n\n")
	b.WriteString(paragraph(desc, maxDescRunes) + "\n\n")

	b.WriteString("## Prerequisites\n\n")
	b.WriteString(prerequisites(procs))

	// SKILL.md holds the procedures while it stays well under the
	// specification's 500 lines; the rest go to reference files it links.
	b.WriteString("## Steps\n\n")
	var checks []string
	var refs []string
	lines := strings.Count(b.String(), "\n")
	var codeFiles []core.ArtifactFile
	taken := map[string]bool{}
	for k, p := range procs {
		text, chk, fs := renderProcedure(k, p, len(procs) > 1, taken)
		checks = append(checks, chk...)
		codeFiles = append(codeFiles, fs...)
		n := strings.Count(text, "\n")
		if len(refs) == 0 && lines+n <= maxHowToLines {
			b.WriteString(text)
			lines += n
			continue
		}
		if len(refs) == 0 || len(refs[len(refs)-1])+len(text) > refFileBudget {
			if len(refs) == maxRefFiles {
				break
			}
			refs = append(refs, "# "+clean(task, maxNameRunes)+": more procedures\n\n")
		}
		// a reference file links its step's code files from beside them
		refs[len(refs)-1] += strings.ReplaceAll(text, "](references/", "](")
	}
	var files []core.ArtifactFile
	if len(refs) > 0 {
		b.WriteString("The other procedures are in ")
		for i := range refs {
			rp := "references/procedures.md"
			if i > 0 {
				rp = fmt.Sprintf("references/procedures-%d.md", i+1)
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("[" + rp + "](" + rp + ")")
			files = append(files, core.ArtifactFile{Path: name + "/" + rp, Content: refs[i]})
		}
		b.WriteString(".\n\n")
	}

	// What the source states beside its steps — the terms the steps use,
	// the rules they follow, an algorithm they run — whole, with its
	// steps and examples: a step that says "decode each block with BaseX"
	// is done by the definition that says how.
	if known, ref := stated(prims, task); known != "" {
		b.WriteString("## What the Source States\n\n" + known)
		if ref != "" {
			b.WriteString("Each whole, with what the source goes on to say of it: [" + statedRef + "](" + statedRef + ").\n\n")
			files = append(files, core.ArtifactFile{Path: name + "/" + statedRef, Content: ref})
		}
	}

	if len(checks) > 0 {
		// With none read, no section: lore does not make one up (the
		// last step may be a later one, "once the release is done"),
		// and a sentence saying it found none reads as the source
		// having none, which a check written as prose makes false.
		b.WriteString("## Check the result\n\n")
		b.WriteString(strings.Join(firstN(checks, maxChecks), "\n") + "\n")
	}
	for _, f := range codeFiles {
		files = append(files, core.ArtifactFile{Path: name + "/" + f.Path, Content: f.Content})
	}
	tasks, trig := howToEvals(task, procs, cfg.nearMiss)
	files = append(files, evalFiles(name, tasks, trig)...)
	b.WriteString("\n" + evalsLine)
	files = append([]core.ArtifactFile{{Path: name + "/SKILL.md", Content: b.String()}}, files...)
	out.Generated = true
	out.Reason = fmt.Sprintf("Generated how-to skill with %s", plural(len(procs), "procedure", "procedures"))
	out.Artifact = &core.Artifact{
		Kind: core.SkillArtifact, Name: name, Domain: d.ID, Primitives: len(prims),
		Files: files, GeneratedAt: now, Reason: out.Reason,
	}
	return out
}

// Bounds of a how-to SKILL.md.
const (
	maxHowToLines = 380 // lines before the procedures go to reference files
	maxChecks     = 15  // steps listed under "Check the result"
)

// renderProcedure writes procedure k: its heading (when there are several),
// its numbered steps, each with the code the source gives it — whole,
// inline when short and in a reference file the step names when long —
// or, for a step whose text only quotes its commands, those commands as a
// block; the lines the check section lists for its checking steps; and
// the reference files, their paths relative to the skill's folder. taken
// holds the reference paths already used by the skill.
func renderProcedure(k int, p procedure, several bool, taken map[string]bool) (string, []string, []core.ArtifactFile) {
	var b strings.Builder
	var checks []string
	var files []core.ArtifactFile
	if several {
		b.WriteString("### " + strconv.Itoa(k+1) + ". " + mdName(p.title) + "\n\n")
	}
	if intro := strings.TrimSpace(p.intro); unfinished(intro) {
		// a lead-in whose sentence the items finish ("Borg guarantees
		// that the attacker cannot" over what the attacker cannot do)
		// says what they are; one that ends is read for the
		// prerequisites
		b.WriteString(clean(intro, maxRefStmtRunes) + "\n\n")
	}
	for i, s := range p.steps {
		marker := strconv.Itoa(i+1) + ". "
		pad := strings.Repeat(" ", len(marker))
		b.WriteString(marker + clean(s.text, maxRefStmtRunes) + "\n")
		if len(s.code) > 0 {
			b.WriteString("\n")
		}
		for _, cb := range s.code {
			if cb.Lead != "" {
				// which file the block is, or where it applies
				b.WriteString(pad + clean(cb.Lead, maxRefStmtRunes) + "\n\n")
			}
			if len(cb.Lines) <= maxInlineCode {
				writeCode(&b, pad, cb)
				continue
			}
			rp := referenceName(s.text, cb, k, i, taken)
			files = append(files, core.ArtifactFile{Path: rp, Content: strings.Join(cb.Lines, "\n") + "\n"})
			what := strconv.Itoa(len(cb.Lines)) + " lines"
			if cb.Lang != "" {
				what += " of " + cb.Lang
			}
			b.WriteString(pad + "Its full text (" + what + ") is in [" + rp + "](" + rp + ").\n\n")
		}
		for _, n := range s.notes {
			b.WriteString(pad + clean(n, maxRefStmtRunes) + "\n\n")
		}
		if s.passage != "" {
			// what the source says after a step is its context, not a
			// step: a short one whole, a long one in a file of its own,
			// so that the steps keep their room in SKILL.md
			lines := passageLines(s.passage, maxRefPassageRunes)
			if len(lines) <= maxInlinePassageLines && utf8.RuneCountInString(s.passage) <= maxInlinePassageRunes {
				b.WriteString(pad + "The source goes on:\n\n")
				indented(&b, pad, lines)
				b.WriteString("\n")
			} else {
				rp := "references/procedure-" + strconv.Itoa(k+1) + "-step-" + strconv.Itoa(i+1) + "-source.md"
				for n := 2; taken[rp]; n++ {
					rp = "references/" + strconv.Itoa(n) + "-procedure-" + strconv.Itoa(k+1) + "-step-" + strconv.Itoa(i+1) + "-source.md"
				}
				taken[rp] = true
				files = append(files, core.ArtifactFile{Path: rp, Content: "# What the source goes on to say\n\n" + strings.Join(lines, "\n") + "\n"})
				b.WriteString(pad + "The source goes on for " + strconv.Itoa(len(lines)) + " lines (what the step does, the cases, the notes): [" + rp + "](" + rp + ").\n\n")
			}
		}
		// A step that quotes its commands in its text gets them again as a
		// block under it (indented as its text, so the list goes on).
		if cmds := commands(s.text); len(s.code) == 0 && len(cmds) > 0 {
			b.WriteString("\n" + pad + "```sh\n")
			for _, c := range cmds {
				b.WriteString(pad + clean(c, maxRefStmtRunes) + "\n")
			}
			b.WriteString(pad + "```\n\n")
		}
		if isCheck(s.text) {
			where := "step " + strconv.Itoa(i+1)
			if several {
				where += " of " + mdName(p.title)
			}
			line := "- " + capitalize(where) + ": " + clean(s.text, maxInlineRunes)
			if cmds := stepCommands(s); len(s.code) > 0 && len(cmds) > 0 {
				spans := make([]string, 0, 3)
				for _, c := range firstN(cmds, 3) {
					spans = append(spans, codeSpan(c))
				}
				line += " " + strings.Join(spans, "; ")
			}
			checks = append(checks, line)
		}
	}
	b.WriteString("\n")
	return b.String(), checks, files
}

// codeSpan is c as inline code, its fence longer than any run of
// backticks inside it (a command that substitutes with `…`).
func codeSpan(c string) string {
	run, longest := 0, 0
	for _, r := range c {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(c, "`") || strings.HasSuffix(c, "`") {
		c = " " + c + " "
	}
	return fence + c + fence
}

// maxInlineCode is the longest code block a step shows inline; a longer
// one goes to a reference file the step names.
const maxInlineCode = 40

// writeCode writes a step's code block under its list item, verbatim,
// fenced with more backticks than any run in it.
func writeCode(b *strings.Builder, pad string, cb text.CodeBlock) {
	fence := text.Fence(cb.Lines)
	b.WriteString(pad + fence + cb.Lang + "\n")
	for _, l := range cb.Lines {
		if l != "" {
			b.WriteString(pad + l)
		}
		b.WriteString("\n")
	}
	b.WriteString(pad + fence + "\n\n")
}

// fileNameSpan is a file name a step quotes: "`compose.yaml`",
// "`Containerfile`".
var fileNameSpan = lazyre.New("`([A-Za-z0-9_.-]*(?:\\.[A-Za-z0-9]{1,8}|file))`")

// referenceName is the path of the reference file that holds a long code
// block of step i of procedure k: the file the step says it writes
// ("Add a `Containerfile`"), else one named by the procedure and step,
// with the language's extension; never a path the skill used already.
func referenceName(stepText string, cb text.CodeBlock, k, i int, taken map[string]bool) string {
	base := ""
	if m := fileNameSpan.FindStringSubmatch(stepText); m != nil && !strings.HasPrefix(m[1], ".") {
		base = m[1]
	}
	if base == "" {
		base = "procedure-" + strconv.Itoa(k+1) + "-step-" + strconv.Itoa(i+1) + codeExtension(cb.Lang)
	}
	rp := "references/" + base
	for n := 2; taken[rp]; n++ {
		rp = "references/" + strconv.Itoa(n) + "-" + base
	}
	taken[rp] = true
	return rp
}

// codeExtension is the file extension of a code block's language.
func codeExtension(lang string) string {
	switch lang {
	case "yaml", "yml":
		return ".yaml"
	case "json", "toml", "xml", "html", "css", "sql", "ini", "go", "rs", "java", "rb", "php", "lua":
		return "." + lang
	case "python", "py":
		return ".py"
	case "javascript", "js":
		return ".js"
	case "typescript", "ts":
		return ".ts"
	case "bash", "sh", "shell", "zsh", "console":
		return ".sh"
	case "powershell", "pwsh", "ps1":
		return ".ps1"
	case "dockerfile":
		return ".dockerfile"
	}
	return ".txt"
}

// needWords mark a sentence that says what must hold before the steps.
var needWords = lazyre.New(`(?i)\b(?:requires?|required|needs?|must (?:have|be)|prerequisites?|before you (?:begin|start)|make sure|you(?:'ll| will)? need|installed|version [0-9])`)

// prerequisites lists what must hold before the steps: what the
// procedures' intros say is needed, the other primitives of the subject
// (what it defines or requires), and the programs the commands run.
// programOf is the program a command line runs: its first word after
// sudo and variable assignments ("MINIO_POD=$(kubectl get pods …)" runs
// kubectl), "" when it runs none (an assignment alone, a word that is no
// program's name).
func programOf(c string) string {
	f := strings.Fields(c)
	for len(f) > 0 {
		w := f[0]
		switch {
		case w == "sudo" || w == "env":
			f = f[1:]
			continue
		case shellAssign.MatchString(w):
			if _, v, _ := strings.Cut(w, "="); strings.HasPrefix(v, "$(") && len(v) > 2 {
				f = append([]string{strings.TrimPrefix(v, "$(")}, f[1:]...)
			} else {
				f = f[1:]
			}
			continue
		}
		break
	}
	if len(f) == 0 {
		return ""
	}
	// "$GOBIN/telemetrygen": a program run from where a variable says
	t := varDir.ReplaceAllString(strings.TrimSuffix(f[0], ".exe"), "")
	if !programName.MatchString(t) {
		return ""
	}
	// "stevemao/left-pad" is a package's name, not a program: a path to
	// run starts where the shell looks for one
	if strings.Contains(t, "/") && !strings.HasPrefix(t, "./") && !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~/") {
		return ""
	}
	return t
}

// programsOf are the programs a command line runs: of each command of its
// pipelines and lists (|, &&, ;) and of the commands it substitutes
// ($(…), `…`), outside quotes. "kubectl get pods -o json | jq -r '.items |
// length'" runs kubectl and jq.
func programsOf(c string) []string {
	var out []string
	add := func(seg string) {
		if t := programOf(seg); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	var quote rune
	start := 0
	for i, r := range c {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || c[i-1] == ' ' || c[i-1] == '\t'):
			// a comment ("# runs the full suite (default behavior)")
			// runs nothing
			add(strings.TrimPrefix(c[start:i], "$"))
			return out
		case r == '|' || r == '&' || r == ';' || r == '`' || r == '(' || r == ')':
			add(strings.TrimPrefix(c[start:i], "$"))
			start = i + 1
		}
	}
	add(c[start:])
	return out
}

// shellAssign is a word of a command that sets a variable.
var shellAssign = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*=`)

// programName is a word that can name a program or a script to run.
// varDir is a folder named by a shell variable at a command's start.
var varDir = lazyre.New(`^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})/`)

var programName = lazyre.New(`^(?:\./|/|~/)?[A-Za-z_][A-Za-z0-9_./+-]*$`)

// stated renders the subject's primitives that are not procedures, each
// whole as a key primitive is (keyEntry), within the key budget, and the
// reference file (statedRef) that holds each whole, its passage too, for
// what the budget cuts; "" when there is none.
func stated(prims []core.Primitive, task string) (string, string) {
	var b, ref strings.Builder
	budget := keyBudgetRunes
	entry := map[string]int{}
	var known []*core.Primitive
	for i := range prims {
		if !isProcedure(&prims[i]) {
			known = append(known, &prims[i])
			entry[prims[i].ID] = len(known)
		}
	}
	if len(known) == 0 {
		return "", ""
	}
	ref.WriteString("# " + clean(task, maxNameRunes) + ": what the source states\n\n")
	for n, p := range known {
		e := keyEntry(p, "entry "+strconv.Itoa(n+1)+" of "+statedRef, budget)
		budget -= utf8.RuneCountInString(e)
		b.WriteString(e + "\n")
		ref.WriteString(refEntry(n+1, p, entry))
	}
	return b.String(), ref.String()
}

// statedRef is the reference file of a how-to skill that holds what its
// source states beside its steps.
const statedRef = "references/stated.md"

func prerequisites(procs []procedure) string {
	var items []string
	seen := map[string]bool{}
	add := func(s string) {
		s = clean(s, maxInlineRunes)
		if s != "" && !seen[s] {
			seen[s] = true
			items = append(items, "- "+s)
		}
	}
	for _, p := range procs {
		for _, sent := range sentences(p.intro) {
			// A sentence ending in ':' leads into the steps.
			if needWords.MatchString(sent) && !strings.HasSuffix(sent, ":") {
				add(sent)
			}
		}
	}
	var tools []string
	tseen := map[string]bool{}
	for _, p := range procs {
		for _, s := range p.steps {
			for _, c := range stepCommands(s) {
				for _, t := range programsOf(c) {
					if !tseen[t] && !shellBuiltins[t] {
						tseen[t] = true
						tools = append(tools, "`"+t+"`")
					}
				}
			}
		}
	}
	if len(tools) > 0 {
		add("The commands run " + joinAnd(firstN(tools, 12), ", ") + ": have them installed and on the PATH.")
	}
	if len(items) == 0 {
		return "None stated by the source.\n\n"
	}
	return strings.Join(firstN(items, 15), "\n") + "\n\n"
}

// sentences splits text at sentence ends.
func sentences(s string) []string {
	var out []string
	for _, part := range sentenceEnd.Split(s, -1) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

var sentenceEnd = lazyre.New(`[.!?]\s+`)
