package acquire

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/acquire/fetch"
)

// A page nesting its theorem-like blocks past what the reader keeps is
// read, and the result says so once, naming it as the source names its
// documents: the file, a folder's path, an archive's entry, a URL's name.
func TestNotesNameTheDeeplyNestedDocument(t *testing.T) {
	deep := "<html><body><h1>Groups</h1><p>A group is a set.</p>" + strings.Repeat(`<div class="theorem">`, 20) +
		"<p>Deep.</p>" + strings.Repeat("</div>", 20) + "</body></html>"
	const note = "the page nests elements 23 deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text"
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"deep.html":   []byte(deep),
		"shallow.htm": []byte("<html><body><h1>Rings</h1><p>A ring is a set.</p></body></html>"),
		"pages.zip":   buildZip(t, []ent{file("in/deep.html", deep), file("plain.md", "# Plain\n\nText.\n")}),
	})
	ctx := context.Background()
	for _, c := range []struct {
		source string
		want   []Problem
	}{
		{filepath.Join(dir, "deep.html"), []Problem{{"deep.html", note}}},
		{filepath.Join(dir, "pages.zip"), []Problem{{"in/deep.html", note}}},
		{dir, []Problem{{"deep.html", note}, {"pages.zip!in/deep.html", note}}},
		{filepath.Join(dir, "shallow.htm"), nil},
	} {
		res, err := Local(ctx, c.source, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.source, err)
		}
		if !slices.Equal(res.Notes, c.want) {
			t.Errorf("%s: notes %q, want %q", c.source, res.Notes, c.want)
		}
		if len(res.Errors) != 0 || len(res.Skipped) != 0 {
			t.Errorf("%s: a note is no error: %+v %+v", c.source, res.Errors, res.Skipped)
		}
	}

	mux := http.NewServeMux()
	mux.HandleFunc("/deep.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(deep))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res, err := URL(ctx, srv.URL+"/deep.html", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Problem{{"deep.html", note}}; !slices.Equal(res.Notes, want) {
		t.Errorf("url: notes %q, want %q", res.Notes, want)
	}
}
