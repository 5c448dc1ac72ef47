package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func namedEdges(ps []core.Primitive) (map[string]bool, map[string]bool) {
	names := map[string]bool{}
	byID := map[string]string{}
	for _, p := range ps {
		names[p.Name] = true
		byID[p.ID] = p.Name
	}
	edges := map[string]bool{}
	for _, p := range ps {
		for _, e := range p.Dependencies {
			if e.Type == core.Requires {
				edges[p.Name+" -> "+byID[e.Target]] = true
			}
		}
	}
	return names, edges
}

// Fenced divs keep their labels: a Markdown link to one ([Definition
// RREF](#def-rref), the form HTML and EPUB books are read in), a Quarto
// @ref or a bookdown \@ref() in another block or in the proof after it is
// a requires edge.
func TestMarkdownBlockLinksAreEdges(t *testing.T) {
	doc := "::: {.definition #def-rref name=\"Reduced Form\"}\nA matrix is in reduced form when its pivots are ones.\n:::\n\n" +
		"::: {.theorem #thm-x name=\"Reduction\"}\nEvery matrix reduces to one in reduced form ([Definition RREF](#def-rref)).\n:::\n\n" +
		"::: {#lem-y}\n## Pivots\nA reduced matrix has at most one pivot per row.\n:::\n\n" +
		"::: {.proof}\nBy @thm-x applied twice.\n:::\n\n" +
		"::: {.corollary #cor:z name=\"Uniqueness\"}\nThe reduced form is unique, by \\@ref(lem-y).\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	names, edges := namedEdges(ps)
	for _, n := range []string{"Reduced Form", "Reduction", "Pivots", "Uniqueness"} {
		if !names[n] {
			t.Errorf("missing primitive %q; got %v", n, names)
		}
	}
	for _, e := range []string{"Reduction -> Reduced Form", "Pivots -> Reduction", "Uniqueness -> Pivots"} {
		if !edges[e] {
			t.Errorf("missing edge %q; got %v", e, edges)
		}
	}
}

// A bold run-in label that names its result by acronym and title, as
// EPUB books set them, is a result named by its title.
func TestBoldAcronymRunInLabel(t *testing.T) {
	doc := "**Theorem PSSLS Possible Solution Sets** A system of linear equations has no solutions, one solution or infinitely many.\n\n" +
		"**Definition SLE** (System of Linear Equations). A system of linear equations is a collection of equations in the same variables.\n\n" +
		"We used Theorem PSSLS in the proof above, and Definition SLE.\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	names, _ := namedEdges(ps)
	for _, n := range []string{"Possible Solution Sets", "System of Linear Equations"} {
		if !names[n] {
			t.Errorf("missing primitive %q; got %v", n, names)
		}
	}
	if len(ps) != 2 {
		t.Errorf("want 2 primitives, got %v", names)
	}
}

// A block whose opener gives its number (number="2.3.1", as HTML and
// EPUB books are read) is known by it: a later block citing "Theorem
// 2.3.1" in plain words requires it.
func TestMarkdownBlockNumber(t *testing.T) {
	doc := "::: {.theorem #thm-k number=\"2.3.1\" name=\"Five Vertices\"}\nThe complete graph on five vertices is not planar.\n:::\n\n" +
		"::: {.corollary number=\"2.3.2\" name=\"Six Vertices\"}\nBy Theorem 2.3.1, no graph containing the complete graph on five vertices is planar.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	_, edges := namedEdges(ps)
	if !edges["Six Vertices -> Five Vertices"] {
		t.Errorf("missing edge; got %v", edges)
	}
}

// A definition block of several terms in separate sentences gives one
// primitive per term, as a LaTeX or PreTeXt definition does.
func TestMarkdownDefinitionSplitByTerms(t *testing.T) {
	doc := "::: {.definition #def-arg name=\"Argument\"}\nAn **argument** is a sequence of statements, the last of which is the conclusion.\n\nAn argument is **valid** provided the conclusion must be true whenever the premises are all true.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 2 {
		var names []string
		for _, p := range ps {
			names = append(names, p.Name)
		}
		t.Errorf("want 2 primitives, got %q", names)
	}
}

// A definition whose terms sit in a list is one primitive holding every
// item, as the same definition in LaTeX and PreTeXt is: an item is part of
// its block's statement. (It once gave one primitive per item's term.)
func TestMarkdownDefinitionListSplit(t *testing.T) {
	doc := "::: {.definition #def-conn name=\"Logical Connectives\"}\nWe define the following **logical connectives**.\n\n- P and Q is read \"P and Q\" and called a **conjunction**.\n\n- P or Q is read \"P or Q\" and called a **disjunction**.\n\n- Not P is read \"not P\" and called a **negation**.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Logical Connectives" {
		t.Fatalf("want one primitive, got %q", nameList(ps))
	}
	if !inOrder(ps[0].FormalStatement, "logical connectives.", "conjunction.", "disjunction.", "negation.") {
		t.Errorf("statement lost an item: %q", ps[0].FormalStatement)
	}
}

// A title holding braces in quotes ("Additive Inverses in $\mathbb{Z}_n$",
// as HTML pages' titles with formulas are written) is the block's name:
// the attributes end at the brace outside the quotes. The name reads as
// a reader sees it.
func TestFencedDivTitleWithBraces(t *testing.T) {
	doc := "::: {.theorem #t1 name=\"Additive Inverses in $\\mathbb{Z}_n$\" number=\"11.4.15\"}\nEvery element of the integers modulo n has an additive inverse.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Additive Inverses in ℤₙ" {
		t.Errorf("got %v", nameList(ps))
	}
}
