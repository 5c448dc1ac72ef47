package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// OtherNotation reports whether a and b are one statement in two
// notations: one text once their mathematics is spelled one way
// (CanonicalMath: \le and \leq, \N and \mathbb{N}), up to case and runs of
// white space, though not one text as written, spacing aside.
func OtherNotation(a, b string) bool {
	return unspaced(a) != unspaced(b) && sameCanonical(a, b)
}

// unspaced is s lowercased without its white space.
func unspaced(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// OtherWords reports whether a and b are one statement in other words
// (Reworded) that is neither one text as written, spacing aside, nor one
// in other notation (OtherNotation): "with" for "given by".
func OtherWords(a, b string) bool {
	return unspaced(a) != unspaced(b) && !sameCanonical(a, b) && Reworded(a, b)
}

// Reworded reports whether a and b are one statement in other words: the
// same words of substance and the same mathematics, in the same order, once
// their mathematics is spelled one way (CanonicalMath) and the words that
// only join a statement's parts are left out — "the", "is", "with",
// "given by", "where", "such that", "we have" (connectives). Any other word,
// a negation, a quantifier, a number or a symbol that differs makes them two
// statements: "with" for "given by" is a rewording, "every" for "some",
// "finite" added or "≤" for "<" are not. (One text is trivially one
// statement in other words.)
func Reworded(a, b string) bool {
	sa, sb := substance(a), substance(b)
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// connectives are the words Reworded leaves out: they join a statement's
// parts and say nothing of them. Words of meaning — negations, quantifiers,
// "and", "or", "if", "for", "in", prepositions of order — are not among
// them.
var connectives = func() map[string]bool {
	m := map[string]bool{}
	// "a" is not among them: it is as often a variable ("f: A → B").
	for _, w := range strings.Fields(`an the is are be being been with given by of such that which whose where
		we have has let say said called denoted defined as to it its this there then`) {
		m[w] = true
	}
	return m
}()

// substance is s as Reworded compares it: its canonical form, lowercased,
// as stemmed words other than connectives, LaTeX commands (\to) and the
// symbols between them one by one; white space, math delimiters ($) and
// the punctuation that ends a clause left out.
func substance(s string) []string {
	s = strings.ToLower(CanonicalMath(s))
	var out []string
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\' && i+1 < len(s) && isASCIILetter(s[i+1]):
			j := i + 1
			for j < len(s) && isASCIILetter(s[j]) {
				j++
			}
			out = append(out, s[i:j])
			i = j
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i
			for j < len(s) {
				r, w := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					break
				}
				j += w
			}
			if word := s[i:j]; !connectives[word] {
				out = append(out, Stem(word))
			}
			i = j
			continue
		case unicode.IsSpace(r) || strings.ContainsRune(`$,;.!?"`, r):
		default:
			out = append(out, s[i:i+w])
		}
		i += w
	}
	return out
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
