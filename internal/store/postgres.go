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
	"os"
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
// them once it has been silent for stall and does not answer a probe.
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
	live := newLiveness(cfg.Config.Copy(), stall)
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &stallConn{Conn: c, stall: stall, live: live}, nil
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
	return &Store{read: db, write: db, d: postgresDialect{}, live: live}, nil
}

// stallConn is a connection to PostgreSQL on which a read that has waited
// stall for an answer goes on waiting only while the server answers a
// probe (see liveness): a statement that waits for a lock, or works long,
// keeps its connection, and a server that has gone silent (a network black
// hole) fails it. pgx reads only while it awaits an answer (a connection
// idle in the pool has no read pending), so this bounds how long a silent
// PostgreSQL holds one operation, whatever the operation's context; the
// lead writer's transactions, for one, run without a deadline. A deadline
// pgx sets itself, to honour a context, still applies: the earlier one
// wins, and pgx's is final. The timeout pgx then sees is classified as
// ErrUnavailable, and pgx closes the connection, so the pool replaces it.
type stallConn struct {
	net.Conn
	stall time.Duration
	live  *liveness

	mu       sync.Mutex
	deadline time.Time // the read deadline pgx set; zero for none
}

func (c *stallConn) Read(b []byte) (int, error) {
	since := time.Now()
	for {
		c.mu.Lock()
		d := since.Add(c.stall)
		if !c.deadline.IsZero() && c.deadline.Before(d) {
			d = c.deadline
		}
		err := c.Conn.SetReadDeadline(d)
		c.mu.Unlock()
		if err != nil {
			return 0, err
		}
		n, err := c.Conn.Read(b)
		if n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) || c.pgxDeadlinePassed() || !c.live.alive(since) {
			return n, err
		}
		since = time.Now()
	}
}

// pgxDeadlinePassed reports whether the read deadline that pgx set has
// come: a timeout is then pgx's, not the stall's.
func (c *stallConn) pgxDeadlinePassed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.deadline.IsZero() && !time.Now().Before(c.deadline)
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

// liveness tells whether PostgreSQL answers, by connecting to it anew:
// the server accepting a session (or refusing one in words) proves it
// alive. Connections that are silent at the same time share its probes,
// which run one at a time: a probe begun after a connection went silent
// answers for it.
type liveness struct {
	cfg     *pgconn.Config // the pool's, with the plain dialer
	timeout time.Duration

	mu     sync.Mutex
	last   time.Time // when the latest probe began; zero before the first
	ok     bool      // whether it was answered
	probes int       // how many have run
}

func newLiveness(cfg *pgconn.Config, timeout time.Duration) *liveness {
	return &liveness{cfg: cfg, timeout: timeout}
}

// alive reports whether PostgreSQL answered a probe begun at or after
// since, running one (bounded by the stall timeout) when none has.
func (l *liveness) alive(since time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.last.IsZero() && !l.last.Before(since) {
		return l.ok
	}
	l.last, l.probes = time.Now(), l.probes+1
	ctx, cancel := context.WithTimeout(context.Background(), l.timeout)
	defer cancel()
	conn, err := pgconn.ConnectConfig(ctx, l.cfg)
	var pe *pgconn.PgError
	l.ok = err == nil || errors.As(err, &pe)
	if err == nil {
		conn.Close(ctx)
	}
	return l.ok
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

// postgresConflictColumns returns the columns that a uniqueness violation
// names, as SQLite writes them ("t.a, t.b"), from its detail "Key (a,
// b)=(…) already exists." (its words may be translated, not its shape).
func postgresConflictColumns(pe *pgconn.PgError) string {
	_, cols, ok := strings.Cut(pe.Detail, "(")
	if cols, _, found := strings.Cut(cols, ")=("); ok && found {
		names := strings.Split(cols, ", ")
		for i, n := range names {
			names[i] = pe.TableName + "." + n
		}
		return strings.Join(names, ", ")
	}
	return ""
}

func (postgresDialect) classify(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "23505": // unique_violation
			return conflict(postgresConflictColumns(pe), err)
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
