package extract

import "testing"

// A theorem-like environment the author declares ("Step", "Problem") is a
// labelled block of prose, whatever its display holds: its formula split
// at its operators is no pseudo-code.
func TestDeclaredTheoremIsNoPseudocode(t *testing.T) {
	src := `\declaretheorem[name=Step]{step}
\newtheorem{problem}{Problem}[chapter]
\newtheorem{sproblem}[problem]{Problem}
\section{Integrals}
\begin{step}
	[Absolutely integrable functions]
	If $f \colon \Omega \to [-\infty, \infty]$ is absolutely integrable,
	then we define
	\[ \int_\Omega f \; d\mu = \int_\Omega |f^+| \; d\mu
		- \int_\Omega |f^-| \; d\mu. \]
\end{step}

\begin{sproblem}
	[Wedge product cohomology]
	For any $G$ and $n$ we have
	\[
		H^n(X \vee Y; G)
		\cong
		H^n(X; G) \oplus H^n(Y; G).
	\]
\end{sproblem}
`
	if algs := algorithmsOf(t, src); len(algs) > 0 {
		t.Errorf("declared theorem-like blocks read as algorithms: %q", algNames(algs))
	}
}

// A figure of inference rules (mathpar, \inferrule) is mathematics: its
// rules' side conditions (\text{if injections}) are no rows of
// pseudo-code.
func TestInferenceRulesAreNoPseudocode(t *testing.T) {
	src := `\section{Natural deduction}
\begin{figure}
  \centering
  \begin{mathpar}
  \inferrule*[right=exchange]{\Gamma,A,B,\Delta\types C}{\Gamma,B,A,\Delta\types C}\\
  \inferrule*[right=weakening]{\Gamma,\Delta\types C}{\Gamma,A,\Delta\types C}\;\text{if injections}\subseteq\fS\\
  \inferrule*[right=contraction]{\Gamma,A,A,\Delta\types C}{\Gamma,A,\Delta\types C}\;\text{if surjections}\subseteq\fS\\
  \inferrule{\types A\type}{A\types A}\and
  \inferrule{\Gamma\types A \\ \Delta\types B}{\Gamma,\Delta\types A\tensor B}\;\tensorI\and
  \inferrule{ }{\ec\types \one}\;\one I\and
  \inferrule{\Gamma\types A\meet B}{\Gamma\types A}\;\meetE1
  \end{mathpar}
  \caption{Natural deduction for closed $\fS$-monoidal lattices}
\end{figure}
`
	if algs := algorithmsOf(t, src); len(algs) > 0 {
		t.Errorf("inference rules read as an algorithm: %q", algNames(algs))
	}
}

// The same for a display of rules standing alone, set with a macro of
// the author's (\types) lore has no definition of.
func TestMathparIsNoPseudocode(t *testing.T) {
	src := `\section{Sequents}
Some rules follow.
  \begin{mathpar}
  \inferrule*[right=swap]{\Gamma,A,B,\Delta\types C}{\Gamma,B,A,\Delta\types C}\\
  \inferrule*[right=drop]{\Gamma,\Delta\types C}{\Gamma,A,\Delta\types C}\;\text{if weakening}\subseteq\fS\\
  \inferrule{\Gamma\types A}{\Gamma\types A\vee B}
  \end{mathpar}
`
	if algs := algorithmsOf(t, src); len(algs) > 0 {
		t.Errorf("a display of rules read as an algorithm: %q", algNames(algs))
	}
}

// An exercise the author declares theorem-like is skipped whole, as an
// exercise environment is: the tasks it sets are no algorithm.
func TestDeclaredExerciseIsSkippedWhole(t *testing.T) {
	src := `\newtheorem{exercise}{Exercise}[chapter]
\newtheorem{sproblem}{Problem}
\section{Phase diagrams}
\begin{exercise}
Let $x'=(x-1)(x-3)x^2$.
\begin{tasks}
\task Sketch the phase diagram and find critical points.
\task Classify the critical points.
\task If $x(0)=0.5$, then find $\lim_{t\to\infty} x(t)$.
\end{tasks}
\end{exercise}
\begin{sproblem}
\begin{tasks}
\task Show there are two spiral sinks.
\task For any initial point $(0,y_0)$, find the trajectory.
\task If $x_0 > 0$, can a trajectory spiral in? Why?
\end{tasks}
\end{sproblem}
`
	if algs := algorithmsOf(t, src); len(algs) > 0 {
		t.Errorf("an exercise's tasks read as an algorithm: %q", algNames(algs))
	}
}
