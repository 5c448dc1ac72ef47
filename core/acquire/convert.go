package acquire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/asciidoc"
	"github.com/lore-kb/lore/core/acquire/bikeshed"
	"github.com/lore-kb/lore/core/acquire/docx"
	"github.com/lore-kb/lore/core/acquire/epub"
	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/mdx"
	"github.com/lore-kb/lore/core/acquire/pdf"
	"github.com/lore-kb/lore/core/acquire/rfcxml"
	"github.com/lore-kb/lore/core/acquire/rst"
	"github.com/lore-kb/lore/core/acquire/wikitext"
	"github.com/lore-kb/lore/core/acquire/xmldoc"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// converted maps the extensions of documents that are not text to the
// reader that turns them into Markdown text.
var converted = map[string]struct {
	media string
	// read also returns notes on what the document's markup held that
	// its text does not keep as written.
	read func(ctx context.Context, raw []byte) (text, markup string, notes []string, err error)
}{
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", nil}, // read by readDOCX
	".epub": {"application/epub+zip", readEPUB},
	".pdf":  {"application/pdf", readZipped(pdf.Text)},
	".html": {"text/html", readHTML},
	".htm":  {"text/html", readHTML},
	// XHTML: an EPUB's chapters, a book's HTML5 edition as files
	".xhtml": {"application/xhtml+xml", readHTML},
	".xht":   {"application/xhtml+xml", readHTML},
	// an RFC's or a draft's xml2rfc source, as readAs names it
	rfcXMLExt: {"application/rfc+xml", readRFCXML},
	// an XML document of another vocabulary (DocBook, JATS, a XEP), as
	// readAs names it
	xmlDocExt: {"application/xml", readXMLDoc},
	// MediaWiki pages kept as files (BIPs, a wiki's export)
	".mediawiki": {"text/x-wiki", readWiki},
	".wiki":      {"text/x-wiki", readWiki},
	// reStructuredText and AsciiDoc sources (Sphinx and kernel
	// documentation, books), converted as MediaWiki is
	".rst":      {"text/x-rst", readRST},
	".rest":     {"text/x-rst", readRST},
	".adoc":     {"text/asciidoc", readAsciiDoc},
	".asciidoc": {"text/asciidoc", readAsciiDoc},
	// MDX pages (documentation sites' Markdown with components)
	".mdx": {"text/mdx", readMDX},
	// Bikeshed sources (the W3C's and WHATWG's specifications)
	".bs": {"text/x-bikeshed", readBikeshed},
	// ecmarkup sources (TC39's proposals and ECMA-262): HTML whose
	// <emu-alg> steps htmltext keeps a line each
	".emu": {"text/html", readHTML},
}

func init() {
	// Converted documents come out as Markdown, whatever they were.
	for ext, c := range converted {
		formats[ext] = struct {
			format core.Format
			media  string
		}{core.FormatMarkdown, c.media}
	}
}

// decode turns the raw bytes of a document with extension ext into its
// text, and for markup formats also returns the original markup (which the
// sanitizer must see) and notes on what the markup held that the text does
// not keep as written (an HTML page nesting its blocks 10,000 deep). Plain
// text formats are validated by Normalize. pages, when not nil, is told
// how many pages of a PDF are read.
//
// A reader that panics on what the file holds fails that file only: the
// panic becomes its error, so a folder or archive still reads the rest.
func decode(ext string, raw []byte, opts Options, pages func(done, total int)) (text, markup string, notes []string, err error) {
	return decodeIn(ext, raw, opts, pages, nil)
}

// decodeIn is decode counting against *budget, when it is not nil, what
// the document expands to beyond its raw bytes (the parts of a DOCX, the
// text of a PDF or EPUB), and taking that from *budget: an archive's
// total decompressed limit then covers what its entries hold inside. An
// error matching errTotal says the budget is spent.
func decodeIn(ext string, raw []byte, opts Options, pages func(done, total int), budget *int64) (text, markup string, notes []string, err error) {
	defer func() {
		if x := recover(); x != nil {
			text, markup, notes = "", "", nil
			err = fmt.Errorf("internal error reading the %s document: %v", ext, x)
		}
	}()
	if ext == ".docx" {
		text, markup, err = readDOCX(opts.context(), raw, budget)
		return text, markup, nil, err
	}
	text, markup, notes, err = decodeText(ext, raw, opts, pages)
	if err == nil && budget != nil && (ext == ".pdf" || ext == ".epub") {
		if *budget -= int64(len(text)); *budget < 0 {
			return "", "", nil, fmt.Errorf("%w: its text (%s) takes the archive past it", errTotal, HumanBytes(int64(len(text))))
		}
	}
	return text, markup, notes, err
}

// readDOCX reads a Word document, its parts bounded by docx.MaxDocBytes
// and by what is left of *budget when that is not nil.
func readDOCX(ctx context.Context, raw []byte, budget *int64) (string, string, error) {
	limit := int64(docx.MaxDocBytes)
	if budget != nil {
		limit = min(limit, max(*budget, 0))
	}
	text, used, err := docx.TextLimit(ctx, bytes.NewReader(raw), int64(len(raw)), limit)
	if budget != nil {
		*budget -= used
	}
	if err != nil {
		if budget != nil && errors.Is(err, docx.ErrBudget) && limit < docx.MaxDocBytes {
			return "", "", fmt.Errorf("%w: its parts expand past what is left (%w)", errTotal, err)
		}
		return "", "", err
	}
	if len(bytes.TrimSpace([]byte(text))) == 0 {
		return "", "", fmt.Errorf("no text found in the .docx document")
	}
	return text, "", nil
}

func decodeText(ext string, raw []byte, opts Options, pages func(done, total int)) (text, markup string, notes []string, err error) {
	if ext == ".pdf" {
		if use, err := usePdftotext(opts.PDFBackend); err != nil {
			return "", "", nil, err
		} else if use {
			text, err = pdftotext(raw)
			if err == nil && len(bytes.TrimSpace([]byte(text))) == 0 {
				err = fmt.Errorf("no text found in the .pdf document (scanned pages without a text layer?)")
			}
			return text, "", nil, err
		}
	}
	c, ok := converted[ext]
	if !ok {
		text, err = Normalize(raw)
		if invalid := asInvalidUTF8(err); invalid != nil {
			if legacy, note, ok := legacyText(ext, raw, invalid); ok {
				text, err, notes = legacy, nil, []string{note}
			}
		}
		if err == nil && formats[ext].format == core.FormatMarkdown {
			text = codeShortcodes(text)
		}
		if err == nil && ext == ".rbtex" {
			text = rubyTeX(text)
		}
		return text, "", notes, err
	}
	if ext == ".pdf" && pages != nil {
		text, err = pdf.TextProgress(opts.context(), bytes.NewReader(raw), int64(len(raw)), pages)
	} else {
		text, markup, notes, err = c.read(opts.context(), raw)
	}
	if err != nil {
		return "", "", nil, err
	}
	if len(bytes.TrimSpace([]byte(text))) == 0 {
		return "", "", nil, fmt.Errorf("no text found in the %s document", ext)
	}
	return text, markup, notes, nil
}

// declaredCharset is an HTML page that is not UTF-8 decoded from the
// character set it declares (tex4ht writes ISO-8859-1 and says so in its
// XML declaration and <meta>); a page that is UTF-8 already, or declares
// nothing lore knows, is returned as it is, for Normalize to judge.
func declaredCharset(raw []byte) []byte {
	if utf8.Valid(raw) {
		return raw
	}
	m := charsetDecl.FindSubmatch(raw[:min(len(raw), 2048)])
	if m == nil {
		return raw
	}
	name := string(m[1])
	if name == "" {
		name = string(m[2])
	}
	enc, err := htmlindex.Get(name)
	if err != nil || enc == nil {
		return raw
	}
	out, err := enc.NewDecoder().Bytes(raw)
	if err != nil {
		return raw
	}
	return out
}

// charsetDecl is the character set an XML declaration or a <meta> names.
var charsetDecl = lazyre.New(`(?i)<\?xml[^>]*\sencoding=["']([A-Za-z0-9._-]+)["']|<meta[^>]*charset=["']?([A-Za-z0-9._-]+)`)

// codeShortcodes reads a Markdown page's code shortcodes as the fenced
// blocks a reader of the rendered page sees (text.CodeShortcodes).
func codeShortcodes(s string) string { return text.CodeShortcodes(s) }

// readZipped adapts a reader of a binary format (zip-based, PDF). The
// readers bound what they decompress themselves, so no deadline is needed
// here; ctx is the acquisition's, for cancellation.
func readZipped(read func(context.Context, io.ReaderAt, int64) (string, error)) func(context.Context, []byte) (string, string, []string, error) {
	return func(ctx context.Context, raw []byte) (string, string, []string, error) {
		t, err := read(ctx, bytes.NewReader(raw), int64(len(raw)))
		return t, "", nil, err
	}
}

// readRFCXML reads an RFC's or a draft's xml2rfc source as the Markdown a
// draft is also written in; the XML is the markup the sanitizer sees.
func readRFCXML(_ context.Context, raw []byte) (string, string, []string, error) {
	t, err := rfcxml.Markdown(bytes.NewReader(raw))
	return t, string(raw), nil, err
}

// readXMLDoc reads an XML document of a vocabulary lore has no reader of
// its own for as the HTML page its elements mean (xmldoc).
func readXMLDoc(ctx context.Context, raw []byte) (string, string, []string, error) {
	page, err := xmldoc.HTML(bytes.NewReader(raw))
	if err != nil {
		return "", "", nil, err
	}
	t, _, notes, err := readHTML(ctx, []byte(page))
	return t, string(raw), notes, err
}

// readEPUB reads a book with the notes its documents' markup calls for.
func readEPUB(ctx context.Context, raw []byte) (string, string, []string, error) {
	t, notes, err := epub.TextNotes(ctx, bytes.NewReader(raw), int64(len(raw)))
	return t, "", notes, err
}

func readHTML(ctx context.Context, raw []byte) (string, string, []string, error) {
	page, err := Normalize(declaredCharset(raw))
	if err != nil {
		return "", "", nil, err
	}
	if bikeshed.IsSource(page) {
		// a Bikeshed source named .html (index.src.html): its
		// Markdown, shorthands and definition lists are Bikeshed's
		return readBikeshed(ctx, []byte(page))
	}
	if isMarkdeep(page) {
		return markdeepText(page), page, nil, nil
	}
	body, title, nest := htmltext.Read(page)
	if strings.Contains(page, "respecConfig") {
		// a ReSpec source: its shorthands print as Bikeshed's do
		body = bikeshed.Shorthands(body)
	}
	var notes []string
	if note := nest.Note("the page"); note != "" {
		notes = []string{note}
	}
	if body == "" {
		return "", page, notes, nil
	}
	// The page's title goes first as front matter, as the EPUB and PDF
	// readers write theirs, so that the analysis (and the skill made of it)
	// knows the page by its title rather than by its file name.
	return text.FrontMatter(title) + body, page, notes, nil
}

// readWiki reads MediaWiki markup as Markdown, the page's title (a BIP's
// preamble names it) as front matter; the markup is what the sanitizer
// sees.
func readWiki(_ context.Context, raw []byte) (string, string, []string, error) {
	page, err := Normalize(raw)
	if err != nil {
		return "", "", nil, err
	}
	body, title := wikitext.Markdown(page)
	return text.FrontMatter(title) + body, page, nil, nil
}

// readMDX reads MDX as the Markdown it renders; the markup is what the
// sanitizer sees.
func readMDX(_ context.Context, raw []byte) (string, string, []string, error) {
	page, err := Normalize(raw)
	if err != nil {
		return "", "", nil, err
	}
	return mdx.Markdown(page), page, nil, nil
}

// readRST reads reStructuredText as Markdown, its first title as front
// matter; the markup is what the sanitizer sees.
func readRST(_ context.Context, raw []byte) (string, string, []string, error) {
	page, err := Normalize(raw)
	if err != nil {
		return "", "", nil, err
	}
	body, title, notes := rst.Markdown(page)
	if t := text.HeaderTitle(page); t != "" {
		title = t // a PEP's "Title:" header names it, not its first section
	}
	return text.FrontMatter(title) + body, page, notes, nil
}

// readAsciiDoc reads AsciiDoc as Markdown, its title as front matter; the
// markup is what the sanitizer sees.
func readAsciiDoc(_ context.Context, raw []byte) (string, string, []string, error) {
	page, err := Normalize(raw)
	if err != nil {
		return "", "", nil, err
	}
	body, title, notes := asciidoc.Markdown(page)
	return text.FrontMatter(title) + body, page, notes, nil
}

// readBikeshed reads a Bikeshed source as Markdown, the title its metadata
// names as front matter; the source is what the sanitizer sees.
func readBikeshed(_ context.Context, raw []byte) (string, string, []string, error) {
	src, err := Normalize(raw)
	if err != nil {
		return "", "", nil, err
	}
	body, title := bikeshed.Markdown(src)
	return text.FrontMatter(title) + body, src, nil, nil
}
