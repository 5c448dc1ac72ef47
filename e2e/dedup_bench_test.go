package e2e_test

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store"
)

// The synthetic registry model, copied from core/dedup/bench_test.go (same
// constants, same seed, same sequence of random draws, so the store here and
// the in-memory Index there hold the same primitives and are checked with the
// same candidates; keep the two in step):
//
//   - Plane: 15 domain centres, uniform in [−0.8, 0.8]². A topic (what one
//     textbook section is about) holds about ddTopicSize primitives, so the
//     number of topics grows with the registry. A topic sits at its domain's
//     centre plus a normal offset (σ 0.12 per axis); its primitives at the
//     topic's point plus a normal offset (σ 0.04). The plane gets denser as
//     the registry grows, so at 1M the plane alone filters little.
//   - Vocabulary: V = N/8 topical words plus 64 general words shared by
//     everything. Each topic picks its 24 words uniformly from the V, so a
//     topical word belongs to about ten topics whatever N is: the density of
//     a topical word near any point stays fixed, which is the condition
//     under which the cost per candidate should not grow with N.
//   - Keywords: eight per primitive: one general word drawn Zipf-like
//     (s 1.1) from the 64, whose postings grow with the registry, and seven
//     distinct topic words drawn Zipf-like (s 1.0) from the topic's 24.
//   - Statements: the keywords in random order with filler words; the
//     content hash is text.ContentHash of the statement.
//
// The only addition is Domain ("domain-NN", the topic's domain centre), taken
// from a draw the model makes anyway, so that the store's domain index is
// filled as it would be; it changes no random draw.
//
// The candidates are 10 000 primitives of the same model: one in four is a
// re-extraction of a stored primitive (same statement and keywords, new id,
// position jittered by 0.01), three in four are new primitives of existing
// topics.
const (
	ddDomains    = 15
	ddTopicSize  = 20
	ddTopicWords = 24
	ddGeneral    = 64
	ddCands      = 10000
)

// ddWord is a made-up letters-only word (never a stopword) for id i.
func ddWord(i int) string {
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

// ddZipf draws a rank in [0, n) with probability ∝ 1/(rank+1)^s.
type ddZipf []float64

func newDDZipf(n int, s float64) ddZipf {
	z := make(ddZipf, n)
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

func (z ddZipf) draw(r *rand.Rand) int {
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

type ddModel struct {
	r       *rand.Rand
	centres []core.PlanePosition
	topics  []core.PlanePosition
	domains []int   // each topic's domain centre
	words   [][]int // each topic's 24 vocabulary word numbers
	general ddZipf
	topical ddZipf
	filler  []string
}

func newDDModel(n int, seed uint64) *ddModel {
	m := &ddModel{
		r:       rand.New(rand.NewPCG(seed, uint64(n))),
		general: newDDZipf(ddGeneral, 1.1),
		topical: newDDZipf(ddTopicWords, 1.0),
		filler:  strings.Fields("the of is a for every with and holds when"),
	}
	for range ddDomains {
		m.centres = append(m.centres, core.PlanePosition{Real: m.r.Float64()*1.6 - 0.8, Imaginary: m.r.Float64()*1.6 - 0.8})
	}
	vocab := max(ddTopicWords, n/8)
	for range max(1, n/ddTopicSize) {
		ws := make([]int, ddTopicWords)
		for i := range ws {
			ws[i] = m.r.IntN(vocab)
		}
		m.words = append(m.words, ws)
		d := m.r.IntN(ddDomains)
		c := m.centres[d]
		m.domains = append(m.domains, d)
		m.topics = append(m.topics, core.PlanePosition{
			Real: c.Real + 0.12*m.r.NormFloat64(), Imaginary: c.Imaginary + 0.12*m.r.NormFloat64(),
		}.Clamp())
	}
	return m
}

func (m *ddModel) primitive(id string, topic int) core.Primitive {
	r := m.r
	kws := []string{ddWord(1_000_000_000 + m.general.draw(r))}
	for len(kws) < 8 {
		w := ddWord(m.words[topic][m.topical.draw(r)])
		if !ddContains(kws, w) {
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

func ddContains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// registryAdapter is the engine's registry adapter (core/engine/merge.go,
// unexported there): the store answers the deduper's prefilter question.
type registryAdapter struct{ st *store.Store }

func (r registryAdapter) Near(p *core.Primitive, cfg dedup.Config) ([]core.Primitive, error) {
	return r.st.Near(p, cfg.MaxDistance, cfg.MinSharedKeywords, cfg.CompareLimit())
}

type ddStoreSet struct {
	st    *store.Store
	cands []core.Primitive
	build time.Duration // generating and committing the registry
	bytes int64         // the store directory's size after the commit
}

// buildDDStore opens a Badger store in dir and commits n primitives of the
// model to it in one session; it returns the store and the candidates.
func buildDDStore(b *testing.B, dir string, n int) *ddStoreSet {
	start := time.Now()
	old := debug.SetGCPercent(400)
	m := newDDModel(n, 42)
	changes := make([]core.Change, 0, n)
	stored := make([]core.Primitive, 0, ddCands/4)
	for i := range n {
		p := m.primitive(fmt.Sprintf("p%d", i), m.r.IntN(len(m.topics)))
		changes = append(changes, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
		if i%max(1, n/(ddCands/4)) == 0 && len(stored) < ddCands/4 {
			stored = append(stored, p)
		}
	}
	cands := make([]core.Primitive, 0, ddCands)
	for i := range ddCands {
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
	gen := time.Since(start)
	st, err := store.Open(dir, store.Options{GCInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CommitSession(context.Background(), core.Session{ID: fmt.Sprintf("bench-%d", n)}, changes); err != nil {
		st.Close()
		b.Fatal(err)
	}
	if got, err := st.Count(); err != nil || got != n {
		st.Close()
		b.Fatalf("store holds %d primitives (%v), want %d", got, err, n)
	}
	set := &ddStoreSet{st: st, cands: cands, build: time.Since(start), bytes: dirSize(dir)}
	b.Logf("registry=%d: generated in %v, committed in %v, %.0f MB on disk",
		n, gen.Round(time.Millisecond), (set.build - gen).Round(time.Millisecond), float64(set.bytes)/1e6)
	changes = nil
	debug.SetGCPercent(old)
	runtime.GC()
	return set
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// BenchmarkDedupStore checks 10 000 candidates against a real (on-disk
// Badger) store holding 10k, 100k and 1M primitives of the model above,
// through the Deduper with the store as its Registry, as stage 6 of learn
// does but without Remember: every lookup goes to the store and the run
// index stays empty. The target is 10k candidates against 1M in under 5 s on
// one core (run with -cpu 1) and a time per candidate within 2× from 10k to
// 1M.
//
// Each registry is built once per run of the benchmark (in the parent's
// temporary directory, so b.N rounds of a size share it; -count > 1 builds
// again). Reported: ns/candidate and total-s of the timed pass, which
// follows an untimed cold pass (reported as cold-ns/candidate) that warms
// the stem cache of core/text, the deduper's feature cache and Badger's
// block cache as the in-memory benchmark does; matches/candidate (after
// the prefilter and the MaxCompared bound); exact-dup-share; build-s (model
// plus CommitSession) and store-MB.
func BenchmarkDedupStore(b *testing.B) {
	parent := b
	sets := map[int]*ddStoreSet{}
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("registry=%d", n), func(b *testing.B) {
			if n >= 1_000_000 && testing.Short() {
				b.Skip("1M registry skipped under -short")
			}
			set := sets[n]
			if set == nil {
				set = buildDDStore(b, parent.TempDir(), n)
				sets[n] = set
				parent.Cleanup(func() { set.st.Close() })
			}
			d := dedup.NewDeduper(registryAdapter{set.st}, dedup.DefaultConfig())
			start := time.Now()
			for i := range set.cands {
				if _, err := d.Check(&set.cands[i]); err != nil {
					b.Fatal(err)
				}
			}
			cold := time.Since(start)
			matches, dups := 0, 0
			b.ResetTimer()
			for range b.N {
				matches, dups = 0, 0
				for i := range set.cands {
					v, err := d.Check(&set.cands[i])
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
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N*len(set.cands))
			b.ReportMetric(per, "ns/candidate")
			b.ReportMetric(per*ddCands/1e9, "total-s")
			b.ReportMetric(float64(matches)/float64(len(set.cands)), "matches/candidate")
			b.ReportMetric(float64(dups)/float64(len(set.cands)), "exact-dup-share")
			b.ReportMetric(float64(cold.Nanoseconds())/float64(len(set.cands)), "cold-ns/candidate")
			b.ReportMetric(set.build.Seconds(), "build-s")
			b.ReportMetric(float64(set.bytes)/1e6, "store-MB")
		})
	}
}
