package generate

import (
	"encoding/json"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Evals that travel with a skill, in the form the Agent Skills ecosystem
// uses (anthropics/skills' skill-creator): evals/evals.json holds task
// evals — a prompt, the expected outcome and the verifiable statements
// that say it was reached — and evals/trigger_evals.json the queries that
// should and should not load the skill. They are drawn from the skill's
// own knowledge (its concepts by name, its tasks and their commands) and,
// for the queries that should not load it, from the near-miss subjects of
// its domain and a request from no subject at all. `lore skills eval`
// runs the trigger evals against the library.

// Paths of a skill's eval files, relative to its folder.
const (
	EvalsFile        = skillspec.EvalsFile
	TriggerEvalsFile = skillspec.TriggerEvalsFile
)

// TaskEval is one task eval of evals/evals.json.
type TaskEval struct {
	ID             int      `json:"id"`
	Prompt         string   `json:"prompt"`
	ExpectedOutput string   `json:"expected_output"`
	Expectations   []string `json:"expectations,omitempty"`
}

// EvalSet is evals/evals.json.
type EvalSet struct {
	SkillName string     `json:"skill_name"`
	Evals     []TaskEval `json:"evals"`
}

// TriggerEval is one query of evals/trigger_evals.json.
type TriggerEval struct {
	Query         string `json:"query"`
	ShouldTrigger bool   `json:"should_trigger"`
}

// Bounds of a skill's evals.
const (
	maxTaskEvals    = 5
	maxTriggerEvals = 5 // of each kind
)

// unrelatedQuery is a request of no subject a learned skill could cover:
// no skill should load for it.
const unrelatedQuery = "Write a short poem about the sea at dawn"

// evalFiles are a skill's two eval files under its folder name.
func evalFiles(name string, tasks []TaskEval, triggers []TriggerEval) []core.ArtifactFile {
	for i := range tasks {
		tasks[i].ID = i + 1
	}
	return []core.ArtifactFile{
		{Path: name + "/" + EvalsFile, Content: indentJSON(EvalSet{SkillName: name, Evals: tasks})},
		{Path: name + "/" + TriggerEvalsFile, Content: indentJSON(triggers)},
	}
}

// indentJSON is v as indented JSON, "<" and "&" as written (a command
// line's "<username>" stays readable).
func indentJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // plain structs of strings and ints: nothing to fail
	return b.String()
}

// knowledgeEvals are the evals of a knowledge skill: for each of its key
// concepts that has a name a reader knows, a task asking for it (its
// statement expected) and a query that should load the skill; the
// near-miss subjects' concepts and an unrelated request should not.
func knowledgeEvals(prims []core.Primitive, key []int, subject string, nearMiss []string) ([]TaskEval, []TriggerEval) {
	var tasks []TaskEval
	var trig []TriggerEval
	for _, i := range key {
		p := &prims[i]
		nm := clean(readerName(p), maxNameRunes)
		if nm == "" || len(tasks) == maxTaskEvals {
			continue
		}
		ask := "State the " + typeName(p.Type) + " " + quoteName(nm) + " of " + subject + " and say when it applies."
		tasks = append(tasks, TaskEval{
			Prompt:         ask,
			ExpectedOutput: statement(p, maxInlineRunes),
			Expectations:   []string{"The answer names " + nm + ".", "The answer states it as the source does: " + statement(p, maxInlineRunes)},
		})
		if len(trig) < maxTriggerEvals {
			trig = append(trig, TriggerEval{Query: conceptQuery(p, nm), ShouldTrigger: true})
		}
	}
	return tasks, append(trig, nearMissEvals(nearMiss)...)
}

// conceptQueries ask for a concept as a person who has not read the work
// would: by its name and what it is about, never by the work's title,
// which the skill's own description carries and a request rarely does.
var conceptQueries = map[core.PrimitiveType][2]string{
	core.Definition: {"What is ", "?"}, core.Theorem: {"What does ", " state?"},
	core.Algorithm: {"How does ", " work?"}, core.Technique: {"How is ", " applied?"},
	core.Axiom: {"What is required by ", "?"}, core.Identity: {"What does the identity ", " say?"},
}

// stepPrefix is the "Step 3: " a step's name opens with.
var stepPrefix = lazyre.New(`^Step\s+[0-9]+[:.]?\s*`)

// conceptQuery is a request for the concept p, named nm: its kind's
// question, with two words of its statement's keywords (those not in the
// name) for context, as a request carries what it is about.
func conceptQuery(p *core.Primitive, nm string) string {
	q, ok := conceptQueries[p.Type]
	if !ok {
		q = [2]string{"Explain ", "."}
	}
	if p.Type == core.Technique && stepped(p) {
		// a procedure is asked for as the task it does
		q = [2]string{"How do I ", "?"}
		nm = imperative(sentenceCase(stepPrefix.ReplaceAllString(nm, "")))
	}
	in := map[string]bool{}
	for _, w := range text.Words(nm) {
		in[text.Stem(w)] = true
	}
	var ctx []string
	for _, k := range p.Keywords {
		if len(ctx) == 2 {
			break
		}
		t, ok := trigger(k)
		if !ok || strings.Contains(t, " ") || in[text.Stem(t)] {
			continue
		}
		in[text.Stem(t)] = true
		ctx = append(ctx, t)
	}
	if len(ctx) > 0 {
		nm += " (" + strings.Join(ctx, ", ") + ")"
	}
	return q[0] + nm + q[1]
}

// howToEvals are the evals of a how-to skill: each procedure as a task,
// its commands expected, and as a query that should load the skill.
func howToEvals(task string, procs []procedure, nearMiss []string) ([]TaskEval, []TriggerEval) {
	var tasks []TaskEval
	var trig []TriggerEval
	if s, ok := thirdPerson(sentenceCase(task)); ok && s != "" {
		trig = append(trig, TriggerEval{Query: "How do I " + imperative(sentenceCase(task)) + "?", ShouldTrigger: true})
	} else {
		trig = append(trig, TriggerEval{Query: "Walk me through " + task, ShouldTrigger: true})
	}
	for _, p := range procs {
		if len(tasks) == maxTaskEvals {
			break
		}
		title := sentenceCase(strings.TrimRight(partSuffix.ReplaceAllString(p.title, ""), ".:"))
		var cmds []string
		for _, st := range p.steps {
			cmds = append(cmds, stepCommands(st)...)
		}
		var expect []string
		for _, c := range firstN(cmds, 4) {
			expect = append(expect, "The steps run `"+c+"`.")
		}
		out := "The " + plural(len(p.steps), "step", "steps") + " of " + quoteName(title) + ", in order"
		if len(cmds) > 0 {
			out += ", with their commands"
		}
		tasks = append(tasks, TaskEval{Prompt: capitalize(imperative(title)) + " (" + task + ").", ExpectedOutput: out + ".", Expectations: expect})
		if len(trig) < maxTriggerEvals && !noTask[titleKey(title)] {
			q := capitalize(imperative(title))
			if _, ok := baseVerb(strings.Fields(title + " x")[0]); !ok {
				// "Meaning", "Installation": a section's name is no request
				// on its own; the task says what it belongs to
				q = task + ": " + lowerFirst(title)
			}
			trig = append(trig, TriggerEval{Query: q, ShouldTrigger: true})
		}
	}
	return tasks, append(trig, nearMissEvals(nearMiss)...)
}

// nearMissEvals are the queries that should not load a skill: the
// concepts of its domain's other subjects and a request of no subject.
func nearMissEvals(nearMiss []string) []TriggerEval {
	var out []TriggerEval
	for _, q := range firstN(nearMiss, maxTriggerEvals-1) {
		out = append(out, TriggerEval{Query: q, ShouldTrigger: false})
	}
	return append(out, TriggerEval{Query: unrelatedQuery, ShouldTrigger: false})
}

// evalsLine is the line SKILL.md ends with, naming its eval files.
const evalsLine = "Evals: [" + EvalsFile + "](" + EvalsFile + ") (tasks and what a good answer holds) and [" +
	TriggerEvalsFile + "](" + TriggerEvalsFile + ") (requests that should and should not load this skill).\n"

func quoteName(n string) string { return "“" + n + "”" }
