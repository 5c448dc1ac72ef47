package e2e_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// A process that learns many sources (lore serve, the terminal application)
// must not keep their texts: once Learn has returned and its result is let
// go, the heap is back to about where it was, whatever caches the stages
// fill on the way. The source is 1 MiB of short paragraphs in a vocabulary
// of a few hundred words no other test uses (what the caches may rightly
// keep of them is small beside the text, and no earlier run can have
// filled the caches with them).
func TestLearnKeepsNoTextOfItsSource(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	// Words of five letters from a pattern of consonants and vowels: not
	// English, not stopwords, and each a term the stages stem and count.
	var vocab []string
	for _, a := range "bdfgk" {
		for _, b := range "aeiou" {
			for _, c := range "lmnrs" {
				for _, d := range "aeo" {
					vocab = append(vocab, "zv"+string([]rune{a, b, c, d}))
				}
			}
		}
	}
	var sb strings.Builder
	r := rand.New(rand.NewPCG(1, 2))
	w := func() string { return vocab[r.IntN(len(vocab))] }
	for i := 0; sb.Len() < 1<<20; i++ {
		if i%8 == 0 {
			fmt.Fprintf(&sb, "## %d. The %s %s\n\n", i/8+1, w(), w())
		}
		fmt.Fprintf(&sb, "**Term %d** is a %s %s such that every %s %s %s has a %s %s.\n\n", i, w(), w(), w(), w(), w(), w(), w())
	}
	text := sb.String()
	src := filepath.Join(t.TempDir(), "terms.md")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := store.OpenEmpty()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	opts := engine.LearnOptions{Domains: builtinDomains(t), DryRun: true}
	// The least of a few readings: a goroutine of the runtime or of a
	// library allocating between a collection and its reading is not what
	// the learn kept.
	heap := func() uint64 {
		least := uint64(math.MaxUint64)
		for range 3 {
			runtime.GC()
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			least = min(least, ms.HeapAlloc)
		}
		return least
	}
	before := heap()
	if _, err := engine.Learn(context.Background(), s, src, opts); err != nil {
		t.Fatalf("learn %s: %v", src, err)
	}
	after := heap()
	size := uint64(len(text))
	// Half the text: the source held would be all of it and more (its
	// statements, its sections); the bounded caches the stages fill grow
	// by up to a few hundred KiB with this text's new words, more when a
	// cache's map doubles on the way, which depends on what earlier tests
	// left in it (a quarter failed one run in three under load).
	if after > before+size/2 {
		t.Fatalf("the heap grew by %.1f MiB over a learn of %.1f MiB and kept it after the run: the source's text is still held",
			float64(after-before)/(1<<20), float64(size)/(1<<20))
	}
	t.Logf("heap %.1f MiB before, %.1f MiB after a %.1f MiB learn", float64(before)/(1<<20), float64(after)/(1<<20), float64(size)/(1<<20))
}
