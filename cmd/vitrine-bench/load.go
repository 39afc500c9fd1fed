package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the schema of the run

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// benchSeed makes every run load the same catalogue.
const benchSeed = 20261105

// loadCatalogue creates n generated properties through the store, in
// batches of loadBatch a transaction (store.CreateProperties: each
// property as the admin API would create it, the reference rows resolved
// once a batch), and returns their slugs and how many batches had to be
// tried again because the database answered "unavailable". SQLite has
// one writer, so its load runs two creators (one prepares while the
// other writes). PostgreSQL runs one: concurrent creations there lock the
// shared amenity rows in different orders and deadlock, or wait past the
// store's stall timeout.
func loadCatalogue(ctx context.Context, dsn string, n int) ([]string, int64, error) {
	st, err := store.Open(ctx, dsn, store.Options{MediaURL: serveMediaURL, Documents: detaildoc.Renderer{}})
	if err != nil {
		return nil, 0, err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return nil, 0, err
	}
	items := demo.Generate(n, benchSeed)
	slugs := make([]string, n)
	workers := 2
	if store.IsPostgres(dsn) {
		workers = 1
	}
	var (
		next, done atomic.Int64
		retried    atomic.Int64
		wg         sync.WaitGroup
		mu         sync.Mutex
		firstErr   error
	)
	start := time.Now()
	stopProgress := make(chan struct{})
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stopProgress:
				return
			case <-t.C:
				d := done.Load()
				fmt.Fprintf(os.Stderr, "  loaded %d of %d properties (%.0f/s)\n", d, n, float64(d)/time.Since(start).Seconds())
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(loadBatch) - loadBatch)
				if i >= n || ctx.Err() != nil {
					return
				}
				batch := items[i:min(i+loadBatch, n)]
				ps, err := st.CreateProperties(ctx, batch)
				for try := 0; err != nil && errors.Is(err, listing.ErrUnavailable) && try < 5 && ctx.Err() == nil; try++ {
					// Concurrent creations can deadlock on PostgreSQL (they
					// upsert shared amenities in different orders); the
					// store answers that as unavailable. Count and retry.
					retried.Add(1)
					ps, err = st.CreateProperties(ctx, batch)
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("create properties %d to %d: %w", i, i+len(batch)-1, err)
					}
					mu.Unlock()
					next.Store(int64(n))
					return
				}
				for j, p := range ps {
					slugs[i+j] = p.Slug
				}
				done.Add(int64(len(ps)))
			}
		}()
	}
	wg.Wait()
	close(stopProgress)
	if firstErr != nil {
		return nil, retried.Load(), firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, retried.Load(), err
	}
	if store.IsPostgres(dsn) {
		if err := analyze(ctx, dsn); err != nil {
			return nil, retried.Load(), err
		}
	}
	return slugs, retried.Load(), nil
}

// analyze gathers PostgreSQL's statistics of the loaded tables, as
// autovacuum would within a minute or so of a load this size: without
// them the planner takes a freshly loaded table for a small one, and
// hashes every photo of the catalogue to find a page's 24 covers.
func analyze(ctx context.Context, dsn string) error {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	for _, table := range []string{"properties", "property_photos", "property_amenities", "property_documents",
		"images", "subtypes", "cities", "neighborhoods", "amenities", "catalog_changes"} {
		if _, err := db.ExecContext(ctx, `ANALYZE `+table); err != nil {
			return fmt.Errorf("analyze %s: %w", table, err)
		}
	}
	return nil
}

// serveMediaURL is the address of the media files that vitrine serve
// makes of the bench's --addr 127.0.0.1:0 (no --public-url): the stored
// documents hold it, and a server that finds documents made with
// another makes them all again when it migrates, before it listens (a
// minute at 100,000 properties, past the wait for it to listen).
const serveMediaURL = "http://127.0.0.1:0/media/"

// loadBatch is the number of properties loadCatalogue creates a
// transaction.
const loadBatch = 200

// postgresSchema creates a schema of its own for the run on the PostgreSQL
// at base and returns the address that uses it, and the function that drops
// it.
func postgresSchema(ctx context.Context, base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("PostgreSQL at %s: %w", redact(base), err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "vitrine_bench_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop := func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
