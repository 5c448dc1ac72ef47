package acquire

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestSkillBundleFindsASkillAtTheTopOrOneDown: a SKILL.md (any case)
// with a skill's frontmatter at the source's top or one folder down makes
// it a bundle; deeper, without frontmatter, or under another name it is a
// document like any other.
func TestSkillBundleFindsASkillAtTheTopOrOneDown(t *testing.T) {
	skill := "---\nname: email-api\ndescription: Manage emails.\n---\n# Email\n"
	doc := func(name, text string) core.Document { return core.Document{Name: name, Text: text} }
	for _, c := range []struct {
		docs []core.Document
		want string
	}{
		{[]core.Document{doc("README.md", "# R\n"), doc("email-api/Skill.md", skill)}, "email-api/Skill.md"},
		{[]core.Document{doc("SKILL.md", skill)}, "SKILL.md"},
		{[]core.Document{doc("pack.zip!skill.md", "---\r\ndescription: x\r\n---\r\nbody\r\n")}, "pack.zip!skill.md"},
		{[]core.Document{doc("docs/examples/SKILL.md", skill)}, ""},
		{[]core.Document{doc("SKILL.md", "# Skill\n\nFormat the sheet.\n")}, ""},
		{[]core.Document{doc("SKILL.md", "---\ntitle: Notes\n---\n# Notes\n")}, ""},
		{[]core.Document{doc("notes.md", skill)}, ""},
	} {
		if got := SkillBundle(c.docs); got != c.want {
			t.Errorf("SkillBundle(%v) = %q, want %q", c.docs[len(c.docs)-1].Name, got, c.want)
		}
	}
}
