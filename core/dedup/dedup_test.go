package dedup

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

func prim(id string, re, im float64, kws ...string) core.Primitive {
	return core.Primitive{ID: id, Plane: core.PlanePosition{Real: re, Imaginary: im}, Keywords: kws}
}

func ids(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// The reference's prefilter acceptance rows (§4.2).
func TestPrefilterReferenceRows(t *testing.T) {
	cfg := DefaultConfig()
	if cfg != (Config{MaxDistance: 0.2, MinSharedKeywords: 2, MaxCompared: DefaultMaxCompared}) {
		t.Fatalf("DefaultConfig = %+v", cfg)
	}
	cand := prim("cand", 0.55, 0.35, "Vector", "space", "basis")

	t.Run("near with two shared keywords is flagged", func(t *testing.T) {
		got := Prefilter(&cand, []core.Primitive{prim("e", 0.5, 0.3, "vector", " SPACE ", "field")}, cfg)
		if len(got) != 1 || !reflect.DeepEqual(got[0].SharedKeywords, []string{"vector", "space"}) {
			t.Fatalf("got %+v", got)
		}
		if math.Abs(got[0].Distance-math.Hypot(0.05, 0.05)) > 1e-12 || got[0].SameContent {
			t.Fatalf("match %+v", got[0])
		}
	})
	t.Run("far is not flagged", func(t *testing.T) {
		far := prim("c2", -0.5, -0.3, "vector", "space")
		if got := Prefilter(&far, []core.Primitive{prim("e", 0.5, 0.3, "vector", "space")}, cfg); len(got) != 0 {
			t.Fatalf("got %+v", got)
		}
	})
	t.Run("one shared keyword is not flagged", func(t *testing.T) {
		if got := Prefilter(&cand, []core.Primitive{prim("e", 0.5, 0.3, "vector", "field")}, cfg); len(got) != 0 {
			t.Fatalf("got %+v", got)
		}
	})
	t.Run("closest first", func(t *testing.T) {
		c := prim("c", 0.51, 0.31, "vector", "space")
		near := []core.Primitive{prim("existing-a", 0.5, 0.3, "vector", "space"), prim("existing-b", 0.515, 0.315, "vector", "space")}
		if got := ids(Prefilter(&c, near, cfg)); !reflect.DeepEqual(got, []string{"existing-b", "existing-a"}) {
			t.Fatalf("order %v", got)
		}
	})
	t.Run("config 0.5/3", func(t *testing.T) {
		c := prim("c", 0, 0, "alpha", "beta", "gamma", "delta")
		near := []core.Primitive{prim("three", 0.4, 0, "alpha", "beta", "gamma"), prim("two", 0.1, 0, "alpha", "beta")}
		if got := ids(Prefilter(&c, near, Config{MaxDistance: 0.5, MinSharedKeywords: 3})); !reflect.DeepEqual(got, []string{"three"}) {
			t.Fatalf("got %v", got)
		}
	})
}

func TestPrefilterContentHashPassesAndRanksFirst(t *testing.T) {
	h := text.ContentHash("a*1 = a")
	cand := prim("c", 0, 0, "ident")
	cand.Provenance.ContentHash = h
	same := prim("same", 0.9, -0.9) // far, no keywords
	same.Provenance.ContentHash = h
	near := []core.Primitive{prim("kw", 0, 0, "ident", "unit"), same, prim("kw2", 0.01, 0, "ident", "unit")}
	cand.Keywords = []string{"ident", "unit"}
	got := Prefilter(&cand, near, DefaultConfig())
	if !reflect.DeepEqual(ids(got), []string{"same", "kw", "kw2"}) || !got[0].SameContent {
		t.Fatalf("got %v", got)
	}
	// An empty hash never matches an empty hash.
	cand.Provenance.ContentHash = ""
	far := prim("far", 0.9, 0.9)
	if got := Prefilter(&cand, []core.Primitive{far}, DefaultConfig()); len(got) != 0 {
		t.Fatalf("empty hashes matched: %v", got)
	}
}

// comparatorCase builds a candidate/existing pair.
type side struct {
	stmt, form string
	kws, pats  []string
	prereqs    int
}

func (s side) prim(id string) core.Primitive {
	p := core.Primitive{ID: id, FormalStatement: s.stmt, ComputationalForm: s.form, Keywords: s.kws, ApplicabilityPatterns: s.pats}
	for i := 0; i < s.prereqs; i++ {
		p.Prerequisites = append(p.Prerequisites, fmt.Sprintf("p%d", i))
	}
	if s.stmt != "" {
		p.Provenance.ContentHash = text.ContentHash(s.stmt)
	}
	return p
}

var pythagoras = side{
	stmt: "In a right triangle, the square of the hypotenuse equals the sum of the squares of the other two sides.",
	form: "c^2 = a^2 + b^2 for right triangle legs",
	kws:  []string{"pythagorean", "triangle", "hypotenuse"},
	pats: []string{"right triangles", "distance computation"},
}

// The reference's comparator table (§4.2), with inputs built to give its
// similarities under lore's normalization, and the bug row corrected.
func TestCompareReferenceTable(t *testing.T) {
	cases := []struct {
		name         string
		cand, exist  side
		class        core.Class
		conf         float64
		fs, cf, kw   float64
		dontCheckSim bool
	}{
		{
			name: "identical Pythagoras", cand: pythagoras, exist: pythagoras,
			class: core.ExactDuplicate, conf: 1, fs: 1, cf: 1, kw: 1,
		},
		{
			name: "case and white space variant",
			cand: side{
				stmt: "IN A RIGHT   TRIANGLE, the square of the hypotenuse\nequals the sum of the squares of the other two sides.",
				form: "C^2 =  A^2 + B^2 for RIGHT triangle legs",
				kws:  []string{"Pythagorean", " Triangle", "HYPOTENUSE"},
				pats: []string{"Right Triangles", "distance  computation"},
			},
			exist: pythagoras,
			class: core.ExactDuplicate, conf: 1, fs: 1, cf: 1, kw: 1,
		},
		{
			// The reference measured fs 0.0667 on raw tokens; normalized,
			// the same two statements share triangle/side/square/equal/sum
			// (fs 1/3), which the corrected generalization rule requires.
			name: "law of cosines vs right-triangle Pythagoras",
			cand: side{
				stmt: "For any triangle with sides a, b, c and angle C opposite side c, the square of c equals the sum of the squares of a and b minus twice their product times the cosine of C.",
				form: "c^2 = a^2 + b^2 - 2ab cos(C) for any triangle",
				kws:  []string{"triangle", "side", "cosine"},
			},
			exist: side{stmt: pythagoras.stmt, form: pythagoras.form, kws: []string{"triangle", "side"}},
			class: core.Generalization, conf: 0.8667, fs: 1.0 / 3, cf: 0.2, kw: 0.6667,
		},
		{
			name: "dot product vs inner product",
			cand: side{
				stmt: "Dot product, Euclidean.", form: "sum x_i y_i",
				kws: []string{"vector", "product", "dot"}, pats: []string{"geometry"}, prereqs: 1,
			},
			exist: side{
				stmt: "Inner product on a space is a form.", form: "<x, y> bilinear",
				kws: []string{"vector", "product", "dot", "inner", "space"}, pats: []string{"geometry", "analysis"},
			},
			class: core.Specialization, conf: 0.6667, fs: 1.0 / 6, cf: 0, kw: 0.6,
		},
		{
			name: "differentiation vs integration",
			cand: side{
				stmt: "Differentiation measures the rate of change of a function curve.",
				form: "derivative limit quotient difference step slope",
				kws:  []string{"derivative", "function", "rate"}, pats: []string{"rates"},
			},
			exist: side{
				stmt: "Integration measures the total area under a function curve over an interval.",
				form: "integral limit sum riemann partition width slope",
				kws:  []string{"integral", "function", "area"}, pats: []string{"areas"},
			},
			class: core.OverlappingDistinct, conf: 0.30, fs: 0.30, cf: 2.0 / 11, kw: 0.20,
		},
		{
			name: "compact topological space vs linear transformation",
			cand: side{
				stmt: "A compact topological space has a finite subcover for every open cover.",
				form: "open cover implies finite subcover",
				kws:  []string{"compact", "topology", "cover"},
			},
			exist: side{
				stmt: "A linear transformation preserves vector addition and scalar multiplication.",
				form: "T(ax + by) = aT(x) + bT(y)",
				kws:  []string{"linear", "transformation", "vector"},
			},
			class: core.GenuinelyNew, conf: 0, fs: 0, cf: 0, kw: 0,
		},
		{
			// The reference's bug row: an unrelated statement with more
			// keywords and both pattern lists empty was a generalization
			// (conf 0.8667) and silently overwrote the existing statement.
			// Corrected: no pattern evidence, unrelated statements, so it is
			// overlapping-distinct on its keywords — a conflict.
			name:  "bug row: x y z vs q r s, empty patterns",
			cand:  side{stmt: "x y z", form: "x+y", kws: []string{"a", "b", "c"}},
			exist: side{stmt: "q r s", form: "q-r", kws: []string{"a", "b"}},
			class: core.OverlappingDistinct, conf: 0.6667, fs: 0, cf: 0, kw: 0.6667,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cand, exist := c.cand.prim("cand"), c.exist.prim("exist")
			got := Compare(&cand, &exist)
			if got.Class != c.class || math.Abs(got.Confidence-c.conf) > 1e-3 {
				t.Fatalf("class %s conf %.4f, want %s %.4f (%+v)", got.Class, got.Confidence, c.class, c.conf, got)
			}
			for _, s := range []struct {
				name      string
				got, want float64
			}{{"fs", got.FormalSimilarity, c.fs}, {"cf", got.ComputationalSimilarity, c.cf}, {"kw", got.KeywordSimilarity, c.kw}} {
				if math.Abs(s.got-s.want) > 1e-3 {
					t.Errorf("%s = %.4f, want %.4f", s.name, s.got, s.want)
				}
			}
			if got.ExistingID != "exist" || got.Rationale == "" {
				t.Errorf("comparison %+v", got)
			}
		})
	}
}

func TestCompareRationaleQuotesPercentages(t *testing.T) {
	a := pythagoras.prim("a")
	b := pythagoras.prim("b")
	b.Provenance.ContentHash = "" // force the measured path
	b.FormalStatement += " "
	got := Compare(&a, &b)
	want := "Formal statement similarity 100% and computational form similarity 100% both exceed 85% threshold — exact duplicate."
	if got.Rationale != "Identical formal statement and computational form similarity 100% exceeds 85% threshold — exact duplicate." && got.Rationale != want {
		t.Fatalf("rationale %q", got.Rationale)
	}
}

// Both pattern lists empty is no evidence: related statements can still
// generalize on keywords, unrelated ones cannot.
func TestCompareEmptyPatternsNeedRelatedStatements(t *testing.T) {
	exist := side{stmt: "A group is a set with an associative operation.", form: "Defines: group", kws: []string{"group", "set"}}.prim("e")
	related := side{stmt: "A monoid is a set with an associative operation and identity.", form: "Defines: monoid", kws: []string{"group", "set", "monoid"}}.prim("c")
	if got := Compare(&related, &exist); got.Class != core.Generalization {
		t.Fatalf("related: %+v", got)
	}
	unrelated := side{stmt: "Rivers carry sediment downstream.", form: "Defines: river", kws: []string{"group", "set", "monoid"}}.prim("c")
	if got := Compare(&unrelated, &exist); got.Class != core.OverlappingDistinct {
		t.Fatalf("unrelated: %+v", got)
	}
}

// The reference's specialization prerequisite test was a tautology: a
// candidate with fewer prerequisites and a narrower pattern set was a
// specialization. Now it needs at least as many prerequisites.
func TestCompareSpecializationNeedsPrerequisites(t *testing.T) {
	exist := side{stmt: "Inner product on a space is a form.", form: "bilinear", kws: []string{"vector", "product"}, pats: []string{"geometry", "analysis"}, prereqs: 2}.prim("e")
	cand := side{stmt: "Dot product, Euclidean.", form: "sum", kws: []string{"vector", "product"}, pats: []string{"geometry"}, prereqs: 1}.prim("c")
	if got := Compare(&cand, &exist); got.Class == core.Specialization || got.Class == core.Generalization {
		t.Fatalf("fewer prerequisites gave %s", got.Class)
	}
	cand.Prerequisites = append(cand.Prerequisites, "x")
	if got := Compare(&cand, &exist); got.Class != core.Specialization {
		t.Fatalf("as many prerequisites gave %s", got.Class)
	}
}

func TestCompareIdenticalKeywordPoorStatements(t *testing.T) {
	a := side{stmt: "a*1 = a", form: "a*1 = a", kws: []string{"ident"}}.prim("a")
	// Token-free statements that differ are not the same statement.
	b := side{stmt: "a * 0 = 0", form: "a * 0 = 0"}.prim("b")
	if got := Compare(&a, &b); got.Class != core.GenuinelyNew {
		t.Fatalf("different token-free statements: %+v", got)
	}
	// Spacing around symbols is spelling (CanonicalMath): "a * 1 = a" was
	// another statement than "a*1 = a" before statements were compared in
	// canonical math form; it is the same one now.
	b = side{stmt: "a * 1 = a", form: "a * 1 = a"}.prim("b")
	if got := Compare(&a, &b); got.Class != core.ExactDuplicate || got.FormalSimilarity != 1 {
		t.Fatalf("differently spaced statement: %+v", got)
	}
	b = side{stmt: "A*1  = a", form: "a*1 = A", kws: []string{"ident"}}.prim("b")
	if got := Compare(&a, &b); got.Class != core.ExactDuplicate || got.FormalSimilarity != 1 {
		t.Fatalf("same statement: %+v", got)
	}
}

func TestBest(t *testing.T) {
	comps := []core.Comparison{
		{ExistingID: "n", Class: core.GenuinelyNew, Confidence: 0.9},
		{ExistingID: "o1", Class: core.OverlappingDistinct, Confidence: 0.5},
		{ExistingID: "o2", Class: core.OverlappingDistinct, Confidence: 0.5},
		{ExistingID: "g", Class: core.Generalization, Confidence: 0.49},
	}
	if b, ok := Best(comps); !ok || b.ExistingID != "o1" {
		t.Fatalf("best %+v %v", b, ok)
	}
	if _, ok := Best(comps[:1]); ok {
		t.Fatal("genuinely new chosen")
	}
}

// The Index must return exactly what a full scan plus Prefilter admits.
func TestIndexMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa", "Lambda ", "MU"}
	randPrim := func(id string) core.Primitive {
		p := prim(id, r.Float64()*2.4-1.2, r.Float64()*2.4-1.2)
		for k := r.IntN(5); k > 0; k-- {
			p.Keywords = append(p.Keywords, vocab[r.IntN(len(vocab))])
		}
		if r.IntN(10) == 0 {
			p.Provenance.ContentHash = fmt.Sprintf("h%d", r.IntN(5))
		}
		return p
	}
	x := NewIndex()
	all := map[string]core.Primitive{}
	for i := range 2000 {
		p := randPrim(fmt.Sprintf("p%d", i))
		x.Add(p)
		all[p.ID] = p
	}
	for i := 0; i < 2000; i += 3 { // remove some, replace some
		id := fmt.Sprintf("p%d", i)
		if i%2 == 0 {
			if !x.Remove(id) {
				t.Fatalf("remove %s", id)
			}
			delete(all, id)
		} else {
			p := randPrim(id)
			x.Add(p)
			all[id] = p
		}
	}
	if x.Len() != len(all) {
		t.Fatalf("Len %d, want %d", x.Len(), len(all))
	}
	var list []core.Primitive
	for _, p := range all {
		list = append(list, p)
	}
	slices.SortFunc(list, func(a, b core.Primitive) int {
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	const uncapped = 1 << 30 // no cap: the index must match the rule exactly
	for _, cfg := range []Config{{0.2, 2, uncapped}, {0.5, 3, uncapped}, {1.5, 1, uncapped}, {0.3, 0, uncapped}, {0, 1, uncapped}} {
		for q := range 300 {
			cand := randPrim(fmt.Sprintf("q%d", q))
			want := ids(Prefilter(&cand, list, cfg))
			near, err := x.Near(&cand, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := ids(Prefilter(&cand, near, cfg))
			if len(got) != len(near) {
				t.Fatalf("cfg %+v: Near returned %d, Prefilter kept %d", cfg, len(near), len(got))
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("cfg %+v cand %+v:\n got %v\nwant %v", cfg, cand, got, want)
			}
		}
	}
}

func TestDeduperIntraRunDuplicate(t *testing.T) {
	d := NewDeduper(nil, DefaultConfig())
	first := pythagoras.prim("pythagoras")
	first.Plane = core.PlanePosition{Real: 0.1, Imaginary: 0.1}
	v, err := d.Check(&first)
	if err != nil || v.Best != nil || len(v.Matches) != 0 {
		t.Fatalf("first: %+v %v", v, err)
	}
	d.Remember(first)
	again := first
	again.ID = "pythagoras-again"
	v, err = d.Check(&again)
	if err != nil || v.Best == nil || v.Best.Class != core.ExactDuplicate || v.Existing.ID != "pythagoras" {
		t.Fatalf("repeat: %+v %v", v, err)
	}
	d.Forget("pythagoras")
	if v, _ := d.Check(&again); v.Best != nil {
		t.Fatalf("forgotten still matched: %+v", v)
	}
}

func TestDeduperKeywordPoorCaughtByContentHash(t *testing.T) {
	reg := NewIndex()
	stored := side{stmt: "a*1 = a", form: "a*1 = a", kws: []string{"ident"}}.prim("identity-unit")
	reg.Add(stored)
	d := NewDeduper(reg, DefaultConfig())
	cand := side{stmt: "a*1  =  a", form: "a*1 = a", kws: []string{"ident"}}.prim("identity-unit")
	cand.Plane = core.PlanePosition{Real: 0.7, Imaginary: -0.7} // even far away
	v, err := d.Check(&cand)
	if err != nil || v.Best == nil || v.Best.Class != core.ExactDuplicate || !v.Matches[0].SameContent {
		t.Fatalf("%+v %v", v, err)
	}
}

type failingRegistry struct{}

func (failingRegistry) Near(*core.Primitive, Config) ([]core.Primitive, error) {
	return nil, fmt.Errorf("disk on fire")
}

func TestDeduperShadowsAndWrapsErrors(t *testing.T) {
	reg := NewIndex()
	old := pythagoras.prim("p")
	reg.Add(old)
	d := NewDeduper(reg, DefaultConfig())
	updated := old
	updated.FormalStatement = "Something else entirely about rivers and sediment."
	updated.Provenance.ContentHash = text.ContentHash(updated.FormalStatement)
	d.Remember(updated)
	cand := pythagoras.prim("c")
	v, err := d.Check(&cand)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Comparisons {
		if c.ExistingID == "p" && c.Class == core.ExactDuplicate {
			t.Fatal("stale registry version compared although the run shadows it")
		}
	}
	if _, err := NewDeduper(failingRegistry{}, DefaultConfig()).Check(&cand); err == nil || !reflect.DeepEqual(err.Error(), "dedup c: registry lookup: disk on fire") {
		t.Fatalf("err %v", err)
	}
}

// sameText is the definition TextKey digests: a and b are the same text
// up to case and runs of white space.
func sameText(a, b string) bool {
	i, j := skipSpace(a, 0), skipSpace(b, 0)
	for i < len(a) && j < len(b) {
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if sa, sb := unicode.IsSpace(ra), unicode.IsSpace(rb); sa || sb {
			if sa != sb {
				return false
			}
			i, j = skipSpace(a, i), skipSpace(b, j)
			continue
		}
		if ra != rb && unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		i, j = i+na, j+nb
	}
	return skipSpace(a, i) == len(a) && skipSpace(b, j) == len(b)
}

func skipSpace(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	return i
}

func TestSameText(t *testing.T) {
	yes := [][2]string{{"", ""}, {"  ", ""}, {"A  b\n", "a b"}, {" ÄB c", "äb   C "}}
	no := [][2]string{{"ab", "a b"}, {"a", ""}, {"abc", "abd"}, {"a b", "a bc"}}
	key := func(s string) [16]byte { k, _ := TextKey(s); return k }
	for _, c := range yes {
		if !sameText(c[0], c[1]) || !sameText(c[1], c[0]) {
			t.Errorf("sameText(%q, %q) = false", c[0], c[1])
		}
		if key(c[0]) != key(c[1]) {
			t.Errorf("TextKey(%q) != TextKey(%q)", c[0], c[1])
		}
	}
	for _, c := range no {
		if sameText(c[0], c[1]) || sameText(c[1], c[0]) {
			t.Errorf("sameText(%q, %q) = true", c[0], c[1])
		}
		if key(c[0]) == key(c[1]) {
			t.Errorf("TextKey(%q) == TextKey(%q)", c[0], c[1])
		}
	}
	for _, s := range []string{"", " \t\n", "x", " a\xffb "} {
		if _, blank := TextKey(s); blank != (strings.TrimSpace(s) == "") {
			t.Errorf("TextKey(%q) blank = %v", s, blank)
		}
	}
}

func TestIndexConcurrentUse(t *testing.T) {
	x := NewIndex()
	done := make(chan bool)
	for g := range 4 {
		go func() {
			for i := range 200 {
				p := prim(fmt.Sprintf("g%d-%d", g, i), 0.1, 0.1, "alpha", "beta")
				x.Add(p)
				if _, err := x.Near(&p, DefaultConfig()); err != nil {
					t.Error(err)
				}
				if i%3 == 0 {
					x.Remove(p.ID)
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	if x.Len() != 4*(200-67) {
		t.Fatalf("Len %d", x.Len())
	}
}

// Past MaxCompared matches, the ones sharing the most keywords are kept, so
// a duplicate among hundreds of similar primitives is still found.
func TestMaxComparedKeepsBestMatches(t *testing.T) {
	x := NewIndex()
	for i := range 300 {
		x.Add(core.Primitive{ID: fmt.Sprintf("p%03d", i), Name: "Thing", FormalStatement: fmt.Sprintf("statement number %d about vectors", i),
			Keywords: []string{"vector", "space", fmt.Sprintf("w%d", i)}})
	}
	dup := core.Primitive{ID: "dup", Name: "Basis", FormalStatement: "A basis spans the vector space independently.",
		Keywords: []string{"vector", "space", "basi", "span", "independ"}}
	x.Add(dup)
	d := NewDeduper(nil, Config{MaxDistance: 0.2, MinSharedKeywords: 2, MaxCompared: 16})
	for _, p := range x.entries {
		if p.live {
			d.Remember(*p.p)
		}
	}
	cand := dup
	cand.ID = "cand"
	v, err := d.Check(&cand)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Matches) != 16 {
		t.Fatalf("matches = %d, want 16", len(v.Matches))
	}
	if v.Existing == nil || v.Existing.ID != "dup" || v.Best.Class != core.ExactDuplicate {
		t.Fatalf("best = %+v %+v", v.Best, v.Existing)
	}
}

// contentOnly answers SameContent and fails Near, so a test can see that
// an exact duplicate is settled without a neighbourhood search.
type contentOnly struct{ p core.Primitive }

func (c contentOnly) Near(*core.Primitive, Config) ([]core.Primitive, error) {
	return nil, fmt.Errorf("neighbourhood search not expected")
}

func (c contentOnly) SameContent(h string) ([]core.Primitive, error) {
	if h == c.p.Provenance.ContentHash {
		return []core.Primitive{c.p}, nil
	}
	return nil, nil
}

func TestExactDuplicateSettledByContentHash(t *testing.T) {
	stored := core.Primitive{ID: "stored", Name: "Group", FormalStatement: "A group is a set with an operation.",
		Keywords: []string{"group", "set", "oper"}, Provenance: core.Provenance{ContentHash: "h1"}}
	d := NewDeduper(contentOnly{stored}, DefaultConfig())
	cand := stored
	cand.ID = "cand"
	v, err := d.Check(&cand)
	if err != nil || v.Existing == nil || v.Existing.ID != "stored" || v.Best.Class != core.ExactDuplicate || !v.Matches[0].SameContent {
		t.Fatalf("verdict %+v, err %v", v, err)
	}
	// Same hash but a different computational form is not exact: the full
	// search runs (and here fails, as the registry refuses it).
	cand.ComputationalForm = "g ∘ h"
	stored.ComputationalForm = "totally different form text"
	d = NewDeduper(contentOnly{stored}, DefaultConfig())
	if _, err := d.Check(&cand); err == nil {
		t.Fatal("a non-exact content match skipped the neighbourhood search")
	}
}
