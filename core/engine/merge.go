package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/core/wire"
)

// registry adapts the engine's Store to the deduper's Registry (and
// ContentIndex).
type registry struct{ st Store }

// recordStore is implemented by stores that keep dedup records (the Badger
// store does): the deduper then compares without loading primitives.
type recordStore interface {
	NearRecords(p *core.Primitive, maxDistance float64, minShared, limit int) ([]dedup.Record, error)
	SameContentRecords(hash string) ([]dedup.Record, error)
}

// recordRegistry is registry for a recordStore: a dedup.RecordRegistry.
type recordRegistry struct {
	registry
	rs recordStore
}

// batchStore is implemented by stores that answer the prefilter for many
// candidates in one exchange (the PostgreSQL store does).
type batchStore interface {
	RecordsBatch(ps []*core.Primitive, maxDistance float64, minShared, limit int) (near, same [][]dedup.Record, err error)
}

// batchRegistry is recordRegistry for a batchStore: a dedup.BatchRegistry.
type batchRegistry struct {
	recordRegistry
	bs batchStore
}

// prefetchEvery is how many candidates the dedup stage checks between
// progress reports, and asks a store that answers many at once about in
// one exchange (dedup.Deduper.Prefetch).
const prefetchEvery = 64

// Registry is the deduper's view of st that Learn uses, for benchmarks that
// measure dedup against a real store the way learning does.
func Registry(st Store) dedup.Registry {
	rs, ok := st.(recordStore)
	if !ok {
		return registry{st}
	}
	if bs, ok := st.(batchStore); ok {
		return batchRegistry{recordRegistry{registry{st}, rs}, bs}
	}
	return recordRegistry{registry{st}, rs}
}

func (r batchRegistry) RecordsBatch(ps []*core.Primitive, cfg dedup.Config) (near, same [][]dedup.Record, err error) {
	return r.bs.RecordsBatch(ps, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
}

func (r recordRegistry) NearRecords(p *core.Primitive, cfg dedup.Config) ([]dedup.Record, error) {
	return r.rs.NearRecords(p, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
}

func (r recordRegistry) SameContentRecords(hash string) ([]dedup.Record, error) {
	return r.rs.SameContentRecords(hash)
}

func (r recordRegistry) Primitive(id string) (core.Primitive, bool, error) {
	return r.st.GetPrimitive(id)
}

func (r registry) Near(p *core.Primitive, cfg dedup.Config) ([]core.Primitive, error) {
	return r.st.Near(p, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
}

func (r registry) SameContent(hash string) ([]core.Primitive, error) { return r.st.SameContent(hash) }

// primitiveHolder is implemented by stores that can tell cheaply whether
// they hold any primitive (the Badger store can).
type primitiveHolder interface {
	HasPrimitives() (bool, error)
}

// holdsPrimitives reports whether st may hold a primitive: true when the
// store cannot tell cheaply.
func holdsPrimitives(st Store) (bool, error) {
	h, ok := st.(primitiveHolder)
	if !ok {
		return true, nil
	}
	has, err := h.HasPrimitives()
	if err != nil {
		return false, fmt.Errorf("dedup: %w", err)
	}
	return has, nil
}

// mergePlan is what stage 6 decided: the changeset, its provenance, the
// conflicts, and the state the store would be in after it (overlay: id →
// primitive for every primitive the run added or changed).
type mergePlan struct {
	changes    []core.Change
	provenance []core.ProvenanceEntry
	conflicts  []core.Conflict
	classes    map[core.Class]int
	overlay    map[string]*core.Primitive
	edges      int
}

// finalPrimitives returns the final states of the primitives the run added
// or updated, in decision order (LearnResult.Primitives). They are copies:
// Learn makes them when it returns, not while the generators and the
// commit run, so a large source does not hold a third copy of every
// primitive at its peak.
func (p *mergePlan) finalPrimitives() []core.Primitive {
	final := func(ch *core.Change) bool {
		return (ch.Type == core.ChangeAdd || ch.Type == core.ChangeUpdate) && !ch.Link()
	}
	// Counted first: a primitive is a few hundred bytes, and growing the
	// slice by appending copied every one several times (a tenth of a
	// dense source's dedup stage).
	n := 0
	for i := range p.changes {
		if final(&p.changes[i]) {
			n++
		}
	}
	out := make([]core.Primitive, 0, n)
	for i := range p.changes {
		if ch := &p.changes[i]; final(ch) {
			out = append(out, *ch.After)
		}
	}
	return out
}

func (p *mergePlan) domains() []string { return domainsOf(p.overlay) }

// dedupAndMerge is stage 6. Every candidate is checked against the store
// and against the candidates this run already accepted, then merged. The
// wirer's edges point at candidate ids, which merging may change (a
// candidate skipped as a duplicate of X stands for X; an added one may be
// renamed when its id is taken), so they are set aside before merging and
// re-pointed afterwards; dependencies on stored primitives become "enables"
// updates of those primitives, recorded so unlearn can take exactly them
// back. It consumes cands: the merged primitives are made of them.
// editions maps a candidate to the curated primitive whose place it
// stands at, reworded (see merge.Situation.Edition).
func dedupAndMerge(ctx context.Context, st Store, session string, cands []core.Primitive, editions map[string]string, beside map[string]bool, opts LearnOptions, r *runner) (*mergePlan, error) {
	cfg := opts.Dedup
	if cfg == (dedup.Config{}) {
		cfg = dedup.DefaultConfig()
	}
	// One provenance entry per candidate: the changes point into the
	// slice, which is never reallocated, rather than at copies. Nearly
	// every candidate makes one change too (an add, or a note of a skip).
	plan := &mergePlan{classes: map[core.Class]int{}, overlay: map[string]*core.Primitive{},
		provenance: make([]core.ProvenanceEntry, 0, len(cands)),
		changes:    make([]core.Change, 0, len(cands))}
	// A store without primitives (a first learn, a dry run on a fresh
	// store) has nothing to compare a candidate with and no id to take:
	// asked once, it costs no store transaction per candidate.
	stored, err := holdsPrimitives(st)
	if err != nil {
		return nil, err
	}
	var reg dedup.Registry
	if stored {
		reg = Registry(st)
	}
	dd := dedup.NewDeduper(reg, cfg)
	assigned := map[string]bool{}
	taken := func(id string) (bool, error) {
		if assigned[id] {
			return true, nil
		}
		if !stored {
			return false, nil
		}
		_, ok, err := st.GetPrimitive(id)
		return ok, err
	}
	// The candidates are this stage's to consume (Learn lets them go
	// after it), so the merge engine keeps them rather than copies.
	eng := merge.New(merge.Options{Session: session, Now: opts.now, IDTaken: taken, Adopt: true, Beside: func(doc string) bool { return beside[doc] }})

	pending, err := pendingConflicts(st)
	if err != nil {
		return nil, err
	}
	finalOf := make(map[string]string, len(cands))
	kept, restated := map[string]bool{}, map[string]bool{}
	wireDeps := make(map[string][]core.Edge, len(cands))
	addedFrom := map[string]string{} // final id → candidate id
	for i := range cands {
		if i%prefetchEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			r.progress(i, len(cands), "")
			next := make([]*core.Primitive, 0, prefetchEvery)
			for j := i; j < min(i+prefetchEvery, len(cands)); j++ {
				next = append(next, &cands[j])
			}
			if err := dd.Prefetch(next); err != nil {
				return nil, fmt.Errorf("dedup: %w", err)
			}
		}
		// The merge engine adopts the candidate (and may rename it when
		// its id is taken): id is the one the wirer's edges know.
		cand := &cands[i]
		id := cand.ID
		wireDeps[id] = cand.Dependencies
		cand.Dependencies, cand.Enables = nil, nil
		v, err := dd.CheckBest(cand)
		if err != nil {
			return nil, err
		}
		if of, ok := editions[id]; ok && stored && (v.Existing == nil || v.Existing.ID != of) {
			if v, err = asEdition(st, cand, of, v); err != nil {
				return nil, err
			}
		}
		if v.Best != nil {
			plan.classes[v.Best.Class]++
		} else {
			plan.classes[core.GenuinelyNew]++
		}
		var sit merge.Situation
		if v.Existing != nil {
			sit = merge.Situation{Pending: pending[pendingKey(v.Existing.ID, cand)], SameSource: assigned[v.Existing.ID],
				Edition: editions[id] == v.Existing.ID}
		}
		res, err := eng.Place(cand, v.Best, v.Existing, sit)
		if err != nil {
			return nil, fmt.Errorf("dedup %s: %w", id, err)
		}
		plan.provenance = append(plan.provenance, res.Provenance)
		prov := &plan.provenance[len(plan.provenance)-1]
		if len(res.Changes) == 0 {
			res.Changes = []core.Change{{Type: core.ChangeNote}}
		}
		for j := range res.Changes {
			ch := res.Changes[j]
			// Only the first change of a decision carries its provenance,
			// so the journal holds each entry once.
			ch.Provenance = nil
			if j == 0 {
				ch.Provenance = prov
			}
			plan.changes = append(plan.changes, ch)
			switch ch.Type {
			case core.ChangeAdd:
				p := ch.After
				assigned[p.ID] = true
				addedFrom[p.ID] = id
				finalOf[id] = p.ID
				plan.overlay[p.ID] = p
				dd.RememberShared(p)
			case core.ChangeUpdate:
				plan.overlay[ch.PrimitiveID] = ch.After
				dd.RememberShared(ch.After)
				finalOf[id] = ch.PrimitiveID
				// A stored primitive whose statement the run keeps (a
				// restatement recorded on it, a proof it took) is still
				// wired as a stored statement (wire.Merged.Kept).
				if ch.Before == nil || ch.Before.FormalStatement != ch.After.FormalStatement {
					restated[ch.PrimitiveID] = true
				}
				kept[ch.PrimitiveID] = !restated[ch.PrimitiveID] && !assigned[ch.PrimitiveID]
			}
		}
		// A skipped candidate is the stored primitive: what named it names
		// that. A conflicting one is a different statement awaiting a
		// person (often of a different concept, when the overlap is
		// vocabulary): the edges to it are not moved onto the primitive it
		// conflicts with, where they would claim a dependency no statement
		// makes.
		if res.Action == core.ActionSkip && v.Existing != nil {
			finalOf[id] = v.Existing.ID
		}
		// A conflicting candidate of the stored primitive's very name is
		// another statement of the same term: a statement naming the term
		// names the stored one (its prerequisites say so), until a person
		// keeps both.
		if res.Conflict != nil && v.Existing != nil && sameName(v.Existing.Name, cand.Name) {
			finalOf[id] = v.Existing.ID
		}
		// Learn tells the conflicts once the plan is the one committed.
		if res.Conflict != nil {
			plan.conflicts = append(plan.conflicts, *res.Conflict)
		}
	}
	r.progress(len(cands), len(cands), "")
	var added []string
	for _, ch := range plan.changes {
		if ch.Type == core.ChangeAdd {
			added = append(added, ch.PrimitiveID)
		}
	}
	// A curator's decision can point a candidate at a stored primitive
	// (a merge into one the learn does not bring): that edge stands.
	for _, deps := range wireDeps {
		for _, e := range deps {
			if _, ok := finalOf[e.Target]; ok || !stored {
				continue
			}
			if _, ok, err := st.GetPrimitive(e.Target); err != nil {
				return nil, err
			} else if ok {
				finalOf[e.Target] = e.Target
			}
		}
	}
	updates, edges, err := wire.Rewire(st, wire.Merged{Added: added, Overlay: plan.overlay, FinalOf: finalOf, Deps: wireDeps, From: addedFrom,
		NoneStored: !stored, Scan: storedScan(st), Kept: kept})
	if err != nil {
		return nil, err
	}
	plan.changes = append(plan.changes, updates...)
	plan.edges = edges
	if err := holdConflictEdges(st, plan, wireDeps, finalOf, added, addedFrom); err != nil {
		return nil, err
	}
	return plan, nil
}

// holdConflictEdges keeps, in each conflict the run raised, the edges the
// learn would have drawn had the candidate been added: its own (Wire's,
// re-pointed at final ids, and the links to stored terms its statement
// names) in Candidate.Dependencies, and its siblings' edges to it in
// Dependents. Rewire drops them all, the candidate being no primitive yet;
// a resolution that keeps the candidate draws them (see ResolveConflict).
func holdConflictEdges(st Store, plan *mergePlan, wireDeps map[string][]core.Edge, finalOf map[string]string, added []string, from map[string]string) error {
	if len(plan.conflicts) == 0 {
		return nil
	}
	byID := make(map[string]*core.Conflict, len(plan.conflicts))
	for i := range plan.changes {
		ch := &plan.changes[i]
		if ch.Type == core.ChangeConflict && ch.ConflictBefore == nil && ch.ConflictAfter != nil {
			byID[ch.ConflictAfter.ID] = ch.ConflictAfter
		}
	}
	inRun := func(id string) bool { return plan.overlay[id] != nil }
	// An edge between two conflicting candidates keeps the other's
	// candidate id: resolving both keep-both draws it, whichever first.
	// Only a free id: a candidate named like a stored primitive (often the
	// one it conflicts with) would be kept under another, and the edge
	// would land on the stored one.
	held := make(map[string]bool, len(plan.conflicts))
	for i := range plan.conflicts {
		id := plan.conflicts[i].Candidate.ID
		if plan.overlay[id] != nil {
			continue
		}
		_, taken, err := st.GetPrimitive(id)
		if err != nil {
			return fmt.Errorf("conflict %s: %w", plan.conflicts[i].ID, err)
		}
		held[id] = !taken
	}
	for i := range plan.conflicts {
		c := &plan.conflicts[i]
		cand := &c.Candidate
		cand.Dependencies = nil
		for _, e := range wireDeps[cand.ID] {
			t, ok := finalOf[e.Target]
			if !ok && held[e.Target] {
				t, ok = e.Target, true
			}
			if !ok || t == cand.ID {
				continue
			}
			e.Target = t
			wire.AddEdge(cand, e)
		}
		if err := wire.LinkStored(st, []*core.Primitive{cand}, inRun); err != nil {
			return fmt.Errorf("conflict %s: %w", c.ID, err)
		}
		c.Dependents = nil
		for _, id := range added {
			for _, e := range wireDeps[from[id]] {
				if e.Target == cand.ID && id != cand.ID {
					c.Dependents = append(c.Dependents, core.DependentEdge{From: id, Edge: e})
				}
			}
		}
		for j := range plan.conflicts {
			o := plan.conflicts[j].Candidate.ID
			if !held[o] {
				continue
			}
			for _, e := range wireDeps[o] {
				if e.Target == cand.ID && o != cand.ID {
					c.Dependents = append(c.Dependents, core.DependentEdge{From: o, Edge: e})
				}
			}
		}
		if rec := byID[c.ID]; rec != nil {
			rec.Candidate.Dependencies = slices.Clone(cand.Dependencies)
			rec.Dependents = slices.Clone(c.Dependents)
		}
	}
	return nil
}

// pendingConflicts indexes the pending conflicts by existing id and
// candidate statement, so that learning a source again does not raise the
// same conflict twice.
func pendingConflicts(st Store) (map[string]string, error) {
	cs, err := st.Conflicts()
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i := range cs {
		if cs[i].State == core.ConflictPending {
			out[pendingKey(cs[i].Existing.ID, &cs[i].Candidate)] = cs[i].ID
		}
	}
	return out, nil
}

// asEdition makes the curated primitive of the existing one v compares
// cand with, when cand stands at its place reworded past what the
// comparator recognises and says something no stored primitive says: the
// source was reworded, and the curated primitive takes the new wording
// (merge.Situation.Edition) rather than gain a numbered twin.
func asEdition(st Store, cand *core.Primitive, of string, v dedup.Verdict) (dedup.Verdict, error) {
	same, err := st.SameContent(cand.Provenance.ContentHash)
	if err != nil || len(same) > 0 {
		return v, err
	}
	p, ok, err := st.GetPrimitive(of)
	if err != nil || !ok {
		return v, err
	}
	v.Existing = &p
	v.Best = &core.Comparison{ExistingID: p.ID, Class: core.OverlappingDistinct, Confidence: 1,
		Rationale: "it stands where the curated " + p.ID + " was found, reworded"}
	return v, nil
}

func pendingKey(existing string, cand *core.Primitive) string {
	return existing + "\x00" + cand.Provenance.ContentHash + "\x00" + cand.Name
}

// sameName reports whether two names are the same as stems (case,
// punctuation and inflection aside).
func sameName(a, b string) bool {
	return slices.Equal(text.NameStems(a), text.NameStems(b))
}
