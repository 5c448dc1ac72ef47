package epub

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/lore-kb/lore/internal/corpus"
)

type entry struct{ name, body string }

func buildZip(t testing.TB, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.Create(e.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const testContainer = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`

// The manifest lists chapter 2 before chapter 1; the spine reverses that.
const testOPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Test</dc:title></metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="c2" href="text/ch%402.xhtml" media-type="application/xhtml+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="img" href="../outside.png" media-type="image/png"/>
  </manifest>
  <spine toc="ncx">
    <itemref idref="nav"/>
    <itemref idref="c1"/>
    <itemref idref="c2"/>
    <itemref idref="missing"/>
    <itemref idref="css"/>
  </spine>
</package>`

const testCh1 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Ignored title</title><style>p { color: red; }</style></head>
<body>
<h1>Chapter&nbsp;One</h1>
<p>Fish &amp; chips &mdash; <i>very</i>
   good.<br/>Second line.</p>
<script>alert("no")</script>
<nav epub:type="toc"><ol><li>Skipped toc</li></ol></nav>
<ul><li>alpha</li><li><p>beta</p></li></ul>
<h3><span></span><p>Sub <em>head</em></p></h3>
<div class="chapter">CHAPTER II</div>
<div class="sidenote">The Second Part</div>
<div>Plain <b>div</b> text.</div>
<table><tr><th>k</th><th>v</th></tr><tr><td>a|b</td><td>1</td></tr></table>
</body></html>`

const testCh2 = `<html><body><h2>Closing</h2><p>The end &#8230;</p></body></html>`

const testNav = `<html xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li>Nav entry</li></ol></nav></body></html>`

const testNCX = `<ncx><navMap><navPoint><navLabel><text>NCX entry</text></navLabel></navPoint></navMap></ncx>`

// wantEPUB opens with the book's dc:title as front matter.
const wantEPUB = `---
title: Test
---

# Chapter One

Fish & chips — very good.
Second line.

- alpha
- beta

### Sub head

## CHAPTER II: The Second Part

Plain div text.

| k | v |
| a\|b | 1 |

## Closing

The end …
`

func sampleEPUB(t testing.TB) []byte {
	return buildZip(t, []entry{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", testOPF},
		{"OEBPS/toc.ncx", testNCX},
		{"OEBPS/nav.xhtml", testNav},
		{"OEBPS/text/ch@2.xhtml", testCh2},
		{"OEBPS/text/ch1.xhtml", testCh1},
		{"OEBPS/style.css", "p { color: blue }"},
	})
}

func TestTextSample(t *testing.T) {
	data := sampleEPUB(t)
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if got != wantEPUB {
		t.Errorf("text mismatch\n--- got ---\n%s\n--- want ---\n%s", got, wantEPUB)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Text(ctx, bytes.NewReader([]byte("garbage")), 7); err == nil || !strings.Contains(err.Error(), "corrupt or not a zip") {
		t.Errorf("garbage: err = %v", err)
	}
	noContainer := buildZip(t, []entry{{"mimetype", "application/epub+zip"}})
	if _, err := Text(ctx, bytes.NewReader(noContainer), int64(len(noContainer))); !errors.Is(err, ErrNotEPUB) {
		t.Errorf("no container: err = %v", err)
	}
	noOPF := buildZip(t, []entry{{"META-INF/container.xml", testContainer}})
	if _, err := Text(ctx, bytes.NewReader(noOPF), int64(len(noOPF))); err == nil || !strings.Contains(err.Error(), "package document") {
		t.Errorf("no opf: err = %v", err)
	}
	escape := buildZip(t, []entry{{"META-INF/container.xml", strings.Replace(testContainer, "OEBPS/content.opf", "../../etc/passwd", 1)}})
	if _, err := Text(ctx, bytes.NewReader(escape), int64(len(escape))); err == nil {
		t.Errorf("escaping rootfile: want error")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	data := sampleEPUB(t)
	if _, err := Text(cctx, bytes.NewReader(data), int64(len(data))); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func TestEntryTooLarge(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range []entry{{"META-INF/container.xml", testContainer}, {"OEBPS/content.opf", testOPF}} {
		w, _ := zw.Create(e.name)
		_, _ = w.Write([]byte(e.body))
	}
	w, err := zw.Create("OEBPS/text/ch1.xhtml")
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for i := 0; i <= MaxEntryBytes>>20; i++ {
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if _, err := Text(context.Background(), bytes.NewReader(data), int64(len(data))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
}

func TestMalformedXHTMLKeepsText(t *testing.T) {
	data := buildZip(t, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", testOPF},
		{"OEBPS/text/ch1.xhtml", "<html><body><p>kept</p><p>broken <b"},
		{"OEBPS/text/ch@2.xhtml", testCh2},
	})
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "---\ntitle: Test\n---\n\nkept\n") || !strings.Contains(got, "## Closing") {
		t.Errorf("got %q", got)
	}
}

func TestCorpusAlice(t *testing.T) {
	path := corpus.Path(t, "epub_goreader_alice.epub")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus document not available (%v); set LORE_CORPUS", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	got, err := Text(ctx, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The book marks chapters as <div class="chapter">CHAPTER I</div>
	// followed by the title; both become one heading.
	chapters := []string{
		"## CHAPTER I: Down the Rabbit-Hole",
		"## CHAPTER II: Pool of Tears",
		"## CHAPTER III: A Caucus-race and a Long Tale",
		"## CHAPTER IV: The Rabbit sends in a Little Bill",
		"## CHAPTER V: Advice from a Caterpillar",
		"## CHAPTER VI: Pig and Pepper",
		"## CHAPTER VII: A Mad Tea-party",
		"## CHAPTER VIII: The Queen's Croquet-Ground",
		"## CHAPTER IX: The Mock Turtle's Story",
		"## CHAPTER X: The Lobster Quadrille",
		"## CHAPTER XI: Who Stole the Tarts?",
		"## CHAPTER XII: Alice's Evidence",
	}
	last := -1
	for _, h := range chapters {
		i := strings.Index(got, "\n"+h+"\n")
		if i < 0 {
			t.Errorf("missing heading %q", h)
			continue
		}
		if i <= last {
			t.Errorf("heading %q out of spine order", h)
		}
		last = i
	}
	for _, h := range []string{"# ALICE'S ADVENTURES IN WONDERLAND", "## CONTENTS", "### THE END"} {
		if !strings.Contains(got, "\n"+h+"\n") {
			t.Errorf("missing heading %q", h)
		}
	}
	if n := utf8.RuneCountInString(got); n < 150_000 || n > 190_000 {
		t.Errorf("text is %d characters, want about 170k", n)
	}
	// No markup, CSS or carriage returns leak through.
	for _, bad := range []string{"<p", "<div", "text-align", "\r"} {
		if strings.Contains(got, bad) {
			t.Errorf("text contains %q", bad)
		}
	}
}
