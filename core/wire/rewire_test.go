package wire

import (
	"errors"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Rewire re-points Wire's edges at the ids merging settled on: an edge to
// a renamed candidate follows the rename, one to a skipped duplicate goes
// to the stored primitive (which gets exactly that enables, as an update),
// one to a candidate that ended nowhere is dropped, and both ends of an
// edge between added primitives know of it.
func TestRewire(t *testing.T) {
	stored := core.Primitive{ID: "group", Name: "Group", Type: core.Definition, FormalStatement: "A group is a set with an operation."}
	st := fakeStore{prims: map[string]core.Primitive{"group": stored}}
	ring := &core.Primitive{ID: "ring", Name: "Ring", FormalStatement: "A ring has two operations."}
	field := &core.Primitive{ID: "field-2", Name: "Field", FormalStatement: "A field is a ring with inverses."}
	m := Merged{
		Added:   []string{"ring", "field-2"},
		Overlay: map[string]*core.Primitive{"ring": ring, "field-2": field},
		// "field" was renamed; "group-cand" duplicated the stored group;
		// "lost" ended nowhere.
		FinalOf: map[string]string{"ring": "ring", "field": "field-2", "group-cand": "group"},
		Deps: map[string][]core.Edge{
			"ring":  {{Target: "group-cand", Type: core.Requires, Strength: 0.9}, {Target: "lost", Type: core.Requires, Strength: 0.9}},
			"field": {{Target: "ring", Type: core.Requires, Strength: 0.9}},
		},
		From: map[string]string{"ring": "ring", "field-2": "field"},
	}
	updates, edges, err := Rewire(st, m)
	if err != nil {
		t.Fatal(err)
	}
	if !ring.HasEdge("group", core.Requires) || len(ring.Dependencies) != 1 {
		t.Errorf("ring's edges %+v, want only the one to the stored group", ring.Dependencies)
	}
	if !field.HasEdge("ring", core.Requires) || !slices.Contains(ring.Enables, "field-2") {
		t.Errorf("field → ring not mirrored: field %+v, ring enables %v", field.Dependencies, ring.Enables)
	}
	if len(updates) != 1 || updates[0].PrimitiveID != "group" || !slices.Equal(updates[0].EnablesAdded, []string{"ring"}) ||
		len(updates[0].Before.Enables) != 0 || m.Overlay["group"] == nil {
		t.Errorf("updates %+v, want one enables update of the stored group", updates)
	}
	if edges != 2 {
		t.Errorf("edges %d, want 2", edges)
	}
	// A store that cannot be read stops rewiring with its error.
	broken := errors.New("unreadable")
	m.Overlay = map[string]*core.Primitive{"ring": {ID: "ring", Name: "Ring"}, "field-2": {ID: "field-2", Name: "Field"}}
	if _, _, err := Rewire(fakeStore{prims: st.prims, err: broken}, m); !errors.Is(err, broken) {
		t.Errorf("err %v, want the store's", err)
	}
}

// A run into a store that held no primitive (NoneStored) has no stored
// term to link to: the store is not asked, and Wire's own edges are still
// re-pointed and mirrored.
func TestRewireIntoEmptyStoreAsksNothing(t *testing.T) {
	ring := &core.Primitive{ID: "ring", Name: "Ring", FormalStatement: "A ring is a group with a second operation."}
	field := &core.Primitive{ID: "field", Name: "Field", FormalStatement: "A field is a ring with inverses."}
	m := Merged{
		Added:      []string{"ring", "field"},
		Overlay:    map[string]*core.Primitive{"ring": ring, "field": field},
		FinalOf:    map[string]string{"ring": "ring", "field": "field"},
		Deps:       map[string][]core.Edge{"field": {{Target: "ring", Type: core.Requires, Strength: 0.9}}},
		From:       map[string]string{"ring": "ring", "field": "field"},
		NoneStored: true,
	}
	// A store that fails when asked about the group the ring names.
	asked := errors.New("the store was asked")
	st := fakeStore{prims: map[string]core.Primitive{"group": {ID: "group", Name: "Group", Type: core.Definition}}, err: asked}
	_, edges, err := Rewire(st, m)
	if err != nil {
		t.Fatalf("Rewire: %v", err)
	}
	if edges != 1 || !field.HasEdge("ring", core.Requires) || !slices.Contains(ring.Enables, "field") {
		t.Errorf("edges %d, field %+v, ring enables %v: Wire's edge not kept", edges, field.Dependencies, ring.Enables)
	}
	// The same run into a store that may hold terms asks it.
	m.NoneStored = false
	ring.Enables, field.Dependencies = nil, nil
	if _, _, err := Rewire(st, m); !errors.Is(err, asked) {
		t.Errorf("err %v: a store that may hold terms was not asked", err)
	}
}

// One edge per pair: a candidate merging found a specialization of a
// stored primitive (specializes 1.0) keeps that one edge when Wire's name
// reference (requires 0.5) is re-pointed at the same primitive, and a
// stronger re-pointed edge replaces a weaker one.
func TestRewireKeepsOneEdgePerPair(t *testing.T) {
	st := fakeStore{prims: map[string]core.Primitive{
		"tree":  {ID: "tree", Name: "Tree", Type: core.Definition},
		"graph": {ID: "graph", Name: "Graph", Type: core.Definition},
	}}
	spanning := &core.Primitive{ID: "spanning", Name: "Spanning tree", Dependencies: []core.Edge{
		{Target: "tree", Type: core.Specializes, Strength: 1},
		{Target: "graph", Type: core.Requires, Strength: 0.5},
	}}
	m := Merged{
		Added:   []string{"spanning"},
		Overlay: map[string]*core.Primitive{"spanning": spanning},
		FinalOf: map[string]string{"spanning": "spanning", "tree-cand": "tree", "graph-cand": "graph"},
		Deps: map[string][]core.Edge{"spanning": {
			{Target: "tree-cand", Type: core.Requires, Strength: 0.5},
			{Target: "graph-cand", Type: core.Applies, Strength: 0.6},
		}},
		From:       map[string]string{"spanning": "spanning"},
		NoneStored: true,
	}
	if _, _, err := Rewire(st, m); err != nil {
		t.Fatal(err)
	}
	want := []core.Edge{{Target: "tree", Type: core.Specializes, Strength: 1}, {Target: "graph", Type: core.Applies, Strength: 0.6}}
	if !slices.Equal(spanning.Dependencies, want) {
		t.Errorf("edges %+v, want %+v", spanning.Dependencies, want)
	}
}

// A target merging set apart under another name takes that name in the
// prerequisites of what depends on it; a prerequisite that merely begins
// the target's name is another term and stays.
func TestRenamePrerequisite(t *testing.T) {
	p := &core.Primitive{Prerequisites: []string{"Linear", "Diagonalizable Linear Operator"}}
	renamePrerequisite(p, "structure-diagonalizable-linear-operator", "Diagonalizable Linear Operator (surely done)")
	renamePrerequisite(p, "structure-linear-operators", "Linear Operators")
	want := []string{"Linear", "Diagonalizable Linear Operator (surely done)"}
	if !slices.Equal(p.Prerequisites, want) {
		t.Errorf("prerequisites %q, want %q", p.Prerequisites, want)
	}
}
