package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A figure that sets an algorithm's rows beside the drawing it explains
// is read for the rows: the drawing's strokes (here as a file read in
// its place holds them) are no rows, and rendering them took a fifth of
// a book's learning.
func TestPseudocodeBesideADrawingIsReadWithoutIt(t *testing.T) {
	var draw strings.Builder
	draw.WriteString("\\begin{tikzpicture}[x=0.5pt,y=0.5pt]\n")
	for i := 0; i < 40; i++ {
		draw.WriteString("\\draw (10,20) -- (30,40) node[midway] {$e$} ; \\fill (5,5) circle (2pt) ;\\\\\n")
	}
	draw.WriteString("\\end{tikzpicture}\n")
	doc := "\\documentclass{book}\n\\begin{document}\n\\chapter{Search}\n\\section{Marking}\n" +
		"Marking visits the graph.\n\\begin{figure}\n\\centering\n" + draw.String() +
		"\\textbf{procedure} Mark$(G, s)$ \\\\\n" +
		"\\quad \\textbf{for} each vertex $v$ of $G$ \\\\\n" +
		"\\qquad \\textbf{if} $v$ is reachable from $s$ \\textbf{then} $m[v] \\gets 1$ \\\\\n" +
		"\\quad \\textbf{while} a vertex is unmarked \\\\\n" +
		"\\qquad $x \\gets x + 1$ \\\\\n" +
		"\\quad \\textbf{return} $m$ \\\\\n" +
		"\\caption{Marking the reachable vertices.}\n\\end{figure}\n\\end{document}\n"
	ps := extractDoc(t, "mark.tex", core.FormatLaTeX, doc)
	var algo *core.Primitive
	for i := range ps {
		if ps[i].Type == core.Algorithm {
			algo = &ps[i]
		}
	}
	if algo == nil {
		var names []string
		for _, p := range ps {
			names = append(names, p.Name+" ("+string(p.Type)+")")
		}
		t.Fatalf("no algorithm read from the figure; got %q", names)
	}
	for _, stroke := range []string{"draw", "circle", "midway"} {
		if strings.Contains(algo.FormalStatement+algo.ComputationalForm, stroke) {
			t.Errorf("the algorithm holds the drawing's %q: %q", stroke, algo.FormalStatement)
		}
	}
	if !strings.Contains(strings.ToLower(algo.FormalStatement+algo.ComputationalForm), "return") {
		t.Errorf("the algorithm lost its rows: %q / %q", algo.FormalStatement, algo.ComputationalForm)
	}
}

func TestWithoutDrawingsCutsNestedDrawings(t *testing.T) {
	in := `a\begin{tikzpicture}x\begin{tikzpicture}y\end{tikzpicture}z\end{tikzpicture}b\begin{picture}(1,1)p\end{picture}c\begin{tikzpicture}open`
	want := `a b c\begin{tikzpicture}open`
	if got := withoutDrawings(in); got != want {
		t.Errorf("withoutDrawings = %q, want %q", got, want)
	}
}
