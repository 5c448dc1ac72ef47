package local

import (
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
)

// The skill library's records as the API's messages.

// Skill is s as the API gives it, its staleness measured at at. The
// instructions and resources are not in it: GetSkill and ActivateSkill
// add them.
func Skill(s *skills.Skill, at time.Time) *lorev1.Skill {
	v := s.View("")
	return &lorev1.Skill{Key: s.Key, Name: s.Name, Description: s.Description, Status: string(s.Status), Source: string(s.Source),
		Visibility: string(s.Visibility), Owner: s.Owner, Version: int32(s.Version), Negative: s.Negative, Uses: int32(s.Uses),
		Successes: int32(s.Successes), CreatedBy: createdBy(s), Agent: s.Provenance.Agent, Critical: s.Critical(),
		TaskType: string(s.TaskType.Normalize()), Session: s.Provenance.AgentSession, Stale: search.Staleness(v, at, 0),
		Note: s.Note, Created: stamp(s.Created), Imports: s.Imports}
}

// createdBy is who created s: the user of the API call that did, or
// whoever the record names.
func createdBy(s *skills.Skill) string {
	if s.Provenance.User != "" {
		return s.Provenance.User
	}
	return s.Provenance.By
}

// skillFinding is what the scanner found, as the API gives it.
func skillFinding(f core.Finding) *lorev1.Finding {
	return &lorev1.Finding{Severity: string(f.Severity), Category: string(f.Category), Message: f.Description, Location: f.Location}
}

func skillFindings(fs []core.Finding) []*lorev1.Finding {
	out := make([]*lorev1.Finding, len(fs))
	for i, f := range fs {
		out[i] = skillFinding(f)
	}
	return out
}

// resources are the paths of s's resource files, relative to its folder.
func resources(s *skills.Skill) []string {
	out := make([]string, len(s.Files))
	for i, f := range s.Files {
		out[i] = f.Path
	}
	return out
}
