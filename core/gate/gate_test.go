package gate

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

func report(tier core.Familiarity, sev ...core.Severity) core.HygieneReport {
	r := core.HygieneReport{Source: "src", Tier: tier, Findings: []core.Finding{}, Passed: true}
	for i, s := range sev {
		r.Findings = append(r.Findings, core.Finding{File: "f.md", Category: core.PromptInjection, Severity: s, Location: "f.md:" + string(rune('1'+i)) + ":1"})
		if s == core.Critical {
			r.Passed = false
		}
	}
	r.AutoApproved = tier == core.Home && len(sev) == 0
	return r
}

// scripted answers with a fixed reply and records whether it was asked.
type scripted struct {
	ans    Answer
	err    error
	called int
	req    Request
}

func (s *scripted) Approve(_ context.Context, req Request) (Answer, error) {
	s.called++
	s.req = req
	return s.ans, s.err
}

func TestLawOneHomeCleanIsApprovedWithoutAsking(t *testing.T) {
	a := &scripted{ans: Answer{Status: core.Rejected}}
	d, err := Decide(context.Background(), report(core.Home), a, Policy{})
	if err != nil || d.Status != core.Approved || d.DecidedBy != core.ByAuto || a.called != 0 || !d.Proceed() {
		t.Fatalf("decision %+v, err %v, asked %d times", d, err, a.called)
	}
}

func TestLawTwoHomeWithFindingsIsReviewed(t *testing.T) {
	a := &scripted{ans: Answer{Status: core.ApprovedWithWarnings, Rationale: "looked fine"}}
	d, err := Decide(context.Background(), report(core.Home, core.Warning, core.Info), a, Policy{})
	if err != nil || a.called != 1 || d.Status != core.ApprovedWithWarnings || d.DecidedBy != core.ByUser || d.Reviewed != 2 || d.Rationale != "looked fine" {
		t.Fatalf("decision %+v, err %v", d, err)
	}
	// Headless, warnings only: --approve decides; without it, approval is required.
	d, err = Decide(context.Background(), report(core.Home, core.Warning), nil, Policy{Approve: true})
	if err != nil || d.Status != core.ApprovedWithWarnings || d.DecidedBy != core.ByPolicy {
		t.Fatalf("--approve: %+v %v", d, err)
	}
	_, err = Decide(context.Background(), report(core.Home, core.Warning), nil, Policy{})
	var are *ApprovalRequiredError
	if !errors.As(err, &are) || are.Flag != "--approve" {
		t.Fatalf("no flag: err %v", err)
	}
}

func TestLawThreeStrangerAlwaysNeedsExplicitApproval(t *testing.T) {
	a := &scripted{ans: Answer{Status: core.Approved}}
	d, err := Decide(context.Background(), report(core.Stranger), a, Policy{})
	if err != nil || a.called != 1 || d.Status != core.Approved || d.DecidedBy != core.ByUser {
		t.Fatalf("clean STRANGER with approver: %+v %v (asked %d)", d, err, a.called)
	}
	if !strings.Contains(a.req.Why, "STRANGER") {
		t.Errorf("why = %q", a.req.Why)
	}
	_, err = Decide(context.Background(), report(core.Stranger), nil, Policy{Approve: true})
	var are *ApprovalRequiredError
	if !errors.As(err, &are) || are.Flag != "--trust" || !strings.Contains(err.Error(), "--trust") {
		t.Fatalf("clean STRANGER headless with --approve only: %v", err)
	}
	d, err = Decide(context.Background(), report(core.Stranger), nil, Policy{Trust: true})
	if err != nil || d.Status != core.Approved || d.DecidedBy != core.ByPolicy {
		t.Fatalf("--trust: %+v %v", d, err)
	}
	d, err = Decide(context.Background(), report(core.Stranger, core.Warning), nil, Policy{Trust: true})
	if err != nil || d.Status != core.ApprovedWithWarnings {
		t.Fatalf("--trust with warnings: %+v %v", d, err)
	}
}

func TestCriticalIsHardBlockedHeadless(t *testing.T) {
	for _, p := range []Policy{{}, {Approve: true}, {Approve: true, Trust: true}} {
		_, err := Decide(context.Background(), report(core.Home, core.Critical), nil, p)
		var are *ApprovalRequiredError
		if !errors.As(err, &are) || are.Flag != "--force-critical" {
			t.Fatalf("policy %+v: err %v", p, err)
		}
	}
	d, err := Decide(context.Background(), report(core.Home, core.Critical, core.Warning), nil, Policy{ForceCritical: true})
	if err != nil || d.Status != core.ApprovedWithWarnings || d.Reviewed != 2 {
		t.Fatalf("--force-critical: %+v %v", d, err)
	}
	// STRANGER with a critical finding needs both flags.
	_, err = Decide(context.Background(), report(core.Stranger, core.Critical), nil, Policy{ForceCritical: true})
	var are *ApprovalRequiredError
	if !errors.As(err, &are) || are.Flag != "--trust" {
		t.Fatalf("STRANGER critical with --force-critical only: %v", err)
	}
}

func TestCriticalMustBeAcknowledgedByTheApprover(t *testing.T) {
	r := report(core.Home, core.Warning, core.Critical)
	a := &scripted{ans: Answer{Status: core.Approved}}
	_, err := Decide(context.Background(), r, a, Policy{})
	var ie *InvalidAnswerError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "must be acknowledged") {
		t.Fatalf("unacknowledged critical: %v", err)
	}
	if len(a.req.Critical) != 1 || a.req.Critical[0] != 1 {
		t.Errorf("request critical = %v", a.req.Critical)
	}
	a.ans.Acknowledged = []int{1}
	d, err := Decide(context.Background(), r, a, Policy{})
	if err != nil || d.Status != core.Approved || len(d.Acknowledged) != 1 {
		t.Fatalf("acknowledged: %+v %v", d, err)
	}
	// Rejecting needs no acknowledgement and is a decision, not an error.
	a.ans = Answer{Status: core.Rejected}
	d, err = Decide(context.Background(), r, a, Policy{})
	if err != nil || d.Status != core.Rejected || d.Proceed() {
		t.Fatalf("reject: %+v %v", d, err)
	}
}

func TestAnswersAreValidated(t *testing.T) {
	r := report(core.Home, core.Warning)
	for _, ans := range []Answer{{Status: "yes"}, {Status: ""}, {Status: "APPROVED"}, {Status: core.Approved, Acknowledged: []int{7}}} {
		_, err := Decide(context.Background(), r, &scripted{ans: ans}, Policy{})
		var ie *InvalidAnswerError
		if !errors.As(err, &ie) {
			t.Errorf("answer %+v accepted: %v", ans, err)
		}
	}
	boom := errors.New("terminal closed")
	if _, err := Decide(context.Background(), r, &scripted{err: boom}, Policy{}); !errors.Is(err, boom) {
		t.Errorf("approver error lost: %v", err)
	}
}

// Every pair of requested tier and document familiarity: the gate's tier is
// the more cautious of the two, so --tier can raise caution and never lower
// it; only a HOME tier with nothing but secrets is approved on its own, and
// headless a STRANGER source needs --trust even when --tier home was asked.
func TestTierTable(t *testing.T) {
	docs := func(fs ...core.Familiarity) []core.Document {
		out := make([]core.Document, len(fs))
		for i, f := range fs {
			out[i] = core.Document{Name: "d.md", Familiarity: f}
		}
		return out
	}
	sources := map[string][]core.Document{
		"local file":              docs(core.Home),
		"local folder":            docs(core.Home, core.Home),
		"URL":                     docs(core.Stranger),
		"remote git":              docs(core.Stranger, core.Stranger),
		"archive with a stranger": docs(core.Home, core.Stranger),
		"unknown origin":          docs(""),
		"nothing":                 nil,
	}
	stranger := map[string]bool{"URL": true, "remote git": true, "archive with a stranger": true, "unknown origin": true}
	for _, requested := range []core.Familiarity{"", core.Home, core.Stranger, "FRIEND"} {
		for name, ds := range sources {
			want := core.Home
			if stranger[name] || requested == core.Stranger || requested == "FRIEND" {
				want = core.Stranger
			}
			got := Tier(requested, ds)
			if got != want {
				t.Errorf("--tier %q on %s: %s, want %s", requested, name, got, want)
			}
			rep := core.HygieneReport{Source: name, Tier: got, Findings: []core.Finding{}, Passed: true}
			if AutoApproves(rep) != (want == core.Home) {
				t.Errorf("--tier %q on %s: auto-approved %v", requested, name, AutoApproves(rep))
			}
			d, err := Decide(context.Background(), rep, nil, Policy{Approve: true})
			var req *ApprovalRequiredError
			switch {
			case want == core.Home && (err != nil || d.DecidedBy != core.ByAuto):
				t.Errorf("--tier %q on %s: %+v %v, want approved by auto", requested, name, d, err)
			case want == core.Stranger && (!errors.As(err, &req) || req.Flag != "--trust"):
				t.Errorf("--tier %q on %s: %+v %v, want --trust required", requested, name, d, err)
			}
		}
	}
	// Secrets alone do not hold a HOME source; anything else does.
	secret := core.HygieneReport{Tier: core.Home, Findings: []core.Finding{{Category: core.Secret, Severity: core.Info}}}
	if !AutoApproves(secret) {
		t.Error("HOME with only a secret is not auto-approved")
	}
	if AutoApproves(report(core.Home, core.Info)) {
		t.Error("HOME with an info finding is auto-approved")
	}
}

// Every decision records the findings it was taken on, evidence redacted,
// so that Acknowledged indexes something kept; and who took it: the login
// name for a person or a flag, nobody for the gate's own rule.
func TestDecisionRecordsFindingsAndDecider(t *testing.T) {
	r := report(core.Stranger, core.Critical, core.Warning)
	r.Findings[1].Evidence = "token = ghp_0123456789abcdefghijABCDEFGHIJ012345 here"
	for _, c := range []struct {
		name   string
		a      Approver
		policy Policy
		status core.ApprovalStatus
		by     core.DecidedBy
	}{
		{"rejected by a person", &scripted{ans: Answer{Status: core.Rejected, Acknowledged: []int{0}}}, Policy{}, core.Rejected, core.ByUser},
		{"approved by a person", &scripted{ans: Answer{Status: core.ApprovedWithWarnings, Acknowledged: []int{0}}}, Policy{}, core.ApprovedWithWarnings, core.ByUser},
		{"approved by flags", nil, Policy{Trust: true, ForceCritical: true}, core.ApprovedWithWarnings, core.ByPolicy},
	} {
		d, err := Decide(context.Background(), r, c.a, c.policy)
		if err != nil || d.Status != c.status || d.DecidedBy != c.by {
			t.Fatalf("%s: %+v, %v", c.name, d, err)
		}
		if len(d.Findings) != 2 || d.Findings[0].Location != r.Findings[0].Location || d.Findings[1].Severity != core.Warning {
			t.Errorf("%s: findings %+v", c.name, d.Findings)
		}
		if strings.Contains(d.Findings[1].Evidence, "ghp_0123456789") || !strings.Contains(d.Findings[1].Evidence, "token = ") {
			t.Errorf("%s: evidence %q, want the token redacted and its words kept", c.name, d.Findings[1].Evidence)
		}
		if d.Person == "" || d.Person != Person() || !strings.HasPrefix(d.Decider(), d.Person+" (") {
			t.Errorf("%s: person %q (%s), want %q", c.name, d.Person, d.Decider(), Person())
		}
	}
	if !strings.Contains(r.Findings[1].Evidence, "ghp_0123456789") {
		t.Error("the report's own findings were changed")
	}
	d, err := Decide(context.Background(), report(core.Home), nil, Policy{})
	if err != nil || d.Person != "" || d.Decider() != "auto" || d.Findings != nil {
		t.Errorf("auto: %+v, %v", d, err)
	}
}

func TestRejectedBefore(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 1, 2, h, 4, 0, 0, time.UTC) }
	if s := RejectedBefore(nil); s != "" {
		t.Errorf("no rejection: %q", s)
	}
	ss := []core.Session{
		{Decision: &core.Decision{Status: core.Rejected, DecidedBy: core.ByUser, Person: "bob", DecidedAt: at(9), Rationale: "old"}},
		{Decision: &core.Decision{Status: core.Approved, DecidedBy: core.ByUser, Person: "eve", DecidedAt: at(11)}},
		{Decision: &core.Decision{Status: core.Rejected, DecidedBy: core.ByUser, Person: "alice", DecidedAt: at(10), Rationale: "hostile"}},
	}
	want := "rejected before on " + at(10).Local().Format("2006-01-02 15:04") + " by alice (user) (hostile), 2 rejections in all"
	if s := RejectedBefore(ss); s != want {
		t.Errorf("got %q, want %q", s, want)
	}
}

// TestApproveWithAnApproverCoversHomeWarningsOnly: with an approver
// present (a team server's reviewers), --approve decides a HOME source's
// warnings without asking, under the policy's person, and nothing else: a
// STRANGER source or a critical finding is asked of the approver whatever
// the policy says, and Trust and ForceCritical approve only headless.
func TestApproveWithAnApproverCoversHomeWarningsOnly(t *testing.T) {
	ctx := context.Background()
	a := &scripted{ans: Answer{Status: core.Rejected, Person: "rev"}}
	d, err := Decide(ctx, report(core.Home, core.Warning, core.Info), a, Policy{Approve: true, Person: "cur"})
	if err != nil || a.called != 0 || d.DecidedBy != core.ByPolicy || d.Status != core.ApprovedWithWarnings || d.Person != "cur" {
		t.Fatalf("HOME warnings with --approve: %+v %v, asked %d times", d, err, a.called)
	}
	everything := Policy{Approve: true, Trust: true, ForceCritical: true, Person: "cur"}
	for name, r := range map[string]core.HygieneReport{
		"stranger clean":    report(core.Stranger),
		"stranger warnings": report(core.Stranger, core.Warning),
		"home critical":     report(core.Home, core.Critical, core.Warning),
		"stranger critical": report(core.Stranger, core.Critical),
	} {
		a := &scripted{ans: Answer{Status: core.Rejected, Person: "rev"}}
		d, err := Decide(ctx, r, a, everything)
		if err != nil || a.called != 1 || d.Status != core.Rejected || d.DecidedBy != core.ByUser || d.Person != "rev" {
			t.Errorf("%s with every flag and an approver: %+v %v, asked %d times", name, d, err, a.called)
		}
	}
	// Headless, as before: Trust and ForceCritical approve what they name.
	if d, err := Decide(ctx, report(core.Stranger, core.Critical), nil, everything); err != nil || d.DecidedBy != core.ByPolicy || !d.Proceed() {
		t.Errorf("headless --trust --force-critical: %+v %v", d, err)
	}
	var are *ApprovalRequiredError
	if _, err := Decide(ctx, report(core.Stranger), nil, Policy{Approve: true}); !errors.As(err, &are) || are.Flag != "--trust" {
		t.Errorf("headless STRANGER with --approve only: %v", err)
	}
}

// The gate line of lore scan says what passing needs, and never calls a
// source with findings one without.
func TestNeeds(t *testing.T) {
	f := func(sev core.Severity, cat core.Category) core.Finding {
		return core.Finding{Severity: sev, Category: cat}
	}
	for _, c := range []struct {
		r    core.HygieneReport
		want string
	}{
		{core.HygieneReport{Tier: core.Home}, "HOME source with no findings: the gate approves it automatically"},
		{core.HygieneReport{Tier: core.Stranger}, "no findings, but a person must vouch for this STRANGER source (headless: --trust)"},
		{core.HygieneReport{Tier: core.Home, Findings: []core.Finding{f(core.Warning, core.Secret)}}, "HOME source whose only finding is 1 secret, redacted before learning: the gate approves it automatically"},
		{core.HygieneReport{Tier: core.Home, Findings: []core.Finding{f(core.Info, core.PromptInjection)}}, "a person must approve this HOME source's 1 finding (headless: --approve)"},
		{core.HygieneReport{Tier: core.Stranger, Findings: []core.Finding{f(core.Warning, core.PromptInjection), f(core.Info, core.Secret)}}, "a person must vouch for this STRANGER source and its 2 findings (headless: --trust)"},
		{core.HygieneReport{Tier: core.Home, Findings: []core.Finding{f(core.Critical, core.EmbeddedCode)}}, "a person must acknowledge the 1 critical finding (headless: --force-critical)"},
		{core.HygieneReport{Tier: core.Stranger, Findings: []core.Finding{f(core.Critical, core.EmbeddedCode)}}, "a person must acknowledge the 1 critical finding and vouch for this STRANGER source (headless: --force-critical and --trust)"},
	} {
		if got := Needs(c.r); got != c.want {
			t.Errorf("Needs(%v %d findings) = %q, want %q", c.r.Tier, len(c.r.Findings), got, c.want)
		}
	}
}
