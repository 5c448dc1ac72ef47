package main

import (
	"os"
	"path/filepath"
	"testing"
)

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
