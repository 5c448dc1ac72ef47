package formmatch

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestOverlapAndNames(t *testing.T) {
	a := Bag("A graph is planar when it can be drawn without crossings.")
	b := Bag("A graph is planar when it can be drawn in the plane without edge crossings, \\(G\\).")
	if o := Overlap(a, b); o < MinOverlap {
		t.Errorf("overlap of one statement in two forms = %.2f", o)
	}
	if o := Overlap(a, Bag("Every tree with n vertices has n-1 edges.")); o >= MinOverlap {
		t.Errorf("overlap of different statements = %.2f", o)
	}
	if NameWords("Theorem 2.3.3 — Non-planar Graphs") != NameWords("Theorem 3 — Non-planar graphs.") {
		t.Error("numbers and case should not tell names apart")
	}
	if NormName("Theorem 2.3.3") == NormName("Theorem 3") {
		t.Error("NormName keeps numbers")
	}
}

func TestCompare(t *testing.T) {
	mk := func(id, name, stmt string, conf float64, deps ...string) core.Primitive {
		p := core.Primitive{ID: id, Name: name, FormalStatement: stmt, Confidence: conf}
		for _, d := range deps {
			p.Dependencies = append(p.Dependencies, core.Edge{Target: d, Type: core.Requires, Description: "Refers to x"})
		}
		return p
	}
	src := []core.Primitive{
		mk("a", "Tree", "A tree is a connected graph with no cycles at all.", 0.95),
		mk("b", "Theorem 2.1 (Leaves)", "Every tree with at least two vertices has at least two leaves.", 0.95, "a"),
		mk("c", "Forest", "A forest is a graph whose components are all trees.", 0.95),
		mk("d", "Walk", "A walk is a sequence of vertices joined by edges.", 0.5),
	}
	ren := []core.Primitive{
		mk("x", "Tree", "A tree is a connected graph with no cycles at all.", 0.95),
		mk("y", "Theorem 1", "Every tree with at least two vertices has at least two leaves.", 0.95, "x"),
		mk("z", "Walk", "A walk is a sequence of vertices joined by edges.", 0.5),
	}
	r := Compare(src, ren)
	if r.FoundCount != 3 || r.Edges != 1 || r.EdgesKept != 1 {
		t.Errorf("found %d, edges %d kept %.2f", r.FoundCount, r.Edges, r.EdgesKept)
	}
	if r.Blocks != 3 || r.BlocksFoundCount != 2 || r.BlocksNamedCount != 1 {
		t.Errorf("blocks %d found %d named %d", r.Blocks, r.BlocksFoundCount, r.BlocksNamedCount)
	}
	if r.SameName != 2.0/3 || len(r.Missed) != 1 || len(r.Renamed) != 1 || len(r.Extra) != 0 {
		t.Errorf("same name %.2f, missed %v, renamed %v, extra %v", r.SameName, r.Missed, r.Renamed, r.Extra)
	}
}

// A blueprint's \uses is printed nowhere: no rendering can keep the edge
// it gives, so it is not counted among the edges to keep.
func TestUnprintedReferencesAreNotCounted(t *testing.T) {
	stmt := func(s string) string { return s + " holds for every finite group and every subgroup of it" }
	src := []core.Primitive{
		{ID: "a", Name: "A", FormalStatement: stmt("Alpha"), Dependencies: []core.Edge{
			{Target: "b", Type: core.Requires, Description: `Refers to B (\uses{b})`},
			{Target: "c", Type: core.Requires, Description: `Refers to C (\cref{c})`},
		}},
		{ID: "b", Name: "B", FormalStatement: stmt("Beta")},
		{ID: "c", Name: "C", FormalStatement: stmt("Gamma")},
	}
	ren := []core.Primitive{
		{ID: "x", Name: "A", FormalStatement: stmt("Alpha"), Dependencies: []core.Edge{{Target: "z", Type: core.Requires}}},
		{ID: "y", Name: "B", FormalStatement: stmt("Beta")},
		{ID: "z", Name: "C", FormalStatement: stmt("Gamma")},
	}
	r := Compare(src, ren)
	if r.Edges != 1 || r.EdgesKeptCount != 1 {
		t.Errorf("edges %d, kept %d; want the printed one only, kept", r.Edges, r.EdgesKeptCount)
	}
}

// Two statements alike but for their formulas hold each other's words:
// the pair whose formulas agree wins, whatever order the rendering lists
// them in.
func TestTiesGoToTheCloserStatement(t *testing.T) {
	mk := func(id, name, stmt string) core.Primitive {
		return core.Primitive{ID: id, Name: name, FormalStatement: stmt, Confidence: 0.95}
	}
	src := []core.Primitive{
		mk("a", "KVM II", `If jointly independent random variables are given, then $d[X; \sum_i Y_i] \leq 2 \sum_i d[X; Y_i]$.`),
		mk("b", "KVM III", `If jointly independent random variables are given, then $d[X; \sum_i Y_i] \leq d[X; Y_1] + \frac{1}{2}(H[Y] - H[X])$.`),
	}
	ren := []core.Primitive{
		mk("y", "KVM III", "If jointly independent random variables are given, then d[X; ∑i Yi] ≤ d[X; Y1] + 1/2(H[Y] − H[X])."),
		mk("x", "KVM II", "If jointly independent random variables are given, then d[X; ∑i Yi] ≤ 2 ∑i d[X; Yi]."),
	}
	if r := Compare(src, ren); r.FoundCount != 2 || len(r.Renamed) != 0 {
		t.Errorf("found %d, renamed %v", r.FoundCount, r.Renamed)
	}
}

// A name lore tells apart from another of the same title by a closing
// aside is the source's name, as a count was: the aside is no rename.
func TestCompareNamesAsideAreTheSourceName(t *testing.T) {
	stmt := "Let X be a site. The category of abelian sheaves on X has enough injectives, and every sheaf embeds in one."
	src := []core.Primitive{{ID: "a", Name: "Lemma 14 — Abelian sheaves on a site", FormalStatement: stmt, Confidence: 0.95}}
	for _, c := range []struct {
		ren  string
		same bool
	}{
		{"Lemma 1 — Abelian sheaves on a site (sheaf)", true},
		{"Lemma 1 — Abelian sheaves on a site 2", true},
		{"Lemma 1 — Abelian sheaves on a ringed site", false},
		{"Lemma 1 — Abelian sheaves on a site (Lemma 2.9)", false},
	} {
		r := Compare(src, []core.Primitive{{ID: "b", Name: c.ren, FormalStatement: stmt, Confidence: 0.95}})
		if got := r.BlocksNamedCount == 1; got != c.same {
			t.Errorf("%q named alike: %v, want %v (renamed %q)", c.ren, got, c.same, r.Renamed)
		}
	}
	if SameNameWords("Theorem (Cauchy)", "Theorem (Riemann)") || SameNameWords("Theorem 2.1 (Leaves)", "Theorem 1") {
		t.Error("a title the source closes with is no aside of lore's")
	}
}
