package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

// learnedStore builds a store the way learning does: sessions with
// primitives and edges, an update-and-remove session, a conflict resolved
// by appending to its session, and reports.
func learnedStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	s := openDir(t, dir, store.Options{})
	ctx := context.Background()
	if err := s.CommitSessionWith(ctx, session("s1"), addChanges(0, 60), []byte("report s1")); err != nil {
		t.Fatal(err)
	}
	s2 := session("s2")
	s2.StartedAt = s2.StartedAt.Add(time.Hour)
	more := addChanges(60, 400)
	more[0].After.Dependencies = []core.Edge{req("p-000049", 0.5)} // 50-59 are removed
	if err := s.CommitSession(ctx, s2, append(mixedSession(), more...)); err != nil {
		t.Fatal(err)
	}
	a := prim("a", "d", core.Definition, []string{"k"})
	cand := prim("cand", "d", core.Definition, []string{"k"}, req("a", 0.3))
	conf := core.Conflict{ID: "s3-c1", Session: "s3", Candidate: cand, Existing: a, State: core.ConflictPending}
	s3 := session("s3")
	s3.StartedAt = s3.StartedAt.Add(2 * time.Hour)
	if err := s.CommitSessionWith(ctx, s3, []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "a", After: &a},
		{Type: core.ChangeNote, Provenance: &core.ProvenanceEntry{Action: core.ProvSkip}},
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictAfter: &conf},
	}, []byte("report s3")); err != nil {
		t.Fatal(err)
	}
	resolved := conf
	resolved.State, resolved.Resolution = core.ConflictResolved, core.KeepBoth
	if err := s.AppendToSession(ctx, "s3", []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "cand", After: &cand},
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictBefore: &conf, ConflictAfter: &resolved},
	}, []byte("report s3b")); err != nil {
		t.Fatal(err)
	}
	// A pending conflict, too.
	pending := core.Conflict{ID: "s3-c2", Session: "s3", Candidate: prim("c2", "d", core.Definition, nil), Existing: a, State: core.ConflictPending}
	if err := s.AppendToSession(ctx, "s3", []core.Change{{Type: core.ChangeConflict, ConflictID: pending.ID, ConflictAfter: &pending}}, nil); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
	return s
}

// history is what Export leaves out: sessions, their changes and reports.
func history(t testing.TB, s *store.Store) string {
	t.Helper()
	sessions, err := s.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, sess := range sessions {
		changes, err := s.Changes(sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := s.Report(sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%+v %d %q\n", sess, len(changes), r)
	}
	return b.String()
}

func TestBackupRestoreRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := learnedStore(t, t.TempDir())
	defer s.Close()
	file := filepath.Join(t.TempDir(), "lore.bak")
	bi, err := s.BackupFile(ctx, file, false)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Size() != bi.Bytes || bi.Primitives == 0 || bi.Schema != store.SchemaVersion {
		t.Fatalf("backup info %+v, file %v %v", bi, fi, err)
	}
	target := filepath.Join(t.TempDir(), "restored") // absent
	ri, err := store.RestoreFile(ctx, target, file, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ri.Bytes != bi.Bytes || ri.FromSchema != store.SchemaVersion || !ri.Verify.OK() || ri.Verify.Primitives != bi.Primitives {
		t.Fatalf("restore info %+v, backup %+v", ri, bi)
	}
	r := openDir(t, target, store.Options{})
	defer r.Close()
	mustVerify(t, r)
	if got, want := export(t, r), export(t, s); !bytes.Equal(got, want) {
		t.Fatalf("restored export differs: %s", firstDifference(string(got), string(want)))
	}
	if got, want := dump(t, r), dump(t, s); got != want {
		t.Fatalf("restored dump differs: %s", firstDifference(got, want))
	}
	if got, want := history(t, r), history(t, s); got != want {
		t.Fatalf("restored history differs: %s", firstDifference(got, want))
	}
	oc, _ := s.Conflicts()
	rc, _ := r.Conflicts()
	if !reflect.DeepEqual(oc, rc) || len(rc) != 2 {
		t.Fatalf("conflicts %v, want %v", rc, oc)
	}
	// The restored store is a working store.
	if err := r.CommitSession(ctx, session("after"), addChanges(400, 410)); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, r)

	// An existing empty directory is a valid target as well.
	empty := t.TempDir()
	if _, err := store.RestoreFile(ctx, empty, file, store.Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestBackupFileRefusesExistingFile(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	mustPut(t, s, prim("a", "d", core.Definition, nil))
	file := filepath.Join(t.TempDir(), "lore.bak")
	if err := os.WriteFile(file, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.BackupFile(ctx, file, false)
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), file) {
		t.Fatalf("backup over existing file: %v", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "precious" {
		t.Fatalf("existing file changed: %q", b)
	}
	if _, err := s.BackupFile(ctx, file, true); err != nil {
		t.Fatalf("forced backup: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	if _, err := store.RestoreFile(ctx, filepath.Join(t.TempDir(), "r"), file, store.Options{}); err != nil {
		t.Fatalf("restore of overwritten backup: %v", err)
	}
}

func TestRestoreRefusesNonEmptyTarget(t *testing.T) {
	ctx := context.Background()
	src := openMem(t)
	mustPut(t, src, prim("a", "d", core.Definition, nil))
	var bak bytes.Buffer
	if _, err := src.Backup(ctx, &bak); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	s := openDir(t, dir, store.Options{})
	mustPut(t, s, prim("b", "d", core.Technique, nil))
	before := export(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := store.RestoreInto(ctx, dir, bytes.NewReader(bak.Bytes()), store.Options{})
	if !errors.Is(err, store.ErrNotEmpty) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("restore into a store: %v", err)
	}
	s = openDir(t, dir, store.Options{})
	defer s.Close()
	if !bytes.Equal(export(t, s), before) {
		t.Fatal("refused restore changed the target")
	}

	// A plain file in the way is refused too.
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := store.RestoreInto(ctx, file, bytes.NewReader(bak.Bytes()), store.Options{}); !errors.Is(err, store.ErrNotEmpty) {
		t.Fatalf("restore onto a file: %v", err)
	}
}

// onlyReader hides Seek, so the restore cannot checksum first and has to
// clean up after loading.
type onlyReader struct{ io.Reader }

func TestRestoreDamagedBackup(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	if err := s.CommitSession(ctx, session("s1"), addChanges(0, 2000)); err != nil {
		t.Fatal(err)
	}
	var bak bytes.Buffer
	if _, err := s.Backup(ctx, &bak); err != nil {
		t.Fatal(err)
	}
	good := bak.Bytes()
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0x40
	cases := map[string][]byte{
		"empty":          nil,
		"not a backup":   []byte("hello\nworld\n"),
		"header only":    good[:bytes.IndexByte(good, '\n')+1],
		"half":           good[:len(good)/2],
		"no trailer":     good[:len(good)-48],
		"one byte short": good[:len(good)-1],
		"flipped byte":   flipped,
		"extra byte":     append(bytes.Clone(good), 0),
	}
	for name, data := range cases {
		for _, seekable := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/seekable=%v", name, seekable), func(t *testing.T) {
				var r io.Reader = bytes.NewReader(data)
				if !seekable {
					r = onlyReader{r}
				}
				absent := filepath.Join(t.TempDir(), "target")
				_, err := store.RestoreInto(ctx, absent, r, store.Options{})
				if !errors.Is(err, store.ErrBadBackup) || !strings.Contains(err.Error(), absent) {
					t.Fatalf("restore: %v, want ErrBadBackup naming %s", err, absent)
				}
				if _, err := os.Stat(absent); !errors.Is(err, fs.ErrNotExist) {
					t.Fatalf("failed restore left %s behind: %v", absent, err)
				}
				empty := t.TempDir()
				if seekable {
					r = bytes.NewReader(data)
				} else {
					r = onlyReader{bytes.NewReader(data)}
				}
				if _, err := store.RestoreInto(ctx, empty, r, store.Options{}); !errors.Is(err, store.ErrBadBackup) {
					t.Fatalf("restore into empty dir: %v", err)
				}
				if entries, _ := os.ReadDir(empty); len(entries) != 0 {
					t.Fatalf("failed restore left %d files in %s", len(entries), empty)
				}
			})
		}
	}
	// The file-level error names the file.
	file := filepath.Join(t.TempDir(), "cut.bak")
	if err := os.WriteFile(file, good[:len(good)/3], 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := store.RestoreFile(ctx, filepath.Join(t.TempDir(), "x"), file, store.Options{}); err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("restore of truncated file: %v", err)
	}
}

func TestRestoreRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	mustPut(t, s, prim("a", "d", core.Definition, nil))
	v, _ := store.EncodeValue(map[string]int{"version": store.SchemaVersion + 1})
	if err := s.RawSet(store.KeySchema, v); err != nil {
		t.Fatal(err)
	}
	var bak bytes.Buffer
	if _, err := s.Backup(ctx, &bak); err != nil {
		t.Fatal(err)
	}
	for _, seekable := range []bool{true, false} {
		var r io.Reader = bytes.NewReader(bak.Bytes())
		if !seekable {
			r = onlyReader{r}
		}
		target := filepath.Join(t.TempDir(), "t")
		_, err := store.RestoreInto(ctx, target, r, store.Options{})
		if !errors.Is(err, store.ErrSchemaTooNew) || !strings.Contains(err.Error(), "upgrade") {
			t.Fatalf("restore of newer schema: %v", err)
		}
		if _, err := os.Stat(target); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("refused restore left %s: %v", target, err)
		}
	}
}

// A backup that would not verify is refused, and nothing is left.
func TestRestoreFailsVerification(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	mustPut(t, s, prim("a", "d", core.Definition, nil), prim("b", "d", core.Definition, nil, req("a", 1)))
	if err := s.CorruptDropReverseEdge("b", "a", core.Requires); err != nil {
		t.Fatal(err)
	}
	var bak bytes.Buffer
	if _, err := s.Backup(ctx, &bak); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "t")
	_, err := store.RestoreInto(ctx, target, &bak, store.Options{})
	if err == nil || !strings.Contains(err.Error(), "verification") {
		t.Fatalf("restore of damaged store: %v", err)
	}
	if _, err := os.Stat(target); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("failed restore left %s: %v", target, err)
	}
}

func TestBackupCancelled(t *testing.T) {
	s := openMem(t)
	mustPut(t, s, prim("a", "d", core.Definition, nil))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	file := filepath.Join(t.TempDir(), "lore.bak")
	if _, err := s.BackupFile(ctx, file, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled backup: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(file)); len(entries) != 0 {
		t.Fatalf("cancelled backup left %v", entries)
	}
}
