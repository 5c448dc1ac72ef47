package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
)

// The engine's merge, resolve and unlearn paths over a store in memory:
// what the engine decides and what it asks the store to write, with the
// store's failures injected where the real one cannot be made to fail.

const (
	ringClean = "A ring is a set with two associative operations, addition forming an abelian group and multiplication distributing over it."
	// ringDamaged is ringClean widened by a bad extraction (a doubled
	// word): a generalization the merge must not take silently.
	ringDamaged = "A ring is a set with two associative operations, addition forming an abelian group and multiplication distributing over it, as studied in in abstract algebra and number theory."
	fieldDef    = "A field is a commutative ring in which every nonzero element has a multiplicative inverse."
)

var errBroken = errors.New("disk on fire")

func writeDoc(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func definitions(defs ...string) string {
	body := "# Algebra\n\n"
	for _, d := range defs {
		body += "Definition: " + d + "\n\n"
	}
	return body
}

func learnFake(t *testing.T, st engine.Store, path string) (*engine.LearnResult, error) {
	t.Helper()
	opts := engine.LearnOptions{Domain: "structure"}
	opts.Policy.Approve = true
	return engine.Learn(context.Background(), st, path, opts)
}

func mustLearnFake(t *testing.T, st engine.Store, path string) *engine.LearnResult {
	t.Helper()
	res, err := learnFake(t, st, path)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Learning the same source twice merges every candidate into what the
// first run stored: the second run adds nothing and changes no primitive.
func TestFakeMergeRelearnAddsNothing(t *testing.T) {
	st := newFakeStore()
	path := writeDoc(t, "algebra.md", definitions(ringClean, fieldDef))
	first := mustLearnFake(t, st, path)
	if first.Counts.Added != 2 || !first.Committed {
		t.Fatalf("first learn: %+v committed=%v, want 2 added", first.Counts, first.Committed)
	}
	before := st.primitiveIDs()
	second := mustLearnFake(t, st, path)
	if second.Counts.Added != 0 || second.Counts.Updated != 0 || second.Counts.Skipped != 2 {
		t.Fatalf("relearn: %+v, want 2 skipped and nothing else", second.Counts)
	}
	if got := st.primitiveIDs(); !slices.Equal(got, before) {
		t.Errorf("relearn changed the stored ids: %v, was %v", got, before)
	}
}

// A damaged generalization of a stored statement is held as a conflict;
// learning it again while that conflict is pending raises no second one
// (the pending-conflict rule), and the stored statement is untouched.
func TestFakeMergePendingConflictIsNotRaisedTwice(t *testing.T) {
	st := newFakeStore()
	mustLearnFake(t, st, writeDoc(t, "clean.md", definitions(ringClean)))
	damaged := writeDoc(t, "damaged.md", definitions(ringDamaged))
	first := mustLearnFake(t, st, damaged)
	if first.Counts.Conflicts != 1 || first.Counts.Updated != 0 {
		t.Fatalf("damaged generalization: %+v, want one conflict", first.Counts)
	}
	again := mustLearnFake(t, st, damaged)
	if again.Counts.Conflicts != 0 || again.Counts.Updated != 0 || again.Counts.Added != 0 {
		t.Fatalf("the same candidate again: %+v, want it skipped while the conflict is pending", again.Counts)
	}
	cs, _ := st.Conflicts()
	if len(cs) != 1 {
		t.Errorf("%d conflicts stored, want 1", len(cs))
	}
	for _, id := range st.primitiveIDs() {
		if p, _, _ := st.GetPrimitive(id); p.FormalStatement == ringDamaged {
			t.Errorf("the damaged statement was stored as %s", id)
		}
	}
}

// A store that cannot answer the registry's queries (near statements,
// same content, whether an id is taken) fails the run with the store's
// error, and nothing is written.
func TestFakeMergeStoreErrorWritesNothing(t *testing.T) {
	st := newFakeStore()
	mustLearnFake(t, st, writeDoc(t, "ring.md", definitions(ringClean)))
	// A new statement, so that the exact-match shortcut does not spare
	// the run the registry's other queries.
	path := writeDoc(t, "field.md", definitions(fieldDef))
	st.writes = nil
	for _, method := range []string{"Near", "SameContent", "GetPrimitive"} {
		t.Run(method, func(t *testing.T) {
			st.fail = map[string]error{method: errBroken}
			defer func() { st.fail = map[string]error{} }()
			res, err := learnFake(t, st, path)
			if !errors.Is(err, errBroken) {
				t.Fatalf("learn with a failing %s: err %v, want the store's error", method, err)
			}
			if res != nil && res.Committed {
				t.Error("the failed run says it committed")
			}
			if len(st.writes) != 0 {
				t.Errorf("the failed run wrote: %v", st.writes)
			}
		})
	}
}

// A failed commit is the run's error; the store holds what it held.
func TestFakeMergeCommitFailure(t *testing.T) {
	st := newFakeStore()
	st.fail["CommitSessionWith"] = errBroken
	_, err := learnFake(t, st, writeDoc(t, "algebra.md", definitions(ringClean)))
	if !errors.Is(err, errBroken) {
		t.Fatalf("err %v, want the commit's error", err)
	}
	if ids := st.primitiveIDs(); len(ids) != 0 {
		t.Errorf("primitives stored by a failed commit: %v", ids)
	}
	if slices.Contains(st.writes, "ReplaceArtifacts") {
		t.Error("artifacts were replaced after the commit failed")
	}
}

// pendingConflict learns a clean statement and then a damaged
// generalization of it, and returns the conflict the second run raised.
func pendingConflict(t *testing.T, st *fakeStore) core.Conflict {
	t.Helper()
	mustLearnFake(t, st, writeDoc(t, "clean.md", definitions(ringClean)))
	res := mustLearnFake(t, st, writeDoc(t, "damaged.md", definitions(ringDamaged)))
	if len(res.Conflicts) != 1 {
		t.Fatalf("setup: %d conflicts, want 1", len(res.Conflicts))
	}
	return res.Conflicts[0]
}

// keep-candidate replaces the stored statement, and the change is
// appended to the changeset of the session that raised the conflict (so
// unlearning that session undoes the resolution), with its provenance.
func TestFakeResolveKeepCandidate(t *testing.T) {
	st := newFakeStore()
	c := pendingConflict(t, st)
	n := len(st.changes[c.Session])
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	res, err := engine.ResolveConflict(context.Background(), st, c.ID, core.KeepCandidate, engine.ResolveOptions{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Conflict.State != core.ConflictResolved || res.Conflict.Resolution != core.KeepCandidate {
		t.Errorf("conflict after resolving: %s %s", res.Conflict.State, res.Conflict.Resolution)
	}
	p, ok, _ := st.GetPrimitive(c.Existing.ID)
	if !ok || p.FormalStatement != ringDamaged {
		t.Errorf("stored statement %q (found %v), want the candidate's", p.FormalStatement, ok)
	}
	appended := st.changes[c.Session][n:]
	if len(appended) == 0 || appended[0].Provenance == nil || appended[0].Provenance.Outcome != res.Outcome {
		t.Fatalf("appended changes %+v, want the first to carry the decision", appended)
	}
	stored, _, _ := st.Conflict(c.ID)
	if stored.State != core.ConflictResolved || !stored.ResolvedAt.Equal(at) {
		t.Errorf("stored conflict %s at %v", stored.State, stored.ResolvedAt)
	}
}

// keep-existing changes no primitive and still records the decision.
func TestFakeResolveKeepExisting(t *testing.T) {
	st := newFakeStore()
	c := pendingConflict(t, st)
	before, _, _ := st.GetPrimitive(c.Existing.ID)
	if _, err := engine.ResolveConflict(context.Background(), st, c.ID, core.KeepExisting, engine.ResolveOptions{}); err != nil {
		t.Fatal(err)
	}
	after, _, _ := st.GetPrimitive(c.Existing.ID)
	if after.FormalStatement != before.FormalStatement || len(after.Versions) != len(before.Versions) {
		t.Errorf("keep-existing changed the primitive: %q", after.FormalStatement)
	}
	if stored, _, _ := st.Conflict(c.ID); stored.State != core.ConflictResolved {
		t.Errorf("conflict state %s, want resolved", stored.State)
	}
}

// Refusals write nothing: an unknown id, a conflict decided before, an
// unknown resolution; and a failing append leaves the conflict pending.
func TestFakeResolveRefusals(t *testing.T) {
	st := newFakeStore()
	c := pendingConflict(t, st)
	st.writes = nil
	if _, err := engine.ResolveConflict(context.Background(), st, "c-nope", core.KeepBoth, engine.ResolveOptions{}); !errors.Is(err, engine.ErrUnknown) {
		t.Errorf("unknown conflict: %v", err)
	}
	var usage *core.UsageError
	if _, err := engine.ResolveConflict(context.Background(), st, c.ID, core.Resolution("keep-neither"), engine.ResolveOptions{}); !errors.As(err, &usage) {
		t.Errorf("unknown resolution: %v, want a usage error", err)
	}
	st.fail["AppendToSession"] = errBroken
	if _, err := engine.ResolveConflict(context.Background(), st, c.ID, core.KeepCandidate, engine.ResolveOptions{}); !errors.Is(err, errBroken) {
		t.Errorf("failing append: %v", err)
	}
	if stored, _, _ := st.Conflict(c.ID); stored.State != core.ConflictPending {
		t.Errorf("after a failed append the conflict is %s, want pending", stored.State)
	}
	delete(st.fail, "AppendToSession")
	if _, err := engine.ResolveConflict(context.Background(), st, c.ID, core.KeepBoth, engine.ResolveOptions{}); err != nil {
		t.Fatal(err)
	}
	var already *engine.AlreadyResolvedError
	if _, err := engine.ResolveConflict(context.Background(), st, c.ID, core.KeepExisting, engine.ResolveOptions{}); !errors.As(err, &already) {
		t.Errorf("resolving twice: %v, want AlreadyResolvedError", err)
	}
	if got := slices.Compact(slices.Clone(st.writes)); !slices.Equal(got, []string{"AppendToSession", "ReplaceArtifacts"}) {
		t.Errorf("writes %v, want only the failed and the one good append (and its artifacts)", st.writes)
	}
}

// Unlearning a session removes what it added and marks it reverted; a
// second unlearn is refused without writing.
func TestFakeUnlearnRemovesWhatTheSessionAdded(t *testing.T) {
	st := newFakeStore()
	res := mustLearnFake(t, st, writeDoc(t, "algebra.md", definitions(ringClean, fieldDef)))
	u, err := engine.Unlearn(context.Background(), st, res.Session.ID, engine.UnlearnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Removed) != 2 || len(st.primitiveIDs()) != 0 {
		t.Errorf("removed %v, left %v", u.Removed, st.primitiveIDs())
	}
	if target, _, _ := st.Session(res.Session.ID); target.State != core.SessionReverted || target.RevertedBy != u.Session.ID {
		t.Errorf("target after unlearn: %s by %q", target.State, target.RevertedBy)
	}
	st.writes = nil
	var again *engine.AlreadyRevertedError
	if _, err := engine.Unlearn(context.Background(), st, res.Session.ID, engine.UnlearnOptions{}); !errors.As(err, &again) {
		t.Errorf("second unlearn: %v", err)
	}
	if _, err := engine.Unlearn(context.Background(), st, "s-nope", engine.UnlearnOptions{}); !errors.Is(err, engine.ErrUnknown) {
		t.Errorf("unknown session: %v", err)
	}
	if len(st.writes) != 0 {
		t.Errorf("refused unlearns wrote %v", st.writes)
	}
}

// A primitive another session depends on blocks the unlearn (nothing is
// written); with Force the dependent's edge is cut and recorded.
func TestFakeUnlearnBlockedByADependent(t *testing.T) {
	st := newFakeStore()
	ring := mustLearnFake(t, st, writeDoc(t, "ring.md", definitions(ringClean)))
	ringID := ring.Primitives[0].ID
	now := time.Now().UTC()
	dependent := core.Primitive{ID: "field-x", Name: "Field", Domain: "structure", FormalStatement: fieldDef,
		Dependencies: []core.Edge{{Target: ringID, Type: core.Requires, Strength: 1}}}
	other := core.Session{ID: "s-other", Kind: core.KindLearn, Source: "other.md", StartedAt: now}
	if err := st.CommitSessionWith(context.Background(), other,
		[]core.Change{{Type: core.ChangeAdd, PrimitiveID: dependent.ID, After: &dependent, Timestamp: now}}, nil); err != nil {
		t.Fatal(err)
	}
	st.writes = nil
	var blocked *engine.IntegrityBlockedError
	if _, err := engine.Unlearn(context.Background(), st, ring.Session.ID, engine.UnlearnOptions{}); !errors.As(err, &blocked) {
		t.Fatalf("unlearn under a dependent: %v, want IntegrityBlockedError", err)
	}
	if len(st.writes) != 0 || len(st.primitiveIDs()) != 2 {
		t.Fatalf("a blocked unlearn wrote %v; primitives %v", st.writes, st.primitiveIDs())
	}
	u, err := engine.Unlearn(context.Background(), st, ring.Session.ID, engine.UnlearnOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if !u.Forced || len(u.Integrity) == 0 {
		t.Errorf("forced unlearn: forced=%v integrity=%v", u.Forced, u.Integrity)
	}
	left, ok, _ := st.GetPrimitive(dependent.ID)
	if !ok || len(left.Dependencies) != 0 {
		t.Errorf("the dependent after a forced unlearn: found=%v deps=%v", ok, left.Dependencies)
	}
}
