package e2e_test

import (
	"archive/zip"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Books published as HTML or EPUB mark their definitions and theorems up:
// learning one gives the blocks the markup holds, named by their titles,
// and a link from one block to another is a requires edge. One fixture per
// family of markup: PreTeXt, LaTeXML, pandoc (bookdown, Quarto), and a
// PreTeXt EPUB whose links cross its documents.

// learned returns the names of the primitives learned from source and
// the requires edges between them as "from -> to" by name.
func learned(t *testing.T, source string) ([]string, []string) {
	t.Helper()
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, source)
	byID := map[string]string{}
	var names []string
	for _, p := range res.Primitives {
		byID[p.ID] = p.Name
		names = append(names, p.Name)
	}
	var edges []string
	for _, p := range res.Primitives {
		for _, e := range p.Dependencies {
			if e.Type == core.Requires && byID[e.Target] != "" && strings.HasPrefix(e.Description, "Refers to") {
				edges = append(edges, p.Name+" -> "+byID[e.Target])
			}
		}
	}
	sort.Strings(edges)
	return names, edges
}

func wantAll(t *testing.T, what string, got, want []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s: missing %q; got %q", what, w, got)
		}
	}
}

func TestLearnPreTeXtHTML(t *testing.T) {
	names, edges := learned(t, filepath.Join("testdata", "markup", "pretext.html"))
	wantAll(t, "names", names, []string{"Reduced Row-Echelon Form", "Row-Equivalent Matrix in Echelon Form", "Something Nice"})
	wantAll(t, "edges", edges, []string{"Row-Equivalent Matrix in Echelon Form -> Reduced Row-Echelon Form"})
	if len(names) != 3 {
		t.Errorf("want 3 primitives (the proof is none), got %q", names)
	}
}

func TestLearnLaTeXMLHTML(t *testing.T) {
	names, edges := learned(t, filepath.Join("testdata", "markup", "latexml.html"))
	wantAll(t, "names", names, []string{"Group", "Uniqueness of the identity"})
	wantAll(t, "edges", edges, []string{
		"Uniqueness of the identity -> Group",
	})
	if len(names) != 3 {
		t.Errorf("want 3 primitives, got %q", names)
	}
	for _, e := range edges {
		if strings.HasPrefix(e, "Uniqueness of the identity -> Uniqueness") {
			t.Errorf("a proof's link to its own result is no edge: %s", e)
		}
	}
}

func TestLearnPandocHTML(t *testing.T) {
	names, edges := learned(t, filepath.Join("testdata", "markup", "pandoc.html"))
	wantAll(t, "names", names, []string{"Right triangle", "Pythagorean theorem", "Line"})
	wantAll(t, "edges", edges, []string{
		"Pythagorean theorem -> Right triangle",
	})
	found := false
	for _, e := range edges {
		if strings.HasSuffix(e, " -> Line") {
			found = true
		}
	}
	if !found {
		t.Errorf("the corollary's link to Theorem 1 (Line) is no edge: %q", edges)
	}
	if len(names) != 5 {
		t.Errorf("want 5 primitives (the bold run-in lemma included, the proof none), got %q", names)
	}
}

func TestLearnPreTeXtEPUB(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "book.epub")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	add := func(name, body string) {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("testdata", "markup", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	add("mimetype", "application/epub+zip")
	add("META-INF/container.xml", `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`)
	add("EPUB/package.opf", `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>Linear Algebra</dc:title></metadata><manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="ch2.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>`)
	add("EPUB/ch1.xhtml", read("ch1.xhtml"))
	add("EPUB/ch2.xhtml", read("ch2.xhtml"))
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	names, edges := learned(t, p)
	wantAll(t, "names", names, []string{"System of Linear Equations", "Equivalent Systems",
		"Equation Operations Preserve Solution Sets", "Possible Solution Sets for Linear Systems"})
	wantAll(t, "edges", edges, []string{
		"Equivalent Systems -> System of Linear Equations",
		"Equation Operations Preserve Solution Sets -> Equivalent Systems",
		// The proof's link counts for the theorem it proves.
		"Equation Operations Preserve Solution Sets -> System of Linear Equations",
	})
	if len(names) != 4 {
		t.Errorf("want 4 primitives, got %q", names)
	}
}

// A PreTeXt page whose theorem-like blocks are <article> elements is read
// whole: its headings still give the blocks their sections, and its
// <title> names the document, as an EPUB's or PDF's title does.
func TestLearnHTMLPageOfArticles(t *testing.T) {
	p := write(t, t.TempDir(), "page.html", `<!DOCTYPE html><html><head><title>Notes on Graphs</title></head><body>`+
		`<h1>Chapter One</h1><section class="section"><h2 class="heading"><span class="codenumber">1.1</span> <span class="title">Trees</span></h2>`+
		`<p>This section is about trees.</p>`+
		`<article class="definition definition-like" id="def-tree"><h3 class="heading"><span class="type">Definition</span> <span class="codenumber">1.1.1</span> <span class="title">Tree</span></h3>`+
		`<p>A tree is a connected graph with no cycles.</p></article></section></body></html>`)
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, p)
	if len(res.Primitives) == 0 {
		t.Fatal("nothing learned")
	}
	for _, pr := range res.Primitives {
		if pr.Provenance.Title != "Notes on Graphs" || !strings.Contains(pr.Provenance.Section, "Trees") {
			t.Errorf("%s: title %q section %q, want the page's title and the section Trees", pr.Name, pr.Provenance.Title, pr.Provenance.Section)
		}
	}
}
