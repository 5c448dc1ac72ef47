package cells

import (
	"strings"

	"github.com/lore-kb/lore/core/text"
)

// Visible makes s safe for one row: control, bidi and other invisible
// characters are spelled out (⟨U+202E⟩), a line break shows as ⏎ and tabs
// become spaces. Names, sources and reports quote documents that may be
// hostile, and a raw escape sequence or a direction override would corrupt
// or reorder the screen. It spells exactly what the sanitizer reports, so
// a reviewer sees the same characters the findings name.
func Visible(s string) string {
	if PrintableASCII(s) {
		return s
	}
	return text.Visible(s, text.InText)
}

// VisibleBlock is Visible for text whose lines matter (markdown, code):
// it keeps line breaks and tabs, and a CRLF becomes a plain line break.
func VisibleBlock(s string) string {
	if PrintableASCII(strings.NewReplacer("\n", "", "\t", "").Replace(s)) {
		return s
	}
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if PrintableASCII(l) {
			continue
		}
		parts := strings.Split(l, "\t")
		for j, p := range parts {
			parts[j] = Visible(p)
		}
		lines[i] = strings.Join(parts, "\t")
	}
	return strings.Join(lines, "\n")
}
