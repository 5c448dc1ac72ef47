package find

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

func prim(id, name, statement string, requires ...string) core.Primitive {
	p := core.Primitive{ID: id, Name: name, Type: core.Definition, Domain: "cs", FormalStatement: statement}
	for _, r := range requires {
		p.Dependencies = append(p.Dependencies, core.Edge{Target: r, Type: core.Requires, Strength: 1})
	}
	return p
}

func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Primitive.ID
	}
	return out
}

// A primitive named what was asked for comes first, then the others by
// relevance; nothing that lacks every word of the query is returned; top
// bounds the answer; an index kept between queries answers as a new one.
func TestIndexRanks(t *testing.T) {
	prims := []core.Primitive{
		prim("walk", "Walk", "A walk in a graph is a sequence of vertices, graph edges joining graph vertices, graph after graph."),
		prim("graph", "Graphs", "A graph is a set of vertices with edges."),
		prim("tree", "Tree", "A tree is a connected graph without cycles."),
		prim("sort", "Sorting", "Sorting puts items in order."),
	}
	x := NewIndex(prims)
	if x.Len() != 4 {
		t.Fatalf("Len %d", x.Len())
	}
	got := ids(x.Search("graph", 0))
	if len(got) != 3 || got[0] != "graph" || slices.Contains(got, "sort") {
		t.Errorf("graph: %v, want graph first (its name), the two others that say graph, not sort", got)
	}
	if got := ids(x.Search("graph", 2)); len(got) != 2 || got[0] != "graph" {
		t.Errorf("graph, top 2: %v", got)
	}
	if got := x.Search("zebra", 0); len(got) != 0 {
		t.Errorf("zebra: %v", ids(got))
	}
	for _, q := range []string{"graph", "tree cycles", "order", "vertices edges"} {
		if a, b := ids(x.Search(q, 0)), ids(Primitives(prims, q, 0)); !slices.Equal(a, b) {
			t.Errorf("%q: the kept index gives %v, a new one %v", q, a, b)
		}
	}
}

// Among equally relevant primitives the more important (the more that
// require it) comes first, then the lower id.
func TestIndexBreaksTiesByImportance(t *testing.T) {
	prims := []core.Primitive{
		prim("b", "Beta", "a lemma about rings", "c"),
		prim("a", "Alpha", "a lemma about rings", "c"),
		prim("c", "Gamma", "a lemma about rings"),
	}
	if got := ids(NewIndex(prims).Search("rings", 0)); !slices.Equal(got, []string{"c", "a", "b"}) {
		t.Errorf("rings: %v, want c (both others require it), then a, b by id", got)
	}
}
