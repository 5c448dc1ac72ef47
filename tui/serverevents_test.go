package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/pipeline"
	"github.com/lore-kb/lore/tui/styles"
)

func at(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func stageEvent(run string, when time.Time, stage, state, detail string) *lorev1.LearnEvent {
	return &lorev1.LearnEvent{RunId: run, User: "alice", At: at(when),
		Event: &lorev1.LearnEvent_Stage{Stage: &lorev1.StageEvent{Stage: stage, State: state, Detail: detail}}}
}

// A run on the server, event by event, becomes the engine's events the
// Learn screen draws: stages with their times, findings, the gate's
// question (critical findings to acknowledge), a decision by another
// person named, a conflict, the commit, and the end at the last stage.
func TestServerEventsConvert(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	c := newEventConverter("alice")

	got := c.convert(stageEvent("r1", t0, "acquire", "started", ""))
	if s, ok := got.events[0].(engine.StageStarted); len(got.events) != 1 || !ok || s.Stage != engine.StageAcquire || !s.At.Equal(t0) {
		t.Fatalf("started: %#v", got.events)
	}
	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Stage{Stage: &lorev1.StageEvent{Stage: "acquire", State: "progress", Done: 2, Total: 5, Detail: "reading"}}})
	if p, ok := got.events[0].(engine.StageProgress); !ok || p.Done != 2 || p.Total != 5 || p.Detail != "reading" {
		t.Fatalf("progress: %#v", got.events)
	}
	got = c.convert(stageEvent("r1", t0.Add(1500*time.Millisecond), "acquire", "done", "1 document(s), 2 KB"))
	f, ok := got.events[0].(engine.StageFinished)
	if !ok || f.Status != engine.StageDone || f.Elapsed != 1500*time.Millisecond || f.Reason != "1 document(s), 2 KB" || got.end {
		t.Fatalf("done: %#v end %v", got.events, got.end)
	}

	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Finding{Finding: &lorev1.Finding{Severity: "warning", Category: "injection", Message: "ignore previous", Location: "a.md:3:1"}}})
	if ff, ok := got.events[0].(engine.FindingFound); !ok || ff.Finding.Severity != core.Warning || ff.Finding.Location != "a.md:3:1" || ff.Finding.Offset != -1 {
		t.Fatalf("finding: %#v", got.events)
	}

	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_ApprovalRequested{ApprovalRequested: &lorev1.Approval{
		Trust: "STRANGER", Source: "https://example.org/a.md", Needs: "a STRANGER source is decided by a person",
		Findings: []*lorev1.Finding{{Severity: "warning", Category: "injection"}, {Severity: "critical", Category: "exfiltration"}}}}})
	if got.ask == nil {
		t.Fatal("the gate's question is not asked")
	}
	if got.ask.Report.Tier != core.Stranger || got.ask.Report.Source != "https://example.org/a.md" || got.ask.Why == "" ||
		len(got.ask.Critical) != 1 || got.ask.Critical[0] != 1 || got.ask.Report.Passed || len(got.ask.Choices) != 3 {
		t.Fatalf("question: %#v", got.ask)
	}
	if _, ok := got.events[0].(engine.ApprovalRequested); !ok {
		t.Fatalf("the screen is not told the run waits: %#v", got.events)
	}

	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Decided{Decided: &lorev1.Decision{Status: "approved", Rationale: "our vendor", User: "bob"}}})
	if d, ok := got.events[0].(engine.Decided); !ok || d.Decision.Person != "bob" || d.Decision.Status != core.Approved || d.Decision.Rationale != "our vendor" {
		t.Fatalf("decided by another: %#v", got.events)
	}
	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Decided{Decided: &lorev1.Decision{Status: "approved", User: "alice"}}})
	if d := got.events[0].(engine.Decided); d.Decision.Person != "" || d.Decision.DecidedBy != core.ByUser {
		t.Fatalf("decided by the person here: %#v", d)
	}

	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Conflict{Conflict: &lorev1.Conflict{Id: "c1", Existing: &lorev1.Primitive{Id: "p1", Name: "Group"}, Candidate: &lorev1.Primitive{Name: "Groups"}, Class: "overlap", Rationale: "same keywords"}}})
	if cf, ok := got.events[0].(engine.ConflictFound); !ok || cf.Conflict.Comparison.Class != "overlap" || cf.Conflict.Existing.Name != "Group" || cf.Conflict.Candidate.Name != "Groups" {
		t.Fatalf("conflict: %#v", got.events)
	}
	got = c.convert(&lorev1.LearnEvent{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_Committed{Committed: &lorev1.Committed{Session: &lorev1.Session{Id: "s1", State: "committed", Counts: map[string]int32{"added": 3, "updated": 1}, User: "alice", DecidedBy: "bob (user)"}}}})
	cm, ok := got.events[0].(engine.Committed)
	if !ok || cm.Session.ID != "s1" || cm.Session.Changes != 4 || cm.Session.User != "alice" || cm.Session.Decision == nil || cm.Session.Decision.Person != "bob" {
		t.Fatalf("committed: %#v", got.events)
	}
	if got.end {
		t.Fatal("the run ends at its commit, before its artifacts")
	}
	got = c.convert(stageEvent("r1", t0, "generate", "done", "0 artifact(s)"))
	if !got.end {
		t.Fatal("the last stage does not end the run")
	}

	got = newEventConverter("alice").convert(&lorev1.LearnEvent{RunId: "r2", Event: &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: "rejected by bob", Code: 3}}})
	if !got.end || got.failed == nil || got.failed.Error() != "rejected by bob" {
		t.Fatalf("failed: %#v", got)
	}
	got = newEventConverter("alice").convert(stageEvent("r3", t0, "dedup", "failed", "the store is locked"))
	if f := got.events[0].(engine.StageFinished); f.Status != engine.StageFailed || f.Err != "the store is locked" {
		t.Fatalf("stage failed: %#v", f)
	}
}

// The Learn screen fed converted events draws the run as it draws a local
// one; for a role that may not decide, the gate waits for a reviewer
// rather than for "your decision".
func TestServerEventsOnTheLearnScreen(t *testing.T) {
	t0 := time.Now()
	c := newEventConverter("alice")
	p := pipeline.New(styles.New(true)).WithDecider("a reviewer").Reset("notes.md", "r1", false).SetSize(100, 30)
	for _, ev := range []*lorev1.LearnEvent{
		stageEvent("r1", t0, "acquire", "started", ""),
		stageEvent("r1", t0.Add(time.Second), "acquire", "done", "1 document(s), 2 KB"),
		stageEvent("r1", t0.Add(time.Second), "sanitize", "started", ""),
		stageEvent("r1", t0.Add(2*time.Second), "sanitize", "done", "STRANGER · critical 0"),
		stageEvent("r1", t0.Add(2*time.Second), "gate", "started", ""),
		{RunId: "r1", At: at(t0), Event: &lorev1.LearnEvent_ApprovalRequested{ApprovalRequested: &lorev1.Approval{Trust: "stranger"}}},
	} {
		for _, e := range c.convert(ev).events {
			p = p.Apply(e, t0)
		}
	}
	view := ansi.Strip(p.View())
	for _, want := range []string{"1 document(s), 2 KB", "waiting for a reviewer", "waiting for a reviewer to decide"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Learn screen does not say %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "your decision") {
		t.Errorf("a curator is asked for a decision they may not take:\n%s", view)
	}
}

// A run stopped at a stage ends every later one skipped; the Learn screen
// says which and why in one line of its log, and each skipped pane says
// why, not "skipped: skipped" four times (issue 79, point 15): the events
// of another process's run say a skipped stage without a reason as
// "skipped".
func TestSkippedStagesSayWhyOnce(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	c := newEventConverter("alice")
	p := pipeline.New(styles.New(true)).Reset("/tmp/bad", "r1", false).SetSize(120, 40)
	for _, ev := range []*lorev1.LearnEvent{
		stageEvent("r1", t0, "acquire", "started", ""),
		stageEvent("r1", t0, "acquire", "done", "1 document(s), 3 bytes"),
		stageEvent("r1", t0, "sanitize", "started", ""),
		stageEvent("r1", t0, "sanitize", "done", "HOME · critical 0"),
		stageEvent("r1", t0, "gate", "started", ""),
		stageEvent("r1", t0, "gate", "failed", "/tmp/bad: folder contains no supported documents"),
		stageEvent("r1", t0, "analyze", "skipped", "skipped"),
		stageEvent("r1", t0, "extract", "skipped", "skipped"),
		stageEvent("r1", t0, "dedup", "skipped", "skipped"),
		stageEvent("r1", t0, "generate", "skipped", "skipped"),
	} {
		for _, e := range c.convert(ev).events {
			p = p.Apply(e, t0)
		}
	}
	view := ansi.Strip(p.View())
	if strings.Contains(view, "skipped: skipped") {
		t.Errorf("the Learn screen says \"skipped: skipped\":\n%s", view)
	}
	var skips []string
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(l, "10:00:00") && strings.Contains(l, "skipped") {
			skips = append(skips, l)
		}
	}
	if len(skips) != 1 || !strings.Contains(skips[0], "analyze, extract, dedup and generate skipped: gate failed") {
		t.Errorf("the log's lines of the skipped stages are %q; want one saying analyze, extract, dedup and generate skipped: gate failed\n%s", skips, view)
	}
	if n := strings.Count(view, "gate failed"); n != 5 {
		t.Errorf("%d mentions of why the stages were skipped, want the log's and the four panes':\n%s", n, view)
	}
}
