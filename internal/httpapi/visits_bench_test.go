package httpapi

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// BenchmarkVisitSlots: GET visit-slots through the whole handler on
// SQLite, for a broker open 09:00–12:00 and 14:00–18:00 every day with 20
// visits booked: the schedule, the booked visits and the slots, uncached.
func BenchmarkVisitSlots(b *testing.B) {
	ctx := context.Background()
	st := storetest.Open(b, "sqlite", store.Options{})
	u, err := st.CreateUser(ctx, listing.UserInput{Email: "ana@imobiliaria.com.br", Name: "Ana Souza", Password: "senha-forte-123"},
		"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
	if err != nil {
		b.Fatal(err)
	}
	p := storetest.Apartment("Casa com visitas")
	p.BrokerID = &u.ID
	prop, err := st.CreateProperty(ctx, p)
	if err != nil {
		b.Fatal(err)
	}
	var sch listing.VisitSchedule
	for d := range sch.Weekly {
		sch.Weekly[d] = []listing.VisitInterval{{Start: 9 * 60, End: 12 * 60}, {Start: 14 * 60, End: 18 * 60}}
	}
	if err := st.SetVisitSchedule(ctx, u.ID, sch); err != nil {
		b.Fatal(err)
	}
	start := time.Now().Add(48 * time.Hour).Truncate(time.Hour)
	for i := range 20 {
		s := start.Add(time.Duration(i) * 24 * time.Hour / 2)
		if _, _, err := st.BookVisit(ctx, prop.Slug, listing.LeadInput{Name: "Visitante", Email: "v@example.com",
			Message: "Agendamento de visita."}, listing.VisitBooking{BrokerID: u.ID, StartsAt: s, EndsAt: s.Add(time.Hour)}); err != nil {
			b.Fatal(err)
		}
	}
	serveBench(b, New(Config{Store: st}).Handler(), []string{"/api/v1/properties/" + prop.Slug + "/visit-slots"}, nil, http.StatusOK)
}
