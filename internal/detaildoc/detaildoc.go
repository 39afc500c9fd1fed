// Package detaildoc is the public detail of a property (spec, section
// 2.1): its JSON shape and the one encoder that makes it from a
// listing.Property. Renderer gives the store each active property's
// document, with its gzip form and ETag, when the property is written;
// the store keeps it and serves it by slug. The HTTP layer embeds the
// same shape in the administrator's view. A new field of the detail is
// one field here, and a new Version.
package detaildoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/publicmap"
)

// Version names the documents Encode makes. Change it with any change of
// their bytes (a field, an order, a form of a value), so that the store
// makes its stored documents again (see store.Migrate).
const Version = "detaildoc-7"

// Detail is the public detail, field for field and in the order of the
// spec. Optional text is null when not filled in; lists are never null.
type Detail struct {
	ID            string    `json:"id"`
	Title         string    `json:"title"`
	Slug          string    `json:"slug"`
	Code          *string   `json:"code"`
	Description   *string   `json:"description"`
	Address       *string   `json:"address"`
	Price         string    `json:"price"`
	CondoFee      *string   `json:"condo_fee"`
	Type          string    `json:"type"`
	Bedrooms      int       `json:"bedrooms"`
	Bathrooms     int       `json:"bathrooms"`
	ParkingSpots  int       `json:"parking_spots"`
	AreaM2        float64   `json:"area_m2"`
	IsFeatured    bool      `json:"is_featured"`
	Subtype       Ref       `json:"subtype"`
	City          City      `json:"city"`
	Neighborhood  Ref       `json:"neighborhood"`
	Photos        []Photo   `json:"photos"`
	Amenities     []Amenity `json:"amenities"`
	VideoURL      *string   `json:"video_url"`
	VideoPosition string    `json:"video_position"`

	// The listing model, after every field of the spec. The address fields
	// are those the property's address_visibility lets the public see
	// (listing.Property.Public); the others are null.
	RentPrice         *string  `json:"rent_price"`
	RentPeriod        *string  `json:"rent_period"` // of rent_price, null without one
	IPTU              *string  `json:"iptu"`
	IPTUPeriod        *string  `json:"iptu_period"`
	Status            string   `json:"status"`
	Suites            int      `json:"suites"`
	UsefulAreaM2      *float64 `json:"useful_area_m2"`
	TotalAreaM2       *float64 `json:"total_area_m2"`
	Floor             *int     `json:"floor"`
	YearBuilt         *int     `json:"year_built"`
	AddressVisibility string   `json:"address_visibility"`
	CEP               *string  `json:"cep"` // "00000-000"
	Street            *string  `json:"street"`
	Number            *string  `json:"number"`
	Latitude          *float64 `json:"latitude"`
	Longitude         *float64 `json:"longitude"`
	// Location is where the page's map shows the property (NewLocation):
	// the point above, or an area when the address is hidden.
	Location *Location `json:"location"`

	// The listing's responsible broker, null when it has none (the page
	// then shows the agency's contact).
	Broker *Broker `json:"broker"`
}

// Broker is what the public sees of a listing's broker: what the agency
// publishes (name, individual CRECI, WhatsApp, photo), never an e-mail or
// phone.
type Broker struct {
	Name     string       `json:"name"`
	CRECI    *string      `json:"creci"`
	WhatsApp *string      `json:"whatsapp"` // E.164; null: the agency's number
	Photo    *BrokerPhoto `json:"photo"`    // null while they have none, or while its variants are not made
}

// BrokerPhoto is a broker's uploaded photo as the public sees it. The page
// shows it small (a round portrait of a few dozen pixels), so its url is
// the smallest JPEG variant, with that variant's size; srcset lists every
// variant, as an uploaded property photo's does.
type BrokerPhoto struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Srcset Srcset `json:"srcset"`
}

// NewBrokerPhoto returns the public form of a broker's photo im: nil when
// there is none or its variants are not made yet.
func NewBrokerPhoto(im *listing.Image) *BrokerPhoto {
	if im == nil || im.Status != listing.ImageReady {
		return nil
	}
	for _, v := range im.Variants { // by ascending width
		if v.ContentType == "image/jpeg" {
			return &BrokerPhoto{URL: v.URL, Width: v.Width, Height: v.Height, Srcset: newSrcset(im.Variants)}
		}
	}
	return nil
}

// Location is where a map shows a property (publicmap.Locate): its own
// point, with radius_m null, when its whole address is public; else the
// centre of the fixed grid cell that holds it and a radius, in metres,
// that covers the cell.
type Location struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	RadiusM   *int    `json:"radius_m"`
}

// NewLocation returns where the public sees p on a map; nil when p has no
// coordinates.
func NewLocation(p *listing.Property) *Location {
	l, ok := publicmap.Locate(p)
	if !ok {
		return nil
	}
	out := &Location{Latitude: l.Latitude, Longitude: l.Longitude}
	if !l.Exact() {
		out.RadiusM = &l.RadiusM
	}
	return out
}

// Ref is a subtype or a neighborhood.
type Ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// City is a property's city.
type City struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	State string `json:"state"`
}

// Photo is one photo of a property: the spec's three fields, then what a
// browser needs to choose the lightest copy of an uploaded photo and to
// hold its place before it loads (null for an external address).
type Photo struct {
	URL          string  `json:"url"`
	AltText      string  `json:"alt_text"`
	DisplayOrder int     `json:"display_order"`
	Width        *int    `json:"width"`  // of the image at url
	Height       *int    `json:"height"` // of the image at url
	Srcset       *Srcset `json:"srcset"`
}

// Srcset lists the variants of an uploaded photo as the srcset attribute
// takes them ("https://…-480.jpg 480w, https://…-960.jpg 960w"), per
// format.
type Srcset struct {
	JPEG string `json:"jpeg"`
	WebP string `json:"webp"`
}

// NewPhoto returns the public form of ph.
func NewPhoto(ph listing.Photo) Photo {
	out := Photo{URL: ph.URL, AltText: ph.AltText, DisplayOrder: ph.DisplayOrder}
	if ph.Image == nil || len(ph.Image.Variants) == 0 {
		return out
	}
	var largest listing.Variant
	for _, v := range ph.Image.Variants {
		if v.URL == ph.URL {
			largest = v
		}
	}
	srcset := newSrcset(ph.Image.Variants)
	out.Width, out.Height, out.Srcset = &largest.Width, &largest.Height, &srcset
	return out
}

// newSrcset lists variants per format, in their order.
func newSrcset(variants []listing.Variant) Srcset {
	var jpeg, webp []string
	for _, v := range variants {
		candidate := v.URL + " " + strconv.Itoa(v.Width) + "w"
		switch v.ContentType {
		case "image/jpeg":
			jpeg = append(jpeg, candidate)
		case "image/webp":
			webp = append(webp, candidate)
		}
	}
	return Srcset{JPEG: strings.Join(jpeg, ", "), WebP: strings.Join(webp, ", ")}
}

// Amenity is one amenity of a property.
type Amenity struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	Group string `json:"group"`
}

// New returns the public detail of p: its address at the level of its
// address_visibility.
func New(p listing.Property) Detail {
	d := newDetail(p, p.Public())
	d.Location = NewLocation(&p)
	return d
}

// Full returns the detail of p with its whole address (except the
// complement, which the detail has no field for): the administrator's.
// Its location is still the public one, what the site's map shows.
func Full(p listing.Property) Detail {
	d := newDetail(p, listing.PublicAddress{Address: p.Address, CEP: p.CEP, Street: p.Street, Number: p.Number,
		Latitude: p.Latitude, Longitude: p.Longitude})
	d.Location = NewLocation(&p)
	return d
}

func newDetail(p listing.Property, addr listing.PublicAddress) Detail {
	d := Detail{
		ID: p.ID, Title: p.Title, Slug: p.Slug, Code: OrNull(p.Code), Description: OrNull(p.Description),
		Address: OrNull(addr.Address), Price: p.Price.String(), CondoFee: MoneyOrNull(p.CondoFee), Type: p.Type,
		Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, ParkingSpots: p.ParkingSpots, AreaM2: p.AreaM2,
		IsFeatured:    p.IsFeatured,
		Subtype:       Ref{p.Subtype.ID, p.Subtype.Name, p.Subtype.Slug},
		City:          City{p.City.ID, p.City.Name, p.City.Slug, p.City.State},
		Neighborhood:  Ref{p.Neighborhood.ID, p.Neighborhood.Name, p.Neighborhood.Slug},
		Photos:        []Photo{},
		Amenities:     make([]Amenity, len(p.Amenities)),
		VideoURL:      OrNull(p.VideoURL),
		VideoPosition: string(p.VideoPosition),

		RentPrice: MoneyOrNull(p.RentPrice), RentPeriod: RentPeriodOrNull(p), IPTU: MoneyOrNull(p.IPTU), IPTUPeriod: OrNull(string(p.IPTUPeriod)),
		Status: string(p.Status), Suites: p.Suites,
		UsefulAreaM2: FloatOrNull(p.UsefulAreaM2), TotalAreaM2: FloatOrNull(p.TotalAreaM2),
		Floor: IntOrNull(p.Floor), YearBuilt: IntOrNull(p.YearBuilt),
		AddressVisibility: string(p.AddressVisibility), CEP: OrNull(listing.FormatCEP(addr.CEP)),
		Street: OrNull(addr.Street), Number: OrNull(addr.Number),
		Latitude: FloatOrNull(addr.Latitude), Longitude: FloatOrNull(addr.Longitude),
	}
	for _, ph := range p.VisiblePhotos() {
		d.Photos = append(d.Photos, NewPhoto(ph))
	}
	if b := p.Broker; b != nil {
		d.Broker = &Broker{Name: b.Name, CRECI: OrNull(b.CRECI), WhatsApp: OrNull(b.WhatsApp), Photo: NewBrokerPhoto(b.Photo)}
	}
	for i, a := range p.Amenities {
		d.Amenities[i] = Amenity{a.ID, a.Name, a.Slug, string(a.Group)}
	}
	return d
}

// Encode returns the public detail of p as compact JSON, the document the
// public read sends. Text is written as it is (no HTML escaping: the
// document is served as application/json), money as a string with two
// fraction digits, area_m2 as the shortest number that reads back to it.
// It fails only for an area that is not a finite number, which no valid
// property has.
func Encode(p listing.Property) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(New(p)); err != nil {
		return nil, fmt.Errorf("encode the detail of property %s: %w", p.ID, err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// OrNull returns nil for "", so that JSON says null for a field not filled
// in: the form of optional text in every JSON of the API.
func OrNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// MoneyOrNull returns the text of an amount ("850.50"), or nil when it is
// absent: the form of optional money in every JSON of the API.
func MoneyOrNull(m listing.NullMoney) *string {
	if !m.Valid {
		return nil
	}
	s := m.Money.String()
	return &s
}

// FloatOrNull returns nil for an absent number.
func FloatOrNull(f listing.NullFloat) *float64 {
	if !f.Valid {
		return nil
	}
	return &f.Float
}

// IntOrNull returns nil for an absent integer.
func IntOrNull(n listing.NullInt) *int {
	if !n.Valid {
		return nil
	}
	return &n.Int
}

// RentPeriodOrNull is the period of p's rent ("monthly" for one stored
// without a period), or null when p has no rent.
func RentPeriodOrNull(p listing.Property) *string {
	if !p.RentPrice.Valid {
		return nil
	}
	s := string(p.RentPeriod.Or())
	return &s
}
