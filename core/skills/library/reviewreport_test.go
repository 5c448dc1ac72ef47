package library_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/library"
)

// The findings an import puts to the gate are the imported skill's own,
// the set it is stored with: each span of personal data and each
// complaint of the skill check is a finding placed in the skill's files
// (file:line:col, its offset into the text the gate shows) and quoting
// it, and nothing the report shows is missing from the skill.
func TestImportFindingsAreTheSkillsWithEvidence(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mailer")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\nname: mailer\ndescription: Send mail. Use when a message must go out.\nallowed-tools: [Bash, Read]\n---\n\n# Mailer\n\nSee README.md.\n"
	readme := "# Mailer\n\nWrite to ops@corp-mail.net for access.\n"
	for name, text := range map[string]string{"SKILL.md": md, "README.md": readme} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := bundle.Import(dir, bundle.ImportOptions{Gated: true, Now: time.Now().UTC()})
	if err != nil || len(plan.Skills) != 1 {
		t.Fatalf("import: %v, %d skills", err, len(plan.Skills))
	}
	s := plan.Skills[0]
	r := library.ReviewReport(plan, dir, time.Now().UTC())
	if len(r.Findings) != len(s.Findings) {
		t.Errorf("the gate shows %d findings, the skill is stored with %d", len(r.Findings), len(s.Findings))
	}

	var email, yaml bool
	for _, f := range s.Findings {
		text, ok := plan.Texts[f.File]
		if f.Evidence == "" {
			t.Errorf("%s %q quotes nothing", f.Location, f.Description)
		}
		switch {
		case f.Category == core.Secret:
			email = true
			if !ok || f.Offset < 0 || text[f.Offset:f.Offset+f.Length] != "ops@corp-mail.net" {
				t.Errorf("the address is not located in the text the gate shows: %+v", f)
			}
			if f.Location != filepath.Join(dir, "README.md")+":3:10" || !strings.Contains(f.Evidence, "Write to ops@corp-mail.net for access.") {
				t.Errorf("the address's place %q, evidence %q", f.Location, f.Evidence)
			}
		case strings.Contains(f.Description, "flow style"):
			yaml = true
			if !ok || f.Offset < 0 || text[f.Offset:f.Offset+f.Length] != "allowed-tools: [Bash, Read]" {
				t.Errorf("the YAML complaint is not on its line: %+v", f)
			}
			if f.Location != filepath.Join(dir, "SKILL.md")+":4:1" {
				t.Errorf("the YAML complaint's place %q", f.Location)
			}
		}
	}
	if !email || !yaml {
		t.Errorf("the skill's findings lack the address (%v) or the refused YAML (%v): %+v", email, yaml, s.Findings)
	}
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Location, dir) {
			t.Errorf("the gate's place %q is not relative to the path imported", f.Location)
		}
	}
}
