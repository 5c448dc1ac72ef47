package acquire

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gen "github.com/lore-kb/lore/core/acquire/internal/hostile"
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
