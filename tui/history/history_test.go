package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

var (
	keyUp   = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown = tea.KeyPressMsg{Code: tea.KeyDown}
	keyEsc  = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyEnd  = tea.KeyPressMsg{Code: tea.KeyEnd}
)

var t0 = time.Date(2026, 3, 4, 12, 1, 2, 0, time.UTC)

// sample is a history as the store returns it, in scrambled order: a
// committed learn, a learn reverted by an unlearn, that unlearn, a dry run,
// a rejected source and a learn still committing.
func sample() []core.Session {
	approved := &core.Decision{Status: core.Approved, DecidedBy: core.ByAuto}
	return []core.Session{
		{ID: "learn-20260301-090000-aaaaaa", Kind: core.KindLearn, Source: "/home/ada/corpus/linear-algebra/linalg.pdf", Familiarity: core.Home,
			StartedAt: t0.Add(-72 * time.Hour), CompletedAt: t0.Add(-72*time.Hour + 83*time.Second), State: core.SessionCommitted, Changes: 56,
			Counts: core.SessionCounts{LearnCounts: &core.LearnCounts{Added: 12, Updated: 3, Skipped: 40, Conflicts: 2}}, RevertedBy: "unlearn-20260302-100000-bbbbbb", Decision: approved},
		{ID: "unlearn-20260302-100000-bbbbbb", Kind: core.KindUnlearn, Source: "/home/ada/corpus/linear-algebra/linalg.pdf", Familiarity: core.Home,
			StartedAt: t0.Add(-50 * time.Hour), CompletedAt: t0.Add(-50*time.Hour + 2*time.Second), State: core.SessionCommitted, Changes: 15,
			Counts: core.SessionCounts{UnlearnCounts: &core.UnlearnCounts{Removed: 12, Restored: 3}}, Reverts: "learn-20260301-090000-aaaaaa"},
		{ID: "learn-20260304-120102-cccccc", Kind: core.KindLearn, Source: "https://example.org/papers/spectral-graph-theory/notes-chapter-3.md", Familiarity: core.Stranger,
			StartedAt: t0, CompletedAt: t0.Add(4 * time.Second), State: core.SessionCommitted, Changes: 30,
			Counts:   core.SessionCounts{LearnCounts: &core.LearnCounts{Added: 25, Updated: 1, Skipped: 4, Conflicts: 0, Edges: 31}},
			Decision: &core.Decision{Status: core.ApprovedWithWarnings, DecidedBy: core.ByUser}, Findings: map[core.Severity]int{core.Warning: 2}},
		{ID: "learn-20260303-080000-dddddd", Kind: core.KindLearn, Source: "notes/draft.md", Familiarity: core.Home, DryRun: true,
			StartedAt: t0.Add(-28 * time.Hour), CompletedAt: t0.Add(-28*time.Hour + time.Second), State: core.SessionCommitted,
			Counts: core.SessionCounts{LearnCounts: &core.LearnCounts{Added: 9}}, Decision: approved},
		{ID: "learn-20260303-070000-eeeeee", Kind: core.KindLearn, Source: "https://evil.example/\x1b[2Jinject\u202e.md", Familiarity: core.Stranger,
			StartedAt: t0.Add(-29 * time.Hour), CompletedAt: t0.Add(-29*time.Hour + time.Second), State: core.SessionCommitted,
			Decision: &core.Decision{Status: core.Rejected, DecidedBy: core.ByUser}, Findings: map[core.Severity]int{core.Critical: 1}},
		{ID: "learn-20260302-200000-ffffff", Kind: core.KindLearn, Source: "/srv/textbooks/topology.pdf", Familiarity: core.Home,
			StartedAt: t0.Add(-40 * time.Hour), State: core.SessionCommitting, Decision: approved},
	}
}

const reportMD = "# lore learning report — learn-20260304-120102-cccccc\n\n" +
	"- **Source:** https://example.org/papers/spectral-graph-theory/notes-chapter-3.md\n" +
	"- **Duration:** 4s\n- **Gate:** approved-with-warnings (by user): two remote images\n\n" +
	"## Summary\n\n| Metric | Count |\n|---|---|\n| Primitives added | 25 |\n| Primitives updated | 1 |\n| Primitives skipped | 4 |\n| Conflicts | 0 |\n\n" +
	"## Primitives\n\n### Added\n\n" +
	"- **laplacian-matrix** — add-new: no similar primitive\n" +
	"- **fiedler-vector** — add-new: no similar primitive\n" +
	"- **cheeger-inequality** — add-new: no similar primitive\n\n" +
	"### Updated\n\n- **graph** (existing: graph) — merge: same definition, new keywords\n"

// deps are integrity problems worded as the engine words them.
var deps = []string{
	"spectral-gap (p-7f2a) of session learn-20260304-120102-cccccc depends on laplacian-matrix (requires), which the revert removes",
	"cheeger-constant (p-91c0) of session learn-20260304-120102-cccccc depends on laplacian-matrix (requires), which the revert removes",
	"expander-graph (p-4b11) of session learn-20260305-101010-abcdef depends on fiedler-vector (uses), which the revert removes",
}

func newModel(w, h int, dark bool) Model {
	m := New(styles.New(dark)).WithLocation(time.UTC).SetSize(w, h)
	m, _ = m.WithSessions(sample())
	return m
}

func stripped(m Model) string { return ansi.Strip(m.View()) }

func cmdMsg(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	return cmd()
}

func TestNewestFirstAndFirstReportRequest(t *testing.T) {
	m := New(styles.New(true)).WithLocation(time.UTC).SetSize(200, 30)
	m, cmd := m.WithSessions(sample())
	s, ok := m.Selected()
	if !ok || s.ID != "learn-20260304-120102-cccccc" {
		t.Fatalf("first selection = %q, want the newest session", s.ID)
	}
	if got := cmdMsg(t, cmd); got != (NeedReportMsg{ID: s.ID}) {
		t.Fatalf("WithSessions emitted %#v", got)
	}
	for i := 1; i < len(m.sessions); i++ {
		if m.sessions[i].StartedAt.After(m.sessions[i-1].StartedAt) {
			t.Fatalf("sessions not newest first at %d", i)
		}
	}
	v := stripped(m)
	for _, want := range []string{"+25 ~1 =4 !0", "approved with warnings by user", "reverted by unlearn-20260302-100000-bbbbbb",
		"reverts learn-20260301-090000-aaaaaa", "-12 ~3 +0", "dry run", "committing", "…ple.org/papers/spectral-graph-theory/notes-chapter-3.md",
		"Loading the report…", "6 sessions · 5 learn · 1 unlearn · 1 reverted"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// The hostile source is spelled out, never sent to the terminal.
	if strings.Contains(m.View(), "\x1b[2J") || strings.ContainsRune(m.View(), '\u202e') {
		t.Error("a control sequence from a source reached the view")
	}
}

func TestSelectionKeptByIDAndReportRequests(t *testing.T) {
	m := newModel(120, 30, false)
	m = m.WithReport("learn-20260304-120102-cccccc", reportMD)
	m, cmd := m.Update(keyDown)
	s, _ := m.Selected()
	if got := cmdMsg(t, cmd); got != (NeedReportMsg{ID: s.ID}) || s.ID != "learn-20260303-080000-dddddd" {
		t.Fatalf("down: selected %s, emitted %#v", s.ID, got)
	}
	// A late report of the session left behind is dropped.
	m = m.WithReport("learn-20260304-120102-cccccc", "# stale")
	if m.hasRep {
		t.Fatal("a report of an unselected session was taken")
	}
	// Back up: the first report is held, nothing to load.
	m, cmd = m.Update(keyUp)
	if cmd != nil {
		t.Fatalf("moving back to a held report emitted %#v", cmd())
	}
	if !strings.Contains(stripped(m), "Primitives added") {
		t.Fatalf("held report not shown:\n%s", stripped(m))
	}
	// A fresh list with a new session on top keeps the selection.
	m, _ = m.Update(keyDown)
	m, _ = m.Update(keyDown)
	want, _ := m.Selected()
	ss := append(sample(), core.Session{ID: "learn-20260310-000000-999999", Source: "new.md", StartedAt: t0.Add(time.Hour), State: core.SessionCommitted})
	m = m.WithReport(want.ID, reportMD)
	m, cmd = m.WithSessions(ss)
	if got, _ := m.Selected(); got.ID != want.ID {
		t.Fatalf("selection %s after refresh, want %s", got.ID, want.ID)
	}
	if cmd != nil {
		t.Fatalf("an unchanged selection with its report emitted %#v", cmd())
	}
	// The selected session gone: the selection falls back to the newest.
	m, cmd = m.WithSessions(ss[1:2])
	if got, _ := m.Selected(); got.ID != ss[1].ID || cmdMsg(t, cmd) != (NeedReportMsg{ID: ss[1].ID}) {
		t.Fatalf("fallback selection %s", got.ID)
	}
}

// pv is a preview as the root words the engine's: 25 removed, one
// restored, a skill archived, two conflicts dropped.
var pv = Preview{Removed: 25, Restored: 1, Names: []string{"laplacian-matrix", "fiedler-vector", "cheeger-inequality",
	"spectral-gap", "expander-mixing-lemma", "normalized-laplacian", "graph"}, Archived: []string{"learn-spectral-graph-theory"},
	DroppedConflicts: 2, RetiredConflicts: 1}

// u asks for a preview and changes nothing; the preview is a question
// naming the removals; n and esc cancel it, y sends the unlearn.
func TestUnlearnAsksFirst(t *testing.T) {
	target := "learn-20260304-120102-cccccc"
	for _, cancel := range []tea.KeyPressMsg{tuitest.Press('n'), keyEsc} {
		m := newModel(120, 30, true)
		m, cmd := m.Update(tuitest.Press('u'))
		if got := cmdMsg(t, cmd); got != (PreviewMsg{ID: target}) {
			t.Fatalf("u emitted %#v, want a preview request", got)
		}
		if m.Confirming() || !strings.Contains(stripped(m), "working out what unlearning "+target) {
			t.Fatalf("while the preview is worked out:\n%s", stripped(m))
		}
		if _, cmd = m.Update(tuitest.Press('u')); cmd != nil {
			t.Fatal("a second u while previewing emitted")
		}
		m = m.WithPreview(target, false, pv)
		if !m.Confirming() {
			t.Fatal("the preview asks nothing")
		}
		v := stripped(m)
		for _, want := range []string{"Unlearn " + target + "?", "removes 25 primitives: laplacian-matrix, fiedler-vector,", "expander-mixing-lemma",
			"and 20 more", "restores 1 primitive", "archives 1 skill: learn-spectral-graph-theory", "drops 2 conflicts",
			"retires 1 pending conflict of other sessions",
			"Unlearn this session? It removes 25 primitives, archives 1 skill. y/n"} {
			if !strings.Contains(v, want) {
				t.Errorf("the question lacks %q:\n%s", want, v)
			}
		}
		k := m.KeyMap()
		if !k.Confirm.Enabled() || !k.Cancel.Enabled() || k.Unlearn.Enabled() || k.Force.Enabled() || k.List.Down.Enabled() {
			t.Error("key map while asking: only y and n/esc apply")
		}
		// Stray keys neither answer nor move.
		for _, k := range []tea.KeyPressMsg{keyDown, tuitest.Press('u'), tuitest.Press('f'), tuitest.Press('q')} {
			if m, cmd = m.Update(k); cmd != nil || !m.Confirming() {
				t.Fatalf("%s closed the question or emitted", k)
			}
		}
		m, cmd = m.Update(cancel)
		if cmd != nil || m.Confirming() || !strings.Contains(stripped(m), "unlearn cancelled; nothing was changed") {
			t.Fatalf("%s did not cancel:\n%s", cancel, stripped(m))
		}
	}
	m := newModel(120, 30, true)
	m, _ = m.Update(tuitest.Press('u'))
	m = m.WithPreview(target, false, pv)
	m, cmd := m.Update(tuitest.Press('y'))
	if got := cmdMsg(t, cmd); got != (UnlearnMsg{ID: target}) {
		t.Fatalf("y emitted %#v", got)
	}
	if m.Confirming() || !strings.Contains(stripped(m), "unlearning "+target) {
		t.Fatalf("after y:\n%s", stripped(m))
	}
	// A preview nobody waits for any more is dropped.
	if m = m.WithPreview(target, false, pv); m.Confirming() {
		t.Fatal("a late preview opened a question")
	}
}

func TestUnlearnBlockedThenForced(t *testing.T) {
	m := newModel(120, 30, true)
	target := "learn-20260304-120102-cccccc"
	m, cmd := m.Update(tuitest.Press('u'))
	if got := cmdMsg(t, cmd); got != (PreviewMsg{ID: target}) {
		t.Fatalf("u emitted %#v", got)
	}
	m = m.WithBlocked(target, deps)
	v := stripped(m)
	for _, want := range []string{"Report " + target, "Unlearn blocked: 3 dependents need what it would remove", "spectral-gap (p-7f2a)", "f force the unlearn"} {
		if !strings.Contains(v, want) {
			t.Errorf("blocked view lacks %q:\n%s", want, v)
		}
	}
	if m.KeyMap().Force.Enabled() != true || m.KeyMap().Confirm.Enabled() {
		t.Error("key map: force should be offered, confirm not yet")
	}

	m, cmd = m.Update(tuitest.Press('f'))
	if got := cmdMsg(t, cmd); got != (PreviewMsg{ID: target, Force: true}) || m.Confirming() {
		t.Fatalf("f emitted %#v; it must ask for the forced preview first", got)
	}
	forced := pv
	forced.Cuts = 3
	m = m.WithPreview(target, true, forced)
	q := "Force the unlearn? It removes 25 primitives, archives 1 skill, cuts 3 dependents' edges. y/n"
	if !strings.Contains(stripped(m), q) || !strings.Contains(stripped(m), "cuts the edges of 3 dependents") {
		t.Fatalf("no question:\n%s", stripped(m))
	}
	m, cmd = m.Update(tuitest.Press('n'))
	if cmd != nil || m.Confirming() || !strings.Contains(stripped(m), "force cancelled") {
		t.Fatal("n did not cancel")
	}
	m, _ = m.Update(tuitest.Press('f'))
	m = m.WithPreview(target, true, forced)
	m, cmd = m.Update(tuitest.Press('y'))
	if got := cmdMsg(t, cmd); got != (UnlearnMsg{ID: target, Force: true}) {
		t.Fatalf("y emitted %#v", got)
	}
	if m.Confirming() || !strings.Contains(stripped(m), "forcing the unlearn of "+target) {
		t.Fatalf("after y:\n%s", stripped(m))
	}

	summary := "unlearn " + target + ": reverted 25 removed, 1 restored, 0 re-added; 1 skill archived (learn-spectral-graph-theory) (forced past 3 integrity problem(s))"
	m = m.WithResult(summary)
	if strings.Contains(stripped(m), "is blocked") {
		t.Fatal("the panel outlived the result")
	}
	ss := sample()
	for i := range ss {
		if ss[i].ID == target {
			ss[i].RevertedBy = "unlearn-20260304-130000-121212"
		}
	}
	m, _ = m.WithSessions(ss)
	v = stripped(m)
	if !strings.Contains(v, "unlearn "+target+": reverted 25 removed") || !strings.Contains(v, "reverted by unle") {
		t.Fatalf("result not shown:\n%s", v)
	}
}

func TestSingleDependentWording(t *testing.T) {
	target := "learn-20260304-120102-cccccc"
	m := newModel(100, 24, false).WithBlocked(target, deps[:1])
	m, _ = m.Update(tuitest.Press('f'))
	one := pv
	one.Cuts = 1
	m = m.WithPreview(target, true, one)
	if !strings.Contains(stripped(m), "cuts 1 dependent's edges. y/n") {
		t.Fatalf("singular wording:\n%s", stripped(m))
	}
	m, _ = m.Update(keyEsc)
	if m.Confirming() {
		t.Fatal("esc did not cancel")
	}
	m, _ = m.Update(keyEsc)
	if m.blocked != nil {
		t.Fatal("esc did not dismiss the panel")
	}
}

func TestUnlearnRefusals(t *testing.T) {
	tests := []struct {
		id, want string
	}{
		{"learn-20260301-090000-aaaaaa", "already reverted by unlearn-20260302-100000-bbbbbb"},
		{"unlearn-20260302-100000-bbbbbb", "this is an unlearn session (it reverted learn-20260301-090000-aaaaaa); only learn and curate sessions can be unlearned"},
		{"learn-20260303-080000-dddddd", "a dry run changed nothing"},
		{"learn-20260302-200000-ffffff", "the session is committing, not committed"},
	}
	for _, tt := range tests {
		m := newModel(160, 30, true)
		for {
			if s, _ := m.Selected(); s.ID == tt.id {
				break
			}
			var cmd tea.Cmd
			if m, cmd = m.Update(keyDown); cmd == nil {
				if s, _ := m.Selected(); s.ID != tt.id {
					t.Fatalf("session %s not found", tt.id)
				}
			}
		}
		if m.KeyMap().Unlearn.Enabled() {
			t.Errorf("%s: unlearn offered in help", tt.id)
		}
		m, cmd := m.Update(tuitest.Press('u'))
		if cmd != nil {
			t.Fatalf("%s: u emitted %#v", tt.id, cmd())
		}
		if !strings.Contains(stripped(m), tt.want) {
			t.Errorf("%s: no explanation %q:\n%s", tt.id, tt.want, stripped(m))
		}
		// The explanation goes with the next key.
		m, _ = m.Update(tuitest.Press('K'))
		if strings.Contains(stripped(m), tt.want) {
			t.Errorf("%s: explanation stuck", tt.id)
		}
	}
}

// f without a blocked unlearn previews a forced unlearn of the selection;
// on a session that cannot be unlearned it says why.
func TestForceWithoutBlock(t *testing.T) {
	m := newModel(80, 24, true)
	_, cmd := m.Update(tuitest.Press('f'))
	if got := cmdMsg(t, cmd); got != (PreviewMsg{ID: "learn-20260304-120102-cccccc", Force: true}) {
		t.Fatalf("f emitted %#v", got)
	}
	m = newModel(80, 24, true)
	m, _ = m.Update(keyEnd)
	m, cmd = m.Update(tuitest.Press('f'))
	if cmd != nil || !strings.Contains(stripped(m), "already reverted") {
		t.Fatalf("f on a reverted session:\n%s", stripped(m))
	}
}

func TestErrorAndClickAndScroll(t *testing.T) {
	m := New(styles.New(true)).SetSize(80, 24).WithError("store: closed")
	if !strings.Contains(stripped(m), "store: closed") {
		t.Fatalf("error on an empty screen:\n%s", stripped(m))
	}
	m = newModel(80, 24, true)
	// Row 2 of the list is the second session's first line.
	m, cmd := m.Click(3, bodyTop+2)
	if s, _ := m.Selected(); s.ID != "learn-20260303-080000-dddddd" || cmdMsg(t, cmd) != (NeedReportMsg{ID: s.ID}) {
		t.Fatalf("click selected %s", s.ID)
	}
	if m2, cmd := m.Click(3, 23); cmd != nil || m2.list.Cursor() != m.list.Cursor() {
		t.Fatal("a click on the report moved the selection")
	}
	long := reportMD + strings.Repeat("\n- **filler** — add-new: padding\n", 60)
	m = m.WithReport("learn-20260303-080000-dddddd", long)
	first := stripped(m)
	m, _ = m.Scroll(5)
	if m.rscroll != 5 || stripped(m) == first {
		t.Fatal("scroll did not move the report")
	}
	m, _ = m.Scroll(1 << 20)
	if m.rscroll != m.maxScroll() {
		t.Fatal("scroll past the end")
	}
	m, _ = m.Scroll(-1 << 20)
	if m.rscroll != 0 {
		t.Fatal("scroll before the start")
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if m.rscroll == 0 {
		t.Fatal("ctrl+d did not scroll")
	}
}

func TestExactSizes(t *testing.T) {
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 50}, {150, 30}, {149, 30}, {100, 10}, {60, 8}, {40, 7}, {30, 5},
		{20, 3}, {10, 2}, {5, 1}, {1, 1}, {2, 4}, {0, 0}, {0, 10}, {10, 0}, {-1, -1}}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		for _, dark := range []bool{false, true} {
			m := newModel(w, h, dark).WithReport("learn-20260304-120102-cccccc", reportMD)
			tuitest.CheckSize(t, m.View(), w, h)
			m = m.WithBlocked("learn-20260304-120102-cccccc", deps)
			tuitest.CheckSize(t, m.View(), w, h)
			m, _ = m.Update(tuitest.Press('f'))
			tuitest.CheckSize(t, m.View(), w, h)
			m = m.WithPreview("learn-20260304-120102-cccccc", true, pv)
			tuitest.CheckSize(t, m.View(), w, h)
			m, _ = m.Update(keyEnd)
			tuitest.CheckSize(t, m.View(), w, h)
			e := New(styles.New(dark)).SetSize(w, h)
			tuitest.CheckSize(t, e.View(), w, h)
			e, _ = e.WithSessions(nil)
			tuitest.CheckSize(t, e.View(), w, h)
		}
	}
}

func TestNoPanicsOnEmptyData(t *testing.T) {
	m := New(styles.New(false))
	keys := []tea.KeyPressMsg{keyUp, keyDown, keyEnd, tuitest.Press('u'), tuitest.Press('f'), tuitest.Press('y'), tuitest.Press('n'), keyEsc, tuitest.Press('J'), tuitest.Press('K'),
		{Code: tea.KeyPgDown}, {Code: 'd', Mod: tea.ModCtrl}}
	for _, k := range keys {
		m, _ = m.Update(k)
	}
	m, _ = m.Click(0, 0)
	m, _ = m.Scroll(3)
	m = m.WithReport("x", "# x").WithBlocked("", nil).WithResult("").WithError("")
	m, _ = m.Update(tuitest.Press('f'))
	m, _ = m.Update(tuitest.Press('y'))
	_ = m.View()
	m = m.SetSize(80, 24)
	m, _ = m.WithSessions([]core.Session{{}})
	for _, k := range keys {
		m, _ = m.Update(k)
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
	if _, ok := m.Selected(); !ok {
		t.Fatal("a zero session is still a session")
	}
}

func TestRenderCacheReused(t *testing.T) {
	m := newModel(120, 30, true).WithReport("learn-20260304-120102-cccccc", reportMD)
	a := m.report
	m = m.SetSize(120, 30)
	if &a[0] != &m.report[0] {
		t.Fatal("the same report at the same width was rendered again")
	}
	m = m.SetStyles(styles.New(false))
	if &a[0] == &m.report[0] {
		t.Fatal("a theme change kept the old rendering")
	}
	m = m.WithReport("learn-20260304-120102-cccccc", reportMD+"\nmore\n")
	if !strings.Contains(stripped(m), "more") && len(m.report) == len(a) {
		t.Fatal("a changed report was not rendered again")
	}
}

// TestGoldenHistory is the list with the newest session's report.
func TestGoldenHistory(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		return newModel(w, h, dark).WithReport("learn-20260304-120102-cccccc", reportMD).View()
	})
}

// TestGoldenBlocked is a blocked unlearn.
func TestGoldenBlocked(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		m := newModel(w, h, dark).WithReport("learn-20260304-120102-cccccc", reportMD)
		m, _ = m.Update(tuitest.Press('u'))
		return m.WithBlocked("learn-20260304-120102-cccccc", deps).View()
	})
}

// TestGoldenConfirm is an unlearn's preview waiting for confirmation.
func TestGoldenConfirm(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		m := newModel(w, h, dark).WithReport("learn-20260304-120102-cccccc", reportMD)
		m, _ = m.Update(tuitest.Press('u'))
		return m.WithPreview("learn-20260304-120102-cccccc", false, pv).View()
	})
}

func manySessions(n int) []core.Session {
	ss := make([]core.Session, n)
	for i := range ss {
		ss[i] = core.Session{ID: fmt.Sprintf("learn-20260101-%06d-%06x", i, i), Kind: core.KindLearn,
			Source: fmt.Sprintf("/corpus/books/volume-%04d/chapter.pdf", i), Familiarity: core.Home,
			StartedAt: t0.Add(-time.Duration(i) * time.Minute), State: core.SessionCommitted,
			Counts: core.SessionCounts{LearnCounts: &core.LearnCounts{Added: i % 50, Updated: i % 7, Skipped: i % 13, Conflicts: i % 3}}, Decision: &core.Decision{Status: core.Approved, DecidedBy: core.ByAuto}}
		if i%10 == 3 {
			ss[i].RevertedBy = "unlearn-x"
		}
	}
	return ss
}

func BenchmarkView1000(b *testing.B) {
	m := New(styles.New(true)).WithLocation(time.UTC).SetSize(120, 40)
	m, _ = m.WithSessions(manySessions(1000))
	m = m.WithReport(m.sessions[0].ID, reportMD)
	b.ResetTimer()
	for b.Loop() {
		_ = m.View()
	}
}

func BenchmarkKeyPress1000(b *testing.B) {
	m := New(styles.New(true)).WithLocation(time.UTC).SetSize(120, 40)
	m, _ = m.WithSessions(manySessions(1000))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := keyDown
		if i/500%2 == 1 {
			k = keyUp
		}
		m, _ = m.Update(k)
	}
}

// A curator's decision is listed as such, with who made it and why, and
// can be unlearned like a learn.
func TestCurateSessionsAreListedAndRevertible(t *testing.T) {
	cur := core.Session{ID: "curate-20260306-090000-dddddd", Kind: core.KindCurate, Source: "edit p-7f2a",
		Familiarity: core.Home, State: core.SessionCommitted, StartedAt: time.Date(2026, 3, 6, 9, 0, 0, 0, time.UTC),
		Options: map[string]string{"by": "ana", "why": "the name the course uses"}}
	m := New(styles.New(true)).WithLocation(time.UTC).SetSize(200, 30)
	m, _ = m.WithSessions(append(sample(), cur))
	v := stripped(m)
	for _, want := range []string{"7 sessions · 5 learn · 1 curated · 1 unlearn · 1 reverted", "curate   edit p-7f2a",
		"curated by ana: the name the course uses"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if why := refusal(cur); why != "" {
		t.Errorf("a curate session cannot be unlearned: %s", why)
	}
}
