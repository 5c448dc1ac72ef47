package skillsview

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/tui/styles"
)

// importedMailer imports a skill folder whose README holds an e-mail
// address and whose frontmatter the strict profile refuses (a flow-style
// list), as lore's import reads it, and returns the record as the store
// gives it back (offsets are not encoded).
func importedMailer(t *testing.T) *skills.Skill {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mailer")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\nname: mailer\ndescription: Send mail. Use when a message must go out.\nallowed-tools: [Bash, Read]\n---\n\n# Mailer\n\nSee README.md.\n"
	readme := "# Mailer\n\nThe server sends as itself.\nWrite to ops@corp-mail.net for access.\n"
	for name, text := range map[string]string{"SKILL.md": md, "README.md": readme} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := bundle.Import(dir, bundle.ImportOptions{Gated: true, Now: t0})
	if err != nil || len(plan.Skills) != 1 {
		t.Fatalf("import: %v, %d skills", err, len(plan.Skills))
	}
	b, err := json.Marshal(plan.Skills[0])
	if err != nil {
		t.Fatal(err)
	}
	var s skills.Skill
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// An imported skill's reviewer on the Skills screen lists the findings
// its import showed — the e-mail address in its README, what the strict
// profile refuses in its frontmatter — each shown in the file it is in,
// as stored with the skill, not "no findings" and not a bare excerpt.
func TestImportedSkillReviewerShowsEvidenceInItsFiles(t *testing.T) {
	s := importedMailer(t)
	m := New(styles.New(true)).SetSize(120, 40).WithLibrary([]*skills.Skill{s}, nil)
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if open, showing := m.Opened(); !open || !showing {
		t.Fatalf("enter does not open the imported skill's findings (open %v, findings %v):\n%s", open, showing, stripped(m))
	}
	n := len(m.Reviewer().Request().Report.Findings)
	seen := map[string]bool{}
	for i := range n {
		v := stripped(m)
		for _, bad := range []string{"no findings", "no excerpt recorded", "document text not available", "no position in the text"} {
			if strings.Contains(v, bad) {
				t.Errorf("finding %d of %d shows %q:\n%s", i+1, n, bad, v)
			}
		}
		for _, l := range strings.Split(v, "\n") {
			switch {
			case strings.Contains(l, "4 │ Write to ops@corp-mail.net for access."):
				seen["README line 4"] = true
			case strings.Contains(l, "4 │ allowed-tools: [Bash, Read]"):
				seen["frontmatter line 4"] = true
			}
		}
		m, _ = m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	}
	if !seen["README line 4"] || !seen["frontmatter line 4"] {
		t.Errorf("the reviewer never showed the findings in their files (%d findings): %v", n, seen)
	}
}
