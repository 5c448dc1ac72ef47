package pdf

import (
	"strings"
	"sync"
)

// PDF's standard fonts may be used without their widths: a font resource
// naming one (or a system font such as Arial or Times New Roman, which
// readers put the standard ones in place of) may leave /Widths out, and
// the reader is to take the widths from the font's metrics. OCR programs
// write their invisible text layer that way, word by word; taken as 500
// for every glyph, their words ran into the next and lost letters to the
// space glyphs ("he f nd y re han"). The metrics are Adobe's (afmdata.go).

// stdFontName names the standard font a simple font without widths stands
// for, as poppler substitutes one: by family named in baseFont (subset
// prefix and style suffixes aside), else by the descriptor's flags (fixed
// pitch, serif), Helvetica otherwise. It is "" for the Symbol font, which
// has its own table, and for ZapfDingbats, which lore has no metrics of.
func stdFontName(baseFont string, flags int64) string {
	n := strings.ToLower(baseFont)
	if i := strings.IndexByte(n, '+'); i == 6 {
		n = n[i+1:]
	}
	if strings.Contains(n, "symbol") || strings.Contains(n, "dingbat") {
		return ""
	}
	bold := strings.Contains(n, "bold") || strings.Contains(n, "black") || strings.Contains(n, "heavy") || strings.Contains(n, "semibold")
	italic := strings.Contains(n, "italic") || strings.Contains(n, "oblique")
	switch {
	case strings.Contains(n, "courier") || strings.Contains(n, "mono") || flags&1 != 0:
		return "Courier"
	case strings.Contains(n, "times") || strings.Contains(n, "roman") || strings.Contains(n, "georgia") ||
		strings.Contains(n, "garamond") || strings.Contains(n, "serif") && !strings.Contains(n, "sans") ||
		flags&2 != 0 && !strings.Contains(n, "arial") && !strings.Contains(n, "helvetica"):
		switch {
		case bold && italic:
			return "Times-BoldItalic"
		case bold:
			return "Times-Bold"
		case italic:
			return "Times-Italic"
		}
		return "Times-Roman"
	}
	if bold {
		return "Helvetica-Bold"
	}
	return "Helvetica"
}

// stdWidthsByText maps each standard font's glyphs, by the text they
// decode to, to their widths; built on first use.
var stdWidthsByText = sync.OnceValue(func() map[string]map[string]float64 {
	out := map[string]map[string]float64{}
	for name, ws := range stdWidths {
		m := make(map[string]float64, len(latinGlyphs))
		for i, g := range latinGlyphs {
			if t := glyphText(g); t != "" {
				if _, dup := m[t]; !dup {
					m[t] = float64(ws[i])
				}
			}
		}
		out[name] = m
	}
	sym := map[string]float64{}
	for _, g := range symbolGlyphs {
		if t := glyphText(g.name); t != "" {
			if _, dup := sym[t]; !dup {
				sym[t] = float64(g.width)
			}
		}
	}
	out["Symbol"] = sym
	return out
})

// symbolEncoding is the Symbol font's built-in encoding: a PDF may show
// ∑, ≤ or α in Symbol without an /Encoding or a ToUnicode map.
var symbolEncoding = sync.OnceValue(func() []string {
	enc := make([]string, 256)
	for _, g := range symbolGlyphs {
		enc[g.code] = glyphText(g.name)
	}
	return enc
})

// setStdWidths gives f, a simple font without /Widths, the widths of the
// standard font it stands for.
func (f *font) setStdWidths(baseFont string, flags int64) {
	name := stdFontName(baseFont, flags)
	if name == "Courier" {
		f.defWidth = 600
		return
	}
	if name == "" {
		if !strings.Contains(strings.ToLower(baseFont), "symbol") {
			return
		}
		name = "Symbol"
	}
	m := stdWidthsByText()[name]
	for c, t := range f.enc {
		if w, ok := m[t]; ok && t != "" {
			f.widths[c] = w
		}
	}
}
