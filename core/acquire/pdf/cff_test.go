package pdf

import (
	"fmt"
	"strings"
	"testing"
)

// cffIndexBytes writes a CFF INDEX of entries with one-byte offsets.
func cffIndexBytes(entries ...[]byte) []byte {
	out := []byte{0, byte(len(entries))}
	if len(entries) == 0 {
		return out
	}
	out = append(out, 1, 1)
	off := 1
	for _, e := range entries {
		off += len(e)
		out = append(out, byte(off))
	}
	for _, e := range entries {
		out = append(out, e...)
	}
	return out
}

// reencodedCFF builds a bare CFF font program as Ghostscript writes a
// subset: glyphs fi, l, e, space at codes 1, 2, 3, 4 of its own encoding
// (format 0), its charset naming them by standard string ids.
func reencodedCFF() []byte {
	const endchar = 14
	glyphs := cffIndexBytes([]byte{endchar}, []byte{endchar}, []byte{endchar}, []byte{endchar}, []byte{endchar})
	charset := []byte{0, 0, 109, 0, 77, 0, 70, 0, 1} // format 0: fi l e space
	encoding := []byte{0, 4, 1, 2, 3, 4}             // format 0: codes of glyphs 1–4
	// The Top DICT's offsets are one-byte operands (v+139) and the
	// layout after it is fixed, so its size is known before the offsets.
	dict := func(charsetOff, encOff, glyphsOff int) []byte {
		return []byte{byte(charsetOff + 139), 15, byte(encOff + 139), 16, byte(glyphsOff + 139), 17, 139, 139, 18}
	}
	head := []byte{1, 0, 4, 1}
	names := cffIndexBytes([]byte("F"))
	top := cffIndexBytes(dict(0, 0, 0))
	start := len(head) + len(names) + len(top) + 2 + 2 // empty String and Global Subr INDEXes
	glyphsOff := start
	charsetOff := glyphsOff + len(glyphs)
	encOff := charsetOff + len(charset)
	top = cffIndexBytes(dict(charsetOff, encOff, glyphsOff))
	out := append(append(append([]byte{}, head...), names...), top...)
	out = append(out, 0, 0, 0, 0)
	out = append(out, glyphs...)
	out = append(out, charset...)
	return append(out, encoding...)
}

// Ghostscript and Distiller re-encode the CFF fonts they embed and give
// the font dict no /Encoding: the font program's own table says code 1 is
// "fi" (mapreduce-2004 read "the output le" and "speci cation").
func TestCFFBuiltinEncoding(t *testing.T) {
	prog := reencodedCFF()
	if enc := cffEncoding(prog); enc == nil || enc[1] != "fi" || enc[2] != "l" || enc[4] != " " {
		t.Fatalf("cffEncoding = %q", enc[:5])
	}
	b := &pdfBuilder{}
	ff := b.add(streamObj("/Subtype /Type1C", prog))
	fonts := fmt.Sprintf("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Times-Roman /FirstChar 1 /LastChar 4"+
		" /Widths [556 278 444 250] /FontDescriptor << /Type /FontDescriptor /FontName /ABCDEF+Times-Roman /Flags 34 /FontFile3 %d 0 R >> >> >>", ff)
	got, err := extractText(t, docWith(b, fonts, "", plain(`BT /F1 12 Tf 72 700 Td (\001\002\003\004\001\002\003) Tj ET`)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "file file\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A truncated or hostile CFF program gives no encoding rather than a
// panic or an error that loses the page.
func TestCFFEncodingBadPrograms(t *testing.T) {
	prog := reencodedCFF()
	for n := 0; n < len(prog); n++ {
		if enc := cffEncoding(prog[:n]); enc != nil && strings.Join(enc, "") == "" {
			t.Errorf("cut at %d: an empty table instead of none", n)
		}
	}
	for i := range prog {
		for _, v := range []byte{0, 0x7f, 0xff} {
			flipped := append([]byte{}, prog...)
			flipped[i] = v
			cffEncoding(flipped) // must not panic
		}
	}
	bad := append([]byte{}, prog...)
	bad[len(bad)-5] = 0xff // an encoding count past the end
	if enc := cffEncoding(bad); enc != nil {
		t.Errorf("count past the end: %q", enc[:5])
	}
}

// Fonts are loaded once per document, by the font object: two pages that
// call different fonts by the same resource name each decode with their
// own.
func TestFontCacheKeyedByFontObject(t *testing.T) {
	b := &pdfBuilder{}
	pagesN := b.reserve()
	swapped := b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [97 /b /a] >> >>")
	plainFont := b.add(helvetica)
	var kids []string
	for _, fonts := range []string{
		fmt.Sprintf("<< /F1 %d 0 R >>", swapped),
		fmt.Sprintf("<< /F1 %d 0 R /F2 %d 0 R >>", plainFont, swapped),
	} {
		cn := b.add(plain(`BT /F1 12 Tf 72 700 Td (ab) Tj ET BT /F2 12 Tf 72 680 Td (ab) Tj ET`))
		pn := b.add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font %s >> /Contents %d 0 R >>", pagesN, fonts, cn))
		kids = append(kids, fmt.Sprintf("%d 0 R", pn))
	}
	b.set(pagesN, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count 2 >>", strings.Join(kids, " ")))
	root := b.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pagesN))
	got, err := extractText(t, b.bytes(root, ""))
	if err != nil {
		t.Fatal(err)
	}
	// Page 1 has no F2: its second line falls back on the standard
	// encoding.
	if want := "ba\nab\nab\nba\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
