package merge

import (
	"errors"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// The rules that come before the comparator's verdict, and the verdict
// itself when none applies.
func TestPlace(t *testing.T) {
	ex := group("group")
	overlap := &core.Comparison{ExistingID: "group", Class: core.OverlappingDistinct, Confidence: 0.4}
	general := &core.Comparison{ExistingID: "group", Class: core.Generalization, Confidence: 0.8}
	// A different concept whose statement names the existing one.
	naming := candidate("coset")
	naming.Name = "Coset"
	naming.FormalStatement = "A coset of a subgroup H of a group is a set gH with an associative operation."
	// Another reading of the stored definition of a group.
	reading := candidate("group-2")
	reading.Name, reading.Domain = ex.Name, ex.Domain
	for _, c := range []struct {
		name   string
		cand   core.Primitive
		cmp    *core.Comparison
		s      Situation
		action core.MergeAction
		prov   string
		why    string // in the rationale
	}{
		{"pending conflict", candidate("monoid"), overlap, Situation{Pending: "s0-c1"}, core.ActionSkip, core.ProvSkip, "pending as conflict s0-c1"},
		{"same source overlap", candidate("monoid"), overlap, Situation{SameSource: true}, core.ActionAdd, core.ProvAddNew, "of the same source"},
		{"same source generalization", candidate("monoid"), general, Situation{SameSource: true}, core.ActionAdd, core.ProvAddNew, "of the same source"},
		{"builds on the existing one", naming, overlap, Situation{}, core.ActionAdd, core.ProvAddNew, "different concept that names it"},
		{"another source overlaps", reading, overlap, Situation{}, core.ActionConflict, core.ProvConflictPresented, "awaits a decision"},
		{"another source overlaps under another name", candidate("monoid"), overlap, Situation{}, core.ActionAdd, core.ProvAddNew, "under another name"},
		{"another source generalizes", candidate("monoid"), general, Situation{}, core.ActionUpdate, core.ProvUpdateGeneralization, "generalizes"},
		{"nothing near", candidate("monoid"), nil, Situation{}, core.ActionAdd, core.ProvAddNew, "genuinely new"},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		existing := &ex
		if c.cmp == nil {
			existing = nil
		}
		r, err := e.Place(&c.cand, c.cmp, existing, c.s)
		if err != nil || r.Action != c.action || r.Provenance.Action != c.prov || !strings.Contains(r.Provenance.Rationale, c.why) {
			t.Errorf("%s: %s / %s (%v), want %s / %s — %s", c.name, r.Action, r.Provenance.Action, err, c.action, c.prov, r.Provenance.Rationale)
		}
	}
}

// A registry that cannot say whether an id is taken stops the decision
// with its error: nothing is added under an id that may be someone else's.
func TestIDTakenErrorStopsTheDecision(t *testing.T) {
	broken := errors.New("disk on fire")
	e := New(Options{Session: "s1", Now: clock(), IDTaken: func(string) (bool, error) { return false, broken }})
	c := candidate("monoid")
	if r, err := e.Merge(&c, nil, nil); !errors.Is(err, broken) || len(r.Changes) != 0 {
		t.Errorf("Merge: %+v %v, want the registry's error and no change", r, err)
	}
	ex := group("group")
	if _, err := e.Place(&c, &core.Comparison{Class: core.OverlappingDistinct}, &ex, Situation{SameSource: true}); !errors.Is(err, broken) {
		t.Errorf("Place: %v, want the registry's error", err)
	}
	if _, err := Resolve(pendingConflict(), core.KeepBoth, &ex, Options{Session: "s1", Now: clock(), IDTaken: func(string) (bool, error) { return false, broken }}); !errors.Is(err, broken) {
		t.Errorf("Resolve keep-both: %v, want the registry's error", err)
	}
}
