package engine_test

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/report"
)

// done is a stage that finished with r.
func done(s engine.Stage, r engine.StageResult) engine.StageFinished {
	return engine.StageFinished{Stage: s, Status: engine.StageDone, Result: r}
}

// Each stage's summary line reads its own result type; the lines are the
// ones lore learn prints and the Learn screen logs.
func TestSummaryOfEachStage(t *testing.T) {
	cases := []struct {
		name string
		f    engine.StageFinished
		want string
	}{
		{"acquire", done(engine.StageAcquire, engine.AcquireFinished{Documents: 3, Bytes: 3 << 20, Skipped: 1, Ignored: 2}),
			"3 document(s), 3.0 MiB"},
		{"sanitize", done(engine.StageSanitize, engine.SanitizeFinished{Tier: core.Stranger, Critical: 1, Warning: 2, Info: 3}),
			"STRANGER · critical 1 · warning 2 · info 3"},
		{"gate", done(engine.StageGate, engine.GateFinished{Status: core.ApprovedWithWarnings, By: core.ByUser, Reviewed: 2}),
			"approved-with-warnings"},
		{"analyze", done(engine.StageAnalyze, engine.AnalyzeFinished{Documents: 1, Sections: 27, ContentType: core.Textbook,
			Domain: "statistics", Plane: core.PlanePosition{Real: -0.01, Imaginary: 0.5}}),
			"27 section(s) · textbook · statistics · (-0.01, +0.50)"},
		{"analyze without a domain", done(engine.StageAnalyze, engine.AnalyzeFinished{Sections: 1, ContentType: core.Paper}),
			"1 section(s) · paper · no domain · (+0.00, +0.00)"},
		{"extract", done(engine.StageExtract, engine.ExtractFinished{Candidates: 17,
			ByType: map[core.PrimitiveType]int{core.Definition: 10, core.Theorem: 7}, Edges: map[core.EdgeType]int{core.Requires: 12}}),
			"17 candidate(s)"},
		{"dedup", done(engine.StageDedup, engine.DedupFinished{Counts: report.Counts{Added: 16, Updated: 2, Skipped: 1, Conflicts: 3},
			ByClass: map[core.Class]int{core.GenuinelyNew: 16}}),
			"added 16 · updated 2 · skipped 1 · conflicts 3"},
		{"generate", done(engine.StageGenerate, engine.GenerateFinished{Artifacts: 2, Changes: 19}),
			"2 artifact(s) · committed"},
		{"generate, dry run", done(engine.StageGenerate, engine.GenerateFinished{Artifacts: 1, DryRun: true}),
			"1 artifact(s) · dry run: nothing written"},
		{"failed", engine.StageFinished{Stage: engine.StageAnalyze, Status: engine.StageFailed, Err: "analyze notes.md: no sections found"},
			"analyze notes.md: no sections found"},
		{"skipped", engine.StageFinished{Stage: engine.StageExtract, Status: engine.StageSkipped, Reason: "rejected at the gate"},
			"skipped: rejected at the gate"},
		{"skipped after a failure", engine.StageFinished{Stage: engine.StageExtract, Status: engine.StageSkipped}, "skipped"},
		{"done without a result", engine.StageFinished{Stage: engine.StageGate, Status: engine.StageDone}, ""},
	}
	for _, c := range cases {
		if got := c.f.Summary(); got != c.want {
			t.Errorf("%s: Summary() = %q, want %q", c.name, got, c.want)
		}
	}
}
