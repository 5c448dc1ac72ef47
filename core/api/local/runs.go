package local

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/broker"
	"github.com/lore-kb/lore/core/gate"
)

// runs are the learns under way, by id, and each workspace's broker of
// their events: what Decide answers and Watch follows. A run is known
// only in its own workspace.
type runs struct {
	mu      sync.Mutex
	byID    map[string]*run
	brokers map[string]*broker.Broker[*lorev1.LearnEvent]
	// gone are the runs withdrawn lately, by workspace and id, with why:
	// a reviewer deciding one is told, not answered as if it never was.
	gone map[string]withdrawal
}

// withdrawal is why a run was withdrawn, and when.
type withdrawal struct {
	why string
	at  time.Time
}

// rememberWithdrawn is how long a withdrawn run is remembered.
const rememberWithdrawn = time.Hour

func newRuns() *runs {
	return &runs{byID: map[string]*run{}, brokers: map[string]*broker.Broker[*lorev1.LearnEvent]{}, gone: map[string]withdrawal{}}
}

// remember keeps why run id of workspace ws was withdrawn, forgetting
// those withdrawn long ago.
func (rs *runs) remember(ws, id, why string) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	now := time.Now()
	for k, w := range rs.gone {
		if now.Sub(w.at) > rememberWithdrawn {
			delete(rs.gone, k)
		}
	}
	rs.gone[ws+"\x00"+id] = withdrawal{why: why, at: now}
}

// recalled is why run id of workspace ws was withdrawn, if it was lately.
func (rs *runs) recalled(ws, id string) (string, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	w, ok := rs.gone[ws+"\x00"+id]
	return w.why, ok
}

// broker is workspace ws's broker, made on first use. Progress of a
// run's stage coalesces (latest wins) for a watcher slower than the run.
func (rs *runs) broker(ws string) *broker.Broker[*lorev1.LearnEvent] {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	b, ok := rs.brokers[ws]
	if !ok {
		b = broker.New(func(ev *lorev1.LearnEvent) (string, bool) {
			if s := ev.GetStage(); s != nil && s.GetState() == "progress" {
				return ev.GetRunId() + "\x00" + s.GetStage(), true
			}
			return "", false
		})
		rs.brokers[ws] = b
	}
	return b
}

func (rs *runs) add(r *run) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.byID[r.id] = r
}

func (rs *runs) remove(r *run) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	delete(rs.byID, r.id)
}

// get is run id of workspace ws: a run of another workspace is as
// unknown as one that never was.
func (rs *runs) get(ws, id string) (*run, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r, ok := rs.byID[id]
	if !ok || r.workspace != ws {
		return nil, false
	}
	return r, true
}

// Waiting lists the runs of workspace ws waiting at the gate for a
// reviewer, as their approval_requested events, oldest first.
func (rs *runs) Waiting(ws string) []*lorev1.LearnEvent {
	rs.mu.Lock()
	all := make([]*run, 0, len(rs.byID))
	for _, r := range rs.byID {
		if r.workspace == ws {
			all = append(all, r)
		}
	}
	rs.mu.Unlock()
	var out []*lorev1.LearnEvent
	for _, r := range all {
		if ev := r.question(); ev != nil {
			out = append(out, ev)
		}
	}
	// The ids begin with the time the run started.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].GetRunId() < out[j-1].GetRunId(); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Waiting lists the runs of workspace ws waiting at the gate for a
// reviewer, as their approval_requested events, oldest first.
// Those of other processes sharing the stores (Bus) follow this one's.
func (s *Service) Waiting(ws string) []*lorev1.LearnEvent {
	s.listen(ws)
	return append(s.runs.Waiting(ws), s.remoteWaiting(ws)...)
}

// run is one learn under way.
type run struct {
	id, user, workspace string
	// source names what the run learns, on each of its events.
	source string
	now    func() time.Time
	// allowed says whether the run's user may still learn (their token
	// checked again, api.Recheck); withdraw ends the run for why.
	allowed  func(context.Context) error
	withdraw func(why error)

	mu sync.Mutex
	// asked is the question waiting for Decide (nil when none); its
	// event is what watchers and Queue are shown.
	asked   *gate.Request
	askedEv *lorev1.LearnEvent
	answers chan gate.Answer
	settled bool
}

// event is a new event of the run, stamped.
func (r *run) event() *lorev1.LearnEvent {
	return &lorev1.LearnEvent{RunId: r.id, User: r.user, Source: r.source, At: stamp(r.now())}
}

// question is the approval_requested event of the question the run
// waits on, nil when it waits on none.
func (r *run) question() *lorev1.LearnEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.asked == nil || r.settled {
		return nil
	}
	return proto.Clone(r.askedEv).(*lorev1.LearnEvent)
}

// ask puts req to the workspace's reviewers: the event is made and the run
// waits; notify tells the run's stream the event can go out.
func (r *run) ask(req gate.Request) *lorev1.LearnEvent {
	ev := r.event()
	q := &lorev1.Approval{Trust: string(req.Report.Tier), Source: req.Report.Source, Needs: req.Why}
	for _, f := range req.Report.Findings {
		q.Findings = append(q.Findings, finding(&f))
	}
	ev.Event = &lorev1.LearnEvent_ApprovalRequested{ApprovalRequested: q}
	r.mu.Lock()
	r.asked, r.askedEv, r.settled = &req, ev, false
	r.answers = make(chan gate.Answer, 1)
	r.mu.Unlock()
	return ev
}

// wait waits for the answer to the question asked, up to wait: past it
// the question is withdrawn, and a Decide coming after finds nothing to
// decide.
func (r *run) wait(ctx context.Context, wait time.Duration) (gate.Answer, error) {
	r.mu.Lock()
	answers, req := r.answers, r.asked
	r.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case a := <-answers:
		return a, nil
	case <-ctx.Done():
	case <-t.C:
	}
	r.mu.Lock()
	if r.settled {
		// Decide answered as the wait ended: the answer stands.
		r.mu.Unlock()
		return <-answers, nil
	}
	r.settled = true
	r.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return gate.Answer{}, err
	}
	return gate.Answer{}, &unansweredError{need: &gate.ApprovalRequiredError{Source: req.Report.Source,
		Flag: "a reviewer's lore decide " + r.id, Reason: req.Why}, wait: wait, run: r.id}
}

// decide answers the question the run waits on with a reviewer's
// decision.
func (r *run) decide(c api.Caller, status core.ApprovalStatus, rationale string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.asked == nil || r.settled {
		return api.Errorf(connect.CodeFailedPrecondition, "run %s is not waiting at the gate: nothing to decide", r.id)
	}
	req := r.asked
	ans := gate.Answer{Status: status, Rationale: rationale, Person: c.User}
	if status != core.Rejected {
		if len(req.Report.Findings) > 0 && status == core.Approved {
			ans.Status = core.ApprovedWithWarnings
		}
		// The reviewer saw the findings with the question; approving
		// is acknowledging each critical one, and the record says so.
		if n := len(req.Critical); n > 0 {
			ans.Acknowledged = append([]int(nil), req.Critical...)
			ack := fmt.Sprintf("acknowledged %d critical finding%s", n, plural(n))
			if ans.Rationale == "" {
				ans.Rationale = req.Why + "; " + ack
			} else {
				ans.Rationale += " (" + ack + ")"
			}
		}
	}
	r.settled = true
	r.answers <- ans
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// withdrawn is what a run withdrawn for why says: why its user's access
// ended, and that nothing was learned.
func (r *run) withdrawn(why error) error {
	msg := why.Error()
	if ce, ok := errors.AsType[*connect.Error](why); ok {
		msg = ce.Message()
	}
	return fmt.Errorf("run %s was withdrawn: %s, who started it, may no longer learn (%s); nothing was learned", r.id, r.user, msg)
}

// unansweredError is a question at the gate no reviewer answered in
// time: the learn ends as a headless one does (ApprovalRequiredError,
// exit code 3).
type unansweredError struct {
	need *gate.ApprovalRequiredError
	wait time.Duration
	run  string
}

func (e *unansweredError) Error() string {
	return fmt.Sprintf("%s: approval required (%s) and no reviewer decided within %s; learn it again, and a reviewer decides with lore decide RUN approve|reject",
		e.need.Source, e.need.Reason, e.wait)
}

func (e *unansweredError) Unwrap() error { return e.need }
