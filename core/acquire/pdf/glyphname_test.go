package pdf

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNameEscapesReadAsGlyphs: a PDF name's #xx escapes are read, so a
// dvips Type 3 font whose parentheses are /#28 and /#29 gives "(" and ")".
func TestNameEscapesReadAsGlyphs(t *testing.T) {
	for in, want := range map[string]string{"#28": "(", "#29": ")", "#5B": "[", "paren#28": "paren(", "a": "a", "#0C": "#0C", "#": "#"} {
		if got := nameUnescaped(in); got != want {
			t.Errorf("nameUnescaped(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEvalPDFParenthesesRead reads the PageRank report of the PDF
// evaluation set (LORE_EVAL_PDF: the folder eval/pdf/extract.sh fills):
// its parentheses are glyphs of dvips Type 3 fonts named /#28 and /#29,
// which pdftotext reads as "(pages)".
func TestEvalPDFParenthesesRead(t *testing.T) {
	dir := os.Getenv("LORE_EVAL_PDF")
	if dir == "" {
		t.Skip("LORE_EVAL_PDF not set: the PDF evaluation set (eval/pdf/extract.sh) is needed")
	}
	path := filepath.Join(dir, "pagerank-1999.pdf")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	text, err := Text(context.Background(), f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "150 million nodes (pages)") {
		i := strings.Index(text, "150 million nodes")
		t.Errorf("parentheses of a Type 3 font lost: %q", text[max(i, 0):min(max(i, 0)+40, len(text))])
	}
	if n := strings.Count(text, "(") + strings.Count(text, ")"); n < 50 {
		t.Errorf("only %d parentheses read", n)
	}
}
