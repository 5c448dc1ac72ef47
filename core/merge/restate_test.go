package merge

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book's theorem and the slide restating it under the slide's own
// number, in one work's two documents.
var (
	bookTheorem = inWork("book.tex", stated("b-general", "Theorem 2.1.4 — Second-order linear ODEs", core.Theorem, "2.1",
		"Let $p, q$ be continuous functions. Let $y_1$ and $y_2$ be two linearly independent solutions to the homogeneous equation (2.2). "+
			"Then every other solution is of the form $y = C_1 y_1 + C_2 y_2$."))
	slideTheorem = inWork("slides/2.1.tex", stated("s-general", "Theorem 3 — Second order linear ODEs", core.Theorem, "Document",
		"Let $p, q$ be continuous functions. Let $y_1$ and $y_2$ be two linearly independent solutions to the homogeneous equation "+
			"$y'' + p(x) y' + q(x) y = 0$. Then every other solution is of the form $y = C_1 y_1 + C_2 y_2$."))
	// slideHigher is another result in the same words: the n-th order
	// equation's.
	slideHigher = inWork("slides/2.3.tex", stated("s-higher", "Theorem 3 — Higher order linear ODEs", core.Theorem, "Document",
		"Let $p_0, \\ldots, p_{n-1}$ be continuous functions. Let $y_1, \\ldots, y_n$ be linearly independent solutions to the homogeneous equation "+
			"$y^{(n)} + p_{n-1}(x) y^{(n-1)} + \\cdots + p_0(x) y = 0$. Then every other solution is of the form $y = C_1 y_1 + \\cdots + C_n y_n$."))
)

// Slides restating a book's result under their own name are the book's
// result stated again: one primitive, under the book's numbered name, its
// statement and provenance the book's, with the slide recorded as also
// stating it — whichever of the two is read first. Learning the slide
// again records nothing twice; a result of another equation in the same
// words is not taken for it.
func TestMergeSlidesRestateTheBook(t *testing.T) {
	overlapping := func(ex core.Primitive) *core.Comparison {
		return &core.Comparison{ExistingID: ex.ID, Class: core.OverlappingDistinct, Confidence: 0.5}
	}
	slide := core.StatedIn{Document: "slides/2.1.tex", Section: "Document"}

	// The slide first, the book after it: the book's statement, name and
	// place take the primitive over.
	e := New(Options{Session: "s1", Now: clock()})
	ex, cand := slideTheorem, bookTheorem
	r := e.mustMerge(&cand, overlapping(ex), &ex)
	if r.Action != core.ActionUpdate || len(r.Changes) != 1 || r.Changes[0].After == nil {
		t.Fatalf("book after its slide: %s (%s), want an update of the slide's primitive", r.Action, r.Provenance.Rationale)
	}
	got := r.Changes[0].After
	if got.ID != ex.ID || got.Name != bookTheorem.Name || got.FormalStatement != bookTheorem.FormalStatement ||
		got.Provenance.Document != "book.tex" || got.Provenance.Section != "2.1" || !slices.Equal(got.AlsoStatedIn, []core.StatedIn{slide}) {
		t.Errorf("book after its slide kept %q %q from %s § %s, also stated in %v; want the book's name, statement and place, the slide also stating it",
			got.Name, got.FormalStatement, got.Provenance.Document, got.Provenance.Section, got.AlsoStatedIn)
	}

	// The book first, the slide after it: skipped, its place recorded.
	e = New(Options{Session: "s1", Now: clock()})
	ex, cand = bookTheorem, slideTheorem
	r = e.mustMerge(&cand, overlapping(ex), &ex)
	if r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].After == nil {
		t.Fatalf("slide after its book: %s %+v (%s), want a skip that records the slide on the book's primitive", r.Action, r.Changes, r.Provenance.Rationale)
	}
	got = r.Changes[0].After
	if got.Name != bookTheorem.Name || got.FormalStatement != bookTheorem.FormalStatement || got.Provenance.Document != "book.tex" ||
		!slices.Equal(got.AlsoStatedIn, []core.StatedIn{slide}) {
		t.Errorf("slide after its book: %q from %s, also stated in %v", got.Name, got.Provenance.Document, got.AlsoStatedIn)
	}
	again := *got
	cand = slideTheorem
	if r := e.mustMerge(&cand, overlapping(again), &again); r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeNote {
		t.Errorf("the slide learned again: %s %+v, want a skip that changes nothing", r.Action, r.Changes)
	}

	// Another result in the same words is no restatement.
	e = New(Options{Session: "s1", Now: clock()})
	ex, cand = bookTheorem, slideHigher
	if r := e.mustMerge(&cand, overlapping(ex), &ex); r.Action == core.ActionSkip || r.Action == core.ActionUpdate {
		t.Errorf("the n-th order result beside the second-order one: %s (%s), want it kept apart", r.Action, r.Provenance.Rationale)
	}
}

// Of a book's result and its slide's, both named alike and without a
// number, the book's is kept though the slide's is longer (it writes out
// the equation the book refers to): the slide is the document beside the
// book (Options.Beside).
func TestMergeBookKeptOverLongerSlide(t *testing.T) {
	book := inWork("book.tex", stated("m-sup", "Superposition", core.Theorem, "2.1.1",
		"Suppose $y_1$ and $y_2$ are two solutions of the homogeneous equation (2.2). Then $y = C_1 y_1 + C_2 y_2$ also solves (2.2) for arbitrary constants $C_1$ and $C_2$."))
	slide := inWork("slides/2.1.tex", stated("m-sup", "Superposition", core.Theorem, "Document",
		"Suppose $y_1$ and $y_2$ are two solutions of the homogeneous equation $y'' + p(x)y' + q(x)y = 0$. Then $y = C_1 y_1 + C_2 y_2$ also solves the equation for arbitrary constants $C_1$ and $C_2$."))
	beside := func(doc string) bool { return doc == "slides/2.1.tex" }
	cmp := &core.Comparison{ExistingID: "m-sup", Class: core.OverlappingDistinct, Confidence: 0.6}

	e := New(Options{Session: "s1", Now: clock(), Beside: beside})
	ex, cand := slide, book
	r := e.mustMerge(&cand, cmp, &ex)
	if r.Action != core.ActionUpdate || r.Changes[0].After.Provenance.Document != "book.tex" {
		t.Errorf("book after the slide: %s (%s), want the book's statement", r.Action, r.Provenance.Rationale)
	}
	e = New(Options{Session: "s1", Now: clock(), Beside: beside})
	ex, cand = book, slide
	r = e.mustMerge(&cand, cmp, &ex)
	if r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].After == nil || r.Changes[0].After.Provenance.Document != "book.tex" ||
		r.Changes[0].After.FormalStatement != book.FormalStatement {
		t.Errorf("slide after the book: %s %+v (%s), want the book's kept, the slide recorded", r.Action, r.Changes, r.Provenance.Rationale)
	}
}

// Pseudo-code shares its keywords (function, while, return, NIL) whatever
// it does: AlgoXY's Circular? was updated with the smallest-free-number
// function of another chapter, read as its restatement, and a list's
// Insert took a trie's. Two procedures of two names, or of one name and
// other steps, are two algorithms; the same steps again are one.
func TestMergeAlgorithmsOfOneWorkApart(t *testing.T) {
	circular := inWork("list/clist.tex", stated("a-circular", "Circular", core.Algorithm, "3.1",
		"1. function Circular?(L): 2. p ← q ← L 3. while p ≠ NIL ∧ q ≠ NIL: 4. p ← Next(p) 5. q ← Next(q) 6. if q = NIL: 7. break 8. q ← Next(q) 9. if p = q: 10. return True 11. return False"))
	notIn := inWork("search/minfree.tex", stated("a-free", "Algorithm 1 — The smallest free number", core.Algorithm, "3.2",
		"1. function NotIn(x, X): 2. for i ← 1 to |X|: 3. if x = X[i]: 4. return False 5. return True"))
	listInsert := inWork("list/list.tex", stated("a-insert", "Insert", core.Algorithm, "4.13",
		"1. function Insert(i, x, X): 2. if i = 0: 3. return Cons(x, X) 4. H ← X 5. p ← X 6. while i > 0 and X ≠ NIL: 7. p ← X 8. X ← Rest(X) 9. i ← i - 1 10. Rest(p) ← Cons(x, X) 11. return H"))
	trieInsert := inWork("tree/trie.tex", stated("a-insert", "Insert", core.Algorithm, "2.5",
		"1. function Insert(T, k): 2. if T = NIL: 3. T ← Empty-Node() 4. p ← T 5. for each c in k: 6. if Children(p)[c] = NIL: 7. Children(p)[c] ← Empty-Node() 8. p ← Children(p)[c] 9. return T"))
	again := inWork("list/appendix.tex", listInsert)
	for _, c := range []struct {
		what      string
		ex, cand  core.Primitive
		wantApart bool
	}{
		{"another procedure", circular, notIn, true},
		{"one name, other steps", listInsert, trieInsert, true},
		{"the same steps again", listInsert, again, false},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		ex, cand := c.ex, c.cand
		for _, class := range []core.Class{core.Generalization, core.OverlappingDistinct} {
			r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: class, Confidence: 0.6}, &ex)
			apart := r.Action == core.ActionAdd
			if apart != c.wantApart {
				t.Errorf("%s (%s): %s (%s), want apart %v", c.what, class, r.Action, r.Provenance.Rationale, c.wantApart)
			}
		}
	}
}
