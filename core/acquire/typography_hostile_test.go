package acquire

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/heappeak"
	gen "github.com/lore-kb/lore/internal/hostile"
)

// Typography read as structure must not make a hostile page costly: a
// style sheet and a class attribute of 1 MiB each, 10,000 nested spans
// naming a bold font, a PDF page of 100,000 one-glyph runs, and one with
// 4,096 fraction-like bars among them are each
// read with their real text, holding a bounded heap. The time each took
// is logged, not asserted (the benchmarks measure speed).
func TestTypographyOnHostilePages(t *testing.T) {
	cases := []struct {
		name string
		body []byte
		want string
	}{
		{"long-class.html", gen.LongClassHTML(1 << 20), "A group is a set with an associative operation"},
		{"nested-spans.html", gen.NestedSpansHTML(10000), "A nested word"},
		{"glyph-runs.pdf", gen.GlyphRunsPDF(100000), "A line of real text above the dust"},
		{"fraction-bars.pdf", gen.FractionBarsPDF(4096, 100000), "A line of real text above the dust"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string][]byte{c.name: c.body})
			var res *Result
			var err error
			start := time.Now()
			peak := heappeak.Of(func() {
				res, err = Local(context.Background(), filepath.Join(dir, c.name), Options{})
			})
			t.Logf("%s: %d bytes read in %v, peak heap %d MiB", c.name, len(c.body), time.Since(start), peak>>20)
			if err != nil {
				t.Fatalf("read %s: %v", c.name, err)
			}
			if len(res.Documents) != 1 {
				t.Fatalf("read %d documents, errors %v", len(res.Documents), res.Errors)
			}
			if !strings.Contains(res.Documents[0].Text, c.want) {
				t.Errorf("text lacks %q: %.300s", c.want, res.Documents[0].Text)
			}
			// The page itself is a few MiB at most; a reader that copies
			// the class or the nest per element would hold gigabytes.
			if peak > 512<<20 {
				t.Errorf("peak heap %d MiB reading a %d-byte page", peak>>20, len(c.body))
			}
		})
	}
}
