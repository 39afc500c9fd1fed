// Package testwait lets tests wait for a state that another goroutine or
// process brings about: the state is polled until it holds. The deadline
// only guards against a hang, so it is generous enough for a loaded
// machine and is never the thing a test asserts.
package testwait

import (
	"testing"
	"time"
)

// Within is how long Until waits before it fails the test.
const Within = time.Minute

// Until polls cond until it returns true, and fails t with what when
// Within passes first. cond runs on the caller's goroutine, so it may stop
// the test itself (t.Fatal) when it sees a state that must never come.
func Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(Within)
	pause := time.Millisecond
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, Within)
		}
		// Short pauses at first, so that a state that comes at once is
		// seen at once; longer ones later, so that a slow state does not
		// cost a loaded machine a busy loop.
		<-time.After(pause)
		pause = min(2*pause, 20*time.Millisecond)
	}
}
