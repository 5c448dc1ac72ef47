package skillsview

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/styles"
)

// p on a draft the strict profile refuses asks the library to promote it
// (which refuses, and the root's notice says why) even when it has a
// critical finding: the findings reviewer does not open to collect
// acknowledgements for a promotion that cannot be. A valid draft with a
// critical finding still opens its findings first.
func TestPromoteOfInvalidDraftGoesToTheLibrary(t *testing.T) {
	imported := func(md string) *skills.Skill {
		t.Helper()
		c := skills.Content{Name: "tidy", Description: "Tidy notes. Use when notes need headings.", Instructions: "Add headings.\n",
			Original: &skills.Original{SkillMD: []byte(md), Mode: 0o644}}
		s, err := skills.New("public.tidy", c, skills.Imported, skills.Draft, skills.Provenance{Document: "tidy/SKILL.md"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		s.Findings = []core.Finding{{File: "tidy/SKILL.md", Category: core.PromptInjection, Severity: core.Critical,
			Description: "an instruction to the agent", Location: "tidy/SKILL.md:5", Offset: -1}}
		return s
	}
	p := tea.KeyPressMsg{Code: 'p', Text: "p"}
	for _, c := range []struct {
		name, md string
		review   bool
	}{
		{"invalid", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nauthor: ana\n---\n\nAdd headings.\n", true},
		{"valid", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\n---\n\nAdd headings.\n", false},
	} {
		m := New(styles.New(true)).SetSize(120, 40).WithLibrary([]*skills.Skill{imported(c.md)}, nil)
		m, cmd := m.Update(p)
		var msg tea.Msg
		if cmd != nil {
			msg = cmd()
		}
		req, ok := msg.(ReviewMsg)
		open, _ := m.Opened()
		if c.review {
			if !ok || req.Key != "public.tidy" || req.To != skills.Active || open {
				t.Errorf("%s: p gave %#v (open %v), want a promote request for the library", c.name, msg, open)
			}
			continue
		}
		if ok || !open {
			t.Errorf("%s: p gave %#v (open %v), want its findings opened first", c.name, msg, open)
		}
	}
}

// The screen calls a library skill invalid exactly when promote refuses
// it: the strict profile of lore skills validate, under which a metadata
// value that is not a string is a warning (it was shown as invalid, the
// bar of lore's own generated skills, while p promoted it).
func TestLibrarySkillVerdictIsPromotes(t *testing.T) {
	for _, c := range []struct {
		name, md string
		invalid  bool
	}{
		{"unexpected field", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nauthor: ana\n---\n\nAdd headings.\n", true},
		{"metadata not a string", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nmetadata:\n  version: 1.0\n---\n\nAdd headings.\n", false},
	} {
		s, err := skills.New("public.tidy", skills.Content{Name: "tidy", Description: "Tidy notes. Use when notes need headings.",
			Instructions: "Add headings.\n", Original: &skills.Original{SkillMD: []byte(c.md), Mode: 0o644}},
			skills.Imported, skills.Draft, skills.Provenance{Document: "tidy/SKILL.md"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		m := New(styles.New(true)).SetSize(120, 40).WithLibrary([]*skills.Skill{s}, nil)
		applies, errs := m.Valid()
		if refused := skilllib.Invalid(s) != nil; refused != c.invalid || !applies || (len(errs) > 0) != c.invalid {
			t.Errorf("%s: promote refuses it %v, the screen's errors %q, want invalid %v", c.name, refused, errs, c.invalid)
		}
	}
}
