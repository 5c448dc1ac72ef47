package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// fullHelp lays out groups of key bindings as the help bubble's columns
// when they fit side by side in w cells; otherwise (flow) each group's
// keys run on as lines of "key desc" items wrapped at w, so that a narrow
// terminal shows every key instead of cutting the columns that do not
// fit.
func (m Model) fullHelp(groups [][]key.Binding, w int, flow bool) string {
	if !flow && !m.anyLacking(groups) {
		// Measured uncut: the bubble cuts columns past its width itself.
		uncut := m.help
		uncut.SetWidth(0)
		if v := uncut.FullHelpView(groups); lipgloss.Width(v) <= w {
			return v
		}
	}
	st := m.help.Styles
	sep := st.ShortSeparator.Inline(true).Render(m.help.ShortSeparator)
	var lines []string
	for _, g := range groups {
		line, width := "", 0
		for _, b := range g {
			if !b.Enabled() {
				continue
			}
			item := st.FullKey.Inline(true).Render(b.Help().Key) + " " + st.FullDesc.Inline(true).Render(b.Help().Desc)
			if why := m.lacking(b); why != "" {
				item = m.st.Faint.Render(b.Help().Key + " " + b.Help().Desc + " (" + why + ")")
			}
			iw := ansi.StringWidth(item)
			switch {
			case width == 0:
				line, width = item, iw
			case width+ansi.StringWidth(sep)+iw <= w:
				line += sep + item
				width += ansi.StringWidth(sep) + iw
			default:
				lines = append(lines, line)
				line, width = item, iw
			}
		}
		if width > 0 {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
