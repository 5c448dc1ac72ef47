package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// Pairs of statements that say the same words of other mathematics (the
// kind of neighbouring theorems of A First Course in Linear Algebra the
// comparator read as one: the row space and the column space of a matrix
// are subspaces; conjugation respects sums and products), and one list of
// equivalences and the same list with an item more, and a result and its
// converse (a logic course's completeness and correctness). Their word tokens
// (two letters or more) agree, so the comparator measured them exact
// duplicates and a learn kept one result of each pair.
var twoResultPairs = []struct{ a, b string }{
	{`If $\Phi$ is consistent, then $\Phi$ is satisfiable.`, `If $\Phi$ is satisfiable, then $\Phi$ is consistent.`},
	{`Suppose that $A$ is an $m\times n$ matrix. Then $\mathcal{R}\!\left(A\right)$ is a subspace of $\mathbb{C}^{n}$.`,
		`Suppose that $A$ is an $m\times n$ matrix. Then $\mathcal{C}\!\left(A\right)$ is a subspace of $\mathbb{C}^{m}$.`},
	{`Suppose that $\alpha$ and $\beta$ are complex numbers. Then $\overline{\alpha\beta}=\overline{\alpha}\overline{\beta}$.`,
		`Suppose that $\alpha$ and $\beta$ are complex numbers. Then $\overline{\alpha+\beta}=\overline{\alpha}+\overline{\beta}$.`},
	{`Suppose $A$ is an invertible matrix. Then $A^{t}$ is invertible and $(A^{t})^{-1}=(A^{-1})^{t}$.`,
		`Suppose $A$ is an invertible matrix. Then $A^{-1}$ is invertible and $(A^{-1})^{-1}=A$.`},
	{`Let $M$ be a square matrix. These are equivalent. (1) $M$ is nonsingular. (2) $M$ row-reduces to the identity matrix. (3) The null space of $M$ is trivial. (4) The columns of $M$ are linearly independent.`,
		`Let $M$ be a square matrix. These are equivalent. (1) $M$ is nonsingular. (2) $M$ row-reduces to the identity matrix. (3) The null space of $M$ is trivial. (4) The columns of $M$ are linearly independent. (5) The columns of $M$ span.`},
	{`Let A be a square matrix. These are equivalent. (1) A is nonsingular. (2) A row-reduces to the identity matrix. (3) The null space of A is trivial.`,
		`Let B be a square matrix. These are equivalent. (1) B is nonsingular. (2) B row-reduces to the identity matrix. (3) The null space of B is trivial.`},
}

func TestCompareKeepsOtherMathematicsApart(t *testing.T) {
	for _, c := range twoResultPairs {
		a := core.Primitive{ID: "a", Name: "First", Type: core.Theorem, FormalStatement: c.a, Keywords: []string{"matrix"}}
		b := core.Primitive{ID: "b", Name: "Second", Type: core.Theorem, FormalStatement: c.b, Keywords: []string{"matrix"}}
		for _, p := range [][2]*core.Primitive{{&a, &b}, {&b, &a}} {
			if got := Compare(p[0], p[1]); got.Class == core.ExactDuplicate {
				t.Errorf("%q\nagainst %q: %s (%s), want two results", p[0].FormalStatement, p[1].FormalStatement, got.Class, got.Rationale)
			}
		}
	}
	// What stays one statement: spacing, a statement and its rendering.
	for _, c := range []struct{ a, b string }{
		{`Suppose that $A$ is an $m\times n$ matrix. Then $\mathcal{R}(A)$ is a subspace of $\mathbb{C}^{n}$.`,
			`Suppose that $A$ is an $m \times n$ matrix.  Then $\mathcal{R}(A)$ is a subspace of $\mathbb{C}^{n}$.`},
		{`Any graph $G$ satisfies $\chi(G) \le \Delta(G)$, unless $G$ is a complete graph or an odd cycle.`,
			`Any graph G satisfies χ(G)≤Δ(G), unless G is a complete graph or an odd cycle.`},
		{`The contrapositive of an implication $P \rightarrow Q$ is the statement $\neg Q \rightarrow \neg P$.`,
			`The contrapositive of an implication $P \to Q$ is the statement $\neg Q \to \neg P$.`},
	} {
		a := core.Primitive{ID: "a", Name: "X", Type: core.Theorem, FormalStatement: c.a}
		b := core.Primitive{ID: "b", Name: "X", Type: core.Theorem, FormalStatement: c.b}
		if got := Compare(&a, &b); got.Class != core.ExactDuplicate {
			t.Errorf("%q\nagainst %q: %s, want a duplicate", c.a, c.b, got.Class)
		}
	}
}

// In a run, the second of two such results is checked against the first:
// it is no duplicate of it, and is not skipped.
func TestDeduperKeepsOtherMathematicsApart(t *testing.T) {
	for _, c := range twoResultPairs {
		d := NewDeduper(nil, DefaultConfig())
		first := core.Primitive{ID: "first", Name: "First", Type: core.Theorem, FormalStatement: c.a,
			Keywords: []string{"matrix", "square", "suppose"}, Plane: core.PlanePosition{Real: 0.1, Imaginary: 0.1}}
		d.Remember(first)
		second := first
		second.ID, second.Name, second.FormalStatement = "second", "Second", c.b
		v, err := d.Check(&second)
		if err != nil {
			t.Fatal(err)
		}
		if v.Best != nil && v.Best.Class == core.ExactDuplicate {
			t.Errorf("%q\nagainst %q: a duplicate (%s), want two results", c.b, c.a, v.Best.Rationale)
		}
	}
}

// Two rules one document states at two places, the same words said of
// two things, are two rules; the same pair from two documents (a
// restatement in another's words) is judged by the comparator alone.
func TestCompareKeepsOneDocumentsTwoRulesApart(t *testing.T) {
	a := core.Primitive{ID: "a", Name: "Groups are created at all ancestor paths", Type: core.Axiom,
		FormalStatement: "If the user requests a group to be created under some logical path, then groups MUST also be created at all ancestor paths.",
		Provenance:      core.Provenance{Document: "zarr.rst", Offset: 100}}
	b := a
	b.ID, b.Name = "b", "Hierarchies are created at all ancestor paths"
	b.FormalStatement = "If the user requests an array to be created under some logical path, then groups MUST also be created at all ancestor paths."
	b.Provenance.Offset = 400
	if got := Compare(&b, &a); got.Class == core.ExactDuplicate {
		t.Errorf("one document's two rules judged one: %s", got.Rationale)
	}
	b.Provenance.Document = "other.rst"
	if got := Compare(&b, &a); got.Class != core.ExactDuplicate {
		t.Errorf("another document's restatement kept apart: %s", got.Class)
	}
	b.Provenance.Document, b.FormalStatement = "zarr.rst", a.FormalStatement+"  "
	if got := Compare(&b, &a); got.Class != core.ExactDuplicate {
		t.Errorf("the same sentence twice judged two: %s", got.Class)
	}
}

// One sentence opening two sections of one document ("The following
// definitions apply for all ABIs …") is two subjects when the sections go
// on to say two things; with the same text after it, it is one.
func TestOneOpeningOverTwoSectionsIsTwoSubjects(t *testing.T) {
	a := core.Primitive{ID: "a", Name: "Linux-Specific C Type Sizes", Type: core.Technique,
		FormalStatement: "The following definitions apply for all ABIs defined in this document.",
		Passage:         "| wchar_t | 4 | 4 |\n| wint_t | 4 | 4 |",
		Provenance:      core.Provenance{Document: "abi.adoc", Offset: 100}}
	b := a
	b.ID, b.Name, b.Passage = "b", "Linux-Specific C Type Representations", "`wchar_t` is signed. `wint_t` is unsigned."
	b.Provenance.Offset = 400
	if got := Compare(&b, &a); got.Class == core.ExactDuplicate {
		t.Errorf("two sections' subjects judged one: %s", got.Rationale)
	}
	b.Passage = a.Passage
	if got := Compare(&b, &a); got.Class != core.ExactDuplicate {
		t.Errorf("one text twice judged two: %s", got.Class)
	}
}
