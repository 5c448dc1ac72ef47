package learnform

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/acquire/gitrepo/gittest"
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
	// Three matches: tab completes what they share, then the first.
	m, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.Source(); got != dir+"/chapter" {
		t.Errorf("tab completed to %q", got)
	}
	m, _ = m.Update(cmd())
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
	// A folder: a scope selects files of a folder or repository.
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "notes.md"), []byte("# Notes\n"), 0o600); err != nil {
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

// A scope given with a single file is refused in the form, as a missing
// file is, before any run starts, and the refusal speaks of the form's
// scope field, not of the command line's flag; the scope is focused to be
// corrected and the message is shown whole.
func TestScopeOnASingleFileIsRefusedInline(t *testing.T) {
	src := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(src, []byte("# Notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := New(styles.New(true)).WithRequest(Request{Source: src, Scope: []string{"docs/", "a.md"}})
	m = m.SetSize(100, 20)
	m, cmd := m.Submit()
	m, cmd = m.Update(cmd())
	if cmd != nil {
		t.Fatalf("a scope on a single file submitted %T", cmd())
	}
	if !strings.HasPrefix(m.Err(), "scope: docs/, a.md selects files of a folder or repository") ||
		!strings.Contains(m.Err(), "is a single file") || strings.Contains(m.Err(), "--scope") {
		t.Errorf("inline error %q, want the scope field's refusal naming a single file and no flag", m.Err())
	}
	if m.focus != fieldScope {
		t.Errorf("focus on field %d, want the scope (%d)", m.focus, fieldScope)
	}
	view := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(view, "empty the scope, or give a folder or repository as the source") {
		t.Errorf("the refusal is not shown whole:\n%s", m.View())
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

// Tab with several matches completes only what they share and lists
// them; ctrl+n/ctrl+p choose one, which the next tab takes, and the help
// names those keys.
func TestCompletionStopsAtTheCommonPrefixAndListsTheMatches(t *testing.T) {
	dir := t.TempDir()
	names := []string{"latex_ods_sorting.tex", "latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex", "latex_untitled-envs_hott_equivalences.tex"}
	extra := []string{"latex_x1.tex", "latex_x2.tex", "latex_x3.tex", "latex_x4.tex"}
	for _, f := range slices.Concat(names, extra, []string{"notes.md"}) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	m := New(styles.New(true)).SetSize(120, 20)
	m, _ = m.Update(tea.PasteMsg{Content: dir + "/la"})
	m, _ = m.Update(complete(dir + "/la")())
	m, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.Source(); got != dir+"/latex_" {
		t.Fatalf("tab with four matches completed to %q, want the common prefix %q", got, dir+"/latex_")
	}
	if m.focus != fieldSource {
		t.Fatalf("tab with four matches left the source field (focus %d)", m.focus)
	}
	if cmd == nil {
		t.Fatal("completing to the common prefix asked for no completions of it")
	}
	m, _ = m.Update(cmd())
	view := ansi.Strip(m.View())
	for _, n := range slices.Concat(names, extra) {
		if !strings.Contains(view, n) {
			t.Errorf("the candidate %s is not shown:\n%s", n, view)
		}
	}
	// On a narrow terminal the list says how many it leaves out: one
	// name a line, four lines.
	if narrow := ansi.Strip(m.SetSize(40, 20).View()); !strings.Contains(narrow, "+4 more") {
		t.Errorf("40 columns: the list does not say +4 more:\n%s", narrow)
	}
	var helped bool
	for _, b := range m.KeyMap().ShortHelp() {
		helped = helped || (b.Enabled() && strings.Contains(b.Help().Key, "ctrl+n") && strings.Contains(b.Help().Key, "ctrl+p"))
	}
	if !helped {
		t.Error("the help line does not name ctrl+n/ctrl+p while there are candidates")
	}
	var full bool
	for _, col := range m.KeyMap().FullHelp() {
		for _, b := range col {
			full = full || strings.Contains(b.Help().Key, "ctrl+n")
		}
	}
	if !full {
		t.Error("the full help does not document ctrl+n/ctrl+p")
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl})
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if got := m.Source(); got != dir+"/"+names[1] {
		t.Errorf("ctrl+n then tab completed to %q, want %q", got, dir+"/"+names[1])
	}
	// One match left: the list goes away.
	m, _ = m.Update(complete(m.Source())())
	if strings.Contains(ansi.Strip(m.View()), names[0]) {
		t.Errorf("the candidates are still listed after one was taken:\n%s", ansi.Strip(m.View()))
	}
}

// A path typed relative to the working folder is submitted absolute, as
// the command line records it; a URL is left as typed.
func TestSubmitMakesALocalPathAbsolute(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "notes.md"), []byte("# Notes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for typed, want := range map[string]string{
		"docs/notes.md":                  filepath.Join(dir, "docs", "notes.md"),
		"./docs/../docs/notes.md":        filepath.Join(dir, "docs", "notes.md"),
		"docs":                           filepath.Join(dir, "docs"),
		"https://example.org/notes.md":   "https://example.org/notes.md",
		filepath.Join(dir, "docs") + "/": filepath.Join(dir, "docs") + "/",
	} {
		m := New(styles.New(true)).WithRequest(Request{Source: typed}).SetSize(80, 20)
		m, cmd := m.Submit()
		_, cmd = m.Update(cmd())
		if cmd == nil {
			t.Fatalf("%s: not submitted: %s", typed, m.Err())
		}
		sub, ok := cmd().(SubmitMsg)
		if !ok {
			t.Fatalf("%s: not submitted: %s", typed, m.Err())
		}
		if sub.Request.Source != want {
			t.Errorf("%s submitted as %q, want %q", typed, sub.Request.Source, want)
		}
	}
}

// The form's "as detected" tier says what acquisition does with the
// source typed: a local git repository (a file:// URL or its path) is
// HOME, read from this machine, as acquire.Source gives its documents; a
// web address is STRANGER. It no longer says git is stranger.
func TestFormSaysTheTierLoreDetects(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"README.md": []byte("# Readme\n\ntext\n")})
	tierLine := func(m Model) string {
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "tier") {
				return strings.TrimSpace(l)
			}
		}
		t.Fatalf("no tier line:\n%s", ansi.Strip(m.View()))
		return ""
	}
	empty := New(styles.New(true)).SetSize(120, 30)
	if got := tierLine(empty); got != "tier        as detected (on this machine, git too: home; over the network: stranger)" {
		t.Errorf("before a source is typed the tier reads %q", got)
	}
	for _, c := range []struct {
		source string
		want   string
	}{
		{"file://" + r.Dir, "as detected: home (read from this machine)"},
		{r.Dir, "as detected: home (read from this machine)"},
		{"https://github.com/owner/repo", "as detected: stranger (it comes over the network)"},
		{"https://example.com/notes.md", "as detected: stranger (it comes over the network)"},
		// An address lore does not read has no tier: it is refused.
		{"ftp://example.com/x.md", "tier        none: lore does not read ftp addresses"},
		{"mailto:someone@example.com", "tier        none: lore does not read mailto addresses"},
		{"gopher://example.com/1/notes", "tier        none: lore does not read gopher addresses"},
	} {
		m, _ := New(styles.New(true)).SetSize(120, 30).Update(tea.PasteMsg{Content: c.source})
		if got := tierLine(m); !strings.HasSuffix(got, c.want) || strings.Contains(got, "git: stranger") {
			t.Errorf("for %s the tier reads %q, want %q", c.source, got, c.want)
		}
	}
	// What the form says is what acquisition does: the address it gives
	// no tier is refused.
	if err := acquire.Check("ftp://example.com/x.md"); err == nil {
		t.Error("an ftp address passes the check the form makes")
	}
	res, err := acquire.Source(context.Background(), "file://"+r.Dir, acquire.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Documents {
		if d.Familiarity != core.Home {
			t.Errorf("the file:// repository's %s is %s, while the form says home", d.Name, d.Familiarity)
		}
	}
}

// run executes cmd as the program would, batches included, and hands the
// messages to m, until no command is left.
func run(m Model, cmd tea.Cmd) Model {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			var next tea.Cmd
			m, next = m.Update(msg)
			queue = append(queue, next)
		}
	}
	return m
}

// The scope is shown where it applies, with what will be read (issue 79,
// point 14): a folder is read whole unless a scope is typed, and the form
// said "scope docs/, README.md" (a repository's default, as a
// placeholder) over a folder then read whole. A single file has no scope.
func TestScopeShowsWhatWillBeRead(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.md", "docs/b.md", "docs/c.tex", ".hidden.md", "node_modules/x.md", ".cache/y.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("# x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Hidden files and folders and node_modules are not read.
	m := New(styles.New(true)).SetSize(120, 30)
	m, cmd := m.Update(tea.PasteMsg{Content: dir})
	m = run(m, cmd)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "docs/, README.md") {
		t.Errorf("the form shows a repository's default scope for a folder:\n%s", v)
	}
	if !strings.Contains(v, "reads       the whole folder: 3 files") {
		t.Errorf("the form does not say the folder is read whole, 3 files:\n%s", v)
	}
	// A scope typed: what it selects.
	for range fieldScope {
		m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if m.focus != fieldScope {
		t.Fatalf("↓ reached field %d, not the scope", m.focus)
	}
	m, cmd = m.Update(tea.PasteMsg{Content: "docs/"})
	m = run(m, cmd)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "reads       2 of the folder's 3 files") {
		t.Errorf("the form does not say what the scope selects:\n%s", v)
	}

	// A single file: no scope row, and ↓ passes it by.
	m = New(styles.New(true)).SetSize(120, 30)
	m, cmd = m.Update(tea.PasteMsg{Content: filepath.Join(dir, "a.md")})
	m = run(m, cmd)
	v = ansi.Strip(m.View())
	if strings.Contains(v, "scope") {
		t.Errorf("the form shows a scope for a single file:\n%s", v)
	}
	if !strings.Contains(v, "reads       this file") {
		t.Errorf("the form does not say the file is read:\n%s", v)
	}
	for range fieldScope {
		m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if m.focus != fieldSource {
		t.Errorf("↓ from the dry run field went to field %d, want the source (the scope is not shown)", m.focus)
	}

	// A working tree (a folder holding .git) is read as the folder it is;
	// as a file:// URL, as a repository: its default scope, said as such.
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	for source, want := range map[string]string{
		repo:             "reads       the whole folder: 0 files",
		"file://" + repo: "reads       the repository's docs/ and README.md (its default scope)",
	} {
		m = New(styles.New(true)).SetSize(120, 30)
		m, cmd = m.Update(tea.PasteMsg{Content: source})
		m = run(m, cmd)
		if v := ansi.Strip(m.View()); !strings.Contains(v, want) {
			t.Errorf("%s: the form does not say %q:\n%s", source, want, v)
		}
	}
}
