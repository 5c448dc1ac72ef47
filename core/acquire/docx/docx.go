// Package docx turns a Word (OOXML) document into Markdown-flavoured text.
//
// The document is read as a zip with archive/zip and its parts are parsed
// as a stream of encoding/xml tokens, so nothing outside the standard
// library is involved. Structure is kept the way the analyzer understands
// it: heading styles become `#` headings, list paragraphs become "- " items,
// tables become `| a | b |` rows, paragraphs in a theorem-like style
// ("Theorem", "Definition", "Proof") become the fenced divs the HTML reader
// writes for theorem-like containers, and footnotes are collected at the
// end under "## Footnotes".
//
// Every part is read through a bounded reader: a part that decompresses to
// more than MaxPartBytes is refused, whatever its header claims, and so is
// a document whose parts together decompress to more than its limit
// (MaxDocBytes, or what TextLimit is given).
package docx

import (
	"archive/zip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/mathml"
	"github.com/lore-kb/lore/core/acquire/xmldec"
)

// MaxPartBytes bounds the decompressed size of each part read
// (word/document.xml, word/styles.xml, word/footnotes.xml).
const MaxPartBytes = 50 << 20

// MaxDocBytes bounds what all the parts of one document read by Text
// decompress to together.
const MaxDocBytes = 64 << 20

// ErrBudget reports parts that together decompress past the document's
// limit; it also matches ErrTooLarge.
var ErrBudget = errors.New("parts expand past the limit")

// ErrNotDOCX reports a zip that has no word/document.xml.
var ErrNotDOCX = errors.New("not a DOCX file (no word/document.xml)")

// ErrTooLarge reports a part that decompresses beyond MaxPartBytes.
var ErrTooLarge = errors.New("docx: part too large")

// Text returns the text of the DOCX document held in r (size bytes long),
// with headings, lists, tables and footnotes rendered as Markdown. Lines end
// in "\n".
func Text(ctx context.Context, r io.ReaderAt, size int64) (string, error) {
	text, _, err := TextLimit(ctx, r, size, MaxDocBytes)
	return text, err
}

// TextLimit is Text with limit bounding the bytes all the parts read
// decompress to together, which it also returns: a zip of Word files
// counts what each expands to against the archive's budget, since a DOCX
// compresses its text a hundredfold and more inside an archive that cannot
// compress it further.
func TextLimit(ctx context.Context, r io.ReaderAt, size, limit int64) (text string, expanded int64, err error) {
	b := &budget{limit: limit}
	text, err = textIn(ctx, r, size, b)
	return text, b.used, err
}

// budget counts the decompressed bytes of one document's parts.
type budget struct{ limit, used int64 }

func textIn(ctx context.Context, r io.ReaderAt, size int64, b *budget) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return "", fmt.Errorf("docx: corrupt or not a zip archive: %w", err)
	}
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		if _, dup := files[f.Name]; !dup {
			files[f.Name] = f
		}
	}
	doc := files["word/document.xml"]
	if doc == nil {
		return "", ErrNotDOCX
	}
	styles := map[string]styleInfo{}
	if f := files["word/styles.xml"]; f != nil {
		if s, err := readStyles(ctx, f, b); err == nil {
			styles = s
		} else if errors.Is(err, ErrTooLarge) || ctx.Err() != nil {
			return "", err
		}
		// A damaged styles part only loses custom heading names.
	}
	var notes map[string]string
	if f := files["word/footnotes.xml"]; f != nil {
		n, err := readFootnotes(ctx, f, b)
		if err != nil && (errors.Is(err, ErrTooLarge) || ctx.Err() != nil) {
			return "", err
		}
		notes = n
	}
	rc, err := openPart(doc, b)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	c := &converter{ctx: ctx, styles: styles, ids: map[string]bool{}}
	if err := c.run(newDecoder(rc)); err != nil {
		return "", fmt.Errorf("docx: word/document.xml: %w", err)
	}
	return c.finish(notes), nil
}

// limited reads at most MaxPartBytes and fails with ErrTooLarge beyond, or
// with ErrBudget once the document's parts together pass their limit.
type limited struct {
	r    io.Reader
	left int64
	name string
	b    *budget
}

func (l *limited) Read(p []byte) (int, error) {
	if over := l.b.used - l.b.limit; over >= 0 {
		p = p[:min(int64(len(p)), 1)] // one byte tells whether more was coming
	} else if int64(len(p)) > -over {
		p = p[:-over+1]
	}
	if l.left <= 0 {
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, fmt.Errorf("%w: %s exceeds %d bytes", ErrTooLarge, l.name, MaxPartBytes)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.b.used += int64(n); l.b.used > l.b.limit {
		return 0, fmt.Errorf("%w: %w: %s takes the parts past %d bytes", ErrTooLarge, ErrBudget, l.name, l.b.limit)
	}
	return n, err
}

type partReader struct {
	io.Reader
	c io.Closer
}

func (p partReader) Close() error { return p.c.Close() }

func openPart(f *zip.File, b *budget) (io.ReadCloser, error) {
	if f.UncompressedSize64 > MaxPartBytes {
		return nil, fmt.Errorf("%w: %s declares %d bytes (limit %d)", ErrTooLarge, f.Name, f.UncompressedSize64, MaxPartBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("docx: corrupt zip entry %s: %w", f.Name, err)
	}
	return partReader{Reader: &limited{r: io.LimitReader(rc, MaxPartBytes+1), left: MaxPartBytes, name: f.Name, b: b}, c: rc}, nil
}

func newDecoder(r io.Reader) *xml.Decoder { return xmldec.New(r, false) }

type styleInfo struct {
	heading int // 1..6, 0 when not a heading
	list    int // 1 + list level when a list style, 0 otherwise
	// block is the kind of theorem-like block a paragraph style holds
	// ("Theorem", "Definition", "Proof" styles of thesis and book
	// templates), as htmltext names container kinds; "" otherwise.
	block string
}

// blockStyle reads a style named after a theorem-like block ("Theorem",
// "Definition Style", "Proof"): its first word is the block's kind.
func blockStyle(name string) styleInfo {
	if f := strings.Fields(strings.ToLower(name)); len(f) > 0 {
		if k := htmltext.ContainerKind("div", f[0]); k != "" {
			return styleInfo{block: k}
		}
	}
	return styleInfo{}
}

// styleFromName classifies a style by its (English, built-in) name.
func styleFromName(name string) styleInfo {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "title" {
		return styleInfo{heading: 1}
	}
	if rest, ok := strings.CutPrefix(n, "heading"); ok {
		if lv, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && lv >= 1 {
			return styleInfo{heading: min(lv, 6)}
		}
	}
	for _, p := range []string{"list bullet", "list number"} {
		if rest, ok := strings.CutPrefix(n, p); ok {
			rest = strings.TrimSpace(rest)
			if rest == "" {
				return styleInfo{list: 1}
			}
			if lv, err := strconv.Atoi(rest); err == nil && lv >= 1 && lv <= 9 {
				return styleInfo{list: lv}
			}
		}
	}
	return blockStyle(n)
}

// styleFromID classifies the well-known style ids used when styles.xml is
// missing or does not name the style.
func styleFromID(id string) styleInfo {
	switch {
	case id == "Title":
		return styleInfo{heading: 1}
	case strings.HasPrefix(id, "Heading"):
		if lv, err := strconv.Atoi(id[len("Heading"):]); err == nil && lv >= 1 {
			return styleInfo{heading: min(lv, 6)}
		}
	case strings.HasPrefix(id, "ListBullet"), strings.HasPrefix(id, "ListNumber"):
		rest := id[len("ListBullet"):]
		if rest == "" {
			return styleInfo{list: 1}
		}
		if lv, err := strconv.Atoi(rest); err == nil && lv >= 1 && lv <= 9 {
			return styleInfo{list: lv}
		}
	default:
		return blockStyle(id)
	}
	return styleInfo{}
}

func readStyles(ctx context.Context, f *zip.File, b *budget) (map[string]styleInfo, error) {
	out := map[string]styleInfo{}
	id := ""
	err := eachToken(ctx, f, b, func(tok xml.Token) {
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "style":
				id = xmldec.Attr(t, "styleId")
			case "name":
				if id != "" {
					if si := styleFromName(xmldec.Attr(t, "val")); si != (styleInfo{}) {
						out[id] = si
					}
				}
			}
		case xml.EndElement:
			if t.Name.Local == "style" {
				id = ""
			}
		}
	})
	return out, err
}

// readFootnotes maps footnote ids to their text (paragraphs joined by a
// space); separator footnotes are left out.
func readFootnotes(ctx context.Context, f *zip.File, b *budget) (map[string]string, error) {
	out := map[string]string{}
	var cur *strings.Builder
	id := ""
	inT := false
	err := eachToken(ctx, f, b, func(tok xml.Token) {
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "footnote":
				typ := xmldec.Attr(t, "type")
				if typ == "" || typ == "normal" {
					id = xmldec.Attr(t, "id")
					cur = &strings.Builder{}
				}
			case "p":
				if cur != nil && cur.Len() > 0 {
					cur.WriteByte(' ')
				}
			case "t":
				inT = true
			case "tab":
				if cur != nil {
					cur.WriteByte(' ')
				}
			case "br", "cr":
				if cur != nil {
					cur.WriteByte(' ')
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "t":
				inT = false
			case "footnote":
				if cur != nil && id != "" {
					out[id] = strings.Join(strings.Fields(cur.String()), " ")
				}
				cur, id = nil, ""
			}
		case xml.CharData:
			if inT && cur != nil {
				cur.Write(t)
			}
		}
	})
	return out, err
}

// eachToken feeds every token of a part to fn, checking ctx as it goes;
// the end of the part is not an error.
func eachToken(ctx context.Context, f *zip.File, b *budget, fn func(xml.Token)) error {
	rc, err := openPart(f, b)
	if err != nil {
		return err
	}
	defer rc.Close()
	d := newDecoder(rc)
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		fn(tok)
	}
}

// converter walks word/document.xml.
type converter struct {
	ctx    context.Context
	styles map[string]styleInfo

	blocks []string // finished blocks, joined by blank lines
	list   []string // pending list items (one block)
	rows   []string // pending table rows (one block)
	// cont and contBlocks are the pending theorem-like block: the kind of
	// its paragraphs' style and their text, written as one fenced div as
	// the HTML reader writes a theorem-like container.
	cont       string
	contBlocks []string

	pDepth   int // nesting of w:p (text boxes nest paragraphs)
	para     strings.Builder
	style    string
	numbered bool
	ilvl     int
	inPPr    int
	inRPr    int
	inT      bool
	skip     int // depth inside a subtree whose text is ignored

	tblDepth int
	cells    []string
	cell     strings.Builder
	inCell   bool

	refs []string // footnote ids in order of first reference

	// A paragraph's run-in label: the bold (or italic) runs it opens with
	// ("Theorem 2.1", "Definition (Group).") are written as Markdown
	// emphasis, which extraction reads as a label as it does in any
	// Markdown, so a Word document marks its results as the HTML and
	// Markdown readers do. runAt is where the open run's text starts in
	// para; runBold and runItalic its properties; label the end of the
	// label in para and mark its emphasis ("" when there is none);
	// labelOpen whether the paragraph's runs so far are all label.
	runAt              int
	runBold, runItalic bool
	label              int
	mark               string
	labelOpen          bool

	// math is the Office Math formula being read, nil outside one.
	math *mathml.Builder
	// anchor is the bookmark a paragraph opens with (or an empty
	// paragraph before it holds): the target of the document's internal
	// links. A labelled paragraph with one becomes a fenced block with
	// that id, and ids collects them; link is the anchor of the open
	// w:hyperlink, "" outside one.
	anchor string
	ids    map[string]bool
	link   string
	// rngs are the bookmark ranges open between paragraphs: pandoc sets
	// one around a labelled block's paragraphs, so that its paragraphs,
	// the statement's whole, are the block.
	rngs []bookmarkRange
	// proof holds the paragraphs of a proof being read, from its
	// "Proof." label to its end mark.
	proof []string
}

// bookmarkRange is a bookmark opened between paragraphs: its w:id, its
// name and the first of c.blocks inside it.
type bookmarkRange struct {
	id, name string
	start    int
}

// onOff reads a toggle property (w:b, w:i): on unless its val says off.
func onOff(t xml.StartElement) bool {
	switch xmldec.Attr(t, "val") {
	case "0", "false", "off":
		return false
	}
	return true
}

func (c *converter) style2info() styleInfo {
	if si, ok := c.styles[c.style]; ok {
		return si
	}
	return styleFromID(c.style)
}

func (c *converter) flushList() {
	if len(c.list) > 0 {
		c.blocks = append(c.blocks, strings.Join(c.list, "\n"))
		c.list = nil
	}
}

func (c *converter) flushCont() {
	if c.cont != "" && len(c.contBlocks) > 0 {
		c.blocks = append(c.blocks, strings.Join(htmltext.Fence(c.cont, "", "", c.contBlocks), "\n\n"))
	}
	c.cont, c.contBlocks = "", nil
}

// flushAll writes the pending theorem-like block, proof, list and table
// rows out as blocks.
func (c *converter) flushAll() {
	c.flushProof()
	c.flushCont()
	c.flushList()
	c.flushRows()
}

// maxRanges bounds the bookmark ranges open at once.
const maxRanges = 64

// closeRange ends the open bookmark range with the given id: when its
// first paragraph opens with a block's label, its paragraphs are that
// block, with the bookmark's name as its id.
func (c *converter) closeRange(id string) {
	i := len(c.rngs) - 1
	for i >= 0 && c.rngs[i].id != id {
		i--
	}
	if i < 0 {
		return
	}
	c.flushAll()
	r := c.rngs[i]
	c.rngs = append(c.rngs[:i], c.rngs[i+1:]...)
	if r.start >= len(c.blocks) {
		return
	}
	label, _, ok := htmltext.EmphasisLabel(c.blocks[r.start])
	kind := htmltext.LabelKind(label)
	if !ok || kind == "" {
		return
	}
	fenced := strings.Join(htmltext.Fence(kind, r.name, "", c.blocks[r.start:]), "\n\n")
	c.blocks = append(c.blocks[:r.start], fenced)
	if kind != htmltext.KindProof {
		c.ids[r.name] = true
	}
}

// maxProofParas bounds the paragraphs a proof without an end mark runs
// on for.
const maxProofParas = 40

// flushProof writes the pending proof out as a fenced proof.
func (c *converter) flushProof() {
	if len(c.proof) > 0 {
		c.blocks = append(c.blocks, strings.Join(htmltext.Fence(htmltext.KindProof, "", "", c.proof), "\n\n"))
		c.proof = nil
	}
}

// proofEnd reports a paragraph that ends a proof with its end mark
// (∎, □, ◻, ■, "QED").
func proofEnd(text string) bool {
	t := strings.TrimRight(text, " .*")
	for _, m := range []string{"∎", "□", "◻", "■", "▪", "QED", "Q.E.D", "q.e.d"} {
		if strings.HasSuffix(t, m) {
			return true
		}
	}
	return false
}

func (c *converter) flushRows() {
	if len(c.rows) > 0 {
		c.blocks = append(c.blocks, strings.Join(c.rows, "\n"))
		c.rows = nil
	}
}

func cleanLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n ")
}

func (c *converter) endParagraph() {
	raw := c.para.String()
	kind := ""
	if c.mark != "" && c.tblDepth == 0 {
		if lbl := strings.TrimSpace(raw[:c.label]); lbl != "" && !strings.Contains(lbl, "\n") {
			raw = c.mark + lbl + c.mark + " " + strings.TrimLeft(raw[c.label:], " \t")
			kind = htmltext.LabelKind(lbl)
		}
	}
	c.mark, c.label, c.labelOpen = "", 0, false
	text := cleanLines(raw)
	c.para.Reset()
	si := c.style2info()
	numbered, ilvl := c.numbered, c.ilvl
	c.style, c.numbered, c.ilvl = "", false, 0
	if c.tblDepth > 0 {
		if c.inCell && text != "" {
			if c.cell.Len() > 0 {
				c.cell.WriteByte(' ')
			}
			c.cell.WriteString(text)
		}
		return
	}
	if text == "" {
		return // an anchor it held marks the paragraph after it
	}
	anchor := c.anchor
	c.anchor = ""
	plain := kind == "" && si.block == "" && si.heading == 0 && !numbered && si.list == 0
	if len(c.proof) > 0 {
		if plain && len(c.proof) < maxProofParas {
			c.proof = append(c.proof, text)
			if proofEnd(text) {
				c.flushProof()
			}
			return
		}
		c.flushProof()
	}
	if si.block == "" || si.block != c.cont {
		c.flushCont()
	}
	switch {
	case anchor != "" && kind != "" && si.block == "" && si.heading == 0 && !numbered && si.list == 0:
		// A labelled paragraph the document links to: a block with its
		// id, so that the links to it are edges.
		c.flushList()
		c.blocks = append(c.blocks, strings.Join(htmltext.Fence(kind, anchor, "", []string{text}), "\n\n"))
		if kind != htmltext.KindProof {
			c.ids[anchor] = true
		}
	case kind == htmltext.KindProof && si.block == "" && si.heading == 0 && !numbered && si.list == 0:
		// "*Proof.* …" and the paragraphs after it up to its end mark:
		// the proof of the block before it, whose references are that
		// block's.
		c.flushList()
		c.proof = []string{text}
		if proofEnd(text) {
			c.flushProof()
		}
	case si.block != "":
		c.flushList()
		c.cont = si.block
		c.contBlocks = append(c.contBlocks, text)
	case si.heading > 0:
		c.flushList()
		c.blocks = append(c.blocks, strings.Repeat("#", si.heading)+" "+strings.Join(strings.Fields(text), " "))
	case numbered || si.list > 0:
		lv := ilvl
		if !numbered {
			lv = si.list - 1
		}
		lv = max(0, min(lv, 8))
		item := strings.Repeat("  ", lv) + "- " + strings.ReplaceAll(text, "\n", "\n"+strings.Repeat("  ", lv+1))
		c.list = append(c.list, item)
	default:
		c.flushList()
		c.blocks = append(c.blocks, text)
	}
}

func cellText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func (c *converter) run(d *xml.Decoder) error {
	for n := 0; ; n++ {
		if n&4095 == 0 {
			if err := c.ctx.Err(); err != nil {
				return err
			}
		}
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if c.math != nil {
			c.mathToken(tok)
			continue
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if c.skip > 0 {
				c.skip++
				continue
			}
			c.start(t)
		case xml.EndElement:
			if c.skip > 0 {
				c.skip--
				continue
			}
			if err := c.end(t); err != nil {
				return err
			}
		case xml.CharData:
			if c.skip == 0 && c.inT && c.pDepth > 0 {
				c.para.WriteString(htmltext.StripMarks(string(t)))
			}
		}
	}
}

// mathToken hands a token inside an Office Math formula to its builder
// and writes the formula into the paragraph once it ends.
func (c *converter) mathToken(tok xml.Token) {
	switch t := tok.(type) {
	case xml.StartElement:
		c.math.Start(t)
	case xml.EndElement:
		if c.math.End() {
			if f := c.math.RenderOMML(); f != "" && c.pDepth > 0 {
				c.para.WriteString(f)
			}
			c.math = nil
		}
	case xml.CharData:
		c.math.Chars(htmltext.StripMarks(string(t)))
	}
}

func (c *converter) start(t xml.StartElement) {
	switch t.Name.Local {
	case "oMath":
		c.math = mathml.New(t)
	case "bookmarkStart":
		// Word's own bookmarks (_Toc…, _GoBack) are never link
		// targets of the text.
		name := xmldec.Attr(t, "name")
		switch {
		case name == "" || strings.HasPrefix(name, "_"):
		case c.pDepth == 0 && c.tblDepth == 0 && len(c.rngs) < maxRanges:
			c.flushAll()
			c.rngs = append(c.rngs, bookmarkRange{id: xmldec.Attr(t, "id"), name: name, start: len(c.blocks)})
		case c.pDepth == 1 && strings.TrimSpace(c.para.String()) == "":
			c.anchor = name
		}
	case "bookmarkEnd":
		if c.pDepth == 0 {
			c.closeRange(xmldec.Attr(t, "id"))
		}
	case "hyperlink":
		if a := xmldec.Attr(t, "anchor"); a != "" && c.pDepth > 0 && c.link == "" {
			c.para.WriteString(htmltext.LinkStart())
			c.link = a
		}
	case "Fallback", "delText", "instrText", "del":
		// Alternate renderings, deleted text and field codes carry no
		// reading text of their own.
		c.skip = 1
	case "p":
		c.pDepth++
		if c.pDepth > 1 && c.para.Len() > 0 {
			c.para.WriteByte(' ')
		}
		if c.pDepth == 1 {
			c.labelOpen = true
		}
	case "r":
		if c.pDepth == 1 {
			c.runAt, c.runBold, c.runItalic = c.para.Len(), false, false
		}
	case "b":
		if c.inRPr > 0 && c.inPPr == 0 {
			c.runBold = onOff(t)
		}
	case "i":
		if c.inRPr > 0 && c.inPPr == 0 {
			c.runItalic = onOff(t)
		}
	case "pPr":
		c.inPPr++
	case "rPr":
		c.inRPr++
	case "pStyle":
		if c.inPPr > 0 && c.pDepth == 1 {
			c.style = xmldec.Attr(t, "val")
		}
	case "numId":
		if c.inPPr > 0 && c.pDepth == 1 && xmldec.Attr(t, "val") != "0" {
			c.numbered = true
		}
	case "ilvl":
		if c.inPPr > 0 && c.pDepth == 1 {
			if v, err := strconv.Atoi(xmldec.Attr(t, "val")); err == nil {
				c.ilvl = v
			}
		}
	case "t":
		if c.inPPr == 0 && c.inRPr == 0 {
			c.inT = true
		}
	case "tab":
		if c.inPPr == 0 && c.pDepth > 0 {
			c.para.WriteByte('\t')
		}
	case "noBreakHyphen":
		if c.inRPr == 0 && c.pDepth > 0 {
			c.para.WriteByte('-')
		}
	case "br", "cr":
		if c.inPPr == 0 && c.inRPr == 0 && c.pDepth > 0 {
			c.para.WriteByte('\n')
		}
	case "footnoteReference":
		if id := xmldec.Attr(t, "id"); id != "" && c.pDepth > 0 {
			c.para.WriteString("[^" + id + "]")
			seen := false
			for _, r := range c.refs {
				if r == id {
					seen = true
					break
				}
			}
			if !seen {
				c.refs = append(c.refs, id)
			}
		}
	case "tbl":
		c.tblDepth++
		if c.tblDepth == 1 {
			c.flushCont()
			c.flushList()
		}
	case "tr":
		if c.tblDepth == 1 {
			c.cells = c.cells[:0]
		}
	case "tc":
		if c.tblDepth == 1 {
			c.inCell = true
			c.cell.Reset()
		}
	}
}

func (c *converter) end(t xml.EndElement) error {
	switch t.Name.Local {
	case "hyperlink":
		if c.link != "" {
			c.para.WriteString(htmltext.LinkEnd(c.link))
			c.link = ""
		}
	case "p":
		if c.pDepth > 0 {
			c.pDepth--
		}
		if c.pDepth == 0 {
			c.endParagraph()
			if err := c.ctx.Err(); err != nil {
				return err
			}
		}
	case "pPr":
		if c.inPPr > 0 {
			c.inPPr--
		}
	case "rPr":
		if c.inRPr > 0 {
			c.inRPr--
		}
	case "t":
		c.inT = false
	case "r":
		c.endRun()
	case "tc":
		if c.tblDepth == 1 && c.inCell {
			c.cells = append(c.cells, cellText(c.cell.String()))
			c.inCell = false
		}
	case "tr":
		if c.tblDepth == 1 && len(c.cells) > 0 {
			c.rows = append(c.rows, "| "+strings.Join(c.cells, " | ")+" |")
			c.cells = c.cells[:0]
		}
	case "tbl":
		if c.tblDepth > 0 {
			c.tblDepth--
		}
		if c.tblDepth == 0 {
			c.flushRows()
		}
	}
	return nil
}

// endRun extends the paragraph's run-in label by the run just read when
// the paragraph so far is all label and the run is set as one (bold, or
// italic when the label started italic), and closes the label at the
// first run that is not.
func (c *converter) endRun() {
	if c.pDepth != 1 || !c.labelOpen {
		return
	}
	text := c.para.String()[c.runAt:]
	if strings.TrimSpace(text) == "" {
		return // a run of spaces neither opens nor ends a label
	}
	mark := ""
	switch {
	case c.runBold:
		mark = "**"
	case c.runItalic:
		mark = "*"
	}
	if mark == "" || (c.mark != "" && mark != c.mark) {
		c.labelOpen = false
		return
	}
	c.mark, c.label = mark, c.para.Len()
}

func (c *converter) finish(notes map[string]string) string {
	c.flushAll()
	if len(c.refs) > 0 && len(notes) > 0 {
		var lines []string
		for _, id := range c.refs {
			if txt, ok := notes[id]; ok {
				lines = append(lines, "[^"+id+"]: "+txt)
			}
		}
		if len(lines) > 0 {
			c.blocks = append(c.blocks, "## Footnotes", strings.Join(lines, "\n"))
		}
	}
	if len(c.blocks) == 0 {
		return ""
	}
	return htmltext.ResolveLinks(strings.Join(c.blocks, "\n\n"), c.ids) + "\n"
}
