package wire

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func cand(id, name string, typ core.PrimitiveType, offset int, statement string) core.Primitive {
	return core.Primitive{
		ID: id, Name: name, Type: typ, FormalStatement: statement,
		Provenance: core.Provenance{Document: "book.md", Section: "Test Section", Offset: offset},
	}
}

func wire(t *testing.T, ps ...core.Primitive) (Result, map[string]core.Primitive) {
	t.Helper()
	res := Wire(ps, Options{Depth: core.Standard})
	checkInvariants(t, res.Primitives)
	byID := make(map[string]core.Primitive, len(res.Primitives))
	for _, p := range res.Primitives {
		byID[p.ID] = p
	}
	return res, byID
}

func edge(p core.Primitive, target string, typ core.EdgeType) (core.Edge, bool) {
	for _, e := range p.Dependencies {
		if e.Target == target && e.Type == typ {
			return e, true
		}
	}
	return core.Edge{}, false
}

func mustEdge(t *testing.T, p core.Primitive, target string, typ core.EdgeType, strength float64) core.Edge {
	t.Helper()
	e, ok := edge(p, target, typ)
	if !ok {
		t.Fatalf("%s has no %s edge to %s; edges: %+v", p.ID, typ, target, p.Dependencies)
	}
	if strength != 0 && e.Strength != strength {
		t.Fatalf("%s → %s %s strength %v, want %v", p.ID, target, typ, e.Strength, strength)
	}
	return e
}

func noEdge(t *testing.T, p core.Primitive, target string) {
	t.Helper()
	for _, e := range p.Dependencies {
		if e.Target == target {
			t.Fatalf("%s has an unexpected edge %+v", p.ID, e)
		}
	}
}

// The reference's wirer fixtures (§4.2).

// The reference chained every primitive to the previous one with a
// motivates edge "Required by section ordering"; that one result follows
// another is no evidence that it depends on it, and the chain made reach a
// ranking by position. A linear chapter without references has no edges.
func TestLinearChapterHasNoOrderChain(t *testing.T) {
	res, m := wire(t,
		cand("gamma", "Gamma", core.Theorem, 200, "Statement for candidate 3"),
		cand("alpha", "Alpha", core.Axiom, 0, "Statement for candidate 1"),
		cand("beta", "Beta", core.Definition, 100, "Statement for candidate 2"),
		cand("delta", "Delta Lemma", core.Theorem, 300, "Another statement."),
	)
	for id, p := range m {
		if len(p.Dependencies)+len(p.Prerequisites)+len(p.Enables) != 0 {
			t.Errorf("%s wired without evidence: deps %+v prereqs %q enables %q", id, p.Dependencies, p.Prerequisites, p.Enables)
		}
	}
	if res.EdgesAdded != 0 || res.EdgesByType[core.Motivates] != 0 {
		t.Errorf("edges added: %d, by type %v", res.EdgesAdded, res.EdgesByType)
	}
}

func TestCrossReferenceFixtures(t *testing.T) {
	cases := []struct {
		name      string
		target    core.Primitive
		source    core.Primitive
		typ       core.EdgeType
		strength  float64
		descHasKW string
	}{
		{"plain reference", cand("vector-space", "Vector Space", core.Definition, 0, "x"),
			cand("basis", "Basis", core.Definition, 100, "A basis of a Vector Space is a linearly independent spanning set."),
			core.Requires, 0.5, ""},
		{"generalizes", cand("group", "Group", core.Definition, 0, "x"),
			cand("ring", "Ring", core.Definition, 100, "A ring generalizes Group by adding a second operation."),
			core.Generalizes, 0.7, "generalizes"},
		{"specializes", cand("topology", "Topology", core.Definition, 0, "x"),
			cand("metric", "Metric Space", core.Definition, 100, "A metric space is a special case of Topology with a distance function."),
			core.Specializes, 0.7, "special case"},
		{"builds on", cand("addition", "Addition", core.Definition, 0, "x"),
			cand("multiplication", "Multiplication", core.Definition, 100, "Multiplication builds on Addition as repeated summation."),
			core.Requires, 0.8, "builds on"},
		{"requires understanding of", cand("limits", "Limits", core.Definition, 0, "x"),
			cand("derivative", "Derivative", core.Definition, 100, "The derivative requires understanding of Limits to be well-defined."),
			core.Requires, 0.8, "requires understanding of"},
		{"applies keyword", cand("ftc", "Fundamental Theorem", core.Theorem, 0, "x"),
			cand("integration", "Integration Technique", core.Technique, 100, "This technique applies the Fundamental Theorem to compute definite integrals."),
			core.Applies, 0.6, "applies"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, m := wire(t, c.target, c.source)
			e := mustEdge(t, m[c.source.ID], c.target.ID, c.typ, c.strength)
			want := "Name reference in formal statement"
			if c.descHasKW != "" {
				want = `Keyword "` + c.descHasKW + `" with name reference in formal statement`
			}
			if e.Description != want {
				t.Errorf("description %q, want %q", e.Description, want)
			}
			if !slices.Contains(m[c.source.ID].Prerequisites, c.target.Name) {
				t.Errorf("prerequisites %q lack %q", m[c.source.ID].Prerequisites, c.target.Name)
			}
		})
	}
}

func TestAlgorithmAppliesDefinition(t *testing.T) {
	_, m := wire(t,
		cand("matrix", "Matrix", core.Definition, 0, "A rectangular array of numbers."),
		cand("gauss", "Gaussian Elimination", core.Algorithm, 100, "Gaussian elimination reduces a Matrix to row echelon form."),
	)
	e := mustEdge(t, m["gauss"], "matrix", core.Applies, 0.6)
	if e.Description != `algorithm applies definition "Matrix"` {
		t.Errorf("description %q", e.Description)
	}
	// One edge per pair: the inferred use (0.6) outweighs the plain name
	// reference (requires 0.5), which is not kept beside it.
	if n := len(m["gauss"].Dependencies); n != 1 {
		t.Errorf("gauss has %d edges to matrix, want one: %+v", n, m["gauss"].Dependencies)
	}
}

func TestEnablesFixture(t *testing.T) {
	_, m := wire(t,
		cand("x", "Concept X", core.Axiom, 0, "An axiom."),
		cand("y", "Concept Y", core.Definition, 100, "Y builds on Concept X fundamentally."),
		cand("z", "Concept Z", core.Theorem, 200, "Z requires Concept X and references Concept Y."),
	)
	if en := m["x"].Enables; !slices.Contains(en, "y") || !slices.Contains(en, "z") {
		t.Errorf("X enables %q, want y and z", en)
	}
	if en := m["y"].Enables; !slices.Contains(en, "z") {
		t.Errorf("Y enables %q, want z", en)
	}
	mustEdge(t, m["y"], "x", core.Requires, 0.8)
	mustEdge(t, m["z"], "x", core.Requires, 0.8)
}

func TestEmptyAndSingle(t *testing.T) {
	res := Wire(nil, Options{})
	if len(res.Primitives) != 0 || res.EdgesAdded != 0 || res.EnablesAdded != 0 || res.PrerequisitesAdded != 0 {
		t.Fatalf("empty input gave %+v", res)
	}
	solo := cand("solo", "Solo", core.Axiom, 0, "Solo is alone and mentions Solo.")
	res = Wire([]core.Primitive{solo}, Options{})
	if len(res.Primitives) != 1 || !reflect.DeepEqual(res.Primitives[0], solo) || res.EdgesAdded != 0 {
		t.Fatalf("single candidate changed: %+v", res)
	}
}

// Regressions of the reference's wirer defects (§5.1 item 12).

func TestTinyNamesLinkNothing(t *testing.T) {
	for _, depth := range []core.Depth{core.Standard, core.Deep} {
		res := Wire([]core.Primitive{
			cand("a", "A", core.Definition, 0, "x"),
			cand("of", "Of", core.Definition, 10, "x"),
			cand("empty", "", core.Definition, 20, "x"),
			cand("the", "The", core.Definition, 30, "x"),
			cand("user", "Theorem", core.Axiom, 100, "A set of A of the things of all kinds, a theory of everything."),
		}, Options{Depth: depth})
		for _, p := range res.Primitives {
			if p.ID == "user" && len(p.Dependencies) != 0 {
				t.Errorf("%s: tiny names linked: %+v", depth, p.Dependencies)
			}
		}
	}
	// Two-letter names are followed only at deep depth.
	ps := []core.Primitive{
		cand("pi", "Pi", core.Definition, 0, "x"),
		cand("circle", "Circle", core.Axiom, 100, "The circumference uses Pi times the diameter."),
	}
	res := Wire(ps, Options{Depth: core.Standard})
	noEdge(t, res.Primitives[1], "pi")
	res = Wire(ps, Options{Depth: core.Deep})
	mustEdge(t, res.Primitives[1], "pi", core.Applies, 0.6)
}

func TestForwardReferenceAllowedWhenAcyclic(t *testing.T) {
	res, m := wire(t,
		cand("early", "Early Notion", core.Definition, 0, "Early notion, made precise later by the Late Theorem."),
		cand("late", "Late Theorem", core.Theorem, 100, "The late theorem states something."),
	)
	mustEdge(t, m["early"], "late", core.Requires, 0.5)
	if len(m["late"].Dependencies)+len(m["late"].Prerequisites) != 0 {
		t.Errorf("late got %+v %q", m["late"].Dependencies, m["late"].Prerequisites)
	}
	if res.Rejected != 0 {
		t.Errorf("rejected %d, want 0", res.Rejected)
	}
	if !slices.Equal(m["late"].Enables, []string{"early"}) {
		t.Errorf("late enables %q", m["late"].Enables)
	}
}

func TestMutualReferenceKeepsTheBackwardOne(t *testing.T) {
	_, m := wire(t,
		cand("p", "Prime Number", core.Definition, 0, "A prime number has no factor besides one and itself; see Prime Factorization."),
		cand("f", "Prime Factorization", core.Theorem, 100, "Every integer is a product of a Prime Number power sequence."),
	)
	mustEdge(t, m["f"], "p", core.Requires, 0.5)
	noEdge(t, m["p"], "f")
	if slices.Contains(m["p"].Prerequisites, "Prime Factorization") {
		t.Errorf("prerequisite of a refused edge: %q", m["p"].Prerequisites)
	}
}

func TestCausesIsNotUses(t *testing.T) {
	_, m := wire(t,
		cand("heat", "Heat Flow", core.Definition, 0, "x"),
		cand("burn", "Burn", core.Axiom, 100, "Friction causes Heat Flow in the material."),
	)
	mustEdge(t, m["burn"], "heat", core.Requires, 0.5)
	if _, ok := edge(m["burn"], "heat", core.Applies); ok {
		t.Fatal(`"causes" read as "uses"`)
	}
}

func TestKeywordInsideANameIsNoKeyword(t *testing.T) {
	_, m := wire(t,
		cand("am", "Applied Mathematics", core.Definition, 0, "x"),
		cand("calc", "Calculus", core.Definition, 10, "x"),
		cand("thing", "Thing", core.Axiom, 100, "Calculus within Applied Mathematics."),
	)
	mustEdge(t, m["thing"], "calc", core.Requires, 0.5)
	mustEdge(t, m["thing"], "am", core.Requires, 0.5)
}

func TestFarKeywordIsPlainReference(t *testing.T) {
	_, m := wire(t,
		cand("field", "Field", core.Definition, 0, "x"),
		cand("thing", "Thing", core.Axiom, 100,
			"This construction requires a careful choice of several auxiliary objects and many steps before one meets Field here."),
	)
	mustEdge(t, m["thing"], "field", core.Requires, 0.5)
}

func TestKeywordDoesNotCrossSentences(t *testing.T) {
	_, m := wire(t,
		cand("field", "Field", core.Definition, 0, "x"),
		cand("thing", "Thing", core.Axiom, 100, "It generalizes. Field is next."),
	)
	mustEdge(t, m["thing"], "field", core.Requires, 0.5)
}

func TestDuplicateNamesResolveToNearestPreceding(t *testing.T) {
	_, m := wire(t,
		cand("group-1", "Group", core.Definition, 0, "x"),
		cand("group-2", "Group", core.Definition, 100, "y"),
		cand("subgroup", "Subgroup", core.Axiom, 200, "A subgroup is a subset of a Group closed under the operation."),
		cand("group-3", "Group", core.Definition, 300, "z"),
	)
	mustEdge(t, m["subgroup"], "group-2", core.Requires, 0.5)
	noEdge(t, m["subgroup"], "group-1")
	noEdge(t, m["subgroup"], "group-3")
}

func TestDuplicateNamesPreferOwnDocumentThenFollowing(t *testing.T) {
	in := func(doc string, p core.Primitive) core.Primitive { p.Provenance.Document = doc; return p }
	_, m := wire(t,
		in("a.md", cand("ring-a", "Ring", core.Definition, 10, "x")),
		in("b.md", cand("ring-b", "Ring", core.Definition, 20, "x")),
		in("a.md", cand("ideal", "Ideal", core.Axiom, 50, "An ideal of a Ring absorbs products.")),
		in("c.md", cand("module", "Module", core.Axiom, 60, "A module over a Ring is like a vector space.")),
		in("d.md", cand("early", "Early", core.Axiom, 1, "Before any Ring appears.")),
		in("d.md", cand("ring-d", "Ring", core.Definition, 500, "x")),
	)
	mustEdge(t, m["ideal"], "ring-a", core.Requires, 0)  // own document, though ring-b is nearer
	mustEdge(t, m["module"], "ring-b", core.Requires, 0) // nearest preceding in any document
	mustEdge(t, m["early"], "ring-d", core.Requires, 0)  // nothing precedes: nearest following, own document first
}

func TestInputNotMutated(t *testing.T) {
	in := []core.Primitive{
		cand("late", "Late", core.Theorem, 100, "Late uses Early twice."),
		cand("early", "Early", core.Definition, 0, "Early stands first."),
	}
	in[0].Prerequisites = make([]string, 0, 8)
	in[0].Dependencies = make([]core.Edge, 0, 8)
	in[1].Enables = make([]string, 0, 8)
	in[0].CompositionRules = []core.CompositionRule{{With: "zzz", Conditions: []string{"c"}}}
	before := make([]core.Primitive, len(in))
	for i := range in {
		before[i] = clonePrimitive(&in[i])
	}
	res := Wire(in, Options{Depth: core.Standard})
	if res.EdgesAdded == 0 {
		t.Fatal("nothing wired")
	}
	res.Primitives[1].CompositionRules[0].Conditions[0] = "changed"
	if !reflect.DeepEqual(in, before) {
		t.Fatalf("input mutated:\n%+v\n%+v", in, before)
	}
	// Appending into spare capacity must not show through either.
	if got := in[0].Prerequisites[:cap(in[0].Prerequisites)][0]; got != "" {
		t.Fatalf("caller's backing array written: %q", got)
	}
}

func TestShallowAddsNothing(t *testing.T) {
	in := []core.Primitive{
		cand("b", "Beta", core.Definition, 100, "Beta requires Alpha."),
		cand("a", "Alpha", core.Definition, 0, "Alpha."),
	}
	res := Wire(in, Options{Depth: core.Shallow})
	if res.EdgesAdded+res.EnablesAdded+res.PrerequisitesAdded+res.Rejected != 0 || len(res.EdgesByType) != 0 {
		t.Fatalf("shallow counted %+v", res)
	}
	for _, p := range res.Primitives {
		if len(p.Dependencies)+len(p.Enables)+len(p.Prerequisites)+len(p.CompositionRules) != 0 {
			t.Fatalf("shallow wired %+v", p)
		}
	}
	if res.Primitives[0].ID != "a" {
		t.Errorf("not sorted by offset")
	}
}

func TestSortTies(t *testing.T) {
	in := func(doc string, p core.Primitive) core.Primitive { p.Provenance.Document = doc; return p }
	res := Wire([]core.Primitive{
		in("b.md", cand("z", "Zed", core.Definition, 5, "x")),
		in("a.md", cand("y", "Why", core.Definition, 5, "x")),
		in("a.md", cand("x", "Ex", core.Definition, 5, "x")),
		in("a.md", cand("w", "Wu", core.Definition, 0, "x")),
	}, Options{})
	var got []string
	for _, p := range res.Primitives {
		got = append(got, p.ID)
	}
	if want := []string{"w", "x", "y", "z"}; !slices.Equal(got, want) {
		t.Fatalf("order %q, want %q", got, want)
	}
}

// A statement names every term it holds, a term inside a longer one
// included: "binary search tree" names Binary Search Tree, Search Tree,
// Tree and Binary Search, and the definition of Minimum Spanning Tree
// names Spanning Tree. A longer name hiding the shorter ones would make
// the graph depend on learning order (TestNamesLinkAlikeWithinAndAcrossSessions).
func TestNamesInsideLongerNamesAreMentioned(t *testing.T) {
	_, m := wire(t,
		cand("tree", "Tree", core.Definition, 0, "x"),
		cand("search", "Binary Search", core.Algorithm, 5, "x"),
		cand("st", "Search Trees", core.Definition, 8, "x"),
		cand("bst", "Binary Search Tree", core.Definition, 10, "x"),
		cand("insert", "Insertion", core.Axiom, 100, "Every binary search tree takes insertions."),
		cand("span", "Spanning Tree", core.Definition, 110, "x"),
		cand("mst", "Minimum Spanning Tree", core.Definition, 120, "It is called a minimum spanning tree."),
	)
	for _, id := range []string{"bst", "st", "tree", "search"} {
		mustEdge(t, m["insert"], id, core.Requires, 0.5)
	}
	mustEdge(t, m["mst"], "span", core.Requires, 0.5)
	mustEdge(t, m["mst"], "tree", core.Requires, 0.5)
	if n := len(m["insert"].Dependencies); n != 4 {
		t.Errorf("insert has %d edges, want one per term: %+v", n, m["insert"].Dependencies)
	}
}

func TestCompositionRules(t *testing.T) {
	_, m := wire(t,
		cand("matrix", "Matrix", core.Definition, 0, "A rectangular array."),
		cand("pivot", "Pivot", core.Definition, 50, "The first nonzero entry of a row."),
		cand("det", "Determinant Theorem", core.Theorem, 60, "x"),
		cand("gauss", "Gaussian Elimination", core.Algorithm, 100,
			"Gaussian elimination takes a Matrix, then picks a Pivot in each row. It stops."),
		cand("cramer", "Cramer Method", core.Technique, 200,
			"Cramer's method uses the Determinant Theorem on a Matrix."),
	)
	g := m["gauss"]
	if len(g.CompositionRules) != 2 {
		t.Fatalf("gauss rules %+v", g.CompositionRules)
	}
	r := g.CompositionRules[0]
	want := core.CompositionRule{
		With: "matrix", Yields: "Gaussian Elimination", Type: core.Sequential,
		Conditions: []string{"Pivot"}, Example: "Gaussian elimination takes a Matrix, then picks a Pivot in each row",
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("rule %+v, want %+v", r, want)
	}
	if r := g.CompositionRules[1]; r.With != "pivot" || r.Type != core.Sequential || !slices.Equal(r.Conditions, []string{"Matrix"}) {
		t.Errorf("second rule %+v", r)
	}
	// Named against document order: parallel.
	c := m["cramer"]
	if len(c.CompositionRules) != 2 || c.CompositionRules[0].Type != core.Parallel {
		t.Errorf("cramer rules %+v", c.CompositionRules)
	}
	// Definitions compose nothing.
	if len(m["matrix"].CompositionRules) != 0 {
		t.Error("definition got composition rules")
	}
}

func TestCompositionNested(t *testing.T) {
	_, m := wire(t,
		cand("set", "Finite Set", core.Definition, 0, "x"),
		cand("perm", "Permutation", core.Definition, 10, "A bijection of a Finite Set onto itself."),
		cand("other", "Ordering", core.Definition, 20, "x"),
		cand("shuffle", "Shuffle", core.Algorithm, 100, "Shuffle draws a Permutation of the Finite Set by Ordering."),
	)
	rules := m["shuffle"].CompositionRules
	types := map[string]core.CompositionType{}
	for _, r := range rules {
		types[r.With] = r.Type
	}
	if types["perm"] != core.Nested || types["set"] != core.Nested || types["other"] != core.Parallel {
		t.Errorf("rule types %v", types)
	}
}

func TestExistingEdgesAreChecked(t *testing.T) {
	a := cand("a", "Alpha", core.Definition, 0, "x")
	b := cand("b", "Beta", core.Definition, 100, "x")
	a.Dependencies = []core.Edge{{Target: "b", Type: core.Requires, Strength: 1}, {Target: "elsewhere", Type: core.Requires}}
	b.Dependencies = []core.Edge{{Target: "a", Type: core.Requires, Strength: 1}}
	b.Enables = []string{"a", "outside"}
	res, m := wire(t, a, b)
	if _, ok := edge(m["a"], "elsewhere", core.Requires); !ok {
		t.Error("edge to an id outside the set dropped")
	}
	if res.Rejected == 0 {
		t.Error("cyclic input edges all accepted")
	}
	if !slices.Contains(m["b"].Enables, "outside") {
		t.Error("enables entry for an outside id dropped")
	}
}

func TestDuplicateIDsShareANode(t *testing.T) {
	in := func(doc string, p core.Primitive) core.Primitive { p.Provenance.Document = doc; return p }
	res, _ := wire(t,
		in("a.md", cand("dup", "Alpha", core.Definition, 0, "x")),
		in("a.md", cand("beta", "Beta", core.Definition, 10, "Beta rests on Alpha.")),
		in("b.md", cand("dup", "Alpha", core.Definition, 20, "Alpha is defined with Beta.")),
		in("b.md", cand("gamma", "Gamma", core.Definition, 30, "Gamma uses Alpha.")),
	)
	mustEdge(t, res.Primitives[1], "dup", core.Requires, 0)
	// The second copy's dup → beta would close dup → beta → dup across the
	// copies.
	if _, ok := edge(res.Primitives[2], "beta", core.Requires); ok {
		t.Error("cycle through a shared id accepted")
	}
	if !slices.Equal(res.Primitives[0].Enables, res.Primitives[2].Enables) || len(res.Primitives[0].Enables) == 0 {
		t.Errorf("copies of one id disagree on enables: %q vs %q", res.Primitives[0].Enables, res.Primitives[2].Enables)
	}
}

// checkInvariants verifies the DAG and index invariants independently of
// the wirer's own bookkeeping.
func checkInvariants(t testing.TB, ps []core.Primitive) {
	t.Helper()
	ids := map[string]bool{}
	for _, p := range ps {
		ids[p.ID] = true
	}
	adj := map[string][]string{}
	reverse := map[string]map[string]bool{}
	for _, p := range ps {
		seen := map[[2]string]bool{}
		targets := map[string]bool{}
		for _, e := range p.Dependencies {
			if !ids[e.Target] {
				continue
			}
			if e.Target == p.ID {
				t.Fatalf("self-edge on %s", p.ID)
			}
			// One edge per pair, whatever the types.
			k := [2]string{e.Target}
			if seen[k] {
				t.Fatalf("two edges from %s to %s: %+v", p.ID, e.Target, p.Dependencies)
			}
			seen[k] = true
			targets[e.Target] = true
			adj[p.ID] = append(adj[p.ID], e.Target)
			if reverse[e.Target] == nil {
				reverse[e.Target] = map[string]bool{}
			}
			reverse[e.Target][p.ID] = true
		}
		names := map[string]bool{}
		for _, q := range ps {
			if targets[q.ID] {
				names[q.Name] = true
			}
		}
		for _, n := range p.Prerequisites {
			if !names[n] {
				t.Fatalf("%s has prerequisite %q that is no dependency's name", p.ID, n)
			}
		}
	}
	for _, p := range ps {
		got := map[string]bool{}
		for _, id := range p.Enables {
			if !ids[id] {
				continue
			}
			if got[id] {
				t.Fatalf("%s enables %s twice", p.ID, id)
			}
			got[id] = true
		}
		want := reverse[p.ID]
		if len(want) == 0 {
			want = map[string]bool{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s enables %v, reverse of dependencies is %v", p.ID, got, want)
		}
	}
	// Independent cycle check: iterative three-colour DFS over ids.
	const white, grey, black = 0, 1, 2
	colour := map[string]int{}
	for id := range ids {
		if colour[id] != white {
			continue
		}
		type frame struct {
			id string
			i  int
		}
		stack := []frame{{id, 0}}
		colour[id] = grey
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.i == len(adj[f.id]) {
				colour[f.id] = black
				stack = stack[:len(stack)-1]
				continue
			}
			next := adj[f.id][f.i]
			f.i++
			switch colour[next] {
			case grey:
				t.Fatalf("cycle through %s → %s", f.id, next)
			case white:
				colour[next] = grey
				stack = append(stack, frame{next, 0})
			}
		}
	}
}

func TestScanKeysNamesByLightStems(t *testing.T) {
	sc := newScanner(nil, true)
	sc.scan("Vector spaces over fields")
	if got := strings.Join(sc.stems, " "); got != "vector spac field" {
		t.Errorf("stems %q", got)
	}
	sc.scan("Concept X and Lemma 2")
	if got := strings.Join(sc.stems, " "); got != "concept x lemma 2" {
		t.Errorf("single-rune words lost: %q", got)
	}
	// Inflections meet; derivations, which name other concepts, do not.
	same := [][2]string{
		{"space", "spaces"}, {"property", "properties"}, {"bound", "bounded"}, {"map", "mapping"},
		{"mapping", "mappings"}, {"converge", "converges"}, {"process", "processes"}, {"string", "strings"},
		{"order", "ordered"}, {"close", "closed"}, {"matrix", "matrixes"}, {"basis", "basis"},
		{"satisfy", "satisfied"}, {"satisfy", "satisfies"},
	}
	for _, p := range same {
		if a, b := lightStem(p[0]), lightStem(p[1]); a != b {
			t.Errorf("%q → %q but %q → %q", p[0], a, p[1], b)
		}
	}
	apart := [][2]string{
		{"enumerable", "enumeration"}, {"integral", "integrable"}, {"continuity", "continuous"},
		{"bound", "boundary"}, {"convergence", "converge"},
	}
	for _, p := range apart {
		if a, b := lightStem(p[0]), lightStem(p[1]); a == b {
			t.Errorf("%q and %q both → %q", p[0], p[1], a)
		}
	}
}

// A definition of "enumerable" is not what a statement about an
// enumeration rests on; a full stemmer made both "enumer".
func TestDerivedWordsDoNotMatchNames(t *testing.T) {
	_, m := wire(t,
		cand("enumerable", "Enumerable", core.Definition, 0, "A set is enumerable iff it has an enumeration."),
		cand("prop", "Shift Proposition", core.Theorem, 100, "If A has an enumeration, it has one without repetitions."),
		cand("cor", "Natural Corollary", core.Theorem, 200, "A set A is enumerable iff there is a surjection onto it."),
	)
	noEdge(t, m["prop"], "enumerable")
	mustEdge(t, m["cor"], "enumerable", core.Requires, 0.5)
}

// A one-word term another document defines in another field is a common
// word where it is mentioned: a frame's payload length does not require a
// linear-algebra book's Length. Within its own document, or its own
// domain, or named by several words, a term stays linked.
func TestOneWordTermOfAnotherFieldIsNotLinked(t *testing.T) {
	in := func(doc, domain string, p core.Primitive) core.Primitive {
		p.Provenance.Document, p.Domain = doc, domain
		return p
	}
	_, m := wire(t,
		in("algebra.tex", "structure", cand("length", "Length", core.Definition, 10, "The length of a vector is its norm.")),
		in("algebra.tex", "structure", cand("linear-map", "Linear Map", core.Definition, 20, "A map that keeps sums.")),
		in("algebra.tex", "foundations", cand("norm-bound", "Norm Bound", core.Theorem, 30, "The Length of a sum is at most the sum of lengths.")),
		in("rfc.txt", "protocols", cand("payload", "Payload Length", core.Definition, 40, "The length of the payload data in bytes.")),
		in("rfc.txt", "protocols", cand("frame", "Frame", core.Definition, 50, "A frame whose Length field is a Linear Map of nothing.")),
		in("notes.md", "structure", cand("unit", "Unit Vector", core.Definition, 60, "A vector of length one.")),
	)
	noEdge(t, m["payload"], "length")
	noEdge(t, m["frame"], "length")
	mustEdge(t, m["frame"], "linear-map", core.Requires, 0)  // a name of two words
	mustEdge(t, m["norm-bound"], "length", core.Requires, 0) // its own document, another domain
	mustEdge(t, m["unit"], "length", core.Requires, 0)       // another document, its own domain
}
