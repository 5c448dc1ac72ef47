// Package names offers names for primitives that have only a numbered
// fallback name ("Lemma 1.3.1", "Theorem 2 — Sums of two squares"): the
// name a teacher uses ("Euler's criterion", "triangle inequality") is
// rarely written in the source, so lore proposes candidates, ranked, for a
// person to pick with one key. The package is pure: it reads primitives and
// knows nothing of stores or terminals.
package names

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// kindWords are the words core/extract writes for a result it cannot name
// (kindWord, refKinds and the environment names it upper-cases): a name
// made of one of these and a number is a fallback.
var kindWords = map[string]bool{
	"Theorem": true, "Lemma": true, "Proposition": true, "Corollary": true, "Definition": true,
	"Axiom": true, "Algorithm": true, "Identity": true, "Rule": true, "Principle": true,
	"Fact": true, "Claim": true, "Remark": true, "Example": true, "Exercise": true,
	"Conjecture": true, "Observation": true, "Problem": true, "Question": true, "Note": true,
	"Notation": true, "Technique": true, "Property": true, "Law": true, "Formula": true,
	"Hypothesis": true, "Assumption": true, "Construction": true, "Result": true,
	"Statement": true, "Procedure": true, "Method": true, "Convention": true, "Criterion": true,
	"Thm": true, "Lem": true, "Prop": true, "Cor": true, "Defn": true, "Def": true,
}

// fallbackRE is the shape of a fallback name: a kind word, an optional
// number ("3", "1.2.6", "A.3", "2a"), an optional " — section title", and
// the optional repeat mark core/extract adds to keep names unique
// ("Theorem 3.1 (2)", "Theorem 2").
var fallbackRE = lazyre.New(`^(\p{Lu}\p{Ll}+)(?: ([0-9A-Z][0-9A-Za-z]*(?:[.\-][0-9A-Za-z]+)*))?(?: — (.+?))?(?: \((\d+)\))?$`)

// Fallback reports whether name is a numbered fallback name: a kind and
// a number, optionally followed by " — " and the title of its section
// ("Theorem 3.1", "Proposition 1.2.6 — Using supremum and infimum",
// "Lemma"), as core/extract makes them when the source gives a result no
// name of its own.
func Fallback(name string) bool {
	_, _, ok := parseFallback(name)
	return ok
}

// Title is the section title a fallback name carries after " — " ("" for
// a name without one or a name that is not a fallback).
func Title(name string) string {
	_, t, _ := parseFallback(name)
	return t
}

func parseFallback(name string) (kind, title string, ok bool) {
	m := fallbackRE.FindStringSubmatch(strings.TrimSpace(name))
	if m == nil || !kindWords[m[1]] {
		return "", "", false
	}
	return m[1], m[3], true
}

// NumberDepth is how many parts the number of a numbered name has
// ("Proposition 2.5.5" 3, "Theorem A.3.2 — Rank" 3, "Theorem 3 — Second
// order ODEs" 1), 0 for a name without a kind and number. A book numbers
// its results within its chapters and sections; a deck of slides counts
// them from 1: of two names of one result, the deeper number is the
// book's.
func NumberDepth(name string) int {
	m := fallbackRE.FindStringSubmatch(strings.TrimSpace(name))
	if m == nil || !kindWords[m[1]] || m[2] == "" {
		return 0
	}
	return strings.Count(m[2], ".") + 1
}
