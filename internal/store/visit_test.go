package store_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// visitor is a visit lead's contact as the booking form sends it.
func visitor(email string) listing.LeadInput {
	return listing.LeadInput{Name: "Maria Souza", Email: email, Phone: "(48) 99999-0000",
		Message: "Agendamento de visita pelo site."}
}

// slotAt is a one-hour slot of the broker starting at start.
func slotAt(broker int64, start time.Time) listing.VisitBooking {
	return listing.VisitBooking{BrokerID: broker, StartsAt: start, EndsAt: start.Add(time.Hour)}
}

func mailKinds(t *testing.T, s *store.Store) []string {
	t.Helper()
	var kinds []string
	for _, m := range claimMail(t, s, 100, time.Minute) {
		kinds = append(kinds, m.Kind)
	}
	slices.Sort(kinds)
	return kinds
}

func TestVisitSchedule(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		var sch listing.VisitSchedule
		sch.Weekly[time.Monday] = []listing.VisitInterval{{Start: 9 * 60, End: 12 * 60}, {Start: 14 * 60, End: 18 * 60}}
		sch.Weekly[time.Saturday] = []listing.VisitInterval{{Start: 9 * 60, End: 13 * 60}}
		sch.Exceptions = []listing.VisitException{
			{Date: "2026-11-02", Intervals: []listing.VisitInterval{}},
			{Date: "2026-12-24", Intervals: []listing.VisitInterval{}},
			{Date: "2026-12-26", Intervals: []listing.VisitInterval{{Start: 10 * 60, End: 11 * 60}}},
		}
		if err := s.SetVisitSchedule(ctx, ana.ID, sch); err != nil {
			t.Fatal(err)
		}
		got, err := s.VisitSchedule(ctx, ana.ID, "2026-12-01")
		if err != nil {
			t.Fatal(err)
		}
		want := sch
		want.Exceptions = sch.Exceptions[1:] // the past one is left out
		if !schedulesEqual(got, want) {
			t.Errorf("stored %+v, want %+v", got, want)
		}
		// Replacing clears what the new one leaves out.
		if err := s.SetVisitSchedule(ctx, ana.ID, listing.VisitSchedule{}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.VisitSchedule(ctx, ana.ID, ""); err != nil || !schedulesEqual(got, listing.VisitSchedule{}) {
			t.Errorf("after clearing: %+v, %v", got, err)
		}
		if err := s.SetVisitSchedule(ctx, 99999, sch); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("unknown user: %v", err)
		}
		if _, err := s.VisitSchedule(ctx, 99999, ""); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("unknown user read: %v", err)
		}
	})
}

func schedulesEqual(a, b listing.VisitSchedule) bool {
	for d := range a.Weekly {
		if !slices.Equal(a.Weekly[d], b.Weekly[d]) {
			return false
		}
	}
	return slices.EqualFunc(a.Exceptions, b.Exceptions, func(x, y listing.VisitException) bool {
		return x.Date == y.Date && slices.Equal(x.Intervals, y.Intervals)
	})
}

func TestBookVisit(t *testing.T) {
	eachMail(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		bia := addUser(t, s, "bia@imobiliaria.com.br", "Bia Lima")
		p := create(t, s, withBroker("Casa para Visitar", ana.ID))
		if b, err := s.VisitBroker(ctx, p.Slug); err != nil || b != ana.ID {
			t.Fatalf("VisitBroker: %d, %v", b, err)
		}
		if _, err := s.VisitBroker(ctx, "nao-existe"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("VisitBroker of an unknown slug: %v", err)
		}
		ten := clock.Now().Add(24 * time.Hour).Truncate(time.Hour)
		id, token, err := s.BookVisit(ctx, p.Slug, visitor("maria@example.com"), slotAt(ana.ID, ten))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(token, "vst_") {
			t.Errorf("token %q", token)
		}
		l, err := s.Lead(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if l.Kind() != listing.KindVisit || !l.Visit.StartsAt.Equal(ten) || !l.Visit.EndsAt.Equal(ten.Add(time.Hour)) ||
			l.Visit.Status != listing.VisitConfirmed || l.Visit.BrokerID != ana.ID || l.AssignedTo.Ref != strconv.FormatInt(ana.ID, 10) {
			t.Errorf("visit lead %+v (kind %s)", l, l.Kind())
		}
		// The agency's CRM receives the slot with the lead.
		if ds, err := s.ClaimDeliveries(ctx, 10, time.Minute); err != nil || (len(ds) > 0 &&
			!strings.Contains(string(ds[0].Payload), `"visit":{"starts_at":"`+ten.UTC().Format(time.RFC3339)+`"`)) {
			t.Errorf("webhook payload %+v, %v", ds, err)
		}
		// The visitor and the broker get their e-mails; no lead notice.
		if got := mailKinds(t, s); !slices.Equal(got, []string{store.MailVisitBroker, store.MailVisitVisitor}) {
			t.Errorf("mails %v", got)
		}

		// The same slot again: the database refuses it.
		_, _, err = s.BookVisit(ctx, p.Slug, visitor("joao@example.com"), slotAt(ana.ID, ten))
		var ce *listing.ConflictError
		if !errors.As(err, &ce) || ce.Field != "starts_at" {
			t.Fatalf("second booking of a slot: %v", err)
		}
		// A slot of someone else than the listing's broker is not offered.
		_, _, err = s.BookVisit(ctx, p.Slug, visitor("joao@example.com"), slotAt(bia.ID, ten))
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || ve.Fields["starts_at"] == nil {
			t.Errorf("another broker's slot: %v", err)
		}
		booked, err := s.BookedVisits(ctx, ana.ID, ten.Add(-time.Hour), ten.Add(time.Hour))
		if err != nil || len(booked) != 1 || !booked[0].Equal(ten) {
			t.Errorf("booked %v, %v", booked, err)
		}

		// Another visitor books eleven; the first cannot move onto it.
		eleven := ten.Add(time.Hour)
		if _, _, err := s.BookVisit(ctx, p.Slug, visitor("joao@example.com"), slotAt(ana.ID, eleven)); err != nil {
			t.Fatal(err)
		}
		mailKinds(t, s)
		if err := s.RescheduleVisit(ctx, token, slotAt(ana.ID, eleven)); !errors.As(err, &ce) || ce.Field != "starts_at" {
			t.Errorf("reschedule onto a taken slot: %v", err)
		}
		noon := ten.Add(2 * time.Hour)
		if err := s.RescheduleVisit(ctx, token, slotAt(ana.ID, noon)); err != nil {
			t.Fatal(err)
		}
		v, err := s.VisitByToken(ctx, token)
		if err != nil || v.LeadID != id || !v.Visit.StartsAt.Equal(noon) || v.Visit.Sequence != 1 || v.PropertySlug != p.Slug {
			t.Errorf("after reschedule: %+v, %v", v, err)
		}
		if got := mailKinds(t, s); !slices.Equal(got, []string{store.MailVisitBroker, store.MailVisitVisitor}) {
			t.Errorf("mails of the new time %v", got)
		}
		// Ten is free again: somebody else takes it.
		if _, _, err := s.BookVisit(ctx, p.Slug, visitor("lia@example.com"), slotAt(ana.ID, ten)); err != nil {
			t.Errorf("the slot left by a reschedule: %v", err)
		}
		mailKinds(t, s)

		if err := s.CancelVisit(ctx, token); err != nil {
			t.Fatal(err)
		}
		if v, _ := s.VisitByToken(ctx, token); v.Visit.Status != listing.VisitCancelled || v.Visit.Sequence != 2 {
			t.Errorf("after cancel: %+v", v)
		}
		if got := mailKinds(t, s); !slices.Equal(got, []string{store.MailVisitBroker, store.MailVisitVisitor}) {
			t.Errorf("mails of the cancellation %v", got)
		}
		if err := s.CancelVisit(ctx, token); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("cancel twice: %v", err)
		}
		// The timeline: booked at ten, moved to noon, cancelled.
		l, err = s.Lead(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var steps []string
		for _, e := range l.Timeline {
			if e.Kind == listing.EventVisit {
				steps = append(steps, string(e.Visit.Status)+" "+e.Visit.StartsAt.Sub(ten).String()+" "+e.Visit.EndsAt.Sub(e.Visit.StartsAt).String())
			}
		}
		if want := []string{"confirmed 0s 1h0m0s", "confirmed 2h0m0s 1h0m0s", "cancelled 2h0m0s 1h0m0s"}; !slices.Equal(steps, want) {
			t.Errorf("the visit's timeline %q, want %q", steps, want)
		}
		for _, bad := range []string{"", "vst_nada", "inv_" + token[4:]} {
			if _, err := s.VisitByToken(ctx, bad); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("token %q: %v", bad, err)
			}
		}
		// Noon is free again once cancelled.
		if _, _, err := s.BookVisit(ctx, p.Slug, visitor("rui@example.com"), slotAt(ana.ID, noon)); err != nil {
			t.Errorf("the slot of a cancelled visit: %v", err)
		}
	})
}

// TestVisitMailDataAndPrivacy: the e-mails' data carries the token and
// the broker; anonymising the visitor kills the link and cancels the
// visit's pending e-mails, while the export shows the slot.
func TestVisitMailDataAndPrivacy(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		p := create(t, s, withBroker("Casa Privada", ana.ID))
		start := clock.Now().Add(48 * time.Hour).Truncate(time.Hour)
		id, token, err := s.BookVisit(ctx, p.Slug, visitor("maria@example.com"), slotAt(ana.ID, start))
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.VisitMailData(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Token != token || m.Broker.Email != "ana@imobiliaria.com.br" || !m.Broker.Active || m.Property == nil ||
			m.Property.Slug != p.Slug || !m.Lead.Visit.StartsAt.Equal(start) {
			t.Errorf("visit mail data %+v", m)
		}
		if ms, err := s.LeadMail(ctx, []int64{id}); err != nil || len(ms) != 2 {
			t.Errorf("the export's e-mails of a visit: %+v, %v", ms, err)
		}
		leads, err := s.SubjectLeads(ctx, "maria@example.com")
		if err != nil || len(leads) != 1 || leads[0].Kind() != listing.KindVisit || !leads[0].Visit.StartsAt.Equal(start) {
			t.Fatalf("export: %+v, %v", leads, err)
		}
		if _, err := s.AnonymizeSubject(ctx, "maria@example.com", listing.Actor{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.VisitByToken(ctx, token); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("link after anonymisation: %v", err)
		}
		if got := mailKinds(t, s); len(got) != 0 {
			t.Errorf("e-mails still pending after anonymisation: %v", got)
		}
		if m, err := s.VisitMailData(ctx, id); err != nil || m.Token != "" || m.Lead.Email != "" {
			t.Errorf("after anonymisation: token %q email %q, %v", m.Token, m.Lead.Email, err)
		}
	})
}

// TestVisitRaceTwoInstances: two instances of the service on one
// database, many visitors at once for one slot: exactly one gets it, the
// others a conflict on starts_at.
func TestVisitRaceTwoInstances(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, d)
			a := storetest.OpenAt(t, dsn, store.Options{})
			b := storetest.OpenAt(t, dsn, store.Options{})
			ana := addUser(t, a, "ana@imobiliaria.com.br", "Ana Souza")
			p := create(t, a, withBroker("Casa Disputada", ana.ID))
			start := time.Now().Add(72 * time.Hour).Truncate(time.Hour)
			const n = 24
			var won, lost atomic.Int32
			var wg sync.WaitGroup
			for i := range n {
				s := a
				if i%2 == 1 {
					s = b
				}
				wg.Go(func() {
					_, _, err := s.BookVisit(ctx, p.Slug, visitor("v"+strconv.Itoa(i)+"@example.com"), slotAt(ana.ID, start))
					var ce *listing.ConflictError
					switch {
					case err == nil:
						won.Add(1)
					case errors.As(err, &ce) && ce.Field == "starts_at":
						lost.Add(1)
					default:
						t.Errorf("booking %d: %v", i, err)
					}
				})
			}
			wg.Wait()
			if won.Load() != 1 || lost.Load() != n-1 {
				t.Fatalf("%d won, %d lost; want 1 and %d", won.Load(), lost.Load(), n-1)
			}
			booked, err := b.BookedVisits(ctx, ana.ID, start, start.Add(time.Minute))
			if err != nil || len(booked) != 1 {
				t.Errorf("booked %v, %v", booked, err)
			}
		})
	}
}

// TestVisitRemindersOnce: instances queueing reminders at once queue
// each visit's once, and only for visits within the window.
func TestVisitRemindersOnce(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			dsn := storetest.MigratedDSN(t, d)
			stores := []*store.Store{storetest.OpenAt(t, dsn, store.Options{Now: clock.Now}), storetest.OpenAt(t, dsn, store.Options{Now: clock.Now})}
			ana := addUser(t, stores[0], "ana@imobiliaria.com.br", "Ana Souza")
			p := create(t, stores[0], withBroker("Casa Lembrada", ana.ID))
			base := clock.Now().Truncate(time.Hour)
			for h := 1; h <= 10; h++ {
				if _, _, err := stores[0].BookVisit(ctx, p.Slug, visitor("v@example.com"), slotAt(ana.ID, base.Add(time.Duration(h)*6*time.Hour))); err != nil {
					t.Fatal(err)
				}
			}
			mailKinds(t, stores[0])
			// Within the next 24 hours: the visits at 6, 12, 18 and 24 h.
			var total atomic.Int32
			var wg sync.WaitGroup
			for i := range 8 {
				wg.Go(func() {
					n, err := stores[i%2].QueueVisitReminders(ctx, clock.Now().Add(24*time.Hour))
					if err != nil {
						t.Errorf("QueueVisitReminders: %v", err)
					}
					total.Add(int32(n))
				})
			}
			wg.Wait()
			if total.Load() != 4 {
				t.Errorf("queued %d reminders, want 4", total.Load())
			}
			got := mailKinds(t, stores[1])
			if len(got) != 4 || got[0] != store.MailVisitReminder || got[3] != store.MailVisitReminder {
				t.Errorf("mails %v", got)
			}
		})
	}
}
