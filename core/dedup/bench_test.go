package dedup

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The synthetic registry model of the benchmarks.
//
//   - Plane: 15 domain centres, uniform in [−0.8, 0.8]². Knowledge comes in
//     topics (a topic is what one textbook section is about), about one per
//     benchTopicSize primitives, so the number of topics grows with the
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
const (
	benchDomains    = 15
	benchTopicSize  = 20
	benchTopicWords = 24
	benchGeneral    = 64
	benchCands      = 10000
)

type benchData struct {
	reg   *Index
	cands []core.Primitive
	build time.Duration
}

var (
	benchOnce = map[int]*sync.Once{10_000: {}, 100_000: {}, 1_000_000: {}}
	benchSets = map[int]*benchData{}
)

// benchWord is a made-up letters-only word (never a stopword) for id i.
func benchWord(i int) string {
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

type benchModel struct {
	r       *rand.Rand
	centres []core.PlanePosition
	topics  []core.PlanePosition
	words   [][]int // each topic's 24 vocabulary word numbers
	general zipf
	topical zipf
	filler  []string
}

func newBenchModel(n int, seed uint64) *benchModel {
	m := &benchModel{
		r:       rand.New(rand.NewPCG(seed, uint64(n))),
		general: newZipf(benchGeneral, 1.1),
		topical: newZipf(benchTopicWords, 1.0),
		filler:  strings.Fields("the of is a for every with and holds when"),
	}
	for range benchDomains {
		m.centres = append(m.centres, core.PlanePosition{Real: m.r.Float64()*1.6 - 0.8, Imaginary: m.r.Float64()*1.6 - 0.8})
	}
	vocab := max(benchTopicWords, n/8)
	for range max(1, n/benchTopicSize) {
		ws := make([]int, benchTopicWords)
		for i := range ws {
			ws[i] = m.r.IntN(vocab)
		}
		m.words = append(m.words, ws)
		c := m.centres[m.r.IntN(benchDomains)]
		m.topics = append(m.topics, core.PlanePosition{
			Real: c.Real + 0.12*m.r.NormFloat64(), Imaginary: c.Imaginary + 0.12*m.r.NormFloat64(),
		}.Clamp())
	}
	return m
}

func (m *benchModel) primitive(id string, topic int) core.Primitive {
	r := m.r
	kws := []string{benchWord(1_000_000_000 + m.general.draw(r))}
	for len(kws) < 8 {
		w := benchWord(m.words[topic][m.topical.draw(r)])
		if !containsStr(kws, w) {
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
		Plane:             core.PlanePosition{Real: t.Real + 0.04*r.NormFloat64(), Imaginary: t.Imaginary + 0.04*r.NormFloat64()}.Clamp(),
		FormalStatement:   stmt,
		ComputationalForm: "Defines: " + strings.Join(words[:6], " "),
		Keywords:          kws,
		Provenance:        core.Provenance{ContentHash: text.ContentHash(stmt)},
	}
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func benchSet(n int) *benchData {
	benchOnce[n].Do(func() {
		start := time.Now()
		// Building a large heap from scratch: collect less often.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
		m := newBenchModel(n, 42)
		reg := NewIndex()
		stored := make([]core.Primitive, 0, benchCands/4)
		for i := range n {
			p := m.primitive(fmt.Sprintf("p%d", i), m.r.IntN(len(m.topics)))
			reg.Add(p)
			if i%max(1, n/(benchCands/4)) == 0 && len(stored) < benchCands/4 {
				stored = append(stored, p)
			}
		}
		cands := make([]core.Primitive, 0, benchCands)
		for i := range benchCands {
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
		benchSets[n] = &benchData{reg: reg, cands: cands, build: time.Since(start)}
		// Collect now rather than inside the timed loop.
		debug.SetGCPercent(100)
		runtime.GC()
	})
	return benchSets[n]
}

// BenchmarkCheck checks 10 000 candidates against registries of 10k, 100k
// and 1M synthetic primitives (see the model above) and reports the time
// per candidate, which should stay about constant, after an untimed pass
// whose time per candidate is reported as cold-ns/candidate (the first
// sight of each word pays for its stemming).
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("registry=%d", n), func(b *testing.B) {
			if n >= 1_000_000 && testing.Short() {
				b.Skip("1M registry skipped under -short")
			}
			data := benchSet(n)
			d := NewDeduper(data.reg, DefaultConfig())
			// A first, untimed pass fills the stem cache of core/text with
			// the registry's vocabulary; its time is reported as cold.
			start := time.Now()
			for i := range data.cands {
				if _, err := d.Check(&data.cands[i]); err != nil {
					b.Fatal(err)
				}
			}
			cold := time.Since(start)
			matches, dups := 0, 0
			b.ResetTimer()
			for range b.N {
				matches, dups = 0, 0
				for i := range data.cands {
					v, err := d.Check(&data.cands[i])
					if err != nil {
						b.Fatal(err)
					}
					matches += len(v.Matches)
					if v.Best != nil && v.Best.Class == core.ExactDuplicate {
						dups++
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(data.cands)), "ns/candidate")
			b.ReportMetric(float64(matches)/float64(len(data.cands)), "matches/candidate")
			b.ReportMetric(float64(dups)/float64(len(data.cands)), "exact-dup-share")
			b.ReportMetric(data.build.Seconds(), "setup-s")
			b.ReportMetric(float64(cold.Nanoseconds())/float64(len(data.cands)), "cold-ns/candidate")
		})
	}
}
