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
