package acquire

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/fetch"
	"github.com/lore-kb/lore/core/redact"
)

// IsURL reports whether source names a web resource (http or https) rather
// than a local path.
func IsURL(source string) bool {
	u, err := url.Parse(source)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// byMediaType maps the media types lore reads from the web to the
// extension whose reader handles them.
var byMediaType = map[string]string{
	"text/html":             ".html",
	"application/xhtml+xml": ".html",
	"application/pdf":       ".pdf",
	"text/plain":            ".txt",
	"text/markdown":         ".md",
	"text/x-markdown":       ".md",
	"text/x-tex":            ".tex",
	"application/x-tex":     ".tex",
	"application/epub+zip":  ".epub",
	"application/xml":       ".xml", // read by its root element (readAs)
	"text/xml":              ".xml",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
	"application/zip":              ".zip",
	"application/x-zip-compressed": ".zip",
	"application/x-tar":            ".tar",
	"application/gzip":             ".tgz",
	"application/x-gzip":           ".tgz",
}

// URL downloads one web resource (see fetch.Get: timeouts, a size cap
// enforced while reading, at most 5 redirects, http and https only, a
// non-2xx status is an error naming it) and reads it by its media type,
// from the headers and sniffed from the body: a page (main content, the
// raw markup kept for the sanitizer), a PDF, DOCX or EPUB, text or
// Markdown, or an archive (read in memory under the archive rules). A
// text/plain body whose URL ends in a known text extension (.md, .tex, .ptx)
// is read as that format. Everything from the web is STRANGER.
//
// The result, its documents and its errors name the URL without its
// credentials (user info, secret-looking query parameters: redact.URL); only
// the request itself uses them.
func URL(ctx context.Context, source string, opts Options, fo fetch.Options) (*Result, error) {
	opts = opts.withDefaults()
	full := source
	source = redact.URL(source)
	if fo.MaxBytes == 0 || fo.MaxBytes > opts.MaxFileSize {
		fo.MaxBytes = opts.MaxFileSize
	}
	prog := newProgress(opts.Progress)
	downloaded := func() {}
	if prog.on() {
		// The download is the first part of the work: its bytes, against
		// the size the server announced when it did.
		downloaded = prog.items(0, "bytes")
		prog.item(nameOfURL(source))
		fo.Progress = func(read, total int64) { prog.set(int(read), int(max(total, 0))) }
	}
	got, err := fetch.Get(ctx, full, fo)
	downloaded()
	if err != nil {
		return nil, err
	}
	final := redact.URL(got.URL)
	name := nameOfURL(final)
	ext, ok := byMediaType[got.MediaType]
	if urlExt := strings.ToLower(path.Ext(name)); ok && ext == ".txt" {
		if _, known := formats[urlExt]; known && urlExt != ".txt" && !isBinaryFormat(urlExt) {
			ext = urlExt
		}
	}
	if !ok {
		return nil, &core.InputError{Input: source, Msg: fmt.Sprintf("content type %s is not one lore reads (pages, PDF, DOCX, EPUB, text, Markdown, LaTeX, archives)", got.MediaType), Usage: true}
	}
	res := &Result{Source: source, Documents: []core.Document{}, Skipped: []Problem{}, Ignored: []string{},
		Findings: []core.Finding{}, Errors: []core.AcquireError{}}
	if kind := archiveKindOf("x" + ext); kind != notArchive {
		a := &acquirer{ctx: ctx, opts: opts, res: res, prog: prog}
		if err := a.readArchive(bytes.NewReader(got.Body), int64(len(got.Body)), final, "", kind); err != nil {
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		if len(res.Documents) == 0 && len(res.Findings) == 0 {
			return nil, &core.InputError{Input: source, Msg: noDocuments("archive", res)}
		}
		assembleBooks(res, opts.AllFiles)
		res.what = "archive"
	} else {
		as, err := readAs(ext, got.Body)
		if err != nil {
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		ext = as
		pages, end := prog.parts(name, "pages")
		text, markup, notes, err := decode(ext, got.Body, opts, pages)
		end()
		if err != nil {
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		for _, n := range notes {
			res.Notes = append(res.Notes, Problem{Path: name, Reason: n})
		}
		f := formats[ext]
		res.Documents = append(res.Documents, core.Document{
			Name: name, Path: final, MediaType: got.MediaType, Format: f.format,
			Text: text, Raw: markup, Bytes: int64(len(got.Body)), SHA256: got.SHA256,
		})
	}
	for i := range res.Documents {
		res.Documents[i].Familiarity = core.Stranger
	}
	return res, nil
}

// isBinaryFormat says whether ext is read by a binary reader, which a
// text/plain answer must not be handed to.
func isBinaryFormat(ext string) bool {
	switch ext {
	case ".pdf", ".docx", ".epub":
		return true
	}
	return false
}

// nameOfURL is a document name for a downloaded resource: the last path
// segment, or the host for a site's root.
func nameOfURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	if b := path.Base(u.Path); b != "" && b != "/" && b != "." {
		return b
	}
	return u.Host
}
