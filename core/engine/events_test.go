package engine

import (
	"context"
	"testing"
	"time"
)

// A subscriber that does not read while the engine publishes loses no
// transition; consecutive progress events of a stage collapse to the
// latest; order is kept.
func TestBrokerCoalescesProgressKeepsTransitions(t *testing.T) {
	b := NewBroker()
	ch := b.Subscribe(context.Background())
	b.Publish(StageStarted{Stage: StageDedup})
	for i := 1; i <= 1000; i++ {
		b.Publish(StageProgress{Stage: StageDedup, Done: i, Total: 1000})
	}
	b.Publish(StageFinished{Stage: StageDedup, Status: StageDone})
	b.Publish(StageStarted{Stage: StageGenerate})
	b.Close()

	var got []Event
	timeout := time.After(5 * time.Second)
	for done := false; !done; {
		select {
		case e, ok := <-ch:
			if !ok {
				done = true
				break
			}
			got = append(got, e)
		case <-timeout:
			t.Fatal("subscription not closed after Close")
		}
	}
	if len(got) < 4 || len(got) > 5 {
		t.Fatalf("got %d events, want 4 (progress coalesced) or 5: %v", len(got), got)
	}
	if s, ok := got[0].(StageStarted); !ok || s.Stage != StageDedup {
		t.Fatalf("first event = %#v", got[0])
	}
	last := got[len(got)-3]
	if p, ok := last.(StageProgress); !ok || p.Done != 1000 {
		t.Fatalf("last progress = %#v, want Done 1000", last)
	}
	if f, ok := got[len(got)-2].(StageFinished); !ok || f.Stage != StageDedup {
		t.Fatalf("transition lost or reordered: %#v", got)
	}
	if s, ok := got[len(got)-1].(StageStarted); !ok || s.Stage != StageGenerate {
		t.Fatalf("last event = %#v", got[len(got)-1])
	}
}

// Publishing never waits for a subscriber, and every subscriber gets every
// transition.
func TestBrokerFansOutWithoutBlocking(t *testing.T) {
	b := NewBroker()
	a, c := b.Subscribe(context.Background()), b.Subscribe(context.Background())
	// Nobody reads yet: a Publish that waited for a reader would deadlock
	// here.
	for range 10000 {
		b.Publish(StageStarted{Stage: StageAcquire})
	}
	b.Close()
	for _, ch := range []<-chan Event{a, c} {
		n := 0
		for range ch {
			n++
		}
		if n != 10000 {
			t.Fatalf("subscriber got %d of 10000 transitions", n)
		}
	}
	// Subscribing after Close yields a closed channel.
	if _, ok := <-b.Subscribe(context.Background()); ok {
		t.Fatal("subscription after Close is open")
	}
}

// A subscriber that stops reading and cancels its context lets its relay
// go: the channel closes, and later events are not queued for it.
func TestBrokerSubscriptionEndsWithItsContext(t *testing.T) {
	b := NewBroker()
	ctx, cancel := context.WithCancel(context.Background())
	ch := b.Subscribe(ctx)
	for i := range 100 {
		b.Publish(StageStarted{Stage: Stages[i%len(Stages)]})
	}
	cancel()
	deadline := time.After(5 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-ch:
		case <-deadline:
			t.Fatal("the subscription did not end with its context")
		}
	}
	if n := subscribers(b); n != 0 {
		t.Errorf("%d subscribers left after the reader went away", n)
	}
	b.Publish(StageStarted{Stage: StageAcquire})
	b.Close()
}

func subscribers(b *Broker) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}
