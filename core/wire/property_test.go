package wire

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// vocabulary is small on purpose: names repeat and statements name each
// other heavily, in both directions, so cycles are attempted constantly.
var vocabulary = []string{"Group", "Ring", "Field", "Vector", "Space", "Matrix", "Basis", "Kernel", "Prime", "Ideal", "Norm", "Limit"}

var fillers = []string{
	"the", "a", "of", "requires", "uses", "causes", "generalizes", "special case", "builds on",
	"and", "is", "every", "with", "then", ".", "applies", "depends on", "X", "2", "extends",
}

func randomName(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0:
		return vocabulary[r.IntN(len(vocabulary))] + " " + vocabulary[r.IntN(len(vocabulary))]
	case 1:
		return []string{"A", "Of", "", "Pi", "X"}[r.IntN(5)]
	default:
		return vocabulary[r.IntN(len(vocabulary))]
	}
}

func randomSet(r *rand.Rand) []core.Primitive {
	n := 1 + r.IntN(60)
	ps := make([]core.Primitive, n)
	names := make([]string, n)
	for i := range ps {
		names[i] = randomName(r)
	}
	for i := range ps {
		var b strings.Builder
		for w := r.IntN(25); w > 0; w-- {
			if r.IntN(3) == 0 {
				b.WriteString(names[r.IntN(n)])
			} else {
				b.WriteString(fillers[r.IntN(len(fillers))])
			}
			b.WriteByte(' ')
		}
		id := fmt.Sprintf("p%d", i)
		if r.IntN(20) == 0 {
			id = fmt.Sprintf("p%d", r.IntN(n)) // occasional duplicate id
		}
		ps[i] = core.Primitive{
			ID: id, Name: names[i], Type: core.PrimitiveTypes[r.IntN(len(core.PrimitiveTypes))],
			FormalStatement: b.String(),
			Provenance: core.Provenance{
				Document: []string{"a.md", "b.md", "c.md"}[r.IntN(3)],
				Offset:   r.IntN(400),
			},
		}
		if r.IntN(10) == 0 {
			ps[i].Dependencies = []core.Edge{{Target: fmt.Sprintf("p%d", r.IntN(n)), Type: core.Requires, Strength: 1}}
		}
	}
	return ps
}

func TestWireProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 600; round++ {
		in := randomSet(r)
		before := make([]core.Primitive, len(in))
		for i := range in {
			before[i] = clonePrimitive(&in[i])
		}
		depth := []core.Depth{core.Standard, core.Deep, ""}[r.IntN(3)]
		res := Wire(in, Options{Depth: depth})
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			if !reflect.DeepEqual(in, before) {
				t.Fatal("input mutated")
			}
			if len(res.Primitives) != len(in) {
				t.Fatalf("%d primitives out of %d", len(res.Primitives), len(in))
			}
			checkInvariants(t, res.Primitives)
			checkCounts(t, in, res)
			checkOrderingCompleteness(t, res.Primitives)
		})
		if t.Failed() {
			for _, p := range in {
				t.Logf("%s %q %s @%s:%d: %q deps=%v", p.ID, p.Name, p.Type, p.Provenance.Document, p.Provenance.Offset, p.FormalStatement, p.Dependencies)
			}
			return
		}
	}
}

// checkCounts ties the reported counters to what the primitives carry.
func checkCounts(t *testing.T, in []core.Primitive, res Result) {
	t.Helper()
	existing, edges, enables, byType := 0, 0, 0, 0
	for _, p := range in {
		existing += len(p.Dependencies)
	}
	for _, p := range res.Primitives {
		edges += len(p.Dependencies)
		enables += len(p.Enables)
	}
	for _, n := range res.EdgesByType {
		byType += n
	}
	if byType != res.EdgesAdded {
		t.Fatalf("EdgesByType sums to %d, EdgesAdded %d", byType, res.EdgesAdded)
	}
	// Pre-existing edges are either kept or rejected.
	if edges-res.EdgesAdded > existing || edges-res.EdgesAdded < existing-res.Rejected {
		t.Fatalf("%d edges, %d added, %d pre-existing, %d rejected", edges, res.EdgesAdded, existing, res.Rejected)
	}
	if enables != res.EnablesAdded {
		t.Fatalf("%d enables entries, EnablesAdded %d", enables, res.EnablesAdded)
	}
}

// checkOrderingCompleteness asserts the ordering edge is refused only when
// it would really close a cycle: the previous primitive must already depend,
// transitively, on the current one.
func checkOrderingCompleteness(t *testing.T, ps []core.Primitive) {
	t.Helper()
	adj := map[string][]string{}
	for _, p := range ps {
		for _, e := range p.Dependencies {
			adj[p.ID] = append(adj[p.ID], e.Target)
		}
	}
	reaches := func(from, to string) bool {
		seen := map[string]bool{from: true}
		stack := []string{from}
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
	last := map[string]core.Primitive{}
	for _, p := range ps {
		prev, ok := last[p.Provenance.Document]
		last[p.Provenance.Document] = p
		if !ok || p.Type == core.Axiom || prev.ID == p.ID {
			continue
		}
		if _, has := edge(p, prev.ID, core.Motivates); !has && !reaches(prev.ID, p.ID) {
			t.Fatalf("ordering edge %s → %s refused without a cycle", p.ID, prev.ID)
		}
	}
}

// FuzzWire wires three candidates whose names and statements come from the
// fuzzer and checks the graph invariants.
func FuzzWire(f *testing.F) {
	f.Add("Vector Space", "A basis of a Vector Space", "Basis", "uses Basis and requires Vector Space", "Concept X", "Concept X builds on Basis.")
	f.Add("A", "Of", "", "A of A", "Of", "é\u0301 X. 2; ¿")
	f.Fuzz(func(t *testing.T, n1, s1, n2, s2, n3, s3 string) {
		in := []core.Primitive{
			{ID: "a", Name: n1, Type: core.Algorithm, FormalStatement: s1, Provenance: core.Provenance{Offset: 20}},
			{ID: "b", Name: n2, Type: core.Definition, FormalStatement: s2, Provenance: core.Provenance{Offset: 10}},
			{ID: "c", Name: n3, Type: core.Theorem, FormalStatement: s3, Provenance: core.Provenance{Offset: 30}},
		}
		for _, d := range []core.Depth{core.Standard, core.Deep} {
			res := Wire(in, Options{Depth: d})
			checkInvariants(t, res.Primitives)
		}
	})
}
