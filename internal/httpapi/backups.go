package httpapi

import (
	"errors"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// BackupSchedule is serve's schedule of backups; *backup.Scheduler is
// one.
type BackupSchedule interface {
	Every() time.Duration
	Keep() int
	Target() string
}

// backupRunJSON is a scheduled backup as the back office lists it.
type backupRunJSON struct {
	Slot        string     `json:"slot"`
	Status      string     `json:"status"`
	Attempts    int        `json:"attempts"`
	StartedAt   time.Time  `json:"started_at"`
	FinishedAt  *time.Time `json:"finished_at"`
	Snapshot    *string    `json:"snapshot"`
	SizeBytes   int64      `json:"size_bytes"`
	CopiedBytes int64      `json:"copied_bytes"`
	Error       *string    `json:"error"`
}

func newBackupRunJSON(r store.BackupRun) *backupRunJSON {
	j := &backupRunJSON{Slot: r.Slot, Status: r.Status, Attempts: r.Attempts, StartedAt: r.StartedAt,
		Snapshot: detaildoc.OrNull(r.Snapshot), SizeBytes: r.Bytes, CopiedBytes: r.Copied, Error: detaildoc.OrNull(r.Error)}
	if !r.FinishedAt.IsZero() {
		j.FinishedAt = &r.FinishedAt
	}
	return j
}

// adminBackups is the state of the scheduled backups: the schedule, the
// latest success and the latest runs.
func (s *Server) adminBackups(w http.ResponseWriter, r *http.Request) {
	runs, err := s.store.BackupRuns(r.Context(), 20)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Scheduled   bool             `json:"scheduled"`
		Every       *string          `json:"every"`
		Keep        *int             `json:"keep"`
		Target      *string          `json:"target"`
		Database    string           `json:"database"`
		LastSuccess *backupRunJSON   `json:"last_success"`
		Runs        []*backupRunJSON `json:"runs"`
	}{Scheduled: s.backups != nil, Database: s.store.Dialect(), Runs: make([]*backupRunJSON, len(runs))}
	if s.backups != nil {
		every, keep, target := s.backups.Every().String(), s.backups.Keep(), s.backups.Target()
		out.Every, out.Keep, out.Target = &every, &keep, &target
	}
	for i, run := range runs {
		out.Runs[i] = newBackupRunJSON(run)
	}
	last, err := s.store.LastBackup(r.Context())
	switch {
	case err == nil:
		out.LastSuccess = newBackupRunJSON(last)
	case !errors.Is(err, listing.ErrNotFound):
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
