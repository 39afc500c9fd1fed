package listing_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

func TestValidID(t *testing.T) {
	for _, id := range []string{"0190f0a0-1234-7abc-8def-0123456789ab", "0190F0A0-1234-7ABC-8DEF-0123456789AB", "00000000-0000-0000-0000-000000000000"} {
		if !listing.ValidID(id) {
			t.Errorf("ValidID(%q) = false", id)
		}
	}
	for _, id := range []string{
		"", "nao-e-uuid",
		"urn:uuid:0190f0a0-1234-7abc-8def-0123456789ab",
		"{0190f0a0-1234-7abc-8def-0123456789ab}",
		"0190f0a012347abc8def0123456789ab",
		"0190f0a0-1234-7abc-8def-0123456789a",
		"0190f0a0-1234-7abc-8def-0123456789abc",
		"0190f0a0+1234-7abc-8def-0123456789ab",
		"0190f0a0-1234-7abc-8def-0123456789ag",
		"0190f0a01-234-7abc-8def-0123456789ab",
		" 0190f0a0-1234-7abc-8def-0123456789a",
	} {
		if listing.ValidID(id) {
			t.Errorf("ValidID(%q) = true", id)
		}
	}
}

func FuzzValidID(f *testing.F) {
	f.Add("0190f0a0-1234-7abc-8def-0123456789ab")
	f.Add("urn:uuid:0190f0a0-1234-7abc-8def-0123456789ab")
	f.Fuzz(func(t *testing.T, s string) {
		if !listing.ValidID(s) {
			return
		}
		// A valid id is its own canonical form, up to case.
		var a, b, c, d, e uint64
		n, err := fmt.Sscanf(strings.ToLower(s), "%08x-%04x-%04x-%04x-%012x", &a, &b, &c, &d, &e)
		if n != 5 || err != nil || fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a, b, c, d, e) != strings.ToLower(s) {
			t.Fatalf("ValidID(%q) = true for a text that is not a canonical UUID", s)
		}
	})
}

// TestReferenceNamesNeedASlug: a subtype, city, neighborhood or amenity
// whose name leaves an empty slug is refused on its own field, whether it
// comes with the creation or with an update.
func TestReferenceNamesNeedASlug(t *testing.T) {
	for _, name := range []string{"🏠", "Москва", "東京", "!!!"} {
		title, kind := "Casa", "venda"
		price := listing.Money(100)
		_, err := listing.NewProperty(listing.PropertyUpdate{
			Title: &title, Type: &kind, Price: &price,
			Subtype: &listing.Subtype{Name: name}, City: &listing.City{Name: name, State: "SC"},
			Neighborhood: &listing.Neighborhood{Name: name},
			Amenities:    &[]listing.Amenity{{Name: "Piscina", Group: listing.GroupLeisure}, {Name: name, Group: listing.GroupLeisure}},
		})
		f := fields(err)
		for _, field := range []string{"subtype.name", "city.name", "neighborhood.name", "amenities[1].name"} {
			if len(f[field]) == 0 || !strings.Contains(strings.Join(f[field], " "), "alfabeto latino") {
				t.Errorf("%q as %s: %v, want a message on the field", name, field, f)
			}
		}
		if len(f["amenities[0].name"]) != 0 {
			t.Errorf("%q: the valid amenity got a message: %v", name, f)
		}

		p := listing.Property{Title: "Casa", Slug: "casa", Type: "venda", VideoPosition: listing.VideoSection,
			Status: listing.StatusAvailable, AddressVisibility: listing.ShowAll,
			Subtype: listing.Subtype{ID: 1}, City: listing.City{ID: 1}, Neighborhood: listing.Neighborhood{ID: 1}}
		err = listing.PropertyUpdate{City: &listing.City{Name: "Florianópolis", State: "SC"}, Neighborhood: &listing.Neighborhood{Name: name}}.Apply(&p)
		if f := fields(err); len(f["neighborhood.name"]) == 0 || len(f) != 1 {
			t.Errorf("update to neighborhood %q: %v, want a message on neighborhood.name alone", name, f)
		}
	}
	// A name with one Latin letter or digit among others is fine.
	title, kind := "Casa", "venda"
	price := listing.Money(100)
	if _, err := listing.NewProperty(listing.PropertyUpdate{
		Title: &title, Type: &kind, Price: &price,
		Subtype: &listing.Subtype{Name: "Casa 🏠"}, City: &listing.City{Name: "São José", State: "SC"},
		Neighborhood: &listing.Neighborhood{Name: "Москва 2"},
	}); err != nil {
		t.Errorf("names with a Latin letter or digit: %v", err)
	}
}

func TestConflictError(t *testing.T) {
	err := fmt.Errorf("store: create property: %w", &listing.ConflictError{Field: "slug"})
	var ce *listing.ConflictError
	if !errors.Is(err, listing.ErrConflict) || !errors.As(err, &ce) || ce.Field != "slug" {
		t.Errorf("%v: Is ErrConflict %v, field %v", err, errors.Is(err, listing.ErrConflict), ce)
	}
	if errors.Is(err, listing.ErrNotFound) || errors.Is(err, listing.ErrInvalid) {
		t.Errorf("a conflict is another sentinel too")
	}
}
