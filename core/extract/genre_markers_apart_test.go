package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// withStatement returns the primitive whose statement holds s, or fails.
func withStatement(t *testing.T, ps []core.Primitive, s string) core.Primitive {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, s) {
			return p
		}
	}
	var st []string
	for _, p := range ps {
		st = append(st, string(p.Type)+": "+p.FormalStatement)
	}
	t.Fatalf("no primitive states %q among %q", s, st)
	return core.Primitive{}
}

// noneStates fails when a primitive's statement holds s.
func noneStates(t *testing.T, ps []core.Primitive, s string) {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, s) {
			t.Errorf("%s %q states %q: %q", p.Type, p.Name, s, p.FormalStatement)
		}
	}
}

// Course notes whose labels a PDF's text keeps in bold ("**Definition.**")
// read as definitions and theorems even when the notes as a whole read as
// a tutorial; prose mentioning a theorem is none, and a list a definition
// states is the definition's, not a procedure of its own.
func TestBoldLabelsInNotesReadAsTutorial(t *testing.T) {
	doc := `# 1 Linear Systems

## 1.1 Review

**Definition.** A **linear system of equations** is a collection of equations of the form a x = b.

**Definition.** The following are called **elementary row operations**:

1. Interchange two rows.

2. Multiply one row by a nonzero number.

3. Add a multiple of one row to a different row.

**Theorem.** Let x, y ∈ Rⁿ. Then
|x · y | ≤ ∥x∥∥y ∥
This is called the **Cauchy-Schwartz inequality**.

Theorem 2 shows that every matrix can be reduced to echelon form by these operations.

To solve a system:

1. Write its augmented matrix.

2. Reduce it to echelon form.

3. Solve by back substitution.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Tutorial), Options{})
	if p := withStatement(t, ps, "collection of equations of the form"); p.Type != core.Definition {
		t.Errorf("linear system: %s, want a definition", p.Type)
	}
	ops := withStatement(t, ps, "following are called elementary row operations")
	if ops.Type != core.Definition || !strings.Contains(ops.FormalStatement, "Interchange two rows") {
		t.Errorf("row operations: %s %q, want a definition stating its list", ops.Type, ops.FormalStatement)
	}
	cs := withStatement(t, ps, "Cauchy-Schwartz inequality")
	if cs.Type != core.Theorem || !strings.Contains(cs.FormalStatement, "≤") {
		t.Errorf("Cauchy-Schwartz: %s %q, want a theorem with its formula (a line opening with |x| is no table row)", cs.Type, cs.FormalStatement)
	}
	for _, p := range ps {
		if p.Type == core.Technique && strings.Contains(p.FormalStatement, "Interchange two rows") {
			t.Errorf("the definition's list is a technique too: %q", p.Name)
		}
		if p.Type == core.Theorem && strings.Contains(p.FormalStatement, "every matrix can be reduced") {
			t.Errorf("prose mentioning Theorem 2 read as a theorem: %q", p.FormalStatement)
		}
	}
	withStatement(t, ps, "back substitution") // the notes' own procedure stays
}

// Notes that number their blocks first and name the kind in lower case
// ("1.18 definition. Parallel: …", as amsthm styles and classes set them)
// give their definitions and propositions with the titles their bold run
// holds, each ending where the next label begins; the "Proof." after a
// proposition is its proof, up to the next label.
func TestNumberFirstLowerCaseLabels(t *testing.T) {
	doc := `## 1 Vectors

**1.7 definition. Unit vector** is a vector of magnitude 1. There is exactly one for
any given direction

**1.9 proposition. Parallelogram** AB = DC , i.e. traversing left-up is the same as
up-right (see proof below)

Proof. It follows from the fact that the opposite sides of a parallelogram are
parallel and of equal length.
**1.10 notation.** Generally, in printed text v is set in bold.

**1.12 definition. Addition** Let u = PQ and v = QR. Then u + v = PR.
**1.13 remark.** As per usual subtraction is simply u + (−v).

**1.18 definition. Parallel:** Let u, v be two non-zero vectors. Then v is parallel
to u iff v = λu for a scalar λ.

The notes give a precise
definition. Then they use it throughout.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	unit := withStatement(t, ps, "is a vector of magnitude 1")
	if unit.Type != core.Definition || unit.Name != "Unit vector" || !strings.HasPrefix(unit.FormalStatement, "Unit vector is a vector") {
		t.Errorf("1.7: %s %q %q, want the definition named by its bold title, its sentence whole", unit.Type, unit.Name, unit.FormalStatement)
	}
	par := withStatement(t, ps, "traversing left-up")
	if par.Type != core.Theorem || par.Name != "Parallelogram" {
		t.Errorf("1.9: %s %q, want the proposition Parallelogram", par.Type, par.Name)
	}
	if !strings.Contains(par.Proof.Text, "opposite sides of a parallelogram") || strings.Contains(par.Proof.Text, "Generally") {
		t.Errorf("1.9's proof = %q, want its paragraph up to the notation", par.Proof.Text)
	}
	add := withStatement(t, ps, "u + v = PR")
	if add.Name != "Addition" || strings.Contains(add.FormalStatement, "subtraction") {
		t.Errorf("1.12: %q %q, want Addition up to the remark", add.Name, add.FormalStatement)
	}
	parallel := withStatement(t, ps, "two non-zero vectors")
	if parallel.Name != "Parallel" || !strings.HasPrefix(parallel.FormalStatement, "Let u, v") {
		t.Errorf("1.18: %q %q, want Parallel stating from its first sentence", parallel.Name, parallel.FormalStatement)
	}
	noneStates(t, ps, "they use it throughout") // a wrapped line's "definition." is prose
}

// A proof whose label a PDF sets in bold on a line of its own ("**Proof**")
// is its proposition's, up to its end mark.
func TestBoldProofLabelAlone(t *testing.T) {
	doc := `## Division of integers

**Proposition 0.15**
Let a, b, c ∈ Z. If c divides b and b divides a, then c divides a.
**Proof**
Suppose that c divides b and b divides a. Then b = qc and a = rb
for some integers q and r, so a = (rq)c. □

Some familiar concepts can be characterised in terms of divisibility.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	p := withStatement(t, ps, "then c divides a")
	if !strings.HasPrefix(p.Proof.Text, "Suppose that c divides b") || strings.Contains(p.Proof.Text, "familiar") {
		t.Errorf("proof = %q, want the paragraph under the bold label up to □", p.Proof.Text)
	}
}

// The label's kind is read in any case where it is set apart; in lower
// case only by its type or a number before it.
func TestCasedLabels(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"DEFINITION 2.1. A group is a set with an operation.\n", true},
		{"**definition.** A group is a set with an operation.\n", true},
		{"2.1 definition. A group is a set with an operation.\n", true},
		{"definition. A group is a set with an operation.\n", false},
		{"Theorem 2 shows that groups exist.\n", false},
	} {
		hs := scanMarkers(c.s, textbookMarkers, true)
		if got := len(hs) == 1 && hs[0].m.kind == "definition"; got != c.want {
			t.Errorf("%q: label read = %v, want %v (%+v)", c.s, got, c.want, hs)
		}
	}
}

// A statement that leads into a list ("consists of", "such that") or
// opens with one is stated by every item of it, as the page shows; the
// paragraph after the list is not the statement's.
func TestStatementsOverLists(t *testing.T) {
	doc := `## 1 DG-categories

**Definition 1.1.** A DG-category A consists of

(1) A collection of objects Ob A

(2) For all x, y ∈ Ob A, a chain complex of morphisms Hom(x, y)

such that

(1) Composition is associative.

(2) Composition is unital: every object has an identity cycle.

We will mostly work with such categories.

**Theorem 10.3** (Adjoint Functor Theorem).

(1) Let C be a presentable category and F : C → D a colimit-preserving functor. Then F admits a right adjoint.

(2) Let C and D be presentable categories and G : D → C a functor that preserves limits. Then G admits a left adjoint.

The proof is beyond these notes.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	dg := withStatement(t, ps, "A DG-category A consists of")
	if !strings.Contains(dg.FormalStatement, "Composition is unital") || strings.Contains(dg.FormalStatement, "mostly") {
		t.Errorf("Definition 1.1 = %q, want both lists and nothing after", dg.FormalStatement)
	}
	aft := withStatement(t, ps, "admits a right adjoint")
	if !strings.Contains(aft.FormalStatement, "admits a left adjoint") || strings.Contains(aft.FormalStatement, "beyond") {
		t.Errorf("Theorem 10.3 = %q, want its two items and nothing after", aft.FormalStatement)
	}
}

// A result whose premises end a sentence at a display ("Let x be such
// that" over it) goes on to the paragraph that concludes it, and through
// a further premise; a result that concludes ends where it did.
func TestPremisesReadOnToTheConclusion(t *testing.T) {
	doc := `## 2 Lagrange multipliers

**Theorem** (Lagrangian sufficiency). Let x* ∈ X and λ* ∈ Rᵐ be such that

L(x*, λ*) = inf L(x, λ*) and h(x*) = b.

Then x* is optimal for (P).

**Theorem.** Consider the problem

minimize f(x) subject to h(x) = b.

Here we assume all functions are continuously differentiable. Suppose that ϕ(b) is the optimal value. Then

∂ϕ/∂bᵢ = λᵢ.

Proof is omitted.

**Theorem** (Weak duality). Let x be feasible. Then g(λ) ≤ f(x).

Then we see the dual is a bound.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	if s := withStatement(t, ps, "be such that").FormalStatement; !strings.HasSuffix(s, "Then x* is optimal for (P).") {
		t.Errorf("Lagrangian sufficiency = %q, want its conclusion", s)
	}
	if s := withStatement(t, ps, "Consider the problem").FormalStatement; !strings.Contains(s, "∂ϕ/∂bᵢ = λᵢ") || strings.Contains(s, "omitted") {
		t.Errorf("the shadow price theorem = %q, want its premises and conclusion, not the remark after", s)
	}
	if s := withStatement(t, ps, "Let x be feasible").FormalStatement; strings.Contains(s, "dual is a bound") {
		t.Errorf("weak duality = %q, read past its conclusion", s)
	}
}

// A paragraph that adds to a result ("Furthermore, …") between it and its
// proof is the result's; one that follows a result with no proof after it
// is the text's.
func TestFurtherPartBeforeProof(t *testing.T) {
	doc := `## 3 Givens rotations

**Theorem 3.3** : Let A ∈ R^{m×n} and i > j. There exists a Givens rotation Ω such that:

(Ω A)_{ij} = 0.

Furthermore, all the rows of Ω A other than p and q are equal to those of A.

**Proof** :
We take the rotation that zeroes the entry.

**Theorem 3.4** : Every matrix has a QR factorisation by Givens rotations.

Moreover, this is how most libraries compute it in practice.

We now turn to Householder reflections.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	if s := withStatement(t, ps, "There exists a Givens rotation").FormalStatement; !strings.Contains(s, "Furthermore, all the rows") {
		t.Errorf("Theorem 3.3 = %q, want its further part", s)
	}
	if s := withStatement(t, ps, "Every matrix has a QR").FormalStatement; strings.Contains(s, "libraries") {
		t.Errorf("Theorem 3.4 = %q, read on into the text", s)
	}
}
