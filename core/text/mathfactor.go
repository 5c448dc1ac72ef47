package text

import (
	"strings"
	"unicode/utf8"
)

// oneFactor is g in parentheses unless it is one factor: a number, a
// letter or a parenthesized group, with its scripts. A denominator or a
// radicand that is a product ("(1−y)(1−x)", "xyz") written on a line
// without its stack or its bar reads as its first factor alone.
func oneFactor(g string) string {
	core := strings.TrimRightFunc(g, func(r rune) bool {
		_, sup := superscriptRunes[r]
		_, sub := subscriptRunes[r]
		return sup || sub || r == '!' || r == '\'' || r == '′'
	})
	switch {
	case core == "", wrapped(core), utf8.RuneCountInString(core) == 1:
		return g
	}
	if strings.TrimFunc(core, func(r rune) bool { return r >= '0' && r <= '9' || r == '.' }) == "" {
		return g
	}
	return "(" + g + ")"
}

// differentials reports whether num/den is a quotient of differentials
// (dy/dx, ∂f/∂x), which reads as one whatever its letters.
func differentials(num, den string) bool {
	d := func(s string) bool {
		return utf8.RuneCountInString(strings.TrimSpace(s)) <= 4 && differentialOp(s)
	}
	return d(num) && d(den)
}
