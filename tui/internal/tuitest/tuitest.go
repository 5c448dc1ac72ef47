// Package tuitest holds the checks the TUI components' tests share: every
// component promises views of exactly the size it was given and golden
// files swept over the same widths and themes, so the checks are written
// once. It is imported only by tests.
package tuitest

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// Smallest is the smallest terminal every screen stays usable in: nothing
// may be lost there, only shortened, stacked or scrolled.
var Smallest = Size{W: 60, H: 20}

// Widths are the terminal widths golden files are swept over besides
// Smallest, at the height each test picks: a laptop and wide screens.
var Widths = []int{80, 120, 200}

// Size is a terminal's width and height in cells.
type Size struct{ W, H int }

// Sizes are the sizes a component of usual height h is swept over:
// Smallest (its body: the root takes a tab bar, a status bar and a help
// line), then each of Widths at h.
func Sizes(h int) []Size {
	out := []Size{{Smallest.W, Smallest.H - RootChrome}}
	for _, w := range Widths {
		out = append(out, Size{w, h})
	}
	return out
}

// RootChrome is the lines the root application takes around a screen:
// the tab bar above, the status bar and help line below.
const RootChrome = 3

// Press is the key press of a printable rune.
func Press(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// CheckSize fails t unless view v is exactly h lines of exactly w cells,
// or empty when there is no room (w or h not positive): the root lays
// components side by side, and a ragged or extra line shifts the rest of
// the screen.
func CheckSize(t testing.TB, v string, w, h int) {
	t.Helper()
	if w <= 0 || h <= 0 {
		if v != "" {
			t.Fatalf("%dx%d: want empty view, got %q", w, h, v)
		}
		return
	}
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%dx%d: got %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, got, ansi.Strip(l))
		}
	}
}

// GoldenSweep compares render's output at each of Sizes(h) in the light
// and the dark theme with the golden file of a subtest named
// "<width>/<theme>" (regenerated with go test -update).
func GoldenSweep(t *testing.T, h int, render func(w, h int, dark bool) string) {
	t.Helper()
	for _, s := range Sizes(h) {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			t.Run(fmt.Sprintf("%d/%s", s.W, theme), func(t *testing.T) {
				golden.RequireEqual(t, []byte(render(s.W, s.H, dark)))
			})
		}
	}
}
