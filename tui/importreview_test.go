package tui

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/internal/corpus"
)

// The corpus's skill bundle: the reviewer lists what lore skills import
// prints (its 28 e-mail addresses, the check's warnings, the strict
// profile's refusal), not "0 findings"; approved, the skill is still no
// active skill, because lore skills validate calls it invalid.
func TestImportReviewShowsWhatTheCommandLinePrints(t *testing.T) {
	zip := corpus.Path(t, "zip_skillinject_email-api-skill.zip")
	m, st := skillsApp(t)
	p := newPump(t, m)
	typeImport(t, p, zip)

	fs := p.m.ask.req.Report.Findings
	spans, checks, invalid := 0, 0, false
	for _, f := range fs {
		switch f.Category {
		case core.Secret:
			spans++
		case library.CheckCategory:
			checks++
			invalid = invalid || strings.Contains(f.Description, "invalid under the strict profile")
		}
	}
	// One real address (its README's marcus.chen@techcorp.io); the
	// documentation ones (user@example.com, boss@company.com) are none.
	if spans != 1 || checks < 5 || !invalid {
		t.Fatalf("the reviewer holds %d findings: %d secret spans (want 1), %d check warnings (want 5 or more), strict refusal %v", len(fs), spans, checks, invalid)
	}
	if screen := checkScreen(t, p.m, 120, 40); !strings.Contains(screen, "skill-check") || !strings.Contains(screen, "secret") {
		t.Errorf("the reviewer does not show the import's findings:\n%s", screen)
	}

	p.send(keyPress("a"))
	p.until("the import", func(m Model) bool { return m.imp == nil })
	rec, err := st.Skill("public.email-api")
	if err != nil {
		t.Fatalf("the approved skill was not stored: %v", err)
	}
	if rec.Status != skills.Draft {
		t.Errorf("an invalid skill approved at the gate is %s, want a draft", rec.Status)
	}
	if screen := checkScreen(t, p.m, 120, 40); !strings.Contains(screen, "filed as draft") {
		t.Errorf("the notice does not say the skill is a draft:\n%s", screen)
	}
}

// The corpus's skill bundle has one set of findings, each with its
// evidence, wherever the skill is shown: every finding at the gate quotes
// its file (no "(no excerpt recorded)", no bare marker standing for an
// e-mail address), and once approved the skill's reviewer on the Skills
// screen (5, r, enter) lists the same findings with the same evidence, not
// "no findings".
func TestImportFindingsAreOneSetWithEvidence(t *testing.T) {
	zip := corpus.Path(t, "zip_skillinject_email-api-skill.zip")
	m, _ := skillsApp(t)
	p := newPump(t, m)
	typeImport(t, p, zip)

	// Every finding, selected in turn, shows evidence from the files.
	walk := func(where string, n int) map[string]bool {
		t.Helper()
		seen := map[string]bool{}
		for i := range n {
			screen := checkScreen(t, p.m, 120, 40)
			for _, bad := range []string{"no excerpt recorded", "document text not available", "no findings"} {
				if strings.Contains(screen, bad) {
					t.Fatalf("%s, finding %d of %d shows %q:\n%s", where, i+1, n, bad, screen)
				}
			}
			for _, l := range strings.Split(screen, "\n") {
				if _, detail, ok := strings.Cut(l, "│ "); ok && strings.Contains(detail, `"email": "marcus.chen@techcorp.io"`) {
					seen["the address in its line"] = true
				}
				if strings.Contains(l, "│ ") && strings.Contains(l, "allowed-tools: [Bash, Read, Write]") {
					seen["the frontmatter line"] = true
				}
			}
			p.send(keyPress("j"))
		}
		return seen
	}
	gate := p.m.ask.req.Report.Findings
	if len(gate) == 0 {
		t.Fatal("no findings at the gate")
	}
	if seen := walk("at the gate", len(gate)); !seen["the address in its line"] || !seen["the frontmatter line"] {
		t.Errorf("at the gate the evidence never showed: %v", seen)
	}

	p.send(keyPress("a"))
	p.until("the import", func(m Model) bool { return m.imp == nil })
	p.send(keyPress("5"))
	selected := func(m Model) bool {
		s, ok := m.skills.SelectedSkill()
		return ok && s.Key == "public.email-api"
	}
	p.until("the library", selected)
	p.send(keyPress("r"))
	for range 3 {
		if selected(p.m) {
			break
		}
		p.send(keyPress("j"))
	}
	p.send(keyPress("enter"))
	open, showing := p.m.skills.Opened()
	if !open || !showing {
		t.Fatalf("enter on the imported skill does not open its findings (open %v, findings %v):\n%s", open, showing, checkScreen(t, p.m, 120, 40))
	}
	got := p.m.skills.Reviewer().Request().Report.Findings
	if len(got) != len(gate) {
		t.Errorf("the Skills screen's reviewer lists %d findings, the gate %d", len(got), len(gate))
	}
	for i := range min(len(got), len(gate)) {
		if got[i].Description != gate[i].Description || got[i].Evidence != gate[i].Evidence {
			t.Errorf("finding %d: at the gate %q (%q), on the Skills screen %q (%q)", i, gate[i].Description, gate[i].Evidence, got[i].Description, got[i].Evidence)
		}
	}
	if seen := walk("on the Skills screen", len(got)); !seen["the address in its line"] || !seen["the frontmatter line"] {
		t.Errorf("on the Skills screen the evidence never showed: %v", seen)
	}
}
