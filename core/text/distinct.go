package text

import (
	"strings"
	"unicode"
)

// DistinctPhrase is the first two words in a row of stmt's prose that
// neither the other statement nor the name holds (stopwords, words of
// fewer than three letters and words without a letter aside): what the
// one is about that the other is not ("metric space" of a sequence in a
// metric space beside a sequence of reals); failing two in a row, the
// first such word ("Cauchy"); "" when there is none. Two
// results sharing a title are told apart by it, never by a count.
func DistinctPhrase(stmt, other, name string) string {
	seen := map[string]bool{}
	for _, w := range Words(Prose(other) + " " + name) {
		seen[Stem(w)] = true
	}
	var run []string
	one, found := "", false
	prose := Prose(stmt)
	EachWord(prose, func(w string, start, end int) {
		if found {
			return
		}
		if IsStopword(w) || seen[Stem(w)] || !strings.ContainsFunc(w, unicode.IsLetter) || len(w) < 3 {
			run = run[:0]
			return
		}
		// As the statement spells it: "Cauchy", not "cauchy".
		if start >= 0 && end <= len(prose) && start < end && strings.EqualFold(prose[start:end], w) {
			w = prose[start:end]
		}
		if one == "" {
			one = w
		}
		if run = append(run, w); len(run) == 2 {
			found = true
		}
	})
	if found {
		return strings.Join(run, " ")
	}
	return one
}
