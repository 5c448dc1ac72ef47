package library

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
)

// mailerMD is an imported skill's SKILL.md the strict profile refuses: a
// flow-style list in its frontmatter (the lenient profile reads it).
const mailerMD = "---\nname: mailer\ndescription: Send mail. Use when a message must go out.\nallowed-tools: [Bash, Read]\n---\n\n# Mailer\n\nSee README.md.\n"

// importMailer imports the mailer folder (its README holds an e-mail
// address) as a person approving it at the gate does.
func importMailer(t *testing.T, lib *Library) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mailer")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"SKILL.md": mailerMD, "README.md": "# Mailer\n\nWrite to ops@corp-mail.net for access.\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := bundle.Import(dir, bundle.ImportOptions{Gated: true, Now: t0})
	if err != nil {
		t.Fatal(err)
	}
	plan.Approve("approved at the gate")
	if _, err := lib.Import(plan, false); err != nil {
		t.Fatal(err)
	}
}

// An imported draft the strict profile refuses is fixed by editing its
// SKILL.md: a save that still fails is stored and says what fails, a new
// name is refused with nothing written, and once the file passes, the
// draft is promoted. Its findings follow the file: the check's complaints
// go with what they complained of, the README's address stays.
func TestEditSkillMDFixesAnInvalidImport(t *testing.T) {
	f := newFake(t)
	lib := New(f, Options{Now: clock(t0)})
	importMailer(t, lib)
	const key = "public.mailer"
	var inv *InvalidError
	if _, err := lib.Review(key, skills.Active, "", false); !errors.As(err, &inv) {
		t.Fatalf("promoting the invalid import: %v, want an InvalidError", err)
	}

	// A new name would be another skill: refused, nothing written.
	writes := f.writes
	renamed := strings.Replace(mailerMD, "name: mailer", "name: post-office", 1)
	if _, err := lib.EditSkillMD(key, []byte(renamed)); !isUsage(err) || !strings.Contains(err.Error(), "public.post-office, not public.mailer") ||
		!strings.Contains(err.Error(), "lore skills import PATH") {
		t.Errorf("a new name: %v, want a usage error saying how", err)
	}
	if f.writes != writes {
		t.Errorf("a refused edit wrote")
	}

	// The list fixed, a field the standard does not know added: stored,
	// and what the strict profile still refuses said.
	half := strings.Replace(mailerMD, "allowed-tools: [Bash, Read]", "allowed-tools: Bash Read\nversion: 2", 1)
	ed, err := lib.EditSkillMD(key, []byte(half))
	if err != nil || !ed.Changed || ed.Skill.Version != 2 || ed.Skill.Status != skills.Draft {
		t.Fatalf("a half fix: %+v, %v", ed, err)
	}
	if len(ed.Invalid) != 1 || !strings.Contains(ed.Invalid[0], "Unexpected fields in frontmatter: version") {
		t.Errorf("what still fails: %q", ed.Invalid)
	}
	if string(ed.Skill.Original.SkillMD) != half {
		t.Errorf("the SKILL.md stored: %q", ed.Skill.Original.SkillMD)
	}

	// The fix: it passes, the check's findings are gone, the address's
	// stays, and p promotes it.
	fixed := strings.Replace(mailerMD, "allowed-tools: [Bash, Read]", "allowed-tools: Bash Read", 1)
	ed, err = lib.EditSkillMD(key, []byte(fixed))
	if err != nil || !ed.Changed || len(ed.Invalid) != 0 {
		t.Fatalf("the fix: %+v, %v", ed, err)
	}
	var email bool
	for _, fd := range ed.Skill.Findings {
		if fd.Category == bundle.CheckCategory {
			t.Errorf("a check finding outlived the fix: %+v", fd)
		}
		email = email || (fd.Category == core.Secret && strings.Contains(fd.Evidence, "ops@corp-mail.net"))
	}
	if !email {
		t.Errorf("the README's address is no longer a finding: %+v", ed.Skill.Findings)
	}
	if s, err := lib.Review(key, skills.Active, "promoted in review", false); err != nil || s.Status != skills.Active {
		t.Fatalf("promoting the fixed draft: %v", err)
	}
	// An active skill goes back to draft before its file changes.
	if _, err := lib.EditSkillMD(key, []byte(fixed+"\nMore.\n")); !isUsage(err) || !strings.Contains(err.Error(), "only drafts are edited") {
		t.Errorf("editing an active skill: %v", err)
	}
}
