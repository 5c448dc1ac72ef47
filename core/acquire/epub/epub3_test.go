package epub

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// epub3OPF is an EPUB 3 package document as the specification writes it:
// metadata <meta> elements carry text content and a property attribute
// (EPUB 2's <meta name content/> stays empty), and the spine is preceded by
// a refines chain.
const epub3OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:12345</dc:identifier>
    <dc:title id="t1">A Book</dc:title>
    <meta refines="#t1" property="title-type">main</meta>
    <meta property="dcterms:modified">2012-01-01T12:00:00Z</meta>
    <meta name="cover" content="cover-image"/>
    <meta property="rendition:layout">reflowable</meta>
    <link rel="record" href="meta.xml" media-type="application/marc"/>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml" properties="mathml"/>
  </manifest>
  <spine><itemref idref="nav" linear="no"/><itemref idref="c1"/></spine>
</package>`

// epub3Chapter holds MathML: one formula with a TeX annotation, one
// without (sub- and superscripts, a fraction, a root), inline in prose.
const epub3Chapter = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><meta charset="utf-8"/><title>c1</title></head>
<body>
<h1>Matrices</h1>
<p>A matrix is zero when <math xmlns="http://www.w3.org/1998/Math/MathML">
  <semantics>
    <mrow><msub><mi>A</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub><mo>=</mo><mn>0</mn></mrow>
    <annotation encoding="application/x-tex">A_{ij} = 0</annotation>
  </semantics>
</math> for all indices.</p>
<p>Also <math xmlns="http://www.w3.org/1998/Math/MathML"><mrow>
  <msup><mi>x</mi><mn>2</mn></msup>
  <mo>+</mo>
  <mfrac><mi>a</mi><mi>b</mi></mfrac>
  <mo>=</mo>
  <msqrt><mi>y</mi></msqrt>
  <mo>+</mo>
  <msubsup><mi>z</mi><mi>k</mi><mn>3</mn></msubsup>
</mrow></math> holds.</p>
</body></html>`

func epub3Book(t testing.TB) []byte {
	return buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "EPUB/package.opf", 1)},
		{"EPUB/package.opf", epub3OPF},
		{"EPUB/nav.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><nav><ol><li>Matrices</li></ol></nav></body></html>`},
		{"EPUB/c1.xhtml", epub3Chapter},
	})
}

// An EPUB 3 package document whose <meta> elements have text content is
// read, and MathML comes out as linear text: the TeX annotation when there
// is one, between Markdown's math delimiters as a source writes it, else
// sub- and superscripts, fractions and roots written out.
func TestEPUB3MetaAndMathML(t *testing.T) {
	data := epub3Book(t)
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("EPUB 3 book refused: %v", err)
	}
	for _, want := range []string{
		"# Matrices",
		"A matrix is zero when $A_{ij} = 0$ for all indices.",
		"Also x^2 + (a)/(b) = sqrt(y) + z_k^3 holds.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "A i j") || strings.Contains(got, "A     i") {
		t.Errorf("MathML came out as spaced tokens:\n%s", got)
	}
	if strings.Contains(got, "  ") {
		t.Errorf("words around a formula are apart by more than one space:\n%s", got)
	}
}

// Hostile MathML — nesting far past any real formula, a formula cut off by
// the end of the document — neither exhausts the stack nor loses the text
// around it.
func TestMathMLHostileNesting(t *testing.T) {
	deep := strings.Repeat("<mrow><msup><mi>x</mi>", 200000) + strings.Repeat("</msup></mrow>", 200000)
	chapter := `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Before <math>` + deep +
		`</math> after.</p><p>Cut <math><mi>q</mi><mo>=</mo><mn>1</mn>`
	data := buildZip(t, []entry{
		{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "EPUB/package.opf", 1)},
		{"EPUB/package.opf", epub3OPF},
		{"EPUB/c1.xhtml", chapter},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "Before x") || !strings.Contains(got, " after.") {
		t.Errorf("text around a deep formula lost: %.200q", got)
	}
	if !strings.Contains(got, "Cut q = 1") {
		t.Errorf("cut-off formula lost: %.200q", got[max(0, len(got)-200):])
	}
}

// EPUB 3 as the specification allows it beyond the common case: a spine
// item of another type read through its XHTML fallback, and an
// epub:switch read once, its MathML case and not its fallback too.
func TestEPUB3FallbackAndSwitch(t *testing.T) {
	opf := `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">x</dc:identifier><meta property="dcterms:modified">2012-01-01T00:00:00Z</meta></metadata>
  <manifest>
    <item id="svg" href="cover.svg" media-type="image/svg+xml" fallback="cover-x"/>
    <item id="cover-x" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="loop1" href="a.png" media-type="image/png" fallback="loop2"/>
    <item id="loop2" href="b.png" media-type="image/png" fallback="loop1"/>
    <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="svg"/><itemref idref="loop1"/><itemref idref="c1"/></spine>
</package>`
	ch := `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
<p>Energy: <epub:switch id="s1"><epub:case required-namespace="http://www.w3.org/1998/Math/MathML"><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></epub:case><epub:default><img src="e.png" alt=""/>FALLBACK TEXT</epub:default></epub:switch>.</p></body></html>`
	data := buildZip(t, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", opf},
		{"OEBPS/cover.svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`},
		{"OEBPS/cover.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Cover Title</h1></body></html>`},
		{"OEBPS/a.png", "x"}, {"OEBPS/b.png", "y"},
		{"OEBPS/c1.xhtml", ch},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "# Cover Title") || !strings.Contains(got, "Energy: E = mc^2.") || strings.Contains(got, "FALLBACK") {
		t.Errorf("got:\n%s\nwant the cover's fallback read, the formula once and not its fallback", got)
	}
}

// EPUB 2's <meta name content/> is empty; a sloppy package that leaves it
// unclosed, as HTML would, is still read now that the package document is
// decoded as XML rather than HTML.
func TestEPUB2UnclosedMetaStillRead(t *testing.T) {
	opf := strings.Replace(testOPF, `<dc:title>Test</dc:title>`, `<dc:title>Test</dc:title><meta name="cover" content="img">`, 1)
	data := buildZip(t, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", opf},
		{"OEBPS/text/ch1.xhtml", testCh1},
		{"OEBPS/text/ch@2.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Two.</p></body></html>`},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil || !strings.Contains(got, "# Chapter One") || !strings.Contains(got, "Two.") {
		t.Fatalf("EPUB 2 with an unclosed meta: %v\n%s", err, got)
	}
}

// PreTeXt's EPUBs draw their formulas as MathJax SVG: the glyphs' codes
// are the text ("Any graph G satisfies χ(G)≤Δ(G)"), not nothing.
func TestMathJaxSVGFormulasAreText(t *testing.T) {
	svg := func(glyphs ...string) string {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0"/></defs><g data-mml-node="math">`)
		for _, g := range glyphs {
			b.WriteString(`<g data-mml-node="mi"><use data-c="` + g + `" xlink:href="#p"/></g>`)
		}
		b.WriteString(`</g></svg>`)
		return b.String()
	}
	doc := `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Any graph <span class="mjpage">` + svg("1D43A") +
		`</span> satisfies <span class="mjpage">` + svg("3C7", "28", "1D43A", "29", "2264", "394", "28", "1D43A", "29") + `</span>.</p></body></html>`
	got, err := xhtmlText(context.Background(), strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got != "Any graph G satisfies χ(G)≤Δ(G)." {
		t.Errorf("got %q", got)
	}
}

// <dfn> marks the defining instance of a term: it is written in bold, its
// spaces outside the marks, an empty one leaves nothing; its paragraph is
// a term paragraph (htmltext.TermFence).
func TestDfnIsBold(t *testing.T) {
	doc := `<html xmlns="http://www.w3.org/1999/xhtml"><body><article class="assemblage"><h6>Arguments.</h6>` +
		`<p>An <dfn class="terminology">argument</dfn>  is a set of statements, the rest are called <dfn> premises </dfn>.<dfn></dfn></p></article></body></html>`
	got, err := xhtmlText(context.Background(), strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if want := "###### Arguments.\n\n::: {.definition .terminology}\n\nAn **argument** is a set of statements, the rest are called **premises** .\n\n:::"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A link to a footnote (pandoc's EPUB: epub:type="noteref", class
// footnote-ref; role="doc-noteref") and a control copying an address are
// no words of the book, as in the HTML reader.
func TestNoteRefsAndPermalinksAreNotText(t *testing.T) {
	chapter := `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>c1</title></head>
<body>
<h1>Series</h1>
<p>The notation is similar<a href="#fn14" class="footnote-ref" id="fnref14" epub:type="noteref">14</a> to that of a set.</p>
<p>Mertens' theorem<a href="#fn26" role="doc-noteref"><sup>26</sup></a> holds.</p>
<p>A paragraph.<a class="autopermalink" href="#p3">🔗</a></p>
<ol type="a"><li>An item.</li></ol>
</body></html>`
	data := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "EPUB/package.opf", 1)},
		{"EPUB/package.opf", epub3OPF},
		{"EPUB/nav.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><nav><ol><li>Series</li></ol></nav></body></html>`},
		{"EPUB/c1.xhtml", chapter},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("book refused: %v", err)
	}
	for _, want := range []string{"The notation is similar to that of a set.", "Mertens' theorem holds.", "A paragraph.", "An item."} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "🔗") {
		t.Errorf("permalink read as text:\n%s", got)
	}
}

// pandoc's EPUB keeps a LaTeX environment's own name as the div's class
// (<div class="thm" id="…">): a short class word opens a block when the
// div opens with a label, as in the HTML reader.
func TestPandocShortClassBlocks(t *testing.T) {
	chapter := `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>c1</title></head>
<body>
<h1>Sequences</h1>
<div id="thm:mono" class="thm"><p><strong>Theorem 2.10</strong> (Monotone convergence theorem). <em>A monotone sequence is bounded if and only if it is convergent.</em></p></div>
<div class="prop"><p>Colour: red</p></div>
<p>By <a href="#thm:mono">the theorem</a>.</p>
</body></html>`
	data := buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "EPUB/package.opf", 1)},
		{"EPUB/package.opf", epub3OPF},
		{"EPUB/nav.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><nav><ol><li>Sequences</li></ol></nav></body></html>`},
		{"EPUB/c1.xhtml", chapter},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("book refused: %v", err)
	}
	for _, want := range []string{
		`::: {.theorem #thm:mono name="Monotone convergence theorem" number="2.10"}`,
		"By [the theorem](#thm:mono).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q; got:\n%s", want, got)
		}
	}
	if strings.Count(got, ":::") != 2 || !strings.Contains(got, "Colour: red") {
		t.Errorf("want one block and the page's own div as text:\n%s", got)
	}
}

// A chapter of some hundred formulas reads its last as its first: each
// <math> element's end counts as its start did, so the depth the reader
// keeps does not grow by one per formula until the rest of the chapter
// (headings, formulas) reads as bare text, a formula's TeX
// beside its MathML ("searchOp:𝕏k↦𝕏\textrm{searchOp}…").
func TestManyFormulasKeepStructure(t *testing.T) {
	formula := `<math display="inline" xmlns="http://www.w3.org/1998/Math/MathML"><semantics><msup><mi>x</mi><mi>k</mi></msup><annotation encoding="application/x-tex">x^k</annotation></semantics></math>`
	chapter := `<html xmlns="http://www.w3.org/1999/xhtml"><body><section><h1>Powers</h1><p>` +
		strings.Repeat("Take "+formula+". ", 300) + `</p><h2>Operators</h2><p>An <em>operator</em> maps ` + formula + ` to itself.</p></section></body></html>`
	data := buildZip(t, []entry{
		{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "EPUB/package.opf", 1)},
		{"EPUB/package.opf", epub3OPF},
		{"EPUB/c1.xhtml", chapter},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Operators", "An operator maps $x^k$ to itself."} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q; got the end:\n%s", want, got[max(0, len(got)-300):])
		}
	}
	if strings.Contains(got, "xk") {
		t.Errorf("a formula read as its tokens' text:\n%s", got[max(0, len(got)-300):])
	}
}
