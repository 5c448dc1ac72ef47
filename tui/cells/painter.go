package cells

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Painter is a style reduced once to the escape sequences around its
// text. Lists, maps and diffs paint many short runs per frame, and
// lipgloss's Render costs far more than concatenation (it renders an
// underlined or struck-through style one rune at a time). The zero
// Painter leaves text unstyled.
type Painter struct {
	pre, post string
	// slow is the style itself when its Render is more than prefix + text
	// + suffix (padding, borders, width), so painting stays correct.
	slow *lipgloss.Style
}

// NewPainter reduces st to its escape sequences.
func NewPainter(st lipgloss.Style) Painter {
	const probe = "x"
	r := st.Render(probe)
	i := strings.Index(r, probe)
	if i < 0 || strings.Count(r, probe) != 1 {
		return Painter{slow: &st}
	}
	return Painter{pre: r[:i], post: r[i+len(probe):]}
}

// Paint styles s. Empty text gets no escape sequences at all: they would
// only add bytes to every frame.
func (p Painter) Paint(s string) string {
	if s == "" {
		return ""
	}
	if p.slow != nil {
		return p.slow.Render(s)
	}
	return p.pre + s + p.post
}

// Prefix is the escape sequence before painted text. Prefix and Suffix
// serve writers that stream a run of cells between them instead of
// building the run first. Both are empty for a style Paint renders the slow way,
// whose text then streams unstyled.
func (p Painter) Prefix() string { return p.pre }

// Suffix is the escape sequence after painted text; see Prefix.
func (p Painter) Suffix() string { return p.post }
