package tui

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
)

// countingOpener lends one store and counts what is asked of it: reads,
// writes, and the stores lent and not yet given back.
type countingOpener struct {
	st Store
	mu sync.Mutex
	// reads and writes count the opens; out counts those not closed.
	reads, writes, out int
}

func (c *countingOpener) open(_ context.Context, write bool) (Store, func() error, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if write {
		c.writes++
	} else {
		c.reads++
	}
	c.out++
	var once sync.Once
	return c.st, func() error {
		once.Do(func() {
			c.mu.Lock()
			c.out--
			c.mu.Unlock()
		})
		return nil
	}, nil
}

func (c *countingOpener) counts() (reads, writes, out int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reads, c.writes, c.out
}

// closedAll waits for every store lent to be given back: a load the
// program started just before it quit may still be reading.
func (c *countingOpener) closedAll(t *testing.T, when string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		if _, _, out := c.counts(); out == 0 {
			return
		}
		if time.Now().After(deadline) {
			_, _, out := c.counts()
			t.Fatalf("%s: %d stores opened and never closed", when, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The application opens the store for each operation and closes it after:
// a run asks for it only once it has candidates to compare (not while the
// reviewer decides at the gate), a dry run and the screens only read, and
// nothing is left open.
func TestAppOpensTheStoreForEachOperation(t *testing.T) {
	ds := storetest.Domains(t)
	c := &countingOpener{st: storetest.Open(t)}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hostile := write("access.md", hostileNotes)
	clean := write("groups.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	start := func(req learnform.Request) *teatest.TestModel {
		t.Helper()
		return newScreen(t, Options{Open: c.open, StorePath: "lore-test",
			Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
	}
	quit := func(tm *teatest.TestModel) Model {
		t.Helper()
		waitScreen(t, tm, "n learn a source") // shown once the run has settled
		tm.Type("q")
		return tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
	}

	tm := start(learnform.Request{Source: hostile, Depth: core.Standard, Tier: core.Stranger})
	waitScreen(t, tm, "CRITICAL")
	if _, writes, _ := c.counts(); writes != 0 {
		t.Errorf("the store was opened for writing while the reviewer decides at the gate (%d times)", writes)
	}
	tm.Type("r")
	if m := quit(tm); m.RunErr == nil {
		t.Fatal("setup: the hostile source was not rejected")
	}
	c.closedAll(t, "after a rejected run")
	// Once the person has decided, the rejection is recorded: one write.
	_, before, _ := c.counts()
	if before != 1 {
		t.Errorf("a run rejected at the gate opened the store for writing %d times, want once (its record)", before)
	}

	if m := quit(start(learnform.Request{Source: clean, Depth: core.Standard, DryRun: true})); m.RunErr != nil {
		t.Fatalf("dry run: %v", m.RunErr)
	}
	c.closedAll(t, "after a dry run")
	if _, writes, _ := c.counts(); writes != before {
		t.Errorf("a dry run opened the store for writing (%d times)", writes-before)
	}

	tm = start(learnform.Request{Source: clean, Depth: core.Standard})
	waitScreen(t, tm, "n learn a source")
	for _, tab := range []string{"3", "4", "5", "6"} {
		tm.Type(tab)
	}
	waitScreen(t, tm, "u unlearn") // History lists the session
	tm.Type("q")
	if m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model); m.RunErr != nil || m.Result == nil || !m.Result.Committed {
		t.Fatalf("learn: %v", m.RunErr)
	}
	c.closedAll(t, "after a committed run and browsing")
	reads, writes, _ := c.counts()
	if writes-before != 1 {
		t.Errorf("a committed run opened the store for writing %d times, want once", writes-before)
	}
	if reads < 4 {
		t.Errorf("the screens and the status bar read the store %d times: they do not open it for themselves", reads)
	}
}
