//go:build unix

package e2e_test

import "syscall"

// cpuTime is the CPU time the process has used, user and system, in
// nanoseconds; 0 where it cannot be read. Benchmarks report it beside
// the wall time, which on a busy machine also counts waiting for a CPU.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
