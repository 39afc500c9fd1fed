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
