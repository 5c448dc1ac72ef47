package e2e_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/heappeak"
	"github.com/lore-kb/lore/internal/synth"
	"github.com/lore-kb/lore/store"
)

// BenchmarkLearnDryRun measures `lore learn --dry-run` end to end (all seven
// stages, real in-memory store, built-in domains) on 1 MiB of textbook.
func BenchmarkLearnDryRun(b *testing.B) {
	benchLearn(b, corpus.TextbookFile(b, 1<<20))
}

// benchLearn measures a dry run of src through every stage, reporting
// ns/MiB (flat when the cost is linear in the input), the largest heap a
// run held over the input's size (the memory budget is 10×), and the
// candidates found, so that a faster run that finds less shows it. The
// store is the one lore learn --dry-run reads where none exists yet.
func benchLearn(b *testing.B, src string) {
	info, err := os.Stat(src)
	if err != nil {
		b.Fatal(err)
	}
	s, err := store.OpenEmpty()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	opts := engine.LearnOptions{Domains: builtinDomains(b), DryRun: true}
	opts.Policy.Approve = true
	// The random words of a large dense source happen to spell a
	// critical finding ("ignore previous"); the run past the gate is
	// what is measured.
	opts.Policy.ForceCritical = true
	// 64 MiB is over the default per-file limit, which is about what a
	// person may mean to learn, not what lore can.
	opts.Acquire.MaxFileSize = max(acquire.DefaultMaxFileSize, 2*info.Size())
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
}

// denseFile writes about size bytes of synth.Dense, shaped like the
// reference's "textbook" measurement input, drawing from the vocabulary of
// the corpus's linear-algebra textbook: about 3,000 primitives per MiB, far
// denser than a real book.
func denseFile(tb testing.TB, size int) string {
	tb.Helper()
	raw, err := os.ReadFile(corpus.Path(tb, "textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt"))
	if err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	var sb strings.Builder
	if err := synth.Dense(&sb, size, synth.Vocab(string(raw))); err != nil {
		tb.Fatal(err)
	}
	p := filepath.Join(tb.TempDir(), "dense.md")
	if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkLearnDryRunDense is BenchmarkLearnDryRun on denseFile, growing
// from 1 to 64 MiB: ns/MiB stays flat when the run's cost is linear in its
// size. The 64 MiB case takes minutes; -short skips it.
func BenchmarkLearnDryRunDense(b *testing.B) {
	for _, mib := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			if mib > 16 && testing.Short() {
				b.Skip("-short")
			}
			benchLearn(b, denseFile(b, mib<<20))
		})
	}
}

// BenchmarkCommit100k measures committing one session that adds 100,000
// primitives shaped like extracted ones (statement, keywords, edges).
func BenchmarkCommit100k(b *testing.B) {
	changes := termChanges(100_000, func(i int) int { return i - 1 })
	var closing time.Duration
	n := 0
	for ; b.Loop(); n++ {
		b.StopTimer()
		s, err := store.Open(b.TempDir(), store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := s.CommitSession(context.Background(), core.Session{ID: fmt.Sprintf("s%d", n)}, changes); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		// Closing merges what the commit left in L0 into the tree; a
		// process that learns pays it on exit, so it is reported too.
		start := time.Now()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		closing += time.Since(start)
		b.StartTimer()
	}
	b.ReportMetric(closing.Seconds()/float64(n), "close-s/op")
}

// termChanges adds n primitives shaped like extracted ones (statement,
// keywords, one requires edge to parent(i) for every i > 0).
func termChanges(n int, parent func(i int) int) []core.Change {
	changes := make([]core.Change, n)
	for i := range changes {
		p := core.Primitive{
			ID: fmt.Sprintf("structure-term-%06d", i), Name: fmt.Sprintf("Term %d", i), Type: core.Definition,
			Domain: "structure", Section: "1.1", Plane: core.PlanePosition{Real: float64(i%20)/10 - 1, Imaginary: float64(i%13)/6.5 - 1},
			FormalStatement: fmt.Sprintf("A term %d is a vector space with a basis of dimension %d over a field.", i, i%7),
			Keywords:        []string{"term", "vector", "space", "basi", fmt.Sprintf("k%d", i%5000)},
			Confidence:      0.9,
			Provenance:      core.Provenance{Document: "book.tex", Offset: i * 100, ContentHash: fmt.Sprintf("%064x", i)},
		}
		if i > 0 {
			p.Dependencies = []core.Edge{{Target: fmt.Sprintf("structure-term-%06d", parent(i)), Type: core.Requires, Strength: 0.5}}
		}
		changes[i] = core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p}
	}
	return changes
}
