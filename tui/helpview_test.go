package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
)

// screenHelp opens the help view over m and returns its screen part (the
// lines from the "<title>" heading to "Everywhere", the box's borders
// taken off) and the words of the whole box as one line.
func screenHelp(t *testing.T, m Model, title string) (lines []string, text string) {
	t.Helper()
	m, _ = send(m, keyPress("?"))
	if !m.showHelp {
		t.Fatal("? did not open the help")
	}
	in, box := false, false
	var all []string
	for _, l := range strings.Split(ansi.Strip(m.View().Content), "\n") {
		l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "│"))
		switch {
		case strings.HasPrefix(l, title):
			in, box = true, true
		case strings.HasPrefix(l, "Everywhere"):
			in = false
		case strings.HasPrefix(l, "╰"):
			box = false
		case in:
			lines = append(lines, l)
		}
		if box {
			all = append(all, l)
		}
	}
	if lines == nil {
		t.Fatalf("no %q in the help:\n%s", title, ansi.Strip(m.View().Content))
	}
	return lines, strings.Join(strings.Fields(strings.Join(all, " ")), " ")
}

// blankRun reports whether lines have two blank lines in a row.
func blankRun(lines []string) bool {
	for i := 1; i < len(lines); i++ {
		if lines[i] == "" && lines[i-1] == "" {
			return true
		}
	}
	return false
}

// The Findings screen's help with no source waiting lists no blank
// groups: it says there is nothing to act on, and why.
func TestFindingsHelpWithNothingPendingSaysSo(t *testing.T) {
	m := newApp(120, 36)
	m, _ = send(m, keyPress("2"))
	lines, text := screenHelp(t, m, "Findings keys")
	if !strings.HasPrefix(text, "Findings keys Nothing to act on here now. Everywhere") || blankRun(lines) {
		t.Errorf("the Findings keys read %q, want that nothing applies and no blank lines", lines)
	}
	if !strings.Contains(text, "No source is waiting for approval") {
		t.Errorf("the help does not say why: %q", text)
	}
}

// A source whose scan found nothing still waits for a decision: the help
// lists approve and reject, not the keys for findings there are none of,
// and the pane's sentence is read whole.
func TestFindingsWithNoFindingsListTheDecisionKeys(t *testing.T) {
	m := newApp(120, 36)
	r := &run{id: "learn-x", cancel: func() {}, asks: make(chan approvalAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	m, _ = send(m, askMsg{run: "learn-x", ask: approvalAsk{reply: make(chan gate.Answer, 1), req: gate.Request{
		Report:  core.HygieneReport{Tier: core.Stranger, Source: "https://example.com/notes.md"},
		Choices: []core.ApprovalStatus{core.Approved, core.Rejected},
	}}})
	if m.Tab() != int(tabFindings) {
		t.Fatalf("the request shows tab %d", m.Tab())
	}
	screen := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(m.View().Content), "│", " ")), " ")
	if !strings.Contains(screen, "The scan found nothing, but this source still needs an explicit decision.") {
		t.Errorf("the Findings pane cuts its sentence:\n%s", ansi.Strip(m.View().Content))
	}
	lines, text := screenHelp(t, m, "Findings keys")
	for _, want := range []string{"a approve", "r reject"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Findings keys lack %q: %q", want, lines)
		}
	}
	if strings.Contains(text, "acknowledge") || strings.Contains(text, "evidence") || blankRun(lines) {
		t.Errorf("the Findings keys offer keys for findings there are none of, or blank lines: %q", lines)
	}
}

// The status bar's counts agree with their nouns: one primitive, one
// conflict pending; two of each are plural.
func TestStatusBarCountsAgree(t *testing.T) {
	for _, c := range []struct {
		prims, pending int
		want           string
	}{
		{1, 1, "1 primitive · 1 conflict pending"},
		{2, 0, "2 primitives · 0 conflicts pending"},
		{0, 3, "0 primitives · 3 conflicts pending"},
	} {
		m, _ := send(newApp(120, 36), statusMsg{primitives: c.prims, pending: c.pending})
		if got := statusLine(m); !strings.Contains(got, c.want) {
			t.Errorf("status bar %q, want %q", got, c.want)
		}
	}
}

// The signs of History's counts and Graph's ▲ column are explained in
// their screens' help.
func TestHelpExplainsHistoryCountsAndGraphReach(t *testing.T) {
	for _, c := range []struct {
		key, title string
		want       []string
	}{
		{"6", "History keys", []string{"+added ~updated =skipped !conflicts", "-removed ~restored", "+re-added"}},
		{"4", "Graph keys", []string{"▲ reach (how many primitives depend on it", "importance", "def definition"}},
	} {
		m, _ := send(newApp(120, 36), keyPress(c.key))
		_, note := screenHelp(t, m, c.title)
		for _, w := range c.want {
			if !strings.Contains(note, w) {
				t.Errorf("%s: the help does not say %q: %q", c.title, w, note)
			}
		}
	}
}

// The Review screen's help lists esc once, saying what it does with a
// filter set and without one.
func TestReviewHelpListsEscOnce(t *testing.T) {
	prims := []core.Primitive{
		{ID: "a", Name: "Group", Type: core.Definition, FormalStatement: "A group is a set $G$ with an operation.",
			Provenance: core.Provenance{Document: "groups.tex", Section: "Groups", ContentHash: "h1"}},
	}
	m := newApp(120, 36)
	r := &run{id: "learn-x", cancel: func() {}, asks: make(chan approvalAsk), reviews: make(chan reviewAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	ask := reviewAsk{reply: make(chan []core.Curation, 1), req: engine.ReviewRequest{Session: "learn-x", Source: "groups.tex",
		Candidates: curate.NewCandidates(prims)}}
	m, cmd := send(m, reviewAskMsg{run: "learn-x", ask: ask})
	m = settleWithin(t, m, cmd, 2*time.Second)
	lines, _ := screenHelp(t, m, "Review keys")
	var escs []string
	for _, l := range lines {
		for _, f := range strings.Split(l, "  ") {
			if f = strings.TrimSpace(f); strings.HasPrefix(f, "esc") {
				escs = append(escs, f)
			}
		}
	}
	text := strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
	if len(escs) != 1 || !strings.Contains(text, "esc clear filter, or with none, leave") {
		t.Errorf("the Review keys list esc as %q, want once, for both states:\n%s", escs, strings.Join(lines, "\n"))
	}
}
