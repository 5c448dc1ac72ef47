package text

import (
	"strings"
	"unicode"
)

// sameRendered reports whether a and b are one statement, one written in
// LaTeX and the other as a reader sees it rendered (an EPUB's or a web
// page's MathML read as Unicode text): once their mathematics is spelled
// one way (CanonicalMath), they are one text but for what rendering does
// not keep — grouping braces, the set braces an EPUB reader may drop, the
// marks of super- and subscripts ("f^{-1}" rendered "f^−1", "s_n"
// rendered "sn") — and white space. Two statements both in LaTeX, or
// both rendered, are never compared so: their braces and scripts are
// written, and differ in meaning when they differ.
func sameRendered(a, b string) bool {
	if markedUp(a) == markedUp(b) {
		return false
	}
	return flatMath(a) == flatMath(b)
}

// markedUp reports whether s writes mathematics in LaTeX: a $ delimiter
// or a command.
func markedUp(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '$':
			return true
		case '\\':
			if i+1 < len(s) && (s[i+1] >= 'a' && s[i+1] <= 'z' || s[i+1] >= 'A' && s[i+1] <= 'Z') {
				return true
			}
		}
	}
	return false
}

// flatMath is s in canonical math form, lowercased, without white space,
// braces (grouping and set braces) and the marks of scripts.
func flatMath(s string) string {
	c := strings.NewReplacer(`\{`, "", `\}`, "").Replace(CanonicalMath(s))
	var b strings.Builder
	b.Grow(len(c))
	for _, r := range c {
		switch {
		case unicode.IsSpace(r), r == '{', r == '}', r == '^', r == '_':
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
