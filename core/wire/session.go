package wire

import (
	"maps"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Wiring across sessions. Wire only sees one run's candidates; the engine
// then merges them into the store, and two more steps need the same
// policy as Wire: linking the new primitives to the terms learned earlier
// (LinkStored), and breaking the cycles merging can close (BreakCycles).

// Stored is what cross-session wiring reads from the store.
type Stored interface {
	// NamesStartingWith returns, for each stem, the stored primitives whose
	// name (as stems joined by spaces) starts with it.
	NamesStartingWith(words []string) (map[string][]core.NameRef, error)
	GetPrimitive(id string) (core.Primitive, bool, error)
}

// Cross-session name references: a stored name of at least
// text.MinNamedStems bytes (as stems) that is a term (Linkable), found in a
// new primitive's statement, becomes a requires edge of strength
// StoredStrength; at most MaxStoredRefs per primitive, so that a statement
// listing many known terms does not flood the graph.
const (
	MaxStoredRefs     = 8
	StoredStrength    = 0.5
	StoredDescription = "Name reference to a primitive learned earlier"
)

// LinkStored adds to each primitive of added a requires edge to the stored
// primitives whose names its statement mentions, when those names are
// terms their source defines (see Linkable): a definition's term, a
// theorem's title — never a requirement's wording or a common word an
// extractor took for a name. A term of one word links only within its
// domain: "Field" defined by an algebra book is not what an RFC means by
// "header field". Like Wire, it links every term the statement holds, a
// term inside a longer one included. Edges point from new to stored, so
// they cannot close a cycle. Names are compared as the terms they stand
// for (TermName), and a mention of a term is its definition's whichever
// came first (see Namesakes): of the stored primitives of one term the
// definition is linked, else the first; a term the run itself uses is
// left to the run's own edges unless the stored side defines it and the
// run does not; and a primitive is never linked to a namesake. Primitives
// inRun reports (those of this run, which Wire has linked already) are
// left alone.
func LinkStored(st Stored, added []*core.Primitive, inRun func(id string) bool) error {
	runNames := map[string]bool{}
	runDefs := map[string]bool{}
	words := map[string]bool{}
	stmt := make([][]string, len(added))
	own := make([]string, len(added))
	for i, p := range added {
		own[i] = termStems(p.Name)
		runNames[own[i]] = true
		runNames[strings.Join(text.NameStems(p.Name), " ")] = true
		if p.Type == core.Definition {
			runDefs[own[i]] = true
		}
		ws := text.NameStems(p.FormalStatement)
		stmt[i] = ws
		for _, w := range ws {
			if !text.IsStopword(w) {
				words[w] = true
			}
		}
	}
	if len(words) == 0 {
		return nil
	}
	refs, err := st.NamesStartingWith(slices.Sorted(maps.Keys(words)))
	if err != nil {
		return err
	}
	type term struct {
		ok     bool
		domain string // "" when the term links in any domain
		stems  string // the term it stands for (termStems)
		def    bool
	}
	terms := map[string]term{}
	lookup := func(id string) (term, error) {
		t, seen := terms[id]
		if !seen {
			q, found, err := st.GetPrimitive(id)
			if err != nil {
				return term{}, err
			}
			t.ok = found && !Requirement(&q) && Linkable(TermName(q.Name), q.Type)
			if t.ok && oneWord(TermName(q.Name)) {
				t.domain = q.Domain
			}
			t.stems = termStems(q.Name)
			t.def = q.Type == core.Definition
			terms[id] = t
		}
		return t, nil
	}
	// at reports whether the name (as stems) stands at word k of ws.
	at := func(ws []string, k int, name string) bool {
		nw := strings.Split(name, " ")
		return k+len(nw) <= len(ws) && slices.Equal(ws[k:k+len(nw)], nw)
	}
	type pick struct {
		id  string
		def bool
	}
	for i, p := range added {
		ws := stmt[i]
		n := 0
		// Every stored term at every word, as Wire matches names (see
		// nameIndex.match): "minimum spanning tree" names Spanning Tree and
		// Tree too. Of several primitives of one term, the definition is
		// linked, else the first.
		for k := 0; k < len(ws) && n < MaxStoredRefs; k++ {
			var order []string // the terms named at k, in the order first seen
			picked := map[string]pick{}
			for _, ref := range refs[ws[k]] {
				if ref.ID == p.ID || inRun(ref.ID) || EdgeTo(p, ref.ID) >= 0 {
					continue
				}
				bare := refTerm(ref.Name)
				if !at(ws, k, ref.Name) && (bare == "" || !at(ws, k, bare)) {
					continue
				}
				t, err := lookup(ref.ID)
				if err != nil {
					return err
				}
				if !t.ok || (t.domain != "" && t.domain != p.Domain) || len(t.stems) < text.MinNamedStems ||
					!at(ws, k, t.stems) || t.stems == own[i] ||
					(runNames[t.stems] && (!t.def || runDefs[t.stems])) {
					continue
				}
				old, seen := picked[t.stems]
				if !seen {
					order = append(order, t.stems)
				}
				if !seen || (t.def && !old.def) {
					picked[t.stems] = pick{ref.ID, t.def}
				}
			}
			for _, name := range order {
				p.Dependencies = append(p.Dependencies, core.Edge{Target: picked[name].id, Type: core.Requires, Strength: StoredStrength, Description: StoredDescription})
				if n++; n == MaxStoredRefs {
					break
				}
			}
		}
	}
	return nil
}

// BreakCycles removes edges among the primitives of ids (found in prims)
// until their dependency graph is acyclic, and returns how many it removed.
// Of each cycle it removes the weakest edge — the lowest strength; among
// equally weak ones the edge that closed the cycle — so an explicit
// reference (the strongest evidence) goes only when every edge of its cycle
// is one. The target's name leaves the holder's prerequisites when no other
// edge leads to it. Edges to primitives outside ids are never touched.
// Merging can close cycles Wire never saw: a candidate found to duplicate a
// stored primitive has its edges re-pointed at that primitive's id.
func BreakCycles(ids []string, prims map[string]*core.Primitive) int {
	const (
		white uint8 = iota
		grey
		black
	)
	in := make(map[string]bool, len(ids))
	for _, id := range ids {
		if prims[id] != nil {
			in[id] = true
		}
	}
	color := make(map[string]uint8, len(in))
	// A frame follows p's edge i; every frame below the top is on the edge
	// leading to the frame above it.
	type frame struct {
		id string
		p  *core.Primitive
		i  int
	}
	var stack []frame
	at := map[string]int{} // grey id → its frame
	removed := 0
	for _, root := range ids {
		if !in[root] || color[root] != white {
			continue
		}
		color[root], at[root] = grey, 0
		stack = append(stack[:0], frame{root, prims[root], 0})
		for len(stack) > 0 {
			top := len(stack) - 1
			f := &stack[top]
			if f.i >= len(f.p.Dependencies) {
				color[f.id] = black
				delete(at, f.id)
				stack = stack[:top]
				if top > 0 {
					stack[top-1].i++
				}
				continue
			}
			t := f.p.Dependencies[f.i].Target
			if !in[t] {
				f.i++
				continue
			}
			switch color[t] {
			case black:
				f.i++
			case white:
				color[t], at[t] = grey, len(stack)
				stack = append(stack, frame{t, prims[t], 0})
			case grey:
				weakest := top
				ws := evidence(f.p.Dependencies[f.i].Strength)
				for j := top - 1; j >= at[t]; j-- {
					if s := evidence(stack[j].p.Dependencies[stack[j].i].Strength); s < ws {
						weakest, ws = j, s
					}
				}
				g := &stack[weakest]
				dropEdge(g.p, g.i, prims)
				removed++
				// The frames above the removed edge are no longer on a path
				// from it; they are searched again when reached another way.
				for len(stack)-1 > weakest {
					x := stack[len(stack)-1]
					color[x.id] = white
					delete(at, x.id)
					stack = stack[:len(stack)-1]
				}
			}
		}
	}
	return removed
}

// dropEdge removes p's edge i, and its target's name from p's
// prerequisites when no other edge of p leads to a primitive of that name.
func dropEdge(p *core.Primitive, i int, prims map[string]*core.Primitive) {
	t := prims[p.Dependencies[i].Target]
	p.Dependencies = slices.Delete(p.Dependencies, i, i+1)
	if t == nil || t.Name == "" {
		return
	}
	for _, e := range p.Dependencies {
		if o := prims[e.Target]; o != nil && o.Name == t.Name {
			return
		}
	}
	p.Prerequisites = slices.DeleteFunc(p.Prerequisites, func(n string) bool { return n == t.Name })
}
