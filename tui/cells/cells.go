// Package cells fits text into terminal cells for the TUI's components:
// fitting and cutting to a width, spelling out characters that must not
// reach the terminal, and painting with styles reduced to their escape
// sequences. Every view draws exact-width rows (the root lays them side by
// side and a ragged row would shift its neighbours), so these helpers are
// shared rather than redone per component.
package cells

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Ellipsis marks text cut to fit.
const Ellipsis = "…"

// Fit truncates s (which may hold escape sequences) with an ellipsis or
// pads it with spaces to exactly w cells; w <= 0 gives "".
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, Ellipsis)
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// FitPlain is Fit for unstyled text. Lists fit thousands of names per
// frame, and printable ASCII needs no width tables.
func FitPlain(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if !PrintableASCII(s) {
		return Fit(s, w)
	}
	if len(s) > w {
		return s[:w-1] + Ellipsis
	}
	return s + strings.Repeat(" ", w-len(s))
}

// Clip is Fit without the ellipsis: for whole screens and panes, where a
// cut edge is expected and an ellipsis would only eat a cell.
func Clip(s string, w int) string {
	// Measured once: most lines already fit exactly, and measuring is most
	// of a frame's cost.
	switch n := ansi.StringWidth(s); {
	case n == w:
		return s
	case n < w:
		return s + strings.Repeat(" ", w-n)
	}
	return Pad(ansi.Truncate(s, max(w, 0), ""), w)
}

// ClipLines makes s exactly h lines of exactly w cells each, so a pane
// never pushes the ones below or beside it.
func ClipLines(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:max(h, 0)]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = Clip(l, w)
	}
	return strings.Join(lines, "\n")
}

// Pad right-pads s with spaces to w cells and leaves wider text alone.
func Pad(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// ShortenLeft fits unstyled s into at most w cells by cutting from the
// left behind an ellipsis: the end of a path, URL or location (the file
// name, the line and column) tells entries apart, their common prefix does
// not. It does not pad, and may give w-1 cells when a wide character
// would straddle the cut.
func ShortenLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if n := ansi.StringWidth(s); n > w {
		if w == 1 {
			return Ellipsis
		}
		// A wide character straddling the cut stays whole, so cut one
		// cell more until the rest fits beside the ellipsis.
		for cut := n - w + 1; ; cut++ {
			if t := ansi.TruncateLeft(s, cut, ""); ansi.StringWidth(t) <= w-1 {
				return Ellipsis + t
			}
		}
	}
	return s
}

// FitTail is ShortenLeft padded to exactly w cells.
func FitTail(s string, w int) string {
	return FitPlain(ShortenLeft(s, w), w)
}

// PrintableASCII reports whether s is only printable ASCII, the common
// case that needs neither cleaning nor width tables.
func PrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// Wrap breaks unstyled s into lines of at most w cells, at spaces where it
// can (longer words are cut): prose on a narrow screen keeps its end.
func Wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// Bullet wraps s as a bullet item in exactly w cells a line, continuation
// lines indented under the text, so a list of problems or dependents reads
// as one item each. maxLines > 0 keeps at most that many lines, marking
// the cut with an ellipsis (a long list must leave room for the rest).
func Bullet(s string, w, maxLines int) []string {
	if w <= 6 {
		return []string{Fit("  • "+s, w)}
	}
	ls := strings.Split(ansi.Wrap(s, w-4, ""), "\n")
	if maxLines > 0 && len(ls) > maxLines {
		ls = ls[:maxLines]
		ls[maxLines-1] = ansi.Truncate(ls[maxLines-1], w-5, "") + Ellipsis
	}
	for i, l := range ls {
		p := "    "
		if i == 0 {
			p = "  • "
		}
		ls[i] = Fit(p+l, w)
	}
	return ls
}

// WrapParts breaks the styled line s, whose parts are joined by sep
// (" · "), into lines of at most w cells: after the last part that fits
// (the separator dropped), else at the last space, else at w. The styles
// carry over (ansi.Cut keeps the escape sequences). A line of counts or
// notes keeps its parts whole where it can, and never loses its end.
func WrapParts(s, sep string, w int) []string {
	plain := []rune(ansi.Strip(s))
	// cellAt[i] is the cell where rune i starts; pane text is one cell a
	// rune except wide characters, which count two.
	cellAt := make([]int, len(plain)+1)
	for i, r := range plain {
		cellAt[i+1] = cellAt[i] + ansi.StringWidth(string(r))
	}
	sepR := []rune(sep)
	at := func(i int, sub []rune) bool {
		return i+len(sub) <= len(plain) && string(plain[i:i+len(sub)]) == string(sub)
	}
	var out []string
	start := 0 // rune index of the line's first character
	for start < len(plain) {
		end := start
		for end < len(plain) && cellAt[end+1]-cellAt[start] <= w {
			end++
		}
		if end == start {
			end++ // a character wider than the pane is cut by Fit
		}
		next := end
		if end < len(plain) {
			// Where the line breaks: the last separator, else the last
			// space, in what fits; the line may end just before either.
			brk, skip := -1, 0
			for i := end; i > start; i-- {
				if at(i, sepR) {
					brk, skip = i, len(sepR)
					break
				}
			}
			if brk < 0 {
				for i := end; i > start; i-- {
					if plain[i] == ' ' {
						brk, skip = i, 1
						break
					}
				}
			}
			if brk > start {
				end, next = brk, brk+skip
			}
		}
		out = append(out, ansi.Cut(s, cellAt[start], cellAt[end]))
		start = next
	}
	return out
}

// RelativeTo is path relative to dir when that is shorter (a source named
// as the person sees it from where lore was started), else path.
func RelativeTo(dir, path string) string {
	if dir == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || len(rel) >= len(path) {
		return path
	}
	return rel
}

// OneLine is typed or pasted text made one line: line breaks and tabs
// become spaces, other invisible characters are dropped.
func OneLine(s string) string {
	if PrintableASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

// Blank is w spaces (none for w ≤ 0).
func Blank(w int) string { return strings.Repeat(" ", max(w, 0)) }
