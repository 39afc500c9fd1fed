package store_test

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// TestSchemaState: a database of an earlier release has the later
// migrations pending, in order, and reading that changes nothing.
func TestSchemaState(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, _, _ := releaseDB(t, d, 22)
			defer old.Close()
			for range 2 { // the second read sees the same: nothing applied
				st, err := old.Schema(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if st.Version != 22 || len(st.Pending) < 3 || st.Pending[0] != "0023_agency_logo.sql" || !slices.IsSorted(st.Pending) {
					t.Fatalf("schema %+v, want version 22 and 0023… pending", st)
				}
			}
			if err := old.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if st, err := old.Schema(ctx); err != nil || len(st.Pending) != 0 || st.Version < 25 {
				t.Fatalf("after Migrate: %+v (%v)", st, err)
			}
		})
	}
}

// TestSchemaStateOfNewDatabase: every migration is pending, and the
// database is left as empty as it was.
func TestSchemaStateOfNewDatabase(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s, err := store.Open(ctx, storetest.DSN(t, d), store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			st, err := s.Schema(ctx)
			if err != nil || st.Version != 0 || len(st.Pending) < 25 || st.Pending[0] != "0001_init.sql" {
				t.Fatalf("schema of a new database: %+v (%v)", st, err)
			}
			if _, err := s.BackupRuns(ctx, 1); err == nil {
				t.Fatal("reading the schema state made tables")
			}
		})
	}
}

// TestClaimBackup: of several instances claiming one slot at once, one
// gets it; a failed run is taken again after RetryAfter, up to Attempts;
// a run left running is taken again once Stale.
func TestClaimBackup(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC))
			dsn := storetest.MigratedDSN(t, d)
			var instances []*store.Store
			for range 4 {
				instances = append(instances, storetest.OpenAt(t, dsn, store.Options{Now: clock.Now}))
			}
			s := instances[0]
			rule := store.BackupClaim{Attempts: 2, RetryAfter: 15 * time.Minute, Stale: 6 * time.Hour}
			const slot = "2026-11-28T00:00:00Z"

			var wg sync.WaitGroup
			claims := make([]bool, len(instances))
			for i, in := range instances {
				wg.Go(func() {
					var err error
					if claims[i], err = in.ClaimBackup(ctx, slot, rule); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if n := countTrue(claims); n != 1 {
				t.Fatalf("%d instances claimed the slot, want 1", n)
			}
			if _, err := s.LastBackup(ctx); !errors.Is(err, listing.ErrNotFound) {
				t.Fatalf("last backup before any success: %v, want not found", err)
			}

			clock.Advance(time.Minute)
			if err := s.FinishBackup(ctx, slot, store.BackupRun{Status: store.BackupFailed, Error: "disco cheio"}); err != nil {
				t.Fatal(err)
			}
			clock.Advance(10 * time.Minute)
			if ok, _ := s.ClaimBackup(ctx, slot, rule); ok {
				t.Fatal("a failed run was taken again before RetryAfter")
			}
			clock.Advance(5 * time.Minute)
			if ok, err := s.ClaimBackup(ctx, slot, rule); !ok || err != nil {
				t.Fatalf("a failed run was not taken again after RetryAfter (%v)", err)
			}
			clock.Advance(time.Minute)
			if err := s.FinishBackup(ctx, slot, store.BackupRun{Status: store.BackupFailed, Error: "disco cheio"}); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Hour)
			if ok, _ := s.ClaimBackup(ctx, slot, rule); ok {
				t.Fatal("a run was tried more than Attempts times")
			}

			// The next slot: its instance dies; another takes it once Stale.
			const next = "2026-11-29T00:00:00Z"
			if ok, _ := s.ClaimBackup(ctx, next, rule); !ok {
				t.Fatal("the next slot was not claimed")
			}
			clock.Advance(time.Hour)
			if ok, _ := instances[1].ClaimBackup(ctx, next, rule); ok {
				t.Fatal("a running backup was taken by another instance")
			}
			clock.Advance(6 * time.Hour)
			if ok, _ := instances[1].ClaimBackup(ctx, next, rule); !ok {
				t.Fatal("a run left running was not taken again once stale")
			}
			if err := instances[1].FinishBackup(ctx, next, store.BackupRun{Status: store.BackupOK, Snapshot: "20261129t070000.000z", Bytes: 1234, Copied: 34}); err != nil {
				t.Fatal(err)
			}
			last, err := s.LastBackup(ctx)
			if err != nil || last.Slot != next || last.Bytes != 1234 || last.Copied != 34 || last.Attempts != 2 || !last.FinishedAt.Equal(clock.Now()) {
				t.Fatalf("last backup %+v (%v)", last, err)
			}
			runs, err := s.BackupRuns(ctx, 10)
			if err != nil || len(runs) != 2 || runs[0].Slot != next || runs[1].Status != store.BackupFailed || runs[1].Error != "disco cheio" {
				t.Fatalf("runs %+v (%v)", runs, err)
			}
			if err := s.FinishBackup(ctx, "2000-01-01T00:00:00Z", store.BackupRun{Status: store.BackupOK}); !errors.Is(err, listing.ErrNotFound) {
				t.Fatalf("finishing a slot never claimed: %v", err)
			}
		})
	}
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
