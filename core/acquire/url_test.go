package acquire

import (
	"archive/zip"
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/fetch"
	"github.com/lore-kb/lore/internal/corpus"
)

func urlServer(t *testing.T) *httptest.Server {
	t.Helper()
	pdf, err := os.ReadFile(corpus.Path(t, "textbook_winitzki-linear-algebra-via-exterior-products.pdf"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("notes/a.md")
	w.Write([]byte("# A\n\nDefinition: A thing is a thing.\n"))
	w, _ = zw.Create("../escape.md")
	w.Write([]byte("x"))
	zw.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html><head><title>T</title><script>evil()</script></head><body><nav>menu</nav><main><h1>Groups</h1><p>A group is a set.</p></main></body></html>"))
	})
	mux.HandleFunc("/book", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(pdf)
	})
	mux.HandleFunc("/notes.md", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("# Notes\n\nDefinition: A ring is a set.\n"))
	})
	mux.HandleFunc("/bundle", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/zip")
		w.Write(zb.Bytes())
	})
	mux.HandleFunc("/image", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n0000"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestURLReadsByMediaType(t *testing.T) {
	srv := urlServer(t)
	ctx := context.Background()

	res, err := URL(ctx, srv.URL+"/page", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Documents[0]
	if d.Familiarity != core.Stranger || d.MediaType != "text/html" || !strings.Contains(d.Text, "# Groups") ||
		strings.Contains(d.Text, "evil") || !strings.Contains(d.Raw, "<script>") || d.Path != srv.URL+"/page" || len(d.SHA256) != 64 {
		t.Fatalf("page = %+v", d)
	}

	res, err = URL(ctx, srv.URL+"/book", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Documents[0]; d.MediaType != "application/pdf" || len(d.Text) < 100000 || d.Familiarity != core.Stranger {
		t.Fatalf("pdf = %s, %d bytes of text", d.MediaType, len(d.Text))
	}

	res, err = URL(ctx, srv.URL+"/notes.md", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Documents[0]; d.Format != core.FormatMarkdown || d.Name != "notes.md" {
		t.Fatalf("markdown served as text/plain = %+v", d)
	}

	res, err = URL(ctx, srv.URL+"/bundle", Options{}, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Documents) != 1 || res.Documents[0].Name != "notes/a.md" || res.Documents[0].Familiarity != core.Stranger ||
		len(res.Findings) == 0 || res.Findings[0].Category != core.PathTraversal {
		t.Fatalf("archive = %+v findings %+v", res.Documents, res.Findings)
	}
}

func TestURLErrorsNameTheInput(t *testing.T) {
	srv := urlServer(t)
	for _, c := range []struct{ path, want string }{
		{"/image", "image/png"},
		{"/missing", "404"},
	} {
		_, err := URL(context.Background(), srv.URL+c.path, Options{}, fetch.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), srv.URL+c.path) {
			t.Errorf("%s: err = %v, want it to name %q and the URL", c.path, err, c.want)
		}
	}
	// The per-file limit caps the download.
	_, err := URL(context.Background(), srv.URL+"/book", Options{MaxFileSize: 1000}, fetch.Options{})
	if err == nil {
		t.Fatal("a PDF over the size limit was read")
	}
	if IsURL("/tmp/x.md") || IsURL("ftp://h/x") || !IsURL("https://example.org/x") {
		t.Fatal("IsURL")
	}
}
