package acquire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gen "github.com/lore-kb/lore/internal/hostile"
)

// Cancelling acquisition stops the reader of the document being read, not
// only the walk between documents: a PDF of many pages is left after the
// page during which the context ended.
func TestCancelStopsInsideADocument(t *testing.T) {
	const pages = 400
	path := filepath.Join(t.TempDir(), "long.pdf")
	if err := os.WriteFile(path, gen.SharedStreamPDF(pages, 3), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var after, last int
	opts := Options{Progress: func(done, total int, detail string) {
		if !strings.Contains(detail, "pages") || total != pages {
			return
		}
		if ctx.Err() != nil {
			after++
		}
		last = done
		if done == 5 {
			cancel()
		}
	}}
	res, err := Local(ctx, path, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled after 5 of %d pages: result %v, error %v; want context.Canceled", pages, res != nil, err)
	}
	if after > 2 || last > 7 {
		t.Errorf("read went on after cancelling: %d more page(s), last page %d of %d", after, last, pages)
	}
}

// longPDF returns a PDF of pages pages, each with its own content stream of
// lines lines of distinct text: a document whose reading takes a while.
func longPDF(pages, lines int) []byte {
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n")
	var offs []int
	obj := func(body string) int {
		offs = append(offs, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", len(offs), body)
		return len(offs)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("") // the page tree, written last under its number
	font := obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	var kids []string
	for p := range pages {
		var c strings.Builder
		for l := range lines {
			fmt.Fprintf(&c, "BT /F1 9 Tf 1 0 0 1 40 %d Tm (Page %d line %d says word%d and word%d) Tj ET\n", 780-11*(l%70), p, l, p*lines+l, l)
		}
		content := obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", c.Len(), c.String()))
		kids = append(kids, fmt.Sprintf("%d 0 R", obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>", font, content))))
	}
	offs[1] = out.Len()
	fmt.Fprintf(&out, "2 0 obj\n<< /Type /Pages /Kids [%s] /Count %d >>\nendobj\n", strings.Join(kids, " "), pages)
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	return out.Bytes()
}

// Cancelling a read of a long PDF returns within a small part of the time
// the whole read takes. The PDF is made longer until its whole read takes
// a second, however fast the machine, so that a tenth of it is long enough
// to cancel in.
func TestCancelStopsALongPDFPromptly(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a long PDF")
	}
	path := filepath.Join(t.TempDir(), "long.pdf")
	var whole time.Duration
	for pages := 1000; whole < time.Second; pages *= 2 {
		if pages > 64000 {
			t.Fatalf("a read of %d pages took only %v", pages/2, whole)
		}
		if err := os.WriteFile(path, longPDF(pages, 60), 0o600); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if _, err := Local(context.Background(), path, Options{}); err != nil {
			t.Fatal(err)
		}
		whole = time.Since(start)
		t.Logf("whole read of %d pages: %v", pages, whole)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(whole/10, cancel)
	start := time.Now()
	_, err := Local(ctx, path, Options{})
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) || took > whole/2 {
		t.Errorf("cancelled at %v of a %v read: returned after %v with %v; want context.Canceled well before the end", whole/10, whole, took, err)
	}
}
