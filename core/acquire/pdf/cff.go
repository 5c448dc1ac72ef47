package pdf

import (
	"encoding/binary"

	"github.com/go-text/typesetting/font/cff"
	"github.com/go-text/typesetting/font/opentype"
)

// cffEncoding reads the built-in encoding of a bare CFF font program (a
// FontFile3 of subtype Type1C): code → text, or nil when the font has
// none of its own (the standard or expert encoding, a CID font, a program
// that does not parse). Ghostscript and Distiller re-encode the fonts they
// subset this way and give the font dict no /Encoding, so without it a
// ligature ("fi", "fl") or a dash at a re-assigned code is lost
// ("the output le").
//
// go-text/typesetting's CFF parser gives the glyph names (charset and
// strings) but skips the Encoding table, and no served library exposes
// it, so the table and the Top DICT entry that locates it are read here.
func cffEncoding(data []byte) []string {
	font, err := cff.Parse(data)
	if err != nil {
		return nil
	}
	off, ok := cffEncodingOffset(data)
	if !ok || off <= 1 || off >= len(data) { // 0 standard, 1 expert
		return nil
	}
	enc := make([]string, 256)
	set := func(code, gid int) {
		if code >= 0 && code < 256 {
			if name := font.GlyphName(opentype.GID(gid)); name != "" {
				enc[code] = glyphText(name)
			}
		}
	}
	b := data[off:]
	if len(b) < 2 {
		return nil
	}
	// Supplements (format's high bit) name extra codes by string id; they
	// are rare and left out.
	switch format, n := b[0]&0x7f, int(b[1]); format {
	case 0:
		if len(b) < 2+n {
			return nil
		}
		for i := 0; i < n; i++ {
			set(int(b[2+i]), i+1)
		}
	case 1:
		if len(b) < 2+2*n {
			return nil
		}
		gid := 1
		for i := 0; i < n; i++ {
			first, left := int(b[2+2*i]), int(b[3+2*i])
			for c := first; c <= first+left; c++ {
				set(c, gid)
				gid++
			}
		}
	default:
		return nil
	}
	return enc
}

// cffEncodingOffset finds the Encoding entry (operator 16) of a CFF
// program's first Top DICT; ok is false for a CID font (operator 12 30,
// ROS), which has no encoding, or a program cut short.
func cffEncodingOffset(data []byte) (int, bool) {
	if len(data) < 4 {
		return 0, false
	}
	p := int(data[2])             // header size
	_, p, ok := cffIndex(data, p) // Name INDEX
	if !ok {
		return 0, false
	}
	dicts, _, ok := cffIndex(data, p) // Top DICT INDEX
	if !ok || len(dicts) == 0 {
		return 0, false
	}
	d := dicts[0]
	var operands []int
	for i := 0; i < len(d); {
		b0 := int(d[i])
		switch {
		case b0 == 12: // two-byte operator
			if i+1 < len(d) && d[i+1] == 30 {
				return 0, false
			}
			operands = operands[:0]
			i += 2
		case b0 <= 21:
			if b0 == 16 && len(operands) > 0 {
				return operands[len(operands)-1], true
			}
			operands = operands[:0]
			i++
		case b0 == 28 && i+2 < len(d):
			operands = append(operands, int(int16(binary.BigEndian.Uint16(d[i+1:]))))
			i += 3
		case b0 == 29 && i+4 < len(d):
			operands = append(operands, int(int32(binary.BigEndian.Uint32(d[i+1:]))))
			i += 5
		case b0 == 30: // real: nibbles up to an 0xf; not an offset
			i++
			for i < len(d) && d[i]&0x0f != 0x0f && d[i]>>4 != 0x0f {
				i++
			}
			i++
			operands = append(operands, 0)
		case b0 >= 32 && b0 <= 246:
			operands = append(operands, b0-139)
			i++
		case b0 >= 247 && b0 <= 250 && i+1 < len(d):
			operands = append(operands, (b0-247)*256+int(d[i+1])+108)
			i += 2
		case b0 >= 251 && b0 <= 254 && i+1 < len(d):
			operands = append(operands, -(b0-251)*256-int(d[i+1])-108)
			i += 2
		default:
			return 0, false
		}
	}
	return 0, false
}

// cffIndex reads the CFF INDEX at p: its entries and the offset just past
// it.
func cffIndex(data []byte, p int) ([][]byte, int, bool) {
	if p+2 > len(data) {
		return nil, 0, false
	}
	count := int(binary.BigEndian.Uint16(data[p:]))
	if count == 0 {
		return nil, p + 2, true
	}
	if p+3 > len(data) {
		return nil, 0, false
	}
	size := int(data[p+2])
	if size < 1 || size > 4 {
		return nil, 0, false
	}
	offs := p + 3
	base := offs + (count+1)*size - 1 // offsets count from 1
	if base >= len(data) {
		return nil, 0, false
	}
	at := func(i int) int {
		v := 0
		for _, b := range data[offs+i*size : offs+(i+1)*size] {
			v = v<<8 | int(b)
		}
		return base + v
	}
	entries := make([][]byte, 0, count)
	for i := 0; i < count; i++ {
		a, b := at(i), at(i+1)
		if a < base+1 || b < a || b > len(data) {
			return nil, 0, false
		}
		entries = append(entries, data[a:b])
	}
	return entries, at(count), true
}
