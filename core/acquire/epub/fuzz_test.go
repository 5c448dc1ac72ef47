package epub

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func FuzzEPUB(f *testing.F) {
	f.Add(sampleEPUB(f))
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Add(buildZip(f, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", testOPF},
		{"OEBPS/text/ch1.xhtml", "<html><body><div class=chapter>Chapter 1<p>x<br>y<table><tr><td>a"},
	}))
	// EPUB 3: package metadata with content, MathML with and without its
	// TeX, a formula nested past the renderer's limits, fallbacks.
	f.Add(epub3Book(f))
	f.Add(buildZip(f, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", strings.Replace(epub3OPF, `href="c1.xhtml"`, `href="c1.xhtml" fallback="nav"`, 1)},
		{"OEBPS/c1.xhtml", "<html><body><p>a <math><mrow>" + strings.Repeat("<msup><mi>x</mi>", 100) + "<semantics><annotation encoding=\"application/x-tex\">y</annotation>"},
	}))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		_, _ = Text(ctx, bytes.NewReader(data), int64(len(data)))
		if d := time.Since(start); d > 2500*time.Millisecond {
			t.Fatalf("parse took %v, past its 2s deadline", d)
		}
	})
}

// FuzzXHTML drives the content-document converter directly (the zip
// around it hides most mutations from the fuzzer): MathML, tables, lists
// and broken markup never panic, and the text stays within a bounded
// multiple of the input.
func FuzzXHTML(f *testing.F) {
	f.Add(epub3Chapter)
	f.Add(testCh1)
	f.Add(`<p>a <math><semantics><mrow><msub><mi>A</mi><mi>i</mi></msub></mrow><annotation encoding="application/x-tex">A_i</annotation></semantics></math> b</p>`)
	f.Add(`<p><math>` + strings.Repeat("<mfrac><mrow>", 80) + `<mi>x</mi>` + `</math><epub:switch xmlns:epub="http://www.idpf.org/2007/ops"><epub:case><math><mroot><mi>y</mi></mroot></math></epub:case><epub:default>d</epub:default></epub:switch>`)
	f.Add(`<p>a <svg><g data-mml-node="msubsup"><g data-mml-node="mi"><use data-c="1D434"/></g><g><use data-c="zz"/></g><g data-mml-node="mfrac"><svg><use data-c="110000"/></svg></g></svg> b</p>`)
	f.Add(`<math><mtable><mtr><mtd><mn>1</mn></mtd></mtr></mtable><mfenced open="[" separators=";"><mi>a</mi></mfenced>`)
	f.Fuzz(func(t *testing.T, doc string) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		out, _ := xhtmlText(ctx, strings.NewReader(doc))
		if len(out) > 8*len(doc)+64 {
			t.Fatalf("%d bytes of text from %d bytes of markup", len(out), len(doc))
		}
	})
}
