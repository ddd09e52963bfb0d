//go:build race

package catalog

// raceDetector tells a test measuring allocations that the race detector
// adds its own.
const raceDetector = true
