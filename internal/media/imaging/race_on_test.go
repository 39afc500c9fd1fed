//go:build race

package imaging

// raceEnabled: this test binary runs under the race detector.
const raceEnabled = true
