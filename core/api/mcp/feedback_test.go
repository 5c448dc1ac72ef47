package mcp

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// TestAgentReportsOnlyWhatItIsOffered: over a team server with an agent's
// token, skill_report_failure and skill_report_outcome of a workspace
// draft answer as for a skill that does not exist, and count nothing;
// on a skill the client is offered they count.
func TestAgentReportsOnlyWhatItIsOffered(t *testing.T) {
	e := apitest.New(t, true)
	e.AddUser("rev", access.Reviewer, "default")
	agentToken := e.AddUser("claude", access.Agent, "default")
	ctxV, rev := e.As("rev")
	add := func(name string) string {
		t.Helper()
		got, err := rev.ProposeSkill(ctxV, &lorev1.ProposeSkillRequest{Name: name, Description: "Do " + name + ".", Instructions: "1. Do " + name + "."})
		if err != nil {
			t.Fatal(err)
		}
		key := got.GetSkill().GetKey()
		if _, err := rev.PromoteSkill(ctxV, &lorev1.PromoteSkillRequest{Name: key}); err != nil {
			t.Fatal(err)
		}
		return key
	}
	draft, offered := add("team-draft"), add("offered-one")
	if _, err := rev.ReviewSkill(ctxV, &lorev1.ReviewSkillRequest{Name: offered, To: "active"}); err != nil {
		t.Fatal(err)
	}

	srv, err := New(Options{Service: e.Client(agentToken), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	ct, st := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "cursor", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	call := func(tool string, args map[string]any) *sdk.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		return res
	}
	text := func(res *sdk.CallToolResult) string {
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String()
	}

	for range 3 {
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"skill_report_failure", map[string]any{"name": draft, "signature": "timeout after 30 s"}},
			{"skill_report_outcome", map[string]any{"name": draft, "success": false, "note": "it broke"}},
		} {
			if res := call(c.tool, c.args); !res.IsError || !strings.Contains(text(res), `no skill "`+draft+`"`) {
				t.Fatalf("%s on a draft the client is not offered: error %v, %q; want the answer for an unknown skill", c.tool, res.IsError, text(res))
			}
		}
	}
	got, err := rev.GetSkill(ctxV, &lorev1.GetSkillRequest{Name: draft})
	if err != nil {
		t.Fatal(err)
	}
	if sk := got.GetSkill(); sk.GetUses() != 0 || sk.GetFailures() != 0 {
		t.Errorf("refused reports were counted: %d uses, %d failures", sk.GetUses(), sk.GetFailures())
	}
	if res := call("skill_report_failure", map[string]any{"name": offered, "signature": "timeout after 30 s"}); res.IsError {
		t.Errorf("a report on an offered skill: %s", text(res))
	}
	if res := call("skill_report_outcome", map[string]any{"name": offered, "success": true}); res.IsError {
		t.Errorf("an outcome of an offered skill: %s", text(res))
	}
}
