package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A curator's learn of a STRANGER source on a team server waits; the
// reviewer finds it with lore decide, approves it from another process,
// and the curator's command ends committed, the session recorded under
// the curator and the decision under the reviewer.
func TestDecideFindsAndApprovesAWaitingLearn(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	ada := addUser(t, data, "ada", "curator")
	rui := addUser(t, data, "rui", "reviewer")
	ts := startTeamServer(t, data)
	doc := filepath.Join(t.TempDir(), "vendor-notes.md")
	if err := os.WriteFile(doc, []byte("# Vendor notes\n\n**Definition 1 (Widget).** A widget is a component with exactly one input port and one output port.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := lore(t, ts.env(rui), "decide"); r.code != 0 || !strings.Contains(r.stdout, "no run waits") {
		t.Fatalf("lore decide with nothing waiting: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	learned := make(chan result, 1)
	go func() { learned <- lore(t, ts.env(ada), "learn", doc, "--tier", "stranger") }()

	var run string
	for deadline := time.Now().Add(30 * time.Second); run == "" && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		r := lore(t, ts.env(rui), "decide")
		if r.code != 0 {
			t.Fatalf("lore decide: exit %d %s", r.code, r.stderr)
		}
		if strings.Contains(r.stdout, "vendor-notes.md") {
			if !strings.Contains(r.stdout, "started by ada") || !strings.Contains(r.stdout, "STRANGER") {
				t.Fatalf("the waiting run: %s", r.stdout)
			}
			run = strings.Fields(r.stdout)[0]
		}
	}
	if run == "" {
		t.Fatal("the curator's learn never waited for a reviewer")
	}
	if r := lore(t, ts.env(ada), "decide", run, "approve"); r.code != ExitFailure || !strings.Contains(r.stderr, "ada (curator) may not call Decide") {
		t.Errorf("the curator's own decision: exit %d %s", r.code, r.stderr)
	}
	if r := lore(t, ts.env(rui), "decide", run, "approve", "--why", "our vendor's manual"); r.code != 0 {
		t.Fatalf("the reviewer's approval: exit %d %s", r.code, r.stderr)
	}
	r := <-learned
	if r.code != 0 || !strings.Contains(r.stdout, "learned   added 1") || !strings.Contains(r.stderr, "waiting for a reviewer") {
		t.Fatalf("the curator's learn: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stderr, "\x1b[") {
		t.Errorf("the run's events are styled on a pipe: %q", r.stderr)
	}
	// lore find --json prints the same shape on a team server as here.
	if r := lore(t, ts.env(rui), "find", "widget", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"query": "widget"`) ||
		!strings.Contains(r.stdout, `"results": [`) || !strings.Contains(r.stdout, `"dependencies"`) {
		t.Errorf("find --json on the server: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := lore(t, ts.env(rui), "sessions"); !strings.Contains(r.stdout, "by ada") || !strings.Contains(r.stdout, "gate: rui") {
		t.Errorf("sessions: %s", r.stdout)
	}
}
