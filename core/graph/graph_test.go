package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func prim(id string, deps ...string) core.Primitive {
	p := core.Primitive{ID: id, Name: "Name of " + id, Type: core.Definition, Domain: "d"}
	for _, d := range deps {
		p.Dependencies = append(p.Dependencies, core.Edge{Target: d, Type: core.Requires, Strength: 0.5})
	}
	return p
}

// naiveReach is the definition, with maps: for each v, the nodes with a
// dependency path to v, minus v.
func naiveReach(prims []core.Primitive) map[string]int {
	present := map[string]bool{}
	for _, p := range prims {
		present[p.ID] = true
	}
	dependents := map[string][]string{}
	for _, p := range prims {
		for _, e := range p.Dependencies {
			if present[e.Target] {
				dependents[e.Target] = append(dependents[e.Target], p.ID)
			}
		}
	}
	out := map[string]int{}
	for id := range present {
		seen := map[string]bool{id: true}
		q := []string{id}
		for len(q) > 0 {
			u := q[0]
			q = q[1:]
			for _, d := range dependents[u] {
				if !seen[d] {
					seen[d] = true
					q = append(q, d)
				}
			}
		}
		out[id] = len(seen) - 1
	}
	return out
}

func TestReachSmall(t *testing.T) {
	// d → c → b → a, e → a, f → missing; g ↔ h cycle depending on a; i self loop.
	prims := []core.Primitive{
		prim("a"), prim("b", "a"), prim("c", "b"), prim("d", "c", "b"), prim("e", "a"),
		prim("f", "nowhere"), prim("g", "h", "a"), prim("h", "g"), prim("i", "i"),
	}
	want := map[string]int{"a": 6, "b": 2, "c": 1, "d": 0, "e": 0, "f": 0, "g": 1, "h": 1, "i": 0}
	got := Reach(prims)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Reach = %v, want %v", got, want)
	}
	x := newIndex(prims)
	bs := reachBitset(x)
	for i, id := range x.ids {
		if int(bs[i]) != want[id] {
			t.Errorf("bitset %s = %d, want %d", id, bs[i], want[id])
		}
	}
	if len(Reach(nil)) != 0 {
		t.Error("empty")
	}
}

func randomGraph(n, deg, window int, cycles bool, seed uint64) []core.Primitive {
	r := rand.New(rand.NewPCG(seed, 1))
	prims := make([]core.Primitive, n)
	for i := range prims {
		prims[i] = core.Primitive{ID: fmt.Sprintf("p%06d", i), Name: fmt.Sprintf("primitive %d", i), Type: core.PrimitiveTypes[i%6]}
		if i == 0 {
			continue
		}
		for k := 0; k < deg; k++ {
			lo := max(0, i-window)
			t := lo + r.IntN(i-lo)
			if cycles && r.IntN(10) == 0 {
				t = r.IntN(n) // may point forward: cycles
			}
			prims[i].Dependencies = append(prims[i].Dependencies, core.Edge{Target: fmt.Sprintf("p%06d", t), Type: core.Requires})
		}
		if r.IntN(7) == 0 {
			prims[i].Enables = make([]string, r.IntN(5))
		}
	}
	return prims
}

func TestReachAgreesWithDefinition(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		n := 1 + int(seed)*23
		prims := randomGraph(n, 1+int(seed%4), 1+int(seed*7)%n, seed%2 == 0, seed)
		if seed%5 == 0 && n > 3 {
			prims = append(prims, prim(prims[1].ID, prims[2].ID)) // duplicate id adds its edges
		}
		want := naiveReach(prims)
		x := newIndex(prims)
		roff, radj := x.reverse()
		bfs, ok := reachBFS(roff, radj, math.MaxInt)
		if !ok {
			t.Fatal("unbounded BFS gave up")
		}
		bs := reachBitset(x)
		for i, id := range x.ids {
			if int(bfs[i]) != want[id] || int(bs[i]) != want[id] {
				t.Fatalf("seed %d %s: bfs %d bitset %d want %d", seed, id, bfs[i], bs[i], want[id])
			}
		}
		if got := Reach(prims); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d: Reach differs", seed)
		}
	}
}

// TestReachLarge checks the bit-parallel path on a graph too deep for the
// per-node walk; its speed is measured by BenchmarkReach.
func TestReachLarge(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	prims := randomGraph(100_000, 3, 100_000, false, 1)
	r := Reach(prims)
	if r["p000000"] < 90_000 {
		t.Errorf("root reach %d", r["p000000"])
	}
}

func TestRank(t *testing.T) {
	prims := []core.Primitive{prim("a"), prim("b", "a"), prim("c", "b"), prim("z", "a"), prim("y")}
	// The reference's proxy (enables + composition rules) counts for
	// nothing: y "enables" two ids that are not there, z takes part in a
	// rule.
	prims[0].Enables = []string{"b"}
	prims[4].Enables = []string{"1", "2"}
	prims[3].CompositionRules = []core.CompositionRule{{With: "a"}}
	got, err := Rank(prims, ByImportance, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := func(rs []Ranked) string {
		var s []string
		for _, r := range rs {
			s = append(s, fmt.Sprintf("%s:%d/%d", r.ID, r.Importance, r.Reach))
		}
		return strings.Join(s, " ")
	}
	// a rests under b, c and z; b under c; the leaves keep their prior and
	// tie, by id.
	if s := ids(got); s != "a:157/3 b:110/1 c:77/0 y:77/0 z:77/0" {
		t.Errorf("by importance: %s", s)
	}
	got, _ = Rank(prims, " Reach ", 2)
	if s := ids(got); s != "a:157/3 b:110/1" {
		t.Errorf("by reach top 2: %s", s)
	}
	_, err = Rank(prims, "pagerank", 0)
	var ue *core.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `"pagerank"`) || !strings.Contains(err.Error(), "importance") || !strings.Contains(err.Error(), "reach") {
		t.Errorf("bad by: %v", err)
	}
	if rs, err := Rank(nil, ByReach, 5); err != nil || len(rs) != 0 {
		t.Errorf("empty: %v %v", rs, err)
	}
	b, _ := json.Marshal(got[0])
	if string(b) != `{"id":"a","name":"Name of a","type":"definition","domain":"d","importance":157,"reach":3}` {
		t.Errorf("json %s", b)
	}
}

// ParseOrder takes a ranking as typed on the command line; Rank gives the
// same answer for an Order that did not come through it.
func TestParseOrder(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Order
	}{{"importance", ByImportance}, {" Reach ", ByReach}, {"REACH", ByReach}} {
		if got, err := ParseOrder(c.in); err != nil || got != c.want {
			t.Errorf("%q: %q %v, want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "pagerank", "importance reach"} {
		_, err := ParseOrder(in)
		var ue *core.UsageError
		if !errors.As(err, &ue) {
			t.Errorf("%q: %v, want a usage error", in, err)
		}
		if _, rerr := Rank(nil, Order(in), 0); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("%q: Rank says %v, ParseOrder %v", in, rerr, err)
		}
	}
}

// tricky has names with every character the exporters must escape.
func tricky() []core.Primitive {
	a := prim("b-vec", "a-set", "ghost")
	a.Name = `Vector "space" \ over` + "\nfield <F> `x`"
	s := prim("a-set")
	s.Name = ""
	s.Type = core.Axiom
	c := prim("b_vec", "b-vec", "b-vec")
	c.Name = "Tab\there|pipe"
	c.Dependencies[1].Type = core.Generalizes
	c.Dependencies[1].Strength = math.NaN()
	return []core.Primitive{a, s, c}
}

func TestDOT(t *testing.T) {
	var b bytes.Buffer
	if err := DOT(&b, tricky()); err != nil {
		t.Fatal(err)
	}
	want := `digraph lore {
  rankdir=LR;
  node [shape=box];
  "a-set" [label="a-set\n(axiom)"];
  "b-vec" [label="Vector \"space\" \\ over\nfield <F> ` + "`x`" + `\n(definition)"];
  "b_vec" [label="Tab	here|pipe\n(definition)"];
  "b-vec" -> "a-set" [label="requires"];
  "b_vec" -> "b-vec" [label="generalizes"];
  "b_vec" -> "b-vec" [label="requires"];
}
`
	want = strings.Replace(want, "Tab\there", "Tabhere", 1) // tabs are control characters: dropped
	if b.String() != want {
		t.Errorf("DOT:\n%s\nwant:\n%s", b.String(), want)
	}
	checkDOT(t, b.String(), 3)
}

// checkDOT checks the structure: one digraph block, balanced braces and
// quotes, one node line per primitive.
func checkDOT(t *testing.T, s string, nodes int) {
	t.Helper()
	depth, inQuote, esc := 0, false, false
	for _, r := range s {
		switch {
		case esc:
			esc = false
		case inQuote && r == '\\':
			esc = true
		case r == '"':
			inQuote = !inQuote
		case !inQuote && r == '{':
			depth++
		case !inQuote && r == '}':
			depth--
			if depth < 0 {
				t.Fatal("unbalanced }")
			}
		case inQuote && r == '\n':
			t.Fatal("raw newline inside a quoted string")
		}
	}
	if depth != 0 || inQuote {
		t.Fatalf("unbalanced: depth %d inQuote %v", depth, inQuote)
	}
	n := 0
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, `  "`) && !strings.Contains(line, " -> ") {
			n++
		}
	}
	if n != nodes {
		t.Errorf("%d node lines, want %d", n, nodes)
	}
}

func TestMermaid(t *testing.T) {
	var b bytes.Buffer
	if err := Mermaid(&b, tricky()); err != nil {
		t.Fatal(err)
	}
	want := `flowchart LR
  p_a_set["a-set (axiom)"]
  p_b_vec["Vector #quot;space#quot; \ over field #lt;F#gt; #96;x#96; (definition)"]
  p_b_vec_2["Tab here|pipe (definition)"]
  p_b_vec -->|"requires"| p_a_set
  p_b_vec_2 -->|"generalizes"| p_b_vec
  p_b_vec_2 -->|"requires"| p_b_vec
`
	if b.String() != want {
		t.Errorf("Mermaid:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, tricky()); err != nil {
		t.Fatal(err)
	}
	var g JSONGraph
	if err := json.Unmarshal(b.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != 3 || g.Nodes[0].ID != "a-set" || g.Nodes[1].Name != tricky()[0].Name {
		t.Errorf("nodes %+v", g.Nodes)
	}
	if len(g.Edges) != 3 || g.Edges[1] != (JSONEdge{From: "b_vec", To: "b-vec", Type: core.Generalizes, Strength: 0}) {
		t.Errorf("edges %+v", g.Edges)
	}
	b.Reset()
	JSON(&b, nil)
	if strings.Join(strings.Fields(b.String()), "") != `{"nodes":[],"edges":[]}` {
		t.Errorf("empty: %s", b.String())
	}
}

func TestChain(t *testing.T) {
	// top → left, right; left → base; right → base (diamond); base → top (cycle); right → ghost.
	prims := []core.Primitive{prim("top", "left", "right"), prim("left", "base"), prim("right", "base", "ghost"), prim("base", "top")}
	look := SliceLookup(prims)
	var dump func(n *Node, ind string) string
	dump = func(n *Node, ind string) string {
		s := ind + n.ID
		if n.EdgeType != "" {
			s += " (" + string(n.EdgeType) + ")"
		}
		for _, f := range []struct {
			b bool
			s string
		}{{n.Missing, " missing"}, {n.Repeated, " repeated"}, {n.Truncated, " truncated"}} {
			if f.b {
				s += f.s
			}
		}
		s += "\n"
		for _, c := range n.Children {
			s += dump(c, ind+"  ")
		}
		return s
	}
	got := dump(Chain(look, "top", 5), "")
	want := `top
  left (requires)
    base (requires)
      top (requires) repeated
  right (requires)
    base (requires) repeated
    ghost (requires) missing
`
	if got != want {
		t.Errorf("chain:\n%s\nwant:\n%s", got, want)
	}
	got = dump(Chain(look, "top", 1), "")
	want = "top\n  left (requires) truncated\n  right (requires) truncated\n"
	if got != want {
		t.Errorf("depth 1:\n%s\nwant:\n%s", got, want)
	}
	if Chain(look, "nope", 3) != nil || Chain(nil, "top", 3) != nil {
		t.Error("unknown root should be nil")
	}
	// A long diamond ladder stays linear in size.
	var ladder []core.Primitive
	for i := 0; i < 60; i++ {
		ladder = append(ladder, prim(fmt.Sprintf("l%d", i), fmt.Sprintf("l%d", i+1), fmt.Sprintf("r%d", i+1)),
			prim(fmt.Sprintf("r%d", i), fmt.Sprintf("l%d", i+1), fmt.Sprintf("r%d", i+1)))
	}
	var count func(n *Node) int
	count = func(n *Node) int {
		c := 1
		for _, ch := range n.Children {
			c += count(ch)
		}
		return c
	}
	if c := count(Chain(SliceLookup(ladder), "l0", 1000)); c > 4*60+3 {
		t.Errorf("ladder tree has %d nodes", c)
	}
}

func benchPrims(b *testing.B, window int) []core.Primitive {
	b.Helper()
	return randomGraph(100_000, 3, window, false, 42)
}

// BenchmarkReach100kDeep: every primitive may depend on any earlier one,
// so reaches are tens of thousands (the bit-parallel path).
func BenchmarkReach100kDeep(b *testing.B) {
	prims := benchPrims(b, 100_000)
	b.ResetTimer()
	for b.Loop() {
		Reach(prims)
	}
}

// BenchmarkReach100kLocal: dependencies within the previous 50 primitives
// (chapter-like locality), still long chains.
func BenchmarkReach100kLocal(b *testing.B) {
	prims := benchPrims(b, 50)
	b.ResetTimer()
	for b.Loop() {
		Reach(prims)
	}
}

// BenchmarkReach100kShallow: a forest of small trees (BFS path).
func BenchmarkReach100kShallow(b *testing.B) {
	prims := make([]core.Primitive, 100_000)
	for i := range prims {
		prims[i] = core.Primitive{ID: fmt.Sprintf("p%06d", i)}
		if i%20 != 0 {
			for k := 1; k <= 3; k++ {
				base := i - i%20
				t := base + (i*k)%(i%20)
				prims[i].Dependencies = append(prims[i].Dependencies, core.Edge{Target: fmt.Sprintf("p%06d", t)})
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		Reach(prims)
	}
}

func BenchmarkRank100kImportance(b *testing.B) {
	prims := benchPrims(b, 100_000)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Rank(prims, ByImportance, 10); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRank100kReach(b *testing.B) {
	prims := benchPrims(b, 100_000)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Rank(prims, ByReach, 10); err != nil {
			b.Fatal(err)
		}
	}
}

func TestHostileNoPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	junk := func() string {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	}
	var prims []core.Primitive
	for i := 0; i < 200; i++ {
		p := core.Primitive{ID: junk(), Name: junk(), Type: core.PrimitiveType(junk())}
		for k := 0; k < 3; k++ {
			tgt := junk()
			if len(prims) > 0 && k == 0 {
				tgt = prims[r.IntN(len(prims))].ID
			}
			p.Dependencies = append(p.Dependencies, core.Edge{Target: tgt, Type: core.EdgeType(junk()), Strength: math.Inf(1)})
		}
		prims = append(prims, p)
	}
	var b bytes.Buffer
	if err := DOT(&b, prims); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, p := range prims {
		ids[p.ID] = true
	}
	checkDOT(t, b.String(), len(ids))
	b.Reset()
	if err := Mermaid(&b, prims); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n")[1:] {
		id := strings.Fields(line)[0]
		if i := strings.IndexByte(id, '['); i >= 0 {
			id = id[:i]
		}
		for _, c := range id {
			if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Fatalf("bad mermaid id in %q", line)
			}
		}
	}
	b.Reset()
	if err := JSON(&b, prims); err != nil {
		t.Fatal(err)
	}
	if _, err := Rank(prims, "reach", 3); err != nil {
		t.Fatal(err)
	}
	Chain(SliceLookup(prims), prims[len(prims)-1].ID, 1<<30)
}
