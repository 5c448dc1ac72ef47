package acquire

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
)

// SkillBundle finds the skill file that makes docs an Agent Skills bundle:
// a SKILL.md (in any case) that opens with a skill's frontmatter (a name
// or a description), at the top of the source or one folder down, where a
// zip of a skill or a folder of skills keeps it. It returns the file's
// name relative to the source, or "" when there is none. A SKILL.md deeper
// down is an example inside some other material, and one without
// frontmatter is a document like any other.
func SkillBundle(docs []core.Document) string {
	for _, d := range docs {
		name := strings.ReplaceAll(d.Name, `\`, "/")
		parts := strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '!' })
		if len(parts) == 0 || len(parts) > 2 || !strings.EqualFold(parts[len(parts)-1], "SKILL.md") {
			continue
		}
		if skillFrontmatter(d.Text) {
			return name
		}
	}
	return ""
}

// skillFrontmatter reports whether text opens with YAML frontmatter that
// has a name or a description key, as a skill's does.
func skillFrontmatter(text string) bool {
	front, _, _, err := skillspec.SplitFrontmatter([]byte(text))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(front, "\n") {
		if strings.HasPrefix(line, "name:") || strings.HasPrefix(line, "description:") {
			return true
		}
	}
	return false
}

// SkillBundleError is the error for a source, given to be learned, that
// is an Agent Skills bundle (see SkillBundle): learning its instructions
// as a document makes nonsense of them (how-to skills describing the
// skill's own title); importing it keeps it a skill. It is a usage
// mistake: the source was given to the wrong command.
func SkillBundleError(source, skillFile string) error {
	how := "import it as a skill with: lore skills import " + source
	switch {
	case source == "standard input":
		how = "save it to a file and import it as a skill with: lore skills import FILE"
	case IsURL(source) || IsRepo(source):
		how = "download it and import it as a skill with: lore skills import PATH"
	}
	return &core.InputError{Input: source, Usage: true,
		Msg: fmt.Sprintf("an Agent Skills bundle (%s is a skill's SKILL.md), not a document to learn from; %s", skillFile, how)}
}
