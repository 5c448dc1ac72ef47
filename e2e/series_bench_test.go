package e2e_test

import (
	"fmt"
	"testing"

	"github.com/lore-kb/lore/internal/corpus"
)

// BenchmarkLearnDryRunTextbookSeries is BenchmarkLearnDryRun at 1, 4, 16 and
// 64 MiB of corpus.TextbookFile: all seven stages, a real in-memory store, built-in
// domains. ns/MiB stays flat when the run is linear in its input, and
// peak-heap/input is the largest live heap seen during a run over the size
// of the input, the figure the memory budget (10×) is about.
func BenchmarkLearnDryRunTextbookSeries(b *testing.B) {
	for _, mib := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			benchLearn(b, corpus.TextbookFile(b, mib<<20))
		})
	}
}
