package store

import (
	"context"
	"database/sql"
	"time"
)

// The scheduled backups' record (backup_runs): each period of the
// schedule is a slot that one instance claims, the way the daily summary
// claims its day (summary.go), so that several instances on one database
// take one backup per period. The backup itself is internal/backup's.

// Backup run states.
const (
	BackupRunning = "running"
	BackupOK      = "ok"
	BackupFailed  = "failed"
)

// BackupRun is one scheduled backup.
type BackupRun struct {
	Slot       string // the period's start, RFC 3339 in UTC
	Status     string
	Attempts   int
	StartedAt  time.Time
	FinishedAt time.Time // zero while running
	Snapshot   string    // the snapshot's id, once ok
	Bytes      int64     // the size of what the snapshot names
	Copied     int64     // the bytes this run copied (the rest was in the target)
	Error      string
}

// BackupClaim says when a run of a slot may be taken again.
type BackupClaim struct {
	// Attempts is how many times a run is tried in all.
	Attempts int
	// RetryAfter is how long after a failure the next attempt may start.
	RetryAfter time.Duration
	// Stale is how long a run may stay 'running' before it is taken for
	// one whose instance died, and taken again.
	Stale time.Duration
}

// ClaimBackup records that this instance takes the backup of slot, and
// reports whether it did: false when another instance has it, has done
// it, or has failed it too recently or too often (see BackupClaim).
func (s *Store) ClaimBackup(ctx context.Context, slot string, c BackupClaim) (claimed bool, err error) {
	defer opError(&err, "claim backup")
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO backup_runs (slot, status, attempts, started_at) VALUES ($1, $2, 1, $3)
ON CONFLICT (slot) DO NOTHING`, slot, BackupRunning, now)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			claimed = n == 1
			return s.wrap(err)
		}
		res, err = tx.ExecContext(ctx, `UPDATE backup_runs
SET status = $2, attempts = attempts + 1, started_at = $3, finished_at = NULL, error = ''
WHERE slot = $1 AND attempts < $4 AND (status = $5 AND finished_at <= $6 OR status = $2 AND started_at <= $7)`,
			slot, BackupRunning, now, c.Attempts, BackupFailed, now.Add(-c.RetryAfter), now.Add(-c.Stale))
		if err != nil {
			return s.wrap(err)
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return s.wrap(err)
	})
	return claimed, err
}

// FinishBackup records the outcome of the run of slot: r's Status (ok or
// failed), Snapshot, Bytes, Copied and Error.
func (s *Store) FinishBackup(ctx context.Context, slot string, r BackupRun) (err error) {
	defer opError(&err, "finish backup")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE backup_runs SET status = $2, finished_at = $3, snapshot = $4, size_bytes = $5, copied_bytes = $6, error = $7
WHERE slot = $1`, slot, r.Status, utc(s.now()), r.Snapshot, r.Bytes, r.Copied, r.Error)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return s.wrap(cmpErr(err, sql.ErrNoRows))
		}
		return nil
	})
}

const backupColumns = `slot, status, attempts, started_at, finished_at, snapshot, size_bytes, copied_bytes, error`

// BackupRuns returns the latest scheduled backups, newest first, at most
// limit.
func (s *Store) BackupRuns(ctx context.Context, limit int) (runs []BackupRun, err error) {
	defer opError(&err, "backup runs")
	rows, err := s.read.QueryContext(ctx, `SELECT `+backupColumns+` FROM backup_runs ORDER BY started_at DESC LIMIT $1`, limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	runs = []BackupRun{}
	for rows.Next() {
		r, err := scanBackupRun(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		runs = append(runs, r)
	}
	return runs, s.wrap(rows.Err())
}

// LastBackup returns the latest scheduled backup that succeeded;
// listing.ErrNotFound when none has.
func (s *Store) LastBackup(ctx context.Context) (r BackupRun, err error) {
	defer opError(&err, "last backup")
	r, err = scanBackupRun(s.read.QueryRowContext(ctx, `SELECT `+backupColumns+` FROM backup_runs WHERE status = $1 ORDER BY finished_at DESC LIMIT 1`, BackupOK))
	return r, s.wrap(err)
}

func scanBackupRun(row interface{ Scan(...any) error }) (BackupRun, error) {
	var r BackupRun
	var finished sql.NullTime
	err := row.Scan(&r.Slot, &r.Status, &r.Attempts, &r.StartedAt, &finished, &r.Snapshot, &r.Bytes, &r.Copied, &r.Error)
	r.StartedAt, r.FinishedAt = r.StartedAt.UTC(), finished.Time.UTC()
	return r, err
}
