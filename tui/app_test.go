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

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/learnform"
)

func newApp(w, h int) Model {
	m := New(context.Background(), Options{StorePath: "/tmp/lore-store", Dark: true})
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Model)
}

func send(m Model, msgs ...tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	for _, msg := range msgs {
		var next tea.Model
		next, cmd = m.Update(msg)
		m = next.(Model)
	}
	return m, cmd
}

func keyPress(s string) tea.KeyPressMsg {
	switch s {
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// checkScreen asserts the whole screen is h lines of at most w cells.
func checkScreen(t *testing.T, m Model, w, h int) string {
	t.Helper()
	out := m.View().Content
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Errorf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Errorf("%dx%d: line %d is %d cells: %q", w, h, i, n, ansi.Strip(l))
		}
	}
	return ansi.Strip(out)
}

func TestEveryScreenFitsEverySize(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 50}} {
		m := newApp(size[0], size[1])
		for tab := range tabNames {
			m, _ = send(m, keyPress(fmt.Sprint(tab+1)))
			if m.Tab() != tab {
				t.Fatalf("key %d shows tab %d", tab+1, m.Tab())
			}
			screen := checkScreen(t, m, size[0], size[1])
			if !strings.Contains(screen, "/tmp/lore-store") {
				t.Errorf("tab %d: the status bar lacks the store path", tab)
			}
		}
		m, _ = send(m, keyPress("?"))
		checkScreen(t, m, size[0], size[1])
		m, _ = send(m, keyPress("?"), keyPress("1"), keyPress("n"))
		checkScreen(t, m, size[0], size[1])
	}
}

func TestTabsByKeyAndMouse(t *testing.T) {
	m := newApp(120, 30)
	m, _ = send(m, keyPress("tab"), keyPress("tab"))
	if m.Tab() != int(tabConflicts) {
		t.Errorf("two tabs: %d", m.Tab())
	}
	m, _ = send(m, keyPress("shift+tab"), keyPress("shift+tab"), keyPress("shift+tab"))
	if m.Tab() != int(tabHistory) {
		t.Errorf("shift+tab wraps to History: %d", m.Tab())
	}
	spans := m.tabSpans()
	m, _ = send(m, tea.MouseClickMsg{X: spans[tabGraph][0] + 1, Y: 0, Button: tea.MouseLeft})
	if m.Tab() != int(tabGraph) {
		t.Errorf("click on Graph shows %d", m.Tab())
	}
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "No primitives yet") {
		t.Errorf("the Graph tab of an empty store:\n%s", screen)
	}
}

func TestQuitWithoutARunQuits(t *testing.T) {
	m := newApp(80, 24)
	_, cmd := send(m, keyPress("q"))
	if cmd == nil {
		t.Fatal("q did nothing")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q without a run does not quit")
	}
}

// submitForm types source into the form and presses enter, running the
// validation command as the program would.
func submitForm(t *testing.T, source string) (Model, tea.Msg) {
	t.Helper()
	m := newApp(100, 30)
	m, _ = send(m, keyPress("n"))
	if !m.FormOpen() {
		t.Fatal("n did not open the form")
	}
	m, _ = send(m, tea.PasteMsg{Content: source})
	m, cmd := send(m, keyPress("enter"))
	if cmd == nil {
		t.Fatal("enter returned no command")
	}
	m, cmd = send(m, cmd())
	var msg tea.Msg
	if cmd != nil {
		msg = cmd()
	}
	return m, msg
}

func TestFormRefusesBadInputInline(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "picture.bmp")
	if err := os.WriteFile(odd, []byte("BM"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ source, want string }{
		{filepath.Join(dir, "missing.md"), "no such file or folder"},
		{odd, "unsupported file type .bmp"},
		{"http://", "malformed URL"},
		{"https://exa mple.org/x", "malformed URL"},
	} {
		m, msg := submitForm(t, c.source)
		if msg != nil {
			t.Errorf("%q: the form produced %T, want nothing started", c.source, msg)
		}
		if m.Running() || !m.FormOpen() {
			t.Errorf("%q: running %v, form open %v", c.source, m.Running(), m.FormOpen())
		}
		if !strings.Contains(m.Form().Err(), c.want) {
			t.Errorf("%q: error %q, want %q", c.source, m.Form().Err(), c.want)
		}
		if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, c.want) {
			t.Errorf("%q: the error is not on screen:\n%s", c.source, screen)
		}
	}
}

func TestReviewerDecisionGoesBackToTheGate(t *testing.T) {
	m := newApp(120, 30)
	r := &run{id: "learn-x", cancel: func() {}, asks: make(chan approvalAsk)}
	m.run, m.running, m.eventsOpen = r, true, true
	ask := approvalAsk{reply: make(chan gate.Answer, 1), req: gate.Request{
		Report:   core.HygieneReport{Tier: core.Stranger, Findings: []core.Finding{{File: "a.md", Category: core.HiddenCharacters, Severity: core.Critical, Location: "a.md:1:3", Offset: -1}}},
		Choices:  []core.ApprovalStatus{core.Approved, core.ApprovedWithWarnings, core.Rejected},
		Critical: []int{0},
	}}
	m, _ = send(m, askMsg{run: "learn-x", ask: ask})
	if m.Tab() != int(tabFindings) {
		t.Fatalf("a question from the gate shows tab %d", m.Tab())
	}
	m, cmd := send(m, keyPress("a"))
	if cmd != nil {
		if _, ok := cmd().(findings.DecidedMsg); ok {
			t.Fatal("approval before acknowledgement was accepted")
		}
	}
	m, _ = send(m, tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	m, cmd = send(m, keyPress("a"))
	if cmd == nil {
		t.Fatal("approval after acknowledgement produced nothing")
	}
	m, _ = send(m, cmd())
	select {
	case ans := <-ask.reply:
		if ans.Status != core.Approved || len(ans.Acknowledged) != 1 {
			t.Errorf("answer %+v", ans)
		}
	case <-time.After(time.Second):
		t.Fatal("no answer reached the gate")
	}
	if m.Tab() != int(tabLearn) {
		t.Errorf("after deciding the app shows tab %d", m.Tab())
	}
}

func BenchmarkKeyToUpdate(b *testing.B) {
	m := newApp(120, 40)
	for i := range 10000 {
		m.learn = m.learn.Log(time.Now(), "extract", fmt.Sprintf("line %d", i))
	}
	keys := []tea.Msg{keyPress("pgup"), keyPress("tab"), keyPress("shift+tab")}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keys[i%len(keys)])
		m = next.(Model)
		i++
	}
}

func BenchmarkViewLearn10kLog(b *testing.B) {
	m := newApp(120, 40)
	for i := range 10000 {
		m.learn = m.learn.Log(time.Now(), "extract", fmt.Sprintf("§3.%d \"Subspaces\": definition \"Subspace %d\" (0.95)", i%60, i))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// What was said before the application took the terminal (a
// configuration's warnings) is shown on its screen until the first key,
// instead of being hidden by it at once.
func TestStartNoticeShownUntilTheFirstKey(t *testing.T) {
	const notice = `configuration: unknown key "them" is ignored; did you mean "theme"?`
	m := New(context.Background(), Options{StorePath: "/tmp/lore-store", Dark: true, Notice: notice})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	if screen := checkScreen(t, m, 120, 40); !strings.Contains(screen, `unknown key "them" is ignored`) {
		t.Fatalf("notice not shown:\n%s", screen)
	}
	m, _ = send(m, keyPress("2"))
	if screen := checkScreen(t, m, 120, 40); strings.Contains(screen, `unknown key "them"`) {
		t.Errorf("notice still shown after a key:\n%s", screen)
	}
}

// A new learn (n) after one was started opens the form empty: the last
// source stayed in the field and what was typed next ran into it
// ("latex.htmltrees.docx").
func TestNewLearnFormStartsEmptyAfterARun(t *testing.T) {
	m := New(context.Background(), Options{StorePath: "/tmp/lore-store", Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m.form = m.form.WithRequest(learnform.Request{Source: "/tmp/latexml.html", Domain: "graphs"})
	m, _ = send(m, learnform.SubmitMsg{Request: learnform.Request{Source: "/tmp/latexml.html"}})
	if got := m.form.Source(); got != "" {
		t.Errorf("the form keeps %q after its run started", got)
	}
}

// The Findings screen names the source as the Learn screen does, relative
// to the folder lore was started in where that is shorter: a source typed
// as apiref_goldmark_README.md was shown as /tmp/…/documents/apiref_…
// once sources were kept absolute.
func TestFindingsNameTheSourceAsLearnDoes(t *testing.T) {
	m := newApp(120, 30)
	m.wd = "/home/ada/documents"
	m = m.askReviewer(approvalAsk{req: gate.Request{Report: core.HygieneReport{Source: "/home/ada/documents/notes.md", Tier: core.Stranger}}})
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, " notes.md") || strings.Contains(screen, "/home/ada/documents") {
		t.Errorf("the Findings screen does not name the source as notes.md:\n%s", screen)
	}
}
