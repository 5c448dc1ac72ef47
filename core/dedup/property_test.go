package dedup

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/synth"
)

// runModel generates the candidates of random runs in which every class
// occurs: restatements (same text up to case and spacing), near duplicates
// (one keyword changed), broader and narrower statements of earlier
// candidates, partial overlaps, and new candidates, over a vocabulary whose
// words are drawn Zipf-like, so a few are carried by a large share of the
// run (the long posting lists a bounded query cuts), at a few plane
// positions with some scatter.
type runModel struct {
	r      *rand.Rand
	vocab  []string
	cdf    []float64
	centre []core.PlanePosition
	pats   []string
	filler []string
}

func newRunModel(seed uint64, vocab int, skew float64) *runModel {
	m := &runModel{r: rand.New(rand.NewPCG(seed, 99)), filler: strings.Fields("the of is a for every with and holds when")}
	sum := 0.0
	for i := range vocab {
		m.vocab = append(m.vocab, fmt.Sprintf("qu%sx", strings.Repeat(string(rune('a'+i%26)), 1+i/26%3)+fmt.Sprint(i)))
		sum += 1 / math.Pow(float64(i+1), skew)
		m.cdf = append(m.cdf, sum)
	}
	for i := range m.cdf {
		m.cdf[i] /= sum
	}
	for range 3 {
		m.centre = append(m.centre, core.PlanePosition{Real: m.r.Float64()*1.4 - 0.7, Imaginary: m.r.Float64()*1.4 - 0.7})
	}
	for i := range 8 {
		m.pats = append(m.pats, fmt.Sprintf("pattern %c", 'a'+i))
	}
	return m
}

func (m *runModel) word() string {
	u := m.r.Float64()
	i, _ := slices.BinarySearch(m.cdf, u)
	return m.vocab[min(i, len(m.vocab)-1)]
}

func (m *runModel) words(n int) []string {
	var ws []string
	for len(ws) < n {
		if w := m.word(); !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return ws
}

// build makes a candidate of words (the statement's content words, which
// become its keywords) with patterns and prerequisites.
func (m *runModel) build(id string, words, pats []string, prereqs int, plane core.PlanePosition) core.Primitive {
	var sb strings.Builder
	for i, j := range m.r.Perm(len(words)) {
		if i > 0 {
			sb.WriteString(" " + m.filler[m.r.IntN(len(m.filler))] + " ")
		}
		sb.WriteString(words[j])
	}
	stmt := sb.String() + "."
	p := core.Primitive{ID: id, Plane: plane, FormalStatement: stmt, ApplicabilityPatterns: pats,
		Provenance: core.Provenance{ContentHash: text.ContentHash(stmt)}}
	if m.r.IntN(3) > 0 {
		p.ComputationalForm = "Defines: " + strings.Join(words[:min(2, len(words))], " ")
	}
	for _, w := range words {
		k := text.Stem(w)
		switch m.r.IntN(20) {
		case 0:
			k = strings.ToUpper(k) // normalized by the prefilter
		case 1:
			k = " " + k + " "
		}
		p.Keywords = append(p.Keywords, k)
	}
	for i := range prereqs {
		p.Prerequisites = append(p.Prerequisites, fmt.Sprintf("pre%d", i))
	}
	return p
}

func (m *runModel) plane() core.PlanePosition {
	if m.r.IntN(10) == 0 {
		return core.PlanePosition{Real: m.r.Float64()*2 - 1, Imaginary: m.r.Float64()*2 - 1}
	}
	c := m.centre[m.r.IntN(len(m.centre))]
	return core.PlanePosition{Real: c.Real + 0.06*m.r.NormFloat64(), Imaginary: c.Imaginary + 0.06*m.r.NormFloat64()}.Clamp()
}

func (m *runModel) patterns() []string {
	var ps []string
	for _, i := range m.r.Perm(len(m.pats))[:m.r.IntN(4)] {
		ps = append(ps, m.pats[i])
	}
	return ps
}

// candidates returns n candidates; words holds each one's content words,
// from which the variants of earlier ones are built.
func (m *runModel) candidates(n int) []core.Primitive {
	out := make([]core.Primitive, 0, n)
	words := make([][]string, 0, n)
	for i := range n {
		id := fmt.Sprintf("c%d", i)
		var ws []string
		var p core.Primitive
		k := m.r.IntN(100)
		if i == 0 {
			k = 99
		}
		j := m.r.IntN(max(1, i))
		var e core.Primitive
		if i > 0 {
			e = out[j]
		}
		jitter := core.PlanePosition{Real: e.Plane.Real + 0.02*m.r.NormFloat64(), Imaginary: e.Plane.Imaginary + 0.02*m.r.NormFloat64()}
		switch {
		case k < 12: // restated: same text up to case and spacing
			p = e
			p.ID = id
			p.FormalStatement = strings.ToUpper(e.FormalStatement[:1]) + strings.ReplaceAll(e.FormalStatement[1:], " ", "  ")
			p.Plane = jitter
			ws = words[j]
		case k < 24: // near duplicate: one word changed
			ws = slices.Clone(words[j])
			ws[m.r.IntN(len(ws))] = m.word()
			p = m.build(id, ws, e.ApplicabilityPatterns, len(e.Prerequisites), jitter)
			p.ComputationalForm = e.ComputationalForm
		case k < 34: // broader: more words and patterns, fewer prerequisites
			ws = append(slices.Clone(words[j]), m.words(2)...)
			pats := append(slices.Clone(e.ApplicabilityPatterns), m.pats[m.r.IntN(len(m.pats))])
			p = m.build(id, ws, pats, max(0, len(e.Prerequisites)-1), jitter)
		case k < 44: // narrower: fewer words and patterns, more prerequisites
			ws = slices.Clone(words[j][:max(2, len(words[j])-2)])
			pats := e.ApplicabilityPatterns[:len(e.ApplicabilityPatterns)/2]
			p = m.build(id, ws, pats, len(e.Prerequisites)+1, jitter)
		case k < 60: // partial overlap
			ws = append(slices.Clone(words[j][:len(words[j])/2]), m.words(4)...)
			p = m.build(id, ws, m.patterns(), m.r.IntN(3), jitter)
		default: // new
			ws = m.words(3 + m.r.IntN(8))
			p = m.build(id, ws, m.patterns(), m.r.IntN(3), m.plane())
		}
		ws = slices.Compact(ws)
		out = append(out, p)
		words = append(words, ws)
	}
	return out
}

// bruteVerdict is the deduper's verdict by definition: the prefilter rule
// applied to every primitive remembered so far (in the order remembered),
// the MaxCompared matches ranked first if there are more, the reference's
// comparator on each (strings, no index, no interning), the best
// comparison (the first of equal confidences, in the prefilter's order).
func bruteVerdict(cand *core.Primitive, remembered []core.Primitive, cfg Config) (core.Class, float64, string) {
	ms := Prefilter(cand, remembered, cfg)
	if max := cfg.CompareLimit(); len(ms) > max {
		rankMatches(ms)
		ms = ms[:max]
		slices.SortFunc(ms, byPrefilterOrder)
	}
	comps := make([]core.Comparison, len(ms))
	for i := range ms {
		comps[i] = Compare(cand, ms[i].rec.p)
	}
	best, ok := Best(comps)
	if !ok {
		return core.GenuinelyNew, 0, ""
	}
	return best.Class, best.Confidence, best.ExistingID
}

// A run index must give every candidate the verdict that comparing it with
// every earlier candidate by brute force gives: the prefilter rule over all
// of them, the best-ranked MaxCompared compared by Compare, the best
// comparison. Runs of random candidates of every class go through a
// Deduper and through the brute force side by side (both remember what the
// brute force accepts).
//
// Where the run index's query was complete — not cut short by its bounds
// (Deduper.cut) — the verdict must be identical: class, confidence and
// existing primitive. With the index's own bounds these runs are small
// enough for nearly every query to complete; of the few cut short, in the
// runs over a narrow vocabulary (60 words, the commonest in most
// candidates), 95% must get the brute force's class (a cut query may rank
// another of hundreds of equal matches first). With the bounds cut to a
// few postings and checks, most queries of these runs are cut: their
// classes are only counted, except that a restatement of an earlier
// candidate (same content hash) must still be found an exact duplicate.
func TestRunIndexVerdictsMatchBruteForce(t *testing.T) {
	type setup struct {
		name           string
		budget, checks int
		vocab          int
		skew           float64
	}
	setups := []setup{
		{"real-bounds/wide-vocabulary", runBudget, maxChecked, 400, 0.8},
		{"real-bounds/narrow-vocabulary", runBudget, maxChecked, 60, 1.0},
		{"tight-bounds/wide-vocabulary", 48, 8, 400, 0.8},
		{"tight-bounds/narrow-vocabulary", 48, 8, 60, 1.0},
	}
	n, seeds := 1500, uint64(3)
	if testing.Short() {
		n, seeds = 500, 1
	}
	cfgs := []Config{DefaultConfig(), {MaxDistance: 0.3, MinSharedKeywords: 3, MaxCompared: 8}}
	for _, su := range setups {
		for ci, cfg := range cfgs {
			t.Run(fmt.Sprintf("%s/cfg%d", su.name, ci), func(t *testing.T) {
				for seed := range seeds {
					m := newRunModel(seed, su.vocab, su.skew)
					cands := m.candidates(n)
					d := NewDeduper(nil, cfg)
					d.run.budget, d.run.checks = su.budget, su.checks
					var remembered []core.Primitive
					byID := map[string]*core.Primitive{}
					classes := map[core.Class]int{}
					cut, cutAgree, nearDupMissed := 0, 0, 0
					for i := range cands {
						c := cands[i]
						wantClass, wantConf, wantID := bruteVerdict(&c, remembered, cfg)
						v, err := d.Check(&c)
						if err != nil {
							t.Fatal(err)
						}
						// The merge engine's lean check must act on the same.
						lv, err := d.CheckBest(&c)
						if err != nil {
							t.Fatal(err)
						}
						if !sameBest(v, lv) {
							t.Fatalf("seed %d candidate %d: CheckBest gives %+v, Check %+v", seed, i, lv.Best, v.Best)
						}
						gotClass, gotConf, gotID := core.GenuinelyNew, 0.0, ""
						if v.Best != nil {
							gotClass, gotConf, gotID = v.Best.Class, v.Best.Confidence, v.Existing.ID
						}
						mismatch := fmt.Sprintf("seed %d candidate %d (%s): deduper says %s (%.3f, %s), brute force %s (%.3f, %s)",
							seed, i, c.FormalStatement, gotClass, gotConf, gotID, wantClass, wantConf, wantID)
						switch {
						case !d.cut:
							if gotClass != wantClass || gotConf != wantConf || gotID != wantID {
								t.Fatal(mismatch)
							}
						case wantClass == core.ExactDuplicate && gotClass != core.ExactDuplicate:
							if byID[wantID].Provenance.ContentHash == c.Provenance.ContentHash {
								t.Fatal("restatement missed: " + mismatch)
							}
							nearDupMissed++
						}
						if d.cut {
							cut++
							if gotClass == wantClass {
								cutAgree++
							}
						}
						classes[wantClass]++
						if wantClass != core.ExactDuplicate {
							d.Remember(c)
							remembered = append(remembered, c)
							byID[c.ID] = &remembered[len(remembered)-1]
						}
					}
					for _, cl := range []core.Class{core.ExactDuplicate, core.Generalization, core.Specialization, core.OverlappingDistinct, core.GenuinelyNew} {
						if classes[cl] == 0 {
							t.Errorf("seed %d: no %s verdict: the model does not exercise every class (%v)", seed, cl, classes)
						}
					}
					if su.budget == runBudget && cut > n/10 {
						t.Errorf("seed %d: %d of %d queries cut with the run index's own bounds", seed, cut, n)
					}
					if su.budget == runBudget && cutAgree < cut*95/100 {
						t.Errorf("seed %d: %d of %d cut queries given the brute force's class", seed, cutAgree, cut)
					}
					t.Logf("seed %d: %v; %d queries cut, %d of them given the same class, %d near duplicates missed",
						seed, classes, cut, cutAgree, nearDupMissed)
				}
			})
		}
	}
}

// sameBest says a lean verdict (CheckBest) holds what the full one acts
// on: the best comparison, rationale included, its primitive, and its
// match alone.
func sameBest(full, lean Verdict) bool {
	if full.Best == nil || lean.Best == nil {
		return full.Best == nil && lean.Best == nil && lean.Existing == nil && len(lean.Matches) == 0 && len(lean.Comparisons) == 0
	}
	i := slices.IndexFunc(full.Comparisons, func(c core.Comparison) bool { return reflect.DeepEqual(c, *full.Best) })
	return reflect.DeepEqual(*full.Best, *lean.Best) && full.Existing.ID == lean.Existing.ID &&
		len(lean.Matches) == 1 && len(lean.Comparisons) == 1 && reflect.DeepEqual(lean.Comparisons[0], *lean.Best) &&
		i >= 0 && reflect.DeepEqual(full.Matches[i].SharedKeywords, lean.Matches[0].SharedKeywords) &&
		full.Matches[i].ID == lean.Matches[0].ID && full.Matches[i].Distance == lean.Matches[0].Distance
}

// selectFirst must pick what a full sort puts first.
func TestSelectFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		hs := make([]hit, r.IntN(300))
		for i := range hs {
			hs[i] = hit{s: int32(i), seq: uint64(i), same: r.IntN(20) == 0, shared: int32(r.IntN(5)), d: float64(r.IntN(4)) / 10}
		}
		r.Shuffle(len(hs), func(i, j int) { hs[i], hs[j] = hs[j], hs[i] })
		n := r.IntN(len(hs) + 1)
		want := slices.Clone(hs)
		slices.SortFunc(want, func(a, b hit) int {
			if ranksBefore(&a, &b) {
				return -1
			}
			return 1
		})
		selectFirst(hs, n, ranksBefore)
		got := slices.Clone(hs[:n])
		slices.SortFunc(got, func(a, b hit) int {
			if ranksBefore(&a, &b) {
				return -1
			}
			return 1
		})
		if !slices.Equal(got, want[:n]) {
			t.Fatalf("selectFirst(%d of %d) differs from sorting", n, len(hs))
		}
	}
}

// pct formats as fmt's "%.0f%%" did.
func TestPctMatchesFmt(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	vals := []float64{0, 1, 0.005, 0.015, 0.125, 0.145, 0.15, 0.155, 0.845, 0.85, 0.995, 2.0 / 3, 1.0 / 3}
	for range 2000 {
		vals = append(vals, r.Float64(), float64(r.IntN(1000))/1000, float64(r.IntN(200))/200)
	}
	for _, v := range vals {
		if got, want := pct(v), fmt.Sprintf("%.0f%%", v*100); got != want {
			t.Fatalf("pct(%v) = %q, want %q", v, got, want)
		}
	}
}

// classOf, which skips merging the statements of pairs its signature
// shows unrelated, must give compareSets's class, and its confidence
// whenever the class is not genuinely new (the only confidences a verdict
// reads). The pairs are random candidates of the run model and, for
// statements that share little, random candidates of a wider vocabulary.
func TestClassOfMatchesCompare(t *testing.T) {
	pruned := 0
	for _, vocab := range []int{60, 400, 5000} {
		m := newRunModel(uint64(vocab), vocab, 0.8)
		cands := m.candidates(600)
		x := NewRunIndex()
		var q query
		for i := range cands {
			x.Add(cands[i])
		}
		for range 20000 {
			a, b := &cands[m.r.IntN(len(cands))], &cands[m.r.IntN(len(cands))]
			fa := FeaturesOf(a)
			x.compactQuery(&q, fa, NormKeywords(a.Keywords))
			e := x.entries[x.byID[b.ID]].c
			for _, eq := range []hashEq{hashUnknown, eqOf(a, b)} {
				want := compareSets(&q.compact, e, b.ID, false)
				class, conf := classOf(&q.compact, e, eq, CountCommon(q.keywords, e.keywords))
				if class != want.Class || class != core.GenuinelyNew && conf != want.Confidence {
					t.Fatalf("%q vs %q: classOf %s %.4f, compareSets %s %.4f", a.FormalStatement, b.FormalStatement, class, conf, want.Class, want.Confidence)
				}
			}
			if want := compareSets(&q.compact, e, b.ID, false); want.FormalSimilarity < relatedStatements {
				pruned++
			}
		}
	}
	if pruned == 0 {
		t.Fatal("no pair with unrelated statements")
	}
}

func eqOf(a, b *core.Primitive) hashEq {
	if a.Provenance.ContentHash == b.Provenance.ContentHash {
		return hashSame
	}
	return hashDiffer
}

// A run index leaves a match out of a lean check when its summary says it
// can only compare as genuinely new (slotSum.newOnly): compareHashed must
// then give genuinely new. The pairs are random candidates of the run
// model over narrow and wide vocabularies and of the dense-run model
// (sections sharing patterns, a prerequisite each), and some pairs get
// their patterns, prerequisites or keywords changed so that every branch
// of the test is taken.
func TestNewOnlyMeansGenuinelyNew(t *testing.T) {
	pruned, kept := 0, 0
	check := func(cands []core.Primitive, r *rand.Rand) {
		x := NewRunIndex()
		for i := range cands {
			x.Add(cands[i])
		}
		var q query
		for range 20000 {
			a, b := cands[r.IntN(len(cands))], &cands[r.IntN(len(cands))]
			switch r.IntN(4) {
			case 0: // a's patterns a subset of b's
				a.ApplicabilityPatterns = b.ApplicabilityPatterns[:r.IntN(len(b.ApplicabilityPatterns)+1)]
			case 1:
				a.Prerequisites = b.Prerequisites[:r.IntN(len(b.Prerequisites)+1)]
			case 2: // some of b's keywords, a's own statement
				a.Keywords = append(slices.Clone(a.Keywords[:len(a.Keywords)/2]), b.Keywords[:r.IntN(len(b.Keywords)+1)]...)
			}
			if a.Provenance.ContentHash == b.Provenance.ContentHash {
				continue
			}
			x.compactQuery(&q, FeaturesOf(&a), NormKeywords(a.Keywords))
			s := x.byID[b.ID]
			if !x.sums[s].newOnly(&q.compact) {
				kept++
				continue
			}
			pruned++
			if got := compareHashed(&q.compact, x.entries[s].c, b.ID, false, hashDiffer); got.Class != core.GenuinelyNew {
				t.Fatalf("%q vs %q: left out as genuinely new, compares as %s (fs %.3f, kw %.3f)",
					a.FormalStatement, b.FormalStatement, got.Class, got.FormalSimilarity, got.KeywordSimilarity)
			}
		}
	}
	for _, vocab := range []int{60, 400, 5000} {
		m := newRunModel(uint64(vocab)+11, vocab, 0.8)
		check(m.candidates(600), m.r)
	}
	check(synth.DenseRun(2000, 3), rand.New(rand.NewPCG(3, 4)))
	if pruned == 0 || kept == 0 {
		t.Fatalf("%d pairs left out, %d kept: the test does not exercise both", pruned, kept)
	}
	t.Logf("%d pairs left out as genuinely new, %d kept", pruned, kept)
}
