package main

import (
	"strings"
	"unicode"
)

// minOverlap is the least statement overlap for two primitives to be the
// same: formulas, hyphenation and markup differ between forms, the words
// of a statement do not.
const minOverlap = 0.6

// blockConfidence is the confidence lore gives what it reads from
// markup (a theorem environment, a PreTeXt element, a fenced div).
const blockConfidence = 0.95

// bag is the multiset of a statement's normalised words: lower case,
// letters and digits only, words of one letter (formula variables that
// the forms render differently) left out.
func bag(s string) map[string]int {
	m := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len([]rune(w)) < 2 {
			continue
		}
		m[w]++
	}
	return m
}

// overlap is the share of the smaller bag's words the other holds
// (multiset intersection over the smaller size), so that a statement cut
// differently at its end (a PDF block running on into the next paragraph)
// still matches.
func overlap(a, b map[string]int) float64 {
	na, nb := size(a), size(b)
	if na == 0 || nb == 0 {
		return 0
	}
	common := 0
	for w, c := range a {
		common += min(c, b[w])
	}
	small := min(na, nb)
	if small < 3 {
		return 0
	}
	// A tiny statement inside a long one is no match.
	if float64(small)/float64(max(na, nb)) < 0.25 {
		return 0
	}
	return float64(common) / float64(small)
}

func size(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// normName compares names by their words: case, punctuation and a
// trailing period set apart by the forms are not a different name.
func normName(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// nameWords is normName without the words that hold a digit.
func nameWords(s string) string {
	var out []string
	for _, w := range strings.Fields(normName(s)) {
		if !strings.ContainsAny(w, "0123456789") {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
