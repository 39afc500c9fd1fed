package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/store"
)

// Runs is the record of scheduled backups; the store is one.
type Runs interface {
	ClaimBackup(ctx context.Context, slot string, c store.BackupClaim) (bool, error)
	FinishBackup(ctx context.Context, slot string, r store.BackupRun) error
	LastBackup(ctx context.Context) (store.BackupRun, error)
}

// ScheduleConfig configures a Scheduler.
type ScheduleConfig struct {
	// Every is the period: one backup per multiple of it since the zero
	// time (for 24h, one per UTC day, taken at its start or at the first
	// start of the server after it).
	Every time.Duration
	// Keep is how many snapshots the target keeps (0: all).
	Keep   int
	Target blob.Store
	// Source returns what to copy, at each run (on PostgreSQL the schema
	// version may have changed).
	Source  func(ctx context.Context) (Source, error)
	Runs    Runs
	Version string
	Logger  *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Scheduler takes the scheduled backups of one instance. With several
// instances on one database, each period's backup is claimed by one of
// them (store.ClaimBackup).
type Scheduler struct {
	c     ScheduleConfig
	claim store.BackupClaim
	runs  *prometheus.CounterVec
}

// NewScheduler returns the scheduler of c.
func NewScheduler(c ScheduleConfig) *Scheduler {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Scheduler{c: c, claim: store.BackupClaim{
		Attempts:   3,
		RetryAfter: min(15*time.Minute, c.Every),
		// A run not finished within a whole period is taken for one
		// whose instance died.
		Stale: c.Every,
	}}
	s.runs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrine_backup_runs_total",
		Help: "Scheduled backups this instance ran, by outcome (ok, failed).",
	}, []string{"outcome"})
	return s
}

// Register gives reg the backups' metrics.
func (s *Scheduler) Register(reg prometheus.Registerer) {
	reg.MustRegister(s.runs, lastBackupCollector{s.c.Runs})
}

// Every is the period of the backups.
func (s *Scheduler) Every() time.Duration { return s.c.Every }

// Keep is how many snapshots are kept.
func (s *Scheduler) Keep() int { return s.c.Keep }

// Target names where the backups go, for people: a directory, or the
// bucket and its server.
func (s *Scheduler) Target() string { return fmt.Sprint(s.c.Target) }

// Run takes the backup of each period as it comes, until ctx ends. It
// looks at the record again every RetryAfter, so that a failed run is
// tried again and one an instance left is taken over.
func (s *Scheduler) Run(ctx context.Context) {
	for {
		s.RunOnce(ctx)
		now := s.c.Now()
		wait := min(now.Truncate(s.c.Every).Add(s.c.Every).Sub(now), s.claim.RetryAfter)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// RunOnce takes the backup of the current period unless another run has
// it or did it, and reports whether it ran one and how that went.
func (s *Scheduler) RunOnce(ctx context.Context) (ran bool, err error) {
	start := s.c.Now()
	slot := start.UTC().Truncate(s.c.Every).Format(time.RFC3339)
	claimed, err := s.c.Runs.ClaimBackup(ctx, slot, s.claim)
	if err != nil {
		s.c.Logger.Warn("backup claim", "slot", slot, "err", err)
		return false, err
	}
	if !claimed {
		return false, nil
	}
	run := store.BackupRun{Status: store.BackupOK}
	res, err := s.take(ctx)
	if err != nil {
		run.Status, run.Error = store.BackupFailed, err.Error()
		s.runs.WithLabelValues("failed").Inc()
		s.c.Logger.Error("backup failed", "slot", slot, "target", s.Target(), "err", err)
	} else {
		run.Snapshot, run.Bytes, run.Copied = res.Manifest.ID, res.Manifest.Bytes(), res.CopiedBytes
		s.runs.WithLabelValues("ok").Inc()
		s.c.Logger.Info("backup taken", "slot", slot, "snapshot", res.Manifest.ID, "bytes", run.Bytes,
			"copied_bytes", res.CopiedBytes, "duration_ms", res.Duration.Milliseconds(), "pruned", len(res.Pruned.Snapshots))
	}
	// Recorded even when ctx has ended (a shutdown during the backup),
	// so that the run is not left "running".
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if ferr := s.c.Runs.FinishBackup(fctx, slot, run); ferr != nil {
		s.c.Logger.Warn("backup record", "slot", slot, "err", ferr)
		err = errors.Join(err, ferr)
	}
	return true, err
}

func (s *Scheduler) take(ctx context.Context) (Result, error) {
	src, err := s.c.Source(ctx)
	if err != nil {
		return Result{}, err
	}
	return Create(ctx, s.c.Target, src, Options{Version: s.c.Version, Keep: s.c.Keep, Now: s.c.Now})
}

var (
	lastSuccessDesc = prometheus.NewDesc("vitrine_backup_last_success_timestamp_seconds",
		"When the latest scheduled backup that succeeded finished, as a Unix time (read from the database at each scrape).", nil, nil)
	lastSizeDesc = prometheus.NewDesc("vitrine_backup_last_size_bytes",
		"The size of what the latest successful scheduled backup holds: the database and every media file it names.", nil, nil)
	lastCopiedDesc = prometheus.NewDesc("vitrine_backup_last_copied_bytes",
		"The bytes the latest successful scheduled backup copied (the rest was in the target already).", nil, nil)
	lastDurationDesc = prometheus.NewDesc("vitrine_backup_last_duration_seconds",
		"How long the latest successful scheduled backup took.", nil, nil)
)

// lastBackupCollector reads the latest successful backup at each scrape,
// so that every instance on one database reports the same.
type lastBackupCollector struct{ runs Runs }

func (c lastBackupCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- lastSuccessDesc
	ch <- lastSizeDesc
	ch <- lastCopiedDesc
	ch <- lastDurationDesc
}

func (c lastBackupCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r, err := c.runs.LastBackup(ctx)
	if errors.Is(err, listing.ErrNotFound) {
		return // no backup yet: no series, which an alert on absence sees
	}
	if err != nil {
		ch <- prometheus.NewInvalidMetric(lastSuccessDesc, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(lastSuccessDesc, prometheus.GaugeValue, float64(r.FinishedAt.UnixMilli())/1e3)
	ch <- prometheus.MustNewConstMetric(lastSizeDesc, prometheus.GaugeValue, float64(r.Bytes))
	ch <- prometheus.MustNewConstMetric(lastCopiedDesc, prometheus.GaugeValue, float64(r.Copied))
	ch <- prometheus.MustNewConstMetric(lastDurationDesc, prometheus.GaugeValue, r.FinishedAt.Sub(r.StartedAt).Seconds())
}
