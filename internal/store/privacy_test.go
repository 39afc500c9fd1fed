package store_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

func recordNotice(t *testing.T, s *store.Store, a listing.Agency, r listing.Retention) listing.Notice {
	t.Helper()
	n, err := s.RecordNotice(ctx, listing.NewNotice(a, r))
	if err != nil {
		t.Fatalf("RecordNotice: %v", err)
	}
	return n
}

// TestLeadConsentEvidence: a lead keeps the notice version its form
// showed, the choice, the time, and the keyed hash of the client's
// address, never the address; the notice's text is kept per version; an
// unknown version stores nothing.
func TestLeadConsentEvidence(t *testing.T) {
	clock := testclock.New(outboxEpoch)
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{Now: clock.Now})
			p := create(t, s, storetest.Apartment("Casa da Lagoa"))
			agency := listing.Agency{Name: "Imobiliária Lagoa", CRECI: "CRECI/SC 1234-J", Email: "contato@lagoa.example"}
			n := recordNotice(t, s, agency, listing.Retention{Months: 24})
			if !strings.Contains(n.Text, "Imobiliária Lagoa (CRECI/SC 1234-J)") || !strings.Contains(n.Text, "por 24 meses") ||
				!strings.Contains(n.Text, "contato@lagoa.example") || n.ConsentLabel != listing.ConsentLabel || !n.CreatedAt.Equal(clock.Now()) {
				t.Errorf("recorded notice: %+v", n)
			}
			again := recordNotice(t, s, agency, listing.Retention{Months: 24})
			if again != n {
				t.Errorf("recorded twice: %+v, then %+v", n, again)
			}
			other := recordNotice(t, s, listing.Agency{Name: "Imobiliária Lagoa", CRECI: "CRECI/SC 1234-J", Email: "contato@lagoa.example",
				PrivacyEmail: "dpo@lagoa.example"}, listing.Retention{})
			if other.Version == n.Version || !strings.Contains(other.Text, "dpo@lagoa.example") || !strings.Contains(other.Text, "até você pedir a exclusão") {
				t.Errorf("another notice: %+v", other)
			}

			in := lead()
			in.NoticeVersion, in.MarketingConsent, in.ClientAddr = n.Version, true, "203.0.113.7"
			yes, err := s.CreateLead(ctx, p.Slug, in)
			if err != nil {
				t.Fatal(err)
			}
			in.MarketingConsent, in.ClientAddr = false, "203.0.113.8"
			no, err := s.CreateLead(ctx, p.Slug, in)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := s.CreateLead(ctx, p.Slug, lead())
			if err != nil {
				t.Fatal(err)
			}

			got, err := s.SubjectLeads(ctx, "MARIA@example.com.br")
			if err != nil || len(got) != 3 {
				t.Fatalf("SubjectLeads: %d leads, %v", len(got), err)
			}
			byID := map[int64]listing.Lead{}
			for _, l := range got {
				byID[l.ID] = l
			}
			y, nn, pl := byID[yes], byID[no], byID[plain]
			if y.NoticeVersion != n.Version || !y.MarketingConsent || !y.ConsentAt.Equal(clock.Now()) || y.ClientHash == "" {
				t.Errorf("a lead that consented: %+v", y)
			}
			if nn.NoticeVersion != n.Version || nn.MarketingConsent || !nn.ConsentAt.Equal(clock.Now()) || nn.ClientHash == "" {
				t.Errorf("a lead that did not: %+v", nn)
			}
			if pl.NoticeVersion != "" || pl.MarketingConsent || !pl.ConsentAt.IsZero() || pl.ClientHash != "" {
				t.Errorf("a lead without a notice: %+v", pl)
			}
			// The hash is keyed: neither the address nor its bare SHA-256,
			// the same for the same address, another for another.
			bare := sha256.Sum256([]byte("203.0.113.7"))
			if y.ClientHash == nn.ClientHash || strings.Contains(y.ClientHash, "203.0.113") || y.ClientHash == hex.EncodeToString(bare[:]) ||
				len(y.ClientHash) != 64 {
				t.Errorf("client hashes %q and %q", y.ClientHash, nn.ClientHash)
			}
			var key string
			if err := store.QueryRow(ctx, s, `SELECT value FROM installation_secrets`).Scan(&key); err != nil {
				t.Fatal(err)
			}
			raw, _ := hex.DecodeString(key)
			m := hmac.New(sha256.New, raw)
			m.Write([]byte("client-address\x00203.0.113.7"))
			if want := hex.EncodeToString(m.Sum(nil)); y.ClientHash != want || len(raw) != 32 {
				t.Errorf("client hash %s, want the HMAC-SHA-256 under the installation's key %s", y.ClientHash, want)
			}
			// No column of the lead holds the address.
			var row string
			if err := store.QueryRow(ctx, s, `SELECT name || email || message || coalesce(client_hash, '') || coalesce(notice_version, '')
FROM leads WHERE id = $1`, yes).Scan(&row); err != nil || strings.Contains(row, "203.0.113") {
				t.Errorf("the stored lead: %q, %v", row, err)
			}
			shown, err := s.Notice(ctx, y.NoticeVersion)
			if err != nil || shown.Text != n.Text || shown.ConsentLabel != listing.ConsentLabel {
				t.Errorf("the notice of the lead: %+v, %v", shown, err)
			}

			_, leadsBefore := counts(t, s)
			for _, v := range []string{"0123456789abcdef", "not-a-version"} {
				in.NoticeVersion = v
				_, err := s.CreateLead(ctx, p.Slug, in)
				var ve *listing.ValidationError
				if !errors.As(err, &ve) || len(ve.Fields["notice_version"]) == 0 {
					t.Errorf("notice version %q: %v", v, err)
				}
			}
			if _, after := counts(t, s); after != leadsBefore {
				t.Errorf("refused leads were stored: %d, then %d", leadsBefore, after)
			}
		})
	}
}

func counts(t *testing.T, s *store.Store) (unread, total int) {
	t.Helper()
	page, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1})
	if err != nil {
		t.Fatal(err)
	}
	return page.Unread, page.Total
}

// personal reads, straight from the database, every column of the lead
// id that may hold personal data, and its delivery's payload.
func personal(t *testing.T, s *store.Store, id int64) (cols []sql.NullString, payload sql.NullString) {
	t.Helper()
	cols = make([]sql.NullString, 6)
	err := store.QueryRow(ctx, s, `SELECT name, email, phone, message, note, client_hash FROM leads WHERE id = $1`, id).
		Scan(&cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5])
	if err != nil {
		t.Fatal(err)
	}
	err = store.QueryRow(ctx, s, `SELECT payload FROM lead_deliveries WHERE lead_id = $1`, id).Scan(&payload)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	return cols, payload
}

func wantEmpty(t *testing.T, what string, cols []sql.NullString, payload sql.NullString) {
	t.Helper()
	for i, c := range cols {
		if c.Valid && c.String != "" {
			t.Errorf("%s: column %d still holds %q", what, i, c.String)
		}
	}
	if payload.Valid && payload.String != "{}" {
		t.Errorf("%s: the delivery's payload still holds %s", what, payload.String)
	}
}

// TestAnonymizeSubject: a data subject's leads, found by their e-mail in
// any case, lose every personal field, on both databases as the columns
// show; their pending deliveries are cancelled and never claimed; the
// leads stay counted, per property too; the erasure is recorded with the
// e-mail's keyed hash only; another person's leads are untouched.
func TestAnonymizeSubject(t *testing.T) {
	eachOutbox(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa com Dados"))
		n := recordNotice(t, s, listing.Agency{Name: "Imobiliária", CRECI: "CRECI/SC 1-J"}, listing.Retention{})
		mine := lead()
		mine.Phone, mine.NoticeVersion, mine.MarketingConsent, mine.ClientAddr = "(48) 99999-0000", n.Version, true, "198.51.100.4"
		a, _ := s.CreateLead(ctx, p.Slug, mine)
		mine.Email = "Maria@Example.com.br"
		b, _ := s.CreateLead(ctx, p.Slug, mine)
		other := listing.LeadInput{Name: "João", Email: "joao@example.com", Message: "Quero saber o valor do condomínio.", ClientAddr: "198.51.100.5"}
		c, err := s.CreateLead(ctx, p.Slug, other)
		if err != nil {
			t.Fatal(err)
		}
		note := "Cliente prefere ligação à tarde."
		if _, err := s.UpdateLead(ctx, a, listing.LeadUpdate{Note: &note}); err != nil {
			t.Fatal(err)
		}
		// b's delivery was already sent; a's and c's are pending.
		for _, d := range claim(t, s, 10, time.Minute) {
			if d.LeadID == b {
				if err := s.MarkDelivered(ctx, d); err != nil {
					t.Fatal(err)
				}
			} else if err := s.RetryDelivery(ctx, d, 0, "503"); err != nil {
				t.Fatal(err)
			}
		}
		unread, total := counts(t, s)
		list, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		perProperty := list.Leads[p.ID]

		clock.Advance(time.Hour)
		staff := listing.Actor{Kind: listing.ActorUser, Ref: "7", Name: "Ana"}
		e, err := s.AnonymizeSubject(ctx, " maria@EXAMPLE.com.br ", staff)
		if err != nil || e.Leads != 2 || e.Kind != listing.ErasureRequest || e.By != staff || !e.At.Equal(clock.Now()) ||
			e.EmailHash != s.EmailHash("maria@example.com.br") || len(e.EmailHash) != 64 {
			t.Fatalf("AnonymizeSubject: %+v, %v", e, err)
		}
		for _, id := range []int64{a, b} {
			cols, payload := personal(t, s, id)
			wantEmpty(t, "an anonymised lead", cols, payload)
		}
		if cols, payload := personal(t, s, c); cols[0].String != "João" || cols[5].String == "" || !strings.Contains(payload.String, "joao@example.com") {
			t.Errorf("another person's lead: %v, %v", cols, payload)
		}
		if st := state(t, s, a); st.Status != listing.DeliveryCancelled {
			t.Errorf("a pending delivery after the erasure: %+v", st)
		}
		if st := state(t, s, b); st.Status != listing.DeliveryDelivered {
			t.Errorf("a sent delivery after the erasure: %+v", st)
		}
		clock.Advance(time.Hour)
		erasures := 0
		for _, d := range claim(t, s, 10, time.Minute) {
			switch {
			case d.ErasureID != 0:
				// The erasure's own delivery (lead.anonymised): the leads'
				// ids, nothing they held.
				erasures++
				want := fmt.Sprintf(`{"event":"lead.anonymised","erasure_id":%d,"kind":"request","lead_ids":[%d,%d],"anonymised_at":%q}`,
					e.ID, a, b, e.At.Format(time.RFC3339))
				if d.ErasureID != e.ID || string(d.Payload) != want || d.Event() != store.EventLeadAnonymised || d.Key() != fmt.Sprint("erasure-", e.ID) {
					t.Errorf("the erasure's delivery: %+v %s, want %s", d, d.Payload, want)
				}
			case d.LeadID != c:
				t.Errorf("the delivery of anonymised lead %d was claimed again: %s", d.LeadID, d.Payload)
			}
		}
		if erasures != 1 {
			t.Errorf("%d deliveries of the erasure claimed, want 1", erasures)
		}
		// A late success of an attempt in flight does not undo the cancellation.
		if err := s.MarkDelivered(ctx, store.Delivery{LeadID: a, Attempt: 1}); !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("MarkDelivered of a cancelled delivery: %v", err)
		}
		if st := state(t, s, a); st.Status != listing.DeliveryCancelled {
			t.Errorf("after a late success: %+v", st)
		}

		// The two leads stay, but nobody can answer them any more: they
		// leave the unread counts.
		if u, tot := counts(t, s); u != unread-2 || tot != total {
			t.Errorf("counts %d/%d after the erasure, %d/%d before; want 2 fewer unread", u, tot, unread, total)
		}
		list, err = s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if want := (store.LeadCount{Total: perProperty.Total, Unread: perProperty.Unread - 2}); err != nil || list.Leads[p.ID] != want {
			t.Errorf("the property's counts %+v, want %+v (%v)", list.Leads[p.ID], want, err)
		}
		if left, err := s.SubjectLeads(ctx, "maria@example.com.br"); err != nil || len(left) != 0 {
			t.Errorf("found after the erasure: %+v, %v", left, err)
		}
		page, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Items {
			if l.ID == a && (l.AnonymizedAt.IsZero() || l.Name != "" || l.Email != "" || !l.MarketingConsent || l.NoticeVersion != n.Version) {
				t.Errorf("an anonymised lead in the inbox: %+v", l)
			}
		}

		// The record holds the e-mail's hash, never the e-mail.
		recs, err := s.Erasures(ctx, "MARIA@example.com.br", 10)
		if err != nil || len(recs) != 1 || recs[0].ID != e.ID || recs[0].Leads != 2 || recs[0].By != staff {
			t.Errorf("Erasures: %+v, %v", recs, err)
		}
		var dump string
		if err := store.QueryRow(ctx, s, `SELECT kind || coalesce(email_hash, '') || coalesce(by_name, '') FROM privacy_erasures WHERE id = $1`, e.ID).
			Scan(&dump); err != nil || strings.Contains(strings.ToLower(dump), "maria") {
			t.Errorf("the erasure record: %q, %v", dump, err)
		}
		// Asked again, nothing is left; the request is still recorded.
		if again, err := s.AnonymizeSubject(ctx, "maria@example.com.br", staff); err != nil || again.Leads != 0 {
			t.Errorf("a second request: %+v, %v", again, err)
		}
		if _, err := s.AnonymizeSubject(ctx, "not an e-mail", staff); !errors.Is(err, listing.ErrInvalid) {
			t.Errorf("a malformed e-mail: %v", err)
		}
	})
}

// TestAnonymizeExpired: the retention job empties the leads created
// before the cutoff, and only them, in batches, recording each; run
// again, it finds nothing; two stores on one database share the work.
func TestAnonymizeExpired(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			dsn := storetest.DSN(t, d)
			s := storetest.OpenAt(t, dsn, store.Options{Now: clock.Now, Outbox: true})
			s2 := storetest.OpenAt(t, dsn, store.Options{Now: clock.Now, Outbox: true})
			p := create(t, s, storetest.Apartment("Casa Antiga"))
			start := clock.Now()
			var old, recent []int64
			for i := range 1100 {
				in := lead()
				in.ClientAddr = "192.0.2.1"
				id, err := s.CreateLead(ctx, p.Slug, in)
				if err != nil {
					t.Fatal(err)
				}
				old = append(old, id)
				if i%100 == 99 {
					clock.Advance(time.Second)
				}
			}
			cutoff := clock.Now()
			for range 3 {
				id, err := s.CreateLead(ctx, p.Slug, lead())
				if err != nil {
					t.Fatal(err)
				}
				recent = append(recent, id)
			}
			clock.Advance(time.Hour)
			if n, err := s.AnonymizeExpired(ctx, start); err != nil || n != 0 {
				t.Errorf("before the oldest lead: %d, %v", n, err)
			}

			type result struct {
				n   int
				err error
			}
			done := make(chan result, 2)
			for _, st := range []*store.Store{s, s2} {
				go func() {
					n, err := st.AnonymizeExpired(ctx, cutoff)
					done <- result{n, err}
				}()
			}
			r1, r2 := <-done, <-done
			if r1.err != nil || r2.err != nil || r1.n+r2.n != len(old) {
				t.Fatalf("AnonymizeExpired on two stores: %+v (%v), %+v (%v); want %d in all", r1, r1.err, r2, r2.err, len(old))
			}
			for _, id := range []int64{old[0], old[549], old[len(old)-1]} {
				cols, payload := personal(t, s, id)
				wantEmpty(t, "an expired lead", cols, payload)
				if st := state(t, s, id); st.Status != listing.DeliveryCancelled {
					t.Errorf("the delivery of an expired lead: %+v", st)
				}
			}
			for _, id := range recent {
				if cols, _ := personal(t, s, id); cols[0].String != "Maria Souza" || cols[1].String != "maria@example.com.br" {
					t.Errorf("a recent lead was emptied: %v", cols)
				}
			}
			if n, err := s.AnonymizeExpired(ctx, cutoff); err != nil || n != 0 {
				t.Errorf("run again: %d, %v", n, err)
			}
			recs, err := s.Erasures(ctx, "", 100)
			sum := 0
			for _, r := range recs {
				if r.Kind != listing.ErasureRetention || r.By.Known() || r.EmailHash != "" {
					t.Errorf("a retention record: %+v", r)
				}
				sum += r.Leads
			}
			if err != nil || sum != len(old) || len(recs) < 3 {
				t.Errorf("retention records: %d of them, %d leads, %v", len(recs), sum, err)
			}
			if _, total := counts(t, s); total != len(old)+len(recent) {
				t.Errorf("%d leads after the job, want %d", total, len(old)+len(recent))
			}
		})
	}
}

// TestPrivacyPolicy: the policy is set with who set it and when, bounded
// and plain, and read back.
func TestPrivacyPolicy(t *testing.T) {
	clock := testclock.New(outboxEpoch)
	each(t, store.Options{Now: clock.Now}, func(t *testing.T, s *store.Store) {
		if _, err := s.PrivacyPolicy(ctx); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("before it is set: %v", err)
		}
		by := listing.Actor{Kind: listing.ActorToken, Ref: "script", Name: "script"}
		set, err := s.SetPrivacyPolicy(ctx, listing.PrivacyPolicy{Text: "  Primeiro parágrafo.\r\n\r\nSegundo.  ", UpdatedBy: by})
		if err != nil || set.Text != "Primeiro parágrafo.\n\nSegundo." {
			t.Fatalf("SetPrivacyPolicy: %+v, %v", set, err)
		}
		got, err := s.PrivacyPolicy(ctx)
		if err != nil || got.Text != set.Text || !got.UpdatedAt.Equal(clock.Now()) || got.UpdatedBy != by {
			t.Errorf("PrivacyPolicy: %+v, %v", got, err)
		}
		for _, text := range []string{"", strings.Repeat("a", listing.MaxPrivacyPolicyLen+1), "com \x00 nulo"} {
			if _, err := s.SetPrivacyPolicy(ctx, listing.PrivacyPolicy{Text: text}); !errors.Is(err, listing.ErrInvalid) {
				t.Errorf("policy of %d characters: %v", len(text), err)
			}
		}
	})
}

// TestPrivacyMigrationKeepsLeads makes a database as the release before
// the LGPD work left it (migrations 0001 to 0009: leads, one of them with
// a pending webhook delivery), then migrates it: the leads are there,
// with no notice and no consent, the delivery is still pending and is
// claimed, and a new lead keeps its consent evidence.
func TestPrivacyMigrationKeepsLeads(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 9)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			exec(`INSERT INTO subtypes (id, name, slug) VALUES (1, 'Casa', 'casa')`)
			exec(`INSERT INTO cities (id, name, slug, state) VALUES (1, 'Florianópolis', 'florianopolis', 'SC')`)
			exec(`INSERT INTO neighborhoods (id, city_id, name, slug) VALUES (1, 1, 'Centro', 'centro')`)
			const id = "0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a01"
			exec(`INSERT INTO properties (id, title, slug, price_cents, type, subtype_id, city_id, neighborhood_id, created_at, updated_at)
VALUES ($1, 'Casa no Centro', 'casa-no-centro', 45000000, 'venda', 1, 1, 1, $2, $2)`, id, at)
			for i := range 3 {
				exec(`INSERT INTO leads (property_id, name, email, message, created_at, status) VALUES ($1, 'Bruno', 'bruno@example.com', 'Tenho interesse na casa.', $2, 'novo')`,
					id, at.Add(time.Duration(i)*time.Minute))
			}
			exec(`INSERT INTO lead_deliveries (lead_id, payload, status, attempts, next_attempt_at, updated_at)
SELECT id, '{"lead_id":1}', 'pending', 0, $1, $1 FROM leads ORDER BY id LIMIT 1`, at)
			exec(`INSERT INTO agency (id, name, creci, email, updated_at) VALUES (1, 'Imobiliária Centro', 'CRECI/SC 99-J', 'c@example.com', $1)`, at)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}

			s := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			leads, err := s.SubjectLeads(ctx, "bruno@example.com")
			if err != nil || len(leads) != 3 {
				t.Fatalf("leads after the migration: %+v, %v", leads, err)
			}
			for _, l := range leads {
				if l.Name != "Bruno" || l.NoticeVersion != "" || l.MarketingConsent || !l.ConsentAt.IsZero() || l.ClientHash != "" || !l.AnonymizedAt.IsZero() {
					t.Errorf("a lead after the migration: %+v", l)
				}
			}
			ds := claim(t, s, 10, time.Minute)
			if len(ds) != 1 || string(ds[0].Payload) != `{"lead_id":1}` {
				t.Errorf("the pending delivery after the migration: %+v", ds)
			}
			a, err := s.Agency(ctx)
			if err != nil || a.Name != "Imobiliária Centro" || a.PrivacyEmail != "" || a.PrivacyContact() != "c@example.com" {
				t.Errorf("the agency after the migration: %+v, %v", a, err)
			}
			n := recordNotice(t, s, a, listing.Retention{})
			in := lead()
			in.NoticeVersion, in.MarketingConsent, in.ClientAddr = n.Version, true, "192.0.2.9"
			if _, err := s.CreateLead(ctx, "casa-no-centro", in); err != nil {
				t.Fatal(err)
			}
			got, err := s.SubjectLeads(ctx, in.Email)
			if err != nil || len(got) != 1 || got[0].NoticeVersion != n.Version || !got[0].MarketingConsent || got[0].ClientHash == "" {
				t.Errorf("a new lead after the migration: %+v, %v", got, err)
			}
		})
	}
}
