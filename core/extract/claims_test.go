package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestClaimName(t *testing.T) {
	for _, tc := range []struct{ stmt, want string }{
		{`Let $f(x)$ be a polynomial of odd degree. Then $f$ has a real root.`,
			"A polynomial of odd degree has a real root"},
		{`Let $f \colon [a,b] \to \R$ be a continuous function. Then $f$ is uniformly continuous.`,
			"A continuous function on [a,b] is uniformly continuous"},
		{`A continuous function $f \colon [a,b] \to \R$ is bounded.`,
			"A continuous function on [a,b] is bounded"},
		{`Let $I \subset \R$ be an interval and $f \colon I \to \R$ be monotone. Then $f$ has at most countably many discontinuities.`,
			"A monotone function on an interval has at most countably many discontinuities"},
		{`Let $(X,d)$ be a metric space. If $K \subset X$ is compact, then $K$ is closed and bounded.`,
			"A compact subset of a metric space is closed and bounded"},
		{`If $g$ is a retract of an equivalence $f$, then $g$ is also an equivalence.`,
			"A retract of an equivalence is also an equivalence"},
		{`The group $A_4$ has no subgroup of order $6$.`, "The group A₄ has no subgroup of order 6"},
		{`The circle group is a subgroup of ${\mathbb C}^*$.`, "The circle group is a subgroup of ℂ*"},
		{`The space $\R^n$ with the standard metric is a complete metric space.`,
			"The space ℝⁿ with the standard metric is a complete metric space"},
		{`An orthogonal matrix $Q$ is invertible and its inverse $Q^{-1} = Q^T$.`, "An orthogonal matrix is invertible"},
		// A list of symbols names what was just described, too.
		{`A set of mutually orthogonal vectors $\uvec_1, \uvec_2, \ldots, \uvec_k$ is linearly independent.`,
			"A set of mutually orthogonal vectors is linearly independent"},
		{`Let $(X,d)$ be a nonempty compact metric space and let $f \colon X \to \R$ be continuous. Then $f$ is bounded and in fact $f$ achieves an absolute minimum and an absolute maximum on $X$.`,
			"A continuous function on a nonempty compact metric space is bounded"},
		{`Let $(X,d_X)$ and $(Y,d_Y)$ be metric spaces. Suppose $f \colon X \to Y$ is continuous and $X$ is compact. Then $f$ is uniformly continuous.`,
			"A continuous function on a compact metric space is uniformly continuous"},
		{`Let $(X,d)$ be a metric space and let $K \subset X$ be compact. If $E \subset K$ is a closed set, then $E$ is compact.`,
			"A closed subset of a compact set is compact"},

		// A condition on the set the subject lives on that was not read.
		{`Suppose $f \colon X \to Y$ is continuous and $X$ is sequentially compact. Then $f$ is uniformly continuous.`, ""},
		// A formula inside the subject is not an appositive.
		{`Let $f$ be a continuous function. Then the limit of $f(x)$ as $x$ goes to $c$ is unique.`, ""},
		// Characterizations and pointers elsewhere are not claims.
		{`A subset $H$ of $G$ is a subgroup if and only if it satisfies the following conditions.`, ""},

		// A condition on the subject that was not understood: the name
		// would claim something false.
		{`Let $f \colon [a,b] \to \R$ be a continuous function. Suppose $f(a) < 0$ and $f(b) > 0$. Then $f$ has a root.`, ""},
		// A qualified binding ("such that …") is not a name's subject.
		{`Let $f$ be a function such that $f(x) > 0$. Then $f$ is positive.`, ""},
		// A bare generic noun stands for nothing.
		{`If $f:A\to B$ is such that $B\to \isequiv(f)$, then $f$ is an equivalence.`, ""},
		// Formulas, unbound variables and pronoun subjects are not names.
		{`Let $G$ be a group. Then $a^k=e$ if and only if $n$ divides $k$.`, ""},
		{`Let $H$ be a subgroup of $G$. Then there is exactly one coset.`, ""},
		{`If $I \subset \R$ is an interval and $f \colon I \to \R$ is strictly monotone, then the inverse $f^{-1} \colon f(I) \to I$ is continuous.`, ""},
		{`Then the order of $g$ must divide the number of elements in $G$.`, ""},
	} {
		if got := claimName(tc.stmt); got != tc.want {
			t.Errorf("claimName(%q)\n got %q\nwant %q", tc.stmt, got, tc.want)
		}
	}
}

// A result whose first part carries a title is named by it.
func TestItemTitleNamesResult(t *testing.T) {
	src := "\\section{Reals}\n\\begin{thm}\n\\begin{enumerate}[(i)]\n\\item (Archimedean property) If $x, y \\in \\R$ and $x > 0$, then there exists $n$ with $nx > y$.\n" +
		"\\item ($\\Q$ is dense in $\\R$) If $x < y$, then there is $r \\in \\Q$ with $x < r < y$.\n\\end{enumerate}\n\\end{thm}\n"
	ps := Extract(analyzed(src, core.FormatLaTeX, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Archimedean property" {
		t.Fatalf("got %v, want one theorem named Archimedean property", names(ps))
	}
}

// A first sentence in words names its result; an existence claim is a
// name, a sentence a PDF's line broke or a list's first item is not, and
// in running text a name needs five words and no variable.
func TestSentenceNameGuards(t *testing.T) {
	for stmt, want := range map[string]string{
		"There are infinitely many primes.":                        "There are infinitely many primes",
		"There is a unique ordered field.":                         "There is a unique ordered field",
		"The volume v1 is equal to det(Gij in this basis.":         "",
		"a) The set of all the roots is finite.":                   "",
		"A symmetric operator is diagonalizable i.e. it is a sum.": "",
		"There the argument ends with a contradiction.":            "",
	} {
		if got := sentenceName(stmt); got != want {
			t.Errorf("sentenceName(%q) = %q, want %q", stmt, got, want)
		}
	}
	for n, want := range map[string]bool{
		"Every subgroup of a cyclic group is cyclic": true,
		"Characterization of Trees":                  true,
		"Link is unique":                             false,
		"Mechanism M is ε-differentially private":    false,
		"Every derivation in N reduces to I ⊢ F":     false,
	} {
		if wordyName(n) != want {
			t.Errorf("wordyName(%q) = %v, want %v", n, !want, want)
		}
	}
}

// A characterization is named as one even after the sentence that sets
// its scene.
func TestGistAfterSetting(t *testing.T) {
	stmt := `Let $(X,d_X)$ and $(Y,d_Y)$ be metric spaces. A function $f \colon X \to Y$ is continuous if and only if for every open $U \subset Y$, $f^{-1}(U)$ is open in $X$.`
	if got := gistName(stmt); got != "Characterization of Continuous Functions" {
		t.Errorf("gistName = %q", got)
	}
}

// Characterizations and uniqueness results are named as teachers name
// them; a subject the name cannot speak of gives no name.
func TestLawName(t *testing.T) {
	for _, tc := range []struct{ stmt, want string }{
		{`Let $(X,d)$ be a metric space. Then $K \subset X$ is compact if and only if every sequence in $K$ has a subsequence converging to a point in $K$.`,
			"Characterization of Compact Sets"},
		{`Let $S \subset \R$. Then $x \in \R$ is a cluster point of $S$ if and only if there exists a convergent sequence of numbers.`,
			"Characterization of Cluster Points"},
		{`Let $(X,d_X)$ and $(Y,d_Y)$ be metric spaces. Then $f \colon X \to Y$ is continuous at $c \in X$ if and only if for every sequence converging to $c$, the sequence converges to $f(c)$.`,
			"Characterization of Continuous Functions"},
		{`A sequence $\{ x_n \}_{n=1}^\infty$ in a metric space $(X,d)$ converges to $p \in X$ if and only if there exists a sequence of real numbers.`,
			"Characterization of Convergent Sequences"},
		{`Let $H$ be a subset of a group $G$. Then $H$ is a subgroup of $G$ if and only if $H \neq \emptyset$.`,
			"Characterization of Subgroups"},
		{`Let $c$ be a cluster point of $S \subset \R$ and let $f \colon S \to \R$ be a function. Then the limit of $f(x)$ as $x$ goes to $c$ is unique.`,
			"Uniqueness of the Limit"},
		{`If $g$ is any element in a group $G$, then the inverse of $g$, denoted by $g^{-1}$, is unique.`,
			"Uniqueness of the Inverse"},
		// f(I) is not a variable: the result characterizes continuity.
		{`If $I \subset \R$ is an interval and $f \colon I \to \R$ is monotone, then $f(I)$ is an interval if and only if $f$ is continuous.`, ""},
		// Not a characterization or a uniqueness.
		{`Let $G$ be a group. Then $(ab)^{-1} = b^{-1}a^{-1}$.`, ""},
		{`Suppose $x$ is unique.`, ""},
	} {
		if got := lawName(tc.stmt); got != tc.want {
			t.Errorf("lawName(%.60q) = %q, want %q", tc.stmt, got, tc.want)
		}
	}
}

// A definition in a section titled by what it defines is named after the
// section, in the singular, when the defining sentence uses the title's
// words; a setup sentence is passed over, and a title of several topics
// gives the one the definition is about.
func TestTitleTerm(t *testing.T) {
	for _, tc := range []struct{ title, stmt, want string }{
		{"Open sets", `In a metric space $M$, we say that $U \subseteq M$ is open if every point of $U$ has a ball inside $U$.`, "Open Set"},
		{"3.2 Compactness", `We say a space $K$ is compact if every open cover of $K$ has a finite subcover.`, "Compactness"},
		{"Loops and covering spaces", `Let $p$ be a point of $X$. A loop at $p$ is a path from $p$ to $p$.`, "Loop"},
		{"Normal subgroups", `Given a group $G$, a subgroup $N$ is normal when $gN = Ng$ for all $g \in G$.`, "Normal Subgroup"},
		// The title's words are not in the definition.
		{"Examples", `A ring is a set with two operations.`, ""},
		{"Quotient groups", `Let $N$ be normal in $G$. The cosets of $N$ form a group under $(aN)(bN) = abN$.`, ""},
	} {
		if got := titleTerm(tc.title, tc.stmt); got != tc.want {
			t.Errorf("titleTerm(%q, %.50q) = %q, want %q", tc.title, tc.stmt, got, tc.want)
		}
	}
	// "We say …" after a sentence of setup is still read as the term.
	if got := predicateAdjective(`Let $\nu$ be a measure. We say a set $A$ is null measurable with respect to $\nu$ if $A$ is contained in a null set.`); got != "Null Measurable Set" {
		t.Errorf("predicateAdjective after a setup sentence = %q", got)
	}
}
