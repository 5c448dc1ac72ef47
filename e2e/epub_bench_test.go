package e2e_test

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// epubBook writes an EPUB 3 of n chapters shaped like a textbook built by
// PreTeXt: each chapter a spine item with its own heading, prose, and
// theorem-like blocks (a definition-like and a theorem-like article with
// type, number and title, a proof) whose text links to blocks of earlier
// chapters, as a book's cross-references do. Names and statements differ
// from chapter to chapter, so what is learned grows with the book.
func epubBook(tb testing.TB, n int) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), fmt.Sprintf("book-%d.epub", n))
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	z := zip.NewWriter(f)
	put := func(name, body string, store bool) {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		if store {
			h.Method = zip.Store
		}
		w, err := z.CreateHeader(h)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			tb.Fatal(err)
		}
	}
	put("mimetype", "application/epub+zip", true)
	put("META-INF/container.xml", `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`, false)
	var manifest, spine, nav strings.Builder
	words := []string{"vector", "basis", "kernel", "image", "span", "rank", "trace", "norm", "orbit", "coset", "ideal", "field", "module", "lattice", "filter", "graph"}
	for c := 1; c <= n; c++ {
		w1, w2 := words[c%len(words)], words[(c*7+3)%len(words)]
		term := fmt.Sprintf("%s %s of order %d", w1, w2, c)
		var body strings.Builder
		fmt.Fprintf(&body, `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter %d</title></head><body><section class="chapter" id="ch%d"><h2 class="heading"><span class="codenumber">%d</span> <span class="title">The %s of chapter %d</span></h2>`, c, c, c, w1, c)
		for k := 0; k < 12; k++ {
			fmt.Fprintf(&body, `<p>In this chapter the %s acts on the %s %d times, and each %s of the chapter is studied with the methods of section %d.%d, which treat a %s as a whole.</p>`, w1, w2, k+c, w2, c, k, words[(c+k)%len(words)])
		}
		fmt.Fprintf(&body, `<article class="definition definition-like" id="def-%d"><h3 class="heading"><span class="type">Definition</span> <span class="codenumber">%d.1</span> <span class="title">%s</span></h3><p>A <em class="terminology">%s</em> is a %s whose %s has exactly %d elements in chapter %d.</p></article>`, c, c, term, term, w1, w2, c+1, c)
		ref := ""
		if c > 1 {
			ref = fmt.Sprintf(` By <a class="xref" href="ch%d.xhtml#def-%d">Definition %d.1</a>,`, c-1, c-1, c-1)
		}
		fmt.Fprintf(&body, `<article class="theorem theorem-like" id="thm-%d"><h3 class="heading"><span class="type">Theorem</span> <span class="codenumber">%d.2</span> <span class="title">Order of the %s %d</span></h3><p>%s every %s of order %d has a %s of order at most %d.</p></article>`, c, c, w1, c, ref, term, c, w2, 2*c+1)
		fmt.Fprintf(&body, `<article class="proof" id="proof-%d"><h4 class="heading"><span class="type">Proof</span></h4><p>Count the elements of the %s in chapter %d.</p></article>`, c, w2, c)
		body.WriteString(`</section></body></html>`)
		put(fmt.Sprintf("OEBPS/ch%d.xhtml", c), body.String(), false)
		fmt.Fprintf(&manifest, `<item id="ch%d" href="ch%d.xhtml" media-type="application/xhtml+xml"/>`, c, c)
		fmt.Fprintf(&spine, `<itemref idref="ch%d"/>`, c)
		fmt.Fprintf(&nav, `<li><a href="ch%d.xhtml">%d The %s of chapter %d</a></li>`, c, c, w1, c)
	}
	put("OEBPS/nav.xhtml", `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol>`+nav.String()+`</ol></nav></body></html>`, false)
	put("OEBPS/content.opf", `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:lore:bench</dc:identifier><dc:title>A Book of Chapters</dc:title><dc:language>en</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`+manifest.String()+`</manifest><spine>`+spine.String()+`</spine></package>`, false)
	if err := z.Close(); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkLearnDryRunEPUBSeries learns EPUBs of 10 and 100 chapters
// (epubBook) through every stage: ns/chapter stays flat when the cost of a
// book grows with its chapters and no faster (the bound is 1.3× from 10 to
// 100).
func BenchmarkLearnDryRunEPUBSeries(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(fmt.Sprintf("%dch", n), func(b *testing.B) {
			benchLearn(b, epubBook(b, n))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/chapter")
		})
	}
}
