//go:build unix

package wire

import (
	"syscall"
	"time"
)

// cpuTime is the process's user plus system CPU time. Benchmarks report it
// next to wall time because wall time on a shared machine mostly measures
// the neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
