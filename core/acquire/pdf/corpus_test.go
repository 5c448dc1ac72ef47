package pdf

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/internal/corpus"
)

const corpusPDF = "textbook_winitzki-linear-algebra-via-exterior-products.pdf"

func corpusDir(t testing.TB) string {
	t.Helper()
	return filepath.Dir(corpus.Path(t, corpusPDF))
}

var (
	recallHyphen = regexp.MustCompile(`(\p{L})-[ \t]*\r?\n[ \t]*(\p{L})`)
	recallWord   = regexp.MustCompile(`\p{L}+`)
	ligatures    = strings.NewReplacer("\uFB00", "ff", "\uFB01", "fi", "\uFB02", "fl", "\uFB03", "ffi", "\uFB04", "ffl", "\uFB05", "st", "\uFB06", "st")
)

// recallWords returns the multiset of alphabetic words (3+ letters,
// lowercased) after joining line-end hyphenation and unfolding ligatures.
func recallWords(s string) map[string]int {
	// Both texts composed alike: poppler leaves a TeX accent apart from
	// its letter ("A" and U+0302), lore composes them ("Â").
	s = norm.NFC.String(ligatures.Replace(s))
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

// corpusTexts reads the textbook PDF with lore's reader and poppler's
// reference text of it.
func corpusTexts(t testing.TB) (data []byte, got, ref string) {
	dir := corpusDir(t)
	data, err := os.ReadFile(filepath.Join(dir, corpusPDF))
	if err != nil {
		t.Fatal(err)
	}
	r, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(corpusPDF, ".pdf")+".pdftotext.txt"))
	if err != nil {
		t.Skipf("reference text missing: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	got, err = Text(ctx, strings.NewReader(string(data)), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return data, got, string(r)
}

// corpusPages is the page count of the corpus textbook.
const corpusPages = 127

// TestCorpusTextbook measures the reader on the corpus textbook against
// poppler's text of it (corpus/MANIFEST.md): word recall, reading order
// (the share of the reference's word bigrams found in lore's text), and
// the numbered section headings of the table of contents recovered as
// Markdown headings.
func TestCorpusTextbook(t *testing.T) {
	data, got, ref := corpusTexts(t)
	// poppler runs a script into its base ("vn", "Rn"); lore writes it as
	// a script ("vₙ", "Rⁿ"): compared as poppler writes it.
	got = flattenScripts(got)
	rec, total := wordRecall(ref, got)
	bi, nbi := bigramOverlap(ref, got)
	want, found, missing := headingsRecovered(ref, got)
	t.Logf("recall %.4f of %d words; bigram overlap %.4f of %d bigrams; numbered headings %d/%d (%.1f%%); %d chars",
		rec, total, bi, nbi, found, want, 100*float64(found)/float64(max(want, 1)), len(got))
	if len(missing) > 0 {
		t.Logf("first headings not recovered: %q", missing[:min(8, len(missing))])
	}
	if out := os.Getenv("LORE_PDF_DUMP"); out != "" {
		_ = os.WriteFile(out, []byte(got), 0o644)
	}
	if rec < 0.97 {
		t.Errorf("recall %.4f below 0.97", rec)
	}
	if bi < 0.9 {
		t.Errorf("bigram overlap %.4f below 0.9", bi)
	}
	if want < 100 || float64(found) < 0.8*float64(want) {
		t.Errorf("numbered headings recovered %d of %d, want at least 80%% of 100+", found, want)
	}
	{
		ctx := context.Background()
		g := &guardedReader{r: strings.NewReader(string(data)), ctx: ctx, budget: 1 << 62}
		if _, err := Text(ctx, g, int64(len(data))); err != nil {
			t.Fatal(err)
		}
		t.Logf("bytes read: %d (%.1f× file size; budget %.0f×)", 1<<62-g.budget, float64(1<<62-g.budget)/float64(len(data)), float64(readBudget(int64(len(data))))/float64(len(data)))
	}
}

// bareScript is a one-character script written with its mark, "e_N".
var bareScript = regexp.MustCompile(`([\p{L}\p{N}])[_^]([\p{L}\p{N}])`)

// flattenScripts writes Unicode's script characters as the characters
// they raise or lower, and a one-character script after a letter or digit
// without its mark: "vₙ" → "vn", "e⁻¹" → "e−1", "e_N" → "eN".
func flattenScripts(s string) string {
	s = bareScript.ReplaceAllString(s, "$1$2")
	flat := map[rune]rune{}
	for _, m := range []map[rune]rune{superscripts, subscripts} {
		for base, script := range m {
			if _, ok := flat[script]; !ok || base == '−' {
				flat[script] = base
			}
		}
	}
	return strings.Map(func(r rune) rune {
		if b, ok := flat[r]; ok {
			return b
		}
		return r
	}, s)
}

var bigramWord = regexp.MustCompile(`\p{L}+|\p{N}+`)

// bigramOverlap is the share of the reference's consecutive word pairs
// (lowercased, hyphenation joined, ligatures unfolded; multiset) that
// also occur in got: a reading-order measure, since words in the wrong
// order make pairs the reference does not have.
func bigramOverlap(ref, got string) (float64, int) {
	pairs := func(s string) map[[2]string]int {
		s = recallHyphen.ReplaceAllString(norm.NFC.String(ligatures.Replace(s)), "$1$2")
		ws := bigramWord.FindAllString(strings.ToLower(s), -1)
		m := make(map[[2]string]int, len(ws))
		for i := 1; i < len(ws); i++ {
			m[[2]string{ws[i-1], ws[i]}]++
		}
		return m
	}
	rp, gp := pairs(ref), pairs(got)
	total, hit := 0, 0
	for p, n := range rp {
		total += n
		hit += min(n, gp[p])
	}
	if total == 0 {
		return 0, 0
	}
	return float64(hit) / float64(total), total
}

var (
	tocEntry   = regexp.MustCompile(`(?m)^(\d+(?:\.\d+)+) (.+?)[ .]*\.[ .]*\d*$`)
	headingRow = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	nonAlnum   = regexp.MustCompile(`[^\p{L}\p{N}]+`)
)

// headingsRecovered lists the numbered section headings of the reference's
// table of contents ("1.2.3 Title . . . .") and counts those that appear in
// got as a Markdown heading with the same number and title (compared on
// letters and digits only).
func headingsRecovered(ref, got string) (want, found int, missing []string) {
	norm := func(s string) string { return nonAlnum.ReplaceAllString(strings.ToLower(s), "") }
	have := map[string]bool{}
	for _, m := range headingRow.FindAllStringSubmatch(got, -1) {
		have[norm(m[1])] = true
	}
	seen := map[string]bool{}
	for _, m := range tocEntry.FindAllStringSubmatch(ref, -1) {
		key := norm(m[1] + m[2])
		if seen[key] {
			continue
		}
		seen[key] = true
		want++
		if have[key] {
			found++
		} else {
			missing = append(missing, m[1]+" "+m[2])
		}
	}
	return want, found, missing
}

// BenchmarkCorpusTextbook reports the reader's throughput in pages per
// second; run it with -cpu 1 for the one-core figure.
func BenchmarkCorpusTextbook(b *testing.B) {
	data, _, _ := corpusTexts(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Text(context.Background(), strings.NewReader(string(data)), int64(len(data))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(corpusPages*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkCorpusTextbookPdftotext runs poppler's pdftotext on the same
// file, for comparison (skipped when it is not installed).
func BenchmarkCorpusTextbookPdftotext(b *testing.B) {
	path := filepath.Join(corpusDir(b), corpusPDF)
	if _, err := exec.LookPath("pdftotext"); err != nil {
		b.Skip("pdftotext not installed")
	}
	for b.Loop() {
		if out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output(); err != nil || len(out) == 0 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(corpusPages*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}
