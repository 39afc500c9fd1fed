package store_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// outboxEpoch is when the stores' clocks start in these tests.
var outboxEpoch = time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC)

// eachOutbox runs fn per dialect on a store that keeps an outbox, with a
// clock of the test's.
func eachOutbox(t *testing.T, fn func(t *testing.T, s *store.Store, clock *testclock.Clock)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			fn(t, storetest.Open(t, d, store.Options{Outbox: true, Now: clock.Now}), clock)
		})
	}
}

// outboxLeads stores n leads about one new property and returns their ids.
func outboxLeads(t *testing.T, s *store.Store, n int) []int64 {
	t.Helper()
	p := create(t, s, storetest.Apartment("Casa com Webhook"))
	ids := make([]int64, n)
	for i := range ids {
		id, err := s.CreateLead(ctx, p.Slug, lead())
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

func claim(t *testing.T, s *store.Store, limit int, lease time.Duration) []store.Delivery {
	t.Helper()
	ds, err := s.ClaimDeliveries(ctx, limit, lease)
	if err != nil {
		t.Fatalf("ClaimDeliveries: %v", err)
	}
	return ds
}

func state(t *testing.T, s *store.Store, id int64) listing.Delivery {
	t.Helper()
	d, err := s.DeliveryState(ctx, id)
	if err != nil {
		t.Fatalf("DeliveryState(%d): %v", id, err)
	}
	return d
}

func TestClaimDeliveries(t *testing.T) {
	eachOutbox(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ids := outboxLeads(t, s, 3)
		ds := claim(t, s, 2, time.Minute)
		if len(ds) != 2 || ds[0].LeadID != ids[0] || ds[1].LeadID != ids[1] {
			t.Fatalf("claimed %+v, want the two oldest of %v", ds, ids)
		}
		var ev store.LeadEvent
		if err := json.Unmarshal(ds[0].Payload, &ev); err != nil {
			t.Fatalf("payload is not a LeadEvent: %v\n%s", err, ds[0].Payload)
		}
		if ev.LeadID != ids[0] || ev.PropertySlug != "casa-com-webhook" || ev.PropertyCode != "AP-0042" ||
			ev.PropertyTitle != "Casa com Webhook" || ev.Name == "" || ev.Email == "" || ev.Message == "" || !ev.CreatedAt.Equal(clock.Now()) {
			t.Errorf("payload = %+v", ev)
		}
		if ds[0].Attempt != 1 {
			t.Errorf("attempt = %d, want 1", ds[0].Attempt)
		}
		// The first two are leased; only the third is left.
		if rest := claim(t, s, 10, time.Minute); len(rest) != 1 || rest[0].LeadID != ids[2] {
			t.Fatalf("second claim = %+v, want only lead %d", rest, ids[2])
		}
		if again := claim(t, s, 10, time.Minute); len(again) != 0 {
			t.Fatalf("leased deliveries claimed again: %+v", again)
		}
		if d := state(t, s, ids[0]); d.Status != listing.DeliveryPending || d.Attempts != 1 {
			t.Errorf("state while in flight = %+v", d)
		}
		if got := claim(t, s, 0, time.Minute); len(got) != 0 {
			t.Errorf("limit 0 claimed %+v", got)
		}
	})
}

func TestDeliveredIsFinal(t *testing.T) {
	eachOutbox(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ids := outboxLeads(t, s, 1)
		d := claim(t, s, 1, time.Minute)[0]
		if err := s.MarkDelivered(ctx, d); err != nil {
			t.Fatal(err)
		}
		clock.Advance(24 * time.Hour)
		if got := claim(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("delivered lead claimed again: %+v", got)
		}
		page, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		if got := page.Items[0].Delivery; page.Items[0].ID != ids[0] || got != (listing.Delivery{Status: listing.DeliveryDelivered, Attempts: 1}) {
			t.Errorf("listed delivery = %+v", got)
		}
		if err := s.MarkDelivered(ctx, d); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("second MarkDelivered: %v, want ErrLeaseLost", err)
		}
		if err := s.RetryDelivery(ctx, d, time.Second, "x"); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("retry after delivered: %v, want ErrLeaseLost", err)
		}
	})
}

func TestRetryWaitsThenFails(t *testing.T) {
	eachOutbox(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		id := outboxLeads(t, s, 1)[0]
		d := claim(t, s, 1, time.Minute)[0]
		if err := s.RetryDelivery(ctx, d, 30*time.Second, "resposta HTTP 503"); err != nil {
			t.Fatal(err)
		}
		if got := state(t, s, id); got != (listing.Delivery{Status: listing.DeliveryPending, Attempts: 1, LastError: "resposta HTTP 503"}) {
			t.Errorf("after a retry: %+v", got)
		}
		clock.Advance(29 * time.Second)
		if got := claim(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed before its next attempt is due: %+v", got)
		}
		clock.Advance(time.Second)
		ds := claim(t, s, 10, time.Minute)
		if len(ds) != 1 || ds[0].Attempt != 2 {
			t.Fatalf("due retry claim = %+v, want attempt 2", ds)
		}
		long := strings.Repeat("é", 500)
		if err := s.FailDelivery(ctx, ds[0], long); err != nil {
			t.Fatal(err)
		}
		got := state(t, s, id)
		if got.Status != listing.DeliveryFailed || got.Attempts != 2 || len([]rune(got.LastError)) != 200 {
			t.Errorf("after giving up: status %s, attempts %d, reason of %d runes", got.Status, got.Attempts, len([]rune(got.LastError)))
		}
		clock.Advance(240 * time.Hour)
		if got := claim(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("failed delivery claimed again: %+v", got)
		}
		// A late success of an attempt still counts: the lead reached the agency.
		if err := s.MarkDelivered(ctx, ds[0]); err != nil {
			t.Fatal(err)
		}
		if got := state(t, s, id); got.Status != listing.DeliveryDelivered || got.LastError != "" {
			t.Errorf("late success = %+v", got)
		}
	})
}

func TestLeaseExpiresAndFencesTheOldClaim(t *testing.T) {
	eachOutbox(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		id := outboxLeads(t, s, 1)[0]
		stale := claim(t, s, 1, time.Minute)[0] // an instance claims, then stops answering
		clock.Advance(59 * time.Second)
		if got := claim(t, s, 1, time.Minute); len(got) != 0 {
			t.Fatalf("claimed during the lease: %+v", got)
		}
		clock.Advance(time.Second)
		fresh := claim(t, s, 1, time.Minute)
		if len(fresh) != 1 || fresh[0].LeadID != id || fresh[0].Attempt != 2 {
			t.Fatalf("after the lease: %+v, want lead %d at attempt 2", fresh, id)
		}
		if err := s.RetryDelivery(ctx, stale, time.Second, "late"); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("stale retry: %v, want ErrLeaseLost", err)
		}
		if err := s.FailDelivery(ctx, stale, "late"); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("stale fail: %v, want ErrLeaseLost", err)
		}
		if err := s.RetryDelivery(ctx, fresh[0], time.Minute, "resposta HTTP 500"); err != nil {
			t.Errorf("current holder's retry: %v", err)
		}
		if got := state(t, s, id); got.Status != listing.DeliveryPending || got.LastError != "resposta HTTP 500" {
			t.Errorf("state = %+v", got)
		}
	})
}

func TestNoOutboxNoDeliveries(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Sem Webhook"))
		id, err := s.CreateLead(ctx, p.Slug, lead())
		if err != nil {
			t.Fatal(err)
		}
		if got := claim(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed %+v from a store without an outbox", got)
		}
		if _, err := s.DeliveryState(ctx, id); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("DeliveryState: %v, want ErrNotFound", err)
		}
	})
}

// TestClaimsAreExclusive claims from two stores on one database, several
// claimers each, until nothing is left: every delivery is claimed once.
func TestClaimsAreExclusive(t *testing.T) {
	claimedOnce(t, store.Options{Outbox: true}, func(s *store.Store) ([]int64, error) {
		ds, err := s.ClaimDeliveries(ctx, 7, time.Hour)
		ids := make([]int64, len(ds))
		for i, d := range ds {
			ids[i] = d.LeadID
		}
		return ids, err
	})
}

// claimedOnce stores leads through one of two stores (opts) on one
// database, then runs claim, several claimers on each store, until it
// claims nothing, and checks that it claimed each lead once (by the ids it
// returns).
func claimedOnce(t *testing.T, opts store.Options, claim func(*store.Store) ([]int64, error)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, d)
			var stores [2]*store.Store
			for i := range stores {
				stores[i] = storetest.OpenAt(t, dsn, opts)
			}
			const n = 120
			ids := outboxLeads(t, stores[0], n)
			var mu sync.Mutex
			claims := map[int64]int{}
			var wg sync.WaitGroup
			for c := range 6 {
				s := stores[c%2]
				wg.Go(func() {
					for {
						got, err := claim(s)
						if err != nil {
							t.Error(err)
							return
						}
						if len(got) == 0 {
							return
						}
						mu.Lock()
						for _, id := range got {
							claims[id]++
						}
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			for _, id := range ids {
				if claims[id] != 1 {
					t.Errorf("lead %d claimed %d times", id, claims[id])
				}
			}
			if len(claims) != n {
				t.Errorf("%d leads claimed, want %d", len(claims), n)
			}
		})
	}
}
