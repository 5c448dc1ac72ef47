package analyze

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// benchInput repeats corpus documents of one format up to size bytes.
func benchInput(b *testing.B, size int, f core.Format, names ...string) string {
	dir := corpusDir(b)
	var parts []string
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			b.Fatal(err)
		}
		parts = append(parts, string(data))
	}
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		sb.WriteString(parts[i%len(parts)])
		sb.WriteString("\n\n")
	}
	return sb.String()[:size]
}

// BenchmarkAnalyze measures the whole stage (sections, classification,
// domains with the built-in set, word count) on textbook-like LaTeX and
// Markdown at 1 MiB and 8 MiB; the MB/s column is the throughput.
func BenchmarkAnalyze(b *testing.B) {
	domains := builtinDomains(b)
	inputs := []struct {
		name   string
		format core.Format
		files  []string
	}{
		{"latex", core.FormatLaTeX, []string{"latex_ods_sorting.tex", "latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex"}},
		{"markdown", core.FormatMarkdown, []string{"apiref_goldmark_README.md", "tutorial-steps_bitnami_redis-sentinel_README.md"}},
	}
	for _, in := range inputs {
		for _, size := range []int{1 << 20, 8 << 20} {
			b.Run(fmt.Sprintf("%s/%dMiB", in.name, size>>20), func(b *testing.B) {
				doc := &core.Document{Format: in.format, Text: benchInput(b, size, in.format, in.files...)}
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					Analyze(doc, domains)
				}
			})
		}
	}
}
