package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
)

// hostileNotes raises one critical finding (a bidirectional override), so
// the gate asks the reviewer.
const hostileNotes = "# Access notes\n\n## Roles\n\nA role is a named set of permissions granted to a user.\n\n" +
	"access = \"user\u202E nimda\"\n\nA permission is the right to perform one action on one resource.\n"

// newScreen runs the application with opts on a 120×40 terminal without
// colours, as the screen tests read it.
func newScreen(t *testing.T, opts Options) *teatest.TestModel {
	t.Helper()
	return teatest.NewTestModel(t, New(context.Background(), opts),
		teatest.WithInitialTermSize(120, 40), teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
}

// waitScreen waits until the application's screen shows s (spaces and
// escapes ignored); while it does not, a window-size message makes the
// renderer repaint the whole screen, since it writes only changed cells.
func waitScreen(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	squeeze := func(s string) string { return strings.ReplaceAll(ansi.Strip(s), " ", "") }
	want := squeeze(s)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		if strings.Contains(squeeze(string(b)), want) {
			return true
		}
		tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
		return false
	}, teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
}

// statusLine is the status bar of the model's screen.
func statusLine(m Model) string {
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	return lines[len(lines)-2]
}

// After a rejected run and after a dry run, neither of which stores a
// session, the status bar names no "last session"; after a committed run
// it names that one, which History lists.
func TestStatusBarNamesOnlyStoredSessions(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	dir := t.TempDir()
	hostile := filepath.Join(dir, "access.md")
	if err := os.WriteFile(hostile, []byte(hostileNotes), 0o644); err != nil {
		t.Fatal(err)
	}
	clean := filepath.Join(dir, "groups.md")
	if err := os.WriteFile(clean, []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	start := func(req learnform.Request) (Model, string) {
		t.Helper()
		tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
			Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
		if req.Tier == core.Stranger {
			waitScreen(t, tm, "CRITICAL")
			tm.Type("r")
		}
		waitScreen(t, tm, "n learn a source") // shown once the run has settled
		tm.Type("q")
		m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
		if m.Result == nil {
			t.Fatalf("%s: no result", req.Source)
		}
		return m, m.Result.Session.ID
	}

	rejected, id := start(learnform.Request{Source: hostile, Depth: core.Standard, Tier: core.Stranger})
	if rejected.RunErr == nil {
		t.Fatal("setup: the hostile source was not rejected")
	}
	if s := statusLine(rejected); strings.Contains(s, "last") || strings.Contains(s, id) {
		t.Errorf("after a rejected run the status bar names a session: %q", s)
	}
	dry, id := start(learnform.Request{Source: clean, Depth: core.Standard, DryRun: true})
	if dry.RunErr != nil {
		t.Fatalf("setup: the dry run failed: %v", dry.RunErr)
	}
	if s := statusLine(dry); strings.Contains(s, "last") || strings.Contains(s, id) {
		t.Errorf("after a dry run the status bar names a session: %q", s)
	}
	// The rejection is on record, as a rejection, and named by no status bar.
	if ss, _ := st.Sessions(); len(ss) != 1 || ss[0].State != core.SessionRejected {
		t.Fatalf("setup: %d sessions stored by a rejected run and a dry run, want the rejection's record", len(ss))
	}

	stored, id := start(learnform.Request{Source: clean, Depth: core.Standard})
	if s := statusLine(stored); !strings.Contains(s, "last session "+id) {
		t.Errorf("after a committed run the status bar does not name it: %q", s)
	}
	if _, ok, err := st.Session(id); err != nil || !ok {
		t.Errorf("the session the status bar names is not stored: %v %v", ok, err)
	}
}
