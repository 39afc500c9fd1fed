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

// TestFavoriteMail: a request keeps its consent evidence and queues one
// e-mail, composed from the listings still published, in the visitor's
// order; an address gets at most MaxFavoriteMails a day; the export lists
// the requests, and the anonymisation and the retention delete them.
func TestFavoriteMail(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		n := recordNotice(t, s, listing.Agency{Name: "Sol"}, listing.Retention{})
		a := create(t, s, storetest.Apartment("Primeiro"))
		b := create(t, s, storetest.Apartment("Segundo"))
		in := listing.FavoriteMailInput{Email: "Maria@example.com.br", PropertyIDs: []string{b.ID, a.ID}, NoticeVersion: n.Version, ClientAddr: "203.0.113.9"}
		for i := range store.MaxFavoriteMails + 1 {
			created, err := s.CreateFavoriteMail(ctx, in)
			if err != nil || created != (i < store.MaxFavoriteMails) {
				t.Fatalf("#%d: %v, %v", i, created, err)
			}
		}
		bad := in
		bad.PropertyIDs = nil
		var ve *listing.ValidationError
		if _, err := s.CreateFavoriteMail(ctx, bad); !errors.As(err, &ve) || ve.Fields["slugs"] == nil {
			t.Errorf("no listing: %v", err)
		}
		ms := claimMail(t, s, 10, time.Minute)
		if len(ms) != store.MaxFavoriteMails || ms[0].Kind != store.MailFavorites {
			t.Fatalf("outbox: %+v", ms)
		}
		if _, err := s.UpdateProperty(ctx, a.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		f, err := s.FavoriteMail(ctx, ms[0].Ref)
		if err != nil || f.Request.Email != "Maria@example.com.br" || len(f.Properties) != 1 || f.Properties[0].ID != b.ID {
			t.Fatalf("favorite mail: %+v, %v", f, err)
		}
		list, err := s.SubjectFavoriteMails(ctx, "maria@EXAMPLE.com.br")
		if err != nil || len(list) != store.MaxFavoriteMails || list[0].NoticeVersion != n.Version || list[0].ClientHash == "" ||
			list[0].ClientHash == "203.0.113.9" || len(list[0].PropertyIDs) != 2 {
			t.Fatalf("export: %+v, %v", list, err)
		}
		other := in
		other.Email = "joao@example.com.br"
		if _, err := s.CreateFavoriteMail(ctx, other); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AnonymizeSubject(ctx, "maria@example.com.br", listing.Actor{Kind: listing.ActorUser, Ref: "1"}); err != nil {
			t.Fatal(err)
		}
		if list, err := s.SubjectFavoriteMails(ctx, "maria@example.com.br"); err != nil || len(list) != 0 {
			t.Errorf("after anonymisation: %+v, %v", list, err)
		}
		if _, err := s.FavoriteMail(ctx, ms[0].Ref); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("its e-mail after anonymisation: %v", err)
		}
		clock.Advance(store.FavoriteMailKeep + time.Minute)
		if _, err := s.DeleteStaleVisitorRequests(ctx, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if list, err := s.SubjectFavoriteMails(ctx, "joao@example.com.br"); err != nil || len(list) != 0 {
			t.Errorf("after %v: %+v, %v", store.FavoriteMailKeep, list, err)
		}
	})
}
