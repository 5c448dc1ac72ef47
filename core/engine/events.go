package engine

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/lore-kb/lore/core"
)

// Stage is one of the seven stages of a learning run.
type Stage string

// The seven stages, in order. Extract includes wiring; dedup includes
// merging; generate includes the report and the commit.
const (
	StageAcquire  Stage = "acquire"
	StageSanitize Stage = "sanitize"
	StageGate     Stage = "gate"
	StageAnalyze  Stage = "analyze"
	StageExtract  Stage = "extract"
	StageDedup    Stage = "dedup"
	StageGenerate Stage = "generate"
)

// Stages lists the stages in pipeline order.
var Stages = []Stage{StageAcquire, StageSanitize, StageGate, StageAnalyze, StageExtract, StageDedup, StageGenerate}

// StageStatus is how a stage ended.
type StageStatus string

// Stage outcomes.
const (
	StageDone    StageStatus = "done"
	StageFailed  StageStatus = "failed"
	StageSkipped StageStatus = "skipped"
)

// Event is something the engine reports while it runs. The concrete types
// below are the whole set.
type Event interface{ isEvent() }

// StageStarted says a stage began.
type StageStarted struct {
	Stage Stage
	At    time.Time
}

// StageProgress reports countable progress inside a stage. Progress events
// may be coalesced (only the latest matters); every other event is
// delivered.
type StageProgress struct {
	Stage       Stage
	Done, Total int
	Detail      string
}

// StageFinished says a stage ended. A stage that is done carries what it
// produced in Result; a failed one its error in Err; a skipped one why in
// Reason.
type StageFinished struct {
	Stage  Stage
	Status StageStatus
	// Result is the stage's typed outcome, one of the *Finished types in
	// results.go; nil unless Status is StageDone.
	Result StageResult
	// Reason says why a skipped stage did not run ("" if nothing did
	// more than fail before it). It is a message, not data.
	Reason  string
	Elapsed time.Duration
	Err     string
}

// FindingFound reports one sanitizer finding.
type FindingFound struct{ Finding core.Finding }

// ApprovalRequested says the gate is asking the approver to decide.
type ApprovalRequested struct{ Report core.HygieneReport }

// Decided reports the gate's decision.
type Decided struct{ Decision core.Decision }

// ConflictFound reports a conflict held for a person to decide.
type ConflictFound struct{ Conflict core.Conflict }

// ArtifactMade reports a generated skill, agent or team; Dir is where its
// files were written ("" on a dry run).
type ArtifactMade struct {
	Artifact core.Artifact
	Dir      string
}

// Committed says the session was committed to the store.
type Committed struct{ Session core.Session }

func (StageStarted) isEvent()      {}
func (StageProgress) isEvent()     {}
func (StageFinished) isEvent()     {}
func (FindingFound) isEvent()      {}
func (ApprovalRequested) isEvent() {}
func (Decided) isEvent()           {}
func (ConflictFound) isEvent()     {}
func (ArtifactMade) isEvent()      {}
func (Committed) isEvent()         {}

// Broker fans engine events out to subscribers. Publish never blocks on a
// slow subscriber for progress: a progress event that finds the
// subscriber's buffer full replaces the undelivered one of the same stage
// (latest wins). Every other event is queued without limit, so transitions
// are never lost and the engine never waits for a UI.
type Broker struct {
	mu     sync.Mutex
	subs   []*subscriber
	closed bool
}

type subscriber struct {
	ctx     context.Context
	broker  *Broker
	ch      chan Event
	mu      sync.Mutex
	queue   []Event
	wake    chan struct{}
	stopped bool
}

// NewBroker returns a broker with no subscribers.
func NewBroker() *Broker { return &Broker{} }

// Subscribe returns a channel that receives every event published after
// the call, in order, and is closed after Close, or as soon as ctx is done:
// a reader that goes away (a screen that quit) cancels its context rather
// than draining, and the subscription's goroutine ends with it instead of
// waiting forever to hand over the next event.
func (b *Broker) Subscribe(ctx context.Context) <-chan Event {
	s := &subscriber{ctx: ctx, broker: b, ch: make(chan Event), wake: make(chan struct{}, 1)}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		close(s.ch)
		return s.ch
	}
	b.subs = append(b.subs, s)
	b.mu.Unlock()
	go s.relay()
	return s.ch
}

// Publish delivers e to every subscriber.
func (b *Broker) Publish(e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	for _, s := range b.subs {
		s.push(e)
	}
}

// Close ends every subscription once its queued events are delivered.
func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	for _, s := range b.subs {
		s.mu.Lock()
		s.stopped = true
		s.mu.Unlock()
		s.signal()
	}
}

func (s *subscriber) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *subscriber) push(e Event) {
	s.mu.Lock()
	if p, ok := e.(StageProgress); ok {
		for i := len(s.queue) - 1; i >= 0; i-- {
			if q, ok := s.queue[i].(StageProgress); ok && q.Stage == p.Stage {
				s.queue[i] = p
				s.mu.Unlock()
				s.signal()
				return
			}
			if _, ok := s.queue[i].(StageProgress); !ok {
				break
			}
		}
	}
	s.queue = append(s.queue, e)
	s.mu.Unlock()
	s.signal()
}

// relay is the subscriber's one goroutine: it hands queued events to the
// channel in order and closes it when the broker closes or the
// subscriber's context ends.
func (s *subscriber) relay() {
	defer close(s.ch)
	defer s.broker.remove(s)
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			stopped := s.stopped
			s.mu.Unlock()
			if stopped {
				return
			}
			select {
			case <-s.wake:
			case <-s.ctx.Done():
				return
			}
			continue
		}
		e := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		select {
		case s.ch <- e:
		case <-s.ctx.Done():
			return
		}
	}
}

// remove drops a subscriber whose reader has gone, so that publishing no
// longer queues events nobody will read.
func (b *Broker) remove(s *subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs = slices.DeleteFunc(b.subs, func(x *subscriber) bool { return x == s })
}
