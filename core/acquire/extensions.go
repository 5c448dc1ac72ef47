package acquire

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
)

// scriptOrData reports an extension lore reads as plain text so that the
// sanitizer sees it: scripts and data files ride along with documents
// (agent skills ship them beside their SKILL.md), but they are not
// documents written to teach, so lore does not say it learns from them.
func scriptOrData(ext string) bool {
	f, ok := formats[ext]
	return ok && f.format == core.FormatText && f.media != "text/plain" && ext != ".xml"
}

// DocumentExtensions lists the extensions of the documents lore learns
// from, sorted: SupportedExtensions without the scripts and data files.
func DocumentExtensions() []string {
	var out []string
	for _, ext := range SupportedExtensions() {
		if !scriptOrData(ext) {
			out = append(out, ext)
		}
	}
	return out
}

// ScriptExtensions lists the extensions of the scripts and data files lore
// reads as plain text to scan them, sorted.
func ScriptExtensions() []string {
	var out []string
	for ext := range formats {
		if scriptOrData(ext) {
			out = append(out, ext)
		}
	}
	sort.Strings(out)
	return out
}

// whatLoreReads is the sentence that ends a refusal of a file lore does
// not read: what it learns from, what it only reads to scan, and the
// archives it opens.
func whatLoreReads() string {
	return fmt.Sprintf("lore learns from %s; scripts and data files (%s) are read as plain text to be scanned; archives: %s",
		strings.Join(DocumentExtensions(), " "), strings.Join(ScriptExtensions(), " "), strings.Join(ArchiveExtensions(), " "))
}

// binaryTypes names, by extension, the kinds of file that are binary by
// nature and that lore has no reader for: images, audio, video, fonts,
// programs, office formats other than DOCX, and archives it does not
// open. A file of such a type is never read as text; when one holds text
// after all (a mislabelled file), that text is scanned like any other,
// but the type is not one lore scans as text.
var binaryTypes = func() map[string]string {
	m := map[string]string{}
	for kind, exts := range map[string][]string{
		"an image":           {".avif", ".bmp", ".gif", ".heic", ".ico", ".jpeg", ".jpg", ".png", ".psd", ".tif", ".tiff", ".webp"},
		"audio":              {".aac", ".flac", ".m4a", ".mp3", ".ogg", ".opus", ".wav", ".wma"},
		"a video":            {".avi", ".m4v", ".mkv", ".mov", ".mp4", ".mpeg", ".mpg", ".webm", ".wmv"},
		"a font":             {".eot", ".otf", ".ttc", ".ttf", ".woff", ".woff2"},
		"a program":          {".apk", ".app", ".bin", ".class", ".dll", ".dylib", ".exe", ".jar", ".o", ".pyc", ".so", ".wasm"},
		"an office document": {".doc", ".key", ".numbers", ".odp", ".ods", ".odt", ".pages", ".ppt", ".pptx", ".xls", ".xlsx"},
		"an archive":         {".7z", ".bz2", ".cab", ".dmg", ".gz", ".iso", ".lz4", ".rar", ".xz", ".zst"},
		"a database":         {".db", ".sqlite", ".sqlite3"},
	} {
		for _, ext := range exts {
			m[ext] = kind
		}
	}
	return m
}()

// unsupportedType says what lore did with a file of type ext (its
// extension, "" for none) that it read as text and learns nothing from:
// a type lore scans as text, or a binary type that held text.
func unsupportedType(ext string) string {
	if kind, ok := binaryTypes[ext]; ok {
		return "unsupported file type " + ext + " (" + kind + ", which lore does not read; this file holds text, which lore scanned, but it learns nothing from it)"
	}
	if ext == "" {
		return "file has no extension (lore scans it as text, but learns nothing from it)"
	}
	return "unsupported file type " + ext + " (lore scans it as text, but learns nothing from it)"
}
