package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Each tab's screen is its own component: drawn from it, and a change
// made through the screen lands in the model's field for that tab.
func TestScreensAreTheTabsComponents(t *testing.T) {
	m := newApp(100, 30)
	direct := [len(tabNames)]string{
		tabLearn: m.learn.View(), tabFindings: m.findings.View(), tabConflicts: m.conflicts.View(),
		tabGraph: m.graph.View(), tabSkills: m.skills.View(), tabHistory: m.history.View(),
	}
	for i, s := range m.screens() {
		if s.view() != direct[i] {
			t.Errorf("tab %d (%s): the screen does not draw its component", i, tabNames[i])
		}
	}
	// Resized through the screens: every component has the body's size.
	m, _ = send(m, tea.WindowSizeMsg{Width: 70, Height: 20})
	for i, s := range m.screens() {
		if got := len(strings.Split(s.view(), "\n")); got != m.bodyHeight() {
			t.Errorf("tab %d (%s): %d lines after a resize, want %d", i, tabNames[i], got, m.bodyHeight())
		}
	}
	// The form is part of the Learn screen.
	m, _ = send(m, keyPress("n"))
	if !m.top().captures() || m.top().view() != m.form.View() {
		t.Error("with the form open, the Learn screen is not the form")
	}
}
