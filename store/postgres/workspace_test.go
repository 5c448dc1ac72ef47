package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
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

// Workspaces whose names share their first 55 bytes or more (PostgreSQL
// cuts identifiers at 63) are as apart as any others: each sees its own
// primitives and sessions alone, and its events reach its own listeners.
// A short name keeps the schema it always had.
func TestLongWorkspaceNamesKeepApart(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	common := "physics-" + strings.Repeat("x", 50) // 58 bytes
	names := []string{common + "-aa", common + "-bb", common + "-cc"}
	stores := make([]*Store, len(names))
	schemas := map[string]bool{}
	for i, ws := range names {
		st, err := OpenWorkspace(ctx, db.URL, ws)
		if err != nil {
			t.Fatalf("workspace %s: %v", ws, err)
		}
		t.Cleanup(func() { _ = st.Close() })
		stores[i] = st
		if len(st.schema) > 63 || schemas[st.schema] {
			t.Errorf("workspace %s: schema %s is too long or another's", ws, st.schema)
		}
		schemas[st.schema] = true
		id := fmt.Sprintf("p%d", i)
		p := &core.Primitive{ID: id, Name: "kept by " + ws, Domain: "physics"}
		if err := st.CommitSession(ctx, core.Session{ID: fmt.Sprintf("s%d", i)}, []core.Change{{Type: core.ChangeAdd, PrimitiveID: id, After: p}}); err != nil {
			t.Fatalf("workspace %s: %v", ws, err)
		}
	}
	for i, st := range stores {
		for j := range names {
			_, ok, err := st.GetPrimitive(fmt.Sprintf("p%d", j))
			if err != nil || ok != (i == j) {
				t.Errorf("workspace …%s: primitive learned in …%s found %v (%v)", names[i][55:], names[j][55:], ok, err)
			}
		}
		if n, err := st.Count(); n != 1 || err != nil {
			t.Errorf("workspace …%s: %d primitives (%v)", names[i][55:], n, err)
		}
		if ss, err := st.Sessions(); len(ss) != 1 || err != nil || ss[0].ID != fmt.Sprintf("s%d", i) {
			t.Errorf("workspace …%s: sessions %v (%v)", names[i][55:], ss, err)
		}
	}

	// Events: a second store of the first workspace hears its publication.
	other, err := OpenWorkspace(ctx, db.URL, names[0])
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ready, heard := make(chan struct{}), make(chan string, 1)
	go other.Listen(lctx, "listener", func() { close(ready) }, func(p []byte) { heard <- string(p) })
	<-ready
	if err := stores[0].Publish(ctx, "publisher", []byte("hello")); err != nil {
		t.Fatalf("publish in a long-named workspace: %v", err)
	}
	select {
	case got := <-heard:
		if got != "hello" {
			t.Errorf("heard %q", got)
		}
	case <-time.After(30 * time.Second):
		t.Error("the publication never reached the workspace's other store")
	}

	if got := SchemaOf("physics-2"); got != "lore_ws_physics-2" {
		t.Errorf("a short name's schema moved: %s", got)
	}
	if got := SchemaOf(strings.Repeat("y", 55)); got != "lore_ws_"+strings.Repeat("y", 55) {
		t.Errorf("a 55-byte name's schema moved: %s", got)
	}
}

// A workspace's name is a plain word: ".", ".." and every name that is
// not are refused, with the name and the reason, before any schema is
// made.
func TestWorkspaceNamesRefused(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	for _, ws := range []string{".", "..", "a/b", "", "../default", "-a", "_a", "a b", "a.b", "café", "a\x00b", strings.Repeat("z", 65)} {
		st, err := OpenWorkspace(ctx, db.URL, ws)
		if err == nil {
			_ = st.Close()
			t.Errorf("workspace %q was opened, as schema %s", ws, st.schema)
			continue
		}
		if !errors.Is(err, access.ErrBadWorkspace) || !errors.Is(err, backend.ErrInvalidID) || ws != "" && !strings.Contains(err.Error(), fmt.Sprintf("%.40q", ws)) {
			t.Errorf("workspace %q: %v", ws, err)
		}
	}
	var n int
	if err := connect(t, db.URL).QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'lore_w%'").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d workspace schemas made (%v)", n, err)
	}
}
