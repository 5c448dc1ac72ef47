package curate_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/text"
)

// prim is a candidate of doc.tex with the given statement and edges.
func prim(id, name, stmt string, deps ...string) core.Primitive {
	p := core.Primitive{ID: id, Name: name, Type: core.Theorem, FormalStatement: stmt,
		Provenance: core.Provenance{Document: "/books/doc.tex", Section: "Groups", ContentHash: text.ContentHash(stmt)}}
	for _, d := range deps {
		p.Dependencies = append(p.Dependencies, core.Edge{Target: d, Type: core.Requires, Strength: 1})
	}
	return p
}

func chain() []core.Primitive {
	return []core.Primitive{
		prim("a", "Definition 1", "A group is a set with an operation."),
		prim("b", "Lemma 2", "The identity of a group is unique.", "a"),
		prim("c", "Theorem 3", "Inverses in a group are unique.", "a", "b"),
	}
}

func TestMergeSplitAndCycles(t *testing.T) {
	g := curate.NewCandidates(chain())
	w := curate.New(g)
	var cyc *curate.CycleError
	if err := w.Apply(core.Curation{Kind: core.CurateLink, ID: "a", Other: "c"}); !errors.As(err, &cyc) || fmt.Sprint(cyc.Path) != "[a c a]" {
		t.Fatalf("a → c closes a → c → a: %v", err)
	}
	if err := w.Apply(core.Curation{Kind: core.CurateMerge, ID: "b", Other: "b"}); err == nil {
		t.Fatal("merged b into itself")
	}
	if err := w.Apply(core.Curation{Kind: core.CurateMerge, ID: "b", Other: "a"}); err != nil {
		t.Fatal(err)
	}
	c, _ := w.Current("c")
	if len(c.Dependencies) != 1 || c.Dependencies[0].Target != "a" {
		t.Errorf("after merging b into a, c depends on %+v", c.Dependencies)
	}
	if err := w.Apply(core.Curation{Kind: core.CurateSplit, ID: "c", Parts: []core.Part{{Name: "Unique inverses", Statement: "Inverses are unique."}}}); err == nil {
		t.Error("a split into one part was taken")
	}
	if err := w.Apply(core.Curation{Kind: core.CurateSplit, ID: "c", Parts: []core.Part{
		{Name: "Unique inverses", Statement: "Inverses in a group are unique."},
		{Name: "Inverse of an inverse", Type: core.Identity, Statement: "The inverse of the inverse of x is x."},
	}}); err != nil {
		t.Fatal(err)
	}
	out := g.Result(w)
	var names []string
	for _, p := range out {
		names = append(names, p.Name)
	}
	if fmt.Sprint(names) != "[Definition 1 Unique inverses Inverse of an inverse]" {
		t.Fatalf("result %v", names)
	}
	part := out[2]
	if part.Type != core.Identity || part.ID == "c" || len(part.Dependencies) != 1 || part.Dependencies[0].Target != "a" {
		t.Errorf("the second part is %+v", part)
	}
	if w.Apply(core.Curation{Kind: core.CurateEdit, ID: "b", Name: "x"}) == nil {
		t.Error("edited b after it was merged away")
	}
}

// Anchors: moved text matches, a reworded statement and a deleted block
// are to be revisited, a decision about another document is left alone.
func TestReapplyAnchors(t *testing.T) {
	decided := curate.NewCandidates(chain())
	anchor := func(id string) *core.Anchor { a, _ := decided.Anchor(id); return &a }
	standing := []core.Curation{
		{Kind: core.CurateEdit, ID: "a", Name: "Group", Anchor: anchor("a"), Session: "s1"},
		{Kind: core.CurateEdit, ID: "b", Name: "Uniqueness of the identity", Anchor: anchor("b"), Session: "s1"},
		{Kind: core.CurateEdit, ID: "c", Name: "Uniqueness of inverses", Anchor: anchor("c"), Session: "s1"},
		{Kind: core.CurateReject, ID: "z", Anchor: &core.Anchor{Document: "file:other.tex", Name: "Lemma 9", ContentHash: "x"}},
	}
	// The edition: c reworded, b deleted, a moved to the end.
	c := prim("c2", "Theorem 3", "Every element of a group has exactly one inverse.", "a2")
	a := prim("a2", "Definition 1", "A group is a set with an operation.")
	g := curate.NewCandidates([]core.Primitive{c, a})
	w := curate.New(g)
	re := curate.Reapply(g, w, standing)
	if len(re.Applied) != 1 || re.Applied[0].ID != "a2" {
		t.Errorf("applied %+v", re.Applied)
	}
	got := map[string]string{}
	for _, r := range re.Revisit {
		got[r.Decision.ID] = r.Reason + " " + r.Candidate
	}
	if got["b"] != curate.Gone+" " || got["c"] != curate.Reworded+" c2" || len(got) != 2 {
		t.Errorf("revisit %v", got)
	}
	if p, _ := w.Current("a2"); p.Name != "Group" {
		t.Errorf("the moved definition is %q", p.Name)
	}
	// Answered at the new statement, the reworded one is not asked again.
	ac, _ := g.Anchor("c2")
	standing = append(standing, core.Curation{Kind: core.CurateDismiss, ID: "c2", Anchor: &ac})
	re = curate.Reapply(g, curate.New(g), standing)
	if len(re.Revisit) != 1 || re.Revisit[0].Decision.ID != "b" {
		t.Errorf("after the answer, revisit %+v", re.Revisit)
	}
	// Leaving the deleted one, at its old place, answers it too: the
	// dismissal applies though nothing stands there.
	w = curate.New(g)
	if err := w.Apply(core.Curation{Kind: core.CurateDismiss, ID: "b", Anchor: anchor("b")}); err != nil {
		t.Fatal(err)
	}
	standing = append(standing, core.Curation{Kind: core.CurateDismiss, ID: "b", Anchor: anchor("b")})
	if re = curate.Reapply(g, curate.New(g), standing); len(re.Revisit) != 0 {
		t.Errorf("after leaving the deleted one, revisit %+v", re.Revisit)
	}
}

// BenchmarkReapply1000 applies 1,000 standing decisions (renames, retypes
// and rejections) to the 2,000 candidates of a re-learned book.
func BenchmarkReapply1000(b *testing.B) {
	cands := make([]core.Primitive, 2000)
	for i := range cands {
		var deps []string
		if i > 0 {
			deps = []string{fmt.Sprintf("p%d", i-1)}
		}
		cands[i] = prim(fmt.Sprintf("p%d", i), fmt.Sprintf("Theorem %d", i), fmt.Sprintf("Statement number %d about groups.", i), deps...)
	}
	g0 := curate.NewCandidates(cands)
	standing := make([]core.Curation, 0, 1000)
	for i := 0; i < 1000; i++ {
		id := fmt.Sprintf("p%d", 2*i)
		a, _ := g0.Anchor(id)
		d := core.Curation{Kind: core.CurateEdit, ID: id, Name: fmt.Sprintf("Named result %d", i), Anchor: &a}
		switch i % 10 {
		case 3:
			d.Name, d.Type = "", core.Identity
		case 7:
			d = core.Curation{Kind: core.CurateReject, ID: id, Anchor: &a}
		}
		standing = append(standing, d)
	}
	b.ReportAllocs()
	for b.Loop() {
		g := curate.NewCandidates(cands)
		w := curate.New(g)
		re := curate.Reapply(g, w, standing)
		if len(re.Applied) != 1000 {
			b.Fatalf("applied %d", len(re.Applied))
		}
		_ = g.Result(w)
	}
}

// twin is a candidate "DAG" of the book in folder /books/A, defined with
// the same words in section sec.
func twin(id, sec string) core.Primitive {
	p := prim(id, "DAG", "A directed acyclic graph is a directed graph with no directed cycle.")
	p.Provenance.Section, p.Provenance.Source = sec, "/books/A"
	return p
}

// A merge of two primitives stated in the same words applies again while
// both stand (each found at its own place), and once the source states
// it only once, the revisit says in words that nothing is left to merge,
// naming no id.
func TestReapplyMergeOfTwins(t *testing.T) {
	decided := curate.NewCandidates([]core.Primitive{twin("dag-1", "Graphs"), twin("dag-2", "Orders")})
	a, _ := decided.Anchor("dag-2")
	o, _ := decided.Anchor("dag-1")
	standing := []core.Curation{{Kind: core.CurateMerge, ID: "dag-2", Other: "dag-1", Anchor: &a, OtherAnchor: &o, Session: "s1"}}

	g := curate.NewCandidates([]core.Primitive{twin("d1", "Graphs"), twin("d2", "Orders")})
	re := curate.Reapply(g, curate.New(g), standing)
	if len(re.Applied) != 1 || re.Applied[0].ID != "d2" || re.Applied[0].Other != "d1" || len(re.Revisit) != 0 {
		t.Errorf("both twins learned again: applied %+v, revisit %+v", re.Applied, re.Revisit)
	}

	g = curate.NewCandidates([]core.Primitive{twin("d1", "Graphs")})
	re = curate.Reapply(g, curate.New(g), standing)
	const want = `the two primitives this merge joined are now one ("DAG"): nothing to merge`
	if len(re.Revisit) != 1 || re.Revisit[0].Reason != want {
		t.Fatalf("one twin left: revisit %+v, want the reason %q", re.Revisit, want)
	}
	if s := re.Revisit[0].String(); strings.Contains(s, "d1") || strings.Contains(s, "itself") {
		t.Errorf("the revisit says %q", s)
	}
}

// A decision anchored in another source is not applied, nor asked about,
// whatever its document and statements share with the learn's; one
// anchored before anchors named their source applies as it did.
func TestReapplyKeepsToItsSource(t *testing.T) {
	decided := curate.NewCandidates([]core.Primitive{twin("dag-1", "Graphs")})
	a, _ := decided.Anchor("dag-1")
	if a.Source != "/books/A" {
		t.Fatalf("the anchor names the source %q", a.Source)
	}
	b := twin("b1", "Graphs")
	b.Provenance.Source = "/books/B"
	moved := twin("b2", "Trees")
	moved.FormalStatement, moved.Provenance.ContentHash = "A tree is a connected acyclic graph.", text.ContentHash("A tree is a connected acyclic graph.")
	moved.Provenance.Source = "/books/B"
	g := curate.NewCandidates([]core.Primitive{b, moved})
	gone := a
	gone.ContentHash, gone.Section = "0000", "Trees"
	standing := []core.Curation{
		{Kind: core.CurateEdit, ID: "dag-1", Name: "Directed acyclic graph", Anchor: &a},
		{Kind: core.CurateEdit, ID: "dag-9", Name: "Tree", Anchor: &gone},
	}
	if re := curate.Reapply(g, curate.New(g), standing); len(re.Applied) != 0 || len(re.Revisit) != 0 {
		t.Errorf("folder B: applied %+v, revisit %+v", re.Applied, re.Revisit)
	}
	legacy := a
	legacy.Source = ""
	standing = []core.Curation{{Kind: core.CurateEdit, ID: "dag-1", Name: "Directed acyclic graph", Anchor: &legacy}}
	if re := curate.Reapply(g, curate.New(g), standing); len(re.Applied) != 1 {
		t.Errorf("an anchor without its source: applied %+v, revisit %+v", re.Applied, re.Revisit)
	}
}
