// Package graph answers questions about the primitive graph as a whole:
// which primitives matter most (importance, reach), what a primitive
// rests on (Chain), and the graph drawn for other tools (DOT, Mermaid,
// JSON).
//
// Edges are the primitives' Dependencies: an edge points from the
// primitive that holds it to its Target. Edges to ids that are not in the
// given primitives are ignored everywhere, so any subset of the store (one
// domain, one session) can be analysed on its own. When an id occurs more
// than once, the first primitive with it is the node and the edges of all
// of them are its edges.
package graph

import (
	"cmp"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lore-kb/lore/core"
)

// Ranked is one primitive's place in a ranking: its importance (see
// Importance; 100 is average) and its reach (see Reach).
type Ranked struct {
	ID         string             `json:"id"`
	Name       string             `json:"name"`
	Type       core.PrimitiveType `json:"type"`
	Domain     string             `json:"domain"`
	Importance int                `json:"importance"`
	Reach      int                `json:"reach"`
}

// index is the graph in int indexes: nodes in first-occurrence order and
// the dependency edges (holder → target, both present, no self loops) in
// compressed rows, so the algorithms touch no maps.
type index struct {
	ids   []string
	first []int // index into prims of the node's first primitive
	off   []int32
	adj   []int32
	share []float64 // per adj entry: the edge's share (edgeShare of its strength)
}

func newIndex(prims []core.Primitive) *index {
	x := &index{}
	pos := make(map[string]int32, len(prims))
	node := make([]int32, len(prims))
	for i := range prims {
		id := prims[i].ID
		n, ok := pos[id]
		if !ok {
			n = int32(len(x.ids))
			pos[id] = n
			x.ids = append(x.ids, id)
			x.first = append(x.first, i)
		}
		node[i] = n
	}
	n := len(x.ids)
	deg := make([]int32, n+1)
	for i := range prims {
		for _, e := range prims[i].Dependencies {
			if t, ok := pos[e.Target]; ok && t != node[i] {
				deg[node[i]+1]++
			}
		}
	}
	for i := 1; i <= n; i++ {
		deg[i] += deg[i-1]
	}
	// the tags that weigh an edge, read once per node, not per edge
	rule := make([]bool, n)
	borrowed := make([]bool, n)
	for k, i := range x.first {
		rule[k] = grammar(&prims[i])
		borrowed[k] = slices.Contains(prims[i].Tags, core.TagBorrowed)
	}
	x.off = deg
	x.adj = make([]int32, deg[n])
	x.share = make([]float64, deg[n])
	fill := make([]int32, n)
	copy(fill, deg[:n])
	for i := range prims {
		u := node[i]
		for _, e := range prims[i].Dependencies {
			if t, ok := pos[e.Target]; ok && t != u {
				x.adj[fill[u]] = t
				x.share[fill[u]] = edgeShare(e.Strength)
				if rule[u] && rule[t] {
					x.share[fill[u]] *= grammarShare
				}
				if borrowed[t] {
					x.share[fill[u]] *= borrowedShare
				}
				fill[u]++
			}
		}
	}
	return x
}

// reverse is the dependents' adjacency (target → holders).
func (x *index) reverse() (off, adj []int32) {
	n := len(x.ids)
	off = make([]int32, n+1)
	for _, t := range x.adj {
		off[t+1]++
	}
	for i := 1; i <= n; i++ {
		off[i] += off[i-1]
	}
	adj = make([]int32, len(x.adj))
	fill := make([]int32, n)
	copy(fill, off[:n])
	for u := 0; u < n; u++ {
		for _, t := range x.adj[x.off[u]:x.off[u+1]] {
			adj[fill[t]] = int32(u)
			fill[t]++
		}
	}
	return off, adj
}

// Reach counts, for every primitive, its distinct transitive dependents:
// the primitives that depend on it directly or through other primitives.
// It measures how much of the graph would be affected if the primitive
// were wrong or removed, where Importance only counts its direct
// enablements. A primitive never counts itself, even inside a cycle (the
// store forbids cycles, but Reach does not rely on it).
//
// Counting exact transitive closures is quadratic in the worst case, so
// Reach first runs one breadth-first search per primitive over the
// dependents (cheap when reaches are small) and, if that exceeds a work
// budget, switches to a bit-parallel pass over the condensed graph that
// settles 512 primitives per sweep on every CPU.
func Reach(prims []core.Primitive) map[string]int {
	x := newIndex(prims)
	r := x.reach()
	out := make(map[string]int, len(x.ids))
	for i, id := range x.ids {
		out[id] = int(r[i])
	}
	return out
}

// reach is Reach over the index: per node, its transitive dependents.
func (x *index) reach() []int32 {
	n := len(x.ids)
	if n == 0 {
		return nil
	}
	roff, radj := x.reverse()
	cost := bitsetCost(n, len(x.adj))
	var r []int32
	var ok bool
	// Searching is the cheaper way when reaches are small; give it a
	// sixteenth of the sweeps' cost, so a graph with large reaches loses
	// little time before the switch.
	if r, ok = reachBFS(roff, radj, cost/16); !ok {
		r = reachBitset(x)
	}
	return r
}

// bitsetCost estimates the bit-parallel pass's work in search steps: one
// sweep over about half the nodes and edges per 512 sources, a sweep step
// costing about twice a search step (both mostly cache misses, the
// sweep's touching a whole cache line of masks). Measured on a 100k graph.
func bitsetCost(n, m int) int {
	return (n/512 + 1) * (n + m)
}

// reachBFS searches from every node over the dependents (roff, radj),
// marking visits with a per-search stamp so the visited array is never
// cleared. It gives up (ok false) once it has done more than budget steps.
func reachBFS(roff, radj []int32, budget int) (r []int32, ok bool) {
	n := len(roff) - 1
	r = make([]int32, n)
	stamp := make([]int32, n)
	queue := make([]int32, 0, 64)
	work := 0
	for v := 0; v < n; v++ {
		s := int32(v + 1)
		stamp[v] = s
		queue = append(queue[:0], int32(v))
		for h := 0; h < len(queue); h++ {
			u := queue[h]
			row := radj[roff[u]:roff[u+1]]
			work += len(row) + 1
			for _, d := range row {
				if stamp[d] != s {
					stamp[d] = s
					queue = append(queue, d)
				}
			}
		}
		r[v] = int32(len(queue) - 1)
		if work > budget {
			return nil, false
		}
	}
	return r, true
}

// reachBitset condenses the graph into strongly connected components
// (numbered so that every component's dependencies come first), then for
// each block of 512 components propagates a 512-bit mask of "depends on
// source b" along the dependencies in that order, summing the masks of all
// nodes in bit-sliced counters. Blocks are independent and run in parallel.
func reachBitset(x *index) []int32 {
	n := len(x.ids)
	comp, nc := scc(x)
	size := make([]int32, nc)
	for _, c := range comp {
		size[c]++
	}
	// Condensed dependencies in rows by component.
	coff := make([]int32, nc+1)
	for u := 0; u < n; u++ {
		for _, t := range x.adj[x.off[u]:x.off[u+1]] {
			if comp[t] != comp[u] {
				coff[comp[u]+1]++
			}
		}
	}
	for i := 1; i <= nc; i++ {
		coff[i] += coff[i-1]
	}
	cadj := make([]int32, coff[nc])
	fill := make([]int32, nc)
	copy(fill, coff[:nc])
	for u := 0; u < n; u++ {
		cu := comp[u]
		for _, t := range x.adj[x.off[u]:x.off[u+1]] {
			if ct := comp[t]; ct != cu {
				cadj[fill[cu]] = ct
				fill[cu]++
			}
		}
	}

	counts := make([]int32, nc)
	const width = 64 * words
	blocks := (nc + width - 1) / width
	planes := bits.Len(uint(n)) + 1
	var next atomic.Int64
	next.Store(int64(blocks))
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), blocks)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Blocks are taken last first: a worker's earlier blocks only
			// wrote masks above the current block's start, and this sweep
			// overwrites all of those, so the masks never need clearing.
			mask := make([]uint64, nc*words)
			plane := make([]uint64, planes*words)
			buf := make([]uint64, 4*words)
			var acc csaState
			nb := 0
			for {
				blk := int(next.Add(-1))
				if blk < 0 {
					return
				}
				s := blk * width
				clear(plane)
				for c := s; c < nc; c++ {
					row := mask[c*words : c*words+words : c*words+words]
					var m0, m1, m2, m3, m4, m5, m6, m7 uint64
					for _, d := range cadj[coff[c]:coff[c+1]] {
						md := mask[int(d)*words : int(d)*words+words : int(d)*words+words]
						m0 |= md[0]
						m1 |= md[1]
						m2 |= md[2]
						m3 |= md[3]
						m4 |= md[4]
						m5 |= md[5]
						m6 |= md[6]
						m7 |= md[7]
					}
					row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7] = m0, m1, m2, m3, m4, m5, m6, m7
					if c < s+width {
						row[(c-s)/64] |= 1 << uint((c-s)%64)
					}
					// Count the row size[c] times. Rows of single nodes (the
					// usual case) go four at a time through carry-save
					// adders (Harley–Seal), so only every fourth count
					// ripples through the counters.
					if wgt := size[c]; wgt == 1 {
						copy(buf[nb*words:nb*words+words], row)
						if nb++; nb == 4 {
							nb = 0
							csa4(&acc, buf, plane)
						}
					} else {
						for j := 0; wgt > 0; j, wgt = j+1, wgt>>1 {
							if wgt&1 != 0 {
								for k, mk := range row {
									if mk != 0 {
										addAt(plane, k, j, mk)
									}
								}
							}
						}
					}
				}
				for i := 0; i < nb; i++ {
					for k, mk := range buf[i*words : i*words+words] {
						if mk != 0 {
							addAt(plane, k, 0, mk)
						}
					}
				}
				for k := 0; k < words; k++ {
					addAt(plane, k, 0, acc.ones[k])
					addAt(plane, k, 1, acc.twos[k])
				}
				acc, nb = csaState{}, 0
				for b := 0; b < width && s+b < nc; b++ {
					var cnt int32
					for i := 0; i < planes; i++ {
						cnt |= int32((plane[i*words+b/64]>>uint(b%64))&1) << uint(i)
					}
					counts[s+b] = cnt
				}
			}
		}()
	}
	wg.Wait()
	r := make([]int32, n)
	for u := 0; u < n; u++ {
		r[u] = counts[comp[u]] - 1
	}
	return r
}

// words is the mask width of the bit-parallel pass in 64-bit words: 512
// sources per sweep, one cache line of mask per component.
const words = 8

// csaState holds the counts' two lowest levels between carry-save steps.
type csaState struct{ ones, twos [words]uint64 }

// csa4 adds four rows (buf) to the counters: two carry-save steps into
// ones and twos, and the resulting fours rippled into level 2.
func csa4(st *csaState, buf, plane []uint64) {
	_ = buf[4*words-1]
	for k := 0; k < words; k++ {
		a, b, c, d := buf[k], buf[words+k], buf[2*words+k], buf[3*words+k]
		o := st.ones[k]
		u := o ^ a
		twosA := (o & a) | (u & b)
		o = u ^ b
		u = o ^ c
		twosB := (o & c) | (u & d)
		st.ones[k] = u ^ d
		t := st.twos[k]
		u = t ^ twosA
		fours := (t & twosA) | (u & twosB)
		st.twos[k] = u ^ twosB
		if fours != 0 {
			addAt(plane, k, 2, fours)
		}
	}
}

// addAt adds the bits of x, each worth 2^level, to the bit-sliced counters
// of word k. Counts never exceed the number of nodes, which the planes
// can hold, so the carry always ends inside them.
func addAt(plane []uint64, k, level int, x uint64) {
	for i := level*words + k; x != 0 && i < len(plane); i += words {
		t := plane[i]
		plane[i] = t ^ x
		x &= t
	}
}

// scc numbers the strongly connected components of the dependency graph
// with Tarjan's algorithm, iteratively (no recursion, so no stack limit).
// Tarjan emits a component only after every component it depends on, so
// dependencies always have smaller numbers.
func scc(x *index) (comp []int32, nc int) {
	n := len(x.ids)
	idx := make([]int32, n) // 0 = not visited, else visit order + 1
	low := make([]int32, n)
	on := make([]bool, n)
	comp = make([]int32, n)
	stack := make([]int32, 0, 64)
	type frame struct{ v, e int32 }
	var calls []frame
	seq := int32(0)
	visit := func(v int32) {
		seq++
		idx[v], low[v] = seq, seq
		stack = append(stack, v)
		on[v] = true
		calls = append(calls, frame{v, x.off[v]})
	}
	for s := 0; s < n; s++ {
		if idx[s] != 0 {
			continue
		}
		visit(int32(s))
		for len(calls) > 0 {
			top := len(calls) - 1
			v, e := calls[top].v, calls[top].e
			if e < x.off[v+1] {
				calls[top].e++
				w := x.adj[e]
				if idx[w] == 0 {
					visit(w)
				} else if on[w] && idx[w] < low[v] {
					low[v] = idx[w]
				}
				continue
			}
			if low[v] == idx[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					on[w] = false
					comp[w] = int32(nc)
					if w == v {
						break
					}
				}
				nc++
			}
			calls = calls[:top]
			if top > 0 {
				if u := calls[top-1].v; low[v] < low[u] {
					low[u] = low[v]
				}
			}
		}
	}
	return comp, nc
}

// Order is a ranking: what Rank sorts the primitives by.
type Order string

// The rankings Rank accepts.
const (
	ByImportance Order = "importance"
	ByReach      Order = "reach"
)

// Orders lists the rankings, for a flag's help and completion.
var Orders = []Order{ByImportance, ByReach}

// ParseOrder reads a ranking as a person types it: case and surrounding
// spaces do not matter. Anything else is a usage error naming the choices.
func ParseOrder(s string) (Order, error) {
	o := Order(strings.ToLower(strings.TrimSpace(s)))
	if !slices.Contains(Orders, o) {
		return "", &core.UsageError{Msg: fmt.Sprintf("unknown ranking %q: choose %q or %q", s, ByImportance, ByReach)}
	}
	return o, nil
}

// Rank orders the primitives by importance (centrality on the dependency
// graph: see Importance) or by reach (transitive dependents, what a
// mistake would spread to), descending; ties go by the other key, then by
// type (definitions, theorems, algorithms, axioms, identities,
// techniques), then by id ascending, so the order is total and stable
// across runs. top ≤ 0 returns all.
func Rank(prims []core.Primitive, by Order, top int) ([]Ranked, error) {
	// Parsed again: an Order converted from any string reaches here too.
	key, err := ParseOrder(string(by))
	if err != nil {
		return nil, err
	}
	x := newIndex(prims)
	reach := x.reach()
	imp := x.centrality(prims)
	out := make([]Ranked, len(x.ids))
	for i, id := range x.ids {
		p := &prims[x.first[i]]
		out[i] = Ranked{ID: id, Name: p.Name, Type: p.Type, Domain: p.Domain,
			Importance: scaled(imp[i], len(x.ids)), Reach: int(reach[i])}
	}
	slices.SortFunc(out, func(a, b Ranked) int {
		k1a, k1b, k2a, k2b := a.Importance, b.Importance, a.Reach, b.Reach
		if key == ByReach {
			k1a, k1b, k2a, k2b = k2a, k2b, k1a, k1b
		}
		if c := cmp.Compare(k1b, k1a); c != 0 {
			return c
		}
		if c := cmp.Compare(k2b, k2a); c != 0 {
			return c
		}
		if c := cmp.Compare(typeOrder(a.Type), typeOrder(b.Type)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if top > 0 && top < len(out) {
		out = out[:top]
	}
	return out, nil
}

// typeOrder breaks ties between equally ranked primitives: what a reader
// looks up first comes first.
func typeOrder(t core.PrimitiveType) int {
	switch t {
	case core.Definition:
		return 0
	case core.Theorem:
		return 1
	case core.Algorithm:
		return 2
	case core.Axiom:
		return 3
	case core.Identity:
		return 4
	case core.Technique:
		return 5
	}
	return 6
}

// grammarShare scales the share of an edge between two rules of a
// document's grammar: a rule names the rules it is built from, and
// PageRank over a grammar alone would crown its terminals (CHAR, token,
// digit), the least of what a reader of the spec would call central.
const grammarShare = 0.2

// borrowedShare scales the share of an edge to a term its document
// borrows from another (core.TagBorrowed): the words every statement of a
// protocol built on HTTP uses ("message", "request") are HTTP's concepts.
const borrowedShare = 0.2

// grammar reports whether p is a rule of its document's own grammar.
func grammar(p *core.Primitive) bool {
	return slices.Contains(p.Tags, core.TagGrammar)
}
