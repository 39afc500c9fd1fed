package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
)

// schedule is the settings serve gives the API (backup.Scheduler's).
type schedule struct{}

func (schedule) Every() time.Duration { return 24 * time.Hour }
func (schedule) Keep() int            { return 14 }
func (schedule) Target() string       { return "dir:/srv/copias" }

// TestAdminBackups: the view says whether backups are scheduled, and
// lists the runs recorded in the database with the latest success.
func TestAdminBackups(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type view struct {
		Scheduled   bool    `json:"scheduled"`
		Every       *string `json:"every"`
		Keep        *int    `json:"keep"`
		Target      *string `json:"target"`
		Database    string  `json:"database"`
		LastSuccess *struct {
			Slot     string  `json:"slot"`
			Snapshot *string `json:"snapshot"`
			Size     int64   `json:"size_bytes"`
		} `json:"last_success"`
		Runs []struct {
			Status string  `json:"status"`
			Error  *string `json:"error"`
		} `json:"runs"`
	}
	get := func(s *httpapi.Stack) view {
		t.Helper()
		w := s.Admin("GET", "/api/admin/backups", nil)
		var v view
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || w.Code != http.StatusOK {
			t.Fatalf("GET /api/admin/backups: %d %s", w.Code, w.Body)
		}
		return v
	}

	off := newStack(t, "sqlite", httpapi.Config{})
	if v := get(off); v.Scheduled || v.Every != nil || v.Target != nil || v.LastSuccess != nil || len(v.Runs) != 0 || v.Database != "sqlite" {
		t.Fatalf("without a schedule: %+v", v)
	}

	s := newStack(t, "sqlite", httpapi.Config{Backups: schedule{}})
	rule := store.BackupClaim{Attempts: 3, RetryAfter: time.Minute, Stale: time.Hour}
	for _, run := range []struct {
		slot string
		r    store.BackupRun
	}{
		{"2026-11-27T00:00:00Z", store.BackupRun{Status: store.BackupOK, Snapshot: "20261127t000001.000z", Bytes: 5000}},
		{"2026-11-28T00:00:00Z", store.BackupRun{Status: store.BackupFailed, Error: "sem espaço no destino"}},
	} {
		if ok, err := s.Store.ClaimBackup(ctx, run.slot, rule); !ok || err != nil {
			t.Fatalf("claim %s: %v", run.slot, err)
		}
		if err := s.Store.FinishBackup(ctx, run.slot, run.r); err != nil {
			t.Fatal(err)
		}
	}
	v := get(s)
	if !v.Scheduled || *v.Every != "24h0m0s" || *v.Keep != 14 || *v.Target != "dir:/srv/copias" {
		t.Fatalf("schedule %+v", v)
	}
	if v.LastSuccess == nil || v.LastSuccess.Slot != "2026-11-27T00:00:00Z" || *v.LastSuccess.Snapshot != "20261127t000001.000z" || v.LastSuccess.Size != 5000 {
		t.Fatalf("last success %+v", v.LastSuccess)
	}
	if len(v.Runs) != 2 || v.Runs[0].Status != "failed" || *v.Runs[0].Error != "sem espaço no destino" || v.Runs[1].Status != "ok" {
		t.Fatalf("runs %+v", v.Runs)
	}
}
