package e2e_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/wire"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

// markupDocuments are the corpus's markup documents (PreTeXt, LaTeX and
// Markdown), the ones learned by the order test.
var markupDocuments = []string{
	"pretext_levin_discrete_sec_gt-trees.ptx",
	"latex_ods_sorting.tex",
	"latex_openintro_ch_probability.tex",
	"latex_openlogic_enumerability.tex",
	"latex_untitled-envs_hott_equivalences.tex",
	"paper_collaborative-text-editing.tex",
	"apiref_goldmark_README.md",
	"tutorial-numbered_wsl_wsl-containers.md",
	"tutorial-steps_bitnami_redis-sentinel_README.md",
}

// edgeSet is every stored edge as "from → to (type strength)", sorted.
func edgeSet(t *testing.T, s *store.Store) []string {
	t.Helper()
	var out []string
	if err := s.Primitives(func(p core.Primitive) error {
		for _, e := range p.Dependencies {
			out = append(out, fmt.Sprintf("%s → %s (%s %.2f)", p.ID, e.Target, e.Type, e.Strength))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// The corpus learned in two opposite orders gives the same set of edges:
// a stored statement naming a term a later learn defines is wired to it
// (the reverse of linking new statements to stored terms), so no edge
// depends on which document came first.
func TestCorpusLearnedInOppositeOrdersHasTheSameEdges(t *testing.T) {
	paths := make([]string, len(markupDocuments))
	for i, name := range markupDocuments {
		paths[i] = corpus.Path(t, name)
	}
	learnAll := func(order []string) (*store.Store, []string) {
		s := openStore(t, t.TempDir())
		for _, p := range order {
			learn(t, s, p)
		}
		verify(t, s)
		return s, edgeSet(t, s)
	}
	a, forward := learnAll(paths)
	defer a.Close()
	reversed := slices.Clone(paths)
	slices.Reverse(reversed)
	b, backward := learnAll(reversed)
	defer b.Close()
	if len(forward) == 0 {
		t.Fatal("setup: the corpus gave no edge")
	}
	for _, e := range forward {
		if !slices.Contains(backward, e) {
			t.Errorf("only when learned first to last: %s", e)
		}
	}
	for _, e := range backward {
		if !slices.Contains(forward, e) {
			t.Errorf("only when learned last to first: %s", e)
		}
	}
}

// Learning the trees section and then the sample chapter wires the stored
// Tree ("a connected graph containing no cycles") to the Graph the chapter
// defines; the edge is the chapter's session's to take back, and
// unlearning it does so without force, leaving the trees section as it was.
func TestLearnWiresStoredStatementsToNewTerms(t *testing.T) {
	s := openStore(t, t.TempDir())
	defer s.Close()
	learn(t, s, corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx"))
	before := primitivesJSON(t, s)
	trees := byName(t, s, "Tree", "")
	if len(trees) != 1 || len(trees[0].Dependencies) != 0 {
		t.Fatalf("setup: the trees section's Tree is %+v", trees)
	}
	g := learn(t, s, write(t, t.TempDir(), "graphs.md", string(assets.Sample())))
	tree, ok, err := s.GetPrimitive(trees[0].ID)
	if err != nil || !ok {
		t.Fatalf("tree: %v %v", ok, err)
	}
	if !edgeToName(t, s, tree, "Graph") {
		t.Errorf("the stored Tree names Graph but depends on %+v", tree.Dependencies)
	}
	for _, e := range tree.Dependencies {
		if e.Description != wire.ReverseDescription {
			t.Errorf("edge %+v of the stored Tree is not a reference to a term learned later", e)
		}
	}
	changes, err := s.Changes(g.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(changes, func(ch core.Change) bool { return ch.PrimitiveID == tree.ID && len(ch.DependenciesAdded) > 0 }) {
		t.Error("the chapter's session does not record the edges it gave the stored Tree")
	}
	verify(t, s)
	if _, err := engine.Unlearn(context.Background(), s, g.Session.ID, engine.UnlearnOptions{Domains: builtinDomains(t)}); err != nil {
		t.Fatalf("unlearn the chapter: %v", err)
	}
	verify(t, s)
	if after := primitivesJSON(t, s); after != before {
		t.Errorf("unlearning the chapter left the trees section different:\n%s\nwas\n%s", after, before)
	}
}

// The PreTeXt trees section and the sample chapter, learned in opposite
// orders, give every primitive both orders store the same edges to the
// primitives both orders hold. The two sources define many of the same
// terms (Tree, Spanning tree, Connected graph, Breadth-first search…), and
// each pair that differs is a conflict: the side learned first is stored,
// the other waits as a candidate. So a primitive counts as stored in both
// orders only when both hold it with the same statement from the same
// document (one side of a conflict is in one store only), and its edges are
// compared by their targets' ids: a statement naming "tree" depends on the
// Tree stored under that id, whichever side of the conflict it is. Whether
// the named term was defined in the same learn (wired within the run) or
// in the earlier one (linked across sessions) must not decide whether the
// edge exists: "Parent and Child" names "tree" and "Minimum Spanning Tree"
// names "spanning tree" in either order.
func TestTreesSectionAndSampleChapterInOppositeOrdersHaveTheSameEdges(t *testing.T) {
	ptx := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	md := write(t, t.TempDir(), "graphs.md", string(assets.Sample()))
	type stored struct {
		prims map[string]core.Primitive
		edges map[string][]string // from id → target ids
	}
	learnBoth := func(first, second string) stored {
		s := openStore(t, t.TempDir())
		defer s.Close()
		learn(t, s, first)
		learn(t, s, second)
		verify(t, s)
		out := stored{prims: map[string]core.Primitive{}, edges: map[string][]string{}}
		if err := s.Primitives(func(p core.Primitive) error {
			out.prims[p.ID] = p
			for _, e := range p.Dependencies {
				out.edges[p.ID] = append(out.edges[p.ID], e.Target)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	a := learnBoth(ptx, md)
	b := learnBoth(md, ptx)
	same := func(id string) bool {
		p, inA := a.prims[id]
		q, inB := b.prims[id]
		return inA && inB && p.FormalStatement == q.FormalStatement && p.Provenance.Document == q.Provenance.Document
	}
	compared := 0
	for _, id := range slices.Sorted(maps.Keys(a.prims)) {
		if !same(id) {
			continue
		}
		for _, x := range []struct {
			name     string
			has, not stored
		}{{"trees section first", a, b}, {"sample chapter first", b, a}} {
			for _, target := range x.has.edges[id] {
				if q, ok := x.not.prims[target]; !ok || q.Type != x.has.prims[target].Type {
					// A target only one order stores, or an id the other
					// order gave a namesake of another kind ("Spanning
					// tree", the theorem, learned first): the edges of
					// namesakes are compared by name and kind in
					// TestSameTitledResultsHaveTheSameEdgesInEitherOrder.
					continue
				}
				compared++
				if !slices.Contains(x.not.edges[id], target) {
					t.Errorf("%s → %s only when the %s (%q)", id, target, x.name, x.has.prims[id].FormalStatement)
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("setup: no edge between primitives both orders store")
	}
}
