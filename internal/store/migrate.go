package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
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
	all, err := s.migrations()
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.d.lockMigrations(ctx, tx); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		applied, err := appliedMigrations(ctx, tx)
		if err != nil {
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
			if step := migrationSteps[m.version]; step != nil {
				if err := step(ctx, tx); err != nil {
					return fmt.Errorf("migration %s: %w", m.name, err)
				}
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

// migration is one file of migrations/<dialect>.
type migration struct {
	version int
	name    string
}

// migrations returns the dialect's migrations in the order they apply.
func (s *Store) migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, s.d.migrationDir())
	if err != nil {
		return nil, err
	}
	var all []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration file %q is not named NNNN_name.sql", e.Name())
		}
		all = append(all, migration{v, e.Name()})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].version < all[j].version })
	return all, nil
}

// appliedMigrations returns the versions schema_migrations records,
// creating the table in tx when the database has none yet.
func appliedMigrations(ctx context.Context, tx *sql.Tx) (map[int]bool, error) {
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TIMESTAMP NOT NULL)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	applied := map[int]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		applied[v] = true
	}
	return applied, rows.Err()
}

// errDryRun rolls back the transaction of Schema.
var errDryRun = errors.New("dry run")

// SchemaState is where a database stands in its migrations.
type SchemaState struct {
	// Version is the latest migration applied, 0 for none.
	Version int
	// Pending are the migrations Migrate would apply (NNNN_name.sql), in
	// order.
	Pending []string
}

// Schema returns the database's SchemaState; it changes nothing.
func (s *Store) Schema(ctx context.Context) (st SchemaState, err error) {
	defer opError(&err, "schema state")
	all, err := s.migrations()
	if err != nil {
		return st, err
	}
	// In a transaction rolled back at the end, so that a new database is
	// left without the schema_migrations table appliedMigrations makes.
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		applied, err := appliedMigrations(ctx, tx)
		if err != nil {
			return err
		}
		for v := range applied {
			st.Version = max(st.Version, v) // a later release's too
		}
		for _, m := range all {
			if !applied[m.version] {
				st.Pending = append(st.Pending, m.name)
			}
		}
		return errDryRun
	})
	if errors.Is(err, errDryRun) {
		err = nil
	}
	return st, err
}

// migrationSteps are the parts of migrations written in Go, run in the
// migration's transaction right after its SQL, by version: what SQL
// cannot compute the same way on both databases.
var migrationSteps = map[int]func(ctx context.Context, tx *sql.Tx) error{
	6:  fillPropertyKeys,
	10: makeHashKey,
	14: fillEmailKeys,
}

// fillEmailKeys writes the email_key (listing.EmailKey) of every lead
// stored before migration 0014 and not anonymised, batch at a time in the
// order of their ids: neither database's SQL lower-cases and normalises as
// Go does. Each batch is read whole before it is written, since a
// connection of PostgreSQL cannot write while it still sends rows.
func fillEmailKeys(ctx context.Context, tx *sql.Tx) error {
	type row struct {
		id    int64
		email string
	}
	var after int64
	for {
		rows, err := tx.QueryContext(ctx, `SELECT id, email FROM leads WHERE id > $1 AND anonymized_at IS NULL ORDER BY id LIMIT 500`, after)
		if err != nil {
			return err
		}
		var batch []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.email); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, r)
		}
		if err := rows.Close(); err != nil || len(batch) == 0 {
			return err
		}
		for _, r := range batch {
			if _, err := tx.ExecContext(ctx, `UPDATE leads SET email_key = $2 WHERE id = $1`, r.id, listing.EmailKey(r.email)); err != nil {
				return err
			}
		}
		after = batch[len(batch)-1].id
	}
}

// makeHashKey stores the installation's key of the keyed hashes of
// personal data (client addresses, the e-mails of erasure requests): 32
// random bytes, made once, in the migration that brings the tables that
// hold those hashes.
func makeHashKey(ctx context.Context, tx *sql.Tx) error {
	key := make([]byte, 32)
	rand.Read(key) // never fails (crypto/rand)
	_, err := tx.ExecContext(ctx, `INSERT INTO installation_secrets (name, value) VALUES ($1, $2)`, hashKeyName, hex.EncodeToString(key))
	return err
}

// fillPropertyKeys writes the folded title and code (listing.Fold) of
// every property stored before migration 0006, batch at a time in the
// order of their ids; each batch is read whole before it is written,
// since a connection of PostgreSQL cannot write while it still sends
// rows.
func fillPropertyKeys(ctx context.Context, tx *sql.Tx) error {
	type row struct{ id, title, code string }
	after := "00000000-0000-0000-0000-000000000000" // below every id, as text and as uuid
	for {
		rows, err := tx.QueryContext(ctx, `SELECT id, title, code FROM properties WHERE id > $1 ORDER BY id LIMIT 500`, after)
		if err != nil {
			return err
		}
		var batch []row
		for rows.Next() {
			var r row
			var code sql.NullString
			if err := rows.Scan(&r.id, &r.title, &code); err != nil {
				rows.Close()
				return err
			}
			r.code = code.String
			batch = append(batch, r)
		}
		if err := rows.Close(); err != nil || len(batch) == 0 {
			return err
		}
		for _, r := range batch {
			if _, err := tx.ExecContext(ctx, `UPDATE properties SET title_key = $2, code_key = $3 WHERE id = $1`,
				r.id, listing.Fold(r.title), listing.Fold(r.code)); err != nil {
				return err
			}
		}
		after = batch[len(batch)-1].id
	}
}
