package api

import (
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
)

// SkillOf is s as the skill library's record, as far as the message
// carries it: whole when it has its detail (what a person reviewing it
// reads), its summary otherwise.
func SkillOf(s *lorev1.Skill) *skills.Skill {
	out := &skills.Skill{Key: s.GetKey(), Source: skills.Source(s.GetSource()), Status: skills.Status(s.GetStatus()),
		Visibility: skills.Visibility(s.GetVisibility()), Owner: s.GetOwner(), Version: int(s.GetVersion()),
		Uses: int(s.GetUses()), Successes: int(s.GetSuccesses()), Note: s.GetNote(), Created: stampOf(s.GetCreated()),
		Content: skills.Content{Name: s.GetName(), Description: s.GetDescription(), Negative: s.GetNegative(),
			TaskType: search.TaskType(s.GetTaskType()), Imports: s.GetImports()},
		Provenance: skills.Provenance{User: s.GetCreatedBy(), Agent: s.GetAgent(), AgentSession: s.GetSession()},
		Helpful:    int(s.GetHelpful()), Harmful: int(s.GetHarmful()), LastUsed: stampOf(s.GetLastUsed()), Failures: int(s.GetFailures())}
	d := s.GetDetail()
	if d == nil {
		return out
	}
	p := d.GetProvenance()
	out.Provenance = skills.Provenance{Session: p.GetSession(), Document: p.GetDocument(), Domain: p.GetDomain(), By: p.GetBy(),
		User: p.GetUser(), Agent: p.GetAgent(), AgentSession: p.GetAgentSession()}
	out.Hash, out.Updated = d.GetHash(), stampOf(d.GetUpdated())
	out.Lineage = skills.Lineage{MergedFrom: d.GetMergedFrom(), SourceHashes: d.GetSourceHashes(), Origin: d.GetOrigin()}
	out.Findings = FindingsOf(d.GetFindings())
	out.Instructions, out.Extends, out.ExampleQueries, out.SuggestedTools = d.GetInstructions(), d.GetExtends(), d.GetExampleQueries(), d.GetSuggestedTools()
	out.License, out.Compatibility, out.AllowedTools, out.Metadata = d.GetLicense(), d.GetCompatibility(), d.GetAllowedTools(), d.GetMetadata()
	if sigs := d.GetFailureSignatures(); len(sigs) > 0 {
		out.FailureSignatures = make(map[string]int, len(sigs))
		for sig, n := range sigs {
			out.FailureSignatures[sig] = int(n)
		}
	}
	for _, o := range d.GetOutcomes() {
		out.Outcomes = append(out.Outcomes, skills.Outcome{At: stampOf(o.GetAt()), Success: o.GetSuccess(), Note: o.GetNote(), Findings: FindingsOf(o.GetFindings())})
	}
	for _, al := range d.GetAllowed() {
		out.Allowed = append(out.Allowed, skills.Allowance{Consumer: al.GetConsumer(), Hash: al.GetHash(), By: al.GetBy(), At: stampOf(al.GetAt())})
	}
	for _, v := range d.GetVersions() {
		out.History = append(out.History, skills.Version{Number: int(v.GetNumber()), At: stampOf(v.GetAt()), Reason: v.GetReason(), Hash: v.GetHash(),
			Content: skills.Content{Name: v.GetName(), Description: v.GetDescription()}, Findings: FindingsOf(v.GetFindings()), FindingsKept: v.GetFindingsKept()})
	}
	for _, f := range d.GetFiles() {
		out.Files = append(out.Files, skills.File{Path: f.GetPath(), Content: f.GetContent(), Mode: f.GetMode()})
	}
	if o := d.GetOriginal(); o != nil {
		out.Original = &skills.Original{SkillMD: o.GetSkillMd(), Mode: o.GetMode(), Folder: o.GetFolder()}
	}
	return out
}

// FindingsOf are fs as the scanner's findings.
func FindingsOf(fs []*lorev1.Finding) []core.Finding {
	var out []core.Finding
	for _, f := range fs {
		cf := core.Finding{File: f.GetFile(), Category: core.Category(f.GetCategory()), Severity: core.Severity(f.GetSeverity()),
			Description: f.GetMessage(), Location: f.GetLocation(), Offset: -1, Evidence: f.GetEvidence(), Recommendation: f.GetRecommendation()}
		if fl := f.GetFlow(); fl != nil {
			cf.Flow = &core.Flow{Source: fl.GetSource(), SourceLine: int(fl.GetSourceLine()), Sink: fl.GetSink(), SinkLine: int(fl.GetSinkLine()), Scope: fl.GetScope()}
		}
		out = append(out, cf)
	}
	return out
}
