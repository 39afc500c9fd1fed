package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
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
// small page cache, enough for the inner pages of the tables and indexes a
// read walks: the operating system caches the file for all of them, and
// larger caches would only put duplicate pages in the process (measured in
// docs/benchmarks.md). secure_delete overwrites with zeros what a write
// frees (an emptied lead's old name, e-mail and message), so that it is not
// left in free space for anyone who reads the file (see scrub).
func openSQLite(ctx context.Context, path string) (*Store, error) {
	path = strings.TrimPrefix(path, "sqlite://")
	if path == "" {
		return nil, errors.New("empty SQLite path")
	}
	if err := createPrivate(path); err != nil {
		return nil, err
	}
	pragmas := []string{fmt.Sprintf("busy_timeout(%d)", sqliteBusyTimeout.Milliseconds()), "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)", "cache_size(-1000)", "temp_store(MEMORY)", "secure_delete(ON)"}
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
	// Readers well above the cores: with fewer, the reads of a busy server
	// wait in database/sql for a connection, and each hand-off costs
	// goroutine switches (measured in docs/benchmarks.md).
	n := max(16, 2*runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxLifetime(0)
	read.SetConnMaxIdleTime(0)
	return &Store{read: read, write: write, d: sqliteDialect{}}, nil
}

// createPrivate makes the database file, and its folder, readable by their
// owner alone when they do not exist yet (0600 and 0700, less the umask).
// SQLite gives the -wal and -shm files it creates beside the database the
// mode of the database file, so they are private too. An existing file or
// folder keeps its mode: it is its owner's choice.
func createPrivate(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create database folder: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case err == nil:
		return f.Close()
	case errors.Is(err, fs.ErrExist):
		return nil
	}
	return fmt.Errorf("create database file: %w", err)
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

// scrub copies the WAL into the database file, whose freed space
// secure_delete has zeroed, and truncates the WAL to nothing: the WAL keeps
// whole pages as they were written, the emptied leads' earlier versions
// among them. TRUNCATE waits (busy_timeout) for readers of older
// snapshots; busy is then the count of frames it could not copy. A
// checkpoint another process is running at that moment (another instance's
// scrub) makes this one give up at once, with no frames counted: it is
// tried again, as long as busy_timeout would have waited, since the WAL
// may hold this instance's writes after the other one's copy.
func (sqliteDialect) scrub(ctx context.Context, write *sql.DB) error {
	deadline := time.Now().Add(sqliteBusyTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		var busy, log, done int
		if err := write.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &log, &done); err != nil {
			return err
		}
		if busy == 0 {
			return nil
		}
		if log != -1 || time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("WAL checkpoint blocked by readers (%d of %d frames copied)", done, log)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// lockMigrations needs nothing: the writer's BEGIN IMMEDIATE already holds
// the database's one write lock.
func (sqliteDialect) lockMigrations(context.Context, *sql.Tx) error { return nil }

// lockStaff needs nothing, as lockMigrations.
func (sqliteDialect) lockStaff(context.Context, *sql.Tx) error { return nil }

// sqliteConflictColumns returns the columns that a uniqueness violation
// names, from SQLite's message "UNIQUE constraint failed: t.a, t.b".
func sqliteConflictColumns(msg string) string {
	_, cols, ok := strings.Cut(msg, "constraint failed: ")
	if !ok {
		return ""
	}
	_, cols, _ = strings.Cut(cols, "constraint failed: ") // past the driver's own prefix, when it has one
	cols, _, _ = strings.Cut(cols, " (")
	return cols
}

func (sqliteDialect) classify(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CONSTRAINT:
			if se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
				return conflict(sqliteConflictColumns(se.Error()), err)
			}
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN:
			return errors.Join(listing.ErrUnavailable, err)
		}
	}
	return err
}
