package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/lore-kb/lore/store"
)

// BenchmarkCommitSession commits a 10k-primitive session into a fresh
// on-disk store per iteration.
func BenchmarkCommitSession(b *testing.B) {
	const n = 10_000
	changes := addChanges(0, n)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		s, err := store.Open(b.TempDir(), store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := s.CommitSession(context.Background(), session(fmt.Sprint("bench-", i)), changes); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "primitives/s")
}

func BenchmarkGetPrimitive(b *testing.B) {
	const n = 10_000
	s, err := store.Open(b.TempDir(), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CommitSession(context.Background(), session("bench"), addChanges(0, n)); err != nil {
		b.Fatal(err)
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("p-%06d", (i*7919)%n)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok, err := s.GetPrimitive(ids[i%n]); err != nil || !ok {
			b.Fatalf("get %s: %v %v", ids[i%n], ok, err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	const n = 10_000
	s, err := store.OpenInMemory()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CommitSession(context.Background(), session("bench"), addChanges(0, n)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Verify(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBackupRestore100k backs up a 100,000-primitive store to a file
// and restores it into a fresh directory (load, open, verify) per iteration.
func BenchmarkBackupRestore100k(b *testing.B) {
	const n = 100_000
	ctx := context.Background()
	s, err := store.Open(b.TempDir(), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CommitSession(ctx, session("bench"), addChanges(0, n)); err != nil {
		b.Fatal(err)
	}
	var backupSecs, restoreSecs float64
	var bytes int64
	for i := 0; b.Loop(); i++ {
		file := filepath.Join(b.TempDir(), "lore.bak")
		start := time.Now()
		info, err := s.BackupFile(ctx, file, false)
		if err != nil {
			b.Fatal(err)
		}
		backupSecs += time.Since(start).Seconds()
		bytes = info.Bytes
		start = time.Now()
		ri, err := store.RestoreFile(ctx, filepath.Join(b.TempDir(), "restored"), file, store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		restoreSecs += time.Since(start).Seconds()
		if ri.Verify.Primitives != n {
			b.Fatalf("restored %d primitives, want %d", ri.Verify.Primitives, n)
		}
	}
	b.ReportMetric(backupSecs/float64(b.N), "backup-s/op")
	b.ReportMetric(restoreSecs/float64(b.N), "restore-s/op")
	b.ReportMetric(float64(bytes), "backup-bytes")
}
