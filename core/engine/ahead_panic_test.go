package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// TestAheadPanicReachesTheRun: a panic during the analysis ahead, on its
// own goroutine, does not escape there (it would end the process, a team
// server with every call it serves): result raises it again on the run's
// goroutine, with the stack it happened at, where a recover of the
// caller's can make it an internal error.
func TestAheadPanicReachesTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := &analysisAhead{done: make(chan struct{}), cancel: cancel,
		docs: []core.Document{{Name: "a.md", Format: core.FormatMarkdown, Text: "# Graphs\n\nDefinition: Tree. A tree is a connected graph with no cycle.\n"}}}
	broken := func(int, int, string) { panic("progress went wrong") }
	a.progress.Store(&broken)
	a.run(ctx, "a.md", AnalyzeOptions{})
	defer func() {
		p := recover()
		err, ok := p.(error)
		if !ok || !strings.Contains(err.Error(), "progress went wrong") || !strings.Contains(err.Error(), "(*analysisAhead).run") {
			t.Fatalf("result raised %v, want the analysis's panic with the stack it happened at", p)
		}
	}()
	_, _, _, _ = a.result(broken)
	t.Fatal("result returned after the analysis panicked")
}
