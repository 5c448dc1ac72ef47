package pdf

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/unicode/norm"

	lpdf "github.com/ledongthuc/pdf"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// font decodes the glyph codes of one font resource into Unicode text and
// reports glyph widths in thousandths of an em.
type font struct {
	twoByte bool // Type0 font with 2-byte codes
	// mapped is whether the font maps any code to text: a code it does
	// not map is then shown as unmapped (U+FFFD), not left out.
	mapped   bool
	toUni    map[int]string  // ToUnicode CMap, when present
	enc      [256]string     // simple-font encoding (code → text)
	widths   map[int]float64 // explicit widths
	defWidth float64         // width for codes without an explicit width
	spaceW   float64         // width of the space glyph (em/1000)
	// sizeScale turns the font size of Tf into the glyphs' size for a
	// Type 3 font, whose glyph space is its own (0 means 1).
	sizeScale float64
	// bold is whether the face is bold, by its name or its descriptor:
	// a run-in label ("Theorem 3.4.") is set apart by it.
	bold bool
	// italic is whether the face is a text italic or slanted one: a term
	// a definition sets apart in upright prose. A math italic is not.
	italic bool
	// ext is whether the font is TeX's extensible one (cmex and kin):
	// its big operators and delimiters hang from a point above the
	// formula's baseline.
	ext bool
	// smallCaps is whether the face is a small-capitals one: a word set
	// in small capitals takes its capitals from the roman face and the
	// rest from this one, so a change to or from it is inside a word.
	smallCaps bool
}

// maxCMapBytes bounds how much of a ToUnicode stream is read.
const maxCMapBytes = 4 << 20

func loadFont(v lpdf.Value) *font {
	f := &font{widths: map[int]float64{}, defWidth: 500}
	subtype := v.Key("Subtype").Name()
	if subtype == "Type0" {
		f.twoByte = true
		f.defWidth = 1000
		desc := v.Key("DescendantFonts").Index(0)
		if dw := desc.Key("DW"); dw.Kind() == lpdf.Integer || dw.Kind() == lpdf.Real {
			f.defWidth = dw.Float64()
		}
		parseCIDWidths(desc.Key("W"), f.widths)
	} else {
		first := int(v.Key("FirstChar").Int64())
		ws := v.Key("Widths")
		n := ws.Len()
		if n > 65536 {
			n = 65536
		}
		for i := 0; i < n; i++ {
			f.widths[first+i] = ws.Index(i).Float64()
		}
		if fm := v.Key("FontMatrix"); subtype == "Type3" && fm.Len() == 6 {
			scale := fm.Index(0).Float64() * 1000
			for c, w := range f.widths {
				f.widths[c] = w * scale
			}
		}
		if mw := v.Key("FontDescriptor").Key("MissingWidth"); mw.Kind() == lpdf.Integer || mw.Kind() == lpdf.Real {
			f.defWidth = mw.Float64()
		}
		f.enc = simpleEncoding(v.Key("Encoding"), v.Key("BaseFont").Name(), v.Key("FontDescriptor"))
		if n == 0 && subtype != "Type3" {
			f.setStdWidths(v.Key("BaseFont").Name(), v.Key("FontDescriptor").Key("Flags").Int64())
		}
		if fm := v.Key("FontMatrix"); subtype == "Type3" && fm.Len() == 6 {
			f.sizeScale = f.type3Scale(fm.Index(0).Float64(), fm.Index(3).Float64())
		}
	}
	if tu := v.Key("ToUnicode"); tu.Kind() == lpdf.Stream {
		f.toUni = parseToUnicode(tu)
	}
	desc := v.Key("FontDescriptor")
	if subtype == "Type0" {
		desc = v.Key("DescendantFonts").Index(0).Key("FontDescriptor")
	}
	f.mapped = len(f.toUni) > 0
	for c := 0; c < 256 && !f.mapped && !f.twoByte; c++ {
		f.mapped = f.enc[c] != ""
	}
	f.bold = boldFace(v.Key("BaseFont").Name(), desc.Key("FontWeight").Float64(), desc.Key("Flags").Int64())
	f.italic = italicFace(v.Key("BaseFont").Name(), desc.Key("Flags").Int64())
	f.ext = extensibleFace(v.Key("BaseFont").Name())
	f.smallCaps = smallCapsFace(v.Key("BaseFont").Name())
	f.spaceW = 0
	if !f.twoByte {
		for c := 0; c < 256; c++ {
			if f.enc[c] == " " {
				if w, ok := f.widths[c]; ok && w > 0 {
					f.spaceW = w
				}
				break
			}
		}
	}
	return f
}

// type3Scale guesses how large a Type 3 font's glyphs are for a font size
// of 1. Its FontMatrix may map a glyph space of pixels (dvips writes
// [1 0 0 -1 0 0] and shows the text at size 1), so the size Tf gives says
// nothing of the letters' height, and the gaps between letters kerned by
// TJ would count as spaces ("imp ortance"). As poppler does, the width of
// an "m" is taken as 0.6 em, else that of a letter or any glyph as 0.5 em,
// with widths already in thousandths of text space per unit of size.
func (f *font) type3Scale(a, d float64) float64 {
	pick := func(ok func(string) bool) float64 {
		for c := 0; c < 256; c++ {
			if ok(f.enc[c]) {
				if w, found := f.widths[c]; found && w > 0 {
					return w / 1000
				}
			}
		}
		return 0
	}
	scale := 1.0
	if w := pick(func(s string) bool { return s == "m" }); w > 0 {
		scale = w / 0.6
	} else if w := pick(isASCIILetter); w > 0 {
		scale = w / 0.5
	} else if w := pick(func(s string) bool { return s != "" }); w > 0 {
		scale = w / 0.5
	}
	if a != 0 && d != 0 {
		scale *= math.Abs(d / a)
	}
	if math.IsNaN(scale) || math.IsInf(scale, 0) || scale <= 0 {
		return 0
	}
	return scale
}

func isASCIILetter(s string) bool {
	return len(s) == 1 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// glyphSize is the size of the font's glyphs shown at text size size.
func (f *font) glyphSize(size float64) float64 {
	if f.sizeScale > 0 {
		return size * f.sizeScale
	}
	return size
}

func parseCIDWidths(w lpdf.Value, out map[int]float64) {
	n := w.Len()
	for i := 0; i < n && len(out) < 1<<16; {
		first := int(w.Index(i).Int64())
		next := w.Index(i + 1)
		if next.Kind() == lpdf.Array {
			for j := 0; j < next.Len() && j < 1<<16; j++ {
				out[first+j] = next.Index(j).Float64()
			}
			i += 2
			continue
		}
		last := int(next.Int64())
		width := w.Index(i + 2).Float64()
		if last-first > 1<<16 {
			last = first + 1<<16
		}
		for c := first; c <= last; c++ {
			out[c] = width
		}
		i += 3
	}
}

func (f *font) width(code int) float64 {
	if w, ok := f.widths[code]; ok && w > 0 {
		return w
	}
	return f.defWidth
}

// glyph is one decoded code of a text-showing string.
type code struct {
	c    int
	text string
}

func (f *font) decode(raw string, out []code) []code {
	out = out[:0]
	if f.twoByte {
		for i := 0; i+1 < len(raw); i += 2 {
			c := int(raw[i])<<8 | int(raw[i+1])
			t, ok := f.toUni[c]
			if !ok && f.mapped {
				t = unmapped
			}
			out = append(out, code{c, unfoldLigature(t)})
		}
		return out
	}
	for i := 0; i < len(raw); i++ {
		c := int(raw[i])
		t, ok := f.toUni[c]
		if !ok {
			t = f.enc[c]
			if t == "" && f.mapped {
				t = unmapped
			}
		}
		out = append(out, code{c, unfoldLigature(t)})
	}
	return out
}

// unmapped is the text of a glyph that its font, which maps others, maps
// to nothing (no ToUnicode entry, no glyph name lore knows): shown, so that
// a reader and a check see a character is missing ("�-bit" rather than
// "-bit").
const unmapped = "\uFFFD"

// unfoldLigature writes a ligature character of Unicode's presentation
// forms as its letters ("ﬀ" → "ff"): a word reads and is found whole.
func unfoldLigature(t string) string {
	for _, r := range t {
		if r >= 0xFB00 && r <= 0xFB06 {
			return ligatureLetters.Replace(t)
		}
	}
	return t
}

var ligatureLetters = strings.NewReplacer("\uFB00", "ff", "\uFB01", "fi", "\uFB02", "fl", "\uFB03", "ffi",
	"\uFB04", "ffl", "\uFB05", "st", "\uFB06", "st")

// simpleEncoding builds the code → text table of a simple font. Without a
// named encoding (no /Encoding, or a Differences dict without
// /BaseEncoding) an embedded Type 1 program's own encoding is the base, as
// in poppler: TeX's fonts keep their ligatures, Greek and symbols there
// (code 12 is "fi" in Computer Modern, not a control code).
func simpleEncoding(enc lpdf.Value, baseFont string, desc lpdf.Value) [256]string {
	var t [256]string
	base := standardEncoding
	if strings.Contains(baseFont, "Symbol") {
		base = symbolEncoding()
	} else if strings.Contains(baseFont, "Dingbats") {
		base = nil
	}
	name := ""
	switch enc.Kind() {
	case lpdf.Name:
		name = enc.Name()
	case lpdf.Dict:
		name = enc.Key("BaseEncoding").Name()
	}
	switch name {
	case "WinAnsiEncoding":
		base = winAnsiEncoding
	case "MacRomanEncoding":
		base = macRomanEncoding
	case "StandardEncoding":
		base = standardEncoding
	case "":
		if b := builtinEncoding(desc.Key("FontFile")); b != nil {
			base = b
		} else if b := builtinCFFEncoding(desc.Key("FontFile3")); b != nil {
			base = b
		}
	}
	copy(t[:], base)
	if enc.Kind() == lpdf.Dict {
		d := enc.Key("Differences")
		c := 0
		n := d.Len()
		for i := 0; i < n; i++ {
			x := d.Index(i)
			switch x.Kind() {
			case lpdf.Integer:
				c = int(x.Int64())
			case lpdf.Name:
				if c >= 0 && c < 256 {
					t[c] = glyphText(nameUnescaped(x.Name()))
				}
				c++
			}
		}
	}
	return t
}

// nameUnescaped reads the #xx escapes of a PDF name ("#28" is "("), which
// the parser leaves as written: dvips names a Type 3 font's glyphs by
// their codes, so that "(" and ")" are /#28 and /#29. A name that reads as
// a control character stays unread (it names a TeX font position, which
// says nothing of the glyph without the font).
func nameUnescaped(n string) string {
	if !strings.Contains(n, "#") {
		return n
	}
	var b strings.Builder
	for i := 0; i < len(n); i++ {
		if n[i] == '#' && i+2 < len(n) {
			if hi, lo := unhex(n[i+1]), unhex(n[i+2]); hi >= 0 && lo >= 0 {
				b.WriteByte(byte(hi<<4 | lo))
				i += 2
				continue
			}
		}
		b.WriteByte(n[i])
	}
	u := b.String()
	if len(u) == 1 && (u[0] < 0x21 || u[0] > 0x7e) {
		return n
	}
	return u
}

// maxFontHeaderBytes bounds how much of a Type 1 program is read for its
// encoding; the encoding sits in the clear-text part before eexec.
const maxFontHeaderBytes = 256 << 10

var (
	encodingDupRe = lazyre.New(`dup\s+(\d+)\s*/([^\s/\[\]{}()<>%]+)\s+put`)
	standardDefRe = lazyre.New(`/Encoding\s+StandardEncoding\s+def`)
)

// builtinEncoding reads the encoding of an embedded Type 1 font program
// (its "dup code /name put" entries), or returns nil when there is none.
func builtinEncoding(ff lpdf.Value) []string {
	if ff.Kind() != lpdf.Stream {
		return nil
	}
	// Length1 is the clear text's length: read no further (fonts are
	// loaded once per page).
	limit := int64(maxFontHeaderBytes)
	if n := ff.Key("Length1").Int64(); n > 0 && n < limit {
		limit = n
	}
	rc := ff.Reader()
	data, _ := io.ReadAll(io.LimitReader(rc, limit))
	rc.Close()
	if i := bytes.Index(data, []byte("eexec")); i >= 0 {
		data = data[:i]
	}
	i := bytes.Index(data, []byte("/Encoding"))
	if i < 0 {
		return nil
	}
	data = data[i:]
	if standardDefRe.Match(data) {
		return standardEncoding
	}
	if j := bytes.Index(data, []byte("readonly def")); j >= 0 {
		data = data[:j]
	}
	ms := encodingDupRe.FindAllSubmatch(data, 256)
	if len(ms) == 0 {
		return nil
	}
	enc := make([]string, 256)
	for _, m := range ms {
		c, err := strconv.Atoi(string(m[1]))
		if err != nil || c < 0 || c > 255 {
			continue
		}
		enc[c] = glyphText(string(m[2]))
	}
	return enc
}

// maxCFFBytes bounds the size of a CFF font program read for its encoding
// (a subset of a Latin font is tens of kilobytes; a whole CJK font a few
// megabytes, and those are CID fonts without one).
const maxCFFBytes = 4 << 20

// builtinCFFEncoding reads the encoding of an embedded CFF program
// (FontFile3 /Type1C), or returns nil when there is none.
func builtinCFFEncoding(ff lpdf.Value) []string {
	if ff.Kind() != lpdf.Stream || ff.Key("Subtype").Name() != "Type1C" {
		return nil
	}
	rc := ff.Reader()
	data, err := io.ReadAll(io.LimitReader(rc, maxCFFBytes+1))
	rc.Close()
	if err != nil || len(data) > maxCFFBytes {
		return nil
	}
	return cffEncoding(data)
}

// texSizes are the suffixes TeX's extensible fonts (cmex, its Latin
// Modern and AMS kin) give each size of a big operator or delimiter:
// "summationdisplay", "integraltext", "parenleftBigg".
var texSizes = []string{"display", "text", "Bigg", "bigg", "Big", "big"}

// texBig are the big operators of those fonts whose base names the glyph
// list lacks.
var texBig = map[string]string{
	"coproduct": "∐", "contintegral": "∮", "union": "⋃", "intersection": "⋂", "unionmulti": "⨄",
	"unionsq": "⨆", "logicaland": "⋀", "logicalor": "⋁", "circleplus": "⨁", "circlemultiply": "⨂",
	"circledot": "⨀", "radical": "√",
}

// texExtensible maps a sized glyph of TeX's extensible fonts to its
// character: "summationdisplay" is ∑ and "parenleftbig" a parenthesis,
// and the middle piece of a delimiter built from parts ("braceleftmid")
// is its delimiter.
func texExtensible(n string) string {
	for _, sz := range texSizes {
		if base, ok := strings.CutSuffix(n, sz); ok && base != "" {
			if t, ok := texBig[base]; ok {
				return t
			}
			return glyphNames[base]
		}
	}
	if base, ok := strings.CutSuffix(n, "mid"); ok {
		return glyphNames[base]
	}
	// A tall bar is the extension piece repeated: "\left|" and "\|".
	switch n {
	case "vextendsingle":
		return "|"
	case "vextenddouble":
		return "‖"
	}
	return ""
}

// glyphText maps a glyph name to Unicode text.
func glyphText(n string) string {
	if s, ok := glyphNames[n]; ok {
		return s
	}
	if s, ok := texGlyphNames[n]; ok {
		return s
	}
	if len(n) == 1 {
		return n
	}
	if t := accented(n); t != "" {
		return t
	}
	if t := ligatureNames[n]; t != "" {
		return t
	}
	if strings.Contains(n, "_") { // f_f_i: a ligature of its components
		var b strings.Builder
		for _, part := range strings.Split(n, "_") {
			t := glyphText(part)
			if t == "" {
				return ""
			}
			b.WriteString(t)
		}
		return b.String()
	}
	if i := strings.IndexByte(n, '.'); i > 0 { // a.sc, one.oldstyle
		return glyphText(n[:i])
	}
	if t := texExtensible(n); t != "" {
		return t
	}
	if strings.HasPrefix(n, "uni") && len(n) >= 7 && (len(n)-3)%4 == 0 {
		var rs []uint16
		for i := 3; i+4 <= len(n); i += 4 {
			v, err := strconv.ParseUint(n[i:i+4], 16, 16)
			if err != nil {
				return ""
			}
			rs = append(rs, uint16(v))
		}
		return string(utf16.Decode(rs))
	}
	if strings.HasPrefix(n, "u") && len(n) >= 5 && len(n) <= 7 {
		if v, err := strconv.ParseUint(n[1:], 16, 32); err == nil && v < 0x110000 {
			return string(rune(v))
		}
	}
	// The full Adobe Glyph List: Symbol's "element", "arrowdblright"...
	if r, ok := lpdf.GlyphRune(n); ok {
		return string(r)
	}
	return ""
}

// ligatureNames are ligature glyphs named by their letters without the
// underscores the Adobe Glyph List wants ("ti" for t_i, "Th").
var ligatureNames = map[string]string{
	"ft": "ft", "fj": "fj", "ffj": "ffj", "fb": "fb", "fh": "fh", "fk": "fk", "ffb": "ffb", "ffh": "ffh",
	"ffk": "ffk", "tt": "tt", "ti": "ti", "tti": "tti", "st": "st", "ct": "ct", "sp": "sp", "Th": "Th",
	"fft": "fft", "ffy": "ffy", "fy": "fy", "ffr": "ffr", "fr": "fr",
}

// accentMarks maps the accent suffixes of Adobe glyph names ("eacute",
// "Scaron", "zdotaccent") to combining marks.
var accentMarks = map[string]string{
	"acute": "\u0301", "grave": "\u0300", "circumflex": "\u0302", "dieresis": "\u0308", "tilde": "\u0303",
	"ring": "\u030a", "cedilla": "\u0327", "caron": "\u030c", "macron": "\u0304", "breve": "\u0306",
	"ogonek": "\u0328", "dotaccent": "\u0307", "hungarumlaut": "\u030b", "commaaccent": "\u0326",
}

// accented composes the text of a letter-plus-accent glyph name, or
// returns "" when n is not one.
func accented(n string) string {
	if len(n) < 5 {
		return ""
	}
	base := n[:1]
	if c := base[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return ""
	}
	if mark, ok := accentMarks[n[1:]]; ok {
		return norm.NFC.String(base + mark)
	}
	return ""
}

// parseToUnicode reads the bfchar and bfrange sections of a ToUnicode CMap.
func parseToUnicode(v lpdf.Value) map[int]string {
	rc := v.Reader()
	data, _ := io.ReadAll(io.LimitReader(rc, maxCMapBytes))
	rc.Close()
	toks := cmapTokens(data)
	m := map[int]string{}
	for i := 0; i < len(toks); i++ {
		switch toks[i].s {
		case "beginbfchar":
			i++
			for ; i+1 < len(toks) && toks[i].s != "endbfchar"; i += 2 {
				if toks[i].hex && toks[i+1].hex {
					m[hexCode(toks[i].b)] = utf16Text(toks[i+1].b)
				}
			}
		case "beginbfrange":
			i++
			for ; i+2 < len(toks) && toks[i].s != "endbfrange"; i += 3 {
				if !toks[i].hex || !toks[i+1].hex {
					break
				}
				lo, hi := hexCode(toks[i].b), hexCode(toks[i+1].b)
				if hi < lo || hi-lo > 1<<16 {
					continue
				}
				if toks[i+2].hex {
					dst := append([]byte(nil), toks[i+2].b...)
					for c := lo; c <= hi; c++ {
						m[c] = utf16Text(dst)
						if len(dst) > 0 {
							dst[len(dst)-1]++
						}
					}
				} else if toks[i+2].s == "[" {
					j := i + 3
					c := lo
					for ; j < len(toks) && toks[j].s != "]"; j++ {
						if toks[j].hex && c <= hi {
							m[c] = utf16Text(toks[j].b)
						}
						c++
					}
					i = j - 2
				}
			}
		}
	}
	return m
}

type ctok struct {
	s   string
	b   []byte
	hex bool
}

func cmapTokens(data []byte) []ctok {
	var out []ctok
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '<' && i+1 < len(data) && data[i+1] != '<':
			j := i + 1
			var b []byte
			hi := -1
			for ; j < len(data) && data[j] != '>'; j++ {
				v := unhex(data[j])
				if v < 0 {
					continue
				}
				if hi < 0 {
					hi = v
				} else {
					b = append(b, byte(hi<<4|v))
					hi = -1
				}
			}
			if hi >= 0 {
				b = append(b, byte(hi<<4))
			}
			out = append(out, ctok{b: b, hex: true})
			i = j + 1
		case c == '[' || c == ']':
			out = append(out, ctok{s: string(c)})
			i++
		case c == '%':
			for i < len(data) && data[i] != '\n' && data[i] != '\r' {
				i++
			}
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0:
			i++
		default:
			j := i + 1
			for j < len(data) && !strings.ContainsRune(" \n\r\t\f\x00<>[]%/()", rune(data[j])) {
				j++
			}
			out = append(out, ctok{s: string(data[i:j])})
			i = j
		}
	}
	return out
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func hexCode(b []byte) int {
	v := 0
	for i, c := range b {
		if i >= 4 {
			break
		}
		v = v<<8 | int(c)
	}
	return v
}

func utf16Text(b []byte) string {
	if len(b) == 1 {
		return string(rune(b[0]))
	}
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return string(utf16.Decode(u))
}

// italicFace reports whether a font is a text italic or slanted face: a
// name that says so — "Times-Italic", "NimbusRomNo9L-ReguItal",
// "LMRoman10-Italic", TeX's "CMTI12", "CMSL10", "CMBXTI10" — or the Italic
// flag. TeX's math italic ("CMMI10", "LMMathItalic10") sets variables,
// not terms, and is left out.
func italicFace(name string, flags int64) bool {
	if i := strings.IndexByte(name, '+'); i >= 0 {
		name = name[i+1:]
	}
	n := strings.ToLower(name)
	series := text.TeXSeries(n)
	if series == "mi" || strings.Contains(n, "math") {
		return false
	}
	if strings.HasSuffix(series, "ti") || strings.HasSuffix(series, "sl") {
		return true
	}
	for _, w := range []string{"italic", "oblique", "ital", "-it"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return flags&(1<<6) != 0
}

// extensibleFace reports whether a font is TeX's extensible font or one
// of its kin: "CMEX10", "LMEX10", "txex", "pxex", "esint10".
func extensibleFace(name string) bool {
	if i := strings.IndexByte(name, '+'); i >= 0 {
		name = name[i+1:]
	}
	n := strings.ToLower(name)
	return text.TeXSeries(n) == "ex" || strings.HasPrefix(n, "txex") || strings.HasPrefix(n, "pxex") || strings.HasPrefix(n, "esint")
}

// smallCapsFace reports whether a font is a small-capitals face by its
// name: TeX's cmcsc10 and its kin ("csc" series), "TeXPalladioL-SC",
// "LinLibertineTI-SC", "Minion-SmallCaps", "TimesNewRomanPS-SC700".
func smallCapsFace(name string) bool {
	if i := strings.IndexByte(name, '+'); i >= 0 {
		name = name[i+1:]
	}
	n := strings.ToLower(name)
	return text.TeXSeries(n) == "csc" || strings.Contains(n, "smallcaps") || strings.Contains(n, "small-caps") ||
		strings.HasSuffix(strings.TrimRight(n, "0123456789"), "-sc") || strings.Contains(n, "-sc-")
}

// boldFace reports whether a font is bold: a weight of 600 or more, the
// ForceBold flag, or a name that says so — "Times-Bold", "Arial-BoldMT",
// "NimbusRomNo9L-Medi", and TeX's bold series ("CMBX12", "LMRoman10-Bold",
// "SFBX1200", "CMSSBX10").
func boldFace(name string, weight float64, flags int64) bool {
	if weight >= 600 || flags&(1<<18) != 0 {
		return true
	}
	if i := strings.IndexByte(name, '+'); i >= 0 {
		name = name[i+1:] // a subset's tag ("ABCDEF+CMBX12")
	}
	n := strings.ToLower(name)
	for _, w := range []string{"bold", "black", "heavy", "semibold", "demi", "-medi", "-bd"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return strings.HasPrefix(text.TeXSeries(n), "bx") // cmbx12, cmssbx10, cmbxti10
}
