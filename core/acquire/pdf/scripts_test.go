package pdf

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// testdata/scripts/scripts.pdf is pdflatex's output of scripts.tex beside
// it (TeX Live 2022, \pdfgentounicode=0: no ToUnicode maps, as in PDFs
// made before TeX Live wrote them). Its inline scripts ran into their
// bases or stood apart ("e−1", "y d", "n1", "210"), and ℓ, which cmmi10
// names only "lscript", was left out ("For -bit keys", "about /2").
func TestTeXScriptsAndGlyphNames(t *testing.T) {
	data, err := os.ReadFile("testdata/scripts/scripts.pdf")
	if err != nil {
		t.Fatal(err)
	}
	got, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(got), " ")
	for _, want := range []string{
		"d = e⁻¹ mod φ(n)", "x = yᵈ mod n", "primes n₁ and n₂ multiply to n = n₁ n₂.",
		"For ℓ-bit keys", "about ℓ/2 bits", "2¹⁰ = 1024",
		"entry aᵢⱼ of Aᵀ is aⱼᵢ;", "sum xᵢ² + yₖ grows like eˣ⁺ʸ and tᵅ,", "slope is f′(x) at pₘₐₓ.",
		"Typeset with LATEX and TEX.", // the logo's raised A is no script
		"The first method finds roots; differential equations, official offers, efficient affine fluff, the fifth floor.",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

func TestScriptText(t *testing.T) {
	for _, c := range []struct {
		s    string
		up   bool
		want string
	}{
		{"−1", true, "⁻¹"}, {"d", true, "ᵈ"}, {"1", false, "₁"}, {"ij", false, "ᵢⱼ"},
		{"∗", true, "^∗"}, {"ψ", false, "_ψ"}, {"ab∗", true, "^{ab∗}"}, {"′", true, "′"}, {"′′", true, "′′"},
		{"q", true, "^q"}, {"", true, ""},
	} {
		if got := scriptText(c.s, c.up); got != c.want {
			t.Errorf("scriptText(%q, %v) = %q, want %q", c.s, c.up, got, c.want)
		}
	}
}

// A glyph its font maps to nothing while mapping others is shown as
// U+FFFD, not left out; a ligature named by its letters ("ti") or mapped
// to a presentation form (U+FB00) reads as its letters.
func TestUnmappedGlyphAndLigatures(t *testing.T) {
	b := &pdfBuilder{}
	cmap := `begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange
3 beginbfchar <0001> <0044> <0002> <FB00> <0006> <0069> endbfchar
1 beginbfrange <0003> <0005> [<0065> <0072> <006E>] endbfrange endcmap`
	tu := b.add(streamObj("", []byte(cmap)))
	fonts := fmt.Sprintf("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /XYZ "+
		"/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [1 /ti /xyzzy] >>"+widths500+" >> "+
		"/F2 << /Type /Font /Subtype /Type0 /BaseFont /ABC /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /DW 500 >>] /ToUnicode %d 0 R >> >>", tu)
	data := docWith(b, fonts, "", plain(`BT /F1 10 Tf 72 720 Td (Bisec\001on and \002-bit) Tj ET `+
		`BT /F2 10 Tf 72 708 Td <00010006000200030004000300050009> Tj ET`))
	got, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Bisection and \uFFFD-bit\nDifferen\uFFFD\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TeX raises an accent over a capital (or θ) above the letter's baseline;
// met first by the top-down sweep, it anchored the row, and the letter's
// subscript, lowered below that, fell onto a row of its own ("M̂ with"
// over "n").
func TestAccentDoesNotAnchorRow(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " >>"
	content := `BT /F1 10 Tf 1 0 0 1 72.8 702.63 Tm (\210) Tj 1 0 0 1 72 700 Tm (M) Tj ` +
		`/F1 7 Tf 1 0 0 1 77 698.5 Tm (n) Tj /F1 10 Tf 1 0 0 1 84 700 Tm (with care) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "M\u0302ₙ with care\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
