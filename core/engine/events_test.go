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
