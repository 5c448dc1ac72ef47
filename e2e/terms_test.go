package e2e_test

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A paragraph that defines a term with <dfn> (PreTeXt's HTML and EPUB) is
// the term's definition, as the same paragraph's <term> is in the book's
// PreTeXt source: named by the term, stated from the sentence holding it,
// at the confidence of running text. A <dfn> inside an exercise or its
// solution, or for a term a definition block defines, defines nothing, and
// <b> or <strong> is no term.
func TestLearnDfnParagraphs(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "markup", "terms.xhtml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := write(t, dir, "trees.html", string(b))
	book := filepath.Join(dir, "trees.epub")
	writeEPUB(t, book, "trees.xhtml", string(b))
	for _, src := range []string{page, book} {
		t.Run(filepath.Ext(src), func(t *testing.T) {
			s := openStore(t, t.TempDir())
			defer s.Close()
			res := learn(t, s, src)
			var defs []core.Primitive
			for _, p := range res.Primitives {
				if p.Type == core.Definition {
					defs = append(defs, p)
				}
			}
			var tree *core.Primitive
			for i, p := range defs {
				switch strings.ToLower(p.Name) {
				case "tree":
					tree = &defs[i]
				case "leaf", "longest path", "bipartite", "every":
					t.Errorf("%s: %q is no definition of the book: %q", src, p.Name, p.FormalStatement)
				}
			}
			if tree == nil {
				t.Fatalf("%s: no definition of tree among %v", src, names(defs))
			}
			if want := "We say that a connected graph with no cycles is a tree."; !strings.HasPrefix(tree.FormalStatement, want) {
				t.Errorf("%s: tree's statement %q, want it to start %q", src, tree.FormalStatement, want)
			}
			if tree.Confidence != 0.85 {
				t.Errorf("%s: tree's confidence %v, want 0.85", src, tree.Confidence)
			}
			forests := 0
			for _, p := range defs {
				if strings.Contains(strings.ToLower(p.Name), "forest") {
					forests++
					if !strings.HasPrefix(p.FormalStatement, "A forest is a graph with no cycles") {
						t.Errorf("%s: forest defined by %q, want the definition block", src, p.FormalStatement)
					}
				}
			}
			if forests != 1 {
				t.Errorf("%s: %d definitions of forest, want the block's alone: %v", src, forests, names(defs))
			}
		})
	}
}

func names(ps []core.Primitive) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// writeEPUB writes an EPUB 3 of one XHTML document at path.
func writeEPUB(t *testing.T, path, doc, body string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for _, e := range [][2]string{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`},
		{"EPUB/package.opf", `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>Graphs</dc:title></metadata><manifest><item id="c1" href="` + doc + `" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`},
		{"EPUB/" + doc, body},
	} {
		w, err := z.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(e[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
