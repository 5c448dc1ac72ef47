package main

import (
	"math"
	"os"
	"runtime/debug"
)

// memoryLimit is the soft memory limit (see runtime/debug.SetMemoryLimit)
// lore sets for itself when it has none (GOMEMLIMIT unset). A learn holds
// every primitive of its source until the commit, a few KiB each, and the
// collector's default pacing lets the heap grow to twice what is live. For
// the largest sources the file size limit admits — 49 MiB of short
// definitions is 240,000 primitives, about 0.95 GB live at the peak — the
// store's files come on top: Badger maps what the commit writes, about
// 0.85 GB for such a source, and those pages count in the process's
// memory until it closes the store. Under the limit the collector runs
// more often instead as the heap nears it, so the process's own memory
// stays about the limit: with 1.5 GiB that source peaked at 2.5 GB, with
// 1 GiB at 1.86 GB, for about a tenth more time; a command that needs
// less is not affected. It is the process's policy, so the command sets
// it, not the engine.
const memoryLimit = 1 << 30

// limitMemory applies memoryLimit unless GOMEMLIMIT set one.
func limitMemory() {
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(memoryLimit)
	}
}

// servingGCPercent is the collector's target (GOGC) for lore mcp. Its live
// heap is a few MiB, so at the default of 100 it collected every few tool
// calls, and each collection wakes both cores of a small machine: over
// 2,000 skill_search calls against lore serve, the 95th percentile fell
// from 5.9–6.5 ms to 3.9–4.6 ms with 400 (docs/benchmarks.md). The heap
// stays within a few times 10 MiB, and memoryLimit still bounds it.
const servingGCPercent = 400

// collectLessOften applies servingGCPercent unless GOGC set a target, and
// returns what restores the previous one.
func collectLessOften() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	prev := debug.SetGCPercent(servingGCPercent)
	return func() { debug.SetGCPercent(prev) }
}
