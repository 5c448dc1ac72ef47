package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The metrics compare two texts of the same PDF as multisets of normalised
// words: lowercased runs of letters and digits, after Unicode compatibility
// normalisation (NFKC: a ligature is its letters, the micro sign µ is the
// Greek μ a math font's glyph means, as poppler and lore may each write
// either), dropping soft hyphens and joining words hyphenated across a line break
// ("exter-\nior" → "exterior"), in both texts alike. Punctuation, Markdown
// marks and spacing do not count, so the scores measure what a reader
// would notice: words missing or broken, and words out of order.

var (
	// lineEndHyphen is a letter, a hyphen at the end of a line, and the
	// letter that continues the word on the next line.
	lineEndHyphen = regexp.MustCompile(`(\p{L})-[ \t]*\r?\n[ \t]*(\p{L})`)
	softHyphen    = strings.NewReplacer("\u00AD", "")
)

// normalizedWords returns the words of s in order, normalised as described
// above.
func normalizedWords(s string) []string {
	s = norm.NFKC.String(softHyphen.Replace(s))
	s = lineEndHyphen.ReplaceAllString(s, "$1$2")
	s = strings.ToLower(s)
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// stripFrontMatter drops a leading YAML front matter block (lore puts the
// document's title there; it is metadata, not page text).
func stripFrontMatter(s string) string {
	if !strings.HasPrefix(s, "---\n") {
		return s
	}
	if i := strings.Index(s[4:], "\n---\n"); i >= 0 {
		return s[4+i+5:]
	}
	return s
}

// counts makes a multiset of items.
func counts[T comparable](items []T) map[T]int {
	m := make(map[T]int, len(items))
	for _, it := range items {
		m[it]++
	}
	return m
}

// overlap is the share of ref's items (a multiset) found among got's: each
// item counts at most as often as got has it. It returns the share and the
// number of ref's items; the share is 1 when ref has none, since nothing
// was missed.
func overlap[T comparable](ref, got map[T]int) (float64, int) {
	total, hit := 0, 0
	for k, n := range ref {
		total += n
		hit += min(n, got[k])
	}
	if total == 0 {
		return 1, 0
	}
	return float64(hit) / float64(total), total
}

// bigrams lists the consecutive word pairs of words.
func bigrams(words []string) [][2]string {
	if len(words) < 2 {
		return nil
	}
	out := make([][2]string, 0, len(words)-1)
	for i := 1; i < len(words); i++ {
		out = append(out, [2]string{words[i-1], words[i]})
	}
	return out
}

// metrics are one document's scores of a text (got) against the yardstick
// text (ref).
type metrics struct {
	// Recall is the share of the yardstick's words found in got.
	Recall float64 `json:"recall"`
	// Order is the share of the yardstick's word bigrams found in got: a
	// word in the wrong place breaks the pairs around it.
	Order float64 `json:"order"`
	// Foreign is the share of got's words that the yardstick's text does
	// not contain at all: run-together or split words, interleaved columns,
	// wrongly decoded glyphs.
	Foreign float64 `json:"foreign"`
	// RefWords and GotWords count the words of each text.
	RefWords int `json:"refWords"`
	GotWords int `json:"gotWords"`
}

// score compares got with the yardstick ref.
func score(ref, got string) metrics {
	rw := normalizedWords(ref)
	gw := normalizedWords(stripFrontMatter(got))
	rc, gc := counts(rw), counts(gw)
	m := metrics{RefWords: len(rw), GotWords: len(gw)}
	m.Recall, _ = overlap(rc, gc)
	m.Order, _ = overlap(counts(bigrams(rw)), counts(bigrams(gw)))
	foreign := 0
	for w, n := range gc {
		if rc[w] == 0 {
			foreign += n
		}
	}
	if len(gw) > 0 {
		m.Foreign = float64(foreign) / float64(len(gw))
	}
	return m
}

// foreignWords returns up to n of got's words that the yardstick lacks,
// most frequent first (ties alphabetically): what a garbled text looks
// like, for the report.
func foreignWords(ref, got string, n int) []string {
	rc := counts(normalizedWords(ref))
	gc := counts(normalizedWords(stripFrontMatter(got)))
	var out []string
	for w := range gc {
		if rc[w] == 0 {
			out = append(out, w)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		if gc[a] != gc[b] {
			return gc[b] - gc[a]
		}
		return strings.Compare(a, b)
	})
	return out[:min(n, len(out))]
}

// median of xs (which it sorts); 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}

// Page furniture in the yardstick. The issue lore's reader answers asks
// for running headers, footers and page numbers to be dropped, and
// pdftotext keeps them; scored against its raw text a reader doing that
// job loses a line of words a page (3% of a paper whose header names the
// journal, the date and the title). The scorer therefore takes the
// furniture out of the yardstick first, judged from pdftotext's own text
// alone: a line among a page's first or last furnitureLines lines that is
// a bare page number, or that recurs (digits ignored) among the first or
// last lines of at least furnitureMinPages pages and a furnitureShare of
// them. A slide's number may come out anywhere in its text, so bare
// numbers that count the pages (one a page, never going back, on at least
// half the pages) are page numbers wherever they stand.
// Margin line numbers (a review copy's, a documented listing's) come out as
// runs of bare numbers, each one more than the last, among the text: a run
// of at least lineNumberRun of them is furniture too.
// pdftotext sometimes sets a footer amid a column's text, so a line of
// at least three words found once on each of at least half the pages (and
// furnitureMinPages) is furniture wherever it stands. A slide deck's titles
// recur too, so decks (kind "slides") keep theirs: there repetition is
// content.
const (
	furnitureLines    = 2
	furnitureMinPages = 3
	furnitureShare    = 0.2
)

var (
	digitRun   = regexp.MustCompile(`\d+`)
	pageNumber = regexp.MustCompile(`^(?i)(page\s+)?(\d+|[ivxlc]+)(\s*(/|of)\s*\d+)?$`)
)

// stripFurniture returns ref (pdftotext's text, pages ended by form feeds)
// without its page furniture, and how many lines it took out.
func stripFurniture(ref string, slides bool) (string, int) {
	pages := strings.Split(ref, "\f")
	edges := func(lines []string) []int {
		var idx []int
		for i := 0; i < len(lines) && len(idx) < furnitureLines; i++ {
			if strings.TrimSpace(lines[i]) != "" {
				idx = append(idx, i)
			}
		}
		var tail []int
		for i := len(lines) - 1; i >= 0 && len(tail) < furnitureLines; i-- {
			if strings.TrimSpace(lines[i]) != "" && !slices.Contains(idx, i) {
				tail = append(tail, i)
			}
		}
		return append(idx, tail...)
	}
	key := func(s string) string {
		return digitRun.ReplaceAllString(strings.Join(strings.Fields(strings.ToLower(s)), " "), "#")
	}
	split := make([][]string, len(pages))
	seen := map[string]map[int]bool{}
	var cands []edge
	for p, pg := range pages {
		split[p] = strings.Split(pg, "\n")
		for _, i := range edges(split[p]) {
			cands = append(cands, edge{p, i})
			k := key(split[p][i])
			if seen[k] == nil {
				seen[k] = map[int]bool{}
			}
			seen[k][p] = true
		}
	}
	drop := map[edge]bool{}
	if !slides {
		everywhere := map[string][]edge{}
		for p, lines := range split {
			for i, l := range lines {
				if len(strings.Fields(l)) >= 3 {
					k := key(l)
					everywhere[k] = append(everywhere[k], edge{p, i})
				}
			}
		}
		for _, es := range everywhere {
			perPage := map[int]int{}
			for _, e := range es {
				perPage[e.page]++
			}
			if len(perPage) == len(es) && len(es) >= furnitureMinPages && 2*len(es) >= len(pages) {
				for _, e := range es {
					drop[e] = true
				}
			}
		}
	}
	for _, e := range append(pageCounter(split), lineNumbers(split)...) {
		drop[e] = true
	}
	for _, c := range cands {
		s := strings.TrimSpace(split[c.page][c.line])
		n := len(seen[key(s)])
		if pageNumber.MatchString(s) || !slides && n >= furnitureMinPages && float64(n) >= furnitureShare*float64(len(pages)) {
			drop[c] = true
		}
	}
	var b strings.Builder
	for p, lines := range split {
		if p > 0 {
			b.WriteByte('\f')
		}
		first := true
		for i, l := range lines {
			if drop[edge{p, i}] {
				continue
			}
			if !first {
				b.WriteByte('\n')
			}
			b.WriteString(l)
			first = false
		}
	}
	return b.String(), len(drop)
}

// edge is a line of a page: its page's and its own index.
type edge struct{ page, line int }

// counterStep bounds how far a page counter may move from one page to the
// next (pages without a number, a plate, a skipped blank).
const counterStep = 3

var bareNumber = regexp.MustCompile(`^\d{1,4}$`)

// pageCounter finds the page numbers set among a page's text: on each
// page the smallest bare number at most counterStep past the last one
// taken, kept only when such numbers are on at least half the pages.
func pageCounter(pages [][]string) []edge {
	var out []edge
	last := 0
	for p, lines := range pages {
		best, at := -1, -1
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if !bareNumber.MatchString(l) {
				continue
			}
			v, _ := strconv.Atoi(l)
			if v >= last && v <= last+counterStep && (best < 0 || v < best) {
				best, at = v, i
			}
		}
		if at >= 0 {
			out = append(out, edge{p, at})
			last = best
		}
	}
	if len(out) < furnitureMinPages || 2*len(out) < len(pages) {
		return nil
	}
	return out
}

// lineNumberRun is the shortest run of consecutive bare numbers taken for
// margin line numbers.
const lineNumberRun = 10

// lineNumbers finds margin line numbers: bare numbers, each one more than
// the one before it wherever the text between them stands, in runs of at
// least lineNumberRun.
func lineNumbers(pages [][]string) []edge {
	var out, run []edge
	last := -1
	flush := func() {
		if len(run) >= lineNumberRun {
			out = append(out, run...)
		}
		run = nil
	}
	for p, lines := range pages {
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if !bareNumber.MatchString(l) {
				continue
			}
			v, _ := strconv.Atoi(l)
			if v != last+1 {
				flush()
			}
			run = append(run, edge{p, i})
			last = v
		}
	}
	flush()
	return out
}

// poppler decodes TeX's negation slash (cmsy's "negationslash", code 0x36,
// drawn over the relation it negates) as the digit 6: "a 6= 0" for a ≠ 0,
// hundreds of times in a linear algebra book. The yardstick is corrected
// before the comparison, or a reader writing ≠ would miss a word "6" each
// time.
var popplerNeq = regexp.MustCompile(`(^|[\s(])6=`)

// fixYardstick corrects pdftotext's known misreadings (popplerNeq).
func fixYardstick(ref string) string {
	return popplerNeq.ReplaceAllString(ref, "${1}≠")
}
