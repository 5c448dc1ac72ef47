package epub

import (
	"bytes"
	"context"
	"testing"
	"time"
)

func FuzzEPUB(f *testing.F) {
	f.Add(sampleEPUB(f))
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Add(buildZip(f, []entry{
		{"META-INF/container.xml", testContainer},
		{"OEBPS/content.opf", testOPF},
		{"OEBPS/text/ch1.xhtml", "<html><body><div class=chapter>Chapter 1<p>x<br>y<table><tr><td>a"},
	}))
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
