package text

import (
	"strings"
	"unicode"
)

// genericNameWords name a kind of statement or a place in a text, not a
// subject: "Theorem 2.1", "Example 3" and "Lemma A" of two books are not
// one concept, so a name made only of these, numbers, single letters and
// stopwords has no NameKey.
var genericNameWords = map[string]bool{}

func init() {
	for _, w := range []string{
		"definition", "definitions", "theorem", "theorems", "lemma", "lemmas", "proposition", "corollary", "remark",
		"remarks", "example", "examples", "exercise", "exercises", "problem", "problems", "solution", "proof", "axiom",
		"axioms", "claim", "fact", "note", "notes", "notation", "conjecture", "observation", "question", "answer",
		"algorithm", "procedure", "section", "chapter", "part", "case", "step", "figure", "table", "equation",
		"formula", "appendix", "summary", "introduction", "exploration", "activity", "investigate", "preview",
		"checkpoint", "principle", "rule", "property", "unnamed", "untitled",
	} {
		genericNameWords[w] = true
	}
}

// NameKey is a primitive's name as dedup compares names: its words — runs
// of letters, digits and combining marks — lowercased and joined by single
// spaces, so that "Breadth-first Search", "breadth first search" and
// "Breadth-First search." have one key. It is "" for a name that says
// nothing of a subject (see genericNameWords).
func NameKey(name string) string {
	var words []string
	subject := false
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ToLower(name[start:end])
		start = -1
		words = append(words, w)
		if !subject && len([]rune(w)) >= 2 && !genericNameWords[w] && !IsStopword(w) && !allDigits(w) {
			subject = true
		}
	}
	for i, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(name))
	if !subject {
		return ""
	}
	return strings.Join(words, " ")
}

func allDigits(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}
