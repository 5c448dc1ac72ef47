package e2e_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/heappeak"
	"github.com/lore-kb/lore/store"
)

// BenchmarkLearnDryRunTextbookSeries is BenchmarkLearnDryRun at 1, 4, 16 and
// 64 MiB of textbookFile: all seven stages, a real in-memory store, built-in
// domains. ns/MiB stays flat when the run is linear in its input, and
// peak-heap/input is the largest live heap seen during a run over the size
// of the input, the figure the memory budget (10×) is about.
func BenchmarkLearnDryRunTextbookSeries(b *testing.B) {
	for _, mib := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			src := textbookFile(b, mib<<20)
			info, err := os.Stat(src)
			if err != nil {
				b.Fatal(err)
			}
			s, err := store.OpenInMemory()
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			opts := engine.LearnOptions{Domains: builtinDomains(b), DryRun: true}
			opts.Policy.Approve = true
			// 64 MiB is over the default per-file limit, which is about
			// what a person may mean to learn, not what lore can.
			opts.Acquire.MaxFileSize = 2 * info.Size()
			b.SetBytes(info.Size())
			b.ReportAllocs()
			runtime.GC()
			var peak uint64
			var res *engine.LearnResult
			for b.Loop() {
				peak = max(peak, heappeak.Of(func() {
					res, err = engine.Learn(context.Background(), s, src, opts)
				}))
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(info.Size())*(1<<20), "ns/MiB")
			b.ReportMetric(float64(peak)/float64(info.Size()), "peak-heap/input")
			b.ReportMetric(float64(res.Analysis.Candidates), "candidates")
		})
	}
}
