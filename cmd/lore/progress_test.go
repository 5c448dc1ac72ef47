package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/styles"
)

// The progress line of a headless learn on a terminal shows acquiring a
// PDF as a bar with its count and what is being read, then gives way to
// the stage's summary.
func TestProgressLineDrawsABarForAcquire(t *testing.T) {
	var out bytes.Buffer
	b := engine.NewBroker()
	wait := showProgress(&out, styles.New(true), b)
	b.Publish(engine.StageStarted{Stage: engine.StageAcquire})
	b.Publish(engine.StageProgress{Stage: engine.StageAcquire, Done: 64, Total: 128, Detail: "linalg.pdf · pages"})
	b.Publish(engine.StageFinished{Stage: engine.StageAcquire, Status: engine.StageDone, Result: engine.AcquireFinished{Documents: 1, Bytes: 2 << 20}})
	b.Close()
	wait()
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
	b := engine.NewBroker()
	wait := showProgress(&out, styles.New(true), b)
	b.Publish(engine.StageFinished{Stage: engine.StageSanitize, Status: engine.StageDone, Result: engine.SanitizeFinished{Critical: 1}})
	b.Publish(engine.StageStarted{Stage: engine.StageDedup})
	b.Publish(engine.StageProgress{Stage: engine.StageDedup, Done: 10, Total: 100})
	b.Close()
	wait()
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
