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
	// User records who unlearned on a team server (see core.Session).
	User string
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
	// Retired are the artifacts of the affected domains that were not
	// generated again; a retired skill is archived in the library.
	Retired []core.Artifact
	// RetiredConflicts are other sessions' pending conflicts whose existing
	// side was removed; the unlearn session records their retirement.
	RetiredConflicts []string
	Summary          string
	Errors           []string
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
	return fmt.Sprintf("session %s is an %s session; only learn and curate sessions can be unlearned", e.ID, e.Kind)
}

// RejectedSessionError says the session is a learn the approval gate
// rejected: it stored nothing, so there is nothing to unlearn.
type RejectedSessionError struct {
	ID string
	// Decision is the gate's verdict as recorded (nil on a record that
	// kept none); At is when the session ended, said when it has none.
	Decision *core.Decision
	At       time.Time
}

func (e *RejectedSessionError) Error() string {
	return fmt.Sprintf("session %s was %s", e.ID, e.Reason())
}

// Reason is why the session cannot be unlearned, without its id: when
// and by whom the gate rejected it. The history screen words a rejected
// session's row with it.
func (e *RejectedSessionError) Reason() string {
	when, by := e.At, ""
	if e.Decision != nil {
		when, by = e.Decision.DecidedAt, " by "+e.Decision.Decider()
	}
	on := ""
	if !when.IsZero() {
		on = " on " + when.Local().Format("2006-01-02 15:04")
	}
	return "rejected at the gate" + on + by + "; nothing was learned, so there is nothing to unlearn"
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

// unlearnPlan is what unlearning a session takes, worked out without
// changing anything: PreviewUnlearn shows it, Unlearn carries it out.
type unlearnPlan struct {
	target core.Session
	plan   merge.RevertPlan
	// inverse are the changes to commit: the enables-only updates undone
	// first, then the plan's changes.
	inverse []core.Change
	// domains are the domains whose primitives the inverse touches, sorted.
	domains []string
	// retired are the other sessions' pending conflicts whose existing
	// side the unlearn removes; their retirement ends the inverse.
	retired []string
}

// planUnlearn plans the revert of session id as session by (empty for a
// preview). A refusal (not a learn session, already reverted, blocked by
// integrity problems without force) returns the plan so far with the
// error; a failure to read returns no plan.
func planUnlearn(st Store, id, by string, force bool, now time.Time) (*unlearnPlan, error) {
	target, ok, err := st.Session(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &UnknownSessionError{ID: id}
	}
	u := &unlearnPlan{target: target}
	switch {
	case target.Kind == core.KindUnlearn:
		return u, &NotRevertibleError{ID: id, Kind: target.Kind}
	case target.State == core.SessionReverted:
		return u, &AlreadyRevertedError{ID: id, By: target.RevertedBy}
	case target.State == core.SessionRejected:
		return u, &RejectedSessionError{ID: id, Decision: target.Decision, At: target.CompletedAt}
	case target.State != core.SessionCommitted:
		return u, fmt.Errorf("session %s is %s; reopen the store to finish it first", id, target.State)
	}
	changes, err := st.Changes(id)
	if err != nil {
		return nil, err
	}
	// Link updates (enables or edges added to primitives the session did
	// not otherwise change) are undone first and by removing exactly what
	// they added, so that later sessions linking to the same primitive do
	// not count as conflicting edits. The edges they take back are no
	// dependents of what the plan removes.
	var links, rest []core.Change
	type edgeKey struct{ from, to string }
	linked := map[edgeKey]bool{}
	// A link a later change of the same primitive overwrote (a resolution
	// replacing what an earlier one linked) is undone in its place, as
	// the update it is: the later change's undo brings back the state it
	// left.
	rewritten := map[int]bool{}
	last := map[string]int{}
	for i := len(changes) - 1; i >= 0; i-- {
		ch := &changes[i]
		if ch.Link() {
			if j, ok := last[ch.PrimitiveID]; ok && j > i {
				rewritten[i] = true
			}
		} else if ch.PrimitiveID != "" && ch.Type != core.ChangeNote && ch.Type != core.ChangeConflict {
			if _, ok := last[ch.PrimitiveID]; !ok {
				last[ch.PrimitiveID] = i
			}
		}
	}
	for i, ch := range changes {
		if ch.Link() && !rewritten[i] {
			links = append(links, ch)
			for _, e := range ch.DependenciesAdded {
				linked[edgeKey{ch.PrimitiveID, e.Target}] = true
			}
		} else {
			rest = append(rest, ch)
		}
	}
	// The links are undone first, newest first, each from the state the
	// one before left; the plan then starts from the primitives as they
	// leave them, so a primitive of the session that a later change of it
	// (a resolution, a repair) only linked is not taken for edited.
	unlinked := map[string]*core.Primitive{}
	for i := len(links) - 1; i >= 0; i-- {
		ch := links[i]
		cur, ok := core.Primitive{}, false
		if p := unlinked[ch.PrimitiveID]; p != nil {
			cur, ok = *p, true
		} else if cur, ok, err = st.GetPrimitive(ch.PrimitiveID); err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		after := cur
		after.Enables = slices.DeleteFunc(slices.Clone(cur.Enables), func(e string) bool { return slices.Contains(ch.EnablesAdded, e) })
		after.Dependencies = slices.DeleteFunc(slices.Clone(cur.Dependencies), func(e core.Edge) bool {
			return slices.ContainsFunc(ch.DependenciesAdded, func(a core.Edge) bool { return a.Target == e.Target && a.Type == e.Type })
		})
		if len(after.Dependencies) == 0 && ch.Before != nil && ch.Before.Dependencies == nil {
			after.Dependencies = nil // as the link found it
		}
		if len(after.Enables) == 0 && ch.Before != nil && ch.Before.Enables == nil {
			after.Enables = nil
		}
		before := cur
		u.inverse = append(u.inverse, core.Change{Type: core.ChangeUpdate, PrimitiveID: cur.ID, Before: &before, After: &after})
		unlinked[cur.ID] = &after
	}
	lookup := func(pid string) (core.Primitive, bool, error) {
		if p := unlinked[pid]; p != nil {
			return *p, true, nil
		}
		return st.GetPrimitive(pid)
	}
	dependents := st.Dependents
	if len(linked) > 0 {
		dependents = func(pid string) ([]core.Dependent, error) {
			ds, err := st.Dependents(pid)
			return slices.DeleteFunc(ds, func(d core.Dependent) bool { return linked[edgeKey{d.ID, pid}] }), err
		}
	}
	planRevert := merge.PlanRevert
	if target.Kind == core.KindCurate {
		planRevert = merge.PlanRevertCuration
	}
	u.plan, err = planRevert(rest, lookup, dependents, force, now)
	if err != nil {
		return nil, fmt.Errorf("unlearn %s: %w", id, err)
	}
	if len(u.plan.Integrity) > 0 && !force {
		return u, &IntegrityBlockedError{ID: id, Integrity: u.plan.Integrity}
	}
	u.inverse = append(u.inverse, u.plan.Changes...)
	retire, err := retireOrphans(st, id, by, func(string) string { return "the unlearn of " + id }, u.plan.Removed, now)
	if err != nil {
		return nil, fmt.Errorf("unlearn %s: %w", id, err)
	}
	for _, ch := range retire {
		u.retired = append(u.retired, ch.ConflictID)
	}
	u.inverse = append(u.inverse, retire...)
	domains := map[string]bool{}
	for _, ch := range u.inverse {
		for _, p := range []*core.Primitive{ch.Before, ch.After} {
			if p != nil {
				domains[p.Domain] = true
			}
		}
	}
	u.domains = slices.Sorted(maps.Keys(domains))
	return u, nil
}

// retireOrphans retires the pending conflicts of sessions other than target
// whose existing side is among removed (cause says by what, for the
// retirement to name): with that side gone there is nothing to keep or replace, and a
// person shown them could only fail. The session by records each
// retirement as a conflict change, so reverting it makes them pending
// again. The target's own conflicts are not touched: its revert deletes
// them.
func retireOrphans(st Store, target, by string, cause func(id string) string, removed []string, now time.Time) ([]core.Change, error) {
	if len(removed) == 0 {
		return nil, nil
	}
	gone := make(map[string]bool, len(removed))
	for _, id := range removed {
		gone[id] = true
	}
	cs, err := st.Conflicts()
	if err != nil {
		return nil, err
	}
	var out []core.Change
	for i := range cs {
		c := cs[i]
		if c.State != core.ConflictPending || c.Session == target || !gone[c.Existing.ID] {
			continue
		}
		after := c
		after.State, after.RetiredBy, after.RetiredAt = core.ConflictRetired, by, now
		after.RetiredWhy = fmt.Sprintf("existing side %s (%s) removed by %s", c.Existing.ID, c.Existing.Name, cause(c.Existing.ID))
		out = append(out, core.Change{Type: core.ChangeConflict, ConflictID: c.ID, ConflictBefore: &c, ConflictAfter: &after, Timestamp: now})
	}
	return out, nil
}

// UnlearnPreview is what unlearning a session would do, worked out from
// the store as it is now without changing it, so that a person can read it
// before confirming.
type UnlearnPreview struct {
	Target core.Session
	// Forced says the preview is of a forced unlearn (Integrity then lists
	// the problems it goes past).
	Forced bool
	// Removed, Restored and Readded are primitive ids, in the order the
	// unlearn would undo them; Names maps each to its name.
	Removed, Restored, Readded []string
	Names                      map[string]string
	Integrity                  []merge.IntegrityError
	// DroppedConflicts are the conflicts the session presented, which the
	// unlearn deletes (resolved or not); ReopenedConflicts those it
	// resolved but did not present, which become pending again; RetiredConflicts other sessions' pending conflicts
	// whose existing side it removes.
	DroppedConflicts, ReopenedConflicts, RetiredConflicts []string
	// Regenerated are the artifacts the affected domains would have
	// afterwards; Retired the present ones they would no longer have (a
	// retired skill is archived in the library).
	Regenerated, Retired []core.Artifact
}

// PreviewUnlearn works out what Unlearn(st, id, opts) would do, with the
// same planning, and changes nothing. It refuses with the same errors
// Unlearn would, an *IntegrityBlockedError among them (with the preview so
// far) when opts.Force is not set.
func PreviewUnlearn(st Store, id string, opts UnlearnOptions) (*UnlearnPreview, error) {
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	u, err := planUnlearn(st, id, "", opts.Force, now().UTC())
	if u == nil {
		return nil, err
	}
	pv := &UnlearnPreview{Target: u.target, Forced: u.plan.Forced, Integrity: u.plan.Integrity,
		Removed: u.plan.Removed, Restored: u.plan.Restored, Readded: u.plan.Readded, Names: map[string]string{},
		RetiredConflicts: u.retired}
	if err != nil {
		return pv, err
	}
	// The primitives as the unlearn would leave them (nil: removed), which
	// is also what the artifacts would be generated from.
	overlay := map[string]*core.Primitive{}
	for _, ch := range u.inverse {
		switch {
		case ch.Type == core.ChangeConflict && ch.ConflictAfter == nil:
			pv.DroppedConflicts = append(pv.DroppedConflicts, ch.ConflictID)
		case ch.Type == core.ChangeConflict && ch.ConflictAfter.State == core.ConflictRetired:
			// Listed as retired above.
		case ch.Type == core.ChangeConflict:
			pv.ReopenedConflicts = append(pv.ReopenedConflicts, ch.ConflictID)
		case ch.Type == core.ChangeRemove && ch.Before != nil:
			overlay[ch.PrimitiveID] = nil
			pv.Names[ch.PrimitiveID] = ch.Before.Name
		case ch.After != nil:
			overlay[ch.After.ID] = ch.After
			pv.Names[ch.After.ID] = ch.After.Name
		}
	}
	// A conflict the session both presented and resolved (a resolution is
	// recorded in the session that raised the conflict) is undone twice,
	// back to pending and then deleted: it is dropped, not reopened.
	pv.ReopenedConflicts = slices.DeleteFunc(pv.ReopenedConflicts, func(c string) bool { return slices.Contains(pv.DroppedConflicts, c) })
	old, err := st.Artifacts()
	if err != nil {
		return nil, fmt.Errorf("preview unlearn %s: %w", id, err)
	}
	gen, err := generateFor(st, u.domains, overlay, opts.Domains, opts.Generate, func() time.Time { return now().UTC() })
	if err != nil {
		return nil, fmt.Errorf("preview unlearn %s: %w", id, err)
	}
	pv.Regenerated, pv.Retired = gen.made, retired(old, u.domains, gen.all())
	return pv, nil
}

// retired lists the artifacts of old in domains that made does not
// generate again.
func retired(old []core.Artifact, domains []string, made []core.Artifact) []core.Artifact {
	var out []core.Artifact
	for _, a := range old {
		if !slices.Contains(domains, a.Domain) {
			continue
		}
		if !slices.ContainsFunc(made, func(m core.Artifact) bool { return m.Kind == a.Kind && m.Name == a.Name }) {
			out = append(out, a)
		}
	}
	return out
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
	started := now().UTC()
	sessID := NewSessionID(core.KindUnlearn, started)
	u, err := planUnlearn(st, id, sessID, opts.Force, started)
	if u == nil {
		return nil, err
	}
	res := &UnlearnResult{Target: u.target, Integrity: u.plan.Integrity, Forced: u.plan.Forced, RetiredConflicts: u.retired}
	if err != nil {
		return res, err
	}
	inverse := u.inverse
	res.Removed, res.Restored, res.Readded = u.plan.Removed, u.plan.Restored, u.plan.Readded

	sess := core.Session{ID: sessID, Kind: core.KindUnlearn, Reverts: id,
		Source: u.target.Source, Familiarity: u.target.Familiarity, StartedAt: started,
		Counts: core.SessionCounts{UnlearnCounts: &core.UnlearnCounts{Removed: len(res.Removed), Restored: len(res.Restored),
			Readded: len(res.Readded), ConflictsRetired: len(u.retired)}}}
	sess.User = opts.User
	if opts.Force {
		sess.Options = map[string]string{"force": "true"}
	}
	res.Summary = unlearnSummary(res)
	in := report.Input{SessionID: sess.ID, Source: "unlearn " + id, User: opts.User, StartedAt: started, CompletedAt: now().UTC(),
		Errors: integrityMessages(res.Integrity)}
	stored, err := encodeStoredReport(in)
	if err != nil {
		return nil, err
	}
	// The artifacts before, to tell which ones the regeneration retires.
	old, err := st.Artifacts()
	if err != nil {
		return nil, fmt.Errorf("unlearn %s: %w", id, err)
	}
	if err := st.CommitSessionWith(ctx, sess, inverse, stored); err != nil {
		return nil, err
	}
	sess.State = core.SessionCommitted
	res.Session = sess

	arts, msg := regenerate(ctx, st, sess.ID, u.domains, opts.Domains, opts.Generate, opts.OutputDir, now)
	if msg != "" {
		res.Errors = append(res.Errors, msg)
	} else {
		res.Retired = retired(old, u.domains, arts)
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
	s := fmt.Sprintf("unlearn %s: reverted %d removed, %d restored, %d re-added; %s",
		r.Target.ID, len(r.Removed), len(r.Restored), len(r.Readded), ArtifactChanges(r.Artifacts, r.Retired))
	if n := len(r.RetiredConflicts); n > 0 {
		s += fmt.Sprintf("; %d pending conflict(s) retired (their existing side was removed)", n)
	}
	if r.Forced {
		s += fmt.Sprintf(" (forced past %d integrity problem(s))", len(r.Integrity))
	}
	return s
}

// ArtifactChanges says in words what regenerating did to the artifacts:
// the retired ones by kind and name (a retired skill is archived in the
// library, the others are removed), then how many were regenerated.
func ArtifactChanges(made, retired []core.Artifact) string {
	var parts []string
	byKind := map[core.ArtifactKind][]string{}
	var kinds []core.ArtifactKind
	for _, a := range retired {
		if _, ok := byKind[a.Kind]; !ok {
			kinds = append(kinds, a.Kind)
		}
		byKind[a.Kind] = append(byKind[a.Kind], a.Name)
	}
	for _, k := range kinds {
		names := byKind[k]
		verb := "removed"
		if k == core.SkillArtifact {
			verb = "archived"
		}
		noun := string(k)
		if len(names) != 1 {
			noun += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s %s (%s)", len(names), noun, verb, strings.Join(names, ", ")))
	}
	switch n := len(made); {
	case n == 1:
		parts = append(parts, "1 artifact regenerated")
	case n > 1:
		parts = append(parts, fmt.Sprintf("%d artifacts regenerated", n))
	}
	if len(parts) == 0 {
		return "no artifact changed"
	}
	return strings.Join(parts, "; ")
}
