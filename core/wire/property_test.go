package wire

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
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
		for k := r.IntN(8) - 5; k > 0; k-- {
			ps[i].Dependencies = append(ps[i].Dependencies, core.Edge{
				Target: fmt.Sprintf("p%d", r.IntN(n+1)), Type: core.Requires, Strength: []float64{0.9, 0.9, 0.5, 1}[r.IntN(4)],
			})
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
			checkReferencesKept(t, in, res.Primitives)
			for _, p := range res.Primitives {
				for _, e := range p.Dependencies {
					if e.Type == core.Motivates {
						t.Fatalf("%s got a motivates edge %+v", p.ID, e)
					}
				}
			}
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
	ids := map[string]bool{}
	for _, p := range in {
		ids[p.ID] = true
	}
	outside, edges, enables, byType := 0, 0, 0, 0
	for _, p := range in {
		for _, e := range p.Dependencies {
			if !ids[e.Target] {
				outside++
			}
		}
	}
	for _, p := range res.Primitives {
		edges += len(p.Dependencies)
		enables += len(p.Enables)
	}
	for _, n := range res.EdgesByType {
		byType += n
	}
	if byType != res.EdgesAdded+res.References {
		t.Fatalf("EdgesByType sums to %d, EdgesAdded %d, References %d", byType, res.EdgesAdded, res.References)
	}
	// Edges out of the set are kept as they are, those in it either kept
	// (References) or rejected.
	if edges != res.EdgesAdded+res.References+outside {
		t.Fatalf("%d edges, %d added, %d references kept, %d to outside ids", edges, res.EdgesAdded, res.References, outside)
	}
	if enables != res.EnablesAdded {
		t.Fatalf("%d enables entries, EnablesAdded %d", enables, res.EnablesAdded)
	}
}

// checkReferencesKept asserts the cycle-breaking policy: an edge the
// candidates came with (an explicit reference) is dropped only when it is a
// self-edge, a duplicate, or when the references kept already lead from its
// target back to its holder — never because of an inferred edge.
func checkReferencesKept(t *testing.T, in, out []core.Primitive) {
	t.Helper()
	ids := map[string]bool{}
	for _, p := range in {
		ids[p.ID] = true
	}
	adj := map[string][]string{}
	for _, p := range out {
		for _, e := range p.Dependencies {
			if ids[e.Target] && slices.ContainsFunc(in, func(q core.Primitive) bool { return q.ID == p.ID && slices.Contains(q.Dependencies, e) }) {
				adj[p.ID] = append(adj[p.ID], e.Target)
			}
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
	for i, p := range in {
		for _, e := range p.Dependencies {
			if !ids[e.Target] || e.Target == p.ID {
				continue
			}
			kept := false
			for _, q := range out {
				if q.ID == p.ID && q.Provenance == p.Provenance && slices.ContainsFunc(q.Dependencies, func(k core.Edge) bool { return k.Target == e.Target && k.Type == e.Type }) {
					kept = true
				}
			}
			if !kept && !reaches(e.Target, p.ID) {
				t.Fatalf("reference %d %s → %s dropped without a cycle of references", i, p.ID, e.Target)
			}
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
