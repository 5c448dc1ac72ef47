package trajectory

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Verdict is whether a run succeeded and why.
type Verdict struct {
	Outcome Outcome `json:"outcome"`
	// Reason says what decided it, for a person.
	Reason string `json:"reason"`
	// Failing is the index of the call the run failed at (its last failed
	// call left unrecovered), -1 when none.
	Failing int `json:"-"`
	// Recovered are the indexes of failed calls a later call of the same
	// tool made good.
	Recovered []int `json:"-"`
}

// Judge decides whether a run succeeded: by its explicit outcome (the
// generic schema's last line), else by the final status the agent
// recorded (Claude Code's result line, Codex's aborted turn or error), else
// by its tool errors: a failed call is recovered when a later call of the
// same tool — for a shell, the same program — succeeds, and a run with a
// failed call left unrecovered failed at the last such call.
func Judge(r *Run) Verdict {
	v := Verdict{Failing: -1}
	var open []int // failed calls not yet recovered
	for i, c := range r.Calls {
		if !c.Answered {
			continue
		}
		if c.Failed {
			open = append(open, i)
			continue
		}
		key := toolKey(c)
		open = slices.DeleteFunc(open, func(j int) bool {
			if toolKey(r.Calls[j]) == key {
				v.Recovered = append(v.Recovered, j)
				return true
			}
			return false
		})
	}
	slices.Sort(v.Recovered)
	if len(open) > 0 {
		v.Failing = open[len(open)-1]
	}
	switch {
	case r.Outcome != OutcomeUnknown:
		v.Outcome, v.Reason = r.Outcome, "the run's own outcome"
		if r.Status != "" {
			v.Reason += ": " + r.Status
		}
		if r.Outcome == Success {
			v.Failing = -1
		}
	case r.Status != "":
		if r.StatusFailed {
			v.Outcome, v.Reason = Failure, "the run "+r.Status
		} else {
			v.Outcome, v.Reason, v.Failing = Success, "the run ended with "+r.Status, -1
		}
	case v.Failing >= 0:
		c := r.Calls[v.Failing]
		v.Outcome = Failure
		v.Reason = fmt.Sprintf("call %d (%s, line %d) failed and no later %s call succeeded", v.Failing+1, c.Tool, c.Line, label(c))
	default:
		v.Outcome = Success
		switch n := len(v.Recovered); n {
		case 0:
			v.Reason = "no tool call failed"
		default:
			v.Reason = fmt.Sprintf("%d failed call(s), each followed by a successful call of the same tool", n)
		}
	}
	return v
}

// Candidate is the procedure drawn from a run: what a draft skill is made
// of, every text generalised and redacted.
type Candidate struct {
	Format Format
	Verdict
	// Trigger is the user's request, generalised: when to use the skill.
	Trigger string
	// Name is a few words of the trigger, to name the skill by.
	Name string
	// Steps are the successful tool calls, in order, as steps.
	Steps []string
	// Preconditions are what the procedure assumes.
	Preconditions []string
	// FailureModes are the errors the run met and recovered from.
	FailureModes []string
	// Tools are the tools the steps use.
	Tools    []string
	TaskType search.TaskType
	// SourceHash is seed 001's canonical hash of trigger, steps and task
	// type (skills.SourceHash).
	SourceHash string
	// Signature is, for a failed run, the normalised error of its failing
	// step (skills.Signature); "" when the run gives nothing to group by.
	Signature string
	// FailingStep is the step the run failed at.
	FailingStep string
	// Calls counts the run's tool calls.
	Calls int
	// Generalised counts the run-specific values replaced, by kind.
	Generalised map[string]int
	// Redacted counts the secrets and personal data taken out, by kind.
	Redacted map[redact.Kind]int
	// written holds the trigger, steps and failure modes as the run wrote
	// them, one for one with the generalised ones: what the scanners read
	// (Written), so that a command the agent ran is judged as it ran, not
	// with its query dropped or its values replaced.
	written struct {
		trigger             string
		steps, failureModes []string
	}
	// quote generalises and redacts a text as the candidate's own texts
	// were, for what findings on the written text quote of it.
	quote func(string) string
}

// Quote generalises and redacts s as c's texts were: what a finding on
// Written quotes of the run is kept and shown this way.
func (c *Candidate) Quote(s string) string {
	if c.quote == nil {
		return s
	}
	return c.quote(s)
}

// Written is c with its trigger, steps and failure modes as the run wrote
// them, before generalisation and redaction: the text the scanners read.
// Its Instructions have the lines of c's, one for one, so that a finding's
// location in them is a location in the stored text. It is never stored
// or shown.
func (c *Candidate) Written() Candidate {
	w := *c
	w.Trigger, w.Steps, w.FailureModes = c.written.trigger, c.written.steps, c.written.failureModes
	return w
}

// Options tune Extract.
type Options struct {
	// Home is the local user's home folder, written ~ wherever a run
	// mentions it ("" for none).
	Home string
	// MaxSteps caps the steps kept (0: 100); the rest are counted in one
	// last line.
	MaxSteps int
}

// Extract draws the candidate procedure from a run: the trigger from the
// user's first request, the steps from the tool calls that succeeded
// (bookkeeping such as to-do lists left out, a step repeated at once kept
// once), preconditions (the project folder, the programs run), the failure
// modes it recovered from, and for a failed run the signature of its
// failure. Every text passes one Generaliser.
func Extract(r *Run, opts Options) Candidate {
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = 100
	}
	texts := []string{r.Task, r.Title}
	for _, c := range r.Calls {
		texts = append(texts, command(c), filePath(c.Input))
	}
	g := NewGeneraliser(r.CWD, opts.Home, texts...)
	wg := asWritten()
	// The quotes get a generaliser of their own, that the candidate's
	// counts are of its own texts only.
	q := *g
	q.Counts, q.Redacted = map[string]int{}, map[redact.Kind]int{}
	quote := func(s string) string { return q.Text(s) }
	v := Judge(r)
	c := Candidate{Format: r.Format, Verdict: v, Calls: len(r.Calls), quote: quote}
	c.Trigger = clip(strings.Join(strings.Fields(g.Text(r.Task)), " "), 500)
	c.written.trigger = clip(strings.Join(strings.Fields(r.Task), " "), 500)
	// A title the client gave the session says what the run did in a
	// few words; the task says what was asked, often at length.
	c.Name = nameOf(clip(strings.Join(strings.Fields(g.Text(r.Title)), " "), 200))
	if c.Name == "" {
		c.Name = nameOf(c.Trigger)
	}
	recovered := map[int]bool{}
	for _, i := range v.Recovered {
		recovered[i] = true
	}
	var progs []string
	for i, call := range r.Calls {
		if toolIs(call.Tool, bookkeeping) {
			continue
		}
		step := describe(call, g)
		if call.Failed {
			if recovered[i] {
				mode, wmode := fmt.Sprintf("%s failed", step), fmt.Sprintf("%s failed", describe(call, wg))
				if e := errorLine(g.Text(call.Output)); e != "" {
					mode += ": " + code(e)
					wmode += ": " + code(errorLine(call.Output))
				}
				mode += "; a later " + label(call) + " call succeeded."
				wmode += "; a later " + label(call) + " call succeeded."
				if !slices.Contains(c.FailureModes, mode) {
					c.FailureModes = append(c.FailureModes, mode)
					c.written.failureModes = append(c.written.failureModes, wmode)
				}
			}
			continue
		}
		if n := len(c.Steps); n > 0 && c.Steps[n-1] == step {
			continue
		}
		c.Steps = append(c.Steps, step)
		c.written.steps = append(c.written.steps, describe(call, wg))
		if !slices.Contains(c.Tools, call.Tool) {
			c.Tools = append(c.Tools, call.Tool)
		}
		if isShell(call.Tool) {
			for _, p := range programs(command(call)) {
				p = g.Text(p)
				if !slices.Contains(builtins, p) && !slices.Contains(progs, p) && !strings.ContainsAny(p, "<>~[]") {
					progs = append(progs, p)
				}
			}
		}
	}
	if len(c.Steps) > opts.MaxSteps {
		more := fmt.Sprintf("… and %d more steps of the same run", len(c.Steps)-opts.MaxSteps)
		c.Steps = append(c.Steps[:opts.MaxSteps:opts.MaxSteps], more)
		c.written.steps = append(c.written.steps[:opts.MaxSteps:opts.MaxSteps], more)
	}
	if g.project != "" {
		c.Preconditions = append(c.Preconditions, "Work in the project's folder, "+code(PlaceProject)+".")
	}
	if len(progs) > 0 {
		if len(progs) > 10 {
			progs = progs[:10]
		}
		quoted := make([]string, len(progs))
		for i, p := range progs {
			quoted[i] = code(p)
		}
		c.Preconditions = append(c.Preconditions, "These programs are installed: "+strings.Join(quoted, ", ")+".")
	}
	var all []string
	for _, call := range r.Calls {
		if isShell(call.Tool) {
			all = append(all, programs(command(call))...)
		}
	}
	c.TaskType = taskType(r, all)
	c.SourceHash = skills.SourceHash(c.Trigger, c.Steps, c.TaskType)
	if v.Outcome == Failure {
		c.Signature, c.FailingStep = signature(r, v, g)
	}
	c.Generalised, c.Redacted = g.Counts, g.Redacted
	return c
}

// signature is the stable form of a failed run's failure: its explicit
// signature, else the error of the failing call (its program or tool and
// the line of its output that names the error), else of its last failed
// call; normalised by skills.Signature.
func signature(r *Run, v Verdict, g *Generaliser) (sig, step string) {
	at := v.Failing
	if at < 0 {
		for i := len(r.Calls) - 1; i >= 0; i-- {
			if r.Calls[i].Failed {
				at = i
				break
			}
		}
	}
	if at >= 0 {
		step = describe(r.Calls[at], g)
	}
	if s := strings.TrimSpace(r.Signature); s != "" {
		return skills.Signature(g.Text(s)), step
	}
	if at < 0 {
		return "", ""
	}
	c := r.Calls[at]
	e := errorLine(g.Text(c.Output))
	if e == "" {
		e = "failed"
	}
	if l := label(c); !namesItself(e, l) {
		e = l + ": " + e
	}
	return skills.Signature(e), step
}

// namesItself reports an error line that starts with the program's own
// name ("go: cannot find main module", "npm ERR! code ERESOLVE"): naming
// the program again would only repeat it.
func namesItself(line, program string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(line), strings.ToLower(program))
	return ok && program != "" && (rest == "" || !unicode.IsLetter(rune(rest[0])) && !unicode.IsDigit(rune(rest[0])))
}

// taskType guesses seed 001's task type from the tools and programs: a
// browser's tools make a browser task, changing files or building code a
// code task, HTTP calls an api task.
func taskType(r *Run, progs []string) search.TaskType {
	codeWork, api := false, false
	for _, c := range r.Calls {
		t := strings.ToLower(c.Tool)
		for _, w := range browserWords {
			if strings.Contains(t, w) {
				return search.Browser
			}
		}
		switch {
		case toolIs(t, editTools), toolIs(t, writeTools), t == "apply_patch":
			codeWork = true
		case toolIs(t, fetchTools):
			api = true
		}
	}
	for _, p := range progs {
		switch {
		case slices.Contains(codePrograms, p):
			codeWork = true
		case slices.Contains(apiPrograms, p):
			api = true
		}
	}
	switch {
	case codeWork:
		return search.Code
	case api:
		return search.API
	}
	return search.Unknown
}

var placeholder = lazyre.New(`<[a-z]+>|\[REDACTED_[A-Z]+\]`)

// nameOf is a name for the skill as a person would title the procedure:
// the task's first clause without the request around it ("please", "can
// you", "I need you to"), articles and placeholders left out, at most
// nameWords words and, when cut, cut before a connecting word so that
// it never stops inside a phrase ("rotate nginx logs", not "please
// rotate the nginx logs on the").
func nameOf(trigger string) string {
	s := placeholder.ReplaceAllString(trigger, " ")
	if i := strings.IndexAny(s, ".?!\n"); i > 0 {
		s = s[:i]
	}
	for {
		t := strings.TrimLeft(request.ReplaceAllString(s, ""), " ,")
		// "help me with my account": what was taken off was the task.
		if first, _, _ := strings.Cut(t, " "); t == s || leadsObject(first) {
			break
		}
		s = t
	}
	if loc := clauseEnd.FindStringIndex(s); loc != nil && loc[0] > 0 {
		s = s[:loc[0]]
	}
	var words []string
	for _, w := range strings.Fields(s) {
		switch strings.ToLower(w) {
		case "the", "a", "an":
			continue
		}
		words = append(words, w)
	}
	if len(words) > nameWords {
		// A long task is cut before its first "and" (the second of two
		// things asked), else before its last connecting word in reach.
		cut := nameWords
		if i := slices.IndexFunc(words[2:nameWords+1], isConjunction); i >= 0 {
			cut = i + 2
		} else {
			for i := nameWords; i >= 2; i-- {
				if text.IsStopword(strings.ToLower(words[i])) {
					cut = i
					break
				}
			}
		}
		words = words[:cut]
	}
	for len(words) > 1 && text.IsStopword(strings.ToLower(strings.Trim(words[len(words)-1], ",;:"))) {
		words = words[:len(words)-1]
	}
	return strings.Trim(strings.Join(words, " "), " ,;:")
}

// leadsObject reports whether w begins a phrase that needs a verb before
// it ("with my account", "on the server").
func leadsObject(w string) bool {
	switch strings.ToLower(w) {
	case "with", "on", "in", "for", "about", "to", "at", "of", "by", "my", "our":
		return true
	}
	return false
}

func isConjunction(w string) bool {
	switch strings.ToLower(w) {
	case "and", "or", "then":
		return true
	}
	return false
}

// nameWords bounds a run-drawn name: long enough for an object and its
// qualifier, short enough to read as a title.
const nameWords = 6

// request matches the politeness and framing before the task itself.
var request = lazyre.New(`(?i)^\s*(?:please|pls|kindly|hey|hi|hello|ok(?:ay)?|so|now|then)\b[,!]?\s*|` +
	`^\s*(?:can|could|would|will) you(?: please)?\s+|` +
	`^\s*(?:i|we)(?: really)? (?:want|need|would like|'d like)(?: you)? to\s+|` +
	`^\s*(?:help me|let'?s|let us|go ahead and|try to|i'm trying to|we have to|you need to)\s+`)

// clauseEnd is where the task's first clause ends: the rest says why, how
// or what else ("…, then deploy", "… so that the build passes").
var clauseEnd = lazyre.New(`(?i)\s*(?:[,;:(]|\s[-–—]\s|\s(?:so that|because|since|in order to|and then|which|after that)\s)`)

// Description is the skill's description: when an agent should use it.
func (c *Candidate) Description() string {
	t := c.Trigger
	if i := strings.IndexAny(t, "\n"); i > 0 {
		t = t[:i]
	}
	return fmt.Sprintf("%s — a procedure learned from an agent run (%d steps).", clip(t, 300), len(c.Steps))
}

// placeholderHelp says what each placeholder stands for.
var placeholderHelp = []struct{ place, means string }{
	{PlaceProject, "the project's folder"},
	{"~", "the home folder"},
	{PlaceUser, "a user name"},
	{PlaceNumber, "a number"},
	{PlaceID, "an identifier"},
	{PlaceHash, "a hash or commit id"},
	{PlaceUUID, "a UUID"},
	{PlaceTime, "a timestamp"},
	{PlaceDate, "a date"},
	{PlaceQuery, "a URL's query string"},
}

// Instructions is the skill's body: when to use it, preconditions, the
// steps and the failure modes, with the placeholders explained.
func (c *Candidate) Instructions() string {
	var b strings.Builder
	title := c.Name
	if title == "" {
		title = "Procedure from an agent run"
	}
	fmt.Fprintf(&b, "# %s\n\n", capitalize(title))
	fmt.Fprintf(&b, "Learned from an agent run (%s, %d tool calls, %s): the steps that worked, in order.", c.Format, c.Calls, c.Reason)
	body := strings.Join(c.Steps, "\n") + "\n" + strings.Join(c.Preconditions, "\n") + "\n" + c.Trigger
	var used []string
	for _, p := range placeholderHelp {
		if (p.place == "~" && strings.Contains(body, "~/")) || (p.place != "~" && strings.Contains(body, p.place)) {
			used = append(used, code(p.place)+" "+p.means)
		}
	}
	if len(used) > 0 {
		fmt.Fprintf(&b, " Values of the run are placeholders: %s.", strings.Join(used, ", "))
	}
	b.WriteString("\n\n## When to use\n\n")
	b.WriteString(c.Trigger + "\n")
	if len(c.Preconditions) > 0 {
		b.WriteString("\n## Before you start\n\n")
		for _, p := range c.Preconditions {
			b.WriteString("- " + p + "\n")
		}
	}
	b.WriteString("\n## Steps\n\n")
	for i, s := range c.Steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s)
	}
	if len(c.FailureModes) > 0 {
		b.WriteString("\n## Failure modes\n\n")
		for _, m := range c.FailureModes {
			b.WriteString("- " + m + "\n")
		}
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	if r[0] >= 'a' && r[0] <= 'z' {
		r[0] -= 'a' - 'A'
	}
	return string(r)
}
