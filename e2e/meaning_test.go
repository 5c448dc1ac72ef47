package e2e_test

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/corpus"
)

func treeDoc(kind, name, statement string) string {
	return "# Trees\n\n**" + kind + " 2.1 (" + name + ").** " + statement + "\n"
}

// Learned twice, a statement whose second version changes a number, a
// negation or a quantifier is a conflict that names the change — not a
// duplicate skipped — and the stored statement stays; a definition whose
// formula is written with spaces or as Markdown code in a broader
// statement updates the stored one; a rewording that keeps the meaning is
// skipped as a duplicate.
func TestLearnTwiceMeaningChangesConflictRewordingsDoNot(t *testing.T) {
	cs := func(o *engine.LearnOptions) { o.Domain = "computer-science" }
	const edges = "Every tree with n vertices has exactly n-1 edges."
	for _, c := range []struct {
		name, first, second string
		kind                string // of the primitive
		want                string // "conflict", "update" or "skip"
		reason              string // in the conflict's rationale
	}{
		{"number", edges, "Every tree with n vertices has exactly n+1 edges.", "Theorem", "conflict", `number differs: stored "n-1", candidate "n+1"`},
		{"negation", "Every tree with n vertices is a connected graph.", "Every tree with n vertices is not a connected graph.", "Theorem", "conflict", `negation: candidate adds "not"`},
		{"amount", "Every tree with at least two vertices has at least two leaves.", "Every tree with at least two vertices has at most two leaves.",
			"Theorem", "conflict", `amount differs: stored "at least", candidate "at most"`},
		{"spaced formula", "A tree on n vertices is a connected graph with n-1 edges and no cycle.",
			"A tree on n vertices is a connected graph with n − 1 edges and no cycle, as studied in graph theory and in the analysis of networks.", "Definition", "update", ""},
		{"code formula", "A tree on n vertices is a connected graph with n-1 edges and no cycle.",
			"A tree on n vertices is a connected graph with `n - 1` edges and no cycle, as studied in graph theory and in the analysis of networks.", "Definition", "update", ""},
		{"rewording", edges, "Each tree with n vertices has exactly n − 1 edges.", "Theorem", "skip", ""},
		{"math formula", "Every tree with $n$ vertices has exactly $n-1$ edges.", "Every tree with $n$ vertices has exactly $n+1$ edges.",
			"Theorem", "conflict", `number differs: stored "n-1", candidate "n+1"`},
		{"code formula changed", "Every tree with n vertices has exactly `n - 1` edges.", "Every tree with n vertices has exactly `n + 1` edges.",
			"Theorem", "conflict", `number differs: stored "n-1", candidate "n+1"`},
		// Emphasis on a word is typography: the document edited to drop or
		// add it states the same thing.
		{"emphasis dropped", "A *forest* is a graph with no cycle, each of whose components is a tree.",
			"A forest is a graph with no cycle, each of whose components is a tree.", "Definition", "skip", ""},
		{"emphasis added", "A forest is a graph with no cycle, each of whose components is a tree.",
			"A *forest* is a graph with no cycle, each of whose _components_ is a tree.", "Definition", "skip", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s := openStore(t, dir)
			defer s.Close()
			first := learn(t, s, write(t, dir, "a.md", treeDoc(c.kind, "Edge count of trees", c.first)), cs)
			if first.Counts.Added != 1 {
				t.Fatalf("setup: %+v", first.Counts)
			}
			id := first.Primitives[0].ID
			res := learn(t, s, write(t, dir, "b.md", treeDoc(c.kind, "Edge count of trees", c.second)), cs)
			n := res.Counts
			p, ok, err := s.GetPrimitive(id)
			if err != nil || !ok {
				t.Fatalf("%s: %v %v", id, ok, err)
			}
			switch c.want {
			case "conflict":
				if n.Conflicts != 1 || n.Skipped+n.Added+n.Updated != 0 {
					t.Fatalf("second learn: %+v, want one conflict", n)
				}
				if r := res.Conflicts[0].Comparison.Rationale; !strings.Contains(r, c.reason) {
					t.Errorf("the conflict does not name %s: %q", c.reason, r)
				}
				if p.FormalStatement != c.first {
					t.Errorf("the stored statement changed: %q", p.FormalStatement)
				}
			case "update":
				if n.Updated != 1 || n.Conflicts+n.Added != 0 {
					t.Fatalf("second learn: %+v, want one update", n)
				}
				if p.FormalStatement != c.second || len(p.Versions) != 1 {
					t.Errorf("after the update: %q, versions %+v", p.FormalStatement, p.Versions)
				}
			case "skip":
				if n.Skipped != 1 || n.Conflicts+n.Added+n.Updated != 0 {
					t.Fatalf("second learn: %+v, want a skip as a duplicate", n)
				}
			}
			verify(t, s)
		})
	}
}

// The sample chapter's Tree ("A *tree* is a Connected graph that contains
// no cycles") and the PreTeXt book's ("A tree is a connected graph
// containing no cycles") state one thing: learned in either order, the
// second is no conflict that calls the emphasis a changed formula.
func TestEmphasisIsNoFormulaAcrossCorpusAndSample(t *testing.T) {
	ptx := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	for _, order := range []string{"pretext first", "sample first"} {
		t.Run(order, func(t *testing.T) {
			dir := t.TempDir()
			s := openStore(t, dir)
			defer s.Close()
			sample := write(t, dir, assets.SampleName, string(assets.Sample()))
			first, second := ptx, sample
			if order == "sample first" {
				first, second = sample, ptx
			}
			learn(t, s, first)
			res := learn(t, s, second)
			for _, c := range res.Conflicts {
				if strings.Contains(c.Comparison.Rationale, "formula differs") {
					t.Errorf("conflict %s (%q vs %q): %s", c.ID, c.Candidate.Name, c.Existing.Name, c.Comparison.Rationale)
				}
			}
			if got := named(t, s, "computer-science", "Tree"); len(got) != 1 {
				t.Errorf("Tree stored %d times", len(got))
			}
			verify(t, s)
		})
	}
}
