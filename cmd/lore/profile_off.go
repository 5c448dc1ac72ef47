//go:build !loreprofile

package main

// stopProfile does nothing: only a build with the loreprofile tag takes
// a CPU profile (profile.go).
func stopProfile() {}
