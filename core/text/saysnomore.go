package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cutMark ends a statement lore cut at its length cap (extract's
// cutStatement): what follows it in the source was left out.
const cutMark = "…"

// minPassageWords is the fewest words a statement needs before SaysNoMore
// reads it as a passage: a short one ("A group is abelian.") is in many
// longer statements without being one of them.
const minPassageWords = 8

// SaysNoMore reports whether cand says nothing stored does not, as one
// passage read twice: every word and symbol of cand is in stored, in the
// same order, once both are spelled one way (CanonicalMath, case folded;
// braces, script marks, a fraction's slash and punctuation set aside, as
// a rendering writes them otherwise). An EPUB that lost a display
// ("… if and only if for all S ⊆ A" for "… if and only if |N(S)| ≥ |S|
// for all S ⊆ A") restates the stored statement with less, and storing it
// again, or asking a person, would add nothing. A stored statement lore
// cut at its cap ("…") holds its passage's beginning: a candidate that
// begins with all of it is the same passage read further.
func SaysNoMore(cand, stored string) bool {
	c := passageTokens(cand)
	if len(c) < minPassageWords {
		return false
	}
	s := passageTokens(stored)
	if subsequence(c, s) {
		return true
	}
	cut := strings.TrimSpace(stored)
	if !strings.HasSuffix(cut, cutMark) {
		return false
	}
	s = passageTokens(strings.TrimSuffix(cut, cutMark))
	return len(s) >= minPassageWords && len(s) <= len(c) && subsequence(s, c[:min(len(c), len(s)+len(s)/4)])
}

// subsequence reports whether every token of a is in b in order, as one
// passage with a few pieces left out: the tokens of a fall in b in at most
// a few runs (two, or one more for every eight tokens of a). Common words
// of a short statement are found in order somewhere in any long one; a
// passage read again lies in few runs.
func subsequence(a, b []string) bool {
	if len(a) == 0 {
		return true
	}
	maxRuns := max(2, 1+len(a)/8)
	for start := range b {
		if b[start] != a[0] {
			continue
		}
		runs, j := 1, start+1
		ok := true
		for _, t := range a[1:] {
			k := j
			for k < len(b) && b[k] != t {
				k++
			}
			if k == len(b) {
				return false // no later start can hold the rest either
			}
			if k != j {
				if runs++; runs > maxRuns {
					ok = false
					break
				}
			}
			j = k + 1
		}
		if ok {
			return true
		}
	}
	return false
}

// passageTokens is s in canonical math form cut into words (letters and
// digits), commands and single symbols, lowercased; grouping, script
// marks, slashes, quotes and punctuation are not tokens, but a minus, a
// factorial's mark and a prime are: they change what is said.
func passageTokens(s string) []string {
	c := CanonicalMath(s)
	var toks []string
	for i := 0; i < len(c); {
		r, n := utf8.DecodeRuneInString(c[i:])
		switch {
		case r == '\\' && i+1 < len(c) && isASCIILetter(c[i+1]):
			j := i + 1
			for j < len(c) && isASCIILetter(c[j]) {
				j++
			}
			toks = append(toks, c[i:j])
			i = j
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i
			for j < len(c) {
				r2, n2 := utf8.DecodeRuneInString(c[j:])
				if !unicode.IsLetter(r2) && !unicode.IsDigit(r2) {
					break
				}
				j += n2
			}
			toks = append(toks, strings.ToLower(c[i:j]))
			i = j
			continue
		case unicode.IsSpace(r), unicode.IsPunct(r) && !strings.ContainsRune(`-!'|#%&*@`, r), r == '$', r == '^', r == '`':
		default:
			toks = append(toks, string(r))
		}
		i += n
	}
	return toks
}
