package engine_test

import (
	"errors"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/text"
)

func offerPrim(id, name, statement string) core.Primitive {
	return core.Primitive{
		ID: id, Name: name, Type: core.Theorem, Domain: "algebra", FormalStatement: statement,
		Keywords:   text.Keywords(statement),
		Provenance: core.Provenance{Document: id + ".tex", ContentHash: text.ContentHash(statement)},
	}
}

func TestNameOffersUsesTheLibrary(t *testing.T) {
	st := newFakeStore()
	lagrange := `Let $G$ be a finite group and $H$ a subgroup of $G$. Then the order of $H$ divides the order of $G$.`
	p := offerPrim("algebra-theorem-6-10", "Theorem 6.10 — Cosets", lagrange)
	same := offerPrim("algebra-lagranges-theorem", "Lagrange's theorem", lagrange)
	other := offerPrim("algebra-cauchy", "Cauchy's theorem for groups",
		`Let $G$ be a finite group and $p$ a prime dividing the order of $G$. Then $G$ has an element of order $p$.`)
	for _, q := range []core.Primitive{p, same, other} {
		st.prims[q.ID] = q
	}
	got, err := engine.NameOffers(st, p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Name != "Lagrange's theorem" || got[0].From != "library" {
		t.Fatalf("offers %+v, want the library's Lagrange's theorem first", got)
	}
	for _, o := range got {
		if o.Name == p.Name || o.Name == other.Name {
			t.Errorf("offered %q: its own name or a different result's", o.Name)
		}
	}
	if got, _ := engine.NameOffers(st, p, 0); len(got) != 0 {
		t.Errorf("n=0 gave %d offers", len(got))
	}
}

func TestNameOffersStoreErrors(t *testing.T) {
	p := offerPrim("x", "Lemma 1", `Every finite integral domain is a field.`)
	for _, method := range []string{"SameContent", "Near"} {
		st := newFakeStore()
		st.fail[method] = errors.New("disk gone")
		if _, err := engine.NameOffers(st, p, 3); err == nil {
			t.Errorf("%s failing: no error", method)
		}
	}
}

// TestNameOffersRanksSectionTitles: a section title ranks first when its
// result is alone in the section and below a phrase of the statement when
// the section holds many results.
func TestNameOffersRanksSectionTitles(t *testing.T) {
	statement := `A functor is an equivalence of categories if and only if it is fully faithful and essentially surjective.`
	mk := func(id string) core.Primitive {
		p := offerPrim(id, "Lemma 2.19 — Equivalences", statement)
		p.Provenance.Document, p.Provenance.Section = "categories.tex", "Equivalences"
		return p
	}
	p := mk("algebra-lemma-2-19")
	alone := newFakeStore()
	alone.prims[p.ID] = p
	got, err := engine.NameOffers(alone, p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Name != "Equivalences" {
		t.Errorf("alone in its section: offers %+v, want the section title first", got)
	}
	crowded := newFakeStore()
	crowded.prims[p.ID] = p
	for i, other := range []string{"a", "b", "c", "d"} {
		q := mk("algebra-other-" + other)
		q.FormalStatement = statement + " Case " + string(rune('1'+i)) + "."
		q.Provenance.ContentHash = text.ContentHash(q.FormalStatement)
		crowded.prims[q.ID] = q
	}
	got, err = engine.NameOffers(crowded, p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Name != "characterization of equivalence of categories" {
		t.Errorf("in a crowded section: offers %+v, want the statement's characterization first", got)
	}
}
