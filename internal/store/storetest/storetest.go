// Package storetest gives tests a real, empty, migrated database: a SQLite
// file in a temporary folder, and a PostgreSQL schema of its own on the
// server at VITRINE_TEST_POSTGRES.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/store"
)

// DefaultPostgres is used when VITRINE_TEST_POSTGRES is not set.
const DefaultPostgres = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Dialects are the databases every storage behaviour is checked against.
var Dialects = []string{"sqlite", "postgres"}

// DSN returns the address of a new, empty database of the dialect, dropped
// when the test ends. For PostgreSQL that is a schema of its own, so that
// test runs never collide. When PostgreSQL cannot be reached the test fails
// under CI (CI set) and is skipped, loudly, elsewhere; with -short (the fast
// loop) PostgreSQL is not used at all.
func DSN(t testing.TB, dialect string) string {
	t.Helper()
	switch dialect {
	case "sqlite":
		return filepath.Join(t.TempDir(), "vitrine.db")
	case "postgres":
		if testing.Short() {
			t.Skip("-short (make test-fast): PostgreSQL is left to make test")
		}
		return postgresSchema(t)
	}
	t.Fatalf("unknown dialect %q", dialect)
	return ""
}

// Open returns a migrated store on a new database of the dialect, closed
// when the test ends.
func Open(t testing.TB, dialect string, opts store.Options) *store.Store {
	t.Helper()
	return OpenAt(t, MigratedDSN(t, dialect), opts)
}

// MigratedDSN is DSN for a test that opens stores on a database without
// testing the migrations: OpenAt finds it migrated, or migrates it. A
// SQLite database starts as a copy of one migrated once per test process,
// since migrating each test's database from the first migration took a
// large part of the suite's time; the copies share that installation's
// personal-data key. A test of the migrations themselves takes a DSN.
func MigratedDSN(t testing.TB, dialect string) string {
	t.Helper()
	dsn := DSN(t, dialect)
	if dialect == "sqlite" {
		data, err := migratedSQLite()
		if err == nil {
			err = os.WriteFile(dsn, data, 0o600)
		}
		if err != nil {
			t.Fatalf("copy the migrated SQLite database: %v", err)
		}
	}
	return dsn
}

// migratedSQLite returns the file of a new SQLite database with every
// migration applied, made once per process.
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "vitrine-storetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "vitrine.db")
	ctx := context.Background()
	s, err := store.Open(ctx, path, store.Options{})
	if err != nil {
		return nil, err
	}
	if err := errors.Join(s.Migrate(ctx), s.Close()); err != nil {
		return nil, err
	}
	// Closing the last connection folds the write-ahead log into the
	// file: the file alone is the database.
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, errors.New("the write-ahead log outlived the store")
	}
	return os.ReadFile(path)
})

// OpenAt returns a migrated store on the database at dsn (from DSN), closed
// when the test ends: one more instance of the service on a database that
// others may share. It renders the public documents as the service does
// (detaildoc.Renderer) unless opts names another renderer.
func OpenAt(t testing.TB, dsn string, opts store.Options) *store.Store {
	t.Helper()
	ctx := context.Background()
	if opts.Documents == nil {
		opts.Documents = detaildoc.Renderer{}
	}
	s, err := store.Open(ctx, dsn, opts)
	if err != nil {
		t.Fatalf("open %s: %v", redact(dsn), err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", redact(dsn), err)
	}
	return s
}

// OwnDatabase returns the address of a new, empty PostgreSQL database,
// dropped when the test ends. Most tests share one database, a schema each;
// a test whose outcome depends on what other sessions of its database do
// takes one of its own. PostgreSQL keeps a dead row version while any open
// transaction of the same database may still see it, and VACUUM FULL then
// copies it: the other tests' transactions would decide whether a scrub
// test passes.
func OwnDatabase(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make test-fast): PostgreSQL is left to make test")
	}
	schema := postgresSchema(t) // reached, and a name no other run uses
	u, err := url.Parse(schema)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	name := q.Get("search_path")
	q.Del("search_path")
	u.RawQuery = q.Encode()
	admin, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
		admin.Close()
	})
	u.Path = "/" + name
	return u.String()
}

func postgresSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv("VITRINE_TEST_POSTGRES")
	if base == "" {
		base = DefaultPostgres
	}
	admin, err := sql.Open("pgx", base)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = admin.PingContext(ctx)
		cancel()
	}
	if err != nil {
		if admin != nil {
			admin.Close()
		}
		msg := "PostgreSQL at " + redact(base) + " cannot be reached (" + err.Error() + "); set VITRINE_TEST_POSTGRES or start it (see README)"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip("SKIPPING POSTGRES TESTS: " + msg)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "vitrine_test_" + hex.EncodeToString(b)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// QueryRow runs a query on a connection of its own to the database at
// dsn (from DSN), for tests that look at columns the API does not show,
// from outside the store package. The row is scanned into dest.
func QueryRow(t testing.TB, dsn string, dest []any, query string, args ...any) error {
	t.Helper()
	driver, name := "sqlite", "file:"+dsn+"?_pragma=busy_timeout(5000)&_pragma=query_only(1)"
	if store.IsPostgres(dsn) {
		driver, name = "pgx", dsn
	}
	db, err := sql.Open(driver, name)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.QueryRowContext(context.Background(), query, args...).Scan(dest...)
}
