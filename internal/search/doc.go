package search

import (
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Doc is what the index keeps of one active property: the text it is
// found by and the fields it is filtered and ordered on. Address is the
// part of the address the public sees (listing.Property.Public: the
// free-text address and the street at "all", the street alone at
// "street", nothing at "neighborhood"); the complement is never in it.
type Doc struct {
	ID          string
	Slug        string
	Code        string
	Title       string
	Description string
	Address     string

	Subtype      Name     // slug and name
	City         CityName // slug, name and UF
	Neighborhood Name     // within City

	Business   string // the property's type: "venda", "aluguel", "venda_aluguel", or an older text
	Status     string // "disponivel", "reservado", "vendido", "alugado"
	Featured   bool   // first in the lists: marked featured, with a photo to show (listing.Property.Promoted)
	PriceCents int64  // the price: the sale price, or for a rental its monthly rent
	RentCents  int64  // the monthly rent, or NoBound when none is recorded
	AreaM2     float64
	Bedrooms   int
	Bathrooms  int
	Suites     int
	Parking    int
	CreatedAt  time.Time
	Amenities  []string // slugs
}

// Name is a reference row as a query names it (its slug) and a person
// reads it (its name).
type Name struct {
	Slug string
	Name string
}

// CityName is a city: its slug within its state, its name and its UF
// ("SC").
type CityName struct {
	Slug  string
	Name  string
	State string
}

// Key is the city's key in queries and addresses (CityKey).
func (c CityName) Key() string { return CityKey(c.Slug, c.State) }

// NeighborhoodName is a neighborhood of a city.
type NeighborhoodName struct {
	City CityName
	Name
}

// References are every subtype, city, neighborhood and amenity the
// catalogue knows, whether an active property has it or not: a query that
// names another is refused, and a known place without results is told
// from an unknown one.
type References struct {
	Subtypes      []Name
	Cities        []CityName
	Neighborhoods []NeighborhoodName
	Amenities     []Name
}

// DocOf returns what the index keeps of p: its address as the public sees
// it (listing.Property.Public), never the complement; its amenities by
// slug; its creation time in UTC.
func DocOf(p *listing.Property) Doc {
	d := Doc{ID: p.ID, Slug: p.Slug, Code: p.Code, Title: p.Title, Description: p.Description,
		Subtype:      Name{Slug: p.Subtype.Slug, Name: p.Subtype.Name},
		City:         CityName{Slug: p.City.Slug, Name: p.City.Name, State: p.City.State},
		Neighborhood: Name{Slug: p.Neighborhood.Slug, Name: p.Neighborhood.Name},
		Business:     p.Type, Status: string(p.Status), Featured: p.Promoted,
		PriceCents: int64(p.Price), RentCents: NoBound, AreaM2: p.AreaM2,
		Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, Suites: p.Suites, Parking: p.ParkingSpots,
		CreatedAt: p.CreatedAt.UTC()}
	public := p.Public()
	d.Address = strings.TrimSpace(public.Address + " " + public.Street)
	if public.Address == public.Street {
		d.Address = public.Street
	}
	if p.RentPrice.Valid {
		d.RentCents = int64(p.RentPrice.Money)
	}
	if len(p.Amenities) > 0 {
		d.Amenities = make([]string, len(p.Amenities))
		for i, a := range p.Amenities {
			d.Amenities[i] = a.Slug
		}
	}
	return d
}

// ReferencesOf returns the catalogue's references as the index names
// them.
func ReferencesOf(r listing.References) References {
	out := References{
		Subtypes:      make([]Name, len(r.Subtypes)),
		Cities:        make([]CityName, len(r.Cities)),
		Neighborhoods: make([]NeighborhoodName, len(r.Neighborhoods)),
		Amenities:     make([]Name, len(r.Amenities)),
	}
	for i, s := range r.Subtypes {
		out.Subtypes[i] = Name{Slug: s.Slug, Name: s.Name}
	}
	for i, c := range r.Cities {
		out.Cities[i] = CityName{Slug: c.Slug, Name: c.Name, State: c.State}
	}
	for i, n := range r.Neighborhoods {
		out.Neighborhoods[i] = NeighborhoodName{City: CityName{Slug: n.City.Slug, Name: n.City.Name, State: n.City.State},
			Name: Name{Slug: n.Slug, Name: n.Name}}
	}
	for i, a := range r.Amenities {
		out.Amenities[i] = Name{Slug: a.Slug, Name: a.Name}
	}
	return out
}
