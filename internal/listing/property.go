package listing

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// VideoPosition says where the web client shows a property's presentation
// video: as the first slide of the photo carousel, or in its own section.
type VideoPosition string

const (
	VideoCarousel VideoPosition = "carousel"
	VideoSection  VideoPosition = "section"
)

// Valid reports whether p is one of the two positions.
func (p VideoPosition) Valid() bool { return p == VideoCarousel || p == VideoSection }

// AmenityGroup sorts amenities on the page: features of the property itself,
// and leisure facilities (usually of the building).
type AmenityGroup string

const (
	GroupFeature AmenityGroup = "caracteristica"
	GroupLeisure AmenityGroup = "lazer"
)

// Valid reports whether g is a known group.
func (g AmenityGroup) Valid() bool { return g == GroupFeature || g == GroupLeisure }

// Limits on property fields. They keep one property's detail page bounded.
const (
	MaxTitleLen       = 200
	MaxCodeLen        = 50
	MaxDescriptionLen = 10_000
	MaxAddressLen     = 300
	MaxTypeLen        = 50
	MaxNameLen        = 100 // names of cities, neighborhoods, subtypes, amenities
	MaxCount          = 999 // bedrooms, bathrooms, parking spots
	MaxAreaM2         = 100_000_000
	MaxPhotos         = 100
	MaxAmenities      = 100
	MaxURLLen         = 2048 // photo addresses and video_url
	MaxAltTextLen     = 300
)

// Property is one listing: what a visitor reads on its detail page.
//
// Optional text fields (Code, Description, Address, VideoURL, CEP, Street,
// Number, Complement) hold "" when not filled in; the API writes that as
// null.
type Property struct {
	ID           string // UUID
	Title        string
	Slug         string
	Code         string
	Description  string
	Address      string
	Price        Money
	CondoFee     NullMoney
	Type         string // the Business (a canonical value, or a text stored before they were enumerated)
	Bedrooms     int
	Bathrooms    int
	ParkingSpots int
	AreaM2       float64
	IsFeatured   bool
	IsActive     bool
	// Promoted is whether the public lists put it first: IsFeatured, and
	// a photo the public sees. The store keeps it and ReadCatalog reads it;
	// writes ignore it.
	Promoted      bool
	Subtype       Subtype
	City          City
	Neighborhood  Neighborhood
	Photos        []Photo // ordered by DisplayOrder, from 0
	Amenities     []Amenity
	VideoURL      string
	VideoPosition VideoPosition

	// The Brazilian listing model (see model.go).
	RentPrice         NullMoney  // for RentPeriod; required when the business includes rent
	RentPeriod        RentPeriod // "" is monthly
	IPTU              NullMoney
	IPTUPeriod        IPTUPeriod // "" when no IPTU was filled in
	CEP               string     // eight digits, or ""
	Street            string
	Number            string // text: "s/n" and "120-A" occur
	Complement        string // never public
	AddressVisibility AddressVisibility
	Latitude          NullFloat
	Longitude         NullFloat
	Suites            int
	UsefulAreaM2      NullFloat
	TotalAreaM2       NullFloat
	Floor             NullInt // of the unit: 0 is the ground floor, basements are negative
	YearBuilt         NullInt
	Status            Status

	// PublishToPortals is staff's choice to send the property to the
	// portals' feed (internal/feed), which takes it when it is also active
	// and meets the portals' rules. New properties start without it.
	PublishToPortals bool

	// Broker is the staff member responsible for the listing, whose
	// contact its public page shows; nil when none is (the agency's shows).
	Broker *Broker

	CreatedAt time.Time
	UpdatedAt time.Time
	CreatedBy Actor // who created it; unknown for older rows
	UpdatedBy Actor // who wrote it last; unknown for older rows

	// WhatsAppClicks is how many visitors went to WhatsApp from its page,
	// counted apart from the property (store.CountWhatsAppClick), for the
	// administrators' reads; writes ignore it.
	WhatsAppClicks int64
	// Shares is how many times visitors shared it from its page
	// (store.CountShare), read like WhatsAppClicks.
	Shares int64
}

// Subtype is the kind of property: Apartamento, Casa, Terreno…
type Subtype struct {
	ID   int64
	Name string
	Slug string
}

// City is a municipality, identified by its slug within its state.
type City struct {
	ID    int64
	Name  string
	Slug  string
	State string // two-letter UF code, e.g. "SC"
}

// CityLabel is how a city is written for people, the one way every page
// writes it: its name, an en dash and its state ("Florianópolis – SC").
func CityLabel(name, state string) string { return name + " – " + state }

// Neighborhood belongs to one city.
type Neighborhood struct {
	ID   int64
	Name string
	Slug string
}

// Photo is one picture of a property. DisplayOrder 0 is the main photo.
// It is an address on another site (Image nil) or a file uploaded to
// Vitrine (Image set).
type Photo struct {
	ID string // 32 hex digits, given by the store; "" for a photo not stored yet
	// URL is the address a visitor's browser loads: as typed for an
	// external photo; for an uploaded one, its largest JPEG variant once
	// processed (filled in by the store), "" before.
	URL          string
	AltText      string
	DisplayOrder int
	Image        *Image
	// Source is the address an imported photo came from (a VRSync
	// feed's Media Item): an import that finds the same address keeps the
	// photo rather than fetching it again. "" for a photo staff added.
	Source string
}

// Validate checks what staff give of a photo: the address of an external
// one, the description of any.
func (ph Photo) Validate() error { return ph.validate().Err() }

func (ph Photo) validate() *ValidationError {
	v := &ValidationError{}
	if ph.Image == nil && !absoluteHTTPURL(ph.URL) {
		v.Add("url", "Informe um endereço http(s) completo.")
	}
	checkText(v, "alt_text", ph.AltText, 0, MaxAltTextLen, false)
	return v
}

// Visible reports whether the public sees the photo: an external address
// always, an uploaded file once its variants are made.
func (ph Photo) Visible() bool { return ph.Image == nil || ph.Image.Status == ImageReady }

// ImageStatus is where an uploaded file is in its processing.
type ImageStatus string

const (
	ImageProcessing ImageStatus = "processing" // stored, variants not made yet
	ImageReady      ImageStatus = "ready"      // variants made
	ImageFailed     ImageStatus = "failed"     // it could not be decoded; Error says why
)

// Image is an uploaded photo file. Its ID derives from its content, so
// the same file uploaded twice is one Image, and a changed file a new one
// with new addresses.
type Image struct {
	ID     string // 32 hex digits of the SHA-256 of the original file
	Status ImageStatus
	// Width and Height are the original's as displayed (EXIF orientation
	// applied), once ready.
	Width, Height int
	Error         string    // why processing failed, for people (pt-BR)
	Variants      []Variant // once ready: by ascending width, a JPEG then a WebP of each
}

// Variant is one resized copy of an uploaded photo.
type Variant struct {
	URL           string // absolute
	Width, Height int
	ContentType   string // image/jpeg or image/webp
}

// VisiblePhotos returns the photos the public sees, numbered from 0 in
// their order.
func (p Property) VisiblePhotos() []Photo {
	out := make([]Photo, 0, len(p.Photos))
	for _, ph := range p.Photos {
		if ph.Visible() {
			ph.DisplayOrder = len(out)
			out = append(out, ph)
		}
	}
	return out
}

// Amenity is a feature or leisure facility, shared among properties.
type Amenity struct {
	ID    int64
	Name  string
	Slug  string
	Group AmenityGroup
}

// The Brazilian federative units, for City.State.
var states = map[string]bool{
	"AC": true, "AL": true, "AP": true, "AM": true, "BA": true, "CE": true, "DF": true,
	"ES": true, "GO": true, "MA": true, "MT": true, "MS": true, "MG": true, "PA": true,
	"PB": true, "PR": true, "PE": true, "PI": true, "RJ": true, "RN": true, "RS": true,
	"RO": true, "RR": true, "SC": true, "SP": true, "SE": true, "TO": true,
}

// Validate checks every field of p and returns a *ValidationError listing all
// failures, or nil. It is the one place where a property's rules live.
func (p *Property) Validate() error { return p.validate(nil) }

// validate is Validate for a write onto before, the property as it was
// stored (nil for a new one): see validateModel.
func (p *Property) validate(before *Property) error {
	v := &ValidationError{}
	checkText(v, "title", p.Title, 1, MaxTitleLen, false)
	switch {
	case p.Slug == "":
		v.Add("slug", "Não foi possível gerar o endereço da página a partir do título; informe um.")
	case !ValidSlug(p.Slug):
		v.Add("slug", "Use apenas letras minúsculas sem acento, números e hífens (até 120 caracteres).")
	}
	checkText(v, "code", p.Code, 0, MaxCodeLen, false)
	checkText(v, "description", p.Description, 0, MaxDescriptionLen, true)
	checkText(v, "address", p.Address, 0, MaxAddressLen, false)
	if p.Price < 0 || p.Price > MaxMoney {
		v.Add("price", "Valor fora do intervalo permitido.")
	}
	if p.CondoFee.Valid && (p.CondoFee.Money < 0 || p.CondoFee.Money > MaxMoney) {
		v.Add("condo_fee", "Valor fora do intervalo permitido.")
	}
	checkText(v, "type", p.Type, 1, MaxTypeLen, false)
	p.validateModel(v, before)
	for field, n := range map[string]int{"bedrooms": p.Bedrooms, "bathrooms": p.Bathrooms, "parking_spots": p.ParkingSpots} {
		if n < 0 || n > MaxCount {
			v.Add(field, "Deve estar entre 0 e 999.")
		}
	}
	if math.IsNaN(p.AreaM2) || p.AreaM2 < 0 || p.AreaM2 > MaxAreaM2 {
		v.Add("area_m2", "Área fora do intervalo permitido.")
	}
	if p.Subtype.ID == 0 {
		checkName(v, "subtype.name", p.Subtype.Name, p.Subtype.Slug)
	}
	if p.City.ID == 0 {
		checkName(v, "city.name", p.City.Name, p.City.Slug)
		if !states[p.City.State] {
			v.Add("city.state", "Informe a sigla de um estado brasileiro (ex.: SC).")
		}
	}
	if p.Neighborhood.ID == 0 {
		checkName(v, "neighborhood.name", p.Neighborhood.Name, p.Neighborhood.Slug)
	}
	if len(p.Photos) > MaxPhotos {
		v.Add("photos", "No máximo 100 fotos.")
	}
	for i, ph := range p.Photos {
		v.Merge("photos["+strconv.Itoa(i)+"].", ph.validate())
	}
	if len(p.Amenities) > MaxAmenities {
		v.Add("amenities", "No máximo 100 comodidades.")
	}
	for i, a := range p.Amenities {
		field := "amenities[" + strconv.Itoa(i) + "]"
		if a.ID == 0 {
			checkName(v, field+".name", a.Name, a.Slug)
		}
		if !a.Group.Valid() {
			v.Add(field+".group", "Use 'caracteristica' ou 'lazer'.")
		}
	}
	if runeLen(p.VideoURL) > MaxURLLen {
		v.Add("video_url", "Deve ter no máximo 2048 caracteres.")
	} else if !plainText(p.VideoURL, false) {
		v.Add("video_url", "Contém caracteres inválidos.")
	}
	if !p.VideoPosition.Valid() {
		v.Add("video_position", "Use 'carousel' ou 'section'.")
	}
	return v.Err()
}

// ValidName reports whether name may name a new reference row (a
// subtype, a city, a neighborhood, an amenity), as Validate checks it.
func ValidName(name string) bool {
	v := &ValidationError{}
	checkName(v, "name", name, Slugify(name))
	return v.Err() == nil
}

// checkName adds to v the failures of the name of a reference row (a
// subtype, city, neighborhood or amenity) that the store finds or creates
// by slug: a required plain text, and a slug to find it by. A name with no
// Latin letter or digit ("🏠", "Москва") has an empty slug; taken as it is,
// it would be merged with every other such name into one row.
func checkName(v *ValidationError, field, name, slug string) {
	checkText(v, field, name, 1, MaxNameLen, false)
	if name != "" && slug == "" {
		v.Add(field, "O nome precisa ter ao menos uma letra do alfabeto latino ou um número.")
	}
}

// absoluteHTTPURL reports whether s is an absolute http or https address
// with a host and no credentials.
func absoluteHTTPURL(s string) bool {
	if len(s) > MaxURLLen || !plainText(s, false) || strings.ContainsAny(s, " <>\"") {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	return u.Scheme == "http" || u.Scheme == "https"
}
