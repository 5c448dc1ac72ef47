// Package xmldec builds the lenient XML decoders the document readers share
// (DOCX parts, EPUB packages and XHTML chapters): non-strict, HTML entities
// known, and the charsets such files declare in practice.
package xmldec

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// New returns a non-strict decoder over r that knows HTML entities. With
// html set it also closes HTML's void elements (br, img, …) implicitly, as
// XHTML written by hand often needs.
func New(r io.Reader, html bool) *xml.Decoder {
	d := xml.NewDecoder(r)
	d.Strict = false
	if html {
		d.AutoClose = xml.HTMLAutoClose
	}
	d.Entity = xml.HTMLEntity
	d.CharsetReader = charsetReader
	return d
}

// charsetReader accepts UTF-8 and Latin-1 declarations; other encodings
// (UTF-16 among them) are refused with an error naming the label.
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "us-ascii", "ascii", "":
		return in, nil
	case "iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252":
		return &latin1{r: in}, nil
	}
	return nil, fmt.Errorf("unsupported encoding %q", label)
}

// latin1 re-encodes Latin-1 bytes as UTF-8.
type latin1 struct {
	r   io.Reader
	buf []byte
}

func (l *latin1) Read(p []byte) (int, error) {
	for len(l.buf) == 0 {
		var raw [512]byte
		n, err := l.r.Read(raw[:])
		for _, b := range raw[:n] {
			l.buf = append(l.buf, string(rune(b))...)
		}
		if n == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, l.buf)
	l.buf = l.buf[n:]
	return n, nil
}

// Attr is the value of an element's attribute by its local name, in any
// namespace ("w:val" and "val" alike), or "".
func Attr(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}
