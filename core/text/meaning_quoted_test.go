package text

import "testing"

// A negation inside quotes or a code span is what a program prints or a
// person types, not the statement's claim: adding "no" as quoted output,
// or `cannot` inside a command's message, changes no meaning. Outside
// them it still does.
func TestQuotedNegationIsNoChange(t *testing.T) {
	for _, c := range []struct{ stored, cand string }{
		{`The command answers "yes" when the file exists.`,
			`The command answers "yes" when the file exists and "no" otherwise.`},
		{"When the file exists, `ls FILE` prints its name.",
			"When the file exists, `ls FILE` prints its name; `ls: cannot access` otherwise."},
		{`Typing \texttt{y} at the prompt overwrites the file.`,
			`Typing \texttt{y} at the prompt overwrites the file, \texttt{n} or \texttt{no} keeps it.`},
		{"If the tree is clean, git status prints ``clean''.",
			"If the tree is clean, git status prints ``nothing to commit''."},
	} {
		if got := MeaningChanges(c.cand, c.stored); len(got) != 0 {
			t.Errorf("%q against %q: %v, want no change", c.cand, c.stored, got)
		}
	}
	got := MeaningChanges(`The command answers "yes" when the file does not exist.`, `The command answers "yes" when the file exists.`)
	if len(got) != 1 || got[0].Kind != MeaningNegation {
		t.Errorf("a negation outside the quotes: %v", got)
	}
}

// Two statements that are one text once their mathematics is spelled one
// way (CanonicalMath: \N and ℕ, \not= and \neq) say the same: no change.
func TestOtherNotationIsNoChange(t *testing.T) {
	for _, c := range []struct{ stored, cand string }{
		{`For every $n \in \N$ we have $n \le 2^n$.`, `For every n ∈ ℕ we have n ≤ 2^n.`},
		{`If $x \ne 0$ then $x^2 > 0$.`, `If $x \not= 0$ then $x^2 > 0$.`},
	} {
		if got := MeaningChanges(c.cand, c.stored); len(got) != 0 {
			t.Errorf("%q against %q: %v, want no change", c.cand, c.stored, got)
		}
	}
}
