package testwait_test

import (
	"sync/atomic"
	"testing"

	"github.com/vitrine/vitrine/internal/testwait"
)

func TestUntilSeesAStateAnotherGoroutineMakes(t *testing.T) {
	var done atomic.Bool
	polls := 0
	go done.Store(true)
	testwait.Until(t, "the goroutine's state", func() bool { polls++; return done.Load() })
	if polls == 0 {
		t.Error("cond never called")
	}
}
