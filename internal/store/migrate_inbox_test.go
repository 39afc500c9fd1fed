package store_test

import (
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestInboxMigrationKeepsData makes a database as the release before the
// inbox left it (migrations 0001 to 0005, with properties, leads, one of
// them of a deleted property, and an admin token written in its schema),
// then migrates it: every lead is there and new, with no note; the
// properties are found by the admin list's search; the token still signs
// in, with no known author.
func TestInboxMigrationKeepsData(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 5)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			exec(`INSERT INTO subtypes (id, name, slug) VALUES (1, 'Casa', 'casa')`)
			exec(`INSERT INTO cities (id, name, slug, state) VALUES (1, 'Florianópolis', 'florianopolis', 'SC')`)
			exec(`INSERT INTO neighborhoods (id, city_id, name, slug) VALUES (1, 1, 'Centro', 'centro')`)
			ids := []string{"0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a01", "0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a02"}
			exec(`INSERT INTO properties (id, title, slug, code, price_cents, type, subtype_id, city_id, neighborhood_id, created_at, updated_at)
VALUES ($1, 'Casa no Itacorubí', 'casa-no-itacorubi', 'ITA-7', 45000000, 'venda', 1, 1, 1, $2, $2)`, ids[0], at)
			exec(`INSERT INTO properties (id, title, slug, price_cents, type, subtype_id, city_id, neighborhood_id, created_at, updated_at)
VALUES ($1, 'Sobrado Ágata', 'sobrado-agata', 90000000, 'venda', 1, 1, 1, $2, $2)`, ids[1], at)
			for i := range 3 {
				exec(`INSERT INTO leads (property_id, name, email, message, created_at) VALUES ($1, 'Bruno', 'bruno@example.com', 'Tenho interesse na casa.', $2)`,
					ids[i%2], at.Add(time.Duration(i)*time.Minute))
			}
			exec(`INSERT INTO leads (property_id, name, email, message, created_at) VALUES (NULL, 'Clara', 'clara@example.com', 'E o imóvel que saiu?', $1)`, at.Add(time.Hour))
			const token = "vt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
			exec(`INSERT INTO admin_tokens (name, token_hash, created_at) VALUES ('script', $1, $2)`, store.HashToken(token), at)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}

			s := storetest.OpenAt(t, dsn, store.Options{})
			leads, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
			if err != nil || leads.Total != 4 || leads.Unread != 4 || len(leads.Items) != 4 {
				t.Fatalf("leads after the migration: %+v, %v", leads, err)
			}
			for _, l := range leads.Items {
				if l.Status != listing.LeadNew || l.Note != "" || !l.UpdatedAt.IsZero() || l.UpdatedBy.Known() {
					t.Errorf("lead after the migration: %+v", l)
				}
			}
			if leads.Items[0].Name != "Clara" || leads.Items[0].PropertyID != "" {
				t.Errorf("the lead of a deleted property: %+v", leads.Items[0])
			}
			for q, want := range map[string]string{"itacorubi": ids[0], "ita-7": ids[0], "AGATA": ids[1]} {
				page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Search: q, Page: 1, PerPage: 10})
				if err != nil || len(page.Items) != 1 || page.Items[0].ID != want {
					t.Errorf("search %q after the migration: %+v, %v", q, page.Items, err)
				}
				if err == nil && len(page.Items) == 1 {
					if c := page.Leads[want]; c.Total == 0 || c.Total != c.Unread {
						t.Errorf("search %q: lead counts %+v", q, c)
					}
				}
			}
			if name, err := s.Authenticate(ctx, token); err != nil || name != "script" {
				t.Errorf("admin token after the migration: %q, %v", name, err)
			}
			if list, err := s.Tokens(ctx); err != nil || len(list) != 1 || list[0].CreatedBy.Known() || list[0].LastUsedAt.IsZero() {
				t.Errorf("tokens after the migration: %+v, %v", list, err)
			}
		})
	}
}
