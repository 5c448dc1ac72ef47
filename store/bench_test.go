package store_test

import (
	"context"
	"fmt"
	"testing"

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
