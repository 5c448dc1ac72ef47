package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A paragraph whose term sentence reports what a result says ("Our second
// proposition tells us that all trees have <term>leaves</term>") is not a
// definition of its term, in PreTeXt and in Markdown term paragraphs; a
// paragraph that defines its term in the same words still is.
func TestTermParagraphCitingAResultIsNoDefinition(t *testing.T) {
	ptx := "<section><title>Trees</title>\n<p>\n<idx><h>leaf</h></idx>\n  Our second proposition tells us that all trees have <term>leaves</term>: vertices of degree one.\n</p>\n" +
		"<p>The previous theorem shows that every tree is a <term>bipartite graph</term>.</p>\n" +
		"<p>A vertex of degree one is called a <term>pendant vertex</term>.</p>\n</section>\n"
	md := "::: {.definition .terminology}\nOur second proposition tells us that all trees have **leaves**: vertices of degree one.\n:::\n\n" +
		"::: {.definition .terminology}\nA vertex of degree one is called a **pendant vertex**.\n:::\n"
	for _, c := range []struct {
		format core.Format
		doc    string
	}{{core.FormatPreTeXt, ptx}, {core.FormatMarkdown, md}} {
		defs := map[string]bool{}
		for _, p := range Extract(oneSection(c.doc, c.format, core.Textbook), Options{}) {
			if p.Type == core.Definition {
				defs[strings.ToLower(p.Name)] = true
			}
		}
		for _, n := range []string{"leaves", "bipartite graph"} {
			if defs[n] {
				t.Errorf("%s: a sentence citing a result read as the definition %q: %v", c.format, n, defs)
			}
		}
		if !defs["pendant vertex"] {
			t.Errorf("%s: the definition of pendant vertex is lost: %v", c.format, defs)
		}
	}
}

func TestCitesResult(t *testing.T) {
	for s, want := range map[string]bool{
		"Our second proposition tells us that all trees have leaves.": true,
		"The previous theorem shows that every tree is bipartite.":    true,
		"Lemma 4 says that a leaf exists.":                            true,
		"This result gives us spanning trees.":                        true,
		"A lemma is a result used to prove another.":                  false,
		"A vertex of degree one is called a leaf.":                    false,
		"The graph has leaves.":                                       false,
		"By the theorem, trees have leaves.":                          false,
	} {
		if got := citesResult(s); got != want {
			t.Errorf("citesResult(%q) = %v, want %v", s, got, want)
		}
	}
}
