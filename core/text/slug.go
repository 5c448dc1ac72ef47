package text

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Slug turns s into an identifier fragment: accents removed (NFKD, marks
// dropped), lowercased, runs of anything but letters and digits turned into
// one '-', trimmed, at most 60 bytes. Letters of any script are kept.
//
// Written here because the slug libraries available are either MPL-licensed
// or transliterate in ways that would make ids unstable across versions.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
		if b.Len() >= 60 {
			break
		}
	}
	return strings.TrimRight(Truncate(b.String(), 60), "-")
}

// Jaccard is |A∩B| / |A∪B| over the sets of the two token lists. Two empty
// lists have similarity 0: no evidence is not evidence of sameness.
func Jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	sa := make(map[string]struct{}, len(a))
	for _, t := range a {
		sa[t] = struct{}{}
	}
	sb := make(map[string]struct{}, len(b))
	inter := 0
	for _, t := range b {
		if _, dup := sb[t]; dup {
			continue
		}
		sb[t] = struct{}{}
		if _, ok := sa[t]; ok {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	return float64(inter) / float64(union)
}

// ContentHash is the hex SHA-256 of s after collapsing white space and
// lowercasing, so re-extracting the same statement gives the same hash.
func ContentHash(s string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(CollapseSpace(s))))
	return hex.EncodeToString(sum[:])
}
