package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/wire"
)

// ResolveOptions tune a conflict resolution.
type ResolveOptions struct {
	Domains   []core.Domain
	Generate  generate.Config
	OutputDir string
	Now       func() time.Time
	// User records who resolved on a team server (see core.Session).
	User string
}

// ResolveResult says what a resolution did.
type ResolveResult struct {
	// Conflict is the conflict as resolved (its Resolution set).
	Conflict  core.Conflict
	Outcome   core.MergeAction
	Changes   []core.Change
	Artifacts []core.Artifact
	Errors    []string
}

// UnknownConflictError names a conflict id the store does not hold.
type UnknownConflictError struct{ ID string }

func (e *UnknownConflictError) Error() string {
	return fmt.Sprintf("unknown conflict %q (lore conflicts lists the pending ones)", e.ID)
}

// Is lets callers match every unknown-id error with ErrUnknown.
func (e *UnknownConflictError) Is(target error) bool { return target == ErrUnknown }

// AlreadyResolvedError says the conflict is no longer pending: decided
// before, or retired because its existing side was removed.
type AlreadyResolvedError struct{ Conflict core.Conflict }

func (e *AlreadyResolvedError) Error() string {
	c := e.Conflict
	if c.State == core.ConflictRetired {
		return fmt.Sprintf("conflict %s was retired by %s: %s; there is nothing left to resolve", c.ID, c.RetiredBy, c.RetiredWhy)
	}
	return fmt.Sprintf("conflict %s was already resolved (%s, %s)", c.ID, c.Resolution, c.ResolvedAt.Format(time.RFC3339))
}

// ResolveConflict applies a person's decision on a pending conflict. The
// changes (and the provenance entry recording the decision) are appended to
// the changeset of the session that raised the conflict, in one
// transaction, so unlearning that session also undoes the resolution. Only
// keep-candidate replaces the existing primitive.
func ResolveConflict(ctx context.Context, st Store, id string, r core.Resolution, opts ResolveOptions) (*ResolveResult, error) {
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	if !r.Valid() {
		return nil, &core.UsageError{Msg: fmt.Sprintf("unknown resolution %q: choose keep-existing, keep-candidate or keep-both", r)}
	}
	c, ok, err := st.Conflict(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &UnknownConflictError{ID: id}
	}
	if c.State != core.ConflictPending {
		return nil, &AlreadyResolvedError{Conflict: c}
	}
	var current *core.Primitive
	if p, ok, err := st.GetPrimitive(c.Existing.ID); err != nil {
		return nil, err
	} else if ok {
		current = &p
	}
	taken := func(pid string) (bool, error) {
		_, ok, err := st.GetPrimitive(pid)
		return ok, err
	}
	c.ResolvedBy = opts.User
	res, err := merge.Resolve(c, r, current, merge.Options{Session: c.Session, Now: func() time.Time { return now().UTC() }, IDTaken: taken})
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", id, err)
	}
	changes := res.Changes
	links, err := wireKept(st, &c, changes)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", id, err)
	}
	changes = append(changes, links...)
	if len(changes) > 0 {
		prov := res.Provenance
		changes[0].Provenance = &prov
		for i := 1; i < len(changes); i++ {
			changes[i].Provenance = nil
		}
	}
	if err := st.AppendToSession(ctx, c.Session, changes, nil); err != nil {
		return nil, err
	}
	out := &ResolveResult{Conflict: *res.Conflict, Outcome: res.Provenance.Outcome, Changes: changes}
	domains := []string{c.Candidate.Domain}
	if c.Existing.Domain != c.Candidate.Domain {
		domains = append(domains, c.Existing.Domain)
	}
	arts, msg := regenerate(ctx, st, c.Session, domains, opts.Domains, opts.Generate, opts.OutputDir, now)
	if msg != "" {
		out.Errors = append(out.Errors, msg)
	}
	out.Artifacts = arts
	return out, nil
}

// wireKept wires the primitive a resolution keeps (the add of keep-both,
// the replacing update of keep-candidate, among changes) as the learn that
// raised the conflict would have wired it had it been added: its own edges
// and its siblings' edges to it, which the conflict holds (see
// holdConflictEdges), drawn within the same rules and cycle checks. It
// returns the link updates of the stored primitives those edges touch,
// recorded with the resolution so unlearning the session takes them back.
func wireKept(st Store, c *core.Conflict, changes []core.Change) ([]core.Change, error) {
	for i := range changes {
		ch := &changes[i]
		if ch.Type != core.ChangeAdd && ch.Type != core.ChangeUpdate || ch.After == nil {
			continue
		}
		kept := ch.After
		// Edges held between two candidates of the session name the other
		// by its candidate id; one kept by keep-candidate lives under the
		// id of the primitive it replaced.
		replaced, err := replacedCandidates(st, c.Session)
		if err != nil {
			return nil, err
		}
		for k := range kept.Dependencies {
			if id, ok := replaced[kept.Dependencies[k].Target]; ok {
				kept.Dependencies[k].Target = id
			}
		}
		dependents := slices.Clone(c.Dependents)
		for k := range dependents {
			if id, ok := replaced[dependents[k].From]; ok {
				dependents[k].From = id
			}
		}
		// A learn that added it would also have wired the stored
		// statements naming it (LinkReverse): so does its resolution.
		if scan := storedScan(st); scan != nil {
			self := func(id string) bool { return id == kept.ID }
			held, err := wire.Holdings(st, []*core.Primitive{kept}, self)
			if err != nil {
				return nil, err
			}
			rev, err := wire.LinkReverse(scan, []*core.Primitive{kept}, self,
				func(stems string) wire.Holding { return held[stems] })
			if err != nil {
				return nil, err
			}
			for _, from := range slices.Sorted(maps.Keys(rev)) {
				for _, e := range rev[from] {
					dependents = append(dependents, core.DependentEdge{From: from, Edge: e})
				}
			}
		}
		at, err := wire.Attach(st, kept, kept.Dependencies, dependents)
		if err != nil {
			return nil, err
		}
		return at.Links, nil
	}
	return nil, nil
}

// replacedCandidates maps the candidate ids of session's conflicts resolved
// keep-candidate to the ids their content was stored under.
func replacedCandidates(st Store, session string) (map[string]string, error) {
	cs, err := st.Conflicts()
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, c := range cs {
		if c.Session == session && c.State == core.ConflictResolved && c.Resolution == core.KeepCandidate {
			out[c.Candidate.ID] = c.Existing.ID
		}
	}
	return out, nil
}
