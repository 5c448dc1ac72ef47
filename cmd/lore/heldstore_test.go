package main

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/lore-kb/lore/store"
)

// TestHeldStoreClosesAfterItsLoans: closing an owner's store waits for
// the operations that hold it (a screen's read when the person quits),
// which go on reading, and lends it to nobody after.
func TestHeldStoreClosesAfterItsLoans(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHeldStore(db)
	st, release, err := h.lend(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan error, 1)
	go func() { closed <- h.close() }()
	for {
		h.lendMu.Lock()
		closing := h.closed
		h.lendMu.Unlock()
		if closing {
			break
		}
		runtime.Gosched()
	}
	if _, _, err := h.lend(context.Background(), true); !errors.Is(err, errStoreClosing) {
		t.Errorf("lend while closing: %v, want errStoreClosing", err)
	}
	// The loan still reads: the store is not closed under it.
	if _, err := st.Jobs(); err != nil {
		t.Fatalf("read during close: %v", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("closed (%v) while an operation held the store", err)
	default:
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if err := <-closed; err != nil {
		t.Fatalf("close: %v", err)
	}
}
