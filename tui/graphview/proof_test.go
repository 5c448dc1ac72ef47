package graphview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/markdown"
)

// The node's detail shows the sketch and the proof the source gives of a
// result, their math read as the statement's is, and says how much of a
// cut proof it holds.
func TestDetailShowsTheProof(t *testing.T) {
	p := core.Primitive{ID: "t", Name: "Edges of a tree", Type: core.Theorem, FormalStatement: "A tree with $n$ vertices has $n-1$ edges.",
		Proof:    core.Proof{Text: "By induction on $n$: removing a leaf leaves $n-2$ edges.", Sketch: "Count leaves.", Cut: 20000},
		Examples: []string{"A path on $3$ vertices has $2$ edges."}}
	plain := ansi.Strip(strings.Join(markdown.New().Render(document(&p, ""), 80, true), "\n"))
	for _, want := range []string{"Proof sketch", "Count leaves.", "Proof", "By induction on n: removing a leaf leaves n-2 edges.",
		"(cut: the first 56 of the proof's 20000 bytes)", "Example.", "A path on 3 vertices has 2 edges."} {
		if !strings.Contains(plain, want) {
			t.Errorf("the detail lacks %q:\n%s", want, plain)
		}
	}
}
