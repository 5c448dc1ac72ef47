package engine

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/lore-kb/lore/core"
)

// analysisAhead redacts and analyzes a source's learnable documents while
// the sanitizer scans them: the two read the same texts and neither needs
// the other, and on a textbook they are the two longest stages before
// extraction. Nothing of it is published, kept or shown before the gate has
// let the source through (the gate decides on the scan alone); a source the
// gate stops has its analysis cancelled and dropped. Its progress is
// relayed only once the run has reached the analyze stage.
type analysisAhead struct {
	done       chan struct{}
	cancel     context.CancelFunc
	progress   atomic.Pointer[func(done, total int, detail string)]
	docs       []core.Document
	redactions []Redaction
	ar         *AnalyzeResult
	err        error
	// panicked is a panic of the analysis (a bug in lore) with the
	// stack it happened at, raised again by result on the run's own
	// goroutine: on this one nothing could recover it, and it would end
	// the whole process, a team server with every call it serves.
	panicked error
}

// analyzeAhead starts the analysis of docs (the learnable documents, which
// it redacts: they must be the run's own copies) on another goroutine, or
// returns nil where there is no second processor to run it on and nothing
// to gain.
func analyzeAhead(ctx context.Context, source string, docs []core.Document, opts AnalyzeOptions) *analysisAhead {
	if runtime.GOMAXPROCS(0) < 2 || len(docs) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	a := &analysisAhead{done: make(chan struct{}), cancel: cancel, docs: docs}
	go a.run(ctx, source, opts)
	return a
}

// run is the analysis, on its own goroutine.
func (a *analysisAhead) run(ctx context.Context, source string, opts AnalyzeOptions) {
	defer close(a.done)
	defer func() {
		if p := recover(); p != nil {
			a.panicked = fmt.Errorf("%v\n(the analysis ahead panicked at:)\n%s", p, debug.Stack())
		}
	}()
	a.redactions = redactDocuments(a.docs)
	a.ar, a.err = analyzeDocs(ctx, source, a.docs, opts, func(done, total int, detail string) {
		if p := a.progress.Load(); p != nil {
			(*p)(done, total, detail)
		}
	})
}

// result waits for the analysis, relaying its progress to progress until
// it ends.
func (a *analysisAhead) result(progress func(done, total int, detail string)) ([]core.Document, []Redaction, *AnalyzeResult, error) {
	a.progress.Store(&progress)
	<-a.done
	a.cancel()
	if a.panicked != nil {
		panic(a.panicked)
	}
	return a.docs, a.redactions, a.ar, a.err
}

// drop cancels the analysis and waits for it to stop, so that nothing of
// a run goes on after Learn returns; a document already being analyzed is
// finished first (analysis is checked for cancellation between
// documents), which for the largest single file is a second or two. A nil
// or finished analysis is left as it is.
func (a *analysisAhead) drop() {
	if a == nil {
		return
	}
	a.cancel()
	<-a.done
}
