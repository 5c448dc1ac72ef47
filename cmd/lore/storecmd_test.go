package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
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
	var bi store.BackupInfo
	if err := json.Unmarshal([]byte(r.stdout), &bi); err != nil {
		t.Fatalf("backup JSON %q: %v", r.stdout, err)
	}
	if fi, err := os.Stat(file); err != nil || bi.Path != file || bi.Primitives != 2 || bi.Bytes != fi.Size() || bi.Schema != store.SchemaVersion {
		t.Fatalf("backup info %+v (file %v)", bi, err)
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
