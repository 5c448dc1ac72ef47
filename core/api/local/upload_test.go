package local

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// TestUploadsSweptInTheirTime: the folders a process that ended left are
// found once, at the first upload, and removed as they pass their hour
// (at once for one already older); an upload never learned is removed
// after its hour, and its user may send as many again.
func TestUploadsSweptInTheirTime(t *testing.T) {
	dir := t.TempDir()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	for _, name := range []string{"old", "young"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	past := now.Add(-2 * time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "old"), past, past); err != nil {
		t.Fatal(err)
	}
	u := newUploads(dir, clock, UploadLimits{Waiting: 1}.withDefaults())
	s := &Service{uploads: u}
	ctx := api.WithCaller(context.Background(), api.Caller{User: "cora", Role: access.Curator, Workspace: access.DefaultWorkspace})
	send := func() (string, error) {
		res, err := s.Upload(ctx, &lorev1.UploadHeader{Name: "a.md"}, bytes.NewReader([]byte("# A\n")))
		return res.GetUploadId(), err
	}
	kept := func() []string {
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	id, err := send()
	if err != nil {
		t.Fatal(err)
	}
	if got := kept(); len(got) != 2 || !slices.Contains(got, "young") || !slices.Contains(got, id) {
		t.Errorf("after the first upload the folder has %v, want young and %s", got, id)
	}
	if _, err := send(); err == nil {
		t.Error("a second waiting upload past Waiting 1 was taken")
	}
	mu.Lock()
	now = now.Add(61 * time.Minute)
	mu.Unlock()
	u.sweep()
	if got := kept(); len(got) != 0 {
		t.Errorf("an hour on, the folder still has %v", got)
	}
	if _, err := send(); err != nil {
		t.Errorf("an upload once the waiting one expired: %v", err)
	}
	if u.total != 4 || u.kept["cora"] != 4 || u.waiting["cora"] != 1 || len(u.queue) != 1 {
		t.Errorf("counted %d bytes (cora's %d), %d waiting, %d queued; want 4, 4, 1, 1", u.total, u.kept["cora"], u.waiting["cora"], len(u.queue))
	}
}
