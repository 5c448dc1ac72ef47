package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestNormalizedWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		// Line-end hyphenation is joined, a hyphen inside a line splits.
		{"exter-\nior two-column", []string{"exterior", "two", "column"}},
		{"exter-  \r\n  ior", []string{"exterior"}},
		// Ligatures unfold, soft hyphens vanish, case folds, digits stay.
		{"\uFB01nd the e\uFB00ect of Section 3.2", []string{"find", "the", "effect", "of", "section", "3", "2"}},
		{"the gas constant \u00B5 and \u03BC", []string{"the", "gas", "constant", "\u03BC", "and", "\u03BC"}},
		{"hy\u00ADphen", []string{"hyphen"}},
		// Markdown marks and punctuation are not words.
		{"# Heading\n\n*x* + y_1 = 0.", []string{"heading", "x", "y", "1", "0"}},
		{"Überprüfung für Straße", []string{"überprüfung", "für", "straße"}},
		// A hyphen before a digit or at the end of text is not a join.
		{"pages 3-\n4", []string{"pages", "3", "4"}},
	} {
		if got := normalizedWords(c.in); !slices.Equal(got, c.want) {
			t.Errorf("normalizedWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestScoreIdentical(t *testing.T) {
	ref := "Solving consensus requires at least t + 1 rounds.\fThe next page."
	m := score(ref, ref)
	if !near(m.Recall, 1) || !near(m.Order, 1) || m.Foreign != 0 {
		t.Errorf("score(ref, ref) = %+v, want recall 1, order 1, foreign 0", m)
	}
	if m.RefWords != 11 || m.GotWords != 11 {
		t.Errorf("word counts %d, %d, want 11, 11", m.RefWords, m.GotWords)
	}
}

// Two columns read line by line across the page keep every word but break
// most pairs: recall stays 1, order falls by a known amount.
func TestScoreInterleavedColumns(t *testing.T) {
	ref := "a b c\nd e f\n\ng h i\nj k l"
	got := "a b c g h i\nd e f j k l"
	m := score(ref, got)
	if !near(m.Recall, 1) {
		t.Errorf("recall %v, want 1", m.Recall)
	}
	// ref's 11 pairs: ab bc cd de ef fg gh hi ij jk kl. got's: ab bc cg gh
	// hi id de ef fj jk kl. Shared: ab bc de ef gh hi jk kl = 8 of 11.
	if !near(m.Order, 8.0/11) {
		t.Errorf("order %v, want 8/11", m.Order)
	}
	if m.Foreign != 0 {
		t.Errorf("foreign %v, want 0", m.Foreign)
	}
}

// Words run together by a reader that interleaves glyphs are missing from
// recall and foreign to the yardstick.
func TestScoreGarbled(t *testing.T) {
	ref := "solving consensus requires at least t rounds"
	got := "solving consensus requtiCre1srounds at least t"
	m := score(ref, got)
	// ref: 7 words; got has solving consensus at least t = 5 of them.
	if !near(m.Recall, 5.0/7) {
		t.Errorf("recall %v, want 5/7", m.Recall)
	}
	// ref pairs: solving-consensus consensus-requires requires-at at-least
	// least-t t-rounds; got shares solving-consensus, at-least, least-t.
	if !near(m.Order, 3.0/6) {
		t.Errorf("order %v, want 3/6", m.Order)
	}
	// got: 6 words, one (requticre1srounds) absent from ref.
	if !near(m.Foreign, 1.0/6) {
		t.Errorf("foreign %v, want 1/6", m.Foreign)
	}
	if fw := foreignWords(ref, got, 5); !slices.Equal(fw, []string{"requticre1srounds"}) {
		t.Errorf("foreignWords = %q", fw)
	}
}

// The multiset counts a word as often as the yardstick has it, no more: a
// repeated header in lore's text does not make up for a lost word.
func TestScoreMultiset(t *testing.T) {
	ref := "the cat saw the dog"
	got := "the cat saw dog the the the"
	m := score(ref, got)
	if !near(m.Recall, 1) {
		t.Errorf("recall %v, want 1", m.Recall)
	}
	got = "cat saw dog"
	if m = score(ref, got); !near(m.Recall, 3.0/5) {
		t.Errorf("recall %v, want 3/5 (both 'the' lost)", m.Recall)
	}
	// ref pairs: the-cat cat-saw saw-the the-dog; got: cat-saw saw-dog.
	if !near(m.Order, 1.0/4) {
		t.Errorf("order %v, want 1/4", m.Order)
	}
}

// Hyphenation joined in one text and left at a line end in the other
// scores as the same word; lore's front matter does not count.
func TestScoreHyphenationAndFrontMatter(t *testing.T) {
	ref := "linear alge-\nbra via exterior products"
	got := "---\ntitle: Linear algebra\n---\n# Linear algebra via exterior products"
	m := score(ref, got)
	if !near(m.Recall, 1) || !near(m.Order, 1) || m.Foreign != 0 || m.GotWords != 5 {
		t.Errorf("score = %+v, want recall 1, order 1, foreign 0, 5 words", m)
	}
}

func TestScoreEmpty(t *testing.T) {
	if m := score("some words here", ""); m.Recall != 0 || m.Order != 0 || m.Foreign != 0 {
		t.Errorf("empty text: %+v, want zeros", m)
	}
	// Nothing to find: nothing missed.
	if m := score("", "stray"); m.Recall != 1 || m.Foreign != 1 {
		t.Errorf("empty yardstick: %+v, want recall 1, foreign 1", m)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(slices.Clone(c.xs)); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}

const header = "name\trepository\tcommit\tpath\tlicence\tsha256\tpages\tkinds\tnote\n"

func TestReadManifest(t *testing.T) {
	sha := strings.Repeat("ab", 32)
	good := header + "# a comment\n\nraft\towner/repo\tc0ffee\tdir/raft.pdf\tCC BY 4.0\t" + sha + "\t17\ttwo-column,old\tthe Raft paper\n" +
		"book\tcorpus\t-\tbook.pdf\tGNU FDL\t" + sha + "\t127\tbook\t\n"
	es, err := readManifest(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Name != "raft" || es[0].Pages != 17 || !slices.Equal(es[0].Kinds, []string{"two-column", "old"}) || es[1].Repo != corpusRepo {
		t.Fatalf("entries %+v", es)
	}
	if got := es[0].file("/docs", "/corpus"); got != filepath.Join("/docs", "raft.pdf") {
		t.Errorf("file = %s", got)
	}
	if got := es[1].file("/docs", "/corpus"); got != filepath.Join("/corpus", "book.pdf") {
		t.Errorf("corpus file = %s", got)
	}
	for _, bad := range []struct{ text, want string }{
		{"name\trepo\n", "header"},
		{header + "x\tr\tc\tp\tl\t" + sha + "\t1\tk\n", "columns"},
		{header + "X Y\tr\tc\tp\tl\t" + sha + "\t1\tk\tn\n", "name"},
		{header + "x\tr\tc\tp\tl\tabc\t1\tk\tn\n", "sha256"},
		{header + "x\tr\tc\tp\tl\t" + sha + "\tmany\tk\tn\n", "pages"},
		{header + "x\tr\tc\tp\tl\t" + sha + "\t1\tk\tn\nx\tr\tc\tp\tl\t" + sha + "\t1\tk\tn\n", "already used"},
		{"", "no header"},
	} {
		if _, err := readManifest(strings.NewReader(bad.text)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("manifest %q: error %v, want one mentioning %q", bad.text, err, bad.want)
		}
	}
}

// A document whose bytes differ from the manifest is an error (exit 1)
// and absent documents are listed, not errors; neither needs pdftotext to
// run a PDF, but the program checks for it first, so the test skips
// without it.
func TestRunShaMismatchAndAbsent(t *testing.T) {
	if _, err := lookPDFToText(); err != nil {
		t.Skip("pdftotext not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "present.pdf"), []byte("%PDF-1.4 not the manifest's bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	sha := strings.Repeat("0", 64)
	man := filepath.Join(dir, "MANIFEST.tsv")
	text := header + "present\to/r\tc\tp.pdf\tl\t" + sha + "\t1\tpaper\t\nmissing\to/r\tc\tq.pdf\tl\t" + sha + "\t1\tpaper\t\n"
	if err := os.WriteFile(man, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run([]string{"-manifest", man, "-dir", dir, "-corpus", dir}, &out, &errb)
	if code != exitError {
		t.Errorf("exit %d, want %d; stderr %s", code, exitError, errb.String())
	}
	if !strings.Contains(errb.String(), "present") || !strings.Contains(errb.String(), "sha256") {
		t.Errorf("stderr does not name the mismatch: %s", errb.String())
	}
	if !strings.Contains(out.String(), "Absent") || !strings.Contains(out.String(), "missing") {
		t.Errorf("table does not list the absent document: %s", out.String())
	}
	// Only the absent one: no error.
	out.Reset()
	errb.Reset()
	if code := run([]string{"-manifest", man, "-dir", dir, "-corpus", dir, "-only", "missing"}, &out, &errb); code != exitOK {
		t.Errorf("absent only: exit %d, want 0; stderr %s", code, errb.String())
	}
}

func TestShortfalls(t *testing.T) {
	rows := []row{
		{Name: "good", Status: "ok", metrics: metrics{Recall: 0.99, Order: 0.97}},
		{Name: "bad", Status: "ok", metrics: metrics{Recall: 0.90, Order: 0.97}},
		{Name: "jumbled", Status: "ok", metrics: metrics{Recall: 0.99, Order: 0.5}, Garbled: true},
		{Name: "gone", Status: "absent"},
	}
	if got := shortfalls(rows, options{}); len(got) != 0 {
		t.Errorf("no thresholds: %q, want none", got)
	}
	got := shortfalls(rows, options{minRecall: 0.98, minOrder: 0.95})
	if len(got) != 2 || !strings.HasPrefix(got[0], "bad: recall") || !strings.HasPrefix(got[1], "jumbled: order") {
		t.Errorf("shortfalls = %q", got)
	}
	if got := shortfalls(rows, options{failGarbled: true}); len(got) != 1 || !strings.HasPrefix(got[0], "jumbled") {
		t.Errorf("fail-garbled: %q", got)
	}
}

func TestStripFurniture(t *testing.T) {
	page := func(n int, body string) string {
		return fmt.Sprintf("Journal of Things, Vol. %d\n\n%s\n\n%d\n", n, body, n)
	}
	var pages []string
	for i := 1; i <= 5; i++ {
		body := strings.Repeat("word"+strings.Repeat("s", i)+" ", 4)
		if i == 3 {
			// A footer pdftotext set amid a column's text.
			body = "first half\nTo appear in Proceedings 2004\nsecond half"
		} else {
			body += "\nTo appear in Proceedings 2004"
		}
		pages = append(pages, page(i, body))
	}
	ref := strings.Join(pages, "\f") + "\f"
	got, n := stripFurniture(ref, false)
	for _, gone := range []string{"Journal of Things", "To appear", "\n3\n"} {
		if strings.Contains(got, gone) {
			t.Errorf("furniture %q kept:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"words words", "first half\nsecond half", "wordsssss wordsssss"} {
		if !strings.Contains(got, kept) {
			t.Errorf("text %q lost:\n%s", kept, got)
		}
	}
	if n != 15 {
		t.Errorf("%d lines dropped, want 15 (a header, a footer line and a page number on each of 5 pages)", n)
	}
	if strings.Count(got, "\f") != 5 {
		t.Errorf("page breaks changed: %d", strings.Count(got, "\f"))
	}
	// A deck repeats its titles on purpose: only bare page numbers go.
	deck, n := stripFurniture(ref, true)
	if !strings.Contains(deck, "Journal of Things") || !strings.Contains(deck, "To appear") || n != 5 {
		t.Errorf("slides: %d dropped, text:\n%s", n, deck)
	}
}

// A deck's slide numbers come out amid its text; overlays of one slide
// repeat the number. They count the pages and go; a number in the text
// that does not count them stays.
func TestStripFurnitureSlideNumbers(t *testing.T) {
	ref := "Title\nfirst point\n1\nsecond point\f" +
		"Title\nfirst point\n2\nsecond point\f" +
		"Title\nfirst point\n2\nsecond point\nthird\f" +
		"Results\nvalue\n42\n3\nmore\nend\f"
	got, n := stripFurniture(ref, true)
	if want := "Title\nfirst point\nsecond point\fTitle\nfirst point\nsecond point\fTitle\nfirst point\nsecond point\nthird\fResults\nvalue\n42\nmore\nend\f"; got != want || n != 4 {
		t.Errorf("%d dropped, got %q, want %q", n, got, want)
	}
}

// A review copy numbers its lines down the margin; pdftotext sets the
// numbers in runs among the text. A long run of consecutive numbers goes,
// a short list of numbers stays.
func TestStripFurnitureLineNumbers(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "%d\n", i)
		if i%4 == 0 {
			b.WriteString("a paragraph of the paper\n")
		}
	}
	b.WriteString("Table\n7\n8\n9\nthe end\nof it\n")
	got, n := stripFurniture(b.String(), false)
	if want := "a paragraph of the paper\na paragraph of the paper\na paragraph of the paper\nTable\n7\n8\n9\nthe end\nof it\n"; got != want || n != 12 {
		t.Errorf("%d dropped, got %q, want %q", n, got, want)
	}
}

func TestFixYardstickNegationSlash(t *testing.T) {
	if got, want := fixYardstick("a 6= 0 and (6= b) but x=16=y and 6 = 6"), "a ≠ 0 and (≠ b) but x=16=y and 6 = 6"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
