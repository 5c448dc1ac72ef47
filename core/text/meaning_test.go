package text

import (
	"strings"
	"testing"
)

func TestMeaningChanges(t *testing.T) {
	const tree = "Every tree with n vertices has exactly n-1 edges."
	for _, c := range []struct {
		stored, cand string
		want         []string // the changes' String, in order; nil for none
	}{
		// Numbers and formulas.
		{tree, "Every tree with n vertices has exactly n+1 edges.", []string{`number differs: stored "n-1", candidate "n+1"`}},
		{"A tree with two vertices has one edge.", "A tree with three vertices has one edge.", []string{`number differs: stored "two", candidate "three"`}},
		{"The sum of the angles is $\\pi$ and the area is $a+b$.", "The sum of the angles is $\\pi$ and the area is $a-b$.",
			[]string{`formula differs: stored "a+b", candidate "a-b"`}},
		{tree, "Every tree with n vertices has exactly many edges.", []string{`number differs: stored "n-1", candidate "many"`}},
		// Negations.
		{"A tree contains a cycle of length three.", "A tree does not contain a cycle of length three.", []string{`negation: candidate adds "not"`}},
		{"A forest is a graph with no cycle.", "A forest is a graph with a cycle.", []string{`negation: candidate drops "no"`}},
		{"The operator is zero on the kernel.", "The operator is nonzero on the kernel.", []string{`negation: candidate adds "nonzero"`}},
		// Quantifiers.
		{"Every tree has at most two leaves.", "Every tree has at least two leaves.", []string{`quantifier differs: stored "at most", candidate "at least"`}},
		{"All vertices of the graph have even degree.", "Some vertices of the graph have even degree.", []string{`quantifier differs: stored "all", candidate "some"`}},
		{"A tree with n vertices has n-1 edges.", "A tree with n vertices has at most n-1 edges.", []string{`quantifier: candidate adds "at most"`}},
		{tree, "Every tree with n vertices has n-1 edges.", []string{`quantifier: candidate drops "exactly"`}},

		// Rewordings that keep the meaning.
		{tree, "Every tree with n vertices has exactly n − 1 edges.", nil},
		{tree, "Every tree with n vertices has exactly `n - 1` edges.", nil},
		{tree, "Every tree with $n$ vertices has exactly $n - 1$ edges.", nil},
		{tree, "Each tree on n vertices has exactly n-1 edges.", nil},
		{"A tree with two vertices has one edge.", "A tree with 2 vertices has 1 edge.", nil},
		{"A tree has at least two leaves.", "Every tree has at least two leaves.", nil},
		{"EVERY TREE with n vertices has exactly n-1 edges", tree, nil},
		{"A breadth-first search visits vertices level by level.", "A breadth-first search visits the vertices level by level, nearest first.", nil},
		// An extraction's spaces inside a formula.
		{"The inverse permutation σ−1 exists for every permutation σ, and σ−1 σ = σσ−1 = id.",
			"The inverse permutation σ −1 exists for every permutation σ, and σ −1 σ = σσ −1 = id.", nil},
		{"A symmetric operator in a real N-dimensional space has N real eigenvectors.",
			"A symmetric operator in a real N -dimensional space has N real eigenvectors.", nil},
		{"Let ω′ ≡ f1 ∧ f2; then ω′ = ±ω.", "Let ω ′ ≡ f1 ∧ f2; then ω ′ = ±ω.", nil},
		// A broader statement going on with a clause of its own.
		{"A group is a set with an associative operation.", "A group is a set with an associative operation, and not every set with one is a group.", nil},
		// Statements that do not align are not one statement edited.
		{"Every tree with n vertices has exactly n-1 edges.", "A queue removes elements in the order 1, 2, 3 they were added.", nil},
	} {
		var got []string
		for _, ch := range MeaningChanges(c.cand, c.stored) {
			got = append(got, ch.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("MeaningChanges(%q, %q)\n got  %q\n want %q", c.cand, c.stored, got, c.want)
		}
	}
}
