// Command synthmd writes the synthetic Markdown documents of internal/synth
// for measuring whole runs by hand, for example the peak memory of a learn:
//
//	go run ./internal/synth/synthmd -kind dense -size 8M -o /tmp/dense8.md
//	/usr/bin/time -v lore --data-dir /tmp/s learn /tmp/dense8.md --approve --json
//
// -kind dense draws from the vocabulary of a text file (-vocab, default the
// corpus's linear-algebra textbook); -kind paragraphs needs none.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/synth"
)

func main() {
	kind := flag.String("kind", "dense", "dense or paragraphs")
	size := flag.String("size", "1M", "size in bytes, or with a K or M suffix (binary)")
	out := flag.String("o", "", "output file (required)")
	vocab := flag.String("vocab", "", "text file whose words dense draws from (default the corpus textbook)")
	seed := flag.Uint64("seed", 1, "seed of paragraphs")
	flag.Parse()
	if err := run(*kind, *size, *out, *vocab, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "synthmd:", err)
		os.Exit(1)
	}
}

func run(kind, size, out, vocab string, seed uint64) error {
	if out == "" {
		return fmt.Errorf("-o is required")
	}
	n, err := parseSize(size)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	switch kind {
	case "dense":
		if vocab == "" {
			dir, err := corpus.Locate()
			if err != nil {
				return fmt.Errorf("%w (or give -vocab)", err)
			}
			vocab = filepath.Join(dir, "textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt")
		}
		raw, rerr := os.ReadFile(vocab)
		if rerr != nil {
			return rerr
		}
		err = synth.Dense(f, n, synth.Vocab(string(raw)))
	case "paragraphs":
		err = synth.Paragraphs(f, n, seed)
	default:
		return fmt.Errorf("unknown -kind %q", kind)
	}
	if err != nil {
		return err
	}
	return f.Close()
}

func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad -size %q", s)
	}
	return int(n * float64(mult)), nil
}
