package text

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

type wordAt struct {
	w          string
	start, end int
}

func collect(each func(func(string, int, int))) []wordAt {
	var out []wordAt
	each(func(w string, s, e int) { out = append(out, wordAt{w, s, e}) })
	return out
}

// The stream must give what EachWord gives, for the whole text and for any
// piece of it, including pieces that cut words and multi-byte runes.
func checkStream(t *testing.T, s string, ranges [][2]int) {
	t.Helper()
	ws := NewWordStream(s, nil)
	if got, want := collect(ws.Each), collect(func(fn func(string, int, int)) { EachWord(s, fn) }); !slices.Equal(got, want) {
		t.Fatalf("Each(%q) = %v, want %v", s, got, want)
	}
	for _, r := range ranges {
		got := collect(func(fn func(string, int, int)) { ws.EachIn(r[0], r[1], fn) })
		want := collect(func(fn func(string, int, int)) { EachWord(s[r[0]:r[1]], fn) })
		if !slices.Equal(got, want) {
			t.Fatalf("EachIn(%q, %d, %d) = %v, want %v", s, r[0], r[1], got, want)
		}
	}
}

func allRanges(s string) [][2]int {
	var rs [][2]int
	for a := 0; a <= len(s); a++ {
		for b := a; b <= len(s); b++ {
			rs = append(rs, [2]int{a, b})
		}
	}
	return rs
}

func TestWordStreamMatchesEachWord(t *testing.T) {
	for _, s := range []string{
		"",
		"a",
		"The Group G acts on X.",
		"naïve Café ÉCOLE x1 y22 \\emph{Word}",
		"Straße ΣΑΣ ab\xffcd \xe2\x80 éé",
		"  one  TWO three  ",
	} {
		checkStream(t, s, allRanges(s))
	}
}

func FuzzWordStream(f *testing.F) {
	f.Add("The Group G acts on X; naïve Café.", 3, 17)
	f.Add("ab\xffcd \xe2\x80 éé ÉCOLE", 1, 9)
	f.Fuzz(func(t *testing.T, s string, a, b int) {
		if len(s) == 0 {
			return
		}
		a, b = abs(a)%(len(s)+1), abs(b)%(len(s)+1)
		if a > b {
			a, b = b, a
		}
		checkStream(t, s, [][2]int{{a, b}, {0, len(s)}})
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestWordStreamRandomPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "B", "é", "É", " ", ".", "\\", "ß", "\xff", "Σ", "7", "\u0301"}
	for n := 0; n < 200; n++ {
		var s string
		for range r.IntN(40) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		t.Run(fmt.Sprint(n), func(t *testing.T) { checkStream(t, s, allRanges(s)) })
	}
}

// A long text crosses many marks: ranges must start from the right one.
func TestWordStreamLongText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"ab", "Cd", "é", "É", " ", " ", ".", "\\", "ß", "Σ", "7", "xyz"}
	var s string
	for range 5000 {
		s += alphabet[r.IntN(len(alphabet))]
	}
	var rs [][2]int
	for range 2000 {
		a, b := r.IntN(len(s)+1), r.IntN(len(s)+1)
		rs = append(rs, [2]int{min(a, b), max(a, b)})
	}
	checkStream(t, s, rs)
	// In order, as extraction reads a section's runs: the stream continues
	// from where it stopped.
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	checkStream(t, s, rs)
	var runs [][2]int
	for a := 0; a < len(s); a += 7 {
		runs = append(runs, [2]int{a, min(a+5, len(s))})
	}
	checkStream(t, s, runs)
	if ws := NewWordStream(s, nil); ws.Len() < 10*markEvery {
		t.Fatalf("only %d words: the test needs many marks", ws.Len())
	}
}

// eachWordByRunes is EachWord's definition read rune by rune: a maximal run
// of letters, digits and combining marks, of two runes or more, lowercased.
func eachWordByRunes(s string) []string {
	var out []string
	start, runes := -1, 0
	emit := func(end int) {
		if start >= 0 && runes >= 2 {
			out = append(out, fmt.Sprintf("%d:%d:%s", start, end, strings.ToLower(s[start:end])))
		}
		start, runes = -1, 0
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			runes++
		} else {
			emit(i)
		}
		i += n
	}
	emit(len(s))
	return out
}

// FuzzEachWord holds the byte-table tokenizer to its definition.
func FuzzEachWord(f *testing.F) {
	for _, s := range []string{"The Group G acts on X; naïve Café.", "ab\xffcd \xe2\x80 éé ÉCOLE", "x_y z9 Σσ a\u0301b I", "ǅemal ΣΑΣ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got []string
		EachWord(s, func(w string, start, end int) { got = append(got, fmt.Sprintf("%d:%d:%s", start, end, w)) })
		if want := eachWordByRunes(s); !slices.Equal(got, want) {
			t.Fatalf("EachWord(%q) = %q, want %q", s, got, want)
		}
	})
}

// A fork reads the words where it likes while the stream it came from
// reads elsewhere, each as EachWord would (run with -race).
func TestWordStreamForkReadsBesideItsStream(t *testing.T) {
	var sb strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&sb, "Word%d of the Section %d, ", i, i%37)
	}
	s := sb.String()
	ws := NewWordStream(s, nil)
	read := func(r *WordStream, from int) error {
		for a := from; a < len(s); a += len(s) / 50 {
			b := min(a+len(s)/60, len(s))
			got := collect(func(fn func(string, int, int)) { r.EachIn(a, b, fn) })
			want := collect(func(fn func(string, int, int)) { EachWord(s[a:b], fn) })
			if !slices.Equal(got, want) {
				return fmt.Errorf("EachIn(%d, %d) = %d words, want %d", a, b, len(got), len(want))
			}
		}
		return nil
	}
	done := make(chan error)
	go func() { done <- read(ws.Fork(), 0) }()
	if err := read(ws, len(s)/2); err != nil {
		t.Error(err)
	}
	if err := <-done; err != nil {
		t.Errorf("fork: %v", err)
	}
}
