package skillsview

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/tui/internal/tuitest"
	"github.com/lore-kb/lore/tui/styles"
)

var (
	keyUp   = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown = tea.KeyPressMsg{Code: tea.KeyDown}
	keyEnd  = tea.KeyPressMsg{Code: tea.KeyEnd}
	keyHome = tea.KeyPressMsg{Code: tea.KeyHome}
)

var t0 = time.Date(2026, 3, 4, 12, 1, 2, 0, time.UTC)

// validSkill is shaped like the generator's output.
const validSkill = `---
name: learn-linear-algebra
description: "Knowledge of Linear Algebra, learned from 42 primitives in linalg.pdf: Vector space, Linear map, Eigenvalue. Use when a task involves matrices, eigenvalues or vector spaces."
metadata:
  generator: "lore"
  version: "1"
  type: "skill"
  domain: "linear-algebra"
  primitives: "42"
  plane-center: "(-0.30, +0.50)"
---

# Linear Algebra

Vector spaces, linear maps and their invariants.

## Summary

**Linear Algebra**
Primitives: 42

## Key Primitives

- **Vector space** (definition): a set with addition and scalar multiplication.
- **Eigenvalue** (definition): a scalar λ such that Av = λv for some v ≠ 0.

## References

- [primitives](references/primitives.md)
`

// invalidSkill has an upper-case name that does not match its directory
// and a field the specification does not define.
const invalidSkill = `---
name: Graph-Theory
description: Graphs.
author: someone
---

# Graph Theory

Vertices and edges.
`

const agentDoc = `---
name: linear-algebra-expert
description: "An agent that answers linear algebra questions."
---

# Linear Algebra Expert

Uses the learn-linear-algebra skill.
`

func sample() []core.Artifact {
	return []core.Artifact{
		{Kind: core.TeamArtifact, Name: "mathematics-team", Domain: "mathematics", Primitives: 120, Agents: 3, GeneratedAt: t0,
			Files: []core.ArtifactFile{{Path: "mathematics-team/TEAM.md", Content: "---\nname: mathematics-team\ndescription: A team.\n---\n\n# Mathematics team\n\n- linear-algebra-expert\n"}}},
		{Kind: core.SkillArtifact, Name: "learn-linear-algebra", Domain: "linear-algebra", Primitives: 42, GeneratedAt: t0,
			Files: []core.ArtifactFile{{Path: "learn-linear-algebra/SKILL.md", Content: validSkill},
				{Path: "learn-linear-algebra/references/primitives.md", Content: "# Primitives\n"}}},
		{Kind: core.AgentArtifact, Name: "linear-algebra-expert", Domain: "linear-algebra", Primitives: 42, GeneratedAt: t0,
			Files: []core.ArtifactFile{{Path: "linear-algebra-expert/AGENT.md", Content: agentDoc}}},
		{Kind: core.SkillArtifact, Name: "learn-graph-theory", Domain: "graph-theory", Primitives: 31, GeneratedAt: t0,
			Files: []core.ArtifactFile{{Path: "learn-graph-theory/SKILL.md", Content: invalidSkill}}},
	}
}

func newModel(w, h int, dark bool) Model {
	return New(styles.New(dark)).SetSize(w, h).WithArtifacts(sample())
}

func stripped(m Model) string { return ansi.Strip(m.View()) }

func selectName(t *testing.T, m Model, name string) Model {
	t.Helper()
	m, _ = m.Update(keyHome)
	for range len(m.entries) {
		if a, _ := m.Selected(); a.Name == name {
			return m
		}
		m, _ = m.Update(keyDown)
	}
	t.Fatalf("%s not in the list", name)
	return m
}

func TestOrderAndSelectionKept(t *testing.T) {
	m := newModel(120, 30, true)
	var got []string
	for _, e := range m.entries {
		got = append(got, e.a.Name)
	}
	want := "learn-graph-theory learn-linear-algebra linear-algebra-expert mathematics-team"
	if strings.Join(got, " ") != want {
		t.Fatalf("order %v, want skills, agents, teams by name", got)
	}
	m = selectName(t, m, "linear-algebra-expert")
	m = m.WithArtifacts(sample()[1:])
	if a, _ := m.Selected(); a.Name != "linear-algebra-expert" {
		t.Fatalf("selection %s after a new list", a.Name)
	}
	if v := stripped(m); !strings.Contains(v, "2 skills · 1 agent · 0 teams") {
		t.Fatalf("header:\n%s", v)
	}
}

func TestValidSkill(t *testing.T) {
	m := selectName(t, newModel(120, 40, false), "learn-linear-algebra")
	if applies, errs := m.Valid(); !applies || len(errs) != 0 {
		t.Fatalf("valid skill: applies %v errs %v", applies, errs)
	}
	v := stripped(m)
	for _, want := range []string{"✓ valid (strict)", "learn-linear-algebra  skill · linear-algebra · 42 primitives",
		" name ", "learn-linear-algebra", "metadata", "    plane-center", "(-0.30, +0.50)", "Key Primitives", "Eigenvalue",
		"2 files: learn-linear-algebra/SKILL.md, learn-linear-algebra/references/primitives.md"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// The frontmatter is shown as a block, not fed raw to glamour.
	if strings.Contains(v, "---") || strings.Contains(v, "generator: ") {
		t.Errorf("raw frontmatter in the view:\n%s", v)
	}
}

func TestInvalidSkill(t *testing.T) {
	m := selectName(t, newModel(120, 40, true), "learn-graph-theory")
	_, want := skillspec.ValidateStrict("learn-graph-theory", []byte(invalidSkill))
	applies, errs := m.Valid()
	if !applies || len(errs) == 0 || strings.Join(errs, "|") != strings.Join(want, "|") {
		t.Fatalf("errs %v, want %v", errs, want)
	}
	v := stripped(m)
	if !strings.Contains(v, fmt.Sprintf("✗ invalid (strict): %d problems", len(want))) {
		t.Fatalf("no invalid verdict:\n%s", v)
	}
	for _, frag := range []string{"Unexpected fields in frontmatter: author", "must be lowercase", "must match skill name"} {
		if !strings.Contains(strings.ReplaceAll(v, "\n", " "), frag) && !strings.Contains(v, frag) {
			t.Errorf("problem %q not shown:\n%s", frag, v)
		}
	}
	if !strings.Contains(v, "1 invalid") || !strings.Contains(v, "1 valid") {
		t.Errorf("header counts:\n%s", v)
	}
}

func TestAgentNotStrict(t *testing.T) {
	m := selectName(t, newModel(120, 40, true), "linear-algebra-expert")
	if applies, _ := m.Valid(); applies {
		t.Fatal("the strict check applied to an agent")
	}
	if v := stripped(m); !strings.Contains(v, "not a skill") || !strings.Contains(v, "Linear Algebra Expert") {
		t.Fatalf("agent view:\n%s", v)
	}
}

func TestBrokenArtifacts(t *testing.T) {
	arts := []core.Artifact{
		{Kind: core.SkillArtifact, Name: "no-file"},
		{Kind: core.SkillArtifact, Name: "no-front", Files: []core.ArtifactFile{{Path: "no-front/SKILL.md", Content: "# Just markdown\n"}}},
		{Kind: core.SkillArtifact, Name: "flow", Files: []core.ArtifactFile{{Path: "flow/SKILL.md", Content: "---\n[a, b]\n---\nbody\n"}}},
		{Kind: core.SkillArtifact, Name: "hostile\x1b[2J", Domain: "d\u202e", Files: []core.ArtifactFile{{Path: "x/SKILL.md", Content: "---\nname: x\ndescription: \"\x1b]8;;evil\x07\"\n---\n\x1b[31mred\n"}}},
	}
	m := New(styles.New(true)).SetSize(100, 30).WithArtifacts(arts)
	for range arts {
		v := m.View()
		if strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b]8;;evil") || strings.ContainsRune(v, '\u202e') {
			t.Fatalf("hostile text reached the view: %q", v)
		}
		if applies, errs := m.Valid(); !applies || len(errs) == 0 {
			if a, _ := m.Selected(); a.Name != "hostile\x1b[2J" {
				t.Errorf("%s: broken skill reported valid", a.Name)
			}
		}
		tuitest.CheckSize(t, m.View(), 100, 30)
		m, _ = m.Update(keyDown)
	}
	m = selectName(t, m, "no-file")
	if v := stripped(m); !strings.Contains(v, "no SKILL.md among the skill's files") {
		t.Fatalf("missing file:\n%s", v)
	}
	m = selectName(t, m, "flow")
	if v := stripped(m); !strings.Contains(v, "not a YAML mapping") || !strings.Contains(v, "[a, b]") {
		t.Fatalf("unparsable frontmatter:\n%s", v)
	}
}

func TestEmptyState(t *testing.T) {
	m := New(styles.New(false)).SetSize(100, 10)
	if !strings.Contains(stripped(m), "Loading skills") {
		t.Fatalf("before data:\n%s", stripped(m))
	}
	m = m.WithArtifacts(nil)
	if !strings.Contains(stripped(m), emptyText) {
		t.Fatalf("empty state:\n%s", stripped(m))
	}
	if _, ok := m.Selected(); ok {
		t.Fatal("selection in an empty list")
	}
}

func TestNavigationClickScroll(t *testing.T) {
	m := newModel(120, 30, true)
	m, _ = m.Update(keyEnd)
	if a, _ := m.Selected(); a.Name != "mathematics-team" {
		t.Fatalf("end selected %s", a.Name)
	}
	m, _ = m.Update(tuitest.Press('k'))
	if a, _ := m.Selected(); a.Name != "linear-algebra-expert" {
		t.Fatalf("k selected %s", a.Name)
	}
	m, _ = m.Click(2, bodyTop+1)
	if a, _ := m.Selected(); a.Name != "learn-linear-algebra" {
		t.Fatalf("click selected %s", a.Name)
	}
	if m2, _ := m.Click(80, bodyTop); m2.list.Cursor() != m.list.Cursor() {
		t.Fatal("a click on the document moved the selection")
	}
	m = m.SetSize(120, 14)
	first := stripped(m)
	m, _ = m.Update(tuitest.Press('J'))
	if m.scroll != 1 || stripped(m) == first {
		t.Fatal("J did not scroll the document")
	}
	m, _ = m.Scroll(1 << 20)
	if m.scroll != m.maxScroll() || m.scroll == 0 {
		t.Fatalf("scroll to end: %d of %d", m.scroll, m.maxScroll())
	}
	m, _ = m.Update(keyUp)
	if m.scroll != 0 {
		t.Fatal("a new selection kept the old scroll")
	}
}

func TestExactSizes(t *testing.T) {
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 50}, {100, 30}, {99, 30}, {100, 10}, {60, 8}, {40, 12}, {30, 5},
		{20, 3}, {10, 2}, {5, 1}, {1, 1}, {2, 4}, {0, 0}, {0, 10}, {10, 0}, {-3, -3}}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		for _, dark := range []bool{false, true} {
			m := newModel(w, h, dark)
			for range len(m.entries) + 1 {
				tuitest.CheckSize(t, m.View(), w, h)
				m, _ = m.Update(keyDown)
				m, _ = m.Scroll(3)
			}
			tuitest.CheckSize(t, New(styles.New(dark)).SetSize(w, h).View(), w, h)
			tuitest.CheckSize(t, New(styles.New(dark)).SetSize(w, h).WithArtifacts(nil).View(), w, h)
		}
	}
}

func TestNoPanicsOnEmptyData(t *testing.T) {
	m := New(styles.New(false))
	for _, k := range []tea.KeyPressMsg{keyUp, keyDown, keyEnd, keyHome, tuitest.Press('J'), tuitest.Press('K'), {Code: tea.KeyPgDown}, {Code: 'd', Mod: tea.ModCtrl}} {
		m, _ = m.Update(k)
	}
	m, _ = m.Click(0, 0)
	m, _ = m.Click(5, 5)
	m, _ = m.Scroll(10)
	m, _ = m.Scroll(-10)
	_ = m.View()
	m = m.WithArtifacts([]core.Artifact{{}}).SetSize(80, 24)
	tuitest.CheckSize(t, m.View(), 80, 24)
	m, _ = m.Update(keyDown)
	_, _ = m.Valid()
}

// TestGoldenValid is the list with a valid generated skill selected.
func TestGoldenValid(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		return selectName(t, newModel(w, h, dark), "learn-linear-algebra").View()
	})
}

// TestGoldenInvalid is an invalid skill with its problems listed.
func TestGoldenInvalid(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		return selectName(t, newModel(w, h, dark), "learn-graph-theory").View()
	})
}

func manyArtifacts(n int) []core.Artifact {
	out := make([]core.Artifact, n)
	for i := range out {
		name := fmt.Sprintf("learn-domain-%04d", i)
		content := strings.Replace(validSkill, "learn-linear-algebra", name, 1)
		out[i] = core.Artifact{Kind: core.SkillArtifact, Name: name, Domain: fmt.Sprintf("domain-%04d", i), Primitives: 30 + i%100,
			Files: []core.ArtifactFile{{Path: name + "/SKILL.md", Content: content}}}
	}
	return out
}

func BenchmarkView1000(b *testing.B) {
	m := New(styles.New(true)).SetSize(120, 40).WithArtifacts(manyArtifacts(1000))
	b.ResetTimer()
	for b.Loop() {
		_ = m.View()
	}
}

func BenchmarkKeyPress1000(b *testing.B) {
	m := New(styles.New(true)).SetSize(120, 40).WithArtifacts(manyArtifacts(1000))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := keyDown
		if i/500%2 == 1 {
			k = keyUp
		}
		m, _ = m.Update(k)
	}
}

func BenchmarkWithArtifacts1000(b *testing.B) {
	arts := manyArtifacts(1000)
	m := New(styles.New(true)).SetSize(120, 40)
	for b.Loop() {
		_ = m.WithArtifacts(arts)
	}
}

// library is a skill library: a generated draft that replaces its artifact,
// an older negative draft, an active imported skill with resources and an
// archived one.
func library(t testing.TB) []*skills.Skill {
	t.Helper()
	mk := func(id string, c skills.Content, src skills.Source, st skills.Status, prov skills.Provenance, at time.Time) *skills.Skill {
		c.Name = id
		s, err := skills.New("public."+id, c, src, st, prov, at)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	la := mk("learn-linear-algebra", skills.Content{
		Description:  "Knowledge of Linear Algebra, learned from 42 primitives in linalg.pdf. Use when a task involves matrices.",
		Instructions: "# Linear Algebra\n\nVector spaces, linear maps and their invariants.\n\n## Key Primitives\n\n- **Eigenvalue** (definition): a scalar λ such that Av = λv.\n",
		TaskType:     search.Domain,
		Files:        []skills.File{{Path: "references/primitives.md", Content: []byte("# Primitives\n")}},
	}, skills.Learned, skills.Draft, skills.Provenance{Domain: "linear-algebra", Session: "learn-20260304-120102"}, t0)
	la.Lineage.Origin = "generated from domain linear-algebra"
	neg := mk("avoid-force-push", skills.Content{
		Description:  "Do not force-push to a shared branch. Use when a push is rejected as non-fast-forward.",
		Instructions: "Failed 3 times: `git push --force` on main rewrote others' commits.\n\nRebase and push instead.\n",
		TaskType:     search.Code, Negative: true,
	}, skills.Learned, skills.Draft, skills.Provenance{}, t0.Add(-time.Hour))
	neg.Note = "made from 3 reported failures"
	pdf := mk("pdf-forms", skills.Content{
		Description:  "Fill PDF forms. Use when a task asks to fill in or read a PDF form.",
		Instructions: "# PDF forms\n\nRun `scripts/fill.py FORM DATA`.\n",
		License:      "MIT",
		Files: []skills.File{{Path: "scripts/fill.py", Content: []byte(strings.Repeat("x", 2048))},
			{Path: "references/fields.md", Content: []byte("fields\n")}},
	}, skills.Imported, skills.Active, skills.Provenance{Document: "/skills/pdf-forms/SKILL.md"}, t0.Add(-48*time.Hour))
	pdf.Uses, pdf.Successes, pdf.Failures, pdf.Helpful, pdf.LastUsed = 5, 4, 1, 2, t0
	old := mk("learn-old-topic", skills.Content{
		Description: "Knowledge of an old topic. Use when asked about it.", Instructions: "# Old topic\n", TaskType: search.Domain,
	}, skills.Learned, skills.Archived, skills.Provenance{Domain: "old-topic"}, t0.Add(-24*time.Hour))
	old.Note = "no longer generated: its domain has too few primitives or was unlearned"
	return []*skills.Skill{pdf, la, old, neg}
}

func newLibrary(t testing.TB, w, h int, dark bool) Model {
	return New(styles.New(dark)).SetSize(w, h).WithLibrary(library(t), sample())
}

func TestLibraryList(t *testing.T) {
	m := newLibrary(t, 120, 40, true)
	var got []string
	for _, e := range m.entries {
		got = append(got, e.a.Name)
	}
	// The library first; the generated learn-linear-algebra is the
	// library's record, the one outside the library follows.
	want := "avoid-force-push learn-linear-algebra learn-old-topic pdf-forms learn-graph-theory linear-algebra-expert mathematics-team"
	if strings.Join(got, " ") != want {
		t.Fatalf("order %v\nwant %s", got, want)
	}
	if m.Drafts() != 2 {
		t.Fatalf("drafts %d", m.Drafts())
	}
	v := stripped(m)
	for _, want := range []string{"Skills  2 to review · 5 skills · 1 agent · 1 team", "▸ ✓ draft    ⚠ avoid-force-push", "learned",
		"✓ active   pdf-forms                  imported", "archived learn-old-topic", "imported", "✗ skill    learn-graph-theory", "agent    linear-algebra-expert"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "learn-linear-algebra ") && strings.Contains(l, "│") && !strings.Contains(l, "draft") {
			t.Errorf("the generated skill is not shown as its library record: %q", l)
		}
	}
}

func TestLibraryDetail(t *testing.T) {
	m := selectName(t, newLibrary(t, 120, 40, false), "pdf-forms")
	s, ok := m.SelectedSkill()
	if !ok || s.Key != "public.pdf-forms" {
		t.Fatalf("selected %v %v", s, ok)
	}
	if applies, errs := m.Valid(); !applies || len(errs) != 0 {
		t.Fatalf("rendered record not valid: %v", errs)
	}
	v := stripped(m)
	for _, want := range []string{"pdf-forms  public.pdf-forms · version 1", "status  active", "source  imported from /skills/pdf-forms/SKILL.md",
		"task    unknown · 5 uses: 4 ok, 1 failed · 2 helpful · 0 harmful", "✓ valid (strict)",
		"license", "MIT", "files    references/fields.md  7 B", "scripts/fill.py       2.0 KiB", "PDF forms",
		"SKILL.md + 2 resources · created 2026-03-02 · last used 2026-03-04"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	m = selectName(t, m, "avoid-force-push")
	v = stripped(m)
	for _, want := range []string{"status  draft · made from 3 reported failures", "⚠ warning: a negative skill", "lore-negative", "task    code · 0 uses"} {
		if !strings.Contains(v, want) {
			t.Errorf("negative skill lacks %q:\n%s", want, v)
		}
	}
}

func TestReviewQueue(t *testing.T) {
	m := selectName(t, newLibrary(t, 120, 40, true), "learn-linear-algebra")
	m, _ = m.Update(tuitest.Press('r'))
	if !m.Queue() {
		t.Fatal("r did not show the review queue")
	}
	var got []string
	for _, e := range m.entries {
		got = append(got, e.a.Name)
	}
	// Drafts only, oldest first.
	if strings.Join(got, " ") != "avoid-force-push learn-linear-algebra" {
		t.Fatalf("queue %v", got)
	}
	if s, _ := m.SelectedSkill(); s.Name != "learn-linear-algebra" {
		t.Fatalf("the queue lost the selection: %s", s.Name)
	}
	if v := stripped(m); !strings.Contains(v, "Review queue  2 to review, oldest first") {
		t.Fatalf("queue title:\n%s", v)
	}
	// A reload after a promotion drops the skill and selects the next row.
	lib := library(t)
	for _, s := range lib {
		if s.Name == "learn-linear-algebra" {
			s.Status = skills.Active
		}
	}
	m = m.WithLibrary(lib, sample())
	if s, ok := m.SelectedSkill(); !ok || s.Name != "avoid-force-push" || len(m.entries) != 1 || m.Drafts() != 1 {
		t.Fatalf("after promotion: %v %v, %d rows", s, ok, len(m.entries))
	}
	m, _ = m.Update(tuitest.Press('r'))
	if m.Queue() || len(m.entries) != 7 {
		t.Fatalf("r again: queue %v, %d rows", m.Queue(), len(m.entries))
	}
	for _, s := range lib {
		s.Status = skills.Active
	}
	m, _ = m.Update(tuitest.Press('r'))
	m = m.WithLibrary(lib, sample())
	if v := stripped(m); !strings.Contains(v, queueEmptyText) || !strings.Contains(v, "0 to review") {
		t.Fatalf("empty queue:\n%s", v)
	}
	tuitest.CheckSize(t, m.View(), 120, 40)
}

func TestReviewKeys(t *testing.T) {
	m := selectName(t, newLibrary(t, 120, 40, true), "learn-linear-algebra")
	for _, c := range []struct {
		key rune
		to  skills.Status
	}{{'p', skills.Active}, {'x', skills.Archived}, {'d', skills.Draft}} {
		next, cmd := m.Update(tuitest.Press(c.key))
		if c.key == 'x' {
			// Archiving asks first.
			next, cmd = next.Update(tuitest.Press('y'))
		}
		if cmd == nil {
			t.Fatalf("%c: no request", c.key)
		}
		got, ok := cmd().(ReviewMsg)
		if !ok || got != (ReviewMsg{Key: "public.learn-linear-algebra", To: c.to}) {
			t.Fatalf("%c: %#v", c.key, cmd())
		}
		if s, _ := next.SelectedSkill(); s.Status != skills.Draft {
			t.Fatal("the view changed the record itself")
		}
	}
	// An artifact is not reviewed: the screen says why.
	m = selectName(t, m, "linear-algebra-expert")
	m, cmd := m.Update(tuitest.Press('p'))
	if cmd != nil || !strings.Contains(m.Notice(), "not a library skill") {
		t.Fatalf("p on an agent: cmd %v, notice %q", cmd != nil, m.Notice())
	}
	if v := stripped(m); !strings.Contains(v, "linear-algebra-expert is a generated agent, not a library skill") {
		t.Fatalf("notice not shown:\n%s", v)
	}
	m, _ = m.Update(keyDown)
	if m.Notice() != "" {
		t.Fatal("the notice outlived the next key")
	}
	m = m.WithNotice("public.x is already active: status change not allowed", true)
	if v := stripped(m); !strings.Contains(v, "already active") {
		t.Fatalf("error notice:\n%s", v)
	}
}

func TestLibraryExactSizes(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {100, 30}, {99, 30}, {60, 8}, {40, 12}, {30, 5}, {20, 3}, {10, 2}, {1, 1}, {0, 0}} {
		w, h := sz[0], sz[1]
		for _, queue := range []bool{false, true} {
			m := newLibrary(t, w, h, true)
			if queue {
				m, _ = m.Update(tuitest.Press('r'))
			}
			for range len(m.entries) + 1 {
				tuitest.CheckSize(t, m.View(), w, h)
				m, _ = m.Update(keyDown)
				m, _ = m.Scroll(2)
			}
			m = m.WithNotice(strings.Repeat("long notice ", 30), true)
			tuitest.CheckSize(t, m.View(), w, h)
		}
	}
}

// TestGoldenLibraryDraft is the library with the generated draft selected.
func TestGoldenLibraryDraft(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		return selectName(t, newLibrary(t, w, h, dark), "learn-linear-algebra").View()
	})
}

// TestGoldenQueue is the review queue with the negative draft selected.
func TestGoldenQueue(t *testing.T) {
	tuitest.GoldenSweep(t, 24, func(w, h int, dark bool) string {
		m, _ := newLibrary(t, w, h, dark).Update(tuitest.Press('r'))
		return m.View()
	})
}
