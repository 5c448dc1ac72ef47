package store_test

import (
	"context"
	"testing"

	"github.com/lore-kb/lore/store"
)

// A process that commits a large part of the store leaves it in one level
// of the tree when it closes; one that commits a little does not pay for
// rewriting the tree.
func TestCloseMergesTreeAfterBulkCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes tens of megabytes")
	}
	dir := t.TempDir()
	opts := store.WithMemTableSize(store.Options{GCInterval: -1}, 1<<20)
	const n = 15_000
	s := openDir(t, dir, opts)
	if err := s.CommitSession(context.Background(), session("bulk"), addChanges(0, n)); err != nil {
		t.Fatal(err)
	}
	if got := s.TreeLevels(); got < 2 {
		t.Fatalf("the bulk commit left %d level(s); the test needs a tree of several", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openDir(t, dir, opts)
	if got := s.TreeLevels(); got != 1 {
		t.Errorf("after closing a bulk commit the tree has %d levels, want 1", got)
	}
	mustCount(t, s, n)
	mustVerify(t, s)

	if err := s.CommitSession(context.Background(), session("small"), addChanges(n, n+10)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openDir(t, dir, opts)
	defer s.Close()
	if got := s.TreeLevels(); got != 2 {
		t.Errorf("after closing a small commit the tree has %d levels, want 2 (its table above the merged level)", got)
	}
	mustCount(t, s, n+10)
	mustVerify(t, s)
}
