package backendtest

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/store/backend"
)

// add is the change that adds p.
func add(p *core.Primitive) core.Change {
	return core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: p, Timestamp: at(0)}
}

// learn commits a session adding ps, started at hour h.
func learn(t *testing.T, st backend.Store, id string, h int, ps ...*core.Primitive) {
	t.Helper()
	chs := make([]core.Change, len(ps))
	for i, p := range ps {
		chs[i] = add(p)
	}
	commit(t, st, session(id, at(h)), chs, nil)
}

// stored is p as a store gives it back after session sess added it.
func stored(t *testing.T, p *core.Primitive, sess string) core.Primitive {
	t.Helper()
	q := viaJSON(t, *p)
	if q.Provenance.Session == "" {
		q.Provenance.Session = sess
	}
	return q
}

func samePrimitives(t *testing.T, what string, got, want []core.Primitive) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		t.Errorf("%s:\n got %s\nwant %s", what, gb, wb)
	}
}

func primitiveIDs(ps []core.Primitive) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// all is every primitive, as Primitives gives them.
func all(t *testing.T, st backend.Store) []core.Primitive {
	t.Helper()
	var out []core.Primitive
	if err := st.Primitives(func(p core.Primitive) error { out = append(out, p); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// knowledge is what a store knows, in a form two stores can be compared
// by: every primitive, every conflict, and every index's answer about
// them.
func knowledge(t *testing.T, st backend.Store) string {
	t.Helper()
	var b strings.Builder
	ps := all(t, st)
	enc := func(what string, v any) {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s\n", what, j)
	}
	enc("primitives", ps)
	cs, err := st.Conflicts()
	if err != nil {
		t.Fatal(err)
	}
	enc("conflicts", cs)
	targets := map[string]bool{}
	for _, p := range ps {
		for _, e := range p.Dependencies {
			targets[e.Target] = true
		}
		d, err := st.ByDomain(p.Domain)
		if err != nil {
			t.Fatal(err)
		}
		enc("domain "+p.Domain, primitiveIDs(d))
	}
	for _, id := range slices.Sorted(maps.Keys(targets)) {
		d, err := st.Dependents(id)
		if err != nil {
			t.Fatal(err)
		}
		enc("dependents "+id, d)
	}
	top, err := st.TopByImportance(len(ps)+1, 0)
	if err != nil {
		t.Fatal(err)
	}
	enc("top", primitiveIDs(top))
	return b.String()
}

var primitiveCases = []Case{
	// A commit applies its changes: an add and an update put their after
	// state (an update of a primitive not stored too), a remove of one
	// not stored does nothing, a conflict is kept, a note changes nothing;
	// an added primitive carries its session.
	{"primitives/applied", func(t *testing.T, st backend.Store) {
		commit(t, st, session("s1", at(0)), changes(), nil)
		p1, ok, err := st.GetPrimitive("p1")
		if err != nil || !ok {
			t.Fatalf("p1: found %v, %v", ok, err)
		}
		samePrimitives(t, "p1", []core.Primitive{p1}, []core.Primitive{stored(t, primitive("p1"), "s1")})
		upd := primitive("p2")
		upd.Provenance.Session = "earlier"
		samePrimitives(t, "all", all(t, st), []core.Primitive{stored(t, primitive("p1"), "s1"), stored(t, upd, "")})
		if _, ok, err := st.GetPrimitive("p3"); ok || err != nil {
			t.Errorf("p3, removed: found %v, %v", ok, err)
		}
		if n, err := st.Count(); n != 2 || err != nil {
			t.Errorf("count %d, %v; want 2", n, err)
		}
		c, ok, err := st.Conflict("k1")
		if err != nil || !ok {
			t.Fatalf("conflict k1: found %v, %v", ok, err)
		}
		if want := viaJSON(t, *changes()[3].ConflictAfter); !reflect.DeepEqual(c, want) {
			t.Errorf("conflict k1:\n got %+v\nwant %+v", c, want)
		}
		if cs, err := st.Conflicts(); len(cs) != 1 || err != nil {
			t.Errorf("conflicts: %d, %v", len(cs), err)
		}
	}},

	// Within a session the last change to a primitive or a conflict
	// decides it, and the indexes follow the state it leaves.
	{"primitives/last-change-wins", func(t *testing.T, st backend.Store) {
		a1, a2 := primitive("a"), primitive("a")
		a2.Domain, a2.Name, a2.FormalStatement = "algebra", "Group Homomorphisms", "changed"
		a2.Dependencies = []core.Edge{{Target: "z", Type: core.Applies, Strength: 0.25}}
		b := primitive("b")
		k := &core.Conflict{ID: "k", Session: "s1", State: core.ConflictPending, CreatedAt: at(0)}
		chs := []core.Change{
			add(a1), add(b),
			{Type: core.ChangeConflict, ConflictID: "k", ConflictAfter: k},
			{Type: core.ChangeUpdate, PrimitiveID: "a", Before: a1, After: a2},
			{Type: core.ChangeRemove, PrimitiveID: "b", Before: b},
			{Type: core.ChangeConflict, ConflictID: "k"},
		}
		commit(t, st, session("s1", at(0)), chs, nil)
		samePrimitives(t, "all", all(t, st), []core.Primitive{stored(t, a2, "")})
		if _, ok, err := st.Conflict("k"); ok || err != nil {
			t.Errorf("conflict k, deleted last: found %v, %v", ok, err)
		}
		if d, err := st.ByDomain("analysis"); len(d) != 0 || err != nil {
			t.Errorf("domain analysis: %v, %v; want none", primitiveIDs(d), err)
		}
		if d, err := st.Dependents("dep-a"); len(d) != 0 || err != nil {
			t.Errorf("dependents of dep-a (a's first edge): %+v, %v; want none", d, err)
		}
		if d, err := st.Dependents("z"); err != nil || !reflect.DeepEqual(d, []core.Dependent{{ID: "a", Type: core.Applies, Strength: 0.25}}) {
			t.Errorf("dependents of z: %+v, %v", d, err)
		}
		names, err := st.NamesStartingWith([]string{"name", "group"})
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string][]core.NameRef{"group": {{Name: "group homomorph", ID: "a"}}}; !reflect.DeepEqual(names, want) {
			t.Errorf("names: %+v, want %+v", names, want)
		}
	}},

	// A commit refused anywhere in its changes, or for its id, changes no
	// primitive and no conflict.
	{"primitives/refused-commit-changes-nothing", func(t *testing.T, st backend.Store) {
		learn(t, st, "s1", 0, primitive("a"))
		before := knowledge(t, st)
		bad := primitive("b")
		bad.Dependencies = []core.Edge{{Target: "x/y", Type: core.Requires}}
		chs := []core.Change{add(primitive("c")), {Type: core.ChangeRemove, PrimitiveID: "a"}, add(bad)}
		if err := st.CommitSession(context.Background(), session("s2", at(1)), chs); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("commit with an invalid edge target: %v, want %v", err, backend.ErrInvalidID)
		}
		chs = []core.Change{add(primitive("c")), {Type: core.ChangeRemove, PrimitiveID: "a"},
			{Type: core.ChangeConflict, ConflictID: "k", ConflictAfter: &core.Conflict{ID: "k"}}}
		if err := st.CommitSession(context.Background(), session("s1", at(1)), chs); !errors.Is(err, backend.ErrSessionExists) {
			t.Errorf("commit of an existing id: %v, want %v", err, backend.ErrSessionExists)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := st.CommitSession(ctx, session("s3", at(1)), chs); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled commit: %v", err)
		}
		if after := knowledge(t, st); after != before {
			t.Errorf("refused commits changed the store:\n%s\nwas\n%s", after, before)
		}
	}},

	// The indexes: a domain's primitives and those of a content hash in
	// id order; dependents by id then edge type, one per target and type;
	// the ranking by importance, ties and the unranked by id, in pages;
	// names by their first stem.
	{"primitives/indexes", func(t *testing.T, st backend.Store) {
		mk := func(id, domain, hash, name string, importance int, deps ...core.Edge) *core.Primitive {
			p := primitive(id)
			p.Domain, p.Provenance.ContentHash, p.Name, p.Dependencies = domain, hash, name, deps
			for i := range importance {
				p.Enables = append(p.Enables, fmt.Sprintf("e%d", i))
			}
			return p
		}
		req := func(target string, s float64) core.Edge {
			return core.Edge{Target: target, Type: core.Requires, Strength: s}
		}
		ps := []*core.Primitive{
			mk("m", "algebra", "h1", "Vector Spaces", 2, req("x", 1), req("x", 0.5), core.Edge{Target: "x", Type: core.Applies, Strength: 0.2}),
			mk("c", "analysis", "h1", "vector space axioms", 0, req("x", 0.75)),
			mk("k", "algebra", "h2", "Linear maps", 2),
			mk("a", "algebra", "", "", 5, req("m", 1)),
			mk("z", "topology", "h1", "Vectors", 0),
		}
		learn(t, st, "s1", 0, ps...)
		check := func(what string, got []core.Primitive, err error, want ...string) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if g := primitiveIDs(got); !slices.Equal(g, want) {
				t.Errorf("%s: %v, want %v", what, g, want)
			}
		}
		d, err := st.ByDomain("algebra")
		check("domain algebra", d, err, "a", "k", "m")
		d, err = st.ByDomain("geometry")
		check("domain geometry", d, err)
		d, err = st.SameContent("h1")
		check("content h1", d, err, "c", "m", "z")
		d, err = st.SameContent("")
		check("content none", d, err)
		deps, err := st.Dependents("x")
		want := []core.Dependent{{ID: "c", Type: core.Requires, Strength: 0.75}, {ID: "m", Type: core.Applies, Strength: 0.2}, {ID: "m", Type: core.Requires, Strength: 1}}
		if err != nil || !reflect.DeepEqual(deps, want) {
			t.Errorf("dependents of x: %+v, %v\nwant %+v", deps, err, want)
		}
		top, err := st.TopByImportance(10, 0)
		check("top", top, err, "a", "k", "m", "c", "z")
		top, err = st.TopByImportance(2, 2)
		check("top, second page", top, err, "m", "c")
		top, err = st.TopByImportance(0, 0)
		check("top of none", top, err)
		names, err := st.NamesStartingWith([]string{"vector", "linear", "absent"})
		if err != nil {
			t.Fatal(err)
		}
		wantNames := map[string][]core.NameRef{
			"vector": {{Name: "vector space axiom", ID: "c"}, {Name: "vector space", ID: "m"}, {Name: "vector", ID: "z"}},
			"linear": {{Name: "linear map", ID: "k"}},
		}
		if !reflect.DeepEqual(names, wantNames) {
			t.Errorf("names:\n got %+v\nwant %+v", names, wantNames)
		}
	}},

	// Near is the dedup prefilter's definition, checked against every
	// combination of its parameters on a random library: whatever shares
	// enough keywords within the distance, the most-sharing under a
	// limit, and every primitive of the same content.
	{"primitives/near", func(t *testing.T, st backend.Store) {
		rng := rand.New(rand.NewPCG(7, 49))
		words := []string{"set", "group", "ring", "field", "module", "Vector", "space", "map", "limit", "norm"}
		var ps []*core.Primitive
		for i := range 300 {
			p := primitive(fmt.Sprintf("p%03d", i))
			p.Plane = core.PlanePosition{Real: rng.Float64()*2 - 1, Imaginary: rng.Float64()*2 - 1}
			if i%50 == 0 {
				p.Plane = core.PlanePosition{Real: 1, Imaginary: -1} // a corner, on the grid's edge
			}
			p.Keywords = nil
			for _, w := range words {
				if rng.IntN(3) == 0 {
					p.Keywords = append(p.Keywords, w)
				}
			}
			p.Provenance.ContentHash = fmt.Sprintf("h%d", i%7)
			ps = append(ps, p)
		}
		learn(t, st, "s1", 0, ps...)
		for q := range 40 {
			probe := primitive("probe")
			probe.Plane = core.PlanePosition{Real: rng.Float64()*2 - 1, Imaginary: rng.Float64()*2 - 1}
			probe.Keywords = []string{" SET ", "group", "Vector", "norm", "absent"}[:1+q%5]
			probe.Provenance.ContentHash = []string{"", "h3", "none"}[q%3]
			dist := []float64{0.1, 0.3, 0.7, 3, -1}[q%5]
			minShared := 1 + q%3
			limit := []int{0, 5, 1}[q%3]
			got, err := st.Near(probe, dist, minShared, limit)
			if err != nil {
				t.Fatal(err)
			}
			want := nearByDefinition(ps, probe, dist, minShared, limit)
			if g := primitiveIDs(got); !slices.Equal(g, want) {
				t.Errorf("near %v of (%.3f, %.3f) within %g sharing %d, limit %d, hash %q:\n got %v\nwant %v",
					probe.Keywords, probe.Plane.Real, probe.Plane.Imaginary, dist, minShared, limit, probe.Provenance.ContentHash, g, want)
			}
		}
	}},

	// A session whose changes undo another's, committed as its unlearn,
	// gives back the store as it was.
	{"primitives/unlearn-restores", func(t *testing.T, st backend.Store) {
		learn(t, st, "s1", 0, primitive("a"), primitive("b"))
		before := knowledge(t, st)
		a := stored(t, primitive("a"), "s1")
		a2 := a
		a2.FormalStatement = "changed"
		chs := []core.Change{add(primitive("c")), {Type: core.ChangeUpdate, PrimitiveID: "a", Before: &a, After: &a2},
			{Type: core.ChangeRemove, PrimitiveID: "b"},
			{Type: core.ChangeConflict, ConflictID: "k", ConflictAfter: &core.Conflict{ID: "k", State: core.ConflictPending}}}
		commit(t, st, session("s2", at(1)), chs, nil)
		if knowledge(t, st) == before {
			t.Fatal("the second learn changed nothing")
		}
		b := stored(t, primitive("b"), "s1")
		undo := session("u", at(2))
		undo.Kind, undo.Reverts = core.KindUnlearn, "s2"
		commit(t, st, undo, []core.Change{{Type: core.ChangeRemove, PrimitiveID: "c"},
			{Type: core.ChangeUpdate, PrimitiveID: "a", Before: &a2, After: &a},
			{Type: core.ChangeAdd, PrimitiveID: "b", After: &b},
			{Type: core.ChangeConflict, ConflictID: "k"}}, nil)
		if after := knowledge(t, st); after != before {
			t.Errorf("after the unlearn:\n%s\nbefore the learn:\n%s", after, before)
		}
	}},

	// Appending to a committed session applies the changes and records
	// them after the session's own; a report given replaces the
	// session's. An unknown session, or one not committed, is refused
	// and nothing changes.
	{"primitives/append", func(t *testing.T, st backend.Store) {
		commit(t, st, session("s1", at(0)), []core.Change{add(primitive("a"))}, []byte("first"))
		more := []core.Change{add(primitive("b")),
			{Type: core.ChangeConflict, ConflictID: "k", ConflictAfter: &core.Conflict{ID: "k", State: core.ConflictResolved}}}
		if err := st.AppendToSession(context.Background(), "s1", more, nil); err != nil {
			t.Fatal(err)
		}
		if got := primitiveIDs(all(t, st)); !slices.Equal(got, []string{"a", "b"}) {
			t.Errorf("primitives %v", got)
		}
		if _, ok, _ := st.Conflict("k"); !ok {
			t.Error("the appended conflict is missing")
		}
		chs, err := st.Changes("s1")
		if err != nil {
			t.Fatal(err)
		}
		if len(chs) != 3 || chs[0].PrimitiveID != "a" || chs[1].PrimitiveID != "b" || chs[2].ConflictID != "k" {
			t.Errorf("changes after the append: %+v", chs)
		}
		if s := mustSession(t, st, "s1"); s.Changes != 3 || s.State != core.SessionCommitted {
			t.Errorf("session after the append: %d changes, %s", s.Changes, s.State)
		}
		if r, _, _ := st.Report("s1"); string(r) != "first" {
			t.Errorf("report %q after an append without one", r)
		}
		if err := st.AppendToSession(context.Background(), "s1", []core.Change{{Type: core.ChangeRemove, PrimitiveID: "b"}}, []byte("second")); err != nil {
			t.Fatal(err)
		}
		if r, _, _ := st.Report("s1"); string(r) != "second" {
			t.Errorf("report %q, want the one appended", r)
		}
		before := knowledge(t, st)
		if err := st.AppendToSession(context.Background(), "nope", more, nil); !errors.Is(err, backend.ErrNotFound) {
			t.Errorf("append to an unknown session: %v", err)
		}
		if err := st.SetSessionState("s1", core.SessionReverted); err != nil {
			t.Fatal(err)
		}
		if err := st.AppendToSession(context.Background(), "s1", []core.Change{add(primitive("c"))}, nil); err == nil {
			t.Error("append to a reverted session was accepted")
		}
		if after := knowledge(t, st); after != before {
			t.Errorf("refused appends changed the store:\n%s\nwas\n%s", after, before)
		}
	}},

	// Thousands of primitives in one session, listed in id order, a page
	// at a time or at once; an error from the caller's function stops the
	// listing and comes back as it was.
	{"primitives/many", func(t *testing.T, st backend.Store) {
		const n = 2500
		ps := make([]*core.Primitive, n)
		for i := range ps {
			ps[i] = primitive(fmt.Sprintf("p%05d", n-1-i))
		}
		learn(t, st, "s1", 0, ps...)
		got := all(t, st)
		if len(got) != n || !slices.IsSortedFunc(got, func(a, b core.Primitive) int { return strings.Compare(a.ID, b.ID) }) {
			t.Errorf("%d primitives, sorted %v", len(got), slices.IsSortedFunc(got, func(a, b core.Primitive) int { return strings.Compare(a.ID, b.ID) }))
		}
		if c, err := st.Count(); c != n || err != nil {
			t.Errorf("count %d, %v", c, err)
		}
		stop := errors.New("enough")
		seen := 0
		err := st.Primitives(func(core.Primitive) error {
			if seen++; seen == 1500 {
				return stop
			}
			return nil
		})
		if err != stop || seen != 1500 { //nolint:errorlint // the contract: returned as it is, not wrapped
			t.Errorf("stopped after %d with %v, want 1500 and the caller's error", seen, err)
		}
		top, err := st.TopByImportance(3, n-2)
		if err != nil || !slices.Equal(primitiveIDs(top), []string{fmt.Sprintf("p%05d", n-2), fmt.Sprintf("p%05d", n-1)}) {
			t.Errorf("last page: %v, %v", primitiveIDs(top), err)
		}
	}},

	// The generation moves with every change to primitives or
	// conflicts: a commit, an append, an unlearn.
	{"primitives/generation", func(t *testing.T, st backend.Store) {
		gen := func() uint64 {
			t.Helper()
			g, err := st.Generation()
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		g0 := gen()
		learn(t, st, "s1", 0, primitive("a"))
		g1 := gen()
		if g1 == g0 {
			t.Error("a commit adding a primitive left the generation as it was")
		}
		if err := st.AppendToSession(context.Background(), "s1", []core.Change{
			{Type: core.ChangeConflict, ConflictID: "k", ConflictAfter: &core.Conflict{ID: "k"}}}, nil); err != nil {
			t.Fatal(err)
		}
		g2 := gen()
		if g2 == g1 {
			t.Error("an append adding a conflict left the generation as it was")
		}
		undo := session("u", at(1))
		undo.Kind, undo.Reverts = core.KindUnlearn, "s1"
		commit(t, st, undo, []core.Change{{Type: core.ChangeRemove, PrimitiveID: "a"}}, nil)
		if gen() == g2 {
			t.Error("an unlearn removing a primitive left the generation as it was")
		}
	}},

	// Identifiers no store can keep are refused by the lookups, not
	// answered.
	{"primitives/invalid-ids", func(t *testing.T, st backend.Store) {
		if _, _, err := st.GetPrimitive("a/b"); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("get a/b: %v", err)
		}
		if _, err := st.Dependents(""); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("dependents of nothing: %v", err)
		}
		if _, _, err := st.Conflict("k\x00"); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("conflict with NUL: %v", err)
		}
	}},
}

// nearByDefinition is Near's contract computed over every primitive.
func nearByDefinition(ps []*core.Primitive, p *core.Primitive, dist float64, minShared, limit int) []string {
	kws := dedup.NormKeywords(p.Keywords)
	type hit struct {
		id string
		n  int
	}
	var hits []hit
	for _, q := range ps {
		n := 0
		for _, k := range dedup.NormKeywords(q.Keywords) {
			if slices.Contains(kws, k) {
				n++
			}
		}
		if n >= max(minShared, 1) && q.Plane.Distance(p.Plane) <= dist && !math.IsNaN(dist) {
			hits = append(hits, hit{q.ID, n})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(b.n, a.n), strings.Compare(a.id, b.id)) })
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	var out []string
	for _, h := range hits {
		out = append(out, h.id)
	}
	for _, q := range ps {
		if h := p.Provenance.ContentHash; h != "" && q.Provenance.ContentHash == h && !slices.Contains(out, q.ID) {
			out = append(out, q.ID)
		}
	}
	slices.Sort(out)
	return out
}
