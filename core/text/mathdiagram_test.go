package text

import "testing"

// A commutative diagram reads as its arrows, each from the object it
// leaves to the one it reaches with its labels, and its lone objects:
// nothing of it is dropped, none of its styling shown.
func TestReadableMathDiagrams(t *testing.T) {
	for in, want := range map[string]string{
		// tikz-cd's shorthand arrows, a label, a style, the sentence's comma
		`$$ \begin{tikzcd} A \rar \dar["i"] & X \dar["p"] \\ B \rar \uar[dashed] & Y, \end{tikzcd} $$`:                                                        `A → X; A –i→ B; X –p→ Y; B → Y; B ⇢ A,`,
		`$$ \begin{tikzcd} \tilde{S} \rar \dar & S \dar["0 \textrm{ derivation}"] \\ S \rar[swap, "\textrm{any derivation}"] & S \oplus M[1] \end{tikzcd} $$`: `S̃ → S; S̃ → S; S –0 derivation→ S ⊕ M[1]; S –any derivation→ S ⊕ M[1]`,
		// \arrow with directions, labels with their own options, hooks,
		// a diagonal, options of the diagram, a row's spacing
		`$\begin{tikzcd}[column sep=large] U \arrow[r, hook, "\iota"] \arrow[dr, "f"'] & X \arrow[d, "g" near start] \\[1em] & Y \end{tikzcd}$`: `U –ι↪ X; U –f→ Y; X –g→ Y`,
		// from= and to=, an object no arrow touches
		`$\begin{tikzcd} A & B \\ C & D \arrow[from=1-1, to=2-2, "h"] \end{tikzcd}$`: `A –h→ D; B; C`,
		// xy: specifications, directions, labels above, below and on
		`$\xymatrix@R=2pc{A \ar[r]^f \ar[d]_{g} & B \ar@{-->}[d]|h \\ C \ar@/_1pc/[r]^-{k} & D}$`: `A –f→ B; A –g→ C; B –h⇢ D; C –k→ D`,
		// an interval's bracket in a cell, blanks before xy's
		// specification, a label with a comma
		`$\xymatrix{[0,1) \ar @{^{(}->} [r] & \mathbb{R}}$`:         `[0,1) ↪ ℝ`,
		`$\begin{tikzcd} A \arrow[r, "{(a, b)}"] & B \end{tikzcd}$`: `A –(a, b)→ B`,
		// amscd
		`$\begin{CD} A @>f>> B \\ @VgVV @AAhA \\ C @= D \end{CD}$`: `A –f→ B; A –g→ C; C = D; D –h→ B`,
	} {
		if got := ReadableMath(in); got != want {
			t.Errorf("ReadableMath(%q)\n = %q\nwant %q", in, got, want)
		}
		if d := ReadableDrops(in); d != nil {
			t.Errorf("ReadableDrops(%q) = %v", in, d)
		}
	}
}

// The guard asks for a diagram's labels: a reading that lost them is
// flagged.
func TestReadableDropsDiagramLabels(t *testing.T) {
	toks := keepTokens(`\begin{tikzcd} A \arrow[r, "\phi", dashed] & B \end{tikzcd} and @>u>v> and \ar[d]^{w}`)
	var got string
	for _, tk := range toks {
		got += string(tk.shows)
	}
	if want := "AφBanduvandw"; got != want {
		t.Errorf("keepTokens reads %q, want %q", got, want)
	}
}
