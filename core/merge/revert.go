package merge

import (
	"fmt"
	"slices"
	"time"

	"github.com/lore-kb/lore/core"
)

// IntegrityError is a reason a revert would leave the graph inconsistent
// or lose someone else's work: a surviving primitive (PrimitiveID) whose
// dependency (DependencyTarget) the revert removes, or a primitive changed
// since the session (DependencyTarget empty).
type IntegrityError struct {
	PrimitiveID      string `json:"primitiveId"`
	DependencyTarget string `json:"dependencyTarget,omitempty"`
	Message          string `json:"message"`
}

func (e IntegrityError) Error() string { return e.Message }

// RevertPlan is what undoing a session's changes takes.
type RevertPlan struct {
	// Changes undo the session, to be applied in order as one unit. Empty
	// when there are integrity errors and the revert is not forced.
	Changes []core.Change
	// Removed lists the primitives the plan removes (the session added
	// them), Restored those it puts back to their earlier version (the
	// session updated them), Readded those it adds back (the session
	// removed them). Empty when Changes is.
	Removed, Restored, Readded []string
	// Integrity lists every problem found, forced or not.
	Integrity []IntegrityError
	// Forced says the plan goes ahead despite integrity errors; it then
	// also strips the dangling edges and prerequisites from the surviving
	// primitives, so the graph stays valid.
	Forced bool
}

// PlanRevert plans the undoing of changes (a session's changeset, in the
// order they were applied). It walks them in reverse: an add becomes a
// remove, an update an update back to its before state, a remove an add of
// what was removed, a conflict creation a deletion (ConflictBefore the
// created record, ConflictAfter nil), a conflict update its inverse; notes
// change nothing.
//
// lookup returns a primitive as stored now; dependents the primitives that
// depend on an id now. The plan checks, as the reference does, that no
// surviving primitive depends on one it removes, and, beyond the
// reference:
//   - that an updated (or added) primitive still is what the session left
//     (ignoring Provenance.Session, which the store stamps on commit, and
//     the edges to vanished primitives a forced revert cut); if
//     another session changed it since, undoing would silently discard that
//     change, and if it is gone there is nothing to restore;
//   - that the id of a removed primitive is still free to add it back;
//   - that the primitives it restores or re-adds do not depend on
//     primitives missing afterwards (a reference that dangles already,
//     before the revert, is not the revert's doing and is not reported).
//
// Each problem is an IntegrityError. Without force, problems leave the plan
// without changes. With force the plan proceeds — a changed primitive is
// overwritten by its earlier version, a gone one is left gone, a taken id
// keeps its present holder — and update changes strip the dangling edges
// and prerequisites from the survivors; Forced is set.
//
// Enables is the reverse index of the dependency edges, not content: it is
// ignored when checking whether a primitive changed since the session
// (another session linking to it is not an edit), a restored version keeps
// today's Enables, and the ids the plan removes are dropped from the
// Enables of what it restores or adds back. Enables entries the session
// added to primitives it did not otherwise change (Change.EnablesAdded)
// are the caller's to undo.
//
// Changes already undone (an added primitive gone, an updated one back at
// its before state, a removed one back) are skipped, so planning again
// after the plan was applied yields no primitive changes. Conflict records
// cannot be looked up: refusing to revert a session twice is the store's
// job (core.SessionReverted).
func PlanRevert(changes []core.Change, lookup func(id string) (core.Primitive, bool, error),
	dependents func(id string) ([]core.Dependent, error), force bool, now time.Time) (RevertPlan, error) {
	return planRevert(changes, lookup, dependents, force, now, false)
}

// PlanRevertCuration is PlanRevert for a curator's session, which may
// remove edges and primitives as well as add them: an updated primitive
// gets back the dependents it listed before the session, keeps the ones
// later sessions added, and loses the ones the session added.
func PlanRevertCuration(changes []core.Change, lookup func(id string) (core.Primitive, bool, error),
	dependents func(id string) ([]core.Dependent, error), force bool, now time.Time) (RevertPlan, error) {
	return planRevert(changes, lookup, dependents, force, now, true)
}

func planRevert(changes []core.Change, lookup func(id string) (core.Primitive, bool, error),
	dependents func(id string) ([]core.Dependent, error), force bool, now time.Time, exact bool) (RevertPlan, error) {
	pl := planner{lookup: lookup, overlay: make(map[string]*core.Primitive), now: now, exactEnables: exact}
	for i := len(changes) - 1; i >= 0; i-- {
		if err := pl.undo(&changes[i]); err != nil {
			return RevertPlan{}, fmt.Errorf("revert change %d (%s %s): %w", i, changes[i].Type, changeSubject(&changes[i]), err)
		}
	}
	if err := pl.fixEnables(); err != nil {
		return RevertPlan{}, err
	}
	if err := pl.checkGraph(dependents); err != nil {
		return RevertPlan{}, err
	}
	plan := RevertPlan{Integrity: pl.errs}
	if len(pl.errs) > 0 && !force {
		return plan, nil
	}
	if len(pl.errs) > 0 {
		plan.Forced = true
		if err := pl.strip(); err != nil {
			return RevertPlan{}, err
		}
	}
	plan.Changes, plan.Removed, plan.Restored, plan.Readded = pl.ops, pl.removed, pl.restored, pl.readded
	return plan, nil
}

type planner struct {
	lookup func(id string) (core.Primitive, bool, error)
	// overlay holds the state the plan leaves a primitive in (nil: gone).
	overlay                    map[string]*core.Primitive
	touched                    []string // overlay keys in first-touch order
	now                        time.Time
	ops                        []core.Change
	removed, restored, readded []string
	errs                       []IntegrityError
	// dangling maps a surviving primitive to the ids it would depend on
	// that the plan leaves missing.
	dangling     map[string][]string
	danglingKeys []string
	// names of the primitives the plan removes, for prerequisites.
	names map[string]string
	// exactEnables restores the dependents an update listed before (see
	// PlanRevertCuration).
	exactEnables bool
}

func changeSubject(c *core.Change) string {
	if c.ConflictID != "" {
		return c.ConflictID
	}
	return c.PrimitiveID
}

// get returns a primitive's state as the plan leaves it so far.
func (pl *planner) get(id string) (core.Primitive, bool, error) {
	if p, ok := pl.overlay[id]; ok {
		if p == nil {
			return core.Primitive{}, false, nil
		}
		return *p, true, nil
	}
	p, ok, err := pl.lookup(id)
	if err != nil {
		return core.Primitive{}, false, fmt.Errorf("look up %s: %w", id, err)
	}
	return p, ok, nil
}

func (pl *planner) set(id string, p *core.Primitive) {
	if _, ok := pl.overlay[id]; !ok {
		pl.touched = append(pl.touched, id)
	}
	pl.overlay[id] = p
}

func (pl *planner) fail(id, target, format string, args ...any) {
	e := IntegrityError{PrimitiveID: id, DependencyTarget: target, Message: fmt.Sprintf(format, args...)}
	if !slices.Contains(pl.errs, e) {
		pl.errs = append(pl.errs, e)
	}
}

func (pl *planner) undo(c *core.Change) error {
	switch c.Type {
	case core.ChangeNote:
		return nil
	case core.ChangeConflict:
		if c.ConflictBefore == nil && c.ConflictAfter == nil {
			return fmt.Errorf("conflict change without before or after state")
		}
		pl.ops = append(pl.ops, core.Change{Type: core.ChangeConflict, ConflictID: c.ConflictID,
			ConflictBefore: c.ConflictAfter, ConflictAfter: c.ConflictBefore, Timestamp: pl.now})
		return nil
	}
	id := c.PrimitiveID
	switch c.Type {
	case core.ChangeAdd:
		if c.After == nil {
			return fmt.Errorf("add without the added primitive")
		}
		if id == "" {
			id = c.After.ID
		}
		cur, ok, err := pl.get(id)
		if err != nil || !ok {
			return err // gone already: nothing to remove
		}
		same, err := pl.unchanged(&cur, c.After)
		if err != nil {
			return err
		}
		if !same {
			pl.fail(id, "", "%s was changed after the session added it; removing it discards those changes", id)
		}
		before := cur
		pl.ops = append(pl.ops, core.Change{Type: core.ChangeRemove, PrimitiveID: id, Before: &before, Timestamp: pl.now})
		pl.set(id, nil)
		pl.removed = append(pl.removed, id)
		if pl.names == nil {
			pl.names = make(map[string]string)
		}
		pl.names[id] = cur.Name
	case core.ChangeUpdate:
		if c.Before == nil || c.After == nil {
			return fmt.Errorf("update without before and after states")
		}
		if id == "" {
			id = c.Before.ID
		}
		cur, ok, err := pl.get(id)
		if err != nil {
			return err
		}
		same := false
		if ok {
			if same, err = pl.unchanged(&cur, c.After); err != nil {
				return err
			}
		}
		switch {
		case ok && samePrimitive(&cur, c.Before) && !same:
			return nil // already restored
		case !ok:
			pl.fail(id, "", "%s, which the session updated, no longer exists; its earlier version cannot be restored", id)
			return nil
		case !same:
			pl.fail(id, "", "%s was changed after the session updated it; restoring its earlier version discards those changes", id)
		}
		// The earlier version comes back with today's Enables: they list
		// the primitives depending on this one now (see fixEnables).
		before, after := cur, c.Before.Clone()
		after.Enables = slices.Clone(cur.Enables)
		if pl.exactEnables {
			after.Enables = slices.Clone(c.Before.Enables)
			for _, e := range cur.Enables {
				if !slices.Contains(c.After.Enables, e) && !slices.Contains(after.Enables, e) {
					after.Enables = append(after.Enables, e) // a later session's dependent
				}
			}
		}
		pl.ops = append(pl.ops, core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after, Timestamp: pl.now})
		pl.set(id, &after)
		if !slices.Contains(pl.restored, id) {
			// Updated twice in one session (restated, then recorded
			// as stated elsewhere too): put back once, listed once.
			pl.restored = append(pl.restored, id)
		}
	case core.ChangeRemove:
		if c.Before == nil {
			return fmt.Errorf("remove without the removed primitive")
		}
		if id == "" {
			id = c.Before.ID
		}
		cur, ok, err := pl.get(id)
		if err != nil {
			return err
		}
		if ok {
			if !samePrimitive(&cur, c.Before) {
				pl.fail(id, "", "%s, which the session removed, cannot be added back: the id is taken now", id)
			}
			return nil
		}
		after := c.Before.Clone()
		pl.ops = append(pl.ops, core.Change{Type: core.ChangeAdd, PrimitiveID: id, After: &after, Timestamp: pl.now})
		pl.set(id, &after)
		pl.readded = append(pl.readded, id)
	default:
		return fmt.Errorf("unknown change type %q", c.Type)
	}
	return nil
}

// unchanged reports whether cur, a primitive as stored now, is still want,
// the state a session left it in. Besides what samePrimitive ignores, it
// tolerates the repair a forced revert of another session makes: edges to
// primitives that no longer exist cut, with at most as many prerequisites
// (their names) dropped.
func (pl *planner) unchanged(cur, want *core.Primitive) (bool, error) {
	if samePrimitive(cur, want) {
		return true, nil
	}
	if len(cur.Dependencies) >= len(want.Dependencies) {
		return false, nil
	}
	kept := make([]core.Edge, 0, len(want.Dependencies))
	for _, e := range want.Dependencies {
		_, ok, err := pl.lookup(e.Target)
		if err != nil {
			return false, fmt.Errorf("look up %s: %w", e.Target, err)
		}
		if ok {
			kept = append(kept, e)
		}
	}
	cut := len(want.Dependencies) - len(kept)
	if !slices.Equal(cur.Dependencies, kept) || len(want.Prerequisites)-len(cur.Prerequisites) > cut ||
		!isSubsequence(cur.Prerequisites, want.Prerequisites) {
		return false, nil
	}
	w := *want
	w.Dependencies, w.Prerequisites = cur.Dependencies, cur.Prerequisites
	return samePrimitive(cur, &w), nil
}

// isSubsequence reports whether xs is ys with some elements left out.
func isSubsequence(xs, ys []string) bool {
	i := 0
	for _, y := range ys {
		if i < len(xs) && xs[i] == y {
			i++
		}
	}
	return i == len(xs)
}

// fixEnables drops from the Enables of every primitive the plan restores or
// adds back the ids the plan removes, and from those it adds back also the
// ids gone since, so the reverse index stays true. The states are shared
// with the planned changes, which are corrected with them.
func (pl *planner) fixEnables() error {
	for _, id := range pl.touched {
		p := pl.overlay[id]
		if p == nil || len(p.Enables) == 0 {
			continue
		}
		readded := slices.Contains(pl.readded, id)
		var err error
		p.Enables = slices.DeleteFunc(p.Enables, func(e string) bool {
			if q, ok := pl.overlay[e]; ok {
				return q == nil
			}
			if !readded || err != nil {
				return false
			}
			_, ok, gerr := pl.get(e)
			err = gerr
			return gerr == nil && !ok
		})
		if err != nil {
			return fmt.Errorf("revert: %w", err)
		}
	}
	return nil
}

// checkGraph finds the dependencies the plan would leave dangling.
func (pl *planner) checkGraph(dependents func(id string) ([]core.Dependent, error)) error {
	pl.dangling = make(map[string][]string)
	addDangling := func(from, to string) {
		if !slices.Contains(pl.dangling[from], to) {
			if len(pl.dangling[from]) == 0 {
				pl.danglingKeys = append(pl.danglingKeys, from)
			}
			pl.dangling[from] = append(pl.dangling[from], to)
		}
	}
	for _, id := range pl.removed {
		if p := pl.overlay[id]; p != nil {
			continue // added back further down the walk
		}
		deps, err := dependents(id)
		if err != nil {
			return fmt.Errorf("revert: find dependents of %s: %w", id, err)
		}
		for _, d := range deps {
			if d.ID == id {
				continue
			}
			st, ok, err := pl.get(d.ID)
			if err != nil {
				return fmt.Errorf("revert: %w", err)
			}
			if !ok {
				continue // removed too
			}
			if _, touched := pl.overlay[d.ID]; touched && !refersTo(&st, id, pl.names[id]) {
				continue // its restored version no longer depends on id
			}
			pl.fail(d.ID, id, "%s depends on %s (%s), which the revert removes", d.ID, id, d.Type)
			addDangling(d.ID, id)
		}
	}
	for _, id := range pl.touched {
		p := pl.overlay[id]
		if p == nil {
			continue
		}
		var was *core.Primitive // the stored state before the plan
		for _, e := range p.Dependencies {
			_, ok, err := pl.get(e.Target)
			if err != nil {
				return fmt.Errorf("revert: %w", err)
			}
			if ok {
				continue
			}
			if _, byPlan := pl.overlay[e.Target]; !byPlan {
				// Missing already: dangling only if the plan brings the
				// reference back, not if it is there now.
				if was == nil {
					w, ok, err := pl.lookup(id)
					if err != nil {
						return fmt.Errorf("revert: look up %s: %w", id, err)
					}
					if !ok {
						w = core.Primitive{}
					}
					was = &w
				}
				if was.HasEdge(e.Target, e.Type) {
					continue
				}
			}
			pl.fail(id, e.Target, "%s, which the revert restores, depends on %s (%s), which will not exist", id, e.Target, e.Type)
			addDangling(id, e.Target)
		}
	}
	return nil
}

// strip emits updates that drop the dangling edges and prerequisites of
// the surviving primitives.
func (pl *planner) strip() error {
	for _, id := range pl.danglingKeys {
		targets := pl.dangling[id]
		st, ok, err := pl.get(id)
		if err != nil {
			return fmt.Errorf("revert: %w", err)
		}
		if !ok {
			continue
		}
		after := st.Clone()
		after.Dependencies = slices.DeleteFunc(after.Dependencies, func(e core.Edge) bool { return slices.Contains(targets, e.Target) })
		after.Prerequisites = slices.DeleteFunc(after.Prerequisites, func(p string) bool {
			for _, t := range targets {
				if n := pl.names[t]; n != "" && n == p {
					return true
				}
			}
			return false
		})
		if len(after.Dependencies) == len(st.Dependencies) && len(after.Prerequisites) == len(st.Prerequisites) {
			continue
		}
		before := st
		pl.ops = append(pl.ops, core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after, Timestamp: pl.now})
		pl.set(id, &after)
	}
	return nil
}

// refersTo reports whether p depends on id or names it as a prerequisite.
func refersTo(p *core.Primitive, id, name string) bool {
	for _, e := range p.Dependencies {
		if e.Target == id {
			return true
		}
	}
	return name != "" && slices.Contains(p.Prerequisites, name)
}

// samePrimitive compares two primitives field by field, nil and empty
// slices alike, ignoring Provenance.Session (stamped by the store when the
// session commits) and Enables (the reverse index of other primitives'
// edges, which grows whenever another session links to this one; that is
// not an edit of the primitive).
func samePrimitive(a, b *core.Primitive) bool {
	pa, pb := a.Provenance, b.Provenance
	pa.Session, pb.Session = "", ""
	if a.ID != b.ID || a.Name != b.Name || a.Type != b.Type || a.Domain != b.Domain ||
		a.Chapter != b.Chapter || a.Section != b.Section || a.Plane != b.Plane ||
		a.FormalStatement != b.FormalStatement || a.ComputationalForm != b.ComputationalForm ||
		a.Confidence != b.Confidence || a.Proof != b.Proof || pa != pb {
		return false
	}
	if !slices.Equal(a.Prerequisites, b.Prerequisites) || !slices.Equal(a.Dependencies, b.Dependencies) ||
		!slices.Equal(a.ApplicabilityPatterns, b.ApplicabilityPatterns) ||
		!slices.Equal(a.Keywords, b.Keywords) || !slices.Equal(a.Tags, b.Tags) {
		return false
	}
	return slices.EqualFunc(a.CompositionRules, b.CompositionRules, func(x, y core.CompositionRule) bool {
		return x.With == y.With && x.Yields == y.Yields && x.Type == y.Type && x.Example == y.Example &&
			slices.Equal(x.Conditions, y.Conditions)
	})
}
