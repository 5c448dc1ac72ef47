package e2e_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

// named returns the stored primitives of the domain whose name is name up
// to case and punctuation.
func named(t *testing.T, s *store.Store, domain, name string) []core.Primitive {
	t.Helper()
	var out []core.Primitive
	want := text.NameKey(name)
	err := s.Primitives(func(p core.Primitive) error {
		if p.Domain == domain && text.NameKey(p.Name) == want {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// One name from two sources. A definition of "Breadth-first Search" in one
// book and the algorithm "Breadth-first search" in another, worded with
// little in common, are two statements of two kinds, not a question for a
// person: the second is kept apart under a name of its own, never a second
// copy under the same name (before, it was held as a conflict). Another
// reading of the definition is a conflict naming the stored primitive.
// Learning a source again raises nothing new.
func TestSameNameFromAnotherSourceIsAConflictNotACopy(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	cs := func(o *engine.LearnOptions) { o.Domain = "computer-science" }
	first := learn(t, s, write(t, dir, "trees.md", "# Trees\n\n**Definition 2.1 (Breadth-first Search).** Exploring a rooted tree "+
		"one level at a time, nearest nodes first, is called a breadth-first search.\n"), cs)
	if first.Counts.Added != 1 {
		t.Fatalf("setup: %+v", first.Counts)
	}
	algorithm := write(t, dir, "graphs.md", "# Traversal\n\n**Algorithm 1.10 (Breadth-first search).** Breadth-first search uses a Queue to visit "+
		"the vertices of a Connected graph in order of their distance from a start vertex.\n")
	res := learn(t, s, algorithm, cs)
	if got := named(t, s, "computer-science", "breadth first search"); len(got) != 1 {
		t.Fatalf("%d primitives named breadth-first search after the second learn (%+v): want one", len(got), res.Counts)
	}
	if res.Counts.Added != 1 || res.Counts.Conflicts != 0 || len(res.Primitives) != 1 || res.Primitives[0].Name != "Breadth-first search (algorithm)" {
		t.Fatalf("second learn: %+v %+v, want the algorithm added apart", res.Counts, res.Primitives)
	}
	if again := learn(t, s, algorithm, cs); again.Counts.Added != 0 || again.Counts.Conflicts != 0 {
		t.Fatalf("learning the second source again: %+v", again.Counts)
	}

	reading := write(t, dir, "search.md", "# Search\n\n**Definition 3.1 (Breadth-first search).** A breadth-first search visits "+
		"the vertices of a graph in order of their distance from a start vertex.\n")
	res = learn(t, s, reading, cs)
	if res.Counts.Added != 0 || res.Counts.Conflicts != 1 {
		t.Fatalf("another reading of the definition: %+v, want one conflict and nothing added", res.Counts)
	}
	c := res.Conflicts[0]
	if c.Existing.ID != first.Primitives[0].ID || c.Candidate.Name != "Breadth-first search" ||
		!strings.Contains(c.Comparison.Rationale, "names are the same") {
		t.Fatalf("conflict %s: %q vs %s, rationale %q", c.ID, c.Candidate.Name, c.Existing.ID, c.Comparison.Rationale)
	}
	again := learn(t, s, reading, cs)
	if again.Counts.Added != 0 || again.Counts.Conflicts != 0 {
		t.Fatalf("learning the reading again: %+v", again.Counts)
	}
	verify(t, s)

	// keep-both is the person's decision that the two are distinct
	// concepts: both are stored, and the resolved conflict's rationale,
	// shown by lore conflicts --all and the Conflicts screen, still reads
	// true — it promised no single copy.
	if _, err := engine.ResolveConflict(context.Background(), s, c.ID, core.KeepBoth, engine.ResolveOptions{}); err != nil {
		t.Fatalf("keep-both: %v", err)
	}
	if got := named(t, s, "computer-science", "breadth first search"); len(got) != 2 {
		t.Fatalf("%d primitives named breadth-first search after keep-both, want both", len(got))
	}
	stored, ok, err := s.Conflict(c.ID)
	if err != nil || !ok {
		t.Fatalf("conflict %s: %v %v", c.ID, ok, err)
	}
	if r := stored.Comparison.Rationale; strings.Contains(r, "stored twice") || !strings.Contains(r, "or both if they are two concepts") {
		t.Errorf("after keep-both the conflict says %q", r)
	}
	verify(t, s)
}

// The case the issue was found with: the trees section of a PreTeXt book,
// then lore's sample chapter. Breadth-first search, depth-first search and
// spanning tree are each stored once.
func TestSameNameAcrossCorpusAndSample(t *testing.T) {
	ptx := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	learn(t, s, ptx)
	learn(t, s, write(t, dir, assets.SampleName, string(assets.Sample())))
	for _, name := range []string{"Breadth-first search", "Depth-first search", "Spanning tree"} {
		ps := named(t, s, "computer-science", name)
		if len(ps) != 1 {
			var ids []string
			for _, p := range ps {
				ids = append(ids, p.ID)
			}
			t.Errorf("%s stored %d times: %v", name, len(ps), ids)
		}
	}
	verify(t, s)
}
