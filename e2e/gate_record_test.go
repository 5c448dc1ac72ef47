package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
	"github.com/lore-kb/lore/tui/learnform"
)

// leakyNotes holds a prompt injection, a script and a live-shaped key:
// critical findings for a person, and a secret no record may keep.
const leakyNotes = injectionNotes + "\nThe deploy key is AKIAIOSFODNN7EXAMPLQ for the bucket.\n"

// rejectionsOf reads db's rejections of source, as lore's callers do.
func rejectionsOf(db *store.Store) func(context.Context, string) ([]core.Session, error) {
	return func(_ context.Context, source string) ([]core.Session, error) {
		all, err := db.Sessions()
		var out []core.Session
		for _, s := range all {
			if s.State == core.SessionRejected && s.Source == source {
				out = append(out, s)
			}
		}
		return out, err
	}
}

// A rejection at the gate is a session record: the source, the findings
// the person saw (evidence redacted), which were acknowledged, who decided
// and when. Nothing else changes; the store verifies; its report loads;
// and the next learn of the source is told when and by whom it was
// rejected, both the person asked and a headless run refused.
func TestRejectionIsRecordedAndRecalled(t *testing.T) {
	src := write(t, t.TempDir(), "setup.md", leakyNotes)
	db := openStore(t, t.TempDir())
	defer db.Close()

	var firstWhy string
	reject := gate.ApproverFunc(func(_ context.Context, req gate.Request) (gate.Answer, error) {
		firstWhy = req.Why
		return gate.Answer{Status: core.Rejected, Rationale: "not this one", Acknowledged: req.Critical[:1]}, nil
	})
	opts := engine.LearnOptions{Domains: builtinDomains(t), Approver: reject, Rejections: rejectionsOf(db)}
	res, err := engine.Learn(context.Background(), db, src, opts)
	var rej *gate.RejectedError
	if !errors.As(err, &rej) {
		t.Fatalf("learn: %v, want a rejection", err)
	}
	if strings.Contains(firstWhy, "rejected before") {
		t.Errorf("the first learn was told of an earlier rejection: %q", firstWhy)
	}
	ss, err := db.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 {
		t.Fatalf("%d sessions after a rejection, want its record", len(ss))
	}
	s := ss[0]
	if s.ID != res.Session.ID || s.State != core.SessionRejected || s.Source != src || s.Changes != 0 || s.Familiarity != core.Home {
		t.Errorf("record %s: state %s, source %q, %d changes, tier %s", s.ID, s.State, s.Source, s.Changes, s.Familiarity)
	}
	d := s.Decision
	if d == nil || d.Status != core.Rejected || d.DecidedBy != core.ByUser || d.DecidedAt.IsZero() || d.Rationale != "not this one" {
		t.Fatalf("recorded decision %+v", d)
	}
	if d.Person == "" || d.Person != gate.Person() {
		t.Errorf("decided by %q, want the login name %q", d.Person, gate.Person())
	}
	want := res.Scan.Report.Findings
	if len(d.Findings) != len(want) || len(want) == 0 {
		t.Fatalf("%d findings recorded, the reviewer saw %d", len(d.Findings), len(want))
	}
	for i := range want {
		if d.Findings[i].Category != want[i].Category || d.Findings[i].Location != want[i].Location {
			t.Errorf("finding %d recorded as %s at %s, shown as %s at %s", i, d.Findings[i].Category, d.Findings[i].Location, want[i].Category, want[i].Location)
		}
	}
	if len(d.Acknowledged) != 1 || d.Findings[d.Acknowledged[0]].Severity != core.Critical {
		t.Errorf("acknowledged %v, want the critical finding acknowledged", d.Acknowledged)
	}
	raw, _ := json.Marshal(ss)
	if strings.Contains(string(raw), "AKIAIOSFODNN7EXAMPLQ") {
		t.Errorf("the record keeps the secret: %s", raw)
	}
	if !slices.ContainsFunc(d.Findings, func(f core.Finding) bool { return f.Category == core.Secret }) {
		t.Errorf("the secret's finding was not recorded: %+v", d.Findings)
	}
	if n, err := db.Count(); err != nil || n != 0 {
		t.Errorf("%d primitives after a rejection (%v), want none", n, err)
	}
	verify(t, db)
	in, err := engine.LoadReport(db, s.ID)
	if err != nil || in.Decision == nil || in.Decision.Status != core.Rejected {
		t.Errorf("report of the rejection: %+v, %v", in.Decision, err)
	}

	// Learned again with a person to ask: the question says it.
	var why string
	ask := gate.ApproverFunc(func(_ context.Context, req gate.Request) (gate.Answer, error) {
		why = req.Why
		return gate.Answer{Status: core.Rejected, Acknowledged: []int{}}, nil
	})
	opts.Approver = ask
	if _, err := engine.Learn(context.Background(), db, src, opts); !errors.As(err, &rej) {
		t.Fatalf("second learn: %v, want a rejection", err)
	}
	if !strings.Contains(why, "rejected before on "+d.DecidedAt.Local().Format("2006-01-02 15:04")) || !strings.Contains(why, "by "+d.Person+" (user)") {
		t.Errorf("the reviewer was asked %q, want when and by whom it was rejected before", why)
	}
	// Headless, without a flag: the refusal says it too.
	opts.Approver = nil
	_, err = engine.Learn(context.Background(), db, src, opts)
	var need *gate.ApprovalRequiredError
	if !errors.As(err, &need) || !strings.Contains(err.Error(), "rejected before on") || !strings.Contains(err.Error(), "2 rejections in all") {
		t.Errorf("headless learn: %v, want the approval refused with the earlier rejections", err)
	}
	if ss, _ := db.Sessions(); len(ss) != 2 {
		t.Errorf("%d sessions, want the two rejections (a refusal for want of a flag decides nothing)", len(ss))
	}
	// A dry run records nothing, rejected or not.
	opts.Approver, opts.DryRun = ask, true
	if _, err := engine.Learn(context.Background(), db, src, opts); !errors.As(err, &rej) {
		t.Fatalf("dry run: %v, want a rejection", err)
	}
	if ss, _ := db.Sessions(); len(ss) != 2 {
		t.Errorf("%d sessions after a dry run, want 2", len(ss))
	}
}

// Rejecting in the findings reviewer of the application leaves a record
// the History screen lists as rejected, by the person.
func TestAppRejectionIsListedInHistory(t *testing.T) {
	src := write(t, t.TempDir(), "setup.md", injectionNotes)
	db := openStore(t, t.TempDir())
	defer db.Close()
	tm := runApp(t, tui.Options{
		Open: tui.AlreadyOpen(db), StorePath: db.Path(),
		Learn: engine.LearnOptions{Domains: builtinDomains(t)},
		Start: learnform.Request{Source: src, Depth: core.Standard},
		Dark:  true,
	}, 120, 40)
	waitFor(t, tm, "CRITICAL") // the reviewer opened
	press(tm, "r")
	waitFor(t, tm, "learnasource")
	press(tm, "6")
	waitFor(t, tm, "rejected by "+gate.Person())
	press(tm, "q")
	m := finalModel(t, tm)
	var rej *gate.RejectedError
	if !errors.As(m.RunErr, &rej) {
		t.Fatalf("run: %v, want a rejection", m.RunErr)
	}
	ss, err := db.Sessions()
	if err != nil || len(ss) != 1 || ss[0].State != core.SessionRejected {
		t.Fatalf("sessions after a rejection in the reviewer: %+v, %v", ss, err)
	}
}
