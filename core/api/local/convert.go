package local

import (
	"cmp"
	"encoding/json"
	"math"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/graph"
)

// The engine's types as the API's messages: every client prints these,
// so a command's JSON is the same from a folder, PostgreSQL or a team
// server.

// Primitive is p as the API gives it, with the edges of dependents
// (nil: none asked for).
func Primitive(p *core.Primitive, dependents []core.Dependent) *lorev1.Primitive {
	pv := p.Provenance
	out := &lorev1.Primitive{Id: p.ID, Name: p.Name, Type: string(p.Type), Domain: p.Domain, Statement: p.FormalStatement,
		Keywords: p.Keywords, Source: pv.Document, Section: p.Section, Plane: &lorev1.Plane{Real: p.Plane.Real, Imaginary: p.Plane.Imaginary}, Confidence: p.Confidence,
		ComputationalForm: p.ComputationalForm, Version: int32(len(p.Versions) + 1), Prerequisites: p.Prerequisites,
		ApplicabilityPatterns: p.ApplicabilityPatterns,
		Provenance: &lorev1.Provenance{Document: pv.Document, Source: pv.Source, Offset: int32(pv.Offset), Session: pv.Session,
			MediaType: pv.MediaType, Bytes: int32(min(pv.Bytes, math.MaxInt32)), Sha256: pv.SHA256}}
	for _, e := range p.Dependencies {
		out.Requires = append(out.Requires, &lorev1.Edge{From: p.ID, To: e.Target, Type: string(e.Type), Strength: e.Strength})
	}
	for _, d := range dependents {
		out.RequiredBy = append(out.RequiredBy, &lorev1.Edge{From: d.ID, To: p.ID, Type: string(d.Type), Strength: d.Strength})
	}
	for _, v := range p.Versions {
		out.Versions = append(out.Versions, &lorev1.Version{Statement: v.FormalStatement, ReplacedAt: stamp(v.ReplacedAt),
			ReplacedBy: v.ReplacedBy, Why: v.Why})
	}
	if pr := p.Proof; pr != (core.Proof{}) {
		out.Proof = &lorev1.Proof{Text: pr.Text, Sketch: pr.Sketch, Cut: int32(min(pr.Cut, math.MaxInt32))}
	}
	for _, at := range p.AlsoStatedIn {
		out.AlsoStatedIn = append(out.AlsoStatedIn, at.String())
	}
	out.Examples = p.Examples
	out.Passage = p.Passage
	return out
}

// brief is p as a search hit gives it: what names and places it, and
// its edges; Show has the rest. Searches come many a second on a team
// server, and the whole record would be most of their answer.
func brief(p *core.Primitive) *lorev1.Primitive {
	out := &lorev1.Primitive{Id: p.ID, Name: p.Name, Type: string(p.Type), Domain: p.Domain, Statement: p.FormalStatement,
		Keywords: p.Keywords, Source: p.Provenance.Document, Section: p.Section}
	for _, e := range p.Dependencies {
		out.Requires = append(out.Requires, &lorev1.Edge{From: p.ID, To: e.Target, Type: string(e.Type), Strength: e.Strength})
	}
	return out
}

// Session is a session as the API gives it.
func Session(s *core.Session) *lorev1.Session {
	out := &lorev1.Session{Id: s.ID, Kind: string(s.Kind), Source: s.Source, State: string(s.State), DryRun: s.DryRun,
		StartedAt: stamp(s.StartedAt), CompletedAt: stamp(s.CompletedAt), User: s.User, Agent: s.Agent,
		Reverts: s.Reverts, RevertedBy: s.RevertedBy, Counts: counts(s.Counts)}
	if d := s.Decision; d != nil {
		out.DecidedBy, out.Rationale, out.DecidedAt = d.Decider(), d.Rationale, stamp(d.DecidedAt)
		out.Findings, out.Acknowledged = int32(len(d.Findings)), int32(len(d.Acknowledged))
	}
	if s.Kind == core.KindCurate {
		// A curation records its curator and reason among its options.
		out.User = cmp.Or(s.User, s.Options["by"])
		out.Rationale = s.Options["why"]
	}
	return out
}

// counts are c by the names its JSON gives them, every one of the
// session's kind present.
func counts(c core.SessionCounts) map[string]int32 {
	b, err := json.Marshal(c)
	if err != nil {
		return nil
	}
	var out map[string]int32
	if json.Unmarshal(b, &out) != nil || len(out) == 0 {
		return nil
	}
	return out
}

// Conflict is c as the API gives it.
func Conflict(c *core.Conflict) *lorev1.Conflict {
	v := c.Comparison
	return &lorev1.Conflict{Id: c.ID, State: string(c.State), SessionId: c.Session,
		Existing: Primitive(&c.Existing, nil), Candidate: Primitive(&c.Candidate, nil),
		Class: string(v.Class), Rationale: v.Rationale, FormalSimilarity: v.FormalSimilarity,
		ComputationalSimilarity: v.ComputationalSimilarity, KeywordSimilarity: v.KeywordSimilarity, Confidence: v.Confidence,
		PatternOverlap: v.PatternOverlap,
		Resolution:     string(c.Resolution), ResolvedBy: c.ResolvedBy, RetiredBy: c.RetiredBy, RetiredWhy: c.RetiredWhy}
}

// chainNode is a prerequisite tree as the API gives it.
func chainNode(n *graph.Node) *lorev1.ChainNode {
	if n == nil {
		return nil
	}
	out := &lorev1.ChainNode{Id: n.ID, Name: n.Name, EdgeType: string(n.EdgeType), Missing: n.Missing, Repeated: n.Repeated, Truncated: n.Truncated}
	for _, c := range n.Children {
		out.Children = append(out.Children, chainNode(c))
	}
	return out
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// finding is what the scanner found, as the API gives it.
func finding(f *core.Finding) *lorev1.Finding {
	out := &lorev1.Finding{Severity: string(f.Severity), Category: string(f.Category), Message: f.Description, Location: f.Location,
		File: f.File, Evidence: f.Evidence, Recommendation: f.Recommendation}
	if fl := f.Flow; fl != nil {
		out.Flow = &lorev1.Flow{Source: fl.Source, SourceLine: int32(fl.SourceLine), Sink: fl.Sink, SinkLine: int32(fl.SinkLine), Scope: fl.Scope}
	}
	return out
}

func findings(fs []core.Finding) []*lorev1.Finding {
	out := make([]*lorev1.Finding, len(fs))
	for i := range fs {
		out[i] = finding(&fs[i])
	}
	return out
}
