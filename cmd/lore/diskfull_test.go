package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFullDiskRefusesCommitCleanly puts the store on a real 40 MiB tmpfs
// (root only: the test is skipped where it cannot mount one) and fills it
// to 256 KiB from full. Badger writes through memory maps, so a commit
// there used to die of SIGBUS (exit 2), and sessions and verify with it.
// Now learn must exit 1 naming the folder and the room it needs, store
// nothing, and the read commands must work while the disk stays full.
func TestFullDiskRefusesCommitCleanly(t *testing.T) {
	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=40m"); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (%v); the free-space check is covered by store's TestCommitRefusedWhenDiskIsFull", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(mnt, 0) })
	dir := filepath.Join(mnt, "store")
	loreOK(t, dir, "sessions") // creates the store
	var st syscall.Statfs_t
	if err := syscall.Statfs(mnt, &st); err != nil {
		t.Fatal(err)
	}
	filler, err := os.Create(filepath.Join(mnt, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Fallocate(int(filler.Fd()), 0, 0, int64(st.Bavail)*st.Bsize-256<<10); err != nil {
		t.Fatal(err)
	}
	filler.Close()

	r := lore(t, storeEnv(dir), "learn", corpus(t, "rfc6455_websocket.txt"))
	if r.code != 1 || !strings.Contains(r.stderr, "not enough free space in "+dir) || strings.Contains(r.stderr, "fault") {
		t.Fatalf("learn on a full disk: exit %d, want 1 naming %s\nstderr: %.800s", r.code, dir, r.stderr)
	}
	for _, args := range [][]string{{"sessions", "--json"}, {"store", "verify"}} {
		r := lore(t, storeEnv(dir), args...)
		if r.code != 0 {
			t.Errorf("lore %s on the full disk: exit %d\nstderr: %.800s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	if ss := sessionsOf(t, dir); len(ss) != 0 {
		t.Fatalf("the refused learn left %d sessions", len(ss))
	}
}
