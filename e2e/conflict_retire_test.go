package e2e_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/merge"
)

// A conflict whose existing side is unlearned is retired by the unlearn
// session, which records it: it leaves the pending list, resolving it says
// why not, and reverting the retirement makes it pending again.
func TestConflictRetiredWhenItsExistingSideIsUnlearned(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	structure := func(o *engine.LearnOptions) { o.Domain = "structure" }
	c := learn(t, s, write(t, dir, "c.md", docC), structure)
	d := learn(t, s, write(t, dir, "d.md", docD), structure)
	if len(d.Conflicts) != 1 {
		t.Fatalf("setup: %d conflicts, want 1", len(d.Conflicts))
	}
	id := d.Conflicts[0].ID

	pv, err := engine.PreviewUnlearn(s, c.Session.ID, engine.UnlearnOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(pv.RetiredConflicts) != 1 || pv.RetiredConflicts[0] != id {
		t.Errorf("the preview retires %v, want [%s]", pv.RetiredConflicts, id)
	}
	u, err := engine.Unlearn(context.Background(), s, c.Session.ID, engine.UnlearnOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(u.RetiredConflicts) != 1 || !strings.Contains(u.Summary, "1 pending conflict(s) retired") {
		t.Errorf("unlearn retired %v; summary %q", u.RetiredConflicts, u.Summary)
	}
	got, ok, err := s.Conflict(id)
	if err != nil || !ok {
		t.Fatalf("conflict %s: %v %v", id, ok, err)
	}
	if got.State != core.ConflictRetired || got.RetiredBy != u.Session.ID || !strings.Contains(got.RetiredWhy, got.Existing.ID) {
		t.Errorf("conflict after the unlearn: state %s by %q why %q", got.State, got.RetiredBy, got.RetiredWhy)
	}
	all, err := s.Conflicts()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range all {
		if x.State == core.ConflictPending {
			t.Errorf("conflict %s is still pending with its existing side %s gone", x.ID, x.Existing.ID)
		}
	}
	for _, r := range core.Resolutions {
		_, err := engine.ResolveConflict(context.Background(), s, id, r, engine.ResolveOptions{})
		var done *engine.AlreadyResolvedError
		if !errors.As(err, &done) || !strings.Contains(err.Error(), "retired by "+u.Session.ID) {
			t.Errorf("%s on a retired conflict: %v", r, err)
		}
	}
	verify(t, s)

	// The retirement is a change of the unlearn session; undoing that
	// session's changes makes the conflict pending again.
	changes, err := s.Changes(u.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	var recorded bool
	for _, ch := range changes {
		recorded = recorded || (ch.Type == core.ChangeConflict && ch.ConflictID == id && ch.ConflictAfter != nil && ch.ConflictAfter.State == core.ConflictRetired)
	}
	if !recorded {
		t.Fatalf("the unlearn session does not record the retirement: %+v", changes)
	}
	plan, err := merge.PlanRevert(changes, s.GetPrimitive, s.Dependents, true, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var restored bool
	for _, ch := range plan.Changes {
		restored = restored || (ch.Type == core.ChangeConflict && ch.ConflictID == id && ch.ConflictAfter != nil && ch.ConflictAfter.State == core.ConflictPending)
	}
	if !restored {
		t.Errorf("reverting the unlearn session does not make the conflict pending again: %+v", plan.Changes)
	}

	// The conflict's own session can still be unlearned: its record goes.
	if _, err := engine.Unlearn(context.Background(), s, d.Session.ID, engine.UnlearnOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Conflict(id); ok {
		t.Error("the conflict outlived the session that presented it")
	}
	verify(t, s)
}

// What a resolution reports names the resolution chosen (the screens and
// the command line print it).
func TestResolveReportsTheResolution(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	structure := func(o *engine.LearnOptions) { o.Domain = "structure" }
	learn(t, s, write(t, dir, "c.md", docC), structure)
	d := learn(t, s, write(t, dir, "d.md", docD), structure)
	if len(d.Conflicts) != 1 {
		t.Fatalf("setup: %d conflicts, want 1", len(d.Conflicts))
	}
	res, err := engine.ResolveConflict(context.Background(), s, d.Conflicts[0].ID, core.KeepExisting, engine.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Conflict.Resolution != core.KeepExisting || res.Conflict.State != core.ConflictResolved || res.Outcome != core.ActionSkip {
		t.Errorf("result names resolution %q state %q outcome %q, want keep-existing, resolved, skip",
			res.Conflict.Resolution, res.Conflict.State, res.Outcome)
	}
}
