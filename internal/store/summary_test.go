package store_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// summaryTeam is the staff and leads of the summary tests: Ana
// (administrador), Bia (corretor, broker of the listing, two old leads
// still new and one answered), Caio (corretor, nothing pending), Duda
// (corretor, deactivated, one old lead), one old lead nobody is
// assigned, and one lead of Bia's that is too recent.
type summaryTeam struct {
	ana, bia, caio, duda listing.User
	biaOld               []int64
	unassigned, dudas    int64
}

// unassignedVisitor wrote the lead nobody is assigned.
const unassignedVisitor = "sem.dono@example.com.br"

func newSummaryTeam(t *testing.T, s *store.Store, clock *testclock.Clock) summaryTeam {
	t.Helper()
	var tm summaryTeam
	tm.ana = addUserAs(t, s, "ana@sol.example.com.br", listing.RoleAdministrador)
	tm.bia = addUserAs(t, s, "bia@sol.example.com.br", listing.RoleCorretor)
	tm.caio = addUserAs(t, s, "caio@sol.example.com.br", listing.RoleCorretor)
	tm.duda = addUserAs(t, s, "duda@sol.example.com.br", listing.RoleCorretor)
	if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", DailySummary: true}); err != nil {
		t.Fatal(err)
	}
	p := create(t, s, withBroker("Casa da Bia", tm.bia.ID))
	assign := func(id int64, to int64) {
		t.Helper()
		if _, err := s.UpdateLead(ctx, id, listing.LeadUpdate{AssignTo: &to, By: listing.Actor{Kind: listing.ActorUser, Ref: "1"}}); err != nil {
			t.Fatal(err)
		}
	}
	lead := func(email string) int64 {
		t.Helper()
		id, err := s.CreateLead(ctx, p.Slug, listing.LeadInput{Name: "Visitante", Email: email, Message: "Olá"})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	const v = "v@example.com.br"
	tm.biaOld = []int64{lead(v), lead(v)}
	answered := lead(v)
	open := listing.LeadOpen
	if _, err := s.UpdateLead(ctx, answered, listing.LeadUpdate{Status: &open}); err != nil {
		t.Fatal(err)
	}
	tm.dudas = lead(v)
	assign(tm.dudas, tm.duda.ID)
	tm.unassigned = lead(unassignedVisitor)
	assign(tm.unassigned, 0)
	if _, err := s.SetUserActive(ctx, tm.duda.ID, false); err != nil {
		t.Fatal(err)
	}
	clock.Advance(25 * time.Hour)
	lead(v) // Bia's, a few minutes old at summary time
	clock.Advance(10 * time.Minute)
	return tm
}

// summaryRefs returns the users the outbox's daily summaries go to.
func summaryRefs(t *testing.T, s *store.Store) []int64 {
	t.Helper()
	ms, err := s.RecentMail(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	var refs []int64
	for _, m := range ms {
		if m.Kind == store.MailDailySummary {
			refs = append(refs, m.Ref)
		}
	}
	slices.Sort(refs)
	return refs
}

// TestDailySummaryQueue: the day's summaries go to the active staff with
// leads still new after a day, and to administradores while some are
// unassigned; once a day; never while the agency has not asked.
func TestDailySummaryQueue(t *testing.T) {
	eachLinks(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		tm := newSummaryTeam(t, s, clock)
		cutoff := clock.Now().Add(-24 * time.Hour)

		n, err := s.QueueDailySummaries(ctx, "2026-11-21", cutoff)
		if err != nil || n != 2 {
			t.Fatalf("queued %d, %v; want 2 (Ana, Bia)", n, err)
		}
		if got, want := summaryRefs(t, s), []int64{tm.ana.ID, tm.bia.ID}; !slices.Equal(got, want) {
			t.Errorf("summaries to %v, want %v", got, want)
		}
		if n, err := s.QueueDailySummaries(ctx, "2026-11-21", cutoff); err != nil || n != 0 {
			t.Errorf("the same day again: %d, %v", n, err)
		}

		// Bia's: her two old leads, not the recent nor the answered one;
		// Ana's: none of her own, the unassigned one and the deactivated
		// Duda's.
		bia, err := s.DailySummary(ctx, tm.bia.ID, cutoff)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, l := range bia.Assigned.Items {
			ids = append(ids, l.ID)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, tm.biaOld) || bia.Assigned.Total != 2 || bia.Unassigned.Total != 0 ||
			bia.Recipient.Email != tm.bia.Email || !bia.Recipient.Active || bia.Agency.Name != "Imobiliária Sol" {
			t.Errorf("Bia's summary: %+v (ids %v, want %v)", bia, ids, tm.biaOld)
		}
		ana, err := s.DailySummary(ctx, tm.ana.ID, cutoff)
		if err != nil {
			t.Fatal(err)
		}
		ids = nil
		for _, l := range ana.Unassigned.Items {
			ids = append(ids, l.ID)
		}
		slices.Sort(ids)
		if want := []int64{tm.dudas, tm.unassigned}; ana.Assigned.Total != 0 || ana.Unassigned.Total != 2 || !slices.Equal(ids, want) {
			t.Errorf("Ana's summary: %+v (unassigned %v, want %v)", ana, ids, want)
		}
		duda, err := s.DailySummary(ctx, tm.duda.ID, cutoff)
		if err != nil || duda.Recipient.Active {
			t.Errorf("Duda's summary: %+v, %v; want her deactivated", duda.Recipient, err)
		}
		if _, err := s.DailySummary(ctx, 9999, cutoff); err == nil {
			t.Error("the summary of nobody was found")
		}

		// Anonymised leads are no one's business: once the unassigned
		// lead is, and Duda's is given to Bia, administradores get
		// nothing the next day.
		if _, err := s.AnonymizeSubject(ctx, unassignedVisitor, listing.Actor{Kind: listing.ActorUser, Ref: "1"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateLead(ctx, tm.dudas, listing.LeadUpdate{AssignTo: &tm.bia.ID}); err != nil {
			t.Fatal(err)
		}
		clock.Advance(24 * time.Hour)
		n, err = s.QueueDailySummaries(ctx, "2026-11-22", clock.Now().Add(-24*time.Hour))
		if err != nil || n != 1 {
			t.Errorf("the next day: queued %d, %v; want 1 (Bia)", n, err)
		}

		// Turned off, nothing is queued, and the day stays free.
		if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J"}); err != nil {
			t.Fatal(err)
		}
		if n, err := s.QueueDailySummaries(ctx, "2026-11-23", clock.Now()); err != nil || n != 0 {
			t.Errorf("turned off: %d, %v", n, err)
		}
		if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", DailySummary: true}); err != nil {
			t.Fatal(err)
		}
		if n, err := s.QueueDailySummaries(ctx, "2026-11-23", clock.Now()); err != nil || n != 1 {
			t.Errorf("turned on again the same day: %d, %v; want 1", n, err)
		}
	})
}

// TestDailySummaryOncePerDayOnPostgres: instances that look at the same
// moment queue the day's summaries once between them.
func TestDailySummaryOncePerDayOnPostgres(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	clock := testclock.New(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
	a := storetest.OpenAt(t, dsn, store.Options{Now: clock.Now})
	newSummaryTeam(t, a, clock)
	const instances = 4
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total int
	)
	for range instances {
		s := storetest.OpenAt(t, dsn, store.Options{Now: clock.Now})
		wg.Go(func() {
			n, err := s.QueueDailySummaries(ctx, "2026-11-21", clock.Now().Add(-24*time.Hour))
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	wg.Wait()
	if total != 2 || len(summaryRefs(t, a)) != 2 {
		t.Errorf("%d instances queued %d summaries (outbox %v), want 2", instances, total, summaryRefs(t, a))
	}
}
