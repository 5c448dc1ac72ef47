package engine

import (
	"math"
	"runtime/debug"
	"sync"
)

// learnMemoryLimit is the soft memory limit (see runtime/debug.SetMemoryLimit)
// Learn sets for the process when it has none (GOMEMLIMIT unset, no
// earlier SetMemoryLimit). A run holds every primitive of its source until
// the commit, a few KiB each, and so does its result until the caller has
// reported it; the collector's default pacing lets the heap grow to twice
// what is live. For the largest sources the file size limit admits — 49 MiB
// of short definitions is 240,000 primitives — that was past 2.5 GB of
// memory for about 1.1 GB live. Under the limit the collector runs more
// often instead as the heap nears it, so the process's own memory stays
// about the limit (the store's files, which Badger maps, come on top: a
// few hundred MB for a large commit); a process that needs less than the
// limit is not affected. It stays set after Learn returns: the caller
// printing a large result needs it too.
const learnMemoryLimit = 1536 << 20

var limitOnce sync.Once

// limitMemory applies learnMemoryLimit unless the process has a limit of
// its own.
func limitMemory() {
	limitOnce.Do(func() {
		if debug.SetMemoryLimit(-1) == math.MaxInt64 {
			debug.SetMemoryLimit(learnMemoryLimit)
		}
	})
}
