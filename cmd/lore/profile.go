//go:build loreprofile

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
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
	f, err := os.Create(profilePath + ".block")
	if err != nil {
		fmt.Fprintf(os.Stderr, "lore: %s: %v\n", profilePath, err)
		return
	}
	defer f.Close()
	_ = pprof.Lookup("block").WriteTo(f, 0)
}
