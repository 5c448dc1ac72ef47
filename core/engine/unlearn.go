package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/report"
)

// UnlearnOptions tune an unlearn.
type UnlearnOptions struct {
	// Force reverts even when other sessions' primitives depend on what is
	// removed; their dangling edges are cut (and recorded, so unlearning
	// the unlearn is never needed to see what happened).
	Force     bool
	Domains   []core.Domain
	Generate  generate.Config
	OutputDir string
	Now       func() time.Time
}

// UnlearnResult says what an unlearn did.
type UnlearnResult struct {
	Target core.Session
	// Session is the unlearn session that was committed.
	Session   core.Session
	Forced    bool
	Removed   []string
	Restored  []string
	Readded   []string
	Integrity []merge.IntegrityError
	Artifacts []core.Artifact
	Summary   string
	Errors    []string
}

// AlreadyRevertedError says the session was reverted before.
type AlreadyRevertedError struct{ ID, By string }

func (e *AlreadyRevertedError) Error() string {
	if e.By != "" {
		return fmt.Sprintf("session %s is already reverted (by %s)", e.ID, e.By)
	}
	return fmt.Sprintf("session %s is already reverted", e.ID)
}

// NotRevertibleError says the session is not a learn session.
type NotRevertibleError struct {
	ID   string
	Kind core.SessionKind
}

func (e *NotRevertibleError) Error() string {
	return fmt.Sprintf("session %s is an %s session; only learn sessions can be unlearned", e.ID, e.Kind)
}

// IntegrityBlockedError says the revert would leave other sessions'
// primitives depending on removed ones.
type IntegrityBlockedError struct {
	ID        string
	Integrity []merge.IntegrityError
}

func (e *IntegrityBlockedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "unlearn %s blocked: %d integrity problem", e.ID, len(e.Integrity))
	if len(e.Integrity) != 1 {
		b.WriteString("s")
	}
	for i, ie := range e.Integrity {
		if i == 10 {
			fmt.Fprintf(&b, "\n  … and %d more", len(e.Integrity)-10)
			break
		}
		fmt.Fprintf(&b, "\n  %s", ie.Message)
	}
	b.WriteString("\nuse --force to revert anyway (the dependents' edges to removed primitives are cut)")
	return b.String()
}

// Unlearn reverts a learn session: its changes are undone in reverse order
// as a new unlearn session, committed through the journal like a learn and
// marking the target reverted at the same commit point. Then the skills of
// the affected domains are regenerated.
func Unlearn(ctx context.Context, st Store, id string, opts UnlearnOptions) (*UnlearnResult, error) {
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	target, ok, err := st.Session(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &UnknownSessionError{ID: id}
	}
	res := &UnlearnResult{Target: target}
	switch {
	case target.Kind == core.KindUnlearn:
		return res, &NotRevertibleError{ID: id, Kind: target.Kind}
	case target.State == core.SessionReverted:
		return res, &AlreadyRevertedError{ID: id, By: target.RevertedBy}
	case target.State != core.SessionCommitted:
		return res, fmt.Errorf("session %s is %s; reopen the store to finish it first", id, target.State)
	}
	changes, err := st.Changes(id)
	if err != nil {
		return nil, err
	}
	// Enables-only updates are undone first (they are last in the
	// changeset) and by removing exactly the ids they added, so that later
	// sessions linking to the same primitive do not count as conflicting
	// edits.
	var links, rest []core.Change
	for _, ch := range changes {
		if ch.Type == core.ChangeUpdate && len(ch.EnablesAdded) > 0 {
			links = append(links, ch)
		} else {
			rest = append(rest, ch)
		}
	}
	lookup := func(pid string) (core.Primitive, bool, error) { return st.GetPrimitive(pid) }
	plan, err := merge.PlanRevert(rest, lookup, st.Dependents, opts.Force, now().UTC())
	if err != nil {
		return nil, fmt.Errorf("unlearn %s: %w", id, err)
	}
	res.Integrity, res.Forced = plan.Integrity, plan.Forced
	if len(plan.Integrity) > 0 && !opts.Force {
		return res, &IntegrityBlockedError{ID: id, Integrity: plan.Integrity}
	}
	var inverse []core.Change
	for i := len(links) - 1; i >= 0; i-- {
		ch := links[i]
		cur, ok, err := st.GetPrimitive(ch.PrimitiveID)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		after := cur
		after.Enables = slices.DeleteFunc(slices.Clone(cur.Enables), func(e string) bool { return slices.Contains(ch.EnablesAdded, e) })
		before := cur
		inverse = append(inverse, core.Change{Type: core.ChangeUpdate, PrimitiveID: cur.ID, Before: &before, After: &after})
	}
	inverse = append(inverse, plan.Changes...)
	res.Removed, res.Restored, res.Readded = plan.Removed, plan.Restored, plan.Readded

	started := now().UTC()
	sess := core.Session{ID: NewSessionID(core.KindUnlearn, started), Kind: core.KindUnlearn, Reverts: id,
		Source: target.Source, Familiarity: target.Familiarity, StartedAt: started,
		Counts: map[string]int{"removed": len(res.Removed), "restored": len(res.Restored), "readded": len(res.Readded)}}
	if opts.Force {
		sess.Options = map[string]string{"force": "true"}
	}
	domains := map[string]bool{}
	for _, ch := range inverse {
		for _, p := range []*core.Primitive{ch.Before, ch.After} {
			if p != nil {
				domains[p.Domain] = true
			}
		}
	}
	res.Summary = unlearnSummary(res)
	in := report.Input{SessionID: sess.ID, Source: "unlearn " + id, StartedAt: started, CompletedAt: now().UTC(),
		Errors: integrityMessages(res.Integrity)}
	stored, err := encodeStoredReport(in)
	if err != nil {
		return nil, err
	}
	if err := st.CommitSessionWith(ctx, sess, inverse, stored); err != nil {
		return nil, err
	}
	sess.State = core.SessionCommitted
	res.Session = sess

	ds := slices.Sorted(maps.Keys(domains))
	arts, msg := regenerate(st, sess.ID, ds, opts.Domains, opts.Generate, opts.OutputDir, now)
	if msg != "" {
		res.Errors = append(res.Errors, msg)
	}
	res.Artifacts = arts
	res.Summary = unlearnSummary(res)
	return res, nil
}

func integrityMessages(ies []merge.IntegrityError) []string {
	out := make([]string, len(ies))
	for i, ie := range ies {
		out[i] = ie.Message
	}
	return out
}

func unlearnSummary(r *UnlearnResult) string {
	s := fmt.Sprintf("unlearn %s: reverted %d removed, %d restored, %d re-added; %d artifact(s) regenerated",
		r.Target.ID, len(r.Removed), len(r.Restored), len(r.Readded), len(r.Artifacts))
	if r.Forced {
		s += fmt.Sprintf(" (forced past %d integrity problem(s))", len(r.Integrity))
	}
	return s
}
