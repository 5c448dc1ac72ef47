package pdf

import (
	"strings"
	"testing"
)

// Acrobat Capture's text layer writes two spaces between some words and a
// negative word spacing that makes each of them step back: the next word
// began left of both spaces and its first letter was read apart from the
// rest ("for t he problem", "a nd", "m odel"). These are operators of a
// scanned 1978 paper's layer, as its producer wrote them.
func TestOCRDoubleSpaceNegativeTw(t *testing.T) {
	fonts := "<< /F1 << /Type /Font /Subtype /TrueType /BaseFont /TimesNewRomanPSMT /Encoding /WinAnsiEncoding >> >>"
	content := `BT /F1 1 Tf 0 Tc 0 Tw 3 Tr 9.8 0 0 9.8 72 700 Tm (implications )Tj ` +
		`0.03999 Tc -0.35001 Tw -20.6735 -1.1224 Td (for  the )Tj 0 Tc 0 Tw 3.7245 0 Td (problem )Tj ` +
		`-0.02 Tc 3.9694 0 Td (of )Tj 0.01999 Tc -0.35001 Tw 1.3979 0 Td (the  different )Tj ` +
		`0.03999 Tc -0.13 Tw 5.898 0 Td (calls  a  model )Tj ET`
	got, err := extractText(t, doc(fonts, plain(content)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "for the problem of the different calls a model"; !strings.Contains(got, want) {
		t.Errorf("text lacks %q:\n%q", want, got)
	}
}
