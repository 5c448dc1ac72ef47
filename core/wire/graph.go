package wire

import (
	"cmp"
	"math"
	"slices"
)

// Search budgets cap the dependency entries one order-violating edge may
// read before it is decided. The search is local — it stays between the two
// ends of the edge in the current order — but a forward reference that
// jumps across a whole book can make that stretch the whole book. The caps
// keep wiring linear in the input; an edge whose check runs out of budget
// is refused, which can only lose an edge, never admit a cycle. An explicit
// reference (an edge extraction found in the source) is the strongest
// evidence there is and the rarest edge, so it gets the larger budget.
const (
	referenceBudget = 1 << 12
	explicitBudget  = 1 << 15
)

// Labels are positions in the topological order, spaced so that nodes can
// be moved between neighbours without renumbering everything.
const (
	labelGap = 1 << 32 // initial spacing: 32 halvings before a renumbering
	minGap   = 1 << 10 // spacing a renumbered stretch gets at least
)

// graph is the dependency graph over distinct primitive ids, kept acyclic by
// maintaining a topological order incrementally, in the manner of
// Pearce–Kelly. The order (dependencies first) starts as document order, so
// an edge from a later primitive to an earlier one — the normal case in a
// book — is accepted after one comparison of labels. An edge against the
// order (a forward reference) costs a search of the target's dependencies
// that lie between the two ends; reaching the source means a cycle,
// otherwise exactly the nodes found move to just before the source. Moving
// only those (rather than swapping order slots as classic Pearce–Kelly
// does) leaves every other primitive in document order, so the backward
// references added later stay cheap to check.
type graph struct {
	label      []int64
	prev, next []int32 // the order as a linked list, -1 at the ends
	head       int32
	deps       [][]int32 // node → nodes it depends on
	rdeps      [][]int32 // node → nodes depending on it

	mark       []uint32
	gen        uint32
	found      []int32
	stack      []int32
	budgetHits int
}

// newGraph returns n unconnected nodes ordered 0…n−1. n must stay below
// 2³¹ so that the initial labels fit.
func newGraph(n int) *graph {
	g := &graph{
		label: make([]int64, n),
		prev:  make([]int32, n),
		next:  make([]int32, n),
		deps:  make([][]int32, n),
		rdeps: make([][]int32, n),
		mark:  make([]uint32, n),
	}
	for i := range n {
		g.label[i] = int64(i+1) * labelGap
		g.prev[i] = int32(i - 1)
		g.next[i] = int32(i + 1)
	}
	if n > 0 {
		g.next[n-1] = -1
	} else {
		g.head = -1
	}
	return g
}

// has reports whether s already depends directly on t.
func (g *graph) has(s, t int32) bool {
	return slices.Contains(g.deps[s], t)
}

// link records that s depends on t unless that would close a cycle (or the
// check would read more than budget dependency entries); it reports whether
// the edge is in the graph afterwards. s != t.
func (g *graph) link(s, t int32, budget int) bool {
	if g.has(s, t) {
		return true
	}
	if g.label[t] >= g.label[s] && !g.makeRoom(s, t, budget) {
		return false
	}
	g.deps[s] = append(g.deps[s], t)
	g.rdeps[t] = append(g.rdeps[t], s)
	return true
}

// makeRoom moves t, and those of its dependencies that sort after s, to
// just before s, keeping their relative order. It fails when s is among
// those dependencies: the edge would close a cycle.
func (g *graph) makeRoom(s, t int32, budget int) bool {
	if g.gen == math.MaxUint32 {
		clear(g.mark)
		g.gen = 0
	}
	g.gen++
	m, lb := g.gen, g.label[s]
	g.found = append(g.found[:0], t)
	g.stack = append(g.stack[:0], t)
	g.mark[t] = m
	for len(g.stack) > 0 {
		x := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		for _, y := range g.deps[x] {
			if y == s {
				return false
			}
			if budget--; budget < 0 {
				g.budgetHits++
				return false
			}
			// Anything sorting before s cannot lead back to s.
			if g.mark[y] != m && g.label[y] > lb {
				g.mark[y] = m
				g.found = append(g.found, y)
				g.stack = append(g.stack, y)
			}
		}
	}
	slices.SortFunc(g.found, func(a, b int32) int { return cmp.Compare(g.label[a], g.label[b]) })
	for _, v := range g.found {
		g.unlink(v)
	}
	for _, v := range g.found {
		g.insertBefore(v, s)
	}
	g.relabel(g.found[0], len(g.found))
	return true
}

func (g *graph) unlink(v int32) {
	p, n := g.prev[v], g.next[v]
	if p >= 0 {
		g.next[p] = n
	} else {
		g.head = n
	}
	if n >= 0 {
		g.prev[n] = p
	}
}

func (g *graph) insertBefore(v, s int32) {
	p := g.prev[s]
	g.prev[v], g.next[v] = p, s
	g.prev[s] = v
	if p >= 0 {
		g.next[p] = v
	} else {
		g.head = v
	}
}

// relabel gives the run of count freshly inserted nodes starting at first
// labels between its neighbours. When the neighbours are too close, the
// stretch is widened (doubling each side) until its labels can be spread
// with at least minGap between them, which keeps renumbering rare.
func (g *graph) relabel(first int32, count int) {
	lo, hi := g.prev[first], first
	for range count {
		hi = g.next[hi]
	}
	bound := func(v int32, end int64) int64 {
		if v < 0 {
			return end
		}
		return g.label[v]
	}
	want := int64(1)
	for size := 1; ; size *= 2 {
		span := bound(hi, math.MaxInt64) - bound(lo, 0)
		if span/int64(count+1) >= want || lo < 0 && hi < 0 {
			break
		}
		want = minGap
		for i := 0; i < size && lo >= 0; i++ {
			lo = g.prev[lo]
			count++
		}
		for i := 0; i < size && hi >= 0; i++ {
			hi = g.next[hi]
			count++
		}
	}
	base := bound(lo, 0)
	step := (bound(hi, math.MaxInt64) - base) / int64(count+1)
	v := g.head
	if lo >= 0 {
		v = g.next[lo]
	}
	for i := range count {
		g.label[v] = base + step*int64(i+1)
		v = g.next[v]
	}
}
