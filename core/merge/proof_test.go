package merge

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

var (
	proofA = core.Proof{Text: "Every element has one inverse: if b and c invert a, b = b(ac) = (ba)c = c."}
	proofB = core.Proof{Text: "By the monoid's associativity.", Sketch: "Compose both inverses."}
)

// A duplicate that brings a proof the stored primitive lacks is skipped as
// a statement, and the stored primitive takes its proof; a duplicate that
// brings nothing new changes nothing.
func TestDuplicateKeepsItsProof(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	cand := group("group")
	cand.Proof = proofA
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	if r.Provenance.Action != core.ProvUpdateProof || r.Action != core.ActionUpdate || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeUpdate {
		t.Fatalf("duplicate with a proof: action %s/%s, changes %+v", r.Provenance.Action, r.Action, r.Changes)
	}
	if want := "Exact duplicate of group (confidence 0.95) — the stored statement kept. The stored primitive takes the proof the candidate gives of it."; r.Provenance.Rationale != want {
		t.Fatalf("rationale %q, want %q", r.Provenance.Rationale, want)
	}
	after := r.Changes[0].After
	if after.Proof != proofA || after.FormalStatement != ex.FormalStatement || r.Changes[0].Before.Proof != (core.Proof{}) {
		t.Fatalf("stored after the duplicate: proof %+v, statement %q", after.Proof, after.FormalStatement)
	}
	ex.Proof = proofA
	cand.Proof = proofB
	r = e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	if got := r.Changes[0].After.Proof; got != (core.Proof{Text: proofA.Text, Sketch: proofB.Sketch}) {
		t.Fatalf("a duplicate bringing a sketch: stored proof %+v, want the stored proof and the new sketch", got)
	}
	cand.Proof = core.Proof{}
	r = e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	if r.Action != core.ActionSkip || r.Changes[0].Type != core.ChangeNote {
		t.Fatalf("a duplicate without a proof changed the store: %+v", r)
	}
}

// An update takes the candidate's proof with its statement, and keeps the
// stored proof when the candidate brings none; a person's keep-candidate
// likewise.
func TestUpdateKeepsOrReplacesProof(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	ex.Proof = proofA
	cand := candidate("monoid")
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.Generalization, Confidence: 0.87}, &ex)
	if got := r.Changes[0].After.Proof; got != proofA {
		t.Fatalf("generalization without a proof: stored proof %+v, want the old one kept", got)
	}
	cand.Proof = proofB
	r = e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.Generalization, Confidence: 0.87}, &ex)
	if got := r.Changes[0].After.Proof; got != proofB {
		t.Fatalf("generalization with a proof: stored proof %+v, want the candidate's", got)
	}
	c := pendingConflict()
	r, err := Resolve(c, core.KeepCandidate, &ex, Options{Session: "s2", Now: clock()})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Changes[0].After.Proof; got != proofA {
		t.Fatalf("keep-candidate without a proof: %+v, want the stored proof kept", got)
	}
}

// A duplicate that brings the source's passage the stored primitive lacks
// gives it; one whose stored primitive has a passage keeps that one.
func TestDuplicateGivesItsPassage(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	cand := group("group")
	cand.Passage = "The inverse of a product is the product of the inverses, in reverse order."
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	if r.Action != core.ActionUpdate || r.Changes[0].After.Passage != cand.Passage || r.Changes[0].Before.Passage != "" {
		t.Fatalf("duplicate with a passage: %s, changes %+v", r.Action, r.Changes)
	}
	ex.Passage = "The stored passage."
	r = e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	if r.Action != core.ActionSkip {
		t.Fatalf("a duplicate changed a stored passage: %+v", r)
	}
}
