// Package hostile builds, in code, the hostile inputs that the readers'
// tests and fuzz seeds use: small files that once crashed lore or drove its
// memory into gigabytes. Nothing here is used outside tests; the inputs are
// generated rather than committed so that the repository holds no large or
// malicious binaries.
package hostile

import (
	"archive/zip"
	"bytes"
	"compress/zlib"
	"fmt"
	"sort"
	"strings"
)

// SelfObjStmPDF returns a PDF (under 700 bytes) whose cross-reference
// stream says that its object stream, object 3, is stored inside object 3.
// Resolving the catalog asks for the object stream, which asks for itself:
// an unbounded recursion in a PDF library without a depth limit, which ends
// in Go's unrecoverable "fatal error: stack overflow".
func SelfObjStmPDF() []byte {
	var out bytes.Buffer
	out.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	// Object 3 is also written out at an offset, as a lenient reader that
	// rebuilds the xref would find it; the xref stream says otherwise.
	objStm := "1 0 2 45 3 90 << /Type /Catalog /Pages 2 0 R >> << /Type /Pages /Kids [] /Count 0 >>"
	fmt.Fprintf(&out, "3 0 obj\n<< /Type /ObjStm /N 3 /First 14 /Length %d >>\nstream\n%s\nendstream\nendobj\n", len(objStm), objStm)
	xrefOff := out.Len()
	// W [1 2 1]: type, field 2 (offset or stream number), field 3 (generation or index).
	entries := [][3]int{
		{0, 0, 255},     // 0: free
		{2, 3, 0},       // 1: the catalog, in object stream 3
		{2, 3, 1},       // 2: the page tree, in object stream 3
		{2, 3, 2},       // 3: the object stream itself, in object stream 3
		{1, xrefOff, 0}, // 4: this cross-reference stream
	}
	var data []byte
	for _, e := range entries {
		data = append(data, byte(e[0]), byte(e[1]>>8), byte(e[1]), byte(e[2]))
	}
	fmt.Fprintf(&out, "4 0 obj\n<< /Type /XRef /Size 5 /W [1 2 1] /Root 1 0 R /Length %d >>\nstream\n", len(data))
	out.Write(data)
	fmt.Fprintf(&out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", xrefOff)
	return out.Bytes()
}

// SharedStreamPDF returns a PDF of pages pages that all draw one
// Flate-compressed content stream: lines lines of text, each the same
// 60 characters, 11 points below the one before (running off the page's
// foot, which readers tolerate). The file stays a few tens of KiB while
// every page decodes to the whole stream, so a reader that interprets the
// stream once per page and keeps every glyph grows with pages × lines.
func SharedStreamPDF(pages, lines int) []byte {
	var content strings.Builder
	for i := range lines {
		fmt.Fprintf(&content, "BT /F1 9 Tf 1 0 0 1 40 %d Tm (Lorem ipsum dolor sit amet consectetur adipiscing elit sed do) Tj ET\n", 780-11*i)
	}
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if _, err := w.Write([]byte(content.String())); err != nil {
		panic(err)
	}
	w.Close()
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"", // the page tree, filled below
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()),
	}
	return withPages(objs, pages, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>")
}

// withPages writes objs (object 2 left for the page tree) with pages
// copies of page, which draws the content of object 4.
func withPages(objs []string, pages int, page string) []byte {
	var kids []string
	for range pages {
		objs = append(objs, page)
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages)
	return classicPDF(objs)
}

// SpaceRowPDF returns a one-page PDF whose page has a line of text and,
// below it, a row made only of space characters: a row that yields no text
// segment, which the layout code once indexed anyway and panicked on.
func SpaceRowPDF() []byte {
	content := "BT /F1 12 Tf 72 720 Td (A line of real text) Tj ET\nBT /F1 12 Tf 72 600 Td (     ) Tj ET\n"
	return classicPDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	})
}

// TextPDF returns a valid one-page PDF showing text, to sit next to the
// hostile files and be read.
func TextPDF(text string) []byte {
	content := fmt.Sprintf("BT /F1 12 Tf 72 720 Td (%s) Tj ET\n", text)
	return classicPDF([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	})
}

// ScanPDF returns a PDF of pages pages that are each one image and no
// text: a scan without a text layer.
func ScanPDF(pages int) []byte {
	content := "q 600 0 0 780 0 0 cm /Im0 Do Q"
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "",
		"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)}
	return withPages(objs, pages, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 3 0 R >> >> /Contents 4 0 R >>")
}

// classicPDF writes objs as objects 1.. with a classic xref table; object 1
// is the catalog.
func classicPDF(objs []string) []byte {
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, body := range objs {
		offs[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return out.Bytes()
}

// DOCX returns a Word document whose body is paras paragraphs, each the
// same sentence: text that deflate shrinks about a thousandfold.
func DOCX(paras int) []byte {
	var body strings.Builder
	body.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for range paras {
		body.WriteString(`<w:p><w:r><w:t>All work and no play makes a dull document, said the compressor.</w:t></w:r></w:p>`)
	}
	body.WriteString(`</w:body></w:document>`)
	return zipOf(map[string][]byte{
		"[Content_Types].xml": []byte(`<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`),
		"word/document.xml":   []byte(body.String()),
	}, zip.Deflate)
}

// DOCXZip returns a zip holding n copies of DOCX(paras) as doc1.docx …
// Each DOCX is stored (already compressed, as Word files are), so the
// archive's own ratio looks harmless while the parts inside expand.
func DOCXZip(n, paras int) []byte {
	d := DOCX(paras)
	files := map[string][]byte{}
	for i := range n {
		files[fmt.Sprintf("doc%d.docx", i+1)] = d
	}
	return zipOf(files, zip.Store)
}

// Zip returns a zip of files, entries deflated, in name order.
func Zip(files map[string][]byte) []byte { return zipOf(files, zip.Deflate) }

func zipOf(files map[string][]byte, method uint16) []byte {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: method})
		if err != nil {
			panic(err)
		}
		if _, err := w.Write(files[n]); err != nil {
			panic(err)
		}
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// ShortParagraphsMarkdown returns about size bytes of Markdown made of
// short paragraphs (a few words each, blank lines between), the shape that
// makes per-paragraph bookkeeping dominate memory.
func ShortParagraphsMarkdown(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 64)
	b.WriteString("# Notes\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Item %d is short.\n\n", i)
	}
	return b.Bytes()
}

// GlyphRunsPDF returns a one-page PDF whose page shows runs tiny runs of
// one glyph each, at 1 point, in rows across the page, and a line of real
// text at its head: what a reader that keeps a record per run and compares
// runs pairwise turns into minutes and gigabytes.
func GlyphRunsPDF(runs int) []byte {
	return FractionBarsPDF(0, runs)
}

// FractionBarsPDF returns a one-page PDF like GlyphRunsPDF(runs) that also
// strokes bars thin horizontal rules among the dust, each with glyphs
// above, below and beside it: every bar looks like a fraction's.
func FractionBarsPDF(bars, runs int) []byte {
	var content strings.Builder
	content.WriteString("BT /F1 12 Tf 72 760 Td (A line of real text above the dust) Tj ET\n")
	content.WriteString("BT /F1 1 Tf\n")
	for i := range runs {
		fmt.Fprintf(&content, "1 0 0 1 %d %d Tm (%c) Tj\n", 20+(i%500), 20+(i/500)%700, 'a'+rune(i%26))
	}
	content.WriteString("ET\n0.4 w\n")
	for i := range bars {
		x, y := 20+(i%50)*10, 20+(i/50)%700
		fmt.Fprintf(&content, "%d %d m %d %d l S\n", x, y, x+6, y)
	}
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if _, err := w.Write([]byte(content.String())); err != nil {
		panic(err)
	}
	w.Close()
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes())}
	return withPages(objs, 1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>")
}

// NestedSpansHTML returns an HTML page whose paragraph sits inside depth
// nested spans, each with a class naming a bold font, after a plain
// paragraph of text.
func NestedSpansHTML(depth int) []byte {
	var b strings.Builder
	b.WriteString("<html><body><p>A paragraph of plain text before the nest.</p><p>")
	for range depth {
		b.WriteString(`<span class="cmbx-12">`)
	}
	b.WriteString("Definition 1.1 A nested word")
	for range depth {
		b.WriteString("</span>")
	}
	b.WriteString(" ends the paragraph.</p></body></html>")
	return []byte(b.String())
}

// LongClassHTML returns an HTML page with a style sheet of size bytes and
// a run-in label whose class attribute is size bytes long.
func LongClassHTML(size int) []byte {
	var b strings.Builder
	b.WriteString("<html><head><style>")
	for b.Len() < size {
		fmt.Fprintf(&b, ".c%d{font-weight:bold}", b.Len())
	}
	b.WriteString(`</style></head><body><p><span class="`)
	for i := 0; b.Len() < 2*size; i++ {
		fmt.Fprintf(&b, "cmbx-%d ", i)
	}
	b.WriteString(`">Definition 2.1</span> A group is a set with an associative operation, an identity and inverses.</p></body></html>`)
	return []byte(b.String())
}
