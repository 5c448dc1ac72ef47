package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/store"
)

// halfTruncatedTable builds a store on disk, closes it, and cuts its first
// table file to half its size, as a full disk or a bad copy would.
func halfTruncatedTable(t *testing.T) (dir, table string) {
	t.Helper()
	dir = t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	if err := s.CommitSession(context.Background(), session("s1"), addChanges(0, 300)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	tables, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if len(tables) == 0 {
		t.Fatalf("no table file in %s", dir)
	}
	table = tables[0]
	fi, err := os.Stat(table)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(table, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	return dir, table
}

// TestOpenDamagedTable opens a store with a half-truncated table: Badger
// panics while reading the table's index; Open must instead return an
// error naming the table and saying what to do, and keep doing so.
func TestOpenDamagedTable(t *testing.T) {
	dir, table := halfTruncatedTable(t)
	for _, ro := range []bool{false, true} {
		s, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: ro})
		if err == nil {
			s.Close()
			t.Fatalf("read-only=%v: open of a store with a half-truncated table succeeded", ro)
		}
		msg := err.Error()
		for _, want := range []string{filepath.Base(table), "damaged", "restore a backup"} {
			if !strings.Contains(msg, want) {
				t.Errorf("read-only=%v: open error %q does not mention %q", ro, msg, want)
			}
		}
	}
}

// TestVerifyDamagedBlock flips a byte inside a table's first data block,
// which leaves the table's index (all Open reads) intact: Verify must find
// the damage, as a problem or an error, without panicking.
func TestVerifyDamagedBlock(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	if err := s.CommitSession(context.Background(), session("s1"), addChanges(0, 300)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	tables, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if len(tables) == 0 {
		t.Fatalf("no table file in %s", dir)
	}
	data, err := os.ReadFile(tables[0])
	if err != nil {
		t.Fatal(err)
	}
	data[64] ^= 0xFF
	if err := os.WriteFile(tables[0], data, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err = store.Open(dir, store.Options{GCInterval: -1, ReadOnly: true})
	if err != nil {
		// Refusing to open, naming the damage, is as good as reporting it.
		if !strings.Contains(err.Error(), "damaged") {
			t.Fatalf("open: %v", err)
		}
		return
	}
	defer s.Close()
	rep, err := s.Verify(context.Background())
	if err == nil && rep.Count(store.ProblemDamagedTable) == 0 {
		t.Fatalf("verify of a store with a damaged block found nothing: %+v", rep)
	}
	t.Logf("verify: %v; problems: %v", err, rep.Problems)
}

// A table file the manifest does not name — what a process killed while
// writing a table leaves, empty — is not damage: the store opens, for
// reading and for writing, and Badger removes the file.
func TestOpenIgnoresTableOutsideManifest(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	if err := s.CommitSession(context.Background(), session("s1"), addChanges(0, 300)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	orphan := filepath.Join(dir, "999999.sst")
	for _, ro := range []bool{true, false} {
		if err := os.WriteFile(orphan, nil, 0o600); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
		s, err := store.Open(dir, store.Options{GCInterval: -1, ReadOnly: ro})
		if err != nil {
			t.Fatalf("read-only=%v: open with an empty table outside the manifest: %v", ro, err)
		}
		mustCount(t, s, 300)
		mustVerify(t, s)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
