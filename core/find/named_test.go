package find_test

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/find"
)

// TestFindPutsTheNamedPrimitiveFirst: asking for a concept by its name
// finds it first, before primitives whose longer statements use the word
// more often; singular and plural are the same name.
func TestFindPutsTheNamedPrimitiveFirst(t *testing.T) {
	prims := []core.Primitive{
		{ID: "cs-connected-graph", Name: "Connected graph", Type: core.Definition, Keywords: []string{"graph", "connected", "path"},
			FormalStatement: "A graph is connected when a path joins every pair of vertices of the graph."},
		{ID: "cs-graph", Name: "Graph", Type: core.Definition, Keywords: []string{"graph", "vertices", "edges"},
			FormalStatement: "A graph is a pair of a finite set of vertices and a set of edges."},
		{ID: "cs-tree", Name: "Tree", Type: core.Definition, Keywords: []string{"tree", "graph"},
			FormalStatement: "A tree is a connected graph without cycles; every tree is a graph."},
	}
	for _, q := range []string{"graph", "Graphs"} {
		hits := find.Primitives(prims, q, 0)
		if len(hits) != 3 || hits[0].Primitive.ID != "cs-graph" {
			t.Errorf("find %q: %+v", q, hits)
		}
	}
}
