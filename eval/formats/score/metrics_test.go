package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestOverlapAndNames(t *testing.T) {
	a := bag("A graph is planar when it can be drawn without crossings.")
	b := bag("A graph is planar when it can be drawn in the plane without edge crossings, \\(G\\).")
	if o := overlap(a, b); o < minOverlap {
		t.Errorf("overlap of one statement in two forms = %.2f", o)
	}
	if o := overlap(a, bag("Every tree with n vertices has n-1 edges.")); o >= minOverlap {
		t.Errorf("overlap of different statements = %.2f", o)
	}
	if nameWords("Theorem 2.3.3 — Non-planar Graphs") != nameWords("Theorem 3 — Non-planar graphs.") {
		t.Error("numbers and case should not tell names apart")
	}
	if normName("Theorem 2.3.3") == normName("Theorem 3") {
		t.Error("normName keeps numbers")
	}
}

func TestCompare(t *testing.T) {
	mk := func(id, name, stmt string, deps ...string) core.Primitive {
		p := core.Primitive{ID: id, Name: name, FormalStatement: stmt}
		for _, d := range deps {
			p.Dependencies = append(p.Dependencies, core.Edge{Target: d, Type: core.Requires, Description: "Refers to x"})
		}
		return p
	}
	src := []core.Primitive{
		mk("a", "Tree", "A tree is a connected graph with no cycles at all."),
		mk("b", "Leaves", "Every tree with at least two vertices has at least two leaves.", "a"),
		mk("c", "Forest", "A forest is a graph whose components are all trees."),
	}
	ren := []core.Primitive{
		mk("x", "Tree", "A tree is a connected graph with no cycles at all."),
		mk("y", "Theorem 1", "Every tree with at least two vertices has at least two leaves.", "x"),
	}
	r := compare(src, ren)
	if r.foundCount != 2 || r.Edges != 1 || r.EdgesKept != 1 || r.SameName != 0.5 {
		t.Errorf("compare = %+v", r)
	}
}

// A form rendered here has no manifest row: its kind is that of the files
// render.sh wrote.
func TestFormOf(t *testing.T) {
	dir := t.TempDir()
	if f, l := formOf(dir); f != "" || l {
		t.Errorf("empty folder: %q %v", f, l)
	}
	for _, name := range []string{"Ch2.html", "Ch1.html"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("<p>x</p>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if f, l := formOf(dir); f != "html" || !l {
		t.Errorf("HTML pages: %q %v", f, l)
	}
	pdf := t.TempDir()
	if err := os.WriteFile(filepath.Join(pdf, "book.pdf"), []byte("%PDF-1.4"), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, l := formOf(pdf); f != "pdf" || l {
		t.Errorf("PDF: %q %v", f, l)
	}
}
