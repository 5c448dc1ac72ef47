package text

import "testing"

// A statement in other connective words or other notation is one
// statement; a word of substance, a negation, a quantifier, a symbol or
// the order of the mathematics that differs makes two.
func TestReworded(t *testing.T) {
	const function = `A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`
	for _, c := range []struct {
		a, b  string
		words bool // OtherWords
	}{
		{function, `A function $f\colon A\to B$ is a relation between sets A and B given by exactly one image $f(a) \in B$ for every $a \in A$.`, true},
		{"The kernel of a homomorphism is a normal subgroup.", "The kernel of a homomorphism is such that it is a normal subgroup.", true},
	} {
		if !Reworded(c.a, c.b) || OtherWords(c.a, c.b) != c.words {
			t.Errorf("%q and %q: Reworded %v, OtherWords %v; want one statement in other words", c.a, c.b, Reworded(c.a, c.b), OtherWords(c.a, c.b))
		}
	}
	for _, b := range []string{
		`A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for some $a \in A$.`,
		`A function $f: A \to B$ is a relation between finite sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`,
		`A function $f: B \to A$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`,
		`A function $f: A \to B$ is a relation between sets A or B with exactly one image $f(a) \in B$ for every $a \in A$.`,
		`A function $f: A \to B$ is not a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`,
		`A function $f: A \to B$ is a relation between sets A and B with at most one image $f(a) \in B$ for every $a \in A$.`,
		`A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \notin B$ for every $a \in A$.`,
	} {
		if Reworded(function, b) || OtherWords(function, b) {
			t.Errorf("%q is read as a rewording of %q", b, function)
		}
	}
	// One text in other notation, or spaced otherwise, is not "other
	// words".
	for _, b := range []string{
		`A function $f\colon A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`,
		`A  function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`,
	} {
		if OtherWords(function, b) {
			t.Errorf("%q: other words, want other notation or the same text", b)
		}
	}
	if !OtherNotation(function, `A function $f\colon A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`) ||
		OtherNotation(function, function) {
		t.Error("OtherNotation")
	}
}
