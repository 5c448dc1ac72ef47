package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// runningDefinitions are definitions as PDF and EPUB textbooks set them in
// running text, one per shape of sentence that names its term.
const runningDefinitions = `# Linear maps and rings

## 1.1 Maps and matrices

Definition 1.1 A function f : X → Y is injective if distinct inputs have distinct images.

Definition 1.2 A normal subgroup of a group G is a subgroup N ⊂ G that is invariant under conjugation.

Definition 1.3 Suppose T : V → V is a linear operator on a space V, and c is a scalar. Then c is called a regular value of T when T − c is invertible.

Definition 1.4 If R is a commutative ring then the nilradical N(R) of R is the set of its nilpotent elements.

Definition 1.5 A sequence of real numbers is bounded when some interval contains all its terms.

Definition 1.6 A matrix is called symmetric if it equals its transpose.

Definition 1.7 The trace tr A of a square matrix A is the sum of its diagonal entries.

Definition 1.8 The spectral radius ρ(A) of a matrix A is the largest absolute value of its eigenvalues.

Definition 1.9 If we only consider finite sets, then we write |X| for the number of elements of X.

Definition 1.10 Given a polynomial q(x) and a matrix A, the matrix q(A) is obtained by substituting A for x.
`

func TestRunningTextDefinitionsNameTheirTerm(t *testing.T) {
	ps := Extract(analyzed(runningDefinitions, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	want := []string{
		"Injective Function", "Normal Subgroup", "Regular Value", "Nilradical", "Bounded Sequence",
		"Symmetric Matrix", "Trace", "Spectral Radius",
		// Neither names a term: the number and the section do.
		"Definition 1.9 — Maps and matrices", "Definition 1.10 — Maps and matrices",
	}
	got := names(ps)
	if len(got) != len(want) {
		t.Fatalf("got %d primitives %q, want %q", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("definition %d: name %q, want %q", i+1, got[i], want[i])
		}
	}
}

// Books typeset a result's title after its number; PDF text keeps the
// words and loses the bold.
const runningTitles = `# Metric spaces

## 2.1 Completeness

Definition 2.1. Isometries. Let (X, d) and (Y, e) be metric spaces. A map f is an isometry if e(f(x), f(y)) = d(x, y).

Definition 2.2. Dense Set
A subset S of X is dense if its closure is X.

Theorem 2.3. Existence of a completion Every metric space has a completion.

Theorem 2.4. Cantor's Intersection Theorem If (F_n) is a decreasing sequence of nonempty closed sets with diameters tending to 0, their intersection is a single point.

Theorem 2.5. Every Cauchy sequence with a convergent subsequence converges.

Lemma 2.6. Let X be complete and S closed in X. Then S is complete.
`

func TestRunningTextResultTitles(t *testing.T) {
	ps := Extract(analyzed(runningTitles, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	want := []struct{ name, starts string }{
		{"Isometries", "Let (X, d)"},
		{"Dense Set", "A subset S"},
		{"Existence of a completion", "Every metric space"},
		{"Cantor's Intersection Theorem", "If (F_n)"},
		{"", "Every Cauchy sequence"},
		{"", "Let X be complete"},
	}
	if len(ps) != len(want) {
		t.Fatalf("got %d primitives %q, want %d", len(ps), names(ps), len(want))
	}
	for i, w := range want {
		if w.name != "" && ps[i].Name != w.name {
			t.Errorf("result %d: name %q, want %q", i+1, ps[i].Name, w.name)
		}
		if !strings.HasPrefix(ps[i].FormalStatement, w.starts) {
			t.Errorf("result %d: statement %q, want it to start %q", i+1, ps[i].FormalStatement, w.starts)
		}
	}
}

// Words that abbreviate in formulas but are concepts too keep their place
// in names.
func TestConceptAbbreviationsStayInNames(t *testing.T) {
	doc := "# Linear algebra\n\n## 1.2 Spans\n\nDefinition 1.11 The span of a set of vectors S is the set of all linear combinations of vectors in S.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Span" {
		t.Fatalf("got %q, want Span", names(ps))
	}
}

// A definition that sets up its objects and defines them in a bulleted
// list keeps the list: its opening clause alone defines nothing.
func TestSetupOverListKeepsTheList(t *testing.T) {
	doc := "# Topology\n\n## 1.3 Closure\n\nDefinition 1.12. Let (X, T) be a topological space and A a subset of X.\n\n" +
		"• The closure of A is the smallest closed set containing A.\n\n" +
		"• The interior of A is the largest open set contained\n\nin A.\n\n" +
		"• A is called dense in X iff its closure is X.\n\n" +
		"Every closed set is its own closure, as the next lemma shows.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 {
		t.Fatalf("got %q, want one definition", names(ps))
	}
	st := ps[0].FormalStatement
	for _, want := range []string{"smallest closed set", "largest open set", "in A.", "dense in X"} {
		if !strings.Contains(st, want) {
			t.Errorf("statement %q lacks %q", st, want)
		}
	}
	if strings.Contains(st, "next lemma") {
		t.Errorf("statement %q runs past the list", st)
	}
}

// PreTeXt books that define terms inline mark them with <term> in a
// paragraph; a paragraph previewing a term a <definition> defines is not a
// second definition, and a theorem's paragraphs stay the theorem's.
func TestPreTeXtTermParagraphsDefine(t *testing.T) {
	doc := `<section xml:id="s"><title>Rings</title>
<p>A <term>ring</term> <m>(R, +, \cdot)</m> is a set with two laws of composition such that addition makes it an abelian group and multiplication is associative and distributes over addition.</p>
<p>Soon we will meet <term>ideals</term>, which play the part normal subgroups play for groups.</p>
<definition><statement><p>An <term>ideal</term> of a ring <m>R</m> is an additive subgroup closed under multiplication by elements of <m>R</m>.</p></statement></definition>
<theorem><statement><p>Every <term>field</term> is an integral domain.</p></statement></theorem>
<p>A ring in which multiplication is commutative is called a <term>commutative ring</term>.</p>
</section>`
	ps := Extract(analyzed(doc, core.FormatPreTeXt, core.Textbook), Options{})
	logPrimitives(t, ps)
	got := map[string]core.PrimitiveType{}
	for _, p := range ps {
		got[p.Name] = p.Type
	}
	for _, n := range []string{"Ring", "Ideal", "Commutative Ring"} {
		if got[n] != core.Definition {
			t.Errorf("%q: %q, want a definition (got %q)", n, got[n], names(ps))
		}
	}
	if len(ps) != 4 {
		t.Errorf("got %d primitives %q, want the ring, the ideal, the theorem and the commutative ring", len(ps), names(ps))
	}
}

// A term paragraph's definition starts at the sentence that holds the term.
func TestPreTeXtTermParagraphStartsAtItsTerm(t *testing.T) {
	doc := `<section xml:id="s"><title>Fields</title>
<p>The rationals and the reals are familiar examples. A <term>field</term> is a commutative ring in which every nonzero element has a multiplicative inverse.</p>
</section>`
	ps := Extract(analyzed(doc, core.FormatPreTeXt, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Field" {
		t.Fatalf("got %q (%d primitives)", names(ps), len(ps))
	}
	if !strings.HasPrefix(ps[0].FormalStatement, "A field is") {
		t.Fatalf("statement %q, want it to start at the term's sentence", ps[0].FormalStatement)
	}
}
