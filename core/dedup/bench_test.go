package dedup

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/synth"
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

func benchSet(n int) *benchData {
	benchOnce[n].Do(func() {
		start := time.Now()
		// Building a large heap from scratch: collect less often.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
		reg := NewIndex()
		cands := synth.Registry(n, 42, reg.Add)
		benchSets[n] = &benchData{reg: reg, cands: cands, build: time.Since(start)}
		// Collect now rather than inside the timed loop.
		debug.SetGCPercent(100)
		runtime.GC()
	})
	return benchSets[n]
}

// BenchmarkCheck checks 10 000 candidates against registries of 10k, 100k
// and 1M synthetic primitives (the model of internal/synth) and reports the time
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

// BenchmarkWithinRunDense runs one dense source's candidates (the model of
// synth.DenseRun: every candidate at one plane position, sharing two
// keywords with a fixed share of those before it) through a Deduper with
// an empty registry, checking and remembering each, as stage 6 of learn
// does, for runs of 1k to 32k candidates. The time per candidate is the
// within-run dedup's cost; it should not grow with the run. cpu-ns is the
// process's CPU time per candidate (garbage collection included), steadier
// than the wall time on a shared machine.
func BenchmarkWithinRunDense(b *testing.B) {
	for _, n := range []int{1_000, 2_000, 4_000, 8_000, 16_000, 32_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			cands := synth.DenseRun(n, 7)
			matches := 0
			cpu := cpuTime()
			for b.Loop() {
				d := NewDeduper(nil, DefaultConfig())
				matches = 0
				for i := range cands {
					v, err := d.Check(&cands[i])
					if err != nil {
						b.Fatal(err)
					}
					matches += len(v.Matches)
					if v.Best == nil || v.Best.Class != core.ExactDuplicate {
						d.Remember(cands[i])
					}
				}
			}
			cpu = cpuTime() - cpu
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/candidate")
			if cpu > 0 {
				b.ReportMetric(float64(cpu)/float64(b.N*n), "cpu-ns/candidate")
			}
			b.ReportMetric(float64(matches)/float64(n), "matches/candidate")
		})
	}
}
