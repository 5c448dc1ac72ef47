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
	if spans != 28 || checks < 5 || !invalid {
		t.Fatalf("the reviewer holds %d findings: %d secret spans (want 28), %d check warnings (want 5 or more), strict refusal %v", len(fs), spans, checks, invalid)
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
