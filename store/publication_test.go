package store_test

import (
	"context"
	"os"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store"
)

// TestReadOnlyOpenWithPendingPublication: a pending publication makes a
// read-only open writable (so that the caller can finish it), but when the
// store cannot be opened for writing — here another reader holds a shared
// lock — it still opens read-only rather than failing; FinishPublication
// then records the artifacts and removes the pending record at once.
func TestReadOnlyOpenWithPendingPublication(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	if err := s.CommitSession(context.Background(), session("s1"), addChanges(0, 5)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutPublication("s1", []byte(`{"domains":["d"]}`)); err != nil {
		t.Fatal(err)
	}
	if rep := mustVerifyProblems(t, s); rep.Count(store.ProblemUnpublished) != 1 {
		t.Fatalf("verify with a pending publication: %+v", rep.Problems)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	w, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if w.ReadOnly() {
		t.Fatal("a read-only open with a pending publication stayed read-only although the store was free")
	}
	w.Close()

	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	r, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open beside another reader, with a pending publication: %v", err)
	}
	if !r.ReadOnly() {
		t.Fatal("open beside another reader is writable")
	}
	if pubs, err := r.Publications(); err != nil || len(pubs) != 1 {
		t.Fatalf("publications: %v %v", pubs, err)
	}
	r.Close()
	unix.Flock(int(f.Fd()), unix.LOCK_UN)

	s = openDir(t, dir, store.Options{GCInterval: -1})
	art := core.Artifact{Kind: core.AgentArtifact, Name: "a-agent", Domain: "d"}
	if err := s.FinishPublication(context.Background(), "s1", []string{"d"}, []core.Artifact{art}, skills.LibraryUpdate{}); err != nil {
		t.Fatal(err)
	}
	if pubs, err := s.Publications(); err != nil || len(pubs) != 0 {
		t.Fatalf("publications after finishing: %v %v", pubs, err)
	}
	if arts, err := s.Artifacts(); err != nil || len(arts) != 1 {
		t.Fatalf("artifacts after finishing: %v %v", arts, err)
	}
	mustVerify(t, s)
}

func mustVerifyProblems(t *testing.T, s *store.Store) store.VerifyReport {
	t.Helper()
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
