package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/pipeline"
)

// runID is a session id of the usual length.
const runID = "learn-20261122-120100-a1b2c3"

// midRun is the application at w×h with a store path of the usual length,
// a run of a PDF acquiring its pages, and conflicts pending: the status
// bar at its longest, the Conflicts tab with its badge.
func midRun(w, h int, dark bool) Model {
	m := New(context.Background(), Options{StorePath: "/home/curator/.local/share/lore", Dark: dark})
	m, _ = send(m, tea.WindowSizeMsg{Width: w, Height: h}, statusMsg{primitives: 4812, pending: 3})
	m.run = &run{id: runID, source: "linalg.pdf", cancel: func() {}, asks: make(chan approvalAsk)}
	m.running, m.eventsOpen = true, true
	m.learn = m.learn.Reset("linalg.pdf", runID, false)
	t0 := time.Date(2026, 11, 22, 12, 1, 0, 0, time.UTC)
	for _, e := range []engine.Event{
		engine.StageStarted{Stage: engine.StageAcquire, At: t0},
		engine.StageProgress{Stage: engine.StageAcquire, Done: 48, Total: 127, Detail: "linalg.pdf · pages"},
	} {
		m, _ = send(m, eventMsg{run: runID, at: t0, e: e})
	}
	m.learn = m.learn.SetNow(t0.Add(2300 * time.Millisecond))
	return m
}

func lines(screen string) []string { return strings.Split(screen, "\n") }

// At 60×20 nothing is lost: every tab is in the tab bar, the Learn screen
// shows its seven stages, the help keeps the global keys, and the status
// bar, too long for the width, is cut with an ellipsis.
func TestSmallestTerminalLosesNothing(t *testing.T) {
	w, h := tuitest.Smallest.W, tuitest.Smallest.H
	m := midRun(w, h, true)
	for tab := range tabNames {
		m, _ = send(m, keyPress(fmt.Sprint(tab+1)))
		screen := lines(checkScreen(t, m, w, h))
		bar := screen[0]
		spans := m.tabSpans()
		for i, s := range spans {
			if s[1] > w {
				t.Errorf("tab %d: the label of tab %d ends at column %d of %d", tab+1, i+1, s[1], w)
				continue
			}
			label := strings.TrimSpace(ansi.Strip(ansi.Cut(m.View().Content[:strings.IndexByte(m.View().Content, '\n')], s[0], s[1])))
			if !strings.HasPrefix(label, fmt.Sprint(i+1)) {
				t.Errorf("tab %d: tab %d's place in the bar holds %q:\n%s", tab+1, i+1, label, bar)
			}
		}
		if !strings.Contains(bar, fmt.Sprintf("%d %s", tab+1, shortTabNames[tab])) {
			t.Errorf("tab %d is not named in the bar: %q", tab+1, bar)
		}
		if !strings.Contains(bar, "(3)") {
			t.Errorf("tab %d: the pending conflicts' badge is lost: %q", tab+1, bar)
		}
		help := screen[h-1]
		for _, k := range []string{"? help", "tab next screen", "quit"} {
			if !strings.Contains(help, k) {
				t.Errorf("tab %d: the help line lacks %q: %q", tab+1, k, help)
			}
		}
		status := strings.TrimRight(screen[h-2], " ")
		if !strings.HasSuffix(status, "…") {
			t.Errorf("tab %d: the status bar is cut without an ellipsis: %q", tab+1, status)
		}
	}
	m, _ = send(m, keyPress("1"))
	screen := checkScreen(t, m, w, h)
	for _, title := range pipeline.Titles {
		if !strings.Contains(screen, title) {
			t.Errorf("the Learn screen lacks the %q stage:\n%s", title, screen)
		}
	}
	if !strings.Contains(screen, "48/127") || !strings.Contains(screen, "█") {
		t.Errorf("the acquire stage's bar is not drawn:\n%s", screen)
	}
}

// At 80 columns the status bar makes room for the run by shortening the
// store path, and what does not fit is marked, never silently cut.
func TestStatusBarAt80KeepsTheRunAndMarksCuts(t *testing.T) {
	m := midRun(80, 24, false)
	status := lines(checkScreen(t, m, 80, 24))[22]
	if !strings.Contains(status, runID) {
		t.Errorf("the running session is cut: %q", status)
	}
	if !strings.Contains(status, "…") {
		t.Errorf("the store path is cut without an ellipsis: %q", status)
	}
	if !strings.Contains(status, "share/lore") {
		t.Errorf("the end of the store path is lost: %q", status)
	}
}

// Whatever the width, the help line ends with the global keys; the
// screen's keys give way first.
func TestHelpLineKeepsTheGlobalKeys(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {100, 30}, {120, 40}} {
		m := newApp(size[0], size[1])
		for tab := range tabNames {
			m, _ = send(m, keyPress(fmt.Sprint(tab+1)))
			screen := lines(checkScreen(t, m, size[0], size[1]))
			help := screen[len(screen)-1]
			for _, k := range []string{"? help", "tab next screen", "quit"} {
				if !strings.Contains(help, k) {
					t.Errorf("%v %s: the help line lacks %q: %q", size, tabNames[tab], k, help)
				}
			}
		}
	}
}

// TestGoldenApp is the whole application mid-run, every tab in turn, swept
// over the smallest terminal and larger ones in both themes.
func TestGoldenApp(t *testing.T) {
	sizes := []tuitest.Size{tuitest.Smallest, {W: 80, H: 24}, {W: 100, H: 30}, {W: 120, H: 40}}
	for _, s := range sizes {
		for _, dark := range []bool{false, true} {
			theme := map[bool]string{false: "light", true: "dark"}[dark]
			t.Run(fmt.Sprintf("%d/%s", s.W, theme), func(t *testing.T) {
				m := midRun(s.W, s.H, dark)
				var screens []string
				for tab := range tabNames {
					m, _ = send(m, keyPress(fmt.Sprint(tab+1)))
					screens = append(screens, m.View().Content)
				}
				golden.RequireEqual(t, []byte(strings.Join(screens, "\n"+strings.Repeat("═", s.W)+"\n")))
			})
		}
	}
}

// In the smallest terminal the learn form's error is shown whole, wrapped
// under the fields, not cut at the edge.
func TestFormErrorWrapsInTheSmallestTerminal(t *testing.T) {
	odd := filepath.Join(t.TempDir(), "picture.bmp")
	if err := os.WriteFile(odd, []byte("BM"), 0o600); err != nil {
		t.Fatal(err)
	}
	w, h := tuitest.Smallest.W, tuitest.Smallest.H
	m := newApp(w, h)
	m, _ = send(m, keyPress("n"), tea.PasteMsg{Content: odd})
	m, cmd := send(m, keyPress("enter"))
	for cmd != nil {
		m, cmd = send(m, cmd())
	}
	msg := m.Form().Err()
	if !strings.Contains(msg, "archives: .tar") {
		t.Fatalf("the form's error is %q", msg)
	}
	// Long words (the path) are cut where the line ends, so spaces are
	// left out of the comparison.
	screen := strings.Join(strings.Fields(checkScreen(t, m, w, h)), "")
	if !strings.Contains(screen, strings.Join(strings.Fields(msg), "")) {
		t.Errorf("the error %q is not all on screen:\n%s", msg, checkScreen(t, m, w, h))
	}
}

// The help view lists every key of the screen and every global key, even
// in the smallest terminal: columns that do not fit side by side run on as
// lines instead of being cut.
func TestHelpViewShowsEveryKeyInTheSmallestTerminal(t *testing.T) {
	w, h := tuitest.Smallest.W, tuitest.Smallest.H
	m := midRun(w, h, true)
	for tab := range tabNames {
		m, _ = send(m, keyPress(fmt.Sprint(tab+1)), keyPress("?"))
		screen := checkScreen(t, m, w, h)
		screenKeys, global := m.helpGroups()
		for _, g := range append(screenKeys, global...) {
			for _, b := range g {
				if b.Enabled() && !strings.Contains(screen, b.Help().Desc) {
					t.Errorf("%s: the help view lacks %q %q:\n%s", tabNames[tab], b.Help().Key, b.Help().Desc, screen)
				}
			}
		}
		m, _ = send(m, keyPress("?"))
	}
}
