package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// primNamed finds a primitive by name.
func primNamed(ps []core.Primitive, name string) (core.Primitive, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return core.Primitive{}, false
}

// inOrder reports whether every part occurs in s, each after the one
// before.
func inOrder(s string, parts ...string) bool {
	at := 0
	for _, p := range parts {
		i := strings.Index(s[at:], p)
		if i < 0 {
			return false
		}
		at += i + len(p)
	}
	return true
}

// An ordered set's axioms, each named in parentheses inside its item, are
// the definition's statement: both kept, neither a definition of its own.
// Before, the second item ("(transitivity)") became the definition
// "Transitivity" and the ordered set lost it.
func TestDefinitionKeepsNamedAxioms(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\n"+
		"An \\emph{ordered set} is a set $S$ together with a relation $<$ such that\n"+
		"\\begin{enumerate}[(i)]\n"+
		"\\item \\emph{(trichotomy)}\nFor all $x, y \\in S$, exactly one of $x < y$, $x = y$, or $y < x$ holds.\n"+
		"\\item \\emph{(transitivity)}\nIf $x,y,z \\in S$ are such that $x < y$ and $y < z$, then $x < z$.\n"+
		"\\end{enumerate}\n\\end{defn}\n")
	if len(ps) != 1 {
		t.Fatalf("want one primitive, got %q", nameList(ps))
	}
	p := ps[0]
	if p.Name != "Ordered Set" {
		t.Errorf("name %q", p.Name)
	}
	if !inOrder(p.FormalStatement, "(i) (trichotomy) For all", "holds.", "(ii) (transitivity) If", "then $x < z$.") {
		t.Errorf("statement lost an item: %q", p.FormalStatement)
	}
	// The readable form keeps the list as a list.
	if r := text.ReadableMath(p.FormalStatement); !inOrder(r, "(i)", "trichotomy", "(ii)", "transitivity") {
		t.Errorf("readable form lost the items: %q", r)
	}
}

// A group's axioms in a template-labelled list ("({G}1)"), continued by a
// second list that resumes it for abelian groups, and a ring's two lists
// ((A1)…, (M1)…) closed by an item of its own label ("\item[(D)]"): every
// axiom stays in the definition it belongs to, labelled as the book
// prints it; only the terms of the running text (abelian, subgroup) are
// definitions of their own.
func TestDefinitionKeepsAxiomLists(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\n"+
		"A set $G$ is called a \\emph{group} if it has a binary operation $x * y$ defined on it and it satisfies the following axioms:\n"+
		"\\begin{enumerate}[({G}1)]\n"+
		"\\item If $x \\in G$ and $y \\in G$, then $x * y \\in G$.\n"+
		"\\item \\emph{(associativity)}\n$(x*y)*z = x*(y*z)$ for all $x,y,z \\in G$.\n"+
		"\\item \\emph{(identity)}\nThere exists an element $1 \\in G$ such that $1*x = x*1 = x$ for all $x \\in G$.\n"+
		"\\item \\emph{(inverse)}\nFor every element $x\\in G$ there exists an element $x^{-1} \\in G$ such that $x * x^{-1} = 1$.\n"+
		"\\end{enumerate}\n"+
		"A group $G$ is called \\emph{abelian} if it also satisfies:\n"+
		"\\begin{enumerate}[resume*]\n\\item \\emph{(commutativity)}\n$x*y = y*x$ for all $x,y \\in G$.\n\\end{enumerate}\n\n"+
		"A subset $K \\subset G$ is a \\emph{subgroup} if $K$ is a group with the same operation as the group $G$.\n"+
		"\\end{defn}\n"+
		"\\begin{defn}\n"+
		"A set $R$ is called a \\emph{commutative ring} if it has two operations defined on it, addition $x+y$ and multiplication $xy$, and if it satisfies the following axioms:\n"+
		"\\begin{enumerate}[({A}1)]\n"+
		"\\item If $x \\in R$ and $y \\in R$, then $x+y \\in R$.\n"+
		"\\item \\emph{(commutativity of addition)}\n$x+y = y+x$ for all $x,y \\in R$.\n"+
		"\\item \\emph{(associativity of addition)}\n$(x+y)+z = x+(y+z)$ for all $x,y,z \\in R$.\n"+
		"\\end{enumerate}\n"+
		"\\begin{enumerate}[({M}1)]\n"+
		"\\item If $x \\in R$ and $y \\in R$, then $xy \\in R$.\n"+
		"\\item \\emph{(commutativity of multiplication)}\n$xy = yx$ for all $x,y \\in R$.\n"+
		"\\item[(D)] \\emph{(distributive law)} $x(y+z) = xy+xz$\nfor all $x,y,z \\in R$.\n"+
		"\\end{enumerate}\n\\end{defn}\n")
	for _, axiom := range []string{"Associativity", "Identity", "Inverse", "Commutativity",
		"Commutativity of Addition", "Associativity of Addition", "Commutativity of Multiplication", "Distributive Law"} {
		if _, ok := primNamed(ps, axiom); ok {
			t.Errorf("an axiom's item became the definition %q: %q", axiom, nameList(ps))
		}
	}
	group, ok := primNamed(ps, "Group")
	if !ok {
		t.Fatalf("no Group: %q", nameList(ps))
	}
	if !inOrder(group.FormalStatement, "axioms: (G1) If", "(G2) (associativity)", "(G3) (identity)", "(G4) (inverse) For every") {
		t.Errorf("Group: %q", group.FormalStatement)
	}
	if ab, ok := primNamed(ps, "Abelian Group"); !ok || !strings.Contains(ab.FormalStatement, "satisfies: (G5) (commutativity) $x*y = y*x$") {
		t.Errorf("Abelian Group: %q (%q)", ab.FormalStatement, nameList(ps))
	}
	if _, ok := primNamed(ps, "Subgroup"); !ok {
		t.Errorf("the running text's term is no definition of its own: %q", nameList(ps))
	}
	ring, ok := primNamed(ps, "Commutative Ring")
	if !ok {
		t.Fatalf("no Commutative Ring: %q", nameList(ps))
	}
	if !inOrder(ring.FormalStatement, "(A1) If", "(A2) (commutativity of addition)", "(A3) (associativity of addition)",
		"(M1) If", "(M2) (commutativity of multiplication)", "(D) (distributive law) $x(y+z) = xy+xz$ for all") {
		t.Errorf("Commutative Ring: %q", ring.FormalStatement)
	}
}

// A definition whose parts define terms of their own, in a list whose
// items hold display math and a nested list, is one primitive: every
// part kept, named by the block's term.
func TestDefinitionKeepsNestedItems(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\\label{ct:precategory}\n"+
		"A \\define{precategory} $A$ consists of the following.\n"+
		"\\begin{enumerate}\n"+
		"\\item A type $A_0$, whose elements are called \\define{objects}.%\n\\indexdef{object}\nWe write $a:A$ for $a:A_0$.\n"+
		"\\item For each $a,b:A$, a set $\\hom_A(a,b)$, whose elements are called \\define{morphisms}.\n"+
		"\\item For each $a,b,c:A$, a function\n\\[ \\hom_A(b,c) \\to \\hom_A(a,b) \\to \\hom_A(a,c) \\]\n"+
		"called \\define{composition}, such that\n"+
		"\\begin{itemize}\n\\item it is associative;\n\\item it has the identities as units.\n\\end{itemize}\n"+
		"\\item For each $a:A$, a morphism $1_a:\\hom_A(a,a)$, called the \\define{identity morphism}.\n"+
		"\\end{enumerate}\n\\end{defn}\n")
	if len(ps) != 1 {
		t.Fatalf("want one primitive, got %q", nameList(ps))
	}
	p := ps[0]
	if p.Name != "Precategory" {
		t.Errorf("name %q", p.Name)
	}
	if !inOrder(p.FormalStatement, "(1) A type", "called objects.", "(2) For each", "morphisms.",
		"(3) For each", "$$ \\hom_A(b,c)", "called composition", "• it is associative;", "• it has the identities as units.", "(4) For each", "identity morphism.") {
		t.Errorf("statement lost a part: %q", p.FormalStatement)
	}
}

// A definition that is a list of terms, one per item, with nothing
// before the list: one primitive, named by the terms of its items.
func TestDefinitionThatIsAList(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\n\\mbox{}\n\\begin{enumerate}\n"+
		"\\item A type $A$ is called \\define{decidable} if $A+\\neg A$.\n"+
		"\\item In particular, $A$ has \\define{decidable equality} if $\\prod_{a,b:A} ((a=b) + \\neg(a=b))$.\n"+
		"\\end{enumerate}\n\\end{defn}\n")
	if len(ps) != 1 {
		t.Fatalf("want one primitive, got %q", nameList(ps))
	}
	if !strings.Contains(ps[0].Name, "Decidable Equality") {
		t.Errorf("name %q", ps[0].Name)
	}
	if !inOrder(ps[0].FormalStatement, "(1) A type", "(2) In particular") {
		t.Errorf("statement %q", ps[0].FormalStatement)
	}
}

// A term after a list whose last item does not end its sentence belongs
// to that sentence: it starts no primitive that would cut the item. A term
// after a list whose item ends its sentence still does.
func TestTermAfterListWithinItsSentence(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\n"+
		"A \\emph{monoid} is a set $G$ with\n\\begin{itemize}\n\\item an associative multiplication, written $xy$;\n"+
		"\\item a unit $e$. Its square is $e$\n\\end{itemize}\nand we call $e$ the \\emph{neutral element} of $G$.\n\\end{defn}\n"+
		"\\begin{defn}\n"+
		"A \\emph{semigroup} is a set $G$ with\n\\begin{itemize}\n\\item an associative multiplication.\n"+
		"\\end{itemize}\nA semigroup is \\emph{commutative} if $xy = yx$ for all $x, y$.\n\\end{defn}\n")
	if m, ok := primNamed(ps, "Monoid"); !ok || !inOrder(m.FormalStatement, "associative multiplication", "a unit $e$. Its square", "neutral element") {
		t.Errorf("Monoid cut: %q", nameList(ps))
	}
	if _, ok := primNamed(ps, "Neutral Element"); ok {
		t.Errorf("the sentence carried past the list made a definition: %q", nameList(ps))
	}
	if _, ok := primNamed(ps, "Commutative Semigroup"); !ok {
		t.Errorf("a new sentence after the list is no definition of its own: %q", nameList(ps))
	}
}

// A theorem's cases, labelled by the author (\item[(a)]) and holding
// display math, are all its statement.
func TestTheoremKeepsLabelledCases(t *testing.T) {
	ps := texFixture(t, "\\begin{thm}\\label{thm:roots}\n"+
		"Suppose that $r_1$ and $r_2$ are the roots of the characteristic equation.\n"+
		"\\begin{enumerate}\n"+
		"\\item[(a)] If $r_1$ and $r_2$ are distinct and real, the general solution is\n\\[ y = C_1 e^{r_1 x} + C_2 e^{r_2 x} . \\]\n"+
		"\\item[(b)] If $r_1 = r_2$, the general solution is\n\\[ y = (C_1 + C_2 x)\\, e^{r_1 x} . \\]\n"+
		"\\item[(c)] If $r_1$ and $r_2$ are complex, the general solution is\n\\[ y = C_1 e^{\\alpha x} \\cos (\\beta x) + C_2 e^{\\alpha x} \\sin (\\beta x) . \\]\n"+
		"\\end{enumerate}\n\\end{thm}\n")
	if len(ps) != 1 {
		t.Fatalf("got %q", nameList(ps))
	}
	if !inOrder(ps[0].FormalStatement, "(a) If", "C_2 e^{r_2 x}", "(b) If", "(C_1 + C_2 x)", "(c) If", "\\sin (\\beta x)") {
		t.Errorf("statement %q", ps[0].FormalStatement)
	}
}

// An item's label reads as the list's template prints it.
func TestItemNumber(t *testing.T) {
	for _, c := range []struct {
		lvl, n int
		style  string
		want   string
	}{
		{1, 2, "", "(2)"},
		{2, 2, "", "(b)"},
		{1, 4, "(i)", "(iv)"},
		{1, 3, "(a)", "(c)"},
		{1, 2, "({G}1)", "(G2)"},
		{1, 1, "({M}1)", "(M1)"},
		{1, 5, "({A}1)", "(A5)"},
		{1, 3, "i.", "iii."},
		{1, 2, "A)", "B)"},
		{1, 2, "label=(\\roman*)", "(ii)"},
		{1, 2, "label=(M\\arabic*)", "(M2)"},
		{1, 3, "label={(\\alph*)}, ref=\\alph*", "(c)"},
		{1, 2, "label=\\textbf{\\Alph*.}", "B."},
		{1, 2, "resume", "(2)"},
		{1, 2, "start=3, nosep", "(2)"},
		{1, 2, "{Step} 1:", "Step 2:"},
	} {
		if got := itemNumber(c.lvl, c.n, c.style); got != c.want {
			t.Errorf("itemNumber(%d, %d, %q) = %q, want %q", c.lvl, c.n, c.style, got, c.want)
		}
	}
}

// A reference to an item of a resumed list reads its number as printed.
func TestResumedItemReference(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\nA \\emph{group} satisfies\n\\begin{enumerate}[({G}1)]\n"+
		"\\item closure;\n\\item associativity.\n\\end{enumerate}\n"+
		"It is \\emph{abelian} if also\n\\begin{enumerate}[resume*]\n\\item\\label{ax:comm} commutativity holds.\n\\end{enumerate}\n\\end{defn}\n"+
		"\\begin{thm}\nEvery cyclic group satisfies \\ref{ax:comm}.\n\\end{thm}\n")
	var thm core.Primitive
	for _, p := range ps {
		if p.Type == core.Theorem {
			thm = p
		}
	}
	if !strings.Contains(thm.FormalStatement, "(G3)") {
		t.Errorf("reference %q; primitives %q", thm.FormalStatement, nameList(ps))
	}
}

// PreTeXt's lists are kept as LaTeX's are: a definition's <ol> items with
// <term>s stay in its statement, numbered as read (the author's @marker
// honoured), and a <dl> item reads with its title; only the terms of the
// running text start primitives of their own.
func TestPreTeXtDefinitionKeepsItems(t *testing.T) {
	doc := `<section xml:id="s"><title>Orders</title>
<definition xml:id="def-order"><statement>
<p>An <term>ordered set</term> is a set <m>S</m> with a relation <m>\lt</m> such that
<ol marker="(i)">
<li><p>(<term>trichotomy</term>) for all <m>x, y</m>, exactly one of <m>x \lt y</m>, <m>x = y</m>, <m>y \lt x</m> holds;</p></li>
<li><p>(<term>transitivity</term>) if <m>x \lt y</m> and <m>y \lt z</m>, then <m>x \lt z</m>.</p></li>
</ol></p>
<p>An ordered set is <term>dense</term> if between any two elements there is a third.</p>
</statement></definition>
<definition xml:id="def-monoid"><statement>
<p>A <term>monoid</term> is a set with an operation satisfying
<dl>
<li><title>Associativity</title><p><m>(xy)z = x(yz)</m>.</p></li>
<li><title>Identity</title><p>there is <m>e</m> with <m>ex = xe = x</m>.</p></li>
</dl></p>
</statement></definition>
</section>`
	ps := Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{})
	for _, n := range []string{"Trichotomy", "Transitivity", "Associativity", "Identity"} {
		if _, ok := primNamed(ps, n); ok {
			t.Errorf("an item became the definition %q: %q", n, nameList(ps))
		}
	}
	o, ok := primNamed(ps, "Ordered Set")
	if !ok || !inOrder(o.FormalStatement, "such that (i) (trichotomy) for all", "holds;", "(ii) (transitivity) if", "$x \\lt z$.") {
		t.Errorf("Ordered Set: %q (%q)", o.FormalStatement, nameList(ps))
	}
	if strings.Contains(o.FormalStatement, "dense") {
		t.Errorf("the running text's second term stayed in the first: %q", o.FormalStatement)
	}
	if _, ok := primNamed(ps, "Dense"); !ok {
		if _, ok := primNamed(ps, "Dense Ordered Set"); !ok {
			t.Errorf("the running text's term is no definition of its own: %q", nameList(ps))
		}
	}
	m, ok := primNamed(ps, "Monoid")
	if !ok || !inOrder(m.FormalStatement, "satisfying", "Associativity: $(xy)z = x(yz)$.", "Identity: there is $e$") {
		t.Errorf("Monoid: %q (%q)", m.FormalStatement, nameList(ps))
	}
}

// Markdown's lists (a fenced div as HTML and EPUB books reach extraction)
// are kept too: a numbered list of axioms whose items mark their names in
// bold stays in the definition; a term after the list, in a sentence of
// its own, is a definition of its own.
func TestMarkdownDefinitionKeepsItems(t *testing.T) {
	doc := "::: {.definition #def-eq}\nAn **equivalence relation** on a set $A$ is a relation $R$ such that\n\n" +
		"1. **Reflexivity.** $a R a$ for every $a$.\n2. **Symmetry.** $a R b$ implies $b R a$.\n" +
		"3. **Transitivity.** $a R b$ and $b R c$ imply\n   $a R c$.\n\n" +
		"The set of elements related to $a$ is its **equivalence class**.\n:::\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	for _, n := range []string{"Reflexivity", "Symmetry", "Transitivity"} {
		if _, ok := primNamed(ps, n); ok {
			t.Errorf("an item became the definition %q: %q", n, nameList(ps))
		}
	}
	e, ok := primNamed(ps, "Equivalence Relation")
	if !ok || !inOrder(e.FormalStatement, "such that 1. Reflexivity.", "2. Symmetry.", "3. Transitivity.", "$a R c$.") {
		t.Errorf("Equivalence Relation: %q (%q)", e.FormalStatement, nameList(ps))
	}
	if _, ok := primNamed(ps, "Equivalence Class"); !ok {
		t.Errorf("the running text's term is no definition of its own: %q", nameList(ps))
	}
}

// An adjective an item defines is named by what it qualifies, as in the
// running text: "(1) A type A is called decidable" defines "Decidable
// Type".
func TestItemAdjectiveNamedBySubject(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\n\\mbox{}\n\\begin{enumerate}\n"+
		"\\item A type $A$ is called \\define{decidable} if $A+\\neg A$.\n"+
		"\\item A type $A$ has \\define{decidable equality} if $\\prod_{a,b:A} ((a=b) + \\neg(a=b))$.\n"+
		"\\end{enumerate}\n\\end{defn}\n")
	if len(ps) != 1 || ps[0].Name != "Decidable Type and Decidable Equality" {
		t.Errorf("got %q", nameList(ps))
	}
	for _, c := range []struct {
		w    string
		want bool
	}{{"(1)", true}, {"(iv)", true}, {"(G1)", true}, {"a)", true}, {"3.", true}, {"•", true},
		{"A", false}, {"(x+y)", false}, {"Thm.", false}, {"(", false}} {
		if got := itemMark(c.w); got != c.want {
			t.Errorf("itemMark(%q) = %v", c.w, got)
		}
	}
}

// A display ending with a period ends its sentence: the next term's
// definition starts after the display, not inside it (a statement opening
// with the display's closing "$$"), and a term after a list whose last
// item ends with such a display starts a definition of its own.
func TestSentenceAfterDisplay(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\nFor $\\rho > 0$ and $a \\in \\mathbb{C}^n$, define a \\emph{polydisc}\n"+
		"\\[ \\Delta_\\rho(a) = \\{ z : |z_k - a_k| < \\rho_k \\} . \\]\nCall $a$ the \\emph{center} of the polydisc.\n\\end{defn}\n"+
		"\\begin{defn}\nA \\emph{monoid} is a set $G$ with\n\\begin{enumerate}\n\\item an operation $xy$;\n"+
		"\\item a unit $e$ such that\n\\[ ex = xe = x . \\]\n\\end{enumerate}\nA monoid is \\emph{commutative} if $xy = yx$.\n\\end{defn}\n")
	for _, p := range ps {
		if strings.HasPrefix(p.FormalStatement, "$$") {
			t.Errorf("%s opens with a display's end: %q", p.Name, p.FormalStatement)
		}
	}
	if p, ok := primNamed(ps, "Polydisc"); !ok || !strings.HasSuffix(p.FormalStatement, ". $$") {
		t.Errorf("Polydisc: %q (%q)", p.FormalStatement, nameList(ps))
	}
	if p, ok := primNamed(ps, "Center"); !ok || !strings.HasPrefix(p.FormalStatement, "Call $a$ the center") {
		t.Errorf("Center: %q (%q)", p.FormalStatement, nameList(ps))
	}
	if p, ok := primNamed(ps, "Monoid"); !ok || !inOrder(p.FormalStatement, "(1) an operation", "(2) a unit", "ex = xe = x. $$") || strings.Contains(p.FormalStatement, "commutative") {
		t.Errorf("Monoid: %q (%q)", p.FormalStatement, nameList(ps))
	}
	if _, ok := primNamed(ps, "Commutative Monoid"); !ok {
		t.Errorf("no Commutative Monoid: %q", nameList(ps))
	}
	s := "Let $x$ be given. $$ x = y. $$ Then $z$. $$ a $$ b."
	var got []string
	for _, sp := range sentenceSpans(s) {
		got = append(got, s[sp[0]:sp[1]])
	}
	if strings.Join(got, "|") != "Let $x$ be given.|$$ x = y. $$|Then $z$.|$$ a $$ b." {
		t.Errorf("sentences %q", got)
	}
}

// A term whose sentence points back at the sentence before ("An element
// of it will be called a loop") stays with that sentence's term: cut off,
// its statement would read of nothing.
func TestTermReferringBackStaysWhole(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\nGiven a pointed type $(A,a)$, we define the \\define{loop space} of $(A,a)$ to be the pointed type\n"+
		"\\[\\Omega(A,a) \\defeq ((a = a),\\mathsf{refl}_a).\\]\nAn element of it will be called a \\define{loop} at $a$.\n"+
		"A type is \\define{pointed} if it has a point.\n\\end{defn}\n")
	if len(ps) != 2 || ps[0].Name != "Loop Space" || !strings.HasSuffix(ps[0].FormalStatement, "called a loop at $a$.") {
		t.Errorf("got %q: %q", nameList(ps), ps[0].FormalStatement)
	}
	for lead, want := range map[string]bool{"Call $a$ the": false, "Such a $G$ is": true,
		"If $f$ is bijective, then it is a": false, "An element of it will be called a": true} {
		if refersBack(lead) != want {
			t.Errorf("refersBack(%q) = %v", lead, !want)
		}
	}
}

// A description list whose items are named by their labels
// ("\item[\textbf{Commutativity}]") is part of its block: the labels read
// as labels, none a definition of its own. PreTeXt's ordered items
// without a marker read "(1)", "(2)".
func TestNamedItemsArePartOfTheBlock(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\nA \\emph{vector space} over a field $F$ is a set $V$ with an addition and a scalar multiplication such that\n"+
		"\\begin{description}\n\\item[\\textbf{Commutativity}] $u + v = v + u$ for all $u, v \\in V$.\n"+
		"\\item[\\textbf{Associativity}] $(u + v) + w = u + (v + w)$ for all $u, v, w \\in V$.\n"+
		"\\item[\\textbf{Distributivity}] $a(u + v) = au + av$ for all $a \\in F$.\n\\end{description}\n\\end{defn}\n")
	if len(ps) != 1 || ps[0].Name != "Vector Space" {
		t.Fatalf("got %q", nameList(ps))
	}
	if !inOrder(ps[0].FormalStatement, "such that Commutativity: $u + v", "Associativity: $(u + v)", "Distributivity: $a(u + v)") {
		t.Errorf("statement %q", ps[0].FormalStatement)
	}
	doc := `<section xml:id="s"><title>Paths</title>
<theorem xml:id="thm-p"><statement><p>For paths <m>p, q</m>:<ol><li><p><m>p = p</m>.</p></li><li><p><m>q = q</m>.</p></li></ol></p></statement></theorem>
</section>`
	ptx := Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{})
	if len(ptx) != 1 || !inOrder(ptx[0].FormalStatement, "(1) $p = p$.", "(2) $q = q$.") {
		t.Errorf("PreTeXt items: %q", ptx[0].FormalStatement)
	}
}

// A list of definitions is named by its first two terms, a term that only
// repeats a word of the first aside.
func TestListOfDefinitionsNamedByItsTerms(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\nLet $A$ be a type and $a_0:A$ an element.\n\\begin{itemize}\n"+
		"\\item A \\define{pointed predicate} over $(A,a_0)$ is a family $R:A\\to\\mathsf{Type}$ with an element $r_0:R(a_0)$.\n"+
		"\\item A family of maps $g$ between pointed predicates is \\define{pointed} if $g(a_0, r_0)=s_0$.\n"+
		"\\item An \\define{identity system} at $a_0$ is a pointed predicate $(R,r_0)$ with an induction principle.\n"+
		"\\end{itemize}\n\\end{defn}\n")
	if len(ps) != 1 || ps[0].Name != "Pointed Predicate and Identity System" {
		t.Errorf("got %q", nameList(ps))
	}
}

// A lecture frame's definition whose items end in an axiom's name after
// the formula's period ("$d(x,y) \geq 0$. (nonnegativity)"), and whose two
// terms follow the list in paragraphs of their own: each term's primitive
// holds the whole list, the last item's name too, named by its own term. The terms after the list
// were read as items', and the first item's name opened a primitive
// ("Nonnegativity") that took the list from the block's own terms.
func TestTermsAfterAListInParagraphsOfTheirOwn(t *testing.T) {
	txt := "\\begin{defn}\nLet $X$ be a set, and let $d \\colon X \\times X \\to \\R$ be such that for all $x,y,z \\in X$\n" +
		"\\begin{enumerate}[(i)]\n\\item \\pause\n\\makebox[2.0in][l]{$d(x,y) \\geq 0$.}\n(\\emph{nonnegativity})\n%\n" +
		"\\item \\pause\n\\makebox[2.0in][l]{$d(x,y) = 0$ iff $x = y$.}\n(\\emph{identity of indiscernibles})\n\\end{enumerate}\n\n\\pause\n\\medskip\n\n" +
		"$(X,d)$ is called a \\emph{metric space}.\n\n\\pause\n\n$d$ is called the \\emph{metric} or the \\emph{distance function}.\n\\end{defn}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	got := byName(ps)
	for name, tail := range map[string]string{"Metric Space": "is called a metric space.", "Metric": "is called the metric or the distance function."} {
		p, ok := got[name]
		if !ok || !strings.Contains(p.FormalStatement, `$d(x,y) \geq 0$`) || !strings.Contains(p.FormalStatement, `$d(x,y) = 0$ iff $x = y$. (identity of indiscernibles)`) || !strings.HasSuffix(p.FormalStatement, tail) {
			t.Errorf("%s: %q (primitives %q)", name, p.FormalStatement, nameList(ps))
		}
	}
	if _, ok := got["Nonnegativity"]; ok {
		t.Errorf("an item's name opened a primitive: %q", nameList(ps))
	}
}
