package generate

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// cleanByRunes is clean as first written, rune by rune: the specification
// of the faster one.
func cleanByRunes(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	space := false
	for _, r := range s {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := b.String()
	if max > 0 && utf8.RuneCountInString(out) > max {
		out = truncRunes(out, max-1) + "…"
	}
	return out
}

func TestCleanAsByRunes(t *testing.T) {
	parts := []string{"a", "Word", " ", "  ", "\t", "\n", "\r\n", "\x00", "\x1b", "\x7f", "~", "!", "\u00a0", "\u0085",
		"\u2003", "\u200b", "\u202e", "é", "Gödel", "\xff", "\xe2\x80", "—", "𝔽", "\ufeff"}
	x := uint64(2463534242)
	for n := range 600 {
		var b strings.Builder
		for range n % 29 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			b.WriteString(parts[x%uint64(len(parts))])
		}
		s := b.String()
		for _, max := range []int{0, 1, 5, 40} {
			if got, want := clean(s, max), cleanByRunes(s, max); got != want {
				t.Fatalf("clean(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}

// A skill states a primitive with its math read as text.
func TestStatementReadsMathAsText(t *testing.T) {
	p := &core.Primitive{FormalStatement: `Let $f \colon I \to \R$ be continuous on $[a, b]$ with $f(a) \le 0 \le f(b)$.`}
	if got, want := statement(p, 200), "Let f: I → ℝ be continuous on [a, b] with f(a) ≤ 0 ≤ f(b)."; got != want {
		t.Errorf("statement = %q, want %q", got, want)
	}
}
