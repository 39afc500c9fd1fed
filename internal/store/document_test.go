package store_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// fixed are options that make a new store's first property the same on
// every database: its id and its times.
func fixed() store.Options {
	at := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	return store.Options{
		Now:   func() time.Time { return at },
		NewID: func() string { return "0190f0a0-1234-7abc-8def-0123456789ab" },
	}
}

// tricky is a property whose document holds every form of value: text to
// escape, an integral area, a condo fee with cents, an empty list.
func tricky() listing.PropertyUpdate {
	u := storetest.Apartment(`Casa "Térrea" <b>& Quintal</b>`)
	u.Description = storetest.Ptr("Linha um\r\nLinha\tdois \\ três 🏠")
	u.AreaM2 = storetest.Ptr(120.0)
	u.CondoFee = &listing.NullMoney{Money: 5, Valid: true}
	u.Address = nil
	u.VideoURL = storetest.Ptr("https://vimeo.com/76979871?a=1&b=2")
	u.Amenities = &[]listing.Amenity{}
	return u
}

// TestSameDocumentOnBothDatabases writes the same property on SQLite and
// on PostgreSQL: the stored documents are the same bytes, with the same
// gzip form and ETag, and they are the encoding of the property as read
// back.
func TestSameDocumentOnBothDatabases(t *testing.T) {
	for _, u := range []listing.PropertyUpdate{storetest.Apartment("Apartamento Vista Mar"), tricky()} {
		var docs []store.Document
		for _, d := range storetest.Dialects {
			s := storetest.Open(t, d, fixed())
			p := create(t, s, u)
			doc, err := s.PropertyDocument(ctx, p.Slug)
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			checkForms(t, doc)
			stored, err := s.Property(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want, err := detaildoc.Encode(stored); err != nil || !bytes.Equal(doc.JSON, want) {
				t.Errorf("%s: the stored document\n%s\nis not the encoding of the stored property\n%s (%v)", d, doc.JSON, want, err)
			}
			docs = append(docs, doc)
		}
		if len(docs) == 2 && (!bytes.Equal(docs[0].JSON, docs[1].JSON) || docs[0].ETag != docs[1].ETag || !bytes.Equal(docs[0].Gzip, docs[1].Gzip)) {
			t.Errorf("documents differ:\nsqlite   %s %s\npostgres %s %s", docs[0].JSON, docs[0].ETag, docs[1].JSON, docs[1].ETag)
		}
	}
}

// TestDocumentFollowsWrites: after each kind of write the stored document
// is the encoding of the property as stored, reference rows included
// (a reference named again keeps the name it was created with).
func TestDocumentFollowsWrites(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		first := create(t, s, storetest.Apartment("Casa Um"))
		u := storetest.Apartment("Casa Dois")
		u.Neighborhood = &listing.Neighborhood{Name: "CENTRO"}
		u.Amenities = &[]listing.Amenity{{Name: "piscina", Group: listing.GroupFeature}, {Name: "Sauna", Group: listing.GroupLeisure}}
		p := create(t, s, u)
		if p.Neighborhood.Name != "Centro" || p.Amenities[0].Name != "Piscina" || p.Amenities[0].Group != listing.GroupLeisure {
			t.Errorf("existing reference rows renamed: %+v %+v", p.Neighborhood, p.Amenities)
		}
		same := func(step string) {
			t.Helper()
			stored, err := s.Property(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			want, err := detaildoc.Encode(stored)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := s.PropertyDocument(ctx, stored.Slug)
			if err != nil || !bytes.Equal(doc.JSON, want) {
				t.Errorf("%s: stored document\n%s\nwant\n%s (%v)", step, doc.JSON, want, err)
			}
		}
		same("create")
		for step, up := range map[string]listing.PropertyUpdate{
			"title":        {Title: storetest.Ptr("Casa Dois Reformada")},
			"neighborhood": {Neighborhood: &listing.Neighborhood{Name: "Trindade"}},
			"city":         {City: &listing.City{Name: "São José", State: "SC"}, Neighborhood: &listing.Neighborhood{Name: "Kobrasol"}},
			"lists":        {Photos: &[]listing.Photo{{URL: "https://img.example.com/x.jpg"}}, Amenities: &[]listing.Amenity{{Name: "Lareira", Group: listing.GroupFeature}}},
			"slug":         {Slug: storetest.Ptr("casa-dois-nova")},
		} {
			if _, err := s.UpdateProperty(ctx, p.ID, up); err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			same(step)
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PropertyDocument(ctx, "casa-dois-nova"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("inactive property's document: %v, want ErrNotFound", err)
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(true)}); err != nil {
			t.Fatal(err)
		}
		same("active again")
		if _, err := s.PropertyDocument(ctx, first.Slug); err != nil {
			t.Errorf("another property's document: %v", err)
		}
	})
}

// TestChangedVersionRebuildsDocuments: a build whose documents have
// another format (a new detaildoc.Version) makes every stored document
// again at Migrate and records its format; the next Migrate leaves them.
func TestChangedVersionRebuildsDocuments(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		if f, err := store.StoredDocumentFormat(ctx, s); err != nil || !strings.Contains(f, detaildoc.Version) {
			t.Fatalf("stored format %q (%v) does not name the encoder's version %q", f, err, detaildoc.Version)
		}
		p := create(t, s, storetest.Apartment("Apartamento Versionado"))
		want, err := s.PropertyDocument(ctx, p.Slug)
		if err != nil {
			t.Fatal(err)
		}
		stale := func() {
			t.Helper()
			if err := store.Exec(ctx, s, `UPDATE property_documents SET doc = '{"stale":true}', doc_gzip = NULL, etag = 'W/"stale"'`); err != nil {
				t.Fatal(err)
			}
		}
		stale()
		store.SetDocumentFormat(s, "detaildoc-next;"+detaildoc.Version)
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := s.PropertyDocument(ctx, p.Slug); err != nil || !bytes.Equal(got.JSON, want.JSON) || got.ETag != want.ETag {
			t.Errorf("after a version change the document is %s %s (%v), want it made again", got.JSON, got.ETag, err)
		}
		if f, err := store.StoredDocumentFormat(ctx, s); err != nil || f != "detaildoc-next;"+detaildoc.Version {
			t.Errorf("stored format after the rebuild: %q, %v", f, err)
		}
		stale()
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.PropertyDocument(ctx, p.Slug); string(got.JSON) != `{"stale":true}` {
			t.Errorf("a second Migrate of the same version rebuilt the documents: %s", got.JSON)
		}
	})
}

// titleRenderer is a DocumentRenderer of another format, whose document
// is the property's title.
type titleRenderer struct{}

func (titleRenderer) Format() string { return "title-1" }

func (titleRenderer) Render(p listing.Property) ([]byte, []byte, string, error) {
	return []byte(p.Title), nil, `W/"` + p.Slug + `"`, nil
}

// TestDocumentRenderer: the store stores what the renderer it was given
// makes, and makes every document again at Migrate when the renderer's
// format changes; a store opened without a renderer keeps the stored
// documents, serves them, and refuses a write that must make one
// (ErrNoRenderer) without storing it. On both databases.
func TestDocumentRenderer(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, d)
			s := storetest.OpenAt(t, dsn, store.Options{})
			p := create(t, s, storetest.Apartment("Apartamento Renderizado"))
			want, err := s.PropertyDocument(ctx, p.Slug)
			if err != nil || !bytes.HasPrefix(want.JSON, []byte(`{"id":`)) {
				t.Fatalf("detail document %s, %v", want.JSON, err)
			}

			other := storetest.OpenAt(t, dsn, store.Options{Documents: titleRenderer{}})
			if got, err := other.PropertyDocument(ctx, p.Slug); err != nil || string(got.JSON) != p.Title || got.ETag != `W/"`+p.Slug+`"` {
				t.Errorf("after a change of renderer: %s %s (%v), want the title renderer's", got.JSON, got.ETag, err)
			}
			q := create(t, other, storetest.Apartment("Casa Renderizada"))
			if got, err := other.PropertyDocument(ctx, q.Slug); err != nil || string(got.JSON) != q.Title {
				t.Errorf("a write renders %s (%v), want the title renderer's", got.JSON, err)
			}
			format, err := store.StoredDocumentFormat(ctx, other)
			if err != nil || !strings.HasPrefix(format, "title-1;") {
				t.Errorf("stored format %q, %v", format, err)
			}

			bare, err := store.Open(ctx, dsn, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { bare.Close() })
			if err := bare.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if got, err := bare.PropertyDocument(ctx, q.Slug); err != nil || string(got.JSON) != q.Title {
				t.Errorf("without a renderer the stored document is %s (%v), want it kept", got.JSON, err)
			}
			if f, err := store.StoredDocumentFormat(ctx, bare); err != nil || f != format {
				t.Errorf("without a renderer the stored format became %q (%v), was %q", f, err, format)
			}
			_, err = bare.CreateProperty(ctx, storetest.Apartment("Casa Sem Documento"))
			if !errors.Is(err, store.ErrNoRenderer) {
				t.Errorf("a creation without a renderer: %v, want ErrNoRenderer", err)
			}
			if page, err := bare.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10, Search: "Sem Documento"}); err != nil || page.Total != 0 {
				t.Errorf("the refused creation was stored: %+v, %v", page, err)
			}
		})
	}
}
