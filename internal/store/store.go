// Package store keeps Vitrine's data in a SQL database through database/sql:
// SQLite (the embedded default, pure Go) or PostgreSQL (through pgx).
//
// One Store type serves both. The SQL that is the same for both databases is
// written once, with $1-style placeholders that both drivers accept; a
// dialect holds only what really differs: the DDL, how the public detail
// document is assembled as JSON, how migrations are locked, how a delivery
// is claimed, and how driver errors are classified.
package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Store is Vitrine's storage. Each method is one transaction at most, and
// takes the request's context first.
type Store struct {
	read  *sql.DB // reads: a pool of connections
	write *sql.DB // writes: SQLite's single writer connection, or the same pool as read
	d     dialect
	now   func() time.Time

	detail *sql.Stmt // reads a stored public detail document, prepared once
	// keys makes the keys of a slug's document: slugKeys, unless a test
	// makes slugs share them.
	keys   func(slug string) (first, second int64)
	leads  *leadWriter
	outbox bool // write a delivery row with each lead
}

// Options tune a Store.
type Options struct {
	// Outbox makes every new lead carry a pending webhook delivery, written
	// in the lead's transaction.
	Outbox bool
	// Now returns the current time; tests may fix it. Defaults to time.Now.
	Now func() time.Time
	// StallTimeout bounds how long PostgreSQL may stay silent while the
	// store waits for its answer; past it the connection is dropped and the
	// operation fails with listing.ErrUnavailable. It is what ends requests
	// when the database accepts connections and answers nothing (a network
	// black hole), since request contexts carry no deadline. 0 means
	// DefaultStallTimeout. SQLite, a local file, has no use for it.
	StallTimeout time.Duration
}

// DefaultStallTimeout is far above any statement of the service (they take
// milliseconds) and short enough that a request waits for a silent
// database a few seconds, not forever. A migration step silent for longer
// (an index built on a large table) needs a larger StallTimeout.
const DefaultStallTimeout = 5 * time.Second

// dialect is what differs between SQLite and PostgreSQL.
type dialect interface {
	// name is "sqlite" or "postgres".
	name() string
	// migrationDir is the folder of migrations/ with this dialect's DDL.
	migrationDir() string
	// lockMigrations serialises migrations of several processes, inside tx.
	lockMigrations(ctx context.Context, tx *sql.Tx) error
	// documentQuery selects the id, slug and public detail document (spec,
	// section 2.1) of properties, the document assembled as JSON by the
	// database; it ends with its joins, for the caller to add a WHERE.
	documentQuery() string
	// skipLocked is appended to the delivery claim query.
	skipLocked() string
	// classify maps a driver error to the listing vocabulary, or returns it as is.
	classify(err error) error
}

// Open connects to the database at dsn: a postgres:// or postgresql:// URL
// selects PostgreSQL, anything else is a SQLite file path. It runs no
// migrations; call Migrate.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	var (
		s   *Store
		err error
	)
	if IsPostgres(dsn) {
		s, err = openPostgres(ctx, dsn, cmp.Or(opts.StallTimeout, DefaultStallTimeout))
	} else {
		s, err = openSQLite(ctx, dsn)
	}
	if err != nil {
		return nil, err
	}
	s.now = opts.Now
	if s.now == nil {
		s.now = time.Now
	}
	s.outbox = opts.Outbox
	s.keys = slugKeys
	s.leads = newLeadWriter(s)
	return s, nil
}

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Dialect returns "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.d.name() }

// Close stops the lead writer, after it has answered every lead it took, and
// closes the database.
func (s *Store) Close() error {
	s.leads.close()
	if s.detail != nil {
		s.detail.Close()
	}
	err := s.read.Close()
	if s.write != s.read {
		err = errors.Join(err, s.write.Close())
	}
	return err
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.read.PingContext(ctx); err != nil {
		return s.wrap(err)
	}
	return nil
}

// Stats returns the connection pool statistics of the read pool.
func (s *Store) Stats() sql.DBStats { return s.read.Stats() }

// detailQuery reads the stored document of a slug ($3) by its first key,
// and by its second only when the first does not hold it.
const detailQuery = `SELECT doc, doc_gzip, etag FROM property_documents WHERE slug_key = $1 AND slug = $3
UNION ALL
SELECT doc, doc_gzip, etag FROM property_documents WHERE slug_key = $2 AND slug = $3
LIMIT 1`

// prepare readies the statements of the hot paths. It runs after Migrate,
// since they name tables that migrations create.
func (s *Store) prepare(ctx context.Context) error {
	if s.detail != nil {
		return nil
	}
	st, err := s.read.PrepareContext(ctx, detailQuery)
	if err != nil {
		return fmt.Errorf("prepare detail query: %w", err)
	}
	s.detail = st
	return nil
}

// wrap classifies a database error into the listing vocabulary, keeping the
// original for the logs.
func (s *Store) wrap(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return listing.ErrNotFound
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return errors.Join(listing.ErrUnavailable, err)
	}
	return s.d.classify(err)
}

// inTx runs fn in a write transaction, committing when fn returns nil.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return s.wrap(tx.Commit())
}

// nullString turns "" into SQL NULL.
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// utc rounds t to what both databases keep (microseconds), in UTC.
func utc(t time.Time) time.Time { return t.UTC().Round(time.Microsecond) }
