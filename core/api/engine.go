package api

import (
	"cmp"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// The API's messages in the engine's terms, for a client that shows them
// with the engine's types (the terminal application's screens, the
// command line's text): the inverse of package local's conversions, as
// far as the messages carry.

// PrimitiveOf is p as the engine's primitive, and the dependents its
// required_by edges name.
func PrimitiveOf(p *lorev1.Primitive) (core.Primitive, []core.Dependent) {
	if p == nil {
		return core.Primitive{}, nil
	}
	pv := p.GetProvenance()
	out := core.Primitive{ID: p.GetId(), Name: p.GetName(), Type: core.PrimitiveType(p.GetType()), Domain: p.GetDomain(),
		Section: p.GetSection(), FormalStatement: p.GetStatement(), ComputationalForm: p.GetComputationalForm(),
		Keywords: p.GetKeywords(), Confidence: p.GetConfidence(), Prerequisites: p.GetPrerequisites(),
		ApplicabilityPatterns: p.GetApplicabilityPatterns(),
		Plane:                 core.PlanePosition{Real: p.GetPlane().GetReal(), Imaginary: p.GetPlane().GetImaginary()},
		Provenance: core.Provenance{Document: cmp.Or(pv.GetDocument(), p.GetSource()), Source: pv.GetSource(), Offset: int(pv.GetOffset()),
			Session: pv.GetSession(), MediaType: pv.GetMediaType(), Bytes: int64(pv.GetBytes()), SHA256: pv.GetSha256(), Section: p.GetSection()}}
	for _, e := range p.GetRequires() {
		out.Dependencies = append(out.Dependencies, core.Edge{Target: e.GetTo(), Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
	}
	for _, v := range p.GetVersions() {
		out.Versions = append(out.Versions, core.StatementVersion{FormalStatement: v.GetStatement(), ReplacedAt: stampOf(v.GetReplacedAt()),
			ReplacedBy: v.GetReplacedBy(), Why: v.GetWhy()})
	}
	if pr := p.GetProof(); pr != nil {
		out.Proof = core.Proof{Text: pr.GetText(), Sketch: pr.GetSketch(), Cut: int(pr.GetCut())}
	}
	for _, at := range p.GetAlsoStatedIn() {
		out.AlsoStatedIn = append(out.AlsoStatedIn, core.ParseStatedIn(at))
	}
	out.Examples = p.GetExamples()
	out.Passage = p.GetPassage()
	var deps []core.Dependent
	for _, e := range p.GetRequiredBy() {
		deps = append(deps, core.Dependent{ID: e.GetFrom(), Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
	}
	return out, deps
}

// SessionOf is s as the engine's session. The API says who decided at
// the gate but not the decision's own status, which the session's state
// implies (a rejected source leaves a rejected session).
func SessionOf(s *lorev1.Session) core.Session {
	if s == nil {
		return core.Session{}
	}
	out := core.Session{ID: s.GetId(), Kind: core.SessionKind(s.GetKind()), Source: s.GetSource(), State: core.SessionState(s.GetState()),
		DryRun: s.GetDryRun(), StartedAt: stampOf(s.GetStartedAt()), CompletedAt: stampOf(s.GetCompletedAt()), User: s.GetUser(),
		Agent: s.GetAgent(), Reverts: s.GetReverts(), RevertedBy: s.GetRevertedBy()}
	c := s.GetCounts()
	switch out.Kind {
	case core.KindUnlearn:
		out.Counts.UnlearnCounts = &core.UnlearnCounts{Removed: int(c["removed"]), Restored: int(c["restored"]),
			Readded: int(c["readded"]), ConflictsRetired: int(c["conflictsRetired"])}
	case core.KindCurate:
		out.Options = map[string]string{"by": s.GetUser(), "why": s.GetRationale()}
	default:
		out.Counts.LearnCounts = &core.LearnCounts{Added: int(c["added"]), Updated: int(c["updated"]), Skipped: int(c["skipped"]),
			Conflicts: int(c["conflicts"]), Candidates: int(c["candidates"]), Edges: int(c["edges"]), Skills: int(c["skills"])}
		out.Changes = int(c["added"] + c["updated"])
	}
	if by := s.GetDecidedBy(); by != "" {
		status := core.Approved
		if out.State == core.SessionRejected {
			status = core.Rejected
		}
		// "bob (user)" names the person and how; "auto" and "policy"
		// name no one.
		d := core.Decision{Status: status, DecidedBy: core.DecidedBy(by), Rationale: s.GetRationale(), DecidedAt: stampOf(s.GetDecidedAt()),
			Findings: make([]core.Finding, s.GetFindings()), Acknowledged: make([]int, s.GetAcknowledged())}
		if person, how, ok := strings.Cut(by, " ("); ok {
			d.Person, d.DecidedBy = person, core.DecidedBy(strings.TrimSuffix(how, ")"))
		}
		out.Decision = &d
	}
	return out
}

// ConflictOf is c as the engine's conflict.
func ConflictOf(c *lorev1.Conflict) core.Conflict {
	existing, _ := PrimitiveOf(c.GetExisting())
	candidate, _ := PrimitiveOf(c.GetCandidate())
	return core.Conflict{ID: c.GetId(), Session: c.GetSessionId(), State: core.ConflictState(c.GetState()),
		Existing: existing, Candidate: candidate, Resolution: core.Resolution(c.GetResolution()), ResolvedBy: c.GetResolvedBy(),
		RetiredBy: c.GetRetiredBy(), RetiredWhy: c.GetRetiredWhy(),
		Comparison: core.Comparison{ExistingID: existing.ID, Class: core.Class(c.GetClass()), Rationale: c.GetRationale(),
			FormalSimilarity: c.GetFormalSimilarity(), ComputationalSimilarity: c.GetComputationalSimilarity(),
			KeywordSimilarity: c.GetKeywordSimilarity(), Confidence: c.GetConfidence(), PatternOverlap: c.GetPatternOverlap()}}
}

func stampOf(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}
