package epub

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// tocBook reads a book of one page, a.xhtml, whose table of contents is
// the given NCX, or the given EPUB 3 navigation document when nav is set.
func tocBook(t *testing.T, page, toc string, nav bool) string {
	t.Helper()
	item := `<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>`
	name := "OEBPS/toc.ncx"
	if nav {
		item = `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`
		name = "OEBPS/nav.xhtml"
	}
	opf := strings.Replace(structOPF, `</manifest>`, item+`</manifest>`, 1)
	opf = strings.Replace(opf, `<spine>`, `<spine toc="ncx">`, 1)
	raw := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", opf},
		{"OEBPS/a.xhtml", xhtmlHead + page + `</body></html>`},
		{"OEBPS/b.xhtml", xhtmlHead + `<p>End.</p></body></html>`},
		{name, toc},
	})
	got, err := Text(context.Background(), bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A converter that sets a PDF's headings as plain paragraphs (Calibre:
// "6.1", then the title over two lines) still lists them in the table of
// contents, linked to the page they stand on: those paragraphs are the
// headings, and a printed contents list before the page is not.
func TestTOCMarksPlainHeadings(t *testing.T) {
	page := `<p>Contents</p><p>6.1</p><p>Basic facts about minimizers</p><p>. . . 17</p>` +
		`<p>16</p><p><a id="p17"></a>Chapter 6</p><p>Entropy version of PFR</p><p>Some text.</p>` +
		`<p>6.1</p><p>Basic facts about</p><p>minimizers</p><p>Lemma 6.6. Every minimizer is tight.</p>` +
		`<p>Section 6.2</p><p><b>First estimate</b></p><p>Proof of the estimate.</p><p>Theorem 6.9</p>`
	ncx := `<ncx><navMap><navPoint><navLabel><text>Entropy version of PFR</text></navLabel><content src="a.xhtml#p17"/>` +
		`<navPoint><navLabel><text>6.1 Basic facts about minimizers</text></navLabel><content src="a.xhtml#p17"/></navPoint>` +
		`<navPoint><navLabel><text>First estimate</text></navLabel><content src="a.xhtml#p17"/></navPoint>` +
		`<navPoint><navLabel><text>Theorem 6.9</text></navLabel><content src="a.xhtml#p17"/></navPoint>` +
		`</navPoint></navMap></ncx>`
	got := tocBook(t, page, ncx, false)
	for _, want := range []string{
		"Contents\n\n6.1\n\nBasic facts about minimizers\n\n. . . 17",
		"# Chapter 6 Entropy version of PFR\n\nSome text.",
		"## 6.1 Basic facts about minimizers\n\nLemma 6.6.",
		"## Section 6.2 First estimate\n\nProof of the estimate.",
		"Proof of the estimate.\n\nTheorem 6.9",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// The EPUB 3 navigation document is read the same way, by the depth of
// its lists; a heading already marked stays as it is.
func TestTOCFromNavDocument(t *testing.T) {
	page := `<h1 id="c1">Groups</h1><p>Intro.</p><p>1.1 Cosets</p><p>Text.</p>`
	nav := `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>` +
		`<nav epub:type="landmarks"><ol><li><a href="a.xhtml">Text.</a></li></ol></nav>` +
		`<nav epub:type="toc"><ol><li><a href="a.xhtml#c1">Groups</a><ol><li><a href="a.xhtml">Cosets</a></li></ol></li></ol></nav></body></html>`
	got := tocBook(t, page, nav, true)
	for _, want := range []string{"# Groups\n\nIntro.", "## 1.1 Cosets\n\nText."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "#Text") || strings.Contains(got, "# Text") {
		t.Errorf("a landmark made a heading:\n%s", got)
	}
}

// A table of contents of 100,000 entries nested 5,000 deep is read
// within its bounds (the first entries count); one nested deeper than the
// XML decoder allows is no table of contents, and the pages read as
// they stand.
func TestTOCBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<ncx><navMap>`)
	for range 100000 {
		b.WriteString(`<navPoint><navLabel><text>Title</text></navLabel><content src="a.xhtml#x"/></navPoint>`)
	}
	b.WriteString(strings.Repeat(`<navPoint><navLabel><text>Deep</text></navLabel><content src="a.xhtml"/>`, 5000))
	b.WriteString(strings.Repeat(`</navPoint>`, 5000) + `</navMap></ncx>`)
	page := `<p id="x">Title</p><p>Deep</p><p>Body.</p>`
	if got := tocBook(t, page, b.String(), false); !strings.Contains(got, "# Title") || !strings.Contains(got, "Body.") {
		t.Errorf("text:\n%s", got)
	}
	deep := `<ncx><navMap>` + strings.Repeat(`<navPoint><navLabel><text>Deep</text></navLabel><content src="a.xhtml"/>`, 20000) + `</navMap></ncx>`
	if got := tocBook(t, page, deep, false); !strings.Contains(got, "Title\n\nDeep\n\nBody.") {
		t.Errorf("text:\n%s", got)
	}
}
