package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

// verifyBase is a small consistent graph: c requires b requires a, d
// motivates a; importance of a is 1.
func verifyBase(t *testing.T) *store.Store {
	t.Helper()
	s := openMem(t)
	a := prim("a", "algebra", core.Definition, []string{"group"})
	a.Enables = []string{"b"}
	mustPut(t, s,
		a,
		prim("b", "algebra", core.Theorem, []string{"group", "order"}, req("a", 0.9)),
		prim("c", "algebra", core.Theorem, nil, req("b", 0.5)),
		prim("d", "geometry", core.Technique, nil, core.Edge{Target: "a", Type: core.Motivates, Strength: 0.2}))
	mustVerify(t, s)
	return s
}

func TestVerifyDetects(t *testing.T) {
	cases := []struct {
		name    string
		corrupt func(*store.Store) error
		want    store.ProblemKind
		detail  string
	}{
		{"dangling edge target", func(s *store.Store) error {
			return s.PutPrimitive(prim("e", "algebra", core.Axiom, nil, req("ghost", 1)))
		}, store.ProblemDanglingEdge, "ghost"},
		{"dangling after delete", func(s *store.Store) error { return s.DeletePrimitive("b") },
			store.ProblemDanglingEdge, "c depends on b"},
		{"missing reverse edge", func(s *store.Store) error { return s.CorruptDropReverseEdge("b", "a", core.Requires) },
			store.ProblemMissingReverseEdge, "a"},
		{"stale reverse edge", func(s *store.Store) error { return s.CorruptAddReverseEdge("c", "a", core.Applies) },
			store.ProblemStaleReverseEdge, "applies"},
		{"edge strength differs", func(s *store.Store) error { return s.CorruptEdgeStrength("b", "a", core.Requires, 0.1) },
			store.ProblemEdgeMismatch, "0.9"},
		{"stale domain entry", func(s *store.Store) error { return s.CorruptAddDomainTypeEntry("geometry", core.Definition, "a") },
			store.ProblemStaleIndex, "geometry"},
		{"stale type entry", func(s *store.Store) error { return s.CorruptAddDomainTypeEntry("algebra", core.Axiom, "a") },
			store.ProblemStaleIndex, "axiom"},
		{"index entry for nothing", func(s *store.Store) error { return s.CorruptAddDomainTypeEntry("algebra", core.Axiom, "ghost") },
			store.ProblemStaleIndex, "not stored"},
		{"missing domain-type entry", func(s *store.Store) error { return s.RawDelete(store.DomainTypeKey("algebra", core.Theorem, "c")) },
			store.ProblemMissingIndex, "theorem"},
		{"missing keyword entry", func(s *store.Store) error { return s.RawDelete(store.KeywordKey("order", core.PlanePosition{}, "b")) },
			store.ProblemMissingIndex, "order"},
		{"wrong rank", func(s *store.Store) error { return s.CorruptRank("a", 1, 7) },
			store.ProblemStaleIndex, "importance 7"},
		{"cycle", func(s *store.Store) error {
			return s.PutPrimitive(prim("a", "algebra", core.Definition, []string{"group"}, req("c", 0.1)))
		}, store.ProblemCycle, "a → c → b → a"},
		{"self loop", func(s *store.Store) error {
			return s.PutPrimitive(prim("d", "geometry", core.Technique, nil, req("d", 1)))
		}, store.ProblemCycle, "d → d"},
		{"unknown codec", func(s *store.Store) error { return s.CorruptCodec("c", 9) },
			store.ProblemCorruptValue, "codec version 9"},
		{"undecodable record", func(s *store.Store) error { return s.CorruptJSON("c") },
			store.ProblemCorruptValue, "p/c"},
		{"record under the wrong key", func(s *store.Store) error {
			v, err := store.EncodeValue(prim("x", "algebra", core.Axiom, nil))
			if err != nil {
				return err
			}
			return s.RawSet(store.PrimitiveKey("y"), v)
		}, store.ProblemIDMismatch, `"x"`},
		{"malformed edge key", func(s *store.Store) error { return s.RawSet([]byte("r/a"), []byte{1}) },
			store.ProblemMalformedKey, "malformed"},
		{"unknown index", func(s *store.Store) error { return s.RawSet([]byte("i/colour/red/a"), nil) },
			store.ProblemMalformedKey, "unknown index"},
		{"journal shorter than session", func(s *store.Store) error {
			if err := s.CommitSession(context.Background(), session("s"), addChanges(0, 3)); err != nil {
				return err
			}
			return s.RawDelete(store.JournalKey("s", 0, 3))
		}, store.ProblemJournalMismatch, "holds 0 changes, session record 3"},
		{"undecodable journal chunk", func(s *store.Store) error {
			if err := s.CommitSession(context.Background(), session("s"), addChanges(0, 3)); err != nil {
				return err
			}
			v, err := store.EncodeValue("not a list of changes")
			if err != nil {
				return err
			}
			return s.RawSet(store.JournalKey("s", 0, 3), v)
		}, store.ProblemCorruptValue, "cannot unmarshal string"},
		{"journal chunk holding fewer changes than its key", func(s *store.Store) error {
			ctx := context.Background()
			if err := s.CommitSession(ctx, session("s"), addChanges(0, 3)); err != nil {
				return err
			}
			if err := s.CommitSession(ctx, session("t"), addChanges(3, 5)); err != nil {
				return err
			}
			v, err := s.RawGet(store.JournalKey("t", 0, 2))
			if err != nil {
				return err
			}
			return s.RawSet(store.JournalKey("s", 0, 3), v)
		}, store.ProblemCorruptValue, "2 changes in a chunk of 3"},
		{"gap in a journal", func(s *store.Store) error {
			if err := s.CommitSession(context.Background(), session("s"), addChanges(0, 3)); err != nil {
				return err
			}
			v, err := s.RawGet(store.JournalKey("s", 0, 3))
			if err != nil {
				return err
			}
			if err := s.RawDelete(store.JournalKey("s", 0, 3)); err != nil {
				return err
			}
			return s.RawSet(store.JournalKey("s", 5, 3), v)
		}, store.ProblemJournalMismatch, "starts at change 5, but the entries before it end at 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := verifyBase(t)
			if err := tc.corrupt(s); err != nil {
				t.Fatalf("corrupt: %v", err)
			}
			rep, err := s.Verify(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() {
				t.Fatalf("no problem found; report %+v", rep)
			}
			var found bool
			for _, p := range rep.Problems {
				if p.Kind == tc.want && strings.Contains(p.String(), tc.detail) {
					found = true
				}
			}
			if !found {
				t.Fatalf("want a %s problem mentioning %q, got %v", tc.want, tc.detail, rep.Problems)
			}
		})
	}
}

// The DFS is iterative, so a long chain costs no stack; a back edge from its
// start to its end is found, and the reported path is elided in the middle.
func TestVerifyDeepChainCycle(t *testing.T) {
	const n = 10_000
	s := openMem(t)
	if err := s.CommitSession(context.Background(), session("chain"), addChanges(0, n)); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
	first := smallPrimitive(0)
	first.Dependencies = []core.Edge{req(fmt.Sprintf("p-%06d", n-1), 1)}
	mustPut(t, s, first)
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.ProblemCount != 1 || rep.Problems[0].Kind != store.ProblemCycle {
		t.Fatalf("problems = %v", rep.Problems)
	}
	want := fmt.Sprintf("cycle of %d primitives: p-000000 → p-%06d → p-%06d", n, n-1, n-2)
	if d := rep.Problems[0].Detail; !strings.Contains(d, want) || !strings.HasSuffix(d, "p-000001 → p-000000") {
		t.Fatalf("cycle detail %q, want it to contain %q", d, want)
	}
}

func TestVerifyCancelled(t *testing.T) {
	s := openMem(t)
	if err := s.CommitSession(context.Background(), session("s"), addChanges(0, 3000)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Verify(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("verify with cancelled context: %v", err)
	}
}

func TestVerifyCapsProblems(t *testing.T) {
	s := openMem(t)
	for i := range store.MaxProblems + 10 {
		if err := s.CorruptAddDomainTypeEntry("x", core.Axiom, fmt.Sprint("ghost-", i)); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != store.MaxProblems || rep.ProblemCount != store.MaxProblems+10 {
		t.Fatalf("listed %d, counted %d", len(rep.Problems), rep.ProblemCount)
	}
}

// A prerequisite naming a stored primitive the record has no edge to is a
// missing edge (a resolution used to leave such holes); one satisfied by an
// edge to any holder of the name, one naming nothing stored, and one whose
// edge would close a cycle are not.
func TestVerifyFindsAPrerequisiteWithoutItsEdge(t *testing.T) {
	named := func(p core.Primitive, name string, prereqs ...string) core.Primitive {
		p.Name, p.Prerequisites = name, prereqs
		return p
	}
	s := openMem(t)
	mustPut(t, s,
		named(prim("graph", "cs", core.Definition, nil), "Graph"),
		named(prim("path", "cs", core.Definition, nil, req("graph", 0.5)), "Path", "Graph"),
		// Names Graph and Path: the edge to Path is there, the one to Graph
		// is not; Vertex is stored nowhere.
		named(prim("connected", "cs", core.Definition, nil, req("path", 0.5)), "Connected graph", "Graph", "Path", "Vertex"),
		// Names Loop, which depends on it: the edge would close a cycle.
		named(prim("walk", "cs", core.Definition, nil), "Walk", "Loop"),
		named(prim("loop", "cs", core.Definition, nil, req("walk", 0.5)), "Loop"))
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.ProblemCount != 1 || rep.Count(store.ProblemMissingEdge) != 1 {
		t.Fatalf("want one missing edge, got %v", rep.Problems)
	}
	if p := rep.Problems[0]; p.ID != "connected" || !strings.Contains(p.Detail, `"Graph"`) || !strings.Contains(p.Detail, "graph") {
		t.Errorf("problem %+v", p)
	}
	mustPut(t, s, named(prim("connected", "cs", core.Definition, nil, req("path", 0.5), req("graph", 0.5)), "Connected graph", "Graph", "Path", "Vertex"))
	mustVerify(t, s)
}
