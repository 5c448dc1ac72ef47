package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/styles"
)

// The progress line of a headless learn on a terminal shows acquiring a
// PDF as a bar with its count and what is being read, then gives way to
// the stage's summary.
func TestProgressLineDrawsABarForAcquire(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, styles.New(true))
	p.show(stage(engine.StageStarted{Stage: engine.StageAcquire}))
	p.show(stage(engine.StageProgress{Stage: engine.StageAcquire, Done: 64, Total: 128, Detail: "linalg.pdf · pages"}))
	p.show(stage(engine.StageFinished{Stage: engine.StageAcquire, Status: engine.StageDone, Result: engine.AcquireFinished{Documents: 1, Bytes: 2 << 20}}))
	p.end()
	lines := strings.Split(ansi.Strip(out.String()), "\r")
	var progress string
	for _, l := range lines {
		if strings.Contains(l, "64/128") {
			progress = l
		}
	}
	if progress == "" {
		t.Fatalf("no progress line in %q", out.String())
	}
	if strings.Count(progress, "█") != 10 || strings.Count(progress, "░") != 10 || !strings.Contains(progress, "linalg.pdf · pages") {
		t.Errorf("progress line %q: want a half-full bar of 20 cells and the detail", progress)
	}
	if w := ansi.StringWidth(strings.TrimPrefix(progress, "\x1b[2K")); w > 80 {
		t.Errorf("progress line is %d cells wide: %q", w, progress)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "acquire") || !strings.Contains(last, "1 document") {
		t.Errorf("the stage's summary does not follow: %q", last)
	}
}

// A stage that ends without its last event (the run was interrupted)
// leaves no bar behind, and a scan that found something critical is not
// marked ✓.
func TestProgressLineIsClearedAndCriticalScanMarked(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, styles.New(true))
	p.show(stage(engine.StageFinished{Stage: engine.StageSanitize, Status: engine.StageDone, Result: engine.SanitizeFinished{Critical: 1}}))
	p.show(stage(engine.StageStarted{Stage: engine.StageDedup}))
	p.show(stage(engine.StageProgress{Stage: engine.StageDedup, Done: 10, Total: 100}))
	p.end()
	got := ansi.Strip(out.String())
	if !strings.HasPrefix(got, "! sanitize") {
		t.Errorf("a scan with a critical finding: %q", got)
	}
	// (The erase sequence is dropped for a writer that is no terminal;
	// the carriage return after the bar is what moves it to be erased.)
	if segs := strings.Split(got, "\r"); strings.TrimSpace(segs[len(segs)-1]) != "" || !strings.Contains(segs[len(segs)-2], "10/100") {
		t.Errorf("the bar is left on screen: %q", got)
	}
}

// stage is an engine's stage event as the API sends it.
func stage(e engine.Event) *lorev1.LearnEvent {
	st := &lorev1.StageEvent{}
	switch e := e.(type) {
	case engine.StageStarted:
		st.Stage, st.State = string(e.Stage), "started"
	case engine.StageProgress:
		st.Stage, st.State, st.Done, st.Total, st.Detail = string(e.Stage), "progress", int32(e.Done), int32(e.Total), e.Detail
	case engine.StageFinished:
		st.Stage, st.State, st.Detail = string(e.Stage), string(e.Status), e.Summary()
		if r, ok := e.Result.(engine.SanitizeFinished); ok {
			st.Critical = r.Critical > 0
		}
	}
	return &lorev1.LearnEvent{Event: &lorev1.LearnEvent_Stage{Stage: st}}
}
