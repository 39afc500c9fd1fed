package httpapi_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// brokerEvent is an event of a lead's timeline, as the API writes it.
type brokerEvent struct {
	Kind     string          `json:"kind"`
	By       *map[string]any `json:"by"`
	Source   *string         `json:"source"`
	Assignee *struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"assignee"`
	Rule *string `json:"rule"`
	From *string `json:"from"`
	To   *string `json:"to"`
	Text *string `json:"text"`
}

type brokerLead struct {
	ID         int64 `json:"id"`
	AssignedTo *struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"assigned_to"`
	Note     *string       `json:"note"`
	Timeline []brokerEvent `json:"timeline"`
}

// TestBrokersOverHTTP: a broker's profile, set through the API, shows on
// the public detail of their listing with its WhatsApp; a lead of it is
// theirs; reassigning it is one PATCH, in its timeline; the inbox filters
// by assignee, "me" included.
func TestBrokersOverHTTP(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d}.Start(t)
			ctx := context.Background()
			const hash = "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"
			ana, err := s.Store.CreateUser(ctx, listing.UserInput{Email: "ana@imobiliaria.com.br", Name: "Ana Souza", Password: "senha-forte-123"}, hash)
			if err != nil {
				t.Fatal(err)
			}
			// Bia runs the office: the inbox's filters reach every lead for her
			// (a corretor sees only their own: TestCorretorOwnRows).
			bia, err := s.Store.CreateUser(ctx, listing.UserInput{Email: "bia@imobiliaria.com.br", Name: "Bia Lima", Password: "senha-forte-123",
				Role: listing.RoleAdministrador}, hash)
			if err != nil {
				t.Fatal(err)
			}
			anaPath := "/api/admin/users/" + strconv.FormatInt(ana.ID, 10) + "/profile"

			// The profile: normalised; refused with a message per field.
			w := s.Admin("PUT", anaPath, map[string]any{"creci": "12.345-F/SC", "phone": "(48) 3333-4444", "whatsapp": "48 99999-0001"})
			wantStatus(t, "profile", w, http.StatusOK)
			if u := decodeJSON[map[string]any](t, "profile", w); u["creci"] != "CRECI/SC 12345-F" || u["whatsapp"] != "+5548999990001" {
				t.Errorf("stored profile %v", u)
			}
			w = s.BadInput().Admin("PUT", anaPath, map[string]any{"creci": "12345", "whatsapp": "abc"})
			wantInvalid(t, "bad creci", w, "creci")
			if !strings.Contains(w.Body.String(), "CRECI/SC 12345-F") || !strings.Contains(w.Body.String(), `"whatsapp"`) {
				t.Errorf("bad profile: %s", w.Body)
			}
			wantStatus(t, "unknown user", s.Admin("PUT", "/api/admin/users/99999/profile", map[string]any{}), http.StatusNotFound)
			wantInvalid(t, "unknown field", s.BadInput().Admin("PUT", anaPath, map[string]any{"email": "x@y.com"}), "email")

			// The listing's broker, on the admin view and the public detail.
			p := s.Property("Casa da Ana", "casa-da-ana")
			w = s.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"broker_id": ana.ID})
			wantStatus(t, "set broker", w, http.StatusOK)
			if v := decodeJSON[map[string]any](t, "admin view", w); v["broker_id"] != float64(ana.ID) {
				t.Errorf("admin view broker_id %v", v["broker_id"])
			}
			wantInvalid(t, "unknown broker", s.BadInput().Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"broker_id": 99999}), "broker_id")
			detail := func() map[string]any {
				w := s.Call("GET", "/api/v1/properties/"+p.Slug, nil)
				wantStatus(t, "detail", w, http.StatusOK)
				return decodeJSON[map[string]any](t, "detail", w)
			}
			b, _ := detail()["broker"].(map[string]any)
			if b["name"] != "Ana Souza" || b["creci"] != "CRECI/SC 12345-F" || b["whatsapp"] != "+5548999990001" || b["photo"] != nil || len(b) != 4 {
				t.Errorf("public broker %v", b)
			}
			// A new WhatsApp is on the page at once.
			wantStatus(t, "new whatsapp", s.Admin("PUT", anaPath, map[string]any{"creci": "CRECI/SC 12345-F", "whatsapp": "+5548999990002"}), http.StatusOK)
			if b, _ := detail()["broker"].(map[string]any); b["whatsapp"] != "+5548999990002" {
				t.Errorf("after the profile changed: %v", b)
			}

			// A lead of the listing is Ana's, from the site.
			w = s.Call("POST", "/api/v1/properties/"+p.Slug+"/contact", map[string]any{"name": "Maria", "email": "maria@example.com",
				"message": "Quero visitar a casa amanhã."}, "Content-Type", "application/json")
			wantStatus(t, "contact", w, http.StatusCreated)
			id := decodeJSON[struct{ ID int64 }](t, "lead", w).ID
			leadPath := "/api/admin/leads/" + strconv.FormatInt(id, 10)
			w = s.Admin("GET", leadPath, nil)
			wantStatus(t, "lead", w, http.StatusOK)
			l := decodeJSON[brokerLead](t, "lead", w)
			if l.AssignedTo == nil || l.AssignedTo.ID != ana.ID || len(l.Timeline) != 2 || l.Timeline[0].Kind != "created" ||
				*l.Timeline[0].Source != "site" || l.Timeline[1].Kind != "assigned" || *l.Timeline[1].Rule != "imovel" {
				t.Fatalf("new lead %+v", l)
			}

			// Reassigning, with a status and a note, is one PATCH.
			w = s.Admin("PATCH", leadPath, map[string]any{"assigned_to": bia.ID, "status": "em_atendimento", "note": "Ligar às 10h."})
			wantStatus(t, "reassign", w, http.StatusOK)
			l = decodeJSON[brokerLead](t, "reassigned", w)
			kinds := []string{}
			for _, e := range l.Timeline {
				kinds = append(kinds, e.Kind)
			}
			if l.AssignedTo == nil || l.AssignedTo.ID != bia.ID || *l.Note != "Ligar às 10h." ||
				strings.Join(kinds, ",") != "created,assigned,status,assigned,note" {
				t.Errorf("reassigned lead %+v", l)
			}
			if e := l.Timeline[3]; e.Assignee == nil || e.Assignee.Name != "Bia Lima" || *e.Rule != "manual" || e.By == nil {
				t.Errorf("reassignment event %+v", e)
			}
			wantInvalid(t, "unknown assignee", s.BadInput().Admin("PATCH", leadPath, map[string]any{"assigned_to": 99999}), "assigned_to")
			wantInvalid(t, "assignee not a number", s.BadInput().Admin("PATCH", leadPath, map[string]any{"assigned_to": "bia"}), "assigned_to")
			wantStatus(t, "no lead", s.Admin("GET", "/api/admin/leads/424242", nil), http.StatusNotFound)

			// The inbox's filters: by broker, "me", "none".
			other := s.Call("POST", "/api/v1/properties/"+p.Slug+"/contact", map[string]any{"name": "João", "email": "joao@example.com",
				"message": "Aceita financiamento?"}, "Content-Type", "application/json")
			wantStatus(t, "contact", other, http.StatusCreated)
			otherID := decodeJSON[struct{ ID int64 }](t, "lead", other).ID
			wantStatus(t, "unassign", s.Admin("PATCH", "/api/admin/leads/"+strconv.FormatInt(otherID, 10), map[string]any{"assigned_to": nil}), http.StatusOK)
			token, _, err := s.Store.CreateSession(ctx, bia.ID, "teste", httpapi.DefaultSessionLimits)
			if err != nil {
				t.Fatal(err)
			}
			for query, want := range map[string][]int64{
				"?assigned_to=" + strconv.FormatInt(bia.ID, 10): {id},
				"?assigned_to=" + strconv.FormatInt(ana.ID, 10): nil,
				"?assigned_to=none":                             {otherID},
				"?assigned_to=me":                               {id},
			} {
				w := s.Call("GET", "/api/admin/leads"+query, nil, "Authorization", "Bearer "+token)
				wantStatus(t, query, w, http.StatusOK)
				got := decodeJSON[inboxPage](t, query, w).ids()
				if strconv.Itoa(len(got)) != strconv.Itoa(len(want)) || len(want) > 0 && got[0] != want[0] {
					t.Errorf("%s: %v, want %v", query, got, want)
				}
			}
			wantInvalid(t, "me with a token", s.BadInput().Admin("GET", "/api/admin/leads?assigned_to=me", nil), "assigned_to")
			wantInvalid(t, "bad assignee", s.BadInput().Admin("GET", "/api/admin/leads?assigned_to=x", nil), "assigned_to")

			// Removing Ana leaves her listing without a broker, on the page at once.
			wantStatus(t, "remove", s.Admin("DELETE", "/api/admin/users/"+strconv.FormatInt(ana.ID, 10), nil), http.StatusNoContent)
			if b := detail()["broker"]; b != nil {
				t.Errorf("after the broker was removed: %v", b)
			}
			if page, err := s.Store.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10}); err != nil || page.Total != 2 {
				t.Errorf("leads after the removal: %d, %v", page.Total, err)
			}
		})
	}
}
