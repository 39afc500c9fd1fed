package search

import "time"

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
	Featured   bool
	PriceCents int64 // the price: the sale price, or for a rental its monthly rent
	RentCents  int64 // the monthly rent, or NoBound when none is recorded
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
