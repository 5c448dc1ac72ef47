package wire

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGraphAgainstOracle adds random edges and checks every decision
// against a plain reachability search, and the order's invariants after
// every change.
func TestGraphAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 300; round++ {
		n := 2 + r.IntN(80)
		g := newGraph(n)
		adj := make([][]int32, n)
		reaches := func(from, to int32) bool {
			seen := make([]bool, n)
			stack := []int32{from}
			seen[from] = true
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if x == to {
					return true
				}
				for _, y := range adj[x] {
					if !seen[y] {
						seen[y] = true
						stack = append(stack, y)
					}
				}
			}
			return false
		}
		for e := r.IntN(4 * n); e > 0; e-- {
			s, d := int32(r.IntN(n)), int32(r.IntN(n))
			if s == d {
				continue
			}
			want := !reaches(d, s)
			if got := g.link(s, d, referenceBudget); got != want {
				t.Fatalf("round %d: link(%d, %d) = %v, oracle %v", round, s, d, got, want)
			}
			if want && !g.has(s, d) {
				t.Fatalf("accepted edge not recorded")
			}
			if want && !slices.Contains(adj[s], d) {
				adj[s] = append(adj[s], d)
			}
			checkOrder(t, g, adj)
		}
	}
}

func checkOrder(t *testing.T, g *graph, adj [][]int32) {
	t.Helper()
	count, last := 0, int64(-1)
	for v := g.head; v >= 0; v = g.next[v] {
		if g.label[v] <= last {
			t.Fatalf("labels not increasing along the order at %d", v)
		}
		if g.next[v] >= 0 && g.prev[g.next[v]] != v {
			t.Fatalf("broken list at %d", v)
		}
		last = g.label[v]
		count++
	}
	if count != len(g.label) {
		t.Fatalf("order lists %d of %d nodes", count, len(g.label))
	}
	for s, ds := range adj {
		for _, d := range ds {
			if g.label[d] >= g.label[s] {
				t.Fatalf("dependency %d does not sort before %d", d, s)
			}
		}
	}
}

// TestRelabelWhenGapsRunOut forces many moves into one gap.
func TestRelabelWhenGapsRunOut(t *testing.T) {
	const n = 200
	g := newGraph(n)
	adj := make([][]int32, n)
	// Node 0 depends on 199, then 198, …: each edge moves a node in front of
	// the last one moved, always into the same shrinking gap.
	for d := int32(n - 1); d > 0; d-- {
		if !g.link(0, d, referenceBudget) {
			t.Fatalf("link(0, %d) refused", d)
		}
		adj[0] = append(adj[0], d)
		checkOrder(t, g, adj)
	}
	// And a chain 1 ← 2 ← … written forwards, each against the order.
	for s := int32(1); s+1 < n; s++ {
		if !g.link(s, s+1, referenceBudget) {
			t.Fatalf("link(%d, %d) refused", s, s+1)
		}
		adj[s] = append(adj[s], s+1)
	}
	checkOrder(t, g, adj)
	if g.link(n-1, 1, referenceBudget) {
		t.Fatal("cycle accepted")
	}
}

// TestBudgetRefusesConservatively shows the price of the cap: a forward
// edge whose check would walk a chain longer than the budget is refused
// although it closes no cycle, and nothing about the order changes.
func TestBudgetRefusesConservatively(t *testing.T) {
	n := referenceBudget + 10
	g := newGraph(n)
	for i := int32(2); i < int32(n); i++ {
		if !g.link(i, i-1, referenceBudget) {
			t.Fatalf("backward edge %d → %d refused", i, i-1)
		}
	}
	before := slices.Clone(g.label)
	if g.link(0, int32(n-1), referenceBudget) {
		t.Fatal("over-budget check accepted")
	}
	if g.budgetHits != 1 || !slices.Equal(before, g.label) {
		t.Fatalf("budget hits %d, order changed %v", g.budgetHits, !slices.Equal(before, g.label))
	}
	// With room to search, the same edge is fine.
	if !g.link(0, int32(n-1), n) {
		t.Fatal("acyclic edge refused with enough budget")
	}
}
