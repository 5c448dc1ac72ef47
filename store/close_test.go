package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

// Close waits for a commit in progress: the session is committed whole, not
// left for the next Open to roll forward, and a commit that was waiting
// behind Close finds the store closed.
func TestCloseWaitsForCommit(t *testing.T) {
	dir := t.TempDir()
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	opts := store.Options{GCInterval: -1, FreeSpace: func(string) (uint64, error) {
		// Called under the commit lock, before anything is written.
		once.Do(func() {
			close(entered)
			<-release
		})
		return 1 << 40, nil
	}}
	s := openDir(t, dir, opts)
	committed := make(chan error, 1)
	go func() { committed <- s.CommitSession(context.Background(), session("s1"), addChanges(0, 100)) }()
	<-entered
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		t.Fatalf("Close returned during a commit: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-committed; err != nil {
		t.Fatalf("commit interrupted by Close: %v", err)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if err := s.CommitSession(context.Background(), session("s2"), nil); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("commit after Close: %v", err)
	}
	s = openDir(t, dir, store.Options{GCInterval: -1})
	defer s.Close()
	if sess := mustSession(t, s, "s1"); sess.State != core.SessionCommitted {
		t.Fatalf("session after Close: %s", sess.State)
	}
	mustCount(t, s, 100)
	mustVerify(t, s)
}
