package broker

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// progress is a test event: a key with a value, latest-only when latest.
type progress struct {
	key    string
	n      int
	latest bool
}

func newTestBroker() *Broker[progress] {
	return New(func(e progress) (string, bool) { return e.key, e.latest })
}

func drain[E any](t *testing.T, ch <-chan E) []E {
	t.Helper()
	var got []E
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				return got
			}
			got = append(got, e)
		case <-timeout:
			t.Fatal("subscription not closed")
		}
	}
}

// Latest-only events of one key collapse while the subscriber does not
// read; other events and other keys are kept, in order.
func TestLatestOnlyEventsCoalesce(t *testing.T) {
	b := newTestBroker()
	ch := b.Subscribe(context.Background())
	b.Publish(progress{key: "start"})
	for i := 1; i <= 1000; i++ {
		b.Publish(progress{key: "a", n: i, latest: true})
	}
	b.Publish(progress{key: "b", n: 1, latest: true})
	b.Publish(progress{key: "a", n: 1001, latest: true})
	b.Publish(progress{key: "end"})
	b.Close()
	got := drain(t, ch)
	if got[0].key != "start" || got[len(got)-1].key != "end" {
		t.Fatalf("transitions lost or reordered: %v", got)
	}
	// The relay may hand over the first progress before the rest arrive.
	if len(got) > 5 {
		t.Fatalf("%d events, want the progress coalesced: %v", len(got), got)
	}
	// The later a replaces the undelivered one in place, ahead of b.
	var lastA progress
	for _, e := range got {
		if e.key == "a" {
			lastA = e
		}
	}
	if lastA.n != 1001 || got[len(got)-2].key != "b" {
		t.Fatalf("latest of a = %+v, want 1001 before b: %v", lastA, got)
	}
}

// Publishing never waits for a subscriber, and every subscriber gets every
// event that is not latest-only.
func TestFansOutWithoutBlocking(t *testing.T) {
	b := newTestBroker()
	a, c := b.Subscribe(context.Background()), b.Subscribe(context.Background())
	// Nobody reads yet: a Publish that waited for a reader would deadlock
	// here.
	for i := range 10000 {
		b.Publish(progress{key: strconv.Itoa(i)})
	}
	b.Close()
	for _, ch := range []<-chan progress{a, c} {
		if n := len(drain(t, ch)); n != 10000 {
			t.Fatalf("subscriber got %d of 10000 events", n)
		}
	}
	// Subscribing after Close yields a closed channel.
	if _, ok := <-b.Subscribe(context.Background()); ok {
		t.Fatal("subscription after Close is open")
	}
}

// A subscriber that stops reading and cancels its context lets its relay
// go: the channel closes, and later events are not queued for it.
func TestSubscriptionEndsWithItsContext(t *testing.T) {
	b := newTestBroker()
	ctx, cancel := context.WithCancel(context.Background())
	ch := b.Subscribe(ctx)
	for i := range 100 {
		b.Publish(progress{key: strconv.Itoa(i)})
	}
	cancel()
	drain(t, ch)
	b.mu.Lock()
	n := len(b.subs)
	b.mu.Unlock()
	if n != 0 {
		t.Errorf("%d subscribers left after the reader went away", n)
	}
	b.Publish(progress{key: "later"})
	b.Close()
}
