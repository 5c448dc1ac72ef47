package acquire

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/acquire/fetch"
	gen "github.com/lore-kb/lore/internal/hostile"
)

// reasonFor returns the recorded error of the file or entry whose path ends
// in suffix, or "".
func reasonFor(res *Result, suffix string) string {
	for _, e := range res.Errors {
		if strings.HasSuffix(e.File, suffix) {
			return e.Reason
		}
	}
	return ""
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The 668-byte PDF whose object stream lives in itself once killed every
// command with a stack overflow; now it is that file's error, alone, in a
// folder, and in a zip, and the good files next to it are read.
func TestSelfReferencingPDFIsAPerFileError(t *testing.T) {
	bad := gen.SelfObjStmPDF()
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"bad.pdf":  bad,
		"good.pdf": gen.TextPDF("Readable next to a hostile file"),
		"notes.md": []byte("# Notes\n\nStill here.\n"),
	})
	_, err := Local(context.Background(), filepath.Join(dir, "bad.pdf"), Options{})
	if err == nil || !strings.Contains(err.Error(), "corrupt PDF") {
		t.Fatalf("the file alone: err = %v, want a corrupt-PDF error", err)
	}
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docNames(res); !slices.Equal(got, []string{"good.pdf", "notes.md"}) {
		t.Errorf("folder: read %v, want good.pdf and notes.md", got)
	}
	if r := reasonFor(res, "bad.pdf"); !strings.Contains(r, "corrupt PDF") {
		t.Errorf("folder: bad.pdf's error is %q", r)
	}

	zdir := t.TempDir()
	writeFiles(t, zdir, map[string][]byte{"mixed.zip": gen.Zip(map[string][]byte{
		"bad.pdf":  bad,
		"good.pdf": gen.TextPDF("Readable next to a hostile file"),
		"notes.md": []byte("# Notes\n\nStill here.\n"),
	})})
	res, err = Local(context.Background(), filepath.Join(zdir, "mixed.zip"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docNames(res); !slices.Equal(got, []string{"good.pdf", "notes.md"}) {
		t.Errorf("zip: read %v, want good.pdf and notes.md", got)
	}
	if r := reasonFor(res, "mixed.zip!bad.pdf"); !strings.Contains(r, "corrupt PDF") {
		t.Errorf("zip: bad.pdf's error is %q", r)
	}
}

// A reader that panics fails its own file, named, and the folder's other
// files are still read.
func TestReaderPanicIsAPerFileError(t *testing.T) {
	saved := converted[".epub"]
	t.Cleanup(func() { converted[".epub"] = saved })
	c := saved
	c.read = func(context.Context, []byte) (string, string, []string, error) {
		var none []int
		return strings.Repeat("x", none[0]), "", nil, nil // index out of range
	}
	converted[".epub"] = c

	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"book.epub": []byte("whatever"),
		"a.md":      []byte("# A\n\nRead.\n"),
		"b.pdf":     gen.TextPDF("Also read"),
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docNames(res); !slices.Equal(got, []string{"a.md", "b.pdf"}) {
		t.Errorf("read %v, want a.md and b.pdf", got)
	}
	r := reasonFor(res, "book.epub")
	if !strings.Contains(r, "internal error reading the .epub document") || !strings.Contains(r, "index out of range") {
		t.Errorf("book.epub's error is %q", r)
	}
	if !slices.ContainsFunc(res.Skipped, func(p Problem) bool { return p.Path == "book.epub" }) {
		t.Errorf("book.epub is not listed as skipped: %v", res.Skipped)
	}
}

// A zip of Word files, each stored (a DOCX is already compressed) but
// expanding a thousandfold inside, used to be counted by its raw bytes
// only: what the parts expand to now counts against the total.
func TestDOCXPartsCountAgainstArchiveTotal(t *testing.T) {
	const paras = 100000 // about 11 MB of XML per document
	dir := t.TempDir()
	z := gen.DOCXZip(3, paras)
	writeFiles(t, dir, map[string][]byte{"word.zip": z})
	res, err := Local(context.Background(), filepath.Join(dir, "word.zip"), Options{MaxTotalSize: 25 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d-byte zip; read %v; errors %v", len(z), docNames(res), res.Errors)
	if got := docNames(res); !slices.Equal(got, []string{"doc1.docx", "doc2.docx"}) {
		t.Errorf("read %v, want doc1.docx and doc2.docx within 25 MiB", got)
	}
	if r := reasonFor(res, "word.zip!doc3.docx"); !strings.Contains(r, "total decompressed limit") || !strings.Contains(r, ".docx") {
		t.Errorf("doc3.docx's error is %q", r)
	}
	var text int
	for _, d := range res.Documents {
		text += len(d.Text)
	}
	if text > 25<<20 {
		t.Errorf("%d bytes of text from a 25 MiB budget", text)
	}
}

// The same PDF served over HTTP, alone and inside a zip: an error for the
// URL, or for that entry only.
func TestSelfReferencingPDFOverHTTP(t *testing.T) {
	bad := gen.SelfObjStmPDF()
	bundle := gen.Zip(map[string][]byte{"bad.pdf": bad, "notes.md": []byte("# Notes\n\nStill here.\n")})
	mux := http.NewServeMux()
	mux.HandleFunc("/bad.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(bad)
	})
	mux.HandleFunc("/bundle.zip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/zip")
		w.Write(bundle)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	_, err := URL(context.Background(), srv.URL+"/bad.pdf", Options{}, fetch.Options{})
	if err == nil || !strings.Contains(err.Error(), "corrupt PDF") {
		t.Fatalf("bad.pdf: err = %v, want a corrupt-PDF error", err)
	}
	res, err := URL(context.Background(), srv.URL+"/bundle.zip", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docNames(res); !slices.Equal(got, []string{"notes.md"}) {
		t.Errorf("bundle: read %v, want notes.md", got)
	}
	if r := reasonFor(res, "!bad.pdf"); !strings.Contains(r, "corrupt PDF") {
		t.Errorf("bundle: bad.pdf's error is %q (errors %v)", r, res.Errors)
	}
}
