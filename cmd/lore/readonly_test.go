package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

// seedStore commits one session of two primitives into a new store in dir.
func seedStore(t *testing.T, dir string) {
	t.Helper()
	st, err := store.Open(dir, store.Options{GCInterval: -1})
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
}

// TestReadCommandsInReadOnlyDataFolder makes the data folder and its files
// read-only (and, as root, runs lore as nobody, for whom they are) and runs
// the commands that only read: each must succeed — none may fail with
// Badger's "Cannot write pid file" — and leave the folder as it was.
func TestReadCommandsInReadOnlyDataFolder(t *testing.T) {
	base, err := os.MkdirTemp("", "lore-ro-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o700)
			}
			return nil
		})
		os.RemoveAll(base)
	})
	bin := filepath.Join(base, "lore")
	exe, err := os.ReadFile(loreBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, exe, 0o755); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(base, "store")
	seedStore(t, data)
	out := filepath.Join(base, "out")
	home := filepath.Join(base, "home")
	for _, d := range []string{out, home} {
		if err := os.Mkdir(d, 0o777); err != nil {
			t.Fatal(err)
		}
		os.Chmod(d, 0o777)
	}
	entries, err := os.ReadDir(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Chmod(filepath.Join(data, e.Name()), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{base, data} {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, data)
	for _, args := range [][]string{
		{"sessions", "--json"},
		{"show", "b", "--json"},
		{"rank", "--json"},
		{"conflicts", "--json"},
		{"skills", "list", "--json"},
		{"queue", "--json"},
		{"store", "verify"},
		{"store", "backup", filepath.Join(out, "ro.bak")},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "LORE_DATA_DIR=" + data, "PATH=" + os.Getenv("PATH")}
		if os.Geteuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if err != nil {
			t.Errorf("lore %s in a read-only data folder: %v\nstderr: %s", strings.Join(args, " "), err, stderr.String())
			continue
		}
		if n := strings.Count(stderr.String(), "open to other users"); n != 1 {
			t.Errorf("lore %s: %d warnings about the folder's mode (mode 0555), want 1\nstderr: %s", strings.Join(args, " "), n, stderr.String())
		}
	}
	if after := snapshot(t, data); after != before {
		t.Errorf("read commands changed the data folder:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestReadOnlyCommandsMakeNoStore: a command that only reads, pointed at
// a folder with no store (a new install, a mistyped --data-dir), answers
// from an empty store without creating one there (on a terminal it says
// so).
func TestReadOnlyCommandsMakeNoStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "typo")
	r := lore(t, storeEnv(dir), "rank", "--json")
	if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, `"primitives": []`) {
		t.Fatalf("rank without a store: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("rank made %s: %v", dir, err)
	}
}

// TestNoWarningForOwnDataFolder: the folder lore creates itself (0700)
// draws no warning.
func TestNoWarningForOwnDataFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	// A command that writes makes the store (one that only reads does not).
	src := filepath.Join(t.TempDir(), "note.md")
	if err := os.WriteFile(src, []byte("# Graphs\n\nA **graph** is a set of vertices and a set of edges between them.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	loreOK(t, dir, "learn", src, "--approve")
	for i := 0; i < 2; i++ {
		r := lore(t, storeEnv(dir), "sessions")
		if r.code != 0 || strings.Contains(r.stderr, "warning") {
			t.Fatalf("sessions in lore's own folder: exit %d, stderr %q", r.code, r.stderr)
		}
	}
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("data folder mode: %v %v, want 0700", fi.Mode(), err)
	}
}

// snapshot lists a folder's files with their sizes and modification times.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(e.Name() + " " + fi.ModTime().String() + " " + strconv.FormatInt(fi.Size(), 10) + "\n")
	}
	return b.String()
}
