package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
)

// An algorithm float whose rows are plain lines the author numbered by
// hand, under its inputs and outputs, is the algorithm with those steps,
// in order, its inputs and outputs apart.
func TestAlgorithmFloatOfPlainRows(t *testing.T) {
	src := `\section{Graphs}
\begin{algorithm}[h]
\textbf{Input:} a graph $G=(V,E)$ and a vertex $s$.\\
\textbf{Output:} distances $d(v)$.\\
1. Set $d(s)=0$ and $d(v)=\infty$ for $v \neq s$.\\
2. Put $s$ in a queue $Q$.\\
3. While $Q$ is not empty, remove $u$ and relax its edges.
\caption{Breadth-first search}
\end{algorithm}
`
	a := algorithmsOf(t, src)["Breadth-first search"]
	want := "Input: a graph G=(V,E) and a vertex s.\nOutput: distances d(v).\n1. Set d(s)=0 and d(v)=∞ for v ≠ s.\n2. Put s in a queue Q.\n3. While Q is not empty, remove u and relax its edges."
	if a.ComputationalForm != want {
		t.Errorf("form = %q, want %q", a.ComputationalForm, want)
	}
}

// A set in a pseudo-code condition keeps its braces: "V ∖ {s}" is not
// "V ∖ s".
func TestPseudocodeConditionKeepsSetBraces(t *testing.T) {
	src := `\section{Paths}
\begin{algorithm}
\caption{Initialise}
\begin{algorithmic}[1]
\ForAll{$v \in V \setminus \{s\}$}
\State $d[v] \gets \infty$
\EndFor
\end{algorithmic}
\end{algorithm}
`
	a := algorithmsOf(t, src)["Initialise"]
	if !strings.Contains(a.ComputationalForm, "V ∖ {s}") {
		t.Errorf("form = %q, want the set {s} whole", a.ComputationalForm)
	}
}

// Steps a LaTeX text labels ("\item[Step 1.]", "\paragraph{Step 1.}")
// are a procedure's, with the labels kept; a proof's "Step 1." paragraphs
// and a list of conditions under a lead-in that names a procedure are not.
func TestLaTeXLabelledSteps(t *testing.T) {
	src := `\section{Descent}
The Euclidean algorithm computes $\gcd(a,b)$.
\begin{description}
\item[Step 1.] If $b = 0$, return $a$.
\item[Step 2.] Otherwise replace $(a,b)$ by $(b, a \bmod b)$ and go to Step 1.
\end{description}

Gradient descent works as follows.

\paragraph{Step 1.} Choose an initial point $x_0$ and set $k=0$.
\paragraph{Step 2.} Compute $g_k = \nabla f(x_k)$.
\paragraph{Step 3.} If $\|g_k\| < \epsilon$, stop.

\begin{proof}
\textbf{Step 1.} We show that the sequence is bounded.

\textbf{Step 2.} We show that it converges.
\end{proof}

It suffices to find a step-by-step procedure for specifying elements of $X$, such that:
\begin{itemize}
\item Each element is specified by a unique sequence of choices;
\item There are finitely many choices at each step.
\end{itemize}
`
	got := algorithmsOf(t, src)
	if len(got) != 2 {
		t.Fatalf("algorithms %q, want the Euclidean algorithm and the descent", algNames(got))
	}
	var descent core.Primitive
	for _, p := range got {
		if strings.Contains(p.ComputationalForm, "Choose an initial point") {
			descent = p
		} else if !strings.Contains(p.ComputationalForm, "1. If b = 0, return a.\n2. Otherwise replace") {
			t.Errorf("%s = %q", p.Name, p.ComputationalForm)
		}
	}
	if !strings.HasPrefix(descent.ComputationalForm, "1. Step 1: Choose an initial point x₀") || !strings.Contains(descent.ComputationalForm, "3. Step 3: If ‖gₖ‖ < ε, stop.") {
		t.Errorf("descent = %q", descent.ComputationalForm)
	}
}

// A spec's procedure whose steps are its subsections ("3.1 Step 1. Append
// Padding Bits" …) is one algorithm, the parent section's, its steps
// labelled as the source labels them; no step is a primitive of its own.
func TestStepSectionsAreOneAlgorithm(t *testing.T) {
	txt := "3. MD5 Algorithm Description\n\n   The following five steps are performed to compute the message digest.\n\n" +
		"3.1 Step 1. Append Padding Bits\n\n   The message is padded so that its length is congruent to 448, modulo 512.\n\n" +
		"3.2 Step 2. Append Length\n\n   A 64-bit representation of b is appended to the result of the previous step.\n\n" +
		"3.3 Step 3. Output\n\n   The message digest produced as output is A, B, C, D.\n\n" +
		"4. Summary\n\n   The MD5 algorithm is simple to implement.\n"
	doc := &core.Document{Path: "rfc.txt", Format: core.FormatText, Text: txt}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	var algs []core.Primitive
	for _, p := range Extract(a, Options{}) {
		if strings.HasPrefix(p.Name, "Step") {
			t.Errorf("a step is a primitive of its own: %s %q", p.Type, p.Name)
		}
		if p.Type == core.Algorithm {
			algs = append(algs, p)
		}
	}
	if len(algs) != 1 || algs[0].Name != "MD5 Algorithm Description" {
		t.Fatalf("algorithms %v, want the section's", nameList(algs))
	}
	f := algs[0].ComputationalForm
	if !strings.HasPrefix(f, "1. Step 1. Append Padding Bits: The message is padded") || !strings.Contains(f, "\n3. Step 3. Output: The message digest") {
		t.Errorf("form = %q", f)
	}
}

// A spec's numbered list of commands is a procedure whatever leads into
// it, named by its section's parent where the section is "Procedure"; a
// bulleted list of commands too, over a page break; a list of
// requirements ("a cache MUST:") is the spec reader's, not a procedure.
func TestListsOfCommandsAreProcedures(t *testing.T) {
	md := "# Derivation\n\n## `parent_SK_to_lamport_PK`\n\n### Procedure\n\n" +
		"0. `salt = I2OSP(index, 4)`\n1. `IKM = I2OSP(parent_SK, 32)`\n2. return `IKM`\n\n" +
		"## Notes\n\nThe parts of a key are:\n\n1. The salt, four octets.\n2. The key material.\n"
	doc := &core.Document{Path: "spec.md", Format: core.FormatMarkdown, Text: md}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	algs := algorithmsIn(a)
	if len(algs) != 1 || algs[0].Name != "parent_SK_to_lamport_PK" ||
		algs[0].ComputationalForm != "1. `salt = I2OSP(index, 4)`\n2. `IKM = I2OSP(parent_SK, 32)`\n3. return `IKM`" {
		t.Fatalf("procedures %+v", algs)
	}

	txt := "   Next, divide the message into 16-byte blocks:\n\n" +
		"   o  Read the block as a little-endian number.\n\n   o  Add this number to the accumulator.\n\n\n\n" +
		"Nir & Langley                 Informational                    [Page 16]\n\f\n" +
		"RFC 8439                   ChaCha20 & Poly1305                 June 2018\n\n\n" +
		"   o  Multiply by \"r\".\n\n   o  Set the accumulator to the result modulo p.\n\n" +
		"   When combining the responses, a cache MUST:\n\n" +
		"   o  delete any Warning header fields;\n\n   o  retain the others; and\n\n   o  use the new fields.\n"
	algs = algorithmsIn(oneSection(txt, core.FormatText, core.Spec))
	if len(algs) != 1 || !strings.HasSuffix(algs[0].ComputationalForm, "3. Multiply by \"r\".\n4. Set the accumulator to the result modulo p.") {
		t.Fatalf("procedures %+v", algs)
	}
}

// An Internet-Draft's function box — signature, "Explicit inputs:" and
// "Output:" over their entries, then "Serialization Process:" over
// numbered steps with their own lines — is the function, named by its
// signature (the placeholder in angle brackets left out), with its
// inputs, outputs and steps; a dotted signature over an indented body is
// a function too.
func TestFunctionBoxes(t *testing.T) {
	src := "# Serialization\n\n~~~\nComposite-ML-DSA<OID>.SerializePublicKey(mldsaPK, tradPK) -> bytes\n\nExplicit inputs:\n\n" +
		"  mldsaPK The ML-DSA public key, which is bytes.\n\n  tradPK  The traditional public key in the appropriate\n" +
		"          encoding for the underlying component algorithm.\n\nImplicit inputs:\n\n  None\n\nOutput:\n\n" +
		"  bytes   The encoded composite public key.\n\nSerialization Process:\n\n" +
		"  1. Combine and output the encoded public key\n\n     output mldsaPK || tradPK\n~~~\n\n" +
		"# Encapsulation\n\n~~~\nRSAOAEPKEM.Encaps(pkR):\n  shared_secret = SecureRandom(ss_len)\n  enc = RSAES-OAEP-ENCRYPT(pkR, shared_secret)\n\n  return shared_secret, enc\n~~~\n"
	doc := &core.Document{Path: "draft.md", Format: core.FormatMarkdown, Text: src}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	algs := algorithmsIn(a)
	if len(algs) != 2 {
		t.Fatalf("procedures %v, want the two functions", nameList(algs))
	}
	want := "Input: mldsaPK The ML-DSA public key, which is bytes.\n" +
		"Input: tradPK The traditional public key in the appropriate encoding for the underlying component algorithm.\n" +
		"Output: bytes The encoded composite public key.\n" +
		"1. Combine and output the encoded public key; output mldsaPK || tradPK"
	if algs[0].Name != "Composite-ML-DSA.SerializePublicKey" || algs[0].ComputationalForm != want {
		t.Errorf("%q = %q, want %q", algs[0].Name, algs[0].ComputationalForm, want)
	}
	if algs[1].Name != "RSAOAEPKEM.Encaps" || !strings.Contains(algs[1].ComputationalForm, "return shared_secret, enc") {
		t.Errorf("%q = %q", algs[1].Name, algs[1].ComputationalForm)
	}
}

// A paper's numbered list of commands is a procedure as a spec's is,
// named by the function its lead-in calls, a tuple among its arguments;
// HTML superscripts and subscripts are raised and lowered in its name,
// statement and form ("2<sup>31</sup>" is 2³¹, never 231), and HTML
// character references are the characters they name.
func TestPaperCommandsAndHTMLScripts(t *testing.T) {
	md := "# Key derivation\n\n## Public parent key &rarr; public child key\n\n" +
		"The function CKDpub((K<sub>par</sub>, c<sub>par</sub>), i) &rarr; (K<sub>i</sub>, c<sub>i</sub>) computes a child public key. It is only defined for normal keys.\n\n" +
		"1. Check whether i ≥ 2<sup>31</sup>.\n    * If so: return failure.\n2. Split I into two sequences, I<sub>L</sub> and I<sub>R</sub>.\n" +
		"3. The returned chain code c<sub>i</sub> is I<sub>R</sub>.\n4. If I<sub>L</sub> ≥ n, restart at step 2.\n"
	doc := &core.Document{Path: "slip.md", Format: core.FormatMarkdown, Text: md}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Paper
	algs := algorithmsIn(a)
	if len(algs) != 1 || algs[0].Name != "CKDpub" {
		t.Fatalf("procedures %v, want CKDpub", nameList(algs))
	}
	f := algs[0].ComputationalForm
	for _, want := range []string{"1. Check whether i ≥ 2³¹.", "I_L and I_R", "chain code cᵢ is I_R"} {
		if !strings.Contains(f, want) {
			t.Errorf("form = %q, want it to hold %q", f, want)
		}
	}
	if strings.Contains(f, "231") || strings.Contains(algs[0].FormalStatement, "&rarr;") || !strings.Contains(algs[0].FormalStatement, "→") {
		t.Errorf("a raised figure run in or a character reference kept: %q / %q", algs[0].FormalStatement, f)
	}
}

// A plain text's paragraph set as pseudo-code — its lines indented to
// several depths, loops and assignments — is the procedure of the section
// its heading names, its rows nested by their indentation; a paragraph of
// prose, however indented, is not.
func TestPlainTextPseudocodeParagraph(t *testing.T) {
	txt := "6. Algorithms\n\n6.2 Decoding procedure\n\n" +
		"   let n = initial_n\n   let i = 0\n   while the input is not exhausted do begin\n" +
		"     let oldi = i\n     for k = base to infinity in steps of base do begin\n" +
		"       consume a code point, or fail if there was none to consume\n       if digit < t then break\n     end\n" +
		"     insert n into output at position i\n   end\n\n" +
		"   The full statement enclosed in braces can be omitted if initial_n\n      exceeds all basic code points, because n is never less than\n" +
		"   initial_n, as the loop above shows.\n"
	doc := &core.Document{Path: "rfc.txt", Format: core.FormatText, MediaType: "text/plain", Text: txt}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	algs := algorithmsIn(a)
	if len(algs) != 1 || algs[0].Name != "Decoding procedure" {
		t.Fatalf("procedures %v, want the section's", nameList(algs))
	}
	f := algs[0].ComputationalForm
	if !strings.HasPrefix(f, "1. let n = initial_n\n2. let i = 0\n3. while the input is not exhausted do begin\n   4. let oldi = i") ||
		strings.Contains(f, "full statement") {
		t.Errorf("form = %q", f)
	}
}

// An RFC renders its code flush left of its indented prose, blank lines
// inside it: the run is one block, the function its lead-in says it
// defines.
func TestPlainTextFlushLeftCode(t *testing.T) {
	txt := "4.2.  Square root of a ratio\n\n   The function is refactored from an existing implementation.\n\n" +
		"   SQRT_RATIO_M1(u, v) is defined as follows:\n\n" +
		"r = (u * v^3) * (u * v^7)^((p-5)/8)\ncheck = v * r^2\n\ncorrect_sign_sqrt = CT_EQ(check, u)\n\n" +
		"r = CT_ABS(r)\n\nreturn (correct_sign_sqrt, r)\n\n" +
		"   The result is the square root when one exists.\n"
	doc := &core.Document{Path: "draft.txt", Format: core.FormatText, MediaType: "text/plain", Text: txt}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	algs := algorithmsIn(a)
	if len(algs) != 1 || algs[0].Name != "SQRT_RATIO_M1" {
		t.Fatalf("procedures %v, want SQRT_RATIO_M1", nameList(algs))
	}
	if f := algs[0].ComputationalForm; !strings.HasPrefix(f, "1. r = (u * v^3)") || !strings.HasSuffix(f, "return (correct_sign_sqrt, r)") {
		t.Errorf("form = %q", f)
	}
}

// A term a lead-in defines while saying steps follow ("To **request a
// widget** given options, run these steps:") and the steps after it are
// one algorithm named by the term, not a definition ending at its colon
// beside a procedure named by its section.
func TestLeadInTermAndItsSteps(t *testing.T) {
	md := "# Widgets\n\n## The getWidget() method\n\n::: {.definition .terminology}\n\n" +
		"To **request a widget** given options, run these steps:\n\n:::\n\n" +
		"1. Let widget be a new widget.\n2. Set widget's options to options.\n3. Return widget.\n"
	doc := &core.Document{Path: "spec.md", Format: core.FormatMarkdown, Text: md}
	a := analyze.Analyze(doc, nil)
	a.ContentType = core.Spec
	ps := Extract(a, Options{})
	if len(ps) != 1 || ps[0].Type != core.Algorithm || !strings.EqualFold(ps[0].Name, "request a widget") ||
		!strings.HasPrefix(ps[0].ComputationalForm, "1. Let widget be a new widget.") || !strings.Contains(ps[0].FormalStatement, "run these steps:") {
		for _, p := range ps {
			t.Logf("%s %q: %q", p.Type, p.Name, p.ComputationalForm)
		}
		t.Fatalf("want one algorithm, the term's")
	}
}
