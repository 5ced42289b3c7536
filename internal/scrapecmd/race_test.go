//go:build race

package scrapecmd

// raceDetector: the race detector's instrumentation allocates, so
// allocation counts mean nothing under it.
const raceDetector = true
