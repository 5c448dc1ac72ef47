package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/internal/corpus"
)

// benchDoc repeats corpus documents of one format to about size bytes:
// textbook-like input with the real density of markers.
func benchDoc(b *testing.B, f core.Format, size int, names ...string) *core.Document {
	dir := corpus.Dir(b)
	var parts []string
	for _, n := range names {
		if buf, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			parts = append(parts, string(buf))
		}
	}
	if len(parts) == 0 {
		b.Skipf("corpus not found at %s (set LORE_CORPUS)", dir)
	}
	var sb strings.Builder
	for sb.Len() < size {
		for _, p := range parts {
			sb.WriteString(p)
			sb.WriteString("\n\n")
		}
	}
	return &core.Document{Path: "bench", Format: f, Text: sb.String()}
}

var benchSets = []struct {
	name   string
	format core.Format
	files  []string
}{
	{"latex", core.FormatLaTeX, []string{"latex_ods_sorting.tex", "latex_openlogic_enumerability.tex", "latex_openintro_ch_probability.tex"}},
	{"pretext", core.FormatPreTeXt, []string{"pretext_levin_discrete_sec_gt-trees.ptx"}},
	{"markdown", core.FormatMarkdown, []string{"apiref_goldmark_README.md", "tutorial-steps_bitnami_redis-sentinel_README.md"}},
}

var benchSizes = []struct {
	name string
	n    int
}{{"1MiB", 1 << 20}, {"8MiB", 8 << 20}}

// BenchmarkExtract measures extraction alone on an analysis made once.
func BenchmarkExtract(b *testing.B) {
	for _, set := range benchSets {
		for _, sz := range benchSizes {
			b.Run(set.name+"/"+sz.name, func(b *testing.B) {
				doc := benchDoc(b, set.format, sz.n, set.files...)
				a := analyze.Analyze(doc, nil)
				if set.format == core.FormatMarkdown {
					a.ContentType = core.Unknown // every strategy: the worst case
				}
				b.SetBytes(int64(len(doc.Text)))
				b.ResetTimer()
				n := 0
				for i := 0; i < b.N; i++ {
					n = len(Extract(a, Options{}))
				}
				b.ReportMetric(float64(n), "primitives")
			})
		}
	}
}

// BenchmarkAnalyzeExtract measures the analyze and extract stages together.
func BenchmarkAnalyzeExtract(b *testing.B) {
	for _, set := range benchSets {
		for _, sz := range benchSizes {
			b.Run(set.name+"/"+sz.name, func(b *testing.B) {
				doc := benchDoc(b, set.format, sz.n, set.files...)
				b.SetBytes(int64(len(doc.Text)))
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					Extract(analyze.Analyze(doc, nil), Options{})
				}
			})
		}
	}
}
