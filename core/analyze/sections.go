package analyze

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// heading is one heading found by a format reader, before the tree is built.
// Readers report headings in document order.
type heading struct {
	offset int // start of the heading line, command or element
	body   int // first byte after the heading
	// end is where the section ends when the format says so explicitly
	// (PreTeXt closing tags); -1 lets the tree builder end it at the next
	// heading of the same or a higher level.
	end    int
	level  int
	title  string
	number string
}

// Sections returns the section tree of text written in format f. Offsets are
// exact byte offsets into text: Offset is where the heading starts,
// BodyOffset the first byte after it and End the end of the section with its
// children. Text before the first heading becomes a level-0 "Preamble" root;
// text without headings is one level-1 "Document" root; blank text has no
// sections. An unknown format is read as Markdown.
func Sections(text string, f core.Format) []*core.Section {
	if isBlank(text) {
		return nil
	}
	var hs []heading
	var content func(string) bool
	switch f {
	case core.FormatText:
		hs = plainHeadings(text)
		content = hasNonSpace
	case core.FormatLaTeX:
		hs = latexHeadings(text)
		normalizeLevels(hs)
		content = latexHasContent
	case core.FormatPreTeXt:
		hs = pretextHeadings(text)
		normalizeLevels(hs)
		content = xmlHasCharData
	default:
		hs = markdownHeadings(text)
		content = hasNonSpace
	}
	return buildTree(text, hs, content)
}

// buildTree nests headings by level with a stack: a heading closes every open
// section of the same or a deeper level. hasContent decides whether the text
// before the first heading is worth a Preamble section.
func buildTree(text string, hs []heading, hasContent func(string) bool) []*core.Section {
	n := len(text)
	if len(hs) == 0 {
		return []*core.Section{{Title: "Document", Level: 1, End: n}}
	}
	var roots []*core.Section
	if first := hs[0].offset; first > 0 && hasContent(text[:first]) {
		roots = append(roots, &core.Section{Title: "Preamble", Level: 0, End: first})
	}
	stack := make([]*core.Section, 0, 8)
	for _, h := range hs {
		for len(stack) > 0 && stack[len(stack)-1].Level >= h.level {
			top := stack[len(stack)-1]
			if top.End < 0 {
				top.End = h.offset
			}
			stack = stack[:len(stack)-1]
		}
		s := &core.Section{
			Title:      h.title,
			Level:      h.level,
			Number:     h.number,
			Offset:     h.offset,
			BodyOffset: h.body,
			End:        h.end,
		}
		if len(stack) == 0 {
			roots = append(roots, s)
		} else {
			p := stack[len(stack)-1]
			p.Children = append(p.Children, s)
		}
		stack = append(stack, s)
	}
	for _, s := range stack {
		if s.End < 0 {
			s.End = n
		}
	}
	return roots
}

// normalizeLevels shifts levels so that the shallowest heading present is
// level 1: a LaTeX file holding one \section is a tree of sections, not a
// tree hanging under an absent chapter.
func normalizeLevels(hs []heading) {
	if len(hs) == 0 {
		return
	}
	min := hs[0].level
	for _, h := range hs[1:] {
		if h.level < min {
			min = h.level
		}
	}
	for i := range hs {
		hs[i].level -= min - 1
	}
}

// isBlank reports whether s holds nothing but white space.
func isBlank(s string) bool { return !hasNonSpace(s) }

// hasNonSpace reports whether s has a byte that is not ASCII white space or
// a character that is not Unicode white space.
func hasNonSpace(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !isSpaceByte(c) {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isUnicodeSpace(r) {
			return true
		}
		i += size
	}
	return false
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isUnicodeSpace is unicode.IsSpace for non-ASCII runes, spelled out so the
// hot loops avoid the table lookup.
func isUnicodeSpace(r rune) bool {
	switch r {
	case 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// line returns the line starting at start (without its '\n') and the offset
// of the next line.
func line(text string, start int) (string, int) {
	if i := strings.IndexByte(text[start:], '\n'); i >= 0 {
		return text[start : start+i], start + i + 1
	}
	return text[start:], len(text)
}

// trimSpace trims ASCII white space (including '\r' and form feeds).
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpaceByte(s[i]) {
		i++
	}
	for j > i && isSpaceByte(s[j-1]) {
		j--
	}
	return s[i:j]
}

// collapseSpace is text.CollapseSpace, under a name the heading parsers can
// reach past their parameters called text.
var collapseSpace = text.CollapseSpace
