package text

import "strings"

// Thresholds of StatesValidity.
const (
	// minNormative is how many lower-case "must"s, and how many judgements
	// of invalid input, make a standard's rules.
	minNormative = 10
	// normativeShare is the words a text may have for each of them
	// together.
	normativeShare = 200
)

// StatesValidity reports whether s states rules of validity as a standard
// does: at least ten lower-case "must"s and as many judgements of what is
// invalid ("invalid", "not allowed", "not permitted"), together one in
// every 200 words. An API reference says an argument "must be valid"; a
// standard (a data format or a language specified in Markdown) says which
// inputs are not. The content-type classifier and the spec extractor both
// read a document by it, so the two agree.
func StatesValidity(s string) bool {
	musts, invalid, words := 0, 0, 0
	prevNot := false
	EachWord(s, func(w string, _, _ int) {
		words++
		switch {
		case w == "must":
			musts++
		case strings.EqualFold(w, "invalid"):
			invalid++
		case prevNot && (w == "allowed" || w == "permitted"):
			invalid++
		}
		prevNot = strings.EqualFold(w, "not")
	})
	return musts >= minNormative && invalid >= minNormative && (musts+invalid)*normativeShare >= words
}
