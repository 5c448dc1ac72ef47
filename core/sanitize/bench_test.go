package sanitize

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

const benchSize = 16 << 20

// benchDocs repeats the corpus text documents, each with its own format,
// until they hold benchSize bytes in total.
func benchDocs(b *testing.B) []core.Document {
	src := corpusDocs(b)
	var docs []core.Document
	total := 0
	for i := 0; total < benchSize; i++ {
		d := src[i%len(src)]
		if rest := benchSize - total; len(d.Text) > rest {
			d.Text = d.Text[:rest]
		}
		total += len(d.Text)
		docs = append(docs, d)
	}
	return docs
}

// BenchmarkScan measures a STRANGER scan (every category) of 16 MiB of
// corpus text; the MB/s column is the throughput (run with -cpu 1).
func BenchmarkScan(b *testing.B) {
	docs := benchDocs(b)
	b.SetBytes(benchSize)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := scanDocs(docs, core.Stranger)
		if !r.Passed {
			b.Fatalf("corpus text did not pass: %s", Summary(r))
		}
	}
	b.ReportMetric(float64(b.N)*benchSize/(1<<20)/b.Elapsed().Seconds(), "MiB/s")
}

// BenchmarkPlainWords measures the plain-words pass alone over the same
// 16 MiB of corpus text, so its share of a scan is visible apart from the
// secret patterns that dominate BenchmarkScan.
func BenchmarkPlainWords(b *testing.B) {
	docs := benchDocs(b)
	scs := make([]*scanner, len(docs))
	for i := range docs {
		name, txt := ScannedText(docs[i])
		scs[i] = newScanner(name, txt, docs[i].Format, true, 0)
	}
	b.SetBytes(benchSize)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, sc := range scs {
			sc.plain = plainState{}
			sc.plainWords()
		}
	}
	b.ReportMetric(float64(b.N)*benchSize/(1<<20)/b.Elapsed().Seconds(), "MiB/s")
}
