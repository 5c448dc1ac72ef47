package e2e_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// BenchmarkLearnDryRunBookFolder learns a real LaTeX book folder (its main
// file, chapters, style files and whatever else the author keeps beside
// them) as `lore learn FOLDER --dry-run` does, through every stage on an
// empty in-memory store. The folder is LORE_BENCH_BOOK, a book of about
// 2 MiB such as a dev work of eval/authors laid out by its fetch script;
// issue 80 bounds the time to learn one at 1.2× what it took before macro
// expansion and include following were added. It reports ns/MiB of the
// folder's files and the candidates found, so a faster run that finds
// less shows it, and the CPU time of a run beside its wall time.
func BenchmarkLearnDryRunBookFolder(b *testing.B) {
	dir := os.Getenv("LORE_BENCH_BOOK")
	if dir == "" {
		b.Skip("LORE_BENCH_BOOK is not set: give it a LaTeX book folder of about 2 MiB (e.g. a dev work of eval/authors)")
	}
	var size int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		size += info.Size()
		return nil
	})
	if err != nil {
		b.Skipf("LORE_BENCH_BOOK %s cannot be read: %v", dir, err)
	}
	s, err := store.OpenEmpty()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	opts := engine.LearnOptions{Domains: builtinDomains(b), DryRun: true}
	opts.Policy.Approve = true
	b.SetBytes(size)
	b.ReportAllocs()
	runtime.GC()
	var res *engine.LearnResult
	cpu0 := cpuTime()
	for b.Loop() {
		res, err = engine.Learn(context.Background(), s, dir, opts)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size)*(1<<20), "ns/MiB")
	// Several programs share a build machine; the CPU time a run took
	// is what to compare where the wall time also counts the waits.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(res.Analysis.Candidates), "candidates")
}
