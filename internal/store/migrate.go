package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrate applies, in order and in one transaction, every migration of the
// dialect that the database has not seen yet. Migrations are forward-only
// files named NNNN_name.sql; the applied versions are kept in
// schema_migrations. Several processes may migrate at once: the dialect
// serialises them.
func (s *Store) Migrate(ctx context.Context) (err error) {
	defer opError(&err, "migrate "+s.d.name())
	if err := s.migrate(ctx, math.MaxInt); err != nil {
		return err
	}
	return s.prepare(ctx)
}

// migrate applies the migrations numbered up to last that the database has
// not seen. Unless last is past them all, the documents are left as they
// are, since the running encoder reads the latest schema: a test makes a
// database of an earlier release so.
func (s *Store) migrate(ctx context.Context, last int) (err error) {
	entries, err := fs.ReadDir(migrationFiles, s.d.migrationDir())
	if err != nil {
		return err
	}
	type migration struct {
		version int
		name    string
	}
	var all []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return fmt.Errorf("migration file %q is not named NNNN_name.sql", e.Name())
		}
		all = append(all, migration{v, e.Name()})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].version < all[j].version })

	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.d.lockMigrations(ctx, tx); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TIMESTAMP NOT NULL)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		applied := map[int]bool{}
		rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return err
			}
			applied[v] = true
		}
		if err := rows.Close(); err != nil {
			return err
		}
		for _, m := range all {
			if applied[m.version] {
				continue
			}
			if m.version > last {
				return nil
			}
			body, err := fs.ReadFile(migrationFiles, path.Join(s.d.migrationDir(), m.name))
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.version, m.name, utc(s.now())); err != nil {
				return err
			}
		}
		if err := s.rebuildDocuments(ctx, tx, 500); err != nil {
			return fmt.Errorf("rebuild property documents: %w", err)
		}
		return nil
	})
	return err
}
