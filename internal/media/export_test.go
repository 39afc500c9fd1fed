package media

import (
	"context"
	"time"

	"github.com/vitrine/vitrine/internal/media/imaging"
)

// SetTiming shortens the service's lease, heartbeat, poll and processing
// deadline, so that tests see them pass in milliseconds.
func SetTiming(s *Service, lease, renewEvery, poll, timeout time.Duration) {
	s.lease, s.renewEvery, s.poll, s.timeout = lease, renewEvery, poll, timeout
}

// SetProcessor replaces imaging.Process, for a test's slow decoder.
func SetProcessor(s *Service, fn func(context.Context, []byte, imaging.Options) (*imaging.Result, error)) {
	s.processImage = fn
}
