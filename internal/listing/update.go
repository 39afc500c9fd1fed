package listing

import "strings"

// PropertyUpdate is a partial write of a property: a nil field is left as it
// is. It serves both the creation (applied to an empty property) and the
// administrative update.
//
// Optional text fields (Code, Description, Address, VideoURL and the
// address's parts) are cleared by "" (the HTTP layer turns a JSON null
// into ""). Reference data (Subtype,
// City, Neighborhood, Amenities) is given by name; the store finds or creates
// each row by its slug. Photos and Amenities, when set, replace the lists.
type PropertyUpdate struct {
	Title         *string
	Slug          *string
	Code          *string
	Description   *string
	Address       *string
	Price         *Money
	CondoFee      *NullMoney
	Type          *string
	Bedrooms      *int
	Bathrooms     *int
	ParkingSpots  *int
	AreaM2        *float64
	IsFeatured    *bool
	IsActive      *bool
	Subtype       *Subtype
	City          *City
	Neighborhood  *Neighborhood
	Photos        *[]Photo
	Amenities     *[]Amenity
	VideoURL      *string
	VideoPosition *VideoPosition

	// The listing model. Optional values are cleared by their zero with
	// Valid false (the HTTP layer turns a JSON null into that), text by "".
	RentPrice         *NullMoney
	RentPeriod        *RentPeriod // "" is monthly
	IPTU              *NullMoney
	IPTUPeriod        *IPTUPeriod // "" clears it
	CEP               *string     // with or without the hyphen; "" clears it
	Street            *string
	Number            *string
	Complement        *string
	AddressVisibility *AddressVisibility
	Latitude          *NullFloat
	Longitude         *NullFloat
	Suites            *int
	UsefulAreaM2      *NullFloat
	TotalAreaM2       *NullFloat
	Floor             *NullInt
	YearBuilt         *NullInt
	Status            *Status

	PublishToPortals *bool
	// BrokerID names the responsible broker by user id; 0 leaves the
	// listing without one. The store checks that the user exists.
	BrokerID *int64

	// By is who makes the write; the store records it as the property's
	// UpdatedBy (and CreatedBy on a creation). It is no field of the body.
	By Actor
}

// NewProperty builds a property from a creation request: the fields a
// detail page cannot do without are required, the rest take their defaults
// (active, not featured, video in its own section, available, the whole
// address public).
func NewProperty(u PropertyUpdate) (Property, error) {
	v := &ValidationError{}
	for field, missing := range map[string]bool{
		"title": u.Title == nil, "price": u.Price == nil && !u.rentOnly(), "type": u.Type == nil,
		"subtype": u.Subtype == nil, "city": u.City == nil, "neighborhood": u.Neighborhood == nil,
	} {
		if missing {
			v.Add(field, "Campo obrigatório.")
		}
	}
	if err := v.Err(); err != nil {
		return Property{}, err
	}
	p := Property{IsActive: true, VideoPosition: VideoSection, Photos: []Photo{}, Amenities: []Amenity{},
		Status: StatusAvailable, AddressVisibility: ShowAll}
	if err := u.Apply(&p); err != nil {
		return Property{}, err
	}
	return p, nil
}

// rentOnly reports whether u makes a rental with its rent given, whose
// price is then the rent.
func (u PropertyUpdate) rentOnly() bool {
	return u.Type != nil && Business(strings.TrimSpace(*u.Type)) == BusinessRent && u.RentPrice != nil && u.RentPrice.Valid
}

// Apply writes the fields set in u onto p, normalised (text trimmed, slugs
// derived, photo order numbered), and validates the result.
//
// The slug follows the title only while the property has none: once
// published, a property keeps its address unless a new slug is given.
// A new city needs its neighborhood in the same update, since a
// neighborhood belongs to one city.
//
// For a rental (type aluguel), price and rent_price are one amount, the
// monthly rent: setting either sets both.
func (u PropertyUpdate) Apply(p *Property) error {
	if u.City != nil && u.Neighborhood == nil {
		return Invalid("neighborhood", "Informe o bairro ao mudar a cidade.")
	}
	before := *p
	setText := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	setText(&p.Title, u.Title)
	setText(&p.Code, u.Code)
	setText(&p.Description, u.Description)
	setText(&p.Address, u.Address)
	setText(&p.Type, u.Type)
	setText(&p.VideoURL, u.VideoURL)
	if u.Slug != nil {
		p.Slug = strings.TrimSpace(*u.Slug)
	} else if p.Slug == "" {
		p.Slug = Slugify(p.Title)
	}
	if u.Price != nil {
		p.Price = *u.Price
	}
	if u.CondoFee != nil {
		p.CondoFee = *u.CondoFee
	}
	for dst, src := range map[*int]*int{&p.Bedrooms: u.Bedrooms, &p.Bathrooms: u.Bathrooms, &p.ParkingSpots: u.ParkingSpots} {
		if src != nil {
			*dst = *src
		}
	}
	if u.AreaM2 != nil {
		p.AreaM2 = *u.AreaM2
	}
	if u.IsFeatured != nil {
		p.IsFeatured = *u.IsFeatured
	}
	if u.IsActive != nil {
		p.IsActive = *u.IsActive
	}
	if u.PublishToPortals != nil {
		p.PublishToPortals = *u.PublishToPortals
	}
	if u.Subtype != nil {
		name := strings.TrimSpace(u.Subtype.Name)
		p.Subtype = Subtype{Name: name, Slug: Slugify(name)}
	}
	if u.City != nil {
		name := strings.TrimSpace(u.City.Name)
		p.City = City{Name: name, Slug: Slugify(name), State: strings.ToUpper(strings.TrimSpace(u.City.State))}
	}
	if u.Neighborhood != nil {
		name := strings.TrimSpace(u.Neighborhood.Name)
		p.Neighborhood = Neighborhood{Name: name, Slug: Slugify(name)}
	}
	if u.Photos != nil {
		p.Photos = make([]Photo, len(*u.Photos))
		for i, ph := range *u.Photos {
			p.Photos[i] = Photo{ID: ph.ID, URL: strings.TrimSpace(ph.URL), AltText: strings.TrimSpace(ph.AltText), DisplayOrder: i, Image: ph.Image,
				Source: strings.TrimSpace(ph.Source)}
		}
	}
	if u.Amenities != nil {
		p.Amenities = make([]Amenity, 0, len(*u.Amenities))
		seen := make(map[string]bool)
		for _, a := range *u.Amenities {
			name := strings.TrimSpace(a.Name)
			slug := Slugify(name)
			if slug != "" && seen[slug] {
				continue // the same amenity twice is the same amenity
			}
			seen[slug] = true
			p.Amenities = append(p.Amenities, Amenity{Name: name, Slug: slug, Group: a.Group})
		}
	}
	if u.VideoPosition != nil {
		p.VideoPosition = *u.VideoPosition
	}
	u.applyModel(p)
	if u.BrokerID != nil {
		p.Broker = nil
		if *u.BrokerID != 0 {
			p.Broker = &Broker{ID: *u.BrokerID}
		}
	}
	return p.validate(&before)
}

// applyModel writes the listing model's fields set in u onto p.
func (u PropertyUpdate) applyModel(p *Property) {
	for dst, src := range map[*string]*string{&p.Street: u.Street, &p.Number: u.Number, &p.Complement: u.Complement} {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	if u.CEP != nil {
		p.CEP = strings.TrimSpace(*u.CEP)
		if digits, ok := ParseCEP(p.CEP); ok {
			p.CEP = digits
		}
	}
	for dst, src := range map[*NullMoney]*NullMoney{&p.RentPrice: u.RentPrice, &p.IPTU: u.IPTU} {
		if src != nil {
			*dst = *src
		}
	}
	if u.IPTUPeriod != nil {
		p.IPTUPeriod = *u.IPTUPeriod
	}
	if u.RentPeriod != nil {
		p.RentPeriod = *u.RentPeriod
	}
	if u.AddressVisibility != nil {
		p.AddressVisibility = *u.AddressVisibility
	}
	for dst, src := range map[*NullFloat]*NullFloat{&p.Latitude: u.Latitude, &p.Longitude: u.Longitude,
		&p.UsefulAreaM2: u.UsefulAreaM2, &p.TotalAreaM2: u.TotalAreaM2} {
		if src != nil {
			*dst = *src
		}
	}
	for dst, src := range map[*NullInt]*NullInt{&p.Floor: u.Floor, &p.YearBuilt: u.YearBuilt} {
		if src != nil {
			*dst = *src
		}
	}
	if u.Suites != nil {
		p.Suites = *u.Suites
	}
	if u.Status != nil {
		p.Status = *u.Status
	}
	if Business(p.Type) == BusinessRent {
		switch {
		case u.RentPrice != nil && u.RentPrice.Valid && u.Price == nil:
			p.Price = u.RentPrice.Money
		case u.Price != nil && u.RentPrice == nil:
			p.RentPrice = NullMoney{Money: p.Price, Valid: true}
		}
	}
}
