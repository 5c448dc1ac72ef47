package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// algorithmsOf extracts a LaTeX fixture and returns its algorithm
// primitives by name.
func algorithmsOf(t *testing.T, src string) map[string]core.Primitive {
	t.Helper()
	out := map[string]core.Primitive{}
	for _, p := range Extract(oneSection(src, core.FormatLaTeX, core.Textbook), Options{}) {
		if p.Type == core.Algorithm {
			out[p.Name] = p
		}
	}
	return out
}

func algNames(m map[string]core.Primitive) []string {
	var ns []string
	for n := range m {
		ns = append(ns, n)
	}
	return ns
}

func TestAlgpseudocodeIsAnAlgorithmWithItsSteps(t *testing.T) {
	src := `\section{Sorting}
Merge sort splits the array.

\begin{algorithm}[htb]
\caption{Merge sort}\label{alg:ms}
\begin{algorithmic}[1]
\Require An array $A[p..r]$
\Ensure $A[p..r]$ sorted
\Procedure{MergeSort}{$A, p, r$}
  \If{$p < r$}
    \State $q \gets \lfloor (p+r)/2 \rfloor$ \Comment{split}
    \State \Call{MergeSort}{$A, p, q$}
    \State \Call{MergeSort}{$A, q+1, r$}
    \State \Call{Merge}{$A, p, q, r$}
  \ElsIf{$p = r$}
    \State \Return $A$
  \Else
    \For{$i \gets 1$ \To $n$}
      \State $x \gets x + 1$
    \EndFor
  \EndIf
\EndProcedure
\end{algorithmic}
\end{algorithm}
`
	algs := algorithmsOf(t, src)
	p, ok := algs["Merge sort"]
	if !ok {
		t.Fatalf("no algorithm named by its caption; got %q", algNames(algs))
	}
	want := "Input: An array A[p..r]\nOutput: A[p..r] sorted\n" +
		"1. procedure MergeSort(A, p, r):\n" +
		"   2. if p < r:\n" +
		"      3. q ← ⌊(p+r)/2⌋ ▷ split\n" +
		"      4. MergeSort(A, p, q)\n" +
		"      5. MergeSort(A, q+1, r)\n" +
		"      6. Merge(A, p, q, r)\n" +
		"   7. else if p = r:\n" +
		"      8. return A\n" +
		"   9. else:\n" +
		"      10. for i ← 1 to n:\n" +
		"         11. x ← x + 1"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	for _, w := range []string{"Input: An array", "1. procedure MergeSort(A, p, r):", "return A"} {
		if !strings.Contains(p.FormalStatement, w) {
			t.Errorf("statement %q lacks %q", p.FormalStatement, w)
		}
	}
	if strings.Contains(p.FormalStatement, `\State`) || strings.Contains(p.FormalStatement, `\gets`) {
		t.Errorf("statement keeps markup: %q", p.FormalStatement)
	}
}

func TestAlgorithm2eIsAnAlgorithmWithItsSteps(t *testing.T) {
	src := `\section{Union find}
\begin{algorithm}
\DontPrintSemicolon
\KwIn{a graph $G=(V,E)$}
\KwOut{its components}
\SetKwFunction{Find}{find}
\SetKwFunction{Union}{union}
\ForEach{$v \in V$}{
  $p[v] \gets v$\;
}
\ForEach{$(u,v) \in E$}{
  \eIf{\Find{$u$} $\neq$ \Find{$v$}}{
    \Union{$u, v$}\;
  }{
    $c \gets c + 1$\;
  }
}
\KwRet{$p$}\;
\caption{Connected components}
\end{algorithm}
`
	algs := algorithmsOf(t, src)
	p, ok := algs["Connected components"]
	if !ok {
		t.Fatalf("no algorithm named by its caption; got %q", algNames(algs))
	}
	want := "Input: a graph G=(V,E)\nOutput: its components\n" +
		"1. for each v ∈ V:\n" +
		"   2. p[v] ← v\n" +
		"3. for each (u,v) ∈ E:\n" +
		"   4. if find(u) ≠ find(v):\n" +
		"      5. union(u, v)\n" +
		"   6. else:\n" +
		"      7. c ← c + 1\n" +
		"8. return p"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

func TestClrscodeIsAnAlgorithmNamedByItsProcedure(t *testing.T) {
	src := `\section{Insertion sort}
We sort in place.

\begin{codebox}
\Procname{$\proc{Insertion-Sort}(A)$}
\li \For $j \gets 2$ \To $\attrib{A}{length}$
\li   \Do $\id{key} \gets A[j]$
\li       $i \gets j-1$
\li       \While $i > 0$ and $A[i] > \id{key}$
\li           \Do $A[i+1] \gets A[i]$
\li               $i \gets i-1$
              \End
\li       $A[i+1] \gets \id{key}$
    \End
\end{codebox}
`
	algs := algorithmsOf(t, src)
	p, ok := algs["Insertion-Sort"]
	if !ok {
		t.Fatalf("no algorithm named by its procedure; got %q", algNames(algs))
	}
	want := "1. procedure Insertion-Sort(A):\n" +
		"   2. for j ← 2 to A.length:\n" +
		"      3. key ← A[j]\n" +
		"      4. i ← j-1\n" +
		"      5. while i > 0 and A[i] > key:\n" +
		"         6. A[i+1] ← A[i]\n" +
		"         7. i ← i-1\n" +
		"      8. A[i+1] ← key"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

// clrscode's \Indentmore opens a block as \Then does, closed by \End; a
// row begun with \zi is the row before it, wrapped.
func TestClrscodeIndentmoreAndWrappedRows(t *testing.T) {
	src := `\section{Simplex}
\begin{codebox}
\Procname{$\proc{Simplex Step}()$}
\li Compute $s_N = c_N - N^T \lambda$;
\li \If $s_N \geq 0$ \Indentmore
\li \textbf{stop}; \End
\li Calculate $x_q = \min_i x_i/d_i$, and use $p$ to
\zi denote the minimizing $i$;
\li Update $x_B$;
\end{codebox}
`
	algs := algorithmsOf(t, src)
	p, ok := algs["Simplex Step"]
	if !ok {
		t.Fatalf("no algorithm; got %q", algNames(algs))
	}
	want := "1. procedure Simplex Step():\n" +
		"   2. Compute s_N = c_N - Nᵀ λ\n" +
		"   3. if s_N ≥ 0:\n" +
		"      4. stop\n" +
		"   5. Calculate x_q = minᵢ xᵢ/dᵢ, and use p to denote the minimizing i\n" +
		"   6. Update x_B"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

// An environment the author defines for pseudo-code, whatever its name,
// is an algorithm by what it holds: rows of one command, keywords and
// assignment arrows.
func TestAuthorPseudocodeEnvironmentIsAnAlgorithm(t *testing.T) {
	src := `\newenvironment{pcode}{\begin{tabbing}}{\end{tabbing}}
\newcommand{\row}{\State}
\section{Selection}
\begin{pcode}
\Proc{QuickSelect}{A, k}
  \row $p \gets$ a random element of $A$
  \row split $A$ into $L$, $E$, $G$ around $p$
  \If{$k \le |L|$}
    \row \Return \Call{QuickSelect}{$L, k$}
  \Fi
  \row \Return $p$
\EndProc
\end{pcode}

\begin{center}
A figure with words in it.
\end{center}
`
	algs := algorithmsOf(t, src)
	p, ok := algs["QuickSelect"]
	if !ok {
		t.Fatalf("no algorithm for the author's environment; got %q", algNames(algs))
	}
	want := "1. procedure QuickSelect(A, k):\n" +
		"   2. p ← a random element of A\n" +
		"   3. split A into L, E, G around p\n" +
		"   4. if k ≤ |L|:\n" +
		"      5. return QuickSelect(L, k)\n" +
		"   6. return p"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if len(algs) != 1 {
		t.Errorf("algorithms = %q, want only QuickSelect", algNames(algs))
	}
}

// A procedure whose steps call another extracted procedure requires it.
func TestAlgorithmRequiresTheProceduresItCalls(t *testing.T) {
	src := `\section{Merging}
\begin{algorithmic}
\Procedure{Merge}{$B, C$}
  \State $D \gets$ the smaller heads of $B$ and $C$, in turn
  \State \Return $D$
\EndProcedure
\end{algorithmic}

Now the sort.

\begin{algorithmic}
\Procedure{MergeSort}{$A$}
  \If{$|A| \le 1$} \State \Return $A$ \EndIf
  \State $B \gets$ \Call{MergeSort}{left half of $A$}
  \State $C \gets$ \Call{MergeSort}{right half of $A$}
  \State \Return \Call{Merge}{$B, C$}
\EndProcedure
\end{algorithmic}
`
	algs := algorithmsOf(t, src)
	ms, ok1 := algs["MergeSort"]
	m, ok2 := algs["Merge"]
	if !ok1 || !ok2 {
		t.Fatalf("algorithms = %q, want Merge and MergeSort", algNames(algs))
	}
	if !ms.HasEdge(m.ID, core.Requires) {
		t.Errorf("MergeSort has no requires edge to Merge: %+v", ms.Dependencies)
	}
	if m.HasEdge(ms.ID, core.Requires) {
		t.Errorf("Merge requires MergeSort: %+v", m.Dependencies)
	}
}

// A procedure named with \textproc keeps its name in the step; a comment
// set after a block's head is that line's; a procedure name a book uses
// again is told apart by the heading it sits under.
func TestPseudocodeKeepsNamesAndHeadComments(t *testing.T) {
	src := `\section{Quick sort}
\begin{algorithmic}[1]
\Function{Sort}{$A, l, u$}
  \For{$R$ in $[l+1, u]$} \Comment{scan}
    \State \textproc{Exchange} $A[L] \leftrightarrow A[R]$
  \EndFor
\EndFunction
\end{algorithmic}

\section{Merge sort}
\begin{algorithmic}[1]
\Function{Sort}{$A$}
  \State \Return \textproc{Merge}($A$)
\EndFunction
\end{algorithmic}
`
	a := oneSection(src, core.FormatLaTeX, core.Textbook)
	i := strings.Index(src, `\section{Merge sort}`)
	a.Sections = []*core.Section{
		{Title: "Quick sort", Level: 1, End: i},
		{Title: "Merge sort", Level: 1, Offset: i, BodyOffset: i + len(`\section{Merge sort}`), End: len(src)},
	}
	algs := map[string]core.Primitive{}
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			algs[p.Name] = p
		}
	}
	p, ok := algs["Sort"]
	if !ok {
		t.Fatalf("no algorithm Sort; got %q", algNames(algs))
	}
	want := "1. function Sort(A, l, u):\n" +
		"   2. for R in [l+1, u]: ▷ scan\n" +
		"      3. Exchange A[L] ↔ A[R]"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if _, ok := algs["Sort (Merge sort)"]; !ok {
		t.Errorf("the second Sort is not named by its heading: %q", algNames(algs))
	}
}

// A book's own row macros, one per indentation level, are read from their
// use: the text is the last argument, the depth what the definition
// indents by — and, where the definition is in another file, what the
// letters of the family say.
func TestAuthorRowMacrosKeepTheirDepth(t *testing.T) {
	rows := `\begin{algoblock}[0.8\textwidth]
	\aaA {7}{Algorithm BFS~($G = (V, E), s \in V$)}\xxx
	\aab {$dist[s] = 0$;}\xxx
	\aaB {4}{while~(empty~($Q$) = false)}\xxx
	\aac {$u$ = find-earliest~($Q$);}\xxx
	\aaC {2}{for each edge~$(u, v)\in E$}\xxx
	\aad {insert~($Q$, $v$);}\xxx
	\aab {return $dist$;}\xxx
\end{algoblock}
`
	defs := `\newcommand{\AlgoIndent}[1]{\dimexpr\AlgoBaseIndent+#1\AlgoStepIndent\relax}
\newcommand{\AlgoLine}[2]{\AlgoNumber\hspace{#1}\parbox[t]{\linewidth}{\small\ttfamily\strut#2\strut}}
\newcommand{\AlgoBranch}[3]{\AlgoNumber\hspace{#1}{\tikz[overlay]\draw (0.1,{-.2 * \AlgoLinePitch}) -- (0.4,{-(#2 - .75) * \AlgoLinePitch});}\parbox[t]{\linewidth}{#3}}
\newcommand{\aab}[1]{\AlgoLine{\AlgoIndent{1}}{#1}}
\newcommand{\aac}[1]{\AlgoLine{\AlgoIndent{2}}{#1}}
\newcommand{\aad}[1]{\AlgoLine{\AlgoIndent{3}}{#1}}
\newcommand{\aaA}[2]{\AlgoBranch{\AlgoIndent{0}}{#1}{#2}}
\newcommand{\aaB}[2]{\AlgoBranch{\AlgoIndent{1}}{#1}{#2}}
\newcommand{\aaC}[2]{\AlgoBranch{\AlgoIndent{2}}{#1}{#2}}
\newcommand{\xxx}{\par}
\newenvironment{algoblock}[1][\linewidth]{\begin{minipage}{#1}}{\end{minipage}}
`
	want := "1. Algorithm BFS (G = (V, E), s ∈ V)\n" +
		"   2. dist[s] = 0\n" +
		"   3. while (empty (Q) = false)\n" +
		"      4. u = find-earliest (Q)\n" +
		"      5. for each edge (u, v)∈ E\n" +
		"         6. insert (Q, v)\n" +
		"   7. return dist"
	for _, c := range []struct{ name, src string }{
		{"defined here", defs + "\\section{BFS}\n" + rows},
		{"defined elsewhere", "\\section{BFS}\n" + rows},
	} {
		t.Run(c.name, func(t *testing.T) {
			algs := algorithmsOf(t, c.src)
			p, ok := algs["BFS"]
			if !ok {
				t.Fatalf("no algorithm BFS; got %q", algNames(algs))
			}
			if p.ComputationalForm != want {
				t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
			}
		})
	}
}

// A family of row macros of two kinds (\aaC a branch with its bar, \faC
// a bar alone), the second defined in another file and the first by
// lengths the level cannot be read from: the last letter of each says its
// level, whatever the kind.
func TestAuthorRowMacrosOfTwoKindsKeepTheirDepth(t *testing.T) {
	defs := `\newcommand{\aaa}[1]{\hspace{0.65cm}\parbox[t]{15.3cm}{#1}}
\newcommand{\aab}[1]{\hspace{1.15cm}\parbox[t]{15.0cm}{#1}}
\newcommand{\aad}[1]{\hspace{2.15cm}\parbox[t]{15.0cm}{#1}}
\newcommand{\aaA}[2]{\hspace{0.5cm} {\tikz[overlay] \draw (0.1, -0.1) -- (0.1, #1 * -1.5em + 0.6em);} \parbox[t]{15.0cm}{#2}}
\newcommand{\aaB}[2]{\hspace{1.0cm} {\tikz[overlay] \draw (0.1, -0.1) -- (0.1, #1 * -1.5em + 0.6em);} \parbox[t]{15.0cm}{#2}}
\newcommand{\aaC}[2]{\hspace{1.5cm} {\tikz[overlay] \draw (0.1, -0.1) -- (0.1, #1 * -1.5em + 0.6em);} \parbox[t]{15.0cm}{#2}}
\newcommand{\xxx}{\par\vspace{0.1cm}}
`
	rows := `\section{Merging}
\begin{algoblock}
	\aaA {12}{function merge ($A[1\cdots m], B[1\cdots n]$)}\xxx
	\aab {initialize an empty array $C$;}\xxx
	\aaB {7}{for $k = 1 \to m + n$ }\xxx
	\faC {3}{if $A[k_A] \le B[k_B]$ }\xxx
	\aad {$C[k] = A[k_A]$; }\xxx
	\aad {$k_A = k_A + 1$; }\xxx
	\aaC {3}{else}\xxx
	\aad {$C[k] = B[k_B]$; }\xxx
	\aad {$k_B = k_B + 1$; }\xxx
	\aab {return $C$;}\xxx
\end{algoblock}
`
	want := "1. function merge (A[1⋯ m], B[1⋯ n])\n" +
		"   2. initialize an empty array C\n" +
		"   3. for k = 1 → m + n\n" +
		"      4. if A[k_A] ≤ B[k_B]\n" +
		"         5. C[k] = A[k_A]\n" +
		"         6. k_A = k_A + 1\n" +
		"      7. else\n" +
		"         8. C[k] = B[k_B]\n" +
		"         9. k_B = k_B + 1\n" +
		"   10. return C"
	for _, c := range []struct{ name, src string }{
		{"lengths here", defs + rows},
		{"defined elsewhere", rows},
	} {
		t.Run(c.name, func(t *testing.T) {
			algs := algorithmsOf(t, c.src)
			if len(algs) != 1 {
				t.Fatalf("algorithms = %q, want one", algNames(algs))
			}
			for _, p := range algs {
				if p.ComputationalForm != want {
					t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
				}
			}
		})
	}
}

// Rows of an author's macros whose definitions are elsewhere, the last
// row at the end of the block: their levels are read without running
// past it.
func TestAuthorRowMacrosAtTheBlockEnd(t *testing.T) {
	src := "\\section{Loops}\n\\begin{steps}\n\\stepa{for $i = 1$ to $n$:}\n\\stepb{$s \\gets s + i$}\n\\stepb{multiply the product p by i, then go on}\n\\stepa{return s}\\end{steps}"
	algs := algorithmsOf(t, src)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %q, want one", algNames(algs))
	}
	for _, p := range algs {
		want := "1. for i = 1 to n:\n   2. s ← s + i\n   3. multiply the product p by i, then go on\n4. return s"
		if p.ComputationalForm != want {
			t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
		}
	}
}

// FuzzPseudocode holds the readers of pseudo-code, in LaTeX and in text, to
// the invariants of every extraction (fuzzOne) on inputs grown from their
// fixtures.
func FuzzPseudocode(f *testing.F) {
	for _, s := range []string{
		"\\begin{algorithmic}\n\\Procedure{P}{$x$}\n\\If{$x$}\\State \\Return $x$\\EndIf\n\\EndProcedure\n\\end{algorithmic}",
		"\\begin{algorithm}\n\\KwIn{a}\\eIf{$c$}{$x\\gets1$\\;}{\\lIf{$d$}{\\KwRet{y}}}\n\\end{algorithm}",
		"\\begin{codebox}\\Procname{$\\proc{P}(A)$}\n\\li \\For $i \\gets 1$ \\To $n$\n\\li \\Do $x$\\End\n\\end{codebox}",
		"\\begin{steps}\n\\stepa{for i:}\n\\stepb{x}\n\\stepa{return s}\\end{steps}",
		"Algorithm 3 Sort\nRequire: A\n1: for i do\n2: x\n3: end for\n",
		"1 M ← 0;\n**2 for** i do\nS ← 0;\n**3 end**\n\n**Algorithm 1:** S\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fuzzOne(t, s, core.FormatLaTeX)
		fuzzOne(t, s, core.FormatText)
	})
}

// What is not pseudo-code stays out: a table whose cells a TeX conditional
// fills, an alignment of cases, a centred title page.
func TestNotPseudocode(t *testing.T) {
	for _, src := range []string{
		"\\section{Strings}\n\\begin{chartable}\n\\ifx\\a\\b \\\\ \\else\\\\ \\fi & Single quote \\\\\n\\ifx\\a\\b !! \\else ! \\fi & Double quote \\\\\n!?! & Question mark \\\\\n!! & Backslash \\\\\n\\end{chartable}\n",
		"\\section{Symmetric}\n\\begin{eqbox}\nIf $B := symmetric(A)$ then $B$ is given by: \\\\\n$B[i,j] = $ & $A[i,j]$ & if $i \\le j$ \\\\\n & $A[j,i]$ & if $i > j$ \\\\\n\\end{eqbox}\n",
		"\\section{Short classes}\n\\begin{modelicacode}\ntype InArgument = input Real\nfunction foo\n  InArgument u;\nalgorithm\n  y := fill(u, 3);\n  if y > 0 then z := 1; end if;\n  for i in 1:3 loop x := i; end for;\nend foo\n\\end{modelicacode}\n",
		"\\begin{center}\n{\\huge Linear Algebra}\\\\\n{\\it Jason, 2016 \\\\\nCreative Commons}\n\\end{center}\n\\section*{About}\nFor the student this book is a guide; if you read it, you learn it, and x := y.\nFor the teacher it is another thing altogether, and we say so at length here.\n",
	} {
		if algs := algorithmsOf(t, src); len(algs) > 0 {
			t.Errorf("read as pseudo-code: %q in\n%s", algNames(algs), src)
		}
	}
}

// A first row that is a bare signature names the procedure.
func TestRowMacrosSignatureNames(t *testing.T) {
	src := "\\section{P and NP}\n\\begin{steps}\n\\aaA{3}{verifier~($x$, $c$)}\\xxx\n\\aab{verify $c$ is a subset of vertices: if not, return \"no\";}\\xxx\n\\aab{verify the size of $c$ is at most $k$;}\\xxx\n\\aab{return \"yes\";}\\xxx\n\\end{steps}\n"
	algs := algorithmsOf(t, src)
	if _, ok := algs["Verifier"]; !ok {
		t.Errorf("algorithms = %q, want Verifier", algNames(algs))
	}
}

// The program package's environment: a row to a line, blocks opened by
// \DO and \THEN and closed by \OD and \FI.
func TestProgramEnvironment(t *testing.T) {
	src := "\\section{Euclid}\n\\begin{program}\n\\PROC |gcd|(a, b) \\BEGIN\n  \\WHILE b \\neq 0 \\DO\n    t := b\n    b := a \\bmod b\n    a := t\n  \\OD\n  \\RETURN a\n\\END\n\\end{program}\n"
	algs := algorithmsOf(t, src)
	p, ok := algs["Gcd"]
	if !ok {
		t.Fatalf("algorithms = %q, want Gcd", algNames(algs))
	}
	want := "1. procedure gcd(a, b):\n   2. while b ≠ 0:\n      3. t := b\n      4. b := a mod b\n      5. a := t\n   6. return a"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

// Rows of an author's macros that call a procedure another block defines
// require it.
func TestRowMacrosCallsAreEdges(t *testing.T) {
	src := "\\section{Merge sort}\n\\begin{steps}\n\\aaA{3}{function merge-two-sorted-arrays~($A$, $B$)}\\xxx\n\\aab{init an empty array $C$;}\\xxx\n\\aab{return $C$;}\\xxx\n\\end{steps}\n\nThen the sort.\n\n" +
		"\\begin{steps}\n\\aaA{3}{Algorithm merge-sort~($S$)}\\xxx\n\\aab{if $n \\le 1$: return $S$;}\\xxx\n\\aab{$S_1 =$ merge-sort~($S_1$);}\\xxx\n\\aab{return merge-two-sorted-arrays~($S_1$, $S_2$);}\\xxx\n\\end{steps}\n"
	algs := algorithmsOf(t, src)
	ms, ok1 := algs["Merge-sort"]
	m, ok2 := algs["Merge-two-sorted-arrays"]
	if !ok1 || !ok2 {
		t.Fatalf("algorithms = %q", algNames(algs))
	}
	if !ms.HasEdge(m.ID, core.Requires) {
		t.Errorf("merge-sort does not require merge-two-sorted-arrays: %+v", ms.Dependencies)
	}
}

// The same procedure shown again in a later chapter (to contrast divide and
// conquer with dynamic programming) was named apart by that chapter's
// heading, "MergeSort (Why not a table?)", a second primitive of the same
// steps; another procedure of that name with other steps is still told
// apart.
func TestSameProcedureAgainKeepsItsName(t *testing.T) {
	block := `\begin{algorithmic}
\Procedure{MergeSort}{$S$}
\State split $S$ into halves $L$ and $R$
\State \Return merge of MergeSort($L$) and MergeSort($R$)
\EndProcedure
\end{algorithmic}
`
	other := strings.Replace(block, "split $S$ into halves", "split $S$ into thirds", 1)
	src := "\\section{Sorting}\nMerge sort splits the array.\n\n" + block +
		"\n\\section{Why not a table?}\nDivide and conquer solves each subproblem once.\n\n" + block +
		"\n\\section{Three ways}\nA variant splits in three.\n\n" + other
	var names []string
	for _, p := range Extract(analyzed(src, core.FormatLaTeX, core.Textbook), Options{}) {
		if p.Type == core.Algorithm {
			names = append(names, p.Name)
		}
	}
	if strings.Join(names, "|") != "MergeSort|MergeSort|MergeSort (Three ways)" && strings.Join(names, "|") != "MergeSort|MergeSort (Three ways)" {
		t.Errorf("algorithms %q: want the repeat named MergeSort and only the variant apart", names)
	}
}

// A block of the author's row macros that opens with a procedure's
// signature is an algorithm however few or long its rows: two rows that
// define a function, or rows carrying notes of a line and more.
func TestAuthorRowMacrosShortOrLongBlocks(t *testing.T) {
	src := `\section{Selection}
\begin{algoblock}[0.8\textwidth]
	\aaA {2}{function find-pivot-random~($A$)}\xxx
	\aab {pick pivot $x$ uniformly at random from $A$;}\xxx
\end{algoblock}

Then the hull.

\begin{algoblock}[0.8\textwidth]
	\aaA {5}{function combine~($C_1, C_2$)}\xxx
	\aab {find $p_*$ in $C_1\cup C_2$ with smallest $y$-coordinate;}\xxx
	\aab {rewrite $C_1$ into $C_1'$ with circular shifting so that $p_*$ is the first point of $C_1'$;
		(\emph{Note: now points in $C_1'$ are sorted with respect to $p_*$ in counter-clockwise order, as the merge below needs.})}\xxx
	\aab {$C' = $ merge-two-sorted-arrays~($C_1', C_2$);
		(\emph{Note: merging is by the angle with respect to $p_*$; after it the points of $C_1$ and $C_2$ are sorted in counter-clockwise order.})}\xxx
	\aab {return Graham-Core-Scan~($C'$);}\xxx
\end{algoblock}
`
	algs := algorithmsOf(t, src)
	for _, n := range []string{"Find-pivot-random", "Combine"} {
		if _, ok := algs[n]; !ok {
			t.Errorf("no algorithm %s; got %q", n, algNames(algs))
		}
	}
}

// An example's list of cases, its items started by a macro the file does
// not define (napkin's \ii, read alone), was read as an algorithm:
// "Algorithm 1 — Completeness and inf/sup".
func TestExampleListIsNoAlgorithm(t *testing.T) {
	src := "\\section{Completeness and inf/sup}\n\\begin{example}\n\t[Supremums]\n\tSince the examples for infimums are basically the same,\n" +
		"\twe stick with supremums for now.\n\t\\begin{enumerate}[(a)]\n\t\t\\ii If $S = \\left\\{ 1, 2, 3, \\dots \\right\\}$\n" +
		"\t\tthen $S$ is not bounded above, so we have $\\sup S = +\\infty$.\n\t\t\\ii If $S = \\left\\{ \\dots, -2, -1 \\right\\}$\n" +
		"\t\tdenotes the set of negative integers, then $\\sup S = -1$.\n\t\t\\ii If $S = \\left\\{ -1, -2, -3 \\right\\}$ then $\\sup S = -1$.\n" +
		"\t\\end{enumerate}\n\\end{example}\n"
	if algs := algorithmsOf(t, src); len(algs) > 0 {
		t.Errorf("an example's list read as algorithms %q", algNames(algs))
	}
}

// The pseudocode package names its procedure and parameters in the
// environment's arguments; the program package sets identifiers between
// bars, which print without them, whatever separates its rows.
func TestPseudocodeAndProgramPackages(t *testing.T) {
	algs := algorithmsOf(t, "\\begin{pseudocode}{BinarySearch}{A, n, x}\nlo \\GETS 1\\\\\nhi \\GETS n\\\\\n\\WHILE lo \\leq hi \\DO\n\\BEGIN\n"+
		"  mid \\GETS \\lfloor (lo+hi)/2 \\rfloor\\\\\n  \\IF A[mid] = x \\THEN \\RETURN{mid}\n\\END\\\\\n\\RETURN{0}\n\\end{pseudocode}\n")
	b, ok := algs["BinarySearch"]
	if !ok || !strings.HasPrefix(b.ComputationalForm, "Input: A, n, x\n1. lo ← 1\n") {
		t.Errorf("pseudocode: %q (got %q)", b.ComputationalForm, algNames(algs))
	}
	algs = algorithmsOf(t, "\\begin{program}\n\\PROC |expt|(x,n) \\BODY\n z:=1;\\\\\n \\WHILE n>0 \\DO z:=z*x; n:=n-1 \\OD;\\\\\n |print|(z) \\ENDPROC\n\\end{program}\n")
	for _, p := range algs {
		if strings.Contains(p.ComputationalForm, "|") || !strings.Contains(p.ComputationalForm, "print(z)") {
			t.Errorf("program: %q", p.ComputationalForm)
		}
	}
	if len(algs) != 1 {
		t.Errorf("program: algorithms %q, want one", algNames(algs))
	}
}

// A LaTeX text's procedure in prose: a lead-in naming an algorithm, a
// method or steps over an enumerate list is an algorithm whose steps are
// the items (the list's labels aside, a nested list's items one deeper),
// named by the method the lead-in names, else by its section; a list of
// what to prove is no procedure.
func TestLaTeXProseProcedureOverEnumerate(t *testing.T) {
	src := "\\subsection{Line search}\nLatter can be realized with the \\emph{backtracking method}, which is used to find the step width: \n" +
		"\\begin{enumerate}[(i)]\n  \\item Choose $\\eta^0$, e.g. $\\eta^0=1$.\n  \\item Evaluate the Armijo condition.\n" +
		"  \\begin{enumerate}\n    \\item If it holds, stop.\n  \\end{enumerate}\n  \\item Else try step 2 with $\\eta^{k+1}=\\rho \\eta^k$.\n\\end{enumerate}\n\n" +
		"Prove that the algorithm is correct. Specifically, prove:\n\\begin{enumerate}\n\\item It terminates.\n\\item It returns a step.\n\\end{enumerate}\n"
	algs := algorithmsOf(t, src)
	b, ok := algs["Backtracking method"]
	if !ok || len(algs) != 1 {
		t.Fatalf("algorithms %q, want Backtracking method alone", algNames(algs))
	}
	if want := "1. Choose η⁰, e.g. η⁰=1.\n2. Evaluate the Armijo condition.\n   3. If it holds, stop.\n4. Else try step 2 with η^(k+1)=ρ η^k."; b.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", b.ComputationalForm, want)
	}
}

// A section setting its procedure as a run of step environments
// (\newtheorem*{step}{Step}, numbered by their optional argument) is one
// algorithm, the section's, its steps the environments in order; a
// single step restated elsewhere is none.
func TestStepEnvironmentsAreOneProcedure(t *testing.T) {
	src := "\\newtheorem*{step}{Step}\n\\subsection{Forward model}\n\\begin{step}[0*]\nCalculate the values independent of the sample.\n\\end{step}\n" +
		"Some remarks in between.\n\\begin{step}[1]\nCalculate the cone responses $R = M X$.\n\\end{step}\n\\begin{step}[2]\nCompute the adapted responses.\n\\end{step}\n"
	a := oneSection(src, core.FormatLaTeX, core.Paper)
	a.Sections[0].Title = "Forward model"
	got := algorithmsIn(a)
	want := "1. Step 0*: Calculate the values independent of the sample.\n2. Step 1: Calculate the cone responses R = M X.\n3. Step 2: Compute the adapted responses."
	if len(got) != 1 || got[0].Name != "Forward model" || got[0].ComputationalForm != want {
		t.Fatalf("procedures %+v", got)
	}
}

// An environment the author titles "Prozedur" (or "Procédure",
// "Procedure", …) holds a procedure: an algorithm named by its
// title, with its steps.
func TestProcedureEnvironmentInAnyLanguage(t *testing.T) {
	src := `\newenvironment*{Prozedur}[1]{\uline{\textbf{\texttt{Prozedur} (#1)}:}}{}
\section{Jordansche Normalform}
\begin{Prozedur}{Berechnung von $e^A$}
\begin{enumerate}
\item Man bringt $A$ auf Jordanform $J = S^{-1} A S$.
\item Man berechnet $e^J$ blockweise.
\item Dann ist $e^A = S e^J S^{-1}$.
\end{enumerate}
\end{Prozedur}
`
	a, ok := algorithmsOf(t, src)["Berechnung von e^A"]
	if !ok {
		for n := range algorithmsOf(t, src) {
			t.Logf("algorithm %q", n)
		}
		t.Fatal("the Prozedur is no algorithm")
	}
	if !strings.Contains(a.ComputationalForm, "Man berechnet") {
		t.Errorf("form = %q, want its steps", a.ComputationalForm)
	}
}

// algorithm2e's declared data names print what they stand for wherever a
// row uses them: in a call's parameters, in \KwIn, inside a formula; and a
// loop's body longer than a macro's is its body, nested under it.
func TestAlgorithm2eDeclaredNamesEverywhere(t *testing.T) {
	rows := strings.Repeat("\t\t\\Current $\\leftarrow$ \\TakeStep{\\SearchSpace, \\Current}\\; % keep the current best solution found so far\n", 14)
	src := "\\begin{algorithm}[htp]\n\t\\SetKwData{NumIterations}{$Iter_{max}$}\n\t\\SetKwData{SearchSpace}{SearchSpace}\n" +
		"\t\\SetKwData{Current}{$S$}\n\t\\SetKwData{Factor}{$F_{iter}$}\n\t\\SetKwFunction{TakeStep}{TakeStep}\n" +
		"\t\\KwIn{\\NumIterations, \\SearchSpace}\n\t\\KwOut{\\Current}\n" +
		"\t\\For{$i=0$ \\KwTo \\NumIterations} {\n" + rows +
		"\t\t\\If{$i \\bmod{\\Factor}$} {\n\t\t\t\\Current $\\leftarrow$ \\SearchSpace\\;\n\t\t}\n\t}\n" +
		"\t\\Return{\\Current}\\;\n\t\\caption{Pseudocode for Adaptive Random Search.}\n\\end{algorithm}\n"
	a, ok := algorithmsOf(t, src)["Pseudocode for Adaptive Random Search"]
	if !ok {
		t.Fatalf("no algorithm: %v", algNames(algorithmsOf(t, src)))
	}
	f := a.ComputationalForm
	for _, want := range []string{"Input: Iterₘₐₓ, SearchSpace", "TakeStep(SearchSpace, S)", "\n   2. S ← TakeStep", "Fᵢₜₑᵣ"} {
		if !strings.Contains(f, want) {
			t.Errorf("form lacks %q:\n%s", want, f)
		}
	}
	if strings.Contains(f, "(,") || strings.Contains(f, "Input: ,") {
		t.Errorf("form drops declared names:\n%s", f)
	}
}

// algorithm2e's starred comments place the comment (\tcp*[f]{…}); the
// placement is no word of it.
func TestAlgorithm2eStarredCommentPlacement(t *testing.T) {
	src := "\\begin{algorithm}\n\\KwIn{a graph $G$}\n$Q \\leftarrow [s]$ \\tcp*[f]{queue of nodes to visit}\\;\n" +
		"$D[s] \\leftarrow 0$\\;\n\\While{$Q$}{$v \\leftarrow$ dequeue$(Q)$\\tcc*[h]{the next}\\;}\n\\caption{Search template}\n\\end{algorithm}\n"
	a, ok := algorithmsOf(t, src)["Search template"]
	if !ok {
		t.Fatalf("no algorithm: %v", algNames(algorithmsOf(t, src)))
	}
	f := a.ComputationalForm
	if !strings.Contains(f, "▷ queue of nodes to visit") || strings.Contains(f, "[f]") || strings.Contains(f, "[h]") || strings.Contains(f, "*") {
		t.Errorf("form = %q, want the comments without their placement", f)
	}
}

// The list finder gives every list of a text in order, whichever kinds
// it holds, and none past the last.
func TestListFinderInOrder(t *testing.T) {
	s := `a \begin{itemize} b \begin{enumerate} c \begin{itemize} d \begin{description} e`
	var f listFinder
	var got []string
	for p := 0; ; {
		at, env := f.next(s, p)
		if at < 0 {
			break
		}
		got = append(got, env)
		p = at + 1
	}
	if strings.Join(got, " ") != "itemize enumerate itemize description" {
		t.Errorf("lists found: %q", got)
	}
}
