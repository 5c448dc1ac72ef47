package e2e_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

// graphsDraft states two of the sample chapter's results otherwise than
// the chapter does: a quantifier and a number changed, two disagreements
// for a person. (The trees section and the chapter disagree on nothing:
// learned alone, they raise no conflict.)
const graphsDraft = "# Graphs (draft)\n\n" +
	"**Definition 1.3 (Connected graph).** A Graph is *connected* when a Path joins some pair of its vertices.\n\n" +
	"**Theorem 1.6 (Edge count of trees).** Every Tree with n vertices has exactly n + 1 edges.\n"

// learnTreesAndDraft learns the PreTeXt trees section and the draft.
func learnTreesAndDraft(t *testing.T, s *store.Store, dir string) {
	t.Helper()
	learn(t, s, corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx"))
	learn(t, s, write(t, dir, "draft.md", graphsDraft))
}

// learnTreesThenGraphs learns the PreTeXt trees section and a draft of
// two results, and then the sample chapter, which raises conflicts with
// the draft (Connected graph, Edge count of trees), and returns the last
// learn.
func learnTreesThenGraphs(t *testing.T, s *store.Store, dir string) *engine.LearnResult {
	t.Helper()
	learnTreesAndDraft(t, s, dir)
	g := learn(t, s, write(t, dir, "graphs.md", string(assets.Sample())))
	if len(g.Conflicts) < 2 {
		t.Fatalf("setup: the sample chapter raised %d conflicts with the draft, want 2", len(g.Conflicts))
	}
	return g
}

func findConflict(res *engine.LearnResult, candidate string) (core.Conflict, bool) {
	for _, c := range res.Conflicts {
		if c.Candidate.Name == candidate {
			return c, true
		}
	}
	return core.Conflict{}, false
}

func conflictOf(t *testing.T, res *engine.LearnResult, candidate string) core.Conflict {
	t.Helper()
	if c, ok := findConflict(res, candidate); ok {
		return c
	}
	t.Fatalf("setup: no conflict over %q among %d", candidate, len(res.Conflicts))
	return core.Conflict{}
}

// primitivesJSON is every stored primitive, in id order, as JSON.
func primitivesJSON(t *testing.T, s *store.Store) string {
	t.Helper()
	var all []core.Primitive
	if err := s.Primitives(func(p core.Primitive) error { all = append(all, p); return nil }); err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(all, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// byName returns the stored primitives named name, of document doc when
// doc is not empty.
func byName(t *testing.T, s *store.Store, name, doc string) []core.Primitive {
	t.Helper()
	var out []core.Primitive
	if err := s.Primitives(func(p core.Primitive) error {
		if p.Name == name && (doc == "" || p.Provenance.Document == doc) {
			out = append(out, p)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// edgeToName reports whether p has an edge to a stored primitive named name.
func edgeToName(t *testing.T, s *store.Store, p core.Primitive, name string) bool {
	t.Helper()
	for _, e := range p.Dependencies {
		q, ok, err := s.GetPrimitive(e.Target)
		if err != nil {
			t.Fatal(err)
		}
		if ok && q.Name == name {
			return true
		}
	}
	return false
}

// A conflict resolved keep-both or keep-candidate wires the primitive it
// keeps as the learn would have: its own prerequisites become edges, its
// session siblings' edges to it are drawn, the store verifies clean (no
// prerequisite without its edge), and unlearning the session takes every
// one of those edges back, leaving the store as the first learn left it.
func TestResolvedConflictIsWiredAsALearnWouldBe(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, t.TempDir())
	defer s.Close()
	learnTreesAndDraft(t, s, dir)
	before := primitivesJSON(t, s)
	graphs := write(t, dir, "graphs.md", string(assets.Sample()))
	g := learn(t, s, graphs)
	ctx := context.Background()

	both := conflictOf(t, g, "Connected graph")
	res, err := engine.ResolveConflict(ctx, s, both.ID, core.KeepBoth, engine.ResolveOptions{Domains: builtinDomains(t)})
	if err != nil {
		t.Fatal(err)
	}
	kept := byName(t, s, "Connected graph", graphs)
	if len(kept) != 1 {
		t.Fatalf("keep-both stored %d primitives named Connected graph from %s", len(kept), graphs)
	}
	k := kept[0]
	for _, pre := range []string{"Graph", "Path"} {
		if !edgeToName(t, s, k, pre) {
			t.Errorf("the kept Connected graph has no edge to %s: %+v", pre, k.Dependencies)
		}
	}
	// The trees section's Tree ("a connected graph containing no
	// cycles"), stored before, is wired to it as a learn adding it would.
	ptxTree := byName(t, s, "Tree", corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx"))
	if len(ptxTree) != 1 || !edgeToName(t, s, ptxTree[0], "Connected graph") {
		t.Errorf("the stored Tree has no edge to the kept Connected graph: %+v", ptxTree)
	}
	// Breadth-first search names Connected graph: stored now or kept
	// later, its edge to it is drawn.
	if c, ok := findConflict(g, "Breadth-first search"); ok {
		if _, err := engine.ResolveConflict(ctx, s, c.ID, core.KeepBoth, engine.ResolveOptions{Domains: builtinDomains(t)}); err != nil {
			t.Fatal(err)
		}
	}
	// The sample's algorithm is kept apart from the trees section's
	// definition of the name, under a name of its own.
	bfs := byName(t, s, "Breadth-first search (algorithm)", graphs)
	if len(bfs) != 1 || !edgeToName(t, s, bfs[0], "Connected graph") {
		t.Errorf("Breadth-first search of the sample has no edge to the kept Connected graph: %+v", bfs)
	}
	deps, err := s.Dependents(k.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(deps) == 0 {
		t.Errorf("nothing depends on the kept %s; the resolution drew %d changes", k.ID, len(res.Changes))
	}
	verify(t, s)

	repl := conflictOf(t, g, "Edge count of trees")
	if _, err := engine.ResolveConflict(ctx, s, repl.ID, core.KeepCandidate, engine.ResolveOptions{Domains: builtinDomains(t)}); err != nil {
		t.Fatal(err)
	}
	p, ok, err := s.GetPrimitive(repl.Existing.ID)
	if err != nil || !ok {
		t.Fatalf("replaced %s: %v %v", repl.Existing.ID, ok, err)
	}
	if !edgeToName(t, s, p, "Tree") || !slices.Contains(p.Prerequisites, "Tree") {
		t.Errorf("the replacement of %s lists %v but depends on %+v", p.ID, p.Prerequisites, p.Dependencies)
	}
	verify(t, s)

	if _, err := engine.Unlearn(ctx, s, g.Session.ID, engine.UnlearnOptions{Domains: builtinDomains(t)}); err != nil {
		t.Fatalf("unlearn the session whose conflicts were resolved: %v", err)
	}
	verify(t, s)
	if after := primitivesJSON(t, s); after != before {
		t.Errorf("unlearning the second learn left the primitives different from the first learn's:\n%s\nwas\n%s", after, before)
	}
}

// A store whose resolution left the kept primitive without its edges (as
// resolutions did before they were wired) fails verify with missing-edge
// problems; RepairEdges draws them, recorded in the session, so the store
// verifies clean and the session can still be unlearned without force.
func TestRepairWiresTheEdgesAResolutionLeftOut(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, t.TempDir())
	defer s.Close()
	g := learnTreesThenGraphs(t, s, dir)
	c := conflictOf(t, g, "Connected graph")
	// The resolution as it was: the candidate added bare, recorded in the
	// session that raised the conflict.
	c.Candidate.Dependencies = nil
	r, err := merge.Resolve(c, core.KeepBoth, nil, merge.Options{Session: c.Session, Now: time.Now,
		IDTaken: func(id string) (bool, error) { _, ok, err := s.GetPrimitive(id); return ok, err }})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AppendToSession(context.Background(), c.Session, r.Changes, nil); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(store.ProblemMissingEdge) < 2 {
		t.Fatalf("verify found %d missing edges, want those of Connected graph to Graph and Path: %v", rep.Count(store.ProblemMissingEdge), rep.Problems)
	}
	fixed, err := engine.RepairEdges(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixed.Wired) < 2 {
		t.Errorf("repair wired %v (skipped %v)", fixed.Wired, fixed.Skipped)
	}
	verify(t, s)
	k := byName(t, s, "Connected graph", g.Session.Source)
	if len(k) != 1 || !edgeToName(t, s, k[0], "Graph") || !edgeToName(t, s, k[0], "Path") {
		t.Errorf("after repair the kept Connected graph is %+v", k)
	}
	if _, err := engine.Unlearn(context.Background(), s, g.Session.ID, engine.UnlearnOptions{Domains: builtinDomains(t)}); err != nil {
		t.Fatalf("unlearn after repair: %v", err)
	}
	verify(t, s)
}

// Unlearn's preview counts a conflict the session presented and then
// resolved once, as dropped: it said "drops 2 conflicts … reopens 2
// conflicts" for the same two.
func TestUnlearnPreviewDropsResolvedConflictsOnce(t *testing.T) {
	s := openStore(t, t.TempDir())
	defer s.Close()
	g := learnTreesThenGraphs(t, s, t.TempDir())
	ctx := context.Background()
	var ids []string
	for i, c := range g.Conflicts {
		ids = append(ids, c.ID)
		if i < 2 {
			if _, err := engine.ResolveConflict(ctx, s, c.ID, core.KeepExisting, engine.ResolveOptions{Domains: builtinDomains(t)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	pv, err := engine.PreviewUnlearn(s, g.Session.ID, engine.UnlearnOptions{Domains: builtinDomains(t)})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	dropped := slices.Sorted(slices.Values(pv.DroppedConflicts))
	if !slices.Equal(dropped, ids) || len(pv.ReopenedConflicts) != 0 {
		t.Errorf("the preview drops %v and reopens %v; the session presented %v", pv.DroppedConflicts, pv.ReopenedConflicts, ids)
	}
}
