// Package acquire turns a source string into normalized documents: it reads
// local files, walks folders and opens archives (.zip, .tar, .tar.gz, .tgz,
// in memory, see archive.go), rejects what is not a readable text document
// with an error naming the input, and normalizes what it keeps (UTF-8, no
// BOM, "\n" line endings). It never writes anything.
package acquire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/fetch"
)

// DefaultMaxFileSize is the per-file limit: 50 MiB.
const DefaultMaxFileSize = 50 << 20

// Options tune acquisition. Zero fields take their defaults.
type Options struct {
	// MaxFileSize is the largest file or archive entry read; 0 means
	// DefaultMaxFileSize.
	MaxFileSize int64
	// MaxTotalSize caps the bytes decompressed from all the archives of one
	// source, counted while decompressing; 0 means DefaultMaxTotalSize.
	MaxTotalSize int64
	// MaxEntries caps the archive entries read from one source, all the
	// archives of a folder together; 0 means DefaultMaxEntries.
	MaxEntries int
	// MaxCompressionRatio is the largest decompressed:compressed ratio of
	// an archive entry over 1 MiB; 0 means DefaultMaxCompressionRatio.
	MaxCompressionRatio int
	// Scope, when not empty, limits a folder to the files whose path
	// relative to it matches an entry (see InScope).
	Scope []string
	// PDFBackend chooses the PDF reader: "" or "go" (lore's own, the
	// default: it also recovers headings), "pdftotext" (poppler's tool,
	// which must be installed), or "auto" (pdftotext when installed, else
	// lore's own).
	PDFBackend string
	// Progress, when set, is told how far acquisition is: done of total
	// files of a folder or repository, entries of an archive or pages of
	// a PDF, and in detail what is being read ("book.pdf · pages", or
	// "docs.zip › ch1.pdf · pages 12/127" for a part of one item). It is
	// called on the acquiring goroutine after every unit, so it must be
	// quick; done never decreases.
	Progress func(done, total int, detail string)
	// AllFiles learns, beside a book, the files of its folder its main
	// file does not include (older drafts, chapters commented out), each
	// a document of its own; without it they are left out and named in
	// Result.NotIncluded.
	AllFiles bool
	// Web tunes the download of a web source (an http or https URL that
	// is not a repository): its resolver, and whether it is fetched for a
	// client on the network (fetch.Options.Remote).
	Web fetch.Options

	// ctx is the acquisition's context, set by Source and Local, so that
	// the readers of one document (a PDF of many pages) stop when it ends.
	ctx context.Context
}

// context returns the acquisition's context, or a background one for
// options used outside Source and Local.
func (o Options) context() context.Context {
	if o.ctx != nil {
		return o.ctx
	}
	return context.Background()
}

// InScope reports whether rel (slash-separated, relative to the source)
// is selected by scope: an entry ending in "/" selects everything under that
// folder, any other entry selects exactly that path. An empty scope selects
// everything.
func InScope(rel string, scope []string) bool {
	if len(scope) == 0 {
		return true
	}
	for _, e := range scope {
		e = strings.TrimPrefix(e, "./")
		if strings.HasSuffix(e, "/") && strings.HasPrefix(rel, e) || rel == e {
			return true
		}
	}
	return false
}

func (o Options) withDefaults() Options {
	if o.MaxFileSize <= 0 {
		o.MaxFileSize = DefaultMaxFileSize
	}
	if o.MaxTotalSize <= 0 {
		o.MaxTotalSize = DefaultMaxTotalSize
	}
	if o.MaxEntries <= 0 {
		o.MaxEntries = DefaultMaxEntries
	}
	if o.MaxCompressionRatio <= 0 {
		o.MaxCompressionRatio = DefaultMaxCompressionRatio
	}
	return o
}

// Problem is a non-fatal issue with one file of a folder or one archive
// entry: it was skipped and the rest acquired.
type Problem struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Result is what a source yielded.
//
// Names relative to the source (Document.Name, Skipped, Ignored) write an
// archive entry as "archive!entry", or just "entry" when the source is the
// archive itself; paths (Document.Path, Errors, Findings) write it as the
// archive's path, "!", then the entry.
type Result struct {
	Source    string          `json:"source"`
	Documents []core.Document `json:"documents"`
	// Skipped lists every file or archive entry that was not acquired,
	// with why: each has its cause in Errors or in Findings.
	Skipped []Problem `json:"skipped"`
	// Ignored lists files and archive entries whose type lore does not read.
	Ignored []string `json:"ignored"`
	// Findings are what acquiring found hostile: archive entry names that
	// escape or collide, links (path-traversal, critical), binary content
	// under a text extension (content-type-mismatch, warning).
	Findings []core.Finding `json:"findings"`
	// Errors are the non-fatal problems: unreadable files and entries,
	// limits reached. Fatal problems are returned as the error instead.
	Errors []core.AcquireError `json:"errors"`
	// Notes are about documents that were read, but not quite as written:
	// what their markup held that their text does not keep (an HTML page
	// nesting its blocks 10,000 deep, whose deepest are read as plain
	// text). Reason says what, and names the part of the document
	// concerned (an EPUB's XHTML document) when there is one.
	Notes []Problem `json:"notes,omitempty"`
	// OutOfScope counts the files left out by Options.Scope.
	OutOfScope int `json:"outOfScope"`
	// NotIncluded names the files of a book's folder its main files do
	// not include, left out (see Options.AllFiles); a note says it too.
	NotIncluded *NotIncluded `json:"notIncluded,omitempty"`

	// what the source was ("file", "folder", "archive", "repository"),
	// for NothingToLearn.
	what string
	// undeclared holds the raw bytes of the LaTeX files read as
	// Windows-1252 for want of a declared encoding, by name, until their
	// main file's is known (inheritEncodings).
	undeclared map[string][]byte
	// scans are a folder's PDFs that are images only (see scanned), for
	// one OCR advice however many there are.
	scans []scannedPDF
	// passed holds the binaries judged before the source's skill folders
	// were known (judgeSkillBinaries).
	passed []passedBinary
}

// formats maps supported extensions to the document format and media type.
//
// Scripts and configuration files are documents too, read as plain text and
// never run: agent skills ship them next to their SKILL.md, and hostile
// instructions hide in them as easily as in prose, so the sanitizer must
// see them. They are read from folders as well as from archives, so that a
// skill scanned unpacked yields the same documents as the same skill zipped.
var formats = map[string]struct {
	format core.Format
	media  string
}{
	".md":       {core.FormatMarkdown, "text/markdown"},
	".markdown": {core.FormatMarkdown, "text/markdown"},
	".txt":      {core.FormatText, "text/plain"},
	".tex":      {core.FormatLaTeX, "text/x-tex"},
	// LaTeX sources some authors name otherwise (a book's chapters as
	// "1-introduction.ltx")
	".ltx":   {core.FormatLaTeX, "text/x-tex"},
	".latex": {core.FormatLaTeX, "text/x-tex"},
	// LaTeX with embedded Ruby (see rubyTeX)
	".rbtex": {core.FormatLaTeX, "text/x-tex"},
	".ptx":   {core.FormatPreTeXt, "application/x-pretext+xml"},
	// .xml is read as what its root element says (see readAs): PreTeXt or
	// XHTML; this entry only admits the name.
	".xml":  {core.FormatText, "application/xml"},
	".js":   {core.FormatText, "text/javascript"},
	".mjs":  {core.FormatText, "text/javascript"},
	".cjs":  {core.FormatText, "text/javascript"},
	".ts":   {core.FormatText, "text/x-typescript"},
	".py":   {core.FormatText, "text/x-python"},
	".rb":   {core.FormatText, "text/x-ruby"},
	".pl":   {core.FormatText, "text/x-perl"},
	".sh":   {core.FormatText, "text/x-shellscript"},
	".bash": {core.FormatText, "text/x-shellscript"},
	".zsh":  {core.FormatText, "text/x-shellscript"},
	".ps1":  {core.FormatText, "text/x-powershell"},
	".json": {core.FormatText, "application/json"},
	".yaml": {core.FormatText, "application/yaml"},
	".yml":  {core.FormatText, "application/yaml"},
	".toml": {core.FormatText, "application/toml"},
}

// FormatOf returns the format lore reads a file of this name in (by its
// extension, case-insensitively), and plain text for any other name.
func FormatOf(name string) core.Format {
	if f, ok := formats[strings.ToLower(filepath.Ext(name))]; ok {
		return f.format
	}
	return core.FormatText
}

// SupportedExtensions lists the document extensions acquire reads, sorted.
func SupportedExtensions() []string {
	out := make([]string, 0, len(formats))
	for ext := range formats {
		if ext == rfcXMLExt || ext == xmlDocExt {
			continue // readers an .xml file's root chooses, no file's extension
		}
		out = append(out, ext)
	}
	sort.Strings(out)
	return out
}

// Local acquires a local file, archive or folder. A single file must be a
// supported, readable text document; an archive (see ArchiveExtensions) is
// read in memory and must hold at least one; a folder is walked in sorted
// order (skipping .git, node_modules and hidden folders), the archives in it
// are opened (one level deep), and it must contain at least one. Errors are
// *core.InputError naming the input: a missing or unreadable input, a
// corrupt archive, a source without documents.
func Local(ctx context.Context, source string, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	opts.ctx = ctx
	info, err := os.Stat(source)
	if err != nil {
		return nil, &core.InputError{Input: source, Msg: describeOpenError(err), Usage: true}
	}
	if what := notRegular(info); what != "" {
		// Opening a FIFO blocks until a writer comes, and a device never
		// ends: refuse before opening.
		return nil, &core.InputError{Input: source, Msg: what, Usage: true}
	}
	res := &Result{Source: source, Documents: []core.Document{}, Skipped: []Problem{}, Ignored: []string{},
		Findings: []core.Finding{}, Errors: []core.AcquireError{}}
	a := &acquirer{ctx: ctx, opts: opts, res: res, prog: newProgress(opts.Progress)}
	if kind := archiveKindOf(source); !info.IsDir() && kind != notArchive {
		if err := a.openArchive(source, "", kind); err != nil {
			if ctx.Err() != nil {
				return nil, &core.InputError{Input: source, Err: err}
			}
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		// An archive whose entries were all refused was still read: what
		// was found about it is the result.
		if len(res.Documents) == 0 && len(res.Findings) == 0 {
			return nil, &core.InputError{Input: source, Msg: noDocuments("archive", res)}
		}
		assembleBooks(res, opts.AllFiles)
		res.what = "archive"
		return res, nil
	}
	if !info.IsDir() {
		name := filepath.Base(source)
		pages, end := a.prog.parts(name, "pages")
		why, err := a.readLocal(source, name, info, pages)
		end()
		if err != nil {
			if ctx.Err() != nil {
				// Stopped, not a bad file: the caller sees the cancellation.
				return nil, &core.InputError{Input: source, Err: ctx.Err()}
			}
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		if len(res.Documents) == 0 && len(res.Findings) == 0 {
			// A binary lore has nothing to say about (an image, a font):
			// the source named the wrong file. An empty one was opened
			// and could not be used, as an empty document is (exit 1).
			return nil, &core.InputError{Input: source, Msg: why, Usage: why != whyEmpty}
		}
		readChapterInBook(source, res)
		res.what = "file"
		return res, nil
	}
	var todo []walked
	err = filepath.WalkDir(source, func(path string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		rel, _ := filepath.Rel(source, path)
		rel = filepath.ToSlash(rel)
		if err != nil {
			a.problem(rel, path, describeOpenError(err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != source && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		if !InScope(rel, opts.Scope) {
			res.OutOfScope++
			return nil
		}
		kind := archiveKindOf(d.Name())
		if !d.Type().IsRegular() {
			what := "not a regular file"
			if info, err := d.Info(); err == nil {
				what = notRegular(info)
			}
			a.problem(rel, path, what)
			return nil
		}
		// Read once the walk is over, so that progress has a total.
		todo = append(todo, walked{path: path, rel: rel, d: d, kind: kind})
		return nil
	})
	if err == nil {
		err = a.readWalked(todo)
	}
	if err != nil {
		return nil, &core.InputError{Input: source, Err: err}
	}
	a.adviseScans(source)
	if len(res.Documents) == 0 && len(res.Findings) == 0 {
		if res.OutOfScope > 0 && len(res.Skipped) == 0 {
			return nil, &core.InputError{Input: source, Msg: fmt.Sprintf("no document matches --scope %s (%d file(s) outside it)", strings.Join(opts.Scope, ","), res.OutOfScope), Usage: true}
		}
		// A folder with nothing lore reads was the wrong folder; one whose
		// documents could not be read was read.
		return nil, &core.InputError{Input: source, Msg: noDocuments("folder", res), Usage: len(res.Skipped) == 0}
	}
	assembleBooks(res, opts.AllFiles)
	res.what = "folder"
	return res, nil
}

// walked is a file of a folder, found by the walk and read after it.
type walked struct {
	path, rel string
	d         fs.DirEntry
	kind      archiveKind
}

// readWalked reads the documents and archives a folder walk found, in
// order; its error is the context's, when it ends first.
func (a *acquirer) readWalked(todo []walked) error {
	defer a.prog.items(len(todo), "files")()
	for _, w := range todo {
		if err := a.ctx.Err(); err != nil {
			return err
		}
		a.prog.item(w.rel)
		if err := a.readWalkedFile(w); err != nil {
			return err
		}
		a.prog.step()
	}
	return nil
}

// readWalkedFile reads one file of a folder into the result; only the
// context ending is an error, any other problem is recorded.
func (a *acquirer) readWalkedFile(w walked) error {
	path, rel := w.path, w.rel
	if w.kind != notArchive {
		if err := a.openArchive(path, rel, w.kind); err != nil {
			if cerr := a.ctx.Err(); cerr != nil {
				return cerr
			}
			a.problem(rel, path, err.Error())
		}
		return nil
	}
	fi, err := w.d.Info()
	if err != nil {
		a.problem(rel, path, describeOpenError(err))
		return nil
	}
	pages, end := a.prog.parts(rel, "pages")
	why, err := a.readLocal(path, rel, fi, pages)
	end()
	switch {
	case err != nil:
		if !a.scanned(rel, path, err) {
			a.problem(rel, path, err.Error())
		}
	case why != "":
		a.res.Ignored = append(a.res.Ignored, rel)
	}
	return nil
}

// readLocal reads one local file into the result, judged by its content
// (see take), telling pages, when not nil, how far the pages of a PDF are.
// It returns why a file that is no document and no finding was passed
// over, or the error that kept it from being read, in a phrase that
// follows the file's name.
func (a *acquirer) readLocal(path, rel string, info fs.FileInfo, pages func(done, total int)) (string, error) {
	ext := strings.ToLower(filepath.Ext(path))
	raw, partial, err := readRaw(path, ext, info, a.opts)
	if err != nil {
		return "", err
	}
	doc, why, err := a.take(item{display: rel, file: visible(path), loc: visible(path), ext: ext, raw: raw, partial: partial},
		func(ext string, raw []byte) (string, string, []string, error) { return decode(ext, raw, a.opts, pages) })
	if err != nil || doc == nil {
		return why, err
	}
	doc.Name, doc.Path, doc.Familiarity = rel, path, core.Home
	a.res.Documents = append(a.res.Documents, *doc)
	return "", nil
}

// noDocuments explains why a folder or archive yielded nothing: every
// file it skipped, each with its reason (the first few, and how many
// more), so that a person fixes them all at once.
func noDocuments(what string, res *Result) string {
	if len(res.scans) > 1 {
		return what + " contains no readable documents: " + scansAdvice(res.scans) + otherSkipped(res)
	}
	if len(res.Skipped) > 0 {
		return fmt.Sprintf("%s contains no readable documents (%d skipped: %s)", what, len(res.Skipped),
			listed(len(res.Skipped), func(i int) string { return res.Skipped[i].Path + ": " + res.Skipped[i].Reason }))
	}
	return what + " contains no supported documents (" + whatLoreReads() + ")"
}

// shownSkipped is how many skipped files an error names before it counts
// the rest.
const shownSkipped = 5

// listed joins the first shownSkipped of n items, and says how many more
// there are.
func listed(n int, item func(i int) string) string {
	parts := make([]string, 0, min(n, shownSkipped)+1)
	for i := range min(n, shownSkipped) {
		parts = append(parts, item(i))
	}
	if n > shownSkipped {
		parts = append(parts, fmt.Sprintf("and %d more", n-shownSkipped))
	}
	return strings.Join(parts, "; ")
}

// skipDir reports folders that never hold source documents: version control,
// dependencies and hidden folders.
func skipDir(name string) bool {
	return name == "node_modules" || strings.HasPrefix(name, ".")
}

func describeOpenError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// readRaw reads the bytes of one local file. A binary is judged by its
// first bytes alone, so of a binary (a signature, or NUL bytes among
// control bytes) only the head is read and partial is set, unless its
// reader needs it whole (PDF, DOCX, EPUB): a folder's images and fonts
// cost no more than their heads. A text file over the per-file limit is
// an error.
func readRaw(path, ext string, info fs.FileInfo, opts Options) (raw []byte, partial bool, err error) {
	if what := notRegular(info); what != "" {
		return nil, false, errors.New(what)
	}
	whole := isBinaryFormat(ext)
	if _, known := formats[ext]; known && info.Size() > opts.MaxFileSize {
		return nil, false, fmt.Errorf("file is %s, over the %s per-file limit", HumanBytes(info.Size()), HumanBytes(opts.MaxFileSize))
	}
	fh, err := openRegular(path)
	if err != nil {
		return nil, false, err
	}
	defer fh.Close()
	head := make([]byte, sniffHead)
	n, err := io.ReadFull(fh, head)
	head = head[:n]
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return head, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("read failed: %s", describeOpenError(err))
	}
	if !whole && (sniff(head).class != notBinary || hasNUL(head) && looksBinary(head)) {
		return head, true, nil
	}
	if info.Size() > opts.MaxFileSize {
		return nil, false, fmt.Errorf("file is %s, over the %s per-file limit", HumanBytes(info.Size()), HumanBytes(opts.MaxFileSize))
	}
	// Read at most one byte past the limit: the file may have grown since
	// Stat. Sized from Stat (with room for the read that finds the end),
	// the buffer is filled once instead of grown by doubling and then
	// copied, which allocated three times the file; a file that grew
	// since still grows it.
	var buf bytes.Buffer
	buf.Grow(int(min(info.Size(), opts.MaxFileSize)) + bytes.MinRead)
	buf.Write(head)
	if _, err := buf.ReadFrom(io.LimitReader(fh, opts.MaxFileSize+1-int64(n))); err != nil {
		return nil, false, fmt.Errorf("read failed: %s", describeOpenError(err))
	}
	raw = buf.Bytes()
	if int64(len(raw)) > opts.MaxFileSize {
		return nil, false, fmt.Errorf("file is %s, over the %s per-file limit", HumanBytes(max(info.Size(), int64(len(raw)))), HumanBytes(opts.MaxFileSize))
	}
	return raw, false, nil
}

// Normalize validates raw bytes as a text document and returns them as a
// string in UTF-8 (UTF-16 with a BOM is decoded), without a BOM and with
// CRLF and lone CR turned into "\n".
// Empty, binary (NUL bytes) and invalid UTF-8 input is an error.
func Normalize(raw []byte) (string, error) {
	// UTF-16 with a byte order mark is text too (Windows editors write
	// it); its NUL bytes are half its characters, not binary content.
	if u, ok := fromUTF16(raw); ok {
		raw = u
	}
	raw = bytes.TrimPrefix(raw, []byte("\xEF\xBB\xBF"))
	if len(bytes.TrimSpace(raw)) == 0 {
		if len(raw) == 0 {
			return "", errors.New("file is empty")
		}
		return "", errors.New("file holds only white space")
	}
	if i := bytes.IndexByte(raw, 0); i >= 0 {
		return "", &binaryError{offset: i, head: raw[:min(len(raw), 32)]}
	}
	if !utf8.Valid(raw) {
		off := invalidOffset(raw)
		line := 1 + bytes.Count(raw[:off], []byte{'\n'})
		return "", &invalidUTF8Error{b: raw[off], off: off, line: line}
	}
	if bytes.IndexByte(raw, '\r') < 0 {
		return string(raw), nil
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\r' {
			out = append(out, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			continue
		}
		out = append(out, c)
	}
	return string(out), nil
}

// binaryError is Normalize's error for content holding NUL bytes: binary
// data under a text name, which acquire reports as a finding rather than a
// damaged file.
type binaryError struct {
	offset int
	head   []byte // the first bytes, where a file signature would be
}

func (e *binaryError) Error() string {
	return fmt.Sprintf("binary content (NUL byte at offset %d), not a text document", e.offset)
}

func invalidOffset(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// HumanBytes formats a byte count for people: "512 bytes", "3.2 KiB", "60.0 MiB".
func HumanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// Rename writes the source read at path as name in every path and
// location of the result: a copy read in place of the source (a team
// server's upload, standard input saved to a file) is named as the person
// knows it, and the folder it was kept in is named nowhere.
func (r *Result) Rename(path, name string) {
	if path == "" || path == name {
		return
	}
	re := func(s string) string {
		if rest, ok := strings.CutPrefix(s, path); ok {
			return name + rest
		}
		return s
	}
	for i := range r.Documents {
		r.Documents[i].Path = re(r.Documents[i].Path)
	}
	for i := range r.Skipped {
		r.Skipped[i].Path = re(r.Skipped[i].Path)
	}
	for i := range r.Ignored {
		r.Ignored[i] = re(r.Ignored[i])
	}
	for i := range r.Findings {
		r.Findings[i].File = re(r.Findings[i].File)
		r.Findings[i].Location = re(r.Findings[i].Location)
	}
	for i := range r.Errors {
		r.Errors[i].File = re(r.Errors[i].File)
	}
	for i := range r.Notes {
		r.Notes[i].Path = re(r.Notes[i].Path)
	}
	for i := range r.scans {
		r.scans[i].rel = re(r.scans[i].rel)
	}
	if r.Source == path {
		r.Source = name
	}
}
