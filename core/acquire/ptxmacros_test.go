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

// A PreTeXt book whose docinfo <macros> says only \usepackage{macros},
// its notation in a package beside it (Interactive Linear Algebra's
// latex/macros.sty), is read with that package's definitions in its
// <macros>, where TeX would have them.
func TestPreTeXtMacrosPackageIsRead(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.xml": "<?xml version=\"1.0\"?>\n<pretext xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n" +
			"<docinfo><macros>\n\\usepackage{macros}\n</macros></docinfo>\n<book>\n<xi:include href=\"./inverse.xml\" />\n</book></pretext>\n",
		"latex/macros.sty": "\\ProvidesPackage{macros}\n\\def\\inv{^{-1}}\n\\let\\bar=\\overline\n",
		"inverse.xml": "<?xml version=\"1.0\"?>\n<section><title>Inverses</title>" +
			"<theorem><statement><p>Then <m>(AB)\\inv = B\\inv A\\inv</m>.</p></statement></theorem></section>\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	book := docText(t, res, "book.xml")
	m := book[strings.Index(book, "<macros>"):strings.Index(book, "</macros>")]
	if !strings.Contains(m, `\def\inv{^{-1}}`) || !strings.Contains(book, "Inverses") {
		t.Errorf("book:\n%s", book)
	}
}
