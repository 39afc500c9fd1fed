package alerts_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/alerts"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

var ctx = context.Background()

// epoch is a Monday 14:00 in UTC, 11:00 in the agency's time zone.
var epoch = time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC)

// fixture is a store with a recorded notice and the clock of its test.
type fixture struct {
	t      *testing.T
	s      *store.Store
	clock  *testclock.Clock
	notice listing.Notice
}

func eachDialect(t *testing.T, fn func(t *testing.T, f *fixture, dsn string)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(epoch)
			dsn := storetest.MigratedDSN(t, d)
			s := storetest.OpenAt(t, dsn, store.Options{Now: clock.Now})
			n, err := s.RecordNotice(ctx, listing.NewNotice(listing.Agency{Name: "Sol"}, listing.Retention{}))
			if err != nil {
				t.Fatal(err)
			}
			fn(t, &fixture{t: t, s: s, clock: clock, notice: n}, dsn)
		})
	}
}

// save stores and confirms a saved search of query.
func (f *fixture) save(email, query string, freq listing.Frequency) int64 {
	f.t.Helper()
	created, err := f.s.CreateSavedSearch(ctx, listing.SavedSearchInput{Query: query, Email: email, Frequency: freq, NoticeVersion: f.notice.Version})
	if err != nil || !created {
		f.t.Fatalf("CreateSavedSearch: %v %v", created, err)
	}
	list, err := f.s.SubjectSavedSearches(ctx, email)
	if err != nil {
		f.t.Fatal(err)
	}
	id := list[len(list)-1].ID
	token, err := f.s.MintSavedSearchLink(ctx, id)
	if err == nil {
		_, err = f.s.ConfirmSavedSearch(ctx, token)
	}
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// listing creates a property: for sale in Florianópolis at price reais,
// with the given changes.
func (f *fixture) listing(title string, price int64, change func(*listing.PropertyUpdate)) listing.Property {
	f.t.Helper()
	u := storetest.Apartment(title)
	u.Code = storetest.Ptr("")
	u.Price = storetest.Ptr(listing.Money(price * 100))
	if change != nil {
		change(&u)
	}
	p, err := f.s.CreateProperty(ctx, u)
	if err != nil {
		f.t.Fatalf("CreateProperty: %v", err)
	}
	return p
}

func (f *fixture) update(id string, u listing.PropertyUpdate) {
	f.t.Helper()
	if _, err := f.s.UpdateProperty(ctx, id, u); err != nil {
		f.t.Fatalf("UpdateProperty: %v", err)
	}
}

func run(t *testing.T, w *alerts.Worker) alerts.Result {
	t.Helper()
	r, err := w.RunOnce(ctx)
	if err != nil {
		t.Fatalf("RunOnce: %v", err)
	}
	return r
}

// sent is an alert e-mail of the outbox: its search and its news.
type sent struct {
	search int64
	hits   []string // property id and kind
}

// alertMail claims the outbox's e-mails and returns its alerts.
func (f *fixture) alertMail() []sent {
	f.t.Helper()
	ms, err := f.s.ClaimMail(ctx, 100, time.Hour)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []sent
	for _, m := range ms {
		if m.Kind != store.MailSavedSearchAlert {
			continue
		}
		a, err := f.s.SavedSearchAlertMail(ctx, m.Ref)
		if err != nil {
			f.t.Fatal(err)
		}
		e := sent{search: a.Search.ID}
		for _, h := range a.Hits {
			e.hits = append(e.hits, h.PropertyID+" "+string(h.Kind))
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b sent) int { return int(a.search - b.search) })
	return out
}

// TestAlerts: the first run finds nothing (what exists is not news); a
// new listing goes, at once, to the immediate searches it matches and to
// no other; an edit is not news, a price that went up neither, a drop is;
// a listing the public does not see is not news until it is published;
// daily searches get theirs from the agency's 8:00, once.
func TestAlerts(t *testing.T) {
	eachDialect(t, func(t *testing.T, f *fixture, _ string) {
		old := f.listing("Antigo", 500_000, nil)
		sale := f.save("a@example.com.br", "business=venda&city=florianopolis-sc&price_max=600000", listing.FrequencyImmediate)
		rent := f.save("b@example.com.br", "business=aluguel", listing.FrequencyImmediate)
		twoBed := f.save("c@example.com.br", "city=florianopolis-sc&bedrooms=3&q=vista", listing.FrequencyImmediate)
		daily := f.save("d@example.com.br", "city=florianopolis-sc", listing.FrequencyDaily)
		f.alertMail() // the confirmations
		w := alerts.New(alerts.Config{Store: f.s, Now: f.clock.Now})
		if r := run(t, w); r.Hits != 0 || r.Changed != 1 {
			t.Fatalf("first run: %+v", r)
		}
		if got := f.alertMail(); len(got) != 0 {
			t.Fatalf("first run sent %v", got)
		}

		p := f.listing("Novo", 550_000, nil)
		if r := run(t, w); r.Hits != 3 || r.Queued != 2 {
			t.Errorf("new listing: %+v", r)
		}
		want := []sent{{sale, []string{p.ID + " novo"}}, {twoBed, []string{p.ID + " novo"}}}
		if got := f.alertMail(); !slices.EqualFunc(got, want, func(a, b sent) bool { return a.search == b.search && slices.Equal(a.hits, b.hits) }) {
			t.Errorf("new listing sent %v, want %v", got, want)
		}

		f.update(p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Novo, com outro título")})
		f.update(old.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(700_000_00))})
		if r := run(t, w); r.Hits != 0 || r.Changed != 2 {
			t.Errorf("an edit and a rise: %+v", r)
		}
		f.update(old.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(590_000_00))})
		if r := run(t, w); r.Hits != 3 {
			t.Errorf("a drop: %+v", r)
		}
		want = []sent{{sale, []string{old.ID + " preco"}}, {twoBed, []string{old.ID + " preco"}}}
		if got := f.alertMail(); !slices.EqualFunc(got, want, func(a, b sent) bool { return a.search == b.search && slices.Equal(a.hits, b.hits) }) {
			t.Errorf("drop sent %v, want %v", got, want)
		}

		hidden := f.listing("Rascunho", 400_000, func(u *listing.PropertyUpdate) { u.IsActive = storetest.Ptr(false) })
		if r := run(t, w); r.Hits != 0 {
			t.Errorf("an inactive listing: %+v", r)
		}
		f.update(hidden.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(true)})
		if r := run(t, w); r.Hits != 3 {
			t.Errorf("published: %+v", r)
		}
		if got := f.alertMail(); len(got) != 2 || got[0].hits[0] != hidden.ID+" novo" {
			t.Errorf("published sent %v", got)
		}
		rental := f.listing("Aluguel", 3_000, func(u *listing.PropertyUpdate) { u.Type = storetest.Ptr("aluguel") })
		run(t, w)
		// Any business, with three bedrooms and "vista": the rental too.
		if got := f.alertMail(); len(got) != 2 || got[0].search != rent || got[1].search != twoBed || got[0].hits[0] != rental.ID+" novo" {
			t.Errorf("rental sent %v", got)
		}

		// 11:00 in the agency: the daily alerts went out this morning
		// already, before any news: tomorrow's carry these.
		f.clock.Advance(-4 * time.Hour) // 07:00 there
		if n, err := w.QueueDaily(ctx, f.clock.Now()); err != nil || n != 0 {
			t.Errorf("before 8:00: %d, %v", n, err)
		}
		f.clock.Advance(time.Hour + time.Minute)
		for i, want := range []int{1, 0} {
			if n, err := w.QueueDaily(ctx, f.clock.Now()); err != nil || n != want {
				t.Errorf("daily #%d: %d, %v", i, n, err)
			}
		}
		got := f.alertMail()
		if len(got) != 1 || got[0].search != daily || len(got[0].hits) != 4 {
			t.Errorf("daily sent %v", got)
		}
	})
}

// TestAlertsTwoInstances: two instances over one database, running at
// the same time over the same changes, queue one e-mail.
func TestAlertsTwoInstances(t *testing.T) {
	eachDialect(t, func(t *testing.T, f *fixture, dsn string) {
		other := storetest.OpenAt(t, dsn, store.Options{Now: f.clock.Now})
		f.save("a@example.com.br", "business=venda", listing.FrequencyImmediate)
		f.alertMail()
		workers := []*alerts.Worker{alerts.New(alerts.Config{Store: f.s}), alerts.New(alerts.Config{Store: other})}
		run(t, workers[0])
		p := f.listing("Novo", 550_000, nil)
		var wg sync.WaitGroup
		results := make([]alerts.Result, 2)
		for i, w := range workers {
			wg.Go(func() { results[i] = run(t, w) })
		}
		wg.Wait()
		if results[0].Queued+results[1].Queued != 1 {
			t.Errorf("two instances queued %+v", results)
		}
		if got := f.alertMail(); len(got) != 1 || got[0].hits[0] != p.ID+" novo" {
			t.Errorf("sent %v", got)
		}
		for _, w := range workers {
			if r := run(t, w); r.Hits != 0 {
				t.Errorf("again: %+v", r)
			}
		}
	})
}
