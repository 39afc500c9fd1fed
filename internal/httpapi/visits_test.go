package httpapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

type visitSlotsBody struct {
	TimeZone string `json:"time_zone"`
	Days     []struct {
		Date  string `json:"date"`
		Slots []struct {
			StartsAt time.Time `json:"starts_at"`
		} `json:"slots"`
	} `json:"days"`
}

type visitLinkBody struct {
	Status   string         `json:"status"`
	StartsAt time.Time      `json:"starts_at"`
	Slug     string         `json:"property_slug"`
	Slots    visitSlotsBody `json:"slots"`
}

// visitStack is a server whose listing "casa-visita" has a broker open
// every day, all day.
func visitStack(t *testing.T, dialect string, cfg httpapi.Config) (s *stack, broker listing.User, slug string) {
	t.Helper()
	s = newStack(t, dialect, cfg)
	broker, err := s.Store.CreateUser(t.Context(), listing.UserInput{Email: "ana@imobiliaria.com.br", Name: "Ana Souza",
		Password: "senha-forte-123", Role: listing.RoleCorretor}, "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
	if err != nil {
		t.Fatal(err)
	}
	u := storetest.Apartment("Casa para visitar")
	u.Slug, u.BrokerID = storetest.Ptr("casa-visita"), &broker.ID
	if _, err := s.Store.CreateProperty(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	return s, broker, "casa-visita"
}

func hoursPath(id int64) string {
	return "/api/admin/users/" + strconv.FormatInt(id, 10) + "/visit-hours"
}

func allWeek() map[string]any {
	var weekly []map[string]any
	for d := range 7 {
		weekly = append(weekly, map[string]any{"weekday": d, "start": "00:00", "end": "24:00"})
	}
	return map[string]any{"weekly": weekly}
}

func visitBody(start time.Time, email string) map[string]any {
	return map[string]any{"starts_at": start.Format(time.RFC3339), "name": "Maria Souza", "email": email, "phone": "(48) 99999-0000"}
}

func TestVisitBookingFlow(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s, broker, slug := visitStack(t, d, httpapi.Config{})
			slotsPath := "/api/v1/properties/" + slug + "/visit-slots"
			// No hours yet: no day, and the page hides its button.
			if got := decodeJSON[visitSlotsBody](t, "slots", s.Call("GET", slotsPath, nil)); len(got.Days) != 0 || got.TimeZone != "America/Sao_Paulo" {
				t.Fatalf("slots without hours: %+v", got)
			}
			wantStatus(t, "set hours", s.Admin("PUT", hoursPath(broker.ID), allWeek()), http.StatusOK)
			got := decodeJSON[visitSlotsBody](t, "slots", s.Call("GET", slotsPath, nil))
			if len(got.Days) < 14 || len(got.Days) > 15 || len(got.Days[1].Slots) != 24 {
				t.Fatalf("slots of a broker open all day: %d days, %+v", len(got.Days), got.Days[:1])
			}
			first, second := got.Days[1].Slots[10].StartsAt, got.Days[1].Slots[11].StartsAt

			// A time that is no slot start; a slot of the past.
			w := s.BadInput().Call("POST", "/api/v1/properties/"+slug+"/visits", visitBody(first.Add(30*time.Minute), "maria@example.com"))
			wantStatus(t, "a half hour", w, http.StatusUnprocessableEntity)
			if !strings.Contains(w.Body.String(), "starts_at") {
				t.Errorf("422 without starts_at: %s", w.Body)
			}
			wantStatus(t, "the past", s.BadInput().Call("POST", "/api/v1/properties/"+slug+"/visits",
				visitBody(time.Now().Add(-48*time.Hour).Truncate(time.Hour), "maria@example.com")), http.StatusUnprocessableEntity)

			w = s.Call("POST", "/api/v1/properties/"+slug+"/visits", visitBody(first, "maria@example.com"))
			wantStatus(t, "booking", w, http.StatusCreated)
			booked := decodeJSON[struct {
				ID       int64     `json:"id"`
				StartsAt time.Time `json:"starts_at"`
			}](t, "booking", w)
			if !booked.StartsAt.Equal(first) {
				t.Errorf("booked %v, want %v", booked.StartsAt, first)
			}
			l, err := s.Store.Lead(t.Context(), booked.ID)
			if err != nil || l.Kind() != listing.KindVisit || l.AssignedTo.Name != "Ana Souza" || !strings.Contains(l.Message, "às") {
				t.Errorf("the lead: %+v, %v", l, err)
			}
			// The slot is gone from the offer, and booking it again is
			// the "já reservado" answer.
			got = decodeJSON[visitSlotsBody](t, "slots", s.Call("GET", slotsPath, nil))
			if got.Days[1].Slots[10].StartsAt.Equal(first) {
				t.Error("a booked slot is still offered")
			}
			wantError(t, "the same slot again", s.Call("POST", "/api/v1/properties/"+slug+"/visits", visitBody(first, "joao@example.com")),
				http.StatusConflict, "Este horário acabou de ser reservado")

			// The visitor's link: see, move, cancel.
			m, err := s.Store.VisitMailData(t.Context(), booked.ID)
			if err != nil {
				t.Fatal(err)
			}
			link := decodeJSON[visitLinkBody](t, "lookup", s.Call("POST", "/api/v1/visits/lookup", map[string]string{"token": m.Token}))
			if link.Status != "confirmed" || !link.StartsAt.Equal(first) || link.Slug != slug || len(link.Slots.Days) == 0 {
				t.Errorf("lookup: %+v", link)
			}
			wantStatus(t, "someone takes eleven", s.Call("POST", "/api/v1/properties/"+slug+"/visits", visitBody(second, "joao@example.com")), http.StatusCreated)
			wantError(t, "move onto a taken slot", s.Call("POST", "/api/v1/visits/reschedule", map[string]string{"token": m.Token, "starts_at": second.Format(time.RFC3339)}),
				http.StatusConflict, "Este horário acabou de ser reservado")
			third := second.Add(time.Hour)
			link = decodeJSON[visitLinkBody](t, "reschedule", s.Call("POST", "/api/v1/visits/reschedule", map[string]string{"token": m.Token, "starts_at": third.Format(time.RFC3339)}))
			if !link.StartsAt.Equal(third) {
				t.Errorf("after reschedule: %+v", link)
			}
			link = decodeJSON[visitLinkBody](t, "cancel", s.Call("POST", "/api/v1/visits/cancel", map[string]string{"token": m.Token}))
			if link.Status != "cancelled" || len(link.Slots.Days) != 0 {
				t.Errorf("after cancel: %+v", link)
			}
			wantStatus(t, "cancel twice", s.Call("POST", "/api/v1/visits/cancel", map[string]string{"token": m.Token}), http.StatusNotFound)
			for _, bad := range []string{"vst_nada", "x"} {
				wantStatus(t, "lookup "+bad, s.Call("POST", "/api/v1/visits/lookup", map[string]string{"token": bad}), http.StatusNotFound)
			}
			wantStatus(t, "the freed slot", s.Call("POST", "/api/v1/properties/"+slug+"/visits", visitBody(third, "lia@example.com")), http.StatusCreated)
		})
	}
}

func TestVisitBadInput(t *testing.T) {
	t.Parallel()
	s, broker, slug := visitStack(t, "sqlite", httpapi.Config{ContactLimit: httpapi.Rate{N: 1, Per: time.Hour}, ServeMetrics: true})
	bad := s.BadInput()
	path := "/api/v1/properties/" + slug + "/visits"
	wantStatus(t, "set hours", s.Admin("PUT", hoursPath(broker.ID), allWeek()), http.StatusOK)
	start := time.Now().Add(48 * time.Hour).Truncate(time.Hour)

	wantError(t, "unknown property", s.Call("POST", "/api/v1/properties/nao-existe/visits", visitBody(start, "a@example.com")), http.StatusNotFound, "Imóvel não encontrado")
	wantError(t, "unknown property's slots", s.Call("GET", "/api/v1/properties/nao-existe/visit-slots", nil), http.StatusNotFound, "Imóvel não encontrado")
	huge := visitBody(start, "a@example.com")
	huge["name"] = strings.Repeat("a", 70<<10)
	wantStatus(t, "oversize", bad.Call("POST", path, huge), http.StatusRequestEntityTooLarge)
	// Malformed JSON is a 422 on "body" here, as on every route.
	wantStatus(t, "not JSON", bad.Call("POST", path, "{", "Content-Type", "application/json"), http.StatusUnprocessableEntity)
	for name, body := range map[string]map[string]any{
		"no time":       {"name": "Maria Souza", "email": "maria@example.com"},
		"bad time":      {"starts_at": "amanhã às 10", "name": "Maria Souza", "email": "maria@example.com"},
		"bad e-mail":    visitBody(start, "maria"),
		"unknown field": {"starts_at": start.Format(time.RFC3339), "name": "Maria Souza", "email": "maria@example.com", "message": "oi"},
	} {
		wantStatus(t, name, bad.Call("POST", path, body), http.StatusUnprocessableEntity)
	}
	const visitor = "203.0.113.9:5000"
	wantStatus(t, "first booking", s.From(visitor, "POST", path, visitBody(start, "maria@example.com")), http.StatusCreated)
	// A booked visit is a lead for the metrics too; the refused ones are not.
	if m := s.Call("GET", "/metrics", nil).Body.String(); !strings.Contains(m, "\nvitrine_leads_created_total 1\n") {
		t.Errorf("leads created after one booking:\n%s", m)
	}
	w := s.From(visitor, "POST", path, visitBody(start.Add(time.Hour), "maria@example.com"))
	wantStatus(t, "second booking from the client", w, http.StatusTooManyRequests)
	wantRetryAfter(t, w, time.Hour)

	// Hours: refused shapes, and a broker sees only their own.
	for name, body := range map[string]any{
		"overlap":    map[string]any{"weekly": []map[string]any{{"weekday": 1, "start": "09:00", "end": "12:00"}, {"weekday": 1, "start": "11:00", "end": "13:00"}}},
		"bad day":    map[string]any{"weekly": []map[string]any{{"weekday": 7, "start": "09:00", "end": "12:00"}}},
		"bad clock":  map[string]any{"weekly": []map[string]any{{"weekday": 1, "start": "9h", "end": "12:00"}}},
		"past date":  map[string]any{"weekly": []any{}, "exceptions": []map[string]any{{"date": "2020-01-01", "intervals": []any{}}}},
		"no weekly":  map[string]any{},
		"short slot": map[string]any{"weekly": []map[string]any{{"weekday": 1, "start": "09:00", "end": "09:30"}}},
	} {
		wantStatus(t, name, bad.Admin("PUT", hoursPath(broker.ID), body), http.StatusUnprocessableEntity)
	}
	wantStatus(t, "unknown user", s.Admin("GET", hoursPath(99999), nil), http.StatusNotFound)
}
