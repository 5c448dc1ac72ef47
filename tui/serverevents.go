package tui

import (
	"errors"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
)

// A team server streams a run's events as the API's LearnEvents. The
// Learn screen draws the engine's events; eventConverter turns the one
// into the other, so that a run on the server is drawn as a run here is.

// eventConverter converts the events of one run, in order: a stage's
// time is from its start to its end as the events say.
type eventConverter struct {
	// me is the user this application runs as: a decision of theirs is
	// said as one made here ("by you").
	me      string
	started map[engine.Stage]time.Time
}

func newEventConverter(me string) *eventConverter {
	return &eventConverter{me: me, started: map[engine.Stage]time.Time{}}
}

// converted is what one LearnEvent says in the application's terms.
type converted struct {
	// events are for the Learn screen, in order.
	events []engine.Event
	// ask is the gate's question when the run waits for a person.
	ask *gate.Request
	// failed is the run's error when it failed (or was rejected).
	failed error
	// end: the run has no more events to send.
	end bool
}

// convert turns ev into the engine's events; an event the screen has no
// use for converts to nothing.
func (c *eventConverter) convert(ev *lorev1.LearnEvent) converted {
	at := eventTime(ev.GetAt())
	var out converted
	switch {
	case ev.GetStage() != nil:
		s := ev.GetStage()
		stage := engine.Stage(s.GetStage())
		switch s.GetState() {
		case "started":
			c.started[stage] = at
			out.events = append(out.events, engine.StageStarted{Stage: stage, At: at})
		case "progress":
			out.events = append(out.events, engine.StageProgress{Stage: stage, Done: int(s.GetDone()), Total: int(s.GetTotal()), Detail: s.GetDetail()})
		case "done", "failed", "skipped":
			f := engine.StageFinished{Stage: stage, Status: engine.StageStatus(s.GetState())}
			if ms := s.GetElapsedMs(); ms > 0 {
				f.Elapsed = time.Duration(ms) * time.Millisecond
			} else if t, ok := c.started[stage]; ok && !at.Before(t) {
				f.Elapsed = at.Sub(t)
			}
			// The server sends what a stage produced as a sentence:
			// the screen shows it where a local run's result goes.
			if f.Status == engine.StageFailed {
				f.Err = s.GetDetail()
			} else {
				// The detail is the stage's line, a skipped stage's
				// beginning "skipped: ", or "skipped" alone when the
				// engine gave no reason.
				f.Reason = strings.TrimPrefix(s.GetDetail(), "skipped: ")
				if f.Status == engine.StageSkipped && f.Reason == string(engine.StageSkipped) {
					f.Reason = ""
				}
			}
			out.events = append(out.events, f)
			// Generating is the last stage, whether the run committed,
			// was a dry run, or stopped before (its stages skipped).
			out.end = stage == engine.StageGenerate
		}
	case ev.GetFinding() != nil:
		out.events = append(out.events, engine.FindingFound{Finding: finding(ev.GetFinding())})
	case ev.GetApprovalRequested() != nil:
		req := approvalRequest(ev.GetApprovalRequested())
		out.events = append(out.events, engine.ApprovalRequested{Report: req.Report})
		out.ask = &req
	case ev.GetDecided() != nil:
		d := ev.GetDecided()
		dec := core.Decision{Status: core.ApprovalStatus(d.GetStatus()), Rationale: d.GetRationale(),
			DecidedBy: core.DecidedBy(d.GetDecidedBy()), DecidedAt: at}
		switch u := d.GetUser(); {
		case u != "" && u != c.me:
			// Another person decided: the screen names them.
			dec.Person, dec.DecidedBy = u, core.DecidedBy(u)
		case u != "":
			dec.DecidedBy = core.ByUser
		}
		out.events = append(out.events, engine.Decided{Decision: dec})
	case ev.GetConflict() != nil:
		out.events = append(out.events, engine.ConflictFound{Conflict: api.ConflictOf(ev.GetConflict())})
	case ev.GetCommitted() != nil:
		out.events = append(out.events, engine.Committed{Session: api.SessionOf(ev.GetCommitted().GetSession())})
	case ev.GetFailed() != nil:
		msg := ev.GetFailed().GetMessage()
		if msg == "" {
			msg = "the run failed on the server"
		}
		out.failed, out.end = errors.New(msg), true
	}
	return out
}

// eventTime reads an event's RFC 3339 time; an event without one
// happened as it arrives.
func eventTime(s string) time.Time {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t
	}
	return time.Now()
}

func finding(f *lorev1.Finding) core.Finding {
	return core.Finding{Severity: core.Severity(f.GetSeverity()), Category: core.Category(f.GetCategory()),
		Description: f.GetMessage(), Location: f.GetLocation(), Offset: -1}
}

// approvalRequest is the gate's question as the findings reviewer asks
// it: approve (with warnings, when there are some) or reject, each
// critical finding to be acknowledged before an approval.
func approvalRequest(a *lorev1.Approval) gate.Request {
	rep := core.HygieneReport{Source: a.GetSource(), Tier: core.Familiarity(strings.ToUpper(a.GetTrust())), Passed: true}
	req := gate.Request{Why: a.GetNeeds()}
	warnings := false
	for i, f := range a.GetFindings() {
		cf := finding(f)
		rep.Findings = append(rep.Findings, cf)
		switch cf.Severity {
		case core.Critical:
			req.Critical = append(req.Critical, i)
			rep.Passed = false
		case core.Warning:
			warnings = true
		}
	}
	req.Report = rep
	req.Choices = []core.ApprovalStatus{core.Approved, core.Rejected}
	if warnings {
		req.Choices = []core.ApprovalStatus{core.Approved, core.ApprovedWithWarnings, core.Rejected}
	}
	return req
}
