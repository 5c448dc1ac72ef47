package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/lore-kb/lore/store"
)

func TestTmpExp(t *testing.T) {
	s := openDir(t, t.TempDir(), store.Options{})
	defer s.Close()
	start := time.Now()
	if err := s.CommitSession(context.Background(), session("x"), addChanges(0, 10000)); err != nil {
		t.Fatal(err)
	}
	t.Logf("commit %v", time.Since(start))
	start = time.Now()
	mustVerify(t, s)
	t.Logf("verify %v", time.Since(start))
}
