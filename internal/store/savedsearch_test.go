package store_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/testclock"
)

const savedQuery = "business=venda&city=florianopolis-sc"

func saveSearch(t *testing.T, s *store.Store, notice listing.Notice, email, query string) int64 {
	t.Helper()
	created, err := s.CreateSavedSearch(ctx, listing.SavedSearchInput{Query: query, Email: email,
		Frequency: listing.FrequencyImmediate, NoticeVersion: notice.Version, ClientAddr: "203.0.113.9"})
	if err != nil || !created {
		t.Fatalf("CreateSavedSearch(%s, %s) = %v, %v", email, query, created, err)
	}
	list, err := s.SubjectSavedSearches(ctx, email)
	if err != nil || len(list) == 0 {
		t.Fatalf("SubjectSavedSearches: %v, %v", list, err)
	}
	return list[len(list)-1].ID
}

func mustMint(t *testing.T, s *store.Store, id int64) string {
	t.Helper()
	token, err := s.MintSavedSearchLink(ctx, id)
	if err != nil {
		t.Fatalf("MintSavedSearchLink: %v", err)
	}
	return token
}

// TestSavedSearchLifecycle: a search waits for its confirmation with its
// consent evidence and its confirmation e-mail; a minted link confirms
// it, lists the e-mail's searches, changes the frequency and
// unsubscribes; a token of another prefix or unknown finds nothing; a
// search of another e-mail cannot be reached with this one's token.
func TestSavedSearchLifecycle(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		n := recordNotice(t, s, listing.Agency{Name: "Sol"}, listing.Retention{})
		id := saveSearch(t, s, n, "Maria@Example.com.br", savedQuery)
		other := saveSearch(t, s, n, "joao@example.com.br", savedQuery)
		ss, err := s.SavedSearch(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if ss.Status != listing.SavedSearchPending || ss.NoticeVersion != n.Version || ss.ClientHash == "" ||
			ss.ClientHash == "203.0.113.9" || !ss.ConsentAt.Equal(outboxEpoch) || ss.Query != savedQuery {
			t.Errorf("stored %+v", ss)
		}
		ms := claimMail(t, s, 10, time.Minute)
		if len(ms) != 2 || ms[0].Kind != store.MailSavedSearchConfirm || ms[0].Ref != id {
			t.Fatalf("outbox: %+v", ms)
		}
		token, err := s.MintSavedSearchLink(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"", "va_nothing", "vi_" + token[3:], token + "x"} {
			if _, err := s.ConfirmSavedSearch(ctx, bad); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("confirm %q: %v, want not found", bad, err)
			}
		}
		clock.Advance(time.Hour)
		ss, err = s.ConfirmSavedSearch(ctx, token)
		if err != nil || ss.Status != listing.SavedSearchActive || !ss.ConfirmedAt.Equal(outboxEpoch.Add(time.Hour)) {
			t.Fatalf("confirm: %+v, %v", ss, err)
		}
		if again, err := s.ConfirmSavedSearch(ctx, token); err != nil || !again.ConfirmedAt.Equal(ss.ConfirmedAt) {
			t.Errorf("confirm again: %+v, %v", again, err)
		}
		second := saveSearch(t, s, n, "maria@example.com.br", "business=aluguel")
		email, list, err := s.ManagedSavedSearches(ctx, token)
		if err != nil || email != "Maria@Example.com.br" || len(list) != 2 || list[0].ID != id || list[1].ID != second {
			t.Fatalf("managed: %s %+v %v", email, list, err)
		}
		if _, err := s.SetSavedSearchFrequency(ctx, token, other, listing.FrequencyDaily); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("another e-mail's search: %v", err)
		}
		if ss, err := s.SetSavedSearchFrequency(ctx, token, second, listing.FrequencyDaily); err != nil || ss.Frequency != listing.FrequencyDaily {
			t.Errorf("frequency: %+v, %v", ss, err)
		}
		if ss, err := s.UnsubscribeSavedSearch(ctx, token, 0); err != nil || ss.Status != listing.SavedSearchUnsubscribed {
			t.Errorf("unsubscribe: %+v, %v", ss, err)
		}
		if _, err := s.UnsubscribeSavedSearch(ctx, token, 0); err != nil {
			t.Errorf("unsubscribe twice: %v", err)
		}
		if err := s.DeleteSavedSearch(ctx, token, second); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SavedSearch(ctx, second); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("deleted: %v", err)
		}
		c, err := s.SavedSearchCounts(ctx)
		if err != nil || c.Active != 0 || c.Pending != 1 || c.Unsubscribed != 1 {
			t.Errorf("counts %+v, %v", c, err)
		}
	})
}

// TestSavedSearchLimits: the same query twice, or more than
// MaxSavedSearches for one e-mail, stores nothing and says so only to the
// caller; an unknown notice or a bad e-mail is refused; unconfirmed
// searches expire.
func TestSavedSearchLimits(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		n := recordNotice(t, s, listing.Agency{Name: "Sol"}, listing.Retention{})
		in := listing.SavedSearchInput{Query: savedQuery, Email: "a@example.com.br", Frequency: listing.FrequencyDaily, NoticeVersion: n.Version}
		for i := range listing.MaxSavedSearches + 2 {
			in.Query = savedQuery + "&bedrooms=" + string(rune('1'+i%9)) + string(rune('0'+i/9))
			created, err := s.CreateSavedSearch(ctx, in)
			if err != nil || created != (i < listing.MaxSavedSearches) {
				t.Fatalf("#%d: %v, %v", i, created, err)
			}
		}
		in.Email = "b@example.com.br"
		if created, err := s.CreateSavedSearch(ctx, in); err != nil || !created {
			t.Fatal(created, err)
		}
		if created, err := s.CreateSavedSearch(ctx, in); err != nil || created {
			t.Errorf("the same query again: %v, %v", created, err)
		}
		bad := in
		bad.NoticeVersion = "v1-0000000000000000"
		var ve *listing.ValidationError
		if _, err := s.CreateSavedSearch(ctx, bad); !errors.As(err, &ve) {
			t.Errorf("unknown notice: %v", err)
		}
		bad = in
		bad.Email = "nope"
		if _, err := s.CreateSavedSearch(ctx, bad); !errors.As(err, &ve) || ve.Fields["email"] == nil {
			t.Errorf("bad e-mail: %v", err)
		}
		clock.Advance(listing.SavedSearchConfirmTTL + time.Minute)
		if got, err := s.DeleteStaleVisitorRequests(ctx, clock.Now().Add(-listing.SavedSearchConfirmTTL)); err != nil || got != listing.MaxSavedSearches+1 {
			t.Errorf("expired: %d, %v", got, err)
		}
	})
}

// TestSavedSearchesInLGPD: the subject's export lists their saved
// searches with the consent evidence, and the anonymisation by e-mail
// deletes them, their links and their alerts; another e-mail's stay.
func TestSavedSearchesInLGPD(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		n := recordNotice(t, s, listing.Agency{Name: "Sol"}, listing.Retention{})
		id := saveSearch(t, s, n, "maria@example.com.br", savedQuery)
		keep := saveSearch(t, s, n, "joao@example.com.br", savedQuery)
		token := mustMint(t, s, id)
		if _, err := s.ConfirmSavedSearch(ctx, token); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := s.CommitAlerts(ctx, store.AlertBatch{First: true, To: 1,
			Hits:      []listing.AlertHit{{SearchID: id, PropertyID: "0190f8a0-0000-7000-8000-000000000001", Kind: listing.AlertNew}},
			Immediate: map[int64]bool{id: true}}); err != nil || !ok {
			t.Fatal(ok, err)
		}
		list, err := s.SubjectSavedSearches(ctx, "MARIA@example.com.br")
		if err != nil || len(list) != 1 || list[0].NoticeVersion != n.Version || list[0].ClientHash == "" {
			t.Fatalf("export: %+v, %v", list, err)
		}
		if _, err := s.AnonymizeSubject(ctx, "maria@example.com.br", listing.Actor{Kind: listing.ActorUser, Ref: "1"}); err != nil {
			t.Fatal(err)
		}
		if list, err := s.SubjectSavedSearches(ctx, "maria@example.com.br"); err != nil || len(list) != 0 {
			t.Errorf("after anonymisation: %+v, %v", list, err)
		}
		if _, err := s.ConfirmSavedSearch(ctx, token); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("link after anonymisation: %v", err)
		}
		for _, m := range claimMail(t, s, 10, time.Minute) {
			if m.Kind == store.MailSavedSearchAlert {
				if _, err := s.SavedSearchAlertMail(ctx, m.Ref); !errors.Is(err, listing.ErrNotFound) {
					t.Errorf("alert after anonymisation: %v", err)
				}
			}
		}
		if _, err := s.SavedSearch(ctx, keep); err != nil {
			t.Errorf("another e-mail's search: %v", err)
		}
	})
}

// TestCommitAlertsOnce: two instances committing the same changes record
// them once (the cursor fences them), and one immediate e-mail goes out;
// news matched against saved searches since changed are not recorded;
// daily news wait for their day, which is queued once.
func TestCommitAlertsOnce(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		n := recordNotice(t, s, listing.Agency{Name: "Sol"}, listing.Retention{})
		now := saveSearch(t, s, n, "a@example.com.br", savedQuery)
		daily := saveSearch(t, s, n, "b@example.com.br", savedQuery)
		for _, id := range []int64{now, daily} {
			tok := mustMint(t, s, id)
			_, err := s.ConfirmSavedSearch(ctx, tok)
			if err == nil && id == daily {
				_, err = s.SetSavedSearchFrequency(ctx, tok, 0, listing.FrequencyDaily)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		claimMail(t, s, 10, time.Hour) // the confirmations
		if _, ok, err := s.CommitAlerts(ctx, store.AlertBatch{First: true, To: 5}); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if v, _, ok, err := s.AlertCursor(ctx); v != 5 || !ok || err != nil {
			t.Fatalf("cursor %d %v %v", v, ok, err)
		}
		_, before, _, _ := s.AlertCursor(ctx)
		gone := saveSearch(t, s, n, "c@example.com.br", savedQuery)
		if _, err := s.UnsubscribeSavedSearch(ctx, mustMint(t, s, gone), 0); err != nil {
			t.Fatal(err)
		}
		if _, after, _, err := s.AlertCursor(ctx); err != nil || after <= before {
			t.Errorf("searches count %d after an unsubscription, %d before (%v)", after, before, err)
		}
		claimMail(t, s, 10, time.Hour) // its confirmation
		const pid = "0190f8a0-0000-7000-8000-000000000001"
		_, searches, _, _ := s.AlertCursor(ctx)
		stale := store.AlertBatch{From: 5, To: 9, Searches: before}
		if _, ok, err := s.CommitAlerts(ctx, stale); ok || err != nil {
			t.Errorf("a commit of searches matched before a change: %v, %v", ok, err)
		}
		b := store.AlertBatch{From: 5, To: 9, Searches: searches,
			Seen:      []listing.AlertSeen{{PropertyID: pid, PriceCents: 100, RentCents: -1}},
			Hits:      []listing.AlertHit{{SearchID: now, PropertyID: pid, Kind: listing.AlertNew}, {SearchID: daily, PropertyID: pid, Kind: listing.AlertNew}},
			Immediate: map[int64]bool{now: true}}
		var wg sync.WaitGroup
		results := make([]bool, 2)
		queued := make([]int, 2)
		for i := range 2 {
			wg.Go(func() {
				var err error
				queued[i], results[i], err = s.CommitAlerts(ctx, b)
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if results[0] == results[1] || queued[0]+queued[1] != 1 {
			t.Fatalf("two commits: %v, queued %v", results, queued)
		}
		ms := claimMail(t, s, 10, time.Hour)
		if len(ms) != 1 || ms[0].Kind != store.MailSavedSearchAlert {
			t.Fatalf("outbox: %+v", ms)
		}
		a, err := s.SavedSearchAlertMail(ctx, ms[0].Ref)
		if err != nil || a.Search.ID != now || len(a.Hits) != 1 || a.Hits[0].PropertyID != pid {
			t.Fatalf("alert: %+v, %v", a, err)
		}
		seen, err := s.AlertSeen(ctx, []string{pid, "0190f8a0-0000-7000-8000-000000000002"})
		if err != nil || len(seen) != 1 || seen[pid].PriceCents != 100 {
			t.Errorf("seen: %+v, %v", seen, err)
		}
		for range 2 {
			got, err := s.QueueDailyAlerts(ctx, "2026-03-02")
			if err != nil {
				t.Fatal(err)
			}
			queued = append(queued, got)
		}
		if queued[2] != 1 || queued[3] != 0 {
			t.Errorf("daily queued %v", queued[2:])
		}
		c, err := s.SavedSearchCounts(ctx)
		if err != nil || c.Active != 2 || c.AlertsSent != 0 {
			t.Errorf("counts %+v, %v", c, err)
		}
	})
}
