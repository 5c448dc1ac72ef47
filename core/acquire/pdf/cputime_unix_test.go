//go:build unix

package pdf

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time used by this process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
