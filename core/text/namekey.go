package text

import (
	"strings"
	"unicode"
)

// genericNameWords name a kind of statement or a place in a text, not a
// subject: "Theorem 2.1", "Example 3" and "Lemma A" of two books are not
// one concept, so a name made only of these, numbers, single letters and
// stopwords has no NameKey.
var genericNameWords = map[string]bool{
	"definition": true, "definitions": true, "theorem": true, "theorems": true, "lemma": true, "lemmas": true,
	"proposition": true, "corollary": true, "remark": true, "remarks": true, "example": true, "examples": true,
	"exercise": true, "exercises": true, "problem": true, "problems": true, "solution": true, "proof": true,
	"axiom": true, "axioms": true, "claim": true, "fact": true, "note": true, "notes": true, "notation": true,
	"conjecture": true, "observation": true, "question": true, "answer": true, "algorithm": true,
	"procedure": true, "section": true, "chapter": true, "part": true, "case": true, "step": true,
	"figure": true, "table": true, "equation": true, "formula": true, "appendix": true, "summary": true,
	"introduction": true, "exploration": true, "activity": true, "investigate": true, "preview": true,
	"checkpoint": true, "principle": true, "rule": true, "property": true, "unnamed": true, "untitled": true,
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
