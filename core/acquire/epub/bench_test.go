package epub

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// benchBook builds an EPUB of n PreTeXt-like chapters, each with a few
// theorem-like blocks linking to blocks of the chapter before.
func benchBook(b *testing.B, n int) []byte {
	b.Helper()
	var manifest, spine, ncx strings.Builder
	entries := []entry{{"mimetype", "application/epub+zip"}, {"META-INF/container.xml", testContainer}}
	// A table of contents lists every chapter and result, as a
	// converter's does, so that reading it is part of the cost.
	ncx.WriteString(`<ncx><navMap>`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&ncx, `<navPoint><navLabel><text>Chapter %d</text></navLabel><content src="c%d.xhtml"/>`, i+1, i)
		for k := 0; k < 10; k++ {
			fmt.Fprintf(&ncx, `<navPoint><navLabel><text>Result %d %d</text></navLabel><content src="c%d.xhtml#thm-%d-%d"/></navPoint>`, i, k, i, i, k)
		}
		ncx.WriteString(`</navPoint>`)
		fmt.Fprintf(&manifest, `<item id="c%d" href="c%d.xhtml" media-type="application/xhtml+xml"/>`, i, i)
		fmt.Fprintf(&spine, `<itemref idref="c%d"/>`, i)
		var doc strings.Builder
		doc.WriteString(xhtmlHead)
		fmt.Fprintf(&doc, `<section class="chapter"><h2 class="heading hide-type"><span class="type">Chapter</span> <span class="codenumber">%d</span> <span class="title">Chapter %d</span></h2>`, i+1, i+1)
		for k := 0; k < 10; k++ {
			fmt.Fprintf(&doc, `<article class="theorem theorem-like" id="thm-%d-%d"><h3 class="heading"><span class="type">Theorem</span> <span class="codenumber">%d.%d</span> <span class="title">Result %d %d</span></h3><p>Every matrix of size <math><msup><mi>n</mi><mn>2</mn></msup></math> is fine by <a href="c%d.xhtml#thm-%d-%d">Theorem %d.%d</a>.</p></article>`,
				i, k, i+1, k+1, i, k, max(i-1, 0), max(i-1, 0), k, max(i, 1), k+1)
			doc.WriteString(`<p>Some running text that explains the result at length, as books do between their blocks, with a <b>bold</b> word.</p>`)
		}
		doc.WriteString(`</section></body></html>`)
		entries = append(entries, entry{fmt.Sprintf("OEBPS/c%d.xhtml", i), doc.String()})
	}
	ncx.WriteString(`</navMap></ncx>`)
	entries = append(entries, entry{"OEBPS/toc.ncx", ncx.String()})
	opf := `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>B</dc:title></metadata><manifest>` +
		manifest.String() + `<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest><spine toc="ncx">` + spine.String() + `</spine></package>`
	entries = append(entries, entry{"OEBPS/content.opf", opf})
	return buildZip(b, entries)
}

// BenchmarkBookChapters reads books of 10 and 100 chapters; ns/chapter
// should stay flat (the cost of a book grows with its length only).
func BenchmarkBookChapters(b *testing.B) {
	for _, n := range []int{10, 100} {
		raw := benchBook(b, n)
		b.Run(fmt.Sprintf("chapters=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Text(context.Background(), bytes.NewReader(raw), int64(len(raw))); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/chapter")
		})
	}
}
