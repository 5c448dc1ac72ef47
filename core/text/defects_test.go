package text

import (
	"slices"
	"testing"
)

func kinds(ds []Defect) []DefectKind {
	var out []DefectKind
	for _, d := range ds {
		if !slices.Contains(out, d.Kind) {
			out = append(out, d.Kind)
		}
	}
	return out
}

func TestDefectsFindExtractionDamage(t *testing.T) {
	for _, c := range []struct {
		text string
		want []DefectKind
	}{
		{"A group is a set with an associative operation, an identity and inverses.", nil},
		{"Both first- and second-order terms vanish, as J. von Neumann showed (e.g. in 1932).", nil},
		{"The inverse permutation σ exists for every per- mutation σ.", []DefectKind{DefectBrokenWord}},
		{"the formal power series series converges", []DefectKind{DefectRepeat}},
		{"the dimension of V. the dual space is equal", []DefectKind{DefectSplice}},
		{"the numbers x 1 n i i are called components", []DefectKind{DefectRepeat, DefectSymbolSoup}},
		{"is the ˜ unique solution", []DefectKind{DefectStrayMark}},
		{`a \emph{group} is <b>a</b> set &amp; more`, []DefectKind{DefectMarkup}},
		{"the operatorâ€™s kernel \uFFFD", []DefectKind{DefectGarbled}},
		{"The operations of vector sum and t…", []DefectKind{DefectCut}},
		{"such that (the sum of both", []DefectKind{DefectCut}},
		// Mathematics is not damage: operands joined by operators, in
		// plain text, Markdown code or LaTeX math.
		{"Every tree with n vertices has exactly n − 1 edges.", nil},
		{"Every tree with n vertices has exactly `n - 1` edges.", nil},
		{"A forest with k components has $n - k$ edges, and the number of leaves is n − k + 1 at most.", nil},
		{"The number of edges is n − 1 when a = b.", nil},
		// A LaTeX statement's commands in its mathematics are its
		// mathematics; one left in its prose is markup noise.
		{`Let $f \colon A \to B$ be a function with $$ \lim_{n\to \infty} x_n = 0. $$`, nil},
		{`Let $f \colon A \to B$ be a \textsl function.`, []DefectKind{DefectMarkup}},
		// Subscripts torn from a formula's operands still are.
		{"the sum x 1 + x 2 + … + x n is taken", []DefectKind{DefectSymbolSoup}},
	} {
		if got := kinds(Defects(c.text)); !slices.Equal(got, c.want) {
			t.Errorf("Defects(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestWorseComparesDamage(t *testing.T) {
	for _, c := range []struct {
		cand, exist string
		worse       bool
	}{
		// A broader statement inserting words is not damage.
		{"A Hermitian or normal operator is diagonalizable.", "A Hermitian operator is diagonalizable.", false},
		// Nor is one going on after the end.
		{"A Hermitian operator is diagonalizable. Its eigenvalues are real.", "A Hermitian operator is diagonalizable.", false},
		// Another sentence inside one of the stored statement's is.
		{"All eigenvalues of a Hermitian operator are real tors. (have zero imaginary part).",
			"All eigenvalues of a Hermitian operator are real (have zero imaginary part).", true},
		{"Suppose the vectors are nonzero and freedom. Here comes another trick: are eigenvectors of one operator.",
			"Suppose the vectors are nonzero and are eigenvectors of one operator.", true},
		// Damage the stored statement has too is not counted twice.
		{"the numbers x 1 n i i are called components, in every basis", "the numbers x 1 n i i are called components", false},
		// Emphasis is looked through: the same symbols with and without it
		// are the same text.
		{"Let x y z be the vertices of a triangle.", "Let *x* *y* *z* be the vertices of a triangle.", false},
		{"A forest is a graph with no cycle.", "A *forest* is a graph with no cycle.", false},
		{"A *forest* is a graph with no cycle.", "A forest is a graph with no cycle.", false},
		// Cleaner text is not worse.
		{"the numbers xi are called components", "the numbers x 1 n i i are called components", false},
		// Nor is a formula written with spaces or as Markdown code.
		{"A tree on n vertices is a connected graph with n − 1 edges and no cycle, as studied in graph theory.",
			"A tree on n vertices is a connected graph with n-1 edges and no cycle.", false},
		{"A tree on n vertices is a connected graph with `n - 1` edges and no cycle, as studied in graph theory.",
			"A tree on n vertices is a connected graph with n-1 edges and no cycle.", false},
	} {
		if got, ds := Worse(c.cand, c.exist); got != c.worse {
			t.Errorf("Worse(%q, %q) = %v %v, want %v", c.cand, c.exist, got, ds, c.worse)
		}
	}
}
