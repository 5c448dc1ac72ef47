package skills

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestFindingPlace(t *testing.T) {
	for _, c := range []struct{ origin, loc, want string }{
		{"/in/pdf", "/in/pdf/SKILL.md:3:1", "SKILL.md:3:1"},
		{"/in/pdf", "/in/pdf/scripts/fill.py:9:5", "scripts/fill.py:9:5"},
		{"/in/pdf", "/in/pdf-extra/SKILL.md:1:1", "/in/pdf-extra/SKILL.md:1:1"},
		{"b.zip!", "b.zip!SKILL.md:2:1", "SKILL.md:2:1"},
		{"b.zip!pdf", "b.zip!pdf/SKILL.md:2:1", "SKILL.md:2:1"},
		{"", "/in/pdf/SKILL.md:3:1", "/in/pdf/SKILL.md:3:1"},
		{".", "SKILL.md:3:1", "SKILL.md:3:1"},
	} {
		s := &Skill{Lineage: Lineage{Origin: c.origin}}
		if got := s.FindingPlace(core.Finding{Location: c.loc}); got != c.want {
			t.Errorf("origin %q, location %q: %q, want %q", c.origin, c.loc, got, c.want)
		}
	}
}
