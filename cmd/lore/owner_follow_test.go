package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui"
)

// A learn a client runs through the owner's API hands the owner's screen every event of
// the run, though the screen reads them after the client has its exit
// code and its request has ended: the last stage's end and the commit
// included, or the screen shows that stage running for good and cannot
// say which session was committed.
func TestOwnersScreenGetsEveryEventOfAClientsLearn(t *testing.T) {
	dir := newStoreDir(t)
	runs := make(chan tui.ExternalRun, 1)
	ownStoreFeeding(t, dir, &screenFeed{runs: runs})
	doc := filepath.Join(t.TempDir(), "groups.md")
	if err := os.WriteFile(doc, []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The screen follows the owner's runs through the API's Watch, which
	// listens a moment after the owner starts: a learn before that is
	// not followed, and the client learns again.
	var r tui.ExternalRun
	for attempt := 0; ; attempt++ {
		if attempt == 5 {
			t.Fatal("the owner did not tell its screen of the client's learns")
		}
		if r := inProcess("learn", doc, "--approve", "--json"); r.code != 0 {
			t.Fatalf("the client's learn: exit %d %s %s", r.code, r.stdout, r.stderr)
		}
		select {
		case r = <-runs:
		case <-time.After(3 * time.Second):
			continue
		}
		break
	}
	// A screen busy drawing reads the events late: the client's request
	// is over by then.
	time.Sleep(200 * time.Millisecond)
	var committed, generated bool
	timeout := time.After(10 * time.Second)
	for open := true; open; {
		select {
		case e, ok := <-r.Events:
			switch e := e.(type) {
			case engine.Committed:
				committed = true
			case engine.StageFinished:
				generated = generated || e.Stage == engine.StageGenerate
			}
			open = ok
		case <-timeout:
			t.Fatal("the run's events never ended")
		}
	}
	if !committed || !generated {
		t.Errorf("the screen got the commit: %v, the generate stage's end: %v; want both", committed, generated)
	}
	if err := <-r.Done; err != nil {
		t.Errorf("the run ended with %v", err)
	}
}
