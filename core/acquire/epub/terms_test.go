package epub

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/acquire/htmltext"
)

// Only a <dfn> paragraph of the book's own text is a term paragraph
// (htmltext.TermFence): not one in a theorem-like container, a proof, an
// exercise or its solution, or a table. A list item is one, as a
// PreTeXt <li><p> is; <b> and <strong> are no terms.
func TestTermParagraphs(t *testing.T) {
	doc := `<html xmlns="http://www.w3.org/1999/xhtml"><body>` +
		`<div class="para">A <dfn class="terminology">tree</dfn> is a connected graph.</div>` +
		`<div class="para">Every <b>tree</b> is <strong>bipartite</strong>.</div>` +
		`<article class="definition definition-like"><div class="para">A <dfn class="terminology">forest</dfn> is acyclic.</div></article>` +
		`<article class="exercise exercise-like"><div class="para">A <dfn class="terminology">leaf</dfn> has degree one.</div>` +
		`<div class="solution solution-like"><p>A <dfn>path</dfn> ends at a leaf.</p></div></article>` +
		`<section class="activity project-like"><p>A <dfn>walk</dfn> is a sequence.</p></section>` +
		`<div class="proof"><p>Call it a <dfn>cycle</dfn>.</p></div>` +
		`<ul><li>A <dfn>bridge</dfn> is an edge.</li></ul>` +
		`<table><tr><td>A <dfn>cut</dfn></td></tr></table>` +
		`<p>Back in the text, a <dfn>spanning tree</dfn> holds every vertex.</p></body></html>`
	got, err := xhtmlText(context.Background(), strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(got, "::: {.definition ."+htmltext.TermClass+"}"); n != 3 {
		t.Errorf("%d term paragraphs, want 3 (tree, bridge, spanning tree):\n%s", n, got)
	}
	for _, want := range []string{
		"::: {.definition .terminology}\n\nA **tree** is a connected graph.\n\n:::",
		"::: {.definition .terminology}\n\nA **bridge** is an edge.\n\n:::",
		"::: {.definition .terminology}\n\nBack in the text, a **spanning tree** holds every vertex.\n\n:::",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// Inside a definition, emphasis marks its terms as the HTML reader reads
// them: kept as Markdown emphasis, unless the definition marks its term
// with <dfn>, whose bold is then the only term.
func TestDefinitionEmphasisIsTerm(t *testing.T) {
	doc := `<html xmlns="http://www.w3.org/1999/xhtml"><body>` +
		`<div class="definition"><p>The (<strong>pairwise</strong>) <strong>intersection</strong> of X and Y is their common part.</p></div>` +
		`<article class="definition definition-like"><p>A <dfn class="terminology">forest</dfn> is <em>acyclic</em>.</p></article>` +
		`<p>Outside, <strong>bold</strong> is no term.</p></body></html>`
	got, err := xhtmlText(context.Background(), strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"The (**pairwise**) **intersection** of X and Y is their common part.",
		"A **forest** is acyclic.",
		"Outside, bold is no term.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}
