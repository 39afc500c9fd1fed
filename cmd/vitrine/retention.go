package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// retentionEvery is how often the retention job looks for leads to
// anonymise, after its first look at start.
const retentionEvery = time.Hour

// runRetention anonymises the leads older than r (--lead-retention) at
// once and then every period, until ctx ends. Several instances on one
// PostgreSQL may run it together: each lead is emptied and counted once
// (store.AnonymizeExpired).
func runRetention(ctx context.Context, st *store.Store, r listing.Retention, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := st.AnonymizeExpired(ctx, r.Cutoff(time.Now()))
		switch {
		case err != nil && ctx.Err() == nil:
			log.Error("lead retention: cannot anonymise the expired leads", "err", err, "anonymised", n)
		case n > 0:
			log.Info("lead retention: expired leads anonymised", "anonymised", n, "retention", r.String())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweepLinks deletes the used and expired invitation and password reset
// links (store.DeleteStaleLinks) at once and then every period, until ctx
// ends. It runs whatever --lead-retention says: a link is no lead, and
// it is worth nothing once used or expired.
func sweepLinks(ctx context.Context, st *store.Store, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if n, err := st.DeleteStaleLinks(ctx); err != nil && ctx.Err() == nil {
			log.Error("account links: cannot delete the used and expired links", "err", err)
		} else if n > 0 {
			log.Info("account links: used and expired links deleted", "deleted", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
