//go:build !unix

package e2e_test

func cpuTime() int64 { return 0 }
