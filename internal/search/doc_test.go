package search

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// listingSource is a Source over properties, which it gives to each in
// one reused value, as the store does.
type listingSource struct {
	version  int64
	props    []listing.Property
	refs     listing.References
	complete bool
	removed  []string
	fail     error
}

func (l *listingSource) CatalogVersion(context.Context) (int64, error) { return l.version, nil }

func (l *listingSource) ReadCatalog(_ context.Context, each func(*listing.Property) error) (int64, listing.References, error) {
	if err := l.each(each); err != nil {
		return 0, listing.References{}, err
	}
	return l.version, l.refs, nil
}

func (l *listingSource) ReadCatalogChanges(_ context.Context, since int64, limit int, each func(*listing.Property) error) (listing.CatalogChanges, error) {
	if !l.complete {
		return listing.CatalogChanges{Version: l.version}, nil
	}
	if err := l.each(each); err != nil {
		return listing.CatalogChanges{}, err
	}
	return listing.CatalogChanges{Complete: true, Version: l.version, Removed: l.removed, Refs: l.refs}, nil
}

func (l *listingSource) each(each func(*listing.Property) error) error {
	var p listing.Property
	for _, q := range l.props {
		amenities := append(p.Amenities[:0], q.Amenities...)
		p = q
		p.Amenities = amenities
		if err := each(&p); err != nil {
			return err
		}
	}
	// What each was given is not its to keep.
	p.Title = "overwritten"
	if cap(p.Amenities) > 0 {
		p.Amenities[:1][0].Slug = "overwritten"
	}
	return l.fail
}

// TestDocOf checks the document the index keeps of a property: the
// address at each visibility (the complement and a hidden street never),
// the rent or NoBound, the amenities by slug, the time in UTC.
func TestDocOf(t *testing.T) {
	brt := time.FixedZone("BRT", -3*60*60)
	p := listing.Property{ID: id(7), Slug: "casa-x", Code: "CA-7", Title: "Casa X", Description: "Ampla.",
		Address: "Rua A, 10", Street: "Rua A", Number: "10", Complement: "Fundos",
		Subtype: listing.Subtype{Slug: "casa", Name: "Casa"}, City: listing.City{Slug: "florianopolis", Name: "Florianópolis", State: "SC"},
		Neighborhood: listing.Neighborhood{Slug: "centro", Name: "Centro"}, Type: "venda", Status: listing.StatusAvailable,
		IsFeatured: true, Promoted: true, Price: 500_000_00, AreaM2: 120, Bedrooms: 3, Bathrooms: 2, Suites: 1, ParkingSpots: 2,
		CreatedAt: time.Date(2026, 1, 2, 21, 0, 0, 0, brt), Amenities: []listing.Amenity{{ID: 4, Slug: "piscina", Name: "Piscina"}}}
	for _, c := range []struct {
		show listing.AddressVisibility
		want string
	}{{listing.ShowAll, "Rua A, 10 Rua A"}, {listing.ShowStreet, "Rua A"}, {listing.ShowNeighborhood, ""}} {
		p.AddressVisibility = c.show
		if d := DocOf(&p); d.Address != c.want {
			t.Errorf("address at %q: %q, want %q", c.show, d.Address, c.want)
		}
	}
	p.AddressVisibility = listing.ShowAll
	p.Address = "Rua A" // the free text is the street alone: once
	want := Doc{ID: id(7), Slug: "casa-x", Code: "CA-7", Title: "Casa X", Description: "Ampla.", Address: "Rua A",
		Subtype: Name{"casa", "Casa"}, City: CityName{"florianopolis", "Florianópolis", "SC"}, Neighborhood: Name{"centro", "Centro"},
		Business: "venda", Status: "disponivel", Featured: true, PriceCents: 500_000_00, RentCents: NoBound, AreaM2: 120,
		Bedrooms: 3, Bathrooms: 2, Suites: 1, Parking: 2, CreatedAt: time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC), Amenities: []string{"piscina"}}
	if d := DocOf(&p); !reflect.DeepEqual(d, want) {
		t.Errorf("document\n%+v, want\n%+v", d, want)
	}
	p.RentPrice = listing.NullMoney{Money: 3_000_00, Valid: true}
	if d := DocOf(&p); d.RentCents != 3_000_00 {
		t.Errorf("rent %d, want 300000", d.RentCents)
	}
}

// TestReadDocs checks the reads of a Source in documents: each property
// once (none kept from the reused value), the references named as the
// index names them, incomplete changes empty, and a failure as such.
func TestReadDocs(t *testing.T) {
	ctx := context.Background()
	a := listing.Property{ID: id(1), Title: "Um", Amenities: []listing.Amenity{{Slug: "piscina"}}}
	b := listing.Property{ID: id(2), Title: "Dois"}
	sc := listing.City{ID: 1, Slug: "florianopolis", Name: "Florianópolis", State: "SC"}
	src := &listingSource{version: 9, props: []listing.Property{a, b}, refs: listing.References{
		Subtypes:      []listing.Subtype{{ID: 1, Slug: "casa", Name: "Casa"}},
		Cities:        []listing.City{sc},
		Neighborhoods: []listing.PlacedNeighborhood{{City: sc, Neighborhood: listing.Neighborhood{ID: 3, Slug: "centro", Name: "Centro"}}},
		Amenities:     []listing.Amenity{{ID: 4, Slug: "piscina", Name: "Piscina"}},
	}}
	v, docs, refs, err := ReadDocs(ctx, src)
	if err != nil || v != 9 || len(docs) != 2 || docs[0].Title != "Um" || docs[1].Title != "Dois" ||
		!reflect.DeepEqual(docs[0].Amenities, []string{"piscina"}) || docs[1].Amenities != nil {
		t.Fatalf("version %d, documents %+v, %v", v, docs, err)
	}
	wantRefs := References{Subtypes: []Name{{"casa", "Casa"}}, Cities: []CityName{{"florianopolis", "Florianópolis", "SC"}},
		Neighborhoods: []NeighborhoodName{{CityName{"florianopolis", "Florianópolis", "SC"}, Name{"centro", "Centro"}}},
		Amenities:     []Name{{"piscina", "Piscina"}}}
	if !reflect.DeepEqual(refs, wantRefs) {
		t.Errorf("references %+v, want %+v", refs, wantRefs)
	}

	ch, err := ReadChanges(ctx, src, 8, 10)
	if err != nil || ch.Complete || ch.Version != 9 || ch.Changed != nil || ch.Removed != nil {
		t.Errorf("incomplete changes: %+v, %v", ch, err)
	}
	src.complete, src.removed = true, []string{id(3)}
	ch, err = ReadChanges(ctx, src, 8, 10)
	if err != nil || !ch.Complete || ch.Version != 9 || len(ch.Changed) != 2 || ch.Changed[1].ID != id(2) ||
		!reflect.DeepEqual(ch.Removed, []string{id(3)}) || !reflect.DeepEqual(ch.Refs, wantRefs) {
		t.Errorf("changes: %+v, %v", ch, err)
	}

	boom := errors.New("boom")
	src.fail = boom
	if _, docs, _, err := ReadDocs(ctx, src); !errors.Is(err, boom) || docs != nil {
		t.Errorf("a failed read: %v, %d documents", err, len(docs))
	}
	if ch, err := ReadChanges(ctx, src, 8, 10); !errors.Is(err, boom) || ch.Complete || ch.Changed != nil {
		t.Errorf("a failed read of changes: %+v, %v", ch, err)
	}
}
