package local

import (
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
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
		Note: s.Note, Created: stamp(s.Created), Imports: s.Imports, Helpful: int32(s.Helpful), Harmful: int32(s.Harmful),
		LastUsed: stamp(s.LastUsed), ResourceCount: int32(len(s.Files)), Origin: origin(s), FindingCounts: findingCounts(s.Findings),
		Failures: int32(s.Failures)}
}

// origin is where s came from, as library.OriginOf tells a reviewer.
func origin(s *skills.Skill) *lorev1.SkillOrigin {
	o := library.OriginOf(s)
	return &lorev1.SkillOrigin{Kind: o.Kind, Name: o.Name, Session: o.Session, Text: o.Text}
}

// findingCounts counts fs by severity; a severity the scanner may add
// later counts as info.
func findingCounts(fs []core.Finding) *lorev1.FindingCounts {
	c := &lorev1.FindingCounts{}
	for _, f := range fs {
		switch f.Severity {
		case core.Critical:
			c.Critical++
		case core.Warning:
			c.Warning++
		default:
			c.Info++
		}
	}
	return c
}

// createdBy is who created s: the user of the API call that did, or
// whoever the record names.
func createdBy(s *skills.Skill) string {
	if s.Provenance.User != "" {
		return s.Provenance.User
	}
	return s.Provenance.By
}

// detail is the rest of s's record, for a person.
func detail(s *skills.Skill, at time.Time) *lorev1.SkillDetail {
	p := s.Provenance
	d := &lorev1.SkillDetail{Hash: s.Hash, Updated: stamp(s.Updated),
		Provenance: &lorev1.SkillProvenance{Session: p.Session, Document: p.Document, Domain: p.Domain, By: p.By, User: p.User,
			Agent: p.Agent, AgentSession: p.AgentSession},
		MergedFrom: s.Lineage.MergedFrom, SourceHashes: s.Lineage.SourceHashes, Origin: s.Lineage.Origin,
		Findings: findings(s.Findings), Extends: s.Extends, ExampleQueries: s.ExampleQueries, SuggestedTools: s.SuggestedTools,
		License: s.License, Compatibility: s.Compatibility, AllowedTools: s.AllowedTools, Metadata: s.Metadata,
		Decay: search.Decay(s.View(""), at), Instructions: s.Instructions}
	if len(s.FailureSignatures) > 0 {
		d.FailureSignatures = make(map[string]int32, len(s.FailureSignatures))
		for sig, n := range s.FailureSignatures {
			d.FailureSignatures[sig] = int32(n)
		}
	}
	for _, o := range s.Outcomes {
		d.Outcomes = append(d.Outcomes, &lorev1.SkillOutcome{At: stamp(o.At), Success: o.Success, Note: o.Note, Findings: findings(o.Findings)})
	}
	for _, al := range s.Allowed {
		d.Allowed = append(d.Allowed, &lorev1.SkillAllowance{Consumer: al.Consumer, Hash: al.Hash, By: al.By, At: stamp(al.At)})
	}
	for _, v := range s.History {
		d.Versions = append(d.Versions, &lorev1.SkillVersion{Number: int32(v.Number), At: stamp(v.At), Reason: v.Reason, Hash: v.Hash,
			Name: v.Content.Name, Description: v.Content.Description, Findings: findings(v.Findings), FindingsKept: v.FindingsKept})
	}
	for _, f := range s.Files {
		d.Files = append(d.Files, &lorev1.SkillFile{Path: f.Path, Content: f.Content, Mode: f.Mode})
	}
	if o := s.Original; o != nil {
		d.Original = &lorev1.SkillOriginal{SkillMd: o.SkillMD, Mode: o.Mode, Folder: o.Folder}
	}
	return d
}

// resources are the paths of s's resource files, relative to its folder.
func resources(s *skills.Skill) []string {
	out := make([]string, len(s.Files))
	for i, f := range s.Files {
		out[i] = f.Path
	}
	return out
}
