package wire

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

func primMap(ps ...*core.Primitive) (ids []string, m map[string]*core.Primitive) {
	m = map[string]*core.Primitive{}
	for _, p := range ps {
		ids = append(ids, p.ID)
		m[p.ID] = p
	}
	return ids, m
}

func dep(target string, typ core.EdgeType, strength float64) core.Edge {
	return core.Edge{Target: target, Type: typ, Strength: strength}
}

func TestBreakCyclesDropsTheWeakestEdge(t *testing.T) {
	// a → b → c → a: two explicit references (0.9) and one name reference
	// (0.5) in the middle of the cycle. The name reference goes, whichever
	// edge the search happens to close the cycle with.
	for _, order := range [][]string{{"a", "b", "c"}, {"b", "c", "a"}, {"c", "a", "b"}} {
		a := &core.Primitive{ID: "a", Name: "Alpha", Dependencies: []core.Edge{dep("b", core.Requires, 0.9)}, Prerequisites: []string{"Beta"}}
		b := &core.Primitive{ID: "b", Name: "Beta", Dependencies: []core.Edge{dep("c", core.Requires, 0.5), dep("outside", core.Requires, 0.1)}, Prerequisites: []string{"Gamma"}}
		c := &core.Primitive{ID: "c", Name: "Gamma", Dependencies: []core.Edge{dep("a", core.Requires, 0.9)}}
		_, m := primMap(a, b, c)
		if n := BreakCycles(order, m); n != 1 {
			t.Fatalf("%v: removed %d", order, n)
		}
		if len(a.Dependencies) != 1 || len(c.Dependencies) != 1 {
			t.Fatalf("%v: explicit reference dropped: a %+v c %+v", order, a.Dependencies, c.Dependencies)
		}
		if !slices.Equal(b.Dependencies, []core.Edge{dep("outside", core.Requires, 0.1)}) {
			t.Fatalf("%v: b keeps %+v", order, b.Dependencies)
		}
		if len(b.Prerequisites) != 0 {
			t.Errorf("%v: prerequisite of the dropped edge kept: %q", order, b.Prerequisites)
		}
	}
}

func TestBreakCyclesOnlyReferencesInTheCycle(t *testing.T) {
	// A cycle made only of explicit references loses exactly one of them,
	// the one that closed it; a self-edge goes; an acyclic part is left
	// alone.
	a := &core.Primitive{ID: "a", Dependencies: []core.Edge{dep("b", core.Requires, 0.9), dep("a", core.Requires, 0.9)}}
	b := &core.Primitive{ID: "b", Dependencies: []core.Edge{dep("a", core.Requires, 0.9)}}
	c := &core.Primitive{ID: "c", Dependencies: []core.Edge{dep("a", core.Requires, 0.5), dep("b", core.Applies, 0.6)}}
	ids, m := primMap(a, b, c)
	if n := BreakCycles(ids, m); n != 2 {
		t.Fatalf("removed %d, want 2", n)
	}
	if len(a.Dependencies)+len(b.Dependencies) != 1 || len(c.Dependencies) != 2 {
		t.Fatalf("a %+v b %+v c %+v", a.Dependencies, b.Dependencies, c.Dependencies)
	}
	if BreakCycles(ids, m) != 0 {
		t.Fatal("second pass removed more")
	}
}

func TestBreakCyclesManyCycles(t *testing.T) {
	// A ring of n nodes with weak chords back to the start: every cycle
	// must be broken, and only weak edges go.
	const n = 200
	var ps []*core.Primitive
	for i := range n {
		p := &core.Primitive{ID: "p" + strings.Repeat("x", i)}
		ps = append(ps, p)
	}
	for i, p := range ps {
		p.Dependencies = append(p.Dependencies, dep(ps[(i+1)%n].ID, core.Requires, 0.9))
		if i%3 == 0 {
			p.Dependencies = append(p.Dependencies, dep(ps[0].ID, core.Requires, 0.5))
		}
	}
	ps[n-1].Dependencies[0].Strength = 0.2 // the ring's weakest link
	ids, m := primMap(ps...)
	BreakCycles(ids, m)
	// Acyclic now?
	state := map[string]int{}
	var visit func(id string) bool
	visit = func(id string) bool {
		switch state[id] {
		case 1:
			return false
		case 2:
			return true
		}
		state[id] = 1
		for _, e := range m[id].Dependencies {
			if m[e.Target] != nil && !visit(e.Target) {
				return false
			}
		}
		state[id] = 2
		return true
	}
	for _, id := range ids {
		if !visit(id) {
			t.Fatal("cycle left")
		}
	}
	for i, p := range ps[:n-1] {
		if len(p.Dependencies) == 0 || p.Dependencies[0].Strength != 0.9 {
			t.Fatalf("ring edge %d dropped: %+v", i, p.Dependencies)
		}
	}
}

// fakeStore serves stored primitives by name for LinkStored.
type fakeStore struct {
	prims map[string]core.Primitive
	err   error
}

func (f fakeStore) NamesStartingWith(words []string) (map[string][]core.NameRef, error) {
	out := map[string][]core.NameRef{}
	for _, w := range words {
		for _, p := range f.prims {
			stems := text.NameStems(p.Name)
			if len(stems) > 0 && strings.HasPrefix(stems[0], w) {
				out[w] = append(out[w], core.NameRef{Name: strings.Join(stems, " "), ID: p.ID})
			}
		}
	}
	return out, nil
}

func (f fakeStore) GetPrimitive(id string) (core.Primitive, bool, error) {
	p, ok := f.prims[id]
	return p, ok, f.err
}

func TestLinkStoredOnlyToDefinedTerms(t *testing.T) {
	st := fakeStore{prims: map[string]core.Primitive{
		"field":  {ID: "field", Name: "Field", Type: core.Definition, Domain: "algebra"},
		"cache":  {ID: "cache", Name: "Cache", Type: core.Axiom, Domain: "algebra"},
		"defn":   {ID: "defn", Name: "Defines", Type: core.Definition, Domain: "algebra"},
		"mns":    {ID: "mns", Name: "Must Not Store", Type: core.Axiom, Domain: "algebra"},
		"tri":    {ID: "tri", Name: "Triangle Inequality", Type: core.Theorem, Domain: "analysis"},
		"inrun":  {ID: "inrun", Name: "Vector Space", Type: core.Definition, Domain: "algebra"},
		"bounds": {ID: "bounds", Name: "Upper Bound", Type: core.Definition, Domain: "analysis"},
		"order":  {ID: "order", Name: "Order", Type: core.Definition, Domain: "analysis"},
	}}
	p := &core.Primitive{ID: "new", Name: "Ordered Set", Type: core.Definition, Domain: "algebra",
		FormalStatement: "This defines an order on a field; the cache must not store it; " +
			"by the triangle inequality each vector space has an upper bound."}
	err := LinkStored(st, []*core.Primitive{p}, func(id string) bool { return id == "inrun" })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range p.Dependencies {
		got = append(got, e.Target)
		if e.Type != core.Requires || e.Strength != StoredStrength || e.Description != StoredDescription {
			t.Errorf("edge %+v", e)
		}
	}
	// "order" is defined in another domain and is one word: not linked;
	// the two-word terms of other domains are.
	if want := []string{"field", "tri", "bounds"}; !slices.Equal(got, want) {
		t.Errorf("linked %q, want %q", got, want)
	}

	// An RFC's "header field" is not the algebra book's Field.
	rfc := &core.Primitive{ID: "rfc", Name: "Cache Must Ignore Field", Type: core.Axiom, Domain: "protocols",
		FormalStatement: "A cache MUST ignore a header field it does not recognize."}
	if err := LinkStored(st, []*core.Primitive{rfc}, func(string) bool { return false }); err != nil {
		t.Fatal(err)
	}
	if len(rfc.Dependencies) != 0 {
		t.Errorf("one-word term linked across domains: %+v", rfc.Dependencies)
	}

	st.err = errors.New("disk on fire")
	q := &core.Primitive{ID: "q", FormalStatement: "a field"}
	if err := LinkStored(st, []*core.Primitive{q}, func(string) bool { return false }); err == nil {
		t.Error("store error swallowed")
	}
}

// Random graphs: BreakCycles leaves them acyclic, touches no edge to a
// primitive outside the set, and never removes an edge that is on no
// cycle of the graph it was given.
func TestBreakCyclesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for round := range 300 {
		n := 1 + r.IntN(30)
		var ps []*core.Primitive
		for i := range n {
			ps = append(ps, &core.Primitive{ID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i%7)})
		}
		for _, p := range ps {
			for k := r.IntN(4); k > 0; k-- {
				p.Dependencies = append(p.Dependencies, dep(fmt.Sprint("p", r.IntN(n+2)), core.Requires, []float64{0.9, 0.5, 0.8, 0.3}[r.IntN(4)]))
			}
		}
		ids, m := primMap(ps...)
		before := map[string][]core.Edge{}
		for _, p := range ps {
			before[p.ID] = slices.Clone(p.Dependencies)
		}
		reaches := func(deps map[string][]core.Edge, from, to string) bool {
			seen := map[string]bool{from: true}
			stack := []string{from}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if x == to {
					return true
				}
				for _, e := range deps[x] {
					if m[e.Target] != nil && !seen[e.Target] {
						seen[e.Target] = true
						stack = append(stack, e.Target)
					}
				}
			}
			return false
		}
		removed := BreakCycles(ids, m)
		after := map[string][]core.Edge{}
		total := 0
		for _, p := range ps {
			after[p.ID] = p.Dependencies
			total += len(before[p.ID]) - len(p.Dependencies)
			for _, e := range before[p.ID] {
				if m[e.Target] == nil && !slices.Contains(p.Dependencies, e) {
					t.Fatalf("round %d: edge to an outside id removed", round)
				}
				if m[e.Target] != nil && !slices.Contains(p.Dependencies, e) && !reaches(before, e.Target, p.ID) {
					t.Fatalf("round %d: %s → %s removed though on no cycle", round, p.ID, e.Target)
				}
			}
			for _, e := range p.Dependencies {
				if e.Target == p.ID || m[e.Target] != nil && reaches(after, e.Target, p.ID) {
					t.Fatalf("round %d: cycle through %s → %s left", round, p.ID, e.Target)
				}
			}
		}
		if total != removed {
			t.Fatalf("round %d: removed %d, reported %d", round, total, removed)
		}
	}
}
