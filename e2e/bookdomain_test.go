package e2e_test

import (
	"strings"
	"testing"
)

// A lecture deck beside its book restates the book's definition in fewer
// words, in a deck whose few words of its own (its title frame's) match
// another domain than the book's. The deck is read as of the book: its
// restatement meets the book's statement — one of the two is the other's
// duplicate or update — instead of a second "Tree" stored apart in
// another domain.
func TestSlidesBesideABookShareItsDomain(t *testing.T) {
	graph := strings.Repeat("A graph has vertices and edges; a path in a graph joins vertices by edges, and a cycle is a closed path of the graph. ", 30)
	dir := writeBookFolder(t, map[string]string{
		"book.tex": "\\documentclass{book}\n\\newtheorem{defn}{Definition}[chapter]\n\\begin{document}\n\\input{ch-trees}\n\\end{document}\n",
		"ch-trees.tex": "\\chapter{Trees}\n" + graph + "\n\\begin{defn}[Tree]\nA \\emph{tree} is a connected graph with no cycles, so that any two of its vertices are joined by exactly one path of the graph.\n\\end{defn}\n" +
			graph + "\n",
		"slides/trees.tex": "\\documentclass{beamer}\n\\newtheorem{defn}{Definition}\n\\title{Trees}\n\\begin{document}\n" +
			"\\begin{frame}\nThe lecture is recorded: the sound wave of every oscillation at each frequency, its harmonics and resonance, as a signal.\n\\end{frame}\n" +
			"\\begin{frame}\n\\begin{defn}[Tree]\nA \\emph{tree} is a connected graph with no cycles.\n\\end{defn}\n\\end{frame}\n\\end{document}\n",
	})
	res := learn(t, openStore(t, t.TempDir()), dir)
	ids := map[string]bool{}
	var trees []string
	for _, p := range res.Primitives {
		if strings.HasPrefix(p.Name, "Tree") && !ids[p.ID] {
			ids[p.ID] = true
			trees = append(trees, p.Name+" ("+p.Domain+")")
		}
	}
	if len(trees) != 1 {
		t.Errorf("the deck's restatement is stored beside the book's: %q", trees)
	}
}
