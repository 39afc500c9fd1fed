package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestLeadRetentionFlag: --lead-retention takes months or days, is off by
// default, and a value it refuses stops the start with a message that
// names it.
func TestLeadRetentionFlag(t *testing.T) {
	cfg, _, err := serveConfig(nil, env(), &bytes.Buffer{})
	if err != nil || !cfg.leadRetention.Off() {
		t.Errorf("default: %+v, %v", cfg.leadRetention, err)
	}
	for arg, want := range map[string]listing.Retention{"24m": {Months: 24}, "90d": {Days: 90}, "off": {}} {
		cfg, _, err := serveConfig([]string{"--lead-retention", arg}, env(), &bytes.Buffer{})
		if err != nil || cfg.leadRetention != want {
			t.Errorf("--lead-retention %s: %+v, %v", arg, cfg.leadRetention, err)
		}
	}
	for _, bad := range []string{"24", "720h", "0m", "2y", "1201m"} {
		var stderr bytes.Buffer
		_, _, err := serveConfig([]string{"--lead-retention", bad}, env(), &stderr)
		if err == nil || !strings.Contains(stderr.String(), "lead-retention") {
			t.Errorf("--lead-retention %s: %v, %q", bad, err, stderr.String())
		}
		_, _, err = serveConfig(nil, env("VITRINE_LEAD_RETENTION", bad), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "VITRINE_LEAD_RETENTION") {
			t.Errorf("VITRINE_LEAD_RETENTION=%s: %v", bad, err)
		}
	}
}

// TestRetentionJob: the job anonymises, at start, the leads older than
// the retention and only them, and logs how many.
func TestRetentionJob(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, d)
			past := time.Now().AddDate(0, 0, -91)
			old := storetest.OpenAt(t, dsn, store.Options{Now: func() time.Time { return past }})
			st := storetest.OpenAt(t, dsn, store.Options{})
			p, err := st.CreateProperty(context.Background(), storetest.Apartment("Casa Antiga"))
			if err != nil {
				t.Fatal(err)
			}
			in := listing.LeadInput{Name: "Rita", Email: "rita@example.com", Message: "Ainda está disponível?", ClientAddr: "192.0.2.3"}
			oldID, err := old.CreateLead(context.Background(), p.Slug, in)
			if err != nil {
				t.Fatal(err)
			}
			newID, err := st.CreateLead(context.Background(), p.Slug, in)
			if err != nil {
				t.Fatal(err)
			}

			var logs lockedBuffer
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				runRetention(ctx, st, listing.Retention{Days: 90}, time.Hour, slog.New(slog.NewJSONHandler(&logs, nil)))
				close(done)
			}()
			// The job's first look, at start, logs what it did.
			logged, ok := logs.waitFor(func(l string) bool { return strings.Contains(l, `"msg":"lead retention:`) }, done, time.Minute)
			cancel()
			<-done
			if !ok {
				t.Fatalf("the retention job logged nothing within a minute: %s", logged)
			}
			leads, err := st.SubjectLeads(context.Background(), "rita@example.com")
			if err != nil {
				t.Fatal(err)
			}
			if len(leads) != 1 || leads[0].ID != newID {
				t.Fatalf("left after the job: %+v (old %d, new %d)", leads, oldID, newID)
			}
			if !strings.Contains(logs.String(), `"anonymised":1`) {
				t.Errorf("logs: %s", logs.String())
			}
			recs, err := st.Erasures(context.Background(), "", 10)
			if err != nil || len(recs) != 1 || recs[0].Kind != listing.ErasureRetention || recs[0].Leads != 1 {
				t.Errorf("erasures: %+v, %v", recs, err)
			}
		})
	}
}

// TestRetentionJobLooksAgain: the job looks again every period, so that a
// lead which passes the retention while the server runs is anonymised at
// the next look, not at the next start. The bubble's clock runs the 91
// days at once; the store is a SQLite file, opened in the bubble so that
// its goroutines are the bubble's.
func TestRetentionJobLooksAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		st, err := store.Open(ctx, filepath.Join(t.TempDir(), "vitrine.db"), store.Options{Documents: detaildoc.Renderer{}})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if err := st.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		p, err := st.CreateProperty(ctx, storetest.Apartment("Casa Nova"))
		if err != nil {
			t.Fatal(err)
		}
		in := listing.LeadInput{Name: "Rita", Email: "rita@example.com", Message: "Ainda está disponível?", ClientAddr: "192.0.2.3"}
		if _, err := st.CreateLead(ctx, p.Slug, in); err != nil {
			t.Fatal(err)
		}
		left := func() int {
			t.Helper()
			leads, err := st.SubjectLeads(ctx, "rita@example.com")
			if err != nil {
				t.Fatal(err)
			}
			return len(leads)
		}

		var logs lockedBuffer
		jobCtx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			runRetention(jobCtx, st, listing.Retention{Days: 90}, 24*time.Hour, slog.New(slog.NewJSONHandler(&logs, nil)))
			close(done)
		}()
		stop := func() { cancel(); <-done }
		defer stop()    // before the store closes, the test failed or not
		synctest.Wait() // the first look, at start: the lead is new
		if n := left(); n != 1 {
			t.Fatalf("the first look anonymised a lead of today: %d left", n)
		}
		// Sleeping in a bubble moves its clock: the job's looks of the
		// next 89 days run now.
		time.Sleep(89 * 24 * time.Hour)
		synctest.Wait()
		if n := left(); n != 1 {
			t.Fatalf("after 89 days the lead is gone: %d left", n)
		}
		time.Sleep(2 * 24 * time.Hour)
		synctest.Wait()
		if n := left(); n != 0 {
			t.Fatalf("two looks after the lead passed 90 days it is still there: %d left", n)
		}
		stop()
		if !strings.Contains(logs.String(), `"anonymised":1`) {
			t.Errorf("logs: %s", logs.String())
		}
	})
}
