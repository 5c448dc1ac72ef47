package main

import (
	"regexp"
	"slices"
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
