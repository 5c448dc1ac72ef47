//go:build race

package pdf

// raceEnabled: the race detector is on, and with it sync.Pool drops what it
// holds at random and allocations grow several times over.
const raceEnabled = true
