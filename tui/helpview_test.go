package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
)

// screenHelp opens the help view over m and returns the text of its
// screen part: the lines from the "<title>" heading to "Everywhere", the
// box's borders taken off, and the note after the global keys.
func screenHelp(t *testing.T, m Model, title string) (keys []string, note string) {
	t.Helper()
	m, _ = send(m, keyPress("?"))
	if !m.showHelp {
		t.Fatal("? did not open the help")
	}
	var in, after bool
	var rest []string
	for _, l := range strings.Split(ansi.Strip(m.View().Content), "\n") {
		l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "│"))
		switch {
		case strings.HasPrefix(l, title):
			in = true
		case strings.HasPrefix(l, "Everywhere"):
			in, after = false, true
		case in:
			keys = append(keys, l)
		case after:
			rest = append(rest, l)
		}
	}
	if keys == nil {
		t.Fatalf("no %q in the help:\n%s", title, ansi.Strip(m.View().Content))
	}
	return keys, strings.Join(strings.Fields(strings.Join(rest, " ")), " ")
}

// The Findings screen's help with no source waiting lists no blank
// groups: it says there is nothing to act on, and why.
func TestFindingsHelpWithNothingPendingSaysSo(t *testing.T) {
	m := newApp(120, 36)
	m, _ = send(m, keyPress("2"))
	keys, note := screenHelp(t, m, "Findings keys")
	var text []string
	for _, l := range keys {
		if l != "" {
			text = append(text, l)
		}
	}
	if len(text) != 1 || text[0] != "Nothing to act on here now." {
		t.Errorf("the Findings keys read %q, want only that nothing applies", keys)
	}
	if blank := len(keys) - len(text); blank > 2 {
		t.Errorf("the Findings keys have %d blank lines: %q", blank, keys)
	}
	if !strings.Contains(note, "No source is waiting for approval") {
		t.Errorf("the help does not say why: %q", note)
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
	keys, _ := screenHelp(t, m, "Findings keys")
	text := strings.Join(keys, " ")
	for _, want := range []string{"a approve", "r reject"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Findings keys lack %q: %q", want, keys)
		}
	}
	if strings.Contains(text, "acknowledge") || strings.Contains(text, "evidence") {
		t.Errorf("the Findings keys offer keys for findings there are none of: %q", keys)
	}
	for i := 1; i < len(keys)-1; i++ {
		if keys[i] == "" && keys[i-1] == "" {
			t.Errorf("the Findings keys have blank lines: %q", keys)
			break
		}
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
