// Package heappeak measures the largest heap a piece of work holds, for
// the benchmarks that report peak heap over input size.
package heappeak

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Of samples the heap's objects every 2 ms while fn runs and returns the
// largest figure seen: what the work holds at its peak, garbage not yet
// collected included, as the process's memory would show it.
func Of(fn func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	return peak.Load()
}
