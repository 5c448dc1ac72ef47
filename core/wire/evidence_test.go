package wire

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

// ref is an explicit reference as extraction sets it.
func ref(target string, strength float64) core.Edge {
	return core.Edge{Target: target, Type: core.Requires, Strength: strength, Description: "Refers to " + target}
}

func withRefs(p core.Primitive, refs ...core.Edge) core.Primitive {
	p.Dependencies = append(p.Dependencies, refs...)
	return p
}

// A linear chapter whose results cite each other: every citation becomes an
// edge, none is added for mere adjacency, and the cited result's name joins
// the prerequisites.
func TestReferencesAreTheEdges(t *testing.T) {
	res, m := wire(t,
		cand("def", "Definition 1.1", core.Definition, 0, "A thing is a widget with a knob."),
		withRefs(cand("lem", "Lemma 1.2", core.Theorem, 100, "Every thing has a knob."), ref("def", 0.9)),
		cand("ex", "Proposition 1.3", core.Theorem, 200, "Knobs turn."),
		withRefs(cand("thm", "Theorem 1.4", core.Theorem, 300, "Things are widgets."), ref("lem", 0.9), ref("def", 0.9)),
	)
	mustEdge(t, m["lem"], "def", core.Requires, 0.9)
	mustEdge(t, m["thm"], "lem", core.Requires, 0.9)
	mustEdge(t, m["thm"], "def", core.Requires, 0.9)
	if len(m["ex"].Dependencies) != 0 {
		t.Errorf("uncited result got edges %+v", m["ex"].Dependencies)
	}
	if !slices.Equal(m["thm"].Prerequisites, []string{"Lemma 1.2", "Definition 1.1"}) {
		t.Errorf("prerequisites %q", m["thm"].Prerequisites)
	}
	if res.References != 3 || res.EdgesByType[core.Requires] != 3 || res.EdgesAdded != 0 {
		t.Errorf("references %d, by type %v, added %d", res.References, res.EdgesByType, res.EdgesAdded)
	}
	if !slices.Equal(m["def"].Enables, []string{"lem", "thm"}) {
		t.Errorf("def enables %q", m["def"].Enables)
	}
}

// An inferred edge never displaces an explicit reference: here the early
// definition cites the later theorem, and the theorem's statement names the
// definition; the name reference is the one refused.
func TestReferenceWinsOverNameMention(t *testing.T) {
	_, m := wire(t,
		withRefs(cand("ring", "Ring", core.Definition, 0, "A ring is a set with two operations; see the theorem below."), ref("thm", 0.9)),
		cand("thm", "Structure Theorem", core.Theorem, 100, "Every Ring is a product of simple pieces."),
	)
	mustEdge(t, m["ring"], "thm", core.Requires, 0.9)
	noEdge(t, m["thm"], "ring")
}

// When the references themselves form a cycle, the weakest goes, and of
// equally strong ones the forward reference (a result citing a later one).
func TestReferenceCycleDropsTheWeakestThenTheForward(t *testing.T) {
	t.Run("weaker backward reference loses", func(t *testing.T) {
		_, m := wire(t,
			withRefs(cand("a", "Alpha", core.Definition, 0, "x"), ref("b", 0.9)),
			withRefs(cand("b", "Beta", core.Theorem, 100, "y"), ref("a", 0.4)),
		)
		mustEdge(t, m["a"], "b", core.Requires, 0.9)
		noEdge(t, m["b"], "a")
	})
	t.Run("weaker forward reference loses", func(t *testing.T) {
		res, m := wire(t,
			withRefs(cand("a", "Alpha", core.Definition, 0, "x"), ref("b", 0.4)),
			withRefs(cand("b", "Beta", core.Theorem, 100, "y"), ref("a", 0.9)),
		)
		mustEdge(t, m["b"], "a", core.Requires, 0.9)
		noEdge(t, m["a"], "b")
		if slices.Contains(m["a"].Prerequisites, "Beta") {
			t.Errorf("prerequisite of a dropped reference: %q", m["a"].Prerequisites)
		}
		if res.Rejected != 1 || res.References != 1 {
			t.Errorf("rejected %d references %d", res.Rejected, res.References)
		}
	})
	t.Run("equal strength: the forward one loses", func(t *testing.T) {
		_, m := wire(t,
			withRefs(cand("a", "Alpha", core.Definition, 0, "x"), ref("c", 0.9)),
			withRefs(cand("b", "Beta", core.Theorem, 100, "y"), ref("a", 0.9)),
			withRefs(cand("c", "Gamma", core.Theorem, 200, "z"), ref("b", 0.9)),
		)
		mustEdge(t, m["b"], "a", core.Requires, 0.9)
		mustEdge(t, m["c"], "b", core.Requires, 0.9)
		noEdge(t, m["a"], "c")
	})
}

// Names link only to terms the source defines. "Defines" (a verb taken for
// a name), "Cache" (a requirement named after its actor) and "Must Not
// Store" (a requirement's wording) are no terms; "Field" is one because a
// definition here carries it, and a theorem's title of two words is one.
func TestCommonWordNamesAreNotLinked(t *testing.T) {
	_, m := wire(t,
		cand("defines", "Defines", core.Definition, 0, "x"),
		cand("cache", "Cache", core.Axiom, 10, "If a cache updates a stored response, the cache MUST:"),
		cand("mns", "Must Not Store", core.Axiom, 20, `"MUST NOT store" means the cache does not keep it.`),
		cand("example", "Example", core.Definition, 30, "x"),
		cand("field", "Field", core.Definition, 40, "A field is a set with two operations."),
		cand("tri", "Triangle Inequality", core.Theorem, 50, "|x+y| ≤ |x|+|y|."),
		cand("bolzano", "Bolzano", core.Theorem, 60, "Every bounded sequence has a convergent subsequence."),
		cand("user", "Ordered Field", core.Definition, 100,
			"This defines an ordered field: a Field where the cache of positives must not store negatives, "+
				"as in the example; by the Triangle Inequality and Bolzano it is well behaved."),
	)
	u := m["user"]
	for _, id := range []string{"defines", "cache", "mns", "example", "bolzano"} {
		noEdge(t, u, id)
	}
	mustEdge(t, u, "field", core.Requires, 0.5)
	mustEdge(t, u, "tri", core.Requires, 0.5)
	if len(m["field"].Enables)+len(m["defines"].Enables)+len(m["cache"].Enables) != 1 {
		t.Errorf("enables: field %q defines %q cache %q", m["field"].Enables, m["defines"].Enables, m["cache"].Enables)
	}
}

// A specification's requirements are named after their sentences: sibling
// rules sharing a verb phrase are not references to one another. A term
// the specification defines still is one.
func TestRequirementsAreNotNameTargets(t *testing.T) {
	spec := func(p core.Primitive) core.Primitive {
		p.Tags = []string{string(core.Spec), "protocols"}
		return p
	}
	_, m := wire(t,
		spec(cand("fail1", "Client fails the WebSocket Connection", core.Axiom, 0,
			"If the response lacks an Upgrade header field, the client MUST Fail the WebSocket Connection.")),
		spec(cand("token", "Access Token", core.Definition, 10, "An access token is a string representing an authorization.")),
		spec(cand("fail2", "Client fails the connection on a bad key", core.Axiom, 20,
			"If the accept key is wrong, the client fails the WebSocket Connection and MUST discard the access token.")),
	)
	noEdge(t, m["fail2"], "fail1")
	mustEdge(t, m["fail2"], "token", core.Requires, 0.5)
	if p := cand("x", "Axiom of Choice", core.Axiom, 0, "x"); Requirement(&p) {
		t.Error("a textbook's axiom is not a requirement")
	}
}

func TestLinkable(t *testing.T) {
	cases := []struct {
		name string
		typ  core.PrimitiveType
		want bool
	}{
		{"Field", core.Definition, true},
		{"Group", core.Definition, true},
		{"Ishae", core.Definition, true},
		{"Field", core.Theorem, false}, // one word: only a definition or an algorithm makes it a term
		{"Quicksort", core.Algorithm, true},
		{"Cache", core.Technique, false},
		{"Cache", core.Axiom, false},
		{"Defines", core.Definition, false},
		{"Suppose", core.Definition, false},
		{"Denoted", core.Definition, false},
		{"Satisfies", core.Definition, false},
		{"Satisfiability", core.Definition, true},
		{"Requirement", core.Definition, true},
		{"Example", core.Definition, false},
		{"The", core.Definition, false},
		{"Vector Space", core.Definition, true},
		{"Triangle Inequality", core.Theorem, true},
		{"Gaussian Elimination", core.Algorithm, true},
		{"Concept X", core.Axiom, true},
		{"Lemma 2", core.Theorem, false}, // a number: extraction resolves "by Lemma 2"
		{"Fundamental Theorem", core.Theorem, true},
		{"Defines X", core.Definition, false},
		{"Must Not Store", core.Axiom, false},
		{"Cache Should Update Stored Response", core.Technique, false},
		{"Access tokens are transmitted only over TLS", core.Axiom, false},
		{"", core.Definition, false},
		{"42", core.Definition, false},
	}
	for _, c := range cases {
		if got := Linkable(c.name, c.typ); got != c.want {
			t.Errorf("Linkable(%q, %s) = %v, want %v", c.name, c.typ, got, c.want)
		}
	}
}
