package engine

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/heappeak"
)

// textbook builds a LaTeX textbook of about size bytes by repeating the
// corpus chapters, each copy under its own \chapter so the section tree and
// the primitives grow with the input as in a real book.
func textbook(tb testing.TB, size int) string {
	tb.Helper()
	var chapters []string
	for _, name := range []string{"latex_ods_sorting.tex", "latex_openlogic_enumerability.tex", "latex_openintro_ch_probability.tex"} {
		b, err := os.ReadFile(corpus.Path(tb, name))
		if err != nil {
			tb.Skipf("corpus not available (%v); set LORE_CORPUS", err)
		}
		chapters = append(chapters, string(b))
	}
	var sb strings.Builder
	sb.Grow(size + 200<<10)
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, "\\chapter{Part %d}\n", i+1)
		sb.WriteString(chapters[i%len(chapters)])
		sb.WriteString("\n")
	}
	return sb.String()
}

// BenchmarkAnalyzeExtractWire measures the analyze → extract → wire path on
// textbook-like input at 1, 4, 16 and 64 MiB. It reports MiB/s through
// SetBytes, ns per MiB (flat when the work is linear) and the peak live heap
// as a multiple of the input size.
func BenchmarkAnalyzeExtractWire(b *testing.B) {
	for _, mib := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			txt := textbook(b, mib<<20)
			doc := core.Document{Name: "book.tex", Path: "book.tex", Format: core.FormatLaTeX, Text: txt, Bytes: int64(len(txt))}
			b.SetBytes(int64(len(txt)))
			b.ReportAllocs()
			runtime.GC()
			var peak uint64
			var prims int
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := heappeak.Of(func() {
					res, err := Analyze(context.Background(), "book.tex", []core.Document{doc}, AnalyzeOptions{Depth: core.Standard})
					if err != nil {
						b.Fatal(err)
					}
					prims = len(res.Primitives)
				})
				peak = max(peak, p)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(txt))*(1<<20), "ns/MiB")
			b.ReportMetric(float64(peak)/float64(len(txt)), "peak-heap/input")
			b.ReportMetric(float64(prims), "primitives")
		})
	}
}
