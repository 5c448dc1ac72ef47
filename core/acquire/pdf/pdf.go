// Package pdf extracts the text layer of PDF documents in reading order.
//
// It is lore's own reader, chosen over PDFium by measurement (docs/pdf-eval.md):
// PDFium, run as WebAssembly, returns a page's text in the order the file
// draws it, so columns drawn line by line come out merged and no layout of
// ours could be put back without reading its glyph boxes at a third of the
// speed; it also costs 11–13 MB of binary, seconds of first start and a
// decompression bomb's gigabytes unless bounded. Reading order here comes
// from the glyphs' geometry (layout.go), and every fault of this reader the
// evaluation set found was one it could fix. poppler's pdftotext stays an
// option (pdf.backend), never a requirement.
package pdf

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	lpdf "github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core/text"
)

var (
	// ErrEncrypted is returned for PDFs that need a user password.
	ErrEncrypted = errors.New("encrypted PDF (a password is required)")
	// ErrNoText is returned when no page has any text.
	ErrNoText = errors.New("no text layer (scanned PDF?)")
	// ErrCorrupt wraps structural parse failures.
	ErrCorrupt = errors.New("corrupt PDF")
	// ErrTooMuchText is returned when the pages yield more than
	// maxDocGlyphs characters: a small file can repeat one content stream
	// on every page, and all of it would be held in memory.
	ErrTooMuchText = errors.New("PDF yields too much text")
)

const (
	// maxPages bounds the number of pages processed.
	maxPages = 100000
	// maxDocGlyphs bounds the characters one document may yield: some
	// eight times a 1,000-page textbook, and about 16 MiB of text.
	maxDocGlyphs = 1 << 24
)

// Text returns the text of the PDF in r: pages in order, each page's text in
// reading order (left column before right), paragraphs separated by blank
// lines and headings marked with Markdown '#'. Running headers, footers and
// page numbers are dropped and words hyphenated at line ends are joined.
//
// Errors: ErrEncrypted when a user password is needed, ErrNoText when no page
// has a text layer, ErrCorrupt (wrapped, with detail) for malformed files, and
// ctx.Err() when ctx ends first; the input never causes a panic.
func Text(ctx context.Context, r io.ReaderAt, size int64) (text string, err error) {
	return TextProgress(ctx, r, size, nil)
}

// TextProgress is Text telling progress, when it is not nil, how many of
// the document's pages are read: once with none done when the page count
// is known, then after every page. A textbook takes seconds, and a person
// watching wants to see it move.
func TextProgress(ctx context.Context, r io.ReaderAt, size int64, progress func(done, total int)) (text string, err error) {
	pages, title, err := extract(ctx, r, size, progress)
	if err != nil {
		return "", err
	}
	// Layout works on whatever the file held; a fault there is the file's
	// problem, never the caller's crash.
	defer func() {
		if x := recover(); x != nil {
			text, err = "", fmt.Errorf("%w: laying out the text: %v", ErrCorrupt, x)
		}
	}()
	// A letter and the accent a TeX font sets over it apart ("a" and a
	// combining diaeresis) are one letter to a reader and to a search.
	return frontMatter(title) + norm.NFC.String(render(pages)), nil
}

// frontMatter carries the title the file's document information gives into
// its Markdown text as front matter, so the analysis (and the skill made of
// it) knows the document by it rather than by its file name. Producers
// often leave a placeholder or the source file's name there; those are
// not titles.
func frontMatter(title string) string {
	t := strings.Join(strings.Fields(title), " ")
	l := strings.ToLower(t)
	if len(strings.Fields(t)) < 2 || len(t) > 200 || strings.HasPrefix(l, "microsoft ") || strings.HasPrefix(l, "untitled") {
		return ""
	}
	for _, ext := range []string{".tex", ".dvi", ".doc", ".docx", ".pdf", ".ps", ".odt", ".rtf", ".txt", ".md"} {
		if strings.HasSuffix(l, ext) {
			return ""
		}
	}
	return text.FrontMatter(t)
}

type ctxAbort struct{ err error }

func extract(ctx context.Context, r io.ReaderAt, size int64, progress func(done, total int)) (pages []*page, title string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	defer func() {
		if x := recover(); x != nil {
			pages, title = nil, ""
			if a, ok := x.(ctxAbort); ok {
				err = a.err
				return
			}
			err = fmt.Errorf("%w: %v", ErrCorrupt, x)
		}
	}()
	gr, ok := r.(*guardedReader)
	if !ok {
		gr = &guardedReader{r: r, ctx: ctx, budget: readBudget(size)}
	}
	rd, err := lpdf.NewReader(gr, size)
	if err != nil {
		if errors.Is(err, lpdf.ErrInvalidPassword) {
			return nil, "", ErrEncrypted
		}
		if hasEncrypt(r, size) {
			return nil, "", fmt.Errorf("%w: %w", ErrEncrypted, err)
		}
		return nil, "", fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	var leaves []lpdf.Value
	// Visit at most a few nodes per declared page (the tree may be cyclic).
	root := rd.Trailer().Key("Root").Key("Pages")
	budget := 1024 + 4*int(min(max(root.Key("Count").Int64(), 0), maxPages))
	var walk func(v lpdf.Value, depth int)
	walk = func(v lpdf.Value, depth int) {
		budget--
		if depth > 64 || budget < 0 || len(leaves) >= maxPages {
			return
		}
		if err := ctx.Err(); err != nil {
			panic(ctxAbort{err})
		}
		kids := v.Key("Kids")
		if kids.Kind() != lpdf.Array {
			if v.Kind() == lpdf.Dict {
				leaves = append(leaves, v)
			}
			return
		}
		for i := 0; i < kids.Len(); i++ {
			walk(kids.Index(i), depth+1)
		}
	}
	walk(root, 0)
	hasText := false
	var pageErr error
	if progress != nil {
		progress(0, len(leaves))
	}
	// Pages drawing the same content stream with the same resources and
	// box are read once: their lines are shared, only the flags that later
	// passes set are copied.
	shared := map[string]*page{}
	// Fonts are loaded once per document, not once per page: decoding a
	// ToUnicode map or an embedded program's encoding is most of a font's
	// cost, and a book's pages share a handful of fonts.
	fontCache := map[string]*font{}
	glyphs := 0
	for i, leaf := range leaves {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		key := sharedKey(leaf)
		p := shared[key]
		if p != nil {
			p = &page{width: p.width, height: p.height, y0: p.y0, lines: slices.Clone(p.lines), sizes: p.sizes, count: p.count,
				undecoded: p.undecoded, images: p.images}
		} else {
			var perr error
			p, perr = extractPage(ctx, lpdf.Page{V: leaf}, fontCache)
			if perr != nil && pageErr == nil {
				pageErr = perr
			}
			settle(p)
			if key != "" {
				shared[key] = p
			}
		}
		if glyphs += p.count; glyphs > maxDocGlyphs {
			return nil, "", fmt.Errorf("%w: more than %d characters by page %d of %d", ErrTooMuchText, maxDocGlyphs, i+1, len(leaves))
		}
		if p.count > 0 {
			hasText = true
		}
		pages = append(pages, p)
		if progress != nil {
			progress(i+1, len(leaves))
		}
	}
	if u := unreadable(pages); u != nil {
		return nil, "", u
	}
	if !hasText {
		if pageErr != nil {
			return nil, "", fmt.Errorf("%w: %w", ErrCorrupt, pageErr)
		}
		return nil, "", ErrNoText
	}
	return pages, rd.Trailer().Key("Info").Key("Title").Text(), nil
}

// UnreadableError says that most of a PDF's pages hold text lore cannot
// read: images of pages without a text layer (a scan), or glyphs in fonts
// that map them to no Unicode text. Reading the rest would give a part of
// the document as if it were the whole, or nothing with no reason.
type UnreadableError struct {
	Pages       int // pages in the document
	Scanned     int // pages that are images only
	Undecodable int // pages most of whose glyphs have no Unicode text
}

func (e *UnreadableError) Error() string {
	var what []string
	if e.Scanned > 0 {
		what = append(what, fmt.Sprintf("%d of %d pages are images without a text layer (a scan)", e.Scanned, e.Pages))
	}
	if e.Undecodable > 0 {
		what = append(what, fmt.Sprintf("%d of %d pages use fonts without a Unicode map, so their text cannot be decoded", e.Undecodable, e.Pages))
	}
	help := "ocrmypdf IN.pdf OUT.pdf"
	if e.Undecodable > 0 {
		help = "ocrmypdf --force-ocr IN.pdf OUT.pdf"
	}
	return strings.Join(what, "; ") + "; give it a text layer with an OCR tool such as ocrmypdf (" + help + ") and learn the result"
}

// Is makes an image-only PDF an ErrNoText as well.
func (e *UnreadableError) Is(target error) bool { return target == ErrNoText && e.Scanned > 0 }

// unreadable is the error for pages of which at least half cannot be read
// (no text but images, or more glyphs without text than with), nil when
// most can.
func unreadable(pages []*page) *UnreadableError {
	e := &UnreadableError{Pages: len(pages)}
	inked := 0 // pages with anything drawn that could be text
	for _, p := range pages {
		switch {
		case p.undecoded > 0 && p.undecoded >= p.count:
			e.Undecodable++
		case p.count == 0 && p.images > 0:
			e.Scanned++
		}
		if p.count > 0 || p.undecoded > 0 || p.images > 0 {
			inked++
		}
	}
	if bad := e.Scanned + e.Undecodable; bad == 0 || 2*bad < inked {
		return nil
	}
	return e
}

// sharedKey names what a page's text depends on: its content stream(s),
// resources and media box, written out with the objects' file offsets or
// references, so pages that share all three share a key. It is "" when
// the page has no content to share.
func sharedKey(leaf lpdf.Value) string {
	contents := leaf.Key("Contents")
	if k := contents.Kind(); k != lpdf.Stream && k != lpdf.Array {
		return ""
	}
	return contents.String() + "\x00" + inherited(leaf, "Resources").String() + "\x00" + inherited(leaf, "MediaBox").String()
}

// settle lays p out into lines and drops its glyphs, keeping only how many
// there were of each size (for heading detection): a document's memory then
// grows with its text, not with the glyphs of every page at once.
func settle(p *page) {
	if p.glyphs == nil {
		return
	}
	layoutPage(p)
	p.sizes = map[int]int{}
	for _, g := range p.glyphs {
		p.sizes[int(math.Round(g.size*2))]++
	}
	p.count = len(p.glyphs)
	p.glyphs = nil
	p.rules = nil
}

// hasEncrypt reports whether the file tail (trailer) names an /Encrypt entry.
func hasEncrypt(r io.ReaderAt, size int64) bool {
	const tail = 4096
	off := size - tail
	if off < 0 {
		off = 0
	}
	buf := make([]byte, size-off)
	n, _ := r.ReadAt(buf, off)
	return strings.Contains(string(buf[:n]), "/Encrypt")
}

// glyph is one positioned piece of text in user space.
type glyph struct {
	x, y, w, size float64
	s             string
	space         bool // an explicit space character
	bold          bool // set in a bold face
	italic        bool // set in a text italic face
	ext           bool // set in TeX's extensible font: a big operator or delimiter
	script        bool // a base's sub- and superscripts, written as such (markScripts)
}

type page struct {
	width, height float64
	y0            float64 // the MediaBox's bottom edge
	glyphs        []glyph // nil once settled
	lines         []line  // filled by layout
	// sizes counts the glyphs by size in half points and count is their
	// number; both outlive the glyphs.
	sizes map[int]int
	count int
	// undecoded counts the glyphs shown in a font that gives them no
	// Unicode text, images the images the page draws: what tells a page
	// lore cannot read from one with nothing on it.
	undecoded, images int
	// rules are the thin horizontal bars the page draws: a fraction's
	// bar among them. Nil once settled.
	rules []rule
}

// rule is a thin horizontal bar from x0 to x1 at height y.
type rule struct{ x0, x1, y float64 }

type matrix [6]float64

var ident = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

type gstate struct {
	ctm            matrix
	tm, tlm        matrix
	font           *font
	fs, tc, tw, th float64
	tl, rise       float64
}

const (
	maxGlyphsPerPage = 1 << 18
	// maxRulesPerPage bounds the bars kept of a page: a fraction bar is
	// one of a few hundred at most, a hatched drawing has thousands.
	maxRulesPerPage = 4096
	// maxContentBytes bounds the decoded size of one content stream (or
	// form); larger streams are skipped rather than interpreted.
	maxContentBytes = 16 << 20
)

// contentUnsafe decodes strm (a stream or an array of streams) without
// keeping it, reporting whether it must not be interpreted: over
// maxContentBytes, or ending inside a string.
func contentUnsafe(ctx context.Context, strm lpdf.Value) bool {
	parts := []lpdf.Value{strm}
	if strm.Kind() == lpdf.Array {
		parts = parts[:0]
		for i := 0; i < strm.Len() && i < 10000; i++ {
			parts = append(parts, strm.Index(i))
		}
	}
	total := int64(0)
	buf := make([]byte, 32<<10)
	var sc stringScanner
	for _, v := range parts {
		rc := v.Reader()
		for {
			if ctx.Err() != nil {
				rc.Close()
				panic(ctxAbort{ctx.Err()})
			}
			n, err := rc.Read(buf)
			total += int64(n)
			if total > maxContentBytes {
				rc.Close()
				return true
			}
			sc.feed(buf[:n])
			if err != nil {
				break
			}
		}
		rc.Close()
	}
	// The content lexer reads past the end of a stream as endless
	// newlines, so a string left open would never end: such a stream is
	// skipped rather than interpreted.
	return sc.open()
}

// stringScanner follows a content stream just far enough to know whether
// it ends inside a literal "(…)" or hex "<…>" string.
type stringScanner struct {
	state   byte // 0 normal, '%' comment, '(' literal, '<' hex or dict start, 'x' hex
	depth   int  // nesting of parentheses in a literal
	escaped bool
}

func (s *stringScanner) feed(p []byte) {
	for _, c := range p {
		switch s.state {
		case '%':
			if c == '\n' || c == '\r' {
				s.state = 0
			}
		case '(':
			switch {
			case s.escaped:
				s.escaped = false
			case c == '\\':
				s.escaped = true
			case c == '(':
				s.depth++
			case c == ')':
				s.depth--
				if s.depth == 0 {
					s.state = 0
				}
			}
		case '<':
			if c == '<' {
				s.state = 0 // "<<" opens a dictionary
			} else {
				s.state = 'x'
			}
			if c == '>' {
				s.state = 0
			}
		case 'x':
			if c == '>' {
				s.state = 0
			}
		default:
			switch c {
			case '%':
				s.state = '%'
			case '(':
				s.state, s.depth = '(', 1
			case '<':
				s.state = '<'
			}
		}
	}
}

func (s *stringScanner) open() bool { return s.state == '(' || s.state == '<' || s.state == 'x' }

// extractPage collects the page's glyphs. A malformed page yields the glyphs
// read before the fault and an error; cancellation propagates as a panic.
func extractPage(ctx context.Context, pg lpdf.Page, fontCache map[string]*font) (p *page, err error) {
	p = &page{width: 612, height: 792}
	defer func() {
		if x := recover(); x != nil {
			if a, ok := x.(ctxAbort); ok {
				panic(a)
			}
			err = fmt.Errorf("%v", x)
		}
	}()
	if mb := inherited(pg.V, "MediaBox"); mb.Len() == 4 {
		p.width = mb.Index(2).Float64() - mb.Index(0).Float64()
		p.height = mb.Index(3).Float64() - mb.Index(1).Float64()
		p.y0 = mb.Index(1).Float64()
	}
	if pg.V.IsNull() {
		return p, nil
	}
	contents := pg.V.Key("Contents")
	if contents.Kind() == lpdf.Null {
		return p, nil
	}
	fonts := map[string]*font{}
	res := inherited(pg.V, "Resources")
	fontRes := res.Key("Font")
	forms := 0
	g := gstate{ctm: ident, tm: ident, tlm: ident, th: 1}
	var stack []gstate
	var args []lpdf.Value
	var codes []code
	ops := 0
	var lastFont *font // font of the last glyph appended
	var pen [2]float64 // the current point of the path being built

	show := func(raw string) {
		if g.font == nil {
			g.font = &font{defWidth: 500, enc: [256]string(standardEncoding)}
		}
		codes = g.font.decode(raw, codes)
		for _, c := range codes {
			w0 := g.font.width(c.c) / 1000
			trm := matrix{g.fs * g.th, 0, 0, g.fs, 0, g.rise}.mul(g.tm).mul(g.ctm)
			size := g.font.glyphSize(math.Hypot(trm[2], trm[3]))
			isSpace := c.text == " " || c.text == "\u00a0"
			if c.text == "" || c.text == unmapped {
				p.undecoded++
			}
			if len(p.glyphs) < maxGlyphsPerPage && c.text != "" && !slanted(trm) {
				if !isSpace {
					placeSpaceBefore(p.glyphs, trm[4], trm[5], size)
					if lastFont != nil && lastFont != g.font && !lastFont.smallCaps && !g.font.smallCaps {
						p.glyphs = fontChangeSpace(p.glyphs, trm[4], trm[5], size)
					}
				}
				lastFont = g.font
				p.glyphs = append(p.glyphs, glyph{
					x: trm[4], y: trm[5], w: w0 * math.Hypot(trm[0], trm[1]), size: size,
					s: c.text, space: isSpace, bold: g.font.bold, italic: g.font.italic, ext: g.font.ext,
				})
			}
			tx := w0*g.fs + g.tc
			if !g.font.twoByte && c.c == 32 {
				tx += g.tw
			}
			tx *= g.th
			g.tm = matrix{1, 0, 0, 1, tx, 0}.mul(g.tm)
		}
	}
	num := func(i int) float64 {
		if i < len(args) {
			return args[i].Float64()
		}
		return 0
	}
	mat := func() matrix {
		var m matrix
		for i := 0; i < 6; i++ {
			m[i] = num(i)
		}
		return m
	}
	var run func(strm lpdf.Value, depth int)
	run = func(strm lpdf.Value, depth int) {
		if contentUnsafe(ctx, strm) {
			return
		}
		lpdf.Interpret(strm, func(stk *lpdf.Stack, op string) {
			ops++
			if ops&1023 == 0 {
				if err := ctx.Err(); err != nil {
					panic(ctxAbort{err})
				}
			}
			args = args[:0]
			for stk.Len() > 0 {
				args = append(args, stk.Pop())
			}
			for i, j := 0, len(args)-1; i < j; i, j = i+1, j-1 {
				args[i], args[j] = args[j], args[i]
			}
			switch op {
			case "q":
				if len(stack) < 1024 {
					stack = append(stack, g)
				}
			case "Q":
				if n := len(stack); n > 0 {
					g = stack[n-1]
					stack = stack[:n-1]
				}
			case "cm":
				if len(args) == 6 {
					g.ctm = mat().mul(g.ctm)
				}
			case "re":
				if len(args) == 4 && len(p.rules) < maxRulesPerPage {
					if r, ok := thinRule(num(0), num(1), num(2), num(3), g.ctm); ok {
						p.rules = append(p.rules, r)
					}
				}
			case "m":
				if len(args) == 2 {
					pen = [2]float64{num(0), num(1)}
				}
			case "l":
				// pdfTeX strokes its rules: "0 0 m 6.7 0 l S".
				if len(args) == 2 && len(p.rules) < maxRulesPerPage && num(1) == pen[1] {
					if r, ok := thinRule(pen[0], pen[1], num(0)-pen[0], 0, g.ctm); ok {
						p.rules = append(p.rules, r)
					}
				}
				if len(args) == 2 {
					pen = [2]float64{num(0), num(1)}
				}
			case "BT":
				g.tm, g.tlm = ident, ident
			case "Tf":
				if len(args) == 2 {
					name := args[0].Name()
					f, ok := fonts[name]
					if !ok {
						// A font dict written out (its references unresolved)
						// names the font object. Each resource gets its own
						// copy (the tables are shared, read only): layout takes
						// a change of resource for a change of font.
						fv := fontRes.Key(name)
						key := fv.String()
						loaded, ok := fontCache[key]
						if !ok {
							loaded = loadFont(fv)
							fontCache[key] = loaded
						}
						f = new(font)
						*f = *loaded
						fonts[name] = f
					}
					g.font = f
					g.fs = num(1)
				}
			case "Tc":
				g.tc = num(0)
			case "Tw":
				g.tw = num(0)
			case "Tz":
				g.th = num(0) / 100
			case "TL":
				g.tl = num(0)
			case "Ts":
				g.rise = num(0)
			case "Td", "TD":
				if op == "TD" {
					g.tl = -num(1)
				}
				g.tlm = matrix{1, 0, 0, 1, num(0), num(1)}.mul(g.tlm)
				g.tm = g.tlm
			case "Tm":
				if len(args) == 6 {
					g.tm = mat()
					g.tlm = g.tm
				}
			case "T*":
				g.tlm = matrix{1, 0, 0, 1, 0, -g.tl}.mul(g.tlm)
				g.tm = g.tlm
			case "Tj", "'", "\"":
				if op == "\"" && len(args) == 3 {
					g.tw, g.tc = num(0), num(1)
					args = args[2:]
				}
				if op != "Tj" {
					g.tlm = matrix{1, 0, 0, 1, 0, -g.tl}.mul(g.tlm)
					g.tm = g.tlm
				}
				if len(args) >= 1 {
					show(args[len(args)-1].RawString())
				}
			case "Do":
				if len(args) != 1 || depth >= 8 || forms >= 1000 {
					return
				}
				xo := res.Key("XObject").Key(args[0].Name())
				if xo.Kind() == lpdf.Stream && xo.Key("Subtype").Name() == "Image" {
					p.images++
				}
				if xo.Kind() != lpdf.Stream || xo.Key("Subtype").Name() != "Form" {
					return
				}
				forms++
				saved, savedFonts, savedRes, savedFontRes := g, fonts, res, fontRes
				if m := xo.Key("Matrix"); m.Len() == 6 {
					var fm matrix
					for i := range fm {
						fm[i] = m.Index(i).Float64()
					}
					g.ctm = fm.mul(g.ctm)
				}
				if r := xo.Key("Resources"); r.Kind() == lpdf.Dict {
					res, fontRes, fonts = r, r.Key("Font"), map[string]*font{}
				}
				run(xo, depth+1)
				g, fonts, res, fontRes = saved, savedFonts, savedRes, savedFontRes
			case "TJ":
				if len(args) < 1 {
					return
				}
				a := args[0]
				for i := 0; i < a.Len(); i++ {
					x := a.Index(i)
					if x.Kind() == lpdf.String {
						show(x.RawString())
					} else {
						tx := -x.Float64() / 1000 * g.fs * g.th
						g.tm = matrix{1, 0, 0, 1, tx, 0}.mul(g.tm)
					}
				}
			}
		})
	}
	run(contents, 0)
	return p, nil
}

// slanted reports whether a glyph's baseline, the x axis of its text
// rendering matrix, runs neither across nor up the page but at a slant:
// a "DRAFT" or "preview" stamped diagonally over every page. Text is read
// along lines and down columns; such a stamp is no part of either, and
// read as text its large letters broke every page it crossed with a
// heading of its own ("# ew vi re").
func slanted(trm matrix) bool {
	a, b := math.Abs(trm[0]), math.Abs(trm[1])
	// More than about 10° off both axes.
	return b > 0.18*a && a > 0.18*b
}

// placeSpaceBefore moves the spaces just shown back to where the glyph
// about to be shown at (x, y) starts, when the text cursor put that glyph
// left of them: OCR programs place every word with its own Td, and the
// previous word's trailing space, advanced by Tc, lands past the next
// word's first letter ("different;i f"). Others show two spaces between
// words with a negative Tw, so each space steps back and the next word's
// first letter starts left of both ("for  the" read "for t he"). The
// spaces still follow the glyph before them, so they stay a break between
// the two words.
func placeSpaceBefore(glyphs []glyph, x, y, size float64) {
	n := len(glyphs)
	first := n
	for first > 0 && glyphs[first-1].space && math.Abs(glyphs[first-1].y-y) <= 0.2*size {
		first--
	}
	if first == n {
		return
	}
	moved := false
	for i := first; i < n; i++ {
		moved = moved || glyphs[i].x > x
	}
	if !moved {
		return
	}
	floor := math.Inf(-1)
	if first > 0 {
		floor = glyphs[first-1].x
	}
	if x < floor {
		return
	}
	// Equal x keep the order shown: the layout sorts rows stably.
	for i := first; i < n; i++ {
		if glyphs[i].x > x {
			glyphs[i].x = max(floor, x-glyphs[i].w)
		}
	}
}

// fontChangeSpace adds a space before a glyph shown at (x, y) in another
// font than the glyph before it, when a small gap parts them: poppler ends
// a word where the font changes and keeps a gap of 3% of an em there as a
// space, so TeX's math, set in several fonts with kerns between them, reads
// "lenR g", "(n , s )" and, for a prime raised after its letter, "s 0" in
// its text, and a gap too small for a word space within one font still
// parts two fonts. A change to or from a small-capitals face is not
// looked at: it happens inside a word ("Horner" set as H + orner). A glyph raised or lowered by up to half an em (a
// script) counts as on the same line.
func fontChangeSpace(glyphs []glyph, x, y, size float64) []glyph {
	n := len(glyphs)
	if n == 0 || len(glyphs) >= maxGlyphsPerPage {
		return glyphs
	}
	prev := glyphs[n-1]
	if prev.space || math.Abs(prev.y-y) > 0.5*max(size, prev.size) {
		return glyphs
	}
	end := prev.x + prev.w
	gap := x - end
	if gap < 0.03*prev.size || gap > prev.size {
		return glyphs
	}
	return append(glyphs, glyph{x: end, y: prev.y, w: gap, size: prev.size, s: " ", space: true})
}

// inherited looks key up on the page and its ancestors (bounded depth).
func inherited(v lpdf.Value, key string) lpdf.Value {
	for i := 0; i < 64 && !v.IsNull(); i++ {
		if r := v.Key(key); !r.IsNull() {
			return r
		}
		v = v.Key("Parent")
	}
	return lpdf.Value{}
}

// guardedReader bounds the parser's work: every read checks ctx, and the
// total number of bytes read is capped, so reference cycles in a malformed
// file end in an error instead of an endless loop.
type guardedReader struct {
	r      io.ReaderAt
	ctx    context.Context
	budget int64
}

func readBudget(size int64) int64 {
	return 64*max(size, 0) + 256<<20
}

func (g *guardedReader) ReadAt(p []byte, off int64) (int, error) {
	if err := g.ctx.Err(); err != nil {
		panic(ctxAbort{err})
	}
	g.budget -= int64(len(p))
	if g.budget < 0 {
		panic(ctxAbort{fmt.Errorf("%w: too much work (reference cycle?)", ErrCorrupt)})
	}
	return g.r.ReadAt(p, off)
}
