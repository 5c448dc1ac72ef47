package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

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

// Registry is the deduper's view of st that Learn uses, for benchmarks that
// measure dedup against a real store the way learning does.
func Registry(st Store) dedup.Registry {
	if rs, ok := st.(recordStore); ok {
		return recordRegistry{registry{st}, rs}
	}
	return registry{st}
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
	var out []core.Primitive
	for _, ch := range p.changes {
		if (ch.Type == core.ChangeAdd || ch.Type == core.ChangeUpdate) && ch.EnablesAdded == nil {
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
func dedupAndMerge(ctx context.Context, st Store, session string, cands []core.Primitive, opts LearnOptions, r *runner) (*mergePlan, error) {
	cfg := opts.Dedup
	if cfg == (dedup.Config{}) {
		cfg = dedup.DefaultConfig()
	}
	// One provenance entry per candidate: the changes point into the
	// slice, which is never reallocated, rather than at copies.
	plan := &mergePlan{classes: map[core.Class]int{}, overlay: map[string]*core.Primitive{},
		provenance: make([]core.ProvenanceEntry, 0, len(cands))}
	dd := dedup.NewDeduper(Registry(st), cfg)
	assigned := map[string]bool{}
	var storeErr error
	taken := func(id string) bool {
		if assigned[id] {
			return true
		}
		_, ok, err := st.GetPrimitive(id)
		if err != nil && storeErr == nil {
			storeErr = err
		}
		return ok
	}
	// The candidates are this stage's to consume (Learn lets them go
	// after it), so the merge engine keeps them rather than copies.
	eng := merge.New(merge.Options{Session: session, Now: opts.now, IDTaken: taken, Adopt: true})

	pending, err := pendingConflicts(st)
	if err != nil {
		return nil, err
	}
	finalOf := make(map[string]string, len(cands))
	wireDeps := make(map[string][]core.Edge, len(cands))
	addedFrom := map[string]string{} // final id → candidate id
	for i := range cands {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			r.progress(i, len(cands), "")
		}
		// The merge engine adopts the candidate (and may rename it when
		// its id is taken): id is the one the wirer's edges know.
		cand := &cands[i]
		id := cand.ID
		wireDeps[id] = cand.Dependencies
		cand.Dependencies, cand.Enables = nil, nil
		v, err := dd.Check(cand)
		if err != nil {
			return nil, err
		}
		if v.Best != nil {
			plan.classes[v.Best.Class]++
		} else {
			plan.classes[core.GenuinelyNew]++
		}
		var res merge.Result
		switch {
		case v.Best != nil && v.Existing != nil && pending[pendingKey(v.Existing.ID, cand)] != "":
			res = eng.SkipFor(cand, v.Existing.ID, fmt.Sprintf("Already pending as conflict %s against %s — skipping until it is resolved.",
				pending[pendingKey(v.Existing.ID, cand)], v.Existing.ID))
		case v.Best != nil && v.Existing != nil && assigned[v.Existing.ID] &&
			(v.Best.Class == core.Generalization || v.Best.Class == core.OverlappingDistinct):
			// Two statements of the same source are the author's, not a
			// conflict between sources, and neither may overwrite the
			// other: both are kept.
			res = eng.AddBeside(cand, v.Existing, fmt.Sprintf("%s overlaps %s of the same source (%s, confidence %.2f) — both kept: a source's own statements do not conflict.",
				cand.ID, v.Existing.ID, v.Best.Class, v.Best.Confidence))
		case v.Best != nil && v.Existing != nil && v.Best.Class == core.OverlappingDistinct && buildsOn(cand, v.Existing):
			// A differently named concept whose statement names the
			// existing one builds on it; the overlap is the reference, not
			// a rival statement. It is added and wired to what it names.
			res = eng.AddBeside(cand, v.Existing, fmt.Sprintf("%s overlaps %s (confidence %.2f) but is a different concept that names it — added, depending on it.",
				cand.ID, v.Existing.ID, v.Best.Confidence))
		default:
			res = eng.Merge(cand, v.Best, v.Existing)
		}
		if storeErr != nil {
			return nil, fmt.Errorf("dedup %s: %w", id, storeErr)
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
		if res.Conflict != nil {
			plan.conflicts = append(plan.conflicts, *res.Conflict)
			r.publish(ConflictFound{Conflict: *res.Conflict})
		}
	}
	r.progress(len(cands), len(cands), "")
	if err := rewire(st, plan, finalOf, wireDeps, addedFrom); err != nil {
		return nil, err
	}
	return plan, nil
}

// buildsOn reports whether cand is a different concept from existing (the
// names differ) whose statement mentions existing by name.
func buildsOn(cand, existing *core.Primitive) bool {
	cn, en := text.NameStems(cand.Name), text.NameStems(existing.Name)
	if len(en) == 0 || slices.Equal(cn, en) || len(strings.Join(en, " ")) < wire.MinStoredName {
		return false
	}
	ws := text.NameStems(cand.FormalStatement)
	for i := 0; i+len(en) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(en)], en) {
			return true
		}
	}
	return false
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

func pendingKey(existing string, cand *core.Primitive) string {
	return existing + "\x00" + cand.Provenance.ContentHash + "\x00" + cand.Name
}

// rewire re-points the wirer's edges of the added primitives at final ids,
// drops edges that would close a cycle, and records the enables they imply.
func rewire(st Store, plan *mergePlan, finalOf map[string]string, wireDeps map[string][]core.Edge, addedFrom map[string]string) error {
	var addedIDs []string
	for _, ch := range plan.changes {
		if ch.Type == core.ChangeAdd {
			addedIDs = append(addedIDs, ch.PrimitiveID)
		}
	}
	for _, id := range addedIDs {
		p := plan.overlay[id]
		for _, e := range wireDeps[addedFrom[id]] {
			t, ok := finalOf[e.Target]
			if !ok || t == id || p.HasEdge(t, e.Type) {
				continue
			}
			e.Target = t
			p.Dependencies = append(p.Dependencies, e)
		}
	}
	breakCycles(addedIDs, plan.overlay)
	if err := wireToStored(st, plan, addedIDs); err != nil {
		return err
	}

	links := map[string][]string{}
	for _, id := range addedIDs {
		p := plan.overlay[id]
		plan.edges += len(p.Dependencies)
		for _, e := range p.Dependencies {
			if t, ok := plan.overlay[e.Target]; ok {
				if !slices.Contains(t.Enables, id) {
					t.Enables = append(t.Enables, id)
				}
				continue
			}
			if !slices.Contains(links[e.Target], id) {
				links[e.Target] = append(links[e.Target], id)
			}
		}
	}
	for _, target := range slices.Sorted(maps.Keys(links)) {
		cur, ok, err := st.GetPrimitive(target)
		if err != nil {
			return fmt.Errorf("link %s: %w", target, err)
		}
		if !ok {
			// Neither stored nor added: drop the edges to it.
			for _, id := range links[target] {
				p := plan.overlay[id]
				p.Dependencies = slices.DeleteFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == target })
			}
			continue
		}
		after := cur
		after.Enables = append(slices.Clone(cur.Enables), links[target]...)
		before := cur
		plan.changes = append(plan.changes, core.Change{Type: core.ChangeUpdate, PrimitiveID: target,
			Before: &before, After: &after, EnablesAdded: links[target]})
		plan.overlay[target] = &after
	}
	return nil
}

// wireToStored links the added primitives to stored primitives their
// statements name. The wirer only sees one run's candidates; without this
// step knowledge learned from different sources would never connect. The
// policy (only names that are terms, at most a few per primitive) is the
// wirer's: see wire.LinkStored.
func wireToStored(st Store, plan *mergePlan, addedIDs []string) error {
	added := make([]*core.Primitive, len(addedIDs))
	for i, id := range addedIDs {
		added[i] = plan.overlay[id]
	}
	return wire.LinkStored(st, added, func(id string) bool { return plan.overlay[id] != nil })
}

// breakCycles removes the edges among the added primitives that close a
// cycle, the weakest of each cycle (wire.BreakCycles). The wirer's graph is
// acyclic, but re-pointing a skipped candidate's edges at the primitive it
// duplicates can close one.
func breakCycles(ids []string, overlay map[string]*core.Primitive) {
	wire.BreakCycles(ids, overlay)
}
