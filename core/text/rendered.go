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
// rendered "sn"), a fraction's stack ("\frac{n(n+1)}{2}" rendered
// "n(n+1)/2") — and white space. Two statements both in LaTeX, or
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
// braces (grouping and set braces), the marks of scripts and fractions
// (\frac, and the slash of one written on a line).
func flatMath(s string) string {
	c := strings.NewReplacer(`\{`, "", `\}`, "", `\dfrac`, "", `\tfrac`, "", `\frac`, "").Replace(CanonicalMath(s))
	var b strings.Builder
	b.Grow(len(c))
	for _, r := range c {
		switch {
		case unicode.IsSpace(r), r == '{', r == '}', r == '^', r == '_', r == '/':
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// renderedAlike drops from changes those that are only the difference
// between a statement written in LaTeX and the same statement rendered
// (an EPUB's MathML read as Unicode), when one of a and b is each: the
// rendering keeps neither the set braces ("\{1,2,3\}" read "1,2,3") nor
// the marks of scripts ("(s_n)_{n \ge 1}" read "(s_n)n≥1"), and spells
// its letters and dots as characters ("α", "…"). A change that is one
// formula once both are spelled one way (renderedKey) is no change of
// meaning; any other stays.
func renderedAlike(a, b string, changes []MeaningChange) []MeaningChange {
	if len(changes) == 0 || markedUp(a) == markedUp(b) {
		return changes
	}
	out := changes[:0:0]
	for _, c := range changes {
		if c.Stored != "" && c.Candidate != "" && renderedKey(c.Stored) == renderedKey(c.Candidate) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// renderedKey is formula f in canonical math form (CanonicalMath)
// without what a rendering does not keep or spells otherwise: braces,
// script marks, backslashes, dots of an elided list, commas, a fraction's
// \frac or its slash ("\frac{n(n+1)}{2}" rendered "n(n+1)/2"), white
// space and case.
func renderedKey(f string) string {
	c := CanonicalMath(f)
	for _, gone := range []string{`\ldots`, `\cdots`, `\dots`, "…", "⋯", `\dfrac`, `\tfrac`, `\frac`} {
		c = strings.ReplaceAll(c, gone, "")
	}
	var b strings.Builder
	for _, r := range c {
		switch {
		case unicode.IsSpace(r), strings.ContainsRune(`{}^_\,/`, r):
			continue
		case r == '−':
			r = '-'
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
