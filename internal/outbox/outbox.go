// Package outbox runs the loop shared by the workers that drain an outbox
// table (the lead webhook's deliveries, the e-mails): claim the due rows
// under a lease, work on them at once, and wait before the next claim.
package outbox

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Drain claims rows with claim, at most n at a time, and runs do on each
// claimed row concurrently, until ctx ends. After a full batch it claims
// again at once (more may be due); after a shorter one it waits poll. When
// claim fails (the database is away) it backs off, doubling up to 30 s or
// poll, and logs the failure once, as what. The rows in hand when ctx ends
// are finished before Drain returns: do must not cut its work short on
// ctx (each attempt has its own bound).
func Drain[T any](ctx context.Context, log *slog.Logger, what string, n int, poll time.Duration,
	claim func(context.Context) ([]T, error), do func(context.Context, T)) {
	wait := time.Duration(0)
	idle := time.NewTimer(0)
	defer idle.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-idle.C:
		}
		// A claim is never cut in the middle: claimed rows would wait for
		// their lease to end.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		rows, err := claim(cctx)
		cancel()
		if err != nil {
			if !failing {
				log.Warn(what+": cannot read the outbox", "err", err)
				failing = true
			}
			wait = min(max(2*wait, poll), max(30*time.Second, poll))
			idle.Reset(wait)
			continue
		}
		failing = false
		var wg sync.WaitGroup
		for _, r := range rows {
			wg.Go(func() { do(ctx, r) })
		}
		wg.Wait()
		wait = poll
		if len(rows) == n {
			wait = 0 // more may be due
		}
		idle.Reset(wait)
	}
}
