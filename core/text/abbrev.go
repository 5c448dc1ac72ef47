package text

import (
	"strings"
	"unicode"
)

// Abbreviates reports whether abbr abbreviates name: letters and digits
// only, starting with a capital, at least two capitals, and its capitals
// the initials of successive words of name (words may be skipped:
// "Uniform Resource Identifier" gives "URI", "Host name" "HN").
func Abbreviates(abbr, name string) bool {
	var caps []rune
	for i, r := range abbr {
		switch {
		case unicode.IsUpper(r):
			caps = append(caps, r)
		case i == 0 || !unicode.IsLetter(r) && !unicode.IsDigit(r):
			return false
		}
	}
	if len(caps) < 2 {
		return false
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '_' })
	k := 0
	for _, w := range words {
		if k < len(caps) && unicode.ToUpper([]rune(w)[0]) == caps[k] {
			k++
		}
	}
	return k == len(caps)
}
