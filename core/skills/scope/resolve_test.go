package scope

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// graph is a lookup over a fixed import table that counts calls, so tests
// can check each skill is looked up once.
type graph struct {
	imports map[string][]string
	calls   map[string]int
}

func newGraph(imports map[string][]string) *graph {
	return &graph{imports: imports, calls: map[string]int{}}
}

func (g *graph) lookup(key string) ([]string, bool) {
	g.calls[key]++
	imps, ok := g.imports[key]
	return imps, ok
}

func TestResolve(t *testing.T) {
	// Seed 004's example: pdf-press imports two internal skills.
	seed004 := map[string][]string{
		"public.pdf-press":          {"internal.link-evidence", "internal.sources-section"},
		"internal.link-evidence":    nil,
		"internal.sources-section":  {"internal.link-evidence"},
		"public.url-gen":            {"internal.link-evidence"},
		"public.docx-press":         {"pdf-press"}, // dotless import is public.pdf-press
		"internal.citation-helpers": {"skills.internal.link-evidence"},
	}
	tests := []struct {
		name     string
		graph    map[string][]string
		roots    []string
		order    []string
		warnings []string
	}{
		{
			name:  "seed 004 pdf-press",
			graph: seed004,
			roots: []string{"pdf-press"},
			order: []string{"internal.link-evidence", "internal.sources-section", "public.pdf-press"},
		},
		{
			name:  "seed 004 overlapping imports de-duplicated",
			graph: seed004,
			roots: []string{"public.url-gen", "skills.public.pdf-press", "public.url-gen"},
			order: []string{"internal.link-evidence", "public.url-gen", "internal.sources-section", "public.pdf-press"},
		},
		{
			name:  "seed 004 dotless and prefixed imports",
			graph: seed004,
			roots: []string{"docx-press", "internal.citation-helpers"},
			order: []string{"internal.link-evidence", "internal.sources-section", "public.pdf-press", "public.docx-press", "internal.citation-helpers"},
		},
		{
			name:  "diamond: d once, before b and c",
			graph: map[string][]string{"public.a": {"b", "c"}, "public.b": {"d"}, "public.c": {"d"}, "public.d": nil},
			roots: []string{"a"},
			order: []string{"public.d", "public.b", "public.c", "public.a"},
		},
		{
			name:     "3-cycle",
			graph:    map[string][]string{"public.a": {"b"}, "public.b": {"c"}, "public.c": {"a"}},
			roots:    []string{"a"},
			order:    []string{"public.c", "public.b", "public.a"},
			warnings: []string{"import cycle public.a → public.b → public.c → public.a skipped"},
		},
		{
			name:     "3-cycle entered in the middle",
			graph:    map[string][]string{"public.a": {"b"}, "public.b": {"c"}, "public.c": {"a"}, "public.x": {"b"}},
			roots:    []string{"x"},
			order:    []string{"public.a", "public.c", "public.b", "public.x"},
			warnings: []string{"import cycle public.b → public.c → public.a → public.b skipped"},
		},
		{
			name:     "every root of a cycle still resolves once",
			graph:    map[string][]string{"public.a": {"b"}, "public.b": {"c"}, "public.c": {"a"}},
			roots:    []string{"a", "b", "c"},
			order:    []string{"public.c", "public.b", "public.a"},
			warnings: []string{"import cycle public.a → public.b → public.c → public.a skipped"},
		},
		{
			name:     "self-import",
			graph:    map[string][]string{"public.a": {"a", "b"}, "public.b": nil},
			roots:    []string{"a"},
			order:    []string{"public.b", "public.a"},
			warnings: []string{"import cycle public.a → public.a skipped"},
		},
		{
			name:     "two-cycle beside a diamond",
			graph:    map[string][]string{"public.a": {"b", "c"}, "public.b": {"d"}, "public.c": {"d"}, "public.d": {"b"}},
			roots:    []string{"a"},
			order:    []string{"public.d", "public.b", "public.c", "public.a"},
			warnings: []string{"import cycle public.b → public.d → public.b skipped"},
		},
		{
			name:  "unknown imports warned once per importer",
			graph: map[string][]string{"public.a": {"ghost", "b"}, "public.b": {"ghost"}},
			roots: []string{"a", "ghost", "nope"},
			order: []string{"public.b", "public.a"},
			warnings: []string{
				"unknown import public.ghost (imported by public.a)",
				"unknown import public.ghost (imported by public.b)",
				"unknown import public.ghost",
				"unknown import public.nope",
			},
		},
		{
			name:  "invalid references",
			graph: map[string][]string{"public.a": {"x.y.z", "SK1", "b"}, "public.b": nil},
			roots: []string{"", "a"},
			order: []string{"public.b", "public.a"},
			warnings: []string{
				`invalid import: reference "": empty skill id`,
				`invalid import in public.a: reference "x.y.z": skill id "y.z": character '.' not allowed`,
				`invalid import in public.a: reference "SK1": short ids are only valid with the catalog that issued them`,
			},
		},
		{
			name:  "no roots",
			graph: seed004,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGraph(tt.graph)
			order, warnings := Resolve(tt.roots, g.lookup)
			if !slices.Equal(order, tt.order) {
				t.Errorf("order = %q\nwant    %q", order, tt.order)
			}
			if !slices.Equal(warnings, tt.warnings) {
				t.Errorf("warnings = %q\nwant       %q", warnings, tt.warnings)
			}
			for k, n := range g.calls {
				if n != 1 {
					t.Errorf("lookup(%s) called %d times", k, n)
				}
			}
		})
	}
}

// A long chain resolves without recursion limits: the last link first.
func TestResolveDeepChain(t *testing.T) {
	const n = 20_000
	imports := make(map[string][]string, n)
	for i := range n - 1 {
		imports[fmt.Sprintf("public.s%d", i)] = []string{fmt.Sprintf("s%d", i+1)}
	}
	imports[fmt.Sprintf("public.s%d", n-1)] = nil
	order, warnings := Resolve([]string{"s0"}, newGraph(imports).lookup)
	if len(warnings) != 0 || len(order) != n {
		t.Fatalf("len(order) = %d, warnings %q", len(order), warnings)
	}
	if order[0] != fmt.Sprintf("public.s%d", n-1) || order[n-1] != "public.s0" {
		t.Errorf("order ends %s … %s", order[0], order[n-1])
	}

	// The same chain closed into a cycle names every link once.
	imports[fmt.Sprintf("public.s%d", n-1)] = []string{"s0"}
	order, warnings = Resolve([]string{"s0"}, newGraph(imports).lookup)
	if len(order) != n || len(warnings) != 1 || strings.Count(warnings[0], " → ") != n {
		t.Errorf("closed chain: len(order) = %d, %d warnings", len(order), len(warnings))
	}
}

func TestResolveNilLookupResult(t *testing.T) {
	order, warnings := Resolve(nil, func(string) ([]string, bool) { return nil, false })
	if order != nil || warnings != nil {
		t.Errorf("Resolve(nil) = %q, %q", order, warnings)
	}
}

// FuzzResolve builds an import graph over a few keys from the input (key
// k imports key j for each byte pair; keys at or above known do not exist)
// and checks Resolve's contract: no panic, no duplicates, only known keys,
// exactly the known keys reachable from the roots, and dependency-first
// order whenever that reachable graph has no cycle.
func FuzzResolve(f *testing.F) {
	f.Add(byte(4), []byte{0, 1, 0, 2, 1, 3, 2, 3}, []byte{0}, "")          // diamond
	f.Add(byte(3), []byte{0, 1, 1, 2, 2, 0}, []byte{0}, "")                // 3-cycle
	f.Add(byte(2), []byte{0, 0, 0, 5}, []byte{0, 7}, "skills.x.y")         // self, unknown
	f.Add(byte(6), []byte{5, 4, 4, 3, 3, 2, 2, 1, 1, 0}, []byte{5}, "SK1") // chain
	f.Fuzz(func(t *testing.T, known byte, edges, roots []byte, extra string) {
		const size = 10
		known %= size + 1
		name := func(b byte) string { return fmt.Sprintf("public.k%d", b%size) }
		imports := map[string][]string{}
		for i := range known {
			imports[name(i)] = []string{}
		}
		for i := 0; i+1 < len(edges); i += 2 {
			if from := name(edges[i]); imports[from] != nil {
				imports[from] = append(imports[from], fmt.Sprintf("k%d", edges[i+1]%size))
			}
		}
		if len(imports) > 0 {
			imports[name(0)] = append(imports[name(0)], extra)
		}
		rootRefs := []string{extra}
		for _, r := range roots {
			rootRefs = append(rootRefs, name(r))
		}

		order, _ := Resolve(rootRefs, func(k string) ([]string, bool) {
			imps, ok := imports[k]
			return imps, ok
		})

		pos := map[string]int{}
		for i, k := range order {
			if _, dup := pos[k]; dup {
				t.Fatalf("%s twice in %q", k, order)
			}
			if _, ok := imports[k]; !ok {
				t.Fatalf("unknown %s in %q", k, order)
			}
			pos[k] = i
		}

		// Reachable known keys, by an independent walk.
		reach := map[string]bool{}
		var walk func(string)
		walk = func(k string) {
			if _, ok := imports[k]; !ok || reach[k] {
				return
			}
			reach[k] = true
			for _, ref := range imports[k] {
				if key, err := Parse(ref); err == nil {
					walk(key)
				}
			}
		}
		for _, r := range rootRefs {
			if key, err := Parse(r); err == nil {
				walk(key)
			}
		}
		got := map[string]bool{}
		for _, k := range order {
			got[k] = true
		}
		if !reflect.DeepEqual(got, reach) {
			t.Fatalf("order %q, reachable %v", order, reach)
		}

		if cyclic(reach, imports) {
			return
		}
		for _, k := range order {
			for _, ref := range imports[k] {
				dep, err := Parse(ref)
				if _, known := imports[dep]; err == nil && known && pos[dep] > pos[k] {
					t.Fatalf("%s before its import %s in %q", k, dep, order)
				}
			}
		}
	})
}

// cyclic reports whether the graph restricted to nodes has a cycle, by
// repeatedly removing nodes with no remaining imports (Kahn).
func cyclic(nodes map[string]bool, imports map[string][]string) bool {
	left := map[string]map[string]bool{}
	for k := range nodes {
		left[k] = map[string]bool{}
		for _, ref := range imports[k] {
			if dep, err := Parse(ref); err == nil && nodes[dep] {
				left[k][dep] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for k, deps := range left {
			if len(deps) == 0 {
				delete(left, k)
				for _, d := range left {
					delete(d, k)
				}
				changed = true
			}
		}
	}
	return len(left) > 0
}
