package text

import "strings"

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
