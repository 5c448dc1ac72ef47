package acquire

// Archives (.zip, .tar, .tar.gz, .tgz) are read entirely in memory: zip
// entries through archive/zip over the file as an io.ReaderAt, tar entries
// by streaming. No entry is ever written anywhere, so an entry name can only
// be reported, never followed; the name rules below exist because the
// curator may later unpack the same archive with other tools, and because a
// name built to escape is itself a sign of a hostile archive.
//
// Everything an archive can make lore spend is bounded before or while it is
// spent: the number of entries, the bytes decompressed (counted as they come
// out of the decompressor, never taken from headers), the size of each entry
// and its compression ratio. Headers are only trusted to refuse early.
//
// Archives are opened one level deep: an archive inside an archive (or
// inside an archive found in a folder) is reported and not opened, so the
// limits cannot be multiplied by nesting.

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Archive limits applied when the corresponding Options field is zero.
const (
	// DefaultMaxTotalSize caps the bytes decompressed from the archives of
	// one source: 200 MiB.
	DefaultMaxTotalSize = 200 << 20
	// DefaultMaxEntries caps the archive entries one source may hold.
	DefaultMaxEntries = 10000
	// DefaultMaxCompressionRatio is the largest decompressed:compressed
	// ratio an archive entry may have.
	DefaultMaxCompressionRatio = 100
)

const (
	// ratioFloor exempts small entries from the ratio rule: a few KiB of
	// repeated characters compress far better than 100:1 and can exhaust
	// nothing, while every bomb worth the name expands past this.
	ratioFloor = 1 << 20
	// maxNameLen is PATH_MAX: longer names only serve to bloat reports.
	maxNameLen = 4096
	// maxLinkTarget bounds what is read of a zip symlink's target.
	maxLinkTarget = 4096
	// maxShown bounds how much of a hostile name a report repeats.
	maxShown = 256
)

var (
	errTotal        = errors.New("total decompressed limit reached")
	errRatio        = errors.New("compression ratio limit exceeded")
	errTooBig       = errors.New("entry over the per-file limit")
	errOverDeclared = errors.New("entry longer than its header declares")
)

type archiveKind int

const (
	notArchive archiveKind = iota
	zipKind
	// tarKind covers .tar, .tar.gz and .tgz: whether the stream is gzipped
	// is read from its first bytes, not from the name.
	tarKind
)

var archiveSuffixes = []struct {
	suffix string
	kind   archiveKind
}{
	{".tar.gz", tarKind},
	{".tgz", tarKind},
	{".tar", tarKind},
	{".zip", zipKind},
}

// ArchiveExtensions lists the archive extensions acquire opens, sorted.
// They are matched case-insensitively.
func ArchiveExtensions() []string {
	return []string{".tar", ".tar.gz", ".tgz", ".zip"}
}

func archiveKindOf(name string) archiveKind {
	l := strings.ToLower(name)
	for _, s := range archiveSuffixes {
		if strings.HasSuffix(l, s.suffix) {
			return s.kind
		}
	}
	return notArchive
}

// acquirer holds what one source has spent so far: the limits apply to the
// source as a whole, so a folder of many archives cannot multiply them.
type acquirer struct {
	ctx     context.Context
	opts    Options
	res     *Result
	used    int64 // bytes decompressed from archives (and zip directory bytes)
	entries int   // archive entries seen
	prog    *progress
}

// archive is one archive being read.
type archive struct {
	// path is the archive as opened; "path!entry" is Document.Path.
	path string
	// display prefixes Document.Name: "" when the archive is the source
	// itself, its path relative to the folder otherwise.
	display string
	docs    []core.Document
	seen    map[string]seenName
	fold    cases.Caser
}

type seenName struct {
	raw string
	dir bool
}

func newArchive(path, display string) *archive {
	return &archive{path: path, display: display, seen: map[string]seenName{}, fold: cases.Fold()}
}

// name is the display name of an entry, relative to the source.
func (ar *archive) name(entry string) string {
	if ar.display == "" {
		return entry
	}
	return ar.display + "!" + entry
}

// label names the archive itself in Skipped.
func (ar *archive) label() string {
	if ar.display == "" {
		return visible(ar.path)
	}
	return visible(ar.display)
}

func (ar *archive) location(entry string) string {
	return visible(ar.path) + "!" + visible(entry)
}

func (ar *archive) finding(cat core.Category, sev core.Severity, entry, desc, evidence, rec string) core.Finding {
	return core.Finding{
		File:           visible(ar.path),
		Category:       cat,
		Severity:       sev,
		Description:    desc,
		Location:       ar.location(entry),
		Offset:         -1,
		Evidence:       evidence,
		Recommendation: rec,
	}
}

const (
	recName      = "Do not unpack this archive with a tool that honours entry paths; lore did not read the entry. Rebuild the archive with plain relative names."
	recLink      = "lore does not follow links inside archives and did not read the entry; replace the link with the file it stands for, or remove it."
	recCollision = "Unpacked on a case-insensitive or normalizing file system one entry would overwrite the other; lore read only the first. Rename one of them."
	recBinary    = "The extension says text but the content is binary; lore did not read it. Check what the file really is before trusting the source."
)

// problem records a file or entry that was not acquired because of a
// non-fatal error.
func (a *acquirer) problem(display, file, reason string) {
	a.res.Skipped = append(a.res.Skipped, Problem{Path: display, Reason: reason})
	a.res.Errors = append(a.res.Errors, core.AcquireError{File: file, Reason: reason})
}

// refuse records a file or entry that was not acquired because of a finding.
func (a *acquirer) refuse(display string, f core.Finding) {
	a.res.Skipped = append(a.res.Skipped, Problem{Path: display, Reason: f.Description})
	a.res.Findings = append(a.res.Findings, f)
}

func (a *acquirer) entryProblem(ar *archive, entry, reason string) {
	a.problem(ar.name(visible(entry)), ar.location(entry), reason)
}

func (a *acquirer) archiveProblem(ar *archive, reason string) {
	a.problem(ar.label(), visible(ar.path), reason)
}

// openArchive reads the archive file at p into the result. Its error says
// what is wrong with the archive as a whole, in a phrase that follows the
// archive's name; the documents of an archive that fails are dropped, what
// was found about its entries is kept.
func (a *acquirer) openArchive(p, display string, kind archiveKind) error {
	f, err := os.Open(p)
	if err != nil {
		return errors.New(describeOpenError(err))
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return errors.New(describeOpenError(err))
	}
	return a.readArchive(f, fi.Size(), p, display, kind)
}

// readArchive reads an archive from r (of size bytes) named p: a file, or
// a download held in memory.
func (a *acquirer) readArchive(r io.ReaderAt, size int64, p, display string, kind archiveKind) error {
	ar := newArchive(p, display)
	var err error
	if kind == zipKind {
		err = a.readZip(ar, r, size)
	} else {
		err = a.readTar(ar, io.NewSectionReader(r, 0, size), size)
	}
	if err != nil {
		return err
	}
	a.res.Documents = append(a.res.Documents, ar.docs...)
	return nil
}

func (a *acquirer) readZip(ar *archive, r io.ReaderAt, size int64) error {
	l, err := zipView(r, size, a.opts.MaxEntries-a.entries, a.opts.MaxTotalSize-a.used)
	if err != nil {
		return fmt.Errorf("not a valid zip archive (%w)", err)
	}
	// The directory is held in memory while the archive is read.
	a.used += l.dirBytes
	zr, err := zip.NewReader(l.view, l.size)
	// With GODEBUG=zipinsecurepath=0 the reader flags escaping names but
	// still lists them; the rules here report each one.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return fmt.Errorf("not a valid zip archive (%w)", err)
	}
	defer a.prog.items(len(zr.File), "entries")()
	for i, zf := range zr.File {
		if err := a.ctx.Err(); err != nil {
			return err
		}
		a.entries++
		a.prog.item(visible(zf.Name))
		spent := a.zipEntry(ar, zf)
		a.prog.step()
		if spent {
			if rest := len(zr.File) - i - 1; rest > 0 || l.more {
				a.archiveProblem(ar, fmt.Sprintf("the %s total decompressed limit was reached; the rest of the archive was not read", HumanBytes(a.opts.MaxTotalSize)))
			}
			return nil
		}
	}
	switch {
	case l.moreBytes:
		a.archiveProblem(ar, fmt.Sprintf("the archive's directory does not fit in the %s total limit; entries after the first %d were not read", HumanBytes(a.opts.MaxTotalSize), l.records))
	case l.more:
		a.archiveProblem(ar, fmt.Sprintf("the archive holds more entries than the %d-entry limit; entries after the first %d were not read", a.opts.MaxEntries, l.records))
	}
	return nil
}

// zipEntry reads one zip entry; it reports whether the total budget is spent.
func (a *acquirer) zipEntry(ar *archive, zf *zip.File) bool {
	return a.entry(ar, a.zipEntryInfo(zf))
}

// zipEntryInfo describes one zip entry for the entry rules, its reader
// metered against the archive's budget.
func (a *acquirer) zipEntryInfo(zf *zip.File) *entryInfo {
	mode := zf.Mode()
	e := &entryInfo{
		name:       zf.Name,
		declared:   clampSize(zf.UncompressedSize64),
		compressed: clampSize(zf.CompressedSize64),
		encrypted:  zf.Flags&1 != 0,
		zip:        true,
	}
	switch {
	case mode.IsDir() || strings.HasSuffix(zf.Name, "/"):
		e.kind = dirEntry
	case mode&fs.ModeSymlink != 0:
		e.kind = symlinkEntry
	case mode&fs.ModeNamedPipe != 0:
		e.kind, e.special = specialEntry, "named pipe"
	case mode&fs.ModeSocket != 0:
		e.kind, e.special = specialEntry, "socket"
	case mode&fs.ModeCharDevice != 0:
		e.kind, e.special = specialEntry, "character device"
	case mode&fs.ModeDevice != 0:
		e.kind, e.special = specialEntry, "block device"
	}
	e.open = func() (io.Reader, func(), error) {
		rc, err := zf.Open()
		if err != nil {
			return nil, nil, err
		}
		return &meter{r: rc, a: a, fixedIn: e.compressed}, func() { rc.Close() }, nil
	}
	return e
}

func clampSize(n uint64) int64 {
	if n > 1<<62 {
		return 1 << 62
	}
	return int64(n)
}

// readTar reads a tar stream of size bytes, gzipped or not. Its entries
// are only known as they stream by, so progress counts the share of the
// stream read.
func (a *acquirer) readTar(ar *archive, src io.Reader, size int64) error {
	br := bufio.NewReader(src)
	m := &meter{r: br, a: a, fixedIn: -1}
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		// Counted between the buffer and the decompressor, so read-ahead
		// does not blur the ratio.
		in := &countingReader{r: br}
		gz, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("not a valid gzip stream (%w)", err)
		}
		defer gz.Close()
		m.r, m.in = gz, in
	}
	tr := tar.NewReader(m)
	defer a.prog.items(100, "%")()
	read := func() int64 { return m.out }
	if m.in != nil {
		read = func() int64 { return m.in.n }
	}
	listed := 0
	for n := 0; ; n++ {
		if err := a.ctx.Err(); err != nil {
			return err
		}
		h, err := tr.Next()
		if errors.Is(err, tar.ErrInsecurePath) && h != nil {
			err = nil
		}
		switch {
		case err == io.EOF:
			return nil
		case errors.Is(err, errTotal):
			a.archiveProblem(ar, fmt.Sprintf("the archive expands past the %s total decompressed limit; the rest of it was not read", HumanBytes(a.opts.MaxTotalSize)))
			return nil
		case errors.Is(err, errRatio):
			a.archiveProblem(ar, fmt.Sprintf("the archive expands more than %d:1 (a likely compression bomb); the rest of it was not read", a.opts.MaxCompressionRatio))
			return nil
		case err != nil && n == 0:
			return fmt.Errorf("not a valid tar archive (%w)", err)
		case err != nil:
			return fmt.Errorf("archive is damaged after its entry %d (%w)", n, err)
		}
		m.mark()
		if h.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		if a.entries >= a.opts.MaxEntries {
			a.archiveProblem(ar, fmt.Sprintf("the archive holds more entries than the %d-entry limit; entries after the first %d were not read", a.opts.MaxEntries, listed))
			return nil
		}
		a.entries++
		listed++
		a.prog.item(visible(h.Name))
		a.tarEntry(ar, tr, h)
		if size > 0 {
			a.prog.set(int(min(100, read()*100/size)), 100)
		}
	}
}

func (a *acquirer) tarEntry(ar *archive, tr *tar.Reader, h *tar.Header) {
	e := &entryInfo{name: h.Name, declared: h.Size, compressed: -1, link: h.Linkname}
	switch h.Typeflag {
	case tar.TypeReg:
	case tar.TypeDir:
		e.kind = dirEntry
	case tar.TypeSymlink:
		e.kind = symlinkEntry
	case tar.TypeLink:
		e.kind = hardlinkEntry
	case tar.TypeChar:
		e.kind, e.special = specialEntry, "character device"
	case tar.TypeBlock:
		e.kind, e.special = specialEntry, "block device"
	case tar.TypeFifo:
		e.kind, e.special = specialEntry, "named pipe"
	case tar.TypeGNUSparse:
		e.kind = sparseEntry
	default:
		e.kind, e.special = specialEntry, fmt.Sprintf("entry of type %q", h.Typeflag)
	}
	for k := range h.PAXRecords {
		if strings.HasPrefix(k, "GNU.sparse.") {
			e.kind = sparseEntry
		}
	}
	e.open = func() (io.Reader, func(), error) { return tr, func() {}, nil }
	// Whatever the entry leaves unread, tar.Reader skips through the same
	// meter, so stopping here needs no special case.
	a.entry(ar, e)
}

type entryKind int

const (
	fileEntry entryKind = iota
	dirEntry
	symlinkEntry
	hardlinkEntry
	specialEntry
	sparseEntry
)

type entryInfo struct {
	name    string
	kind    entryKind
	special string // what a specialEntry is
	link    string // a tar link's target
	// declared and compressed come from headers: -1 when unknown.
	declared, compressed int64
	encrypted            bool
	// zip entries store a symlink's target as their content.
	zip bool
	// open returns the entry's content, read through a meter.
	open func() (io.Reader, func(), error)
}

// entry checks and reads one archive entry; it reports whether the total
// budget is spent, after which nothing more can be read.
func (a *acquirer) entry(ar *archive, e *entryInfo) bool {
	if e.name == "" {
		a.entryProblem(ar, e.name, "entry has an empty name")
		return false
	}
	if rules := nameRules(e.name); len(rules) > 0 {
		a.refuse(ar.name(visible(e.name)), ar.finding(core.PathTraversal, core.Critical, e.name,
			"entry name "+strings.Join(rules, ", "), visible(e.name), recName))
		return false
	}
	if len(e.name) > maxNameLen {
		a.entryProblem(ar, e.name, fmt.Sprintf("entry name is %d bytes long, over the %d-byte limit", len(e.name), maxNameLen))
		return false
	}
	if !utf8.ValidString(e.name) {
		a.entryProblem(ar, e.name, "entry name is not valid UTF-8")
		return false
	}
	if !ar.register(a, e) {
		return false
	}
	switch e.kind {
	case dirEntry:
		return false
	case symlinkEntry, hardlinkEntry:
		what, target := "symlink", e.link
		if e.kind == hardlinkEntry {
			what = "hard link"
		} else if e.zip {
			target = a.zipLinkTarget(e)
		}
		shown := visible(target)
		if target == "" {
			shown = "an empty target"
		}
		a.refuse(ar.name(visible(e.name)), ar.finding(core.PathTraversal, core.Critical, e.name,
			fmt.Sprintf("%s entry pointing to %s%s", what, shown, linkReach(e.name, target, e.kind == hardlinkEntry)), visible(e.name)+" -> "+visible(target), recLink))
		return false
	case specialEntry:
		a.entryProblem(ar, e.name, "special file entry ("+e.special+") is not read")
		return false
	case sparseEntry:
		// Sparse holes expand from nothing in the stream, which would
		// defeat counting decompressed bytes; documents are never sparse.
		a.entryProblem(ar, e.name, "sparse file entry is not read")
		return false
	}
	if hiddenEntry(e.name) {
		// The same files a folder walk passes over: version control,
		// dependencies, dot files (macOS resource forks among them).
		return false
	}
	ext := strings.ToLower(path.Ext(e.name))
	if e.encrypted {
		a.entryProblem(ar, e.name, "entry is encrypted")
		return false
	}
	if reason := a.declaredProblem(e); reason != "" {
		a.entryProblem(ar, e.name, reason)
		return false
	}
	r, done, err := e.open()
	if err != nil {
		a.entryProblem(ar, e.name, fmt.Sprintf("unreadable entry (%v)", err))
		return false
	}
	raw, err := a.readEntry(r, e.declared)
	done()
	if err != nil {
		a.entryProblem(ar, e.name, a.readProblem(err, e))
		return errors.Is(err, errTotal)
	}
	pages, end := a.prog.parts(e.name, "pages")
	// Every entry is judged by its content (see take): an archive inside
	// is reported, not opened, so nesting cannot multiply the limits.
	doc, why, err := a.take(item{display: ar.name(visible(e.name)), file: visible(ar.path), loc: ar.location(e.name), ext: ext, raw: raw},
		func(ext string, raw []byte) (string, string, []string, error) {
			// What a document holds inside (a DOCX's parts, a PDF's
			// text) counts against the total as well as its raw bytes.
			left := a.opts.MaxTotalSize - a.used
			text, markup, notes, err := decodeIn(ext, raw, a.opts, pages, &left)
			a.used = a.opts.MaxTotalSize - left
			return text, markup, notes, err
		})
	end()
	switch {
	case errors.Is(err, errTotal):
		a.entryProblem(ar, e.name, fmt.Sprintf("%s, counting what the %s document expands to", a.readProblem(err, e), ext))
		return true
	case err != nil:
		a.entryProblem(ar, e.name, err.Error())
		return false
	case doc == nil:
		if why != "" {
			a.res.Ignored = append(a.res.Ignored, ar.name(e.name))
		}
		return false
	}
	doc.Name, doc.Path, doc.Familiarity = ar.name(e.name), ar.path+"!"+e.name, core.Home
	ar.docs = append(ar.docs, *doc)
	return false
}

// register records an entry's folded name; it refuses the entry when an
// earlier one already claimed that name.
func (ar *archive) register(a *acquirer, e *entryInfo) bool {
	clean := path.Clean(strings.TrimSuffix(e.name, "/"))
	key := norm.NFKC.String(ar.fold.String(norm.NFKC.String(clean)))
	dir := e.kind == dirEntry
	prev, ok := ar.seen[key]
	if !ok {
		ar.seen[key] = seenName{raw: e.name, dir: dir}
		return true
	}
	prevClean := path.Clean(strings.TrimSuffix(prev.raw, "/"))
	var desc string
	switch {
	case prevClean == clean && dir && prev.dir:
		// A folder listed twice (common in tar files appended to) claims
		// nothing new.
		return false
	case prevClean == clean:
		desc = "entry name duplicates the earlier entry " + visible(prev.raw)
	case norm.NFKC.String(prevClean) == norm.NFKC.String(clean):
		desc = "entry name collides with " + visible(prev.raw) + " after Unicode NFKC normalization"
	case ar.fold.String(prevClean) == ar.fold.String(clean):
		desc = "entry name collides with " + visible(prev.raw) + " after case folding"
	default:
		desc = "entry name collides with " + visible(prev.raw) + " after Unicode NFKC normalization and case folding"
	}
	a.refuse(ar.name(visible(e.name)), ar.finding(core.PathTraversal, core.Critical, e.name, desc, visible(e.name), recCollision))
	return false
}

// linkReach says where a link would lead once unpacked: a symlink's target
// is relative to the link's folder, a hard link's to the archive's root. A
// link is refused wherever it leads (lore follows none); one that leads
// out of the folder it would be unpacked in is the zip-slip attack itself.
func linkReach(entry, target string, hard bool) string {
	if target == "" {
		return ""
	}
	if absolute(target) != "" || strings.ContainsRune(target, '\\') {
		return " (outside the archive)"
	}
	resolved := target
	if !hard {
		resolved = path.Join(path.Dir(entry), target)
	}
	if hasDotDot(resolved) || !isLocal(resolved) {
		return " (outside the archive)"
	}
	return " (inside the archive)"
}

// zipLinkTarget reads the target a zip symlink stores as its content.
func (a *acquirer) zipLinkTarget(e *entryInfo) string {
	r, done, err := e.open()
	if err != nil {
		return "an unreadable target"
	}
	defer done()
	b, err := io.ReadAll(io.LimitReader(r, maxLinkTarget))
	if err != nil && len(b) == 0 {
		return "an unreadable target"
	}
	return string(b)
}

// declaredProblem refuses an entry from its header alone, before a byte of
// it is decompressed.
func (a *acquirer) declaredProblem(e *entryInfo) string {
	if e.declared < 0 {
		return ""
	}
	if e.declared > a.opts.MaxFileSize {
		return fmt.Sprintf("entry is %s, over the %s per-file limit", HumanBytes(e.declared), HumanBytes(a.opts.MaxFileSize))
	}
	if e.compressed >= 0 && e.declared > ratioFloor && float64(e.declared) > float64(a.opts.MaxCompressionRatio)*float64(e.compressed) {
		return fmt.Sprintf("entry expands from %s to %s, over the %d:1 compression-ratio limit (a likely compression bomb)",
			HumanBytes(e.compressed), HumanBytes(e.declared), a.opts.MaxCompressionRatio)
	}
	if left := a.opts.MaxTotalSize - a.used; e.declared > left {
		return fmt.Sprintf("entry is %s, more than is left of the %s total decompressed limit", HumanBytes(e.declared), HumanBytes(a.opts.MaxTotalSize))
	}
	return ""
}

func (a *acquirer) readProblem(err error, e *entryInfo) string {
	switch {
	case errors.Is(err, errTooBig):
		return fmt.Sprintf("entry is over the %s per-file limit", HumanBytes(a.opts.MaxFileSize))
	case errors.Is(err, errOverDeclared):
		return fmt.Sprintf("entry holds more data than the %d bytes its header declares", e.declared)
	case errors.Is(err, errRatio):
		return fmt.Sprintf("entry expands more than %d:1 while decompressing (a likely compression bomb)", a.opts.MaxCompressionRatio)
	case errors.Is(err, errTotal):
		return fmt.Sprintf("entry goes past the %s total decompressed limit", HumanBytes(a.opts.MaxTotalSize))
	}
	return fmt.Sprintf("unreadable entry (%v)", err)
}

// readEntry reads at most the per-file limit, and no more than the header
// declared: the meter under r enforces the total and ratio limits.
func (a *acquirer) readEntry(r io.Reader, declared int64) ([]byte, error) {
	limit, over := a.opts.MaxFileSize, errTooBig
	if declared >= 0 && declared < limit {
		limit, over = declared, errOverDeclared
	}
	var buf bytes.Buffer
	buf.Grow(int(min(limit, 64<<10)) + 1)
	_, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		// archive/zip refuses to read past the declared size itself, and
		// that is the only format error it reports once an entry is open.
		if declared >= 0 && errors.Is(err, zip.ErrFormat) {
			return nil, errOverDeclared
		}
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, over
	}
	return buf.Bytes(), nil
}

// meter counts the bytes a decompressor produces against the source's total
// budget and, when the compressed size is known, against the ratio limit.
type meter struct {
	r io.Reader
	a *acquirer
	// in counts compressed bytes consumed (tar.gz); fixedIn is the
	// compressed size of a zip entry, -1 when unknown.
	in      *countingReader
	fixedIn int64
	out     int64
	// Ratios are per entry: the counts at the entry's start.
	markOut, markIn int64
}

func (m *meter) mark() {
	m.markOut = m.out
	if m.in != nil {
		m.markIn = m.in.n
	}
}

func (m *meter) Read(p []byte) (int, error) {
	// One byte past the budget is allowed so that an entry ending exactly
	// at the limit is not refused.
	left := m.a.opts.MaxTotalSize - m.a.used + 1
	if left <= 0 {
		return 0, errTotal
	}
	if int64(len(p)) > left {
		p = p[:left]
	}
	n, err := m.r.Read(p)
	m.a.used += int64(n)
	m.out += int64(n)
	if m.a.used > m.a.opts.MaxTotalSize {
		return n, errTotal
	}
	in := m.fixedIn
	if m.in != nil {
		in = m.in.n - m.markIn
	}
	if d := m.out - m.markOut; in >= 0 && d > ratioFloor && float64(d) > float64(m.a.opts.MaxCompressionRatio)*float64(in) {
		return n, errRatio
	}
	return n, err
}

// countingReader counts the compressed bytes a decompressor consumes. It is
// a flate.Reader, so the decompressor takes bytes one at a time and adds no
// buffer of its own.
type countingReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// nameRules returns the rules a raw entry name breaks, each a phrase that
// follows "entry name". The whole path is checked, not just its last
// element, and with both separators, whatever the platform.
func nameRules(name string) []string {
	var out []string
	if strings.IndexByte(name, 0) >= 0 {
		out = append(out, "contains a NUL byte")
	}
	for _, r := range name {
		if r != 0 && unicode.IsControl(r) {
			out = append(out, fmt.Sprintf("contains the control character ⟨U+%04X⟩", r))
			break
		}
	}
	if why := absolute(name); why != "" {
		out = append(out, why)
	}
	if hasDotDot(name) {
		out = append(out, "contains a '..' component")
	} else if n := norm.NFKC.String(name); n != name && (hasDotDot(n) || absolute(n) != "") {
		out = append(out, "becomes an escaping path ("+visible(n)+") after Unicode NFKC normalization")
	}
	if strings.ContainsRune(name, '\\') {
		out = append(out, "contains a backslash")
	}
	if len(out) == 0 && !strings.HasSuffix(name, "/") && !isLocal(name) {
		out = append(out, "is not a relative path inside the archive")
	}
	return out
}

// absolute says how a name is absolute on Unix or Windows, or "".
func absolute(name string) string {
	switch {
	case strings.HasPrefix(name, `\\`) || strings.HasPrefix(name, "//") || strings.HasPrefix(name, `/\`) || strings.HasPrefix(name, `\/`):
		return "is a UNC network path"
	case len(name) >= 2 && name[1] == ':' && (name[0]|0x20 >= 'a' && name[0]|0x20 <= 'z'):
		return fmt.Sprintf("starts with the Windows drive %s", name[:2])
	case strings.HasPrefix(name, "/"):
		return "is an absolute path"
	case strings.HasPrefix(name, `\`):
		return "is an absolute Windows path"
	}
	return ""
}

// hasDotDot reports a '..' component, separators being '/' or '\'.
// Windows drops trailing spaces and dots from a component, so ".. " and
// "..." count too.
func hasDotDot(name string) bool {
	for _, c := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if strings.HasPrefix(c, "..") && strings.TrimRight(c, ". ") == "" {
			return true
		}
	}
	return false
}

func hiddenEntry(name string) bool {
	for _, c := range strings.Split(name, "/") {
		if c == "node_modules" || (strings.HasPrefix(c, ".") && c != ".") {
			return true
		}
	}
	return false
}

// isLocal is filepath.IsLocal with Unix rules on every platform.
func isLocal(name string) bool {
	if name == "" || strings.HasPrefix(name, "/") {
		return false
	}
	c := path.Clean(name)
	return c != ".." && !strings.HasPrefix(c, "../")
}

// visible renders a name or target for reports as text.Visible spells
// names, cut after maxShown bytes of the input.
func visible(s string) string {
	if len(s) <= maxShown {
		return text.Visible(s, text.InName)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return text.Visible(s[:cut], text.InName) + fmt.Sprintf("…(%d more bytes)", len(s)-cut)
}

// visibleBytes shows the start of binary content, where its file signature
// (PNG, ELF, PK…) says what it really is.
func visibleBytes(b []byte) string {
	if len(b) > 32 {
		return visible(string(b[:32])) + "…"
	}
	return visible(string(b))
}
