package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

// API reference pages list their options, types and extensions in tables
// and bullet lists whose first cell or item is the identifier in code:
//
//	| `parser.WithAttribute` | `-` | Enables custom attributes. |
//	- `extension.Table`
//	    - GitHub Flavored Markdown: Tables
//
// Each such entry is a definition named by the identifier; the rest of the
// row, or the indented lines under the item, is its statement.

// apiEntry reads the line s[p:le] as a table row or list item naming an
// identifier and reports whether it was one.
func (x *extractor) apiEntry(st *secState, s string, p, le int) bool {
	line := s[p:le]
	t := strings.TrimLeft(line, " \t")
	lead := len(line) - len(t)
	switch {
	case strings.HasPrefix(t, "|"):
		cells := tableCells(t)
		if len(cells) < 2 {
			return false
		}
		id, off, ok := codeIdent(cells[0])
		if !ok {
			return false
		}
		var rest []string
		for _, c := range cells[1:] {
			if c = cellText(c); c != "" && c != "-" {
				rest = append(rest, c)
			}
		}
		if len(rest) == 0 || !describes(rest) {
			return false
		}
		x.addSignature(st, id, core.Definition, id+" — "+strings.Join(rest, "; "), p+lead+1+off)
		return true
	case strings.HasPrefix(t, "- "), strings.HasPrefix(t, "* "):
		id, off, ok := codeIdent(t[2:])
		if !ok {
			return false
		}
		desc := indentedBelow(s, le, lead)
		if desc == "" {
			return false
		}
		x.addSignature(st, id, core.Definition, id+" — "+desc, p+lead+2+off)
		return true
	}
	return false
}

// codeIdent returns the identifier when cell is exactly one code span
// holding a (possibly dotted) identifier, and the span's offset in cell.
func codeIdent(cell string) (string, int, bool) {
	t := strings.TrimSpace(cell)
	if len(t) < 4 || t[0] != '`' || t[len(t)-1] != '`' || strings.Count(t, "`") != 2 {
		return "", 0, false
	}
	id := t[1 : len(t)-1]
	for i := 0; i < len(id); i++ {
		if !isWordByte(id[i]) && id[i] != '.' {
			return "", 0, false
		}
	}
	last := id[strings.LastIndexByte(id, '.')+1:]
	if len(last) < 2 || !looksIdent(id) || stopwordIdent(last) {
		return "", 0, false
	}
	return id, strings.Index(cell, "`") + 1, true
}

// indentedBelow joins the lines after lineEnd that are indented deeper than
// indent (the item's sub-items and continuation), as reading text.
func indentedBelow(s string, lineEnd, indent int) string {
	var parts []string
	for p := lineEnd + 1; p < len(s) && len(parts) < 8; {
		nl := strings.IndexByte(s[p:], '\n')
		le := len(s)
		if nl >= 0 {
			le = p + nl
		}
		line := s[p:le]
		t := strings.TrimLeft(line, " \t")
		if t == "" || len(line)-len(t) <= indent {
			break
		}
		if c := strings.TrimSpace(mdInline(t)); c != "" {
			parts = append(parts, c)
		}
		p = le + 1
	}
	return strings.Join(parts, " ")
}

// describes reports whether a row's cells say something of its name:
// in words (two words of prose at least), or as one value (a registry's
// "`AEAD_AEGIS128L` | `32`"). A row of several figures is a measurement
// (an experiment's results by instance: "abz7 | 656 | 712 | 96s"), not a
// description.
func describes(cells []string) bool {
	if len(cells) == 1 {
		return true
	}
	n := 0
	for _, c := range cells {
		for _, w := range strings.Fields(c) {
			if proseWord(strings.Trim(w, ".,;:!?'\"()*")) {
				n++
			}
		}
	}
	return n >= 2
}

// tableCells splits a Markdown table row on its unescaped pipes ("\|" is a
// pipe inside a cell, as in "[]byte \| string").
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, "\\|") {
		row = row[:len(row)-1]
	}
	var cells []string
	start := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			cells = append(cells, row[start:i])
			start = i + 1
		}
	}
	return append(cells, row[start:])
}

// cellText renders a table cell as reading text: code spans keep their
// content as written, links become their text, escaped pipes plain pipes.
func cellText(c string) string {
	var b strings.Builder
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; {
		case ch == '`':
			e := strings.IndexByte(c[i+1:], '`')
			if e < 0 {
				continue
			}
			// In a table even a code span escapes its pipes (GFM).
			b.WriteString(strings.ReplaceAll(c[i+1:i+1+e], `\|`, "|"))
			i += e + 1
		case ch == '\\' && i+1 < len(c) && c[i+1] == '|':
			b.WriteByte('|')
			i++
		default:
			b.WriteByte(ch)
		}
	}
	return strings.TrimSpace(mdLinks(b.String()))
}

// mdLinks replaces Markdown links "[text](url)" with their text.
func mdLinks(s string) string {
	for {
		i := strings.Index(s, "](")
		if i < 0 {
			return s
		}
		open := strings.LastIndexByte(s[:i], '[')
		end := strings.IndexByte(s[i:], ')')
		if open < 0 || end < 0 {
			return s
		}
		s = s[:open] + s[open+1:i] + s[i+end+1:]
	}
}
