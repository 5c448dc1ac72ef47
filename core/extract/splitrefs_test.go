package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A definition block of two terms is two primitives; a link to the
// block's id (the form HTML books are read in) is an edge to the one the
// block's title names.
func TestMarkdownLinkToSplitDefinition(t *testing.T) {
	for _, title := range []string{"Tree", "Forest"} {
		doc := "::: {.definition #def-tree name=\"" + title + "\" number=\"1.1.1\"}\n" +
			"A **tree** is a connected graph with no cycles. A graph whose components are trees is a **forest**.\n:::\n\n" +
			"::: {.theorem #thm-edges name=\"Edge count of trees\" number=\"1.1.2\"}\n" +
			"Every [acyclic connected graph](#def-tree) with $n$ vertices has exactly $n-1$ edges.\n:::\n"
		ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
		names, edges := namedEdges(ps)
		if !names["Tree"] || !names["Forest"] {
			t.Fatalf("title %s: want Tree and Forest; got %v", title, nameList(ps))
		}
		if e := "Edge count of trees -> " + title; !edges[e] {
			t.Errorf("title %s: missing edge %q; got %v", title, e, edges)
		}
		// Each part lies inside its block, before the theorem.
		at := map[string]int{}
		for _, p := range ps {
			at[p.Name] = p.Provenance.Offset
		}
		if !(at["Tree"] < at["Forest"] && at["Forest"] < at["Edge count of trees"]) {
			t.Errorf("title %s: offsets %v", title, at)
		}
	}
}

// A link inside a split Markdown definition belongs to the term whose
// sentence holds it, placed by the source, not by the block's LaTeX
// rendering (longer by its label and markup).
func TestMarkdownLinkInsideSplitDefinition(t *testing.T) {
	doc := "::: {.lemma #lem-comp name=\"Components\"}\nEvery graph is the union of its connected components.\n:::\n\n" +
		"::: {.definition #def-tree name=\"Tree\"}\n" +
		"A **tree** is a connected graph with no cycles. A **forest** [is](#lem-comp) a graph whose components are trees.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	_, edges := namedEdges(ps)
	if !edges["Forest -> Components"] || edges["Tree -> Components"] {
		t.Errorf("want Forest -> Components only; got %v", edges)
	}
}

// In LaTeX and PreTeXt alike, a reference to a split definition reaches
// the primitive its title names, not merely the first.
func TestReferenceToTitledPartOfSplitDefinition(t *testing.T) {
	tex := "\\begin{defn}[Forest]\\label{def:forest}\nA \\define{tree} is a connected graph with no cycles. " +
		"A graph whose components are trees is a \\define{forest}.\n\\end{defn}\n" +
		"\\begin{thm}[Forest edges]\nA forest (Definition~\\ref{def:forest}) with $n$ vertices and $k$ components has $n-k$ edges.\n\\end{thm}\n"
	ptx := `<section xml:id="sec-trees"><title>Trees</title>
<definition xml:id="def-forest"><title>Forest</title><statement><p>A <term>tree</term> is a connected graph with no cycles. A graph whose components are trees is a <term>forest</term>.</p></statement></definition>
<theorem xml:id="thm-edges"><title>Forest edges</title><statement><p>A forest (<xref ref="def-forest"/>) with <m>n</m> vertices and <m>k</m> components has <m>n-k</m> edges.</p></statement></theorem>
</section>`
	for _, tc := range []struct {
		name string
		ps   []core.Primitive
	}{
		{"latex", texFixture(t, tex)},
		{"pretext", Extract(oneSection(ptx, core.FormatPreTeXt, core.Textbook), Options{})},
	} {
		names, edges := namedEdges(tc.ps)
		if !names["Tree"] || !names["Forest"] {
			t.Fatalf("%s: want Tree and Forest; got %v", tc.name, nameList(tc.ps))
		}
		if !edges["Forest edges -> Forest"] {
			t.Errorf("%s: missing edge to Forest; got %v", tc.name, edges)
		}
		for _, p := range tc.ps {
			if p.Name != "Forest edges" {
				continue
			}
			for _, e := range p.Dependencies {
				if e.Strength == refStrength && !strings.HasPrefix(e.Description, "Refers to Forest ") {
					t.Errorf("%s: reference edge %q", tc.name, e.Description)
				}
			}
		}
	}
}
