package acquire

// Every file of a source is judged by its content, not by its name, so
// that the sanitizer and the gate see everything a source carries:
//
//   - a file of a format lore learns from (formats) is read with its reader,
//     as a document to learn from;
//   - any other text file (UTF-8, or UTF-16 with a byte order mark, without
//     NUL bytes: source code in any language, a script without extension,
//     an XML schema) is read as a plain text document marked ScanOnly:
//     the sanitizer scans it and the gate judges it, but no knowledge is
//     extracted from it, because lore has no reader that understands it;
//   - a binary is named by its kind and never read as text: a program
//     (ELF, PE, Mach-O, WebAssembly, Java class) is a critical embedded-code
//     finding; compiled bytecode and an archive lore does not open are
//     warnings (nothing in them was scanned); an image, font, PDF or media
//     file a document or skill ordinarily carries is no finding; a binary
//     under a text format's name is a content-type mismatch; other binary
//     data is passed over (Ignored);
//   - in a skill folder, whose files an agent may run, compiled bytecode
//     is critical and other binary data a warning (SkillBinary, the
//     judgement lore skills import makes);
//   - the EICAR anti-virus test file is a critical embedded-code finding,
//     and its signature quoted inside a text a warning.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

const (
	recExecutable = "A program travels with this source; lore did not read or run it. Do not run it; remove it unless you know where it was built and why it is here."
	recBytecode   = "Compiled code cannot be reviewed as it was written; lore did not read it. Ship the source instead, or remove it."
	recNested     = "lore does not open this archive, so nothing inside it was scanned. Unpack it into the source, or scan it on its own, before trusting the source."
	recEICAR      = "This is the anti-virus test file: it does nothing, but anti-virus software quarantines whatever holds it. Remove it."
	recEICARText  = "The anti-virus test signature is quoted in this text: harmless as a quotation, but a script that writes it out sets off anti-virus software. Check why it is here."
)

// scanOnlyMedia is the media type of a text file lore scans but has no
// reader for.
const scanOnlyMedia = "text/plain"

// scanOnlyMediaOf names what a text file lore has no reader for says it
// is by its first line: XML, HTML, a script with a #! line, else plain
// text. Its name claimed no format lore reads, so what it holds is no
// disguise, and the sanitizer, which reports text that is secretly
// another format, must know what it declares.
func scanOnlyMediaOf(text string) string {
	head := strings.TrimLeft(text[:min(len(text), 1024)], " \t\n")
	switch {
	case strings.HasPrefix(head, "<?xml"):
		return "application/xml"
	case len(head) >= 5 && (strings.EqualFold(head[:5], "<html") || len(head) >= 14 && strings.EqualFold(head[:14], "<!doctype html")):
		return "text/html"
	case strings.HasPrefix(text, "#!"):
		return "text/x-script"
	}
	return scanOnlyMedia
}

// item is one file or archive entry being judged.
type item struct {
	display string // its name relative to the source (Skipped, Ignored)
	file    string // the file findings name in File: an entry's archive
	loc     string // where findings say it is (Location)
	ext     string // its extension, lower-case
	raw     []byte
	// partial: raw is only the head of a file too large to read whole.
	partial bool
}

// decoder reads a document of a known format (decode or decodeIn).
type decoder func(ext string, raw []byte) (text, markup string, notes []string, err error)

// take judges one file by its content and returns the document it reads,
// with Name, Path and Familiarity left to the caller, or nil. Findings
// (which may stand for the file: it is then in Skipped) are recorded in
// the result; a binary lore has nothing to say about is listed in Ignored
// and why is returned. The error says why a file that should have been
// read could not be; its caller records it as a problem.
func (a *acquirer) take(it item, dec decoder) (doc *core.Document, ignored string, err error) {
	k := sniff(it.raw)
	named := ""
	if _, known := formats[it.ext]; known && !isBinaryFormat(it.ext) {
		named = " named as a " + it.ext + " file"
	}
	switch {
	case eicarFile(it.raw):
		a.refuse(it.display, a.binFinding(it, core.EmbeddedCode, core.Critical,
			"the EICAR anti-virus test file"+named, recEICAR))
		return nil, "", nil
	case k.class == executableClass:
		a.refuse(it.display, a.binFinding(it, core.EmbeddedCode, core.Critical,
			k.name+named+": a program, not a document", recExecutable))
		return nil, "", nil
	case k.class == bytecodeClass:
		a.refuse(it.display, a.binFinding(it, core.EmbeddedCode, core.Warning,
			k.name+named+": code that cannot be read as written", recBytecode))
		a.keepPassed(it, true)
		return nil, "", nil
	}
	_, known := formats[it.ext]
	switch {
	case known && isBinaryFormat(it.ext):
		// A PDF, DOCX or EPUB is binary by nature: its reader judges it.
	case k.class != notBinary && named != "":
		a.refuse(it.display, a.binFinding(it, core.ContentTypeMismatch, core.Warning,
			k.name+" in a "+it.ext+" file", recBinary))
		return nil, "", nil
	case k.class == archiveClass:
		a.refuse(it.display, a.binFinding(it, core.EmbeddedCode, core.Warning,
			k.name+" that lore does not open (archives are opened one level deep, and only .zip and .tar files): what it holds was not scanned", recNested))
		return nil, "", nil
	case k.class == mediaClass:
		return nil, k.name + ", not a text document", nil
	case !known && hasNUL(it.raw[:min(len(it.raw), sniffHead)]) && looksBinary(it.raw) && !utf16BOM(it.raw):
		a.keepPassed(it, false)
		return nil, "binary data, not a text document", nil
	}
	if it.partial {
		return nil, "", fmt.Errorf("file is over the %s per-file limit", HumanBytes(a.opts.MaxFileSize))
	}
	ext := it.ext
	scanOnly := !known
	if known {
		if ext, err = readAs(ext, it.raw); err != nil {
			if !isUnreadXML(err) {
				return nil, "", err
			}
			// XML of a vocabulary lore has no reader for is still text.
			ext, scanOnly = it.ext, true
		}
	}
	var text, markup string
	var notes []string
	if scanOnly {
		if bad := invalidBytes(it.raw); bad > 0 && !utf16BOM(it.raw) {
			// Not text by the rule (UTF-8, or UTF-16 with a BOM). Data
			// of an unknown binary format is passed over; what reads
			// like text in another encoding is reported, so that a
			// stray byte is never a silent way around the scan.
			if bad*10 > len(it.raw) || looksBinary(it.raw) {
				a.keepPassed(it, false)
				return nil, "binary data, not a text document", nil
			}
			off := invalidOffset(it.raw)
			return nil, "", fmt.Errorf("neither UTF-8 nor UTF-16 text (invalid byte 0x%02X at offset %d) nor a binary format lore recognizes; not scanned", it.raw[off], off)
		}
		text, err = normalizeScanned(it.raw)
		if errors.Is(err, errEmpty) {
			return nil, whyEmpty, nil
		}
	} else {
		text, markup, notes, err = dec(ext, it.raw)
	}
	var be *binaryError
	if errors.As(err, &be) {
		what := "a " + ext + " file"
		if scanOnly {
			what = "a text file"
		}
		a.refuse(it.display, a.binFinding(it, core.ContentTypeMismatch, core.Warning,
			fmt.Sprintf("binary content in %s (NUL byte at offset %d)", what, be.offset), recBinary))
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	f := formats[ext]
	sum := sha256.Sum256(it.raw)
	doc = &core.Document{
		MediaType: f.media,
		Format:    f.format,
		Text:      text,
		Raw:       markup,
		Bytes:     int64(len(it.raw)),
		SHA256:    hex.EncodeToString(sum[:]),
	}
	if scanOnly {
		doc.MediaType, doc.Format, doc.ScanOnly = scanOnlyMediaOf(text), core.FormatText, true
	}
	a.quotedEICAR(it, doc)
	for _, n := range notes {
		a.res.Notes = append(a.res.Notes, Problem{Path: it.display, Reason: n})
	}
	if undeclaredLaTeX(ext, it.raw, notes) {
		// Its main file may declare the encoding (inheritEncodings).
		if a.res.undeclared == nil {
			a.res.undeclared = map[string][]byte{}
		}
		a.res.undeclared[it.display] = it.raw
	}
	return doc, "", nil
}

// binFinding is a finding about a whole file, its first bytes as evidence.
func (a *acquirer) binFinding(it item, cat core.Category, sev core.Severity, desc, rec string) core.Finding {
	return core.Finding{
		File: it.file, Category: cat, Severity: sev, Description: desc,
		Location: it.loc, Offset: -1, Evidence: visibleBytes(it.raw), Recommendation: rec,
	}
}

// quotedEICAR reports the EICAR signature inside a text that is not the
// test file itself.
func (a *acquirer) quotedEICAR(it item, doc *core.Document) {
	txt := doc.Text
	if doc.Raw != "" {
		txt = doc.Raw
	}
	i := strings.Index(txt, string(eicar))
	if i < 0 {
		return
	}
	line := 1 + strings.Count(txt[:i], "\n")
	col := 1 + utf8.RuneCountInString(txt[strings.LastIndexByte(txt[:i], '\n')+1:i])
	a.res.Findings = append(a.res.Findings, core.Finding{
		File: it.file, Category: core.EmbeddedCode, Severity: core.Warning,
		Description: "the EICAR anti-virus test signature, quoted in the text",
		Location:    fmt.Sprintf("%s:%d:%d", it.loc, line, col), Offset: -1,
		Evidence: visible(txt[i : i+len(eicar)]), Recommendation: recEICARText,
	})
}

var errEmpty = errors.New(whyEmpty)

// whyEmpty is why an empty file was passed over.
const whyEmpty = "file is empty"

// utf16BOM reports UTF-16 text by its byte order mark.
func utf16BOM(raw []byte) bool {
	return len(raw) >= 2 && (raw[0] == 0xff && raw[1] == 0xfe || raw[0] == 0xfe && raw[1] == 0xff)
}

// fromUTF16 decodes UTF-16 text that starts with a byte order mark into
// UTF-8 (without the mark); ok is false for anything else. Unpaired
// surrogates become U+FFFD.
func fromUTF16(raw []byte) (out []byte, ok bool) {
	if !utf16BOM(raw) || len(raw)%2 != 0 {
		return nil, false
	}
	big := raw[0] == 0xfe
	u := make([]uint16, 0, len(raw)/2-1)
	for i := 2; i+1 < len(raw); i += 2 {
		if big {
			u = append(u, uint16(raw[i])<<8|uint16(raw[i+1]))
		} else {
			u = append(u, uint16(raw[i+1])<<8|uint16(raw[i]))
		}
	}
	return []byte(string(utf16.Decode(u))), true
}

// normalizeScanned reads a text file lore only scans: as Normalize, but
// an empty file is errEmpty, passed over rather than reported.
func normalizeScanned(raw []byte) (string, error) {
	if u, ok := fromUTF16(raw); ok {
		raw = u
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(raw, []byte("\xEF\xBB\xBF")))) == 0 {
		return "", errEmpty
	}
	return Normalize(raw)
}

// invalidBytes counts the bytes of b that are not part of UTF-8.
func invalidBytes(b []byte) int {
	if utf8.Valid(b) {
		return 0
	}
	n := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			n++
		}
		i += max(size, 1)
	}
	return n
}

// Learnable returns the documents lore learns from: all but the ScanOnly
// ones, in order.
func Learnable(docs []core.Document) []core.Document {
	out := make([]core.Document, 0, len(docs))
	for _, d := range docs {
		if !d.ScanOnly {
			out = append(out, d)
		}
	}
	return out
}

// NothingToLearn returns nil when res holds a document lore learns from,
// and otherwise the error, naming source, that says why it holds none: a
// file of a type lore only scans, a folder or archive of such files, or a
// source whose every file was refused. It is a usage mistake (the source
// named the wrong thing) unless something was refused or could not be read.
func NothingToLearn(source string, res *Result) error {
	scanned := 0
	for _, d := range res.Documents {
		if !d.ScanOnly {
			return nil
		}
		scanned++
	}
	usage := len(res.Skipped) == 0 && len(res.Findings) == 0
	learns := whatLoreReads()
	if res.what == "file" {
		if scanned > 0 {
			ext := strings.ToLower(filepath.Ext(source))
			if ext == ".xml" {
				// Say which vocabulary it is, as Check does.
				if err := checkXMLRoot(source); err != nil {
					return err
				}
			}
			return &core.InputError{Input: source, Msg: unsupportedType(ext) + "; " + learns, Usage: true}
		}
		if len(res.Findings) > 0 {
			return &core.InputError{Input: source, Msg: "not a document lore learns from: " + res.Findings[0].Description}
		}
	}
	what := res.what
	if what == "" {
		what = "source"
	}
	msg := noDocuments(what, res)
	if len(res.Skipped) == 0 && len(res.Findings) > 0 {
		msg = fmt.Sprintf("%s contains no readable documents (%d finding(s): %s)", what, len(res.Findings),
			listed(len(res.Findings), func(i int) string { return res.Findings[i].Location + ": " + res.Findings[i].Description }))
	}
	if scanned > 0 {
		msg += fmt.Sprintf("; %d text file(s) of other types were scanned, not learned", scanned)
	}
	return &core.InputError{Input: source, Msg: msg, Usage: usage}
}
