package e2e_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/pipeline"
)

// hostileNotes is a small document with one bidirectional override (a
// critical finding) between ordinary definitions.
const hostileNotes = "# Access notes\n\n" +
	"## Roles\n\nA **role** is a named set of permissions granted to a user.\n\n" +
	"The key is stored in the config:\n\n" +
	"access = \"user\u202E nimda\"\n\n" +
	"A permission is the right to perform one action on one resource.\n"

// appT is the application running in a test terminal of w×h cells.
type appT struct {
	*teatest.TestModel
	w, h int
}

func runApp(t *testing.T, opts tui.Options, w, h int) *appT {
	t.Helper()
	tm := teatest.NewTestModel(t, tui.New(context.Background(), opts),
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	return &appT{tm, w, h}
}

// startApp runs the application on a real store with a real engine,
// learning source at once.
func startApp(t *testing.T, db *store.Store, source string, tier core.Familiarity) *appT {
	t.Helper()
	return runApp(t, tui.Options{
		Open: tui.AlreadyOpen(db), StorePath: db.Path(),
		Learn: engine.LearnOptions{Domains: builtinDomains(t)},
		Start: learnform.Request{Source: source, Depth: core.Standard, Tier: tier},
		Dark:  true,
	}, 120, 40)
}

// waitFor waits until the screen shows s. The renderer writes only the
// cells that changed, so text already on screen is not written again:
// while s is not seen, a window-size message forces a full repaint.
// Escapes and spaces are ignored on both sides (a repaint skips runs of
// blanks with cursor moves).
func waitFor(t *testing.T, a *appT, s string) {
	t.Helper()
	squeeze := func(s string) string { return strings.ReplaceAll(ansi.Strip(s), " ", "") }
	want := squeeze(s)
	teatest.WaitFor(t, a.Output(), func(b []byte) bool {
		if strings.Contains(squeeze(string(b)), want) {
			return true
		}
		a.Send(tea.WindowSizeMsg{Width: a.w, Height: a.h})
		return false
	}, teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
}

func finalModel(t *testing.T, a *appT) tui.Model {
	t.Helper()
	return a.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(tui.Model)
}

func press(tm *appT, keys ...string) {
	for _, k := range keys {
		switch k {
		case "space":
			tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
		case "ctrl+c":
			tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
		case "enter":
			tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
		case "backspace":
			tm.Send(tea.KeyPressMsg{Code: tea.KeyBackspace})
		default:
			tm.Type(k)
		}
	}
}

// (a) A clean local Markdown file: every pane reaches done and shows the
// counts the engine reported.
func TestAppLearnsCleanMarkdown(t *testing.T) {
	src := corpus.Path(t, "apiref_goldmark_README.md")
	db := openStore(t, t.TempDir())
	defer db.Close()
	tm := startApp(t, db, src, "")
	waitFor(t, tm, "n learn a source") // shown once the run has settled
	press(tm, "q")
	m := finalModel(t, tm)

	if m.RunErr != nil || m.Result == nil || !m.Result.Committed {
		t.Fatalf("run: err %v, result %+v", m.RunErr, m.Result)
	}
	// Law 1: a clean HOME source never stops at the reviewer.
	if m.Result.Decision.DecidedBy != core.ByAuto || m.Findings().Pending() || m.Tab() != 0 {
		t.Errorf("clean HOME source: decided by %s, reviewer pending %v, tab %d", m.Result.Decision.DecidedBy, m.Findings().Pending(), m.Tab())
	}
	l := m.Learn()
	for i, p := range l.Panes {
		if p.State != pipeline.Done {
			t.Errorf("pane %d %s is %s, want done", i+1, p.Stage, p.State)
		}
	}
	dedup, _ := l.Panes[5].Finished.Result.(engine.DedupFinished)
	c := m.Result.Counts
	if dedup.Counts != c || c.Added == 0 {
		t.Errorf("dedup pane counts %+v, engine counted %+v", dedup.Counts, c)
	}
	extracted, _ := l.Panes[4].Finished.Result.(engine.ExtractFinished)
	if got, want := extracted.Candidates, m.Result.Session.Counts.Learn().Candidates; got != want {
		t.Errorf("extract pane candidates %d, engine %d", got, want)
	}
	screen := ansi.Strip(m.View().Content)
	for _, want := range []string{"added " + strconv.Itoa(c.Added), "1 document(s)", "HOME"} {
		if !strings.Contains(screen, want) {
			t.Errorf("final screen lacks %q:\n%s", want, screen)
		}
	}
	n, err := db.Count()
	if err != nil || n != c.Added {
		t.Errorf("store holds %d primitives (%v), the run added %d", n, err, c.Added)
	}
}

// (b) A STRANGER source with a critical finding stops at the reviewer;
// approving before acknowledging is refused; acknowledging then approving
// lets the run finish, and the decision is stored with the session.
func TestAppReviewerAcknowledgeThenApprove(t *testing.T) {
	src := write(t, t.TempDir(), "access.md", hostileNotes)
	db := openStore(t, t.TempDir())
	defer db.Close()
	tm := startApp(t, db, src, core.Stranger)
	waitFor(t, tm, "CRITICAL")
	press(tm, "a")
	waitFor(t, tm, "before approving")
	press(tm, "space", "a")
	waitFor(t, tm, "n learn a source") // shown once the run has settled
	press(tm, "q")
	m := finalModel(t, tm)

	if m.RunErr != nil || m.Result == nil || !m.Result.Committed {
		t.Fatalf("run: err %v, committed %v", m.RunErr, m.Result != nil && m.Result.Committed)
	}
	findings := m.Result.Scan.Report.Findings
	var critical []int
	for i, f := range findings {
		if f.Severity == core.Critical {
			critical = append(critical, i)
		}
	}
	if len(critical) == 0 {
		t.Fatalf("the document raised no critical finding: %+v", findings)
	}
	d := m.Result.Decision
	if d.Status != core.Approved || d.DecidedBy != core.ByUser || !slices.Contains(d.Acknowledged, critical[0]) {
		t.Errorf("decision %+v, want approved by the user with finding %d acknowledged", d, critical[0])
	}
	sess, ok, err := db.Session(m.Result.Session.ID)
	if err != nil || !ok || sess.Decision == nil || !slices.Equal(sess.Decision.Acknowledged, d.Acknowledged) {
		t.Errorf("stored session decision %+v (found %v, %v), want %v", sess.Decision, ok, err, d.Acknowledged)
	}
	if m.Learn().Panes[6].State != pipeline.Done {
		t.Errorf("generate pane %s, want done", m.Learn().Panes[6].State)
	}
}

// (c) Rejecting in the reviewer stops the run and leaves the store as it
// was.
func TestAppReviewerRejectLeavesStoreUnchanged(t *testing.T) {
	src := write(t, t.TempDir(), "access.md", hostileNotes)
	db := openStore(t, t.TempDir())
	defer db.Close()
	before := export(t, db)
	tm := startApp(t, db, src, core.Stranger)
	waitFor(t, tm, "CRITICAL")
	press(tm, "r")
	waitFor(t, tm, "n learn a source") // shown once the run has settled
	press(tm, "q")
	m := finalModel(t, tm)

	var rej *gate.RejectedError
	if !errors.As(m.RunErr, &rej) {
		t.Fatalf("run error %v, want a rejection", m.RunErr)
	}
	panes := m.Learn().Panes
	for _, p := range panes[3:] {
		if p.State != pipeline.Skipped {
			t.Errorf("pane %s is %s after a rejection, want skipped", p.Stage, p.State)
		}
	}
	if after := export(t, db); !bytes.Equal(before, after) {
		t.Error("the store changed after a rejected run")
	}
	verify(t, db)
}

// (d) ctrl+c during a run asks first, then cancels the run cleanly.
func TestAppCtrlCConfirmsAndCancels(t *testing.T) {
	src := write(t, t.TempDir(), "access.md", hostileNotes)
	db := openStore(t, t.TempDir())
	defer db.Close()
	before := export(t, db)
	tm := startApp(t, db, src, core.Stranger)
	// The run is waiting at the gate: it is in progress.
	waitFor(t, tm, "CRITICAL")
	press(tm, "ctrl+c")
	waitFor(t, tm, "Cancel it")
	press(tm, "n")
	waitFor(t, tm, "CRITICAL")
	press(tm, "ctrl+c")
	waitFor(t, tm, "Cancel it")
	press(tm, "y")
	m := finalModel(t, tm)

	if !errors.Is(m.RunErr, context.Canceled) {
		t.Fatalf("run error %v, want cancelled", m.RunErr)
	}
	if m.Running() || m.ConfirmingQuit() {
		t.Errorf("after quitting: running %v, confirming %v", m.Running(), m.ConfirmingQuit())
	}
	if after := export(t, db); !bytes.Equal(before, after) {
		t.Error("the store changed after a cancelled run")
	}
	verify(t, db)
}
