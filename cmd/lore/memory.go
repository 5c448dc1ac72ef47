package main

import (
	"math"
	"runtime/debug"
)

// memoryLimit is the soft memory limit (see runtime/debug.SetMemoryLimit)
// lore sets for itself when it has none (GOMEMLIMIT unset). A learn holds
// every primitive of its source until the commit, a few KiB each, and so
// does its result until it is printed; the collector's default pacing lets
// the heap grow to twice what is live. For the largest sources the file
// size limit admits — 49 MiB of short definitions is 240,000 primitives —
// that was past 2.5 GB of memory for about 1.1 GB live. Under the limit the
// collector runs more often instead as the heap nears it, so the process's
// own memory stays about the limit (the store's files, which Badger maps,
// come on top); a command that needs less is not affected. It is the
// process's policy, so the command sets it, not the engine.
const memoryLimit = 1536 << 20

// limitMemory applies memoryLimit unless GOMEMLIMIT set one.
func limitMemory() {
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(memoryLimit)
	}
}
