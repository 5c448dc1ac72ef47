package text

import (
	"sort"
	"strings"
)

// Line finds the line of s that begins at start: it ends at end (before
// its "\n", or at the end of s), and the next line begins at next. Loops
// over the lines of a text that need their offsets, and may skip ahead, use
// it as
//
//	for start := 0; start < len(s); {
//		end, next := text.Line(s, start)
//		…
//		start = next
//	}
func Line(s string, start int) (end, next int) {
	if i := strings.IndexByte(s[start:], '\n'); i >= 0 {
		return start + i, start + i + 1
	}
	return len(s), len(s)
}

// LineIndex answers which line an offset of one text is on, counting the
// newlines once, on the first question, and searching them after that:
// a scanner reporting many findings stays linear in the text.
type LineIndex struct {
	s  string
	nl []int // offsets of the newlines; nil until the first question
}

// NewLineIndex indexes s.
func NewLineIndex(s string) *LineIndex { return &LineIndex{s: s} }

// At returns the 1-based line of offset off; 0 for a negative offset.
func (x *LineIndex) At(off int) int {
	if off < 0 {
		return 0
	}
	if x.nl == nil {
		x.nl = []int{}
		for i := 0; ; {
			j := strings.IndexByte(x.s[i:], '\n')
			if j < 0 {
				break
			}
			x.nl = append(x.nl, i+j)
			i += j + 1
		}
	}
	return sort.SearchInts(x.nl, off) + 1
}

// IndexFrom is the index of the first c in s at or after i, or len(s).
// Scanners that look for the next of two bytes keep both positions and
// search again only once passed (IndexByte is vectorized).
func IndexFrom(s string, i int, c byte) int {
	if j := strings.IndexByte(s[i:], c); j >= 0 {
		return i + j
	}
	return len(s)
}

// FrontMatter is the Markdown front matter that carries a converted
// document's own title ("---\ntitle: …\n---"), the way Markdown documents
// carry theirs, so the analysis knows the document by it; "" for a title
// that is blank.
func FrontMatter(title string) string {
	t := strings.Join(strings.Fields(title), " ")
	if t == "" {
		return ""
	}
	return "---\ntitle: " + t + "\n---\n\n"
}

// FrontMatterEnd returns the offset after a YAML front matter block ("---"
// … "---" or "...") at the very start of s, or 0 when there is none. Front
// matter is metadata, not text: no heading, no statement. An
// Internet-Draft's kramdown-rfc header is closed by its first part's
// marker ("--- abstract") instead: read past it, the header would run on
// to a "..." row of some code block and take every heading before it.
func FrontMatterEnd(s string) int {
	end, next := Line(s, 0)
	if strings.TrimSpace(s[:end]) != "---" || next >= len(s) {
		return 0
	}
	for start := next; start < len(s); {
		end, after := Line(s, start)
		if t := strings.TrimSpace(s[start:end]); t == "---" || t == "..." || strings.HasPrefix(t, "--- ") {
			return after
		}
		start = after
	}
	return 0
}

// HeaderTitle is the title a document's opening header of "Key: value"
// lines gives ("PEP: 3333" then "Title: Python Web Server Gateway
// Interface v1.0.1"; MultiMarkdown's "title: A Flow Shop Scheduler" then
// "author: …"), or "". The header opens the document and holds at least
// two such lines; a lone "Note: …" line is prose.
func HeaderTitle(s string) string {
	title, keys := "", 0
	for start := 0; start < len(s) && keys < maxHeaderKeys; {
		end, next := Line(s, start)
		ln := strings.TrimRight(s[start:end], " \t\r")
		start = next
		if ln != "" && (ln[0] == ' ' || ln[0] == '\t') && keys > 0 {
			continue // a value continued on the next line
		}
		k, v, ok := strings.Cut(ln, ":")
		if !ok || !headerKey(k) || v != "" && v[0] != ' ' && v[0] != '\t' {
			break
		}
		keys++
		if strings.EqualFold(k, "title") && title == "" {
			title = strings.TrimSpace(v)
		}
	}
	if keys < 2 {
		return ""
	}
	return title
}

// maxHeaderKeys bounds the lines of a header read.
const maxHeaderKeys = 40

// headerKey reports a header line's key: a word of letters, digits and
// hyphens opening with a letter ("Post-History").
func headerKey(k string) bool {
	if k == "" || len(k) > 30 || !(k[0] >= 'A' && k[0] <= 'Z' || k[0] >= 'a' && k[0] <= 'z') {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
