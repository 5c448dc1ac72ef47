package main

import (
	"context"
	"sync"
	"testing"
	"time"

	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/pgtest"
)

// store.url sets the pool's size or gets lore's, in both of its forms.
func TestWithPoolSize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"postgres://u@h:5432/lore", "postgres://u@h:5432/lore?pool_max_conns=16"},
		{"postgresql://u@h/lore?sslmode=disable", "postgresql://u@h/lore?sslmode=disable&pool_max_conns=16"},
		{"POSTGRES://u@h/lore", "POSTGRES://u@h/lore?pool_max_conns=16"},
		{"host=h dbname=lore", "host=h dbname=lore pool_max_conns=16"},
		{"postgres://u@h/lore?pool_max_conns=3", "postgres://u@h/lore?pool_max_conns=3"},
		{"host=h pool_max_conns=3", "host=h pool_max_conns=3"},
		{"", ""},
	} {
		if got := withPoolSize(c.in); got != c.want {
			t.Errorf("withPoolSize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Writers waiting for a workspace's write turn hold none of the pool's
// connections: with a pool of two, one writer holding the turn and three
// waiting, a read still gets a connection at once.
func TestWritersWaitWithoutConnections(t *testing.T) {
	db := pgtest.Start(t)
	p := newPGStores(db.URL + "&pool_max_conns=2")
	t.Cleanup(func() { _ = p.close() })
	ctx := context.Background()
	ws := auth.DefaultWorkspace
	_, release, err := p.lend(ctx, ws, true)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			_, rel, err := p.lend(ctx, ws, true)
			if err != nil {
				t.Error(err)
				return
			}
			_ = rel()
		})
	}
	time.Sleep(300 * time.Millisecond) // the writers are waiting
	read := make(chan error, 1)
	go func() {
		st, rel, err := p.lend(ctx, ws, false)
		if err == nil {
			_, err = st.Count()
			_ = rel()
		}
		read <- err
	}()
	var readErr error
	select {
	case readErr = <-read:
	case <-time.After(10 * time.Second):
		t.Error("a read waited 10 s for a connection while writers waited for the write turn")
		// Giving the turn back lets the writers, then the read, go on.
		_ = release()
		readErr = <-read
	}
	if readErr != nil {
		t.Error(readErr)
	}
	if err := release(); err != nil {
		t.Error(err)
	}
	wg.Wait()
}
