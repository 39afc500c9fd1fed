// Package storetest gives tests a real, empty, migrated database: a SQLite
// file in a temporary folder, and a PostgreSQL schema of its own on the
// server at VITRINE_TEST_POSTGRES.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
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
	return OpenAt(t, DSN(t, dialect), opts)
}

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
