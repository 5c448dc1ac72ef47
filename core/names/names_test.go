package names

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/core/extract"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/corpus"
)

func TestFallback(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"Theorem 3.1", true},
		{"Lemma 1.3.1", true},
		{"Proposition 1.2.6 — Using supremum and infimum", true},
		{"Lemma", true},
		{"Theorem 2 — Antisymmetric operators", true},
		{"Theorem 3.1 (2)", true},
		{"Lemma A.3", true},
		{"Corollary 4.2.2 — Euler's Criterion", true},
		{"Algorithm 2.3.6 — How to Solve axcon 1n", true},
		{"Lagrange's theorem", false},
		{"Theorem of Pythagoras", false},
		{"Triangle inequality", false},
		{"Fundamental Theorem of Arithmetic", false},
		{"Euclid (Theorem 1.2.1)", false},
		{"Lemma about gcds", false},
		{"Sorting 3.1", false},
		{"", false},
	} {
		if got := Fallback(c.name); got != c.want {
			t.Errorf("Fallback(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	if got := Title("Proposition 1.2.6 — Using supremum and infimum"); got != "Using supremum and infimum" {
		t.Errorf("Title = %q", got)
	}
	if got := Title("Lagrange's theorem"); got != "" {
		t.Errorf("Title of a real name = %q, want empty", got)
	}
}

// extractLaTeX learns a LaTeX text the way lore does and returns its
// primitives.
func extractLaTeX(t *testing.T, name, src string) []core.Primitive {
	t.Helper()
	doc := &core.Document{Name: name, Path: name, Format: core.FormatLaTeX, Text: src}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Textbook
	return extract.Extract(a, extract.Options{})
}

// TestFallbackAgreesWithExtract checks Fallback against the names
// core/extract gives: an untitled numbered result has a fallback name, a
// titled one does not.
func TestFallbackAgreesWithExtract(t *testing.T) {
	src := `\documentclass{book}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{lemma}[theorem]{Lemma}
\newtheorem{proposition}[theorem]{Proposition}
\newtheorem{corollary}[theorem]{Corollary}
\begin{document}
\chapter{Groups}
\section{Cosets}
\begin{lemma}
Let $H$ be a subgroup of a group $G$. Any two left cosets of $H$ in $G$ have the same number of elements.
\end{lemma}
\begin{theorem}[Lagrange's theorem]
Let $G$ be a finite group and $H$ a subgroup of $G$. Then the order of $H$ divides the order of $G$.
\end{theorem}
\begin{corollary}
Let $G$ be a finite group and $g \in G$. Then the order of $g$ divides the order of $G$.
\end{corollary}
\begin{proposition}
Every group of prime order is cyclic.
\end{proposition}
\section{Examples}
\begin{theorem}
For every $n \geq 1$ the symmetric group $S_n$ has $n!$ elements.
\end{theorem}
\end{document}
`
	ps := extractLaTeX(t, "groups.tex", src)
	if len(ps) < 5 {
		t.Fatalf("extracted %d primitives, want 5: %+v", len(ps), ps)
	}
	// Every name of the shape "Kind N" or "Kind N — Title" is a fallback
	// and no other is; a short statement may name itself ("Every group of
	// prime order is cyclic").
	shape := regexp.MustCompile(`^(Lemma|Theorem|Corollary|Proposition|Definition)( [0-9][0-9.]*)?( — .+)?$`)
	fallback := 0
	for _, p := range ps {
		if got, want := Fallback(p.Name), shape.MatchString(p.Name); got != want {
			t.Errorf("Fallback(%q) = %v, want %v", p.Name, got, want)
		}
		if Fallback(p.Name) {
			fallback++
		}
		if strings.Contains(p.Name, "Lagrange") && Fallback(p.Name) {
			t.Errorf("titled result %q taken for a fallback", p.Name)
		}
	}
	if fallback < 3 {
		t.Errorf("%d fallback names, want at least 3: %v", fallback, names(ps))
	}
}

func names(ps []core.Primitive) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// TestFallbackOnCorpus checks Fallback against core/extract on the shared
// corpus's HoTT chapter, whose results are mostly untitled: every result of
// an environment without [title] must be a fallback, every titled one not.
func TestFallbackOnCorpus(t *testing.T) {
	path := corpus.Path(t, "latex_untitled-envs_hott_equivalences.tex")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document not readable: %v", err)
	}
	src := string(b)
	titled := map[string]bool{}
	for _, m := range regexp.MustCompile(`\\begin\{(?:thm|lem|cor|defn)\}\[([^\]]+)\]`).FindAllStringSubmatch(src, -1) {
		if k := text.NameKey(m[1]); k != "" {
			titled[k] = true
		}
	}
	ps := extractLaTeX(t, "equivalences.tex", src)
	nf := 0
	for _, p := range ps {
		if Fallback(p.Name) {
			nf++
			if k := text.NameKey(p.Name); k != "" && titled[k] {
				t.Errorf("titled result %q taken for a fallback", p.Name)
			}
		}
	}
	// 49 of 52 environments have no title; definitions are often named by
	// the term they define, so fewer than 49 keep a fallback name.
	if nf < 20 {
		t.Errorf("%d fallback names among %d results, want at least 20: %v", nf, len(ps), names(ps))
	}
}

func prim(typ core.PrimitiveType, name, statement, section string) core.Primitive {
	return core.Primitive{
		ID: text.Slug(name), Name: name, Type: typ, FormalStatement: statement,
		Provenance: core.Provenance{Section: section, ContentHash: text.ContentHash(statement)},
	}
}

func offerNames(os []Offer) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Name
	}
	return out
}

func hasOffer(os []Offer, name string) bool {
	for _, o := range os {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

// The statements below are written for these tests in the way textbooks
// state the results (LaTeX as lore stores it).
func TestOffersKnownResults(t *testing.T) {
	for _, c := range []struct {
		statement, want string
	}{
		{`For all real numbers $x$ and $y$, $|x+y| \le |x| + |y|$.`, "triangle inequality"},
		{`Let $(X,d)$ be a metric space. For all $x,y,z \in X$ we have $d(x,z) \leq d(x,y) + d(y,z)$.`, "triangle inequality"},
		{`Let $V$ be an inner product space. Then $|\langle u, v\rangle| \le \|u\| \|v\|$ for all $u, v \in V$.`, "Cauchy–Schwarz inequality"},
		{`Let $p$ be a prime and $a$ an integer not divisible by $p$. Then $a^{p-1} \equiv 1 \pmod{p}$.`, "Fermat's little theorem"},
		{`If $\gcd(a,n)=1$ then $a^{\varphi(n)} \equiv 1 \pmod{n}$.`, "Euler's theorem"},
		{`An integer $p > 1$ is prime if and only if $(p-1)! \equiv -1 \pmod{p}$.`, "Wilson's theorem"},
		{`Let $a$ and $b$ be integers with $b > 0$. There exist unique integers $q$ and $r$ with $0 \le r < b$ such that $a = bq + r$.`, "division algorithm"},
		{`Let $G$ be a finite group and $H$ a subgroup of $G$. Then the order of $H$ divides the order of $G$.`, "Lagrange's theorem"},
		{`If $n+1$ pigeons are placed in $n$ holes, some hole holds two pigeons.`, "pigeonhole principle"},
		{`Every natural number greater than 1 is a product of primes, and this factorization is unique up to order.`, "fundamental theorem of arithmetic"},
		{`The complement of the union of two sets is the intersection of their complements.`, "De Morgan's laws"},
		{`For every set $X$, $|X| < |\mathcal{P}(X)|$.`, ""},
	} {
		p := prim(core.Theorem, "Theorem 1.1", c.statement, "Basics")
		got := Offers(p, nil, 3)
		if c.want == "" {
			continue
		}
		if len(got) == 0 || !strings.EqualFold(got[0].Name, c.want) {
			t.Errorf("%s: offers %v, want %q first", c.statement, offerNames(got), c.want)
		}
	}
}

func TestOffersDefinedTerm(t *testing.T) {
	for _, c := range []struct {
		statement, want string
	}{
		{`A group $G$ is called abelian if $ab = ba$ for all $a, b \in G$.`, "abelian"},
		{`Let $f \colon A \to B$ be a function. We say that $f$ is injective if $f(a) = f(a')$ implies $a = a'$.`, "injective"},
		{`A groupoid is a category in which every morphism is an isomorphism.`, "groupoid"},
		{`A subset $S$ of a vector space is said to be linearly independent when no vector of $S$ is a combination of the others.`, "linearly independent"},
		{`Let $R$ be a ring. We define the center of $R$ to be the set of elements commuting with every element.`, "center of R"},
	} {
		p := prim(core.Definition, "Definition 2.4", c.statement, "Definitions")
		got := Offers(p, nil, 3)
		if !hasOffer(got, c.want) {
			t.Errorf("%s: offers %v, want %q among them", c.statement, offerNames(got), c.want)
		}
	}
}

func TestOffersStatementShapes(t *testing.T) {
	for _, c := range []struct {
		typ       core.PrimitiveType
		statement string
		want      string
	}{
		// A title the author put before the statement's first sentence.
		{core.Algorithm, `Extended Euclidean Algorithm Suppose $a$ and $b$ are integers. This algorithm finds $x$ and $y$ with $ax+by=\gcd(a,b)$.`, "Extended Euclidean Algorithm"},
		// The inverse of a product.
		{core.Theorem, `Let $G$ be a group and $a, b \in G$. Then the inverse of $ab$ is $b^{-1}a^{-1}$.`, "inverse of a product"},
		// A characterization.
		{core.Theorem, `A functor is an equivalence of categories if and only if it is fully faithful and essentially surjective.`, "characterization of equivalence of categories"},
		// A criterion naming its subject's declared kind.
		{core.Theorem, `Let $F$ be a functor. The following are equivalent: (1) $F$ is left exact, (2) $F$ commutes with finite limits.`, "criterion for a functor to be left exact"},
		// Existence.
		{core.Theorem, `There are infinitely many primes of the form $4x-1$.`, "infinitely many primes of the form 4x-1"},
		// A property kept by composition.
		{core.Theorem, `Let $f$ and $g$ be continuous. Then $g \circ f$ is continuous.`, "continuous is stable under composition"},
		{core.Theorem, `The composition of two injective maps is injective.`, "injective is stable under composition"},
		// A list of equivalent conditions for something to exist.
		{core.Theorem, `Let $\mathcal{C}$ be a category. The following are equivalent: (1) Finite products exist in $\mathcal{C}$. (2) A final object and binary products exist.`, "criterion for finite products to exist"},
		// An existence stated as "has".
		{core.Theorem, `Let $k$ be a field. The category of vector spaces over $k$ has finite biproducts.`, "existence of finite biproducts of vector spaces"},
		// Transitivity.
		{core.Theorem, `If $A$ is a subgroup of $B$ and $B$ is a subgroup of $C$, then $A$ is a subgroup of $C$.`, "subgroup of is transitive"},
		// Commuting, the subject before its formula.
		{core.Theorem, `Then limits over $I$ commute with products.`, "limits commute with products"},
	} {
		p := prim(c.typ, "Lemma 3.2", c.statement, "Miscellany")
		got := Offers(p, nil, 3)
		if !hasOffer(got, c.want) {
			t.Errorf("%s: offers %v, want %q among them", c.statement, offerNames(got), c.want)
		}
	}
}

func TestOffersTitlesAndLibrary(t *testing.T) {
	st := `Let $p$ be an odd prime. Then $a$ is a square modulo $p$ if and only if $a^{(p-1)/2}$ is $1$ modulo $p$.`
	p := prim(core.Theorem, "Corollary 4.2.2 — Euler's Criterion", st, "Euler's Criterion")
	got := Offers(p, nil, 3)
	if len(got) == 0 || got[0].Name != "Euler's Criterion" || got[0].From != FromTitle {
		t.Errorf("offers %+v, want the title Euler's Criterion first", got)
	}
	// A name the library holds for the same statement ranks first; a
	// fallback name there is never offered, nor p's own name.
	lib := []core.Primitive{
		prim(core.Theorem, "Theorem 9.1", st, ""),
		prim(core.Theorem, "Euler's criterion for quadratic residues", st, ""),
		p,
	}
	got = Offers(p, lib, 3)
	if len(got) == 0 || got[0].Name != "Euler's criterion for quadratic residues" || got[0].From != FromLibrary {
		t.Errorf("offers %+v, want the library's name first", got)
	}
	for _, o := range got {
		if Fallback(o.Name) || o.Name == p.Name {
			t.Errorf("offered %q: a fallback name", o.Name)
		}
	}
	// A generic section title is no name.
	q := prim(core.Theorem, "Lemma 2.1 — Definitions", `Every finite integral domain is a field.`, "Definitions")
	for _, o := range Offers(q, nil, 3) {
		if strings.EqualFold(o.Name, "Definitions") {
			t.Errorf("offered the generic title %q", o.Name)
		}
	}
}

func TestOffersDeduplicatesAndLimits(t *testing.T) {
	st := `Chinese Remainder Theorem Let $m$ and $n$ be coprime. For all $a, b$ there is $x$ with $x \equiv a \pmod{m}$ and $x \equiv b \pmod{n}$.`
	p := prim(core.Theorem, "Theorem 2.2.3 — The Chinese Remainder Theorems", st, "The Chinese remainder theorem")
	got := Offers(p, []core.Primitive{prim(core.Theorem, "chinese remainder theorem", st, "")}, 5)
	seen := map[string]bool{}
	for _, o := range got {
		k := stemKey(o.Name)
		if seen[k] {
			t.Errorf("offered %q twice (up to case and inflection): %v", o.Name, offerNames(got))
		}
		seen[k] = true
	}
	if n := len(Offers(p, nil, 1)); n > 1 {
		t.Errorf("%d offers for n=1", n)
	}
	if got := Offers(p, nil, 0); got != nil {
		t.Errorf("offers for n=0: %v", got)
	}
}

func TestOffersNoJunk(t *testing.T) {
	for _, st := range []string{
		`We have $g_0 = 0$.`,
		`Then $x$ is the value of the simple continued fraction.`,
		`$$\sum_{n=0}^{p-1} \zeta^{an} = 0.$$`,
		``,
		`the`,
	} {
		p := prim(core.Theorem, "Lemma 4.4.6", st, "")
		for _, o := range Offers(p, nil, 3) {
			if junk(o.Name) || text.IsStopword(strings.ToLower(o.Name)) {
				t.Errorf("%q: junk offer %q", st, o.Name)
			}
		}
	}
}

// TestOffersCorpus offers names for the untitled results of the shared
// corpus's HoTT chapter: none may be junk, a fallback or the result's own
// name, and the chapter's own section titles must come through.
func TestOffersCorpus(t *testing.T) {
	path := corpus.Path(t, "latex_untitled-envs_hott_equivalences.tex")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document not readable: %v", err)
	}
	ps := extractLaTeX(t, "equivalences.tex", string(b))
	offered := 0
	for _, p := range ps {
		if !Fallback(p.Name) {
			continue
		}
		os := Offers(p, ps, 3)
		if len(os) > 0 {
			offered++
		}
		for _, o := range os {
			if o.Name == "" || junk(o.Name) || Fallback(o.Name) || o.Name == p.Name {
				t.Errorf("%s: bad offer %q", p.Name, o.Name)
			}
		}
	}
	if offered == 0 {
		t.Errorf("no fallback result of the chapter got an offer")
	}
}
