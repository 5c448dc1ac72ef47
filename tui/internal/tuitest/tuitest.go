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

// Widths are the terminal widths golden files are swept over: the
// smallest supported terminal, a laptop and a wide screen.
var Widths = []int{80, 120, 200}

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

// GoldenSweep compares render's output at each of Widths in the light and
// the dark theme with the golden file of a subtest named "<width>/<theme>"
// (regenerated with go test -update).
func GoldenSweep(t *testing.T, render func(w int, dark bool) string) {
	t.Helper()
	for _, w := range Widths {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			t.Run(fmt.Sprintf("%d/%s", w, theme), func(t *testing.T) {
				golden.RequireEqual(t, []byte(render(w, dark)))
			})
		}
	}
}
