package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

// Workspaces share a database and nothing else: the same ids in two of
// them are two records, and each sees its own.
func TestWorkspacesKeepApart(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	a := open(t, db.URL)
	b, err := OpenWorkspace(ctx, db.URL, "physics-2")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, st := range []*Store{a, b} {
		p := &core.Primitive{ID: "p1", Name: "kept by " + st.workspace, Domain: st.workspace}
		if err := st.CommitSession(ctx, core.Session{ID: "s1"}, []core.Change{{Type: core.ChangeAdd, PrimitiveID: "p1", After: p}}); err != nil {
			t.Fatalf("workspace %s: %v", st.workspace, err)
		}
	}
	for _, st := range []*Store{a, b} {
		p, ok, err := st.GetPrimitive("p1")
		if err != nil || !ok || p.Name != "kept by "+st.workspace {
			t.Errorf("workspace %s: %q, found %v, %v", st.workspace, p.Name, ok, err)
		}
		if n, _ := st.Count(); n != 1 {
			t.Errorf("workspace %s: %d primitives", st.workspace, n)
		}
	}
	if b.Name() == a.Name() {
		t.Errorf("both stores are called %s", a.Name())
	}
	if _, err := OpenWorkspace(ctx, db.URL, "a/b"); !errors.Is(err, backend.ErrInvalidID) {
		t.Errorf("workspace a/b: %v", err)
	}
}

// The write turn of a workspace is one at a time across stores (as across
// processes and servers), another workspace's is not held up, a wait ends
// with its context, and a store whose connection dies gives its turn back.
func TestWriteTurn(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	a, b := open(t, db.URL), open(t, db.URL)
	other, err := OpenWorkspace(ctx, db.URL, "other")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	release, err := a.WriteTurn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if _, err := b.WriteTurn(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second store's turn while the first holds it: %v, want %v", err, context.DeadlineExceeded)
	}
	relOther, err := other.WriteTurn(ctx)
	if err != nil {
		t.Fatalf("another workspace's turn: %v", err)
	}
	_ = relOther()

	got := make(chan error, 1)
	go func() {
		rel, err := b.WriteTurn(ctx)
		if err == nil {
			err = rel()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("second store took the turn while the first held it (%v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if err := release(); err != nil {
		t.Errorf("second release: %v", err)
	}
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the turn given back was never taken")
	}

	// A holder that dies: its connection ends (as a killed process's
	// does), and the turn is free.
	if _, err := a.WriteTurn(ctx); err != nil {
		t.Fatal(err)
	}
	var killed int
	err = connect(t, db.URL).QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_advisory_lock(%'`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("ending the holder's connection: %d ended, %v", killed, err)
	}
	wait, cancel2 := context.WithTimeout(ctx, 10*time.Second)
	defer cancel2()
	rel, err := b.WriteTurn(wait)
	if err != nil {
		t.Fatalf("turn after its holder closed: %v", err)
	}
	_ = rel()
}

// CockroachDB, whose advisory locks do nothing, is refused; PostgreSQL
// and YugabyteDB (which reports a PostgreSQL version) are not.
func TestEngineRefused(t *testing.T) {
	for v, refused := range map[string]bool{
		"CockroachDB CCL v23.2.4 (x86_64-pc-linux-gnu, built 2024/04/22 18:46:11, go1.21.9 X:nocoverageredesign)": true,
		"PostgreSQL 15.18 (Debian 15.18-0+deb12u1) on x86_64-pc-linux-gnu":                                        false,
		"PostgreSQL 15.12-YB-2025.2.3.0-b1 on x86_64-pc-linux-gnu":                                                false,
	} {
		if err := engineError(v); (err != nil) != refused || refused && !errors.Is(err, ErrEngine) {
			t.Errorf("%s: %v", v, err)
		}
	}
}
