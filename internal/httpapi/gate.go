package httpapi

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"

	"github.com/vitrine/vitrine/internal/listing"
)

// gate admits a few holders at once; the others wait their turn, in the
// order they came: the Go runtime queues the senders blocked on a
// channel first come, first served, and a freed place goes to the first
// (TestGateOrder holds it to that).
//
// The searches that the cache does not answer pass through one
// (Server.searches): the index, the page's items from the database and
// the encoding. Let in all at once, dozens of them share the cores with
// the database's processes, and which finishes first is the schedulers'
// choice: on PostgreSQL at 100,000 properties, 64 clients saw a p99 four
// times the p50. A few at a time, each runs nearly alone and waits only
// for those ahead of it (docs/benchmarks.md#search). The gate also bounds
// what a flood of distinct searches can take from the rest of the
// service: the CPU and the database connections of its places.
type gate struct {
	places  chan struct{}
	waiting atomic.Int64
}

// DefaultSearchConcurrency is the number of searches that run at once
// when Config.SearchConcurrency is 0: two per core the Go runtime uses,
// so that a core has a search to run while another waits for the
// database.
func DefaultSearchConcurrency() int { return 2 * runtime.GOMAXPROCS(0) }

func newGate(n int) *gate { return &gate{places: make(chan struct{}, n)} }

// enter waits for a place, and fails with listing.ErrUnavailable when ctx
// ends first. A caller that entered calls leave.
func (g *gate) enter(ctx context.Context) error {
	select {
	case g.places <- struct{}{}:
		return nil
	default:
	}
	g.waiting.Add(1)
	defer g.waiting.Add(-1)
	select {
	case g.places <- struct{}{}:
		return nil
	case <-ctx.Done():
		return errors.Join(listing.ErrUnavailable, ctx.Err())
	}
}

// leave gives the place back.
func (g *gate) leave() { <-g.places }

// running and queued are how many hold a place, and how many wait for one.
func (g *gate) running() int { return len(g.places) }
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
