package merge

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
)

// store is a minimal registry that applies changes the way a store must.
type store struct {
	t         *testing.T
	prims     map[string]core.Primitive
	conflicts map[string]core.Conflict
}

func newStore(t *testing.T, ps ...core.Primitive) *store {
	s := &store{t: t, prims: map[string]core.Primitive{}, conflicts: map[string]core.Conflict{}}
	for _, p := range ps {
		s.prims[p.ID] = p
	}
	return s
}

func (s *store) apply(changes []core.Change) {
	s.t.Helper()
	for _, c := range changes {
		_, exists := s.prims[c.PrimitiveID]
		switch c.Type {
		case core.ChangeAdd:
			if exists {
				s.t.Fatalf("add of existing %s", c.PrimitiveID)
			}
			s.prims[c.PrimitiveID] = *c.After
		case core.ChangeUpdate:
			if !exists {
				s.t.Fatalf("update of missing %s", c.PrimitiveID)
			}
			s.prims[c.PrimitiveID] = *c.After
		case core.ChangeRemove:
			if !exists {
				s.t.Fatalf("remove of missing %s", c.PrimitiveID)
			}
			delete(s.prims, c.PrimitiveID)
		case core.ChangeConflict:
			if c.ConflictAfter == nil {
				delete(s.conflicts, c.ConflictID)
			} else {
				s.conflicts[c.ConflictID] = *c.ConflictAfter
			}
		case core.ChangeNote:
		default:
			s.t.Fatalf("unknown change %q", c.Type)
		}
	}
}

func (s *store) lookup(id string) (core.Primitive, bool, error) {
	p, ok := s.prims[id]
	return p, ok, nil
}

func (s *store) dependents(id string) ([]core.Dependent, error) {
	var out []core.Dependent
	for _, p := range s.prims {
		for _, e := range p.Dependencies {
			if e.Target == id {
				out = append(out, core.Dependent{ID: p.ID, Type: e.Type, Strength: e.Strength})
			}
		}
	}
	slices.SortFunc(out, func(a, b core.Dependent) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

func (s *store) taken(id string) (bool, error) { _, ok := s.prims[id]; return ok, nil }

var t0 = time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)

func clock() func() time.Time {
	n := 0
	return func() time.Time { n++; return t0.Add(time.Duration(n) * time.Second) }
}

func group(id string) core.Primitive {
	return core.Primitive{
		ID: id, Name: "Group", Type: core.Definition, Domain: "algebra", Chapter: 1, Section: "1.1",
		Plane:                 core.PlanePosition{Real: -0.5, Imaginary: 0.6},
		FormalStatement:       "A group is a set with an associative operation, an identity and inverses.",
		ComputationalForm:     "Defines: group",
		Prerequisites:         []string{"Set", "Operation", "Identity"},
		Dependencies:          []core.Edge{{Target: "set", Type: core.Requires, Strength: 0.8}},
		Enables:               []string{"ring"},
		ApplicabilityPatterns: []string{"symmetry", "algebra"},
		Keywords:              []string{"group", "set", "operation"},
		Tags:                  []string{"textbook"},
		Confidence:            0.9,
		Provenance:            core.Provenance{Document: "algebra.md", Section: "Groups", Offset: 10, ContentHash: "h-group"},
	}
}

func candidate(id string) core.Primitive {
	p := group(id)
	p.Name = "Monoid"
	p.Domain = "abstract-algebra"
	p.FormalStatement = "A monoid is a set with an associative operation and an identity."
	p.ComputationalForm = "Defines: monoid"
	p.Prerequisites = []string{"Identity", "Magma", "Set"}
	p.Dependencies = nil
	p.Enables = nil
	p.ApplicabilityPatterns = []string{"Algebra", "automata"}
	p.Keywords = []string{"monoid", "Set", "operation"}
	p.Provenance = core.Provenance{Document: "monoids.md", ContentHash: text.ContentHash(p.FormalStatement)}
	return p
}

func checkProvenance(t *testing.T, r Result, action string, cand core.Primitive) {
	t.Helper()
	if r.Provenance.Action != action || r.Provenance.Outcome != r.Action || r.Provenance.Domain != cand.Domain ||
		r.Provenance.CandidateID != cand.ID || r.Provenance.SessionID != "s1" || r.Provenance.Rationale == "" {
		t.Fatalf("provenance %+v (action %s)", r.Provenance, r.Action)
	}
	for _, c := range r.Changes {
		if c.Provenance == nil || !reflect.DeepEqual(*c.Provenance, r.Provenance) {
			t.Fatalf("change %s without the provenance", c.Type)
		}
	}
}

func TestMergeAddNew(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	cand := candidate("monoid")
	r := e.mustMerge(&cand, nil, nil)
	checkProvenance(t, r, core.ProvAddNew, cand)
	// The added primitive is the candidate, stamped with the session.
	want := cand
	want.Provenance.Session = "s1"
	if r.Action != core.ActionAdd || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeAdd ||
		r.Changes[0].Before != nil || !reflect.DeepEqual(*r.Changes[0].After, want) || r.Provenance.FinalID != "monoid" || r.Provenance.ExistingID != "" {
		t.Fatalf("%+v", r)
	}
}

// TestMergeCopiesUnlessAdopting: without Adopt the added primitive owns
// its slices, so a caller reusing the candidate's changes nothing stored;
// with it, the candidate's slices are kept as they are.
func TestMergeCopiesUnlessAdopting(t *testing.T) {
	for _, adopt := range []bool{false, true} {
		e := New(Options{Session: "s1", Now: clock(), Adopt: adopt})
		cand := candidate("monoid")
		r := e.mustMerge(&cand, nil, nil)
		after := r.Changes[0].After
		shared := &after.Keywords[0] == &cand.Keywords[0]
		if shared != adopt {
			t.Errorf("adopt=%v: keywords shared with the candidate = %v", adopt, shared)
		}
	}
}

func TestMergeSuffixesTakenIDs(t *testing.T) {
	s := newStore(t, group("monoid"), group("monoid-2"))
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	r := e.mustMerge(ptr(candidate("monoid")), nil, nil)
	if r.Changes[0].PrimitiveID != "monoid-3" || r.Changes[0].After.ID != "monoid-3" || r.Provenance.FinalID != "monoid-3" || r.Provenance.CandidateID != "monoid" {
		t.Fatalf("%+v", r.Provenance)
	}
	// A second candidate with the same id in the same run (not yet
	// stored) gets the next free id.
	if r := e.mustMerge(ptr(candidate("monoid")), nil, nil); r.Provenance.FinalID != "monoid-4" {
		t.Fatalf("second: %+v", r.Provenance)
	}
}

func TestMergeExactDuplicateSkips(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	cand := group("group")
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.ExactDuplicate, Confidence: 0.95}, &ex)
	checkProvenance(t, r, core.ProvSkip, cand)
	if r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeNote ||
		r.Changes[0].Before != nil || r.Changes[0].After != nil {
		t.Fatalf("%+v", r)
	}
	if r.Provenance.Rationale != "Exact duplicate of group (confidence 0.95) — skipping." {
		t.Fatalf("rationale %q", r.Provenance.Rationale)
	}
}

func TestMergeGeneralizationUpdatesExisting(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	cand := candidate("monoid")
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.Generalization, Confidence: 0.87}, &ex)
	checkProvenance(t, r, core.ProvUpdateGeneralization, cand)
	if r.Action != core.ActionUpdate || len(r.Changes) != 1 {
		t.Fatalf("%+v", r)
	}
	c := r.Changes[0]
	if c.Type != core.ChangeUpdate || c.PrimitiveID != "group" || !reflect.DeepEqual(*c.Before, ex) {
		t.Fatalf("change %+v", c)
	}
	want := group("group")
	want.FormalStatement = cand.FormalStatement
	want.ComputationalForm = cand.ComputationalForm
	want.ApplicabilityPatterns = []string{"symmetry", "algebra", "automata"}
	want.Keywords = []string{"group", "set", "operation", "monoid"}
	want.Prerequisites = []string{"Identity", "Set"}
	// The statement is the candidate's, and so is the place it is read
	// at: the primitive never points at a document whose text it does
	// not hold.
	want.Provenance = cand.Provenance
	want.Section, want.Chapter = cand.Section, cand.Chapter
	want.Versions = []core.StatementVersion{{FormalStatement: ex.FormalStatement, ComputationalForm: ex.ComputationalForm,
		Document: ex.Provenance.Document, ReplacedBy: "s1", ReplacedAt: t0.Add(time.Second), Why: "generalization"}}
	if !reflect.DeepEqual(*c.After, want) {
		t.Fatalf("generalized\n got %+v\nwant %+v", *c.After, want)
	}
	if r.Provenance.OriginalFormalStatement != ex.FormalStatement || r.Provenance.NewFormalStatement != cand.FormalStatement {
		t.Fatalf("statements %+v", r.Provenance)
	}
	// No shared prerequisite: the existing ones stay.
	cand.Prerequisites = []string{"Magma"}
	r = e.mustMerge(&cand, &core.Comparison{Class: core.Generalization}, &ex)
	if !reflect.DeepEqual(r.Changes[0].After.Prerequisites, ex.Prerequisites) {
		t.Fatalf("prerequisites %v", r.Changes[0].After.Prerequisites)
	}
	// The recorded states do not alias the caller's slices.
	r.Changes[0].After.Keywords[0] = "x"
	r.Changes[0].Before.Keywords[1] = "y"
	if ex.Keywords[0] != "group" || ex.Keywords[1] != "set" {
		t.Fatal("changes alias the existing primitive")
	}
}

func TestMergeSpecializationAddsEdge(t *testing.T) {
	s := newStore(t, group("group"))
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	ex := group("group")
	cand := candidate("group") // same id as the existing one
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.Specialization, Confidence: 0.67}, &ex)
	checkProvenance(t, r, core.ProvAddSpecialization, cand)
	if r.Action != core.ActionAdd || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeAdd {
		t.Fatalf("%+v", r)
	}
	added := r.Changes[0].After
	want := core.Edge{Target: "group", Type: core.Specializes, Strength: 1.0, Description: SpecializationEdge}
	if added.ID != "group-2" || len(added.Dependencies) != 1 || added.Dependencies[0] != want {
		t.Fatalf("added %s deps %+v", added.ID, added.Dependencies)
	}
	if len(cand.Dependencies) != 0 {
		t.Fatal("candidate modified")
	}
}

func TestMergeOverlappingCreatesConflicts(t *testing.T) {
	now := clock()
	e := New(Options{Session: "s1", Now: now})
	ex := group("group")
	// Another reading of the stored definition: one name, another
	// statement. (A differently named overlap that changes nothing of the
	// stored statement is no disagreement: see
	// TestDifferentlyNamedOverlapIsAdded.)
	cand := candidate("monoid")
	cand.Name, cand.Domain = ex.Name, ex.Domain
	cmp := core.Comparison{ExistingID: "group", Class: core.OverlappingDistinct, Confidence: 0.4}
	r := e.mustMerge(&cand, &cmp, &ex)
	checkProvenance(t, r, core.ProvConflictPresented, cand)
	if r.Action != core.ActionConflict || len(r.Changes) != 1 || r.Conflict == nil {
		t.Fatalf("%+v", r)
	}
	c := r.Changes[0]
	if c.Type != core.ChangeConflict || c.ConflictID != "s1-c1" || c.ConflictBefore != nil || c.ConflictAfter == nil || c.Before != nil || c.After != nil {
		t.Fatalf("change %+v", c)
	}
	got := *c.ConflictAfter
	if got.ID != "s1-c1" || got.Session != "s1" || got.State != core.ConflictPending || !reflect.DeepEqual(got.Candidate, cand) ||
		!reflect.DeepEqual(got.Existing, ex) || got.Comparison != cmp || !got.CreatedAt.After(t0) {
		t.Fatalf("conflict %+v", got)
	}
	if r2 := e.mustMerge(&cand, &cmp, &ex); r2.Conflict.ID != "s1-c2" {
		t.Fatalf("second conflict %s", r2.Conflict.ID)
	}
}

// A conflict is a disagreement: a monoid's definition overlapping a
// group's, under another name and changing nothing of it, is another
// concept, added; before, it was held for a person.
func TestDifferentlyNamedOverlapIsAdded(t *testing.T) {
	ex := group("group")
	cand := candidate("monoid")
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.OverlappingDistinct, Confidence: 0.4}, &ex)
	checkProvenance(t, r, core.ProvAddNew, cand)
	if r.Action != core.ActionAdd || r.Conflict != nil || !strings.Contains(r.Provenance.Rationale, "under another name") {
		t.Fatalf("%s: %s", r.Action, r.Provenance.Rationale)
	}
}

func TestMergeGenuinelyNewAndUnknown(t *testing.T) {
	e := New(Options{Session: "s1", Now: clock()})
	ex := group("group")
	cand := candidate("monoid")
	r := e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: core.GenuinelyNew}, &ex)
	checkProvenance(t, r, core.ProvAddNew, cand)
	if r.Action != core.ActionAdd || r.Provenance.ExistingID != "group" || r.Changes[0].Type != core.ChangeAdd {
		t.Fatalf("%+v", r)
	}
	r = e.mustMerge(&cand, &core.Comparison{ExistingID: "group", Class: "weird"}, &ex)
	checkProvenance(t, r, core.ProvError, cand)
	if r.Action != core.ActionSkip || r.Changes[0].Type != core.ChangeNote {
		t.Fatalf("%+v", r)
	}
}

// The reference's bug row, end to end: an unrelated statement with more
// keywords and no patterns used to overwrite the existing statement. Now
// the existing primitive is untouched: the candidate, which shares no name
// with it and contradicts nothing of it, is added beside it (it was held
// as a conflict before conflicts were disagreements only).
func TestEmptyPatternGeneralizationNoLongerOverwrites(t *testing.T) {
	ex := core.Primitive{ID: "qrs", FormalStatement: "q r s", ComputationalForm: "q-r", Keywords: []string{"a", "b"}}
	cand := core.Primitive{ID: "xyz", FormalStatement: "x y z", ComputationalForm: "x+y", Keywords: []string{"a", "b", "c"}}
	cmp := dedup.Compare(&cand, &ex)
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &cmp, &ex)
	if cmp.Class != core.OverlappingDistinct || r.Action != core.ActionAdd {
		t.Fatalf("class %s action %s", cmp.Class, r.Action)
	}
	for _, c := range r.Changes {
		if c.Type == core.ChangeUpdate || c.PrimitiveID == ex.ID {
			t.Fatalf("modifies the existing primitive: %+v", c)
		}
	}
}

// reading is another reading of group's definition: its name, another
// statement.
func reading(id string) core.Primitive {
	p := candidate(id)
	p.Name, p.Domain = "Group", "algebra"
	return p
}

// The order of provenance is the order of decisions; a scripted run gives
// the reference's report chain.
func TestProvenanceOrder(t *testing.T) {
	s := newStore(t, group("group"))
	now := clock()
	opts := Options{Session: "s1", Now: now, IDTaken: s.taken}
	e := New(opts)
	ex := group("group")
	var chain []core.ProvenanceEntry
	for _, r := range []Result{
		e.mustMerge(ptr(candidate("a")), nil, nil),
		e.mustMerge(ptr(candidate("b")), &core.Comparison{Class: core.Specialization}, &ex),
		e.mustMerge(ptr(candidate("c")), &core.Comparison{Class: core.Generalization}, &ex),
		e.mustMerge(ptr(group("d")), &core.Comparison{Class: core.ExactDuplicate}, &ex),
		e.mustMerge(ptr(reading("e")), &core.Comparison{Class: core.OverlappingDistinct}, &ex),
	} {
		chain = append(chain, r.Provenance)
		if r.Conflict != nil {
			res, err := Resolve(*r.Conflict, core.KeepBoth, &ex, opts)
			if err != nil {
				t.Fatal(err)
			}
			chain = append(chain, res.Provenance)
		}
	}
	var actions []string
	for i, p := range chain {
		actions = append(actions, p.Action)
		if i > 0 && !p.Timestamp.After(chain[i-1].Timestamp) {
			t.Fatalf("timestamps out of order at %d", i)
		}
	}
	want := []string{core.ProvAddNew, core.ProvAddSpecialization, core.ProvUpdateGeneralization, core.ProvSkip, core.ProvConflictPresented, core.ProvConflictResolved}
	if !slices.Equal(actions, want) {
		t.Fatalf("chain %v", actions)
	}
}

func pendingConflict() core.Conflict {
	return core.Conflict{ID: "s1-c1", Session: "s1", Candidate: candidate("group"), Existing: group("group"),
		Comparison: core.Comparison{ExistingID: "group", Class: core.OverlappingDistinct, Confidence: 0.4}, State: core.ConflictPending, CreatedAt: t0}
}

func TestResolveKeepCandidateReplaces(t *testing.T) {
	current := group("group")
	current.Enables = []string{"ring", "field"} // changed since the conflict
	c := pendingConflict()
	c.Candidate.Dependencies = []core.Edge{{Target: "group", Type: core.Requires}, {Target: "set", Type: core.Requires}}
	r, err := Resolve(c, core.KeepCandidate, &current, Options{Session: "s2", Now: clock()})
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != core.ActionReplace || r.Provenance.Action != core.ProvConflictResolved || r.Provenance.UserDecision != core.KeepCandidate ||
		r.Provenance.Outcome != core.ActionReplace || len(r.Changes) != 2 {
		t.Fatalf("%+v", r)
	}
	u := r.Changes[0]
	if u.Type != core.ChangeUpdate || u.PrimitiveID != "group" || !reflect.DeepEqual(*u.Before, current) {
		t.Fatalf("update %+v", u)
	}
	a := u.After
	if a.ID != "group" || a.FormalStatement != c.Candidate.FormalStatement || a.Name != "Monoid" ||
		!slices.Equal(a.Enables, current.Enables) || len(a.Dependencies) != 1 || a.Dependencies[0].Target != "set" {
		t.Fatalf("replacement %+v", a)
	}
	cc := r.Changes[1]
	if cc.Type != core.ChangeConflict || cc.ConflictBefore.State != core.ConflictPending || cc.ConflictAfter.State != core.ConflictResolved ||
		cc.ConflictAfter.Resolution != core.KeepCandidate || cc.ConflictAfter.ResolvedAt.IsZero() || r.Conflict.State != core.ConflictResolved {
		t.Fatalf("conflict change %+v", cc)
	}
	if _, err := Resolve(c, core.KeepCandidate, nil, Options{}); err == nil || !strings.Contains(err.Error(), "s1-c1") {
		t.Fatalf("gone existing: %v", err)
	}
}

func TestResolveKeepExistingAndKeepBoth(t *testing.T) {
	s := newStore(t, group("group"))
	current := group("group")
	r, err := Resolve(pendingConflict(), core.KeepExisting, &current, Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	if err != nil || r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeConflict {
		t.Fatalf("keep-existing %+v %v", r, err)
	}
	r, err = Resolve(pendingConflict(), core.KeepBoth, &current, Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	if err != nil || r.Action != core.ActionAdd || len(r.Changes) != 2 || r.Changes[0].Type != core.ChangeAdd ||
		r.Changes[0].After.ID != "group-2" || r.Provenance.FinalID != "group-2" || r.Provenance.UserDecision != core.KeepBoth {
		t.Fatalf("keep-both %+v %v", r, err)
	}
}

func TestResolveRejects(t *testing.T) {
	c := pendingConflict()
	if _, err := Resolve(c, "keep-neither", nil, Options{}); err == nil || !strings.Contains(err.Error(), "s1-c1") {
		t.Fatalf("invalid resolution: %v", err)
	}
	c.State, c.Resolution = core.ConflictResolved, core.KeepBoth
	if _, err := Resolve(c, core.KeepExisting, nil, Options{}); err == nil || !strings.Contains(err.Error(), "s1-c1") || !strings.Contains(err.Error(), "already resolved") {
		t.Fatalf("resolved twice: %v", err)
	}
}

// The reference's changeset rows: add p1, with q1 depending on it.
func TestPlanRevertIntegrityForcedAlready(t *testing.T) {
	p1 := core.Primitive{ID: "p1", Name: "P one"}
	s := newStore(t)
	r := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken}).mustMerge(&p1, nil, nil)
	s.apply(r.Changes)
	// Another session adds q1, which depends on p1.
	q1 := core.Primitive{ID: "q1", Prerequisites: []string{"P one", "Other"}, Dependencies: []core.Edge{{Target: "p1", Type: core.Requires, Strength: 0.8}}}
	s.apply([]core.Change{{Type: core.ChangeAdd, PrimitiveID: "q1", After: &q1}})

	plan, err := PlanRevert(r.Changes, s.lookup, s.dependents, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Changes) != 0 || plan.Forced || len(plan.Integrity) != 1 ||
		plan.Integrity[0].PrimitiveID != "q1" || plan.Integrity[0].DependencyTarget != "p1" {
		t.Fatalf("integrity-violation: %+v", plan)
	}

	plan, err = PlanRevert(r.Changes, s.lookup, s.dependents, true, t0)
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Forced || !slices.Equal(plan.Removed, []string{"p1"}) || len(plan.Changes) != 2 {
		t.Fatalf("forced: %+v", plan)
	}
	s.apply(plan.Changes)
	if _, ok := s.prims["p1"]; ok {
		t.Fatal("p1 not removed")
	}
	q := s.prims["q1"]
	if len(q.Dependencies) != 0 || !slices.Equal(q.Prerequisites, []string{"Other"}) {
		t.Fatalf("dangling reference left: %+v", q)
	}

	plan, err = PlanRevert(r.Changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Changes) != 0 || len(plan.Integrity) != 0 {
		t.Fatalf("already reverted: %+v %v", plan, err)
	}
}

// A whole session — add, specialization, generalization, conflict, skip —
// reverted restores the registry exactly.
func TestPlanRevertRestoresSession(t *testing.T) {
	orig := group("group")
	s := newStore(t, orig, core.Primitive{ID: "set", Name: "Set"})
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	var log []core.Change
	do := func(r Result) {
		s.apply(r.Changes)
		log = append(log, r.Changes...)
	}
	do(e.mustMerge(ptr(candidate("monoid")), nil, nil))
	cur := s.prims["group"]
	do(e.mustMerge(ptr(candidate("abelian")), &core.Comparison{Class: core.Specialization}, &cur))
	cur = s.prims["group"]
	do(e.mustMerge(ptr(candidate("semigroup")), &core.Comparison{Class: core.Generalization}, &cur))
	cur = s.prims["group"]
	magma := reading("magma")
	// Its own words: a statement the stored one holds whole would be a
	// passage of it, skipped, not a conflict.
	magma.FormalStatement = "A magma is a set closed under one binary operation, with no law asked of it."
	do(e.mustMerge(&magma, &core.Comparison{Class: core.OverlappingDistinct}, &cur))
	do(e.mustMerge(ptr(group("group-again")), &core.Comparison{Class: core.ExactDuplicate}, &cur))
	if len(s.conflicts) != 1 || s.prims["group"].FormalStatement == orig.FormalStatement {
		t.Fatalf("session not applied: %v", s.conflicts)
	}

	plan, err := PlanRevert(log, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Integrity) != 0 {
		t.Fatalf("%+v %v", plan.Integrity, err)
	}
	if !slices.Equal(plan.Removed, []string{"abelian", "monoid"}) || !slices.Equal(plan.Restored, []string{"group"}) || len(plan.Readded) != 0 {
		t.Fatalf("plan lists %v %v %v", plan.Removed, plan.Restored, plan.Readded)
	}
	s.apply(plan.Changes)
	if len(s.prims) != 2 || !reflect.DeepEqual(s.prims["group"], orig) || len(s.conflicts) != 0 {
		t.Fatalf("not restored: %+v conflicts %v", s.prims, s.conflicts)
	}
	// Reverting the revert re-adds and re-applies.
	back, err := PlanRevert(plan.Changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(back.Integrity) != 0 || !slices.Equal(back.Readded, []string{"monoid", "abelian"}) {
		t.Fatalf("%+v %v", back, err)
	}
}

func TestPlanRevertDetectsLaterChanges(t *testing.T) {
	orig := group("group")
	s := newStore(t, orig)
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	r := e.mustMerge(ptr(candidate("semigroup")), &core.Comparison{Class: core.Generalization}, &orig)
	s.apply(r.Changes)

	// Another session edits group.
	later := s.prims["group"]
	later.Confidence = 0.1
	s.prims["group"] = later
	plan, err := PlanRevert(r.Changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Changes) != 0 || len(plan.Integrity) != 1 || plan.Integrity[0].PrimitiveID != "group" {
		t.Fatalf("modified later: %+v %v", plan, err)
	}
	plan, _ = PlanRevert(r.Changes, s.lookup, s.dependents, true, t0)
	if !plan.Forced || len(plan.Changes) != 1 || plan.Changes[0].Before.Confidence != 0.1 || !reflect.DeepEqual(*plan.Changes[0].After, orig) {
		t.Fatalf("forced: %+v", plan)
	}

	// Gone.
	delete(s.prims, "group")
	plan, _ = PlanRevert(r.Changes, s.lookup, s.dependents, false, t0)
	if len(plan.Integrity) != 1 || !strings.Contains(plan.Integrity[0].Message, "no longer exists") {
		t.Fatalf("gone: %+v", plan)
	}

	// A removal undone onto a taken id.
	removed := group("old")
	rm := []core.Change{{Type: core.ChangeRemove, PrimitiveID: "old", Before: &removed}}
	newer := group("old")
	newer.Name = "Someone else"
	s.prims["old"] = newer
	plan, _ = PlanRevert(rm, s.lookup, s.dependents, false, t0)
	if len(plan.Integrity) != 1 || !strings.Contains(plan.Integrity[0].Message, "taken") {
		t.Fatalf("taken: %+v", plan)
	}
	plan, _ = PlanRevert(rm, s.lookup, s.dependents, true, t0)
	if len(plan.Changes) != 0 {
		t.Fatalf("forced re-add over a taken id: %+v", plan.Changes)
	}
}

func TestPlanRevertWrapsErrors(t *testing.T) {
	p := core.Primitive{ID: "p"}
	ch := []core.Change{{Type: core.ChangeAdd, PrimitiveID: "p", After: &p}}
	boom := errors.New("boom")
	_, err := PlanRevert(ch, func(string) (core.Primitive, bool, error) { return core.Primitive{}, false, boom }, nil, false, t0)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "look up p") {
		t.Fatalf("lookup error: %v", err)
	}
	_, err = PlanRevert(ch, func(string) (core.Primitive, bool, error) { return p, true, nil },
		func(string) ([]core.Dependent, error) { return nil, boom }, false, t0)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "dependents of p") {
		t.Fatalf("dependents error: %v", err)
	}
	_, err = PlanRevert([]core.Change{{Type: "bogus"}}, nil, nil, false, t0)
	if err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Fatalf("bad change: %v", err)
	}
}

func TestPlanRevertTwiceIsEmpty(t *testing.T) {
	orig := group("group")
	s := newStore(t, orig, core.Primitive{ID: "set", Name: "Set"})
	gone := group("gone")
	r := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken}).mustMerge(ptr(candidate("semigroup")), &core.Comparison{Class: core.Generalization}, &orig)
	changes := append(r.Changes, core.Change{Type: core.ChangeRemove, PrimitiveID: "gone", Before: &gone})
	s.apply(r.Changes)
	plan, err := PlanRevert(changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Changes) != 2 || len(plan.Integrity) != 0 {
		t.Fatalf("%+v %v", plan, err)
	}
	s.apply(plan.Changes)
	plan, err = PlanRevert(changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Changes) != 0 || len(plan.Integrity) != 0 {
		t.Fatalf("second plan: %+v %v", plan, err)
	}
}

// Enables is a reverse index: other sessions linking to a primitive do not
// count as editing it, a restored version keeps today's links, and links
// from primitives the revert removes are dropped.
func TestPlanRevertEnablesIsAReverseIndex(t *testing.T) {
	orig := group("group")
	s := newStore(t, orig, core.Primitive{ID: "set", Name: "Set"}, core.Primitive{ID: "ring"})
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	gen := e.mustMerge(ptr(candidate("semigroup")), &core.Comparison{Class: core.Generalization}, &orig)
	c := candidate("cyclic")
	c.Dependencies = []core.Edge{{Target: "group", Type: core.Requires}}
	add := e.mustMerge(&c, nil, nil)
	gen.Changes[0].After.Enables = append(gen.Changes[0].After.Enables, "cyclic") // as the engine's rewiring does
	session1 := append(gen.Changes, add.Changes...)
	s.apply(session1)

	// Session 2 links a new primitive to group.
	d := core.Primitive{ID: "dihedral", Dependencies: []core.Edge{{Target: "group", Type: core.Requires}}}
	g := s.prims["group"]
	g2 := g.Clone()
	g2.Enables = append(g2.Enables, "dihedral")
	s.apply([]core.Change{{Type: core.ChangeAdd, PrimitiveID: "dihedral", After: &d}, {Type: core.ChangeUpdate, PrimitiveID: "group", Before: &g, After: &g2, EnablesAdded: []string{"dihedral"}}})

	plan, err := PlanRevert(session1, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Integrity) != 0 {
		t.Fatalf("%+v %v", plan.Integrity, err)
	}
	s.apply(plan.Changes)
	got := s.prims["group"]
	if got.FormalStatement != orig.FormalStatement || !slices.Equal(got.Enables, []string{"ring", "dihedral"}) {
		t.Fatalf("restored %q enables %v", got.FormalStatement, got.Enables)
	}
}

// A forced revert cuts the edges to what it removed; that repair does not
// block reverting the session that added the dependent later.
func TestPlanRevertAfterForcedRepair(t *testing.T) {
	s := newStore(t)
	a := core.Primitive{ID: "a", Name: "Alpha"}
	s1 := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken}).mustMerge(&a, nil, nil)
	s.apply(s1.Changes)
	b := core.Primitive{ID: "b", Prerequisites: []string{"Alpha"}, Dependencies: []core.Edge{{Target: "a", Type: core.Requires}}}
	s2 := New(Options{Session: "s2", Now: clock(), IDTaken: s.taken}).mustMerge(&b, nil, nil)
	s.apply(s2.Changes)

	forced, err := PlanRevert(s1.Changes, s.lookup, s.dependents, true, t0)
	if err != nil || !forced.Forced {
		t.Fatalf("%+v %v", forced, err)
	}
	s.apply(forced.Changes)
	plan, err := PlanRevert(s2.Changes, s.lookup, s.dependents, false, t0)
	if err != nil || len(plan.Integrity) != 0 || !slices.Equal(plan.Removed, []string{"b"}) {
		t.Fatalf("%+v %v", plan, err)
	}
	// A real edit is still noticed.
	edited := s.prims["b"]
	edited.Prerequisites = []string{"Alpha", "Beta"}
	s.prims["b"] = edited
	if plan, _ := PlanRevert(s2.Changes, s.lookup, s.dependents, false, t0); len(plan.Integrity) != 1 {
		t.Fatalf("edit not noticed: %+v", plan)
	}
}

func TestAddBesideKeepsBothWithTheCallersReason(t *testing.T) {
	e := New(Options{Session: "s", IDTaken: func(id string) (bool, error) { return id == "x", nil }})
	existing := core.Primitive{ID: "x", Name: "X"}
	r := e.mustAddBeside(&core.Primitive{ID: "x", Name: "X again"}, &existing, "same source")
	if r.Action != core.ActionAdd || len(r.Changes) != 1 || r.Changes[0].After.ID != "x-2" ||
		r.Provenance.ExistingID != "x" || r.Provenance.Rationale != "same source" || r.Provenance.Action != core.ProvAddNew ||
		r.Changes[0].Provenance == nil || r.Changes[0].Provenance.Rationale != "same source" {
		t.Fatalf("result = %+v", r)
	}
}

func TestSkipForChangesNothing(t *testing.T) {
	e := New(Options{Session: "s"})
	r := e.SkipFor(&core.Primitive{ID: "c"}, "x", "already pending")
	if r.Action != core.ActionSkip || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeNote ||
		r.Provenance.Action != core.ProvSkip || r.Provenance.ExistingID != "x" || r.Provenance.Rationale != "already pending" {
		t.Fatalf("result = %+v", r)
	}
}

// A generalization whose text is more damaged than the stored statement
// (the page's other column spliced in, a word broken by a hyphen, a
// repeated token, markup) never updates it: it is presented as a conflict
// and the stored primitive is not touched.
func TestMergeDamagedGeneralizationBecomesAConflict(t *testing.T) {
	clean := "A Hermitian operator is diagonalizable in an orthonormal basis of eigenvectors."
	for _, c := range []struct{ name, statement, defect string }{
		{"spliced", "A Hermitian operator is diagonalizable in an orthonormal tors. basis of eigenvectors, and so is a normal one.", "text spliced mid-sentence"},
		{"broken word", "A Hermitian operator is diagonal- izable in an orthonormal basis of eigenvectors, and so is every normal operator.", "word broken by a hyphen"},
		{"repeated", "A Hermitian operator is diagonalizable in an orthonormal basis basis of eigenvectors, and so is every normal operator.", "repeated token"},
		{"markup", `A Hermitian operator is \emph{diagonalizable} in an orthonormal basis of eigenvectors, and so is every normal operator.`, "markup noise"},
		{"garbled", "A Hermitian operator is diagonalizable in an orthonormal basis of eigenvectors, and so is every normal opâ€™erator.", "garbled characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := New(Options{Session: "s2", Now: clock()})
			ex := group("hermitian")
			ex.Name, ex.FormalStatement = "Hermitian Operator", clean
			cand := candidate("hermitian-2")
			cand.Name, cand.FormalStatement = "Hermitian Operator", c.statement
			r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.Generalization, Confidence: 0.9}, &ex)
			if r.Action != core.ActionConflict || r.Conflict == nil || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeConflict {
				t.Fatalf("a damaged generalization was merged as %s: %+v", r.Action, r.Changes)
			}
			if r.Provenance.Action != core.ProvConflictPresented || !strings.Contains(r.Provenance.Rationale, c.defect) ||
				!strings.Contains(r.Provenance.Rationale, r.Conflict.ID) {
				t.Errorf("provenance %s %q, want a conflict naming %q and the conflict", r.Provenance.Action, r.Provenance.Rationale, c.defect)
			}
			if r.Conflict.Existing.FormalStatement != clean || r.Conflict.Comparison.Class != core.Generalization {
				t.Errorf("conflict %+v", r.Conflict)
			}
		})
	}
	// The other way round, a cleaner broader statement updates.
	e := New(Options{Session: "s2", Now: clock()})
	ex := group("hermitian")
	ex.Name, ex.FormalStatement = "Hermitian Operator", "A Hermitian operator is diagonal- izable in an orthonormal basis basis."
	cand := candidate("hermitian-2")
	cand.Name, cand.FormalStatement = "Hermitian Operator", clean
	if r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: core.Generalization, Confidence: 0.9}, &ex); r.Action != core.ActionUpdate {
		t.Errorf("a cleaner generalization was merged as %s", r.Action)
	}
}

// Keep-candidate keeps the replaced statement as a version, after the
// versions it already had.
func TestResolveKeepCandidateKeepsTheVersion(t *testing.T) {
	ex := group("group")
	ex.Versions = []core.StatementVersion{{FormalStatement: "An old statement.", ReplacedBy: "s0", Why: "generalization"}}
	c := core.Conflict{ID: "s1-c1", Session: "s1", Candidate: candidate("monoid"), Existing: ex, State: core.ConflictPending}
	r, err := Resolve(c, core.KeepCandidate, &ex, Options{Session: "s1", Now: clock()})
	if err != nil {
		t.Fatal(err)
	}
	after := r.Changes[0].After
	if len(after.Versions) != 2 || after.Versions[0].FormalStatement != "An old statement." ||
		after.Versions[1].FormalStatement != ex.FormalStatement || after.Versions[1].ReplacedBy != "s1" ||
		!strings.Contains(after.Versions[1].Why, "keep-candidate") {
		t.Errorf("versions after keep-candidate: %+v", after.Versions)
	}
}

// Wording shared by unrelated statements of one register (two RFCs, two
// textbooks) is not a claim about the same thing: without a subject word in
// common, or most of the shorter statement's subject in the other, an
// overlap, a generalization or a specialization is added as a distinct
// primitive; with one, the verdict stands.
func TestUnrelatedOverlapIsNotAConflict(t *testing.T) {
	mk := func(id, name, stmt string) core.Primitive {
		p := group(id)
		p.Name, p.FormalStatement = name, stmt
		p.Provenance.ContentHash = text.ContentHash(stmt)
		return p
	}
	for _, c := range []struct {
		cand, existing core.Primitive
		class          core.Class
		want           core.MergeAction
	}{
		{mk("c1", "Cache Must Obey Requirements", "A cache MUST obey the requirements of the Cache-Control directives defined in this section."),
			mk("e1", "Frame Must Be Handled", "If a control frame (Section 5.5) is received, the frame MUST be handled as defined by Section 5.5."),
			core.OverlappingDistinct, core.ActionAdd},
		{mk("c2", "Differentiable", "A function f is differentiable at c if the limit of the difference quotient exists."),
			mk("e2", "Bounded", "A function f is bounded if there is a number M with |f(x)| ≤ M for all x."),
			core.OverlappingDistinct, core.ActionAdd},
		{mk("c3", "Field", "A field is a set with two operations, addition and multiplication, each with inverses."),
			mk("e3", "Vector Space Properties of Matrices", "The set of m by n matrices with entrywise addition and scalar multiplication is a vector space."),
			core.Specialization, core.ActionAdd},
		{mk("c4", "Step 3: Launch Your Redis Sentinel Instance", "Finally we create a new container instance to launch the client and connect to the server."),
			mk("e4", "Server Must Complete", "When a client establishes a WebSocket connection to a server, the server MUST complete the following steps."),
			core.Generalization, core.ActionAdd},
		// A generic name word in common, different subjects.
		{mk("c6", "Client or server may employ a cache", "Any client or server MAY employ a cache, though a cache cannot be used by a server that is acting as a tunnel."),
			mk("e6", "Server may redirect the client using a 3xx status code", "The server MAY redirect the client using a 3xx status code."),
			core.OverlappingDistinct, core.ActionAdd},
		// The only words in common are the parties (sender, recipient)
		// and the message they exchange.
		{mk("c9", "Sender puts a warn date in every warning value", "When a sender generates a warning code in a message to be sent to an old recipient, the sender MUST put in every warning value a warn date equal to the message's date."),
			mk("e9", "Fragments reach the recipient in the order the sender sent them", "Fragments of a message MUST reach the recipient in the order the sender sent them."),
			core.OverlappingDistinct, core.ActionAdd},
		// A name of a party and a verb still names something: it is not
		// a name without a subject.
		{mk("c10", "User agent should inform the user of as many of them as it can", "A user agent that receives several Warning header fields SHOULD inform the user of as many of them as it can, in the order they appear in the response."),
			mk("e10", "Sec-Demo-Extensions header field appears once", "The |Sec-Demo-Extensions| header field MUST NOT appear more than once in an HTTP response."),
			core.OverlappingDistinct, core.ActionAdd},
		// "This" points into its own document: another document's
		// statement about a value of a header field is not about it.
		{inDoc(mk("c7", "Corrected age value may be used", "If the cache is confident in the Age header field value, the corrected age value MAY be used."), "caching.txt"),
			inDoc(mk("e7", "Value of this header field is 8", "The value of this header field MUST be 8."), "websocket.txt"),
			core.OverlappingDistinct, core.ActionAdd},
		// In one document (a new version of it) the verdict stands.
		{inDoc(mk("c8", "Value of this header field is 9", "The value of this header field MUST be 9."), "websocket.txt"),
			inDoc(mk("e8", "Value of this header field is 8", "The value of this header field MUST be 8."), "websocket.txt"),
			core.OverlappingDistinct, core.ActionConflict},
		// The same subject, said differently: a person decides.
		{mk("c5", "Vector Space", "A vector space over a field F is an abelian group with a scalar multiplication by F."),
			mk("e5", "Vector Space", "A vector space is a set V with addition and scalar multiplication satisfying eight axioms."),
			core.OverlappingDistinct, core.ActionConflict},
		// Differently named, one subject: a monoid generalizes a group.
		{candidate("monoid"), group("group"), core.Generalization, core.ActionUpdate},
	} {
		e := New(Options{Session: "s1", Now: clock()})
		ex := c.existing
		r := e.mustMerge(&c.cand, &core.Comparison{ExistingID: ex.ID, Class: c.class, Confidence: 0.3}, &ex)
		if r.Action != c.want {
			t.Errorf("%q against %q (%s): %s, want %s (%s)", c.cand.Name, ex.Name, c.class, r.Action, c.want, r.Provenance.Rationale)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func inDoc(p core.Primitive, doc string) core.Primitive {
	p.Provenance.Document = doc
	return p
}

// mustMerge and mustAddBeside are Merge and AddBeside for the cases whose
// registry lookups cannot fail.
func (e *Engine) mustMerge(cand *core.Primitive, cmp *core.Comparison, existing *core.Primitive) Result {
	r, err := e.Merge(cand, cmp, existing)
	if err != nil {
		panic(err)
	}
	return r
}

func (e *Engine) mustAddBeside(cand, existing *core.Primitive, rationale string) Result {
	r, err := e.AddBeside(cand, existing, rationale)
	if err != nil {
		panic(err)
	}
	return r
}

// A primitive a resolution keeps names the session its content came from
// (the one that raised the conflict, whose changeset records the
// resolution): a conflict's candidate carries no session of its own, and
// lore show printed "session " with nothing after it.
func TestResolveKeptPrimitiveNamesItsSession(t *testing.T) {
	s := newStore(t, group("group"))
	current := group("group")
	current.Provenance.Session = "s0"
	c := pendingConflict()
	c.Candidate.Provenance.Session = ""
	for _, r := range []core.Resolution{core.KeepCandidate, core.KeepBoth} {
		res, err := Resolve(c, r, &current, Options{Session: "s1", Now: clock(), IDTaken: s.taken})
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		if got := res.Changes[0].After.Provenance.Session; got != "s1" {
			t.Errorf("%s: the kept primitive names session %q, want s1", r, got)
		}
	}
}

// Two guides' steps that read alike but run other commands are two
// steps: the second is added, its guide's own, not taken for a broader
// statement of the first (which would move its commands into the other
// guide's skill) nor held for a person.
func TestGuideStepsOfTwoGuidesStayApart(t *testing.T) {
	step := func(id, src, cmd string) core.Primitive {
		return core.Primitive{ID: id, Name: "Step 3: Deploy the Node.js App", Type: core.Technique,
			FormalStatement:   "Deploy the Node.js app with the Dapr sidecar.",
			ComputationalForm: "Apply: Deploy the Node.js app.\n   ```bash\n   " + cmd + "\n   ```",
			Provenance:        core.Provenance{Source: src, Document: src}}
	}
	ex := step("se-step-3-deploy-the-node-js-app", "hello-kubernetes.md", "kubectl apply -f ./deploy/node.yaml")
	cand := step("se-step-3-deploy-the-node-js-app", "secretstore.md", "kubectl apply -f deploy/node.yaml")
	s := newStore(t, ex)
	e := New(Options{Session: "s1", Now: clock(), IDTaken: s.taken})
	for _, class := range []core.Class{core.Generalization, core.ExactDuplicate, core.OverlappingDistinct} {
		r := e.mustMerge(&cand, &core.Comparison{ExistingID: ex.ID, Class: class, Confidence: 0.9}, &ex)
		if r.Action != core.ActionAdd || r.Provenance.Action != core.ProvAddNew || len(r.Changes) != 1 || r.Changes[0].Type != core.ChangeAdd ||
			r.Changes[0].After.Provenance.Source != "secretstore.md" {
			t.Errorf("%s: %+v", class, r)
		}
	}
	// the same step of one guide read again is still one step
	same := ex
	if r := e.mustMerge(&same, &core.Comparison{ExistingID: ex.ID, Class: core.ExactDuplicate, Confidence: 1}, &ex); r.Action == core.ActionAdd {
		t.Errorf("one guide's step read twice was added: %+v", r)
	}
}
