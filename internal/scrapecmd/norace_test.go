//go:build !race

package scrapecmd

// raceDetector: see race_test.go.
const raceDetector = false
