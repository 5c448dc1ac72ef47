package merge

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
)

// A book learned from its PreTeXt source and then from its EPUB: the
// EPUB's statements are the source's rendered (set braces and script
// marks gone, Greek letters and dots as characters). Such a pair was held
// as a conflict over a "changed" number or formula, or added apart as a
// second result; it is one statement stated again, and a formula that
// does change is still a conflict.
func TestMergeRenderedStatementIsNoChangeOfMeaning(t *testing.T) {
	for _, c := range []struct {
		name, source, rendered string
		conflict               bool
	}{
		{"Set braces", `$\{, \}$: Braces enclose the members of a set, so $\{2,4,6\}$ is the set holding 2, 4 and 6.`,
			`Braces enclose the members of a set, so 2,4,6 is the set holding 2, 4 and 6.`, false},
		{"Recurrence", `Given a recurrence $a_n = a_{n-1} + 2$ with $a_0 = 1$, the sequence $(a_n)_{n \ge 0}$ has closed formula $a_n = 2n + 1$.`,
			`Given a recurrence a_n=a_n−1+2 with a_0=1, the sequence (a_n)n≥0 has closed formula an=2n+1.`, false},
		{"Recurrence", `Given a recurrence relation $a_n + \alpha a_{n-1} + \beta a_{n-2} = 0$, the characteristic polynomial is $$ x^2 + \alpha x + \beta $$.`,
			`Given a recurrence relation a_n+αa_n−1+βa_n−2=0, the characteristic polynomial is x^2+αx+β.`, false},
		{"Triangles", `The triangular numbers: the sequence $(T_n)_{n \ge 1}$ has closed formula $T_n = \frac{n(n+1)}{2}$.`,
			`The triangular numbers: the sequence (T_n)n≥1 has closed formula Tn=n(n+1)/2.`, false},
		// A formula that changes is still a change.
		{"Squares", `$1, 4, 9, \ldots$: The squares. The sequence $(s_n)_{n \ge 1}$ has closed formula $s_n = n^2$`,
			`The squares. The sequence (s_n)n≥1 has closed formula sn=n^3`, true},
	} {
		ex := core.Primitive{ID: "src", Name: c.name, Type: core.Definition, Domain: "foundations", FormalStatement: c.source,
			Keywords: []string{"set", "sequence"}, Provenance: core.Provenance{Document: "book.ptx"}}
		cand := ex
		cand.ID, cand.FormalStatement, cand.Provenance = "epub", c.rendered, core.Provenance{Document: "book.epub"}
		cmp := dedup.Compare(&cand, &ex)
		if cmp.Class == core.GenuinelyNew {
			t.Fatalf("setup: %q against its source: %s", c.rendered, cmp.Class)
		}
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &cmp, &ex)
		switch {
		case c.conflict && r.Action != core.ActionConflict:
			t.Errorf("%q\nagainst %q (%s): %s (%s), want a conflict", c.rendered, c.source, cmp.Class, r.Action, r.Provenance.Rationale)
		case !c.conflict && r.Action != core.ActionSkip && r.Action != core.ActionUpdate:
			t.Errorf("%q\nagainst %q (%s): %s (%s), want the stored statement, once", c.rendered, c.source, cmp.Class, r.Action, r.Provenance.Rationale)
		}
	}
}
