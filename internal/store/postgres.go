package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/vitrine/vitrine/internal/listing"
)

type postgresDialect struct{}

// openPostgres opens a pool on the PostgreSQL at dsn. A connect_timeout is
// added when the URL has none, so that a database that is away makes
// requests fail fast rather than hang; every connection is a stallConn, so
// that a database that accepts connections and then answers nothing fails
// them after stall.
func openPostgres(ctx context.Context, dsn string, stall time.Duration) (*Store, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL URL: %w", err)
	}
	q := u.Query()
	if q.Get("connect_timeout") == "" {
		q.Set("connect_timeout", "3")
		u.RawQuery = q.Encode()
	}
	cfg, err := pgx.ParseConfig(u.String())
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL URL: %w", err)
	}
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &stallConn{Conn: c, stall: stall}, nil
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(30 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to PostgreSQL at %s: %w", u.Redacted(), err)
	}
	return &Store{read: db, write: db, d: postgresDialect{}}, nil
}

// stallConn is a connection to PostgreSQL on which no read waits longer
// than stall. pgx reads only while it awaits an answer (a connection idle
// in the pool has no read pending), so this bounds how long PostgreSQL may
// stay silent in one operation, whatever the operation's context; the lead
// writer's transactions, for one, run without a deadline. A deadline pgx
// sets itself, to honour a context, still applies: the earlier one wins.
// The timeout pgx then sees is classified as ErrUnavailable, and pgx closes
// the connection, so the pool replaces it.
type stallConn struct {
	net.Conn
	stall time.Duration

	mu       sync.Mutex
	deadline time.Time // the read deadline pgx set; zero for none
}

func (c *stallConn) Read(b []byte) (int, error) {
	c.mu.Lock()
	d := time.Now().Add(c.stall)
	if !c.deadline.IsZero() && c.deadline.Before(d) {
		d = c.deadline
	}
	err := c.Conn.SetReadDeadline(d)
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	return c.Conn.Read(b)
}

func (c *stallConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deadline = t
	return c.Conn.SetDeadline(t)
}

func (c *stallConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deadline = t
	return c.Conn.SetReadDeadline(t)
}

func (postgresDialect) name() string         { return "postgres" }
func (postgresDialect) migrationDir() string { return "migrations/postgres" }
func (postgresDialect) skipLocked() string   { return " FOR UPDATE SKIP LOCKED" }

// lockMigrations takes a transaction-scoped advisory lock, so that instances
// starting together apply each migration once, one after the other.
func (postgresDialect) lockMigrations(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7311420569)`)
	return err
}

func (postgresDialect) classify(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "23505": // unique_violation
			return errors.Join(listing.ErrConflict, err)
		case strings.HasPrefix(pe.Code, "08"), // connection exception
			strings.HasPrefix(pe.Code, "53"),       // insufficient resources
			strings.HasPrefix(pe.Code, "57P"),      // operator intervention: shutdown
			pe.Code == "40001", pe.Code == "40P01": // serialization failure, deadlock
			return errors.Join(listing.ErrUnavailable, err)
		}
		return err
	}
	var ne net.Error
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || pgconn.Timeout(err) ||
		strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "connection refused") {
		return errors.Join(listing.ErrUnavailable, err)
	}
	return err
}

// documentQuery assembles the document with PostgreSQL's JSON functions.
func (postgresDialect) documentQuery() string {
	return `SELECT p.id, p.slug, json_build_object(
    'id', p.id,
    'title', p.title,
    'slug', p.slug,
    'code', p.code,
    'description', p.description,
    'address', p.address,
    'price', (p.price_cents / 100)::text || '.' || lpad((p.price_cents % 100)::text, 2, '0'),
    'condo_fee', (p.condo_fee_cents / 100)::text || '.' || lpad((p.condo_fee_cents % 100)::text, 2, '0'),
    'type', p.type,
    'bedrooms', p.bedrooms,
    'bathrooms', p.bathrooms,
    'parking_spots', p.parking_spots,
    'area_m2', p.area_m2,
    'is_featured', p.is_featured,
    'subtype', json_build_object('id', s.id, 'name', s.name, 'slug', s.slug),
    'city', json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'state', c.state),
    'neighborhood', json_build_object('id', n.id, 'name', n.name, 'slug', n.slug),
    'photos', COALESCE((SELECT json_agg(json_build_object('url', ph.url, 'alt_text', ph.alt_text, 'display_order', ph.display_order) ORDER BY ph.display_order)
                        FROM property_photos ph WHERE ph.property_id = p.id), '[]'::json),
    'amenities', COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug, 'group', a.amenity_group) ORDER BY pa.position)
                           FROM property_amenities pa JOIN amenities a ON a.id = pa.amenity_id WHERE pa.property_id = p.id), '[]'::json),
    'video_url', p.video_url,
    'video_position', p.video_position)::text
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id`
}
