package store_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// secretLead is a lead whose every personal field is text found nowhere
// else, so that finding any of it in a database file means a leftover.
var secretLead = listing.LeadInput{
	Name: "Zuleica Quintanilha Brandeburgo", Email: "zuleica.quintanilha@exemplo-unico.com.br",
	Phone: "(48) 97531-8642", Message: "Mensagem sigilosa XYZZY-PLUGH sobre a visita ao imóvel.",
}

const secretNote = "Nota interna QWERTZ-ASDFG: cliente com urgência."

// secrets are the byte strings that must not outlive the anonymisation.
func secrets() [][]byte {
	return [][]byte{[]byte(secretLead.Name), []byte(secretLead.Email), []byte(secretLead.Phone),
		[]byte("XYZZY-PLUGH"), []byte("QWERTZ-ASDFG")}
}

// TestAnonymisationLeavesNothingOnDisk stores a lead through the real
// paths (the contact's lead writer with its webhook payload, the staff's
// note), between other leads, anonymises it, and then reads the database's
// files byte by byte: SQLite's file, -wal and -shm; PostgreSQL's files of
// every table, index and TOAST relation of the schema, after a
// checkpoint. None may hold the lead's name, e-mail, phone, message or
// note. Before secure_delete, the WAL's truncation and VACUUM FULL, each
// held them (freed pages, whole WAL frames, dead tuples).
func TestAnonymisationLeavesNothingOnDisk(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, d)
			if d == "postgres" {
				dsn = storetest.OwnDatabase(t)
			}
			s := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			p := create(t, s, storetest.Apartment("Casa Sigilosa"))
			if d == "sqlite" {
				// The migrations filled most of the WAL: left so, its
				// automatic checkpoint would soon start it over, and the
				// test would depend on where. An empty WAL keeps every frame
				// the lead's writes add.
				if err := store.Exec(ctx, s, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
					t.Fatal(err)
				}
			}
			other := func() {
				if _, err := s.CreateLead(ctx, p.Slug, lead()); err != nil {
					t.Fatal(err)
				}
			}
			for range 20 {
				other()
			}
			id, err := s.CreateLead(ctx, p.Slug, secretLead)
			if err != nil {
				t.Fatal(err)
			}
			note := secretNote
			if _, err := s.UpdateLead(ctx, id, listing.LeadUpdate{Note: &note}); err != nil {
				t.Fatal(err)
			}
			files := sqliteFiles(dsn)
			if d == "postgres" {
				files = postgresFiles(t, dsn)
			}
			// The files hold the lead before: the check below can fail.
			if found := grepFiles(t, files(), secrets()); len(found) == 0 {
				t.Fatalf("the lead is in no file before its anonymisation: the check proves nothing")
			}

			e, err := s.AnonymizeSubject(ctx, secretLead.Email, listing.Actor{Kind: listing.ActorUser, Ref: "1", Name: "Ana"})
			if err != nil || e.Leads != 1 {
				t.Fatalf("AnonymizeSubject: %+v, %v", e, err)
			}
			if found := grepFiles(t, files(), secrets()); len(found) > 0 {
				t.Errorf("after the anonymisation, the files still hold: %v", found)
			}
			// The other leads and their deliveries are intact.
			if got, err := s.SubjectLeads(ctx, lead().Email); err != nil || len(got) != 20 {
				t.Errorf("the other leads: %d, %v", len(got), err)
			}
		})
	}
}

// sqliteFiles lists the database file and the -wal and -shm files beside
// it, those that exist.
func sqliteFiles(path string) func() []string {
	return func() []string {
		var out []string
		for _, f := range []string{path, path + "-wal", path + "-shm"} {
			if _, err := os.Stat(f); err == nil {
				out = append(out, f)
			}
		}
		return out
	}
}

// postgresFiles checkpoints the server (so that its files hold what its
// buffers do) and lists the files of every relation of the test's schema
// and of their TOAST tables and indexes: each relation's first segment,
// its further segments, and its free space and visibility maps. The test
// runs as a user that can read the data directory (root here); a user
// that cannot fails the test rather than skip it.
func postgresFiles(t *testing.T, dsn string) func() []string {
	return func() []string {
		t.Helper()
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, `CHECKPOINT`); err != nil {
			t.Fatalf("CHECKPOINT (the test needs a superuser): %v", err)
		}
		var dir string
		if err := db.QueryRowContext(ctx, `SELECT current_setting('data_directory')`).Scan(&dir); err != nil {
			t.Fatal(err)
		}
		rows, err := db.QueryContext(ctx, `WITH mine AS (
    SELECT oid, reltoastrelid FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i', 'm')
), toast AS (
    SELECT reltoastrelid AS oid FROM mine WHERE reltoastrelid <> 0
)
SELECT pg_relation_filepath(oid) FROM mine
UNION ALL SELECT pg_relation_filepath(oid) FROM toast
UNION ALL SELECT pg_relation_filepath(indexrelid) FROM pg_index WHERE indrelid IN (SELECT oid FROM toast)`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var rel sql.NullString
			if err := rows.Scan(&rel); err != nil {
				t.Fatal(err)
			}
			if !rel.Valid {
				continue
			}
			base := filepath.Join(dir, rel.String)
			extra, _ := filepath.Glob(base + ".[0-9]*")
			for _, f := range append([]string{base, base + "_fsm", base + "_vm"}, extra...) {
				if _, err := os.Stat(f); err == nil {
					out = append(out, f)
				}
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if len(out) == 0 {
			t.Fatal("no relation file found")
		}
		return out
	}
}

// grepFiles returns "file: text" for each of the texts found in each file.
func grepFiles(t *testing.T, files []string, texts [][]byte) []string {
	t.Helper()
	var found []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("read %s: %v", f, err)
		}
		for _, s := range texts {
			if bytes.Contains(b, s) {
				found = append(found, filepath.Base(f)+": "+string(s))
			}
		}
	}
	return found
}

// unicodeAddresses are one address written in several ways: in other
// cases beyond ASCII, and decomposed (e + combining acute accent).
var unicodeAddresses = []string{"josé.ünicode@exemplo.com.br", "JOSÉ.ÜNICODE@EXEMPLO.COM.BR", "José.Ünicode@Exemplo.com.br",
	"jose\u0301.u\u0308nicode@exemplo.com.br"}

// TestSubjectFoundInAnyUnicodeCase: a data subject's leads are found, and
// anonymised, whichever case (or normal form) each was written in and
// the request is, on both databases; SQLite's lower() alone folds ASCII
// and missed them. The address without its accents is someone else.
func TestSubjectFoundInAnyUnicodeCase(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{Outbox: true})
			p := create(t, s, storetest.Apartment("Casa Acentuada"))
			for _, email := range append(unicodeAddresses, "jose.unicode@exemplo.com.br") {
				in := lead()
				in.Email = email
				if _, err := s.CreateLead(ctx, p.Slug, in); err != nil {
					t.Fatal(err)
				}
			}
			for _, ask := range unicodeAddresses {
				if got, err := s.SubjectLeads(ctx, ask); err != nil || len(got) != len(unicodeAddresses) {
					t.Errorf("SubjectLeads(%q): %d leads, %v; want %d", ask, len(got), err, len(unicodeAddresses))
				}
			}
			e, err := s.AnonymizeSubject(ctx, "JOSÉ.ÜNICODE@exemplo.com.br", listing.Actor{Kind: listing.ActorUser, Ref: "1"})
			if err != nil || e.Leads != len(unicodeAddresses) {
				t.Errorf("AnonymizeSubject: %+v, %v; want %d leads", e, err, len(unicodeAddresses))
			}
			if got, err := s.SubjectLeads(ctx, "jose.unicode@exemplo.com.br"); err != nil || len(got) != 1 || got[0].Name == "" {
				t.Errorf("the address without accents: %+v, %v", got, err)
			}
		})
	}
}

// TestEmailKeyMigration makes a database as migration 0013 left it, with
// leads written in several Unicode cases (and one already anonymised),
// then migrates it: migration 0014's Go step fills their keys, and every
// one is found.
func TestEmailKeyMigration(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 13)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			for i, email := range unicodeAddresses {
				exec(`INSERT INTO leads (property_id, name, email, message, created_at) VALUES (NULL, 'José', $1, 'Tenho interesse na casa.', $2)`,
					email, at.Add(time.Duration(i)*time.Minute))
			}
			exec(`INSERT INTO leads (property_id, name, email, message, created_at, anonymized_at) VALUES (NULL, '', '', '', $1, $1)`, at)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}
			s := storetest.OpenAt(t, dsn, store.Options{})
			for _, ask := range unicodeAddresses {
				if got, err := s.SubjectLeads(ctx, ask); err != nil || len(got) != len(unicodeAddresses) {
					t.Errorf("SubjectLeads(%q) after the migration: %d leads, %v", ask, len(got), err)
				}
			}
			var keyed int
			if err := store.QueryRow(ctx, s, `SELECT count(*) FROM leads WHERE email_key IS NOT NULL`).Scan(&keyed); err != nil || keyed != len(unicodeAddresses) {
				t.Errorf("%d leads keyed, %v; want %d (the anonymised one has none)", keyed, err, len(unicodeAddresses))
			}
		})
	}
}
