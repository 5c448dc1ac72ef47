package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

var pdfBody = []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n")

func newServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>T</title><p>hello</p>")
	})
	mux.HandleFunc("/doc.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Write(pdfBody)
	})
	mux.HandleFunc("/octet", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(pdfBody)
	})
	mux.HandleFunc("/pdf-as-text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write(pdfBody)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("start "))
		w.(http.Flusher).Flush()
		for i := 0; i < 100; i++ {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
			w.Write([]byte("x"))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", "2000")
		w.Write(bytes.Repeat([]byte("a"), 2000))
	})
	mux.HandleFunc("/big-chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for i := 0; i < 20; i++ {
			w.Write(bytes.Repeat([]byte("a"), 100))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscanf(strings.TrimPrefix(r.URL.Path, "/hop/"), "%d", &n)
		if n == 0 {
			http.Redirect(w, r, "/page", http.StatusMovedPermanently)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusFound)
	})
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func inputError(t *testing.T, err error, url string, wants ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", wants)
	}
	var ie *core.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %T %v is not a *core.InputError", err, err)
	}
	if ie.Input != url {
		t.Errorf("Input = %q, want %q", ie.Input, url)
	}
	for _, w := range wants {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not contain %q", err, w)
		}
	}
}

func TestHTMLPage(t *testing.T) {
	srv, _ := newServer(t)
	res, err := Get(context.Background(), srv.URL+"/page", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.MediaType != "text/html" || !strings.Contains(string(res.Body), "<p>hello</p>") || res.URL != srv.URL+"/page" {
		t.Errorf("got %+v", res)
	}
	if len(res.SHA256) != 64 {
		t.Errorf("SHA256 = %q", res.SHA256)
	}
}

func TestPDFMediaTypes(t *testing.T) {
	srv, _ := newServer(t)
	for _, p := range []string{"/doc.pdf", "/octet", "/pdf-as-text"} {
		res, err := Get(context.Background(), srv.URL+p, Options{Client: srv.Client()})
		if err != nil {
			t.Fatal(err)
		}
		if res.MediaType != "application/pdf" || !bytes.Equal(res.Body, pdfBody) {
			t.Errorf("%s: media type %q, %d bytes", p, res.MediaType, len(res.Body))
		}
	}
}

func TestNotFound(t *testing.T) {
	srv, _ := newServer(t)
	u := srv.URL + "/missing"
	_, err := Get(context.Background(), u, Options{})
	inputError(t, err, u, u+": HTTP 404 Not Found")
}

func TestSlowBodyTimesOut(t *testing.T) {
	srv, _ := newServer(t)
	u := srv.URL + "/slow"
	start := time.Now()
	_, err := Get(context.Background(), u, Options{Timeout: 300 * time.Millisecond})
	inputError(t, err, u, "timeout")
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s", d)
	}
}

func TestSlowHeadersTimeOut(t *testing.T) {
	srv, _ := newServer(t)
	u := srv.URL + "/hang"
	_, err := Get(context.Background(), u, Options{Timeout: 300 * time.Millisecond})
	inputError(t, err, u, "timeout")
}

func TestTooLarge(t *testing.T) {
	srv, _ := newServer(t)
	for _, p := range []string{"/big", "/big-chunked"} {
		u := srv.URL + p
		_, err := Get(context.Background(), u, Options{MaxBytes: 1000})
		inputError(t, err, u, "larger than the 1000 bytes limit")
	}
	// Exactly at the cap is fine.
	res, err := Get(context.Background(), srv.URL+"/big", Options{MaxBytes: 2000})
	if err != nil || len(res.Body) != 2000 {
		t.Fatalf("at the cap: %v", err)
	}
	if got := size(DefaultMaxBytes); got != "50.0 MiB" {
		t.Errorf("size = %q", got)
	}
}

func TestRedirects(t *testing.T) {
	srv, hits := newServer(t)
	res, err := Get(context.Background(), srv.URL+"/hop/4", Options{})
	if err != nil {
		t.Fatalf("5 redirects: %v", err)
	}
	if res.URL != srv.URL+"/page" || res.MediaType != "text/html" {
		t.Errorf("got %+v", res)
	}
	_, err = Get(context.Background(), srv.URL+"/hop/5", Options{})
	inputError(t, err, srv.URL+"/hop/5", "after 5 redirects")

	hits.Store(0)
	u := srv.URL + "/loop"
	_, err = Get(context.Background(), u, Options{})
	inputError(t, err, u, "after 5 redirects")
	if n := hits.Load(); n != 6 {
		t.Errorf("%d requests for a redirect loop, want 6", n)
	}

	u = srv.URL + "/to-file"
	_, err = Get(context.Background(), u, Options{})
	inputError(t, err, u, "refused a redirect to file:///etc/passwd")
}

func TestSchemes(t *testing.T) {
	_, hits := newServer(t)
	for _, u := range []string{"ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "example.com/page", "http:///nohost", "http://[::1"} {
		_, err := Get(context.Background(), u, Options{})
		inputError(t, err, u)
		t.Log(err)
	}
	_, err := Get(context.Background(), "ftp://example.com/x", Options{})
	inputError(t, err, "ftp://example.com/x", `unsupported URL scheme "ftp"`)
	_, err = Get(context.Background(), "file:///etc/passwd", Options{})
	inputError(t, err, "file:///etc/passwd", `"file"`)
	if hits.Load() != 0 {
		t.Errorf("requests were made")
	}
}

func TestContextCancelled(t *testing.T) {
	srv, _ := newServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	u := srv.URL + "/slow"
	start := time.Now()
	_, err := Get(ctx, u, Options{Timeout: 10 * time.Second})
	inputError(t, err, u, "cancelled")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v does not wrap context.Canceled", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s", d)
	}
	ctx3, cancel3 := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel3()
	_, err = Get(ctx3, u, Options{Timeout: 10 * time.Second})
	inputError(t, err, u, "timeout")

	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = Get(ctx2, srv.URL+"/page", Options{})
	inputError(t, err, srv.URL+"/page", "cancelled")
}

func TestMediaType(t *testing.T) {
	cases := []struct {
		header string
		body   string
		want   string
	}{
		{"", "<!DOCTYPE html><html>", "text/html"},
		{"", "  <html><body>", "text/html"},
		{"", "plain words", "text/plain"},
		{"binary/octet-stream", "%PDF-1.4", "application/pdf"},
		{"Text/HTML; charset=UTF-8", "<p>x", "text/html"},
		{"text/html", "%PDF-1.4", "application/pdf"},
		{"text/plain", "PK\x03\x04rest", "application/zip"},
		{"application/epub+zip", "PK\x03\x04rest", "application/epub+zip"},
		{"text/plain", "\x1f\x8b\x08\x00", "application/gzip"},
		{"application/octet-stream", "\x1f\x8b\x08\x00", "application/gzip"},
		{"text/markdown", "# Title", "text/markdown"},
		{"text/plain", "<!doctype html>", "text/plain"},
	}
	for _, c := range cases {
		if got := MediaType(c.header, []byte(c.body)); got != c.want {
			t.Errorf("MediaType(%q, %q) = %q, want %q", c.header, c.body, got, c.want)
		}
	}
}
