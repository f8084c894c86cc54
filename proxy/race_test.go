//go:build race

package proxy

// raceEnabled is true under the race detector, where sync.Pool drops a share of what is put back
// on purpose, so allocation counts there say nothing about the code's own.
const raceEnabled = true
