package wire

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Merged is what merging made of a run's candidates, as Rewire needs it.
type Merged struct {
	// Added are the ids the run added, in order.
	Added []string
	// Overlay holds, by id, every primitive the run added or changed, in
	// its state after the run; Rewire edits these states.
	Overlay map[string]*core.Primitive
	// FinalOf maps a candidate id to the id it ended as: its own (or a
	// renamed one) when added, the stored primitive's when it was a
	// duplicate of one or updated one.
	FinalOf map[string]string
	// Deps are the edges Wire gave each candidate, by candidate id, and
	// From maps an added id back to its candidate's.
	Deps map[string][]core.Edge
	From map[string]string
	// NoneStored says the store held no primitive before the run, so
	// there are no stored terms to link to (a first learn): LinkStored,
	// which stems every added statement to look names up, is skipped.
	NoneStored bool
	// Scan lists the stored primitives, for LinkReverse (nil: stored
	// statements are not linked to the run's terms).
	Scan StoredScan
	// Kept are the stored primitives the run updated without changing
	// their statement (a restatement recorded on one, a proof it took):
	// in the overlay, yet linked to the run's terms as stored statements
	// are, on their state in the overlay.
	Kept map[string]bool
}

// Rewire finishes wiring after merging. Wire's edges name candidate ids,
// which merging may change (a candidate skipped as a duplicate of X stands
// for X; an added one may be renamed when its id is taken): they are
// re-pointed at final ids, edges that would now close a cycle are dropped
// (BreakCycles), the added primitives are linked to the stored terms their
// statements name (LinkStored), and every dependency is mirrored in its
// target's Enables. A target in the overlay is edited there; a stored one
// gets an update change that records exactly the enables added, so that
// unlearning takes back just those; an edge to a primitive that is neither
// is dropped. It returns those updates (their after states also join the
// overlay) and the number of dependency edges the added primitives have.
func Rewire(st Stored, m Merged) (updates []core.Change, edges int, err error) {
	for _, id := range m.Added {
		p := m.Overlay[id]
		for _, e := range m.Deps[m.From[id]] {
			t, ok := m.FinalOf[e.Target]
			if !ok || t == id {
				continue
			}
			e.Target = t
			AddEdge(p, e)
			if q := m.Overlay[t]; q != nil && m.From[t] != "" && m.From[t] != t {
				renamePrerequisite(p, m.From[t], q.Name)
			}
		}
	}
	BreakCycles(m.Added, m.Overlay)
	if !m.NoneStored {
		added := make([]*core.Primitive, len(m.Added))
		for i, id := range m.Added {
			added[i] = m.Overlay[id]
		}
		if err := LinkStored(st, added, func(id string) bool { return m.Overlay[id] != nil }); err != nil {
			return nil, 0, err
		}
	}
	reverse, err := linkReverse(st, m)
	if err != nil {
		return nil, 0, err
	}

	links := map[string][]string{}
	// enabled holds the (target, dependent) pairs already in a target's
	// Enables or links: a term many statements name (in a dense source,
	// thousands) would otherwise have its whole list searched for every
	// new one.
	type pair struct{ target, id string }
	enabled := map[pair]bool{}
	seeded := map[string]bool{}
	for _, id := range m.Added {
		p := m.Overlay[id]
		for _, e := range p.Dependencies {
			if t, ok := m.Overlay[e.Target]; ok {
				if !seeded[e.Target] {
					seeded[e.Target] = true
					for _, x := range t.Enables {
						enabled[pair{e.Target, x}] = true
					}
				}
				if k := (pair{e.Target, id}); !enabled[k] {
					enabled[k] = true
					t.Enables = append(t.Enables, id)
				}
				continue
			}
			if k := (pair{e.Target, id}); !enabled[k] {
				enabled[k] = true
				links[e.Target] = append(links[e.Target], id)
			}
		}
	}
	touched := slices.Sorted(maps.Keys(links))
	for id := range reverse {
		if _, ok := links[id]; !ok {
			touched = append(touched, id)
		}
	}
	slices.Sort(touched)
	for _, target := range touched {
		var cur core.Primitive
		ok := false
		if p := m.Overlay[target]; p != nil && m.Kept[target] {
			// Updated by the run, its statement kept: the edges go onto
			// that state, recorded as a change of their own.
			cur, ok = p.Clone(), true
		} else if cur, ok, err = st.GetPrimitive(target); err != nil {
			return nil, 0, fmt.Errorf("link %s: %w", target, err)
		}
		if !ok {
			for _, id := range links[target] {
				p := m.Overlay[id]
				p.Dependencies = slices.DeleteFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == target })
			}
			continue
		}
		after := cur
		ch := core.Change{Type: core.ChangeUpdate, PrimitiveID: target, After: &after}
		if add := links[target]; len(add) > 0 {
			after.Enables = append(slices.Clone(cur.Enables), add...)
			ch.EnablesAdded = add
		}
		if add := reverse[target]; len(add) > 0 {
			after.Dependencies = append(slices.Clone(cur.Dependencies), add...)
			ch.DependenciesAdded = add
			for _, e := range add {
				if t := m.Overlay[e.Target]; t != nil && !slices.Contains(t.Enables, target) {
					t.Enables = append(t.Enables, target)
				}
			}
		}
		before := cur
		ch.Before = &before
		updates = append(updates, ch)
		m.Overlay[target] = &after
	}
	for _, id := range m.Added {
		edges += len(m.Overlay[id].Dependencies)
	}
	return updates, edges, nil
}

// linkReverse is LinkReverse for a run: the stored statements naming the
// run's added terms get edges to them, except those that would close a
// cycle with the run's edges (checked in id order, each against the graph
// with the ones before it). It returns the edges by stored id.
func linkReverse(st Stored, m Merged) (map[string][]core.Edge, error) {
	if m.NoneStored || m.Scan == nil || len(m.Added) == 0 {
		return nil, nil
	}
	added := make([]*core.Primitive, len(m.Added))
	for i, id := range m.Added {
		added[i] = m.Overlay[id]
	}
	inRun := func(id string) bool { return m.Overlay[id] != nil && !m.Kept[id] }
	held, err := Holdings(st, added, inRun)
	if err != nil {
		return nil, err
	}
	want, err := LinkReverse(m.Scan, added, inRun, func(stems string) Holding { return held[stems] })
	if err != nil || len(want) == 0 {
		return nil, err
	}
	g := attachGraph{st: overlaid{st, m.Overlay}, cache: map[string]*core.Primitive{}}
	out := map[string][]core.Edge{}
	for _, id := range slices.Sorted(maps.Keys(want)) {
		for _, e := range want[id] {
			closes, err := g.reaches(e.Target, id)
			if err != nil {
				return nil, err
			}
			if closes {
				continue
			}
			s, ok, err := g.get(id)
			if err != nil {
				return nil, err
			}
			if ok {
				s.Dependencies = append(s.Dependencies, e)
			}
			out[id] = append(out[id], e)
		}
	}
	return out, nil
}

// overlaid is a store seen with a run's primitives in their state after
// the run.
type overlaid struct {
	Stored
	overlay map[string]*core.Primitive
}

func (o overlaid) GetPrimitive(id string) (core.Primitive, bool, error) {
	if p := o.overlay[id]; p != nil {
		return *p, true, nil
	}
	return o.Stored.GetPrimitive(id)
}

// renamePrerequisite gives p's prerequisites the final name of a target
// that merging set apart from a stored primitive of its name under another
// id ("Diagonalizable Linear Operator (surely done)" beside the stored
// "Diagonalizable Linear Operator"): wiring listed the candidate's name,
// which now names the stored primitive, not the one the edge goes to. The
// prerequisite renamed is the candidate's own name: its id (candidate)
// ends with the name's slug, and the name set apart begins with it.
func renamePrerequisite(p *core.Primitive, candidate, final string) {
	if final == "" || slices.Contains(p.Prerequisites, final) {
		return
	}
	for i, n := range p.Prerequisites {
		if slug := text.Slug(n); slug != "" && strings.HasSuffix(candidate, slug) && strings.HasPrefix(final, n+" ") {
			p.Prerequisites = slices.Clone(p.Prerequisites)
			p.Prerequisites[i] = final
			return
		}
	}
}
