package wire

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

func (f fakeStore) scan(_ []string, fn func(core.Primitive) error) error {
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range f.prims {
			if !yield(id) {
				return
			}
		}
	}) {
		if err := fn(f.prims[id]); err != nil {
			return err
		}
	}
	return nil
}

// Rewire links stored statements to the run's terms they name (the
// reverse of LinkStored), by the same rules: a one-word term only within
// its domain, never a name a stored primitive already holds, never an
// edge that would close a cycle with the run's edges; each is an update
// recording exactly the edges added, and the term's Enables lists the
// stored primitive.
func TestRewireLinksStoredStatementsToNewTerms(t *testing.T) {
	st := fakeStore{prims: map[string]core.Primitive{
		"tree":   {ID: "tree", Name: "Tree", Type: core.Definition, Domain: "cs", FormalStatement: "A tree is a connected graph containing no cycles."},
		"other":  {ID: "other", Name: "Lattice", Type: core.Definition, Domain: "algebra", FormalStatement: "A lattice is a poset; its Hasse diagram is a graph."},
		"forest": {ID: "forest", Name: "Forest", Type: core.Definition, Domain: "cs", FormalStatement: "A forest is a graph whose components are trees, each a connected graph."},
		"cycle":  {ID: "cycle", Name: "Cycle", Type: core.Definition, Domain: "cs", FormalStatement: "A cycle is a closed path."},
	}}
	graph := &core.Primitive{ID: "graph", Name: "Graph", Type: core.Definition, Domain: "cs", FormalStatement: "A graph is a set of vertices and edges."}
	// Connected graph depends on Forest (made up, to close a cycle), so
	// Forest, which names it, is not linked to it.
	connected := &core.Primitive{ID: "connected", Name: "Connected graph", Type: core.Definition, Domain: "cs",
		FormalStatement: "A graph is connected when a path joins every pair.",
		Dependencies:    []core.Edge{{Target: "forest", Type: core.Requires, Strength: 0.9}}}
	// A second Cycle: the name is held already.
	cycle2 := &core.Primitive{ID: "cycle-2", Name: "Cycle", Type: core.Definition, Domain: "cs", FormalStatement: "A closed walk."}
	m := Merged{
		Added:   []string{"graph", "connected", "cycle-2"},
		Overlay: map[string]*core.Primitive{"graph": graph, "connected": connected, "cycle-2": cycle2},
		FinalOf: map[string]string{"graph": "graph", "connected": "connected", "cycle-2": "cycle-2"},
		From:    map[string]string{"graph": "graph", "connected": "connected", "cycle-2": "cycle-2"},
		Scan:    st.scan,
	}
	updates, _, err := Rewire(st, m)
	if err != nil {
		t.Fatal(err)
	}
	added := map[string][]string{}
	for _, u := range updates {
		for _, e := range u.DependenciesAdded {
			added[u.PrimitiveID] = append(added[u.PrimitiveID], e.Target)
			if e.Type != core.Requires || e.Strength != StoredStrength || e.Description != ReverseDescription {
				t.Errorf("edge %+v of %s", e, u.PrimitiveID)
			}
		}
		if len(u.DependenciesAdded) > 0 && len(u.After.Dependencies) != len(u.Before.Dependencies)+len(u.DependenciesAdded) {
			t.Errorf("update of %s: before %v after %v", u.PrimitiveID, u.Before.Dependencies, u.After.Dependencies)
		}
	}
	want := map[string][]string{"tree": {"connected", "graph"}, "forest": {"graph"}}
	for id := range want {
		slices.Sort(added[id])
	}
	if len(added) != len(want) || !slices.Equal(added["tree"], want["tree"]) || !slices.Equal(added["forest"], want["forest"]) {
		t.Errorf("stored primitives linked to the run's terms: %v, want %v", added, want)
	}
	if !slices.Contains(graph.Enables, "tree") || !slices.Contains(graph.Enables, "forest") || !slices.Contains(connected.Enables, "tree") {
		t.Errorf("enables: graph %v, connected %v", graph.Enables, connected.Enables)
	}
}
