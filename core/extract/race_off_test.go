//go:build !race

package extract

// raceDetector reports a test binary built with -race, which runs the
// extractor several times slower.
const raceDetector = false
