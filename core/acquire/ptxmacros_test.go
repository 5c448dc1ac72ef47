package acquire

import (
	"context"
	"strings"
	"testing"
)

// Issue 80: a PreTeXt book (shipped as .xml) that keeps its notation in a
// file of its own, <macros> its root, pulled in by xi:include beside its
// divisions (as A First Course in Linear Algebra's source does), is read
// with that file in place: the book's statements expand the macros.
func TestPreTeXtMacrosFileIsIncluded(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"src/book.xml": "<?xml version=\"1.0\"?>\n<book xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n" +
			"<xi:include href=\"./macros.xml\" />\n<xi:include href=\"./section-MO.xml\" />\n</book>\n",
		"src/macros.xml": "<!-- notation -->\n<macros>\n<latex><![CDATA[\\newcommand*{\\adjoint}[1]{#1^{\\ast}}]]></latex>\n</macros>\n",
		"src/section-MO.xml": "<?xml version=\"1.0\"?>\n<section><title>Matrix Operations</title>" +
			"<theorem><statement><p>Then <m>\\adjoint{\\adjoint{A}}=A</m>.</p></statement></theorem></section>\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "src/book.xml")
	if !strings.Contains(book, `<macros>`) || !strings.Contains(book, `\newcommand*{\adjoint}`) || !strings.Contains(book, "Matrix Operations") {
		t.Errorf("book:\n%s", book)
	}
}
