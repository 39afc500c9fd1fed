package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/vitrine/vitrine/internal/listing"
)

type sqliteDialect struct{}

// sqliteBusyTimeout is how long a connection waits for another's lock.
const sqliteBusyTimeout = 10 * time.Second

// openSQLite opens the file at path with one writer connection and a pool
// of readers. busy_timeout comes first so that every later pragma already
// waits for a lock instead of failing; WAL lets readers run beside the
// writer; synchronous=NORMAL in WAL keeps every commit across a crash of the
// process (a power loss may take the last commits). Each connection keeps a
// page cache of 1 MB, enough for the inner pages of the tables and indexes
// a read walks: the operating system caches the file for all of them, and
// larger caches only put duplicate pages in the process (16 MB each for
// five connections: 80 MB for no measurable gain, even at 100,000
// properties).
func openSQLite(ctx context.Context, path string) (*Store, error) {
	path = strings.TrimPrefix(path, "sqlite://")
	if path == "" {
		return nil, errors.New("empty SQLite path")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	pragmas := []string{fmt.Sprintf("busy_timeout(%d)", sqliteBusyTimeout.Milliseconds()), "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)", "cache_size(-1000)", "temp_store(MEMORY)"}
	q := url.Values{"_time_format": {"sqlite"}}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	wq := url.Values{"_txlock": {"immediate"}}
	for k, v := range q {
		wq[k] = v
	}
	name := "file:" + (&url.URL{Path: path}).EscapedPath()

	write, err := sql.Open("sqlite", name+"?"+wq.Encode())
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := pingSQLite(ctx, write); err != nil {
		write.Close()
		return nil, fmt.Errorf("open SQLite %s: %w", path, err)
	}

	q.Add("_pragma", "query_only(1)")
	read, err := sql.Open("sqlite", name+"?"+q.Encode())
	if err != nil {
		write.Close()
		return nil, err
	}
	// Sixteen readers: with fewer, most reads of a busy server (64 clients
	// in the bench) wait in database/sql for a connection, and each hand-off
	// costs goroutine switches (4 readers: 15 % more CPU per uncached read).
	// Their page caches take 17 MB at most, beside the Go heap.
	n := max(16, 2*runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxLifetime(0)
	read.SetConnMaxIdleTime(0)
	return &Store{read: read, write: write, d: sqliteDialect{}}, nil
}

// pingSQLite opens the writer's connection, which runs the pragmas. While
// another process (or store) turns a new file to WAL, or closes the file's
// last connection and folds the WAL back into it, SQLite may answer those
// pragmas SQLITE_BUSY at once instead of waiting out busy_timeout: it does
// so wherever waiting could deadlock. The open is then tried again, for as
// long as busy_timeout would have waited.
func pingSQLite(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(sqliteBusyTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		err := db.PingContext(ctx)
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().Add(wait).After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

func (sqliteDialect) name() string         { return "sqlite" }
func (sqliteDialect) migrationDir() string { return "migrations/sqlite" }
func (sqliteDialect) skipLocked() string   { return "" }

// lockMigrations needs nothing: the writer's BEGIN IMMEDIATE already holds
// the database's one write lock.
func (sqliteDialect) lockMigrations(context.Context, *sql.Tx) error { return nil }

func (sqliteDialect) classify(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CONSTRAINT:
			if se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
				return errors.Join(listing.ErrConflict, err)
			}
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN:
			return errors.Join(listing.ErrUnavailable, err)
		}
	}
	return err
}

// documentQuery assembles the document as text in one concat(): each value
// goes through json_quote, which renders it exactly as json_object would,
// and each list is one group_concat over a subquery that the primary key
// already returns in order. This is byte for byte the document that
// json_object and json_group_array build, at about 60% of their cost: it
// copies no intermediate text and parses no JSON (json_object needs json()
// around a subquery's array, which parses it again; its ORDER BY inside
// the aggregate sorts rows that the index already delivers in order). An
// ORDER BY in a FROM subquery is kept when the outer query aggregates with
// group_concat (only count, min and max let SQLite drop it). A property
// without photos or amenities gets [], since concat() reads NULL as an
// empty string.
func (sqliteDialect) documentQuery() string {
	return `SELECT p.id, p.slug, concat('{"id":', json_quote(p.id),
    ',"title":', json_quote(p.title),
    ',"slug":', json_quote(p.slug),
    ',"code":', json_quote(p.code),
    ',"description":', json_quote(p.description),
    ',"address":', json_quote(p.address),
    ',"price":"', p.price_cents / 100, '.', substr('0' || (p.price_cents % 100), -2), '"',
    ',"condo_fee":', CASE WHEN p.condo_fee_cents IS NULL THEN 'null'
                     ELSE concat('"', p.condo_fee_cents / 100, '.', substr('0' || (p.condo_fee_cents % 100), -2), '"') END,
    ',"type":', json_quote(p.type),
    ',"bedrooms":', p.bedrooms,
    ',"bathrooms":', p.bathrooms,
    ',"parking_spots":', p.parking_spots,
    ',"area_m2":', json_quote(CASE WHEN p.area_m2 = CAST(p.area_m2 AS INTEGER) THEN CAST(p.area_m2 AS INTEGER) ELSE p.area_m2 END),
    ',"is_featured":', CASE WHEN p.is_featured THEN 'true' ELSE 'false' END,
    ',"subtype":{"id":', s.id, ',"name":', json_quote(s.name), ',"slug":', json_quote(s.slug), '}',
    ',"city":{"id":', c.id, ',"name":', json_quote(c.name), ',"slug":', json_quote(c.slug), ',"state":', json_quote(c.state), '}',
    ',"neighborhood":{"id":', n.id, ',"name":', json_quote(n.name), ',"slug":', json_quote(n.slug), '}',
    ',"photos":[', (SELECT group_concat(x, ',') FROM (
        SELECT concat('{"url":', json_quote(ph.url), ',"alt_text":', json_quote(ph.alt_text), ',"display_order":', ph.display_order, '}') AS x
        FROM property_photos ph WHERE ph.property_id = p.id ORDER BY ph.display_order)), ']',
    ',"amenities":[', (SELECT group_concat(x, ',') FROM (
        SELECT concat('{"id":', a.id, ',"name":', json_quote(a.name), ',"slug":', json_quote(a.slug), ',"group":', json_quote(a.amenity_group), '}') AS x
        FROM property_amenities pa JOIN amenities a ON a.id = pa.amenity_id WHERE pa.property_id = p.id ORDER BY pa.position)), ']',
    ',"video_url":', json_quote(p.video_url),
    ',"video_position":', json_quote(p.video_position), '}')
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id`
}
