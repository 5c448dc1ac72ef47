package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lore-kb/lore/store"
)

// TestCommitRefusedWhenDiskIsFull simulates a file system with 1 MiB free
// (Badger would die of SIGBUS writing its maps there): the commit must fail
// with a *NoSpaceError naming the folder and both sizes, leave no session
// and no primitive, and the same session must commit once room is back.
func TestCommitRefusedWhenDiskIsFull(t *testing.T) {
	dir := t.TempDir()
	free := uint64(1 << 20)
	s := openDir(t, dir, store.Options{GCInterval: -1, FreeSpace: func(string) (uint64, error) { return free, nil }})
	ctx := context.Background()
	err := s.CommitSessionWith(ctx, session("s1"), addChanges(0, 500), []byte("report"))
	var nospace *store.NoSpaceError
	if !errors.As(err, &nospace) || nospace.Have != free || nospace.Need <= free {
		t.Fatalf("commit on a full disk: %v, want a *NoSpaceError with have %d", err, free)
	}
	for _, want := range []string{"not enough free space in " + dir, "need ~", "have 1.0 MiB"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if ss, err := s.Sessions(); err != nil || len(ss) != 0 {
		t.Fatalf("sessions after the refused commit: %v %v, want none", ss, err)
	}
	mustCount(t, s, 0)
	mustVerify(t, s)
	free = 1 << 40
	if err := s.CommitSessionWith(ctx, session("s1"), addChanges(0, 500), []byte("report")); err != nil {
		t.Fatalf("commit with room: %v", err)
	}
	mustCount(t, s, 500)
}

// A learn's first write, the record of the skills it is to publish, is
// refused the same way: a large one written into a full memory-mapped
// disk would end the process before the commit's own check.
func TestPublicationRefusedWhenDiskIsFull(t *testing.T) {
	free := uint64(1 << 20)
	s := openDir(t, t.TempDir(), store.Options{GCInterval: -1, FreeSpace: func(string) (uint64, error) { return free, nil }})
	var nospace *store.NoSpaceError
	if err := s.PutPublication("s1", make([]byte, 300<<10)); !errors.As(err, &nospace) {
		t.Fatalf("publication on a full disk: %v, want a *NoSpaceError", err)
	}
	if pubs, err := s.Publications(); err != nil || len(pubs) != 0 {
		t.Fatalf("publications after the refused one: %v %v, want none", pubs, err)
	}
	free = 1 << 40
	if err := s.PutPublication("s1", make([]byte, 300<<10)); err != nil {
		t.Fatalf("publication with room: %v", err)
	}
}
