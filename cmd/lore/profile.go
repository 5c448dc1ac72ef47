//go:build loreprofile

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// profileEnv names the file a lore built with the loreprofile tag writes
// its CPU profile to, from start to exit, and beside it (FILE.block) the
// profile of where its goroutines waited: how the load test
// (TestTeamLoad, LORE_PROFILE) sees where a server's time goes. A release
// build has neither the variable nor the code.
const profileEnv = "LORE_CPUPROFILE"

var profilePath string

func init() {
	path := os.Getenv(profileEnv)
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "lore: %s %s: %v\n", profileEnv, path, err)
		return
	}
	// A sample for every 100 µs spent waiting: a search waiting for a
	// connection or a lock shows.
	runtime.SetBlockProfileRate(100_000)
	profilePath = path
}

// stopProfile writes out the profiles, if they are being taken.
func stopProfile() {
	if profilePath == "" {
		return
	}
	pprof.StopCPUProfile()
	schedLatencies()
	f, err := os.Create(profilePath + ".block")
	if err != nil {
		fmt.Fprintf(os.Stderr, "lore: %s: %v\n", profilePath, err)
		return
	}
	defer f.Close()
	_ = pprof.Lookup("block").WriteTo(f, 0)
}

// schedLatencies says on stderr how many times the collector ran and how
// long goroutines waited, runnable, for a processor: what a search waits
// behind other work in the process.
func schedLatencies() {
	m := []metrics.Sample{{Name: "/sched/latencies:seconds"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(m)
	fmt.Fprintf(os.Stderr, "lore: %d garbage collections\n", m[1].Value.Uint64())
	if m[0].Value.Kind() != metrics.KindFloat64Histogram {
		return
	}
	h := m[0].Value.Float64Histogram()
	var total uint64
	for _, c := range h.Counts {
		total += c
	}
	at := func(q float64) time.Duration {
		want, seen := uint64(q*float64(total)), uint64(0)
		for i, c := range h.Counts {
			seen += c
			if seen > want {
				return time.Duration(h.Buckets[i+1] * float64(time.Second))
			}
		}
		return 0
	}
	fmt.Fprintf(os.Stderr, "lore: scheduling latencies of %d goroutine wake-ups: p50 ≤ %v, p95 ≤ %v, p99 ≤ %v, p99.9 ≤ %v\n",
		total, at(0.5), at(0.95), at(0.99), at(0.999))
}
