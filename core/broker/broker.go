// Package broker fans events out from one publisher to any number of
// subscribers without ever making the publisher wait: the engine publishes
// its run's events, and a terminal screen or a progress line reads them at
// its own pace. Each subscription has one goroutine, owned by the
// subscriber's context.
package broker

import (
	"context"
	"slices"
	"sync"
)

// Broker fans events of type E out to subscribers. Publish never waits
// for a subscriber: an event that only its latest value matters for (see
// New) replaces the undelivered one of the same key, and every other event
// is queued without limit, so transitions are never lost and a publisher
// never waits for a reader.
type Broker[E any] struct {
	mu     sync.Mutex
	subs   []*subscriber[E]
	closed bool
	latest func(E) (string, bool)
}

type subscriber[E any] struct {
	ctx     context.Context
	broker  *Broker[E]
	ch      chan E
	mu      sync.Mutex
	queue   []E
	wake    chan struct{}
	stopped bool
}

// New returns a broker with no subscribers. latest says which events only
// their latest value matters for (progress), and under which key: a
// subscriber's undelivered event of the same key, among the latest-only
// events at the end of its queue, is replaced rather than followed. nil
// keeps every event.
func New[E any](latest func(E) (key string, ok bool)) *Broker[E] {
	if latest == nil {
		latest = func(E) (string, bool) { return "", false }
	}
	return &Broker[E]{latest: latest}
}

// Subscribe returns a channel that receives every event published after
// the call, in order, and is closed after Close, or as soon as ctx is done:
// a reader that goes away (a screen that quit) cancels its context rather
// than draining, and the subscription's goroutine ends with it instead of
// waiting forever to hand over the next event.
func (b *Broker[E]) Subscribe(ctx context.Context) <-chan E {
	s := &subscriber[E]{ctx: ctx, broker: b, ch: make(chan E), wake: make(chan struct{}, 1)}
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
func (b *Broker[E]) Publish(e E) {
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
func (b *Broker[E]) Close() {
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

func (s *subscriber[E]) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *subscriber[E]) push(e E) {
	s.mu.Lock()
	if key, ok := s.broker.latest(e); ok {
		for i := len(s.queue) - 1; i >= 0; i-- {
			k, ok := s.broker.latest(s.queue[i])
			if !ok {
				break
			}
			if k == key {
				s.queue[i] = e
				s.mu.Unlock()
				s.signal()
				return
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
func (s *subscriber[E]) relay() {
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
func (b *Broker[E]) remove(s *subscriber[E]) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs = slices.DeleteFunc(b.subs, func(x *subscriber[E]) bool { return x == s })
}
