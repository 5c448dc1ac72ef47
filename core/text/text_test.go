package text

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
)

func TestWords(t *testing.T) {
	got := Words("The Gödel-numbering of x, y: ΑΒΓ and 3.14 (e.g. HTTP/1.1)")
	// "x", "y", "3", "e", "g", "1" are single runes and dropped; ΑΒΓ lowercases.
	want := []string{"the", "gödel", "numbering", "of", "αβγ", "and", "14", "http"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Words = %q, want %q", got, want)
	}
}

func TestEachWordOffsets(t *testing.T) {
	s := "ab, Ünïcode  cd"
	EachWord(s, func(w string, start, end int) {
		if got := s[start:end]; got != w && got != "Ünïcode" {
			t.Errorf("offsets [%d,%d) = %q for %q", start, end, got, w)
		}
	})
}

func TestKeywordsStemsAndDropsStopwordsAndPunctuation(t *testing.T) {
	got := Keywords("The numbers are sorted; sorting numbers, the sort! 42 is an answer.")
	want := []string{"number", "sort", "answer"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Keywords = %q, want %q", got, want)
	}
}

func TestNormalize(t *testing.T) {
	got := Normalize("Vector spaces over fields")
	want := []string{"vector", "space", "field"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Normalize = %q, want %q", got, want)
	}
}

func TestSlug(t *testing.T) {
	cases := map[string]string{
		"Lagrange's Theorem":        "lagrange-s-theorem",
		"  Gödel — Incompleteness ": "godel-incompleteness",
		"a*1 = a":                   "a-1-a",
		"!!!":                       "",
		"Теорема Ферма":             "теорема-ферма",
	}
	for in, want := range cases {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	long := Slug("an extremely long name that goes on and on well past the sixty byte limit of slugs")
	if len(long) > 60 || long[len(long)-1] == '-' {
		t.Errorf("long slug %q", long)
	}
}

func TestJaccard(t *testing.T) {
	if j := Jaccard([]string{"a", "b"}, []string{"b", "c"}); j != 1.0/3 {
		t.Errorf("Jaccard = %v", j)
	}
	if j := Jaccard(nil, nil); j != 0 {
		t.Errorf("empty Jaccard = %v", j)
	}
	if j := Jaccard([]string{"a", "a"}, []string{"a"}); j != 1 {
		t.Errorf("dup Jaccard = %v", j)
	}
}

func TestFirstSentence(t *testing.T) {
	cases := map[string]string{
		"A group is a set. It is closed.":   "A group is a set",
		"Pi is 3.14 roughly. Yes.":          "Pi is 3.14 roughly",
		"Use e.g. sorting here. Then stop.": "Use e.g. sorting here",
		"no end":                            "no end",
	}
	for in, want := range cases {
		if got := FirstSentence(in, 100); got != want {
			t.Errorf("FirstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestContentHashIgnoresSpaceAndCase(t *testing.T) {
	if ContentHash("A  group\nis") != ContentHash("a group is") {
		t.Error("hash differs on whitespace/case")
	}
}

func BenchmarkNormalize(b *testing.B) {
	s := "Definition 2.1. A group is a set G with a binary operation that is associative, has an identity and inverses. "
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		Normalize(s)
	}
}

// collapseByRunes is CollapseSpace as first written, rune by rune: the
// specification of the faster one.
func collapseByRunes(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func TestCollapseSpaceAsByRunes(t *testing.T) {
	parts := []string{"a", "Word", " ", "  ", "\t", "\n", "\r\n", "\v", "\f", "\u00a0", "\u0085", "\u2003",
		"\u3000", "é", "Gödel", "\xff", "\xe2\x80", "x\x00y", "\x1c", "—", "𝔽"}
	x := uint64(2463534242)
	for n := range 400 {
		var b strings.Builder
		for range n % 23 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			b.WriteString(parts[x%uint64(len(parts))])
		}
		s := b.String()
		if got, want := CollapseSpace(s), collapseByRunes(s); got != want {
			t.Fatalf("CollapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}

// ContentStem and termStem share stemCache entries: whichever asks first,
// each must answer as the functions it stands for, and neither may lose
// what the other recorded.
func TestContentStemAgreesWithStopwordsAndStem(t *testing.T) {
	words := []string{"the", "of", "a", "is", "groups", "running", "which", "matrices",
		"über", "x2", "eigenvalues", "about", "between", "ab", "determinant"}
	for round := range 3 {
		for _, w := range words {
			if round == 1 {
				termStem(w) // the term flag first, for some of the words
			}
			st, ok := ContentStem(w)
			if ok == IsStopword(w) {
				t.Errorf("round %d: ContentStem(%q) keeps it = %v, IsStopword = %v", round, w, ok, IsStopword(w))
			}
			if ok && st != Stem(w) {
				t.Errorf("round %d: ContentStem(%q) = %q, Stem = %q", round, w, st, Stem(w))
			}
			if got, term := termStem(w); term != IsTermWord(w) || term && got != Stem(w) {
				t.Errorf("round %d: termStem(%q) = %q, %v after ContentStem", round, w, got, term)
			}
		}
	}
}

func TestLineIndex(t *testing.T) {
	s := "one\ntwo\n\nfour"
	x := NewLineIndex(s)
	for off, want := range map[int]int{-1: 0, 0: 1, 3: 1, 4: 2, 8: 3, 9: 4, len(s): 4} {
		if got := x.At(off); got != want {
			t.Errorf("At(%d) = %d, want %d", off, got, want)
		}
	}
	if got := NewLineIndex("").At(0); got != 1 {
		t.Errorf("empty text: line %d", got)
	}
}
