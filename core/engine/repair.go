package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/wire"
)

// PrimitiveLister is implemented by stores that can list every primitive
// (the Badger store can).
type PrimitiveLister interface {
	Primitives(fn func(core.Primitive) error) error
}

// KeywordLister is implemented by stores that can list the primitives
// whose keywords hold a stem from their keyword index (the Badger store
// can), so that the stored statements naming a new term are found without
// reading every stored primitive.
type KeywordLister interface {
	PrimitivesWithKeywordStems(stems []string, fn func(core.Primitive) error) error
}

// storedScan is the wire.StoredScan of st: by keyword where st has the
// index, else every primitive; nil when st can list neither.
func storedScan(st Store) wire.StoredScan {
	k, byKeyword := st.(KeywordLister)
	l, listsAll := st.(PrimitiveLister)
	switch {
	case byKeyword && listsAll:
		return func(stems []string, fn func(core.Primitive) error) error {
			if stems == nil {
				return l.Primitives(fn)
			}
			return k.PrimitivesWithKeywordStems(stems, fn)
		}
	case listsAll:
		return func(_ []string, fn func(core.Primitive) error) error { return l.Primitives(fn) }
	}
	return nil
}

// RepairedEdgesDescription describes an edge RepairEdges draws.
const RepairedEdgesDescription = "Prerequisite the record names, wired by repair"

// EdgeRepair says what RepairEdges did.
type EdgeRepair struct {
	// Wired are the edges drawn, as "from → to".
	Wired []string
	// Skipped are the missing edges left alone, with why.
	Skipped []string
}

// RepairEdges draws the edges a primitive's record implies but the graph
// lacks: a prerequisite naming a stored primitive the record has no edge to
// (what lore store verify reports as missing-edge). Of several primitives
// holding the name it picks the one of the same session, else of the same
// document, else of the same domain, else the first by id; an edge that
// would close a cycle is not drawn. Each edge is recorded, as a link
// update, in the session of the primitive it starts from, so unlearning
// that session takes it back with the primitive.
func RepairEdges(ctx context.Context, st Store) (EdgeRepair, error) {
	var out EdgeRepair
	lister, ok := st.(PrimitiveLister)
	if !ok {
		return out, fmt.Errorf("repair edges: the store cannot list its primitives")
	}
	all := map[string]*core.Primitive{}
	byName := map[string][]string{}
	if err := lister.Primitives(func(p core.Primitive) error {
		q := p
		all[p.ID] = &q
		if p.Name != "" {
			byName[p.Name] = append(byName[p.Name], p.ID)
		}
		return nil
	}); err != nil {
		return out, fmt.Errorf("repair edges: %w", err)
	}
	type want struct {
		from string
		edge core.Edge
	}
	bySession := map[string][]want{}
	for _, id := range slices.Sorted(maps.Keys(all)) {
		p := all[id]
		for _, n := range p.Prerequisites {
			holders := slices.DeleteFunc(slices.Clone(byName[n]), func(h string) bool { return h == id })
			if len(holders) == 0 || slices.ContainsFunc(p.Dependencies, func(e core.Edge) bool { return slices.Contains(holders, e.Target) }) {
				continue
			}
			slices.Sort(holders)
			t := pickHolder(p, holders, all)
			if p.Provenance.Session == "" {
				out.Skipped = append(out.Skipped, fmt.Sprintf("%s → %s: no session records %s", id, t, id))
				continue
			}
			bySession[p.Provenance.Session] = append(bySession[p.Provenance.Session], want{id, core.Edge{Target: t, Type: core.Requires,
				Strength: wire.StoredStrength, Description: RepairedEdgesDescription}})
		}
	}
	// One session at a time, each linker reading the store as the sessions
	// before left it.
	for _, sess := range slices.Sorted(maps.Keys(bySession)) {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		l := wire.NewLinker(st)
		for _, w := range bySession[sess] {
			drawn, err := l.Link(w.from, w.edge)
			if err != nil {
				return out, fmt.Errorf("repair edges: %w", err)
			}
			if drawn {
				out.Wired = append(out.Wired, w.from+" → "+w.edge.Target)
			} else {
				out.Skipped = append(out.Skipped, fmt.Sprintf("%s → %s: it would close a cycle", w.from, w.edge.Target))
			}
		}
		links, err := l.Links()
		if err != nil {
			return out, fmt.Errorf("repair edges: %w", err)
		}
		if len(links) == 0 {
			continue
		}
		if err := st.AppendToSession(ctx, sess, links, nil); err != nil {
			return out, fmt.Errorf("repair edges of session %s: %w", sess, err)
		}
	}
	return out, nil
}

// pickHolder chooses, among the primitives holding a name p lists as a
// prerequisite (sorted ids), the one p most likely means: of its session,
// else of its document, else of its domain, else the first.
func pickHolder(p *core.Primitive, holders []string, all map[string]*core.Primitive) string {
	for _, same := range []func(q *core.Primitive) bool{
		func(q *core.Primitive) bool { return q.Provenance.Session == p.Provenance.Session },
		func(q *core.Primitive) bool { return q.Provenance.Whole() == p.Provenance.Whole() },
		func(q *core.Primitive) bool { return q.Domain == p.Domain },
	} {
		for _, h := range holders {
			if same(all[h]) {
				return h
			}
		}
	}
	return holders[0]
}
