package storetest

import "github.com/vitrine/vitrine/internal/listing"

// Apartment returns the creation request of a realistic property with two
// photos and amenities of both groups, titled title.
func Apartment(title string) listing.PropertyUpdate {
	return listing.PropertyUpdate{
		Title:        Ptr(title),
		Code:         Ptr("AP-0042"),
		Description:  Ptr("Apartamento com vista para o mar,\nsol da manhã e varanda gourmet."),
		Address:      Ptr("Rua Bocaiúva, 1200"),
		Price:        Ptr(listing.Money(45000000)),
		CondoFee:     &listing.NullMoney{Money: 85050, Valid: true},
		Type:         Ptr("venda"),
		Bedrooms:     Ptr(3),
		Bathrooms:    Ptr(2),
		ParkingSpots: Ptr(1),
		AreaM2:       Ptr(98.5),
		IsFeatured:   Ptr(true),
		Subtype:      &listing.Subtype{Name: "Apartamento"},
		City:         &listing.City{Name: "Florianópolis", State: "SC"},
		Neighborhood: &listing.Neighborhood{Name: "Centro"},
		Photos: &[]listing.Photo{
			{URL: "https://img.example.com/ap42/sala.jpg", AltText: "Sala de estar"},
			{URL: "https://img.example.com/ap42/varanda.jpg", AltText: "Varanda gourmet"},
		},
		Amenities: &[]listing.Amenity{
			{Name: "Ar-condicionado", Group: listing.GroupFeature},
			{Name: "Piscina", Group: listing.GroupLeisure},
		},
	}
}

// Ptr returns a pointer to v, for building updates.
func Ptr[T any](v T) *T { return &v }
