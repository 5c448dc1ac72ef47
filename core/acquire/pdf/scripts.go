package pdf

import (
	"math"
	"strings"
	"unicode"
)

// Inline sub- and superscripts are glyphs set smaller and lowered or raised
// beside their base: TeX's "e^{-1}" is an "e" and then "−1" in 7-point type
// 3.6 points up. Read along the row they ran into the base ("e−1", "n1",
// "210" for 2^{10}) or stood apart from it ("y d"). markScripts writes them
// as scripts: in Unicode's superscript and subscript characters where every
// character of the script has one ("e⁻¹", "n₁", "yᵈ"), else as math.go
// writes a limit, "^" or "_" and the script, braced when longer than one
// character ("x^{∗}", "p_{ψ}").

// superscripts and subscripts are the characters Unicode has raised or
// lowered forms of.
var (
	superscripts = map[rune]rune{
		'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
		'+': '⁺', '−': '⁻', '-': '⁻', '=': '⁼', '(': '⁽', ')': '⁾',
		'a': 'ᵃ', 'b': 'ᵇ', 'c': 'ᶜ', 'd': 'ᵈ', 'e': 'ᵉ', 'f': 'ᶠ', 'g': 'ᵍ', 'h': 'ʰ', 'i': 'ⁱ', 'j': 'ʲ',
		'k': 'ᵏ', 'l': 'ˡ', 'm': 'ᵐ', 'n': 'ⁿ', 'o': 'ᵒ', 'p': 'ᵖ', 'r': 'ʳ', 's': 'ˢ', 't': 'ᵗ', 'u': 'ᵘ',
		'v': 'ᵛ', 'w': 'ʷ', 'x': 'ˣ', 'y': 'ʸ', 'z': 'ᶻ',
		'A': 'ᴬ', 'B': 'ᴮ', 'D': 'ᴰ', 'E': 'ᴱ', 'G': 'ᴳ', 'H': 'ᴴ', 'I': 'ᴵ', 'J': 'ᴶ', 'K': 'ᴷ', 'L': 'ᴸ',
		'M': 'ᴹ', 'N': 'ᴺ', 'O': 'ᴼ', 'P': 'ᴾ', 'R': 'ᴿ', 'T': 'ᵀ', 'U': 'ᵁ', 'V': 'ⱽ', 'W': 'ᵂ',
		'α': 'ᵅ', 'β': 'ᵝ', 'γ': 'ᵞ', 'δ': 'ᵟ', 'ε': 'ᵋ', 'ϵ': 'ᵋ', 'θ': 'ᶿ', 'ι': 'ᶥ', 'φ': 'ᵠ', 'ϕ': 'ᵠ', 'χ': 'ᵡ',
	}
	subscripts = map[rune]rune{
		'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
		'+': '₊', '−': '₋', '-': '₋', '=': '₌', '(': '₍', ')': '₎',
		'a': 'ₐ', 'e': 'ₑ', 'h': 'ₕ', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'l': 'ₗ', 'm': 'ₘ', 'n': 'ₙ', 'o': 'ₒ',
		'p': 'ₚ', 'r': 'ᵣ', 's': 'ₛ', 't': 'ₜ', 'u': 'ᵤ', 'v': 'ᵥ', 'x': 'ₓ',
		'β': 'ᵦ', 'γ': 'ᵧ', 'ρ': 'ᵨ', 'φ': 'ᵩ', 'ϕ': 'ᵩ', 'χ': 'ᵪ',
	}
)

// primes are the marks TeX sets as a superscript that read as they are
// beside their base: f′, f″.
const primes = "′″‴'"

// scriptText writes script s raised (up) or lowered: in Unicode's script
// characters when each character has one, else "^s"/"_s" with s braced
// when longer than one character. A script of primes is itself: "f′".
func scriptText(s string, up bool) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if up && strings.Trim(s, primes) == "" {
		return s
	}
	table, mark := subscripts, "_"
	if up {
		table, mark = superscripts, "^"
	}
	var b strings.Builder
	for _, r := range s {
		u, ok := table[r]
		if !ok {
			return mark + group(s)
		}
		b.WriteRune(u)
	}
	return b.String()
}

// scripts writes a base's subscript and superscript, the subscript first.
func scripts(low, high string) string {
	return scriptText(low, false) + scriptText(high, true)
}

// markScripts writes the sub- and superscripts of a row (sorted by x) as
// scripts of the glyph before them: a run of glyphs set smaller than their
// base (below 0.85 of its size), starting at its right edge, lowered or
// raised off its baseline. The run becomes one glyph on the base's
// baseline and of its size, so that no space is read between them. A run
// with a glyph kerned back over it is a logo's raised letter (the A of
// LaTeX) and stays as it is.
func markScripts(row []glyph) []glyph { return markScriptsAt(row, 0) }

// markScriptsAt is markScripts of a row of scripts nested depth deep.
func markScriptsAt(row []glyph, depth int) []glyph {
	var out []glyph // nil until a script is found: most rows have none
	for i := 0; i < len(row); i++ {
		base := row[i]
		if out != nil {
			out = append(out, base)
		}
		if base.space || base.size <= 0 {
			continue
		}
		em := base.size
		var low, high []glyph
		end := base.x + base.w
		k := i + 1
		for ; k < len(row); k++ {
			g := row[k]
			if g.space && g.w < 0.5*em && k+1 < len(row) && !row[k+1].space && row[k+1].size < 0.85*em &&
				math.Abs(row[k+1].y-base.y) > 0.05*em {
				// a font change's gap before a script glyph, or a
				// space within the script ("n^{log_2 3}")
				continue
			}
			if g.space || g.size >= 0.85*em || g.x > end+0.3*em || g.x < base.x+0.3*base.w {
				break
			}
			switch {
			case g.y < base.y-0.05*em && g.y > base.y-0.6*em:
				low = append(low, g)
			case g.y > base.y+0.1*em && g.y < base.y+0.8*em:
				high = append(high, g)
			default:
				k = len(row) + 1 // a glyph on the baseline: no scripts
			}
			if k > len(row) {
				break
			}
			end = math.Max(end, g.x+g.w)
		}
		if k > len(row) || len(low)+len(high) == 0 {
			continue
		}
		// Both rows of scripts start at the base's edge, or the glyphs
		// are two things set side by side.
		if len(low) > 0 && len(high) > 0 && math.Abs(low[0].x-high[0].x) > 0.25*em {
			continue
		}
		if k < len(row) && !row[k].space && row[k].x < end-0.1*em {
			continue // kerned back over the small glyph: a logo
		}
		if k+1 < len(row) && thinSpace(row[k], em) && !wordStart(row[k+1].s) {
			// The font change's gap after the script before punctuation
			// is no word space ("aⱼᵢ;", "f′(x)"); before a letter it
			// stays, a product's factors apart ("λᵢ eᵢ").
			k++
		}
		// A script's own scripts ("2^{2^k}", "n^{log_2 3}") first.
		if depth < 3 {
			low, high = markScriptsAt(low, depth+1), markScriptsAt(high, depth+1)
		}
		s := scripts(glyphsText(low), glyphsText(high))
		if s == "" {
			continue
		}
		if out == nil {
			out = append(make([]glyph, 0, len(row)), row[:i+1]...)
		}
		out = append(out, glyph{x: base.x + base.w, y: base.y, w: math.Max(end-base.x-base.w, 0), size: base.size,
			s: s, bold: base.bold, italic: base.italic, script: true})
		i = k - 1
	}
	if out == nil {
		return row
	}
	return out
}

// wordStart reports whether s starts with a letter or digit.
func wordStart(s string) bool {
	for _, r := range s {
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	return false
}

// thinSpace reports whether g is a space glyph narrower than a word space
// at size em: the gap a font change leaves (fontChangeSpace) between a
// base and its script, TeX's italic correction or \scriptspace.
func thinSpace(g glyph, em float64) bool {
	return g.space && g.s == " " && g.w < 0.15*em
}
