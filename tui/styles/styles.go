// Package styles holds every lipgloss style lore draws with, built once for
// a light or a dark background, so views never create ad-hoc styles.
package styles

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Styles is the one set of styles for the command line output and the
// terminal application.
type Styles struct {
	IsDark bool
	// Heading marks titles and names.
	Heading lipgloss.Style
	// Label marks field labels ("source", "type").
	Label lipgloss.Style
	// Faint marks secondary detail: offsets, ids, scores.
	Faint lipgloss.Style
	// Kind marks a primitive or edge type.
	Kind lipgloss.Style
	// Good and Bad mark outcomes.
	Good lipgloss.Style
	Bad  lipgloss.Style
}

// Palette colours, each a light/dark pair.
type palette struct {
	accent, secondary, muted, good, bad color.Color
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	return palette{
		accent:    ld(lipgloss.Color("#1F6FB2"), lipgloss.Color("#6CB6FF")),
		secondary: ld(lipgloss.Color("#8A3FA0"), lipgloss.Color("#D2A8FF")),
		muted:     ld(lipgloss.Color("#6E7781"), lipgloss.Color("#8B949E")),
		good:      ld(lipgloss.Color("#1A7F37"), lipgloss.Color("#56D364")),
		bad:       ld(lipgloss.Color("#CF222E"), lipgloss.Color("#FF7B72")),
	}
}

// New builds the styles for a dark (true) or light background.
func New(isDark bool) Styles {
	p := newPalette(isDark)
	return Styles{
		IsDark:  isDark,
		Heading: lipgloss.NewStyle().Bold(true),
		Label:   lipgloss.NewStyle().Foreground(p.accent),
		Faint:   lipgloss.NewStyle().Foreground(p.muted),
		Kind:    lipgloss.NewStyle().Foreground(p.secondary),
		Good:    lipgloss.NewStyle().Foreground(p.good),
		Bad:     lipgloss.NewStyle().Foreground(p.bad).Bold(true),
	}
}
