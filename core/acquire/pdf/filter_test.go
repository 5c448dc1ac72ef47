package pdf

import (
	"bytes"
	"compress/lzw"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// lzwLiterals encodes data as PDF's LZW (most significant bit first,
// 8-bit literals) using literal codes only, followed by the end-of-data
// code. The decoder still grows its table by one entry a code, so the
// code width goes from 9 to 10 bits after some 255 codes: one code
// sooner with early change (PDF's default) than without, which is what
// tells the two variants apart.
func lzwLiterals(data []byte, earlyChange bool) []byte {
	var out bytes.Buffer
	var acc uint32
	var nbits uint
	width, hi, overflow := uint(9), 257, 512
	put := func(code int) {
		acc = acc<<width | uint32(code)
		nbits += width
		for nbits >= 8 {
			out.WriteByte(byte(acc >> (nbits - 8)))
			nbits -= 8
		}
	}
	put(256) // clear
	for i, c := range data {
		if i > 0 && i%1000 == 0 { // stay below 12 bits
			put(256)
			width, hi, overflow = 9, 257, 512
		}
		put(int(c))
		hi++
		grow := hi >= overflow
		if earlyChange {
			grow = hi+1 >= overflow
		}
		if grow {
			width++
			overflow <<= 1
		}
	}
	put(257) // end of data
	if nbits > 0 {
		out.WriteByte(byte(acc << (8 - nbits)))
	}
	return out.Bytes()
}

// PDF 1.1 files compress their content with LZW; lore refused them as
// "unknown filter LZWDecode".
func TestLZWDecode(t *testing.T) {
	var content strings.Builder
	var want strings.Builder
	content.WriteString("BT /F1 12 Tf 14 TL 72 720 Td\n")
	for i := range 30 {
		line := fmt.Sprintf("Line %d of a paper compressed with LZW", i+1)
		fmt.Fprintf(&content, "(%s) Tj T*\n", line)
		want.WriteString(line + "\n")
	}
	content.WriteString("ET")
	src := []byte(content.String())
	if len(src) < 600 {
		t.Fatalf("content of %d bytes would not cross a code-width change", len(src))
	}
	var std bytes.Buffer
	w := lzw.NewWriter(&std, lzw.MSB, 8)
	w.Write(src)
	w.Close()
	fonts := "<< /F1 " + helvetica + " >>"
	for name, strm := range map[string]string{
		"early change (default)":  streamObj("/Filter /LZWDecode", lzwLiterals(src, true)),
		"EarlyChange 1":           streamObj("/Filter /LZWDecode /DecodeParms << /EarlyChange 1 >>", lzwLiterals(src, true)),
		"EarlyChange 0":           streamObj("/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", lzwLiterals(src, false)),
		"EarlyChange 0, compress": streamObj("/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", std.Bytes()),
		"in a filter array":       streamObj("/Filter [/LZWDecode] /DecodeParms [null]", lzwLiterals(src, true)),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := extractText(t, doc(fonts, strm))
			if err != nil {
				t.Fatal(err)
			}
			// The first and last lines are not headers: there is one page.
			if got != want.String() {
				t.Errorf("got %q, want %q", got, want.String())
			}
		})
	}
}

// An LZW stream is bounded as a Flate one is: decoding more than
// maxContentBytes skips the stream instead of holding it.
func TestLZWBombSkipped(t *testing.T) {
	var bomb bytes.Buffer
	w := lzw.NewWriter(&bomb, lzw.MSB, 8)
	w.Write([]byte("BT /F1 12 Tf 72 720 Td (x) Tj ET " + strings.Repeat("0 ", 9<<20)))
	w.Close()
	strm := streamObj("/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", bomb.Bytes())
	_, err := extractText(t, doc("<< /F1 "+helvetica+" >>", strm))
	if !errors.Is(err, ErrNoText) {
		t.Fatalf("err = %v, want %v", err, ErrNoText)
	}
}
