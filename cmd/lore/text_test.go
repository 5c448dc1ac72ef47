package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// `lore text --json` is a contract: exactly these keys, one entry per
// document, the digest of the bytes read.
func TestTextJSONContract(t *testing.T) {
	epub := corpus(t, "epub_goreader_alice.epub")
	r := lore(t, nil, "text", epub, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var out struct {
		Documents []struct {
			Path      string `json:"path"`
			MediaType string `json:"mediaType"`
			Bytes     int64  `json:"bytes"`
			SHA256    string `json:"sha256"`
			Text      string `json:"text"`
		} `json:"documents"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("decode: %v\n%s", err, r.stdout)
	}
	raw, _ := os.ReadFile(epub)
	sum := sha256.Sum256(raw)
	if len(out.Documents) != 1 {
		t.Fatalf("%d documents", len(out.Documents))
	}
	d := out.Documents[0]
	if d.Path != epub || d.MediaType != "application/epub+zip" || d.Bytes != int64(len(raw)) ||
		d.SHA256 != hex.EncodeToString(sum[:]) || !strings.Contains(d.Text, "## CHAPTER I: Down the Rabbit-Hole") {
		t.Fatalf("document = %s %s %d %s, %d chars", d.Path, d.MediaType, d.Bytes, d.SHA256, len(d.Text))
	}

	// A URL, and a URL that fails.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path != "/page" {
			http.NotFound(w, req)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body><nav>menu</nav><main><h1>Rings</h1><p>A ring is a set.</p></main></body></html>"))
	}))
	defer srv.Close()
	r = lore(t, nil, "text", srv.URL+"/page")
	if r.code != 0 || !strings.Contains(r.stdout, "# Rings") || !strings.Contains(r.stdout, "A ring is a set.") {
		t.Fatalf("text of a page: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = lore(t, nil, "text", srv.URL+"/gone")
	// The command was right and the server refused: a failure, not usage.
	if r.code != 1 || !strings.Contains(r.stderr, "404") || !strings.Contains(r.stderr, srv.URL+"/gone") {
		t.Fatalf("404: exit %d: %s", r.code, r.stderr)
	}
	r = lore(t, []string{"LORE_PDF_BACKEND=mupdf"}, "text", epub)
	if r.code != 2 || !bytes.Contains([]byte(r.stderr), []byte("pdf.backend")) {
		t.Fatalf("bad pdf.backend: exit %d: %s", r.code, r.stderr)
	}
}
