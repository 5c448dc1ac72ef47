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
		{"The operator is zero on the kernel.", "The operator is nonzero on the kernel.", []string{`negation differs: stored "zero", candidate "nonzero"`}},
		// Quantifiers, and amounts.
		{"Every tree has at most two leaves.", "Every tree has at least two leaves.", []string{`amount differs: stored "at most", candidate "at least"`}},
		{"All vertices of the graph have even degree.", "Some vertices of the graph have even degree.", []string{`quantifier differs: stored "all", candidate "some"`}},
		{"A tree with n vertices has n-1 edges.", "A tree with n vertices has at most n-1 edges.", []string{`amount: candidate adds "at most"`}},
		{tree, "Every tree with n vertices has n-1 edges.", []string{`amount: candidate drops "exactly"`}},
		{"For every $\\epsilon > 0$ there is a $\\delta$.", "For some $\\epsilon > 0$ there is a $\\delta$.", []string{`quantifier differs: stored "every", candidate "some"`}},
		{"A solution exists near $(x_0,y_0)$ for $x$ in 2 intervals.", "A solution exists near $(x_0,y_0)$ for $x$ in at least 2 intervals.", []string{`amount: candidate adds "at least"`}},

		// Rewordings that keep the meaning.
		{tree, "Every tree with n vertices has exactly n − 1 edges.", nil},
		{tree, "Every tree with n vertices has exactly `n - 1` edges.", nil},
		{tree, "Every tree with $n$ vertices has exactly $n - 1$ edges.", nil},
		{tree, "Each tree on n vertices has exactly n-1 edges.", nil},
		{"A tree with two vertices has one edge.", "A tree with 2 vertices has 1 edge.", nil},
		{"A tree has at least two leaves.", "Every tree has at least two leaves.", nil},
		// A slide's shorter wording of the book's theorem: "some" before a
		// named point and "at least" before no amount quantify nothing.
		{"A solution exists near $(x_0,y_0)$ (for $x$ in some interval) and is unique.",
			"A solution exists near some $(x_0,y_0)$ (at least for $x$ in some interval) and is unique.", nil},
		{"EVERY TREE with n vertices has exactly n-1 edges", tree, nil},
		{"A breadth-first search visits vertices level by level.", "A breadth-first search visits the vertices level by level, nearest first.", nil},
		// An extraction's spaces inside a formula.
		{"The inverse permutation σ−1 exists for every permutation σ, and σ−1 σ = σσ−1 = id.",
			"The inverse permutation σ −1 exists for every permutation σ, and σ −1 σ = σσ −1 = id.", nil},
		{"A symmetric operator in a real N-dimensional space has N real eigenvectors.",
			"A symmetric operator in a real N -dimensional space has N real eigenvectors.", nil},
		{"Let ω′ ≡ f1 ∧ f2; then ω′ = ±ω.", "Let ω ′ ≡ f1 ∧ f2; then ω ′ = ±ω.", nil},
		// Emphasis around words is typography, not a formula: Markdown
		// (*x*, **x**, _x_, `x`) and LaTeX (\emph, \textbf), either side.
		{"A forest is a graph with no cycle.", "A *forest* is a graph with no cycle.", nil},
		{"A *forest* is a graph with no cycle.", "A forest is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", "A **forest** is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", "A _forest_ is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", "A __forest__ is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", "A ***forest*** is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", "A `forest` is a graph with no cycle.", nil},
		{"A forest is a graph with no cycle.", `A \emph{forest} is a graph with no cycle.`, nil},
		{"A forest is a graph with no cycle.", `A \textbf{forest} is a graph with no cycle.`, nil},
		{"A forest is a graph with no cycle.", "*A forest is a graph with no cycle.*", nil},
		{"A forest is a graph with no cycle.", "A forest is *a graph with **no** cycle*.", nil},
		{"A tree is a connected graph containing no cycles.", "A *tree* is a Connected graph that contains no cycles.", nil},
		{"A *tree* is a Connected graph that contains no cycles.", "A tree is a connected graph containing no cycles.", nil},
		{tree, "Every *tree* with *n* vertices has exactly *n*-1 edges.", nil},
		// Emphasis that changes nothing does not hide a change either.
		{tree, "Every *tree* with n vertices has exactly *n+1* edges.", []string{`number differs: stored "n-1", candidate "n+1"`}},
		{tree, "Every **tree** with n vertices has exactly `n + 1` edges.", []string{`number differs: stored "n-1", candidate "n+1"`}},
		// A star or an underscore of a formula is no emphasis.
		{"The cost is a*b*c in the worst case.", "The cost is a*b*d in the worst case.", []string{`formula differs: stored "a*b*c", candidate "a*b*d"`}},
		{"The cost is `n * m * k` in the worst case.", "The cost is `n * m * j` in the worst case.", []string{`formula differs: stored "n*m*k", candidate "n*m*j"`}},
		{"The weight is $x_1_2$ here.", "The weight is $x_1_3$ here.", []string{`number differs: stored "x_1_2", candidate "x_1_3"`}},
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

func TestStripEmphasis(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"A *forest* is a graph.", "A forest is a graph."},
		{"A **forest** and a _tree_ and a __graph__.", "A forest and a tree and a graph."},
		{"**Definition 1.5 (Tree).** A *tree* is connected.", "Definition 1.5 (Tree). A tree is connected."},
		{"*a* *b*", "a b"},
		{"**a *b* c**", "a b c"},
		{"*n*-1 edges", "n-1 edges"},
		// Not emphasis: operators, unclosed or unbalanced runs, code and math.
		{"a*b*c", "a*b*c"},
		{"n * m * k", "n * m * k"},
		{"x_1_2", "x_1_2"},
		{"snake_case_name", "snake_case_name"},
		{"a *b", "a *b"},
		{"a **b* c", "a **b* c"},
		{"* *", "* *"},
		{"`*x*` and $*y*$", "`*x*` and $*y*$"},
	} {
		if got := stripEmphasis(c.in); got != c.want {
			t.Errorf("stripEmphasis(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
