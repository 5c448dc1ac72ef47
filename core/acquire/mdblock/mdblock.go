// Package mdblock writes the Markdown blocks the converters of lightweight
// markup (reStructuredText, AsciiDoc) turn their blocks into: fenced code,
// pipe tables and list items whose nested blocks are indented under their
// marker.
package mdblock

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

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

// CodeSpan returns s as Markdown inline code, its backticks longer than
// any run of them in s.
func CodeSpan(s string) string {
	f := "`"
	for strings.Contains(s, f) {
		f += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return f + " " + s + " " + f
	}
	return f + s + f
}

// Kept holds the pieces of a line already written as Markdown while the
// rest of its inline markup is converted: each stands in the line as a
// placeholder no markup rule matches, and Restore puts it back.
type Kept struct{ pieces []string }

// Keep returns the placeholder that stands for v.
func (k *Kept) Keep(v string) string {
	k.pieces = append(k.pieces, v)
	return "\x00" + strconv.Itoa(len(k.pieces)-1) + "\x01"
}

// keptAt is a placeholder of Kept.
var keptAt = lazyre.New("\x00([0-9]+)\x01")

// Restore returns s with every placeholder replaced by what it stands for,
// a piece kept inside another one included.
func (k *Kept) Restore(s string) string {
	for keptAt.MatchString(s) {
		s = keptAt.ReplaceAllStringFunc(s, func(m string) string {
			n, _ := strconv.Atoi(m[1 : len(m)-1])
			if n >= len(k.pieces) {
				return ""
			}
			return k.pieces[n]
		})
	}
	return s
}
