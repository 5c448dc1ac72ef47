package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestManifest(t *testing.T) {
	ws, err := readManifest(filepath.Join("..", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) < 5 {
		t.Fatalf("want at least 5 works, got %v", ws)
	}
}

func TestMacros(t *testing.T) {
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "m.sty"), []byte(`\newcommand{\widebar}{x}\DeclareMathOperator{\Res}{Res}\def\mycmd{y}`), 0o600); err != nil {
		t.Fatal(err)
	}
	m := macros(d)
	if !m["widebar"] || !m["mycmd"] || m["Res"] {
		t.Fatalf("macros = %v", m)
	}
	if hasMacroWord("the widebar of U", m) != "widebar" {
		t.Fatal("widebar not found")
	}
	if !numberedRe.MatchString("Proposition 1.1.6") || numberedRe.MatchString("Cauchy formula") {
		t.Fatal("numbered names")
	}
}

// A definition listing three items counts as learned when a statement
// holds its first item, and whole only when one statement holds all three;
// a nested list's items are the outer item's, and a bare formula item has
// no words to compare.
func TestItemCounts(t *testing.T) {
	src := `\begin{defn}[Field]
A field is a set with two operations such that % a comment \item not an item
\begin{enumerate}[(i)]
\item addition is commutative and associative,
\item multiplication distributes over addition, with cases
  \begin{enumerate}
  \item left distributivity holds always
  \item right distributivity holds always
  \end{enumerate}
\item[(iii)] every nonzero element has an inverse.
\item $x = y$
\end{enumerate}
\end{defn}
\begin{remark}
\begin{enumerate}\item not a theorem block here \item nor this one here\end{enumerate}
\end{remark}`
	bs := blocksOf("f.tex", uncomment(src))
	if len(bs) != 1 || len(bs[0].items) != 3 {
		t.Fatalf("blocks = %+v, want one with three items", bs)
	}
	whole := `A field is a set with two operations such that (i) addition is commutative and associative, (ii) multiplication distributes over addition, with cases … (iii) every nonzero element has an inverse.`
	cutAtFirst := `A field is a set with two operations such that (i) addition is commutative and associative,`
	if l, w, _ := itemCounts(bs, []string{cutAtFirst}); l != 1 || w != 0 {
		t.Errorf("cut statement: learned %d whole %d, want 1 0", l, w)
	}
	if l, w, _ := itemCounts(bs, []string{cutAtFirst, whole}); l != 1 || w != 1 {
		t.Errorf("whole statement: learned %d whole %d, want 1 1", l, w)
	}
	if l, _, _ := itemCounts(bs, []string{"unrelated text about groups"}); l != 0 {
		t.Errorf("unlearned block counted: %d", l)
	}
}

// An item's footnote is no part of what a statement reads.
func TestItemFootnote(t *testing.T) {
	bs := blocksOf("f.tex", `\begin{thm}\begin{enumerate}
\item \emph{(Archimedean property)}\footnote{Named after \href{https://x}{Archimedes of Syracuse}.} If $x > 0$, then there exists an $n$ with $nx > y$.
\item If $x < y$ then there exists a rational between them.
\end{enumerate}\end{thm}`)
	stmt := `(i) (Archimedean property) If $x > 0$, then there exists an $n$ with $nx > y$. (ii) If $x < y$ then there exists a rational between them.`
	if l, w, cut := itemCounts(bs, []string{stmt}); l != 1 || w != 1 {
		t.Errorf("learned %d whole %d %q, want 1 1", l, w, cut)
	}
}
