package store_test

import (
	"database/sql"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// TestLockWaitOutlastsStallTimeout holds a row lock in another session
// for longer than the stall timeout: the update that waits for it is a
// statement waiting on a lock, not a silent server, so it waits (the
// store checks that the server answers) and succeeds once the lock goes.
func TestLockWaitOutlastsStallTimeout(t *testing.T) {
	t.Parallel()
	dsn := storetest.DSN(t, "postgres")
	s := storetest.OpenAt(t, dsn, store.Options{StallTimeout: time.Second})
	p := create(t, s, storetest.Apartment("Casa Trancada"))

	other, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM properties WHERE id = $1 FOR UPDATE`, p.ID); err != nil {
		t.Fatal(err)
	}

	done := make(chan error, 1)
	go func() {
		_, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Casa Destrancada")})
		done <- err
	}()
	// Wait until the update has been silent for longer than the stall
	// timeout, the store finding the server alive at each check.
	testwait.Until(t, "the store checks the server while the update waits for the lock", func() bool {
		select {
		case err := <-done:
			t.Fatalf("the update ended while the row was locked: %v", err)
		default:
		}
		return store.StallProbes(s) >= 3
	})
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("update after a lock wait longer than the stall timeout: %v", err)
	}
	if got, err := s.Property(ctx, p.ID); err != nil || got.Title != "Casa Destrancada" {
		t.Errorf("after the wait: %q, %v", got.Title, err)
	}
}
