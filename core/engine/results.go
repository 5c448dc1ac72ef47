package engine

import (
	"fmt"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/report"
)

// StageResult is what a finished stage produced. Each stage has its own
// type, so a consumer reads named fields the compiler checks rather than
// keys it must spell the way the engine did. The concrete types below are
// the whole set.
type StageResult interface {
	// Summary says in one plain line what the stage produced.
	Summary() string
	isStageResult()
}

// AcquireFinished is what reading the source produced.
type AcquireFinished struct {
	Documents int
	Bytes     int64
	// Skipped counts the files and entries not acquired (one each, even
	// where one problem tells of several); Ignored those of a type lore
	// does not read.
	Skipped, Ignored int
}

// SanitizeFinished is the sanitizer's verdict: the familiarity tier the
// gate applies and the findings by severity.
type SanitizeFinished struct {
	Tier                    core.Familiarity
	Critical, Warning, Info int
}

// GateFinished is the approval gate's decision.
type GateFinished struct {
	Status core.ApprovalStatus
	By     core.DecidedBy
	// Reviewed counts the findings presented for the decision;
	// Acknowledged those acknowledged one by one.
	Reviewed, Acknowledged int
}

// AnalyzeFinished is what analysis made of the documents.
type AnalyzeFinished struct {
	Documents, Sections int
	ContentType         core.ContentType
	// Domain is the detected domain, "" when none was.
	Domain string
	Plane  core.PlanePosition
}

// DomainName is the domain as shown to a person: "no domain" when none
// was detected.
func (a AnalyzeFinished) DomainName() string { return orNone(a.Domain) }

// ExtractFinished is what extraction and wiring produced.
type ExtractFinished struct {
	Candidates int
	// ByType counts the candidates per primitive type, Edges the edges
	// wired among them per edge type.
	ByType map[core.PrimitiveType]int
	Edges  map[core.EdgeType]int
}

// DedupFinished is the merge decisions taken on the candidates: the counts
// the session's report gives, and how the candidates compared with what
// was stored.
type DedupFinished struct {
	report.Counts
	ByClass map[core.Class]int
}

// GenerateFinished is what generating and committing produced.
type GenerateFinished struct {
	Artifacts int
	// Changes is the size of the committed changeset (0 on a dry run).
	Changes int
	// DryRun says nothing was stored or written.
	DryRun bool
}

// Outcome says what became of the run: "committed", or on a dry run that
// nothing was written.
func (g GenerateFinished) Outcome() string {
	if g.DryRun {
		return "dry run: nothing written"
	}
	return "committed"
}

// Summary implements StageResult.
func (a AcquireFinished) Summary() string {
	return fmt.Sprintf("%d document(s), %s", a.Documents, acquire.HumanBytes(a.Bytes))
}

// Summary implements StageResult.
func (s SanitizeFinished) Summary() string {
	return fmt.Sprintf("%s · critical %d · warning %d · info %d", s.Tier, s.Critical, s.Warning, s.Info)
}

// Summary implements StageResult.
func (g GateFinished) Summary() string { return string(g.Status) }

// Summary implements StageResult.
func (a AnalyzeFinished) Summary() string {
	return fmt.Sprintf("%d section(s) · %s · %s · %s", a.Sections, a.ContentType, a.DomainName(), a.Plane)
}

// Summary implements StageResult.
func (x ExtractFinished) Summary() string { return fmt.Sprintf("%d candidate(s)", x.Candidates) }

// Summary implements StageResult.
func (d DedupFinished) Summary() string {
	return fmt.Sprintf("added %d · updated %d · skipped %d · conflicts %d", d.Added, d.Updated, d.Skipped, d.Conflicts)
}

// Summary implements StageResult.
func (g GenerateFinished) Summary() string {
	return fmt.Sprintf("%d artifact(s) · %s", g.Artifacts, g.Outcome())
}

func (AcquireFinished) isStageResult()  {}
func (SanitizeFinished) isStageResult() {}
func (GateFinished) isStageResult()     {}
func (AnalyzeFinished) isStageResult()  {}
func (ExtractFinished) isStageResult()  {}
func (DedupFinished) isStageResult()    {}
func (GenerateFinished) isStageResult() {}
