//go:build !race

package pdf

// raceEnabled: the race detector is off (see race_test.go).
const raceEnabled = false
