package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// EachWord calls fn for every word of s: a maximal run of letters, digits and
// combining marks (any script), lowercased. start and end are the byte
// offsets of the word in s. Words shorter than two runes are skipped.
// It allocates only for words that contain upper-case or non-ASCII letters.
func EachWord(s string, fn func(word string, start, end int)) {
	i := 0
	for i < len(s) {
		// Skip separators.
		k := wordByte[s[i]]
		if k == wbSep {
			i++
			continue
		}
		if k == wbHigh {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isWordRune(r) {
				i += n
				continue
			}
		}
		start := i
		ascii, upper := true, uint8(0)
		runes := 0
		for i < len(s) {
			k := wordByte[s[i]]
			if k == wbSep {
				break
			}
			if k == wbHigh {
				r, n := utf8.DecodeRuneInString(s[i:])
				if !isWordRune(r) {
					break
				}
				ascii = false
				i += n
			} else {
				upper |= k // wbUpper's bit; wbLower is 0 in it
				i++
			}
			runes++
		}
		if runes < 2 {
			continue
		}
		w := s[start:i]
		switch {
		case ascii && upper&wbUpper == 0:
		case ascii:
			w = asciiLower(w)
		default:
			w = strings.ToLower(w)
		}
		fn(w, start, i)
	}
}

// wordByte sorts bytes for EachWord with one table load: an ASCII
// separator, a lower-case letter or digit, an upper-case letter, or a
// byte of a multi-byte character (which the rune decides).
var wordByte = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = wbHigh
		case 'A' <= c && c <= 'Z':
			t[c] = wbUpper
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			t[c] = wbLower
		}
	}
	return t
}()

const (
	wbSep   = 0
	wbLower = 1
	wbUpper = 2
	wbHigh  = 4
)

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func asciiLower(s string) string {
	b := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return string(b)
}

// Words returns the lowercased words of s (see EachWord), stopwords included.
func Words(s string) []string {
	var out []string
	EachWord(s, func(w string, _, _ int) { out = append(out, w) })
	return out
}

// Tokens returns the lowercased words of s without stopwords.
func Tokens(s string) []string {
	var out []string
	EachWord(s, func(w string, _, _ int) {
		if !IsStopword(w) {
			out = append(out, w)
		}
	})
	return out
}

// Normalize returns the stemmed, stopword-free tokens of s in order: the
// form every comparison in lore (Jaccard, keyword overlap, domain matching)
// works on.
func Normalize(s string) []string {
	var out []string
	EachWord(s, func(w string, _, _ int) {
		if st, ok := ContentStem(w); ok {
			out = append(out, st)
		}
	})
	return out
}

// Keywords returns the unique stemmed keywords of s in order of first
// appearance: no stopwords, no punctuation, no bare numbers, at least three
// letters long.
func Keywords(s string) []string {
	var out []string
	seen := make(map[string]struct{})
	EachWord(s, func(w string, _, _ int) {
		if IsStopword(w) || isNumber(w) {
			return
		}
		k := Stem(w)
		if utf8.RuneCountInString(k) < 3 {
			return
		}
		if _, ok := seen[k]; ok {
			return
		}
		seen[k] = struct{}{}
		out = append(out, k)
	})
	return out
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// CollapseSpace replaces every run of white space with one space and trims.
func CollapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		// ASCII byte by byte: statements are mostly ASCII, and decoding
		// and writing every byte as a rune was most of the time taken.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if c == ' ' || '\t' <= c && c <= '\r' {
				space = b.Len() > 0
				continue
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
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

// Truncate cuts s to at most n bytes without splitting a rune.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// FirstSentence returns the text of s before the first sentence end ('.',
// '!' or '?' followed by a space or the end), trimmed and cut to max bytes.
// A period inside a number ("3.14") or an abbreviation like "e.g." does not
// end a sentence.
func FirstSentence(s string, max int) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\n' {
			continue
		}
		if c == '.' && isAbbrevBefore(s[:i]) {
			continue
		}
		s = s[:i]
		break
	}
	return strings.TrimSpace(Truncate(s, max))
}

// isAbbrevBefore reports whether the text before a period ends with a common
// abbreviation, so "e.g. x" is not cut after "e.g".
func isAbbrevBefore(s string) bool {
	j := len(s)
	for j > 0 && s[j-1] != ' ' && s[j-1] != '(' {
		j--
	}
	switch strings.ToLower(s[j:]) {
	case "e.g", "i.e", "etc", "cf", "vs", "resp", "fig", "eq", "sec", "no", "def", "thm", "prop", "al":
		return true
	}
	return false
}

// MinNamedStems is the shortest name, as its NameStems joined by spaces
// (in bytes), that a statement is taken to name when it mentions it: a
// shorter one ("set", "map") is too common a word to be a reference.
const MinNamedStems = 4

// NameStems is the form names are indexed and searched in: the stems of the
// lowercased words of s (stopwords kept, since they are part of names such
// as "Law of Large Numbers"), so that "Vector Spaces" in a statement meets a
// primitive named "vector space".
func NameStems(s string) []string {
	ws := Words(s)
	for i, w := range ws {
		ws[i] = Stem(w)
	}
	return ws
}
