package store_test

import (
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestAccountsMigrationKeepsData makes a database as the release before
// accounts left it (migrations 0001 to 0003, with a property, a lead and
// an admin token written in its schema), then migrates it: everything is
// still there, the property with no known author, and users can be added.
func TestAccountsMigrationKeepsData(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 3)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			const id = "0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a0b"
			exec(`INSERT INTO subtypes (id, name, slug) VALUES (1, 'Casa', 'casa')`)
			exec(`INSERT INTO cities (id, name, slug, state) VALUES (1, 'Florianópolis', 'florianopolis', 'SC')`)
			exec(`INSERT INTO neighborhoods (id, city_id, name, slug) VALUES (1, 1, 'Centro', 'centro')`)
			exec(`INSERT INTO properties (id, title, slug, price_cents, type, subtype_id, city_id, neighborhood_id, created_at, updated_at)
VALUES ($1, 'Casa antiga', 'casa-antiga', 45000000, 'venda', 1, 1, 1, $2, $2)`, id, at)
			exec(`INSERT INTO leads (property_id, name, email, message, created_at) VALUES ($1, 'Bruno', 'bruno@example.com', 'Tenho interesse na casa.', $2)`, id, at)
			const token = "vt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
			exec(`INSERT INTO admin_tokens (name, token_hash, created_at) VALUES ('script', $1, $2)`, store.HashToken(token), at)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}

			s := storetest.OpenAt(t, dsn, store.Options{})
			p, err := s.Property(ctx, id)
			if err != nil || p.Title != "Casa antiga" || p.CreatedBy.Known() || p.UpdatedBy.Known() || !p.CreatedAt.Equal(at) {
				t.Errorf("property after the migration: %+v, %v", p, err)
			}
			if _, err := s.PropertyDocument(ctx, "casa-antiga"); err != nil {
				t.Errorf("public detail after the migration: %v", err)
			}
			leads, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
			if err != nil || leads.Total != 1 || leads.Items[0].Email != "bruno@example.com" {
				t.Errorf("leads after the migration: %+v, %v", leads, err)
			}
			if name, err := s.Authenticate(ctx, token); err != nil || name != "script" {
				t.Errorf("admin token after the migration: %q, %v", name, err)
			}
			addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		})
	}
}

// releaseDB opens a new database of dialect d, whose address is dsn, with
// the migrations up to last applied and no later one, as the release that
// ended there left it; exec writes rows in that release's schema. The
// caller closes it.
func releaseDB(t *testing.T, d string, last int) (old *store.Store, dsn string, exec func(query string, args ...any)) {
	t.Helper()
	dsn = storetest.DSN(t, d)
	old, err := store.Open(ctx, dsn, store.Options{Documents: detaildoc.Renderer{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.MigrateUpTo(ctx, old, last); err != nil {
		t.Fatal(err)
	}
	return old, dsn, func(query string, args ...any) {
		t.Helper()
		if err := store.Exec(ctx, old, query, args...); err != nil {
			t.Fatalf("%.60s…: %v", query, err)
		}
	}
}
