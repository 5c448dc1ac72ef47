package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/store"
)

// A writer killed just after Badger created its next memtable file leaves
// that file empty. Opened read-only, Badger cannot size it (the file is
// open for reading only: "truncate …: invalid argument"), so the store is
// recovered by a writable open first, as after any crash, and a read-only
// command such as lore store verify reads it.
func TestReadOnlyOpenAfterAWriterKilledMakingAMemtable(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	if err := s.CommitSession(context.Background(), session("before"), addChanges(0, 200)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "00099.mem"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := store.Open(dir, store.Options{ReadOnly: true, GCInterval: -1})
	if err != nil {
		t.Fatalf("read-only open of a killed writer's store: %v", err)
	}
	defer r.Close()
	mustCount(t, r, 200)
}
