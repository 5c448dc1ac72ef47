// Package mdblock writes the Markdown blocks the converters of lightweight
// markup (reStructuredText, AsciiDoc) turn their blocks into: fenced code,
// pipe tables and list items whose nested blocks are indented under their
// marker.
package mdblock

import "strings"

// Fence returns body as a fenced code block in language lang ("" for
// none), its fence longer than any run of backticks in body, ending with
// a blank line.
func Fence(lang, body string) string {
	f := "```"
	for strings.Contains(body, f) {
		f += "`"
	}
	return f + lang + "\n" + strings.Trim(body, "\n") + "\n" + f + "\n\n"
}

// Table returns a pipe table of rows, head its header row (an empty one
// when nil), every row padded to the widest; a cell's | is escaped and its
// lines joined.
func Table(head []string, rows [][]string) string {
	width := len(head)
	for _, r := range rows {
		width = max(width, len(r))
	}
	if width == 0 {
		return ""
	}
	var b strings.Builder
	row := func(r []string) {
		cells := make([]string, width)
		for i := range cells {
			if i < len(r) {
				cells[i] = Cell(r[i])
			}
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	row(head)
	b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
	for _, r := range rows {
		row(r)
	}
	b.WriteString("\n")
	return b.String()
}

// Cell is s as one cell of a pipe table: on one line, its bars escaped.
func Cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '|' && (i == 0 || s[i-1] != '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Item returns body, the Markdown of a list item's blocks, after marker
// ("- ", "3. "), its following lines indented to the marker's width so
// that nested lists and code stay inside the item.
func Item(marker, body string) string {
	body = strings.Trim(body, "\n")
	pad := strings.Repeat(" ", len(marker))
	lines := strings.Split(body, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = pad + lines[i]
		}
	}
	return marker + strings.Join(lines, "\n") + "\n"
}
