package store_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/backend"
)

// learned is a store in dir holding a session of n primitives (a chain of
// edges, keywords, ranks) and one more session appended to.
func learned(t *testing.T, dir string, n int) *store.Store {
	t.Helper()
	st := openDir(t, dir, store.Options{})
	t.Cleanup(func() { _ = st.Close() })
	if err := st.CommitSessionWith(context.Background(), session("s1"), addChanges(0, n), []byte("report")); err != nil {
		t.Fatal(err)
	}
	s2 := session("s2")
	s2.StartedAt = s2.StartedAt.Add(1)
	if err := st.CommitSession(context.Background(), s2, addChanges(n, n+3)); err != nil {
		t.Fatal(err)
	}
	if err := st.AppendToSession(context.Background(), "s2", []core.Change{{Type: core.ChangeNote}}, nil); err != nil {
		t.Fatal(err)
	}
	return st
}

// A store copied into a new folder exports the same bytes as its source,
// and verifies; the folder is made by renaming, so nothing else is left
// beside it.
func TestLoadIntoCopiesExactly(t *testing.T) {
	src := learned(t, t.TempDir(), 600)
	parent := t.TempDir()
	dir := filepath.Join(parent, "copy")
	var n backend.Counts
	err := store.LoadInto(context.Background(), dir, store.Options{}, func(st *store.Store) error {
		var err error
		n, err = backend.Copy(context.Background(), src, st, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n.Sessions != 2 || n.Primitives != 603 || n.Changes != 604 || n.Reports != 1 {
		t.Errorf("copied %+v", n)
	}
	dst := openDir(t, dir, store.Options{})
	defer dst.Close()
	if !bytes.Equal(export(t, dst), export(t, src)) {
		t.Error("the copy exports other bytes than its source")
	}
	rep := mustVerify(t, dst)
	if rep.Primitives != 603 || rep.Sessions != 2 || rep.JournalEntries == 0 {
		t.Errorf("verified %+v", rep)
	}
	entries, err := os.ReadDir(parent)
	if err != nil || len(entries) != 1 {
		t.Errorf("beside the copy: %v, %v", entries, err)
	}
}

// A load that fails, or is cancelled, leaves nothing where the store was
// to be, nor beside it.
func TestLoadIntoLeavesNothingOnError(t *testing.T) {
	src := learned(t, t.TempDir(), 50)
	for _, c := range []struct {
		name string
		dir  func(parent string) string
	}{
		{"absent", func(parent string) string { return filepath.Join(parent, "copy") }},
		{"empty folder", func(parent string) string {
			d := filepath.Join(parent, "copy")
			if err := os.Mkdir(d, 0o700); err != nil {
				t.Fatal(err)
			}
			return d
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := c.dir(parent)
			before, _ := os.ReadDir(parent)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			err := store.LoadInto(ctx, dir, store.Options{}, func(st *store.Store) error {
				_, err := backend.Copy(ctx, src, st, func(p backend.CopyProgress) {
					if p.Stage == backend.StagePrimitives && p.Done > 0 {
						cancel()
					}
				})
				return err
			})
			if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "nothing was left") {
				t.Fatalf("cancelled load: %v", err)
			}
			after, _ := os.ReadDir(parent)
			if len(after) != len(before) {
				t.Errorf("beside the store: %v, before %v", after, before)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("in the store's folder: %v", entries)
			}
		})
	}
}

// A folder holding a store is refused, counting what the store holds; one
// holding anything else, naming it.
func TestLoadIntoRefusesWhatIsNotEmpty(t *testing.T) {
	held := t.TempDir()
	st := learned(t, held, 5)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	never := func(*store.Store) error { t.Fatal("loaded a store that was not empty"); return nil }
	err := store.LoadInto(context.Background(), held, store.Options{}, never)
	ne, ok := errors.AsType[*backend.NotEmptyError](err)
	if !ok || ne.Holds.Sessions != 2 || ne.Holds.Changes != 9 || ne.Holds.Primitives != 8 || !strings.Contains(err.Error(), "2 sessions, 9 changes") {
		t.Errorf("load into a store: %v", err)
	}
	files := t.TempDir()
	if err := os.WriteFile(filepath.Join(files, "notes.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err = store.LoadInto(context.Background(), files, store.Options{}, never)
	if !errors.Is(err, backend.ErrNotEmpty) || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("load into a folder of files: %v", err)
	}
}
