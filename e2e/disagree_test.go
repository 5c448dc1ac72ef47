package e2e_test

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

// Conflicts are disagreements. Lore's sample chapter and the trees section
// of a PreTeXt book, learned into one store in either order, state some of
// the same things ("Every tree with at least two vertices has at least
// two vertices of degree one") and many different ones: the first are
// duplicates, the others are added, and no pair is a conflict — not
// "Characterization of Forests" against the definition "Connected graph",
// not a definition against an algorithm of its name (kept apart, named
// apart). The sentence "Our second proposition tells us that all trees
// have leaves: …" reports a result: it is no definition of "Leaves".
func TestSampleAndTreesSectionNeverConflict(t *testing.T) {
	ptx := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	for _, order := range []string{"sample first", "trees section first"} {
		dir := t.TempDir()
		sample := write(t, dir, assets.SampleName, string(assets.Sample()))
		sources := []string{sample, ptx}
		if order == "trees section first" {
			sources = []string{ptx, sample}
		}
		s := openStore(t, dir)
		for _, src := range sources {
			res := learn(t, s, src)
			for _, c := range res.Conflicts {
				t.Errorf("%s: %s: conflict between %s %q and %s %q (%s)", order, src, c.Candidate.Type, c.Candidate.Name,
					c.Existing.Type, c.Existing.Name, c.Comparison.Rationale)
			}
		}
		err := s.Primitives(func(p core.Primitive) error {
			if p.Type == core.Definition && (strings.EqualFold(p.Name, "Leaves") || strings.Contains(p.FormalStatement, "proposition tells us")) {
				t.Errorf("%s: a sentence reporting a result stored as the definition %q: %q", order, p.Name, p.FormalStatement)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// The two breadth-first searches are both kept, apart.
		if got := named(t, s, "computer-science", "Breadth-first search"); len(got) != 1 {
			t.Errorf("%s: %d primitives named breadth-first search, want one (the other named apart)", order, len(got))
		}
		verify(t, s)
		s.Close()
	}
}
