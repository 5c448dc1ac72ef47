package pdf

import (
	"strings"
	"testing"
)

// widths500 gives a simple font's codes 0-255 all the width 500/1000 em,
// for tests whose positions are computed that way.
var widths500 = " /FirstChar 0 /LastChar 255 /Widths [" + strings.Repeat("500 ", 256) + "]"

// fixed500 is Helvetica with widths500.
var fixed500 = strings.TrimSuffix(helvetica, ">>") + widths500 + " >>"

// An OCR program's invisible text layer names a system font without
// /Widths and places every word with its own TD, at the position its
// Times metrics give. Taken as 500/1000 em wide, each word's glyphs ran
// into the next word: "different;i f both" and letters dropped. These
// lines are those of a scanned paper's text layer, as its producer wrote
// them.
func TestOCRLayerWithoutWidths(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /TrueType /BaseFont /TimesNewRoman /Encoding /WinAnsiEncoding >> >>"
	content := `BT 3 Tr 1 0 0 1 96.24 628.80 Tm /F1 9.84 Tf 0.33 Tc 0 Tw (different; ) Tj ` +
		`39.60 0 TD 0.48 Tc (if ) Tj 8.64 0 TD 0.72 Tc (both ) Tj 22.80 0 TD 0.64 Tc (other ) Tj ` +
		`25.44 0 TD 0.62 Tc (cryptographers ) Tj 67.20 0 TD 0.43 Tc (said ) Tj 19.92 0 TD 0.46 Tc ("different," ) Tj ` +
		`48.48 0 TD 0.67 Tc (then ) Tj 21.84 0 TD 0.48 Tc (the ) Tj 16.08 0 TD 0.60 Tc (payer ) Tj ` +
		`26.40 0 TD 0.16 Tc (is ) Tj 9.60 0 TD 0.39 Tc (closest ) Tj 30.72 0 TD 0.56 Tc (to ) Tj ET ` +
		`BT 3 Tr 1 0 0 1 96 654 Tm /F1 9.84 Tf -0.48 Tc 0 Tw 94 Tz (66 ) Tj 310.32 0 TD -0.24 Tc (D. ) Tj ` +
		`10.32 0 TD -0.08 Tc (Chaum ) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`different; if both other cryptographers said "different," then the payer is closest to`,
		"D. Chaum",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
}

func TestStdFontName(t *testing.T) {
	for base, want := range map[string]string{
		"TimesNewRoman":            "Times-Roman",
		"TimesNewRoman,BoldItalic": "Times-BoldItalic",
		"Arial,Bold":               "Helvetica-Bold",
		"ABCDEF+Arial-ItalicMT":    "Helvetica",
		"CourierNewPSMT":           "Courier",
		"Times-Italic":             "Times-Italic",
		"Symbol":                   "",
	} {
		if got := stdFontName(base, 0); got != want {
			t.Errorf("stdFontName(%q) = %q, want %q", base, got, want)
		}
	}
}

// The Symbol font has its own built-in encoding: a paper setting ∑, ≤ or
// α in Symbol without /Encoding or ToUnicode lost every one of them
// (shannon-1948: ∑ 99 times in poppler's text, never in lore's). Glyph
// names outside lore's own table come from the Adobe Glyph List.
func TestSymbolFontBuiltinEncoding(t *testing.T) {
	fonts := "<< /F1 " + helvetica + " /F2 << /Type /Font /Subtype /Type1 /BaseFont /Symbol >>" +
		" /F3 << /Type /Font /Subtype /Type1 /BaseFont /XYZ /Encoding << /Differences [65 /therefore /proportional] >> >> >>"
	content := `BT /F1 12 Tf 72 700 Td (H = ) Tj /F2 12 Tf (\345) Tj /F1 12 Tf ( p log p, ) Tj ` +
		`/F2 12 Tf (a \243 b) Tj ET BT /F3 12 Tf 72 680 Td (AB) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "H = ∑ p log p, α ≤ β\n∴∝\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
