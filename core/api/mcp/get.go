package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"connectrpc.com/connect"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
)

// skill_get: several skills at once, with what they import, within a
// token budget, for an agent to put into its context (seed 001's in-flight
// skill_get and pre-flight bounded injection).

const (
	defaultMaxTokens = 4000
	maxGetNames      = 20
)

// GetIn are skill_get's arguments.
type GetIn struct {
	Names     []string `json:"names" jsonschema:"the skills' keys or names; the skills they import are added, dependency first"`
	Format    string   `json:"format,omitempty" jsonschema:"raw: structured records (the default); injection: one text block to put in context"`
	MaxTokens int      `json:"max_tokens,omitempty" jsonschema:"most tokens the skills may take, about 4 characters each (default 4000)"`
}

// GetSkill is one skill as skill_get returns it.
type GetSkill struct {
	Key         string `json:"key"`
	Name        string `json:"name"`
	Description string `json:"description"`
	TaskType    string `json:"taskType"`
	// Negative and Warning mark a "don't do this" skill.
	Negative bool   `json:"negative"`
	Warning  string `json:"warning,omitempty"`
	// Stale warns that the skill has not been used for a long time.
	Stale        string     `json:"stale,omitempty"`
	Instructions string     `json:"instructions"`
	Location     string     `json:"location"`
	Resources    []Resource `json:"resources"`
	// Imported: the skill was not asked for but is imported by one that
	// was.
	Imported bool `json:"imported,omitempty"`
	// allowed: a person allowed the consumer to read it without a
	// question (lore skills allow).
	allowed bool
}

// Omitted is a skill left out because it did not fit the budget.
type Omitted struct {
	Key    string `json:"key"`
	Tokens int    `json:"tokens"`
}

// Unavailable is a skill that could not be given: unknown, not active, or
// not visible to this client.
type Unavailable struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// GetOut is skill_get's result.
type GetOut struct {
	Format    string `json:"format"`
	MaxTokens int    `json:"maxTokens"`
	// Tokens is the estimate of what the included skills take: of Text
	// for injection, of the Skills records for raw.
	Tokens int `json:"tokens"`
	// Skills are the included skills, dependency first (raw only).
	Skills []GetSkill `json:"skills,omitempty"`
	// Text is the injection block (injection only).
	Text string `json:"text,omitempty"`
	// Included are the keys of the included skills, in order.
	Included    []string      `json:"included"`
	Omitted     []Omitted     `json:"omitted"`
	Unavailable []Unavailable `json:"unavailable"`
	// Warnings name import cycles and imports of unknown skills.
	Warnings []string `json:"warnings,omitempty"`
}

func (s *server) skillGet(ctx context.Context, req *sdk.CallToolRequest, in GetIn) (*sdk.CallToolResult, GetOut, error) {
	format := in.Format
	switch format {
	case "":
		format = "raw"
	case "raw", "injection":
	default:
		return nil, GetOut{}, fmt.Errorf("format %q: use raw or injection", in.Format)
	}
	budget := in.MaxTokens
	switch {
	case budget < 0:
		return nil, GetOut{}, fmt.Errorf("max_tokens %d: give a positive number of tokens", budget)
	case budget == 0:
		budget = defaultMaxTokens
	}
	var names []string
	for _, n := range in.Names {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	switch {
	case len(names) == 0:
		return nil, GetOut{}, errors.New("names is empty: give the keys or names of the skills to get (skill_search finds them)")
	case len(names) > maxGetNames:
		return nil, GetOut{}, fmt.Errorf("%d names: ask for at most %d skills at once", len(names), maxGetNames)
	}
	consumer := s.consumerOf(req.ClientInfo())
	out := GetOut{Format: format, MaxTokens: budget, Included: []string{}, Omitted: []Omitted{}, Unavailable: []Unavailable{}}

	// Each skill is read as activation reads it, for this consumer: a
	// draft, an archived skill or one hidden from it is unavailable; so
	// is an import of one.
	fetched := map[string]activation{}
	var roots []string
	for _, n := range names {
		act, err := s.activate(ctx, consumer, n)
		if notOffered(err) {
			out.Unavailable = append(out.Unavailable, Unavailable{Name: n, Reason: toolError(err).Error()})
			continue
		}
		if err != nil {
			return nil, GetOut{}, toolError(err)
		}
		fetched[act.Key] = act
		if !slices.Contains(roots, act.Key) {
			roots = append(roots, act.Key)
		}
	}
	var failed error
	order, warnings := scope.Resolve(roots, func(key string) ([]string, bool) {
		if a, ok := fetched[key]; ok {
			return a.Imports, true
		}
		act, err := s.activate(ctx, consumer, key)
		switch {
		case notOffered(err):
			out.Unavailable = append(out.Unavailable, Unavailable{Name: key, Reason: "not offered to this client"})
			return nil, false
		case err != nil:
			failed = err
			return nil, false
		}
		fetched[key] = act
		return act.Imports, true
	})
	if failed != nil {
		return nil, GetOut{}, toolError(failed)
	}
	out.Warnings = warnings
	var got []GetSkill
	for _, key := range order {
		act := fetched[key]
		got = append(got, GetSkill{Key: act.Key, Name: act.Name, Description: act.Description, TaskType: act.TaskType,
			Negative: act.Negative, Warning: warning(act.Negative), Stale: act.Stale, Instructions: act.Instructions,
			Location: act.Location, Resources: act.Resources, Imported: !slices.Contains(roots, act.Key), allowed: act.Allowed})
	}
	got, ask := s.consent(req, got, format, budget, &out)
	if ask != nil {
		return ask, GetOut{}, nil
	}
	fit(got, format, budget, &out)
	if format == "injection" {
		return textResult(out.Text), out, nil
	}
	return nil, out, nil
}

// consent applies activation's consent to skill_get (seed 002: a skill's
// body reaches the agent only once the user allowed it in the session):
// the skills that would be given and are not yet allowed are put to the
// user in one question. It returns the skills that may be given, or the
// result that asks; skills the user declined, or that a client without
// elicitation cannot ask for, are noted in out as unavailable.
func (s *server) consent(req *sdk.CallToolRequest, got []GetSkill, format string, budget int, out *GetOut) ([]GetSkill, *sdk.CallToolResult) {
	st := s.sessionOf(req.Session)
	var trial GetOut
	fit(got, format, budget, &trial)
	var need []GetSkill
	for _, g := range got {
		if slices.Contains(trial.Included, g.Key) && !g.allowed && !s.allowed(st, g.Key) {
			need = append(need, g)
		}
	}
	if len(need) == 0 {
		return got, nil
	}
	keys := make([]string, len(need))
	for i, g := range need {
		keys[i] = g.Key
	}
	state := "get:" + s.sign(append([]string{"get", st.id}, keys...)...)
	refuse := func(reason string) []GetSkill {
		for _, k := range keys {
			out.Unavailable = append(out.Unavailable, Unavailable{Name: k, Reason: reason})
		}
		return slices.DeleteFunc(got, func(g GetSkill) bool { return slices.Contains(keys, g.Key) })
	}
	if answer, ok := req.Params.InputResponses[confirmID].(*sdk.ElicitResult); ok && req.Params.RequestState == state {
		if answer.Action != "accept" {
			return refuse(fmt.Sprintf("the user did not allow it (answer: %s); do not use it", answer.Action)), nil
		}
		for _, k := range keys {
			s.allow(st, k)
		}
		return got, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return refuse("lore asks the user before a skill is first read in a session, and this MCP client does not support elicitation, so it cannot ask"), nil
	}
	return nil, &sdk.CallToolResult{
		InputRequests: sdk.InputRequestMap{confirmID: &sdk.ElicitParams{
			Mode:            "form",
			Message:         getConsentMessage(need),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}},
		RequestState: state,
	}
}

// getConsentMessage is the question for the skills skill_get would give,
// their words shown with hidden characters spelled out.
func getConsentMessage(need []GetSkill) string {
	var b strings.Builder
	if len(need) == 1 {
		b.WriteString("The agent asks to read the skill ")
	} else {
		fmt.Fprintf(&b, "The agent asks to read %d skills:\n", len(need))
	}
	chars := 0
	for _, g := range need {
		if len(need) > 1 {
			b.WriteString("- ")
		}
		b.WriteString(g.Key)
		if g.Negative {
			b.WriteString(" (a warning: what not to do)")
		}
		fmt.Fprintf(&b, ": %s\n", text.Visible(g.Description, text.InText))
		chars += len([]rune(g.Instructions))
	}
	if len(need) == 1 {
		fmt.Fprintf(&b, "\nIts instructions (%d characters) will be put into the agent's context. ", chars)
		b.WriteString("Allow it for this session? Later reads and activations of this skill in the session will not ask again.")
	} else {
		fmt.Fprintf(&b, "\nTheir instructions (%d characters) will be put into the agent's context. ", chars)
		b.WriteString("Allow them for this session? Later reads and activations of these skills in the session will not ask again.")
	}
	return b.String()
}

// notOffered reports the service's refusal of a name (unknown to the
// caller, not offered to the consumer, ambiguous), which skill_get
// reports per skill; any other failure fails the call.
func notOffered(err error) bool {
	c := connect.CodeOf(err)
	return err != nil && (c == connect.CodeNotFound || c == connect.CodeInvalidArgument)
}

// fit chooses the skills that fit budget and renders them into out. The
// skills asked for come first, in the order of got, then the skills they
// import; a skill that does not fit whole is omitted, never cut, and a
// later, smaller one may still fit. The included skills keep the
// dependency-first order of got.
//
// Each entry's tokens are estimated on its own and rounded up, and so are
// the separators, so their sum bounds the estimate of the whole.
func fit(got []GetSkill, format string, budget int, out *GetOut) {
	entries := make([]string, len(got))
	for i, g := range got {
		entries[i] = render(g, format)
	}
	sep := separator(format)
	sepTokens := search.EstimateTokens(sep)
	idx := make([]int, len(got))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		switch {
		case got[x].Imported == got[y].Imported:
			return 0
		case !got[x].Imported:
			return -1
		}
		return 1
	})
	keep := make([]bool, len(got))
	used, n := 0, 0
	for _, i := range idx {
		cost := search.EstimateTokens(entries[i])
		if n > 0 {
			cost += sepTokens
		}
		if used+cost > budget {
			out.Omitted = append(out.Omitted, Omitted{Key: got[i].Key, Tokens: search.EstimateTokens(entries[i])})
			continue
		}
		keep[i] = true
		used += cost
		n++
	}
	var kept []string
	for i, g := range got {
		if !keep[i] {
			continue
		}
		out.Included = append(out.Included, g.Key)
		kept = append(kept, entries[i])
		if format == "raw" {
			out.Skills = append(out.Skills, g)
		}
	}
	joined := strings.Join(kept, sep)
	if format == "injection" {
		out.Text = joined
	} else {
		joined = "[" + joined + "]"
	}
	out.Tokens = search.EstimateTokens(joined)
	if len(kept) == 0 {
		out.Tokens = 0
	}
}

func separator(format string) string {
	if format == "injection" {
		return "\n\n"
	}
	return ","
}

// render is one skill as it is counted and, for injection, given: the raw
// record's JSON, or a Markdown section with the warnings first.
func render(g GetSkill, format string) string {
	if format == "raw" {
		b, err := json.Marshal(g)
		if err != nil {
			// A record of strings, numbers and booleans always encodes;
			// should it not, its instructions still bound its size.
			return g.Instructions
		}
		return string(b)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## Skill %s\n", g.Key)
	if g.Negative {
		fmt.Fprintf(&b, "%s%s\n", search.NegativeLabel, g.Description)
	} else {
		fmt.Fprintf(&b, "When to use: %s\n", g.Description)
	}
	if g.Stale != "" {
		fmt.Fprintf(&b, "Staleness warning: %s; it may be outdated.\n", g.Stale)
	}
	if len(g.Resources) > 0 {
		paths := make([]string, len(g.Resources))
		for i, r := range g.Resources {
			paths[i] = r.Path
		}
		fmt.Fprintf(&b, "Resources (next to %s): %s\n", g.Location, strings.Join(paths, ", "))
	}
	b.WriteString("\n" + strings.TrimSpace(g.Instructions) + "\n")
	return b.String()
}
