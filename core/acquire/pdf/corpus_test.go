package pdf

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

const corpusPDF = "textbook_winitzki-linear-algebra-via-exterior-products.pdf"

func corpusDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("LORE_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "corpus")
	}
	if _, err := os.Stat(filepath.Join(dir, corpusPDF)); err != nil {
		t.Skipf("corpus not available (%v); set LORE_CORPUS", err)
	}
	return dir
}

var (
	recallHyphen = regexp.MustCompile(`(\p{L})-[ \t]*\r?\n[ \t]*(\p{L})`)
	recallWord   = regexp.MustCompile(`\p{L}+`)
	ligatures    = strings.NewReplacer("\uFB00", "ff", "\uFB01", "fi", "\uFB02", "fl", "\uFB03", "ffi", "\uFB04", "ffl", "\uFB05", "st", "\uFB06", "st")
)

// recallWords returns the multiset of alphabetic words (3+ letters,
// lowercased) after joining line-end hyphenation and unfolding ligatures.
func recallWords(s string) map[string]int {
	s = ligatures.Replace(s)
	s = recallHyphen.ReplaceAllString(s, "$1$2")
	m := map[string]int{}
	for _, w := range recallWord.FindAllString(s, -1) {
		if len([]rune(w)) >= 3 {
			m[strings.ToLower(w)]++
		}
	}
	return m
}

func wordRecall(ref, got string) (float64, int) {
	rw, gw := recallWords(ref), recallWords(got)
	total, hit := 0, 0
	for w, n := range rw {
		total += n
		hit += min(n, gw[w])
	}
	if total == 0 {
		return 0, 0
	}
	return float64(hit) / float64(total), total
}

func TestCorpusTextbookRecall(t *testing.T) {
	dir := corpusDir(t)
	data, err := os.ReadFile(filepath.Join(dir, corpusPDF))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(corpusPDF, ".pdf")+".pdftotext.txt"))
	if err != nil {
		t.Skipf("reference text missing: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	runtime.GC()
	prev := runtime.GOMAXPROCS(1) // measure single-core throughput
	cpu0, start := processCPU(), time.Now()
	got, err := Text(ctx, strings.NewReader(string(data)), int64(len(data)))
	el, cpu := time.Since(start), processCPU()-cpu0
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	const pages = 127
	rec, total := wordRecall(string(ref), got)
	{
		g := &guardedReader{r: strings.NewReader(string(data)), ctx: ctx, budget: 1 << 62}
		if _, err := Text(ctx, g, int64(len(data))); err != nil {
			t.Fatal(err)
		}
		t.Logf("bytes read: %d (%.1f× file size; budget %.0f×)", 1<<62-g.budget, float64(1<<62-g.budget)/float64(len(data)), float64(readBudget(int64(len(data))))/float64(len(data)))
	}
	t.Logf("recall %.4f of %d reference words; %d chars; wall %.2fs = %.1f pages/s; CPU %.2fs = %.1f pages/s (GOMAXPROCS=1)",
		rec, total, len(got), el.Seconds(), pages/el.Seconds(), cpu.Seconds(), pages/cpu.Seconds())
	if out := os.Getenv("LORE_PDF_DUMP"); out != "" {
		_ = os.WriteFile(out, []byte(got), 0o644)
	}
	// Floors: measured 0.9771 recall and ~190 pages/s of CPU time on one core.
	const recallFloor, pagesPerSecFloor = 0.97, 20.0
	if rec < recallFloor {
		t.Errorf("recall %.4f below floor %.2f", rec, recallFloor)
	}
	if cpu > 0 && !raceEnabled && !testing.Short() {
		if pps := pages / cpu.Seconds(); pps < pagesPerSecFloor {
			t.Errorf("%.1f pages/s of CPU time, below floor %.0f", pps, pagesPerSecFloor)
		}
	}
}
