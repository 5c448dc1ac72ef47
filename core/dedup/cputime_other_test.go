//go:build !unix

package dedup

func cpuTime() int64 { return 0 }
