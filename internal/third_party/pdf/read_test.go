package pdf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// selfObjStm builds a PDF whose xref stream puts object stream 3 inside
// object stream 3; without a depth bound resolving the catalog recursed
// until the goroutine stack overflowed (a fatal error, not a panic).
func selfObjStm() []byte {
	var out bytes.Buffer
	out.WriteString("%PDF-1.5\n")
	objStm := "1 0 2 45 3 90 << /Type /Catalog /Pages 2 0 R >> << /Type /Pages /Kids [] /Count 0 >>"
	fmt.Fprintf(&out, "3 0 obj\n<< /Type /ObjStm /N 3 /First 14 /Length %d >>\nstream\n%s\nendstream\nendobj\n", len(objStm), objStm)
	xrefOff := out.Len()
	data := []byte{0, 0, 0, 255, 2, 0, 3, 0, 2, 0, 3, 1, 2, 0, 3, 2, 1, byte(xrefOff >> 8), byte(xrefOff), 0}
	fmt.Fprintf(&out, "4 0 obj\n<< /Type /XRef /Size 5 /W [1 2 1] /Root 1 0 R /Length %d >>\nstream\n", len(data))
	out.Write(data)
	fmt.Fprintf(&out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", xrefOff)
	return out.Bytes()
}

func TestSelfReferencingObjectStream(t *testing.T) {
	data := selfObjStm()
	r, err := NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("NewReader: %v", err)
	}
	var got any
	func() {
		defer func() { got = recover() }()
		r.Trailer().Key("Root").Key("Pages")
	}()
	err, ok := got.(error)
	if !ok || !strings.Contains(err.Error(), "nest deeper than") {
		t.Fatalf("resolving the catalog: recovered %v, want the nesting-depth error", got)
	}
}

// An xref table (or stream) states object numbers and sizes; one claiming
// object 400000000000 made the table allocate terabytes and the process die
// of "out of memory", which no recover catches.
func TestHugeObjectNumbersAreRefused(t *testing.T) {
	for name, data := range map[string]string{
		"xref table":  "%PDF-1.0\nxref\n0400000000000 0700000000000000000\r000000\r0040 f\n00%%E0////////00000000/00A0\nstartxref\n00%%EOF\r",
		"xref stream": "%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 900000000000 /W [1 1 1] /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n9\n%%EOF\n",
	} {
		_, err := NewReader(strings.NewReader(data), int64(len(data)))
		if err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("%s: err %v, want an out-of-range refusal", name, err)
		}
	}
}
