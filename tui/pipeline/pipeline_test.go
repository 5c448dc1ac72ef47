package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/report"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

var t0 = time.Date(2026, 11, 22, 12, 1, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

// feed applies events one second apart.
func feed(m *Model, events ...engine.Event) {
	for i, e := range events {
		*m = m.Apply(e, at(float64(i)/10))
	}
}

func started(s engine.Stage, sec float64) engine.Event {
	return engine.StageStarted{Stage: s, At: at(sec)}
}

func finished(s engine.Stage, r engine.StageResult, ms int) engine.Event {
	return engine.StageFinished{Stage: s, Status: engine.StageDone, Result: r, Elapsed: time.Duration(ms) * time.Millisecond}
}

// The scenarios cover every pane state: waiting, running (with and
// without a bar, and the gate waiting for a person), done, failed and
// skipped. Their tiers are spelled in lower case, as when the goldens were
// recorded; the engine sends core.Home, which the log line shows as HOME.
var scenarios = map[string]func(m *Model){
	"running": func(m *Model) {
		feed(m,
			started(engine.StageAcquire, 0),
			finished(engine.StageAcquire, engine.AcquireFinished{Documents: 1, Bytes: 1 << 20}, 400),
			started(engine.StageSanitize, 0.4),
			engine.FindingFound{Finding: core.Finding{Category: core.HiddenCharacters, Severity: core.Warning, Location: "linalg.md:14:22"}},
			engine.FindingFound{Finding: core.Finding{Category: core.ExternalResources, Severity: core.Warning, Location: "linalg.md:3:1"}},
			finished(engine.StageSanitize, engine.SanitizeFinished{Tier: "home", Warning: 2}, 100),
			started(engine.StageGate, 0.5),
			engine.Decided{Decision: core.Decision{Status: core.ApprovedWithWarnings, DecidedBy: core.ByUser, Rationale: "reviewed", Reviewed: 2, Acknowledged: []int{0, 1}}},
			finished(engine.StageGate, engine.GateFinished{Status: core.ApprovedWithWarnings, By: core.ByUser, Reviewed: 2, Acknowledged: 2}, 3100),
			started(engine.StageAnalyze, 3.6),
			finished(engine.StageAnalyze, engine.AnalyzeFinished{Documents: 1, Sections: 60, ContentType: core.Textbook, Domain: "structure",
				Plane: core.PlanePosition{Real: -0.30, Imaginary: 0.50}}, 200),
			started(engine.StageExtract, 3.8),
			engine.StageProgress{Stage: engine.StageExtract, Done: 38, Total: 60, Detail: "§3.2 Subspaces"},
		)
		*m = m.SetNow(at(4.9))
	},
	"awaiting": func(m *Model) {
		feed(m,
			started(engine.StageAcquire, 0),
			finished(engine.StageAcquire, engine.AcquireFinished{Documents: 12, Bytes: 21400, Ignored: 2}, 7),
			started(engine.StageSanitize, 0.1),
			engine.FindingFound{Finding: core.Finding{Category: core.HiddenCharacters, Severity: core.Critical, Location: "notes.md:14:22"}},
			finished(engine.StageSanitize, engine.SanitizeFinished{Tier: "stranger", Critical: 1}, 3),
			started(engine.StageGate, 0.2),
			engine.ApprovalRequested{Report: core.HygieneReport{Findings: make([]core.Finding, 1)}},
		)
		*m = m.SetNow(at(9))
	},
	"finished": func(m *Model) {
		feed(m,
			started(engine.StageAcquire, 0), finished(engine.StageAcquire, engine.AcquireFinished{Documents: 1, Bytes: 132800}, 1),
			started(engine.StageSanitize, 0), finished(engine.StageSanitize, engine.SanitizeFinished{Tier: "home"}, 1),
			started(engine.StageGate, 0),
			engine.Decided{Decision: core.Decision{Status: core.Approved, DecidedBy: core.ByAuto}},
			finished(engine.StageGate, engine.GateFinished{Status: core.Approved, By: core.ByAuto}, 0),
			started(engine.StageAnalyze, 0), finished(engine.StageAnalyze, engine.AnalyzeFinished{Documents: 1, Sections: 27, ContentType: core.Textbook,
				Domain: "statistics", Plane: core.PlanePosition{Real: -0.01, Imaginary: -0.03}}, 7),
			started(engine.StageExtract, 0), finished(engine.StageExtract, engine.ExtractFinished{Candidates: 17,
				ByType: map[core.PrimitiveType]int{core.Definition: 10, core.Theorem: 7},
				Edges:  map[core.EdgeType]int{core.Requires: 12, core.Motivates: 16}}, 2),
			started(engine.StageDedup, 0), finished(engine.StageDedup, engine.DedupFinished{Counts: report.Counts{Added: 16, Skipped: 1},
				ByClass: map[core.Class]int{core.GenuinelyNew: 16, core.ExactDuplicate: 1}}, 5),
			started(engine.StageGenerate, 0),
			engine.ArtifactMade{Artifact: core.Artifact{Kind: core.SkillArtifact, Name: "statistics-primitives", Primitives: 31,
				Files: []core.ArtifactFile{{Path: "statistics-primitives/SKILL.md"}}}, Dir: "/home/u/.local/share/lore/skills"},
			engine.Committed{Session: core.Session{ID: "learn-20261122-120100-a1b2c3", Changes: 17}},
			finished(engine.StageGenerate, engine.GenerateFinished{Artifacts: 1, Changes: 17}, 5),
		)
	},
	"failed": func(m *Model) {
		feed(m,
			started(engine.StageAcquire, 0), finished(engine.StageAcquire, engine.AcquireFinished{Documents: 1, Bytes: 900}, 1),
			started(engine.StageSanitize, 0), finished(engine.StageSanitize, engine.SanitizeFinished{Tier: "home"}, 1),
			started(engine.StageGate, 0), finished(engine.StageGate, engine.GateFinished{Status: core.Approved}, 0),
			started(engine.StageAnalyze, 0),
			engine.StageFinished{Stage: engine.StageAnalyze, Status: engine.StageFailed, Err: "analyze notes.md: no sections found", Elapsed: 2 * time.Millisecond},
			engine.StageFinished{Stage: engine.StageExtract, Status: engine.StageSkipped},
			engine.StageFinished{Stage: engine.StageDedup, Status: engine.StageSkipped},
			engine.StageFinished{Stage: engine.StageGenerate, Status: engine.StageSkipped},
		)
	},
}

func TestViewGolden(t *testing.T) {
	for name, build := range scenarios {
		for _, size := range tuitest.Sizes(21) {
			w, h := size.W, size.H
			for _, dark := range []bool{false, true} {
				theme := map[bool]string{false: "light", true: "dark"}[dark]
				t.Run(fmt.Sprintf("%s/%d/%s", name, w, theme), func(t *testing.T) {
					m := New(styles.New(dark))
					m = m.Reset("linalg.md", "learn-20261122-120100-a1b2c3", false)
					m = m.SetSize(w, h)
					build(&m)
					out := m.View()
					checkBox(t, out, w, h)
					golden.RequireEqual(t, []byte(out))
				})
			}
		}
	}
}

// checkBox asserts the view is exactly h lines of w cells.
func checkBox(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Errorf("line %d is %d cells, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

func TestStatesFollowEvents(t *testing.T) {
	m := New(styles.New(true))
	m = m.SetSize(120, 30)
	scenarios["running"](&m)
	want := []State{Done, Done, Done, Done, Running, Waiting, Waiting}
	for i, p := range m.Panes {
		if p.State != want[i] {
			t.Errorf("pane %d %s: %s, want %s", i+1, p.Stage, p.State, want[i])
		}
	}
	if p := m.Panes[4]; p.Done != 38 || p.Total != 60 {
		t.Errorf("extract progress %d/%d", p.Done, p.Total)
	}
	screen := ansi.Strip(m.View())
	for _, s := range []string{"38/60", "running 1.1s", "hidden-characters 1", "approved-with-warnings · by you", "60 section(s)"} {
		if !strings.Contains(screen, s) {
			t.Errorf("screen lacks %q:\n%s", s, screen)
		}
	}

	m = New(styles.New(true))
	m = m.SetSize(120, 30)
	scenarios["failed"](&m)
	if m.Panes[3].State != Failed || m.Panes[6].State != Skipped || m.Running() {
		t.Errorf("failed scenario states: %v %v running %v", m.Panes[3].State, m.Panes[6].State, m.Running())
	}
	if !strings.Contains(ansi.Strip(m.View()), "no sections found") {
		t.Error("the failure is not shown")
	}
}

func TestSmallSizesKeepTheLayout(t *testing.T) {
	for _, size := range [][2]int{{80, 21}, {80, 12}, {100, 40}, {40, 10}, {20, 5}} {
		m := New(styles.New(true))
		m = m.SetSize(size[0], size[1])
		scenarios["running"](&m)
		out := m.View()
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if n := ansi.StringWidth(l); n > size[0] {
				t.Errorf("%v: line %d is %d cells wide", size, i, n)
			}
		}
	}
}

func TestLogKeepsTheNewestLines(t *testing.T) {
	m := New(styles.New(true))
	m = m.SetSize(80, 21)
	for i := range MaxLogLines + 25 {
		m = m.Log(t0, "extract", fmt.Sprintf("line %d", i))
	}
	if m.LogLen() != MaxLogLines || m.log.dropped != 25 {
		t.Fatalf("kept %d, dropped %d", m.LogLen(), m.log.dropped)
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, fmt.Sprintf("line %d", MaxLogLines+24)) || !strings.Contains(screen, "25 older dropped") {
		t.Errorf("newest line or drop count missing:\n%s", screen)
	}
	m = m.ScrollLog(100)
	if screen := ansi.Strip(m.View()); strings.Contains(screen, fmt.Sprintf("line %d", MaxLogLines+24)) || !strings.Contains(screen, "100 line(s) below") {
		t.Errorf("scrolled back 100 lines, screen:\n%s", screen)
	}
	m = m.ScrollLog(1 << 30)
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, "line 25") {
		t.Errorf("scrolled to the start, screen:\n%s", screen)
	}
}

func BenchmarkView10kLog(b *testing.B) {
	m := New(styles.New(true))
	m = m.SetSize(120, 40)
	scenarios["running"](&m)
	for i := range MaxLogLines {
		m = m.Log(t0, "extract", fmt.Sprintf("§3.%d \"Subspaces\": definition \"Subspace %d\" (0.95)", i%60, i))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// Acquiring a long document shows its progress: the pane draws the count
// and a bar from the acquire stage's progress events, boxed or, in the
// smallest terminal, on the stage's one line, and the bar fills as the
// count grows.
func TestAcquireProgressDrawsABar(t *testing.T) {
	for _, size := range tuitest.Sizes(21) {
		m := New(styles.New(true))
		m = m.Reset("linalg.pdf", "learn-20261122-120100-a1b2c3", false)
		m = m.SetSize(size.W, size.H)
		feed(&m, started(engine.StageAcquire, 0))
		full := func() (string, int) {
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				if strings.Contains(l, "/127") {
					return l, strings.Count(l, "█")
				}
			}
			return "", -1
		}
		var prev int
		for i, done := range []int{12, 64, 127} {
			m = m.Apply(engine.StageProgress{Stage: engine.StageAcquire, Done: done, Total: 127, Detail: "linalg.pdf · pages"}, at(1))
			line, n := full()
			if !strings.Contains(line, fmt.Sprintf(" %d/127", done)) || n < 0 {
				t.Fatalf("%v: no bar with %d/127:\n%s", size, done, ansi.Strip(m.View()))
			}
			if i > 0 && n <= prev {
				t.Errorf("%v: the bar did not grow from %d to %d cells at %d/127: %q", size, prev, n, done, line)
			}
			prev = n
		}
		if size.W >= 80 && !strings.Contains(ansi.Strip(m.View()), "linalg.pdf · pages") {
			t.Errorf("%v: the detail of the acquire stage is not shown:\n%s", size, ansi.Strip(m.View()))
		}
	}
}

// Each pane's body is drawn from its stage's typed result: the fields the
// engine filled, not text to split.
func TestPanesReadTypedResults(t *testing.T) {
	m := New(styles.New(true))
	m = m.SetSize(160, 40)
	scenarios["finished"](&m)
	want := [7][]string{
		{"1 document(s) · 129.7 KiB"},
		{"critical 0 · warning 0 · info 0", "HOME"},
		{"approved · automatically", "0 reviewed · 0 acknowledged"},
		{"textbook · statistics", "(-0.01, -0.03) · 27 section(s) · 1 doc(s)"},
		{"17 candidate(s): def 10 · thm 7", "edges motivates 16 · requires 12"},
		{"added 16 · updated 0 · skipped 1", "conflicts 0 · genuinely-new 16 · exact-duplicate 1"},
		{"1 artifact(s) · committed", "skill statistics-primitives"},
	}
	for i, p := range m.Panes {
		if got := stripped(p.info); !slices.Equal(got, want[i]) {
			t.Errorf("pane %d %s: %q, want %q", i+1, p.Stage, got, want[i])
		}
	}

	m = New(styles.New(true))
	feed(&m,
		finished(engine.StageAcquire, engine.AcquireFinished{Documents: 3, Bytes: 900, Skipped: 1, Ignored: 2}, 1),
		finished(engine.StageSanitize, engine.SanitizeFinished{Tier: core.Stranger, Critical: 1}, 1),
		finished(engine.StageGate, engine.GateFinished{Status: core.Rejected, By: core.ByUser, Reviewed: 1, Acknowledged: 1}, 1),
		engine.StageFinished{Stage: engine.StageAnalyze, Status: engine.StageSkipped, Reason: "rejected at the gate"},
	)
	for i, w := range map[int][]string{
		0: {"3 document(s) · 900 bytes", "skipped 1 · ignored 2"},
		1: {"critical 1 · warning 0 · info 0", "STRANGER"},
		2: {"rejected · by you", "1 reviewed · 1 acknowledged"},
		3: {"skipped: rejected at the gate"},
	} {
		if got := stripped(m.Panes[i].info); !slices.Equal(got, w) {
			t.Errorf("rejected run, pane %d: %q, want %q", i+1, got, w)
		}
	}

	m = New(styles.New(true))
	feed(&m,
		finished(engine.StageAnalyze, engine.AnalyzeFinished{Documents: 2, Sections: 5, ContentType: core.Paper}, 1),
		finished(engine.StageExtract, engine.ExtractFinished{}, 1),
		finished(engine.StageDedup, engine.DedupFinished{Counts: report.Counts{Conflicts: 2}}, 1),
		finished(engine.StageGenerate, engine.GenerateFinished{DryRun: true}, 1),
	)
	for i, w := range map[int][]string{
		3: {"paper · no domain", "(+0.00, +0.00) · 5 section(s) · 2 doc(s)"},
		4: {"0 candidate(s)"},
		5: {"added 0 · updated 0 · skipped 0", "conflicts 2"},
		6: {"0 artifact(s) · dry run: nothing written"},
	} {
		if got := stripped(m.Panes[i].info); !slices.Equal(got, w) {
			t.Errorf("dry run, pane %d: %q, want %q", i+1, got, w)
		}
	}
}

func stripped(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Strip(l)
	}
	return out
}

// The header names a local source relative to the working folder where
// that is shorter, and by its absolute path otherwise.
func TestHeaderShowsTheSourceRelativeWhereShorter(t *testing.T) {
	for _, c := range []struct{ dir, source, want string }{
		{"/home/ann/books", "/home/ann/books/graphs/trees.ptx", "graphs/trees.ptx"},
		{"/home/ann/books/a/b/c", "/home/ann/notes.md", "/home/ann/notes.md"},
		{"/home/ann/books", "/home/ann/notes.md", "../notes.md"},
		{"/home/ann", "https://example.org/x.md", "https://example.org/x.md"},
		{"", "/home/ann/books/x.md", "/home/ann/books/x.md"},
	} {
		m := New(styles.New(true)).WithWorkDir(c.dir).SetSize(100, 20).Reset(c.source, "learn-1", false)
		first := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
		if got := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(first), "source")); !strings.HasPrefix(got, c.want+" ·") {
			t.Errorf("in %q, %s is shown as %q, want %q", c.dir, c.source, got, c.want)
		}
	}
}

// A finished pane's lines wrap inside it at 120 columns instead of being
// cut: the row grows to the longest, while the log keeps its lines, and
// every word of the analysis and dedup summaries is on the screen.
func TestFinishedPanesWrapTheirLines(t *testing.T) {
	m := New(styles.New(true)).Reset("trees.ptx", "learn-1", false).SetSize(120, 33)
	feed(&m,
		started(engine.StageAnalyze, 0), finished(engine.StageAnalyze, engine.AnalyzeFinished{Documents: 1, Sections: 10, ContentType: core.Textbook,
			Domain: "computer-science", Plane: core.PlanePosition{Real: -0.80, Imaginary: -0.30}}, 2),
		started(engine.StageDedup, 0), finished(engine.StageDedup, engine.DedupFinished{Counts: report.Counts{Added: 13},
			ByClass: map[core.Class]int{core.OverlappingDistinct: 2, core.GenuinelyNew: 11, core.ExactDuplicate: 1}}, 1),
	)
	out := m.View()
	checkBox(t, out, 120, 33)
	screen := ansi.Strip(out)
	if strings.Contains(screen, "…") {
		t.Errorf("a line is cut:\n%s", screen)
	}
	// The words of each pane, read line after line inside its box.
	var analyze, dedup []string
	for _, l := range strings.Split(screen, "\n") {
		cols := strings.Split(l, "│")
		if len(cols) < 7 {
			continue
		}
		// Row two: 4 Analyze, 5 Extract + wire, 6 Dedup + merge.
		analyze = append(analyze, strings.TrimSpace(cols[1]))
		dedup = append(dedup, strings.TrimSpace(cols[5]))
	}
	for _, c := range []struct {
		pane  []string
		words []string
	}{
		{analyze, []string{"(-0.80, -0.30)", "10 section(s)", "1 doc(s)"}},
		{dedup, []string{"conflicts 0", "genuinely-new 11", "overlapping-distinct 2", "exact-duplicate 1"}},
	} {
		text := strings.Join(c.pane, " ")
		for _, w := range c.words {
			if !strings.Contains(text, w) {
				t.Errorf("the pane lacks %q: %q", w, text)
			}
		}
	}
	if lh := m.logHeight(); lh < minLog {
		t.Errorf("the log has %d lines, fewer than %d", lh, minLog)
	}
}

// A cancelled run's stage says cancelled, not failed: the engine ends the
// stage a cancelled run was in as failed ("interrupted"), and once the
// application knows the run was cancelled, the pane says so, in its title
// and its body, while the stages after it stay skipped.
func TestCancelledRunsStageSaysCancelled(t *testing.T) {
	m := New(styles.New(true)).Reset("https://example.com/slow.md", "learn-1", false).SetSize(120, 33)
	feed(&m, started(engine.StageAcquire, 0),
		engine.StageFinished{Stage: engine.StageAcquire, Status: engine.StageFailed, Err: "interrupted", Elapsed: 12800 * time.Millisecond})
	for _, s := range engine.Stages[1:] {
		feed(&m, engine.StageFinished{Stage: s, Status: engine.StageSkipped})
	}
	m = m.Cancelled()
	if p := m.Panes[0]; p.State != Cancelled || p.Elapsed != 12800*time.Millisecond {
		t.Errorf("the acquire pane is %s after %s; want cancelled after 12.8s", p.State, p.Elapsed)
	}
	if p := m.Panes[1]; p.State != Skipped {
		t.Errorf("the sanitize pane is %s; want skipped", p.State)
	}
	out := m.View()
	checkBox(t, out, 120, 33)
	lines := strings.Split(ansi.Strip(out), "\n")
	// The first row of panes: the border with the state, then the body.
	acquire := func(l string) string { return strings.SplitN(strings.TrimPrefix(l, "│"), "│", 2)[0] }
	if top := lines[1]; !strings.Contains(top, "cancelled 12.8s") || strings.Contains(strings.SplitN(top, "╮", 2)[0], "failed") {
		t.Errorf("the acquire pane's title is %q; want it cancelled after 12.8s", top)
	}
	if body := acquire(lines[2]) + acquire(lines[3]); !strings.Contains(body, "cancelled") || !strings.Contains(body, "the store is unchanged") || strings.Contains(body, "interrupted") {
		t.Errorf("the acquire pane says %q; want cancelled and the store unchanged", body)
	}
}

// Why a stage failed is read whole, in its pane and in the log: a long
// reason (acquisition refusing a scope for a single file names what to
// change at its end) wraps instead of being cut at the edge.
func TestAFailureIsReadWhole(t *testing.T) {
	why := "/home/someone/notes/graphs.md: --scope docs/,a.md selects files of a folder or repository, and this is a single file: drop --scope, or give the folder"
	m := New(styles.New(true)).Reset("/home/someone/notes/graphs.md", "learn-1", false).SetSize(120, 36)
	feed(&m, started(engine.StageAcquire, 0),
		engine.StageFinished{Stage: engine.StageAcquire, Status: engine.StageFailed, Err: why, Elapsed: time.Millisecond})
	for _, s := range engine.Stages[1:] {
		feed(&m, engine.StageFinished{Stage: s, Status: engine.StageSkipped})
	}
	out := m.View()
	checkBox(t, out, 120, 36)
	lines := strings.Split(ansi.Strip(out), "\n")
	words := func(ls []string) string { return strings.Join(strings.Fields(strings.Join(ls, " ")), " ") }
	var pane, log []string
	inLog := false
	for _, l := range lines {
		if strings.Contains(l, " log ") {
			inLog = true
			continue
		}
		if inLog {
			// The log's lines after the time and the stage's name.
			log = append(log, strings.TrimPrefix(strings.TrimSpace(l), "12:01:00 acquire"))
			continue
		}
		if cols := strings.Split(l, "│"); len(cols) > 2 {
			pane = append(pane, cols[1])
		}
	}
	if !strings.Contains(words(log), "failed: "+why) {
		t.Errorf("the log does not hold the failure whole:\n%s", strings.Join(log, "\n"))
	}
	// The pane has four lines here: it wraps as much as fits.
	if !strings.Contains(words(pane), "graphs.md: --scope docs/,a.md selects files of a folder or repository") {
		t.Errorf("the acquire pane does not wrap the failure:\n%s", strings.Join(pane, "\n"))
	}
}

// The stages a run skipped are said in one line of the log with the
// reason the engine gave, and each skipped pane gives it (issue 79,
// point 15).
func TestSkippedStagesSayWhyOnce(t *testing.T) {
	m := New(styles.New(true)).Reset("notes.md", "learn-1", false).SetSize(120, 36)
	feed(&m, started(engine.StageExtract, 0),
		finished(engine.StageExtract, engine.ExtractFinished{}, 1),
		engine.StageFinished{Stage: engine.StageDedup, Status: engine.StageSkipped, Reason: "nothing to learn"},
		engine.StageFinished{Stage: engine.StageGenerate, Status: engine.StageSkipped, Reason: "nothing to learn"})
	view := ansi.Strip(m.View())
	var skips []string
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(l, "12:01:00") && strings.Contains(l, "skipped") {
			skips = append(skips, l)
		}
	}
	if len(skips) != 1 || !strings.Contains(skips[0], "run       dedup and generate skipped: nothing to learn") {
		t.Errorf("the log's lines of the skipped stages are %q; want one: dedup and generate skipped: nothing to learn\n%s", skips, view)
	}

	// A stage cancelled: the stages after it were skipped because the run
	// was cancelled.
	m = New(styles.New(true)).Reset("notes.md", "learn-1", false).SetSize(120, 36).Cancelling()
	feed(&m, started(engine.StageExtract, 0),
		engine.StageFinished{Stage: engine.StageExtract, Status: engine.StageFailed, Err: "interrupted"},
		engine.StageFinished{Stage: engine.StageDedup, Status: engine.StageSkipped},
		engine.StageFinished{Stage: engine.StageGenerate, Status: engine.StageSkipped})
	if view := ansi.Strip(m.View()); !strings.Contains(view, "dedup and generate skipped: the run was cancelled") {
		t.Errorf("the log does not say why dedup and generate were skipped:\n%s", view)
	}
}
