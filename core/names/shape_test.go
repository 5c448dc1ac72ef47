package names

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// The statements below are written for these tests the way undergraduate
// textbooks state the results (LaTeX as lore stores it).
func TestOffersUndergraduateKnownResults(t *testing.T) {
	for _, c := range []struct{ statement, want string }{
		{`If $(x_n)$ is a bounded sequence, then $(x_n)$ has a convergent subsequence.`, "Bolzano–Weierstrass theorem"},
		{`Every bounded monotone sequence converges.`, "monotone convergence theorem"},
		{`Suppose $f$ is continuous on $[a,b]$. Then $f$ attains a maximum and a minimum on $[a,b]$.`, "extreme value theorem"},
		{`Let $f \colon [a,b] \to \R$ be continuous with $f(a) < 0$ and $f(b) > 0$. Then there is $c \in (a,b)$ with $f(c) = 0$.`, "intermediate value theorem"},
		{`If $\lim_{n\to\infty} |a_{n+1}/a_n| = L < 1$ then $\sum a_n$ converges.`, "ratio test"},
		{`If $x\in\mathbb{R}$ then there exists $n \in \mathbb{N}$ such that $n > x$.`, "Archimedean property"},
		{`A sequence converges if and only if it is Cauchy.`, "Cauchy criterion"},
		{`Suppose $-1 < r < 1$. Then the geometric series $\sum_{n=0}^\infty r^n$ converges to $\frac{1}{1-r}$.`, "geometric series"},
		{`If the series $\sum x_n$ converges absolutely, then it converges.`, "absolute convergence implies convergence"},
		{`$\frac{d}{dx}\left(f(x)g(x)\right) = f'(x)g(x)+f(x)g'(x)$`, "product rule"},
		{`Let $F$ be an antiderivative of a continuous $f$. Then $$ \int_a^b f(x)\,dx = F(b)-F(a). $$`, "fundamental theorem of calculus"},
		{`Let $x,y \in \R$. Then $\sabs{x+y} \leq \sabs{x}+\sabs{y}$.`, "triangle inequality"},
		{`Let $A$ be a square matrix. The following are equivalent: $A$ is nonsingular; the null space of $A$ is trivial; the columns of $A$ are linearly independent; $\det(A)\neq 0$.`, "invertible matrix theorem"},
		{`$\det(AB)=\det(A)\det(B)$.`, "determinant of a product"},
		{`Let $A$ and $B$ be sets. If $A\subseteq B$ and $B \subseteq A$ then $A = B$.`, "double inclusion"},
		{`For any graph, $\sum_{v\in V}\deg(v) = 2|E|$.`, "handshake lemma"},
		{`Let $G$ be a connected planar graph. Then $n - m + f = 2$.`, "Euler's formula for planar graphs"},
		{`Let $T$ be a tree on $n$ vertices. Then $P(T,k) = k(k-1)^{n-1}$.`, "chromatic polynomial of a tree"},
	} {
		got := Offers(prim(core.Theorem, "Theorem 1.1", c.statement, "Basics"), nil, 3)
		if len(got) == 0 || !strings.EqualFold(got[0].Name, c.want) {
			t.Errorf("%s: offers %v, want %q first", c.statement, offerNames(got), c.want)
		}
	}
}

func TestOffersKnownFamilies(t *testing.T) {
	// A theorem stating several limit laws is named by all of them, not
	// by the one it states first.
	st := `Suppose $\lim_{x\to c} f(x)$ and $\lim_{x\to c} g(x)$ exist. Then $\lim_{x\to c} (f(x)+g(x)) = L+M$ and $\lim_{x\to c} (f(x)g(x)) = LM$.`
	got := Offers(prim(core.Theorem, "Theorem 1.1", st, "Limits"), nil, 3)
	if !hasOffer(got, "limit laws") || hasOffer(got, "limit of a sum") || hasOffer(got, "limit of a product") {
		t.Errorf("offers %v, want limit laws and no single law", offerNames(got))
	}
	// Two rules of differentiation in one statement: no family name, so
	// none of them.
	st = `$\frac{d}{dx}\left(f(x)g(x)\right) = f'g+fg'$ and $\frac{d}{dx}\left(f(x)/g(x)\right) = (f'g-fg')/g^2$.`
	got = Offers(prim(core.Theorem, "Theorem 1.1", st, "Derivatives"), nil, 3)
	if hasOffer(got, "product rule") || hasOffer(got, "quotient rule") {
		t.Errorf("offers %v, want neither rule alone", offerNames(got))
	}
}

func TestOffersUndergraduateShapes(t *testing.T) {
	for _, c := range []struct{ statement, want string }{
		{`Let $f$ and $g$ be functions continuous at $c$. Then $f+g$ is continuous at $c$.`, "sum of continuous functions is continuous"},
		{`If $g$ is a function continuous at $c$ and $f$ is continuous at $g(c)$, then $f \circ g \colon A \to \R$ is continuous at $c$.`, "composition of continuous functions is continuous"},
		{`Let $A$ and $B$ be matrices. If $A$ and $B$ are invertible, then $AB$ is invertible.`, "product of invertible matrices is invertible"},
		{`The product of two invertible matrices is invertible.`, "product of invertible matrices is invertible"},
		{`The limit of a convergent sequence $(x_n)$ is unique.`, "uniqueness of the limit of a convergent sequence"},
		{`There is at most one identity element in a group.`, "uniqueness of identity element in a group"},
		{`Let $G$ be a planar graph with $n\ge 3$ vertices. Then the number of edges of $G$ is at most $3n-6$.`, "upper bound on the number of edges"},
		{`The chromatic number of a graph $G$ is at least the clique number of $G$.`, "chromatic number is at least the clique number"},
		{`Every bounded monotone sequence converges.`, "bounded monotone sequences converge"},
		{`Every finite integral domain is a field.`, "finite integral domains are fields"},
		{`A convergent sequence $\{ x_n \}_{n=1}^\infty$ is bounded.`, "convergent sequences are bounded"},
		{`An orthogonal set of nonzero vectors is linearly independent.`, "orthogonal sets of nonzero vectors are linearly independent"},
		{`If a sequence is Cauchy, then it is bounded.`, "Cauchy sequences are bounded"},
		{`If $f \colon I \to \R$ is differentiable at $c \in I$, then it is continuous at $c$.`, "differentiable functions are continuous"},
		{`The probability of the complement of an event $E$ is $$ P(\bar{E}) = 1 - P(E) $$.`, "probability of the complement of an event"},
	} {
		got := Offers(prim(core.Theorem, "Theorem 1.1", c.statement, "Basics"), nil, 3)
		if !hasOffer(got, c.want) {
			t.Errorf("%s: offers %v, want %q among them", c.statement, offerNames(got), c.want)
		}
	}
}

// TestOffersUndergraduateShapesHoldBack checks statements the rules must
// not name: a wrong name costs the curator more than none.
func TestOffersUndergraduateShapesHoldBack(t *testing.T) {
	for _, c := range []struct{ statement, not string }{
		// f and g are morphisms here, not functions.
		{`Let $f$ and $g$ be representable. Then $g \circ f$ is representable.`, "composition of representable functions is representable"},
		// "bounded above" is a property, not a bound.
		{`If $x_n \geq 0$, then $\sum x_n$ converges if and only if the sequence of partial sums is bounded above.`, "upper bound on the sequence of partial sums"},
		// One of several subjects is not what is unique.
		{`Then the integer $r$ and the prime powers $q_i$ are unique.`, "uniqueness of prime powers"},
		// A cut phrase.
		{`Every monoidal category satisfies the assumptions of Lemma 4.`, "monoidal categories satisfy the assumptions of"},
		// A negation reads wrongly in the plural.
		{`Every finite group is not cyclic.`, "finite groups are not cyclic"},
		// A definition states no result.
		{`Every bounded monotone sequence converges.`, "monotone convergence theorem"},
	} {
		typ := core.Theorem
		if strings.HasPrefix(c.statement, "Every bounded monotone") {
			typ = core.Definition
		}
		got := Offers(prim(typ, "Theorem 1.1", c.statement, "Basics"), nil, 3)
		for _, o := range got {
			if strings.EqualFold(o.Name, c.not) || strings.HasPrefix(strings.ToLower(o.Name), strings.ToLower(c.not)) {
				t.Errorf("%s: offered %q", c.statement, o.Name)
			}
		}
	}
}

func TestPlural(t *testing.T) {
	for in, want := range map[string]string{
		"sequence": "sequences", "matrix": "matrices", "vertex": "vertices", "series": "series",
		"integral domain": "integral domains", "family": "families", "class": "classes", "graph": "graphs",
	} {
		if got := plural(in); got != want {
			t.Errorf("plural(%q) = %q, want %q", in, got, want)
		}
	}
}
