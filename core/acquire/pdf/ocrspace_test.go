package pdf

import (
	"fmt"
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

// A text layer writing "(\[4] )" (a backslash the spec says to ignore)
// lost the rest of its page: the string failed to parse and with it the
// content stream and those after it (the page's contents are an array
// of streams, as the layer's producer wrote them).
func TestBackslashBeforeBracketKeepsPage(t *testing.T) {
	fonts := "<< /F1 " + helvetica + " >>"
	b := &pdfBuilder{}
	pagesN := b.reserve()
	c1 := b.add(plain(`BT /F1 12 Tf 72 700 Td (proposed by ) Tj (\[4\] and [3]\). ) Tj ET`))
	c2 := b.add(plain(`BT /F1 12 Tf 72 650 Td (Underlying Communication) Tj ET`))
	pn := b.add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font %s >> /Contents [%d 0 R %d 0 R] >>", pagesN, fonts, c1, c2))
	b.set(pagesN, fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", pn))
	got, err := extractText(t, b.bytes(b.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pagesN)), ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"proposed by [4] and [3]).", "Underlying Communication"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%q", want, got)
		}
	}
}
