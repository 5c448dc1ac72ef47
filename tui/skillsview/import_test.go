package skillsview

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

// scannedSkill is an imported skill whose files the scanner found three
// things in at import: a code finding with its flow, a warning whose text
// hides a bidi control, and an info.
func scannedSkill(t testing.TB) *skills.Skill {
	t.Helper()
	s, err := skills.New("public.csv-cleaner", skills.Content{
		Name:         "csv-cleaner",
		Description:  "Clean CSV files. Use when a CSV file needs trimming.",
		Instructions: "# CSV cleaner\n\nRun `scripts/clean.py FILE`.\n",
		Files:        []skills.File{{Path: "scripts/clean.py", Content: []byte("import os, requests\n"), Mode: 0o755}},
	}, skills.Imported, skills.Active, skills.Provenance{Document: "/tmp/in/csv-cleaner/SKILL.md"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	s.Lineage.Origin = "/tmp/in/csv-cleaner"
	s.Findings = []core.Finding{
		{File: "/tmp/in/csv-cleaner/scripts/clean.py", Category: core.EmbeddedCode, Severity: core.Critical,
			Description: "sends environment variables over the network", Location: "/tmp/in/csv-cleaner/scripts/clean.py:9:5",
			Flow: &core.Flow{Source: "os.environ", SourceLine: 3, Sink: "requests.post", SinkLine: 9}},
		{File: "/tmp/in/csv-cleaner/SKILL.md", Category: core.HiddenCharacters, Severity: core.Warning,
			Description: "bidi control \u202e in prose", Location: "/tmp/in/csv-cleaner/SKILL.md:4:12"},
		{File: "/tmp/in/csv-cleaner/SKILL.md", Category: core.ExternalResources, Severity: core.Info,
			Description: "link to an external page", Location: "/tmp/in/csv-cleaner/SKILL.md:6:1"},
	}
	return s
}

func newScanned(t testing.TB, w, h int, dark bool) Model {
	return New(styles.New(dark)).SetSize(w, h).WithLibrary([]*skills.Skill{scannedSkill(t)}, nil)
}

func TestImportedSkillShowsItsFindings(t *testing.T) {
	m := newScanned(t, 120, 40, true)
	v := stripped(m)
	for _, want := range []string{
		"scan    1 critical · 1 warning · 1 info at import",
		"findings scanned at import: 1 critical · 1 warning · 1 info",
		"critical  embedded-code  scripts/clean.py:9:5",
		"sends environment variables over the network",
		"flow os.environ (line 3) → requests.post (line 9)",
		"warning   hidden-characters  SKILL.md:4:12",
		"bidi control ⟨U+202E⟩ in prose",
		"info      external-resources  SKILL.md:6:1",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "/tmp/in/csv-cleaner/scripts") {
		t.Errorf("a finding's place is not relative to the skill folder:\n%s", v)
	}
	if strings.ContainsRune(m.View(), '\u202e') {
		t.Error("a hidden character of a finding reached the terminal")
	}

	// The findings scroll with the rest of the document.
	m = newScanned(t, 80, 14, true)
	before := stripped(m)
	if !strings.Contains(before, "findings scanned at import") {
		t.Fatalf("the findings are not at the top of the document:\n%s", before)
	}
	for range 12 {
		m, _ = m.Update(tea.KeyPressMsg{Code: 'J', Text: "J"})
	}
	if after := stripped(m); strings.Contains(after, "findings scanned at import") || !strings.Contains(after, "lines ") {
		t.Fatalf("the findings do not scroll:\n%s", after)
	}
}

func TestSkillWithoutFindingsShowsNone(t *testing.T) {
	s := scannedSkill(t)
	s.Findings = nil
	v := stripped(New(styles.New(true)).SetSize(120, 40).WithLibrary([]*skills.Skill{s}, nil))
	if strings.Contains(v, "findings") || strings.Contains(v, "scan ") {
		t.Fatalf("a record without findings shows some:\n%s", v)
	}
}

func TestImportInput(t *testing.T) {
	m := newScanned(t, 120, 30, true)
	if m.Captures() || !m.KeyMap().Import.Enabled() || m.KeyMap().ImportSubmit.Enabled() {
		t.Fatal("the import key is not offered, or the input keys are")
	}
	m, _ = m.Update(tuitest.Press('i'))
	if !m.Captures() || !m.Importing() {
		t.Fatal("i does not open the path input")
	}
	k := m.KeyMap()
	if !k.ImportSubmit.Enabled() || !k.ImportCancel.Enabled() || k.Promote.Enabled() || k.List.Down.Enabled() {
		t.Fatal("while typing a path, only the input's keys are offered")
	}
	// An empty path is refused inline.
	m, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd != nil || !m.Importing() || !strings.Contains(stripped(m), "✗ type the path") {
		t.Fatalf("an empty path is not refused inline:\n%s", stripped(m))
	}
	// Typed letters go to the input, not to the list's keys.
	for _, r := range "/tmp/x/pdf" {
		m, _ = m.Update(tuitest.Press(r))
	}
	m, _ = m.Update(tea.PasteMsg{Content: "-skill"})
	if v := stripped(m); !strings.Contains(v, "import from /tmp/x/pdf-skill") || !strings.Contains(v, "Import skills") {
		t.Fatalf("the input does not show the path:\n%s", v)
	}
	if s, _ := m.SelectedSkill(); s.Status != skills.Active {
		t.Fatal("typing changed the skill")
	}
	m, cmd = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd == nil || m.Importing() {
		t.Fatal("enter does not submit the path")
	}
	if got, ok := cmd().(ImportMsg); !ok || got.Path != "/tmp/x/pdf-skill" {
		t.Fatalf("enter asked %#v", got)
	}
	// esc closes the input without asking anything.
	m, _ = m.Update(tuitest.Press('i'))
	m, _ = m.Update(tuitest.Press('z'))
	m, cmd = m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if cmd != nil || m.Importing() {
		t.Fatal("esc does not close the input")
	}
	// It opens empty again.
	m, _ = m.Update(tuitest.Press('i'))
	if strings.Contains(stripped(m), "import from z") {
		t.Fatal("the input kept the cancelled path")
	}
}

func TestWillSelectPicksTheImportedSkill(t *testing.T) {
	m := newLibrary(t, 120, 40, true)
	lib := append(library(t), scannedSkill(t))
	m = m.WillSelect("public.csv-cleaner").WithLibrary(lib, sample())
	if s, ok := m.SelectedSkill(); !ok || s.Key != "public.csv-cleaner" {
		t.Fatalf("selected %v", s)
	}
	// Only once: the next load keeps the selection as usual.
	m, _ = m.Update(keyHome)
	m = m.WithLibrary(lib, sample())
	if s, _ := m.SelectedSkill(); s.Key == "public.csv-cleaner" {
		t.Fatal("WillSelect outlived its load")
	}
}

// TestGoldenImportedFindings is an imported skill with its findings.
func TestGoldenImportedFindings(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		return newScanned(t, w, h, dark).View()
	})
}

// TestGoldenImportInput is the path input of an import, a path typed.
func TestGoldenImportInput(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		m, _ := newScanned(t, w, h, dark).Update(tuitest.Press('i'))
		for _, r := range "/tmp/eval/ben/weather-api" {
			m, _ = m.Update(tuitest.Press(r))
		}
		return m.View()
	})
}
