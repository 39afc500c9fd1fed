package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

type noticeOut struct {
	Version      string `json:"version"`
	Text         string `json:"text"`
	ConsentLabel string `json:"consent_label"`
	PolicyURL    string `json:"policy_url"`
}

func getNotice(t *testing.T, s *stack) noticeOut {
	t.Helper()
	w := s.Call("GET", "/api/v1/privacy-notice", nil)
	wantStatus(t, "GET notice", w, http.StatusOK)
	if c := w.Header().Values("Set-Cookie"); len(c) > 0 {
		t.Errorf("the notice sets cookies: %q", c)
	}
	var n noticeOut
	if err := json.Unmarshal(w.Body.Bytes(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

type subjectOut struct {
	Email string `json:"email"`
	Leads []struct {
		ID       int64   `json:"id"`
		Name     string  `json:"name"`
		Email    string  `json:"email"`
		Phone    *string `json:"phone"`
		Message  string  `json:"message"`
		Note     *string `json:"note"`
		Property *struct {
			Slug string `json:"slug"`
		} `json:"property"`
		Consent struct {
			NoticeVersion     *string    `json:"notice_version"`
			Marketing         bool       `json:"marketing"`
			At                *time.Time `json:"at"`
			ClientAddressHash *string    `json:"client_address_hash"`
		} `json:"consent"`
	} `json:"leads"`
	Notices []struct {
		Version      string `json:"version"`
		Text         string `json:"text"`
		ConsentLabel string `json:"consent_label"`
	} `json:"notices"`
	Erasures []struct {
		Kind  string `json:"kind"`
		Leads int    `json:"leads"`
	} `json:"erasures"`
}

func lookup(t *testing.T, s *stack, path, email string) (subjectOut, *http.Response) {
	t.Helper()
	w := s.Admin("POST", path, map[string]any{"email": email})
	wantStatus(t, "POST "+path, w, http.StatusOK)
	var out subjectOut
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out, w.Result()
}

// TestContactConsent: on both databases, the notice names the agency, its
// CRECI, the retention and the privacy e-mail; a form that sends its
// version and the visitor's choice is stored with them, the time and the
// keyed hash of the client's address (never the address); an unknown
// version is a 422 on notice_version that stores nothing; the spec's body
// is still a 201 with no consent; the export of an e-mail holds its leads
// with that evidence and the notice's exact text, and nothing of others.
func TestContactConsent(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Date(2026, 5, 4, 15, 0, 0, 0, time.UTC))
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Now: clock.Now},
				Config: httpapi.Config{CacheBytes: 1 << 20, LeadRetention: listing.Retention{Months: 24}}}.Start(t)
			p := s.Property("Casa na Lagoa", "casa-na-lagoa")
			wantStatus(t, "PUT agency", s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Lagoa", "creci": "CRECI/SC 1234-J",
				"email": "contato@lagoa.example", "privacy_email": "privacidade@lagoa.example"}), http.StatusOK)

			n := getNotice(t, s)
			for _, want := range []string{"Imobiliária Lagoa (CRECI/SC 1234-J)", "responder ao seu contato sobre este imóvel", "por 24 meses",
				"privacidade@lagoa.example"} {
				if !strings.Contains(n.Text, want) {
					t.Errorf("the notice %q lacks %q", n.Text, want)
				}
			}
			if n.ConsentLabel != listing.ConsentLabel || n.PolicyURL != "/privacidade" || len(n.Version) != 16 {
				t.Errorf("the notice: %+v", n)
			}

			contact := "/api/v1/properties/" + p.Slug + "/contact"
			body := map[string]any{"name": "Maria Souza", "email": "maria@example.com", "phone": "(48) 99999-0000",
				"message": "Posso visitar no sábado?", "marketing_consent": true, "notice_version": n.Version}
			w := s.From("203.0.113.7:51000", "POST", contact, body)
			wantStatus(t, "contact with consent", w, http.StatusCreated)
			body["marketing_consent"] = false
			body["email"] = "MARIA@example.com"
			wantStatus(t, "contact without consent", s.From("203.0.113.8:51000", "POST", contact, body), http.StatusCreated)
			// The spec's body, to the letter: no privacy field.
			w = s.From("203.0.113.9:51000", "POST", contact, map[string]any{"name": "Maria Souza", "email": "maria@example.com",
				"message": "E o condomínio, quanto é?"})
			wantStatus(t, "the spec's body", w, http.StatusCreated)
			var created struct {
				ID      int64  `json:"id"`
				Message string `json:"message"`
			}
			if json.Unmarshal(w.Body.Bytes(), &created); created.ID == 0 || created.Message != "Mensagem enviada com sucesso!" {
				t.Errorf("the spec's answer: %s", w.Body)
			}
			wantStatus(t, "someone else", s.From("203.0.113.10:51000", "POST", contact, map[string]any{"name": "João", "email": "joao@example.com",
				"message": "Aceita financiamento?", "notice_version": n.Version}), http.StatusCreated)

			// Refusals store nothing.
			_, before := s.Counts()
			bad := s.BadInput()
			for name, b := range map[string]map[string]any{
				"unknown version":          {"name": "Ana", "email": "ana@example.com", "message": "Quero visitar o imóvel.", "notice_version": "0123456789abcdef"},
				"malformed version":        {"name": "Ana", "email": "ana@example.com", "message": "Quero visitar o imóvel.", "notice_version": "v1"},
				"consent without a notice": {"name": "Ana", "email": "ana@example.com", "message": "Quero visitar o imóvel.", "marketing_consent": true},
			} {
				wantInvalid(t, name, bad.Call("POST", contact, b), "notice_version")
			}
			wantInvalid(t, "consent not a boolean", bad.Call("POST", contact, map[string]any{"name": "Ana", "email": "ana@example.com",
				"message": "Quero visitar o imóvel.", "marketing_consent": "sim", "notice_version": n.Version}), "marketing_consent")
			if _, after := s.Counts(); after != before {
				t.Errorf("refused forms stored leads: %d, then %d", before, after)
			}

			// What is held about Maria, and nothing of João.
			out, res := lookup(t, s, "/api/admin/privacy/export", "maria@EXAMPLE.com")
			if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="dados-pessoais-`) {
				t.Errorf("export Content-Disposition %q", cd)
			}
			if len(out.Leads) != 3 {
				t.Fatalf("exported %d leads, want 3: %+v", len(out.Leads), out)
			}
			marketing := 0
			for _, l := range out.Leads {
				if l.Name != "Maria Souza" || !strings.EqualFold(l.Email, "maria@example.com") || l.Property == nil || l.Property.Slug != p.Slug {
					t.Errorf("an exported lead: %+v", l)
				}
				c := l.Consent
				if c.NoticeVersion == nil { // the spec's body
					if c.Marketing || c.At != nil || c.ClientAddressHash == nil {
						t.Errorf("the spec's lead: %+v", c)
					}
					continue
				}
				if *c.NoticeVersion != n.Version || c.At == nil || !c.At.Equal(clock.Now()) || c.ClientAddressHash == nil ||
					len(*c.ClientAddressHash) != 64 || strings.Contains(*c.ClientAddressHash, "203.0.113") {
					t.Errorf("consent evidence: %+v", c)
				}
				if c.Marketing {
					marketing++
				}
			}
			if marketing != 1 {
				t.Errorf("%d leads with marketing consent, want 1", marketing)
			}
			if len(out.Notices) != 1 || out.Notices[0].Version != n.Version || out.Notices[0].Text != n.Text || out.Notices[0].ConsentLabel != n.ConsentLabel {
				t.Errorf("the notices of the export: %+v", out.Notices)
			}
			raw := s.Admin("POST", "/api/admin/privacy/lookup", map[string]any{"email": "maria@example.com"}).Body.String()
			if strings.Contains(raw, "joao") || strings.Contains(raw, "João") || strings.Contains(raw, "203.0.113") {
				t.Errorf("the lookup holds another's data or an address: %s", raw)
			}
			wantInvalid(t, "lookup of no e-mail", bad.Admin("POST", "/api/admin/privacy/lookup", map[string]any{"email": "nope"}), "email")
			wantInvalid(t, "lookup of nothing", bad.Admin("POST", "/api/admin/privacy/lookup", map[string]any{}), "email")

			// Another notice (the agency changed) has another version; the
			// old one is still accepted from a page loaded before.
			wantStatus(t, "PUT agency", s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Lagoa", "creci": "CRECI/SC 1234-J",
				"email": "contato@lagoa.example"}), http.StatusOK)
			if m := getNotice(t, s); m.Version == n.Version || !strings.Contains(m.Text, "contato@lagoa.example") {
				t.Errorf("the notice after the agency's change: %+v", m)
			}
			body["notice_version"] = n.Version
			wantStatus(t, "the earlier notice", s.Call("POST", contact, body), http.StatusCreated)
		})
	}
}

// TestAnonymizeByEmail: staff anonymise what is held about an e-mail:
// nothing personal is left in the database's columns, the pending
// deliveries are cancelled, the inbox and the property keep their
// counts, and the erasure is recorded with who and how many.
func TestAnonymizeByEmail(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Outbox: true}}.Start(t)
			p := s.Property("Casa no Campeche", "casa-no-campeche")
			n := getNotice(t, s)
			contact := "/api/v1/properties/" + p.Slug + "/contact"
			var ids []int64
			for i, email := range []string{"bia@example.com", "Bia@Example.com", "caio@example.com"} {
				w := s.From("198.51.100."+string(rune('1'+i))+":4000", "POST", contact, map[string]any{"name": "Bia Lima", "email": email,
					"phone": "48 98888-7777", "message": "Gostaria de mais fotos da casa.", "marketing_consent": true, "notice_version": n.Version})
				wantStatus(t, "contact", w, http.StatusCreated)
				var c struct{ ID int64 }
				json.Unmarshal(w.Body.Bytes(), &c)
				ids = append(ids, c.ID)
			}
			note := "Liga depois das 18h."
			if _, err := s.Store.UpdateLead(context.Background(), ids[0], listing.LeadUpdate{Note: &note}); err != nil {
				t.Fatal(err)
			}
			before := inbox(t, s, "")
			perProperty := inbox(t, s, "?property_id="+p.ID)

			w := s.Admin("POST", "/api/admin/privacy/anonymize", map[string]any{"email": " BIA@example.com "})
			wantStatus(t, "anonymize", w, http.StatusOK)
			var e struct {
				Kind  string         `json:"kind"`
				Leads int            `json:"leads"`
				By    map[string]any `json:"by"`
			}
			if json.Unmarshal(w.Body.Bytes(), &e); e.Kind != "request" || e.Leads != 2 || e.By["name"] != "seguranca" {
				t.Errorf("the erasure: %s", w.Body)
			}
			for _, id := range ids[:2] {
				var dump string
				err := storetest.QueryRow(t, s.DSN, []any{&dump}, `SELECT name || '|' || email || '|' || coalesce(phone, '') || '|' || message || '|' ||
    coalesce(note, '') || '|' || coalesce(client_hash, '') || '|' || d.payload || '|' || d.status
FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id WHERE l.id = $1`, id)
				if err != nil || dump != "||||||{}|cancelled" {
					t.Errorf("lead %d after the erasure: %q, %v", id, dump, err)
				}
			}
			if d, err := s.Store.DeliveryState(context.Background(), ids[2]); err != nil || d.Status != listing.DeliveryPending {
				t.Errorf("another person's delivery: %+v, %v", d, err)
			}
			after := inbox(t, s, "")
			// The two anonymised leads stay in the totals and leave the
			// unread count.
			if after.Total != before.Total || after.Unread != before.Unread-2 || inbox(t, s, "?property_id="+p.ID).Total != perProperty.Total {
				t.Errorf("counts after the erasure: %+v, before %+v; want 2 fewer unread", after, before)
			}
			var list struct {
				Items []struct {
					ID               int64      `json:"id"`
					Name             string     `json:"name"`
					Email            *string    `json:"email"`
					MarketingConsent bool       `json:"marketing_consent"`
					AnonymizedAt     *time.Time `json:"anonymized_at"`
				} `json:"items"`
			}
			json.Unmarshal(s.Admin("GET", "/api/admin/leads", nil).Body.Bytes(), &list)
			for _, l := range list.Items {
				if (l.ID == ids[0] || l.ID == ids[1]) && (l.Email != nil || l.Name != "" || l.AnonymizedAt == nil || !l.MarketingConsent) {
					t.Errorf("an anonymised lead in the inbox: %+v", l)
				}
			}
			out, _ := lookup(t, s, "/api/admin/privacy/lookup", "bia@example.com")
			if len(out.Leads) != 0 || len(out.Erasures) != 1 || out.Erasures[0].Leads != 2 {
				t.Errorf("the lookup after the erasure: %+v", out)
			}
			var recs struct {
				Items []struct {
					Kind  string `json:"kind"`
					Leads int    `json:"leads"`
				} `json:"items"`
				Retention *string `json:"retention"`
			}
			w = s.Admin("GET", "/api/admin/privacy/erasures", nil)
			if json.Unmarshal(w.Body.Bytes(), &recs); w.Code != 200 || len(recs.Items) != 1 || recs.Retention != nil {
				t.Errorf("the erasures: %d %s", w.Code, w.Body)
			}
			if strings.Contains(strings.ToLower(w.Body.String()), "bia") {
				t.Errorf("the erasures name the e-mail: %s", w.Body)
			}
		})
	}
}

// TestPrivacyPolicyPage: the policy is the default one until staff set
// it; its page has its own head and sets no cookie; the text is bounded.
func TestPrivacyPolicyPage(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{CacheBytes: 1 << 20, LeadRetention: listing.Retention{Days: 90}, PublicURL: "https://imoveis.example.com"})
	wantStatus(t, "PUT agency", s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Sol", "creci": "CRECI/SC 77-J", "email": "sol@example.com"}), http.StatusOK)
	var pol struct {
		Text      string     `json:"text"`
		IsDefault bool       `json:"is_default"`
		UpdatedAt *time.Time `json:"updated_at"`
	}
	w := s.Call("GET", "/api/v1/privacy-policy", nil)
	if json.Unmarshal(w.Body.Bytes(), &pol); w.Code != 200 || !pol.IsDefault || !strings.Contains(pol.Text, "Imobiliária Sol (CRECI/SC 77-J)") ||
		!strings.Contains(pol.Text, "por 90 dias") || pol.UpdatedAt != nil {
		t.Errorf("the default policy: %d %s", w.Code, w.Body)
	}
	page := s.Call("GET", "/privacidade", nil)
	body := page.Body.String()
	if page.Code != 200 || !strings.Contains(body, "<title>Política de privacidade — Imobiliária Sol</title>") ||
		!strings.Contains(body, `<link rel="canonical" href="https://imoveis.example.com/privacidade">`) ||
		!strings.Contains(body, `<meta name="description" content="Como Imobiliária Sol trata os dados pessoais`) {
		t.Errorf("the privacy page: %d\n%s", page.Code, body)
	}
	if c := page.Header().Values("Set-Cookie"); len(c) > 0 {
		t.Errorf("the privacy page sets cookies: %q", c)
	}

	text := "Nossa política.\r\n\r\nSegundo parágrafo."
	w = s.Admin("PUT", "/api/admin/privacy-policy", map[string]any{"text": text})
	wantStatus(t, "PUT policy", w, http.StatusOK)
	var admin struct {
		Text      string         `json:"text"`
		IsDefault bool           `json:"is_default"`
		UpdatedBy map[string]any `json:"updated_by"`
		UpdatedAt *time.Time     `json:"updated_at"`
		Default   string         `json:"default_text"`
	}
	if json.Unmarshal(w.Body.Bytes(), &admin); admin.Text != "Nossa política.\n\nSegundo parágrafo." || admin.IsDefault ||
		admin.UpdatedBy["name"] != "seguranca" || admin.UpdatedAt == nil || !strings.HasPrefix(admin.Default, "Imobiliária Sol") {
		t.Errorf("the policy set: %s", w.Body)
	}
	w = s.Call("GET", "/api/v1/privacy-policy", nil)
	if json.Unmarshal(w.Body.Bytes(), &pol); pol.IsDefault || pol.Text != admin.Text {
		t.Errorf("the public policy after PUT (the cache emptied): %s", w.Body)
	}
	w = s.Admin("GET", "/api/admin/privacy-policy", nil)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"default_text":"Imobiliária Sol`) {
		t.Errorf("the admin read: %d %s", w.Code, w.Body)
	}
	bad := s.BadInput()
	wantInvalid(t, "too long", bad.Admin("PUT", "/api/admin/privacy-policy", map[string]any{"text": strings.Repeat("a", 20001)}), "text")
	wantInvalid(t, "empty", bad.Admin("PUT", "/api/admin/privacy-policy", map[string]any{"text": "  "}), "text")
	wantInvalid(t, "unknown field", bad.Admin("PUT", "/api/admin/privacy-policy", map[string]any{"text": "x", "html": "<b>"}), "html")
	if w := bad.Call("PUT", "/api/admin/privacy-policy", map[string]any{"text": "x"}); w.Code != http.StatusUnauthorized {
		t.Errorf("PUT without a token: %d", w.Code)
	}
	wantInvalid(t, "privacy_email", bad.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Sol", "creci": "CRECI/SC 77-J",
		"privacy_email": "não"}), "privacy_email")
}
