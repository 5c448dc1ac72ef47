package extract

import (
	"strings"
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

// A proof's title may name its result and then refer to it in
// parentheses ("of Wilson's theorem (\Cref{x})"): it proves that result,
// though exercises come between; a title that refers to a result it does
// not name as its own ("using the method of (\ref{x})") does not.
func TestProofTitleNamesResultThenRefers(t *testing.T) {
	doc := `\documentclass{book}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{exercise}[theorem]{Exercise}
\begin{document}
\chapter{Numbers}
\section{Congruences}
\begin{theorem}[Wilson's theorem]\label{thmWilson}
A modulus $n > 1$ is prime if and only if $(n-1)! \equiv -1 \bmod n$.
\end{theorem}
\begin{exercise}
Prove that a composite $n > 4$ divides $(n-1)!$.
\end{exercise}
\begin{proof}[of Wilson's theorem (\Cref{thmWilson})]
Pair the units with their inverses.
\end{proof}
\begin{theorem}[Fermat's little theorem]\label{thmFermat}
For a prime $p$ and $a$ coprime to $p$, $a^{p-1} \equiv 1 \bmod p$.
\end{theorem}
\begin{exercise}
Compute $2^{10} \bmod 11$.
\end{exercise}
\begin{proof}[Proof using the method of (\ref{thmWilson})]
Not a proof of Fermat's theorem.
\end{proof}
\end{document}
`
	ps := extractDoc(t, "numbers.tex", core.FormatLaTeX, doc)
	if w := provedBy(t, ps, "Wilson"); w.Proof.Text != "Pair the units with their inverses." {
		t.Errorf("the proof naming Wilson's theorem = %q", w.Proof.Text)
	}
	if f := provedBy(t, ps, "Fermat"); f.Proof.Text != "" {
		t.Errorf("a proof after an exercise went to Fermat's theorem: %q", f.Proof.Text)
	}
}

// A declared environment titled as a sketch of a proof ("Idea of proof")
// is the result's sketch, and the proof after it still the result's; a
// strategy set between a result and its proof is read past, and a
// "Proof tip" is no proof.
func TestDeclaredSketchAndStrategy(t *testing.T) {
	doc := `\documentclass{book}
\usepackage{thmtools}
\declaretheorem[numberwithin=section, name=Theorem]{theorem}
\declaretheorem[numbered=no, name=Proof]{cproof}
\declaretheorem[numbered=no, name=Idea of proof]{cidea}
\declaretheorem[numbered=no, name={Proof tip}]{prooftip}
\declaretheorem[numbered=no, name={Strategy}]{strategy*}
\begin{document}
\chapter{Induction}
\section{Strong induction}
\begin{theorem}[Well-ordering principle]
Every inhabited set of natural numbers has a least element.
\end{theorem}
\begin{cidea}
Force the set up by strong induction.
\end{cidea}
\begin{cproof}
Suppose the set has no least element and show by strong induction it is empty.
\end{cproof}
\begin{theorem}[Division theorem]
For integers $a$ and $b \ne 0$ there are unique $q$ and $r$ with $a = qb + r$.
\end{theorem}
\begin{strategy*}
Subtract $b$ until the remainder is least.
\end{strategy*}
\begin{cproof}
Take the least nonnegative remainder.
\end{cproof}
\begin{prooftip}
Write what you assume first.
\end{prooftip}
\end{document}
`
	ps := extractDoc(t, "induction.tex", core.FormatLaTeX, doc)
	w := provedBy(t, ps, "Well-ordering")
	if w.Proof.Sketch != "Force the set up by strong induction." || w.Proof.Text != "Suppose the set has no least element and show by strong induction it is empty." {
		t.Errorf("the theorem's sketch and proof = %q, %q", w.Proof.Sketch, w.Proof.Text)
	}
	if d := provedBy(t, ps, "Division"); d.Proof.Text != "Take the least nonnegative remainder." {
		t.Errorf("the proof after a strategy = %q", d.Proof.Text)
	}
	for _, title := range []string{"Proof tip", "Strategy"} {
		if proofTitle(title) {
			t.Errorf("proofTitle(%q) = true", title)
		}
	}
	for _, title := range []string{"Proof", "Sketch of proof", "Idea of proof", "Proof idea", "Beweisidee", "Beweis"} {
		if !proofTitle(title) {
			t.Errorf("proofTitle(%q) = false", title)
		}
	}
}

// An environment whose title lore knows as no kind, numbered with the
// theorems and proved ("Construction", a sibling of theorem, itself
// numbered with the subsection), is a result; one never proved
// ("Ejemplo") is not; its "implementation", a \def'd
// environment that opens a proof headed "Implementation of …", is its
// proof.
func TestSiblingOfTheoremAndDefProof(t *testing.T) {
	doc := `\documentclass{book}
\usepackage{thmtools}
\declaretheorem[sibling=subsection,style=thm]{theorem}
\declaretheorem[sibling=theorem,style=thm]{construction}
\declaretheorem[sibling=theorem,style=thm]{remark}
\declaretheorem[sibling=theorem,style=def]{ejemplo}
\def\implementation#1{\proof[Implementation of \cref{#1}]}
\def\endimplementation{\endproof}
\begin{document}
\chapter{Paths}
\section{Maps}
\subsection{Functoriality}
\begin{construction}\label{con:ap}
Given a function $f$ and paths $p$ and $q$, we have an identification of $f(q p)$ with $f(q) f(p)$.
\end{construction}
\begin{implementation}{con:ap}
By induction on both paths, one reduces to the reflexivity path, where both sides agree by definition.
\end{implementation}
\begin{construction}
For a path $p$ we have a path $p^{-1}$ back.
\end{construction}
\begin{implementation}{con:ap}
By induction on $p$.
\end{implementation}
\begin{remark}
Functions act on paths the way they act on points.
\end{remark}
\begin{ejemplo}
The constant function takes every path to the constant path at its value.
\end{ejemplo}
\end{document}
`
	ps := Extract(oneSection(doc, core.FormatLaTeX, core.Textbook), Options{})
	c := provedBy(t, ps, "identification of")
	if c.Type != core.Theorem {
		t.Errorf("construction read as %s", c.Type)
	}
	if !strings.HasPrefix(c.Proof.Text, "By induction on both paths") {
		t.Errorf("construction's proof = %q, want its implementation", c.Proof.Text)
	}
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "the way they act") || strings.Contains(p.FormalStatement, "constant path") {
			t.Errorf("a remark or an example read as %s %q", p.Type, p.Name)
		}
	}
}

// Environments titled in Chinese or Russian are the kinds their titles
// say, and so are their proofs.
func TestChineseAndRussianTitles(t *testing.T) {
	doc := "\\documentclass{book}\n\\newtheorem{theo}{定理}\n\\newtheorem{opr}{Определение}\n\\newtheorem{dokaz}{Доказательство}\n\\begin{document}\n\\chapter{A}\n" +
		"\\begin{theo}[Intermediate value]\nIf $f$ is continuous on $[a,b]$ and $f(a) f(b) < 0$, then $f$ has a root in $(a,b)$.\n\\end{theo}\n" +
		"\\begin{dokaz}\nBisect the interval and keep the half whose ends differ in sign.\n\\end{dokaz}\n" +
		"\\begin{opr}\nA \\emph{root} of $f$ is a number $x$ with $f(x) = 0$.\n\\end{opr}\n\\end{document}\n"
	ps := Extract(oneSection(doc, core.FormatLaTeX, core.Textbook), Options{})
	thm := provedBy(t, ps, "has a root")
	if thm.Type != core.Theorem || !strings.HasPrefix(thm.Proof.Text, "Bisect the interval") {
		t.Errorf("theorem %s %q proof %q", thm.Type, thm.Name, thm.Proof.Text)
	}
	if d := provedBy(t, ps, "with $f(x) = 0$"); d.Type != core.Definition {
		t.Errorf("definition read as %s", d.Type)
	}
}
