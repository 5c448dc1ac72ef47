package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A book whose definitions are a macro of its own, whose theorems take
// their title as an argument, with pseudo-code and proofs: the counter
// finds each block the labels mark, in the included files only.
func TestCountBlocks(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "book.tex", `\documentclass{book}
\usepackage{mine}
\begin{document}
\input{ch1}
% \input{ch2}
\end{document}
`)
	write(t, dir, "ch1.tex", `\definition{def:lim}{The Limit}{Let $f$ be defined near $c$; the limit of $f$ at $c$ is $L$ when ...}
% \definition{def:old}{Old}{commented out}
\begin{comment}
\definition{def:big}{Big O}{a block the comment environment keeps TeX from printing}
\end{comment}
\begin{theorem}{Squeeze Theorem}
If $g \le f \le h$ and $g, h \to L$ then $f \to L$.
\end{theorem}
\begin{proof}
Take epsilon and squeeze both sides.
\end{proof}
\begin{algorithmic}
\State $x \gets 0$
\For{$i = 1$ to $n$}
  \State $x \gets x + i$
\EndFor
\Return $x$
\end{algorithmic}
`)
	write(t, dir, "ch2.tex", `\definition{def:no}{Not Read}{never included}`)
	lb := labels{
		mains:    []string{"book.tex"},
		includes: []string{"ch1.tex"},
		markers: []marker{
			{kind: "def", how: "cmd", names: []string{"definition"}, nargs: 3, label: 1, title: 2, body: 3},
			{kind: "thm", how: "env", names: []string{"theorem"}, titleFrom: "arg1"},
			{kind: "proof", how: "env", names: []string{"proof"}, titleFrom: "opt"},
			{kind: "alg", how: "env", names: []string{"algorithmic"}, titleFrom: "none", steps: mustRe(`\\(State|For|Return)\b`)},
		},
	}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, b := range bs {
		got[b.kind]++
	}
	if got["def"] != 1 || got["thm"] != 1 || got["proof"] != 1 || got["alg"] != 1 {
		t.Fatalf("blocks by kind = %v, want one of each", got)
	}
	var def, thm, proof, alg block
	for _, b := range bs {
		switch b.kind {
		case "def":
			def = b
		case "thm":
			thm = b
		case "proof":
			proof = b
		case "alg":
			alg = b
		}
	}
	if def.title != "The Limit" || def.label != "def:lim" || !strings.Contains(def.body, "limit of $f$") {
		t.Errorf("definition = %+v", def)
	}
	if thm.title != "Squeeze Theorem" {
		t.Errorf("theorem title = %q", thm.title)
	}
	if proof.of < 0 || bs[proof.of].kind != "thm" {
		t.Errorf("proof not paired with the theorem before it: of = %d", proof.of)
	}
	if len(alg.steps) != 4 {
		t.Errorf("algorithm steps = %d %q, want 4", len(alg.steps), alg.steps)
	}
}

// A PreTeXt result holds its <proof>: the result is what its statement
// says, and is held by a primitive that states it; the proof is a block
// of its own, paired with the result.
func TestPreTeXtResultWithoutItsProof(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Fields</title>
<lemma xml:id="lem-unram"><statement><p>Let <m>L/K</m> be an unramified extension of local fields.
Then <m>L</m> is generated over <m>K</m> by a root of unity of order prime to the residue characteristic.</p></statement>
<proof><p>Choose a unit generating the residue field extension, and lift its minimal polynomial by Hensel's lemma;
it divides a cyclotomic polynomial, so it splits over the cyclotomic extension, and equality follows by comparing degrees.</p></proof>
</lemma>
<lemma xml:id="lem-tame"><statement><p>Let <m>L/K</m> be a totally ramified extension of local fields.
Then <m>L</m> is generated over <m>K</m> by a root of a uniformizer of order prime to the residue characteristic.</p></statement>
</lemma>
<lemma xml:id="lem-wild"><statement><p>Let <m>L/K</m> be a wildly ramified extension of local fields.
Then <m>L</m> is not generated over <m>K</m> by a root of a uniformizer of order prime to the residue characteristic.</p></statement>
</lemma></chapter></book></pretext>
`)
	lb := labels{
		mains: []string{"main.ptx"},
		markers: []marker{
			{kind: "thm", how: "xml", names: []string{"lemma"}},
			{kind: "proof", how: "xml", names: []string{"proof"}},
		},
	}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 4 || bs[0].kind != "thm" || bs[1].kind != "proof" || bs[1].of != 0 {
		t.Fatalf("blocks = %+v, want the lemma and its proof paired", bs)
	}
	ps := []prim{newPrim(prim{id: "a", name: "Lemma 1.3.2", statement: "Let $L/K$ be an unramified extension of local fields. " +
		"Then $L$ is generated over $K$ by a root of unity of order prime to the residue characteristic."})}
	if got := newMatcher(ps, bs).find(bs[0]); got != 0 {
		t.Errorf("the lemma held by %d, want the primitive stating it (its body: %q)", got, bs[0].body)
	}
}

// A LaTeX result whose proof environment is nested in it (a notes style
// whose theorem environment is a bare label) is held by a primitive
// stating what comes before the proof, as a PDF's text does, where the
// proof follows the statement as a block of its own, and still by one
// holding the block whole.
func TestLaTeXResultWithoutItsNestedProof(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tex", `\begin{proposition}
Let $L_k$ be an atomic lower triangular matrix with nonzero entries below the diagonal in column $k$.
Then $P L_k P$ is again atomic lower triangular.
\begin{proof}
Write the matrix in block form, conjugate each block by the permutation, and compare the switched
rows and columns entry by entry; the identity blocks stay fixed under the switch.
\end{proof}
\end{proposition}
`)
	lb := labels{mains: []string{"main.tex"}, markers: []marker{{kind: "thm", how: "env", names: []string{"proposition"}}}}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || strings.Contains(bs[0].stmt, "conjugate") || !strings.Contains(bs[0].stmt, "atomic") {
		t.Fatalf("blocks = %+v, want the proposition's statement without its proof", bs)
	}
	ps := []prim{newPrim(prim{id: "a", name: "Proposition 1", statement: "Let Lₖ be an atomic lower triangular matrix " +
		"with nonzero entries below the diagonal in column k. Then PLₖP is again atomic lower triangular."})}
	if got := newMatcher(ps, bs).find(bs[0]); got != 0 {
		t.Errorf("the proposition held by %d, want the primitive stating it", got)
	}
	whole := []prim{newPrim(prim{id: "b", name: "Proposition 1", statement: bs[0].body})}
	if got := newMatcher(whole, bs).find(bs[0]); got != 0 {
		t.Errorf("the proposition held by %d, want the primitive holding it whole", got)
	}
}

// An index entry inside a PreTeXt result (<idx>) is printed in the book's
// index, not in the statement: its words do not decide which primitive
// holds the result.
func TestPreTeXtIndexEntriesUnprinted(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Coordinates</title>
<fact xml:id="unique-coeff">
<idx><h>Basis</h><h>uniqueness with respect to</h></idx>
<idx><h>Basis</h><h>coordinates with respect to</h><see>coordinates</see></idx>
<statement><p>If <m>B</m> is a basis for a subspace <m>V</m>, then any vector <m>x</m> in <m>V</m>
can be written as a linear combination of it in exactly one way.</p></statement>
</fact></chapter></book></pretext>
`)
	lb := labels{mains: []string{"main.ptx"}, markers: []marker{{kind: "thm", how: "xml", names: []string{"fact"}}}}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || strings.Contains(bs[0].body, "uniqueness") {
		t.Fatalf("blocks = %+v, want the fact without its index entries", bs)
	}
	ps := []prim{newPrim(prim{id: "a", name: "Fact 2.9.1", statement: "If $B$ is a basis for a subspace $V$, then any vector $x$ in $V$ " +
		"can be written as a linear combination of it in exactly one way."})}
	if got := newMatcher(ps, bs).find(bs[0]); got != 0 {
		t.Errorf("the fact held by %d, want the primitive stating it (its body: %q)", got, bs[0].body)
	}
}

// A diagram drawn in another vocabulary inside a PreTeXt figure
// (<prefigure xmlns="https://prefigure.org">) names its points with its own
// <definition>: that is no definition of the author's.
func TestPreTeXtForeignVocabularyUncounted(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Maps</title>
<definition xml:id="def-linear"><statement><p>A map is <term>linear</term> if it keeps sums.</p></statement></definition>
<figure><image><prefigure xmlns="https://prefigure.org" label="unit-square">
<diagram><definition>origin=(0,0)</definition><definition>v1=(1,0)</definition></diagram>
</prefigure></image></figure>
</chapter></book></pretext>
`)
	lb := labels{mains: []string{"main.ptx"}, markers: []marker{{kind: "def", how: "xml", names: []string{"definition"}}}}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || bs[0].label != "def-linear" {
		t.Fatalf("blocks = %+v, want only the author's definition", bs)
	}
}

// A PreTeXt result of a formula says it in <m>, as a LaTeX one says it in
// $…$: the formula's letters are its signature, not prose words, and its
// markup is no part of what it says.
func TestPreTeXtFormulaResult(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Length</title>
<fact><p>If <m>x</m> is a vector and <m>c</m> is a scalar, then <m>\|cx\|=|c|\cdot\|x\|.</m></p></fact>
<fact><p>If <m>x</m> is a vector and <m>c</m> is a scalar, then <me>x \cdot x \geq 0</me>.</p></fact>
</chapter></book></pretext>
`)
	lb := labels{mains: []string{"main.ptx"}, markers: []marker{{kind: "thm", how: "xml", names: []string{"fact"}}}}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 || strings.Contains(bs[1].body, "<") || !strings.Contains(bs[1].body, `\[x \cdot x \geq 0\]`) {
		t.Fatalf("blocks = %+v, want the facts' math set as TeX, without markup", bs)
	}
	ps := []prim{
		newPrim(prim{id: "a", name: "Fact 6.1.5", statement: `If $x$ is a vector and $c$ is a scalar, then $\|cx\|=|c|\cdot\|x\|.$`}),
		newPrim(prim{id: "b", name: "Fact 6.1.6", statement: `If $x$ is a vector and $c$ is a scalar, then $$x \cdot x \geq 0$$.`}),
	}
	m := newMatcher(ps, bs)
	for i, b := range bs {
		if got := m.find(b); got != i {
			t.Errorf("fact %d held by %d (its body: %q)", i, got, b.body)
		}
	}
}

// A short result set in the work's own macros (\rank, \nullity) is held
// word for word by a statement that prints what they stand for.
func TestShortResultInAuthorMacros(t *testing.T) {
	bs := []block{{kind: "thm", body: `If $A$ is a matrix with $n$ columns, then \[\rank(A) + \nullity(A) = n.\]`}}
	ps := []prim{newPrim(prim{id: "a", name: "Theorem 2.8.2", statement: `If $A$ is a matrix with $n$ columns, then $$ \operatorname{rank}(A) + \operatorname{nullity}(A) = n. $$`})}
	m := newMatcher(ps, bs)
	m.macros = map[string]authorMacro{"rank": {body: `\operatorname{rank}`}, "nullity": {body: `\operatorname{nullity}`}}
	if got := m.find(bs[0]); got != 0 {
		t.Errorf("the theorem held by %d, want the primitive stating it", got)
	}
}

// A result of formulas in the author's macros is held by the primitive
// whose formulas print what the macros do: a macro printing a letter
// (\x as ^{\times}) adds to the formulas' letters.
func TestFormulaResultInAuthorMacros(t *testing.T) {
	bs := []block{{kind: "thm", body: "\r\n$\\aut(\\z_n) = \\z_n\\x$.\r\n"}}
	ps := []prim{
		newPrim(prim{id: "a", name: "Proposition 2.1", statement: `$|\operatorname{\textnormal{Aut}}(\mathbb{Z}_n)| = n$.`}),
		newPrim(prim{id: "b", name: "Proposition 2.2", statement: `$\operatorname{\textnormal{Aut}}(\operatorname{\mathbb{Z}}_n) = \operatorname{\mathbb{Z}}_n^{\times}$.`}),
	}
	m := newMatcher(ps, bs)
	m.macros = map[string]authorMacro{"aut": {body: `\operatorname{\textnormal{Aut}}`}, "z": {body: `\operatorname{\mathbb{Z}}`}, "x": {body: `^{\times}`}}
	if got := m.find(bs[0]); got != 1 {
		t.Errorf("the proposition held by %d, want 1", got)
	}
}

// A proof of formulas only, set in display math, is carried by a
// primitive whose proof keeps those formulas ($$…$$ as lore writes them).
func TestFormulaProofCarried(t *testing.T) {
	b := block{kind: "proof", body: `
    \begin{align*}
        P(|X - E[X]|^2 \geq a^2) &\leq \frac{E[(X - E[X])^2]}{a^2} \\
        &= \frac{\Var{(X)}}{a^2}
    \end{align*}
`}
	p := newPrim(prim{id: "a", statement: "Chebyshev", proof: `$$ P(|X - E[X]|^2 \geq a^2) &\leq \frac{E[(X - E[X])^2]}{a^2} \\ &= \frac{\operatorname{Var}{(X)}}{a^2} $$`})
	if !proofCarried(b, p, map[string]int{}) {
		t.Error("the proof of display math is not carried by the primitive keeping it")
	}
	other := newPrim(prim{id: "b", statement: "Markov", proof: `$$ E[X] \geq a P(X \geq a) $$`})
	if proofCarried(b, other, map[string]int{}) {
		t.Error("another proof carries it")
	}
	// Formulas of Greek letters and relations keep no letters once their
	// commands go: they are compared symbol for symbol.
	greek := block{kind: "proof", body: "\n\\[\\kappa\\le\\kappa+\\kappa=\\kappa\\cdot2\\le\\kappa\\cdot\\omega\\le\\kappa\\]\n"}
	if !proofCarried(greek, newPrim(prim{id: "c", proof: `$$\kappa\le\kappa+\kappa=\kappa\cdot2\le\kappa\cdot\omega\le\kappa$$`}), map[string]int{}) {
		t.Error("the proof of Greek formulas is not carried by the primitive keeping it")
	}
	if proofCarried(greek, newPrim(prim{id: "d", proof: `$$\kappa\cdot\kappa=\kappa$$ and so $$\lambda\le2$$`}), map[string]int{}) {
		t.Error("another proof of Greek formulas carries it")
	}
	// A proof of no word of three letters is carried by its text alone.
	hw := block{kind: "proof", body: "\n  HW 8.\n"}
	if !proofCarried(hw, newPrim(prim{id: "f", proof: "HW 8."}), map[string]int{}) || proofCarried(hw, newPrim(prim{id: "g", proof: "HW 9."}), map[string]int{}) {
		t.Error("the proof \"HW 8.\" is not carried by its text alone")
	}
	// A display set as \[…\] is read where it stands, as lore's $$…$$ is.
	cases := block{kind: "proof", body: "\n  If $x \\geq 0$, then \\[\n    \\mu_F((0,x]) = \\mu_G((0,x]) \\implies G(x) - F(x) = c\n  \\]\n  where $c \\defeq G(0) - F(0)$.\n"}
	if !proofCarried(cases, newPrim(prim{id: "e", proof: `If $x \geq 0$, then $$ \mu_F((0,x]) = \mu_G((0,x]) \implies G(x) - F(x) = c $$ where $c \coloneqq G(0) - F(0)$.`}), map[string]int{}) {
		t.Error("the proof with a \\[…\\] display is not carried by the primitive keeping it as $$…$$")
	}
}

// A proof written in Chinese, whose text has no spaces between its words,
// is carried by the primitive keeping it as lore renders it, and not by
// one keeping another proof.
func TestHanProofCarried(t *testing.T) {
	b := block{kind: "proof", body: `
	假定某个时刻$m$是未匹配的，但他已经向所有的女性提出了申请。那么根据定理\ref{thm:stable-matching-1},每一个女性都处于约定的状态。
`}
	p := newPrim(prim{id: "a", statement: "定理", proof: "假定某个时刻$m$ 是未匹配的，但他已经向所有的女性提出了申请。那么根据定理Theorem (elsewhere),每一个女性都处于约定的状态。"})
	if !proofCarried(b, p, map[string]int{}) {
		t.Error("the Chinese proof is not carried by the primitive keeping it")
	}
	other := newPrim(prim{id: "b", statement: "定理", proof: "约定的对最后会形成匹配。我们G-S算法会在还有一个未匹配的$m$的时候终止。"})
	if proofCarried(b, other, map[string]int{}) {
		t.Error("another Chinese proof carries it")
	}
}

func TestReadLabels(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "ok.tsv", "# c\nmain\tm.tex\ninclude\ta.tex\ndef\tcmd\tdefinition\t3\tlabel=1\ttitle=2\tbody=3\nalg\tenv\talgorithm\tsteps=lines\nalg\tlines\t3-9\tSign\n")
	lb, err := readLabels(filepath.Join(dir, "ok.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.mains) != 1 || len(lb.includes) != 1 || len(lb.markers) != 3 {
		t.Fatalf("labels = %+v", lb)
	}
	if m := lb.markers[0]; m.nargs != 3 || m.title != 2 || m.label != 1 || m.body != 3 {
		t.Errorf("cmd marker = %+v", m)
	}
	if !lb.markers[1].stepLines || lb.markers[2].from != 3 || lb.markers[2].to != 9 || lb.markers[2].rangeTitle != "Sign" {
		t.Errorf("markers = %+v", lb.markers[1:])
	}
	for _, bad := range []string{"def\tenv\n", "lemma\tenv\tx\n", "def\tcmd\tx\n", "alg\tlines\t9-3\tX\n", "def\tenv\tx\tsteps=sometimes\n"} {
		write(t, dir, "bad.tsv", bad)
		if _, err := readLabels(filepath.Join(dir, "bad.tsv")); err == nil {
			t.Errorf("readLabels accepted %q", bad)
		}
	}
}

// The issue's own examples: a triangle inequality shown without its bars,
// and an adjoint, a macro of the book's, shown without its name.
func TestDropped(t *testing.T) {
	macros := map[string]authorMacro{}
	addMacros(macros, `\newcommand{\adj}{\operatorname{adj}}\newcommand{\abs}[1]{\left|#1\right|}\DeclareMathOperator{\tr}{tr}\def\dashint{\Xint-}`)
	cases := []struct {
		formal, readable string
		want             string // "" when nothing is dropped
	}{
		{`Triangle Inequality: $|x+y| \le |x|+|y|$`, "Triangle Inequality: x+y ≤ x+y", "|×6"},
		{`Triangle Inequality: $|x+y| \le |x|+|y|$`, "Triangle Inequality: |x+y| ≤ |x|+|y|", ""},
		{`$\adj(\adj(A)) = A$`, "(A) = A", "a×2 d×2 j×2"},
		{`$\adj(\adj(A)) = A$`, "adj(adj(A)) = A", ""},
		{`$\abs{x} \ge 0$`, "x ≥ 0", "|×2"},
		{`$\tr(A^{T}) = \tr A$`, "tr(Aᵀ) = tr A", ""},
		{`$d = e^{-1} \bmod \varphi(n)$`, "d = e⁻¹ mod φ(n)", ""},
		{`$d = e^{-1} \bmod \varphi(n)$`, "d = e−1 mod (n)", "φ×1"},
		{`$\mathbb{R}^n$ and $\alpha_1$`, "ℝⁿ and α₁", ""},
		{`no math here`, "no math here", ""},
		// The symbol drawing what a formula stacks holds what it stacks.
		{`$H \stackrel{\mathclap{\normalfont\mbox{\tiny{def}}}}{=} E$`, "H ≝ E", ""},
		{`$H \stackrel{\mathclap{\normalfont\mbox{\tiny{def}}}}{=} E$`, "H E", "=×1 d×1 e×1 f×1"},
		// An environment's options and column specification are no
		// operands; a macro shown by its name keeps its meaning.
		{`$M = \begin{array}{c|c} 0 & M' \end{array}$ and $\begin{bmatrix*}[r] a & b \end{bmatrix*}$`, "M = 0 M' and [a b]", ""},
		{`$\begin{cases} [L:K] & i=0 \end{cases}$`, "{i=0", "K×1 L×1"},
		{`$\dashint_a^b f = 0$`, "dashint_a^b f = 0", ""},
		{`$$ a &= b \\[0.05in] &= c $$`, "a = b; = c", ""},
		{`$F\hskip.75pt'(x) = f(x)$ and $a\mkern-10mu+$`, "F'(x) = f(x) and a+", ""},
		// A definition inside math prints nothing; what it defines reads
		// as its body where it is used.
		{`$$ \renewcommand{\arraystretch}{1.5} \begin{bmatrix} 1 \\ \omega \end{bmatrix} \renewcommand{\arraystretch}{1} $$`, "[1; ω]", ""},
		{`$\def\R{\mathbb{R}} x \in \R$`, "x ∈ ℝ", ""},
		{`$\def\R{\mathbb{R}} x \in \R$`, "x ∈", "R×1"},
		// Prose is text: a backslash there is printed, no command.
		{`the set $\Delta_X$ (LaTeX code: \Delta_X)`, `the set Δ_X (LaTeX code: \Delta_X)`, ""},
		{`the set $\Delta_X$ (LaTeX code: \Delta_X)`, `the set X (LaTeX code: \Delta_X)`, "Δ×1"},
		// A diagram's arrows show their labels, not their directions,
		// styles or the diagram's options.
		{`$$ \begin{tikzcd}[column sep=large] A \rar \dar["i"] & X \\ B \uar[dashed, bend left] & Y \end{tikzcd} $$`, "A → X; A –i→ B; B ⇢ A; Y", ""},
		{`$$ \begin{tikzcd} A \rar \dar["i"] & X \\ B \uar[dashed] & Y \end{tikzcd} $$`, "A → X; A → B; B ⇢ A; Y", "i×1"},
		{`$\xymatrix{A \ar@{-->}[r]|f & B}$ and $\begin{CD} A @>g>> B \end{CD}$`, "A –f⇢ B and A –g→ B", ""},
		{`$\begin{tikzcd} A \arrow[r, "{(a, b)}"] & B \end{tikzcd}$`, "A → B", "a×1 b×1"},
	}
	for _, c := range cases {
		got := strings.Join(dropped(c.formal, c.readable, macros), " ")
		if got != c.want {
			t.Errorf("dropped(%q, %q) = %q, want %q", c.formal, c.readable, got, c.want)
		}
	}
}

func TestMatchAndSteps(t *testing.T) {
	blocks := []block{
		{kind: "def", title: "Limit", body: `Let $f$ be defined on an open interval containing $c$. The limit of $f$ as $x$ approaches $c$ is $L$, written ...`},
		{kind: "def", title: "Continuity", body: `A function $f$ is continuous at $c$ when its limit at $c$ equals its value there.`},
		{kind: "def", title: "Factorial", body: `Let $n$ be a positive integer\footnote{Euler's gamma function extends factorials beyond integers, {\em meromorphically}.}, then $n$-factorial is the product of the integers from one to $n$.`},
		{kind: "alg", title: "Sign", steps: []string{"Let d be the integer of the secret key", "Fail if d is zero", "Compute the nonce from auxiliary randomness", "Return the signature"}},
	}
	ps := []prim{
		newPrim(prim{id: "a", name: "Limit", statement: "Limit: Let f be defined on an open interval containing c. The limit of f as x approaches c is L."}),
		newPrim(prim{id: "b", name: "Sign", statement: "Sign: let the integer of the secret key be d; fail if zero; compute the nonce from auxiliary randomness; return the signature."}),
		newPrim(prim{id: "c", name: "Sign backwards", statement: "return the signature; compute the nonce from auxiliary randomness; fail if zero; let the integer of the secret key be d"}),
		newPrim(prim{id: "d", name: "Product", statement: "Let n be a positive integer, then n-factorial is the product of the integers from one to n."}),
	}
	m := newMatcher(ps, blocks)
	if got := m.find(blocks[0]); got != 0 {
		t.Errorf("limit held by %d, want 0", got)
	}
	if got := m.find(blocks[1]); got != -1 {
		t.Errorf("continuity held by %d, want none", got)
	}
	if got := m.find(blocks[2]); got != 3 {
		t.Errorf("factorial (its footnote an aside) held by %d, want 3", got)
	}
	if in, keyed := stepsInOrder(blocks[3].steps, ps[1]); keyed != 4 || in != 4 {
		t.Errorf("steps in order = %d of %d, want 4 of 4", in, keyed)
	}
	if in, _ := stepsInOrder(blocks[3].steps, ps[2]); in >= 3 {
		t.Errorf("reversed steps counted in order: %d", in)
	}
}

// An algorithm written as a paragraph has no steps to put out of order:
// once found it is in order; one with steps still needs four in five.
func TestStepsHeld(t *testing.T) {
	cases := []struct {
		in, keyed int
		want      bool
	}{{0, 0, true}, {4, 5, true}, {3, 5, false}, {0, 4, false}, {10, 10, true}}
	for _, c := range cases {
		if got := stepsHeld(c.in, c.keyed); got != c.want {
			t.Errorf("stepsHeld(%d, %d) = %v, want %v", c.in, c.keyed, got, c.want)
		}
	}
}

// A step of formulas only ("for $k = 1 \to m + n$") is held by a
// statement that writes the formula in readable form, without dollars, as
// lore shows an algorithm; and its formulas still have to come in order.
func TestFormulaStepsInReadableForm(t *testing.T) {
	steps := []string{
		`\aaA {12.8}{function merge-two-sorted-arrays ($A[1\cdots m], B[1\cdots n]$)}`,
		`\aaB {7}{for $k = 1 \to m + n$ }`,
		`\aad {$C[k] = A[k_A]$; }`,
		`\aad {$k_A = k_A + 1$; }`,
		`\aab {$visited[i] = 0$, for all $1\le i \le |V|$;}`,
		`\aab {return $C$;}`,
	}
	readable := newPrim(prim{id: "r", statement: "1. function merge-two-sorted-arrays (A[1⋯ m], B[1⋯ n]): 2. for k = 1 → m + n 3. C[k] = A[k_A] 4. k_A = k_A + 1 5. visited[i] = 0, for all 1 ≤ i ≤ |V| 6. return C"})
	if in, keyed := stepsInOrder(steps, readable); keyed != 6 || in != 6 {
		t.Errorf("readable steps in order = %d of %d, want 6 of 6", in, keyed)
	}
	tex := newPrim(prim{id: "t", statement: `function merge-two-sorted-arrays ($A[1\cdots m], B[1\cdots n]$); for $k = 1 \to m + n$: $C[k] = A[k_A]$; $k_A = k_A + 1$; $visited[i] = 0$ for all $1\le i\le |V|$; return $C$`})
	if in, keyed := stepsInOrder(steps, tex); keyed != 6 || in != 6 {
		t.Errorf("TeX steps in order = %d of %d, want 6 of 6", in, keyed)
	}
	swapped := newPrim(prim{id: "s", statement: "1. function merge-two-sorted-arrays (A[1⋯ m], B[1⋯ n]): 2. visited[i] = 0, for all 1 ≤ i ≤ |V| 3. k_A = k_A + 1 4. C[k] = A[k_A] 5. for k = 1 → m + n 6. return C"})
	if in, _ := stepsInOrder(steps, swapped); in >= 5 {
		t.Errorf("formula steps out of order counted in order: %d", in)
	}
}

// A block of pseudo-code with few words is held by the primitive whose
// readable statement keeps its formulas in their order, not by one that
// shares only its procedure's words.
func TestFormulaBlockInReadableForm(t *testing.T) {
	body := `
\Function{Sort}{$A$}
  \State $S \gets [\ ]$
  \For{each $a \in A$}
    \State \Call{Insert}{$a, S$}
  \EndFor
  \State \Return $S$
\EndFunction`
	blocks := []block{{kind: "alg", body: body}}
	ps := []prim{
		newPrim(prim{id: "other", name: "Sort (Binary search tree)", statement: "1. function Sort(A): 2. T ← ∅ 3. for each x ∈ A: 4. T ← Insert-Tree(T, x) 5. return To-List(T)"}),
		newPrim(prim{id: "this", name: "Sort (Introduction)", statement: "1. function Sort(A): 2. S ← [ ] 3. for each a ∈ A: 4. Insert(a, S) 5. return S"}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("block held by %d, want 1 (the readable statement of its formulas)", got)
	}
	if got := newMatcher(ps[:1], blocks).find(blocks[0]); got != -1 {
		t.Errorf("block held by %d, a statement without its formulas; want none", got)
	}
}

// An algorithm float's optional argument is where it is placed ([H],
// [htbp]), not its title: the title is its caption.
func TestAlgorithmPlacementIsNoTitle(t *testing.T) {
	src := "\\begin{algorithm}[H]\n$S \\gets 0 + A[1]$\\;\n\\caption{$n^2$ Subarray }\n\\end{algorithm}\n"
	bs := envBlocks("a.tex", src, marker{kind: "alg", how: "env", names: []string{"algorithm"}, stepLines: true})
	if len(bs) != 1 || bs[0].title != "$n^2$ Subarray " {
		t.Fatalf("blocks = %+v, want one titled by its caption", bs)
	}
	if len(bs[0].steps) != 1 {
		t.Errorf("steps = %q, want the one row (the caption is no step)", bs[0].steps)
	}
}

// An operator command prints its name (\max as max): a step with one is
// held by a statement that writes the name.
func TestOperatorNamesInFormulas(t *testing.T) {
	steps := []string{`$M\gets0$\;`, `$S = S+A[j]$\;`, `$M = \max(M,S)$\;`, `$x = \log_2 n$`, `\While{$x \bmod 2 = 0$}`}
	p := newPrim(prim{id: "p", statement: "1. M←0 2. S = S+A[j] 3. M = max(M,S) 4. x = log₂ n 5. while x mod 2 = 0:"})
	if in, keyed := stepsInOrder(steps, p); keyed != 4 || in != 4 {
		t.Errorf("steps in order = %d of %d, want 4 of 4", in, keyed)
	}
}

// A short theorem whose words several primitives hold is held by the
// theorem that states it, not by a longer definition met first.
func TestShortResultHeldByItsStatement(t *testing.T) {
	blocks := []block{{kind: "thm", body: `For $L/K$ a cyclic extension of number fields, $h(C_L) = [L:K]$.`}}
	ps := []prim{
		newPrim(prim{id: "a", typ: "definition", statement: "Let $L/K$ be a cyclic extension of number fields with Galois group $G$. Choose a finite set of places so that the Herbrand quotient of the idele class group is defined."}),
		newPrim(prim{id: "b", typ: "theorem", statement: "For $L/K$ a cyclic extension of number fields, $$ h(C_L) = [L:K] $$."}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("the theorem held by %d, want 1 (the theorem stating it)", got)
	}
}

// A result of a few words and a short formula is held by the primitive
// whose statement is its text.
func TestShortResultHeldVerbatim(t *testing.T) {
	blocks := []block{
		{kind: "thm", body: "\n  If $X$ is Hausdorff and $x\\in X$, then $\\{x\\}$ is closed in $X$.\n"},
		{kind: "thm", body: "\n  $L(A) \\subseteq \\bar A$.\n"},
		{kind: "thm", body: "\n    If $A$ is independent of $B$, then $A \\perp B^C$.\n    \\label{propIndependentComplement}\n"},
	}
	ps := []prim{
		newPrim(prim{id: "a", typ: "theorem", statement: "If $X$ is Hausdorff and $x\\in X$, then $\\{x\\}$ is closed in $X$."}),
		newPrim(prim{id: "b", typ: "theorem", statement: "Let $X$ be Hausdorff. If $C \\subseteq X$ is compact, then $C$ is closed in $X$."}),
		newPrim(prim{id: "c", typ: "theorem", statement: "If $A$ is independent of $B$, then $A \\perp B^C$."}),
	}
	m := newMatcher(ps, blocks)
	if got := m.find(blocks[0]); got != 0 {
		t.Errorf("the short theorem held by %d, want 0 (its statement)", got)
	}
	if got := m.find(blocks[1]); got != -1 {
		t.Errorf("a formula no primitive states held by %d", got)
	}
	if got := m.find(blocks[2]); got != 2 {
		t.Errorf("the short theorem with its \\label held by %d, want 2", got)
	}
}

// A short statement whose only formula is one symbol is held by the
// primitive stating it word for word, not by a longer one that writes the
// same symbol (ℕ in the binomial theorem's "Let $n \in \mathbb{N}$").
func TestShortResultHeldWordForWordBeforeItsSymbol(t *testing.T) {
	blocks := []block{{kind: "thm", body: "\n\\label{thmNIsInfinite}\nThe set $\\mathbb{N}$ is infinite.\n"}}
	ps := []prim{
		newPrim(prim{id: "binom", typ: "theorem", name: "Binomial theorem", statement: "Let $n \\in \\mathbb{N}$ and $x,y \\in \\mathbb{R}$. Then $$ (x+y)^n = \\sum_{k=0}^n \\binom{n}{k} x^k y^{n-k} $$"}),
		newPrim(prim{id: "inf", typ: "theorem", name: "The set ℕ is infinite, with a long name", statement: "The set $\\mathbb{N}$ is infinite."}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("the theorem held by %d, want 1 (the primitive stating it)", got)
	}
}

// Of results tied on a formula they all write ("[0, 1]"), the one holding
// the block's word ("connected") holds it.
func TestTiedFormulaResultHeldByItsWord(t *testing.T) {
	blocks := []block{
		{kind: "thm", body: "\n  $[0, 1]$ is connected.\n"},
		{kind: "thm", body: "\n  $[0, 1]$ is compact.\n"},
	}
	ps := []prim{
		newPrim(prim{id: "ivt", typ: "theorem", statement: "If $f: [0, 1] \\to \\mathbb{R}$ is continuous with $f(0) < 0 < f(1)$, then $\\exists x\\in [0, 1]$ with $f(x) = 0$."}),
		newPrim(prim{id: "compact", typ: "theorem", statement: "$[0, 1]$ is compact."}),
		newPrim(prim{id: "connected", typ: "theorem", statement: "$[0, 1]$ is connected."}),
	}
	m := newMatcher(ps, blocks)
	for i, want := range []int{2, 1} {
		if got := m.find(blocks[i]); got != want {
			t.Errorf("block %d held by %d, want %d", i, got, want)
		}
	}
}

// Of two results in the same words, the one writing the block's formulas
// holds it: a product's law is not the union's.
func TestTwinResultsToldByTheirFormulas(t *testing.T) {
	blocks := []block{{kind: "thm", body: "\n\\label{propProduct}\nLet $X$ and $Y$ be finite sets. Then $X \\times Y$ is finite, and moreover\n\\[ |X \\times Y| = |X| \\cdot |Y| \\]\n"}}
	ps := []prim{
		newPrim(prim{id: "union", typ: "theorem", statement: "Let $X$ and $Y$ be finite sets. Then $X \\cup Y$ is finite, and moreover $$ |X \\cup Y| = |X| + |Y| - |X \\cap Y| $$"}),
		newPrim(prim{id: "product", typ: "theorem", statement: "Let $X$ and $Y$ be finite sets. Then $X \\times Y$ is finite, and moreover $$ |X \\times Y| = |X| \\cdot |Y| $$"}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("the product's law held by %d, want 1", got)
	}
}

// An environment's options of keys and values set it and print nothing:
// they are no word of the block ("itemsep"), which would tell it from
// the primitive stating it.
func TestEnvironmentOptionsUnprinted(t *testing.T) {
	body := "\nLet \\(\\kappa,\\lambda,\\mu\\) be cardinals. Then\n\\begin{enumerate}[itemsep=0pt]\n\\item[(i)] \\(\\kappa+\\lambda=\\lambda+\\kappa\\)\n" +
		"\\item[(ii)] \\((\\kappa+\\lambda)+\\mu=\\kappa+(\\lambda+\\mu)\\)\n\\end{enumerate}\n"
	if got := strings.Join(wordsOf(body, -1), " "); got != "cardinals" {
		t.Errorf("words = %q, want %q", got, "cardinals")
	}
}

// A proof an author set aside in an XML comment is no proof of the
// book's, and the lines of what follows stay where they are; a proof left
// empty holds nothing to carry.
func TestPreTeXtCommentedProofUncounted(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Sums</title>
<theorem xml:id="thm-squares"><statement><p>The sum of the first <m>n</m> squares is <m>n(n+1)(2n+1)/6</m>.</p></statement>
<!--<proof><p>By induction on <m>n</m>.</p>
</proof>-->
</theorem>
<lemma xml:id="lem-next"><statement><p>Every square is a sum of odd numbers.</p></statement>
<proof><p>Add the odd numbers up to <m>2n-1</m>.</p></proof></lemma>
<lemma xml:id="lem-later"><statement><p>Every cube is a sum of consecutive odd numbers.</p></statement>
<proof>
  <p> </p>
</proof></lemma>
</chapter></book></pretext>
`)
	lb := labels{
		mains: []string{"main.ptx"},
		markers: []marker{
			{kind: "thm", how: "xml", names: []string{"theorem", "lemma"}},
			{kind: "proof", how: "xml", names: []string{"proof"}},
		},
	}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 4 || bs[2].kind != "proof" || bs[2].line != 7 || bs[2].of != 1 || bs[3].kind != "thm" {
		t.Fatalf("blocks = %+v, want three results and the first lemma's proof at line 7, the empty proof left out", bs)
	}
}

// A readable statement's relations (s < 0 … d > 0) are no markup tag:
// the words between them are the statement's.
func TestRelationsAreNoTags(t *testing.T) {
	got := strings.Join(wordsOf("Select q with s_q < 0 as the entering index; if d ≤ 0 stop, problem unbounded; min over d > 0 <p>kept</p>", -1), " ")
	want := "select entering index stop problem unbounded min over kept"
	if got != want {
		t.Errorf("words = %q, want %q", got, want)
	}
}

// Of two theorems holding a block's words equally, the one named by the
// block's title holds it.
func TestTiedResultHeldByItsTitle(t *testing.T) {
	blocks := []block{{kind: "thm", title: "Rolle's Theorem", body: `Let $f : [a, b] \mapsto \R$. Let it be continuous on $[a, b]$ and differentiable on $(a, b)$. If $f(a) = f(b)$, then there exists some $c$ in $(a, b)$ such that $f'(c) = 0$.`}}
	ps := []prim{
		newPrim(prim{id: "cauchy", typ: "theorem", name: "Cauchy's Mean Value Theorem", statement: "Let $f, g$ be continuous on $[a, b]$ and differentiable on $(a, b)$. Then there exists $c$ such that $g'(c)(f(a) - f(b)) = f'(c)(g(a) - g(b))$."}),
		newPrim(prim{id: "rolle", typ: "theorem", name: "Rolle's Theorem", statement: "Let $f: [a, b] \\mapsto \\mathbb{R}$. Let it be continuous on $[a, b]$ and differentiable on $(a, b)$. If $f(a) = f(b)$, then there exists some $c$ in $(a, b)$ such that $f'(c) = 0$."}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("Rolle's theorem held by %d, want 1 (the theorem named so)", got)
	}
}

func TestDuplicatesAndProvenance(t *testing.T) {
	ps := []prim{
		newPrim(prim{id: "a", statement: "Limit: the limit of f at c is L when f approaches L"}),
		newPrim(prim{id: "b", statement: "Limit (slides): the limit of f at c is L when f approaches L"}),
		newPrim(prim{id: "c", statement: "Continuity: f is continuous at c when its limit equals f(c)"}),
		// Two results whose words are one and whose formulas differ.
		newPrim(prim{id: "d", statement: "Let κ be infinite. Then κ + κ = κ."}),
		newPrim(prim{id: "e", statement: "Let κ be infinite. Then κ · κ = κ."}),
	}
	if n, _ := duplicates(ps); n != 1 {
		t.Errorf("duplicates = %d, want 1", n)
	}
	doc := map[string]bool{}
	for _, w := range wordsOf("We say the limit of f at c is L when the values of f approach L.", -1) {
		doc[w] = true
	}
	if !provenanceHolds(ps[0], doc, "") {
		t.Error("the statement's own document does not hold it")
	}
	if provenanceHolds(ps[2], doc, "") {
		t.Error("a document without the statement holds it")
	}
	// A colon inside the statement's first formula is no "Name:" lead-in.
	kernel := newPrim(prim{id: "k", statement: `Given a linear transformation $T:\mathbb{L}_1 \longrightarrow \mathbb{L}_2$ the set of points in $\mathbb{L}_1$ that $T$ sends to $\mathbf{0}$ is called the kernel of $T$.`})
	doc = map[string]bool{}
	for _, w := range wordsOf(`<p>Given a linear transformation <m>T:\mathbb{L}_1 \longrightarrow \mathbb{L}_2</m> the set of points in <m>\mathbb{L}_1</m> that <m>T</m> sends to <m>\mathbf{0}</m> is called the <term>kernel</term> of <m>T</m>.</p>`, -1) {
		doc[w] = true
	}
	if !provenanceHolds(kernel, doc, "") {
		t.Error("a statement whose first formula holds a colon is not found in its own document")
	}
}

// A document's own macros are expanded before its statements are looked
// for: "\(x\in\R\)" holds the stored "$x\in\mathbb{R}$". A macro with an
// optional first argument takes it from brackets ("\reg[Title]{Body}"
// keeps "Body" whole), and a backslash that ends the text is no macro.
func TestProvenanceReadsTheAuthorsMacros(t *testing.T) {
	m := map[string]authorMacro{}
	addMacros(m, `\newcommand{\R}{\mathbb{R}}\newcommand{\reg}[2][]{\textbf{#1} #2}`)
	src := `\reg[Archimedes]{For any \(x,y\in\R\) with \(x>0\), there is an integer \(n>0\) such that \(nx>y\).}\\`
	d := readProvDoc(src, m)
	p := newPrim(prim{id: "a", statement: `For any $x,y\in\mathbb{R}$ with $x>0$, there exists an integer $n>0$ such that $nx>y$.`})
	if !d.holds(p) {
		t.Errorf("the statement's own document does not hold it (sigs %q)", d.sigs)
	}
	if !d.words["archimedes"] || !d.words["integer"] {
		t.Errorf("an optional argument swallowed the text: %v", d.words)
	}
}

// A PreTeXt document's math is math, display elements with attributes too,
// and its docinfo's <macros> are the author's.
func TestProvenanceReadsPreTeXt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "docinfo.ptx"), []byte(`<docinfo><macros>\newcommand{\R}{\mathbb R}</macros></docinfo>`), 0o600); err != nil {
		t.Fatal(err)
	}
	m := authorMacros(dir)
	src := `<p>We will refer to <m>(\mathbf{i}, \mathbf{j})</m> as a <term>basis</term> of <m>\R^2</m>.</p><md xml:id="e1"><mrow>x &lt; y</mrow></md><p>Let <m>V_1</m> lie over <m>F_2</m>.</p>`
	d := readProvDoc(src, m)
	if p := newPrim(prim{id: "b", statement: `We will refer to $(\mathbf{i}, \mathbf{j})$ as a basis of $\mathbb R^2$.`}); !d.holds(p) {
		t.Errorf("the statement's own document does not hold it (sigs %q)", d.sigs)
	}
	if p := newPrim(prim{id: "v", statement: `Let $V_1$ lie over $F_2$.`}); !d.holds(p) {
		t.Errorf("display math with attributes unpaired the dollars: %q", d.sigs)
	}
}

// An algorithm is stored as it reads, its keywords taken from commands and
// its variables from math; its own document holds it.
func TestProvenanceOfPseudoCode(t *testing.T) {
	src := "\\begin{algorithm}\\caption{Dinic()}\\Begin{$f$ = 0\n\\While{bfs($G$) != 0}{$tmp$ = dfs($G$,$s$,$inf$)\n\\If{$tmp$ <= 0}{\\Return{$f$}}}}\\end{algorithm}"
	d := readProvDoc(src, nil)
	p := newPrim(prim{id: "d", statement: "Dinic(). 1. f = 0 2. while bfs(G)!= 0: 3. tmp = dfs(G,s,inf) 4. if tmp <= 0: 5. return f"})
	if !d.holds(p) {
		t.Error("an algorithm's own document does not hold it")
	}
	if other := readProvDoc(`\\begin{proof}By induction on the length of the path.\\end{proof}`, nil); other.holds(p) {
		t.Error("a document without the algorithm holds it")
	}
}

// A glossary use is read as printed: in the plural with its "s", by an
// identifier key as nothing (the entry prints, never "symb:corr").
func TestGlossaryUsesAsPrinted(t *testing.T) {
	got := strings.Join(wordsOf(`Let $x$ be a list of \glspl{variable} of the \gls{constraint}.\gls{symb:corr}\acs{acr:ast}`, -1), " ")
	if got != "list variables constraint" {
		t.Errorf("words %q", got)
	}
}

func mustRe(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// The -set flag takes every half the manifest holds and any later held-out
// batch, and nothing else.
func TestValidSet(t *testing.T) {
	for _, s := range []string{"dev", "held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6", "held-out-7", "held-out-8", "held-out-9", "held-out-10", "held-out-12"} {
		if !validSet(s) {
			t.Errorf("validSet(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"", "held-out-1", "held-out-0", "held-out-02", "held-out-", "held-out-x", "held-out-+3", "heldout", "Dev"} {
		if validSet(s) {
			t.Errorf("validSet(%q) = true, want false", s)
		}
	}
	works, err := readManifest("../MANIFEST.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range works {
		if !validSet(w.set) {
			t.Errorf("work %s: set %q is not one -set accepts", w.name, w.set)
		}
	}
}

// A law stated only as a formula set in an equation environment is held
// by the primitive whose statement has that formula, however lore
// displays it: the environment's math is a formula as $…$ is.
func TestFormulaInEquationEnvironment(t *testing.T) {
	blocks := []block{{kind: "thm", title: `\potgang`, body: "\n\\begin{equation}\na^{m}\\cdot a^{n}=a^{m+n}\n\\end{equation}\n"}}
	ps := []prim{
		newPrim(prim{name: "Powers as base", typ: "theorem", statement: `$$ \left(a^{m}\right)^{n}=a^{m\cdot n} $$`}),
		newPrim(prim{name: "Multiplication by powers", typ: "theorem", statement: `$$ a^{m}\cdot a^{n}=a^{m+n} $$`}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Fatalf("find = %d, want 1 (the primitive stating the equation)", got)
	}
}

// Two statements alike but for a number's point ("2.01" and "201") say
// two things: a CoAP response code and an HTTP status code.
func TestDuplicatesKeepANumbersPoint(t *testing.T) {
	ps := []prim{
		newPrim(prim{id: "coap", statement: "If a resource has been created on the origin server, a 2.01 (Created) response MUST be returned."}),
		newPrim(prim{id: "http", statement: "If a resource has been created on the origin server, a 201 (Created) response MUST be returned."}),
		newPrim(prim{id: "again", statement: "Created: if a resource has been created on the origin server, a 2.01 (Created) response MUST be returned"}),
	}
	if n, ex := duplicates(ps); n != 1 {
		t.Errorf("duplicates = %d %v, want 1 (the same sentence twice)", n, ex)
	}
}

// A box diagram of two fields, with no title over it, is held by the
// primitive whose form draws its row, and by no other.
func TestSmallDiagramHeldByItsDrawing(t *testing.T) {
	body := "                             +-+-+-+-+-+-+-+-+\n                             |class|  detail |\n                             +-+-+-+-+-+-+-+-+\n"
	blocks := []block{{kind: "fig", body: body}}
	ps := []prim{
		newPrim(prim{id: "code", typ: "definition", statement: "Code: 8-bit unsigned integer, split into a 3-bit class and a 5-bit detail."}),
		newPrim(prim{id: "structure", typ: "definition", statement: "Structure of a Response Code: the class and the detail of a response code.",
			computational: "Defines: Structure of a Response Code\n0\n0 1 2 3 4 5 6 7\n+-+-+-+-+-+-+-+-+\n|class|  detail |\n+-+-+-+-+-+-+-+-+"}),
	}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 1 {
		t.Errorf("the diagram held by %d, want 1 (the primitive drawing it)", got)
	}
	ps[1].computational = "Defines: Structure of a Response Code"
	ps[1] = newPrim(ps[1])
	if got := newMatcher(ps, blocks).find(blocks[0]); got != -1 {
		t.Errorf("the diagram held by %d, though no primitive draws it", got)
	}
}

// A diagram whose cells hold letters alone ("| D | M |") is held by the
// form that draws it.
func TestLetterDiagramHeldByItsDrawing(t *testing.T) {
	body := "        +---+---+---+\n        |   | D | M |\n        | 0 | F | F |\n        +---+---+---+\n"
	blocks := []block{{kind: "fig", title: "Bit 2: (MF) 0 = Last Fragment, 1 = More Fragments.", body: body}}
	ps := []prim{newPrim(prim{id: "flags", typ: "definition", name: "Flags", statement: "Flags: 3 bits. Various Control Flags.",
		computational: "Defines: Flags: 3 bits\n     0   1   2\n   +---+---+---+\n   |   | D | M |\n   | 0 | F | F |\n   +---+---+---+"})}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 0 {
		t.Errorf("the diagram held by %d, want 0 (the primitive drawing it)", got)
	}
}

// A law stated by a short formula alone (a+b=b+a) has too few letters for
// them to tell it from another law on the same letters: it is held by the
// primitive that has the formula symbol for symbol, and by no other.
func TestShortFormulaHeldSymbolForSymbol(t *testing.T) {
	bs := []block{
		{kind: "thm", file: "a.tex", line: 1, body: "\\vs\n\\[ a+ b =b+a \\]\n"},
		{kind: "thm", file: "a.tex", line: 5, body: "\\label{inv}\n$$\n  |A_{\\pi}| = |D_n|\n$$\n"},
	}
	ps := []prim{
		newPrim(prim{id: "mul", name: "Multiplication is commutative", statement: `$$ a\cdot b =b\cdot a $$`}),
		newPrim(prim{id: "add", name: "Addition is commutative", statement: `$$ a+ b =b+a $$`}),
		newPrim(prim{id: "der", name: "Lemma 1.2", statement: `$$ |A_{\pi}| = |D_n| $$`}),
	}
	m := newMatcher(ps, bs)
	for i, want := range []int{1, 2} {
		if got := m.find(bs[i]); got != want {
			t.Errorf("block %d held by %d, want %d", i, got, want)
		}
	}
}

// thmtools' restatable names the environment it sets and the command that
// restates it before its statement: neither is what the statement says.
func TestRestatableArgumentsAreNoStatement(t *testing.T) {
	src := "\\begin{restatable}[Lifting]{theorem}{LiftingTheoremMacro}\\label{thm:lift}\nLet $p$ be a covering map.\n\\end{restatable}\n"
	bs := envBlocks("a.tex", src, marker{kind: "thm", how: "env", names: []string{"restatable"}})
	if len(bs) != 1 || bs[0].title != "Lifting" || strings.Contains(bs[0].body, "LiftingTheoremMacro") || !strings.Contains(bs[0].body, "covering") {
		t.Fatalf("blocks = %+v, want the statement alone, titled Lifting", bs)
	}
}

// An author's macro that only makes index entries (\nindex{symmdiff}{…}{…})
// prints nothing: its keys are not words of the block, so a primitive
// holding the printed definition holds the block.
func TestSilentMacroArgumentsAreNoWords(t *testing.T) {
	macros := map[string]authorMacro{
		"nindex": {nargs: 3, body: `\index[notation]{A#1@#2 --- \textit{#3}}`},
		"term":   {nargs: 1, body: `\textbf{#1}`},
	}
	body := "\\nindex{symmdiff}{$\\triangle$}{symmetric difference}\nThe \\term{symmetric difference} of sets $X$ and $Y$ is the set of elements in exactly one of them.\n"
	bs := []block{{kind: "def", file: "a.tex", line: 1, body: body}}
	ps := []prim{
		newPrim(prim{id: "other", name: "Union", statement: "The union of sets $X$ and $Y$ is the set of elements in either."}),
		newPrim(prim{id: "sd", name: "Symmetric difference", statement: "The symmetric difference of sets $X$ and $Y$ is the set of elements in exactly one of them."}),
	}
	m := newMatcher(ps, bs)
	m.macros = macros
	if got := m.find(bs[0]); got != 1 {
		t.Fatalf("block held by %d, want the symmetric difference", got)
	}
	if w := wordsOf(withoutSilent(body, macros), -1); slices.Contains(w, "symmdiff") || !slices.Contains(w, "symmetric") {
		t.Errorf("words = %v, want the printed words only", w)
	}
}

// A definition of several terms is read as one primitive a term: the
// block is held when its parts, read within its lines, together hold it,
// and not by parts read elsewhere.
func TestDefinitionHeldByItsParts(t *testing.T) {
	body := "A set $X$ is \\textbf{finite} if there exists a bijection $f : [n] \\to X$ for some $n$. " +
		"The function $f$ is called an \\textbf{enumeration} of $X$. If $X$ is not finite we say it is \\textbf{infinite}.\n"
	bs := []block{{kind: "def", file: "ch6/finite.tex", line: 33, endLine: 40, body: body}}
	part := func(id, doc string, line int, st string) prim {
		p := newPrim(prim{id: id, typ: "definition", statement: st, document: doc})
		p.line = line
		return p
	}
	ps := []prim{
		part("finite", "book/ch6/finite.tex", 33, "A set $X$ is finite if there exists a bijection $f: [n] \\to X$ for some $n$."),
		part("enum", "book/ch6/finite.tex", 38, "The function $f$ is called an enumeration of $X$."),
		part("inf", "book/ch6/finite.tex", 38, "If $X$ is not finite we say it is infinite."),
	}
	if got := newMatcher(ps, bs).find(bs[0]); got != 0 {
		t.Fatalf("block held by %d, want its first part", got)
	}
	ps[1].line, ps[2].line = 90, 91 // parts of another block
	if got := newMatcher(ps, bs).find(bs[0]); got != -1 {
		t.Fatalf("block held by %d, want none: the rest of its text is read elsewhere", got)
	}
}

// A box diagram of kramdown-rfc Markdown sits in a fenced block, its
// caption in the attribute list after it: the fence line over it is
// markup, not its title, and a diagram with no attribute list keeps the
// title over its fence.
func TestFencedDiagramTitledByItsAttributeList(t *testing.T) {
	src := "An encoder duplicates an entry.\n\n~~~~~~~~~~ ascii-art\n  0   1   2\n+---+---+---+\n| 0 | 0 | 0 |\n+---+---+---+\n~~~~~~~~~~\n{:#fig-dup title=\"Duplicate\"}\n\n" +
		"Table layout:\n\n~~~\n+---+---+---+\n| a | b | c |\n+---+---+---+\n\nn = entries\n~~~\n"
	bs := artBlocks("x.md", src)
	if len(bs) != 2 {
		t.Fatalf("%d diagrams, want 2", len(bs))
	}
	if bs[0].title != "Duplicate" {
		t.Errorf("first diagram titled %q, want its attribute list's title", bs[0].title)
	}
	if bs[1].title != "Table layout:" {
		t.Errorf("second diagram titled %q, want the line over its fence", bs[1].title)
	}
}

// A figure is held by the primitive that draws it, not by one that only
// shares its caption's name: a section "Duplicate" stated in prose holds
// no "Duplicate" diagram.
func TestFigureNotHeldByItsNameAlone(t *testing.T) {
	body := "+---+---+---+---+---+---+---+---+\n| 0 | 0 | 0 |    Index (5+)     |\n+---+---+---+-------------------+\n"
	blocks := []block{{kind: "fig", title: "Duplicate", body: body}}
	ps := []prim{newPrim(prim{id: "dup", typ: "definition", name: "Duplicate",
		statement: "An encoder duplicates an existing entry in the dynamic table using an instruction that starts with the '000' 3-bit pattern."})}
	if got := newMatcher(ps, blocks).find(blocks[0]); got != -1 {
		t.Errorf("the diagram held by %d, though nothing draws it", got)
	}
	ps[0].computational = "Defines: Duplicate\n+---+---+---+---+---+---+---+---+\n| 0 | 0 | 0 |    Index (5+)     |\n+---+---+---+-------------------+\nFigure: Duplicate"
	ps[0] = newPrim(ps[0])
	if got := newMatcher(ps, blocks).find(blocks[0]); got != 0 {
		t.Errorf("the diagram held by %d, want 0 (the primitive drawing it)", got)
	}
}

// A proof after a definition follows no labelled result, and is carried
// by what it follows: the definition's primitive, read at the
// definition's line. A primitive carrying it from before the definition
// (a result two blocks back) does not count.
func TestProofAfterDefinitionCarried(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tex", `\begin{theorem}
Every compact metric space is separable and totally bounded.
\end{theorem}
\begin{definition}
The sigma algebra generated by a family of subsets is the smallest sigma algebra containing the family.
\end{definition}
Of course we must check that it exists.
\begin{proof}
Intersect every sigma algebra containing the family; the power set is one, so the intersection is taken over a nonempty collection and is itself a sigma algebra.
\end{proof}
`)
	lb := labels{mains: []string{"main.tex"}, markers: []marker{
		{kind: "thm", how: "env", names: []string{"theorem"}},
		{kind: "def", how: "env", names: []string{"definition"}},
		{kind: "proof", how: "env", names: []string{"proof"}},
	}}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 3 || bs[2].kind != "proof" || bs[2].of != -1 || bs[2].prev != 1 {
		t.Fatalf("blocks = %+v, want a proof following the definition", bs)
	}
	proof := "Intersect every sigma algebra containing the family; the power set is one, so the intersection is taken over a nonempty collection and is itself a sigma algebra."
	at := func(id, typ string, line int, st, pf string) prim {
		p := newPrim(prim{id: id, typ: typ, statement: st, proof: pf, document: filepath.Join(dir, "main.tex")})
		p.line = line
		return p
	}
	score := func(ps []prim) counts {
		r := result{Blocks: map[string]counts{}}
		measure(&r, ps, bs, lb, dir, dir, false)
		return r.Blocks["proof"]
	}
	thm := at("thm", "theorem", 1, "Every compact metric space is separable and totally bounded.", "")
	def := at("def", "definition", 4, "The sigma algebra generated by a family of subsets is the smallest sigma algebra containing the family.", proof)
	if got := score([]prim{thm, def}); got.Found != 1 || got.Total != 1 {
		t.Errorf("proof = %+v, want it carried by the definition", got)
	}
	def.proof, thm.proof = "", proof
	if got := score([]prim{thm, def}); got.Found != 0 {
		t.Errorf("proof = %+v, want it not carried: the theorem comes before the definition", got)
	}
}

// Proofs one after another prove the same result: a PreTeXt result's
// second <proof>, a LaTeX result proved a part at a time.
func TestConsecutiveProofsPairedWithOneResult(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.ptx", `<pretext><book><chapter><title>Produit</title>
<proposition><statement><p>Soit u et v des vecteurs; alors l'inégalité de Cauchy et Schwarz tient.</p></statement>
<proof><p>On procède par le calcul de l'angle entre les deux vecteurs.</p></proof>
<proof><p>Une autre manière utilise le parallélogramme et ses diagonales.</p></proof>
</proposition></chapter></book></pretext>
`)
	lb := labels{
		mains: []string{"main.ptx"},
		markers: []marker{
			{kind: "thm", how: "xml", names: []string{"proposition"}},
			{kind: "proof", how: "xml", names: []string{"proof"}},
		},
	}
	bs, err := countBlocks(dir, lb)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 3 || bs[1].of != 0 || bs[2].kind != "proof" || bs[2].of != 0 {
		t.Fatalf("blocks = %+v, want both proofs paired with the proposition", bs)
	}
}

// A short procedure of few words is held by the algorithm holding its
// steps in order, and not by a primitive of another kind holding them.
func TestShortAlgorithmHeldByItsSteps(t *testing.T) {
	b := block{kind: "alg", body: "z = S1 ^ S4\nUpdate(xi)\nci = xi ^ z\nreturn ci", title: "Enc",
		steps: []string{"z = S1 ^ S4", "Update(xi)", "ci = xi ^ z", "return ci"}}
	alg := newPrim(prim{id: "a", name: "Enc", typ: "algorithm", statement: "Enc. The Enc function encrypts a block.",
		computational: "1. z = S1 ^ S4\n2. Update(xi)\n3. ci = xi ^ z\n4. return ci"})
	def := newPrim(prim{id: "d", name: "Encryption", typ: "definition", statement: "We update the state, then return the block."})
	if got := newMatcher([]prim{def, alg}, []block{b}).find(b); got != 1 {
		t.Errorf("held by %d, want the algorithm (1)", got)
	}
	if got := newMatcher([]prim{def}, []block{b}).find(b); got != -1 {
		t.Errorf("held by %d, want none", got)
	}
}

// \hyperref[label]{text} prints its text: the words a reader sees are the
// block's words, the label is not.
func TestHyperrefTextIsRead(t *testing.T) {
	got := strings.Join(wordsOf(`The ring of integers is \hyperref[def:entire_semiring]{entire}, i.e. an \hyperref[def:integral_domain]{integral domain}.`, -1), " ")
	for _, w := range []string{"entire", "integral", "domain"} {
		if !strings.Contains(got, w) {
			t.Errorf("words %q lack %q", got, w)
		}
	}
	if strings.Contains(got, "semiring") {
		t.Errorf("words %q hold the label", got)
	}
}

// reStructuredText's math is math, as $…$ is, and a :ref: role prints its
// text: neither "math" nor a target is a word of the block.
func TestRSTRolesRead(t *testing.T) {
	got := strings.Join(wordsOf("* Let :math:`j_1` be the :ref:`signed interpretation <aux-signed>` of :math:`i_1`.\n\n.. math::\n   \\begin{array}{@{}lcll}\n   x &=& y\n   \\end{array}\n\nAfter.", -1), " ")
	if got != "signed interpretation after" {
		t.Errorf("words %q", got)
	}
}

// A MyST directive's fence, name and options are markup: its title and
// body are the block's words.
func TestMySTDirectiveMarkupUnread(t *testing.T) {
	got := strings.Join(wordsOf("```{prf:theorem} Scaling in second argument\n:label: res-la-ip-scaling-second\n\nLet the product be scaled.\n```", -1), " ")
	if strings.Contains(got, "prf") || strings.Contains(got, "label") || strings.Contains(got, "res") || !strings.Contains(got, "scaling second argument") {
		t.Errorf("words %q", got)
	}
}
