package acquire

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

func TestHTMLKeepsItsMarkupForTheSanitizer(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "page.html", []byte("<html><head><script>steal()</script></head><body><article><h1>Groups</h1><p>A group is a set.</p></article></body></html>"))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Format != core.FormatMarkdown || d.MediaType != "text/html" {
		t.Errorf("format %s media %s", d.Format, d.MediaType)
	}
	// No <title>: the first h1 names the page in its front matter.
	if !strings.HasPrefix(d.Text, "---\ntitle: Groups\n---\n\n# Groups") || strings.Contains(d.Text, "steal") {
		t.Errorf("text = %q", d.Text)
	}
	if !strings.Contains(d.Raw, "<script>steal()</script>") {
		t.Errorf("raw markup lost: %q", d.Raw)
	}
}

// An HTML page's text starts with its <title> as front matter, as an
// EPUB's and a PDF's do, so the page is known by its title; a page with
// no text gets none, so that it is still reported as empty.
func TestHTMLTitleIsFrontMatter(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "page.html", []byte("<html><head><title>Group  Theory &amp; More</title></head><body><h1>Groups</h1><p>A group is a set.</p></body></html>"))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Documents[0].Text; !strings.HasPrefix(got, "---\ntitle: Group Theory & More\n---\n\n# Groups\n") {
		t.Errorf("text = %q", got)
	}
	empty := write(t, dir, "empty.html", []byte("<html><head><title>Nothing here</title></head><body></body></html>"))
	if res, err := Local(context.Background(), empty, Options{}); err == nil && len(res.Documents) > 0 && strings.Contains(res.Documents[0].Text, "Nothing here") {
		t.Errorf("an empty page got a text: %q", res.Documents[0].Text)
	}
}

// An XHTML file (a book's HTML5 edition, an EPUB's chapter kept as a
// file) is read as HTML.
func TestXHTMLIsReadAsHTML(t *testing.T) {
	p := write(t, t.TempDir(), "ch3.xhtml", []byte(`<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>The Environment Model</title></head>
<body><h1>Rules for Evaluation</h1><p>An environment is a sequence of frames.</p></body></html>`))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.MediaType != "application/xhtml+xml" || !strings.HasPrefix(d.Text, "---\ntitle: The Environment Model\n---\n\n# Rules for Evaluation\n") {
		t.Errorf("%s: text = %q", d.MediaType, d.Text)
	}
}

// A page in the character set it declares (tex4ht writes ISO-8859-1) is
// read in it; one that declares nothing lore knows and is not UTF-8 is
// refused, naming the byte.
func TestHTMLInItsDeclaredCharset(t *testing.T) {
	dir := t.TempDir()
	latin1 := []byte("<?xml version=\"1.0\" encoding=\"iso-8859-1\" ?>\n<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\" /></head>" +
		"<body><p>\xa9 2020 Dana C. Ernst. Caf\xe9 sets.</p></body></html>")
	res, err := Local(context.Background(), write(t, dir, "latin1.html", latin1), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Documents[0].Text; !strings.Contains(got, "© 2020 Dana C. Ernst. Café sets.") {
		t.Errorf("text = %q", got)
	}
	bad := []byte("<html><body><p>Caf\xe9</p></body></html>")
	if _, err := Local(context.Background(), write(t, dir, "bad.html", bad), Options{}); err == nil || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("undeclared Latin-1: %v", err)
	}
}

func TestCorpusDOCXAndEPUBAreRead(t *testing.T) {
	dir := corpus.Dir(t)
	for name, want := range map[string]string{
		"docx_skillinject_company_goals.docx":                        "## Sustainability Initiatives",
		"epub_goreader_alice.epub":                                   "## CHAPTER I: Down the Rabbit-Hole",
		"textbook_winitzki-linear-algebra-via-exterior-products.pdf": "exterior product",
	} {
		p := filepath.Join(dir, name)
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			if strings.Contains(err.Error(), "no such file") {
				t.Skipf("corpus not available: %v", err)
			}
			t.Fatal(err)
		}
		d := res.Documents[0]
		if !strings.Contains(d.Text, want) || d.Format != core.FormatMarkdown || d.Raw != "" {
			t.Errorf("%s: format %s, text lacks %q", name, d.Format, want)
		}
	}
}

func TestPDFBackends(t *testing.T) {
	p := corpus.Path(t, "textbook_winitzki-linear-algebra-via-exterior-products.pdf")
	goRes, err := Local(context.Background(), p, Options{PDFBackend: PDFBackendGo})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(goRes.Documents[0].Text, "\n# ") {
		t.Fatal("the go backend recovered no heading")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		_, err := Local(context.Background(), p, Options{PDFBackend: PDFBackendPdftotext})
		if err == nil || !strings.Contains(err.Error(), "not installed") {
			t.Fatalf("pdftotext backend without the tool: %v", err)
		}
		t.Skip("pdftotext not installed")
	}
	pt, err := Local(context.Background(), p, Options{PDFBackend: PDFBackendPdftotext})
	if err != nil {
		t.Fatal(err)
	}
	auto, err := Local(context.Background(), p, Options{PDFBackend: PDFBackendAuto})
	if err != nil {
		t.Fatal(err)
	}
	if pt.Documents[0].Text != auto.Documents[0].Text || len(pt.Documents[0].Text) < 100000 {
		t.Fatalf("auto with pdftotext installed read %d bytes, pdftotext %d", len(auto.Documents[0].Text), len(pt.Documents[0].Text))
	}
	if err := ValidPDFBackend("mupdf"); err == nil {
		t.Fatal("unknown backend accepted")
	}
}

// A ReSpec source writes Bikeshed's shorthands in its HTML; they read as
// the text they print. A page that is no ReSpec source keeps its text.
func TestReSpecShorthandsRead(t *testing.T) {
	page := `<html><head><script class="remove">var respecConfig = {};</script></head><body><h2>Gamepad</h2>
<p>The {{Gamepad/timestamp}} getter steps are:</p><ol><li>Let |t| be [=this=]'s timestamp.</li><li>Return |t|.</li></ol></body></html>`
	got, _, _, err := readHTML(context.Background(), []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "The timestamp getter steps are:") || !strings.Contains(got, "Let t be this's timestamp.") {
		t.Errorf("text:\n%s", got)
	}
	plain := strings.Replace(page, "respecConfig", "config", 1)
	if got, _, _, _ := readHTML(context.Background(), []byte(plain)); !strings.Contains(got, "{{Gamepad/timestamp}}") {
		t.Errorf("a page that is no ReSpec source lost its text:\n%s", got)
	}
}

// An ecmarkup source (.emu) is read as the HTML it is, its <emu-alg>
// steps a line each.
func TestEcmarkupSourceRead(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"spec.emu": "<!doctype html>\n<pre class=\"metadata\">title: Sign</pre>\n<emu-clause id=\"sec-sign\"><h1>Sign ( _x_ )</h1>\n<emu-alg>\n  1. If _x_ < 0, return -1.\n  1. Return 1.\n</emu-alg></emu-clause>\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docText(t, res, "spec.emu"); !strings.Contains(got, "1. If _x_ < 0, return -1.\n1. Return 1.") {
		t.Errorf("text:\n%s", got)
	}
}

// A Markdeep page (design notes kept as name.md.html) is read as the
// Markdown it holds: its headings and lists stay lines, its diagram is a
// block, and the renderer's tags are gone.
func TestMarkdeepIsReadAsMarkdown(t *testing.T) {
	dir := t.TempDir()
	page := "<meta charset=\"utf-8\">\n\n# Spill Design\n\n## Background\n\nLogs are *popped* when read.\n\n" +
		"**********************\n* +------+   +----+ *\n* | Push |-->| DQ | *\n* +------+   +----+ *\n**********************\n\n" +
		"1. Spill\n1. Peek\n\n<!-- Markdeep: -->\n<style class=\"fallback\">body{visibility:hidden}</style><script src=\"markdeep.min.js\" charset=\"utf-8\"></script>\n"
	p := write(t, dir, "spill.md.html", []byte(page))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Documents[0].Text
	for _, want := range []string{"# Spill Design\n", "\n## Background\n", "\n```text\n +------+   +----+\n | Push |-->| DQ |\n", "\n1. Spill\n1. Peek\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "markdeep") || strings.Contains(got, "<meta") || strings.Contains(got, "visibility") {
		t.Errorf("the renderer's tags are in the text:\n%s", got)
	}
}

// A .rbtex file is read as the LaTeX its Ruby prints: begin_sec calls
// open sections by depth, other Ruby prints nothing, and every line stays
// where it was.
func TestRubyTeXIsReadAsTheLaTeXItPrints(t *testing.T) {
	dir := t.TempDir()
	src := "<%\n  chapter('04','Limits')\n%>\n<% begin_sec(\"Indeterminate forms\",nil,'ind') %>\nText.\n" +
		"<% begin_sec(\"L'H\\\\^{o}pital's rule\",nil,'lh') %>\n\\begin{theorem}A rule.\\end{theorem}\n<% end_sec('lh') %>\n<% end_sec('ind') %>\n" +
		"<% begin_sec(\"Proofs\") %>\nMore.\n<% marginbox(100,'m','Box',{},\n%q{text}) %>\nEnd.\n"
	p := write(t, dir, "ch04.rbtex", []byte(src))
	res, err := Local(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Format != core.FormatLaTeX {
		t.Errorf("format %s", d.Format)
	}
	want := "\n\n\n\\section{Indeterminate forms}\nText.\n\\subsection{L'H\\^{o}pital's rule}\n\\begin{theorem}A rule.\\end{theorem}\n\n\n\\section{Proofs}\nMore.\n\n\nEnd.\n"
	if d.Text != want {
		t.Errorf("text\n%q\nwant\n%q", d.Text, want)
	}
}
