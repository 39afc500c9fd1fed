package backup_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/backup"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestSchedulersShareAPeriod: two instances on one PostgreSQL database
// run their schedulers at once; one takes the period's backup, into the
// one target, and both read it as the last one.
func TestSchedulersShareAPeriod(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.MigratedDSN(t, "postgres")
	media := openDir(t, t.TempDir())
	if err := media.Put(ctx, "originals/0123456789abcdef0123456789abcdef.jpg", strings.NewReader("foto"), 4, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	target := openDir(t, t.TempDir())
	var schedulers []*backup.Scheduler
	var stores []*store.Store
	for range 2 {
		st := storetest.OpenAt(t, dsn, store.Options{})
		stores = append(stores, st)
		schedulers = append(schedulers, backup.NewScheduler(backup.ScheduleConfig{
			Every:  24 * time.Hour,
			Keep:   3,
			Target: target,
			Source: func(ctx context.Context) (backup.Source, error) {
				schema, err := st.Schema(ctx)
				return backup.Source{Dialect: "postgres", SchemaVersion: schema.Version, Media: media}, err
			},
			Runs: st,
		}))
	}
	var wg sync.WaitGroup
	ran := make([]bool, len(schedulers))
	for i, s := range schedulers {
		wg.Go(func() {
			var err error
			if ran[i], err = s.RunOnce(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ran[0] == ran[1] {
		t.Fatalf("ran %v: want exactly one backup", ran)
	}
	ids, err := backup.Snapshots(ctx, target)
	if err != nil || len(ids) != 1 {
		t.Fatalf("snapshots %v (%v), want one", ids, err)
	}
	m, err := backup.Verify(ctx, target, ids[0])
	if err != nil || m.Dialect != "postgres" || m.Database != nil || len(m.Media) != 1 || m.SchemaVersion == 0 {
		t.Fatalf("the snapshot: %+v (%v)", m, err)
	}
	for _, st := range stores {
		last, err := st.LastBackup(ctx)
		if err != nil || last.Snapshot != ids[0] || last.Bytes != 4 {
			t.Fatalf("last backup %+v (%v)", last, err)
		}
	}
}

// TestSchedulerRecordsAFailure: a backup that fails is recorded with its
// error, and tried again once RetryAfter has passed.
func TestSchedulerRecordsAFailure(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st := storetest.Open(t, "sqlite", store.Options{Now: clock})
	missing := filepath.Join(t.TempDir(), "nao-existe.db")
	s := backup.NewScheduler(backup.ScheduleConfig{
		Every:  24 * time.Hour,
		Target: openDir(t, t.TempDir()),
		Source: func(context.Context) (backup.Source, error) {
			return backup.Source{Dialect: "sqlite", Database: missing}, nil
		},
		Runs: st,
		Now:  clock,
	})
	if ran, err := s.RunOnce(ctx); !ran || err == nil {
		t.Fatalf("RunOnce: ran %v, err %v; want a failed run", ran, err)
	}
	runs, err := st.BackupRuns(ctx, 5)
	if err != nil || len(runs) != 1 || runs[0].Status != store.BackupFailed || !strings.Contains(runs[0].Error, "nao-existe.db") {
		t.Fatalf("runs %+v (%v)", runs, err)
	}
	if ran, _ := s.RunOnce(ctx); ran {
		t.Fatal("a failed run was tried again at once")
	}
	now = now.Add(15 * time.Minute)
	if ran, _ := s.RunOnce(ctx); !ran {
		t.Fatal("a failed run was not tried again after 15 minutes")
	}
}
