package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/hostile"
	"github.com/lore-kb/lore/internal/storetest"
)

// collect subscribes to b and returns a function that, once b is closed,
// returns every StageFinished published, by stage.
func collect(b *engine.Broker) func() map[engine.Stage]engine.StageFinished {
	all := collectAll(b)
	return func() map[engine.Stage]engine.StageFinished {
		got := map[engine.Stage]engine.StageFinished{}
		for _, e := range all() {
			if f, ok := e.(engine.StageFinished); ok {
				got[f.Stage] = f
			}
		}
		return got
	}
}

// collectAll subscribes to b and returns what gives every event it
// published, once b is closed.
func collectAll(b *engine.Broker) func() []engine.Event {
	events := b.Subscribe(context.Background())
	var got []engine.Event
	drained := make(chan struct{})
	go func() {
		for e := range events {
			got = append(got, e)
		}
		close(drained)
	}()
	return func() []engine.Event {
		<-drained
		return got
	}
}

// Every stage of a learn finishes with its own result type, carrying the
// figures the run's result and its session record give; the unlearn that
// reverts it records its own counts.
func TestLearnFinishesEachStageWithItsResult(t *testing.T) {
	st := storetest.Open(t)
	gen := generate.Config{SkillMinPrimitives: 5}
	b := engine.NewBroker()
	finished := collect(b)
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Generate: gen, Events: b}
	opts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, corpus.Path(t, "latex_ods_sorting.tex"), opts)
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	got := finished()
	want := map[engine.Stage]reflect.Type{
		engine.StageAcquire:  reflect.TypeFor[engine.AcquireFinished](),
		engine.StageSanitize: reflect.TypeFor[engine.SanitizeFinished](),
		engine.StageGate:     reflect.TypeFor[engine.GateFinished](),
		engine.StageAnalyze:  reflect.TypeFor[engine.AnalyzeFinished](),
		engine.StageExtract:  reflect.TypeFor[engine.ExtractFinished](),
		engine.StageDedup:    reflect.TypeFor[engine.DedupFinished](),
		engine.StageGenerate: reflect.TypeFor[engine.GenerateFinished](),
	}
	for _, s := range engine.Stages {
		f := got[s]
		if f.Status != engine.StageDone || reflect.TypeOf(f.Result) != want[s] {
			t.Errorf("%s finished %s with %T, want done with %v", s, f.Status, f.Result, want[s])
		}
	}
	learned := res.Session.Counts.Learn()
	if res.Session.Counts.LearnCounts == nil || res.Session.Counts.UnlearnCounts != nil {
		t.Fatalf("learn session counts %+v, want the learn side only", res.Session.Counts)
	}
	if d, _ := got[engine.StageDedup].Result.(engine.DedupFinished); d.Counts != res.Counts ||
		d.Added != learned.Added || d.Skipped != learned.Skipped || d.Updated != learned.Updated || d.Conflicts != learned.Conflicts {
		t.Errorf("dedup result %+v, run counted %+v, session %+v", d, res.Counts, learned)
	}
	x, _ := got[engine.StageExtract].Result.(engine.ExtractFinished)
	byType := 0
	for _, n := range x.ByType {
		byType += n
	}
	if x.Candidates == 0 || x.Candidates != learned.Candidates || byType != x.Candidates {
		t.Errorf("extract result %+v, session candidates %d", x, learned.Candidates)
	}
	if g, _ := got[engine.StageGenerate].Result.(engine.GenerateFinished); g.DryRun || g.Artifacts != len(res.Artifacts) || g.Changes != len(res.Changes) {
		t.Errorf("generate result %+v, run made %d artifact(s), %d change(s)", g, len(res.Artifacts), len(res.Changes))
	}
	if g, _ := got[engine.StageGate].Result.(engine.GateFinished); g.Status != res.Decision.Status || g.By != res.Decision.DecidedBy {
		t.Errorf("gate result %+v, decision %+v", g, res.Decision)
	}

	if learned.Added == 0 || learned.Skills == 0 || learned.Edges != res.EdgesAdded {
		t.Errorf("session counts %+v, want primitives added and a skill (edges added %d)", learned, res.EdgesAdded)
	}

	un, err := engine.Unlearn(context.Background(), st, res.Session.ID, engine.UnlearnOptions{Domains: opts.Domains, Generate: gen})
	if err != nil {
		t.Fatal(err)
	}
	c := un.Session.Counts
	if c.Unlearn().Removed != learned.Added {
		t.Errorf("unlearn removed %d, the learn added %d", c.Unlearn().Removed, learned.Added)
	}
	if c.LearnCounts != nil || c.UnlearnCounts == nil ||
		c.Unlearn() != (core.UnlearnCounts{Removed: len(un.Removed), Restored: len(un.Restored), Readded: len(un.Readded), ConflictsRetired: len(un.RetiredConflicts)}) {
		t.Errorf("unlearn session counts %+v, unlearn removed %d restored %d readded %d", c, len(un.Removed), len(un.Restored), len(un.Readded))
	}
}

// A source rejected at the gate ends the gate with the rejection and skips
// every later stage with the reason, and no result.
func TestRejectedLearnSkipsWithAReason(t *testing.T) {
	b := engine.NewBroker()
	finished := collect(b)
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Events: b, DryRun: true, Tier: core.Stranger}
	opts.Approver = gate.ApproverFunc(func(context.Context, gate.Request) (gate.Answer, error) {
		return gate.Answer{Status: core.Rejected, Rationale: "not today"}, nil
	})
	_, err := engine.Learn(context.Background(), storetest.Open(t), corpus.Path(t, "latex_ods_sorting.tex"), opts)
	b.Close()
	var rejected *gate.RejectedError
	if !errors.As(err, &rejected) {
		t.Fatalf("err = %v, want a rejection", err)
	}
	got := finished()
	if g, _ := got[engine.StageGate].Result.(engine.GateFinished); g.Status != core.Rejected || g.By != core.ByUser {
		t.Errorf("gate result %+v", got[engine.StageGate].Result)
	}
	for _, s := range engine.Stages[3:] {
		f := got[s]
		if f.Status != engine.StageSkipped || f.Result != nil || f.Reason != "rejected at the gate" {
			t.Errorf("%s: %+v, want skipped at the gate with no result", s, f)
		}
	}
}

// The acquire result counts the files skipped, not the problems told: a
// folder's image-only PDFs are one OCR advice but each is a file skipped.
func TestAcquireCountsEachSkippedFile(t *testing.T) {
	dir := t.TempDir()
	notes, err := os.ReadFile(corpus.Path(t, "latex_ods_sorting.tex"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"sorting.tex": notes,
		"fig1.pdf":    hostile.ScanPDF(1),
		"fig2.pdf":    hostile.ScanPDF(1),
		"fig3.pdf":    hostile.ScanPDF(1),
		"fig4.pdf":    hostile.ScanPDF(2),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	b := engine.NewBroker()
	finished := collect(b)
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Events: b, DryRun: true}
	opts.Policy.Approve = true
	_, err = engine.Learn(context.Background(), storetest.Open(t), dir, opts)
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	a, ok := finished()[engine.StageAcquire].Result.(engine.AcquireFinished)
	if !ok || a.Documents != 1 || a.Skipped != 4 {
		t.Errorf("acquire finished with %+v, want 1 document and the 4 figures skipped", a)
	}
}
