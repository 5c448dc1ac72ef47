package epub

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

const structOPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>B</dc:title></metadata>
<manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="a"/><itemref idref="b"/></spine></package>`

func structBook(t testing.TB, a, b string) string {
	t.Helper()
	raw := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", structOPF},
		{"OEBPS/a.xhtml", a},
		{"OEBPS/b.xhtml", b},
	})
	got, err := Text(context.Background(), bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

const xhtmlHead = `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>`

// A link to a block of another document of the book is a Markdown link,
// whichever document comes first; other links are their text.
func TestBookLinksAcrossDocuments(t *testing.T) {
	a := xhtmlHead + `<article class="theorem theorem-like" id="theorem-T"><h3 class="heading"><span class="type">Theorem</span> <span class="codenumber">T</span> <span class="title">Tee</span></h3><p>Uses <a href="b.xhtml#definition-D">Definition D</a> and <a href="b.xhtml#p-3">a paragraph</a>.</p></article></body></html>`
	b := xhtmlHead + `<article class="definition definition-like" id="definition-D"><h3 class="heading"><span class="type">Definition</span> <span class="codenumber">D</span> <span class="title">Dee</span></h3><p id="p-3">A dee is a <dfn>dee</dfn>.</p></article></body></html>`
	got := structBook(t, a, b)
	for _, want := range []string{
		`::: {.theorem #theorem-T name="Tee" number="T"}`,
		"Uses [Definition D](#definition-D) and a paragraph.",
		`::: {.definition #definition-D name="Dee" number="D"}`,
		"A dee is a **dee**.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.ContainsAny(got, "\uE000\uE001\uE002") {
		t.Errorf("link marks left in the text:\n%q", got)
	}
}

// Documents whose blocks nest 10,000 deep and link to each other in a
// loop are read in bounded time and memory.
func TestBookDeepNestingAndLinkLoop(t *testing.T) {
	n := 10000
	a := xhtmlHead + strings.Repeat(`<div class="theorem" id="a"><a href="b.xhtml#b">`, n) + "Deep A." + strings.Repeat("</a></div>", n) + `</body></html>`
	b := xhtmlHead + strings.Repeat(`<div class="lemma" id="b"><a href="a.xhtml#a">`, n) + "Deep B." + `</body></html>`
	got := structBook(t, a, b)
	if c := strings.Count(got, "::: {."); c > 2*8 {
		t.Errorf("%d fenced divs, want at most 16", c)
	}
	if !strings.Contains(got, "Deep A.") || len(got) > 4000 {
		t.Errorf("unexpected text (%d bytes): %.400s", len(got), got)
	}
}

func TestBoldRunInLabelXHTML(t *testing.T) {
	got, err := xhtmlText(context.Background(), strings.NewReader(xhtmlHead+`<p><b>Theorem</b> <b>PSSLS</b> <b>Possible Solution Sets</b> A system has none, one or infinitely many.</p><p>In <b>bold</b> mid-text.</p></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**Theorem PSSLS Possible Solution Sets** A system has", "In bold mid-text."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// A book whose converter sets type by font (tex4ht's "cmbx-12" spans, a
// line break after the label and after its title) gives the same run-in
// label as <b> does.
func TestBookRunInLabelByFontClass(t *testing.T) {
	a := xhtmlHead + `<p class="noindent"><span class="cmbx-12">Definition</span><span class="cmbx-12">&#x00A0;SQM</span><br class="newline" /><span class="cmbx-12">Square Matrix</span><br class="newline" />A matrix with <span class="cmmi-12">m</span> rows is square.</p></body></html>`
	got := structBook(t, a, xhtmlHead+`<p>Next.</p></body></html>`)
	if !strings.Contains(got, "**Definition SQM Square Matrix** A matrix with m rows is square.") {
		t.Errorf("text:\n%s", got)
	}
}

// Calibre keeps tex4ht's font classes and wraps the label, its dingbat
// and its line break in one bold span: the label is read without the
// dingbat, the line break stays after it, and the term the definition
// sets in bold is kept as Markdown emphasis.
func TestRunInLabelWithDingbatAndBreak(t *testing.T) {
	a := xhtmlHead + `<p class="noindent"><span class="ptmb8t"><a id="x1"></a><span>✦ </span><span class="ptmb8t">Definition 0.1.1</span><br class="calibre1"/>  </span> A <span class="ptmb8t">set</span> is a collection of elements.</p></body></html>`
	got := structBook(t, a, xhtmlHead+`<p>Next.</p></body></html>`)
	if !strings.Contains(got, "**Definition 0.1.1**\nA **set** is a collection of elements.") {
		t.Errorf("text:\n%s", got)
	}
}

// A converter that sets type by generated classes (Calibre's
// "calibre5") says in the book's style sheet which is bold or italic: a
// label set in such a class is a run-in label as a <b> one is.
func TestStyleSheetClassesMakeLabels(t *testing.T) {
	opf := strings.Replace(structOPF, `</manifest>`, `<item id="css" href="styles/book.css" media-type="text/css"/></manifest>`, 1)
	a := xhtmlHead + `<p class="calibre3"><span class="calibre5">Theorem 2.1</span> <span class="calibre6">(Lagrange).</span> The order of a subgroup divides the order of the group.</p><p>In <span class="calibre5">bold</span> mid-text.</p></body></html>`
	raw := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", opf},
		{"OEBPS/styles/book.css", ".calibre3 { margin: 0 } .calibre5 { font-weight: bold } .calibre6 { font-style: italic }"},
		{"OEBPS/a.xhtml", a},
		{"OEBPS/b.xhtml", xhtmlHead + `<p>Next.</p></body></html>`},
	})
	got, err := Text(context.Background(), bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**Theorem 2.1** (Lagrange). The order", "In bold mid-text."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// A style sheet that sets the math font's class in bold italic (Calibre's
// of tex4ht's zptmcm7t) makes the variables of a definition bold, but a
// variable is mathematics: the term is the word, and the definition is
// named by it.
func TestBoldVariablesAreNoTerms(t *testing.T) {
	opf := strings.Replace(structOPF, `</manifest>`, `<item id="css" href="s.css" media-type="text/css"/></manifest>`, 1)
	a := xhtmlHead + `<p><span class="b">Definition 0.1.14</span><br/>Let <span class="m">X </span>be a set. A <span class="b">subset </span>of <span class="m">X </span>is a set <span class="m">U </span>such that every element of <span class="m">U</span> is in <span class="m">X</span>.</p></body></html>`
	raw := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", opf},
		{"OEBPS/s.css", ".b { font-weight: bold } .m { font-style: italic; font-weight: bold }"},
		{"OEBPS/a.xhtml", a},
		{"OEBPS/b.xhtml", xhtmlHead + `<p>Next.</p></body></html>`},
	})
	got, err := Text(context.Background(), bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Let X be a set. A **subset** of X is a set U such that"; !strings.Contains(got, want) {
		t.Errorf("missing %q in\n%s", want, got)
	}
}
