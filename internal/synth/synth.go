// Package synth generates the synthetic registries and candidates the dedup
// benchmarks measure, the same for the in-memory index (core/dedup) and the
// store (e2e), so their figures compare.
//
//   - Plane: 15 domain centres, uniform in [−0.8, 0.8]². Knowledge comes in
//     topics (a topic is what one textbook section is about), about one per
//     TopicSize primitives, so the number of topics grows with the
//     registry. A topic sits at its domain's centre plus a normal offset
//     (σ 0.12 per axis); its primitives at the topic's point plus a normal
//     offset (σ 0.04). So the plane gets denser as the registry grows: at
//     1M primitives a 0.2-radius disc near a domain centre holds tens of
//     thousands of them, and the plane alone filters little.
//   - Vocabulary: V = N/8 topical words (1 250 for 10k primitives, 125 000
//     for 1M) plus 64 general words ("function", "set") shared by
//     everything. Each topic picks its 24 words uniformly from the V, so a
//     word belongs to about ten topics scattered over the plane whatever
//     the registry size: the density of a topical word near any point stays
//     the same, which is the "fixed neighbourhood density" under which the
//     cost per candidate should not grow. (1M primitives use 125k distinct
//     words, just under the 131 072 stems core/text caches; a larger
//     vocabulary makes stemming, and so Compare, about twice as slow.)
//   - Keywords: eight per primitive. One is a general word drawn Zipf-like
//     (s 1.1) from the 64, so its posting lists grow with the registry;
//     seven are drawn without repetition, Zipf-like (s 1.0), from the
//     topic's 24 words.
//   - Statements: the primitive's keywords in random order with filler
//     words, so the comparator has text to normalize; the content hash is
//     the statement's.
//
// The candidates are 10 000 primitives drawn from the same model: one in
// four is a re-extraction of a stored primitive (same statement and
// keywords, new id, position jittered by 0.01) and three in four are new
// primitives of existing topics. Under this model the number of prefilter
// matches per candidate does not depend on the registry size, so neither
// should the time per candidate: that is what the benchmark checks.
package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Model sizes.
const (
	Domains    = 15
	TopicSize  = 20
	TopicWords = 24
	General    = 64
	// Candidates is how many candidates Registry returns.
	Candidates = 10000
)

// word is a made-up letters-only word (never a stopword) for id i.
func word(i int) string {
	var b []byte
	for {
		b = append(b, byte('a'+i%26))
		i /= 26
		if i == 0 {
			break
		}
	}
	return "zo" + string(b) + "ve"
}

// zipf draws a rank in [0, n) with probability ∝ 1/(rank+1)^s, from a
// cumulative table.
type zipf []float64

func newZipf(n int, s float64) zipf {
	z := make(zipf, n)
	sum := 0.0
	for i := range z {
		sum += 1 / math.Pow(float64(i+1), s)
		z[i] = sum
	}
	for i := range z {
		z[i] /= sum
	}
	return z
}

func (z zipf) draw(r *rand.Rand) int {
	u := r.Float64()
	lo, hi := 0, len(z)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if z[mid] < u {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// model is the generator's state for one registry size.
type model struct {
	r       *rand.Rand
	centres []core.PlanePosition
	topics  []core.PlanePosition
	domains []int   // each topic's domain
	words   [][]int // each topic's vocabulary word numbers
	general zipf
	topical zipf
	filler  []string
}

func newModel(n int, seed uint64) *model {
	m := &model{
		r:       rand.New(rand.NewPCG(seed, uint64(n))),
		general: newZipf(General, 1.1),
		topical: newZipf(TopicWords, 1.0),
		filler:  strings.Fields("the of is a for every with and holds when"),
	}
	for range Domains {
		m.centres = append(m.centres, core.PlanePosition{Real: m.r.Float64()*1.6 - 0.8, Imaginary: m.r.Float64()*1.6 - 0.8})
	}
	vocab := max(TopicWords, n/8)
	for range max(1, n/TopicSize) {
		ws := make([]int, TopicWords)
		for i := range ws {
			ws[i] = m.r.IntN(vocab)
		}
		m.words = append(m.words, ws)
		d := m.r.IntN(Domains)
		c := m.centres[d]
		m.domains = append(m.domains, d)
		m.topics = append(m.topics, core.PlanePosition{
			Real: c.Real + 0.12*m.r.NormFloat64(), Imaginary: c.Imaginary + 0.12*m.r.NormFloat64(),
		}.Clamp())
	}
	return m
}

func (m *model) primitive(id string, topic int) core.Primitive {
	r := m.r
	kws := []string{word(1_000_000_000 + m.general.draw(r))}
	for len(kws) < 8 {
		w := word(m.words[topic][m.topical.draw(r)])
		if !contains(kws, w) {
			kws = append(kws, w)
		}
	}
	words := make([]string, 0, 16)
	for _, i := range r.Perm(len(kws)) {
		words = append(words, kws[i], m.filler[r.IntN(len(m.filler))])
	}
	stmt := strings.Join(words, " ") + "."
	t := m.topics[topic]
	return core.Primitive{
		ID:                id,
		Type:              core.Definition,
		Domain:            fmt.Sprintf("domain-%02d", m.domains[topic]),
		Plane:             core.PlanePosition{Real: t.Real + 0.04*r.NormFloat64(), Imaginary: t.Imaginary + 0.04*r.NormFloat64()}.Clamp(),
		FormalStatement:   stmt,
		ComputationalForm: "Defines: " + strings.Join(words[:6], " "),
		Keywords:          kws,
		Provenance:        core.Provenance{ContentHash: text.ContentHash(stmt)},
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Registry generates n primitives (ids p0, p1, …), handing each to add, and
// returns the Candidates candidates (ids c0, c1, …) drawn from the same
// model: one in four a re-extraction of a stored primitive (same statement
// and keywords, position jittered by 0.01), the rest new primitives of
// existing topics. The same n and seed give the same data.
func Registry(n int, seed uint64, add func(core.Primitive)) []core.Primitive {
	m := newModel(n, seed)
	stored := make([]core.Primitive, 0, Candidates/4)
	for i := range n {
		p := m.primitive(fmt.Sprintf("p%d", i), m.r.IntN(len(m.topics)))
		add(p)
		if i%max(1, n/(Candidates/4)) == 0 && len(stored) < Candidates/4 {
			stored = append(stored, p)
		}
	}
	cands := make([]core.Primitive, 0, Candidates)
	for i := range Candidates {
		var c core.Primitive
		if i%4 == 0 {
			c = stored[(i/4)%len(stored)]
			c.Plane = core.PlanePosition{Real: c.Plane.Real + 0.01*m.r.NormFloat64(), Imaginary: c.Plane.Imaginary + 0.01*m.r.NormFloat64()}
		} else {
			c = m.primitive("", m.r.IntN(len(m.topics)))
		}
		c.ID = fmt.Sprintf("c%d", i)
		cands = append(cands, c)
	}
	return cands
}
