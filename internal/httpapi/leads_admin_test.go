package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

type inboxLead struct {
	ID        int64           `json:"id"`
	Status    string          `json:"status"`
	Note      *string         `json:"note"`
	UpdatedAt *time.Time      `json:"updated_at"`
	UpdatedBy *map[string]any `json:"updated_by"`
}

type inboxPage struct {
	Items      []inboxLead `json:"items"`
	Total      int         `json:"total"`
	Page       *int        `json:"page"`
	NextCursor *string     `json:"next_cursor"`
	Unread     int         `json:"unread"`
}

func inbox(t *testing.T, s *stack, query string) inboxPage {
	t.Helper()
	w := s.Admin("GET", "/api/admin/leads"+query, nil)
	wantStatus(t, query, w, http.StatusOK)
	var p inboxPage
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p inboxPage) ids() []int64 {
	var ids []int64
	for _, l := range p.Items {
		ids = append(ids, l.ID)
	}
	return ids
}

// wantInvalid fails unless w is a 422 naming field in its details.
func wantInvalid(t *testing.T, what string, w *httptest.ResponseRecorder, field string) {
	t.Helper()
	body := w.Body.Bytes()
	var e struct {
		Error   string              `json:"error"`
		Details map[string][]string `json:"details"`
	}
	json.Unmarshal(body, &e)
	if code := w.Code; code != http.StatusUnprocessableEntity || e.Error != "Dados inválidos" || len(e.Details[field]) == 0 {
		t.Errorf("%s: %d %s, want 422 on %q", what, code, body, field)
	}
}

// TestLeadsInbox: the inbox on both databases: a lead's change by PATCH,
// its refusals (nothing stored), the filters, the days of the agency's
// time zone, cursor paging, the unread count and the export's filters.
func TestLeadsInbox(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC)) // 11:00 in São Paulo
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Now: clock.Now}}.Start(t)
			casa := s.Property("Casa na Lagoa", "casa-na-lagoa")
			apto := s.Property("Apartamento no Centro", "apartamento-no-centro")
			var ids []int64
			for i, at := range []time.Time{
				time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC),  // 2 March
				time.Date(2026, 3, 3, 2, 59, 59, 0, time.UTC), // 2 March, 23:59:59 in São Paulo
				time.Date(2026, 3, 3, 3, 0, 0, 0, time.UTC),   // 3 March, midnight
				time.Date(2026, 3, 4, 3, 0, 0, 0, time.UTC),   // 4 March
			} {
				clock.Set(at)
				slug := casa.Slug
				if i == 1 {
					slug = apto.Slug
				}
				id, err := s.Store.CreateLead(context.Background(), slug, listing.LeadInput{Name: "Visitante", Email: "v@example.com", Message: "Quero visitar o imóvel."})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			a, b, c, dd := ids[0], ids[1], ids[2], ids[3]

			all := inbox(t, s, "")
			if !slices.Equal(all.ids(), []int64{dd, c, b, a}) || all.Unread != 4 || all.Total != 4 || all.NextCursor != nil || *all.Page != 1 {
				t.Fatalf("the inbox: %+v", all)
			}
			if l := all.Items[0]; l.Status != "novo" || l.Note != nil || l.UpdatedAt != nil || l.UpdatedBy != nil {
				t.Errorf("a new lead: %+v", l)
			}

			// A change records who made it and when.
			clock.Set(time.Date(2026, 3, 5, 12, 0, 0, 0, time.UTC))
			lead := fmt.Sprintf("/api/admin/leads/%d", a)
			w := s.Admin("PATCH", lead, map[string]any{"status": "em_atendimento", "note": "  Ligar amanhã.\nPrefere WhatsApp. "})
			wantStatus(t, "PATCH", w, http.StatusOK)
			var l inboxLead
			json.Unmarshal(w.Body.Bytes(), &l)
			if l.ID != a || l.Status != "em_atendimento" || l.Note == nil || *l.Note != "Ligar amanhã.\nPrefere WhatsApp." ||
				l.UpdatedAt == nil || !l.UpdatedAt.Equal(clock.Now()) || l.UpdatedBy == nil || fmt.Sprint(*l.UpdatedBy) != "map[kind:token name:seguranca]" {
				t.Errorf("changed lead: %s", w.Body)
			}
			w = s.Admin("PATCH", lead, map[string]any{"note": nil})
			if json.Unmarshal(w.Body.Bytes(), &l); w.Code != 200 || l.Note != nil || l.Status != "em_atendimento" {
				t.Errorf("note cleared: %d %s", w.Code, w.Body)
			}
			w = s.Admin("PATCH", lead, map[string]any{"note": "Visita marcada", "status": "concluido"})
			wantStatus(t, "PATCH both", w, http.StatusOK)
			wantStatus(t, "discard", s.Admin("PATCH", fmt.Sprintf("/api/admin/leads/%d", b), map[string]any{"status": "descartado"}), http.StatusOK)

			// Refusals store nothing.
			bad := s.BadInput()
			for field, body := range map[string]any{
				"status": map[string]any{"status": "lido"},
				"note":   map[string]any{"note": strings.Repeat("é", 2001)},
				"body":   map[string]any{},
				"foo":    map[string]any{"foo": 1, "status": "novo"},
			} {
				w := bad.Admin("PATCH", lead, body)
				wantInvalid(t, "PATCH "+field, w, field)
			}
			for field, body := range map[string]string{"status": `{"status": null}`, "note": `{"note": 5}`, "body": `[1]`} {
				w := bad.Admin("PATCH", lead, body)
				wantInvalid(t, "PATCH "+body, w, field)
			}
			if got := inbox(t, s, "?status=concluido"); len(got.Items) != 1 || *got.Items[0].Note != "Visita marcada" {
				t.Errorf("after the refusals: %+v", got)
			}
			wantError(t, "unknown lead", s.Admin("PATCH", fmt.Sprintf("/api/admin/leads/%d", dd+100), map[string]any{"status": "novo"}), 404, "Recurso não encontrado")
			wantError(t, "not an id", bad.Admin("PATCH", "/api/admin/leads/abc", map[string]any{"status": "novo"}), 404, "Recurso não encontrado")

			// Filters; the unread count is every new lead's.
			pid := url.QueryEscape(casa.ID)
			for query, want := range map[string][]int64{
				"?status=novo":                               {dd, c},
				"?status=descartado":                         {b},
				"?property_id=" + pid:                        {dd, c, a},
				"?property_id=" + pid + "&status=novo":       {dd, c},
				"?from=2026-03-02&to=2026-03-02":             {b, a},
				"?from=2026-03-03":                           {dd, c},
				"?to=2026-03-03":                             {c, b, a},
				"?from=2026-03-03&to=2026-03-03&status=novo": {c},
				"?property_id=" + url.QueryEscape(apto.ID) + "&from=2026-03-03": nil,
			} {
				got := inbox(t, s, query)
				if !slices.Equal(got.ids(), want) || got.Total != len(want) || got.Unread != 2 {
					t.Errorf("%s: %v (total %d, unread %d), want %v and 2 unread", query, got.ids(), got.Total, got.Unread, want)
				}
			}
			for query, field := range map[string]string{
				"?status=lido": "status", "?from=2026-13-01": "from", "?to=02/03/2026": "to", "?from=2026-03-04&to=2026-03-03": "to",
				"?cursor=lixo": "cursor", "?page=2&cursor=" + *inbox(t, s, "?per_page=1").NextCursor: "page",
				"?page=201&per_page=50": "page", "?per_page=101": "per_page",
			} {
				w := bad.Admin("GET", "/api/admin/leads"+query, nil)
				wantInvalid(t, query, w, field)
			}

			// Cursor paging walks every lead once, newest first.
			var walked []int64
			for page := inbox(t, s, "?per_page=1"); ; {
				walked = append(walked, page.ids()...)
				if page.NextCursor == nil {
					break
				}
				if len(walked) > 4 {
					t.Fatal("the cursor does not end")
				}
				page = inbox(t, s, "?per_page=1&cursor="+*page.NextCursor)
				if page.Page != nil {
					t.Errorf("a page by cursor has a page number: %d", *page.Page)
				}
			}
			if !slices.Equal(walked, []int64{dd, c, b, a}) {
				t.Errorf("walked %v", walked)
			}

			// The export takes the same filters, and shows status and note.
			_, records := exportCSV(t, s, "/api/admin/leads.csv?status=concluido")
			if len(records) != 2 || records[1][0] != fmt.Sprint(a) || records[1][10] != "concluído" || records[1][11] != "Visita marcada" {
				t.Errorf("export of the done leads: %q", records)
			}
			_, records = exportCSV(t, s, "/api/admin/leads.csv?from=2026-03-02&to=2026-03-02&property_id="+pid)
			if len(records) != 2 || records[1][0] != fmt.Sprint(a) {
				t.Errorf("export of 2 March of the casa: %q", records)
			}
			for query, field := range map[string]string{"?status=lido": "status", "?from=ontem": "from", "?page=3&per_page=5000": "page",
				"?format=xlsx": "format"} {
				w := bad.Admin("GET", "/api/admin/leads.csv"+query, nil)
				wantInvalid(t, "export "+query, w, field)
			}
		})
	}
}
