package merge

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

func stated(id, name string, typ core.PrimitiveType, section, stmt string) core.Primitive {
	return core.Primitive{ID: id, Name: name, Type: typ, Domain: "mathematics", FormalStatement: stmt,
		Provenance: core.Provenance{Document: "book.tex", Section: section, ContentHash: text.ContentHash(stmt)}}
}

// A candidate that shares its name with a stored primitive but states
// something else (the deduper's genuinely new verdict on it) is added
// under a name of its own, by what it is about, never beside it under the
// same name.
func TestMergeSameTitleIsAddedApart(t *testing.T) {
	for _, c := range []struct {
		stored, cand core.Primitive
		name, id     string
	}{
		{stated("mathematics-linearity", "Linearity", core.Theorem, "Properties of the integral", "The integral of a sum is the sum of the integrals."),
			stated("mathematics-linearity", "Linearity", core.Theorem, "The derivative", "The derivative of a sum is the sum of the derivatives."),
			"Linearity of the derivative", "mathematics-linearity-of-the-derivative"},
		{stated("mathematics-linearity", "Linearity", core.Theorem, "The derivative", "The derivative of a sum is the sum of the derivatives."),
			stated("mathematics-linearity", "Linearity", core.Theorem, "5.2 Properties of the integral", "The integral of a sum is the sum of the integrals."),
			"Linearity of the integral", "mathematics-linearity-of-the-integral"},
		{stated("mathematics-char", "Characterization of Convergent Sequences", core.Theorem, "Limit superior, limit inferior", "A bounded sequence converges if and only if its lim inf and lim sup are equal."),
			stated("mathematics-char", "Characterization of convergent sequences", core.Theorem, "Metric spaces", "A sequence in a metric space converges to p if and only if its distance to p tends to zero."),
			"Characterization of convergent sequences — Metric spaces", "mathematics-char"},
		{stated("cs-bfs", "Breadth-first Search", core.Definition, "Traversal", "This is usually called a breadth-first search."),
			stated("cs-bfs", "Breadth-first search", core.Algorithm, "Traversal", "Breadth-first search uses a queue to visit the vertices in order of distance."),
			"Breadth-first search (algorithm)", "cs-bfs"},
		{stated("mathematics-lemma", "Key lemma", core.Theorem, "Sequences", "Every convergent sequence is bounded."),
			stated("mathematics-lemma", "Key lemma", core.Theorem, "Sequences", "Every Cauchy sequence converges."),
			"Key lemma (Cauchy)", "mathematics-lemma"},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		ex, cand := c.stored, c.cand
		r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.GenuinelyNew, Confidence: 0.1}, &ex)
		if r.Action != core.ActionAdd || len(r.Changes) != 1 || r.Changes[0].After == nil {
			t.Fatalf("%q: %s (%s), want an add", c.name, r.Action, r.Provenance.Rationale)
		}
		got := r.Changes[0].After
		if got.Name != c.name {
			t.Errorf("added as %q, want %q", got.Name, c.name)
		}
		if c.id != "" && got.ID != c.id && !strings.HasPrefix(got.ID, c.id) {
			t.Errorf("%q: id %q, want %q", c.name, got.ID, c.id)
		}
		if !strings.Contains(r.Provenance.Rationale, "added apart") {
			t.Errorf("%q: the rationale does not say why: %q", c.name, r.Provenance.Rationale)
		}
	}
}

// Unrelated statements never meet: a definition against a differently
// named theorem, or two results whose names share a word but not their
// subject, are added as distinct primitives whatever the wording's
// verdict. Two readings of one definition still conflict.
func TestUnrelatedStatementsNeverConflict(t *testing.T) {
	mk := func(id, name string, typ core.PrimitiveType, stmt string) core.Primitive {
		p := stated(id, name, typ, "", stmt)
		p.Domain = "computer-science"
		return p
	}
	for _, c := range []struct {
		cand, existing core.Primitive
		want           core.MergeAction
	}{
		{mk("cs-characterization-of-forests", "Characterization of Forests", core.Theorem,
			"A graph $F$ is a forest if and only if between any pair of vertices in $F$ there is at most one path."),
			mk("cs-connected-graph", "Connected graph", core.Definition, "A Graph is *connected* when a Path joins every pair of its vertices."),
			core.ActionAdd},
		{mk("la-crsm", "Conjugation Respects Vector Scalar Multiplication", core.Theorem,
			`Suppose that $\vec{x}\in\complex{m}$ and $\alpha\in\complexes$. Then $\conjugate{\alpha\vec{x}}=\conjugate{\alpha}\,\conjugate{\vec{x}}$.`),
			mk("la-vspm", "Vector Space Properties of Matrices", core.Theorem,
				`Suppose that $M_{mn}$ is the set of all $m\times n$ matrices with addition and scalar multiplication as defined in Definition MA and Definition MSM. Then Additive Closure: if $A,\,B\in M_{mn}$, then $A+B\in M_{mn}$. Scalar Closure: if $\alpha\in\complexes$ and $A\in M_{mn}$, then $\alpha A\in M_{mn}$. Commutativity: if $A,\,B\in M_{mn}$, then $A+B=B+A$. Distributivity across matrix addition and across scalar addition, and the scalar multiplication of a vector by one.`),
			core.ActionAdd},
		// Where they align, the two differ in a quantifier ("some"):
		// as two statements do, not as one statement changed.
		{mk("cs-graph", "Graph", core.Definition,
			"A *graph* is a pair of a finite set of vertices and a set of edges, each edge joining two distinct vertices."),
			mk("cs-connected-graph", "Connected graph", core.Definition, "A Graph is *connected* when a Path joins some pair of its vertices."),
			core.ActionAdd},
		{mk("cs-vector-space", "Vector space", core.Definition, "A vector space over a field F is an abelian group with a scalar multiplication by F."),
			mk("cs-vector-space", "Vector Space", core.Definition, "A vector space is a set V with addition and scalar multiplication satisfying eight axioms."),
			core.ActionConflict},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		ex, cand := c.existing, c.cand
		r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.OverlappingDistinct, Confidence: 0.57}, &ex)
		if r.Action != c.want {
			t.Errorf("%q against %q: %s, want %s (%s)", cand.Name, ex.Name, r.Action, c.want, r.Provenance.Rationale)
		}
	}
}

// A duplicate read in another document (a slide restating the book)
// records where else the statement is stated.
func TestDuplicateRecordsWhereElseItIsStated(t *testing.T) {
	ex := stated("m-bounded", "Bounded sequence", core.Definition, "Sequences and limits", "A sequence is bounded if some B bounds all its terms.")
	cand := ex
	cand.Provenance.Document, cand.Provenance.Section = "slides/lecture3.tex", "Bounded sequences"
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.ExactDuplicate, Confidence: 0.9}, &ex)
	if r.Action != core.ActionSkip || !strings.Contains(r.Provenance.Rationale, `Also stated in slides/lecture3.tex, section "Bounded sequences".`) {
		t.Errorf("%s: %q", r.Action, r.Provenance.Rationale)
	}
}

// One title over two formulas of one shape is two results, kept apart;
// one changed number under one title is a disagreement, held.
func TestSameTitleOverTwoFormulasIsAddedApart(t *testing.T) {
	second := stated("math-superposition", "Superposition", core.Theorem, "Second order linear ODEs",
		"Suppose $y_1$ and $y_2$ are two solutions of the homogeneous equation $y'' + p(x)y' + q(x)y = 0$. Then $y(x) = C_1 y_1(x) + C_2 y_2(x)$ also solves the equation for arbitrary constants $C_1$ and $C_2$.")
	nth := stated("math-superposition", "Superposition", core.Theorem, "Higher order linear ODEs",
		"Suppose $y_1$, …, $y_n$ are solutions of the homogeneous equation $y^{(n)} + p_{n-1}(x)y^{(n-1)} + \\cdots + p_0(x) y = 0$. Then $y(x) = C_1 y_1(x) + \\cdots + C_n y_n(x)$ also solves the equation for arbitrary constants $C_1, \\ldots, C_n$.")
	if n := len(text.MeaningChanges(nth.FormalStatement, second.FormalStatement)); n < 2 {
		t.Fatalf("setup: %d changes", n)
	}
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&nth, &core.Comparison{ExistingID: second.ID, Class: core.ExactDuplicate, Confidence: 0.9}, &second)
	if r.Action != core.ActionAdd || r.Changes[0].After.Name != "Superposition of Higher order linear ODEs" {
		t.Errorf("%s: %s", r.Action, r.Provenance.Rationale)
	}
	typo := second
	typo.FormalStatement = strings.Replace(second.FormalStatement, "C_2 y_2(x)", "C_2 y_3(x)", 1)
	r = New(Options{Session: "s1", Now: clock()}).mustMerge(&typo, &core.Comparison{ExistingID: second.ID, Class: core.ExactDuplicate, Confidence: 0.9}, &second)
	if r.Action != core.ActionConflict {
		t.Errorf("one changed formula: %s (%s), want a conflict", r.Action, r.Provenance.Rationale)
	}
}
