package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A term paragraph (the fenced div HTML and EPUB readers write for a
// paragraph with a <dfn>) is read as PreTeXt's term paragraph is: a
// definition named by its term, stated from the sentence holding it, at
// termParagraphConfidence, unless a definition block defines the term.
// Its emphasis is no term; a definition block's rules are unchanged.
func TestMarkdownTermParagraphs(t *testing.T) {
	doc := "::: {.definition .terminology}\nGraphs without cycles are everywhere. A connected graph with no *cycles* is called a **tree**.\n:::\n\n" +
		"::: {.definition #def-forest}\nA **forest** is a graph with no cycles.\n:::\n\n" +
		"::: {.definition .terminology}\nEach component of a **forest** is a tree, so a forest is a union of trees.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	byName := map[string]core.Primitive{}
	for _, p := range ps {
		if p.Type == core.Definition {
			if _, dup := byName[strings.ToLower(p.Name)]; dup {
				t.Errorf("%q defined twice", p.Name)
			}
			byName[strings.ToLower(p.Name)] = p
		}
	}
	tree, ok := byName["tree"]
	if !ok {
		t.Fatalf("no definition of tree: %v", byName)
	}
	if want := "A connected graph with no cycles is called a tree."; tree.FormalStatement != want {
		t.Errorf("tree: statement %q, want %q", tree.FormalStatement, want)
	}
	if tree.Confidence != termParagraphConfidence {
		t.Errorf("tree: confidence %v, want %v", tree.Confidence, termParagraphConfidence)
	}
	forest, ok := byName["forest"]
	if !ok || forest.FormalStatement != "A forest is a graph with no cycles." || forest.Confidence != envConfidence {
		t.Errorf("forest: want the definition block alone, got %+v", forest)
	}
	if _, ok := byName["cycles"]; ok {
		t.Errorf("emphasis in a term paragraph read as a term: %v", byName)
	}
}
