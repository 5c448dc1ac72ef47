package local

import (
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// The engine's types as the API's messages.

func primitive(p *core.Primitive, dependents []core.Dependent) *lorev1.Primitive {
	out := &lorev1.Primitive{Id: p.ID, Name: p.Name, Type: string(p.Type), Domain: p.Domain, Statement: p.FormalStatement,
		Keywords: p.Keywords, Source: p.Provenance.Document, Section: p.Section}
	for _, e := range p.Dependencies {
		out.Requires = append(out.Requires, &lorev1.Edge{From: p.ID, To: e.Target, Type: string(e.Type)})
	}
	for _, d := range dependents {
		out.RequiredBy = append(out.RequiredBy, &lorev1.Edge{From: d.ID, To: p.ID, Type: string(d.Type)})
	}
	return out
}

// Session is a session as the API gives it.
func Session(s *core.Session) *lorev1.Session {
	out := &lorev1.Session{Id: s.ID, Kind: string(s.Kind), Source: s.Source, Status: string(s.State),
		StartedAt: stamp(s.StartedAt), CompletedAt: stamp(s.CompletedAt), User: s.User, Agent: s.Agent}
	if s.Decision != nil {
		out.DecidedBy = s.Decision.Decider()
	}
	if c := s.Counts.LearnCounts; c != nil {
		out.Added, out.Updated, out.Conflicts = int32(c.Added), int32(c.Updated), int32(c.Conflicts)
	}
	return out
}

func conflict(c *core.Conflict) *lorev1.Conflict {
	return &lorev1.Conflict{Id: c.ID, ExistingId: c.Existing.ID, ExistingName: c.Existing.Name, CandidateName: c.Candidate.Name,
		Reason: string(c.Comparison.Class) + ": " + c.Comparison.Rationale, State: string(c.State), SessionId: c.Session}
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func finding(f *core.Finding) *lorev1.Finding {
	return &lorev1.Finding{Severity: string(f.Severity), Category: string(f.Category), Message: f.Description, Location: f.Location}
}
