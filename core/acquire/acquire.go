// Package acquire turns a source string into normalized documents: it reads
// local files and walks folders, rejects what is not a readable text
// document with an error naming the input, and normalizes what it keeps
// (UTF-8, no BOM, "\n" line endings).
package acquire

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
)

// DefaultMaxFileSize is the per-file limit: 50 MiB.
const DefaultMaxFileSize = 50 << 20

// Options tune acquisition.
type Options struct {
	// MaxFileSize is the largest file read; 0 means DefaultMaxFileSize.
	MaxFileSize int64
}

// Problem is a non-fatal issue with one file of a folder: the file was
// skipped and the rest acquired.
type Problem struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Result is what a source yielded.
type Result struct {
	Source    string          `json:"source"`
	Documents []core.Document `json:"documents"`
	// Skipped lists files of a folder that were not acquired, with why.
	Skipped []Problem `json:"skipped"`
	// Ignored lists files of a folder whose type lore does not read.
	Ignored []string `json:"ignored"`
}

// formats maps supported extensions to the document format and media type.
var formats = map[string]struct {
	format core.Format
	media  string
}{
	".md":       {core.FormatMarkdown, "text/markdown"},
	".markdown": {core.FormatMarkdown, "text/markdown"},
	".txt":      {core.FormatText, "text/plain"},
	".tex":      {core.FormatLaTeX, "text/x-tex"},
	".ptx":      {core.FormatPreTeXt, "application/x-pretext+xml"},
}

// SupportedExtensions lists the document extensions acquire reads, sorted.
func SupportedExtensions() []string {
	out := make([]string, 0, len(formats))
	for ext := range formats {
		out = append(out, ext)
	}
	sort.Strings(out)
	return out
}

// Local acquires a local file or folder. A single file must be a supported,
// readable text document; a folder is walked in sorted order (skipping .git,
// node_modules and hidden folders) and must contain at least one. Errors are
// *core.InputError naming the input.
func Local(ctx context.Context, source string, opts Options) (*Result, error) {
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	info, err := os.Stat(source)
	if err != nil {
		return nil, &core.InputError{Input: source, Msg: describeOpenError(err)}
	}
	res := &Result{Source: source, Documents: []core.Document{}, Skipped: []Problem{}, Ignored: []string{}}
	if !info.IsDir() {
		doc, err := readFile(source, filepath.Base(source), info, opts)
		if err != nil {
			return nil, &core.InputError{Input: source, Msg: err.Error()}
		}
		res.Documents = append(res.Documents, *doc)
		return res, nil
	}
	err = filepath.WalkDir(source, func(path string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		rel, _ := filepath.Rel(source, path)
		rel = filepath.ToSlash(rel)
		if err != nil {
			res.Skipped = append(res.Skipped, Problem{Path: rel, Reason: describeOpenError(err)})
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
		if _, ok := formats[strings.ToLower(filepath.Ext(path))]; !ok {
			res.Ignored = append(res.Ignored, rel)
			return nil
		}
		if !d.Type().IsRegular() {
			res.Skipped = append(res.Skipped, Problem{Path: rel, Reason: "not a regular file"})
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			res.Skipped = append(res.Skipped, Problem{Path: rel, Reason: describeOpenError(err)})
			return nil
		}
		doc, err := readFile(path, rel, fi, opts)
		if err != nil {
			res.Skipped = append(res.Skipped, Problem{Path: rel, Reason: err.Error()})
			return nil
		}
		res.Documents = append(res.Documents, *doc)
		return nil
	})
	if err != nil {
		return nil, &core.InputError{Input: source, Err: err}
	}
	if len(res.Documents) == 0 {
		msg := "folder contains no supported documents (" + strings.Join(SupportedExtensions(), " ") + ")"
		if len(res.Skipped) > 0 {
			msg = fmt.Sprintf("folder contains no readable documents (%d skipped; first: %s: %s)",
				len(res.Skipped), res.Skipped[0].Path, res.Skipped[0].Reason)
		}
		return nil, &core.InputError{Input: source, Msg: msg}
	}
	return res, nil
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

// readFile reads and normalizes one document; its error says what is wrong
// with the file in a phrase that follows the file name.
func readFile(path, name string, info fs.FileInfo, opts Options) (*core.Document, error) {
	ext := strings.ToLower(filepath.Ext(path))
	f, ok := formats[ext]
	if !ok {
		if ext == "" {
			return nil, fmt.Errorf("file has no extension; supported: %s", strings.Join(SupportedExtensions(), " "))
		}
		return nil, fmt.Errorf("unsupported file type %s; supported: %s", ext, strings.Join(SupportedExtensions(), " "))
	}
	if info.Size() > opts.MaxFileSize {
		return nil, fmt.Errorf("file is %s, over the %s per-file limit", HumanBytes(info.Size()), HumanBytes(opts.MaxFileSize))
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, errors.New(describeOpenError(err))
	}
	defer fh.Close()
	// Read at most one byte past the limit: the file may have grown since Stat.
	raw, err := io.ReadAll(io.LimitReader(fh, opts.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read failed: %s", describeOpenError(err))
	}
	if int64(len(raw)) > opts.MaxFileSize {
		return nil, fmt.Errorf("file is over the %s per-file limit", HumanBytes(opts.MaxFileSize))
	}
	text, err := Normalize(raw)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	return &core.Document{
		Name:        name,
		Path:        path,
		MediaType:   f.media,
		Format:      f.format,
		Text:        text,
		Bytes:       int64(len(raw)),
		SHA256:      hex.EncodeToString(sum[:]),
		Familiarity: core.Home,
	}, nil
}

// Normalize validates raw bytes as a text document and returns them as a
// string without a UTF-8 BOM and with CRLF and lone CR turned into "\n".
// Empty, binary (NUL bytes) and invalid UTF-8 input is an error.
func Normalize(raw []byte) (string, error) {
	raw = bytes.TrimPrefix(raw, []byte("\xEF\xBB\xBF"))
	if len(bytes.TrimSpace(raw)) == 0 {
		if len(raw) == 0 {
			return "", errors.New("file is empty")
		}
		return "", errors.New("file holds only white space")
	}
	if i := bytes.IndexByte(raw, 0); i >= 0 {
		return "", fmt.Errorf("binary content (NUL byte at offset %d), not a text document", i)
	}
	if !utf8.Valid(raw) {
		off := invalidOffset(raw)
		line := 1 + bytes.Count(raw[:off], []byte{'\n'})
		return "", fmt.Errorf("not valid UTF-8 (invalid byte 0x%02X at offset %d, line %d)", raw[off], off, line)
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
