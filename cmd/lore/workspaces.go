package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	auth "github.com/lore-kb/lore/core/access"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/store"
)

// workspaces are the stores of a team server's workspaces other than the
// default one (the data folder's own store): each a store of its own
// under workspaces/NAME, opened on first use and held until the server
// stops, so that nothing a workspace's users read or search can come from
// another's.
type workspaces struct {
	dir  string
	mu   sync.Mutex
	held map[string]*heldStore
}

func newWorkspaces(dataDir string) *workspaces {
	return &workspaces{dir: filepath.Join(dataDir, "workspaces"), held: map[string]*heldStore{}}
}

// lend lends workspace ws's store for one operation (see heldStore.lend).
func (w *workspaces) lend(ctx context.Context, ws string, write bool) (localapi.Store, func() error, error) {
	h, err := w.open(ws)
	if err != nil {
		return nil, nil, err
	}
	db, release, err := h.lend(ctx, write)
	if err != nil {
		return nil, nil, err
	}
	return db, release, nil
}

// open is workspace ws's store as held, opened on first use.
func (w *workspaces) open(ws string) (*heldStore, error) {
	if err := auth.CheckWorkspace(ws); err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if h, ok := w.held[ws]; ok {
		return h, nil
	}
	dir := filepath.Join(w.dir, ws)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("workspace %s: %w", ws, err)
	}
	db, err := store.Open(dir, store.Options{})
	if err != nil {
		return nil, fmt.Errorf("open workspace %s: %w", ws, err)
	}
	h := newHeldStore(db)
	w.held[ws] = h
	return h, nil
}

// close closes every workspace's store.
func (w *workspaces) close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var errs []error
	for ws, h := range w.held {
		if err := h.close(); err != nil {
			errs = append(errs, fmt.Errorf("close workspace %s: %w", ws, err))
		}
	}
	w.held = map[string]*heldStore{}
	return errors.Join(errs...)
}
