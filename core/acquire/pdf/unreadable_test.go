package pdf

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// imageDoc is a document of n pages that each draw one image and,
// when text is not "", show it in Helvetica (a scan with a text layer).
func imageDoc(n int, text string) []byte {
	b := &pdfBuilder{}
	img := b.add(streamObj("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", []byte{0x80}))
	font := b.add(helvetica)
	pagesN := b.reserve()
	content := "q 600 0 0 780 0 0 cm /Im0 Do Q"
	if text != "" {
		content += " BT /F1 12 Tf 3 Tr 72 700 Td (" + text + ") Tj ET"
	}
	var kids []string
	for range n {
		cn := b.add(plain(content))
		pn := b.add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 %d 0 R >> /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>", pagesN, img, font, cn))
		kids = append(kids, fmt.Sprintf("%d 0 R", pn))
	}
	b.set(pagesN, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	return b.bytes(b.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pagesN)), "")
}

// A scan without a text layer and a document whose fonts map their glyphs
// to no Unicode text say how many pages cannot be read and what would
// help; a scan with a text layer is read.
func TestUnreadablePagesAreCounted(t *testing.T) {
	_, err := extractText(t, imageDoc(3, ""))
	var u *UnreadableError
	if !errors.As(err, &u) || u.Scanned != 3 || u.Pages != 3 || !errors.Is(err, ErrNoText) || !strings.Contains(err.Error(), "ocrmypdf") {
		t.Errorf("scan: %v", err)
	}
	if got, err := extractText(t, imageDoc(2, "Lemma one holds.")); err != nil || !strings.Contains(got, "Lemma one holds.") {
		t.Errorf("scan with a text layer: %q, %v", got, err)
	}
	// Identity-H codes with no ToUnicode map: glyphs without text
	cid := "<< /F1 << /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /DW 500 >>] >> /F2 " + helvetica + " >>"
	unmapped := "BT /F1 12 Tf 72 700 Td <00110022003300440055> Tj ET"
	_, err = extractText(t, doc(cid, plain(unmapped), plain(unmapped)))
	if !errors.As(err, &u) || u.Undecodable != 2 || !strings.Contains(err.Error(), "without a Unicode map") {
		t.Errorf("unmapped fonts: %v", err)
	}
	// one unmapped page of three is read: most of the document is there
	readable := "BT /F2 12 Tf 72 700 Td (A graph is a pair of sets.) Tj ET"
	if got, err := extractText(t, doc(cid, plain(readable), plain(unmapped), plain(readable))); err != nil || !strings.Contains(got, "A graph is a pair of sets.") {
		t.Errorf("one unmapped page of three: %q, %v", got, err)
	}
}
