package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/store"
)

// Backup and restore through the binary: the JSON is parseable and agrees
// with the stores, refusals name what they refuse and exit 1, and a damaged
// file leaves no store behind.
func TestStoreBackupRestoreJSON(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	st, err := store.Open(src, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := core.Primitive{ID: "a", Name: "A", Type: core.Definition, Domain: "d", FormalStatement: "a", Confidence: 0.9}
	b := core.Primitive{ID: "b", Name: "B", Type: core.Technique, Domain: "d", FormalStatement: "b", Confidence: 0.9,
		Dependencies: []core.Edge{{Target: "a", Type: core.Requires, Strength: 1}}}
	err = st.CommitSession(context.Background(), core.Session{ID: "s1", Source: "test"}, []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "a", After: &a},
		{Type: core.ChangeAdd, PrimitiveID: "b", After: &b},
	})
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(tmp, "lore.bak")
	r := lore(t, storeEnv(src), "store", "backup", file, "--json")
	if r.code != 0 {
		t.Fatalf("backup: exit %d, stderr %q", r.code, r.stderr)
	}
	var bi lorev1.BackupStoreResponse
	if err := protojson.Unmarshal([]byte(r.stdout), &bi); err != nil {
		t.Fatalf("backup JSON %q: %v", r.stdout, err)
	}
	if fi, err := os.Stat(file); err != nil || bi.GetPath() != file || bi.GetStore() != src || bi.GetPrimitives() != 2 || bi.GetBytes() != fi.Size() ||
		bi.GetSchema() != store.SchemaVersion || len(bi.GetSha256()) != 64 {
		t.Fatalf("backup info %v (file %v)", &bi, err)
	}
	r = lore(t, storeEnv(src), "store", "backup", file)
	if r.code != 2 || !strings.Contains(r.stderr, file) || !strings.Contains(r.stderr, "--force") {
		t.Fatalf("backup over existing file: exit %d, stderr %q", r.code, r.stderr)
	}
	if r = lore(t, storeEnv(src), "store", "backup", file, "--force"); r.code != 0 || !strings.Contains(r.stdout, "2 primitives") {
		t.Fatalf("forced backup: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if r = lore(t, storeEnv(src), "store", "backup"); r.code != 2 {
		t.Fatalf("backup without FILE: exit %d", r.code)
	}

	dst := filepath.Join(tmp, "dst")
	r = lore(t, storeEnv(dst), "store", "restore", file, "--json")
	if r.code != 0 {
		t.Fatalf("restore: exit %d, stderr %q", r.code, r.stderr)
	}
	var ri store.RestoreInfo
	if err := json.Unmarshal([]byte(r.stdout), &ri); err != nil {
		t.Fatalf("restore JSON %q: %v", r.stdout, err)
	}
	// The forced backup rewrote the file, and Badger's stream batches (so
	// the size) vary between runs: restore reports the file it read.
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if ri.Store != dst || ri.Verify.Primitives != 2 || ri.Verify.Edges != 1 || ri.Bytes != fi.Size() {
		t.Fatalf("restore info %+v, file %d bytes", ri, fi.Size())
	}
	if r = lore(t, storeEnv(dst), "store", "verify"); r.code != 0 {
		t.Fatalf("verify restored: exit %d %q", r.code, r.stderr)
	}

	// The restored store is not empty any more: a second restore is refused.
	r = lore(t, storeEnv(dst), "store", "restore", file)
	if r.code != 2 || !strings.Contains(r.stderr, dst) || !strings.Contains(r.stderr, "not empty") {
		t.Fatalf("restore into a store: exit %d, stderr %q", r.code, r.stderr)
	}

	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(tmp, "cut.bak")
	if err := os.WriteFile(cut, data[:len(data)*2/3], 0o600); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(tmp, "fresh")
	r = lore(t, storeEnv(fresh), "store", "restore", cut)
	if r.code != 1 || !strings.Contains(r.stderr, cut) || !strings.Contains(r.stderr, "truncated") {
		t.Fatalf("restore of truncated file: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Fatalf("failed restore left %s: %v", fresh, err)
	}

	// A held store cannot be backed up.
	st, err = store.Open(src, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if r = lore(t, storeEnv(src), "store", "backup", filepath.Join(tmp, "x.bak")); r.code != 4 || !strings.Contains(r.stderr, src) {
		t.Fatalf("backup of locked store: exit %d, stderr %q", r.code, r.stderr)
	}
}

// lore store verify --repair rebuilds the derived data, says so on stderr
// (the JSON on stdout stays one object), and leaves a store that verifies
// clean and still holds what it held.
func TestStoreVerifyRepair(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	seedStore(t, dir)
	r := lore(t, storeEnv(dir), "store", "verify", "--repair", "--json")
	if r.code != 0 {
		t.Fatalf("verify --repair: exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "rebuilding the store's indexes of 2 primitives") || !strings.Contains(r.stderr, "done in") {
		t.Fatalf("verify --repair said nothing of the rebuild: %q", r.stderr)
	}
	var rep store.VerifyReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || !rep.OK() || rep.Primitives != 2 || rep.Edges != 1 || rep.DedupRecords != 2 {
		t.Fatalf("report %q: %v", r.stdout, err)
	}
	if r = lore(t, storeEnv(dir), "store", "verify"); r.code != 0 || r.stderr != "" {
		t.Fatalf("verify after repair: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestStoreVerifyBesideOwner: lore store verify, with --repair too, runs
// in the store's owner on the store it holds (it exited 4, "locked by
// another process", from the owner's own open), and a repair there waits
// for the owner's reads to end and holds new ones off while it rebuilds.
func TestStoreVerifyBesideOwner(t *testing.T) {
	dir := newStoreDir(t)
	seedStore(t, dir)
	held := ownStore(t, dir)

	var rep store.VerifyReport
	r := inProcess("store", "verify", "--json")
	if r.code != 0 {
		t.Fatalf("verify beside the owner: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || !rep.OK() || rep.Primitives != 2 || rep.Edges != 1 {
		t.Fatalf("verify beside the owner: report %q: %v", r.stdout, err)
	}

	// A screen's read holds the store: the repair waits for it.
	_, release, err := held.lend(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan result, 1)
	go func() { done <- inProcess("store", "verify", "--repair", "--json") }()
	select {
	case r := <-done:
		t.Fatalf("repair ran under a read: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	case <-time.After(300 * time.Millisecond):
	}
	_ = release()
	r = <-done
	if r.code != 0 {
		t.Fatalf("verify --repair beside the owner: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	rep = store.VerifyReport{}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || !rep.OK() || rep.Primitives != 2 || rep.Edges != 1 || rep.DedupRecords != 2 {
		t.Fatalf("verify --repair beside the owner: report %q: %v", r.stdout, err)
	}
	// The owner still reads and writes its store after the repair.
	if r := inProcess("show", "b", "--json"); r.code != 0 {
		t.Fatalf("show after the repair: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestHeldStoreAloneHoldsOthersOff: an operation that has the owner's
// store alone starts only once no read or write holds it, and reads and
// writes asked for meanwhile wait until it ends.
func TestHeldStoreAloneHoldsOthersOff(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHeldStore(db)
	t.Cleanup(func() { _ = h.close() })
	ctx := context.Background()
	_, readDone, err := h.lend(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	// A read taken while another holds the store, as nested loans do,
	// is lent at once even with an operation waiting to be alone.
	got := make(chan func() error, 1)
	go func() {
		_, rel, err := h.lendAlone(ctx)
		if err != nil {
			t.Error(err)
		}
		got <- rel
	}()
	time.Sleep(100 * time.Millisecond)
	_, nested, err := h.lend(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-got:
		t.Fatal("alone while two reads hold the store")
	case <-time.After(100 * time.Millisecond):
	}
	_ = nested()
	_ = readDone()
	aloneDone := <-got

	for _, write := range []bool{false, true} {
		wait, cancel := context.WithTimeout(ctx, 150*time.Millisecond)
		if _, rel, err := h.lend(wait, write); err == nil {
			_ = rel()
			t.Fatalf("lent (write %t) while an operation has the store alone", write)
		}
		cancel()
	}
	_ = aloneDone()
	_, rel, err := h.lend(ctx, true)
	if err != nil {
		t.Fatalf("write after the operation alone: %v", err)
	}
	_ = rel()
}
