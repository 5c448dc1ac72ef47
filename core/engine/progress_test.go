package engine_test

import (
	"context"
	"strings"
	"testing"

	lpdf "github.com/ledongthuc/pdf"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/storetest"
)

// Acquiring a PDF is watched page by page: between the acquire stage's
// start and finish the engine publishes its progress, counting up to the
// document's pages.
func TestLearnPublishesAcquireProgress(t *testing.T) {
	corpusPaper := corpus.Path(t, "paper_secure-noise-generation.pdf")
	f, rd, err := lpdf.Open(corpusPaper)
	if err != nil {
		t.Fatal(err)
	}
	pages := rd.NumPage()
	f.Close()

	ds := storetest.Domains(t)
	st := storetest.Open(t)
	b := engine.NewBroker()
	all := collectAll(b)
	opts := engine.LearnOptions{Domains: ds, Events: b, DryRun: true}
	opts.Policy.Approve = true
	if _, err := engine.Learn(context.Background(), st, corpusPaper, opts); err != nil {
		t.Fatal(err)
	}
	b.Close()
	got := all()

	// Extraction counts sections up to the analysis's count, then the
	// candidates it makes, and says last that it wires them. (The broker
	// keeps only a stage's latest progress for a slow reader, so earlier
	// ones may be skipped.)
	sections, last := 0, engine.StageProgress{}
	var extract []engine.StageProgress
	for _, e := range got {
		switch e := e.(type) {
		case engine.StageFinished:
			if a, ok := e.Result.(engine.AnalyzeFinished); ok {
				sections = a.Sections
			}
		case engine.StageProgress:
			if e.Stage == engine.StageExtract {
				extract = append(extract, e)
				last = e
			}
		}
	}
	for _, e := range extract {
		if e.Detail == "paper_secure-noise-generation.pdf" && (e.Total != sections || e.Done > e.Total) {
			t.Errorf("section progress %+v, want a count of %d sections", e, sections)
		}
	}
	if sections == 0 || last.Done != sections || last.Total != sections || !strings.HasPrefix(last.Detail, "wiring ") {
		t.Errorf("last extract progress %+v, want the wiring after %d sections", last, sections)
	}

	var progress []engine.StageProgress
	started, finished := false, false
	for _, e := range got {
		switch e := e.(type) {
		case engine.StageStarted:
			started = started || e.Stage == engine.StageAcquire
		case engine.StageFinished:
			finished = finished || e.Stage == engine.StageAcquire
		case engine.StageProgress:
			if e.Stage != engine.StageAcquire {
				continue
			}
			if !started || finished {
				t.Fatalf("acquire progress outside the stage: %+v", e)
			}
			progress = append(progress, e)
		}
	}
	if len(progress) == 0 {
		t.Fatal("no acquire progress published")
	}
	prev := -1
	for _, p := range progress {
		if p.Total != pages || p.Done < prev {
			t.Fatalf("progress %+v after %d, want a count up to %d pages (all: %+v)", p, prev, pages, progress)
		}
		prev = p.Done
	}
	if last := progress[len(progress)-1]; last.Done != pages || last.Detail != "paper_secure-noise-generation.pdf · pages" {
		t.Errorf("last acquire progress %+v", last)
	}
}
