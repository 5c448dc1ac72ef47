package acquire

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/corpus"
)

// xmlFixtures writes .xml files of every kind lore meets: PreTeXt as it
// ships (a whole book under <pretext> or <mathbook>, one division per file
// with xi:include), XHTML, and XML lore does not read (DocBook, a build
// file).
func xmlFixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{
		"book.xml": "\ufeff<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a PreTeXt book -->\n" +
			`<pretext xmlns:xi="http://www.w3.org/2001/XInclude"><book xml:id="b"><title>Graphs</title>` +
			`<chapter xml:id="c"><title>Trees</title><definition xml:id="d-tree"><statement><p>A <term>tree</term> is a connected acyclic graph.</p></statement></definition></chapter></book></pretext>`,
		"old.xml":     `<?xml version="1.0"?><mathbook><article><title>Old</title><p>Legacy PreTeXt.</p></article></mathbook>`,
		"chapter.xml": `<?xml version="1.0"?><chapter xmlns:xi="http://www.w3.org/2001/XInclude" xml:id="ch"><title>Chapter</title><p>One division.</p></chapter>`,
		"page.xml":    `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Page</h1><p>Some <b>XHTML</b> text.</p></body></html>`,
		"draft.xml":   `<?xml version="1.0"?><rfc version="3" docName="draft-x-00"><front><title>Proto</title></front><middle><section><name>Format</name><t>A message is one frame.</t></section></middle></rfc>`,
		"docbook.xml": `<?xml version="1.0"?><book xmlns="http://docbook.org/ns/docbook" version="5.0"><title>DocBook</title></book>`,
		"pom.xml":     `<?xml version="1.0"?><project><modelVersion>4.0.0</modelVersion></project>`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// PreTeXt shipped as .xml is read as PreTeXt, XHTML as a page, an RFC's or
// a draft's xml2rfc source as the specification it renders; an XML file
// of another kind is refused with its root element named, and a folder
// passes over it as a file it does not read.
func TestXMLReadByRootElement(t *testing.T) {
	dir := t.TempDir()
	xmlFixtures(t, dir)
	for _, c := range []struct {
		name   string
		format core.Format
		want   string
	}{
		{"book.xml", core.FormatPreTeXt, "<definition"},
		{"old.xml", core.FormatPreTeXt, "Legacy PreTeXt."},
		{"chapter.xml", core.FormatPreTeXt, "One division."},
		{"page.xml", core.FormatMarkdown, "# Page"},
		{"draft.xml", core.FormatMarkdown, "## 1. Format\n\nA message is one frame."},
	} {
		path := filepath.Join(dir, c.name)
		if err := Check(path); err != nil {
			t.Errorf("Check(%s) = %v", c.name, err)
		}
		res, err := Local(t.Context(), path, Options{})
		if err != nil {
			t.Errorf("%s refused: %v", c.name, err)
			continue
		}
		d := res.Documents[0]
		if d.Format != c.format || !strings.Contains(d.Text, c.want) {
			t.Errorf("%s: format %q, text %q; want format %q with %q", c.name, d.Format, d.Text, c.format, c.want)
		}
	}
	// XML of another vocabulary is not learned (Check, which a learn
	// form runs, refuses it), but it is text, and scanned.
	for name, root := range map[string]string{"docbook.xml": "<book> in namespace http://docbook.org/ns/docbook", "pom.xml": "<project>"} {
		path := filepath.Join(dir, name)
		if err := Check(path); err == nil || !strings.Contains(err.Error(), "root element "+root) || !strings.Contains(err.Error(), path) {
			t.Errorf("Check(%s) = %v; want an error naming %s and the root element %s", name, err, path, root)
		}
		res, err := Local(t.Context(), path, Options{})
		if err != nil || len(res.Documents) != 1 || !res.Documents[0].ScanOnly {
			t.Errorf("Local(%s) = %v, %+v; want it read for scanning only", name, err, res)
		}
	}
	res, err := Local(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range Learnable(res.Documents) {
		names = append(names, d.Name)
	}
	slices.Sort(names)
	if want := []string{"book.xml", "chapter.xml", "draft.xml", "old.xml", "page.xml"}; !slices.Equal(names, want) {
		t.Errorf("folder read %v; want %v", names, want)
	}
	if len(res.Documents) != 7 || len(res.Ignored) != 0 || len(res.Skipped) != 0 {
		t.Errorf("documents %d, ignored %v, skipped %v; want docbook.xml and pom.xml scanned only, nothing skipped", len(res.Documents), res.Ignored, res.Skipped)
	}
}

// The corpus's PreTeXt section, named .xml as PreTeXt books ship their
// files, reads exactly as it does named .ptx.
func TestCorpusPreTeXtAsXML(t *testing.T) {
	src := corpus.Path(t, "pretext_levin_discrete_sec_gt-trees.ptx")
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sec_gt-trees.xml")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	asXML, err := Local(t.Context(), path, Options{})
	if err != nil {
		t.Fatalf("PreTeXt as .xml refused: %v", err)
	}
	asPTX, err := Local(t.Context(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	x, p := asXML.Documents[0], asPTX.Documents[0]
	if x.Format != core.FormatPreTeXt || x.MediaType != p.MediaType || x.Text != p.Text {
		t.Errorf("as .xml: format %q media %q (%d bytes); as .ptx: %q %q (%d bytes)", x.Format, x.MediaType, len(x.Text), p.Format, p.MediaType, len(p.Text))
	}
}

// PreTeXt on the web — served as XML, or as plain text the way raw file
// hosts serve it under an .xml name — is read as PreTeXt; other XML is
// refused naming its root element.
func TestXMLFromURLReadByRootElement(t *testing.T) {
	files := xmlFixtures(t, t.TempDir())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Base(r.URL.Path)
		body, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		ct := "application/xml"
		if strings.HasPrefix(r.URL.Path, "/raw/") {
			ct = "text/plain; charset=utf-8"
		}
		w.Header().Set("Content-Type", ct)
		io.WriteString(w, body)
	}))
	defer srv.Close()
	for _, u := range []string{srv.URL + "/book.xml", srv.URL + "/raw/book.xml"} {
		res, err := Source(t.Context(), u, Options{})
		if err != nil {
			t.Errorf("%s: %v", u, err)
			continue
		}
		if d := res.Documents[0]; d.Format != core.FormatPreTeXt || !strings.Contains(d.Text, "<definition") {
			t.Errorf("%s: format %q, text %.80q; want PreTeXt", u, d.Format, d.Text)
		}
	}
	_, err := Source(t.Context(), srv.URL+"/docbook.xml", Options{})
	if err == nil || !strings.Contains(err.Error(), "root element <book> in namespace http://docbook.org/ns/docbook") {
		t.Errorf("DocBook from a URL: %v; want it refused naming its root", err)
	}
}

// A MathBook XML book keeps a division for some editions in a
// <restrict-version> wrapper, a file of its own that the main file
// xi:includes: the division is read in the book.
func TestRestrictVersionDivisionIsRead(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.xml": "<?xml version=\"1.0\"?>\n<mathbook xmlns:xi=\"http://www.w3.org/2001/XInclude\"><book><chapter><title>Bases</title>\n" +
			"<xi:include href=\"./coords.xml\" />\n</chapter></book></mathbook>\n",
		"coords.xml": "<?xml version=\"1.0\"?>\n<restrict-version versions=\"1554 default\">\n<section xml:id=\"coords\"><title>Coordinates</title>\n" +
			"<fact><statement><p>Any vector of a subspace is a combination of a basis in exactly one way.</p></statement></fact>\n</section>\n</restrict-version>\n",
	})
	res, err := Local(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Documents) != 1 || !strings.Contains(res.Documents[0].Text, "exactly one way") {
		t.Fatalf("documents %q, want the book with its included section", docNames(res))
	}
}
