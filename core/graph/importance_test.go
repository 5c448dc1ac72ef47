package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

func node(id string, typ core.PrimitiveType, deps ...core.Edge) core.Primitive {
	return core.Primitive{ID: id, Name: id, Type: typ, Dependencies: deps}
}

func on(target string, strength float64) core.Edge {
	return core.Edge{Target: target, Type: core.Requires, Strength: strength}
}

func rankedIDs(t *testing.T, prims []core.Primitive, by Order) []string {
	t.Helper()
	rs, err := Rank(prims, by, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids
}

// A chapter on groups, wired as the source cites itself: the definition
// everything rests on ranks first and the main theorem, from which the
// corollaries are proved, near the top — above a junk primitive that many
// exercises-like techniques mention weakly. The reference's measure
// (enables + composition rules) put the junk first: it is mentioned most.
func TestCentralDefinitionRanksFirst(t *testing.T) {
	ex := func(i int) core.Primitive {
		return node(fmt.Sprintf("exercise-%d", i), core.Technique, core.Edge{Target: "defines", Type: core.Motivates, Strength: 0.3})
	}
	prims := []core.Primitive{
		node("group", core.Definition),
		node("defines", core.Definition),
		node("subgroup", core.Definition, on("group", 0.9)),
		node("order", core.Definition, on("group", 0.5)),
		node("coset", core.Definition, on("subgroup", 0.9), on("group", 0.5)),
		node("coset-lemma", core.Theorem, on("coset", 0.9), on("subgroup", 0.5)),
		node("lagrange", core.Theorem, on("coset-lemma", 0.9), on("order", 0.9), on("subgroup", 0.5)),
		node("corollary-1", core.Theorem, on("lagrange", 0.9)),
		node("corollary-2", core.Theorem, on("lagrange", 0.9), on("order", 0.5)),
		node("fermat", core.Theorem, on("corollary-1", 0.9)),
		ex(1), ex(2), ex(3), ex(4), ex(5), ex(6),
	}
	got := rankedIDs(t, prims, ByImportance)
	if got[0] != "group" {
		t.Errorf("first is %s, want group: %q", got[0], got)
	}
	if i := slices.Index(got, "lagrange"); i > 4 {
		t.Errorf("main theorem ranked %d: %q", i+1, got)
	}
	if i := slices.Index(got, "defines"); i < 6 {
		t.Errorf("junk hub ranked %d: %q", i+1, got)
	}
	// The old measure, for the record: the junk hub had the most enables.
	enables := map[string]int{}
	for _, p := range prims {
		for _, e := range p.Dependencies {
			enables[e.Target]++
		}
	}
	if enables["defines"] <= enables["group"] {
		t.Fatal("fixture no longer shows the old measure's failure")
	}
}

// Transitive support counts: a definition under a lemma that many results
// use outranks one that two results use directly.
func TestImportanceIsTransitive(t *testing.T) {
	prims := []core.Primitive{
		node("deep", core.Definition),
		node("shallow", core.Definition),
		node("lemma", core.Theorem, on("deep", 0.9)),
		node("a", core.Theorem, on("shallow", 0.9)),
		node("b", core.Theorem, on("shallow", 0.9)),
	}
	for i := range 6 {
		prims = append(prims, node(fmt.Sprintf("t%d", i), core.Theorem, on("lemma", 0.9)))
	}
	imp := Importance(prims)
	if imp["deep"] <= imp["shallow"] {
		t.Errorf("deep %d, shallow %d", imp["deep"], imp["shallow"])
	}
	if imp["lemma"] <= imp["shallow"] {
		t.Errorf("lemma %d, shallow %d", imp["lemma"], imp["shallow"])
	}
}

// Strength is evidence: three explicit references outweigh three weak
// motivating edges (the old document-order chain in stored data).
func TestImportanceWeighsStrength(t *testing.T) {
	prims := []core.Primitive{node("cited", core.Theorem), node("adjacent", core.Theorem)}
	for i := range 3 {
		prims = append(prims,
			node(fmt.Sprintf("c%d", i), core.Theorem, on("cited", 0.9)),
			node(fmt.Sprintf("m%d", i), core.Theorem, core.Edge{Target: "adjacent", Type: core.Motivates, Strength: 0.3}))
	}
	imp := Importance(prims)
	if imp["cited"] <= imp["adjacent"] {
		t.Errorf("cited %d, adjacent %d", imp["cited"], imp["adjacent"])
	}
}

// Without edges the type decides: an RFC's MUSTs (axioms) before its
// SHOULDs (techniques); equal priors tie and go by type, then id.
func TestImportanceWithoutEdgesFollowsType(t *testing.T) {
	prims := []core.Primitive{
		node("should", core.Technique), node("must", core.Axiom), node("thm", core.Theorem),
		node("def", core.Definition), node("alg", core.Algorithm), node("id", core.Identity),
	}
	got := rankedIDs(t, prims, ByImportance)
	if want := []string{"def", "thm", "alg", "must", "id", "should"}; !slices.Equal(got, want) {
		t.Errorf("order %q, want %q", got, want)
	}
	imp := Importance(prims)
	sum := 0
	for _, v := range imp {
		sum += v
	}
	if sum < 599 || sum > 601 {
		t.Errorf("importances sum to %d, want 100 per primitive", sum)
	}
}

// Where there are no edges, a requirement about the source's recurring
// subject outranks one on a side topic, and a lead-in made of one common
// word does not win by being short.
func TestTopicalityOrdersUnconnected(t *testing.T) {
	kw := func(p core.Primitive, ks ...string) core.Primitive { p.Keywords = ks; return p }
	prims := []core.Primitive{
		kw(node("warning", core.Axiom), "warn-code", "warning", "deleted"),
		kw(node("lead-in", core.Axiom), "cache"),
		kw(node("store", core.Axiom), "cache", "stored", "responses", "request", "freshness"),
		kw(node("reuse", core.Axiom), "caches", "stored", "response", "request"),
		kw(node("age", core.Axiom), "cache", "age", "header", "response"),
		kw(node("vary", core.Axiom), "cache", "vary", "header", "fields", "requests"),
		kw(node("should", core.Technique), "cache", "stored", "response", "request", "freshness"),
	}
	got := rankedIDs(t, prims, ByImportance)
	if got[0] != "store" || got[len(got)-1] == "store" {
		t.Errorf("order %q", got)
	}
	if slices.Index(got, "lead-in") < slices.Index(got, "age") || slices.Index(got, "warning") < slices.Index(got, "vary") {
		t.Errorf("side topic or lead-in above a rule on the subject: %q", got)
	}
	if slices.Index(got, "should") < slices.Index(got, "reuse") {
		t.Errorf("a SHOULD above a MUST of the same subject: %q", got)
	}
}

// A spec's grammar builds every rule from a few terminals: PageRank over
// the rules alone crowns CHAR and token. The concepts the requirements are
// about — here a header field four requirements are about — rank above
// them.
func TestGrammarTerminalsBelowConcepts(t *testing.T) {
	rule := func(id string, deps ...string) core.Primitive {
		p := node(id, core.Definition)
		p.Tags = []string{core.TagGrammar}
		for _, d := range deps {
			p.Dependencies = append(p.Dependencies, on(d, 0.5))
		}
		return p
	}
	prims := []core.Primitive{
		rule("char"), rule("separator", "char"), rule("token", "char", "separator"),
		rule("value", "token"), rule("attr", "token"), rule("av-pair", "attr", "value"),
		rule("cookie-version", "value"), rule("set-cookie", "av-pair", "token"), rule("cookie", "av-pair", "cookie-version"),
		node("set-cookie2", core.Definition, on("set-cookie", 0.5)),
		node("must-1", core.Axiom, on("set-cookie2", 0.8)), node("must-2", core.Axiom, on("set-cookie2", 0.8)),
		node("must-3", core.Axiom, on("set-cookie2", 0.8)), node("must-4", core.Axiom, on("set-cookie2", 0.8), on("value", 0.5)),
	}
	got := rankedIDs(t, prims, ByImportance)
	if got[0] != "set-cookie2" {
		t.Errorf("first is %s, want the header field: %q", got[0], got)
	}
	for _, terminal := range []string{"char", "token", "separator"} {
		if slices.Index(got, terminal) < 3 {
			t.Errorf("terminal %s ranked %d: %q", terminal, slices.Index(got, terminal)+1, got)
		}
	}
}

// A concept an upper heading names outranks a term of its text that as
// many requirements are about: its author made it a chapter.
func TestHeadingConceptsFirst(t *testing.T) {
	h := node("integer", core.Definition)
	h.Tags = []string{core.TagOwn}
	prims := []core.Primitive{
		node("whitespace", core.Definition), h,
		node("must-1", core.Axiom, on("whitespace", 0.8)), node("must-2", core.Axiom, on("integer", 0.8)),
	}
	if got := rankedIDs(t, prims, ByImportance); got[0] != "integer" {
		t.Errorf("order %q, want the heading's concept first", got)
	}
}

// A term a spec borrows from another document takes little of the weight
// of the requirements that say it: the spec's own concept, named by fewer
// of them, ranks above it.
func TestBorrowedTermsBelowOwn(t *testing.T) {
	msg := node("message", core.Definition)
	msg.Tags = []string{core.TagBorrowed}
	prims := []core.Primitive{msg, node("preview", core.Definition)}
	for i := range 6 {
		prims = append(prims, node(fmt.Sprintf("must-%d", i), core.Axiom, on("message", 0.5)))
	}
	prims = append(prims, node("must-p1", core.Axiom, on("preview", 0.5)), node("must-p2", core.Axiom, on("preview", 0.5)))
	if got := rankedIDs(t, prims, ByImportance); got[0] != "preview" {
		t.Errorf("order %q, want the spec's own concept first", got)
	}
}

// naiveImportance is the definition, with maps and a fixed, large number
// of steps.
func naiveImportance(prims []core.Primitive) map[string]float64 {
	first := map[string]core.PrimitiveType{}
	rule, heading, borrowed := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var ids []string
	for _, p := range prims {
		if _, ok := first[p.ID]; !ok {
			first[p.ID] = p.Type
			rule[p.ID] = slices.Contains(p.Tags, core.TagGrammar)
			heading[p.ID] = slices.Contains(p.Tags, core.TagOwn)
			borrowed[p.ID] = slices.Contains(p.Tags, core.TagBorrowed)
			ids = append(ids, p.ID)
		}
	}
	out := map[string]map[string]float64{}
	for _, p := range prims {
		for _, e := range p.Dependencies {
			if _, ok := first[e.Target]; !ok || e.Target == p.ID {
				continue
			}
			if out[p.ID] == nil {
				out[p.ID] = map[string]float64{}
			}
			s := e.Strength
			if math.IsNaN(s) || s < 0.1 {
				s = 0.1
			}
			s = min(s, 1)
			if rule[p.ID] && rule[e.Target] {
				s *= 0.2 // two rules of one grammar
			}
			if borrowed[e.Target] {
				s *= 0.2 // another document's term
			}
			out[p.ID][e.Target] += s
		}
	}
	kws := map[string][]string{}
	for _, p := range prims {
		if _, ok := kws[p.ID]; !ok {
			kws[p.ID] = slices.Compact(slices.Sorted(slices.Values(p.Keywords)))
		}
	}
	df := map[string]int{}
	for _, ks := range kws {
		for _, k := range ks {
			df[k]++
		}
	}
	topic, best := map[string]float64{}, 0.0
	for id, ks := range kws {
		for _, k := range ks {
			topic[id] += float64(df[k] - 1)
		}
		best = max(best, topic[id])
	}
	prior := map[string]float64{}
	total := 0.0
	for _, id := range ids {
		prior[id] = typePrior(first[id])
		if best > 0 {
			prior[id] *= 1 + topic[id]/best
		}
		if rule[id] {
			prior[id] *= 0.5
		}
		if heading[id] {
			prior[id] *= 3
		}
		total += prior[id]
	}
	r := map[string]float64{}
	for _, id := range ids {
		prior[id] /= total
		r[id] = prior[id]
	}
	for range 400 {
		next := map[string]float64{}
		spread := 0.15
		for _, u := range ids {
			sum := 0.0
			for _, w := range out[u] {
				sum += w
			}
			scale := 1.0
			if sum > 1 {
				scale = 1 / sum
			}
			given := 0.0
			for v, w := range out[u] {
				next[v] += 0.85 * r[u] * w * scale
				given += 0.85 * r[u] * w * scale
			}
			spread += 0.85*r[u] - given
		}
		for _, id := range ids {
			next[id] += spread * prior[id]
		}
		r = next
	}
	return r
}

func TestImportanceAgreesWithDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	types := core.PrimitiveTypes
	for round := range 200 {
		n := 1 + r.IntN(40)
		prims := make([]core.Primitive, n)
		for i := range prims {
			prims[i] = node(fmt.Sprintf("p%d", r.IntN(n+n/4+1)), types[r.IntN(len(types))])
			switch r.IntN(6) {
			case 0:
				prims[i].Tags = []string{core.TagGrammar}
			case 1:
				prims[i].Tags = []string{core.TagOwn}
			case 2:
				prims[i].Tags = []string{core.TagBorrowed}
			}
			for k := r.IntN(4); k > 0; k-- {
				prims[i].Keywords = append(prims[i].Keywords, []string{"cache", "response", "store", "warn", "field"}[r.IntN(5)])
			}
			for k := r.IntN(5); k > 0; k-- {
				s := []float64{0.9, 0.5, 0.3, 0.8, 0, math.NaN(), 2}[r.IntN(7)]
				prims[i].Dependencies = append(prims[i].Dependencies, on(fmt.Sprintf("p%d", r.IntN(n+2)), s))
			}
		}
		want := naiveImportance(prims)
		got := Importance(prims)
		if len(got) != len(want) {
			t.Fatalf("round %d: %d scores, want %d", round, len(got), len(want))
		}
		for id, w := range want {
			if d := float64(got[id]) - w*float64(len(want))*100; d > 1 || d < -1 {
				t.Fatalf("round %d: %s importance %d, definition gives %.2f", round, id, got[id], w*float64(len(want))*100)
			}
		}
	}
}

func BenchmarkImportance100k(b *testing.B) {
	prims := benchPrims(b, 50)
	for i := range prims {
		for k := range prims[i].Dependencies {
			prims[i].Dependencies[k].Strength = []float64{0.9, 0.5, 0.8}[(i+k)%3]
		}
	}
	b.ResetTimer()
	for b.Loop() {
		Importance(prims)
	}
}
