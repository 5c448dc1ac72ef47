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

// A change inside quotes or a code span is no negation, but it is a
// change: what the program prints, or what a person types, is another
// literal. It is named as such, with both literals.
func TestQuotedTextChangeIsADifference(t *testing.T) {
	for _, c := range []struct{ stored, cand, want string }{
		{`The health check endpoint GET /healthz answers with status 200 and prints "ok" while the service is ready.`,
			`The health check endpoint GET /healthz answers with status 200 and prints "no" while the service is ready.`,
			`quoted text differs: stored "ok", candidate "no"`},
		{"If the tree is clean, git status prints ``clean''.",
			"If the tree is clean, git status prints ``nothing to commit''.",
			`quoted text differs: stored "clean", candidate "nothing to commit"`},
		{"To discard the change, answer `n` when `git add -p` asks.",
			"To discard the change, answer `y` when `git add -p` asks.",
			`quoted text differs: stored "n", candidate "y"`},
		{`Typing \texttt{yes} at the prompt overwrites the file.`,
			`Typing \texttt{no} at the prompt overwrites the file.`,
			`quoted text differs: stored "yes", candidate "no"`},
	} {
		got := MeaningChanges(c.cand, c.stored)
		if len(got) != 1 || got[0].Kind != MeaningQuoted || got[0].String() != c.want {
			t.Errorf("%q against %q: %v, want %s", c.cand, c.stored, got, c.want)
		}
	}
	// The same literal quoted otherwise, or not quoted, is no change.
	for _, c := range []struct{ stored, cand string }{
		{`The endpoint prints "ok" while the service is ready.`, "The endpoint prints `ok` while the service is ready."},
		{`The endpoint prints "ok" while the service is ready.`, `The endpoint prints ok while the service is ready.`},
	} {
		if got := MeaningChanges(c.cand, c.stored); len(got) != 0 {
			t.Errorf("%q against %q: %v, want no change", c.cand, c.stored, got)
		}
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
