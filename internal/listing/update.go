package listing

import "strings"

// PropertyUpdate is a partial write of a property: a nil field is left as it
// is. It serves both the creation (applied to an empty property) and the
// administrative update.
//
// Optional text fields (Code, Description, Address, VideoURL) are cleared by
// "" (the HTTP layer turns a JSON null into ""). Reference data (Subtype,
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

	// By is who makes the write; the store records it as the property's
	// UpdatedBy (and CreatedBy on a creation). It is no field of the body.
	By Actor
}

// NewProperty builds a property from a creation request: the fields a
// detail page cannot do without are required, the rest take their defaults
// (active, not featured, video in its own section).
func NewProperty(u PropertyUpdate) (Property, error) {
	v := &ValidationError{}
	for field, missing := range map[string]bool{
		"title": u.Title == nil, "price": u.Price == nil, "type": u.Type == nil,
		"subtype": u.Subtype == nil, "city": u.City == nil, "neighborhood": u.Neighborhood == nil,
	} {
		if missing {
			v.Add(field, "Campo obrigatório.")
		}
	}
	if err := v.Err(); err != nil {
		return Property{}, err
	}
	p := Property{IsActive: true, VideoPosition: VideoSection, Photos: []Photo{}, Amenities: []Amenity{}}
	if err := u.Apply(&p); err != nil {
		return Property{}, err
	}
	return p, nil
}

// Apply writes the fields set in u onto p, normalised (text trimmed, slugs
// derived, photo order numbered), and validates the result.
//
// The slug follows the title only while the property has none: once
// published, a property keeps its address unless a new slug is given.
// A new city needs its neighborhood in the same update, since a
// neighborhood belongs to one city.
func (u PropertyUpdate) Apply(p *Property) error {
	if u.City != nil && u.Neighborhood == nil {
		return Invalid("neighborhood", "Informe o bairro ao mudar a cidade.")
	}
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
			p.Photos[i] = Photo{URL: strings.TrimSpace(ph.URL), AltText: strings.TrimSpace(ph.AltText), DisplayOrder: i}
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
	return p.Validate()
}
