package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestMigrateFromRelease makes a database as the release before the
// listing model left it (migrations 0001 to 0003, with properties of
// free-text types, photos, amenities, leads and an admin token), migrates
// it forward, and finds every row kept: the plain types take their
// canonical value, the others stay as they were, a rental's price becomes
// its rent, the token still signs in and the documents are served.
func TestMigrateFromRelease(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s, _, exec := releaseDB(t, d, 3)
			t.Cleanup(func() { s.Close() })
			at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
			exec(`INSERT INTO subtypes (id, name, slug) VALUES (1, 'Casa', 'casa')`)
			exec(`INSERT INTO cities (id, name, slug, state) VALUES (1, 'Florianópolis', 'florianopolis', 'SC')`)
			exec(`INSERT INTO neighborhoods (id, city_id, name, slug) VALUES (1, 1, 'Centro', 'centro')`)
			exec(`INSERT INTO amenities (id, name, slug, amenity_group) VALUES (1, 'Piscina', 'piscina', 'lazer')`)
			types := map[string]struct{ stored, want string }{
				"0190a0b0-0000-7000-8000-000000000001": {"Venda", "venda"},
				"0190a0b0-0000-7000-8000-000000000002": {"LOCAÇÃO", "aluguel"},
				"0190a0b0-0000-7000-8000-000000000003": {" aluguel ", "aluguel"},
				"0190a0b0-0000-7000-8000-000000000004": {"Temporada", "Temporada"},
				"0190a0b0-0000-7000-8000-000000000005": {"Venda/Aluguel", "Venda/Aluguel"},
				"0190a0b0-0000-7000-8000-000000000006": {"À venda", "venda"},
			}
			// Every spelling listing.NormalizeBusiness reads, the migration
			// maps the same way.
			for i, stored := range []string{"VENDAS", " Comprar", "Sale", "For Sale", "ALUGAR", "Locação", "locacao",
				"Para Alugar", "Rent", "venda_aluguel", "venda e aluguel"} {
				want := stored
				if b, ok := listing.NormalizeBusiness(stored); ok {
					want = string(b)
				}
				types[fmt.Sprintf("0190a0b0-0000-7000-8000-0000000001%02d", i)] = struct{ stored, want string }{stored, want}
			}
			for id, ty := range types {
				exec(`INSERT INTO properties (id, title, slug, code, description, address, price_cents, condo_fee_cents,
    type, bedrooms, bathrooms, parking_spots, area_m2, is_featured, is_active, subtype_id, city_id, neighborhood_id,
    video_url, video_position, created_at, updated_at)
VALUES ($1, $2, $3, 'C-1', 'Casa antiga', 'Rua Velha, 10', 250000, 50000, $4, 2, 1, 1, 80.5, FALSE, TRUE, 1, 1, 1,
    'https://youtu.be/x', 'carousel', $5, $5)`, id, "Casa "+id[len(id)-3:], "casa-"+id[len(id)-3:], ty.stored, at)
			}
			first := "0190a0b0-0000-7000-8000-000000000001"
			exec(`INSERT INTO property_photos (property_id, display_order, url, alt_text) VALUES ($1, 0, 'https://img.example.com/1.jpg', 'Fachada')`, first)
			exec(`INSERT INTO property_amenities (property_id, position, amenity_id) VALUES ($1, 0, 1)`, first)
			exec(`INSERT INTO leads (property_id, name, email, phone, message, created_at)
VALUES ($1, 'Ana', 'ana@example.com', NULL, 'Quero visitar a casa.', $2)`, first, at)
			exec(`INSERT INTO leads (property_id, name, email, phone, message, created_at)
VALUES (NULL, 'Bruno', 'bruno@example.com', '48 3333-4444', 'Imóvel já removido.', $1)`, at)
			token := "vt_legacy-token-of-a-script-0000000000000"
			exec(`INSERT INTO admin_tokens (name, token_hash, created_at) VALUES ('script', $1, $2)`, store.HashToken(token), at)

			if err := s.Migrate(ctx); err != nil {
				t.Fatalf("migrate forward: %v", err)
			}

			page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 50})
			if err != nil || page.Total != len(types) {
				t.Fatalf("after migrating: %d properties, %v", page.Total, err)
			}
			for id, ty := range types {
				p, err := s.Property(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if p.Type != ty.want {
					t.Errorf("type %q became %q, want %q", ty.stored, p.Type, ty.want)
				}
				wantRent := listing.NullMoney{}
				if ty.want == "aluguel" {
					wantRent = listing.NullMoney{Money: 250000, Valid: true}
				}
				if p.Price != 250000 || p.CondoFee.Money != 50000 || p.RentPrice != wantRent || p.Address != "Rua Velha, 10" ||
					p.AreaM2 != 80.5 || p.VideoPosition != listing.VideoCarousel || !p.CreatedAt.Equal(at) ||
					p.Status != listing.StatusAvailable || p.AddressVisibility != listing.ShowAll {
					t.Errorf("property %s after migrating: %+v", id, p)
				}
				doc := document(t, s, p.Slug)
				if doc["address"] != "Rua Velha, 10" || doc["type"] != ty.want || doc["status"] != "disponivel" {
					t.Errorf("document of %s: %v", id, doc)
				}
				// A partial update that leaves the type alone works on every row.
				if _, err := s.UpdateProperty(ctx, id, listing.PropertyUpdate{Suites: storetest.Ptr(1)}); err != nil {
					t.Errorf("partial update of %s (type %q): %v", id, p.Type, err)
				}
			}
			if p, _ := s.Property(ctx, first); len(p.Photos) != 1 || len(p.Amenities) != 1 {
				t.Errorf("photos %v, amenities %v", p.Photos, p.Amenities)
			}
			leads, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
			if err != nil || leads.Total != 2 {
				t.Fatalf("leads after migrating: %d, %v", leads.Total, err)
			}
			linked := 0
			for _, l := range leads.Items {
				if l.PropertyID == first {
					linked++
				}
			}
			if linked != 1 {
				t.Errorf("leads %+v", leads.Items)
			}
			if name, err := s.Authenticate(ctx, token); err != nil || name != "script" {
				t.Errorf("the token of the earlier release: %q, %v", name, err)
			}
		})
	}
}
