package tui

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
)

// Run does not return while a run it started is still going: when the
// program ends (here by its context) in the middle of a run, the run is
// cancelled and waited for, so that by the time Run returns the engine
// has stopped and given the store back.
func TestRunWaitsForTheCancelledRun(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", "assets", "sample", "graphs.md"))
	if err != nil {
		t.Fatal(err)
	}
	opened := make(chan struct{})
	var gaveBack atomic.Bool
	// The store the engine asks for once it has candidates: it is handed
	// over only when the run is cancelled, and slowly, as a store being
	// closed can be.
	open := func(ctx context.Context, write bool) (Store, func() error, error) {
		if !write {
			return nil, nil, errors.New("no store in this test")
		}
		close(opened)
		<-ctx.Done()
		time.Sleep(200 * time.Millisecond)
		gaveBack.Store(true)
		return nil, nil, ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		out Outcome
		err error
	}
	ended := make(chan result, 1)
	go func() {
		out, err := Run(ctx, Options{
			Open:  open,
			Learn: engine.LearnOptions{Domains: storetest.Domains(t)},
			Start: learnform.Request{Source: src, Policy: gate.Policy{Approve: true}},
		}, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithWindowSize(100, 30))
		ended <- result{out, err}
	}()
	select {
	case <-opened:
	case r := <-ended:
		t.Fatalf("Run returned before the run reached the store: %+v", r)
	case <-time.After(time.Minute):
		t.Fatal("the run never asked for the store")
	}
	cancel()
	select {
	case r := <-ended:
		if !gaveBack.Load() {
			t.Fatal("Run returned while the engine was still running")
		}
		if !errors.Is(r.out.Err, context.Canceled) {
			t.Errorf("the outcome's error is %v, want the cancelled run's", r.out.Err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run did not return after its context ended")
	}
}

// A run whose command the program never got to (it ended first) is
// stopped without waiting, and its command, should it run after all,
// does not start the engine.
func TestRunStoppedBeforeItsCommandNeverStarts(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", "assets", "sample", "graphs.md"))
	if err != nil {
		t.Fatal(err)
	}
	var opened atomic.Bool
	m := New(context.Background(), Options{
		Open: func(context.Context, bool) (Store, func() error, error) {
			opened.Store(true)
			return nil, nil, errors.New("no store in this test")
		},
		Learn: engine.LearnOptions{Domains: storetest.Domains(t)},
	})
	cmd := m.start(learnform.Request{Source: src, Policy: gate.Policy{Approve: true}})
	stopped := make(chan struct{})
	go func() {
		m.launched.last().stop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("stop waits for a run that never started")
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) == 0 {
		t.Fatalf("start returned %T", cmd())
	}
	// The first command is the engine's.
	done, ok := batch[0]().(doneMsg)
	if !ok || !errors.Is(done.err, context.Canceled) || done.res != nil {
		t.Errorf("the stopped run's command returned %+v", done)
	}
	if opened.Load() {
		t.Error("the engine ran after the run was stopped")
	}
}
