// Package epub turns an EPUB (2 or 3) book into Markdown-flavoured text in
// reading (spine) order.
//
// The book is read as a zip with archive/zip: META-INF/container.xml names
// the package document (OPF), whose manifest and spine give the content
// documents in reading order. Each XHTML document is tokenized with
// encoding/xml in its lenient HTML mode; headings become `#` headings,
// paragraphs and blocks become paragraphs, list items become "- " items;
// theorem-like containers, links between them and run-in labels are kept
// as the HTML reader keeps them (htmltext.Fence), links resolved across
// the book's documents once all are read.
// Scripts, styles, navigation documents and the NCX are left out of the
// text; the table of contents they hold marks the headings of pages that
// set them as plain paragraphs (toc.go).
//
// Every entry read is bounded (MaxEntryBytes decompressed each, and
// MaxTotalBytes for the whole book), counted as the bytes come out of the
// decompressor, whatever the zip headers claim.
package epub

import (
	"github.com/lore-kb/lore/core/text"

	"archive/zip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/xmldec"
)

// Limits on what one book may make the reader decompress.
const (
	MaxEntryBytes = 50 << 20
	MaxTotalBytes = 200 << 20
)

// ErrNotEPUB reports a zip without a usable META-INF/container.xml.
var ErrNotEPUB = errors.New("not an EPUB file (no META-INF/container.xml)")

// ErrTooLarge reports an entry, or a book, beyond the limits.
var ErrTooLarge = errors.New("epub: too large")

// Text returns the text of the EPUB held in r (size bytes long), spine
// items in order, separated by blank lines. Lines end in "\n".
func Text(ctx context.Context, r io.ReaderAt, size int64) (string, error) {
	text, _, err := TextNotes(ctx, r, size)
	return text, err
}

// TextNotes is Text, also returning notes on what the book's markup held
// that its text does not keep as written (see htmltext.Nesting), one per
// document at most, each naming the document ("ch3.xhtml nests …").
func TextNotes(ctx context.Context, r io.ReaderAt, size int64) (string, []string, error) {
	if err := ctx.Err(); err != nil {
		return "", nil, err
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return "", nil, fmt.Errorf("epub: corrupt or not a zip archive: %w", err)
	}
	b := &book{ctx: ctx, files: map[string]*zip.File{}, budget: MaxTotalBytes}
	for _, f := range zr.File {
		if _, dup := b.files[f.Name]; !dup {
			b.files[f.Name] = f
		}
	}
	text, err := b.text()
	return text, b.notes, err
}

type book struct {
	ctx context.Context
	// ids are the ids of the theorem-like blocks read so far: links to
	// them, from any document of the book, are references.
	ids map[string]bool
	// styles are the classes the book's style sheets set bold or
	// italic.
	styles    htmltext.Styles
	sheetRead int // bytes of style sheets read
	files     map[string]*zip.File
	budget    int64
	// notes say what documents' markup held that their text does not
	// keep as written.
	notes []string
}

// open returns a bounded reader over the named entry.
func (b *book) open(name string) (io.ReadCloser, error) {
	f := b.files[name]
	if f == nil {
		return nil, fmt.Errorf("epub: missing entry %s", name)
	}
	if f.UncompressedSize64 > MaxEntryBytes {
		return nil, fmt.Errorf("%w: %s declares %d bytes (limit %d)", ErrTooLarge, name, f.UncompressedSize64, MaxEntryBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("epub: corrupt zip entry %s: %w", name, err)
	}
	return &bounded{r: rc, c: rc, left: MaxEntryBytes, book: b, name: name}, nil
}

type bounded struct {
	r    io.Reader
	c    io.Closer
	left int64
	book *book
	name string
}

func (l *bounded) Read(p []byte) (int, error) {
	if l.left <= 0 || l.book.budget <= 0 {
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			if l.left <= 0 {
				return 0, fmt.Errorf("%w: entry %s exceeds %d bytes", ErrTooLarge, l.name, int64(MaxEntryBytes))
			}
			return 0, fmt.Errorf("%w: book exceeds %d decompressed bytes", ErrTooLarge, int64(MaxTotalBytes))
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	if int64(len(p)) > l.book.budget {
		p = p[:l.book.budget]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	l.book.budget -= int64(n)
	return n, err
}

func (l *bounded) Close() error { return l.c.Close() }

// newDecoder reads XHTML content documents, where HTML's void elements
// (br, img, meta) may be left unclosed.
func newDecoder(r io.Reader) *xml.Decoder { return xmldec.New(r, true) }

// newPackageDecoder reads the container and package documents. They are
// XML, not HTML: EPUB 3's <meta property="…">value</meta> has content, so
// closing <meta> implicitly as HTML's void element would turn its end tag
// into a syntax error.
func newPackageDecoder(r io.Reader) *xml.Decoder { return xmldec.New(r, false) }

type container struct {
	Rootfiles []struct {
		FullPath  string `xml:"full-path,attr"`
		MediaType string `xml:"media-type,attr"`
	} `xml:"rootfiles>rootfile"`
}

type opfPackage struct {
	// Titles are the book's dc:title elements (EPUB 2 and 3 alike); the
	// first is its main title.
	Titles []string `xml:"metadata>title"`
	Items  []struct {
		ID         string `xml:"id,attr"`
		Href       string `xml:"href,attr"`
		MediaType  string `xml:"media-type,attr"`
		Properties string `xml:"properties,attr"`
		Fallback   string `xml:"fallback,attr"`
	} `xml:"manifest>item"`
	Spine struct {
		Toc      string `xml:"toc,attr"`
		Itemrefs []struct {
			IDRef string `xml:"idref,attr"`
		} `xml:"itemref"`
	} `xml:"spine"`
}

func (b *book) decode(name string, v any) error {
	rc, err := b.open(name)
	if err != nil {
		return err
	}
	defer rc.Close()
	if err := newPackageDecoder(rc).Decode(v); err != nil {
		return fmt.Errorf("epub: %s: %w", name, err)
	}
	return nil
}

// rootfile returns the OPF path named by META-INF/container.xml.
func (b *book) rootfile() (string, error) {
	if b.files["META-INF/container.xml"] == nil {
		return "", ErrNotEPUB
	}
	var c container
	if err := b.decode("META-INF/container.xml", &c); err != nil {
		return "", err
	}
	for _, rf := range c.Rootfiles {
		mt := strings.TrimSpace(rf.MediaType)
		if rf.FullPath != "" && (mt == "" || mt == "application/oebps-package+xml") {
			p, ok := b.resolve("", rf.FullPath)
			if !ok {
				return "", fmt.Errorf("epub: package document %q not found", rf.FullPath)
			}
			return p, nil
		}
	}
	return "", errors.New("epub: META-INF/container.xml names no package document")
}

// resolve turns href, relative to directory dir inside the zip, into an
// entry name that exists. Fragments are dropped, percent-escapes decoded;
// hrefs with a scheme or escaping the root are refused.
func (b *book) resolve(dir, href string) (string, bool) {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	href = strings.TrimSpace(href)
	if href == "" || strings.Contains(href, ":") && !strings.HasPrefix(href, "./") {
		if u, err := url.Parse(href); href == "" || err != nil || u.Scheme != "" {
			return "", false
		}
	}
	cands := []string{href}
	if dec, err := url.PathUnescape(href); err == nil && dec != href {
		cands = []string{dec, href}
	}
	for _, c := range cands {
		var p string
		if strings.HasPrefix(c, "/") {
			p = path.Clean(c[1:])
		} else {
			p = path.Clean(path.Join(dir, c))
		}
		if p == "." || p == ".." || strings.HasPrefix(p, "../") {
			continue
		}
		if _, ok := b.files[p]; ok {
			return p, true
		}
	}
	return "", false
}

func isXHTML(mediaType, name string) bool {
	switch strings.ToLower(strings.TrimSpace(mediaType)) {
	case "application/xhtml+xml", "text/html", "application/html":
		return true
	case "":
		ext := strings.ToLower(path.Ext(name))
		return ext == ".xhtml" || ext == ".html" || ext == ".htm"
	}
	return false
}

func (b *book) text() (string, error) {
	opfPath, err := b.rootfile()
	if err != nil {
		return "", err
	}
	var pkg opfPackage
	if err := b.decode(opfPath, &pkg); err != nil {
		return "", err
	}
	dir := path.Dir(opfPath)
	if dir == "." {
		dir = ""
	}
	type item struct{ name, mediaType, props, fallback string }
	manifest := map[string]item{}
	for _, it := range pkg.Items {
		if it.ID == "" {
			continue
		}
		name, ok := b.resolve(dir, it.Href)
		if !ok {
			continue
		}
		if _, dup := manifest[it.ID]; !dup {
			manifest[it.ID] = item{name: name, mediaType: it.MediaType, props: it.Properties, fallback: it.Fallback}
		}
	}
	for _, it := range pkg.Items {
		if strings.EqualFold(strings.TrimSpace(it.MediaType), "text/css") {
			if name, ok := b.resolve(dir, it.Href); ok {
				if err := b.styleSheet(name); err != nil {
					return "", err
				}
			}
		}
	}
	navName, ncxName := "", ""
	for _, ref := range pkg.Items {
		it, ok := manifest[ref.ID]
		if !ok {
			continue
		}
		if navName == "" && hasToken(it.props, "nav") && isXHTML(it.mediaType, it.name) {
			navName = it.name
		}
		if ref.ID == pkg.Spine.Toc || ncxName == "" && strings.EqualFold(strings.TrimSpace(it.mediaType), "application/x-dtbncx+xml") {
			ncxName = it.name
		}
	}
	toc := b.readTOC(navName, ncxName)
	var parts []string
	seen := map[string]bool{}
	for _, ref := range pkg.Spine.Itemrefs {
		if err := b.ctx.Err(); err != nil {
			return "", err
		}
		it, ok := manifest[ref.IDRef]
		if !ok || ref.IDRef == pkg.Spine.Toc {
			continue
		}
		// EPUB 3 lets a spine item of another type (SVG, an image) name
		// an XHTML fallback; the chain is followed a few steps, never
		// round in a circle.
		for hops := 0; !isXHTML(it.mediaType, it.name) && it.fallback != "" && hops < 8; hops++ {
			next, ok := manifest[it.fallback]
			if !ok {
				break
			}
			it = next
		}
		if seen[it.name] {
			continue
		}
		seen[it.name] = true
		if hasToken(it.props, "nav") || !isXHTML(it.mediaType, it.name) {
			continue
		}
		txt, err := b.document(it.name, toc[it.name])
		if err != nil {
			return "", err
		}
		if txt != "" {
			parts = append(parts, txt)
		}
	}
	if err := b.ctx.Err(); err != nil {
		return "", err
	}
	if len(parts) == 0 {
		return "", nil
	}
	return frontMatter(pkg.Titles) + htmltext.DropTermMarks(htmltext.ResolveLinks(strings.Join(parts, "\n\n"), b.ids)) + "\n", nil
}

// frontMatter carries the book's first non-blank title into its text, so
// the analysis (and the skill made of it) knows the book by its title
// rather than by its file name.
func frontMatter(titles []string) string {
	for _, t := range titles {
		if fm := text.FrontMatter(t); fm != "" {
			return fm
		}
	}
	return ""
}

func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(list) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// styleSheet reads one of the book's style sheets into b.styles, up to
// htmltext.MaxStyleSheet in all; a damaged or oversized one is skipped,
// as a reader would show the book in its default style.
func (b *book) styleSheet(name string) error {
	if b.sheetRead >= htmltext.MaxStyleSheet || b.files[name] == nil {
		return nil
	}
	rc, err := b.open(name)
	if err != nil {
		return b.ctx.Err()
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, int64(htmltext.MaxStyleSheet-b.sheetRead)))
	if err != nil {
		return b.ctx.Err()
	}
	b.sheetRead += len(data)
	b.styles = htmltext.ParseStyles(string(data), b.styles)
	return nil
}

func (b *book) document(name string, toc []tocEntry) (string, error) {
	rc, err := b.open(name)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	if b.ids == nil {
		b.ids = map[string]bool{}
	}
	txt, nest, err := xhtmlRead(b.ctx, rc, b.ids, b.styles, toc)
	if note := nest.Note(name); note != "" {
		b.notes = append(b.notes, note)
	}
	var syn *xml.SyntaxError
	if errors.As(err, &syn) {
		// A damaged document keeps the text read before the damage.
		return txt, nil
	}
	if err != nil {
		return "", fmt.Errorf("epub: %s: %w", name, err)
	}
	return txt, nil
}
