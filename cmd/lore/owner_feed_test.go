package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The owner tells its screen when a client's command has written to the
// store — a learn or an unlearn from another shell — so that the status
// bar names the last session the store now has; a read, or a command
// that fails before writing, tells it nothing. The signal is sent before
// the client gets its exit code.
func TestOwnerTellsItsScreenOfClientsWrites(t *testing.T) {
	dir := newStoreDir(t)
	changed := make(chan struct{}, 1)
	ownStoreFeeding(t, dir, &screenFeed{changed: changed})
	signalled := func() bool {
		select {
		case <-changed:
			return true
		default:
			return false
		}
	}

	doc := filepath.Join(t.TempDir(), "groups.md")
	if err := os.WriteFile(doc, []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := inProcess("learn", doc, "--approve", "--json")
	if r.code != ExitOK {
		t.Fatalf("learn through the owner: exit %d\n%s", r.code, r.stderr)
	}
	if !signalled() {
		t.Fatal("a learn from another process did not tell the owner's screen the store changed")
	}
	var learned struct {
		SessionID string `json:"sessionId"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &learned); err != nil || learned.SessionID == "" {
		t.Fatalf("learn --json: %v\n%s", err, r.stdout)
	}

	for _, args := range [][]string{{"sessions"}, {"rank", "--json"}, {"show", "nope"}, {"report", "nope"}} {
		r := inProcess(args...)
		if signalled() {
			t.Fatalf("lore %s (exit %d) told the screen the store changed", strings.Join(args, " "), r.code)
		}
	}

	if r := inProcess("unlearn", learned.SessionID, "--json"); r.code != ExitOK {
		t.Fatalf("unlearn through the owner: exit %d\n%s", r.code, r.stderr)
	}
	if !signalled() {
		t.Fatal("an unlearn from another process did not tell the owner's screen the store changed")
	}
}
