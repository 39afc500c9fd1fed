package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// specFields are the fields of the public detail in spec 2.1, in order;
// modelFields those the listing model adds after them, the map's location
// (made from the coordinates) last.
var (
	specFields = []string{"id", "title", "slug", "code", "description", "address", "price", "condo_fee", "type",
		"bedrooms", "bathrooms", "parking_spots", "area_m2", "is_featured", "subtype", "city", "neighborhood",
		"photos", "amenities", "video_url", "video_position"}
	modelFields = []string{"rent_price", "rent_period", "iptu", "iptu_period", "status", "suites", "useful_area_m2",
		"total_area_m2", "floor", "year_built", "address_visibility", "cep", "street", "number", "latitude", "longitude",
		"location"}
	// brokerFields are those of the listing's broker (migration 0018), last.
	brokerFields = []string{"broker"}
)

// fullModel is a creation request that sets every field of the listing
// model: a flat for sale and rent.
func fullModel(title string) listing.PropertyUpdate {
	u := storetest.Apartment(title)
	u.Type = storetest.Ptr("venda_aluguel")
	u.RentPrice = &listing.NullMoney{Money: 450000, Valid: true}
	u.IPTU = &listing.NullMoney{Money: 180050, Valid: true}
	u.IPTUPeriod = storetest.Ptr(listing.IPTUYearly)
	u.CEP = storetest.Ptr("88010-400")
	u.Street = storetest.Ptr("Rua Bocaiúva")
	u.Number = storetest.Ptr("1200")
	u.Complement = storetest.Ptr("Apto 302, bloco B")
	u.AddressVisibility = storetest.Ptr(listing.ShowStreet)
	u.Latitude = &listing.NullFloat{Float: -27.5899, Valid: true}
	u.Longitude = &listing.NullFloat{Float: -48.5530, Valid: true}
	u.Suites = storetest.Ptr(1)
	u.UsefulAreaM2 = &listing.NullFloat{Float: 98.5, Valid: true}
	u.TotalAreaM2 = &listing.NullFloat{Float: 131.25, Valid: true}
	u.Floor = &listing.NullInt{Int: -1, Valid: true}
	u.YearBuilt = &listing.NullInt{Int: 2012, Valid: true}
	u.Status = storetest.Ptr(listing.StatusReserved)
	return u
}

// documentKeys returns the top-level keys of a JSON object, in order.
func documentKeys(t *testing.T, doc []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(doc))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestListingModelStored: every field of the listing model is stored and
// read back as written (the CEP as its eight digits), the public document
// keeps the spec's fields first and in order, adds the model's after them,
// shows the address at the chosen level and never the complement; a
// partial update leaves the model alone, and null clears it.
func TestListingModelStored(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, fullModel("Apartamento Venda e Aluguel"))
		got, err := s.Property(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := listing.Property{
			Type: "venda_aluguel", RentPrice: listing.NullMoney{Money: 450000, Valid: true},
			IPTU: listing.NullMoney{Money: 180050, Valid: true}, IPTUPeriod: listing.IPTUYearly,
			CEP: "88010400", Street: "Rua Bocaiúva", Number: "1200", Complement: "Apto 302, bloco B",
			AddressVisibility: listing.ShowStreet,
			Latitude:          listing.NullFloat{Float: -27.5899, Valid: true}, Longitude: listing.NullFloat{Float: -48.5530, Valid: true},
			Suites: 1, UsefulAreaM2: listing.NullFloat{Float: 98.5, Valid: true}, TotalAreaM2: listing.NullFloat{Float: 131.25, Valid: true},
			Floor: listing.NullInt{Int: -1, Valid: true}, YearBuilt: listing.NullInt{Int: 2012, Valid: true},
			Status: listing.StatusReserved,
		}
		if m := model(got); !reflect.DeepEqual(m, want) {
			t.Errorf("stored model\n%+v\nwant\n%+v", m, want)
		}

		d, err := s.PropertyDocument(ctx, p.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if keys := documentKeys(t, d.JSON); !reflect.DeepEqual(keys, append(append(append([]string{}, specFields...), modelFields...), brokerFields...)) {
			t.Errorf("document keys %v", keys)
		}
		if strings.Contains(string(d.JSON), "Apto 302") || strings.Contains(string(d.JSON), "1200\"") {
			t.Errorf("the public document shows the complement or the number: %s", d.JSON)
		}
		doc := document(t, s, p.Slug)
		for k, v := range map[string]any{"address": "Rua Bocaiúva", "cep": "88010-400", "street": "Rua Bocaiúva",
			"number": nil, "latitude": nil, "longitude": nil, "rent_price": "4500.00", "iptu": "1800.50",
			"iptu_period": "yearly", "status": "reservado", "suites": 1.0, "floor": -1.0, "year_built": 2012.0,
			"useful_area_m2": 98.5, "total_area_m2": 131.25, "address_visibility": "street"} {
			if doc[k] != v {
				t.Errorf("document %s = %#v, want %#v", k, doc[k], v)
			}
		}

		// A partial update of another field leaves the model as it is.
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Novo título")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Property(ctx, p.ID); !reflect.DeepEqual(model(got), want) {
			t.Errorf("a title update changed the model: %+v", model(got))
		}

		// Clearing every optional field.
		cleared, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{
			Type: storetest.Ptr("venda"), RentPrice: &listing.NullMoney{}, IPTU: &listing.NullMoney{},
			IPTUPeriod: storetest.Ptr(listing.IPTUPeriod("")), CEP: storetest.Ptr(""), Street: storetest.Ptr(""),
			Number: storetest.Ptr(""), Complement: storetest.Ptr(""), Latitude: &listing.NullFloat{}, Longitude: &listing.NullFloat{},
			UsefulAreaM2: &listing.NullFloat{}, TotalAreaM2: &listing.NullFloat{}, Floor: &listing.NullInt{},
			YearBuilt: &listing.NullInt{}, Suites: storetest.Ptr(0), Status: storetest.Ptr(listing.StatusSold),
			AddressVisibility: storetest.Ptr(listing.ShowNeighborhood),
		})
		if err != nil {
			t.Fatal(err)
		}
		wantCleared := listing.Property{Type: "venda", AddressVisibility: listing.ShowNeighborhood, Status: listing.StatusSold}
		if got, _ := s.Property(ctx, p.ID); !reflect.DeepEqual(model(got), wantCleared) || !reflect.DeepEqual(model(cleared), wantCleared) {
			t.Errorf("cleared model %+v, returned %+v", model(got), model(cleared))
		}
		doc = document(t, s, p.Slug)
		for _, k := range []string{"address", "cep", "street", "number", "latitude", "rent_price", "floor"} {
			if doc[k] != nil {
				t.Errorf("neighborhood level: %s = %#v, want null", k, doc[k])
			}
		}
	})
}

// model returns the listing model's fields of p (and its type) alone.
func model(p listing.Property) listing.Property {
	return listing.Property{Type: p.Type, RentPrice: p.RentPrice, IPTU: p.IPTU, IPTUPeriod: p.IPTUPeriod, CEP: p.CEP,
		Street: p.Street, Number: p.Number, Complement: p.Complement, AddressVisibility: p.AddressVisibility,
		Latitude: p.Latitude, Longitude: p.Longitude, Suites: p.Suites, UsefulAreaM2: p.UsefulAreaM2,
		TotalAreaM2: p.TotalAreaM2, Floor: p.Floor, YearBuilt: p.YearBuilt, Status: p.Status}
}

// TestNewPropertyDefaults: a property created without the model's fields
// is available, shows its whole address, and has none of the optional
// facts.
func TestNewPropertyDefaults(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento Simples"))
		got, _ := s.Property(ctx, p.ID)
		want := listing.Property{Type: "venda", AddressVisibility: listing.ShowAll, Status: listing.StatusAvailable}
		if !reflect.DeepEqual(model(got), want) {
			t.Errorf("defaults %+v", model(got))
		}
	})
}

// TestRentalPriceIsTheRent: for a rental, price and rent_price are one
// amount; setting either sets both, and two different amounts are refused.
func TestRentalPriceIsTheRent(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		u := storetest.Apartment("Apartamento para Alugar")
		u.Type, u.Price = storetest.Ptr("aluguel"), nil
		u.RentPrice = &listing.NullMoney{Money: 320000, Valid: true}
		p := create(t, s, u)
		if p.Price != 320000 || p.RentPrice.Money != 320000 {
			t.Fatalf("rental created with price %d, rent %v", p.Price, p.RentPrice)
		}
		p, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(350000))})
		if err != nil || p.RentPrice != (listing.NullMoney{Money: 350000, Valid: true}) {
			t.Fatalf("price update of a rental: rent %v, %v", p.RentPrice, err)
		}
		_, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Price: storetest.Ptr(listing.Money(1)),
			RentPrice: &listing.NullMoney{Money: 2, Valid: true}})
		wantInvalid(t, err, "rent_price")
		if got, _ := s.Property(ctx, p.ID); got.Price != 350000 {
			t.Errorf("a refused update changed the price to %d", got.Price)
		}
	})
}

// wantInvalid fails unless err is a validation error naming field.
func wantInvalid(t *testing.T, err error, field string) {
	t.Helper()
	var ve *listing.ValidationError
	if !errors.As(err, &ve) || len(ve.Fields[field]) == 0 {
		t.Fatalf("error %v, want a validation error on %s", err, field)
	}
}

// TestListingModelRules: every rule of the model refuses its bad value
// with a message on its field, and stores nothing.
func TestListingModelRules(t *testing.T) {
	ptr := storetest.Ptr[string]
	cases := []struct {
		field string
		edit  func(u *listing.PropertyUpdate)
	}{
		{"type", func(u *listing.PropertyUpdate) { u.Type = ptr("Venda") }},
		{"type", func(u *listing.PropertyUpdate) { u.Type = ptr("temporada") }},
		{"rent_price", func(u *listing.PropertyUpdate) { u.Type = ptr("venda_aluguel") }},
		{"rent_price", func(u *listing.PropertyUpdate) { u.RentPrice = &listing.NullMoney{Money: 100, Valid: true} }},
		{"rent_price", func(u *listing.PropertyUpdate) {
			u.Type, u.RentPrice = ptr("venda_aluguel"), &listing.NullMoney{Money: listing.MaxMoney + 1, Valid: true}
		}},
		{"iptu", func(u *listing.PropertyUpdate) {
			u.IPTU, u.IPTUPeriod = &listing.NullMoney{Money: -1, Valid: true}, storetest.Ptr(listing.IPTUMonthly)
		}},
		{"iptu_period", func(u *listing.PropertyUpdate) { u.IPTU = &listing.NullMoney{Money: 100, Valid: true} }},
		{"iptu_period", func(u *listing.PropertyUpdate) { u.IPTUPeriod = storetest.Ptr(listing.IPTUPeriod("anual")) }},
		{"cep", func(u *listing.PropertyUpdate) { u.CEP = ptr("8801-0400") }},
		{"cep", func(u *listing.PropertyUpdate) { u.CEP = ptr("880104000") }},
		{"cep", func(u *listing.PropertyUpdate) { u.CEP = ptr("88O10-400") }},
		{"street", func(u *listing.PropertyUpdate) { u.Street = ptr(strings.Repeat("r", 201)) }},
		{"number", func(u *listing.PropertyUpdate) { u.Number = ptr(strings.Repeat("1", 21)) }},
		{"complement", func(u *listing.PropertyUpdate) { u.Complement = ptr("Apto\x00 1") }},
		{"address_visibility", func(u *listing.PropertyUpdate) {
			u.AddressVisibility = storetest.Ptr(listing.AddressVisibility("bairro"))
		}},
		{"latitude", func(u *listing.PropertyUpdate) {
			u.Latitude, u.Longitude = &listing.NullFloat{Float: -91, Valid: true}, &listing.NullFloat{Float: -48, Valid: true}
		}},
		{"longitude", func(u *listing.PropertyUpdate) {
			u.Latitude, u.Longitude = &listing.NullFloat{Float: -27, Valid: true}, &listing.NullFloat{Float: 181, Valid: true}
		}},
		{"longitude", func(u *listing.PropertyUpdate) { u.Latitude = &listing.NullFloat{Float: -27, Valid: true} }},
		{"suites", func(u *listing.PropertyUpdate) { u.Suites = storetest.Ptr(-1) }},
		{"suites", func(u *listing.PropertyUpdate) { u.Suites = storetest.Ptr(4) }}, // 3 bedrooms
		{"useful_area_m2", func(u *listing.PropertyUpdate) { u.UsefulAreaM2 = &listing.NullFloat{Float: 0, Valid: true} }},
		{"total_area_m2", func(u *listing.PropertyUpdate) { u.TotalAreaM2 = &listing.NullFloat{Float: 1e9, Valid: true} }},
		{"rent_period", func(u *listing.PropertyUpdate) { u.RentPeriod = storetest.Ptr(listing.RentPeriod("mensal")) }},
		{"floor", func(u *listing.PropertyUpdate) { u.Floor = &listing.NullInt{Int: -6, Valid: true} }},
		{"floor", func(u *listing.PropertyUpdate) { u.Floor = &listing.NullInt{Int: 201, Valid: true} }},
		{"year_built", func(u *listing.PropertyUpdate) { u.YearBuilt = &listing.NullInt{Int: 1499, Valid: true} }},
		{"year_built", func(u *listing.PropertyUpdate) { u.YearBuilt = &listing.NullInt{Int: 3000, Valid: true} }},
		{"status", func(u *listing.PropertyUpdate) { u.Status = storetest.Ptr(listing.Status("disponível")) }},
		{"status", func(u *listing.PropertyUpdate) { u.Status = storetest.Ptr(listing.StatusRented) }}, // for sale only
	}
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento Regras"))
		before, _ := s.Property(ctx, p.ID)
		for _, c := range cases {
			u := storetest.Apartment("Outro Apartamento")
			c.edit(&u)
			_, err := s.CreateProperty(ctx, u)
			wantInvalid(t, err, c.field)

			var upd listing.PropertyUpdate
			c.edit(&upd)
			_, err = s.UpdateProperty(ctx, p.ID, upd)
			wantInvalid(t, err, c.field)
		}
		after, _ := s.Property(ctx, p.ID)
		if !reflect.DeepEqual(before, after) {
			t.Errorf("refused updates changed the property:\n%+v\n%+v", before, after)
		}
		if pp, _ := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10}); pp.Total != 1 {
			t.Errorf("refused creations stored %d properties", pp.Total-1)
		}
	})
}

// TestLegacyTypeKept: a type stored before the values were enumerated
// survives a partial update that does not change it (and one that sends
// it back unchanged); a write of another non-canonical type is refused.
func TestLegacyTypeKept(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Casa de Temporada"))
		if err := store.Exec(ctx, s, `UPDATE properties SET type = 'Temporada' WHERE id = $1`, p.ID); err != nil {
			t.Fatal(err)
		}
		got, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Casa de Temporada na Praia"),
			Status: storetest.Ptr(listing.StatusRented)})
		if err != nil || got.Type != "Temporada" {
			t.Fatalf("partial update of a legacy type: %q, %v", got.Type, err)
		}
		if got, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Type: storetest.Ptr("Temporada")}); err != nil {
			t.Fatalf("sending the legacy type back: %v", err)
		}
		_, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Type: storetest.Ptr("Temporada 2")})
		wantInvalid(t, err, "type")
		if got, err = s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Type: storetest.Ptr("venda"),
			Status: storetest.Ptr(listing.StatusSold)}); err != nil || got.Type != "venda" {
			t.Fatalf("moving to a canonical type: %q, %v", got.Type, err)
		}
	})
}

// TestAgency: the agency is not found until it is set; setting it stores
// it normalised and bumps the catalogue version; a bad record is refused
// whole and leaves the stored one.
func TestAgency(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		if _, err := s.Agency(ctx); !errors.Is(err, listing.ErrNotFound) {
			t.Fatalf("agency before it is set: %v", err)
		}
		v0, _ := s.CatalogVersion(ctx)
		a, err := s.SetAgency(ctx, listing.Agency{Name: " Imobiliária Vitrine ", CRECI: "creci 12345j", State: "sc",
			Phone: "(48) 3333-4444", WhatsApp: "+55 48 99999-0000", Email: "contato@vitrine.example",
			Address: "Rua Felipe Schmidt, 100 — Centro, Florianópolis/SC", LogoURL: "https://img.example.com/logo.png"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Agency(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := listing.Agency{Name: "Imobiliária Vitrine", CRECI: "CRECI/SC 12345-J", State: "SC", Phone: "+554833334444",
			WhatsApp: "+5548999990000", Email: "contato@vitrine.example",
			Address: "Rua Felipe Schmidt, 100 — Centro, Florianópolis/SC", LogoURL: "https://img.example.com/logo.png",
			UpdatedAt: a.UpdatedAt}
		if got != want || a != want {
			t.Errorf("stored agency %+v, returned %+v", got, a)
		}
		if got.CRECIDisplay() != "CRECI/SC 12345-J" {
			t.Errorf("CRECIDisplay %q", got.CRECIDisplay())
		}
		if v1, _ := s.CatalogVersion(ctx); v1 <= v0 {
			t.Errorf("setting the agency left the catalogue version at %d", v1)
		}
		for field, bad := range map[string]listing.Agency{
			"name":     {CRECI: "CRECI/SC 1-J"},
			"creci":    {Name: "X", CRECI: "12345-F"},
			"state":    {Name: "X", CRECI: "CRECI/SC 1-J", State: "XY"},
			"phone":    {Name: "X", CRECI: "CRECI/SC 1-J", Phone: "3333-4444"},
			"whatsapp": {Name: "X", CRECI: "CRECI/SC 1-J", WhatsApp: "+12"},
			"email":    {Name: "X", CRECI: "CRECI/SC 1-J", Email: "contato@"},
			"logo_url": {Name: "X", CRECI: "CRECI/SC 1-J", LogoURL: "javascript:alert(1)"},
		} {
			_, err := s.SetAgency(ctx, bad)
			wantInvalid(t, err, field)
		}
		if got, _ := s.Agency(ctx); got != want {
			t.Errorf("refused writes changed the agency: %+v", got)
		}
		// Optional fields are cleared by a record without them.
		if got, err := s.SetAgency(ctx, listing.Agency{Name: "Vitrine", CRECI: "CRECI/SC 999-J"}); err != nil || got.Phone != "" || got.CRECI != "CRECI/SC 999-J" {
			t.Errorf("a record without optional fields: %+v, %v", got, err)
		}
	})
}
