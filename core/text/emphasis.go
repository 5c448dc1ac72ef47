package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// StripEmphasis is s without its Markdown emphasis delimiters (see
// stripEmphasis).
func StripEmphasis(s string) string { return stripEmphasis(s) }

// stripEmphasis removes Markdown emphasis delimiters (*word*, **word**,
// ***word***, _word_, __word__) from s and keeps the words they mark. A
// delimiter counts as emphasis the way Markdown reads it: an opening run
// follows the start, a space or punctuation and is followed by a non-space;
// its closing run of the same length follows a non-space and is followed
// by the end, a space or punctuation. Operators between operands stay:
// "a*b*c" and "n * m" are no emphasis, and neither is anything inside
// inline code or $…$ mathematics, where a star or an underscore is part
// of a formula. Emphasis on a word is typography, not meaning: "A *tree*
// is …" states what "A tree is …" states.
func stripEmphasis(s string) string {
	if !strings.ContainsAny(s, "*_") {
		return s
	}
	type span struct{ at, n int }
	var drop []span // delimiter runs to remove, in order
	for i := 0; i < len(s); {
		if j := skipProtected(s, i); j > i {
			i = j
			continue
		}
		c := s[i]
		if c != '*' && c != '_' {
			i++
			continue
		}
		k := runLen(s, i, c)
		if k > 3 || !opens(s, i, k) {
			i += k
			continue
		}
		end := closer(s, i+k, c, k)
		if end < 0 || opensBefore(s, i+k, end, c, k) {
			// no close, or a nearer opening takes it ("['*'] for a
			// *demo*": the star before demo opens, the quoted one is
			// a value)
			i += k
			continue
		}
		drop = append(drop, span{i, k}, span{end, k})
		i = end + k
	}
	if len(drop) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, d := range drop {
		b.WriteString(s[last:d.at])
		last = d.at + d.n
	}
	b.WriteString(s[last:])
	// Emphasis inside emphasis (**a *b* c**) is removed by another pass.
	return stripEmphasis(b.String())
}

// opensBefore reports whether a run of k c's in s[from:end] can open
// emphasis: the close at end is then that run's, as Markdown pairs a
// closing run with the nearest opening one.
func opensBefore(s string, from, end int, c byte, k int) bool {
	for j := from; j < end; {
		if p := skipProtected(s, j); p > j {
			j = p
			continue
		}
		if s[j] != c {
			j++
			continue
		}
		n := runLen(s, j, c)
		if n == k && opens(s, j, n) {
			return true
		}
		j += n
	}
	return false
}

// runLen is the length of the run of c starting at s[i].
func runLen(s string, i int, c byte) int {
	k := 0
	for i+k < len(s) && s[i+k] == c {
		k++
	}
	return k
}

// opens reports whether the run s[i:i+k] can open emphasis: after the
// start, a space or punctuation (not a letter, a digit or the delimiter
// run of a formula such as "a*b"), and before a non-space.
func opens(s string, i, k int) bool {
	if i+k >= len(s) {
		return false
	}
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(s[i+k:])
	return !unicode.IsSpace(r)
}

// closer finds the run of exactly k c's at or after from that closes
// emphasis: after a non-space, before the end, a space or punctuation. It
// returns the run's start, or -1 when there is none before a blank line.
// The emphasized text must hold a letter or a digit.
func closer(s string, from int, c byte, k int) int {
	word := false
	for j := from; j < len(s) && j-from < maxEmphasisReach; {
		if p := skipProtected(s, j); p > j {
			j = p
			continue
		}
		if strings.HasPrefix(s[j:], "\n\n") {
			return -1
		}
		if s[j] != c {
			r, size := utf8.DecodeRuneInString(s[j:])
			word = word || unicode.IsLetter(r) || unicode.IsDigit(r)
			j += size
			continue
		}
		n := runLen(s, j, c)
		if n == k && word {
			before, _ := utf8.DecodeLastRuneInString(s[:j])
			after, _ := utf8.DecodeRuneInString(s[j+n:])
			if !unicode.IsSpace(before) && (j+n == len(s) || !unicode.IsLetter(after) && !unicode.IsDigit(after)) {
				return j
			}
		}
		j += n
	}
	return -1
}

// skipProtected returns the end of the inline code (`…`) or $…$
// mathematics starting at s[i], or i when none starts there or it is not
// closed.
func skipProtected(s string, i int) int {
	switch c := s[i]; {
	case c == '`' || c == '$' && (i == 0 || s[i-1] != '\\'):
		n := runLen(s, i, c)
		if e := strings.Index(s[i+n:min(len(s), i+n+maxProtectedReach)], strings.Repeat(string(c), n)); e >= 0 {
			return i + n + e + n
		}
	}
	return i
}

// maxEmphasisReach and maxProtectedReach bound how far an emphasis run,
// and a code span or a formula, is looked for its close: an emphasis
// spans a phrase, a formula a few lines, and a text of many unclosed
// marks is read in linear time, not quadratic.
const (
	maxEmphasisReach  = 512
	maxProtectedReach = 8192
)
