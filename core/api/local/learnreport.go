package local

import (
	"path"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
)

// LearnReport is what a learn did, as every client prints it: outDir is
// where its skills were written, and remote (a team server's client) has
// the paths in it made relative to it, the server's folders being its own.
func LearnReport(res *engine.LearnResult, runErr error, outDir string, remote bool) *lorev1.LearnReport {
	dry := res.Session.DryRun
	sid := res.Session.ID
	if runErr != nil && !res.Committed && !dry {
		// A learn that failed before it stored its session names no
		// session: lore report and lore unlearn would not know it.
		sid = ""
	}
	out := &lorev1.LearnReport{
		SessionId: sid, Success: runErr == nil, DryRun: dry,
		Counts: map[string]int32{"added": int32(res.Counts.Added), "updated": int32(res.Counts.Updated),
			"skipped": int32(res.Counts.Skipped), "conflicts": int32(res.Counts.Conflicts)},
		Errors: append([]string(nil), res.Errors...), Notes: append([]string(nil), res.Notes...), RejectedBefore: res.RejectedBefore, EdgesAdded: int32(res.EdgesAdded),
	}
	if a := res.Analysis; a != nil {
		out.ContentType, out.Domain, out.Plane = string(a.ContentType), a.Domain, a.Plane.String()
	}
	if res.Scan != nil {
		out.Findings = findings(res.Scan.Report.Findings)
	}
	for _, p := range res.Primitives {
		out.Primitives = append(out.Primitives, &lorev1.LearnedPrimitive{Id: p.ID, Name: p.Name, Type: string(p.Type), Domain: p.Domain,
			FormalStatement: p.FormalStatement, Confidence: p.Confidence, Section: p.Section})
		for _, e := range p.Dependencies {
			out.Edges = append(out.Edges, &lorev1.LearnedEdge{From: p.ID, To: e.Target, Type: string(e.Type), Strength: e.Strength})
		}
	}
	for _, c := range res.Conflicts {
		if dry {
			// The ids a dry run gives its would-be conflicts are never
			// stored: resolving one would say unknown conflict.
			out.WouldConflict = append(out.WouldConflict, &lorev1.WouldConflict{Candidate: c.Candidate.Name, ExistingId: c.Existing.ID})
			continue
		}
		out.Conflicts = append(out.Conflicts, c.ID)
	}
	shown := outDir
	if remote {
		shown = ""
	}
	for _, art := range res.Artifacts {
		g := &lorev1.GeneratedArtifact{Kind: string(art.Kind), Name: art.Name, Primitives: int32(art.Primitives)}
		if !dry {
			g.Location = art.Location(shown)
		}
		out.Generated = append(out.Generated, g)
		if art.Kind == core.SkillArtifact {
			out.Skills = append(out.Skills, &lorev1.GeneratedSkill{Name: art.Name, Path: skillPath(art, shown, dry), Primitives: int32(art.Primitives)})
		}
	}
	for _, sk := range res.NotGenerated {
		if sk.Kind == core.SkillArtifact {
			out.NotGenerated = append(out.NotGenerated, noSkillLine(sk))
		}
	}
	for _, c := range res.Reapplied {
		out.Reapplied = append(out.Reapplied, curationRecord(c))
	}
	for _, r := range res.Revisit {
		out.Revisit = append(out.Revisit, revisit(r))
	}
	if runErr != nil {
		out.Errors = append(out.Errors, runErr.Error())
	}
	return out
}

// skillPath is where a skill's SKILL.md is (or, on a dry run, would be).
func skillPath(art core.Artifact, outDir string, dry bool) string {
	for _, f := range art.Files {
		if path.Base(f.Path) == "SKILL.md" {
			if dry || outDir == "" {
				return f.Path
			}
			return outDir + "/" + f.Path
		}
	}
	return ""
}

// noSkillLine says why a skill was not generated, naming what it would
// have been about: its subject (title and documents), else its domain.
// The domain alone read as the command when a source had none ("no skill
// for learn", lore's domain for such primitives).
func noSkillLine(sk core.Artifact) string {
	if sk.Subject != "" {
		return "no skill for " + sk.Subject + ": " + sk.Reason
	}
	return "no skill for the domain " + sk.Domain + ": " + sk.Reason
}

func curationRecord(c core.Curation) *lorev1.CurationRecord {
	out := &lorev1.CurationRecord{Kind: string(c.Kind), Id: c.ID, Other: c.Other, Name: c.Name, Type: string(c.Type),
		Statement: c.Statement, Edge: string(c.Edge), By: c.By, Why: c.Why}
	if !c.At.IsZero() {
		out.At = c.At.UTC().Format(time.RFC3339)
	}
	return out
}

func revisit(r curate.Revisit) *lorev1.Revisit {
	return &lorev1.Revisit{Decision: curationRecord(r.Decision), Session: r.Decision.Session, Reason: r.Reason,
		Candidate: r.Candidate, Text: r.String()}
}
