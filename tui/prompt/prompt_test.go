package prompt

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/styles"
)

func report() core.HygieneReport {
	return core.HygieneReport{Source: "s", Tier: core.Stranger, Findings: []core.Finding{
		{Category: core.ExternalResources, Severity: core.Warning, Location: "a.md:1:1", Description: "remote image"},
		{Category: core.PromptInjection, Severity: core.Critical, Location: "a.md:3:1", Description: "ignore previous instructions", Evidence: "…ignore…"},
	}}
}

func decide(t *testing.T, input string) (core.Decision, string, error) {
	t.Helper()
	var out bytes.Buffer
	a := Approver{In: strings.NewReader(input), Out: &out, Styles: styles.New(true)}
	d, err := gate.Decide(context.Background(), report(), a, gate.Policy{})
	return d, out.String(), err
}

func TestPromptAcknowledgesCriticalThenApproves(t *testing.T) {
	d, out, err := decide(t, "1\nyes\n2\nw\n")
	if err != nil || d.Status != core.ApprovedWithWarnings || d.DecidedBy != core.ByUser || len(d.Acknowledged) != 1 || d.Acknowledged[0] != 1 {
		t.Fatalf("decision %+v err %v\n%s", d, err, out)
	}
	for _, want := range []string{"STRANGER", "[2]", "ignore previous instructions", "Critical finding [2]"} {
		if !strings.Contains(out, want) {
			t.Errorf("prompt lacks %q:\n%s", want, out)
		}
	}
}

func TestPromptRejects(t *testing.T) {
	d, _, err := decide(t, "r\n")
	if err != nil || d.Status != core.Rejected || d.Proceed() {
		t.Fatalf("decision %+v err %v", d, err)
	}
}

func TestPromptEndOfInputIsNoDecision(t *testing.T) {
	if _, _, err := decide(t, "2\n"); !errors.Is(err, ErrNoAnswer) {
		t.Fatalf("err = %v", err)
	}
}
