package text

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// texFamilies are the family prefixes of TeX font names, longer ones
// first so that "cmss" is not read as "cm" and a series "ss".
var texFamilies = []string{"cmss", "ecss", "lmss", "sfss", "t1x", "cm", "ec", "lm", "sf", "tc", "eu"}

// TeXSeries is the series and shape of a TeX font named as its TFM file
// is, with its size left out: "bx" for cmbx12 and ecbx1095, "bxti" for
// cmbxti10, "ti" for cmti12, "mi" for the math italic cmmi10, "r" for
// cmr10; "" when the name has no TeX family prefix (or nothing after it).
// PDFs (a font's base name) and tex4ht's HTML (a span's class, "cmbx-12")
// both set type in these fonts.
func TeXSeries(font string) string {
	face := strings.ToLower(strings.TrimRight(font, "0123456789"))
	for _, f := range texFamilies {
		if s, ok := strings.CutPrefix(face, f); ok {
			return s
		}
	}
	return ""
}

// berryName is a PostScript font's name in Karl Berry's scheme, as TeX's
// font packages name their TFM files and tex4ht its classes: a supplier
// (p Adobe, b Bitstream, u URW), a two-letter family, a weight, an
// optional variant and the encoding ("ptmb8t" Times Bold, "pplri8t"
// Palatino Italic, "bchb8t" Charter Bold).
var berryName = lazyre.New(`^[pbu][a-z]{2}([a-z])([io]?)[a-z]?[789][a-z]$`)

// BerryShape is "b" for a bold, "i" for an italic or oblique and "bi" for
// a bold italic font named in Karl Berry's scheme, "" for an upright
// regular one or another name.
func BerryShape(font string) string {
	m := berryName.FindStringSubmatch(strings.ToLower(font))
	if m == nil {
		return ""
	}
	s := ""
	if strings.Contains("bcdhsux", m[1]) {
		s = "b"
	}
	if m[2] != "" {
		s += "i"
	}
	return s
}
