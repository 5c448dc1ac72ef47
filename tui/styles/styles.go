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

	// App is the terminal application's chrome.
	App struct {
		// Brand is the "lore" mark at the left of the tab bar.
		Brand lipgloss.Style
		// TabActive and Tab are the tab labels.
		TabActive, Tab lipgloss.Style
		// Status is the status bar; StatusValue its values.
		Status, StatusValue lipgloss.Style
		// Dialog frames a confirmation or the help overlay.
		Dialog lipgloss.Style
		// Error is an inline error message.
		Error lipgloss.Style
	}

	// Pane colours the frame of one stage of the Learn screen, by state.
	Pane struct {
		Waiting, Running, Done, Failed, Skipped lipgloss.Style
		// Title is the stage name in the top border.
		Title lipgloss.Style
	}

	// State colours a stage state word.
	State struct {
		Waiting, Running, Done, Failed, Skipped lipgloss.Style
	}

	// Bar is a progress bar's filled and empty cells.
	Bar struct{ Full, Empty lipgloss.Style }

	// Severity colours a finding's severity.
	Severity struct{ Critical, Warning, Info lipgloss.Style }

	// List styles the rows of a list.
	List struct {
		// Selected is the row under the cursor; Group a group heading.
		Selected, Group lipgloss.Style
	}

	// Evidence styles the document context of a finding.
	Evidence struct {
		// Gutter holds line numbers; Match the matched text; Marker a
		// hidden character spelled out as ⟨U+202E⟩.
		Gutter, Match, Marker lipgloss.Style
	}

	// Input styles a form field.
	Input struct{ Focused, Blurred, Hint lipgloss.Style }

	// Diff styles a comparison of two texts: words only on the left
	// (Delete), only on the right (Insert), on both (Same); Side heads a
	// column ("EXISTING", "CANDIDATE").
	Diff struct{ Insert, Delete, Same, Side lipgloss.Style }

	// Graph styles the primitive browser: Rank numbers, Edge types and
	// strengths, the prerequisite Tree's branches, and the plane map's
	// Axis, domain Region labels, Point for a primitive and Current for the
	// selected one.
	Graph struct{ Rank, Edge, Tree, Axis, Region, Point, Current lipgloss.Style }

	// Status colours a session or skill state: Active (committed, valid),
	// Inactive (reverted, archived) and Problem (failed, invalid).
	Status struct{ Active, Inactive, Problem lipgloss.Style }
}

// Palette colours, each a light/dark pair.
type palette struct {
	accent, secondary, muted, good, bad, warn, text, selectBg, matchBg color.Color
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	return palette{
		accent:    ld(lipgloss.Color("#1F6FB2"), lipgloss.Color("#6CB6FF")),
		secondary: ld(lipgloss.Color("#8A3FA0"), lipgloss.Color("#D2A8FF")),
		muted:     ld(lipgloss.Color("#6E7781"), lipgloss.Color("#8B949E")),
		good:      ld(lipgloss.Color("#1A7F37"), lipgloss.Color("#56D364")),
		bad:       ld(lipgloss.Color("#CF222E"), lipgloss.Color("#FF7B72")),
		warn:      ld(lipgloss.Color("#9A6700"), lipgloss.Color("#E3B341")),
		text:      ld(lipgloss.Color("#1F2328"), lipgloss.Color("#E6EDF3")),
		selectBg:  ld(lipgloss.Color("#DDF4FF"), lipgloss.Color("#1F3A5F")),
		matchBg:   ld(lipgloss.Color("#FFF8C5"), lipgloss.Color("#5A4A00")),
	}
}

// New builds the styles for a dark (true) or light background.
func New(isDark bool) Styles {
	p := newPalette(isDark)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := Styles{
		IsDark:  isDark,
		Heading: lipgloss.NewStyle().Bold(true),
		Label:   fg(p.accent),
		Faint:   fg(p.muted),
		Kind:    fg(p.secondary),
		Good:    fg(p.good),
		Bad:     fg(p.bad).Bold(true),
	}

	s.App.Brand = fg(p.accent).Bold(true).Padding(0, 1)
	s.App.TabActive = fg(p.accent).Bold(true).Underline(true).Padding(0, 1)
	s.App.Tab = fg(p.muted).Padding(0, 1)
	s.App.Status = fg(p.muted)
	s.App.StatusValue = fg(p.text)
	s.App.Dialog = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.accent).Padding(0, 1)
	s.App.Error = fg(p.bad)

	s.Pane.Waiting = fg(p.muted)
	s.Pane.Running = fg(p.accent)
	s.Pane.Done = fg(p.good)
	s.Pane.Failed = fg(p.bad)
	s.Pane.Skipped = fg(p.muted)
	s.Pane.Title = lipgloss.NewStyle().Bold(true)

	s.State.Waiting = fg(p.muted)
	s.State.Running = fg(p.accent).Bold(true)
	s.State.Done = fg(p.good)
	s.State.Failed = fg(p.bad).Bold(true)
	s.State.Skipped = fg(p.muted).Italic(true)

	s.Bar.Full = fg(p.accent)
	s.Bar.Empty = fg(p.muted)

	s.Severity.Critical = fg(p.bad).Bold(true)
	s.Severity.Warning = fg(p.warn).Bold(true)
	s.Severity.Info = fg(p.muted)

	s.List.Selected = lipgloss.NewStyle().Background(p.selectBg).Foreground(p.text)
	s.List.Group = fg(p.text).Bold(true)

	s.Evidence.Gutter = fg(p.muted)
	s.Evidence.Match = lipgloss.NewStyle().Background(p.matchBg).Foreground(p.text).Bold(true)
	s.Evidence.Marker = fg(p.bad).Bold(true)

	s.Diff.Insert = lipgloss.NewStyle().Foreground(p.good).Underline(true)
	s.Diff.Delete = lipgloss.NewStyle().Foreground(p.bad).Strikethrough(true)
	s.Diff.Same = fg(p.text)
	s.Diff.Side = fg(p.accent).Bold(true)

	s.Graph.Rank = fg(p.muted)
	s.Graph.Edge = fg(p.secondary)
	s.Graph.Tree = fg(p.muted)
	s.Graph.Axis = fg(p.muted)
	s.Graph.Region = fg(p.secondary).Italic(true)
	s.Graph.Point = fg(p.accent)
	s.Graph.Current = fg(p.bad).Bold(true)

	s.Status.Active = fg(p.good)
	s.Status.Inactive = fg(p.muted).Italic(true)
	s.Status.Problem = fg(p.bad).Bold(true)

	s.Input.Focused = fg(p.accent).Bold(true)
	s.Input.Blurred = fg(p.muted)
	s.Input.Hint = fg(p.muted).Italic(true)
	return s
}
