package engine

import (
	"math"
	"runtime/debug"
	"sync"
)

// learnMemoryLimit is the soft memory limit (see runtime/debug.SetMemoryLimit)
// Learn runs under when the process has set none (GOMEMLIMIT unset, no
// earlier SetMemoryLimit). A run holds every primitive of its source until
// the commit, a few KiB each, and the collector's default pacing lets the
// heap grow to twice what is live: for the largest sources the file size
// limit admits — 49 MiB of short definitions is 240,000 primitives — that
// was past 2.5 GB of memory for about 1.3 GB live. Under the limit the
// collector runs more often instead as the heap nears it, so such a run
// stays under 2 GB; a run that needs less than the limit is not affected.
const learnMemoryLimit = 1536 << 20

var memoryLimit struct {
	sync.Mutex
	runs int
	set  bool
}

// limitMemory applies learnMemoryLimit unless the process has a limit of
// its own, until the returned function is called; runs that overlap share
// it.
func limitMemory() (restore func()) {
	memoryLimit.Lock()
	defer memoryLimit.Unlock()
	if memoryLimit.runs == 0 && debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(learnMemoryLimit)
		memoryLimit.set = true
	}
	memoryLimit.runs++
	return func() {
		memoryLimit.Lock()
		defer memoryLimit.Unlock()
		if memoryLimit.runs--; memoryLimit.runs == 0 && memoryLimit.set {
			debug.SetMemoryLimit(math.MaxInt64)
			memoryLimit.set = false
		}
	}
}
