package store_test

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestSearchDocs checks what the search index reads from the store
// (search.ReadDocs over Store.ReadCatalog), on both databases: the active
// properties alone, the address as the public sees it (a hidden street
// absent, the complement never), the amenity slugs, the references
// whole, and the version of the same snapshot.
func TestSearchDocs(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		shown := storetest.Apartment("Apartamento Rua Visível")
		shown.Street = storetest.Ptr("Rua Esteves Júnior")
		shown.Number = storetest.Ptr("77")
		shown.Complement = storetest.Ptr("Bloco Secreto 12")
		shown.AddressVisibility = storetest.Ptr(listing.ShowStreet)
		a := create(t, s, shown)

		hidden := storetest.Apartment("Casa Rua Oculta")
		hidden.Subtype = &listing.Subtype{Name: "Casa"}
		hidden.Street = storetest.Ptr("Rua Escondida")
		hidden.Address = storetest.Ptr("Rua Escondida, 10")
		hidden.AddressVisibility = storetest.Ptr(listing.ShowNeighborhood)
		hidden.Type = storetest.Ptr("venda_aluguel")
		hidden.RentPrice = &listing.NullMoney{Money: 350000, Valid: true}
		hidden.Neighborhood = &listing.Neighborhood{Name: "Lagoa da Conceição"}
		hidden.Amenities = &[]listing.Amenity{{Name: "Churrasqueira", Group: listing.GroupLeisure}}
		b := create(t, s, hidden)

		off := storetest.Apartment("Inativo")
		off.IsActive = storetest.Ptr(false)
		off.City = &listing.City{Name: "Palhoça", State: "SC"}
		off.Neighborhood = &listing.Neighborhood{Name: "Pedra Branca"}
		off.Amenities = &[]listing.Amenity{{Name: "Sauna", Group: listing.GroupLeisure}}
		create(t, s, off)

		before, err := s.CatalogVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		v, docs, refs, err := search.ReadDocs(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if v != before {
			t.Errorf("version %d, the catalogue's is %d", v, before)
		}
		if len(docs) != 2 {
			t.Fatalf("%d documents, want the 2 active ones: %+v", len(docs), docs)
		}
		byID := map[string]search.Doc{}
		for _, d := range docs {
			byID[d.ID] = d
		}
		da, db := byID[a.ID], byID[b.ID]
		if da.Address != "Rua Esteves Júnior" || strings.Contains(da.Address, "77") {
			t.Errorf("street-level address %q, want the street alone", da.Address)
		}
		if db.Address != "" {
			t.Errorf("a hidden address is indexed: %q", db.Address)
		}
		for _, d := range docs {
			if strings.Contains(d.Address+d.Title+d.Description, "Secreto") {
				t.Errorf("the complement is in %+v", d)
			}
		}
		want := search.Doc{ID: a.ID, Slug: a.Slug, Code: "AP-0042", Title: a.Title, Description: a.Description,
			Address: da.Address, Subtype: search.Name{Slug: "apartamento", Name: "Apartamento"},
			City: search.CityName{Slug: "florianopolis", Name: "Florianópolis", State: "SC"}, Neighborhood: search.Name{Slug: "centro", Name: "Centro"},
			Business: "venda", Status: "disponivel", Featured: true, PriceCents: 45000000, RentCents: search.NoBound, AreaM2: 98.5,
			Bedrooms: 3, Bathrooms: 2, Parking: 1, CreatedAt: a.CreatedAt, Amenities: []string{"ar-condicionado", "piscina"}}
		if !docEqual(da, want) {
			t.Errorf("document\n%+v, want\n%+v", da, want)
		}
		if db.Business != "venda_aluguel" || db.RentCents != 350000 || !slices.Equal(db.Amenities, []string{"churrasqueira"}) ||
			db.Neighborhood.Slug != "lagoa-da-conceicao" || db.Subtype.Slug != "casa" {
			t.Errorf("document %+v", db)
		}
		// The references hold what no active property has.
		hasCity := slices.ContainsFunc(refs.Cities, func(c search.CityName) bool { return c.Slug == "palhoca" && c.State == "SC" && c.Name == "Palhoça" })
		hasHood := slices.ContainsFunc(refs.Neighborhoods, func(n search.NeighborhoodName) bool {
			return n.Slug == "pedra-branca" && n.City.Slug == "palhoca" && n.Name.Name == "Pedra Branca"
		})
		hasAmenity := slices.ContainsFunc(refs.Amenities, func(n search.Name) bool { return n.Slug == "sauna" && n.Name == "Sauna" })
		if !hasCity || !hasHood || !hasAmenity || len(refs.Subtypes) != 2 {
			t.Errorf("references %+v", refs)
		}

		// Deactivating a property takes it out, and moves the version on.
		if _, err := s.UpdateProperty(ctx, a.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		v2, docs, _, err := search.ReadDocs(ctx, s)
		if err != nil || v2 <= v || len(docs) != 1 || docs[0].ID != b.ID {
			t.Errorf("after deactivation: version %d (was %d), %d documents, %v", v2, v, len(docs), err)
		}
	})
}

// docEqual compares documents, their amenities as sets and their
// creation times as instants.
func docEqual(a, b search.Doc) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return false
	}
	a.CreatedAt = b.CreatedAt
	a.Amenities, b.Amenities = slices.Sorted(slices.Values(a.Amenities)), slices.Sorted(slices.Values(b.Amenities))
	return reflect.DeepEqual(a, b)
}

// TestByIDsBatchIsSearchPage: one read of list items takes a whole page
// of the public search, whose size the store does not import.
func TestByIDsBatchIsSearchPage(t *testing.T) {
	if store.ByIDsBatch != search.MaxPer {
		t.Errorf("a read of list items takes %d ids, a search page has up to %d", store.ByIDsBatch, search.MaxPer)
	}
}

// TestPropertiesByIDs checks the page's items: in the order asked, with
// their covers as the list gives them, inactive, unknown and malformed
// ids left out.
func TestPropertiesByIDs(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		a := create(t, s, storetest.Apartment("Primeiro"))
		b := create(t, s, storetest.Apartment("Segundo"))
		bare := storetest.Apartment("Sem fotos")
		bare.Photos = &[]listing.Photo{}
		c := create(t, s, bare)
		off := storetest.Apartment("Inativo")
		off.IsActive = storetest.Ptr(false)
		d := create(t, s, off)

		got, err := s.PropertiesByIDs(ctx, []string{c.ID, d.ID, strings.ToUpper(a.ID), "nao-e-um-id",
			"00000000-0000-7000-8000-000000000000", b.ID, c.ID})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, p := range got {
			ids = append(ids, p.ID)
		}
		if !slices.Equal(ids, []string{c.ID, a.ID, b.ID}) {
			t.Fatalf("ids %v, want %v", ids, []string{c.ID, a.ID, b.ID})
		}
		list, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range got {
			i := slices.IndexFunc(list.Items, func(q listing.Property) bool { return q.ID == p.ID })
			q := list.Items[i]
			if p.Title != q.Title || len(p.Photos) != len(q.Photos) || len(p.Photos) > 1 ||
				len(p.Photos) == 1 && p.Photos[0].URL != q.Photos[0].URL || p.City != q.City || p.Price != q.Price {
				t.Errorf("item %+v, the list's %+v", p, q)
			}
		}
		if len(got[0].Photos) != 0 || len(got[1].Photos) != 1 || got[1].Photos[0].URL != "https://img.example.com/ap42/sala.jpg" {
			t.Errorf("covers: %+v, %+v", got[0].Photos, got[1].Photos)
		}
		// Rows read one after another share their destinations: each item
		// is what reading it alone gives, whatever came before it.
		for _, p := range append(got, list.Items...) {
			alone, err := s.PropertiesByIDs(ctx, []string{p.ID})
			if err != nil || len(alone) != 1 || !reflect.DeepEqual(alone[0], p) {
				t.Errorf("%s read with others %+v, alone %+v (%v)", p.Title, p, alone, err)
			}
		}
		if none, err := s.PropertiesByIDs(ctx, nil); err != nil || none == nil || len(none) != 0 {
			t.Errorf("no ids: %v %v", none, err)
		}
		// More ids than one query takes: the items of every batch, in order.
		many := []string{b.ID}
		for i := range 60 {
			many = append(many, fmt.Sprintf("00000000-0000-7000-8000-%012d", i))
		}
		many = append(many, a.ID, c.ID)
		got, err = s.PropertiesByIDs(ctx, many)
		if err != nil || len(got) != 3 || got[0].ID != b.ID || got[1].ID != a.ID || got[2].ID != c.ID {
			t.Errorf("%d ids: %d items, %v", len(many), len(got), err)
		}
	})
}

// countingSource counts the store's whole reads of the catalogue.
type countingSource struct {
	*store.Store
	whole atomic.Int32
}

func (c *countingSource) ReadCatalog(ctx context.Context, each func(*listing.Property) error) (int64, listing.References, error) {
	c.whole.Add(1)
	return c.Store.ReadCatalog(ctx, each)
}

// TestSearchFollowsWrites: the search service over the store follows
// creations, updates that move a property into and out of a result,
// deactivations, deletions and writes that change no property from the
// record of changes alone, on both databases; a renamed reference, a
// write that records nothing and a record pruned past the index are read
// whole. After each write, the index answers as one built from the whole
// catalogue.
func TestSearchFollowsWrites(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		src := &countingSource{Store: s}
		svc := search.NewService(src, search.Options{})
		queries := []string{"", "q=centro", "price_max=500000", "business=venda&sort=price_asc", "q=lagoa",
			"city=florianopolis-sc&bedrooms=3", "amenity=piscina&sort=newest"}
		// check searches raw with the service's index and with one built
		// from a whole read, which must agree, and returns the first's ids.
		check := func(step, raw string) []string {
			t.Helper()
			v, err := url.ParseQuery(raw)
			if err != nil {
				t.Fatal(err)
			}
			q, err := search.ParseQuery(v)
			if err != nil {
				t.Fatal(err)
			}
			ix, err := svc.Index(ctx)
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			_, docs, refs, err := search.ReadDocs(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ix.Search(q)
			if err != nil {
				t.Fatalf("%s, %s: %v", step, raw, err)
			}
			want, _ := search.Build(docs, refs).Search(q)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %s: the followed index answers\n%+v\na built one\n%+v", step, raw, got, want)
			}
			return got.IDs
		}
		checkAll := func(step string, wantWhole int32) {
			t.Helper()
			for _, raw := range queries {
				check(step, raw)
			}
			if n := src.whole.Load(); n != wantWhole {
				t.Errorf("%s: %d whole reads of the catalogue, want %d", step, n, wantWhole)
			}
		}
		a := create(t, s, storetest.Apartment("Apartamento no Centro"))
		checkAll("first search", 1)

		lagoa := storetest.Apartment("Casa na Lagoa")
		lagoa.Neighborhood = &listing.Neighborhood{Name: "Lagoa da Conceição"}
		lagoa.Price = storetest.Ptr(listing.Money(90000000))
		b := create(t, s, lagoa)
		checkAll("a creation, in a new neighborhood", 1)
		if ids := check("a creation", "q=lagoa"); !slices.Equal(ids, []string{b.ID}) {
			t.Errorf("q=lagoa finds %v, want the new property", ids)
		}

		if _, err := s.UpdateProperty(ctx, b.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(40000000))}); err != nil {
			t.Fatal(err)
		}
		checkAll("a price cut", 1)
		if ids := check("a price cut", "price_max=420000"); !slices.Equal(ids, []string{b.ID}) {
			t.Errorf("price_max=420000 finds %v, want the property whose price was cut", ids)
		}
		if _, err := s.UpdateProperty(ctx, b.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(95000000))}); err != nil {
			t.Fatal(err)
		}
		checkAll("a price rise", 1)
		if ids := check("a price rise", "price_max=420000"); len(ids) != 0 {
			t.Errorf("price_max=420000 finds %v after the price rose", ids)
		}

		if _, err := s.UpdateProperty(ctx, a.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		checkAll("a deactivation", 1)
		if ids := check("a deactivation", ""); !slices.Equal(ids, []string{b.ID}) {
			t.Errorf("after a deactivation the search finds %v", ids)
		}
		if _, err := s.UpdateProperty(ctx, a.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(true)}); err != nil {
			t.Fatal(err)
		}
		checkAll("a reactivation", 1)

		if err := s.DeleteProperty(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		checkAll("a deletion", 1)
		if ids := check("a deletion", ""); !slices.Equal(ids, []string{a.ID}) {
			t.Errorf("after a deletion the search finds %v", ids)
		}

		if _, err := s.SetAgency(ctx, listing.Agency{Name: "Vitrine", CRECI: "CRECI/SC 999-J"}); err != nil {
			t.Fatal(err)
		}
		checkAll("a write of no property", 1)

		// A reference renamed in the database (no write of the API does
		// it): the next recorded write shows it in every document.
		if err := store.Exec(ctx, s, `UPDATE cities SET name = 'Floripa' WHERE slug = 'florianopolis'`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateProperty(ctx, a.ID, listing.PropertyUpdate{Bedrooms: storetest.Ptr(2)}); err != nil {
			t.Fatal(err)
		}
		checkAll("a renamed city", 2)
		if ids := check("a renamed city", "q=floripa"); !slices.Equal(ids, []string{a.ID}) {
			t.Errorf("q=floripa finds %v after the city was renamed", ids)
		}

		// A write that records nothing, and a record pruned past the
		// index: read whole.
		if err := store.Exec(ctx, s, `UPDATE catalog_version SET version = version + 1 WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		checkAll("an unrecorded write", 3)
		create(t, s, storetest.Apartment("Outro apartamento"))
		if err := store.Exec(ctx, s, `DELETE FROM catalog_changes`); err != nil {
			t.Fatal(err)
		}
		checkAll("a pruned record", 4)
	})
}
