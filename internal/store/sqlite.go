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

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/vitrine/vitrine/internal/listing"
)

type sqliteDialect struct{}

// openSQLite opens the file at path with one writer connection and a pool
// of readers. busy_timeout comes first so that every later pragma already
// waits for a lock instead of failing; WAL lets readers run beside the
// writer; synchronous=NORMAL in WAL keeps every commit across a crash of the
// process (a power loss may take the last commits).
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
	pragmas := []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)", "cache_size(-16000)", "temp_store(MEMORY)"}
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
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open SQLite %s: %w", path, err)
	}

	q.Add("_pragma", "query_only(1)")
	read, err := sql.Open("sqlite", name+"?"+q.Encode())
	if err != nil {
		write.Close()
		return nil, err
	}
	n := max(4, 2*runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxLifetime(0)
	read.SetConnMaxIdleTime(0)
	return &Store{read: read, write: write, d: sqliteDialect{}}, nil
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

// detailQuery assembles the document with SQLite's JSON functions. The
// subtype of a JSON value does not cross a subquery, hence json() around
// the two lists.
func (sqliteDialect) detailQuery() string {
	return `SELECT json_object(
    'id', p.id,
    'title', p.title,
    'slug', p.slug,
    'code', p.code,
    'description', p.description,
    'address', p.address,
    'price', printf('%d.%02d', p.price_cents / 100, p.price_cents % 100),
    'condo_fee', CASE WHEN p.condo_fee_cents IS NULL THEN NULL
                      ELSE printf('%d.%02d', p.condo_fee_cents / 100, p.condo_fee_cents % 100) END,
    'type', p.type,
    'bedrooms', p.bedrooms,
    'bathrooms', p.bathrooms,
    'parking_spots', p.parking_spots,
    'area_m2', CASE WHEN p.area_m2 = CAST(p.area_m2 AS INTEGER) THEN CAST(p.area_m2 AS INTEGER) ELSE p.area_m2 END,
    'is_featured', json(CASE WHEN p.is_featured THEN 'true' ELSE 'false' END),
    'subtype', json_object('id', s.id, 'name', s.name, 'slug', s.slug),
    'city', json_object('id', c.id, 'name', c.name, 'slug', c.slug, 'state', c.state),
    'neighborhood', json_object('id', n.id, 'name', n.name, 'slug', n.slug),
    'photos', json((SELECT json_group_array(json_object('url', ph.url, 'alt_text', ph.alt_text, 'display_order', ph.display_order) ORDER BY ph.display_order)
                    FROM property_photos ph WHERE ph.property_id = p.id)),
    'amenities', json((SELECT json_group_array(json_object('id', a.id, 'name', a.name, 'slug', a.slug, 'group', a.amenity_group) ORDER BY pa.position)
                       FROM property_amenities pa JOIN amenities a ON a.id = pa.amenity_id WHERE pa.property_id = p.id)),
    'video_url', p.video_url,
    'video_position', p.video_position)
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id
WHERE p.slug = $1 AND p.is_active`
}
