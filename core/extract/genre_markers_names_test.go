package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A word a rendered book sets in bold in parentheses before its term,
// "The (**pairwise**) **union**" (tex4ht's HTML of "(\textbf{pairwise})
// \textbf{union}"), is part of that term, as the LaTeX reading names it;
// bold terms set apart by a comma stay two.
func TestOptionalWordOfMarkedTerm(t *testing.T) {
	doc := `## 2 Sets

**Definition 2.1** Let X and Y be sets. The (**pairwise**) **union** of X and Y is the set of elements of X or of Y.

**Definition 2.2** A (**two-sided**)  **inverse** for f is a function g which is both a left inverse and a right inverse for f.

**Definition 2.3** A function is **injective**, **surjective** or both when its values say so.
`
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	for stmt, want := range map[string]string{
		"elements of X or of Y":    "Pairwise Union",
		"left inverse and a right": "Two-sided Inverse",
		"when its values say so":   "Injective Function",
	} {
		if p := withStatement(t, ps, stmt); p.Name != want {
			t.Errorf("%q named %q, want %q", stmt, p.Name, want)
		}
	}
}

func TestEmphTermJoinsOptionalWord(t *testing.T) {
	for in, want := range map[string]string{
		"The (**pairwise**) **union** of X": "pairwise union",
		"A (*indexed*) *family of sets* is": "indexed family of sets",
		"The (**pairwise**) *union* of X":   "pairwise",
		"**injective**, **surjective**":     "injective",
		"(**a**) b **c**":                   "a",
		"no emphasis here":                  "",
	} {
		if got := emphTerm(in); got != want {
			t.Errorf("emphTerm(%q) = %q, want %q", in, got, want)
		}
	}
}
