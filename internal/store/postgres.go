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
	"sync/atomic"
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
// them once it has been silent for stall, on them and to a probe.
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
	// Half the stall for the silence that starts a probe, half for the
	// probe: a server silent to both fails a read after stall.
	live := newLiveness(cfg.Config.Copy(), stall/2)
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &stallConn{Conn: c, check: stall / 2, live: live}, nil
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
// check for an answer goes on waiting only while the server shows itself
// alive (see liveness): a statement that waits for a lock, or works long,
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
	check time.Duration
	live  *liveness

	mu       sync.Mutex
	deadline time.Time // the read deadline pgx set; zero for none
}

func (c *stallConn) Read(b []byte) (int, error) {
	since := time.Now()
	for {
		c.mu.Lock()
		d := since.Add(c.check)
		if !c.deadline.IsZero() && c.deadline.Before(d) {
			d = c.deadline
		}
		err := c.Conn.SetReadDeadline(d)
		c.mu.Unlock()
		if err != nil {
			return 0, err
		}
		n, err := c.Conn.Read(b)
		if n > 0 {
			c.live.answered()
		}
		if n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) || c.pgxDeadlinePassed() || !c.live.alive(since) {
			return n, err
		}
		since = time.Now()
	}
}

// pgxDeadlinePassed reports whether the read deadline that pgx set has
// come: a timeout is then pgx's, not the check's.
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

// liveness tells whether PostgreSQL answers. Any answer on any of the
// pool's connections shows it alive; when none came while a connection was
// silent, a probe connects to it anew: the server accepting a session (or
// refusing one in words) proves it alive. Probes run one at a time and
// are shared: a probe begun after a connection went silent answers for it,
// and once a probe has gone unanswered the server counts as silent, with
// no new probe, until something is heard from it again, so that the
// retries of an operation on a silent server do not each wait for a probe.
type liveness struct {
	cfg     *pgconn.Config // the pool's, with the plain dialer
	timeout time.Duration
	heard   atomic.Int64 // when data last came from the server, in Unix nanoseconds

	mu     sync.Mutex
	last   time.Time // when the latest probe began; zero before the first
	ok     bool      // whether it was answered
	probes int       // how many have run
}

func newLiveness(cfg *pgconn.Config, timeout time.Duration) *liveness {
	return &liveness{cfg: cfg, timeout: timeout}
}

// answered records that data came from the server.
func (l *liveness) answered() { l.heard.Store(time.Now().UnixNano()) }

// alive reports whether PostgreSQL has answered since a connection went
// silent at since, probing it (for at most its timeout) when that is not
// known.
func (l *liveness) alive(since time.Time) bool {
	heardSince := func(t time.Time) bool { return l.heard.Load() >= t.UnixNano() }
	if heardSince(since) {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case !l.last.IsZero() && !l.last.Before(since):
		return l.ok
	case !l.last.IsZero() && !l.ok && !heardSince(l.last):
		return false
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

// scrub rewrites the tables that hold leads' personal data and their
// indexes (VACUUM FULL): an UPDATE leaves the row's earlier version in the
// table's file, and a plain VACUUM frees its space without overwriting it
// (a test finds the old e-mail there). The rewrite holds the tables' lock
// for as long as it copies them, which grows with the leads kept
// (docs/benchmarks.md): new leads and the inbox wait that long, but only
// after an anonymisation, which is rare (a data subject's request; the
// hourly retention job, when leads expired). lock_timeout keeps it from
// queueing the inbox's reads behind a long export: it then fails, and the
// next anonymisation scrubs.
// VACUUM cannot run in a transaction: it runs after the anonymisation's.
func (postgresDialect) scrub(ctx context.Context, write *sql.DB) error {
	conn, err := write.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SET lock_timeout = '5s'`); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `VACUUM FULL leads, lead_deliveries, lead_events`)
	if _, rerr := conn.ExecContext(context.WithoutCancel(ctx), `RESET lock_timeout`); rerr != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn }) // never back to the pool with the setting
		return errors.Join(err, rerr)
	}
	return err
}

// lockStaff takes a transaction-scoped advisory lock: under READ
// COMMITTED two transactions counting the administradores would each see
// the other's still there.
func (postgresDialect) lockStaff(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7311420570)`)
	return err
}

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
