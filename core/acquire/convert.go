package acquire

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/docx"
	"github.com/lore-kb/lore/core/acquire/epub"
	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/pdf"
)

// converted maps the extensions of documents that are not text to the
// reader that turns them into Markdown text.
var converted = map[string]struct {
	media string
	read  func(raw []byte) (text, markup string, err error)
}{
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", readZipped(docx.Text)},
	".epub": {"application/epub+zip", readZipped(epub.Text)},
	".pdf":  {"application/pdf", readZipped(pdf.Text)},
	".html": {"text/html", readHTML},
	".htm":  {"text/html", readHTML},
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
// sanitizer must see). Plain text formats are validated by Normalize.
// pages, when not nil, is told how many pages of a PDF are read.
func decode(ext string, raw []byte, opts Options, pages func(done, total int)) (text, markup string, err error) {
	if ext == ".pdf" {
		if use, err := usePdftotext(opts.PDFBackend); err != nil {
			return "", "", err
		} else if use {
			text, err = pdftotext(raw)
			if err == nil && len(bytes.TrimSpace([]byte(text))) == 0 {
				err = fmt.Errorf("no text found in the .pdf document (scanned pages without a text layer?)")
			}
			return text, "", err
		}
	}
	c, ok := converted[ext]
	if !ok {
		text, err = Normalize(raw)
		return text, "", err
	}
	if ext == ".pdf" && pages != nil {
		text, err = pdf.TextProgress(context.Background(), bytes.NewReader(raw), int64(len(raw)), pages)
	} else {
		text, markup, err = c.read(raw)
	}
	if err != nil {
		return "", "", err
	}
	if len(bytes.TrimSpace([]byte(text))) == 0 {
		return "", "", fmt.Errorf("no text found in the %s document", ext)
	}
	return text, markup, nil
}

// readZipped adapts a reader of a binary format (zip-based, PDF). The
// readers bound what they decompress themselves, so no deadline is needed
// here.
func readZipped(read func(context.Context, io.ReaderAt, int64) (string, error)) func([]byte) (string, string, error) {
	return func(raw []byte) (string, string, error) {
		t, err := read(context.Background(), bytes.NewReader(raw), int64(len(raw)))
		return t, "", err
	}
}

func readHTML(raw []byte) (string, string, error) {
	page, err := Normalize(raw)
	if err != nil {
		return "", "", err
	}
	return htmltext.Text(page), page, nil
}
