// Package store keeps Vitrine's data in a SQL database through database/sql:
// SQLite (the embedded default, pure Go) or PostgreSQL (through pgx).
//
// One Store type serves both. The SQL that is the same for both databases is
// written once, with $1-style placeholders that both drivers accept; a
// dialect holds only what really differs: the DDL, how migrations are
// locked, how a delivery is claimed, and how driver errors are classified.
//
// Every error of an exported method says which operation failed ("store:
// create property: …") and wraps the listing vocabulary (errors.Is finds
// listing.ErrNotFound, ErrConflict, ErrUnavailable; errors.As finds a
// *listing.ValidationError or *listing.ConflictError).
package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/vitrine/vitrine/internal/listing"
)

// Store is Vitrine's storage. Each method is one transaction at most, and
// takes the request's context first.
type Store struct {
	read  *sql.DB // reads: a pool of connections
	write *sql.DB // writes: SQLite's single writer connection, or the same pool as read
	d     dialect
	now   func() time.Time
	newID func() (string, error)
	// docs renders the public detail documents (Options.Documents); nil
	// when none was given.
	docs DocumentRenderer
	// format names the documents this store makes: the renderer's
	// format and the media address, unless a test pretends to be another
	// version.
	format string
	// live checks that PostgreSQL answers when a connection has been
	// silent for the stall timeout; nil on SQLite.
	live *liveness

	detail *sql.Stmt // reads a stored public detail document, prepared once
	// byIDs reads list items by id, by the number of ids: each prepared
	// on first use (byIDsStmt).
	byIDsMu sync.Mutex
	byIDs   [byIDsBatch + 1]*sql.Stmt
	// keys makes the keys of a slug's document: slugKeys, unless a test
	// makes slugs share them.
	keys   func(slug string) (first, second int64)
	leads  *leadWriter
	outbox bool // write a delivery row with each lead
	// mediaURL starts the addresses of uploaded photos' variants (see
	// Options.MediaURL).
	mediaURL string
	// mediaKnown: Options.MediaURL was given. A store opened without it
	// (the command-line tools that serve nothing) takes the address the
	// stored documents were made with at Migrate, rather than make them
	// again under "/media/".
	mediaKnown bool
	// hashKey keys the hashes of personal data (see keyedHash), read by
	// prepare from installation_secrets.
	hashKey []byte
	// notices holds the notice versions known to be stored, so that a
	// lead's version is checked without a query.
	notices sync.Map
}

// Options tune a Store.
type Options struct {
	// Outbox makes every new lead carry a pending webhook delivery, written
	// in the lead's transaction.
	Outbox bool
	// Now returns the current time; tests may fix it. Defaults to time.Now.
	Now func() time.Time
	// NewID returns the id of a new property, a UUID in the form
	// listing.ValidID accepts; tests may fix it. Defaults to a new UUIDv7.
	NewID func() string
	// StallTimeout bounds how long PostgreSQL may stay silent while the
	// store waits for its answer. When a connection has been silent for
	// half of it, and nothing came meanwhile on the others, the store
	// checks, on a connection of its own and within the other half, that
	// the server still answers. While it does (a statement that waits for
	// a lock, a long migration step), the store keeps waiting; when it
	// does not, the connection is dropped and the operation fails with
	// listing.ErrUnavailable. It is what ends requests when the database
	// accepts connections and answers nothing (a network black hole),
	// since request contexts carry no deadline. 0 means
	// DefaultStallTimeout. SQLite, a local file, has no use for it.
	StallTimeout time.Duration
	// MediaURL is the absolute address under which the media files are
	// served, ending in "/" (https://imoveis.example.com/media/): the
	// detail documents hold the addresses of uploaded photos, made with
	// it. Documents made with another are made again by Migrate. Empty:
	// the address the stored documents were made with (the command-line
	// tools, which serve nothing, must not remake them under another),
	// or "/media/" for a database that has none yet.
	MediaURL string
	// Documents renders the public detail document the store keeps beside
	// each active property, in the transaction that writes it
	// (detaildoc.Renderer). Without it the store keeps the documents it
	// has: Migrate makes none again, and a write that must make one fails
	// with ErrNoRenderer. The tools that write no property need none.
	Documents DocumentRenderer
}

// DocumentRenderer makes the public detail document of a property in the
// forms the store keeps (Document). The store holds no knowledge of the
// document's shape: it stores what it is given, and serves it by slug.
type DocumentRenderer interface {
	// Format names the documents Render makes. When it is not the one
	// the stored documents were made in, Migrate makes them all again.
	Format() string
	// Render returns the document of p, as stored (its reference rows
	// resolved, its photos' addresses made): the JSON, its gzip form (nil
	// when compression does not pay) and its ETag.
	Render(p listing.Property) (doc, gz []byte, etag string, err error)
}

// ErrNoRenderer is the failure of a write that must make a property's
// public document on a store opened without Options.Documents.
var ErrNoRenderer = errors.New("store: no renderer of the public documents (Options.Documents)")

// DefaultStallTimeout is far above what the service's statements take and
// short enough that a request waits for a silent database a few seconds,
// not forever.
const DefaultStallTimeout = 5 * time.Second

// dialect is what differs between SQLite and PostgreSQL.
type dialect interface {
	// name is "sqlite" or "postgres".
	name() string
	// migrationDir is the folder of migrations/ with this dialect's DDL.
	migrationDir() string
	// lockMigrations serialises migrations of several processes, inside tx.
	lockMigrations(ctx context.Context, tx *sql.Tx) error
	// lockStaff serialises, inside tx, the changes that must leave an
	// active administrador (see Store.staffTx).
	lockStaff(ctx context.Context, tx *sql.Tx) error
	// skipLocked is appended to the delivery claim query.
	skipLocked() string
	// classify maps a driver error to the listing vocabulary, or returns it
	// as is; a uniqueness violation goes through conflict.
	classify(err error) error
	// scrub removes from the database's files the old copies of rows that
	// an anonymisation emptied, through the write pool (see Store.scrub).
	scrub(ctx context.Context, write *sql.DB) error
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
		return nil, fmt.Errorf("store: open: %w", err)
	}
	s.now = opts.Now
	if s.now == nil {
		s.now = time.Now
	}
	s.docs = opts.Documents
	s.mediaKnown = opts.MediaURL != ""
	s.setMediaURL(cmp.Or(opts.MediaURL, "/media/"))
	s.newID = newUUID
	if opts.NewID != nil {
		s.newID = func() (string, error) { return opts.NewID(), nil }
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
func (s *Store) Close() (err error) {
	defer opError(&err, "close")
	s.leads.close()
	for _, st := range append([]*sql.Stmt{s.detail}, s.byIDs[:]...) {
		if st != nil {
			st.Close()
		}
	}
	err = s.read.Close()
	if s.write != s.read {
		err = errors.Join(err, s.write.Close())
	}
	return err
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) (err error) {
	defer opError(&err, "ping")
	return s.wrap(s.read.PingContext(ctx))
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
	var key string
	err := s.read.QueryRowContext(ctx, `SELECT value FROM installation_secrets WHERE name = $1`, hashKeyName).Scan(&key)
	if err != nil {
		return fmt.Errorf("read the hash key: %w", err)
	}
	if s.hashKey, err = hex.DecodeString(key); err != nil || len(s.hashKey) < 32 {
		return fmt.Errorf("read the hash key: not 32 bytes of hex")
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

// opError prefixes *err, when there is one, with the store operation that
// failed: every exported method defers it, so that a log line says what
// the store was doing, and errors.Is and errors.As still see through it.
func opError(err *error, op string) {
	if *err != nil {
		*err = fmt.Errorf("store: %s: %w", op, *err)
	}
}

// conflictFields names the input field whose value a unique constraint
// found taken, by the constraint's columns as classify writes them
// ("table.column", several joined by ", "). A constraint missing here is
// a conflict on no field in particular.
var conflictFields = map[string]string{
	"properties.slug":   "slug",
	"admin_tokens.name": "name",
	"users.email":       "email",
	// A broker's slot that a confirmed visit holds (visits_slot).
	"visits.broker_id, visits.starts_at": "starts_at",
}

// conflict is the uniqueness violation of the constraint on columns,
// keeping the driver's error for the logs.
func conflict(columns string, err error) error {
	return errors.Join(&listing.ConflictError{Field: conflictFields[columns]}, err)
}

// newUUID returns a new property id: a UUIDv7, whose order follows time,
// so that new rows go to the end of the primary key's index.
func newUUID() (string, error) {
	id, err := uuid.NewV7()
	return id.String(), err
}

// canonicalID returns id in the form the databases store (lower case),
// or listing.ErrNotFound when id is not in the one form the API accepts:
// no row has such an id.
func canonicalID(id string) (string, error) {
	if !listing.ValidID(id) {
		return "", listing.ErrNotFound
	}
	return strings.ToLower(id), nil
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
