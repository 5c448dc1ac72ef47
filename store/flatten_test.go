package store_test

import (
	"context"
	"fmt"
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
	// The store's largest tests, each in a store of its own: side by side
	// they take the two cores a CI machine has, not one after the other.
	t.Parallel()
	dir := t.TempDir()
	var reports []store.Progress
	opts := store.WithMemTableSize(store.Options{GCInterval: -1, Progress: func(p store.Progress) { reports = append(reports, p) }}, 1<<20)
	s := openDir(t, dir, opts)
	// Sessions until compaction has spread the tree over two levels (a
	// few tens of thousands of primitives with 1 MiB memtables).
	const chunk = 5000
	n := 0
	for s.TreeLevels() < 2 {
		if n >= 40*chunk {
			t.Fatalf("%d primitives left %d level(s); the test needs a tree of several", n, s.TreeLevels())
		}
		if err := s.CommitSession(context.Background(), session(fmt.Sprint("bulk", n)), addChanges(n, n+chunk)); err != nil {
			t.Fatal(err)
		}
		n += chunk
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// The merge is not silent: it is reported as it starts and ends.
	if len(reports) != 2 || reports[0].Task != store.TaskFlatten || reports[0].Finished || !reports[1].Finished || reports[1].Elapsed <= 0 {
		t.Fatalf("flatten reports %+v", reports)
	}
	t.Logf("closing after %d primitives took %s", n, reports[1].Elapsed)
	reports = nil
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
	if len(reports) != 0 {
		t.Fatalf("a small commit reported %+v on Close", reports)
	}
	s = openDir(t, dir, opts)
	defer s.Close()
	if got := s.TreeLevels(); got != 2 {
		t.Errorf("after closing a small commit the tree has %d levels, want 2 (its table above the merged level)", got)
	}
	mustCount(t, s, n+10)
	mustVerify(t, s)
}
