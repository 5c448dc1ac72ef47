package local

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/gate"
)

// TestDecideOnlyWhatWaits: a run not at the gate, or whose question was
// answered or withdrawn, has nothing to decide; a question nobody answers
// ends as a headless learn does.
func TestDecideOnlyWhatWaits(t *testing.T) {
	rex := api.Caller{User: "rex", Role: access.Reviewer, Workspace: "default"}
	r := &run{id: "learn-1", user: "cora", workspace: "default", now: time.Now}
	if err := r.decide(rex, core.Approved, ""); connect.CodeOf(err) != connect.CodeFailedPrecondition {
		t.Errorf("deciding a run not at the gate: %v, want FailedPrecondition", err)
	}
	req := gate.Request{Report: core.HygieneReport{Source: "vendor.md", Tier: core.Stranger,
		Findings: []core.Finding{{Severity: core.Critical, Category: core.EmbeddedCode}}}, Why: "STRANGER source", Critical: []int{0}}
	r.ask(req)
	if err := r.decide(rex, core.Approved, "read it"); err != nil {
		t.Fatal(err)
	}
	if err := r.decide(rex, core.Rejected, ""); connect.CodeOf(err) != connect.CodeFailedPrecondition {
		t.Errorf("deciding twice: %v, want FailedPrecondition", err)
	}
	ans, err := r.wait(context.Background(), time.Minute)
	if err != nil || ans.Person != "rex" || len(ans.Acknowledged) != 1 || ans.Status != core.ApprovedWithWarnings ||
		ans.Rationale != "read it (acknowledged 1 critical finding)" {
		t.Errorf("the answer: %+v %v", ans, err)
	}

	r.ask(req)
	_, err = r.wait(context.Background(), 10*time.Millisecond)
	if exitcode.Of(err) != exitcode.Rejected {
		t.Errorf("an unanswered question: %v, exit code %d, want %d", err, exitcode.Of(err), exitcode.Rejected)
	}
	if err := r.decide(rex, core.Approved, ""); connect.CodeOf(err) != connect.CodeFailedPrecondition {
		t.Errorf("deciding a withdrawn question: %v, want FailedPrecondition", err)
	}
}
