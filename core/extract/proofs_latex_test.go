package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// An environment of the author's own that prints a proof's heading is a
// proof: amsthm's proof copied as subproof (built on LaTeX's internals,
// its heading in a package's conditional) proves the claim before it; an
// environment printing "Claim:" first is no proof. A notation set
// between a result and its proof is read past.
func TestAuthorProofEnvironments(t *testing.T) {
	doc := `\documentclass{book}
\makeatletter
\newif\ifmy@english
\newtheorem{theorem}{Theorem}[section]
\newtheorem{claim}{Claim}
\newtheorem{notation}[theorem]{Notation}
\newenvironment{subproof}[1][\ifmy@english Subproof\else Unterbeweis\fi]{\par
  \normalfont \topsep6\p@\@plus6\p@\relax
  \trivlist
  \item[\hskip\labelsep
        \itshape
    #1\@addpunct{.}]\ignorespaces
}{\endtrivlist}
\newenvironment{claimproof}[1]{\par\noindent\underline{\textbf{Claim:} #1}\par}{\par}
\makeatother
\begin{document}
\chapter{Spaces}
\section{Separation}
\begin{theorem}[Urysohn]
Disjoint closed sets of a metric space are separated by a continuous function.
\end{theorem}
\begin{proof}
Take the distance functions to both sets.
\begin{claim}
The distance to a closed set vanishes exactly on the set.
\end{claim}
\begin{subproof}
A point outside has a ball around it missing the set.
\end{subproof}
\begin{claimproof}{Quotients are continuous}
Division by a nonzero continuous function.
\end{claimproof}
\end{proof}
\begin{theorem}[Diagonal]
A space is Hausdorff exactly when its diagonal is closed.
\end{theorem}
\begin{notation}
The diagonal of $X$ is written $\Delta_X$.
\end{notation}
\begin{proof}
Separate two distinct points by a product of open sets.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "spaces.tex", core.FormatLaTeX, doc)
	if c := provedBy(t, ps, "vanishes exactly"); c.Proof.Text != "A point outside has a ball around it missing the set." {
		t.Errorf("the claim's subproof = %q", c.Proof.Text)
	}
	u := provedBy(t, ps, "Urysohn")
	if u.Proof.Text == "" || u.Proof.Text[:len("Take the distance")] != "Take the distance" {
		t.Errorf("the theorem's proof = %q", u.Proof.Text)
	}
	if d := provedBy(t, ps, "Diagonal"); d.Proof.Text != "Separate two distinct points by a product of open sets." {
		t.Errorf("the proof after a notation = %q", d.Proof.Text)
	}
}

// firstPrintedWord reads past control words, package internals, lengths
// and parameters; printsProof knows a wrapper of proof by the heading it
// gives it.
func TestFirstPrintedWord(t *testing.T) {
	for code, want := range map[string]string{
		`\par\pushQED{\qed}\topsep6\p@\@plus6\p@\relax\trivlist\item[\hskip\labelsep\itshape Beweis\@addpunct{.}]`: "Beweis",
		`\noindent\textbf{Proof:} \hspace{2em}`: "Proof",
		`\par #1 \textit{Lösung}`:               "Lösung",
		`\vspace{1em}`:                          "",
	} {
		if got := firstPrintedWord(code); got != want {
			t.Errorf("firstPrintedWord(%q) = %q, want %q", code, got, want)
		}
	}
	d := scanTeX(`\newenvironment{solution}[1][]{\begin{proof}[Solution#1]}{\end{proof}}
\newenvironment{pf}{\begin{proof}}{\end{proof}}
\newenvironment{demo}[1][Beweis]{\par\textit{#1.}}{}
`)
	for env, want := range map[string]bool{"solution": false, "pf": true, "demo": true} {
		if got := d.printsProof(env, " x", 0); got != want {
			t.Errorf("printsProof(%s) = %v, want %v", env, got, want)
		}
	}
}
