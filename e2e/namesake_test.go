package e2e_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

// kindApart is a name without the kind merging adds to tell it from a
// same-titled result of another kind ("Spanning Tree (definition)" beside
// the theorem "Spanning tree"): the title both share, lowercased.
func kindApart(p core.Primitive) string {
	name := p.Name
	if suffix := " (" + string(p.Type) + ")"; strings.HasSuffix(name, suffix) {
		name = strings.TrimSuffix(name, suffix)
	}
	return strings.ToLower(name)
}

// namesakeEdges learns sources into a fresh store in the order given and
// returns its edges as "from (kind) → to (kind) type", each end named by
// its title without the kind merging added and, for a primitive a later
// candidate was found to duplicate, by the first in order of the titles it
// stands for (the duplicate keeps the title of the side learned first,
// which is no edge's business). It fails the test when a primitive depends
// on a namesake of another kind.
func namesakeEdges(t *testing.T, sources ...string) []string {
	t.Helper()
	s := openStore(t, t.TempDir())
	defer s.Close()
	alias := map[string][]string{} // stored id → ids of candidates it stood for
	for _, src := range sources {
		res := learn(t, s, src)
		for _, e := range res.Provenance {
			// A duplicate is skipped, or gives the stored primitive the
			// proof it lacked (update-proof): either way it stands for it.
			if (e.Action == core.ProvSkip || e.Action == core.ProvUpdateProof) && e.ExistingID != "" && e.CandidateID != e.ExistingID {
				alias[e.ExistingID] = append(alias[e.ExistingID], e.CandidateID)
			}
		}
	}
	verify(t, s)
	prims := map[string]core.Primitive{}
	if err := s.Primitives(func(p core.Primitive) error { prims[p.ID] = p; return nil }); err != nil {
		t.Fatal(err)
	}
	// A primitive is keyed by its id and the ids of the candidates it
	// stood for (ids, not names: a long name's id is cut short), without
	// the domain and without the kind merging added.
	key := func(p core.Primitive) string {
		own := p.ID
		if strings.HasSuffix(p.Name, " ("+string(p.Type)+")") {
			own = strings.TrimSuffix(own, "-"+string(p.Type))
		}
		k := ""
		for _, id := range append([]string{own}, alias[p.ID]...) {
			if a := strings.ReplaceAll(strings.TrimPrefix(id, p.Domain+"-"), "-", " "); k == "" || a < k {
				k = a
			}
		}
		return fmt.Sprintf("%s (%s)", k, p.Type)
	}
	var out []string
	for _, id := range slices.Sorted(maps.Keys(prims)) {
		p := prims[id]
		for _, e := range p.Dependencies {
			q, ok := prims[e.Target]
			if !ok {
				t.Errorf("%s depends on %s, which is not stored", p.ID, e.Target)
				continue
			}
			if q.Type != p.Type && kindApart(q) == kindApart(p) {
				t.Errorf("the %s %q %s the %s %q, its namesake (learned %s)", p.Type, p.Name, e.Type, q.Type, q.Name, strings.Join(sources, " then "))
			}
			out = append(out, fmt.Sprintf("%s → %s %s", key(p), key(q), e.Type))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// sameEdgesEitherOrder learns two sources in both orders into two stores
// and compares their edges by names and kinds.
func sameEdgesEitherOrder(t *testing.T, first, second string) {
	t.Helper()
	ab := namesakeEdges(t, first, second)
	ba := namesakeEdges(t, second, first)
	if len(ab) == 0 {
		t.Fatal("setup: no edge was stored")
	}
	for _, x := range []struct {
		order     string
		has, lack []string
	}{{"learned in the order given", ab, ba}, {"learned in the other order", ba, ab}} {
		for _, e := range x.has {
			if !slices.Contains(x.lack, e) {
				t.Errorf("only when %s: %s", x.order, e)
			}
		}
	}
}

// Two results that share a title — the theorem "Spanning tree" of the
// sample chapter and the definition "Spanning Tree" of the PreTeXt trees
// section, the algorithm "Breadth-first search" and the definition of the
// term — get the same edges whichever is learned first: a mention of the
// term is the definition's, and neither depends on its namesake of
// another kind, where the side learned second used to require the stored
// one ("Spanning Tree (definition) requires Spanning tree", the theorem).
func TestSameTitledResultsHaveTheSameEdgesInEitherOrder(t *testing.T) {
	ptx := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	md := write(t, t.TempDir(), "graphs.md", string(assets.Sample()))
	sameEdgesEitherOrder(t, ptx, md)
}

// The same without the corpus: a corollary titled like the term another
// document defines, and a definition built on that term.
func TestSameTitledResultsOfTwoDocumentsHaveTheSameEdgesInEitherOrder(t *testing.T) {
	dir := t.TempDir()
	graphs := write(t, dir, "walks.md", `# Walks

## 1.1 Graphs

**Definition 1.1 (Graph).** A *graph* is a pair of a finite set of vertices
and a set of edges, each edge joining two distinct vertices.

**Definition 1.2 (Queue).** A *queue* is a sequence that removes elements in
the order they were added.

**Algorithm 1.3 (Breadth-first search).** Breadth-first search uses a Queue
to visit the vertices of a Graph in order of their distance from a start
vertex.

**Corollary 1.4 (Spanning tree).** The edges used by Breadth-first search on
a Graph whose vertices are all joined form a subgraph without cycles that
reaches every vertex.
`)
	trees := write(t, dir, "trees.md", `# Trees

## 2.1 Spanning trees

**Definition 2.1 (Spanning tree).** A *spanning tree* of a graph is a
subgraph without cycles that includes every one of its vertices.

**Definition 2.2 (Breadth-first search).** Visiting the vertices nearest the
start first, level by level, is called a *breadth-first search*.

**Definition 2.3 (Minimum spanning tree).** A *minimum spanning tree* of a
weighted graph is a spanning tree whose edge weights have the least sum.

**Theorem 2.4 (Levels).** The vertices a breadth-first search reaches from
the start vertex come in order of their distance from it.
`)
	sameEdgesEitherOrder(t, graphs, trees)
}
