package extract

import (
	"regexp"
	"strings"
	"testing"
)

// TestMarkedResultsReadsLinesAsThePatternDid checks markedResults, which
// reads a document line by line, against the line-anchored pattern it
// replaced, on lines that open a numbered result and lines that nearly do.
func TestMarkedResultsReadsLinesAsThePatternDid(t *testing.T) {
	pattern := regexp.MustCompile(`(?m)^[ \t]*[*_]*(?:Theorem|Lemma|Proposition|Corollary|Definition)[ \t]+[0-9]`)
	lines := []string{
		"Theorem 1", "  **Lemma 2.3** Let x", "\t_Definition\t4_", "*_Corollary 5", "Proposition  12",
		"Theorems 1", "Theorem x", "Theorem", "Theorem ", "The Theorem 1", "*_ *Theorem 1", "theorem 1",
		"Lemma\r", "Definition 3\r", "  ", "", "**", "Corollary:1", "Lemma1", "__Proposition 9",
	}
	for _, a := range lines {
		for _, b := range lines {
			for _, c := range lines {
				doc := a + "\n" + b + "\n" + c
				for _, limit := range []int{1, 2, 3} {
					want := len(pattern.FindAllStringIndex(doc, limit))
					if got := markedResults(doc, limit); got != want {
						t.Fatalf("markedResults(%q, %d) = %d, the pattern finds %d", doc, limit, got, want)
					}
				}
			}
		}
	}
	if got := markedResults(strings.Repeat("Theorem 1\n", 5), 2); got != 2 {
		t.Errorf("markedResults stops at its limit: got %d, want 2", got)
	}
}
