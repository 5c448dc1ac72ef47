package merge

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// inWork is stated from one document of the work learned from book/.
func inWork(doc string, p core.Primitive) core.Primitive {
	p.Provenance.Source, p.Provenance.Document = "book/", doc
	return p
}

// Two statements of one name and kind from one work — the book and the
// slides beside it — are never a question for a person, whatever the
// comparator made of them: a restatement keeps the fuller statement (the
// book's updates the slide's; the slide's is skipped with where else it is
// stated), and two results of one title (a definition for the reals and
// its generalisation to metric spaces) are kept apart. From two works, the
// same pair is a conflict as before.
func TestMergeSameWorkNeverAsks(t *testing.T) {
	book := stated("m-surjective", "Surjective", core.Definition, "0.3 Functions",
		"Let $f \\colon A \\to B$ be a function. If $f(A) = B$, then we say $f$ is surjective or onto. In other words, $f$ is surjective if the range and the codomain of $f$ are equal.")
	slide := stated("m-surjective", "Surjective", core.Definition, "Functions",
		"If $f(A) = B$, then $f$ is surjective, onto, or a surjection.")
	reals := stated("m-sequence", "Sequence", core.Definition, "2.1 Sequences",
		"A sequence is a function $x \\colon \\mathbb{N} \\to \\mathbb{R}$. We write $x_n$ for its $n$th element.")
	metric := stated("m-sequence", "Sequence", core.Definition, "Metric spaces",
		"A sequence is a function $x \\colon \\mathbb{N} \\to X$. We write $x_n$ for its $n$th element.")
	conflict := &core.Comparison{Class: core.OverlappingDistinct, Confidence: 0.4}
	for _, c := range []struct {
		name         string
		stored, cand core.Primitive
		want         core.MergeAction
		says         string
	}{
		{"book after slide", inWork("slides/0.3.tex", slide), inWork("book.tex", book), core.ActionUpdate, "same work in full"},
		{"slide after book", inWork("book.tex", book), inWork("slides/0.3.tex", slide), core.ActionSkip, "Also stated in slides/0.3.tex"},
		{"generalisation", inWork("book.tex", reals), inWork("slides/7.3.tex", metric), core.ActionAdd, "added apart"},
		{"book's displays after slide", inWork("slides/0.3.tex", stated("m-union", "Union", core.Definition, "Sets",
			"(i) A union of two sets $A$ and $B$: $A \\cup B \\coloneqq \\{ x : x \\in A \\text{ or } x \\in B \\}$. (ii) An intersection of two sets $A$ and $B$: $A \\cap B \\coloneqq \\{ x : x \\in A \\text{ and } x \\in B \\}$.")),
			inWork("book.tex", stated("m-union", "Union", core.Definition, "0.3 Sets",
				"(i) A union of two sets $A$ and $B$ is defined as $$ A \\cup B \\coloneqq \\{ x : x \\in A \\text{ or } x \\in B \\}. $$ (ii) An intersection of two sets $A$ and $B$ is defined as $$ A \\cap B \\coloneqq \\{ x : x \\in A \\text{ and } x \\in B \\}. $$")),
			core.ActionUpdate, "same work in full"},
		{"one numbered result, two editions", inWork("hott-letter.tex", stated("m-thm", "Theorem 8.8.1", core.Theorem, "Whitehead",
			"If $f \\colon A \\to B$ induces an isomorphism on $\\pi_0$, then $f$ is an equivalence.")),
			inWork("hott-a4.tex", stated("m-thm", "Theorem 8.8.1", core.Theorem, "Whitehead",
				"If $f \\colon A \\to B$ induces an isomorphism on $\\pi_0$ and every $\\pi_n$, then $f$ is an equivalence.")),
			core.ActionUpdate, "same work in full"},
		{"two works", slide, func() core.Primitive { p := book; p.Provenance.Source = "other/"; return p }(), core.ActionConflict, ""},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		ex, cand := c.stored, c.cand
		cmp := *conflict
		cmp.ExistingID = ex.ID
		r := e.mustMerge(&cand, &cmp, &ex)
		if r.Action != c.want || !strings.Contains(r.Provenance.Rationale, c.says) {
			t.Errorf("%s: %s (%s), want %s saying %q", c.name, r.Action, r.Provenance.Rationale, c.want, c.says)
		}
	}
}

// One document's two statements of one name read in one run (a definition
// on a vector space, its generalisation to a manifold chapters later) are
// the author's, kept apart, and so are they when the document is learned
// again unchanged (the same bytes, read better); the document changed since
// is another edition, whose changed statement is a question.
func TestMergeSameDocumentOnlyWithinARun(t *testing.T) {
	open := stated("m-form", "Differential form", core.Definition, "Differential forms",
		"A differential $k$-form on $U$ is a smooth map $\\alpha \\colon U \\to \\Lambda^k(V^\\vee)$.")
	manifold := stated("m-form", "Differential form", core.Definition, "Forms on manifolds",
		"A differential $k$-form on a manifold $M$ is a collection of $k$-forms $\\alpha_i$ on each chart $E_i$.")
	for _, c := range []struct {
		session, bytes string
		want           core.MergeAction
	}{{"s1", "a", core.ActionAdd}, {"s0", "a", core.ActionAdd}, {"s0", "b", core.ActionConflict}} {
		e := New(Options{Session: "s1", Now: clock()})
		ex, cand := inWork("book.tex", open), inWork("book.tex", manifold)
		ex.Provenance.Session, ex.Provenance.SHA256, cand.Provenance.SHA256 = c.session, c.bytes, "a"
		r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.OverlappingDistinct, Confidence: 0.3}, &ex)
		if r.Action != c.want {
			t.Errorf("stored in %s from %s: %s (%s), want %s", c.session, c.bytes, r.Action, r.Provenance.Rationale, c.want)
		}
	}
}
