package docx

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/heappeak"
)

// A document.xml nesting 200,000 elements (paragraphs in text boxes,
// tables in cells) is read with its text, holding a heap of at most
// sixteen times the part.
func TestDeepNestingBoundedMemory(t *testing.T) {
	const n = 200000
	for _, c := range []struct{ name, open, close string }{
		{"paragraphs", "<w:p><w:r><w:t>Level</w:t></w:r>", "</w:p>"},
		{"tables", "<w:tbl><w:tr><w:tc>", "</w:tc></w:tr></w:tbl>"},
	} {
		doc := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
			`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
			`<w:p><w:r><w:t>Shallow text.</w:t></w:r></w:p>` + strings.Repeat(c.open, n) +
			`<w:p><w:r><w:t>Deep text.</w:t></w:r></w:p>` + strings.Repeat(c.close, n) + `</w:body></w:document>`
		raw := buildZip(t, map[string]string{"[Content_Types].xml": `<Types/>`, "word/document.xml": doc})
		var text string
		var err error
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := heappeak.Of(func() { text, err = Text(context.Background(), bytes.NewReader(raw), int64(len(raw))) })
		held := int64(peak) - int64(base.HeapAlloc)
		t.Logf("%s: %d bytes of part, peak heap %d bytes over the start (%.1f×)", c.name, len(doc), held, float64(held)/float64(len(doc)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if held > int64(16*len(doc)) {
			t.Errorf("%s: reading a %d-byte part held %d bytes, over sixteen times the part", c.name, len(doc), held)
		}
		if !strings.Contains(text, "Shallow text.") || !strings.Contains(text, "Deep text.") {
			t.Errorf("%s: text lost: %.200q", c.name, text)
		}
	}
}
