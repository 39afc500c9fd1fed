package store_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// each runs fn once per dialect on a fresh, migrated database: one suite,
// both stores.
func each(t *testing.T, opts store.Options, fn func(t *testing.T, s *store.Store)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			fn(t, storetest.Open(t, d, opts))
		})
	}
}

var ctx = context.Background()

func create(t *testing.T, s *store.Store, u listing.PropertyUpdate) listing.Property {
	t.Helper()
	p, err := s.CreateProperty(ctx, u)
	if err != nil {
		t.Fatalf("CreateProperty: %v", err)
	}
	return p
}

// checkForms checks that a stored document is compact JSON (the same
// shape from both databases), that its gzip form holds it and that its
// ETag is its own.
func checkForms(t *testing.T, d store.Document) {
	t.Helper()
	var compact bytes.Buffer
	if err := json.Compact(&compact, d.JSON); err != nil || !bytes.Equal(compact.Bytes(), d.JSON) {
		t.Errorf("stored document is not compact JSON (%v):\n%s", err, d.JSON)
	}
	if d.ETag != docenc.ETag(d.JSON) {
		t.Errorf("stored ETag %s, the document's is %s", d.ETag, docenc.ETag(d.JSON))
	}
	if d.Gzip == nil {
		if len(d.JSON) >= docenc.MinGzip {
			t.Errorf("a %d-byte document is stored without its gzip form", len(d.JSON))
		}
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(d.Gzip))
	if err != nil {
		t.Fatalf("stored gzip form: %v", err)
	}
	if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, d.JSON) {
		t.Errorf("the stored gzip form does not hold the document (%v)", err)
	}
}

func document(t *testing.T, s *store.Store, slug string) map[string]any {
	t.Helper()
	d, err := s.PropertyDocument(ctx, slug)
	if err != nil {
		t.Fatalf("PropertyDocument(%q): %v", slug, err)
	}
	var m map[string]any
	if err := json.Unmarshal(d.JSON, &m); err != nil {
		t.Fatalf("document is not JSON: %v\n%s", err, d.JSON)
	}
	checkForms(t, d)
	return m
}

func TestMigrateTwice(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("second Migrate: %v", err)
		}
	})
}

// TestDocumentsRebuiltForNewFormat checks the stored detail documents
// across versions: Migrate makes them all again when they were made by
// another format (here the empty one of a database from before they were
// stored), and leaves them alone when the format is the running one, so
// that a start costs no rebuild.
func TestDocumentsRebuiltForNewFormat(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		active := create(t, s, storetest.Apartment("Apartamento Ativo"))
		inactive := storetest.Apartment("Apartamento Inativo")
		inactive.IsActive = storetest.Ptr(false)
		hidden := create(t, s, inactive)
		want := document(t, s, active.Slug)
		stale := func() {
			t.Helper()
			if err := store.Exec(ctx, s, `UPDATE property_documents SET doc = '{"stale":true}', doc_gzip = NULL, etag = 'W/"stale"'`); err != nil {
				t.Fatal(err)
			}
		}

		stale()
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if d, err := s.PropertyDocument(ctx, active.Slug); err != nil || string(d.JSON) != `{"stale":true}` {
			t.Fatalf("Migrate with the running format rebuilt the documents: %s, %v", d.JSON, err)
		}

		stale()
		if err := store.Exec(ctx, s, `UPDATE catalog_version SET document_format = ''`); err != nil {
			t.Fatal(err)
		}
		v0, err := s.CatalogVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if got := document(t, s, active.Slug); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("after a format change the document is\n%v\nwant\n%v", got, want)
		}
		if _, err := s.PropertyDocument(ctx, hidden.Slug); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("inactive property after the rebuild: %v, want ErrNotFound", err)
		}
		if v, err := s.CatalogVersion(ctx); err != nil || v <= v0 {
			t.Errorf("catalogue version after the rebuild = %d, %v; want above %d, so that caches empty", v, err, v0)
		}
	})
}

// TestListsUseTheirIndex checks SQLite's plans of the list queries: a
// list served by its index reads one page of rows, where a sort would read
// the whole catalogue (seconds at 100,000 properties).
func TestListsUseTheirIndex(t *testing.T) {
	s := storetest.Open(t, "sqlite", store.Options{})
	for _, f := range []store.PropertyFilter{{}, {IncludeInactive: true}} {
		count, list, _, args := store.ListQueries(f, 12, 0)
		for _, q := range []string{count, list} {
			plan, err := store.QueryPlan(ctx, s, q, args...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(plan, "TEMP B-TREE") || strings.Contains(plan, "SCAN p\n") {
				t.Errorf("admin list %v: the plan sorts or scans the table:\n%s\n%s", f.IncludeInactive, plan, q)
			}
		}
	}
}

// TestDetailReadDescendsOneTree checks SQLite's plan of the detail read:
// the document is found by its key, the table's rowid, with no index.
func TestDetailReadDescendsOneTree(t *testing.T) {
	s := storetest.Open(t, "sqlite", store.Options{})
	first, second := store.SlugKeys("casa-azul")
	plan, err := store.QueryPlan(ctx, s, store.DetailQuery, first, second, "casa-azul")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, "INTEGER PRIMARY KEY") || strings.Contains(plan, "INDEX") {
		t.Errorf("the detail read is not one lookup by rowid:\n%s", plan)
	}
}

func TestSlugKeys(t *testing.T) {
	seen := map[int64]string{}
	for i := range 10000 {
		slug := fmt.Sprintf("apartamento-com-%d-quartos-no-%d", i%5, i)
		first, second := store.SlugKeys(slug)
		if f, s := store.SlugKeys(slug); f != first || s != second {
			t.Fatalf("keys of %q differ between calls", slug)
		}
		if first < 0 || second >= 0 {
			t.Fatalf("keys of %q: %d, %d; want the first non-negative, the second negative", slug, first, second)
		}
		for _, k := range []int64{first, second} {
			if other, ok := seen[k]; ok {
				t.Fatalf("%q and %q share the key %d", slug, other, k)
			}
			seen[k] = slug
		}
	}
}

// TestSlugsSharingKeys makes every slug share the same two keys: the
// second property's document goes under the second key, each read finds
// its own document by its slug, a third property cannot be stored (and
// nothing of it is), and a key set free is used again.
func TestSlugsSharingKeys(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		store.SetDocumentKeys(s, func(string) (int64, int64) { return 7, -8 })
		a := create(t, s, storetest.Apartment("Casa Um"))
		b := create(t, s, storetest.Apartment("Casa Dois"))
		for _, p := range []listing.Property{a, b} {
			if got := document(t, s, p.Slug)["title"]; got != p.Title {
				t.Errorf("PropertyDocument(%q) is the document of %q", p.Slug, got)
			}
		}
		if _, err := s.PropertyDocument(ctx, "casa-tres"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("a slug without a property, on keys held by others: %v, want ErrNotFound", err)
		}
		if _, err := s.CreateProperty(ctx, storetest.Apartment("Casa Três")); err == nil || errors.Is(err, listing.ErrNotFound) {
			t.Fatalf("a third slug on two held keys: %v, want an error", err)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil || page.Total != 2 {
			t.Fatalf("after the failed creation: %d properties (%v), want 2", page.Total, err)
		}
		if err := s.DeleteProperty(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateProperty(ctx, b.ID, listing.PropertyUpdate{Title: storetest.Ptr("Casa Dois Reformada")}); err != nil {
			t.Fatal(err)
		}
		c := create(t, s, storetest.Apartment("Casa Três"))
		for _, p := range []listing.Property{b, c} {
			if got := document(t, s, p.Slug)["id"]; got != p.ID {
				t.Errorf("PropertyDocument(%q) is the document of %q", p.Slug, got)
			}
		}
	})
}

// TestDocumentsRebuiltInBatches: the rebuild reads properties a batch at
// a time; every active property gets its document whatever the batch.
func TestDocumentsRebuiltInBatches(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		var slugs []string
		for _, title := range []string{"Casa Um", "Casa Dois", "Casa Três", "Casa Quatro", "Casa Cinco"} {
			slugs = append(slugs, create(t, s, storetest.Apartment(title)).Slug)
		}
		want := map[string]map[string]any{}
		for _, slug := range slugs {
			want[slug] = document(t, s, slug)
		}
		if err := store.Exec(ctx, s, `UPDATE catalog_version SET document_format = 'old'`); err != nil {
			t.Fatal(err)
		}
		if err := store.Exec(ctx, s, `DELETE FROM property_documents`); err != nil {
			t.Fatal(err)
		}
		if err := store.RebuildDocuments(ctx, s, 2); err != nil {
			t.Fatal(err)
		}
		for _, slug := range slugs {
			if got := document(t, s, slug); fmt.Sprint(got) != fmt.Sprint(want[slug]) {
				t.Errorf("%s after a rebuild in batches of 2:\n%v\nwant\n%v", slug, got, want[slug])
			}
		}
	})
}

func TestPropertyDocument(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento Vista Mar"))
		if p.Slug != "apartamento-vista-mar" {
			t.Errorf("slug = %q, want derived from title", p.Slug)
		}
		doc := document(t, s, p.Slug)
		want := map[string]any{
			"id": p.ID, "title": "Apartamento Vista Mar", "slug": "apartamento-vista-mar", "code": "AP-0042",
			"description": "Apartamento com vista para o mar,\nsol da manhã e varanda gourmet.",
			"address":     "Rua Bocaiúva, 1200", "price": "450000.00", "condo_fee": "850.50", "type": "venda",
			"bedrooms": 3.0, "bathrooms": 2.0, "parking_spots": 1.0, "area_m2": 98.5, "is_featured": true,
			"video_url": nil, "video_position": "section",
		}
		for k, v := range want {
			if doc[k] != v {
				t.Errorf("%s = %#v, want %#v", k, doc[k], v)
			}
		}
		if len(doc) != 21+len(modelFields)+len(brokerFields) {
			t.Errorf("document has %d fields, want the 21 of the spec, the %d of the listing model and the broker: %v", len(doc), len(modelFields), doc)
		}
		city := doc["city"].(map[string]any)
		if city["name"] != "Florianópolis" || city["slug"] != "florianopolis" || city["state"] != "SC" || city["id"] == nil {
			t.Errorf("city = %v", city)
		}
		if n := doc["neighborhood"].(map[string]any); n["slug"] != "centro" || len(n) != 3 {
			t.Errorf("neighborhood = %v", n)
		}
		if st := doc["subtype"].(map[string]any); st["name"] != "Apartamento" || st["slug"] != "apartamento" {
			t.Errorf("subtype = %v", st)
		}
		photos := doc["photos"].([]any)
		if len(photos) != 2 {
			t.Fatalf("photos = %v", photos)
		}
		for i, want := range []string{"Sala de estar", "Varanda gourmet"} {
			ph := photos[i].(map[string]any)
			if ph["alt_text"] != want || ph["display_order"] != float64(i) || ph["srcset"] != nil || len(ph) != 6 {
				t.Errorf("photo %d = %v", i, ph)
			}
		}
		am := doc["amenities"].([]any)
		if len(am) != 2 || am[0].(map[string]any)["group"] != "caracteristica" || am[1].(map[string]any)["slug"] != "piscina" {
			t.Errorf("amenities = %v", am)
		}
	})
}

func TestPropertyDocumentEmptyListsAndNulls(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		u := storetest.Apartment("Terreno no Campeche")
		u.Photos, u.Amenities, u.Code, u.Description, u.Address, u.CondoFee = nil, nil, nil, nil, nil, nil
		create(t, s, u)
		d, err := s.PropertyDocument(ctx, "terreno-no-campeche")
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		json.Unmarshal(d.JSON, &doc)
		for k, want := range map[string]string{"photos": "[]", "amenities": "[]", "code": "null", "description": "null",
			"address": "null", "condo_fee": "null", "video_url": "null", "video_position": `"section"`} {
			if got := string(doc[k]); got != want {
				t.Errorf("%s = %s, want %s", k, got, want)
			}
		}
	})
}

func TestInactiveAndUnknownAreNotFound(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		u := storetest.Apartment("Casa Azul")
		u.IsActive = storetest.Ptr(false)
		create(t, s, u)
		for _, slug := range []string{"casa-azul", "nao-existe", "Casa-Azul", "casa/azul", ""} {
			if _, err := s.PropertyDocument(ctx, slug); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("PropertyDocument(%q) = %v, want ErrNotFound", slug, err)
			}
			if _, err := s.CreateLead(ctx, slug, lead()); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("CreateLead(%q) = %v, want ErrNotFound", slug, err)
			}
		}
	})
}

func TestUpdateIsPartial(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Cobertura Duplex"))
		got, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{
			VideoURL:      storetest.Ptr("  https://youtu.be/dQw4w9WgXcQ \n"),
			VideoPosition: storetest.Ptr(listing.VideoCarousel),
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.VideoURL != "https://youtu.be/dQw4w9WgXcQ" || got.VideoPosition != listing.VideoCarousel {
			t.Errorf("video = %q %q", got.VideoURL, got.VideoPosition)
		}
		if got.Title != p.Title || got.Price != p.Price || len(got.Photos) != 2 || len(got.Amenities) != 2 || got.Slug != p.Slug {
			t.Errorf("fields not in the update changed: %+v", got)
		}
		// Neither video field given: neither changes.
		got, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Cobertura Duplex Reformada")})
		if err != nil {
			t.Fatal(err)
		}
		if got.VideoURL != "https://youtu.be/dQw4w9WgXcQ" || got.VideoPosition != listing.VideoCarousel || got.Slug != p.Slug {
			t.Errorf("after title update: video %q %q slug %q", got.VideoURL, got.VideoPosition, got.Slug)
		}
		// "" removes the video.
		got, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{VideoURL: storetest.Ptr("")})
		if err != nil {
			t.Fatal(err)
		}
		if doc := document(t, s, p.Slug); doc["video_url"] != nil || doc["video_position"] != "carousel" {
			t.Errorf("after clearing: %v %v", doc["video_url"], doc["video_position"])
		}
		// Lists are replaced when given.
		got, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{
			Photos:    &[]listing.Photo{{URL: "https://img.example.com/nova.jpg", AltText: "Nova"}},
			Amenities: &[]listing.Amenity{},
			CondoFee:  &listing.NullMoney{},
		})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := s.Property(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(stored.Photos) != 1 || stored.Photos[0].AltText != "Nova" || len(stored.Amenities) != 0 || stored.CondoFee.Valid {
			t.Errorf("stored = %+v", stored)
		}
		if !stored.UpdatedAt.After(p.UpdatedAt) && !stored.UpdatedAt.Equal(p.UpdatedAt) {
			t.Errorf("updated_at went back: %v < %v", stored.UpdatedAt, p.UpdatedAt)
		}
	})
}

func TestUpdateMovesCityWithNeighborhood(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa na Lagoa"))
		_, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{City: &listing.City{Name: "Joinville", State: "SC"}})
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || ve.Fields["neighborhood"] == nil {
			t.Fatalf("city alone: %v, want a neighborhood validation error", err)
		}
		got, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Neighborhood: &listing.Neighborhood{Name: "Lagoa da Conceição"}})
		if err != nil {
			t.Fatal(err)
		}
		if got.City.ID != p.City.ID || got.Neighborhood.Slug != "lagoa-da-conceicao" {
			t.Errorf("neighborhood alone: city %v neighborhood %v", got.City, got.Neighborhood)
		}
		// The same names resolve to the same reference rows.
		q := create(t, s, storetest.Apartment("Outro Apartamento"))
		if q.City.ID != p.City.ID || q.Subtype.ID != p.Subtype.ID || q.Amenities[1].ID != p.Amenities[1].ID {
			t.Errorf("reference rows duplicated: %v %v", q.City, p.City)
		}
	})
}

func TestSlugConflict(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		create(t, s, storetest.Apartment("Casa Azul"))
		if _, err := s.CreateProperty(ctx, storetest.Apartment("Casa Azul")); !errors.Is(err, listing.ErrConflict) {
			t.Errorf("second Casa Azul: %v, want ErrConflict", err)
		}
		q := create(t, s, storetest.Apartment("Casa Verde"))
		if _, err := s.UpdateProperty(ctx, q.ID, listing.PropertyUpdate{Slug: storetest.Ptr("casa-azul")}); !errors.Is(err, listing.ErrConflict) {
			t.Errorf("update to a taken slug: %v, want ErrConflict", err)
		}
		if doc := document(t, s, "casa-verde"); doc["title"] != "Casa Verde" {
			t.Errorf("failed update changed the property: %v", doc["title"])
		}
	})
}

func TestUnknownIDs(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		for _, id := range []string{"0190f0a0-0000-7000-8000-000000000000", "nao-e-uuid", "", "'; DROP TABLE properties; --"} {
			if _, err := s.Property(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("Property(%q) = %v", id, err)
			}
			if _, err := s.UpdateProperty(ctx, id, listing.PropertyUpdate{}); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("UpdateProperty(%q) = %v", id, err)
			}
			if err := s.DeleteProperty(ctx, id); !errors.Is(err, listing.ErrNotFound) {
				t.Errorf("DeleteProperty(%q) = %v", id, err)
			}
		}
	})
}

func lead() listing.LeadInput {
	return listing.LeadInput{Name: "Maria Souza", Email: "maria@example.com.br", Message: "Gostaria de agendar uma visita."}
}

func TestDeleteKeepsLeads(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa com Quintal"))
		id1, err := s.CreateLead(ctx, p.Slug, lead())
		if err != nil {
			t.Fatal(err)
		}
		id2, err := s.CreateLead(ctx, p.Slug, lead())
		if err != nil || id2 == id1 {
			t.Fatalf("second identical lead: id %d (first %d), %v", id2, id1, err)
		}
		if err := s.DeleteProperty(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PropertyDocument(ctx, p.Slug); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("deleted property still readable: %v", err)
		}
		page, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 2 || len(page.Items) != 2 {
			t.Fatalf("leads after delete: %+v", page)
		}
		for _, l := range page.Items {
			if l.PropertyID != "" || l.Name != "Maria Souza" || l.Phone != "" {
				t.Errorf("lead after delete = %+v", l)
			}
		}
		if page.Items[0].ID != id2 {
			t.Errorf("leads not newest first: %d, %d", page.Items[0].ID, page.Items[1].ID)
		}
	})
}

func TestLeadsFilterAndPages(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		a := create(t, s, storetest.Apartment("Apartamento A"))
		b := create(t, s, storetest.Apartment("Apartamento B"))
		for i := range 5 {
			in := lead()
			in.Phone = fmt.Sprintf("(48) 99999-000%d", i)
			slug := a.Slug
			if i%2 == 1 {
				slug = b.Slug
			}
			if _, err := s.CreateLead(ctx, slug, in); err != nil {
				t.Fatal(err)
			}
		}
		page, err := s.Leads(ctx, store.LeadFilter{PropertyID: a.ID, Page: 1, PerPage: 2})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 3 || len(page.Items) != 2 || page.Items[0].PropertySlug != a.Slug || page.Items[0].Phone != "(48) 99999-0004" {
			t.Errorf("page 1 of A = %+v", page)
		}
		page, _ = s.Leads(ctx, store.LeadFilter{PropertyID: a.ID, Page: 2, PerPage: 2})
		if len(page.Items) != 1 {
			t.Errorf("page 2 of A has %d items", len(page.Items))
		}
	})
}

func TestConcurrentLeadsAllStored(t *testing.T) {
	each(t, store.Options{Outbox: true}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa Disputada"))
		const n = 200
		var wg sync.WaitGroup
		ids := make(chan int64, n)
		for range n {
			wg.Go(func() {
				id, err := s.CreateLead(ctx, p.Slug, lead())
				if err != nil {
					t.Error(err)
					return
				}
				ids <- id
			})
		}
		wg.Wait()
		close(ids)
		seen := map[int64]bool{}
		for id := range ids {
			seen[id] = true
		}
		page, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != n || page.Total != n {
			t.Fatalf("%d distinct ids, %d stored, want %d", len(seen), page.Total, n)
		}
		for _, l := range page.Items {
			if !seen[l.ID] || l.Delivery.Status != listing.DeliveryPending {
				t.Fatalf("lead %+v", l)
			}
		}
	})
}

func TestListing(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		plain := storetest.Apartment("Sem Destaque")
		plain.IsFeatured = storetest.Ptr(false)
		plain.Photos = nil
		create(t, s, plain)
		create(t, s, storetest.Apartment("Destaque"))
		hidden := storetest.Apartment("Inativo")
		hidden.IsActive = storetest.Ptr(false)
		create(t, s, hidden)

		page, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 2 || len(page.Items) != 2 || page.Items[0].Title != "Destaque" || page.Items[1].Title != "Sem Destaque" {
			t.Fatalf("public list = %+v", page)
		}
		if len(page.Items[0].Photos) != 1 || page.Items[0].Photos[0].AltText != "Sala de estar" || len(page.Items[1].Photos) != 0 {
			t.Errorf("covers: %+v / %+v", page.Items[0].Photos, page.Items[1].Photos)
		}
		all, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 1})
		if err != nil {
			t.Fatal(err)
		}
		if all.Total != 3 || len(all.Items) != 1 || all.Items[0].Title != "Inativo" {
			t.Errorf("admin list = %+v", all)
		}
	})
}

func TestCatalogVersion(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		v0, err := s.CatalogVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		p := create(t, s, storetest.Apartment("Versionado"))
		s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)})
		s.DeleteProperty(ctx, p.ID)
		v1, _ := s.CatalogVersion(ctx)
		if v1 != v0+3 {
			t.Errorf("version %d after three writes from %d", v1, v0)
		}
	})
}

func TestTokens(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		tok, err := s.CreateToken(ctx, "ana")
		if err != nil {
			t.Fatal(err)
		}
		if len(tok) < 43 {
			t.Errorf("token %q is too short for 256 bits", tok)
		}
		if _, err := s.CreateToken(ctx, "ana"); !errors.Is(err, listing.ErrConflict) {
			t.Errorf("duplicate name: %v", err)
		}
		if name, err := s.Authenticate(ctx, tok); err != nil || name != "ana" {
			t.Errorf("Authenticate = %q, %v", name, err)
		}
		for _, bad := range []string{"", tok + "x", tok[:len(tok)-1], "vt_" + "' OR 1=1 --"} {
			if _, err := s.Authenticate(ctx, bad); !errors.Is(err, listing.ErrUnauthorized) {
				t.Errorf("Authenticate(%q) = %v", bad, err)
			}
		}
		list, _ := s.Tokens(ctx)
		if len(list) != 1 || list[0].Name != "ana" {
			t.Errorf("Tokens = %+v", list)
		}
		if err := s.RevokeToken(ctx, "ana"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, tok); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("revoked token still works: %v", err)
		}
		if err := s.RevokeToken(ctx, "ana"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("revoke twice: %v", err)
		}
	})
}

// TestConcurrentMigrate starts several processes' worth of stores on one
// empty database at once: every migration must apply once, without error.
func TestConcurrentMigrate(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, d)
			var wg sync.WaitGroup
			errs := make(chan error, 4)
			for range 4 {
				wg.Go(func() {
					s, err := store.Open(ctx, dsn, store.Options{Documents: detaildoc.Renderer{}})
					if err != nil {
						errs <- err
						return
					}
					defer s.Close()
					errs <- s.Migrate(ctx)
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Errorf("concurrent migrate: %v", err)
				}
			}
			s := storetest.OpenAt(t, dsn, store.Options{})
			if _, err := s.CreateProperty(ctx, storetest.Apartment("Depois da Migração")); err != nil {
				t.Errorf("schema unusable after concurrent migrations: %v", err)
			}
		})
	}
}

// TestConcurrentOpensOfANewSQLiteFile opens, migrates and closes one new
// file from several stores at once, round after round. While one store
// turns the file to WAL, or closes the last connection and folds the WAL
// back, SQLite may answer another store's opening SQLITE_BUSY without
// waiting out busy_timeout; every open must still succeed. Two processes
// started together on a new database do this. The failure is rare per
// round: with the open not tried again, 7 of 12 runs of this test failed.
// Under -short, a tenth of the rounds: the fast loop still opens files
// concurrently, and the full run keeps the odds of seeing the rare case.
func TestConcurrentOpensOfANewSQLiteFile(t *testing.T) {
	t.Parallel()
	rounds := 100
	if testing.Short() {
		rounds = 10
	}
	for round := range rounds {
		path := filepath.Join(t.TempDir(), "vitrine.db")
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Go(func() {
				s, err := store.Open(ctx, path, store.Options{Documents: detaildoc.Renderer{}})
				if err == nil {
					err = errors.Join(s.Migrate(ctx), s.Close())
				}
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
}

// TestConcurrentCreatesShareReferences creates properties at once that
// share amenities listed in different orders: no writer may deadlock or
// wait out a timeout, and each shared row exists once.
func TestConcurrentCreatesShareReferences(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		names := []string{"Piscina", "Academia", "Sauna", "Churrasqueira", "Playground", "Varanda", "Lareira", "Jardim"}
		var wg sync.WaitGroup
		for i := range 32 {
			wg.Go(func() {
				u := storetest.Apartment(fmt.Sprintf("Apartamento Concorrente %d", i))
				am := make([]listing.Amenity, len(names))
				for j := range names {
					am[j] = listing.Amenity{Name: names[(i+j)%len(names)], Group: listing.GroupLeisure}
					if i%2 == 1 {
						am[j].Name = names[len(names)-1-(i+j)%len(names)]
					}
				}
				u.Amenities = &am
				if _, err := s.CreateProperty(ctx, u); err != nil {
					t.Errorf("create %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		page, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 50})
		if err != nil || page.Total != 32 {
			t.Fatalf("%d properties, %v", page.Total, err)
		}
		ids := map[string]int64{}
		for _, it := range page.Items {
			p, _ := s.Property(ctx, it.ID)
			for _, a := range p.Amenities {
				if id, ok := ids[a.Slug]; ok && id != a.ID {
					t.Errorf("amenity %s has two rows: %d and %d", a.Slug, id, a.ID)
				}
				ids[a.Slug] = a.ID
			}
		}
	})
}

// TestCreateProperties: a batch stores each property as CreateProperty
// would, its references resolved once (a city, a neighborhood and
// amenities the batch shares), and a batch with one bad property stores
// none.
func TestCreateProperties(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		var batch []listing.PropertyUpdate
		for _, title := range []string{"Apartamento Um", "Apartamento Dois", "Apartamento Três"} {
			u := storetest.Apartment(title)
			u.Neighborhood = &listing.Neighborhood{Name: "Lagoa da Conceição"}
			batch = append(batch, u)
		}
		ps, err := s.CreateProperties(ctx, batch)
		if err != nil || len(ps) != 3 {
			t.Fatalf("CreateProperties: %d, %v", len(ps), err)
		}
		for i, p := range ps {
			got, err := s.Property(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Title != *batch[i].Title || got.Neighborhood.Name != "Lagoa da Conceição" || got.Neighborhood.ID != ps[0].Neighborhood.ID ||
				len(got.Amenities) != 2 || got.Amenities[0].ID != ps[0].Amenities[0].ID || len(got.Photos) != 2 {
				t.Errorf("property %d stored as %+v", i, got)
			}
		}
		before, err := s.CatalogVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		bad := []listing.PropertyUpdate{storetest.Apartment("Casa Nova"), storetest.Apartment("Apartamento Um")} // a taken slug
		if _, err := s.CreateProperties(ctx, bad); !errors.Is(err, listing.ErrConflict) {
			t.Errorf("a batch with a taken slug: %v", err)
		}
		if after, _ := s.CatalogVersion(ctx); after != before {
			t.Errorf("a failed batch moved the catalogue version from %d to %d", before, after)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 50})
		if err != nil || page.Total != 3 {
			t.Errorf("after a failed batch: %d properties, %v", page.Total, err)
		}
	})
}
