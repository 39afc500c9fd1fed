package store_test

import (
	"errors"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestWhatsAppClicks: a click is counted beside the property, which
// stays as it was (row, document, catalogue version); the admin reads
// show the count; an inactive or unknown property is not counted; the
// counter goes with its property.
func TestWhatsAppClicks(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento Centro"))
		other := create(t, s, storetest.Apartment("Casa Lagoa"))
		doc, err := s.PropertyDocument(ctx, p.Slug)
		if err != nil {
			t.Fatal(err)
		}
		version, err := s.CatalogVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := s.CountWhatsAppClick(ctx, p.ID); err != nil {
				t.Fatalf("CountWhatsAppClick: %v", err)
			}
		}
		got, err := s.Property(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.WhatsAppClicks != 3 || !got.UpdatedAt.Equal(p.UpdatedAt) {
			t.Errorf("after 3 clicks: clicks %d, updated_at %v (was %v)", got.WhatsAppClicks, got.UpdatedAt, p.UpdatedAt)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		clicks := map[string]int64{}
		for _, it := range page.Items {
			clicks[it.ID] = it.WhatsAppClicks
		}
		if clicks[p.ID] != 3 || clicks[other.ID] != 0 {
			t.Errorf("admin list clicks %v, want 3 for %s and 0 for %s", clicks, p.ID, other.ID)
		}
		after, err := s.PropertyDocument(ctx, p.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if after.ETag != doc.ETag {
			t.Errorf("document ETag %s, was %s", after.ETag, doc.ETag)
		}
		if v, err := s.CatalogVersion(ctx); err != nil || v != version {
			t.Errorf("catalogue version %d (%v), was %d", v, err, version)
		}

		if _, err := s.UpdateProperty(ctx, other.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{other.ID, "0190a000-0000-7000-8000-000000000000", "nao-e-um-id"} {
			if err := s.CountWhatsAppClick(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("CountWhatsAppClick(%s): %v, want ErrNotFound", id, err)
			}
		}
		if got, _ := s.Property(ctx, other.ID); got.WhatsAppClicks != 0 {
			t.Errorf("inactive property counted %d clicks", got.WhatsAppClicks)
		}
		if err := s.DeleteProperty(ctx, p.ID); err != nil {
			t.Fatalf("delete a property with clicks: %v", err)
		}
		if err := s.CountWhatsAppClick(ctx, p.ID); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("click on a deleted property: %v", err)
		}
	})
}

// TestShares: a share is counted beside the property, apart from its
// WhatsApp clicks, leaving the property and its document as they were;
// an inactive or unknown property is not counted.
func TestShares(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento Centro"))
		doc, err := s.PropertyDocument(ctx, p.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CountWhatsAppClick(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := s.CountShare(ctx, p.ID); err != nil {
				t.Fatalf("CountShare: %v", err)
			}
		}
		got, err := s.Property(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Shares != 2 || got.WhatsAppClicks != 1 || !got.UpdatedAt.Equal(p.UpdatedAt) {
			t.Errorf("shares %d, clicks %d, updated_at %v (was %v); want 2, 1 and unchanged", got.Shares, got.WhatsAppClicks, got.UpdatedAt, p.UpdatedAt)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil || len(page.Items) != 1 || page.Items[0].Shares != 2 {
			t.Errorf("admin list: %+v (%v), want one item with 2 shares", page.Items, err)
		}
		if after, err := s.PropertyDocument(ctx, p.Slug); err != nil || after.ETag != doc.ETag {
			t.Errorf("document ETag %s (%v), was %s", after.ETag, err, doc.ETag)
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{p.ID, "0190a000-0000-7000-8000-000000000000", "nao-e-um-id"} {
			if err := s.CountShare(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("CountShare(%s): %v, want ErrNotFound", id, err)
			}
		}
		if got, _ := s.Property(ctx, p.ID); got.Shares != 2 {
			t.Errorf("inactive property: shares %d, want 2", got.Shares)
		}
	})
}
