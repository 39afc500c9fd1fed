package demo_test

import (
	"context"
	"testing"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestCatalogueShowsTheModel: the demonstration catalogue is stored whole
// and shows every business, status and level of address.
func TestCatalogueShowsTheModel(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, "sqlite", store.Options{})
	if ok, err := demo.Load(ctx, s); !ok || err != nil {
		t.Fatalf("Load: %v, %v", ok, err)
	}
	page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, item := range page.Items {
		p, err := s.Property(ctx, item.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.CEP == "" || !p.TotalAreaM2.Valid || !p.IPTU.Valid {
			t.Errorf("%s lacks the model's facts: %+v", p.Code, p)
		}
		seen[p.Type] = true
		seen[string(p.Status)] = true
		seen[string(p.AddressVisibility)] = true
	}
	for _, want := range []string{string(listing.BusinessSale), string(listing.BusinessRent), string(listing.BusinessSaleRent),
		string(listing.StatusAvailable), string(listing.StatusReserved), string(listing.StatusSold), string(listing.StatusRented),
		string(listing.ShowAll), string(listing.ShowStreet), string(listing.ShowNeighborhood)} {
		if !seen[want] {
			t.Errorf("the catalogue shows no %q", want)
		}
	}
}

// TestLoadAgency: the demo sets its agency when none is set, so that the
// site names an agency and every property page shows its CRECI and
// WhatsApp; an agency already set is left as it is.
func TestLoadAgency(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, "sqlite", store.Options{})
	if set, err := demo.LoadAgency(ctx, s); !set || err != nil {
		t.Fatalf("LoadAgency on an empty database: %v, %v", set, err)
	}
	a, err := s.Agency(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := demo.Agency()
	if a.Name != want.Name || a.CRECI != want.CRECI || a.Phone != want.Phone || a.WhatsApp != want.WhatsApp ||
		a.Email != want.Email || a.Address != want.Address {
		t.Errorf("stored agency %+v, want %+v", a, want)
	}

	own := want
	own.Name, own.CRECI = "Imobiliária Própria", "CRECI/SC 11111-J"
	if _, err := s.SetAgency(ctx, own); err != nil {
		t.Fatal(err)
	}
	if set, err := demo.LoadAgency(ctx, s); set || err != nil {
		t.Fatalf("LoadAgency over a set agency: %v, %v", set, err)
	}
	if a, err := s.Agency(ctx); err != nil || a.Name != "Imobiliária Própria" {
		t.Errorf("the user's agency changed: %+v, %v", a, err)
	}
}
