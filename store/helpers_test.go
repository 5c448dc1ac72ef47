package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

func prim(id, domain string, t core.PrimitiveType, keywords []string, deps ...core.Edge) core.Primitive {
	return core.Primitive{
		ID:              id,
		Name:            "Name of " + id,
		Type:            t,
		Domain:          domain,
		FormalStatement: "statement of " + id,
		Keywords:        keywords,
		Dependencies:    deps,
		Confidence:      0.9,
	}
}

func req(target string, strength float64) core.Edge {
	return core.Edge{Target: target, Type: core.Requires, Strength: strength}
}

// smallPrimitive is the shape used for the large-session tests: a chain of
// requires edges (acyclic, with forward references inside one session), one
// keyword out of a thousand, ten domains, an importance rank for every
// seventh.
func smallPrimitive(i int) core.Primitive {
	p := prim(fmt.Sprintf("p-%06d", i), fmt.Sprintf("d%d", i%10),
		core.PrimitiveTypes[i%len(core.PrimitiveTypes)],
		[]string{fmt.Sprintf("kw%d", i%1000)})
	if i > 0 {
		p.Dependencies = []core.Edge{req(fmt.Sprintf("p-%06d", i-1), 0.5)}
	}
	if i%7 == 0 {
		p.Enables = []string{"x", "y"}
	}
	return p
}

func addChanges(from, to int) []core.Change {
	out := make([]core.Change, 0, to-from)
	for i := from; i < to; i++ {
		p := smallPrimitive(i)
		out = append(out, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
	}
	return out
}

func session(id string) core.Session {
	return core.Session{
		ID:          id,
		Source:      "test://" + id,
		Familiarity: core.Home,
		StartedAt:   time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	}
}

func openDir(t testing.TB, dir string, opts store.Options) *store.Store {
	t.Helper()
	s, err := store.Open(dir, opts)
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return s
}

func openMem(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.OpenInMemory()
	if err != nil {
		t.Fatalf("open in memory: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func mustPut(t testing.TB, s *store.Store, ps ...core.Primitive) {
	t.Helper()
	for _, p := range ps {
		if err := s.PutPrimitive(p); err != nil {
			t.Fatalf("put %s: %v", p.ID, err)
		}
	}
}

// mustVerify fails the test if the store is inconsistent.
func mustVerify(t testing.TB, s *store.Store) store.VerifyReport {
	t.Helper()
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !rep.OK() {
		for _, p := range rep.Problems {
			t.Errorf("verify: %s", p)
		}
		t.FailNow()
	}
	return rep
}

func ids(ps []core.Primitive) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func mustCount(t testing.TB, s *store.Store, want int) {
	t.Helper()
	n, err := s.Count()
	if err != nil {
		t.Fatalf("count: %v", err)
	}
	if n != want {
		t.Fatalf("count = %d, want %d", n, want)
	}
}
