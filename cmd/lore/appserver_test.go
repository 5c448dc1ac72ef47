package main

import (
	"strings"
	"testing"
)

// lore --server ADDR is the root's flag (the application on a team
// server); without a terminal it says so, as lore alone does, and the
// help names the flag.
func TestAppServerFlag(t *testing.T) {
	r := lore(t, nil, "--server", "127.0.0.1:7433")
	if r.code != ExitUsage || !strings.Contains(r.stderr, "needs a terminal") {
		t.Fatalf("lore --server without a terminal: exit %d\n%s", r.code, r.stderr)
	}
	h := lore(t, nil, "--help")
	if !strings.Contains(h.stdout, "--server") || !strings.Contains(h.stdout, "team server") {
		t.Errorf("lore --help does not name --server:\n%s", h.stdout)
	}
}
