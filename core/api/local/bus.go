package local

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
)

// Bus carries messages between the processes serving the same stores (a
// team's servers sharing one database), workspace by workspace: the
// events of each one's runs, so that every watcher sees every run
// whichever server it follows, and a reviewer's decision for a run under
// way on another server. Delivery is at most once: a process that
// misses a message (its connection lost) misses it, as a watcher that
// arrives late misses earlier events.
type Bus interface {
	// Publish sends msg to the other processes serving workspace ws.
	Publish(ws string, msg []byte)
	// Subscribe calls fn with each message other processes publish in
	// workspace ws, from the time it returns on, for the life of the
	// process.
	Subscribe(ws string, fn func(msg []byte)) error
}

// RunChecker is a Bus that can tell a run elsewhere whose process has
// ended (killed, or cut from the database) from one still waiting: its
// question is withdrawn rather than listed, and a decision for it is
// refused, since none can reach it.
type RunChecker interface {
	// RunGone reports whether run, which asked a question in workspace
	// ws, is known to have ended with its process; false when it cannot
	// tell.
	RunGone(ws, run string) bool
}

// Kinds of the bus's messages: a byte, then a LearnEvent.
const (
	busEvent  byte = 'e' // an event of a run
	busDecide byte = 'd' // a decision for a run, from a reviewer elsewhere
)

// remoteRuns is what a process knows of the runs of other processes, from
// their events: the questions they wait on.
type remoteRuns struct {
	mu sync.Mutex
	// asked holds, by workspace and run, the approval_requested event of
	// a run elsewhere still waiting.
	asked map[string]map[string]*lorev1.LearnEvent
	// subscribed records the workspaces listened to.
	subscribed map[string]bool
}

// publish sends a run's event to the other processes.
func (s *Service) publish(ws string, ev *lorev1.LearnEvent) {
	s.send(ws, busEvent, ev)
}

func (s *Service) send(ws string, kind byte, ev *lorev1.LearnEvent) {
	if s.o.Bus == nil {
		return
	}
	b, err := proto.Marshal(ev)
	if err != nil {
		return // a message of our own making always marshals
	}
	s.o.Bus.Publish(ws, append([]byte{kind}, b...))
}

// listen subscribes to workspace ws's messages once, on first use of the
// workspace's broker: other processes' events join this one's, and their
// questions are remembered until settled.
func (s *Service) listen(ws string) {
	if s.o.Bus == nil {
		return
	}
	s.remote.mu.Lock()
	if s.remote.subscribed[ws] {
		s.remote.mu.Unlock()
		return
	}
	s.remote.subscribed[ws] = true
	s.remote.mu.Unlock()
	b := s.runs.broker(ws)
	_ = s.o.Bus.Subscribe(ws, func(msg []byte) {
		if len(msg) < 1 {
			return
		}
		ev := &lorev1.LearnEvent{}
		if proto.Unmarshal(msg[1:], ev) != nil {
			return
		}
		switch msg[0] {
		case busEvent:
			if ev.GetCommitted() != nil {
				// Another server's learn changed the workspace.
				s.findStale(ws)
			}
			s.remote.note(ws, ev)
			b.Publish(ev)
		case busDecide:
			s.decideHere(ws, ev)
		}
	})
}

// note keeps or forgets a run's question from its events.
func (rr *remoteRuns) note(ws string, ev *lorev1.LearnEvent) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if ev.GetApprovalRequested() != nil {
		if rr.asked[ws] == nil {
			rr.asked[ws] = map[string]*lorev1.LearnEvent{}
		}
		rr.asked[ws][ev.GetRunId()] = ev
		return
	}
	// Anything after the question settles it: the decision, the commit,
	// the failure, the next stage.
	delete(rr.asked[ws], ev.GetRunId())
}

// remoteWaiting lists the questions of runs elsewhere still waiting,
// withdrawing those whose process has ended.
func (s *Service) remoteWaiting(ws string) []*lorev1.LearnEvent {
	asked := s.remote.waiting(ws)
	out := asked[:0]
	for _, ev := range asked {
		if s.runGone(ws, ev.GetRunId()) {
			continue
		}
		out = append(out, ev)
	}
	return out
}

// runGone reports whether run, asking elsewhere, has ended with its
// process; if so its question is forgotten and the run's end is told to
// this process's watchers, as its own process would have told them.
func (s *Service) runGone(ws, id string) bool {
	rc, ok := s.o.Bus.(RunChecker)
	if !ok || !rc.RunGone(ws, id) {
		return false
	}
	if s.remote.forget(ws, id) {
		ev := &lorev1.LearnEvent{RunId: id, At: stamp(s.o.Now()), Event: &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{
			Message: errRunGone(id).Error(), Code: int32(exitcode.Failure)}}}
		s.runs.broker(ws).Publish(ev)
	}
	return true
}

// errRunGone is the refusal of a decision for a run whose process ended.
func errRunGone(id string) error {
	return fmt.Errorf("run %s was withdrawn: the server running it stopped before a reviewer decided, and nothing of it was learned; learn the source again", id)
}

// forget drops a run's question, reporting whether it was kept.
func (rr *remoteRuns) forget(ws, id string) bool {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	_, ok := rr.asked[ws][id]
	delete(rr.asked[ws], id)
	return ok
}

// waiting lists the questions of runs elsewhere.
func (rr *remoteRuns) waiting(ws string) []*lorev1.LearnEvent {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	var out []*lorev1.LearnEvent
	for _, ev := range rr.asked[ws] {
		out = append(out, proto.Clone(ev).(*lorev1.LearnEvent))
	}
	slices.SortFunc(out, func(a, b *lorev1.LearnEvent) int {
		switch {
		case a.GetRunId() < b.GetRunId():
			return -1
		case a.GetRunId() > b.GetRunId():
			return 1
		}
		return 0
	})
	return out
}

// asks reports whether a run elsewhere waits at the gate.
func (rr *remoteRuns) asks(ws, id string) bool {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	_, ok := rr.asked[ws][id]
	return ok
}

// decideElsewhere sends a reviewer's decision to the process whose run
// waits for it: the reviewer's role was checked here, by the same table
// every server keeps.
func (s *Service) decideElsewhere(c api.Caller, id string, status core.ApprovalStatus, rationale string) error {
	if s.runGone(c.Workspace, id) {
		return api.Errorf(connect.CodeNotFound, "%v", errRunGone(id))
	}
	if !s.remote.asks(c.Workspace, id) {
		return api.Errorf(connect.CodeNotFound, "no run %q under way in workspace %s", id, c.Workspace)
	}
	s.send(c.Workspace, busDecide, &lorev1.LearnEvent{RunId: id, User: c.User, Event: &lorev1.LearnEvent_Decided{
		Decided: &lorev1.Decision{Status: string(status), Rationale: rationale, User: c.User, DecidedBy: string(c.Role)}}})
	return nil
}

// decideHere answers a run of this process with a decision sent from
// another; one for a run not here (another process's, or one ended) is
// not this process's to answer.
func (s *Service) decideHere(ws string, ev *lorev1.LearnEvent) {
	rn, ok := s.runs.get(ws, ev.GetRunId())
	if !ok {
		return
	}
	d := ev.GetDecided()
	c := api.Caller{User: d.GetUser(), Role: access.Role(d.GetDecidedBy()), Workspace: ws, Remote: true}
	if _, err := api.Check(api.WithCaller(context.Background(), c), "Decide"); err != nil {
		return
	}
	_ = rn.decide(c, core.ApprovalStatus(d.GetStatus()), d.GetRationale())
}

// BusRun reads a message of the bus: the run whose event it is, and
// whether the event asks a reviewer a question. ok is false for any other
// message (a decision sent to a run's process). A Bus that keeps the
// questions waiting, for processes that start listening later, needs no
// more of the messages it carries.
func BusRun(msg []byte) (run string, asks, ok bool) {
	if len(msg) < 1 || msg[0] != busEvent {
		return "", false, false
	}
	ev := &lorev1.LearnEvent{}
	if proto.Unmarshal(msg[1:], ev) != nil {
		return "", false, false
	}
	return ev.GetRunId(), ev.GetApprovalRequested() != nil, true
}
