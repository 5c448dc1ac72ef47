package pdf

import (
	"strings"
	"testing"
)

// dvips writes TeX's bitmap fonts as Type 3 fonts whose glyph space is in
// pixels (FontMatrix [1 0 0 -1 0 0]) and shows them at size 1 under a Tm
// of 0.12: the size Tf gives is a hundredth of the letters' height, so the
// small kerns TJ puts between letters ("imp" -2000 "ortance") were taken
// for spaces between words. These are pagerank-1999's operators.
func TestType3PixelFontKerns(t *testing.T) {
	var names, widths strings.Builder
	for c := 'a'; c <= 'z'; c++ {
		names.WriteString(" /" + string(c))
		w := "42 "
		if c == 'm' {
			w = "69 "
		}
		widths.WriteString(w)
	}
	fonts := "<< /T1 << /Type /Font /Subtype /Type3 /FontMatrix [1 0 0 -1 0 0] /FontBBox [0 0 80 80]" +
		" /CharProcs << >> /Resources << >> /FirstChar 97 /LastChar 122 /Widths [" + widths.String() + "]" +
		" /Encoding << /Type /Encoding /Differences [97" + names.String() + "] >> >> >>"
	content := `BT /T1 1 Tf 0.12 0 0 -0.12 72 700 Tm [(the)-32000(imp)-2000(ortance)-32000(of)]TJ ` +
		`-300 150 TD [(ab)-3000(out)-31000(subjectiv)-1000(e)]TJ ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "the importance of\nabout subjective\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TeX's math sets each symbol in its own font with small kerns between
// them; poppler, the yardstick, ends a word where the font changes and
// keeps a gap of a few hundredths of an em there as a space ("lenR g",
// "(n , s )"), while the same gap inside one font's text joins the
// letters.
func TestFontChangeGapIsSpace(t *testing.T) {
	fonts := "<< /F1 " + fixed500 + " /F2 " + fixed500 + " >>"
	content := `BT /F1 12 Tf 72 700 Td (lenR) Tj ET BT /F2 12 Tf 96.5 700 Td (g) Tj ET ` +
		`BT /F1 12 Tf 72 680 Td (ab) Tj ET BT /F1 12 Tf 84.5 680 Td (cd) Tj ET ` +
		`BT /F1 12 Tf 72 660 Td (O) Tj ET BT /F2 12 Tf 78 660 Td (\(1\)) Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "lenR g\nabcd\nO(1)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got, err = extractText(t, doc(fonts, plain(`BT /F1 12 Tf 72 640 Td (s) Tj ET BT /F2 8 Tf 78.5 644 Td (0) Tj ET`)))
	if err != nil {
		t.Fatal(err)
	}
	// A smaller glyph raised after its letter across a font change is a
	// superscript, with no space: cmsy's prime, at the code of "0".
	if want := "s⁰\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A word set in small capitals takes its capitals from the roman face and
// its other letters from the small-capitals one, with a small kern between
// them: one word ("Horner"), not two, where the same gap between two other
// faces parts them.
func TestSmallCapitalsAreOneWord(t *testing.T) {
	sc := strings.Replace(fixed500, "/Helvetica", "/NPRGLC+TeXPalladioL-SC", 1)
	fonts := "<< /F1 " + fixed500 + " /F2 " + sc + " >>"
	got, err := extractText(t, doc(fonts, plain(`BT /F1 12 Tf 72 700 Td (H) Tj ET BT /F2 12 Tf 78.5 700 Td (orner) Tj ET`)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Horner\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for name, want := range map[string]bool{"CMCSC10": true, "ABCDEF+TeXPalladioL-SC": true, "Minion-SmallCaps": true, "CMR10": false, "Helvetica": false, "Times-Misc": false} {
		if smallCapsFace(name) != want {
			t.Errorf("smallCapsFace(%q) = %v, want %v", name, !want, want)
		}
	}
}
