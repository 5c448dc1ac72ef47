package graphview

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/tui/styles"
)

// sep divides the list from the detail pane.
const (
	sep  = " │ "
	sepW = 3
)

// clean spells out control and format characters (escape sequences, bidi
// overrides, zero-width characters): names and statements come from
// untrusted documents, and such characters would corrupt or reorder the
// screen.
func clean(s string) string {
	if printableASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, w := 0, 0; i < len(s); i += w {
		r, n := utf8.DecodeRuneInString(s[i:])
		w = n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune('\uFFFD')
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cleanBlock is clean for text whose line breaks matter.
func cleanBlock(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = clean(strings.ReplaceAll(l, "\t", "    "))
	}
	return strings.Join(lines, "\n")
}

// oneLine is typed or pasted filter text: line breaks and tabs become
// spaces, other invisible characters are dropped.
func oneLine(s string) string {
	if printableASCII(s) {
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

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }

func blank(w int) string { return strings.Repeat(" ", max(w, 0)) }

// fit truncates or pads s to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// fitPlain is fit for unstyled text, with a fast path for ASCII.
func fitPlain(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if !printableASCII(s) {
		return fit(s, w)
	}
	if len(s) > w {
		return s[:w-1] + "…"
	}
	return s + strings.Repeat(" ", w-len(s))
}

// painter is a style reduced to the escape sequences around its text: the
// list and the plane map paint many short runs per frame, and lipgloss's
// Render costs far more than concatenation. It is only built from styles
// without padding, borders or width.
type painter struct{ pre, post string }

func newPainter(st lipgloss.Style) painter {
	const probe = "x"
	r := st.Render(probe)
	i := strings.Index(r, probe)
	if i < 0 || strings.Count(r, probe) != 1 {
		return painter{}
	}
	return painter{pre: r[:i], post: r[i+len(probe):]}
}

func (p painter) paint(s string) string {
	if s == "" {
		return ""
	}
	return p.pre + s + p.post
}

type painters struct {
	rank, kind, faint, selected, label, heading painter
	edge, tree, axis, region, point, current    painter
}

func newPainters(st styles.Styles) painters {
	return painters{
		rank:     newPainter(st.Graph.Rank),
		kind:     newPainter(st.Kind),
		faint:    newPainter(st.Faint),
		selected: newPainter(st.List.Selected),
		label:    newPainter(st.Label),
		heading:  newPainter(st.Heading),
		edge:     newPainter(st.Graph.Edge),
		tree:     newPainter(st.Graph.Tree),
		axis:     newPainter(st.Graph.Axis),
		region:   newPainter(st.Graph.Region),
		point:    newPainter(st.Graph.Point),
		current:  newPainter(st.Graph.Current),
	}
}
