package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/md5"
	"crypto/rc4"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/hostile"
)

// pdfBuilder writes minimal, valid PDF files with a classic xref table.
type pdfBuilder struct{ objs []string }

// add appends an object body and returns its object number.
func (b *pdfBuilder) add(body string) int {
	b.objs = append(b.objs, body)
	return len(b.objs)
}

// reserve allocates an object number to be filled with set.
func (b *pdfBuilder) reserve() int { return b.add("null") }

func (b *pdfBuilder) set(n int, body string) { b.objs[n-1] = body }

func streamObj(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

func flateObj(data string) string {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	w.Write([]byte(data))
	w.Close()
	return streamObj("/Filter /FlateDecode", buf.Bytes())
}

func (b *pdfBuilder) bytes(root int, trailerExtra string) []byte {
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(b.objs))
	for i, body := range b.objs {
		offs[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(b.objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root %d 0 R %s >>\nstartxref\n%d\n%%%%EOF\n", len(b.objs)+1, root, trailerExtra, xref)
	return out.Bytes()
}

const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// doc builds a document whose pages have the given content streams (as
// produced by stream) and share the font resources dict fonts.
func doc(fonts string, contents ...string) []byte {
	return docWith(&pdfBuilder{}, fonts, "", contents...)
}

func docWith(b *pdfBuilder, fonts, trailerExtra string, contents ...string) []byte {
	pagesN := b.reserve()
	var kids []string
	for _, c := range contents {
		cn := b.add(c)
		pn := b.add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font %s >> /Contents %d 0 R >>", pagesN, fonts, cn))
		kids = append(kids, fmt.Sprintf("%d 0 R", pn))
	}
	b.set(pagesN, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids)))
	root := b.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pagesN))
	return b.bytes(root, trailerExtra)
}

func plain(content string) string { return streamObj("", []byte(content)) }

func extractText(t *testing.T, data []byte) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return Text(ctx, bytes.NewReader(data), int64(len(data)))
}

func TestTextSimple(t *testing.T) {
	cases := []struct {
		name    string
		fonts   string
		content []string
		want    string
	}{
		{
			name:    "uncompressed",
			fonts:   "<< /F1 " + helvetica + " >>",
			content: []string{plain("BT /F1 12 Tf 72 720 Td (Hello World) Tj 0 -14 Td (Second line) Tj ET")},
			want:    "Hello World\nSecond line\n",
		},
		{
			name:    "flate",
			fonts:   "<< /F1 " + helvetica + " >>",
			content: []string{flateObj("BT /F1 12 Tf 72 720 Td (Compressed text here) Tj ET")},
			want:    "Compressed text here\n",
		},
		{
			name:    "TJ kerning gaps",
			fonts:   "<< /F1 " + helvetica + " >>",
			content: []string{plain("BT /F1 12 Tf 72 720 Td [(Hel) 20 (lo) -300 (Wor) -50 (ld) 10 (!)] TJ ET")},
			want:    "Hello World!\n",
		},
		{
			name:    "positioned words without space glyphs",
			fonts:   "<< /F1 " + helvetica + " >>",
			content: []string{plain("BT /F1 10 Tf 1 0 0 1 72 700 Tm (one) Tj 1 0 0 1 93 700 Tm (two) Tj 1 0 0 1 111 700 Tm (three) Tj ET")},
			want:    "one two three\n",
		},
		{
			name:    "differences encoding",
			fonts:   "<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /CMR10 /Encoding << /Type /Encoding /Differences [65 /fi /alpha 97 /a /quoteright] >> >> >>",
			content: []string{plain("BT /F1 12 Tf 72 720 Td (ABab) Tj ET")},
			want:    "fi\u03b1a\u2019\n",
		},
		{
			name:    "T* and quote operators",
			fonts:   "<< /F1 " + helvetica + " >>",
			content: []string{plain("BT /F1 12 Tf 14 TL 72 720 Td (first) Tj T* (second) Tj (third) ' ET")},
			want:    "first\nsecond\nthird\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := extractText(t, doc(tc.fonts, tc.content...))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFormXObject(t *testing.T) {
	b := &pdfBuilder{}
	form := b.add(streamObj("/Type /XObject /Subtype /Form /BBox [0 0 500 100] /Matrix [1 0 0 1 0 -100] /Resources << /Font << /F9 "+helvetica+" >> >>",
		[]byte("BT /F9 12 Tf 72 720 Td (Inside the form) Tj ET")))
	data := docWith(b, "<< /F1 "+helvetica+" >>", "", plain("BT /F1 12 Tf 72 720 Td (Page text) Tj ET q /X1 Do Q"))
	// Point the page resources at the form.
	data = bytes.Replace(data, []byte("/MediaBox [0 0 612 792] /Resources << /Font"), []byte(fmt.Sprintf("/MediaBox [0 0 612 792] /Resources << /XObject << /X1 %d 0 R >> /Font", form)), 1)
	data = fixXref(data)
	got, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Page text\n\nInside the form\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// fixXref rewrites the xref offsets of a file produced by pdfBuilder after
// its objects were edited in place.
func fixXref(data []byte) []byte {
	b := &pdfBuilder{}
	rest := data
	for {
		i := bytes.Index(rest, []byte(" 0 obj\n"))
		if i < 0 {
			break
		}
		rest = rest[i+len(" 0 obj\n"):]
		j := bytes.Index(rest, []byte("\nendobj\n"))
		b.add(string(rest[:j]))
		rest = rest[j:]
	}
	return b.bytes(len(b.objs), "")
}

func TestToUnicode(t *testing.T) {
	b := &pdfBuilder{}
	cmap := `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Test def
1 begincodespacerange <00> <FF> endcodespacerange
2 beginbfchar
<01> <0048>
<04> <00660069>
endbfchar
1 beginbfrange
<02> <03> <0069>
endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`
	tu := b.add(streamObj("", []byte(cmap)))
	cmap2 := `begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange
1 beginbfrange <0001> <0003> [<0041> <03A9> <00E9>] endbfrange endcmap`
	tu2 := b.add(streamObj("", []byte(cmap2)))
	fonts := fmt.Sprintf("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /XYZ /ToUnicode %d 0 R >> "+
		"/F2 << /Type /Font /Subtype /Type0 /BaseFont /ABC /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /DW 600 >>] /ToUnicode %d 0 R >> >>", tu, tu2)
	data := docWith(b, fonts, "", plain("BT /F1 12 Tf 72 720 Td <01020304> Tj ET BT /F2 12 Tf 72 700 Td <000100020003> Tj ET"))
	got, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Hijfi\nA\u03a9\u00e9\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTwoColumnsHyphenation(t *testing.T) {
	var c strings.Builder
	c.WriteString("BT /F1 10 Tf ")
	left := []string{"Left column starts", "with an exter-", "ior product."}
	right := []string{"Right column text", "comes after the", "left one."}
	for i := range left {
		y := 700 - 12*i
		fmt.Fprintf(&c, "1 0 0 1 72 %d Tm (%s) Tj 1 0 0 1 330 %d Tm (%s) Tj ", y, left[i], y, right[i])
	}
	c.WriteString("ET")
	got, err := extractText(t, doc(columnFonts, plain(c.String())))
	if err != nil {
		t.Fatal(err)
	}
	want := "Left column starts\nwith an exterior product.\nRight column text\ncomes after the\nleft one.\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHeadersFootersHeadings(t *testing.T) {
	var pages []string
	for i := 1; i <= 4; i++ {
		var c strings.Builder
		fmt.Fprintf(&c, "BT /F1 9 Tf 1 0 0 1 72 760 Tm (%d  Running Head) Tj ET ", i)
		if i == 1 {
			c.WriteString("BT /F1 18 Tf 1 0 0 1 72 720 Tm (Big Title) Tj ET ")
		}
		fmt.Fprintf(&c, "BT /F1 10 Tf 1 0 0 1 72 690 Tm (Body text of page %d.) Tj 0 -12 Td (More body text.) Tj ET ", i)
		fmt.Fprintf(&c, "BT /F1 10 Tf 1 0 0 1 300 40 Tm (%d) Tj ET", i)
		pages = append(pages, plain(c.String()))
	}
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", pages...))
	if err != nil {
		t.Fatal(err)
	}
	// Unindented text at the top of a page continues the paragraph.
	want := "# Big Title\n\nBody text of page 1.\nMore body text.\n" +
		"Body text of page 2.\nMore body text.\n" +
		"Body text of page 3.\nMore body text.\n" +
		"Body text of page 4.\nMore body text.\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNumberedHeading(t *testing.T) {
	c := "BT /F1 10 Tf 1 0 0 1 72 700 Tm (Some text before the section.) Tj " +
		"1 0 0 1 72 670 Tm (2.3 Gaussian elimination) Tj " +
		"1 0 0 1 72 640 Tm (The method works as follows.) Tj 0 -12 Td (It ends here.) Tj ET"
	got, err := extractText(t, doc("<< /F1 "+helvetica+" >>", plain(c)))
	if err != nil {
		t.Fatal(err)
	}
	want := "Some text before the section.\n\n## 2.3 Gaussian elimination\n\nThe method works as follows.\nIt ends here.\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNoTextLayer(t *testing.T) {
	data := doc("<< >>", plain("q 100 0 0 100 72 600 cm 0 0 1 1 re f Q"), plain("0.5 g 10 10 50 50 re f"))
	_, err := extractText(t, data)
	if !errors.Is(err, ErrNoText) {
		t.Fatalf("err = %v, want %v", err, ErrNoText)
	}
	if err.Error() != "no text layer (scanned PDF?)" {
		t.Errorf("message %q", err)
	}
}

func TestOversizedContentSkipped(t *testing.T) {
	huge := flateObj("BT /F1 12 Tf 72 720 Td (x) Tj ET " + strings.Repeat("0 ", 9<<20))
	_, err := extractText(t, doc("<< /F1 "+helvetica+" >>", huge))
	if !errors.Is(err, ErrNoText) {
		t.Fatalf("err = %v, want %v", err, ErrNoText)
	}
}

func TestPageTreeCycle(t *testing.T) {
	b := &pdfBuilder{}
	pages := b.add("<< /Type /Pages /Kids [1 0 R 1 0 R] /Count 2 >>")
	root := b.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pages))
	start := time.Now()
	_, err := extractText(t, b.bytes(root, ""))
	if err == nil {
		t.Fatal("expected an error")
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %v", el)
	}
}

func TestEncrypted(t *testing.T) {
	b := &pdfBuilder{}
	o := strings.Repeat("A", 32)
	u := strings.Repeat("B", 32)
	enc := b.add(fmt.Sprintf("<< /Filter /Standard /V 1 /R 2 /Length 40 /O (%s) /U (%s) /P -4 >>", o, u))
	data := docWith(b, "<< /F1 "+helvetica+" >>", fmt.Sprintf("/Encrypt %d 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]", enc),
		plain("BT /F1 12 Tf 72 720 Td (secret) Tj ET"))
	_, err := extractText(t, data)
	if !errors.Is(err, ErrEncrypted) {
		t.Fatalf("err = %v, want %v", err, ErrEncrypted)
	}
	if err.Error() != "encrypted PDF (a password is required)" {
		t.Errorf("message %q", err)
	}
}

func TestCorrupt(t *testing.T) {
	good := doc("<< /F1 "+helvetica+" >>", plain("BT /F1 12 Tf 72 720 Td (Hello) Tj ET"))
	for name, data := range map[string][]byte{
		"empty":     nil,
		"not pdf":   []byte("hello, world"),
		"truncated": good[:len(good)/2],
		"bad xref":  bytes.Replace(good, []byte("xref"), []byte("xxxx"), 1),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := extractText(t, data)
			if err == nil {
				t.Fatal("expected an error")
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("err = %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestCanceledContext(t *testing.T) {
	data := doc("<< /F1 "+helvetica+" >>", plain("BT /F1 12 Tf 72 720 Td (Hello) Tj ET"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Text(ctx, bytes.NewReader(data), int64(len(data))); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func FuzzPDF(f *testing.F) {
	f.Add(doc("<< /F1 "+helvetica+" >>", plain("BT /F1 12 Tf 72 720 Td [(Hel) -300 (lo)] TJ ET")))
	f.Add(doc("<< /F1 "+helvetica+" >>", flateObj("BT /F1 12 Tf 72 720 Td (Hi) Tj T* (there) ' ET")))
	f.Add([]byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n"))
	f.Add(hostile.SelfObjStmPDF())
	f.Add(hostile.SpaceRowPDF())
	f.Add(hostile.SharedStreamPDF(4, 30))
	f.Add(hostile.TextPDF("Plain"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		_, _ = Text(ctx, bytes.NewReader(data), int64(len(data)))
		// A generous bound: the machine may be loaded, but a parse that
		// ignores the deadline would run far longer than this.
		if el := time.Since(start); el > 10*time.Second {
			t.Fatalf("parse took %v despite a 2s deadline", el)
		}
	})
}

// TestEncryptedEmptyUserPassword builds a file encrypted the way writers
// do for "no password to open" (RC4 128-bit, revision 3, empty user
// password) and expects its text: such files are common and open without
// asking in every viewer.
func TestEncryptedEmptyUserPassword(t *testing.T) {
	pad := []byte("\x28\xbf\x4e\x5e\x4e\x75\x8a\x41\x64\x00\x4e\x56\xff\xfa\x01\x08\x2e\x2e\x00\xb6\xd0\x68\x3e\x80\x2f\x0c\xa9\xfe\x64\x53\x69\x7a")
	owner := bytes.Repeat([]byte{0x41}, 32)
	id := []byte("0123456789abcdef")
	perms := int32(-4)
	rc4x := func(k, data []byte) []byte {
		c, err := rc4.NewCipher(k)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]byte, len(data))
		c.XORKeyStream(out, data)
		return out
	}
	// PDF 32000-1 §7.6.3.3, algorithm 2: the file key.
	h := md5.New()
	h.Write(pad) // the empty user password, padded
	h.Write(owner)
	binary.Write(h, binary.LittleEndian, perms)
	h.Write(id)
	key := h.Sum(nil)
	for range 50 {
		sum := md5.Sum(key[:16])
		key = sum[:]
	}
	// Algorithm 5: the U entry.
	u := md5.Sum(append(slices.Clone(pad), id...))
	user := rc4x(key, u[:])
	for i := 1; i <= 19; i++ {
		k := slices.Clone(key)
		for j := range k {
			k[j] ^= byte(i)
		}
		user = rc4x(k, user)
	}
	user = append(user, make([]byte, 16)...)

	b := &pdfBuilder{}
	enc := b.add(fmt.Sprintf("<< /Filter /Standard /V 2 /R 3 /Length 128 /O <%x> /U <%x> /P %d >>", owner, user, perms))
	// docWith reserves the page tree next, then adds the content stream.
	const contentObj = 3
	objKey := md5.Sum(append(slices.Clone(key), contentObj, 0, 0, 0, 0)) // algorithm 1
	content := rc4x(objKey[:], []byte("BT /F1 12 Tf 72 720 Td (Opened without a password) Tj ET"))
	data := docWith(b, "<< /F1 "+helvetica+" >>", fmt.Sprintf("/Encrypt %d 0 R /ID [<%x> <%x>]", enc, id, id), streamObj("", content))
	got, err := extractText(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if got != "Opened without a password\n" {
		t.Fatalf("got %q", got)
	}
}

// A content stream ending inside a string would make the content lexer
// read newlines forever (a hang no deadline could stop); it is skipped.
func TestUnterminatedStringInContent(t *testing.T) {
	for _, content := range []string{
		"BT /F1 12 Tf 72 720 Td (never closed Tj ET",
		"BT /F1 12 Tf 72 720 Td <48656c6c6f Tj ET",
	} {
		data := doc("<< /F1 "+helvetica+" >>", plain("BT /F1 12 Tf 72 700 Td (fine) Tj ET"), plain(content))
		got, err := extractText(t, data)
		if err != nil || got != "fine\n" {
			t.Errorf("%q: got %q, %v", content, got, err)
		}
	}
}

// The title of the document information dictionary opens the text as front
// matter; a producer's placeholder or a file name does not.
func TestInfoTitleIsFrontMatter(t *testing.T) {
	page := plain("BT /F1 12 Tf 72 700 Td (Some text on the page.) Tj ET")
	for _, c := range []struct{ title, want string }{
		{"(Linear Algebra via Exterior Products)", "---\ntitle: Linear Algebra via Exterior Products\n---\n\n"},
		{"(main.tex)", ""},
		{"(Microsoft Word - notes.docx)", ""},
		{"(Untitled)", ""},
	} {
		b := &pdfBuilder{}
		info := b.add("<< /Title " + c.title + " >>")
		got, err := extractText(t, docWith(b, "<< /F1 "+helvetica+" >>", fmt.Sprintf("/Info %d 0 R", info), page))
		if err != nil {
			t.Fatalf("%s: %v", c.title, err)
		}
		if !strings.HasPrefix(got, c.want) || c.want == "" && strings.HasPrefix(got, "---") {
			t.Errorf("title %s: text %q, want it to open with %q", c.title, got, c.want)
		}
		if !strings.Contains(got, "Some text on the page.") {
			t.Errorf("title %s: text %q lost the page", c.title, got)
		}
	}
}
