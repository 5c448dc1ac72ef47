package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
)

// The bottom line's notice about a learn another process started ends
// with that learn: once it has committed, it says which session it
// committed, and once a learn has failed, that it failed — it no longer
// says the source is being learned until the next key.
func TestFollowedRunsNoticeEndsWithTheRun(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	// A short folder, so that the notice fits the line whole.
	dir, err := os.MkdirTemp("", "fl")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	doc := filepath.Join(dir, "fields.md")
	if err := os.WriteFile(doc, []byte("# Fields\n\nDefinition: A field is a commutative ring in which every nonzero element has a multiplicative inverse.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := make(chan ExternalRun, 1)
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Dark: true, Runs: runs})

	// learn runs source as the store's owner runs a client's learn: the
	// screen is told first, then the engine runs, then how it ended.
	learn := func(source, by string) (*engine.LearnResult, error) {
		t.Helper()
		opts := engine.LearnOptions{Domains: ds, Events: engine.NewBroker(),
			SessionID: engine.NewSessionID(core.KindLearn, time.Now())}
		opts.Policy.Approve = true
		done := make(chan error, 1)
		runs <- ExternalRun{ID: opts.SessionID, Source: source, By: by, Events: opts.Events.Subscribe(context.Background()), Done: done}
		waitScreen(t, tm, "learning "+source+", started by "+by)
		res, err := engine.Learn(context.Background(), st, source, opts)
		done <- err
		opts.Events.Close()
		return res, err
	}

	res, err := learn(doc, "lore learn fields.md (pid 4242)")
	if err != nil || !res.Committed {
		t.Fatalf("setup: the learn did not commit: %v", err)
	}
	waitScreen(t, tm, "learned for lore learn fields.md (pid 4242): session "+res.Session.ID+" committed")

	missing := filepath.Join(dir, "rings.md")
	if _, err := learn(missing, "lore learn rings.md (pid 4343)"); err == nil {
		t.Fatal("setup: a learn of a missing file did not fail")
	}
	waitScreen(t, tm, "the learn for lore learn rings.md (pid 4343) failed: ")

	tm.Quit()
	m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
	if line := helpLineOf(m); strings.Contains(line, "started by") || !strings.Contains(line, "failed") {
		t.Errorf("after the failed learn the bottom line says %q; want that it failed", line)
	}
	if m.Running() {
		t.Error("the Learn screen still follows a run that ended")
	}
}

// A learn another process starts while the Learn screen shows a run has
// a notice of its own, which also gives way to how it ended.
func TestAlongsideRunsNoticeEndsWithTheRun(t *testing.T) {
	m := New(context.Background(), Options{Learn: engine.LearnOptions{Domains: storetest.Domains(t)}})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	first, second := make(chan error, 1), make(chan error, 1)
	m, _ = send(m, followMsg{ExternalRun{ID: "learn-a", Source: "a.md", By: "lore learn a.md (pid 1)", Events: make(chan engine.Event), Done: first}})
	events := make(chan engine.Event)
	m, cmd := send(m, followMsg{ExternalRun{ID: "learn-b", Source: "b.md", By: "lore learn b.md (pid 2)", Events: events, Done: second}})
	if !strings.Contains(m.notice, "b.md") || !strings.Contains(m.notice, "as well") {
		t.Fatalf("setup: the second run's notice is %q", m.notice)
	}
	// As the owner ends a run: how it ended, then the end of its events,
	// which are read though not shown (the owner's relay would wait).
	second <- nil
	go func() {
		events <- engine.StageStarted{Stage: engine.StageAcquire}
		close(events)
	}()
	// The batch holds the wait for the next run and the wait for this
	// one's end; only the latter returns here.
	msg := runBatchUntil(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(followDoneMsg); return ok })
	m, _ = send(m, msg)
	if strings.Contains(m.notice, "as well") || !strings.Contains(m.notice, "the learn for lore learn b.md (pid 2) ended") {
		t.Errorf("after the second run ended the notice is %q", m.notice)
	}
}

// runBatchUntil runs the commands of cmd (a batch, perhaps nested) each
// in its own goroutine and returns the first message that want accepts.
func runBatchUntil(t *testing.T, cmd tea.Cmd, want func(tea.Msg) bool) tea.Msg {
	t.Helper()
	out := make(chan tea.Msg, 16)
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					run(c)
				}
				return
			}
			out <- msg
		}()
	}
	run(cmd)
	timeout := time.After(10 * time.Second)
	for {
		select {
		case msg := <-out:
			if want(msg) {
				return msg
			}
		case <-timeout:
			t.Fatal("no command returned the message awaited")
			return nil
		}
	}
}
