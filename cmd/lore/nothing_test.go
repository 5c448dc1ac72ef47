package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNothingToLearnStoresNoSession: a source whose documents state
// nothing lore learns (a script with no docstring definitions, a note of
// plain prose) stops after extraction, exit 2, and stores no session, as
// lore learn --help says; it committed an empty "unknown · no domain"
// session listed by lore sessions. A script whose docstrings define
// something is learned as before.
func TestNothingToLearnStoresNoSession(t *testing.T) {
	dir := newStoreDir(t)
	src := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	script := write("a.py", "import os\n\ndef main():\n    print(os.getcwd())\n\nif __name__ == \"__main__\":\n    main()\n")
	prose := write("hello.txt", "hello there\n")
	for _, p := range []string{script, prose} {
		r := lore(t, storeEnv(dir), "learn", p)
		if r.code != ExitUsage || !strings.Contains(r.stderr, p+": nothing to learn: lore found no definition, theorem, algorithm") ||
			!strings.Contains(r.stderr, "nothing was stored") {
			t.Errorf("learn %s: exit %d, want %d and why\nstdout: %s\nstderr: %s", filepath.Base(p), r.code, ExitUsage, r.stdout, r.stderr)
		}
		r = lore(t, storeEnv(dir), "learn", p, "--json")
		var out struct {
			Success bool     `json:"success"`
			Errors  []string `json:"errors"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != ExitUsage || out.Success || len(out.Errors) == 0 {
			t.Errorf("learn %s --json: exit %d, %v\n%s", filepath.Base(p), r.code, err, r.stdout)
		}
	}
	if r := loreOK(t, dir, "sessions", "--json"); strings.Contains(r.stdout, `"id"`) {
		t.Fatalf("a learn of nothing stored a session:\n%s", r.stdout)
	}
	defined := write("g.py", `"""Graph utilities.

A graph is a set of vertices together with a set of edges joining pairs of vertices.

Definition: A path is a sequence of vertices in which each consecutive pair is joined by an edge.
"""

def bfs(g, s):
    """Breadth-first search visits the vertices of a graph in order of their distance from a start vertex."""
    return []
`)
	loreOK(t, dir, "learn", defined)
	sessions := sessionsOf(t, dir)
	if len(sessions) != 1 || sessions[0].Source != defined {
		t.Fatalf("sessions after learning a script that defines something: %+v", sessions)
	}
	if help := loreOK(t, dir, "learn", "--help").stdout; !strings.Contains(strings.Join(strings.Fields(help), " "),
		"one whose documents state nothing lore learns (no definition, theorem, algorithm …) stops after extraction. Either exits 2 and stores nothing, not even a session.") {
		t.Errorf("lore learn --help does not say what happens to a source with nothing to learn:\n%s", help)
	}
}
