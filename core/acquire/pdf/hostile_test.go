package pdf

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/hostile"
)

// An xref stream putting an object stream inside itself once recursed
// until Go's stack overflowed, a fatal error no recover catches.
func TestSelfReferencingObjectStreamIsCorrupt(t *testing.T) {
	data := hostile.SelfObjStmPDF()
	_, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "nest deeper") {
		t.Fatalf("err = %v, want ErrCorrupt naming the nesting", err)
	}
}

// A row made only of spaces has no text segment; the layout once indexed
// the first segment anyway and panicked.
func TestSpaceOnlyRowDoesNotPanic(t *testing.T) {
	data := hostile.SpaceRowPDF()
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil || got != "A line of real text\n" {
		t.Fatalf("got %q, %v", got, err)
	}
}

// Pages sharing one content stream are interpreted once: what the reader
// allocates stays a small multiple of the text it returns, where it used
// to interpret (and keep the glyphs of) the stream once per page.
func TestSharedContentStreamIsReadOnce(t *testing.T) {
	const pages, lines = 60, 600
	data := hostile.SharedStreamPDF(pages, lines)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// The first and last line repeat on every page: running header and
	// footer, dropped.
	if n := strings.Count(got, "Lorem ipsum"); n != pages*(lines-2) {
		t.Fatalf("text has %d lines of the stream, want %d", n, pages*(lines-2))
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d-byte file, %d bytes of text, %d bytes allocated", len(data), len(got), alloc)
	// Read per page, it took over 400 times the text; under the race
	// detector every allocation count is several times higher.
	ratio := uint64(40)
	if raceEnabled {
		ratio = 200
	}
	if limit := ratio * uint64(len(got)); alloc > limit {
		t.Fatalf("allocated %d bytes for %d bytes of text (over %dx): the shared stream is read per page", alloc, len(got), ratio)
	}
}

// A document may not yield more than maxDocGlyphs characters, however
// few bytes its file has.
func TestTextPerDocumentIsBounded(t *testing.T) {
	data := hostile.SharedStreamPDF(120, 2400) // 120 × 2400 × 60 > 1<<24
	_, err := Text(context.Background(), bytes.NewReader(data), int64(len(data)))
	if !errors.Is(err, ErrTooMuchText) {
		t.Fatalf("err = %v, want ErrTooMuchText", err)
	}
}
