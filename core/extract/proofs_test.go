package extract

import (
	"strconv"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
)

// extractDoc analyzes and extracts one document as lore learns it.
func extractDoc(t *testing.T, path string, f core.Format, txt string) []core.Primitive {
	t.Helper()
	a := analyze.Analyze(&core.Document{Path: path, Format: f, Text: txt}, nil)
	return Extract(a, Options{})
}

// provedBy returns the primitive whose name or statement holds s,
// failing the test when there is none.
func provedBy(t *testing.T, ps []core.Primitive, s string) core.Primitive {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.Name, s) || strings.Contains(p.FormalStatement, s) {
			return p
		}
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	t.Fatalf("no primitive named like %q among %q", s, names)
	return core.Primitive{}
}

// A LaTeX proof environment is kept with the theorem right before it, as
// reading text (the document's macros expanded, references rendered); a
// proof naming its result goes to that result even when another comes in
// between; a [Sketch] proof is the result's sketch; no proof is a
// primitive of its own, and a definition keeps the proof that follows it
// (that it is well defined).
func TestLaTeXProofsKeptWithTheirResults(t *testing.T) {
	doc := `\documentclass{book}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{lemma}[theorem]{Lemma}
\newtheorem{definition}[theorem]{Definition}
\newcommand{\abs}[1]{\left|#1\right|}
\begin{document}
\chapter{Reals}
\section{Inequalities}
\begin{definition}[Absolute value]
The \emph{absolute value} of $x$ is $\abs{x} = \max(x,-x)$.
\end{definition}
\begin{proof}
The maximum of two reals is a real, so the absolute value is well defined.
\end{proof}
\begin{theorem}[Triangle inequality]\label{thm:tri}
For all real $x$ and $y$, $\abs{x+y} \leq \abs{x} + \abs{y}$.
\end{theorem}
\begin{proof}
Since $-\abs{x} \leq x \leq \abs{x}$ and likewise for $y$, adding gives the claim.
\end{proof}
\begin{lemma}[Bernoulli]\label{lem:bern}
For $x \geq -1$ and $n \in \mathbb{N}$, $(1+x)^n \geq 1 + nx$.
\end{lemma}
\begin{lemma}[Squares]\label{lem:sq}
For all real $x$, $x^2 \geq 0$.
\end{lemma}
\begin{proof}[Proof of Lemma~\ref{lem:bern}]
By induction on $n$, using Lemma~\ref{lem:sq}.
\end{proof}
\begin{proof}[Sketch]
Cases on the sign of $x$.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "reals.tex", core.FormatLaTeX, doc)
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "induction") || strings.Contains(p.FormalStatement, "adding gives") {
			t.Errorf("a proof became primitive %q: %q", p.Name, p.FormalStatement)
		}
	}
	if d := provedBy(t, ps, "Absolute"); !strings.HasPrefix(d.Proof.Text, "The maximum of two reals") {
		t.Errorf("definition %q keeps proof %+v, want the proof that follows it", d.Name, d.Proof)
	}
	tri := provedBy(t, ps, "Triangle")
	if want := `Since $-\left|x\right| \leq x \leq \left|x\right|$ and likewise for $y$, adding gives the claim.`; tri.Proof.Text != want {
		t.Errorf("Triangle inequality's proof = %q, want %q", tri.Proof.Text, want)
	}
	bern := provedBy(t, ps, "Bernoulli")
	if !strings.HasPrefix(bern.Proof.Text, "By induction on $n$, using Lemma 1.1.4 (Squares)") {
		t.Errorf("Bernoulli's proof (named by its title) = %q", bern.Proof.Text)
	}
	sq := provedBy(t, ps, "Squares")
	if sq.Proof.Text != "" || sq.Proof.Sketch != "Cases on the sign of $x$." {
		t.Errorf("Squares' proof = %+v, want only the sketch", sq.Proof)
	}
}

// A remark or note between a result and its proof is read past: it
// comments on the statement and proves nothing, so the proof after it is
// the result's. An example in between still keeps the proof from it.
func TestProofAfterRemarkKeptWithResult(t *testing.T) {
	doc := `\documentclass{book}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{remark}[theorem]{Remark}
\newtheorem{example}[theorem]{Example}
\begin{document}
\chapter{Transforms}
\section{Convolution}
\begin{theorem}[Convolution theorem]
The transform of a convolution $f \star g$ is the product of the transforms.
\end{theorem}
\begin{remark}
The same holds for Fourier transforms.
\end{remark}
\begin{proof}
Exchange the order of integration and substitute $v = t - u$.
\end{proof}
\begin{theorem}[Shift theorem]
Shifting $f$ by $a$ multiplies its transform by $e^{-as}$.
\end{theorem}
\begin{example}
The unit step shifted by one.
\end{example}
\begin{proof}
A proof that follows an example.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "transforms.tex", core.FormatLaTeX, doc)
	if c := provedBy(t, ps, "Convolution theorem"); c.Proof.Text != "Exchange the order of integration and substitute $v = t - u$." {
		t.Errorf("the proof after a remark = %q, want it kept with the theorem", c.Proof.Text)
	}
	if s := provedBy(t, ps, "Shift theorem"); s.Proof.Text != "" {
		t.Errorf("the proof after an example went to the theorem before it: %q", s.Proof.Text)
	}
	// The same in running text, as a PDF's text sets it.
	txt := "2 Transforms\n\n**Theorem 2.1** (Convolution theorem): The transform of a convolution is the product of the transforms.\n\n" +
		"**Remark:** The same holds for Fourier transforms.\n\n" +
		"**Proof** : Exchange the order of integration and substitute v = t − u. □\n\n" +
		"**Theorem 2.2** (Shift theorem): Shifting f by a multiplies its transform by a factor.\n\n" +
		"**Example 2.3:** The unit step shifted by one.\n\n" +
		"**Proof** : A proof that follows an example. □\n"
	ps = extractDoc(t, "transforms.txt", core.FormatText, txt)
	if c := provedBy(t, ps, "Convolution theorem"); c.Proof.Text != "Exchange the order of integration and substitute v = t − u." {
		t.Errorf("the proof of running text after a remark = %q, want it kept with the theorem", c.Proof.Text)
	}
	if s := provedBy(t, ps, "Shift theorem"); s.Proof.Text != "" {
		t.Errorf("the proof of running text after an example went to the theorem before it: %q", s.Proof.Text)
	}
	ptx := `<?xml version="1.0"?>
<pretext><book><chapter xml:id="ch"><title>Groups</title>
<section xml:id="sec"><title>Inverses</title>
<proposition xml:id="prop-inverse"><statement><p>Every element has exactly one inverse.</p></statement></proposition>
<remark><p>Uniqueness is what makes the notation <m>a^{-1}</m> sound.</p></remark>
<proof><p>If <m>b</m> and <m>c</m> invert <m>a</m> then <m>b = bac = c</m>.</p></proof>
</section></chapter></book></pretext>
`
	if inv := provedBy(t, extractDoc(t, "groups.ptx", core.FormatPreTeXt, ptx), "exactly one inverse"); inv.Proof.Text != "If $b$ and $c$ invert $a$ then $b = bac = c$." {
		t.Errorf("the PreTeXt proof after a remark = %q", inv.Proof.Text)
	}
}

// A proof's title names its result ("Proof of Theorem~\ref{x}", "of
// proposition \ref{x}") only when it says no more than that: a proof
// "in the style of Theorem~\ref{x}" proves the result before it.
func TestProofTitleReferenceNotItsResult(t *testing.T) {
	doc := `\documentclass{book}
\newtheorem{theorem}{Theorem}[section]
\begin{document}
\chapter{Derivatives}
\section{Means}
\begin{theorem}[Mean value theorem]\label{mvt}
A differentiable $f$ on $(a,b)$ has $f'(c) = (f(b)-f(a))/(b-a)$ for some $c$.
\end{theorem}
\begin{proof}
Apply Rolle's theorem to $f$ less its chord.
\end{proof}
\begin{theorem}[Taylor's theorem]\label{taylor}
An $n$ times differentiable $f$ has $f(a+h) = \sum_k h^k f^{(k)}(a)/k! + R_n$.
\end{theorem}
\begin{proof}[In the style of theorem~\ref{mvt}]
Apply Rolle's theorem $n$ times to $f$ less its Taylor polynomial.
\end{proof}
\begin{theorem}[Chain rule]\label{chain}
The derivative of $f \circ g$ is $(f' \circ g) g'$.
\end{theorem}
\begin{theorem}[Product rule]\label{prod}
The derivative of $fg$ is $f'g + fg'$.
\end{theorem}
\begin{proof}[of theorem~\ref{chain}]
Write the difference quotient of $f \circ g$ as a product.
\end{proof}
\begin{theorem}[Quotient rule]\label{quot}
The derivative of $f/g$ is $(f'g - fg')/g^2$.
\end{theorem}
\begin{proof}[of theorems~\ref{prod} and \ref{quot}]
Expand the products and take limits term by term.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "means.tex", core.FormatLaTeX, doc)
	if m := provedBy(t, ps, "Mean value"); m.Proof.Text != "Apply Rolle's theorem to $f$ less its chord." {
		t.Errorf("the mean value theorem's proof = %q", m.Proof.Text)
	}
	if ta := provedBy(t, ps, "Taylor"); ta.Proof.Text != "Apply Rolle's theorem $n$ times to $f$ less its Taylor polynomial." {
		t.Errorf("the proof in the style of another theorem = %q, want it kept with Taylor's theorem", ta.Proof.Text)
	}
	if c := provedBy(t, ps, "Chain rule"); c.Proof.Text != "Write the difference quotient of $f \\circ g$ as a product." {
		t.Errorf("the proof titled of theorem~\\ref{chain} = %q", c.Proof.Text)
	}
	if p := provedBy(t, ps, "Product rule"); p.Proof.Text != "Expand the products and take limits term by term." {
		t.Errorf("the proof titled of theorems~\\ref{prod} and \\ref{quot} = %q", p.Proof.Text)
	}
}

// A proof of running text without an end mark ends where the next block
// opens, also when the text sets only the block's word and number in bold
// and its title after them, as a PDF's text does ("**Definition** (Strong
// duality).", "**Theorem 1.7** (Recurrence):").
func TestTextProofEndsAtBoldBlockWord(t *testing.T) {
	doc := "3 Duality\n\n**Theorem 3.1** (Weak duality). If x is feasible and λ is dual feasible, then g(λ) ≤ f(x).\n\n" +
		"Proof.\n\ng(λ) = inf L(x′, λ) ≤ L(x, λ) = f(x).\n\n" +
		"**Definition** (Strong duality). The primal and the dual satisfy strong duality if their optimal values agree.\n\n" +
		"**Theorem 3.2** (Recurrence): The monic orthogonal polynomials satisfy a three-term recurrence.\n\n" +
		"**Proof** : Expand x pₙ in the basis and use orthogonality.\n\n" +
		"**Theorem 3.3** (Uniqueness): The recurrence coefficients are unique.\n"
	ps := extractDoc(t, "duality.txt", core.FormatText, doc)
	if w := provedBy(t, ps, "Weak duality"); w.Proof.Text != "g(λ) = inf L(x′, λ) ≤ L(x, λ) = f(x)." {
		t.Errorf("the proof before a bold definition = %q", w.Proof.Text)
	}
	if r := provedBy(t, ps, "three-term"); r.Proof.Text != "Expand x pₙ in the basis and use orthogonality." {
		t.Errorf("the proof before a bold theorem = %q", r.Proof.Text)
	}
}

// A proof of many pages is kept whole up to core.MaxProof, cut at a
// sentence end and marked, with the length of the whole.
func TestLongProofCutAtBound(t *testing.T) {
	sentence := "Then $a_k \\leq b_k$ holds for the next index as well. "
	long := strings.Repeat(sentence, 600)
	doc := "\\section{Sums}\n\\begin{theorem}[Comparison]\nIf $a_k \\leq b_k$ then $\\sum a_k \\leq \\sum b_k$.\n\\end{theorem}\n\\begin{proof}\n" +
		long + "\n\\end{proof}\n"
	p := provedBy(t, extractDoc(t, "sums.tex", core.FormatLaTeX, doc), "Comparison")
	if len(p.Proof.Text) > core.MaxProof || len(p.Proof.Text) < core.MaxProof-200 {
		t.Errorf("proof kept %d bytes, want close to %d", len(p.Proof.Text), core.MaxProof)
	}
	if !strings.HasSuffix(p.Proof.Text, "well. …") {
		t.Errorf("the cut proof ends %q, want a sentence end and the mark", p.Proof.Text[max(0, len(p.Proof.Text)-40):])
	}
	if p.Proof.Cut < len(long) {
		t.Errorf("Cut = %d, want the whole proof's %d bytes", p.Proof.Cut, len(long))
	}
}

// PreTeXt proves in <proof>, inside the theorem or right after it.
func TestPreTeXtProofsKeptWithTheirResults(t *testing.T) {
	doc := `<?xml version="1.0"?>
<pretext><book><chapter xml:id="ch"><title>Groups</title>
<section xml:id="sec"><title>Identities</title>
<theorem xml:id="thm-unique"><title>Uniqueness of identity</title>
<statement><p>A group has exactly one identity element.</p></statement>
<proof><p>If <m>e</m> and <m>f</m> are identities then <m>e = ef = f</m>.</p></proof>
</theorem>
<lemma xml:id="lem-cancel"><title>Cancellation</title>
<statement><p>If <m>ab = ac</m> then <m>b = c</m>.</p></statement>
</lemma>
<proof><title>Idea of the proof</title><p>Multiply by <m>a^{-1}</m> on the left.</p></proof>
<proposition xml:id="prop-inverse"><statement><p>Every element has exactly one inverse.</p></statement></proposition>
<p>We use a method called <term>minimal criminal</term> here, as before.</p>
<proof><p>If <m>b</m> and <m>c</m> invert <m>a</m> then <m>b = bac = c</m>.</p></proof>
</section></chapter></book></pretext>
`
	ps := extractDoc(t, "groups.ptx", core.FormatPreTeXt, doc)
	u := provedBy(t, ps, "Uniqueness")
	if u.Proof.Text != "If $e$ and $f$ are identities then $e = ef = f$." {
		t.Errorf("Uniqueness' proof = %q", u.Proof.Text)
	}
	if strings.Contains(u.FormalStatement, "identities then") {
		t.Errorf("the proof is in the statement: %q", u.FormalStatement)
	}
	if inv := provedBy(t, ps, "exactly one inverse"); inv.Proof.Text != "If $b$ and $c$ invert $a$ then $b = bac = c$." {
		t.Errorf("the proof after a paragraph defining a term = %q", inv.Proof.Text)
	}
	c := provedBy(t, ps, "Cancellation")
	if c.Proof.Sketch != "Multiply by $a^{-1}$ on the left." || c.Proof.Text != "" {
		t.Errorf("Cancellation's proof = %+v, want the idea as its sketch", c.Proof)
	}
}

// MyST's {prf:proof} directive (backticks or colons) and Pandoc's proof
// div are kept with the result before them.
func TestMarkdownProofDirectives(t *testing.T) {
	doc := "# Primes\n\n```{prf:theorem} Euclid\n:label: thm-euclid\n\nThere are infinitely many primes.\n```\n\n" +
		"```{prf:proof}\n:class: dropdown\n\nSuppose $p_1, \\dots, p_n$ were all of them; then $p_1 \\cdots p_n + 1$ has a prime factor not among them.\n```\n\n" +
		"::: {.theorem name=\"Bezout\"}\nFor integers $a, b$ there are $x, y$ with $ax + by = \\gcd(a,b)$.\n:::\n\n" +
		"::: {.proof}\nThe smallest positive value of $ax+by$ divides both.\n:::\n"
	ps := extractDoc(t, "primes.md", core.FormatMarkdown, doc)
	e := provedBy(t, ps, "Euclid")
	if !strings.HasPrefix(e.Proof.Text, "Suppose $p_1, ") || !strings.HasSuffix(e.Proof.Text, "not among them.") {
		t.Errorf("Euclid's proof = %q", e.Proof.Text)
	}
	b := provedBy(t, ps, "Bezout")
	if b.Proof.Text != "The smallest positive value of $ax+by$ divides both." {
		t.Errorf("Bezout's proof = %q", b.Proof.Text)
	}
	// A web page's proof, converted to Markdown: an emphasized "Proof."
	// paragraph up to its end mark, and a sketch.
	page := "# Trees\n\n## 1 Trees\n\n**Theorem 1.2.** Every tree with n vertices has n − 1 edges.\n\n" +
		"*Proof.* By induction on n: removing a leaf removes one edge. ∎\n\nTrees are everywhere.\n\n" +
		"**Lemma 1.3.** Every tree with at least two vertices has two leaves.\n\n*Proof sketch.* Take the ends of a longest path.\n\n" +
		"**Example 1.4.** A path is a tree.\n"
	ps = extractDoc(t, "trees.md", core.FormatMarkdown, page)
	if tr := provedBy(t, ps, "n − 1 edges"); tr.Proof.Text != "By induction on n: removing a leaf removes one edge." {
		t.Errorf("Theorem 1.2's proof = %q", tr.Proof.Text)
	}
	if lv := provedBy(t, ps, "two leaves"); lv.Proof != (core.Proof{Sketch: "Take the ends of a longest path."}) {
		t.Errorf("Lemma 1.3's proof = %+v", lv.Proof)
	}
}

// Running text (a PDF's or a web page's) proves in a paragraph opening
// "Proof." that ends at its end mark or at the next block; "Proof of
// Theorem 2.2." proves the theorem it names; a one-sentence "Proof
// sketch." paragraph is a sketch.
func TestTextProofParagraphs(t *testing.T) {
	doc := "2 Graphs\n\n" +
		"Theorem 2.1. Every tree with n vertices has n − 1 edges.\n\n" +
		"Proof. By induction on n. A tree with n ≥ 2 vertices has a leaf;\nremoving it leaves a tree with n − 1 vertices. □\n\n" +
		"The following is used below.\n\n" +
		"Theorem 2.2. A graph is bipartite if and only if it has no odd cycle.\n\n" +
		"Lemma 2.3. Every closed odd walk contains an odd cycle.\n\n" +
		"Proof sketch. Split the walk at a repeated vertex.\n\nMore text of the section that is not the sketch.\n\n" +
		"Proof of Theorem 2.2. Colour the vertices by the parity of their distance from a root.\nAn edge inside one class closes an odd cycle by Lemma 2.3.\n\n" +
		"Example 2.4. The cycle of length 5 is not bipartite.\n\n" +
		"Proof. This proof follows an example and proves nothing extracted.\n"
	ps := extractDoc(t, "graphs.txt", core.FormatText, doc)
	tree := provedBy(t, ps, "Every tree")
	if tree.Proof.Text != "By induction on n. A tree with n ≥ 2 vertices has a leaf; removing it leaves a tree with n − 1 vertices." {
		t.Errorf("Theorem 2.1's proof = %q", tree.Proof.Text)
	}
	bip := provedBy(t, ps, "bipartite if")
	if bip.Proof.Text != "Colour the vertices by the parity of their distance from a root. An edge inside one class closes an odd cycle by Lemma 2.3." {
		t.Errorf("Theorem 2.2's proof = %q", bip.Proof.Text)
	}
	walk := provedBy(t, ps, "closed odd walk")
	if walk.Proof.Sketch != "Split the walk at a repeated vertex." || walk.Proof.Text != "" {
		t.Errorf("Lemma 2.3's proof = %+v, want its sketch only", walk.Proof)
	}
	for _, p := range ps {
		if strings.Contains(p.Proof.Text, "follows an example") {
			t.Errorf("%q keeps the proof that follows an example", p.Name)
		}
	}
	// A proof without an end mark ends where the next result opens,
	// whatever the book calls its results.
	doc = "3 Operators\n\nStatement 3.1: The operator is linear in A.\n\nProof: This follows directly from the definition. Finally, a formula for later.\n" +
		"Statement 3.2: The identity holds for every operator A and vector u.\n"
	lin := provedBy(t, extractDoc(t, "ops.txt", core.FormatText, doc), "linear in A")
	if lin.Proof.Text != "This follows directly from the definition. Finally, a formula for later." {
		t.Errorf("Statement 3.1's proof = %q", lin.Proof.Text)
	}
	// A sketch on the line after its result, as a PDF's text sets it,
	// ends the result's statement as a proof does.
	doc = "2 Graphs\n\nLemma 2.3. Every closed odd walk contains\nan odd cycle.\nSketch: split the walk at a repeated vertex.\n" +
		"Theorem 2.4. Every tree has a leaf.\nIdea of the proof. Follow a longest path.\n"
	ps = extractDoc(t, "walks.txt", core.FormatText, doc)
	for stmt, sketch := range map[string]string{"odd walk": "split the walk at a repeated vertex.", "has a leaf": "Follow a longest path."} {
		p := provedBy(t, ps, stmt)
		if strings.Contains(p.FormalStatement, "Sketch") || strings.Contains(p.FormalStatement, "Idea") || p.Proof.Sketch != sketch {
			t.Errorf("%q: statement %q, sketch %q; want the statement alone and the sketch %q", p.Name, p.FormalStatement, p.Proof.Sketch, sketch)
		}
	}
}

// BenchmarkTextProofSpans measures the search for proofs of running text
// against reading the same LaTeX (3 MiB of theorems and proofs): it once
// cost ten times the reading, a pattern tried at every line start.
// Compare the two with -bench 'TextProofSpans|ScanTeXProofs'.
func BenchmarkTextProofSpans(b *testing.B) {
	doc := proofHeavyLaTeX()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		textProofSpans(doc, core.FormatLaTeX)
	}
}

// BenchmarkScanTeXProofs is the reading BenchmarkTextProofSpans is
// compared with.
func BenchmarkScanTeXProofs(b *testing.B) {
	doc := proofHeavyLaTeX()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		scanTeX(doc)
	}
}

func proofHeavyLaTeX() string {
	var b strings.Builder
	for i := 0; b.Len() < 3<<20; i++ {
		b.WriteString("\\begin{theorem}\\label{thm:" + strconv.Itoa(i) + "}\nEvery tree with $n$ vertices has $n-1$ edges, and \\emph{more} holds.\n\\end{theorem}\n")
		b.WriteString("\\begin{proof}\nBy induction on $n$; see the Proof of Lemma~\\ref{thm:1} and its Idea.\nA second line of the proof, long enough to be a line of a book.\n\\end{proof}\n")
	}
	return b.String()
}

// A PreTeXt proof set apart from its result, after an axiom the proof
// uses, proves the result its title references; one whose title only
// mentions a result in passing is not taken as that result's.
func TestPreTeXtProofTitledByReference(t *testing.T) {
	doc := `<?xml version="1.0"?>
<pretext><book><chapter xml:id="ch"><title>Area</title>
<section xml:id="sec"><title>The parabola</title>
<theorem xml:id="thm-area"><title>Area under the parabola</title>
<statement><p>The region under <m>y = x^2</m> over <m>[0,1]</m> has area one third.</p></statement>
</theorem>
<axiom xml:id="ax-arch"><title>Archimedean property</title>
<statement><p>For every positive real number there is a natural number whose reciprocal is smaller.</p></statement>
</axiom>
<proof><title>Proof of <xref ref="thm-area"/></title><p>Assume the area differs from one third and bound the difference by reciprocals.</p></proof>
<lemma xml:id="lem-sum"><statement><p>The sum of the first <m>n</m> odd numbers is a square.</p></statement></lemma>
<proof><title>In the style of <xref ref="thm-area"/></title><p>Add the odd numbers one at a time to a growing square.</p></proof>
</section></chapter></book></pretext>
`
	ps := extractDoc(t, "area.ptx", core.FormatPreTeXt, doc)
	if a := provedBy(t, ps, "parabola"); !strings.Contains(a.Proof.Text, "bound the difference") {
		t.Errorf("the theorem's proof = %q", a.Proof.Text)
	}
	if l := provedBy(t, ps, "odd numbers"); !strings.Contains(l.Proof.Text, "growing square") {
		t.Errorf("the lemma's proof = %q", l.Proof.Text)
	}
}

// A PDF's text: a proof titled "Proof idea." in a book that marks no
// proof's end runs to the next block, paragraphs and all; "**Proof** of
// Proposition 2.4" proves the result it names though prose stands
// between; a line the sentence before runs on into ("… by\nDefinition
// 2.1(ii). Likewise …") is a mention, not the next block.
func TestTextProofsOfAPDF(t *testing.T) {
	doc := "# 2 Suprema\n\n" +
		"**Theorem 2.2** (Uniqueness)\nLet A be a subset of R. If m and n are suprema of A, then m = n.\n\n" +
		"Proof idea. By the definition, twice.\n\nSince m is an upper bound and n a supremum, we have n ≤ m by\n" +
		"Definition 2.1(ii). Likewise m ≤ n, and so m = n.\n\n" +
		"**Theorem 2.3** (Boundedness)\nEvery convergent sequence is bounded.\n\n" +
		"Proof idea. Past some index the terms are near the limit.\n\nThe finitely many terms before it are bounded by their maximum.\n\n" +
		"**Proposition 2.4**\nThe set of rationals below two has no rational supremum.\n\n" +
		"A quick proof would use the square root of two, but it is irrational.\n\n" +
		"**Proof** of Proposition 2.4\nSuppose a rational q were its supremum and compare q squared with two.\n"
	ps := extractDoc(t, "sup.md", core.FormatMarkdown, doc)
	u := provedBy(t, ps, "suprema of A")
	if got := u.Proof.Sketch; !strings.HasPrefix(got, "By the definition") || !strings.HasSuffix(got, "and so m = n.") {
		t.Errorf("Theorem 2.2's proof = %+v, want it whole", u.Proof)
	}
	b := provedBy(t, ps, "convergent sequence")
	if got := b.Proof.Sketch; !strings.HasSuffix(got, "bounded by their maximum.") {
		t.Errorf("Theorem 2.3's proof = %+v, want it whole", b.Proof)
	}
	r := provedBy(t, ps, "no rational supremum")
	if !strings.HasPrefix(r.Proof.Text, "Suppose a rational q") {
		t.Errorf("Proposition 2.4's proof = %+v", r.Proof)
	}
}

// A proof that opens the section after its result's, with only a heading
// between them (a lecture's date in a course's notes), proves that result;
// a proof after a section's own text does not reach back past it.
func TestProofAfterAHeadingKeptWithResult(t *testing.T) {
	doc := `\documentclass{article}
\newtheorem{thm}{Theorem}
\begin{document}
\section{Measures}
\subsection*{(2/16/2017) Lecture 5}
\begin{thm}[Extension]\label{premeas-extension}
With this construction every set of the algebra is measurable.
\end{thm}
\subsection*{(2/21/2017) Lecture 6}
\begin{proof}
Let $E$ be in the algebra and test it against any set with a cover.
\end{proof}
\begin{thm}[Uniqueness]
The extension is unique when the premeasure is finite.
\end{thm}
\subsection*{(2/23/2017) Lecture 7}
We turn to integration.
\begin{proof}
A proof after the new section's own text.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "measures.tex", core.FormatLaTeX, doc)
	if e := provedBy(t, ps, "Extension"); e.Proof.Text != "Let $E$ be in the algebra and test it against any set with a cover." {
		t.Errorf("the proof after a lecture's heading = %q, want it kept with the theorem", e.Proof.Text)
	}
	if u := provedBy(t, ps, "Uniqueness"); u.Proof.Text != "" {
		t.Errorf("the proof after a section's own text went to the theorem before it: %q", u.Proof.Text)
	}
}

// A result proved twice, or a part at a time, keeps every proof in order,
// each after the first opened as another proof.
func TestEveryProofOfAResultKept(t *testing.T) {
	ptx := `<?xml version="1.0"?>
<pretext><book><chapter xml:id="ch"><title>Produit scalaire</title>
<proposition xml:id="prop-cs"><title>L'inégalité de Cauchy-Schwarz</title>
<statement><p>Soit <m>u, v</m> des vecteurs. Alors <m>|u\cdot v|\leq \|u\|\|v\|</m>.</p></statement>
<proof><p>On procède par le calcul d'angle.</p></proof>
<proof><p>Une autre manière utilise le parallélogramme.</p></proof>
</proposition>
</chapter></book></pretext>
`
	cs := provedBy(t, extractDoc(t, "ps.ptx", core.FormatPreTeXt, ptx), "Cauchy")
	if want := "On procède par le calcul d'angle.\n\nAnother proof. Une autre manière utilise le parallélogramme."; cs.Proof.Text != want {
		t.Errorf("PreTeXt proofs = %q, want %q", cs.Proof.Text, want)
	}
	tex := "\\section{Products}\n\\begin{theorem}[Distributivity]\nFor matrices, $(A+B)C = AC + BC$ and $r(AB) = (rA)B$.\n\\end{theorem}\n" +
		"\\begin{proof}\nCompare the columns of both sides.\n\\end{proof}\n\\begin{proof}\nFor the scalar, compare entries.\n\\end{proof}\n"
	d := provedBy(t, extractDoc(t, "m.tex", core.FormatLaTeX, tex), "Distributivity")
	if !strings.HasPrefix(d.Proof.Text, "Compare the columns") || !strings.HasSuffix(d.Proof.Text, "Another proof. For the scalar, compare entries.") {
		t.Errorf("LaTeX proofs = %q", d.Proof.Text)
	}
}

// A PDF's proof titled by its result's name ("Proof of Lagrange's
// theorem.") after a remark is that result's; a display opening with a
// cardinality ("|G| = [G : H] |H|.") is the statement's, not a table row
// that ends it.
func TestProofOfANamedTheoremInPDFText(t *testing.T) {
	doc := "## 1 Groups\n\n**Theorem 1.3** (Lagrange). Let G be a finite group and H ≤ G. Then |H |\ndivides |G|, and\n|G| = [G : H ] |H |.\n\n" +
		"Remark 1.4. The converse fails: A₄ has no subgroup of order 6.\n\n" +
		"Proof of Lagrange’s theorem. The cosets gH partition G and each has |H | elements, so |G| = k |H |.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	l := provedBy(t, ps, "Lagrange")
	if !strings.HasSuffix(l.FormalStatement, "|G| = [G : H ] |H |.") {
		t.Errorf("Lagrange's statement = %q, want its display", l.FormalStatement)
	}
	if !strings.HasPrefix(l.Proof.Text, "The cosets gH partition G") {
		t.Errorf("Lagrange's proof = %q", l.Proof.Text)
	}
}

// A Markdown chapter that gives each result a heading gives its proof one
// too: "#### Proof" under "### Theorem: …" is that theorem's proof.
func TestMarkdownProofHeading(t *testing.T) {
	doc := "# Matching Games\n\n## Theory\n\n### Definition: a blocking pair\n\nA pair (s,r) is said to block a matching M if s prefers r to M(s) and r prefers s to its partner.\n\n" +
		"### Theorem: Unique matching as output of the algorithm\n\nAll possible executions of the algorithm yield the same stable matching.\n\n#### Proof\n\n" +
		"Suppose two executions yield different matchings. Take the first suitor rejected by a partner it has in another stable matching; that rejection contradicts stability.\n\n" +
		"#### Example: Applying it\n\nThe suitors propose in turn.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	var th *core.Primitive
	for i := range ps {
		if strings.HasPrefix(ps[i].Name, "Unique matching") {
			th = &ps[i]
		}
		if strings.Contains(ps[i].FormalStatement, "Suppose two executions") && ps[i].Type != core.Theorem {
			t.Errorf("the proof is a primitive of its own: %s", ps[i].Name)
		}
	}
	if th == nil {
		t.Fatalf("no theorem among %v", names(ps))
	}
	if !strings.Contains(th.Proof.Text, "first suitor rejected") || strings.Contains(th.Proof.Text, "propose in turn") {
		t.Errorf("proof = %q, want the proof section whole and alone", th.Proof.Text)
	}
	if strings.Contains(th.FormalStatement, "Suppose two executions") {
		t.Errorf("statement holds the proof: %q", th.FormalStatement)
	}
}
