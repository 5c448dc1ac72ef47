package skills

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
)

// FromArtifact turns a generated skill artifact into the library record
// it becomes: a learned draft in the public namespace, keyed by the
// artifact's folder name, with its references as resources. Generated
// skills are domain knowledge, so they decay as domain skills.
func FromArtifact(a core.Artifact, now time.Time) (*Skill, error) {
	if a.Kind != core.SkillArtifact {
		return nil, fmt.Errorf("artifact %s is a %s, not a skill", a.Name, a.Kind)
	}
	var (
		skillMD []byte
		dir     string
		res     []File
	)
	for _, f := range a.Files {
		if path.Base(f.Path) == SkillFile && skillMD == nil {
			skillMD, dir = []byte(f.Content), path.Dir(f.Path)
		}
	}
	if skillMD == nil {
		return nil, fmt.Errorf("skill artifact %s has no %s", a.Name, SkillFile)
	}
	for _, f := range a.Files {
		if rel, ok := strings.CutPrefix(f.Path, dir+"/"); ok && rel != SkillFile {
			res = append(res, File{Path: rel, Content: []byte(f.Content)})
		}
	}
	id := path.Base(dir)
	c, _, r := Parse(id, skillMD, res, skillspec.Strict)
	if !r.Valid {
		return nil, fmt.Errorf("generated skill %s: %s", id, strings.Join(r.Errors, "; "))
	}
	if c.TaskType.Normalize() == search.Unknown {
		c.TaskType = search.Domain
	}
	s, err := New(scope.Key(scope.DefaultNamespace, id), c, Learned, Draft, Provenance{Domain: a.Domain, Session: a.Session}, now)
	if err != nil {
		return nil, fmt.Errorf("generated skill %s: %w", id, err)
	}
	s.Lineage.Origin = "generated from domain " + a.Domain
	return s, nil
}
