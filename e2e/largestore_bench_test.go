package e2e_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// BenchmarkLearnIntoLargeStore measures a dry run of the sample chapter
// against a store already holding n primitives: what one small learn costs
// a large library. Every stage that reads the store (dedup against the
// stored neighbours, the names a candidate shares, the stored statements
// naming a new term) is in it, so a read that grows with the store shows
// as ns/op growing with n.
func BenchmarkLearnIntoLargeStore(b *testing.B) {
	src := filepath.Join(b.TempDir(), assets.SampleName)
	if err := os.WriteFile(src, assets.Sample(), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("stored=%d", n), func(b *testing.B) {
			if n >= 100_000 && testing.Short() {
				b.Skip("100k store skipped under -short")
			}
			st, err := store.Open(b.TempDir(), store.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			if err := st.CommitSession(context.Background(), core.Session{ID: "s0"}, termChanges(n, func(i int) int { return i - 1 })); err != nil {
				b.Fatal(err)
			}
			opts := engine.LearnOptions{Domains: builtinDomains(b), DryRun: true}
			opts.Policy.Approve = true
			for b.Loop() {
				if _, err := engine.Learn(context.Background(), st, src, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
