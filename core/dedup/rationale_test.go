package dedup

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A same-named candidate that holds nothing the stored statement lacks is
// a duplicate; the rationale says it restates it in fewer words only when
// it has fewer. Here the candidate takes 21 words for what the stored
// definition says in 15.
func TestRestatedInMoreWordsIsNotFewer(t *testing.T) {
	stored := withHash(core.Primitive{ID: "cs-bipartite-graph", Name: "Bipartite graph", Domain: "computer-science", Type: core.Definition,
		FormalStatement: "A bipartite graph is a simple graph whose vertices split into two disjoint independent sets.",
		Keywords:        []string{"bipartit", "graph", "vertic", "independ", "set"}})
	cand := withHash(core.Primitive{ID: "cs-bipartite-graph", Name: "Bipartite Graph", Domain: "computer-science", Type: core.Definition,
		FormalStatement: "A bipartite graph is a graph whose vertices can be split into two sets that are each of them an independent set.",
		Keywords:        []string{"bipartit", "graph", "vertic", "independ", "set"}})
	reg := NewIndex()
	reg.Add(stored)
	v := checkBoth(t, NewDeduper(reg, DefaultConfig()), cand)
	if v.Best == nil || v.Best.Class != core.ExactDuplicate {
		t.Fatalf("verdict %+v, want a duplicate", v.Best)
	}
	if strings.Contains(v.Best.Rationale, "fewer words") || !strings.Contains(v.Best.Rationale, "more words") {
		t.Errorf("a candidate of 21 words against 15: %q", v.Best.Rationale)
	}

	// The other way round the candidate is the shorter, and says so.
	shorter := withHash(core.Primitive{ID: "cs-bipartite-graph", Name: "Bipartite graph", Domain: "computer-science", Type: core.Definition,
		FormalStatement: "A bipartite graph: its vertices split into two independent sets.",
		Keywords:        []string{"bipartit", "graph", "vertic", "independ", "set"}})
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), shorter); v.Best == nil || !strings.Contains(v.Best.Rationale, "in fewer words") {
		t.Errorf("a shorter restatement: %+v", v.Best)
	}
}

// Two statements equal only once their mathematics is spelled one way
// (\le and \leq, \N and \mathbb{N}) are the same statement in other
// notation, not identical: the rationale says so and the statement score
// is the one measured on the texts as written. Texts that differ only in
// case and spacing stay identical, with score 1.
func TestOtherNotationIsNotIdentical(t *testing.T) {
	book := withHash(core.Primitive{ID: "analysis-bounded-sequence", Name: "Bounded sequence", Type: core.Definition,
		FormalStatement: `A sequence $\{x_n\}$ is bounded if there is $B \in \mathbb{R}$ such that $|x_n| \leq B$ for all $n \in \mathbb{N}$.`,
		Keywords:        []string{"sequenc", "bound"}})
	slide := book
	slide.ID = "analysis-bounded-sequence-2"
	slide.FormalStatement = `A sequence $\{x_n\}$ is bounded if there is $B \in \R$ such that $|x_n| \le B$ for all $n \in \N$.`
	slide = withHash(slide)
	c := Compare(&slide, &book)
	if c.Class != core.ExactDuplicate {
		t.Fatalf("other notation: %s, want a duplicate", c.Class)
	}
	if c.FormalSimilarity >= 1 || c.FormalSimilarity < 0.5 {
		t.Errorf("other notation: statement %.2f, want the similarity of the texts as written", c.FormalSimilarity)
	}
	if strings.Contains(c.Rationale, "Identical") || !strings.Contains(c.Rationale, "same statement in other notation") {
		t.Errorf("other notation: %q", c.Rationale)
	}

	// Through the deduper, as a learn meets it.
	reg := NewIndex()
	reg.Add(book)
	v := checkBoth(t, NewDeduper(reg, DefaultConfig()), slide)
	if v.Best == nil || v.Best.FormalSimilarity >= 1 || !strings.Contains(v.Best.Rationale, "same statement in other notation") {
		t.Errorf("the learn's verdict: %+v", v.Best)
	}

	spaced := book
	spaced.ID = "analysis-bounded-sequence-3"
	spaced.FormalStatement = strings.ReplaceAll(strings.ToUpper(book.FormalStatement[:1])+book.FormalStatement[1:], " ", "  ")
	spaced = withHash(spaced)
	if c := Compare(&spaced, &book); c.Class != core.ExactDuplicate || c.FormalSimilarity != 1 || !strings.HasPrefix(c.Rationale, "Identical") {
		t.Errorf("the same text spaced otherwise: %s %.2f %q", c.Class, c.FormalSimilarity, c.Rationale)
	}
}
