package dedup

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// bfsDefinition and bfsAlgorithm are one concept from two sources, worded
// so differently that by wording alone the second matches nothing.
var (
	bfsDefinition = core.Primitive{ID: "cs-breadth-first-search", Name: "Breadth-first Search", Domain: "computer-science",
		Type:            core.Definition,
		FormalStatement: `This is usually called a breadth-first search (we say "search" because you often traverse a tree looking for a vertex).`,
		Keywords:        []string{"breadth", "search", "travers", "tree", "vertex"}}
	bfsAlgorithm = core.Primitive{ID: "cs-breadth-first-search", Name: "Breadth-first search", Domain: "computer-science",
		Type:            core.Algorithm,
		FormalStatement: "Breadth-first search uses a Queue to visit the vertices of a Connected graph in order of their distance from a start.",
		Keywords:        []string{"breadth", "queue", "visit", "connect", "graph", "distanc"}}
)

func withHash(p core.Primitive) core.Primitive {
	p.Provenance.ContentHash = text.ContentHash(p.FormalStatement)
	return p
}

// checkBoth runs Check and CheckBest, which must act on the same.
func checkBoth(t *testing.T, d *Deduper, cand core.Primitive) Verdict {
	t.Helper()
	v, err := d.Check(&cand)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := d.CheckBest(&cand)
	if err != nil {
		t.Fatal(err)
	}
	if !sameBest(v, lv) {
		t.Fatalf("CheckBest gives %+v, Check %+v", lv.Best, v.Best)
	}
	return v
}

// bipartiteByParts and bipartiteByCycles are two readings of one
// definition: one term, defined two ways.
var (
	bipartiteByParts = core.Primitive{ID: "cs-bipartite", Name: "Bipartite graph", Domain: "computer-science", Type: core.Definition,
		FormalStatement: "A graph is bipartite when its vertices split into two parts and every edge joins the two parts.",
		Keywords:        []string{"graph", "bipartit", "vertic", "part", "edg"}}
	bipartiteByCycles = core.Primitive{ID: "cs-bipartite", Name: "Bipartite Graph", Domain: "computer-science", Type: core.Definition,
		FormalStatement: "A graph is called bipartite if it contains no cycle of odd length.",
		Keywords:        []string{"graph", "bipartit", "cycl", "odd", "length"}}
)

// A stored primitive of the candidate's domain whose name differs only in
// case or punctuation is the same concept: the candidate is judged against
// it, and two readings of one definition that the wording calls new are a
// conflict, never a second copy.
func TestSameNameIsNeverASecondCopy(t *testing.T) {
	stored, cand := withHash(bipartiteByParts), withHash(bipartiteByCycles)
	reg := NewIndex()
	reg.Add(stored)
	v := checkBoth(t, NewDeduper(reg, DefaultConfig()), cand)
	if v.Best == nil || v.Existing == nil || v.Existing.ID != stored.ID || v.Best.Class != core.OverlappingDistinct {
		t.Fatalf("verdict %+v on %+v, want overlapping-distinct on %s", v.Best, v.Existing, stored.ID)
	}
	if !strings.Contains(v.Best.Rationale, "names are the same") {
		t.Errorf("the rationale does not say why: %q", v.Best.Rationale)
	}

	// The same from the run: a primitive remembered earlier in the run.
	d := NewDeduper(nil, DefaultConfig())
	d.Remember(stored)
	if v := checkBoth(t, d, cand); v.Best == nil || v.Existing.ID != stored.ID || v.Best.Class != core.OverlappingDistinct {
		t.Fatalf("run verdict %+v", v.Best)
	}

	// A generalization of it stays an update, an exact duplicate a skip.
	broader := withHash(stored)
	broader.Name = "BIPARTITE GRAPH"
	broader.FormalStatement = stored.FormalStatement + " The two parts are often drawn on two lines, left and right."
	broader.Keywords = append(append([]string{}, stored.Keywords...), "drawn", "line", "left", "right")
	broader = withHash(broader)
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), broader); v.Best == nil || v.Best.Class != core.Generalization || v.Existing.ID != stored.ID {
		t.Fatalf("broader: %+v", v.Best)
	}
	same := stored
	same.Name = "bipartite graph"
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), same); v.Best == nil || v.Best.Class != core.ExactDuplicate {
		t.Fatalf("restated: %+v", v.Best)
	}
}

// A definition and an algorithm of one name (a book's "This is usually
// called a breadth-first search", another's "Breadth-first search uses a
// queue …") are not one statement for a person to choose between: the
// verdict names the stored one, genuinely new, so the merge engine keeps
// the candidate apart under a name of its own. Before, the pair was held
// as a conflict.
func TestSameNameOtherKindIsKeptApart(t *testing.T) {
	stored, cand := withHash(bfsDefinition), withHash(bfsAlgorithm)
	reg := NewIndex()
	reg.Add(stored)
	for _, d := range []*Deduper{NewDeduper(reg, DefaultConfig()), func() *Deduper {
		d := NewDeduper(nil, DefaultConfig())
		d.Remember(stored)
		return d
	}()} {
		v := checkBoth(t, d, cand)
		if v.Best == nil || v.Existing == nil || v.Existing.ID != stored.ID || v.Best.Class != core.GenuinelyNew {
			t.Fatalf("verdict %+v on %+v, want genuinely new on %s", v.Best, v.Existing, stored.ID)
		}
		if !strings.Contains(v.Best.Rationale, "kept apart") {
			t.Errorf("the rationale does not say why: %q", v.Best.Rationale)
		}
	}
}

// Names are one only within a domain and only when they name a subject.
func TestSameNameNeedsDomainAndSubject(t *testing.T) {
	stored, cand := withHash(bfsDefinition), withHash(bfsAlgorithm)
	reg := NewIndex()
	reg.Add(stored)
	other := cand
	other.Domain = "botany"
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), other); v.Best != nil {
		t.Fatalf("another domain: %+v on %s", v.Best, v.Existing.ID)
	}

	lemma := stored
	lemma.ID, lemma.Name = "cs-lemma-2", "Lemma 2"
	reg.Add(lemma)
	cl := cand
	cl.Name = "Lemma 2"
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), cl); v.Best != nil {
		t.Fatalf("two books' Lemma 2: %+v on %s", v.Best, v.Existing.ID)
	}

	// Removed from the index, the name is gone with it.
	reg.Remove(stored.ID)
	if ps, _ := reg.Named(cand.Domain, cand.Name); len(ps) != 0 {
		t.Fatalf("Named after Remove: %v", ps)
	}
}

// The rationale of a conflict raised by a shared name is read while it
// waits and after a person resolved it, keep-both included (which stores
// both): it says the candidate is held for that person and names keeping
// both as theirs to choose, and promises no outcome the decision can undo.
func TestSameNameRationaleLeavesKeepingBothToAPerson(t *testing.T) {
	stored, cand := withHash(bipartiteByParts), withHash(bipartiteByCycles)
	// A reading with more keywords than the other: the wording calls the
	// other a special case of it.
	broader := stored
	broader.Keywords = append(append([]string{}, stored.Keywords...), "odd", "cycl")
	broader = withHash(broader)
	narrower := withHash(bipartiteByCycles)
	narrower.ID, narrower.Name = "cs-bipartite-narrower", "BIPARTITE GRAPH"
	narrower.Keywords = []string{"graph", "bipartit", "vertic", "part", "cycl"}
	for _, c := range []struct {
		name         string
		stored, cand core.Primitive
		class        core.Class // the comparator's by the wording
	}{
		{"worded apart", stored, cand, core.OverlappingDistinct},
		{"a special case", broader, narrower, core.Specialization},
	} {
		reg := NewIndex()
		reg.Add(c.stored)
		if got := Compare(&c.cand, &c.stored); got.Class != c.class {
			t.Fatalf("%s: setup: the wording compares as %s, want %s", c.name, got.Class, c.class)
		}
		v := checkBoth(t, NewDeduper(reg, DefaultConfig()), c.cand)
		if v.Best == nil || v.Best.Class != core.OverlappingDistinct || v.Existing.ID != c.stored.ID {
			t.Fatalf("%s: verdict %+v, want overlapping-distinct on %s", c.name, v.Best, c.stored.ID)
		}
		r := v.Best.Rationale
		for _, want := range []string{"names are the same", "held for a person", "or both if they are two concepts"} {
			if !strings.Contains(r, want) {
				t.Errorf("%s: the rationale does not say %q: %q", c.name, want, r)
			}
		}
		if strings.Contains(r, "stored twice") {
			t.Errorf("%s: the rationale promises the pair is never stored twice, which keep-both does: %q", c.name, r)
		}
	}
}
