package store_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// failsAs checks that err names the store operation and wraps want.
func failsAs(t *testing.T, what string, err error, op string, want error) {
	t.Helper()
	if err == nil || !strings.HasPrefix(err.Error(), "store: "+op+": ") || !errors.Is(err, want) {
		t.Errorf("%s: %v; want \"store: %s: …\" wrapping %v", what, err, op, want)
	}
}

// conflictOn checks that err is a uniqueness conflict on field.
func conflictOn(t *testing.T, what string, err error, field string) {
	t.Helper()
	var ce *listing.ConflictError
	if !errors.As(err, &ce) || ce.Field != field {
		t.Errorf("%s: %v; want a conflict on %q", what, err, field)
	}
}

// TestErrorsNameTheOperation: each method's error says which operation
// failed, and still wraps the listing vocabulary; a conflict names its
// field.
func TestErrorsNameTheOperation(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa Azul"))
		q := create(t, s, storetest.Apartment("Casa Verde"))

		_, err := s.CreateProperty(ctx, storetest.Apartment("Casa Azul"))
		failsAs(t, "taken slug", err, "create property", listing.ErrConflict)
		conflictOn(t, "taken slug", err, "slug")
		_, err = s.UpdateProperty(ctx, q.ID, listing.PropertyUpdate{Slug: storetest.Ptr(p.Slug)})
		failsAs(t, "update to a taken slug", err, "update property", listing.ErrConflict)
		conflictOn(t, "update to a taken slug", err, "slug")

		_, err = s.CreateProperty(ctx, listing.PropertyUpdate{})
		failsAs(t, "empty creation", err, "create property", listing.ErrInvalid)
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || ve.Fields["title"] == nil {
			t.Errorf("empty creation: %v, want a *ValidationError on title", err)
		}
		_, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Bedrooms: storetest.Ptr(-1)})
		failsAs(t, "invalid update", err, "update property", listing.ErrInvalid)

		const unknown = "0190f0a0-0000-7000-8000-000000000000"
		_, err = s.Property(ctx, unknown)
		failsAs(t, "unknown id", err, "property", listing.ErrNotFound)
		_, err = s.UpdateProperty(ctx, unknown, listing.PropertyUpdate{})
		failsAs(t, "update of an unknown id", err, "update property", listing.ErrNotFound)
		failsAs(t, "delete of an unknown id", s.DeleteProperty(ctx, unknown), "delete property", listing.ErrNotFound)
		_, err = s.PropertyDocument(ctx, "nao-existe")
		failsAs(t, "unknown slug", err, "property document", listing.ErrNotFound)
		_, err = s.CreateLead(ctx, "nao-existe", lead())
		failsAs(t, "lead on an unknown slug", err, "create lead", listing.ErrNotFound)

		if _, err := s.CreateToken(ctx, "ana"); err != nil {
			t.Fatal(err)
		}
		_, err = s.CreateToken(ctx, "ana")
		failsAs(t, "taken token name", err, "create token", listing.ErrConflict)
		conflictOn(t, "taken token name", err, "name")
		_, err = s.CreateToken(ctx, "")
		failsAs(t, "empty token name", err, "create token", listing.ErrInvalid)
		failsAs(t, "revoke an unknown token", s.RevokeToken(ctx, "bruno"), "revoke token", listing.ErrNotFound)
		_, err = s.Authenticate(ctx, "vt_nao-existe")
		failsAs(t, "unknown token", err, "authenticate", listing.ErrUnauthorized)

		_, err = s.DeliveryState(ctx, 999)
		failsAs(t, "unknown delivery", err, "delivery state", listing.ErrNotFound)
		failsAs(t, "unclaimed delivery", s.MarkDelivered(ctx, store.Delivery{LeadID: 999, Attempt: 1}), "mark delivered", store.ErrLeaseLost)
		failsAs(t, "unclaimed retry", s.RetryDelivery(ctx, store.Delivery{LeadID: 999, Attempt: 1}, time.Second, "x"), "retry delivery", store.ErrLeaseLost)
		failsAs(t, "unclaimed failure", s.FailDelivery(ctx, store.Delivery{LeadID: 999, Attempt: 1}, "x"), "fail delivery", store.ErrLeaseLost)
	})
}

// TestIDsOnlyInCanonicalForm: an id is found only as the 36-character
// UUID, in either case; every other form that UUID parsers take is an
// unknown id on both databases, never an error of the database.
func TestIDsOnlyInCanonicalForm(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa Canônica"))
		if _, err := s.CreateLead(ctx, p.Slug, lead()); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Property(ctx, strings.ToUpper(p.ID)); err != nil || got.ID != p.ID {
			t.Errorf("Property(upper case id) = %q, %v; want the property", got.ID, err)
		}
		if page, err := s.Leads(ctx, store.LeadFilter{PropertyID: strings.ToUpper(p.ID), Page: 1, PerPage: 10}); err != nil || page.Total != 1 {
			t.Errorf("Leads(upper case id) = %d, %v; want its lead", page.Total, err)
		}
		for _, id := range []string{"urn:uuid:" + p.ID, "{" + p.ID + "}", strings.ReplaceAll(p.ID, "-", ""),
			"URN:UUID:" + p.ID, p.ID + " ", " " + p.ID, p.ID[:35], p.ID + "0"} {
			if _, err := s.Property(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("Property(%q) = %v, want ErrNotFound", id, err)
			}
			if _, err := s.UpdateProperty(ctx, id, listing.PropertyUpdate{Title: storetest.Ptr("Outra")}); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("UpdateProperty(%q) = %v, want ErrNotFound", id, err)
			}
			if err := s.DeleteProperty(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("DeleteProperty(%q) = %v, want ErrNotFound", id, err)
			}
			if page, err := s.Leads(ctx, store.LeadFilter{PropertyID: id, Page: 1, PerPage: 10}); err != nil || page.Total != 0 {
				t.Errorf("Leads(%q) = %d leads, %v; want none", id, page.Total, err)
			}
		}
		if got, err := s.Property(ctx, p.ID); err != nil || got.Title != p.Title {
			t.Errorf("after the other forms: %q, %v; want the property unchanged", got.Title, err)
		}
	})
}

// TestReferenceNamesNeedASlug: a subtype, city, neighborhood or amenity
// whose name has no Latin letter or digit is refused on its field, at
// creation and at update, and no row is made for it.
func TestReferenceNamesNeedASlug(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa Com Nomes"))
		for _, name := range []string{"🏠", "Москва"} {
			for field, u := range map[string]listing.PropertyUpdate{
				"subtype.name":      {Subtype: &listing.Subtype{Name: name}},
				"city.name":         {City: &listing.City{Name: name, State: "SC"}, Neighborhood: &listing.Neighborhood{Name: "Centro"}},
				"neighborhood.name": {Neighborhood: &listing.Neighborhood{Name: name}},
				"amenities[0].name": {Amenities: &[]listing.Amenity{{Name: name, Group: listing.GroupLeisure}}},
			} {
				_, err := s.UpdateProperty(ctx, p.ID, u)
				var ve *listing.ValidationError
				if !errors.As(err, &ve) || ve.Fields[field] == nil {
					t.Errorf("update with %s %q: %v, want a validation error on %s", field, name, err, field)
				}
			}
			u := storetest.Apartment("Casa " + name)
			u.Slug = storetest.Ptr("casa-nova")
			u.Subtype = &listing.Subtype{Name: name}
			var ve *listing.ValidationError
			if _, err := s.CreateProperty(ctx, u); !errors.As(err, &ve) || ve.Fields["subtype.name"] == nil {
				t.Errorf("creation with subtype %q: %v, want a validation error on subtype.name", name, err)
			}
		}
		got, err := s.Property(ctx, p.ID)
		if err != nil || got.Subtype.Name != "Apartamento" || got.City.Slug != "florianopolis" || got.Neighborhood.Slug != "centro" || len(got.Amenities) != 2 {
			t.Errorf("after the refusals: %+v, %v; want the property unchanged", got, err)
		}
		if err := store.Exec(ctx, s, `INSERT INTO subtypes (name, slug) VALUES ('x', '')`); err != nil {
			t.Errorf("a subtype with an empty slug already exists: %v", err)
		}
	})
}
