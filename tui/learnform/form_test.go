package learnform

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/styles"
)

func TestCompletionListsReadableEntries(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"chapter1.md", "chapter2.tex", "chart.bmp", ".chapter-hidden.md"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "chapters"), 0o700); err != nil {
		t.Fatal(err)
	}
	msg := complete(dir + "/ch")().(suggestionsMsg)
	want := []string{dir + "/chapter1.md", dir + "/chapter2.tex", dir + "/chapters/"}
	if !slices.Equal(msg.paths, want) {
		t.Errorf("completions %q, want %q", msg.paths, want)
	}

	m := New(styles.New(true))
	m = m.SetSize(100, 20)
	m, _ = m.Update(tea.PasteMsg{Content: dir + "/ch"})
	m, _ = m.Update(msg)
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.Source(); got != dir+"/chapter1.md" {
		t.Errorf("tab completed to %q", got)
	}
	// With nothing left to complete, tab moves to the next field.
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if m.focus != fieldDomain {
		t.Errorf("tab after completion focuses field %d", m.focus)
	}
	// A stale completion (for text no longer typed) is ignored.
	m, _ = m.Update(suggestionsMsg{for_: "/elsewhere", paths: []string{"/elsewhere/x.md"}})
	if m.Source() != dir+"/chapter1.md" {
		t.Errorf("a stale completion changed the source to %q", m.Source())
	}
}

func TestSubmitBuildsTheRequest(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(src, []byte("# Notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := New(styles.New(false)).WithRequest(Request{Source: src, Domain: "graphs", Depth: core.Deep, DryRun: true, Scope: []string{"docs/", "README.md"}})
	m = m.SetSize(100, 20)
	m, cmd := m.Submit()
	_, cmd = m.Update(cmd())
	sub, ok := cmd().(SubmitMsg)
	if !ok {
		t.Fatalf("a valid form did not submit")
	}
	want := Request{Source: src, Domain: "graphs", Depth: core.Deep, DryRun: true, Scope: []string{"docs/", "README.md"}}
	if sub.Request.Source != want.Source || sub.Request.Domain != want.Domain || sub.Request.Depth != want.Depth ||
		!sub.Request.DryRun || !slices.Equal(sub.Request.Scope, want.Scope) {
		t.Errorf("request %+v, want %+v", sub.Request, want)
	}
}

func TestBadDomainIsRefusedBeforeAnyCheck(t *testing.T) {
	m := New(styles.New(true)).WithRequest(Request{Source: "x.md", Domain: "Not A Domain!"})
	m = m.SetSize(80, 20)
	m, cmd := m.Submit()
	if cmd != nil || !strings.HasPrefix(m.Err(), "domain: ") {
		t.Errorf("bad domain: cmd %v, err %q", cmd != nil, m.Err())
	}
	if !strings.Contains(ansi.Strip(m.View()), "domain: ") {
		t.Error("the domain error is not shown")
	}
}

func TestChoicesToggle(t *testing.T) {
	m := New(styles.New(true))
	m = m.SetSize(80, 20)
	m.setFocus(fieldDepth)
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	m.setFocus(fieldDryRun)
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	if depths[m.depth] != core.Deep || !m.dryRun {
		t.Errorf("depth %s dry run %v", depths[m.depth], m.dryRun)
	}
}

// The command line's tier and gate flags belong to the source they came
// with: the form submits them once and the next request carries neither.
func TestCommandLineGateChoicesApplyToOneSubmission(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(src, []byte("# Notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	submit := func(m Model) (Model, Request) {
		t.Helper()
		m, cmd := m.Submit()
		m, cmd = m.Update(cmd())
		sub, ok := cmd().(SubmitMsg)
		if !ok {
			t.Fatal("a valid form did not submit")
		}
		return m, sub.Request
	}
	flags := gate.Policy{Trust: true, ForceCritical: true}
	m := New(styles.New(true)).WithRequest(Request{Source: src, Tier: core.Stranger, Policy: flags})
	m = m.SetSize(80, 20)
	m, first := submit(m)
	if first.Policy != flags || first.Tier != core.Stranger || !first.Flagged() {
		t.Fatalf("first request %+v, want the command line's tier and flags", first)
	}
	m, second := submit(m)
	if second.Flagged() || second.Tier != "" {
		t.Errorf("second request %+v carries the first one's tier or flags", second)
	}
	// A tier chosen in the form is offered for the next source only as
	// the safe default again.
	m.setFocus(fieldTier)
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	if !strings.Contains(ansi.Strip(m.View()), "stranger") {
		t.Errorf("the tier choice is not shown:\n%s", ansi.Strip(m.View()))
	}
	m, third := submit(m)
	if third.Tier != core.Stranger {
		t.Errorf("chosen tier %q, want stranger", third.Tier)
	}
	if _, fourth := submit(m); fourth.Tier != "" {
		t.Errorf("the next request kept tier %q", fourth.Tier)
	}
}
