package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// portalFixture reads a documented example of Grupo OLX's lead
// integration (internal/portallead/testdata/README.md names the sources).
func portalFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "portallead", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withLeadID is a documented payload with another originLeadId and
// clientListingId (when not ""): another lead of the same shape.
func withLeadID(t *testing.T, body []byte, leadID, clientListingID string) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	m["originLeadId"] = leadID
	if clientListingID != "" {
		m["clientListingId"] = clientListingID
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// portalLeadAddress reads the portal leads' address from the admin API
// and returns its path.
func portalLeadAddress(t *testing.T, s *httpapi.Stack, method string) string {
	t.Helper()
	w := s.Admin(method, "/api/admin/portal-leads/address", nil)
	if w.Code != http.StatusOK {
		t.Fatalf("%s /api/admin/portal-leads/address: %d %s", method, w.Code, w.Body)
	}
	var f struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(f.URL)
	if err != nil || !strings.HasPrefix(u.Path, "/api/v1/portal-leads/") || len(u.Path) < len("/api/v1/portal-leads/")+40 {
		t.Fatalf("portal leads' address %q", f.URL)
	}
	return u.Path
}

type portalAnswer struct {
	ID      int64 `json:"id"`
	Created bool  `json:"created"`
}

// postPortalLead posts body to path from the portal's address and
// returns the answer, failing unless its status is want.
func postPortalLead(t *testing.T, s *httpapi.Stack, path string, body []byte, want int) portalAnswer {
	t.Helper()
	w := s.From("203.0.113.7:40000", http.MethodPost, path, body, "Content-Type", "application/json")
	if w.Code != want {
		t.Fatalf("POST portal lead: %d %s, want %d", w.Code, w.Body, want)
	}
	var a portalAnswer
	if want < 300 {
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

type portalLeadView struct {
	PropertySlug *string `json:"property_slug"`
	Name         string  `json:"name"`
	Email        *string `json:"email"`
	Phone        *string `json:"phone"`
	AssignedTo   *struct {
		Name string `json:"name"`
	} `json:"assigned_to"`
	Portal *struct {
		Origin          string     `json:"origin"`
		OriginLeadID    string     `json:"origin_lead_id"`
		ClientListingID *string    `json:"client_listing_id"`
		Temperature     *string    `json:"temperature"`
		Business        *string    `json:"business"`
		SentAt          *time.Time `json:"sent_at"`
	} `json:"portal"`
	Timeline []struct {
		Kind   string  `json:"kind"`
		Source *string `json:"source"`
	} `json:"timeline"`
}

func getPortalLead(t *testing.T, s *httpapi.Stack, id int64) portalLeadView {
	t.Helper()
	w := s.Admin(http.MethodGet, "/api/admin/leads/"+jsonInt(id), nil)
	if w.Code != http.StatusOK {
		t.Fatalf("GET lead %d: %d %s", id, w.Code, w.Body)
	}
	var v portalLeadView
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

// TestPortalLeads replays the documented payloads of Grupo OLX's lead
// integration, their retries and bad ones through the real server, on
// each database: a lead is stored once per originLeadId, found by its
// listing's code, assigned, notified and queued for the webhook as a site
// lead is; a lead of an unknown listing is kept, unassigned; only a 2xx
// means stored.
func TestPortalLeads(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			// A contact limit of one an hour: the portal's retries, all from
			// one address, must never meet it.
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Outbox: true},
				Config: httpapi.Config{ContactLimit: httpapi.Rate{N: 1, Per: time.Hour},
					ContactAddressLimit: httpapi.Rate{N: 1, Per: time.Hour}}}.Start(t)
			if _, err := s.Store.CreateUser(ctx, listing.UserInput{Email: "bia@imobiliaria.com.br", Name: "Bia Lima",
				Password: "senha-forte-123"}, "x"); err != nil {
				t.Fatal(err)
			}
			u := storetest.Apartment("Apartamento no Centro")
			u.Code, u.Slug = storetest.Ptr("a40171"), storetest.Ptr("apartamento-no-centro")
			if _, err := s.Store.CreateProperty(ctx, u); err != nil {
				t.Fatal(err)
			}
			path := portalLeadAddress(t, s, http.MethodGet)

			// Before anything: a wrong secret is any unknown address, and
			// stores nothing.
			wrong := s.BadInput().From("203.0.113.7:40000", http.MethodPost, "/api/v1/portal-leads/"+strings.Repeat("0", 40),
				portalFixture(t, "manual-2020.json"), "Content-Type", "application/json")
			if wrong.Code != http.StatusNotFound {
				t.Fatalf("wrong secret: %d %s", wrong.Code, wrong.Body)
			}

			// The manual's example, then its retries: one lead.
			first := postPortalLead(t, s, path, portalFixture(t, "manual-2020.json"), http.StatusCreated)
			if !first.Created {
				t.Fatalf("first delivery %+v, want created", first)
			}
			for range 3 {
				again := postPortalLead(t, s, path, portalFixture(t, "manual-2020.json"), http.StatusOK)
				if again.ID != first.ID || again.Created {
					t.Fatalf("retry answered %+v, want lead %d not created", again, first.ID)
				}
			}
			// The official sample's lead has the same originLeadId: the
			// same lead, whatever else differs.
			if a := postPortalLead(t, s, path, portalFixture(t, "sample-nodejs.json"), http.StatusOK); a.ID != first.ID {
				t.Fatalf("sample lead answered %+v, want lead %d", a, first.ID)
			}
			if _, leads := s.Counts(); leads != 1 {
				t.Fatalf("%d leads after a lead and its retries, want 1", leads)
			}

			v := getPortalLead(t, s, first.ID)
			if v.PropertySlug == nil || *v.PropertySlug != "apartamento-no-centro" {
				t.Errorf("property_slug = %v, want the listing whose code is the clientListingId", v.PropertySlug)
			}
			if v.Name != "Nome Consumidor" || v.Email == nil || *v.Email != "nome.consumidor@email.com" ||
				v.Phone == nil || *v.Phone != "(11) 999999999" {
				t.Errorf("contact = %q %v %v", v.Name, v.Email, v.Phone)
			}
			if v.AssignedTo == nil || v.AssignedTo.Name != "Bia Lima" {
				t.Errorf("assigned_to = %+v, want the rotation's corretora", v.AssignedTo)
			}
			if v.Portal == nil || v.Portal.Origin != "vivareal" || v.Portal.OriginLeadID != "59ee0fc6e4b043e1b2a6d863" ||
				v.Portal.SentAt == nil || !v.Portal.SentAt.Equal(time.Date(2017, 10, 23, 15, 50, 30, 619e6, time.UTC)) {
				t.Errorf("portal = %+v", v.Portal)
			}
			if len(v.Timeline) < 2 || v.Timeline[0].Kind != "created" || v.Timeline[0].Source == nil ||
				*v.Timeline[0].Source != "vivareal" || v.Timeline[1].Kind != "assigned" {
				t.Errorf("timeline = %+v, want created by vivareal, then assigned", v.Timeline)
			}

			// The payload with temperature and business, for a listing
			// Vitrine does not have: kept, with no property, assigned to
			// nobody.
			orphan := postPortalLead(t, s, path, withLeadID(t, portalFixture(t, "grupo-olx-temperature.json"), "lead-sem-imovel", "XYZ-999"),
				http.StatusCreated)
			o := getPortalLead(t, s, orphan.ID)
			if o.PropertySlug != nil || o.AssignedTo != nil {
				t.Errorf("lead of an unknown listing: property %v, assigned %+v; want neither", o.PropertySlug, o.AssignedTo)
			}
			if o.Portal == nil || o.Portal.Origin != "grupo" || o.Portal.Temperature == nil || *o.Portal.Temperature != "alta" ||
				o.Portal.Business == nil || *o.Portal.Business != "venda" || o.Portal.ClientListingID == nil ||
				*o.Portal.ClientListingID != "XYZ-999" {
				t.Errorf("portal = %+v", o.Portal)
			}

			// Both leads' notices are in the mail outbox, and their webhook
			// deliveries say where they came from.
			mails, err := s.Store.ClaimMail(ctx, 10, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			notices := map[int64]bool{}
			for _, m := range mails {
				if m.Kind == store.MailLeadNotice {
					notices[m.Ref] = true
				}
			}
			if !notices[first.ID] || !notices[orphan.ID] || len(notices) != 2 {
				t.Errorf("notices queued for %v, want leads %d and %d", notices, first.ID, orphan.ID)
			}
			deliveries, err := s.Store.ClaimDeliveries(ctx, 10, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if len(deliveries) != 2 {
				t.Fatalf("%d webhook deliveries, want 2", len(deliveries))
			}
			for _, dl := range deliveries {
				var ev store.LeadEvent
				if err := json.Unmarshal(dl.Payload, &ev); err != nil {
					t.Fatal(err)
				}
				if ev.Portal == nil || ev.Source != ev.Portal.Origin || ev.Portal.LeadID == "" {
					t.Errorf("webhook payload %s: want the portal's origin and lead id", dl.Payload)
				}
				if ev.LeadID == first.ID && (ev.PropertySlug != "apartamento-no-centro" || ev.Portal.Origin != "vivareal") {
					t.Errorf("webhook payload %s", dl.Payload)
				}
			}

			// Bad payloads: refused, nothing stored.
			bad := s.BadInput()
			for name, c := range map[string]struct {
				body []byte
				want int
			}{
				"manual's malformed example": {portalFixture(t, "manual-2019-malformed.json"), http.StatusBadRequest},
				"no originLeadId":            {[]byte(`{"name":"Ana","email":"ana@example.com","clientListingId":"a40171"}`), http.StatusBadRequest},
				"nobody to answer":           {[]byte(`{"originLeadId":"sem-contato","name":"Ana"}`), http.StatusBadRequest},
				"oversized":                  {[]byte(`{"originLeadId":"grande","name":"Ana","email":"ana@example.com","message":"` + strings.Repeat("a", 40<<10) + `"}`), http.StatusRequestEntityTooLarge},
			} {
				w := bad.From("203.0.113.7:40000", http.MethodPost, path, c.body, "Content-Type", "application/json")
				if w.Code != c.want {
					t.Errorf("%s: %d %s, want %d", name, w.Code, w.Body, c.want)
				}
			}
			if _, leads := s.Counts(); leads != 2 {
				t.Fatalf("%d leads after the bad payloads, want 2", leads)
			}

			// The same new lead sent many times at once: stored once.
			var wg sync.WaitGroup
			answers := make([]portalAnswer, 8)
			codes := make([]int, len(answers))
			body := withLeadID(t, portalFixture(t, "manual-2020.json"), "lead-em-rajada", "")
			for i := range answers {
				wg.Go(func() {
					w := s.Serve(httpapi.NewRequest(t, http.MethodPost, path, body, "Content-Type", "application/json"))
					codes[i] = w.Code
					json.Unmarshal(w.Body.Bytes(), &answers[i])
				})
			}
			wg.Wait()
			created := 0
			for i, a := range answers {
				if codes[i] != http.StatusCreated && codes[i] != http.StatusOK || a.ID != answers[0].ID {
					t.Fatalf("concurrent delivery %d: %d %+v, first %+v", i, codes[i], a, answers[0])
				}
				if a.Created {
					created++
				}
			}
			if created != 1 {
				t.Errorf("%d concurrent deliveries answered created, want 1", created)
			}

			// LGPD: the data subject's export holds the portal's lead and
			// where it came from; anonymising empties it, and a late retry
			// of it is still recognised, not stored again.
			w := s.Admin(http.MethodPost, "/api/admin/privacy/export", map[string]any{"email": "Nome.Consumidor@email.com"})
			wantStatus(t, "export", w, http.StatusOK)
			var doc struct {
				Leads []struct {
					ID     int64 `json:"id"`
					Portal *struct {
						Origin string `json:"origin"`
					} `json:"portal"`
				} `json:"leads"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			fromPortal := 0
			for _, l := range doc.Leads {
				if l.Portal != nil && l.Portal.Origin != "" {
					fromPortal++
				}
			}
			if len(doc.Leads) != 3 || fromPortal != 3 {
				t.Errorf("export: %s; want the 3 portal leads with their origin", w.Body)
			}
			wantStatus(t, "anonymize", s.Admin(http.MethodPost, "/api/admin/privacy/anonymize",
				map[string]any{"email": "nome.consumidor@email.com"}), http.StatusOK)
			if v := getPortalLead(t, s, first.ID); v.Name != "" || v.Email != nil && *v.Email != "" || v.Phone != nil ||
				v.Portal == nil || v.Portal.OriginLeadID != "59ee0fc6e4b043e1b2a6d863" {
				t.Errorf("anonymised portal lead: %+v", v)
			}
			if a := postPortalLead(t, s, path, portalFixture(t, "manual-2020.json"), http.StatusOK); a.ID != first.ID || a.Created {
				t.Errorf("retry after the anonymisation: %+v, want lead %d, not created", a, first.ID)
			}

			// A new address: the old one is unknown at once.
			newPath := portalLeadAddress(t, s, http.MethodPost)
			if newPath == path {
				t.Fatal("rotation kept the address")
			}
			if w := bad.Call(http.MethodPost, path, withLeadID(t, portalFixture(t, "manual-2020.json"), "depois", ""),
				"Content-Type", "application/json"); w.Code != http.StatusNotFound {
				t.Errorf("old address after rotation: %d %s", w.Code, w.Body)
			}
			postPortalLead(t, s, newPath, withLeadID(t, portalFixture(t, "manual-2020.json"), "depois", ""), http.StatusCreated)
		})
	}
}

// TestPortalLeadSecretNotLogged: the portal leads' address is their
// credential; the request log leaves its secret out.
func TestPortalLeadSecretNotLogged(t *testing.T) {
	t.Parallel()
	var out logLines
	s := newStack(t, "sqlite", httpapi.Config{Logger: slog.New(slog.NewJSONHandler(&out, nil))})
	path := portalLeadAddress(t, s, http.MethodGet)
	secret := strings.TrimPrefix(path, "/api/v1/portal-leads/")
	wantStatus(t, "a portal's lead", s.Call(http.MethodPost, path, portalFixture(t, "manual-2020.json"),
		"Content-Type", "application/json"), http.StatusCreated)
	if got := out.last(t, "request")["path"]; got != "/api/v1/portal-leads/[redacted]" {
		t.Errorf("the lead's request is logged with path %v", got)
	}
	out.mu.Lock()
	log := out.buf.String()
	out.mu.Unlock()
	if strings.Contains(log, secret) || bytes.Contains([]byte(log), []byte("Nome Consumidor")) {
		t.Errorf("the secret or the lead's name is in the log:\n%s", log)
	}
}
