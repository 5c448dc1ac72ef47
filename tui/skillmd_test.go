package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/markdown"
)

// A generated SKILL.md, rendered as the Skills screen renders it, shows
// the Summary's facts on lines of their own.
func TestSkillSummaryRendersOneFactALine(t *testing.T) {
	_, learned, _ := learnedStore(t)
	var skill string
	for _, a := range learned.Artifacts {
		for _, f := range a.Files {
			if a.Kind == core.SkillArtifact && strings.HasSuffix(f.Path, "/SKILL.md") {
				skill = f.Content
			}
		}
	}
	if skill == "" {
		t.Fatalf("setup: no SKILL.md in %v", learned.Artifacts)
	}
	lines := markdown.New().Render(skill, 100, true)
	count := "Domain: "
	found := false
	for _, l := range lines {
		l = ansi.Strip(l)
		if !strings.Contains(l, count) {
			continue
		}
		found = true
		if strings.Contains(l, "Kinds:") {
			t.Errorf("the summary runs together: %q", strings.TrimSpace(l))
		}
	}
	if !found {
		t.Errorf("no line shows %q:\n%s", count, ansi.Strip(strings.Join(lines, "\n")))
	}
}
