package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func placed(p core.Primitive, re, im float64, doc string) core.Primitive {
	p.Plane = core.PlanePosition{Real: re, Imaginary: im}
	p.Provenance.Document = doc
	return p
}

// A statement with one keyword, read again in another rendering, is its
// source's statement though the two share one keyword, not the two the
// prefilter asks for; another formula under the same keyword is not.
func TestOneKeywordRestatementIsADuplicate(t *testing.T) {
	stored := placed(named("m-k5", "Theorem 5.3.3 — Non-planar Graphs", core.Theorem, `$K_5$ is not planar.`, "planar"), -0.74, -0.05, "planar.ptx")
	reg := NewIndex()
	reg.Add(stored)
	cand := placed(named("m-k5-epub", "K_5 is not planar", core.Theorem, "K_5 is not planar.", "planar"), -0.73, 0.01, "book.epub")
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), cand); v.Best == nil || v.Best.Class != core.ExactDuplicate || v.Existing.ID != stored.ID {
		t.Errorf("the rendered statement: %+v, want an exact duplicate of %s", v.Best, stored.ID)
	}
	other := placed(named("m-k6-epub", "K_6 is not planar", core.Theorem, "K_6 is not planar.", "planar"), -0.73, 0.01, "book.epub")
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), other); v.Best != nil && v.Best.Class == core.ExactDuplicate {
		t.Errorf("another formula: %+v, want no duplicate", v.Best)
	}
}

// A list item a second rendering reads on its own, whose list the source
// states whole, is a passage of that statement wherever the two lie on
// the plane, and the verdict acts on it rather than on a definition of
// the item's name; a passage with another formula, or of another kind,
// is not one.
func TestPassageOfAStoredStatement(t *testing.T) {
	list := placed(named("m-connectives", "Conjunction and Disjunction", core.Definition,
		`$P \wedge Q$ is read "$P$ and $Q$," and called a conjunction. $P \vee Q$ is read "$P$ or $Q$," and called a disjunction. $P \rightarrow Q$ is read "if $P$ then $Q$," and called an implication or conditional.`,
		"read", "conjunction", "disjunction", "implication", "conditional"), -0.63, 0.18, "statements.ptx")
	def := placed(named("m-implication", "Implication", core.Definition,
		`An implication or conditional is a molecular statement of the form $$ P \rightarrow Q $$ where $P$ and $Q$ are statements.`,
		"implication", "conditional", "molecular", "statement", "form"), -0.2, -0.05, "statements.ptx")
	reg := NewIndex()
	reg.Add(list)
	reg.Add(def)
	item := placed(named("m-implication", "Implication", core.Definition,
		"P→Q is read “if P then Q,” and called an implication or conditional.", "read", "implication", "conditional"), 0.4, 0.6, "book.epub")
	v := checkBoth(t, NewDeduper(reg, DefaultConfig()), item)
	if v.Best == nil || v.Existing.ID != list.ID || v.Best.Class != core.Specialization {
		t.Fatalf("the list item: %+v on %v, want a passage of %s", v.Best, v.Existing, list.ID)
	}
	for _, c := range []core.Primitive{
		placed(named("m-implication", "Implication", core.Definition,
			"P→R is read “if P then R,” and called an implication or conditional.", "read", "implication", "conditional"), 0.4, 0.6, "book.epub"),
		placed(named("m-implication", "Implication", core.Theorem,
			"P→Q is read “if P then Q,” and called an implication or conditional.", "read", "implication", "conditional"), 0.4, 0.6, "book.epub"),
	} {
		if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), c); v.Existing != nil && v.Existing.ID == list.ID {
			t.Errorf("%s %q: %+v on %s, want no passage of it", c.Type, c.FormalStatement, v.Best, list.ID)
		}
	}
}
