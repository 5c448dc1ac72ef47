package wire

import (
	"fmt"
	"maps"
	"slices"

	"github.com/lore-kb/lore/core"
)

// attachBudget bounds how many stored primitives one cycle check may read:
// an edge whose check would read more is refused, as Wire refuses one
// whose check exceeds referenceBudget.
const attachBudget = 20000

// Attached is what Attach drew.
type Attached struct {
	// Links are the updates of the stored primitives the edges touch:
	// EnablesAdded on the targets of p's edges, DependenciesAdded on the
	// primitives given an edge to p. Undoing one removes exactly that.
	Links []core.Change
	// Refused are the edges not drawn: to a primitive that is not stored,
	// duplicates, and those that would close a cycle.
	Refused []core.DependentEdge
}

// Attach wires p, a primitive about to be stored (added, or replacing the
// stored primitive of its id), into the stored graph: p's own dependencies
// deps, then the edges dependents says stored primitives have to p. It sets
// p.Dependencies (edges to primitives that are not stored, to p itself,
// repeated (target, type) pairs and those that would close a cycle are
// refused, and a refused edge's target name leaves p.Prerequisites unless
// another edge leads to that name) and adds the dependents to p.Enables.
// The stored primitives are changed only through the returned links, which
// the caller records with p's change, so undoing them takes back exactly
// these edges.
func Attach(st Stored, p *core.Primitive, deps []core.Edge, dependents []core.DependentEdge) (Attached, error) {
	var out Attached
	g := attachGraph{st: st, p: p, cache: map[string]*core.Primitive{}}
	// The stored version of p's id (keep-candidate replaces it) is not
	// read: p is what it is about to be.
	g.cache[p.ID] = p
	p.Dependencies = nil
	names := map[string]string{} // target id → name, for prerequisites
	enables := map[string][]string{}
	for _, e := range deps {
		t, ok, err := g.get(e.Target)
		if err != nil {
			return Attached{}, err
		}
		if ok {
			names[e.Target] = t.Name
		}
		if k := EdgeTo(p, e.Target); k >= 0 {
			// One edge per pair: the stronger stays.
			if !AddEdge(p, e) {
				out.Refused = append(out.Refused, core.DependentEdge{From: p.ID, Edge: e})
			}
			continue
		}
		if !ok || e.Target == p.ID {
			out.Refused = append(out.Refused, core.DependentEdge{From: p.ID, Edge: e})
			continue
		}
		closes, err := g.reaches(e.Target, p.ID)
		if err != nil {
			return Attached{}, err
		}
		if closes {
			out.Refused = append(out.Refused, core.DependentEdge{From: p.ID, Edge: e})
			continue
		}
		p.Dependencies = append(p.Dependencies, e)
		if !slices.Contains(enables[e.Target], p.ID) {
			enables[e.Target] = append(enables[e.Target], p.ID)
		}
	}
	// A prerequisite names a primitive p no longer has an edge to: it goes,
	// as BreakCycles drops the name of an edge it removes.
	kept := map[string]bool{}
	for _, e := range p.Dependencies {
		kept[names[e.Target]] = true
	}
	for _, e := range out.Refused {
		if n := names[e.Edge.Target]; n != "" && !kept[n] {
			p.Prerequisites = slices.DeleteFunc(p.Prerequisites, func(x string) bool { return x == n })
		}
	}

	added := map[string][]core.Edge{}
	for _, d := range dependents {
		e := d.Edge
		e.Target = p.ID
		from, ok, err := g.get(d.From)
		if err != nil {
			return Attached{}, err
		}
		if !ok || d.From == p.ID || EdgeTo(from, p.ID) >= 0 {
			out.Refused = append(out.Refused, core.DependentEdge{From: d.From, Edge: e})
			continue
		}
		closes, err := g.reaches(p.ID, d.From)
		if err != nil {
			return Attached{}, err
		}
		if closes {
			out.Refused = append(out.Refused, core.DependentEdge{From: d.From, Edge: e})
			continue
		}
		// The cached copy takes the edge, so the checks that follow see it.
		from.Dependencies = append(from.Dependencies, e)
		added[d.From] = append(added[d.From], e)
		if !slices.Contains(p.Enables, d.From) {
			p.Enables = append(p.Enables, d.From)
		}
	}

	for _, id := range slices.Sorted(maps.Keys(enables)) {
		cur, _, err := st.GetPrimitive(id)
		if err != nil {
			return Attached{}, fmt.Errorf("link %s: %w", id, err)
		}
		var add []string
		for _, x := range enables[id] {
			if !slices.Contains(cur.Enables, x) {
				add = append(add, x)
			}
		}
		if len(add) == 0 {
			continue
		}
		before, after := cur, cur
		after.Enables = append(slices.Clone(cur.Enables), add...)
		out.Links = append(out.Links, core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after, EnablesAdded: add})
	}
	for _, id := range slices.Sorted(maps.Keys(added)) {
		cur, _, err := st.GetPrimitive(id)
		if err != nil {
			return Attached{}, fmt.Errorf("link %s: %w", id, err)
		}
		before, after := cur, cur
		after.Dependencies = append(slices.Clone(cur.Dependencies), added[id]...)
		out.Links = append(out.Links, core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after, DependenciesAdded: added[id]})
	}
	return out, nil
}

// attachGraph is the stored dependency graph as Attach sees it: stored
// primitives read once, with p and the edges drawn so far.
type attachGraph struct {
	st    Stored
	p     *core.Primitive
	cache map[string]*core.Primitive
}

func (g *attachGraph) get(id string) (*core.Primitive, bool, error) {
	if q, ok := g.cache[id]; ok {
		return q, q != nil, nil
	}
	q, ok, err := g.st.GetPrimitive(id)
	if err != nil {
		return nil, false, fmt.Errorf("look up %s: %w", id, err)
	}
	if !ok {
		g.cache[id] = nil
		return nil, false, nil
	}
	q.Dependencies = slices.Clone(q.Dependencies)
	g.cache[id] = &q
	return &q, true, nil
}

// reaches reports whether a path of dependency edges leads from one to
// to; a search that would read more than attachBudget primitives answers
// true, so the edge asked about is refused rather than risked.
func (g *attachGraph) reaches(from, to string) (bool, error) {
	seen := map[string]bool{from: true}
	stack := []string{from}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == to {
			return true, nil
		}
		q, ok, err := g.get(id)
		if err != nil {
			return false, err
		}
		if !ok {
			continue
		}
		for _, e := range q.Dependencies {
			if !seen[e.Target] {
				if len(seen) >= attachBudget {
					return true, nil
				}
				seen[e.Target] = true
				stack = append(stack, e.Target)
			}
		}
	}
	return false, nil
}

// Linker draws edges between stored primitives, with the cycle checks
// Attach makes, over a view of the store that sees the edges it drew.
type Linker struct {
	g attachGraph
	// deps and enables are what was added, by primitive.
	deps    map[string][]core.Edge
	enables map[string][]string
}

// NewLinker returns a Linker over st.
func NewLinker(st Stored) *Linker {
	return &Linker{g: attachGraph{st: st, cache: map[string]*core.Primitive{}},
		deps: map[string][]core.Edge{}, enables: map[string][]string{}}
}

// Link draws e from the stored primitive from, unless its target is not
// stored or is from itself, from already has an edge to it, or it would
// close a cycle; it reports whether it drew it.
func (l *Linker) Link(from string, e core.Edge) (bool, error) {
	f, ok, err := l.g.get(from)
	if err != nil || !ok {
		return false, err
	}
	if _, ok, err := l.g.get(e.Target); err != nil || !ok {
		return false, err
	}
	if e.Target == from || slices.ContainsFunc(f.Dependencies, func(x core.Edge) bool { return x.Target == e.Target }) {
		return false, nil
	}
	closes, err := l.g.reaches(e.Target, from)
	if err != nil || closes {
		return false, err
	}
	f.Dependencies = append(f.Dependencies, e)
	l.deps[from] = append(l.deps[from], e)
	if !slices.Contains(l.enables[e.Target], from) {
		l.enables[e.Target] = append(l.enables[e.Target], from)
	}
	return true, nil
}

// Links returns one link update per primitive the drawn edges touch, in id
// order: DependenciesAdded on their sources, EnablesAdded on their targets.
func (l *Linker) Links() ([]core.Change, error) {
	ids := slices.Sorted(maps.Keys(l.deps))
	for id := range l.enables {
		if _, ok := l.deps[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var out []core.Change
	for _, id := range ids {
		cur, ok, err := l.g.st.GetPrimitive(id)
		if err != nil {
			return nil, fmt.Errorf("link %s: %w", id, err)
		}
		if !ok {
			continue
		}
		before, after := cur, cur
		ch := core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after}
		if add := l.deps[id]; len(add) > 0 {
			after.Dependencies = append(slices.Clone(cur.Dependencies), add...)
			ch.DependenciesAdded = add
		}
		for _, x := range l.enables[id] {
			if !slices.Contains(cur.Enables, x) {
				ch.EnablesAdded = append(ch.EnablesAdded, x)
			}
		}
		if len(ch.EnablesAdded) > 0 {
			after.Enables = append(slices.Clone(cur.Enables), ch.EnablesAdded...)
		}
		if ch.Link() {
			out = append(out, ch)
		}
	}
	return out, nil
}
