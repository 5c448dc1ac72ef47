package mcp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
)

// Activation with consent (seed 002): the first activation of a skill in a
// session is risky and asks the user, a repeated one is safe. The question
// goes to the client as an elicitation carried by the tool call's result
// (multi round-trip requests; the SDK asks a client of an older protocol
// version directly): the handler answers the first call with the question,
// and the client calls again with the user's answer and the request state
// the handler gave it. That state is signed with the server's key over the
// session and the skill, so a client cannot skip the question by sending
// an answer of its own making for a question never asked.

// session is the consent state of one MCP session: the skills its user
// allowed. It lives as long as the session, in memory only.
type session struct {
	// id distinguishes sessions in the signed request state.
	id      string
	allowed map[string]bool
}

// sessionOf returns the state of ss, made on first use and dropped when
// the session ends.
func (s *server) sessionOf(ss *sdk.ServerSession) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.sessions[ss]; ok {
		return st
	}
	st := &session{id: rand.Text(), allowed: map[string]bool{}}
	if ss == nil {
		// No session (a handler called outside one): consent cannot be
		// remembered, so every activation asks.
		return st
	}
	s.sessions[ss] = st
	go func() {
		_ = ss.Wait()
		s.mu.Lock()
		delete(s.sessions, ss)
		s.mu.Unlock()
	}()
	return st
}

func (s *server) allowed(st *session, key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return st.allowed[key]
}

func (s *server) allow(st *session, key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st.allowed[key] = true
}

// ActivateIn are skill_activate's arguments.
type ActivateIn struct {
	Name string `json:"name" jsonschema:"the skill's key (namespace.name) or name, as skill_search or skill_list give it"`
}

// Resource is a file of a skill's folder, listed but not read.
type Resource struct {
	Path string `json:"path"`
}

// ActivateOut is skill_activate's result.
type ActivateOut struct {
	Key       string `json:"key"`
	Activated bool   `json:"activated"`
	// Refusal says why nothing was returned: the user declined, or the
	// client cannot ask the user.
	Refusal      string     `json:"refusal,omitempty"`
	Name         string     `json:"name,omitempty"`
	Description  string     `json:"description,omitempty"`
	Negative     bool       `json:"negative,omitempty"`
	Warning      string     `json:"warning,omitempty"`
	Stale        string     `json:"stale,omitempty"`
	Instructions string     `json:"instructions,omitempty"`
	Location     string     `json:"location,omitempty"`
	Resources    []Resource `json:"resources,omitempty"`
}

// activation is a skill as an agent reads it.
type activation struct {
	Key          string
	Name         string
	Description  string
	TaskType     string
	Negative     bool
	Stale        string
	Instructions string
	Location     string
	Resources    []Resource
	Imports      []string
	// Allowed: a person allowed this consumer to activate the skill as
	// it is without asking (lore skills allow).
	Allowed bool
	// Withheld is why the service gave no instructions to ask about:
	// a team server gives them to an agent's token only for a consumer a
	// person allowed.
	Withheld string
}

func newActivation(sk *lorev1.Skill, instructions string, resources []string, location string, allowed bool) activation {
	a := activation{Key: sk.GetKey(), Name: sk.GetName(), Description: sk.GetDescription(), TaskType: sk.GetTaskType(),
		Negative: sk.GetNegative(), Stale: sk.GetStale(), Instructions: instructions, Location: location,
		Resources: []Resource{}, Imports: sk.GetImports(), Allowed: allowed}
	for _, r := range resources {
		a.Resources = append(a.Resources, Resource{Path: r})
	}
	return a
}

// activate asks the service for the skill name for consumer. A skill a
// person allowed the consumer comes whole, Allowed. One offered to the
// consumer that nobody allowed (the service's FailedPrecondition: over
// the API nobody can be asked) is read for this session's user to be
// asked before the agent is given it, where the service lets a person
// read it (lore mcp on the person's own store); with an agent's token the
// service refuses that read as it refused the activation. Any other error
// is the service's: NotFound for a skill not offered to the consumer.
func (s *server) activate(ctx context.Context, consumer, name string) (activation, error) {
	ctx = s.bind(ctx)
	got, err := s.svc.ActivateSkill(ctx, &lorev1.ActivateSkillRequest{Name: name, Consumer: consumer})
	if err == nil {
		return newActivation(got.GetSkill(), got.GetInstructions(), got.GetResources(), got.GetLocation(), true), nil
	}
	if connect.CodeOf(err) != connect.CodeFailedPrecondition {
		return activation{}, err
	}
	rec, err := s.svc.GetSkill(ctx, &lorev1.GetSkillRequest{Name: name, Consumer: consumer})
	if connect.CodeOf(err) == connect.CodeFailedPrecondition {
		msg := err.Error()
		if ce, ok := errors.AsType[*connect.Error](err); ok {
			msg = ce.Message()
		}
		return activation{Key: name, Withheld: msg}, nil
	}
	if err != nil {
		return activation{}, err
	}
	return newActivation(rec.GetSkill(), rec.GetInstructions(), rec.GetResources(), "", false), nil
}

// confirmID names the consent question among the call's input requests.
const confirmID = "confirm_activation"

func (s *server) skillActivate(ctx context.Context, req *sdk.CallToolRequest, in ActivateIn) (*sdk.CallToolResult, ActivateOut, error) {
	if strings.TrimSpace(in.Name) == "" {
		return nil, ActivateOut{}, fmt.Errorf("name is empty: give a skill's key or name (skill_search finds them)")
	}
	consumer := s.consumerOf(req.ClientInfo())
	act, err := s.activate(ctx, consumer, in.Name)
	if err != nil {
		return nil, ActivateOut{}, toolError(err)
	}
	if act.Withheld != "" {
		return refused(act.Key, fmt.Sprintf("%s was not activated: %s. Continue without the skill, or tell the user.", act.Key, act.Withheld))
	}
	st := s.sessionOf(req.Session)
	if act.Allowed || s.allowed(st, act.Key) {
		return activated(act)
	}
	state := "activate:" + s.sign("activate", st.id, act.Key)
	if answer, ok := req.Params.InputResponses[confirmID].(*sdk.ElicitResult); ok && req.Params.RequestState == state {
		if answer.Action != "accept" {
			return refused(act.Key, fmt.Sprintf("The user did not allow activating %s (answer: %s). Do not use it; continue without it or ask the user.", act.Key, answer.Action))
		}
		s.allow(st, act.Key)
		return activated(act)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		// The way around the question is a person's: allowing the
		// skill for this consumer is a reviewer's call on a team server.
		if consumer == "" {
			consumer = "NAME"
		}
		return refused(act.Key, fmt.Sprintf("%s was not activated: lore asks the user before a skill is first activated in a session, "+
			"and this MCP client does not support elicitation, so it cannot ask. Continue without the skill, "+
			"or tell the user that a person must allow it for you first (lore skills allow %s --consumer %s).", act.Key, act.Key, consumer))
	}
	return &sdk.CallToolResult{
		InputRequests: sdk.InputRequestMap{confirmID: &sdk.ElicitParams{
			Mode:            "form",
			Message:         consentMessage(act),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}},
		RequestState: state,
	}, ActivateOut{}, nil
}

// consentMessage is the question the user is asked. The skill's words are
// shown with their hidden characters spelled out: the user must see what
// the agent will read.
func consentMessage(act activation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The agent asks to activate the skill %s", act.Key)
	if act.Negative {
		b.WriteString(" (a warning: what not to do)")
	}
	fmt.Fprintf(&b, ": %s\n\n", text.Visible(act.Description, text.InText))
	fmt.Fprintf(&b, "Its instructions (%d characters) and the list of its %d resource file(s) will be put into the agent's context. ",
		len([]rune(act.Instructions)), len(act.Resources))
	b.WriteString("Allow it for this session? Later activations of this skill in the session will not ask again.")
	return b.String()
}

func activated(act activation) (*sdk.CallToolResult, ActivateOut, error) {
	out := ActivateOut{Key: act.Key, Activated: true, Name: act.Name, Description: act.Description, Negative: act.Negative,
		Warning: warning(act.Negative), Stale: act.Stale, Instructions: act.Instructions, Location: act.Location, Resources: act.Resources}
	if out.Resources == nil {
		out.Resources = []Resource{}
	}
	// The text is what lore skills activate prints: the warning of a
	// negative skill, the body, then the resources.
	var b strings.Builder
	if act.Negative {
		b.WriteString(strings.TrimSpace(search.NegativeLabel) + "\n\n")
	}
	if act.Stale != "" {
		fmt.Fprintf(&b, "Staleness warning: %s; it may be outdated.\n\n", act.Stale)
	}
	b.WriteString(strings.TrimRight(act.Instructions, "\n") + "\n")
	if len(act.Resources) > 0 {
		where := "the skill's folder"
		if act.Location != "" {
			where = "the folder of " + act.Location
		}
		fmt.Fprintf(&b, "\nResources (relative to %s; read them only when needed):\n", where)
		for _, r := range act.Resources {
			fmt.Fprintf(&b, "- %s\n", r.Path)
		}
	}
	return textResult(b.String()), out, nil
}

func refused(key, why string) (*sdk.CallToolResult, ActivateOut, error) {
	res := textResult(why)
	res.IsError = true
	return res, ActivateOut{Key: key, Refusal: why}, nil
}
