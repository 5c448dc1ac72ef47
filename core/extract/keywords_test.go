package extract

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/text"
)

// TestKeywordsAreWords: keywords are shown to people, so they are words in
// the form the statement uses most ("property", not the stem "properti"),
// without discourse words ("suppose", "show", "following", "given") and
// without the variables and keys of mathematics and references.
func TestKeywordsAreWords(t *testing.T) {
	ks := keywords(`Suppose the properties of $\ishae(f)$ hold. Let us show the following: given a
		property of trees, every tree with $n$ vertices has $n-1$ edges (see \cref{thm:hae} and https://github.com/x).`)
	for _, bad := range []string{"suppose", "let", "show", "following", "given", "properti", "hae", "ishae", "thm", "https", "github", "see"} {
		if slices.Contains(ks, bad) {
			t.Errorf("keyword %q in %q", bad, ks)
		}
	}
	for _, want := range []string{"property", "tree", "vertices", "edges"} {
		if !slices.Contains(ks, want) {
			t.Errorf("keyword %q missing from %q", want, ks)
		}
	}
	// Stems stay available for matching: each keyword stems to what the
	// old stemmed keyword was.
	if got := text.Stems(ks); !slices.Contains(got, "properti") || !slices.Contains(got, "tree") {
		t.Errorf("stems %q", got)
	}
}

// TestPrimitivesHaveTheirOwnPlane: each primitive is placed by its own
// statement with the model that placed its document, so primitives of one
// document about different things sit at different points.
func TestPrimitivesHaveTheirOwnPlane(t *testing.T) {
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		t.Fatal(err)
	}
	doc := `# Probability

Definition 1.1: A random variable has a distribution, a variance and an expected value; a sample estimates
the variance of the distribution.

Definition 1.2: A spanning tree of a connected graph is a tree that contains every vertex of the graph.

Definition 1.3: An outcome is an element of the sample space, and a probability distribution assigns each a probability.
`
	a := analyze.Analyze(&core.Document{Path: "fixture.md", Format: core.FormatMarkdown, Text: doc}, ds)
	a.ContentType = core.Textbook
	ps := Extract(a, Options{})
	if len(ps) != 3 {
		t.Fatalf("%d primitives: %+v", len(ps), ps)
	}
	if ps[0].Plane == ps[1].Plane {
		t.Errorf("a statistics and a graph definition share the position %v", ps[0].Plane)
	}
	// The graph definition is nearer computer science than its document.
	var cs core.PlanePosition
	for _, d := range ds {
		if d.ID == "computer-science" {
			cs = d.Region.Center
		}
	}
	if ps[1].Plane.Distance(cs) >= a.Plane.Distance(cs) {
		t.Errorf("spanning tree at %v, document at %v", ps[1].Plane, a.Plane)
	}
}
