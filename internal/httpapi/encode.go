package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

var (
	contentTypeJSON = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
)

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only our own response types reach here; they always encode.
		status, b = http.StatusInternalServerError, []byte(`{"error":"`+msgInternal+`"}`)
	}
	w.Header()["Content-Type"] = contentTypeJSON
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// The response shapes. The domain types carry no JSON tags: the API's names
// live here, in the adapter.

type refJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

type cityJSON struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	State string `json:"state"`
}

type photoJSON struct {
	URL          string `json:"url"`
	AltText      string `json:"alt_text"`
	DisplayOrder int    `json:"display_order"`
}

type amenityJSON struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	Group string `json:"group"`
}

// detailJSON is the property detail of the spec, section 2.1, field for field.
type detailJSON struct {
	ID            string        `json:"id"`
	Title         string        `json:"title"`
	Slug          string        `json:"slug"`
	Code          *string       `json:"code"`
	Description   *string       `json:"description"`
	Address       *string       `json:"address"`
	Price         string        `json:"price"`
	CondoFee      *string       `json:"condo_fee"`
	Type          string        `json:"type"`
	Bedrooms      int           `json:"bedrooms"`
	Bathrooms     int           `json:"bathrooms"`
	ParkingSpots  int           `json:"parking_spots"`
	AreaM2        float64       `json:"area_m2"`
	IsFeatured    bool          `json:"is_featured"`
	Subtype       refJSON       `json:"subtype"`
	City          cityJSON      `json:"city"`
	Neighborhood  refJSON       `json:"neighborhood"`
	Photos        []photoJSON   `json:"photos"`
	Amenities     []amenityJSON `json:"amenities"`
	VideoURL      *string       `json:"video_url"`
	VideoPosition string        `json:"video_position"`
}

// adminJSON is the administrator's view: the detail, and the state the
// public never sees.
type adminJSON struct {
	detailJSON
	IsActive  bool      `json:"is_active"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// summaryJSON is one item of a property list.
type summaryJSON struct {
	ID           string     `json:"id"`
	Title        string     `json:"title"`
	Slug         string     `json:"slug"`
	Price        string     `json:"price"`
	CondoFee     *string    `json:"condo_fee"`
	Type         string     `json:"type"`
	Bedrooms     int        `json:"bedrooms"`
	Bathrooms    int        `json:"bathrooms"`
	ParkingSpots int        `json:"parking_spots"`
	AreaM2       float64    `json:"area_m2"`
	IsFeatured   bool       `json:"is_featured"`
	City         cityJSON   `json:"city"`
	Neighborhood refJSON    `json:"neighborhood"`
	Subtype      refJSON    `json:"subtype"`
	Cover        *photoJSON `json:"cover"`
}

// adminSummaryJSON is one item of the administrator's property list.
type adminSummaryJSON struct {
	summaryJSON
	Code          *string   `json:"code"`
	IsActive      bool      `json:"is_active"`
	VideoURL      *string   `json:"video_url"`
	VideoPosition string    `json:"video_position"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

type pageJSON[T any] struct {
	Items   []T `json:"items"`
	Total   int `json:"total"`
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
}

type leadJSON struct {
	ID             int64     `json:"id"`
	PropertyID     *string   `json:"property_id"`
	PropertySlug   *string   `json:"property_slug"`
	PropertyTitle  *string   `json:"property_title"`
	Name           string    `json:"name"`
	Email          string    `json:"email"`
	Phone          *string   `json:"phone"`
	Message        string    `json:"message"`
	CreatedAt      time.Time `json:"created_at"`
	DeliveryStatus *string   `json:"delivery_status"`
	DeliveryTries  int       `json:"delivery_attempts"`
	DeliveryError  *string   `json:"delivery_error"`
}

type leadCreatedJSON struct {
	ID      int64  `json:"id"`
	Message string `json:"message"`
}

// orNull returns nil for "", so that JSON says null for a field not filled in.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func moneyOrNull(m listing.NullMoney) *string {
	if !m.Valid {
		return nil
	}
	return orNull(m.Money.String())
}

func newDetailJSON(p listing.Property) detailJSON {
	d := detailJSON{
		ID: p.ID, Title: p.Title, Slug: p.Slug, Code: orNull(p.Code), Description: orNull(p.Description),
		Address: orNull(p.Address), Price: p.Price.String(), CondoFee: moneyOrNull(p.CondoFee), Type: p.Type,
		Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, ParkingSpots: p.ParkingSpots, AreaM2: p.AreaM2,
		IsFeatured:    p.IsFeatured,
		Subtype:       refJSON{p.Subtype.ID, p.Subtype.Name, p.Subtype.Slug},
		City:          cityJSON{p.City.ID, p.City.Name, p.City.Slug, p.City.State},
		Neighborhood:  refJSON{p.Neighborhood.ID, p.Neighborhood.Name, p.Neighborhood.Slug},
		Photos:        make([]photoJSON, len(p.Photos)),
		Amenities:     make([]amenityJSON, len(p.Amenities)),
		VideoURL:      orNull(p.VideoURL),
		VideoPosition: string(p.VideoPosition),
	}
	for i, ph := range p.Photos {
		d.Photos[i] = photoJSON{ph.URL, ph.AltText, ph.DisplayOrder}
	}
	for i, a := range p.Amenities {
		d.Amenities[i] = amenityJSON{a.ID, a.Name, a.Slug, string(a.Group)}
	}
	return d
}

func newAdminJSON(p listing.Property) adminJSON {
	return adminJSON{detailJSON: newDetailJSON(p), IsActive: p.IsActive, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func newSummaryJSON(p listing.Property) summaryJSON {
	s := summaryJSON{
		ID: p.ID, Title: p.Title, Slug: p.Slug, Price: p.Price.String(), CondoFee: moneyOrNull(p.CondoFee),
		Type: p.Type, Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, ParkingSpots: p.ParkingSpots,
		AreaM2: p.AreaM2, IsFeatured: p.IsFeatured,
		City:         cityJSON{p.City.ID, p.City.Name, p.City.Slug, p.City.State},
		Neighborhood: refJSON{p.Neighborhood.ID, p.Neighborhood.Name, p.Neighborhood.Slug},
		Subtype:      refJSON{p.Subtype.ID, p.Subtype.Name, p.Subtype.Slug},
	}
	if len(p.Photos) > 0 {
		s.Cover = &photoJSON{p.Photos[0].URL, p.Photos[0].AltText, p.Photos[0].DisplayOrder}
	}
	return s
}

func newAdminSummaryJSON(p listing.Property) adminSummaryJSON {
	return adminSummaryJSON{summaryJSON: newSummaryJSON(p), Code: orNull(p.Code), IsActive: p.IsActive,
		VideoURL: orNull(p.VideoURL), VideoPosition: string(p.VideoPosition), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func newLeadJSON(l listing.Lead) leadJSON {
	return leadJSON{
		ID: l.ID, PropertyID: orNull(l.PropertyID), PropertySlug: orNull(l.PropertySlug),
		PropertyTitle: orNull(l.PropertyTitle), Name: l.Name, Email: l.Email, Phone: orNull(l.Phone),
		Message: l.Message, CreatedAt: l.CreatedAt, DeliveryStatus: orNull(string(l.Delivery.Status)),
		DeliveryTries: l.Delivery.Attempts, DeliveryError: orNull(l.Delivery.LastError),
	}
}

func mapItems[T any](items []listing.Property, f func(listing.Property) T) []T {
	out := make([]T, len(items))
	for i, p := range items {
		out[i] = f(p)
	}
	return out
}
