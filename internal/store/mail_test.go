package store_test

import (
	"errors"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// eachMail runs fn per dialect on a store with a clock of the test's,
// with and without the webhook outbox: the notice is written either way.
func eachMail(t *testing.T, fn func(t *testing.T, s *store.Store, clock *testclock.Clock)) {
	for _, d := range storetest.Dialects {
		for _, outbox := range []bool{false, true} {
			name := d
			if outbox {
				name += "/webhook"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				clock := testclock.New(outboxEpoch)
				fn(t, storetest.Open(t, d, store.Options{Outbox: outbox, Now: clock.Now}), clock)
			})
		}
	}
}

func claimMail(t *testing.T, s *store.Store, limit int, lease time.Duration) []store.Mail {
	t.Helper()
	ms, err := s.ClaimMail(ctx, limit, lease)
	if err != nil {
		t.Fatalf("ClaimMail: %v", err)
	}
	return ms
}

func recentMail(t *testing.T, s *store.Store) map[int64]store.OutboxMail {
	t.Helper()
	ms, err := s.RecentMail(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]store.OutboxMail{}
	for _, m := range ms {
		out[m.Ref] = m
	}
	return out
}

func TestLeadEnqueuesNotice(t *testing.T) {
	eachMail(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ids := outboxLeads(t, s, 3)
		ms := claimMail(t, s, 2, time.Hour)
		if len(ms) != 2 || ms[0].Ref != ids[0] || ms[1].Ref != ids[1] || ms[0].Kind != store.MailLeadNotice {
			t.Fatalf("claimed %+v, want the notices of the two oldest of %v", ms, ids)
		}
		if ms[0].Attempt != 1 || !ms[0].CreatedAt.Equal(clock.Now()) {
			t.Errorf("claimed %+v, want attempt 1 created now", ms[0])
		}
		if rest := claimMail(t, s, 10, time.Hour); len(rest) != 1 || rest[0].Ref != ids[2] {
			t.Fatalf("second claim = %+v, want only the notice of lead %d", rest, ids[2])
		}
		if again := claimMail(t, s, 10, time.Minute); len(again) != 0 {
			t.Fatalf("leased e-mails claimed again: %+v", again)
		}

		// Sent, retried, given up.
		if err := s.MarkMailSent(ctx, ms[0], "agencia@example.com.br", "<1@vitrine>", nil); err != nil {
			t.Fatal(err)
		}
		if err := s.RetryMail(ctx, ms[1], time.Minute, "conexão recusada"); err != nil {
			t.Fatal(err)
		}
		if got := claimMail(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed %+v before the retry is due", got)
		}
		clock.Advance(time.Minute)
		retried := claimMail(t, s, 10, time.Minute)
		if len(retried) != 1 || retried[0].Ref != ids[1] || retried[0].Attempt != 2 {
			t.Fatalf("claimed %+v, want the retried notice of lead %d, attempt 2", retried, ids[1])
		}
		// The first claim's attempt no longer holds it.
		if err := s.FailMail(ctx, ms[1], "x"); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("FailMail of a stale attempt: %v, want ErrLeaseLost", err)
		}
		if err := s.FailMail(ctx, retried[0], "resposta SMTP 550"); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkMailSent(ctx, ms[0], "x@example.com", "<2@vitrine>", nil); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("MarkMailSent again: %v, want ErrLeaseLost (sent is final)", err)
		}

		got := recentMail(t, s)
		if m := got[ids[0]]; m.Status != store.MailSent || m.Recipient != "agencia@example.com.br" || m.MessageID != "<1@vitrine>" ||
			!m.SentAt.Equal(outboxEpoch) || m.Attempts != 1 || m.LastError != "" {
			t.Errorf("sent = %+v", m)
		}
		if m := got[ids[1]]; m.Status != store.MailFailed || m.Attempts != 2 || m.LastError != "resposta SMTP 550" || !m.SentAt.IsZero() {
			t.Errorf("failed = %+v", m)
		}
		if m := got[ids[2]]; m.Status != store.MailPending || m.Attempts != 1 {
			t.Errorf("pending = %+v", m)
		}
		counts, err := s.MailCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int{"pending": 1, "sent": 1, "failed": 1, "cancelled": 0}; !equalCounts(counts, want) {
			t.Errorf("counts = %v, want %v", counts, want)
		}
	})
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestLeadNoticeReadsCurrentData(t *testing.T) {
	eachMail(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		in := lead()
		in.Phone = "(11) 98765-4321"
		p := create(t, s, storetest.Apartment("Casa do Aviso"))
		id, err := s.CreateLead(ctx, p.Slug, in)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.LeadNotice(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if n.Lead.ID != id || n.Lead.Name != in.Name || n.Lead.Phone != in.Phone || n.Lead.PropertySlug != p.Slug ||
			n.Lead.PropertyTitle != "Casa do Aviso" || n.Lead.PropertyCode != "AP-0042" || n.Agency.Email != "" {
			t.Errorf("notice = %+v", n)
		}
		if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", Email: "contato@sol.example.com.br"}); err != nil {
			t.Fatal(err)
		}
		if n, err = s.LeadNotice(ctx, id); err != nil || n.Agency.Email != "contato@sol.example.com.br" {
			t.Errorf("notice after the agency is set: %+v, %v", n.Agency, err)
		}
		if _, err := s.LeadNotice(ctx, id+1000); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("LeadNotice of no lead: %v, want ErrNotFound", err)
		}
	})
}

// TestAnonymisedLeadCancelsNotice: a notice still pending when its lead is
// anonymised never goes out; the export still lists it.
func TestAnonymisedLeadCancelsNotice(t *testing.T) {
	eachMail(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ids := outboxLeads(t, s, 2)
		sent := claimMail(t, s, 1, time.Minute)[0]
		if err := s.MarkMailSent(ctx, sent, "agencia@example.com.br", "<1@vitrine>", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AnonymizeSubject(ctx, lead().Email, listing.Actor{}); err != nil {
			t.Fatal(err)
		}
		if got := claimMail(t, s, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed %+v after the anonymisation", got)
		}
		got := recentMail(t, s)
		if m := got[ids[1]]; m.Status != store.MailCancelled || m.LastError != store.MailAnonymised {
			t.Errorf("pending notice after the anonymisation = %+v", m)
		}
		if m := got[ids[0]]; m.Status != store.MailSent {
			t.Errorf("sent notice after the anonymisation = %+v", m)
		}
		ms, err := s.LeadMail(ctx, ids)
		if err != nil || len(ms) != 2 || ms[0].Ref != ids[0] || ms[1].Ref != ids[1] {
			t.Errorf("LeadMail = %+v, %v", ms, err)
		}
		n, err := s.LeadNotice(ctx, ids[1])
		if err != nil || n.Lead.AnonymizedAt.IsZero() || n.Lead.Name != "" {
			t.Errorf("notice of an anonymised lead = %+v, %v", n.Lead, err)
		}
	})
}

func TestExpireMail(t *testing.T) {
	eachMail(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		old := outboxLeads(t, s, 2)
		clock.Advance(48 * time.Hour)
		fresh, err := s.CreateLead(ctx, "casa-com-webhook", lead())
		if err != nil {
			t.Fatal(err)
		}
		held := claimMail(t, s, 1, time.Hour) // the oldest, in flight
		n, err := s.ExpireMail(ctx, clock.Now().Add(-24*time.Hour), "não enviado: e-mail não configurado")
		if err != nil || n != 1 {
			t.Fatalf("ExpireMail = %d, %v; want 1 (one old notice is held)", n, err)
		}
		got := recentMail(t, s)
		if m := got[old[1]]; m.Status != store.MailFailed || m.LastError != "não enviado: e-mail não configurado" {
			t.Errorf("expired = %+v", m)
		}
		if got[old[0]].Status != store.MailPending || got[fresh].Status != store.MailPending {
			t.Errorf("held %+v, fresh %+v: want both pending", got[old[0]], got[fresh])
		}
		if held[0].Ref != old[0] {
			t.Errorf("claimed %+v, want lead %d's", held, old[0])
		}
	})
}

// TestMailClaimsAreExclusive claims notices from two stores on one
// database, several claimers each, until nothing is left: every notice is
// claimed once.
func TestMailClaimsAreExclusive(t *testing.T) {
	claimedOnce(t, store.Options{}, func(s *store.Store) ([]int64, error) {
		ms, err := s.ClaimMail(ctx, 7, time.Hour)
		ids := make([]int64, len(ms))
		for i, m := range ms {
			ids[i] = m.Ref
		}
		return ids, err
	})
}
