package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDamagedTableFailsCleanly cuts a table of a real store to half its
// size and runs read and write commands on it: each must exit 1 with one
// sentence naming the table, never a Go panic (exit 2 and a trace).
func TestDamagedTableFailsCleanly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	seedStore(t, dir)
	tables, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if len(tables) == 0 {
		t.Fatalf("no table in %s", dir)
	}
	fi, err := os.Stat(tables[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(tables[0], fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(tables[0])
	doc := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(doc, []byte("# T\n\n## Definition\n\nA **widget** is a gadget that holds exactly 3 sprockets.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"sessions"}, {"store", "verify"}, {"store", "backup", filepath.Join(t.TempDir(), "x.bak")},
		{"show", "a"}, {"unlearn", "s1", "--force"}, {"learn", doc, "--json"},
	} {
		r := lore(t, storeEnv(dir), args...)
		if r.code != 1 || !strings.Contains(r.stderr, name) || !strings.Contains(r.stderr, "damaged") ||
			strings.Contains(r.stderr, "goroutine") {
			t.Errorf("lore %s on a store with a half-cut table: exit %d, want 1 naming %s\nstderr: %.600s",
				strings.Join(args, " "), r.code, name, r.stderr)
		}
	}
}
