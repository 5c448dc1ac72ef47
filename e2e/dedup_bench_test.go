package e2e_test

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/synth"
	"github.com/lore-kb/lore/store"
)

// The registries and candidates are internal/synth's, the same as the
// in-memory benchmark of core/dedup, so the two sets of figures compare;
// the deduper reaches the store through engine.Registry, as learning does.

type ddStoreSet struct {
	st    *store.Store
	cands []core.Primitive
	build time.Duration // generating and committing the registry
	bytes int64         // the store directory's size after the commit
}

// buildDDStore opens a Badger store in dir and commits n primitives of the
// synthetic model to it in one session; it returns the store and the
// candidates.
func buildDDStore(b *testing.B, dir string, n int) *ddStoreSet {
	start := time.Now()
	old := debug.SetGCPercent(400)
	var changes []core.Change
	cands := synth.Registry(n, 42, func(p core.Primitive) {
		changes = append(changes, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
	})
	gen := time.Since(start)
	st, err := store.Open(dir, store.Options{GCInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CommitSession(context.Background(), core.Session{ID: fmt.Sprintf("bench-%d", n)}, changes); err != nil {
		st.Close()
		b.Fatal(err)
	}
	// A learn opens a store some earlier process wrote and closed; closing
	// here also lets Badger finish the compactions the bulk commit started,
	// which would otherwise compete with the measured queries.
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	if st, err = store.Open(dir, store.Options{GCInterval: -1}); err != nil {
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
// Badger) store holding 10k, 100k and 1M synthetic primitives,
// through the Deduper with engine.Registry, as stage 6 of learn
// does but without Remember: every lookup goes to the store and the run
// index stays empty. The target is 10k candidates against 1M in under 5 s on
// one core (run with -cpu 1) and a time per candidate within 2× from 10k to
// 1M.
//
// Each registry is built once per run of the benchmark (in the parent's
// temporary directory, so b.N rounds of a size share it; -count > 1 builds
// again). Reported: ns/candidate and total-s of the timed pass, which
// follows an untimed cold pass (reported as cold-ns/candidate) that warms
// the stem cache of core/text and the page cache of the store's files (the
// store keeps no block cache; stored primitives are compared from their
// dedup records, so the deduper's feature cache is not involved);
// matches/candidate (after
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
			d := dedup.NewDeduper(engine.Registry(set.st), dedup.DefaultConfig())
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
			b.ReportMetric(per*synth.Candidates/1e9, "total-s")
			b.ReportMetric(float64(matches)/float64(len(set.cands)), "matches/candidate")
			b.ReportMetric(float64(dups)/float64(len(set.cands)), "exact-dup-share")
			b.ReportMetric(float64(cold.Nanoseconds())/float64(len(set.cands)), "cold-ns/candidate")
			b.ReportMetric(set.build.Seconds(), "build-s")
			b.ReportMetric(float64(set.bytes)/1e6, "store-MB")
		})
	}
}
