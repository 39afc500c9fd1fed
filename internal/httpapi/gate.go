package httpapi

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/semaphore"

	"github.com/vitrine/vitrine/internal/listing"
)

// gate admits a few holders at once; the others wait their turn, in the
// order they came (semaphore.Weighted queues its waiters first come,
// first served; TestGateOrder holds it to that). It counts the holders
// and the waiting for the metrics.
//
// The searches that the cache does not answer pass through one
// (Server.searches): the index, the page's items from the database and
// the encoding. Let in all at once, dozens of them share the cores with
// the database's processes, and which finishes first is the schedulers'
// choice, so the slowest answers drift far behind the median. A few at a
// time, each runs nearly alone and waits only for those ahead of it
// (docs/benchmarks.md#search). The gate also bounds what a flood of
// distinct searches can take from the rest of the service: the CPU and
// the database connections of its places.
type gate struct {
	places           *semaphore.Weighted
	holders, waiting atomic.Int64
}

// DefaultSearchConcurrency is the number of searches that run at once
// when Config.SearchConcurrency is 0: two per core the Go runtime uses,
// so that a core has a search to run while another waits for the
// database.
func DefaultSearchConcurrency() int { return 2 * runtime.GOMAXPROCS(0) }

func newGate(n int) *gate { return &gate{places: semaphore.NewWeighted(int64(n))} }

// enter waits for a place, and fails with listing.ErrUnavailable when ctx
// ends first. A caller that entered calls leave.
func (g *gate) enter(ctx context.Context) error {
	if !g.places.TryAcquire(1) {
		g.waiting.Add(1)
		err := g.places.Acquire(ctx, 1)
		g.waiting.Add(-1)
		if err != nil {
			return errors.Join(listing.ErrUnavailable, err)
		}
	}
	g.holders.Add(1)
	return nil
}

// leave gives the place back.
func (g *gate) leave() {
	g.holders.Add(-1)
	g.places.Release(1)
}

// running and queued are how many hold a place, and how many wait for one.
func (g *gate) running() int { return int(g.holders.Load()) }
func (g *gate) queued() int  { return int(g.waiting.Load()) }

// inTurn returns load, a search that the cache did not answer, run in its
// turn through s.searches.
func (s *Server) inTurn(load func(context.Context) (*docEntry, error)) func(context.Context) (*docEntry, error) {
	return func(ctx context.Context) (*docEntry, error) {
		if err := s.searches.enter(ctx); err != nil {
			return nil, err
		}
		defer s.searches.leave()
		return load(ctx)
	}
}
