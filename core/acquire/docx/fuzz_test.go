package docx

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/hostile"
)

func FuzzDOCX(f *testing.F) {
	f.Add(sampleDOCX(f))
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Add(hostile.DOCX(200))
	f.Add(buildZip(f, map[string]string{"word/document.xml": "<w:p><w:tbl><w:tr><w:tc><w:p><w:t>x"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		_, _ = Text(ctx, bytes.NewReader(data), int64(len(data)))
		if d := time.Since(start); d > 2500*time.Millisecond {
			t.Fatalf("parse took %v, past its 2s deadline", d)
		}
	})
}
