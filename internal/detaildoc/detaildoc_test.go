package detaildoc_test

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

func full() listing.Property {
	return listing.Property{
		ID: "0190f0a0-1234-7abc-8def-0123456789ab", Title: "Casa <Térrea> & Quintal", Slug: "casa-terrea-quintal",
		Code: "CA-1", Description: "Linha um\nLinha \"dois\"\tfim", Address: "Rua A, 1",
		Price: 45000000, CondoFee: listing.NullMoney{Money: 85005, Valid: true}, Type: "venda",
		Bedrooms: 3, Bathrooms: 2, ParkingSpots: 1, AreaM2: 98.5, IsFeatured: true, IsActive: true,
		Subtype:      listing.Subtype{ID: 1, Name: "Casa", Slug: "casa"},
		City:         listing.City{ID: 2, Name: "Florianópolis", Slug: "florianopolis", State: "SC"},
		Neighborhood: listing.Neighborhood{ID: 3, Name: "Centro", Slug: "centro"},
		Photos: []listing.Photo{{URL: "https://img.example.com/a.jpg?x=1&y=2", AltText: "Sala", DisplayOrder: 0},
			{URL: "https://img.example.com/b.jpg", DisplayOrder: 1}},
		Amenities:     []listing.Amenity{{ID: 4, Name: "Piscina", Slug: "piscina", Group: listing.GroupLeisure}},
		VideoURL:      "https://youtu.be/dQw4w9WgXcQ",
		VideoPosition: listing.VideoCarousel,
		IPTU:          listing.NullMoney{Money: 120000, Valid: true}, IPTUPeriod: listing.IPTUYearly,
		CEP: "88010400", Street: "Rua A", Number: "1", Complement: "Apto 302", AddressVisibility: listing.ShowAll,
		Latitude: listing.NullFloat{Float: -27.5945, Valid: true}, Longitude: listing.NullFloat{Float: -48.5477, Valid: true},
		Suites: 1, UsefulAreaM2: listing.NullFloat{Float: 98.5, Valid: true}, TotalAreaM2: listing.NullFloat{Float: 300, Valid: true},
		Floor: listing.NullInt{Int: 0, Valid: true}, YearBuilt: listing.NullInt{Int: 2015, Valid: true},
		Status: listing.StatusReserved,
	}
}

// TestEncodeBytes pins the bytes of a document: field order, money as
// text, null for optional text left empty, [] for empty lists, area_m2
// without a trailing ".0", text not HTML-escaped. A change here is a
// change of Version.
func TestEncodeBytes(t *testing.T) {
	for _, c := range []struct {
		name string
		p    listing.Property
		want string
	}{
		{"full", full(), `{"id":"0190f0a0-1234-7abc-8def-0123456789ab","title":"Casa <Térrea> & Quintal","slug":"casa-terrea-quintal","code":"CA-1","description":"Linha um\nLinha \"dois\"\tfim","address":"Rua A, 1","price":"450000.00","condo_fee":"850.05","type":"venda","bedrooms":3,"bathrooms":2,"parking_spots":1,"area_m2":98.5,"is_featured":true,"subtype":{"id":1,"name":"Casa","slug":"casa"},"city":{"id":2,"name":"Florianópolis","slug":"florianopolis","state":"SC"},"neighborhood":{"id":3,"name":"Centro","slug":"centro"},"photos":[{"url":"https://img.example.com/a.jpg?x=1&y=2","alt_text":"Sala","display_order":0,"width":null,"height":null,"srcset":null},{"url":"https://img.example.com/b.jpg","alt_text":"","display_order":1,"width":null,"height":null,"srcset":null}],"amenities":[{"id":4,"name":"Piscina","slug":"piscina","group":"lazer"}],"video_url":"https://youtu.be/dQw4w9WgXcQ","video_position":"carousel",` +
			`"rent_price":null,"rent_period":null,"iptu":"1200.00","iptu_period":"yearly","status":"reservado","suites":1,"useful_area_m2":98.5,"total_area_m2":300,"floor":0,"year_built":2015,` +
			`"address_visibility":"all","cep":"88010-400","street":"Rua A","number":"1","latitude":-27.5945,"longitude":-48.5477,"location":{"latitude":-27.5945,"longitude":-48.5477,"radius_m":null},"broker":null}`},
		{"bare", func() listing.Property {
			p := full()
			p.Code, p.Description, p.Address, p.VideoURL = "", "", "", ""
			p.CondoFee, p.Photos, p.Amenities, p.AreaM2, p.Price = listing.NullMoney{}, nil, nil, 120, 5
			p.Type, p.RentPrice, p.Status = "aluguel", listing.NullMoney{Money: 5, Valid: true}, listing.StatusAvailable
			p.IPTU, p.IPTUPeriod, p.CEP, p.Street, p.Number, p.Complement = listing.NullMoney{}, "", "", "", "", ""
			p.Latitude, p.Longitude, p.Suites = listing.NullFloat{}, listing.NullFloat{}, 0
			p.UsefulAreaM2, p.TotalAreaM2, p.Floor, p.YearBuilt = listing.NullFloat{}, listing.NullFloat{}, listing.NullInt{}, listing.NullInt{}
			return p
		}(), `{"id":"0190f0a0-1234-7abc-8def-0123456789ab","title":"Casa <Térrea> & Quintal","slug":"casa-terrea-quintal","code":null,"description":null,"address":null,"price":"0.05","condo_fee":null,"type":"aluguel","bedrooms":3,"bathrooms":2,"parking_spots":1,"area_m2":120,"is_featured":true,"subtype":{"id":1,"name":"Casa","slug":"casa"},"city":{"id":2,"name":"Florianópolis","slug":"florianopolis","state":"SC"},"neighborhood":{"id":3,"name":"Centro","slug":"centro"},"photos":[],"amenities":[],"video_url":null,"video_position":"carousel",` +
			`"rent_price":"0.05","rent_period":"monthly","iptu":null,"iptu_period":null,"status":"disponivel","suites":0,"useful_area_m2":null,"total_area_m2":null,"floor":null,"year_built":null,` +
			`"address_visibility":"all","cep":null,"street":null,"number":null,"latitude":null,"longitude":null,"location":null,"broker":null}`},
	} {
		got, err := detaildoc.Encode(c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestEncodeIsNew: the stored document and the shape the admin view
// embeds are one: the document reads back as New's value.
func TestEncodeIsNew(t *testing.T) {
	p := full()
	doc, err := detaildoc.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	var back detaildoc.Detail
	if err := json.Unmarshal(doc, &back); err != nil {
		t.Fatal(err)
	}
	if want := detaildoc.New(p); !reflect.DeepEqual(back, want) {
		t.Errorf("document reads back as\n%+v\nwant\n%+v", back, want)
	}
}

func TestEncodeAreaForms(t *testing.T) {
	for area, want := range map[float64]string{0: "0", 98: "98", 98.5: "98.5", 0.1: "0.1", 1e8: "100000000", 1234.56: "1234.56"} {
		p := full()
		p.AreaM2 = area
		doc, err := detaildoc.Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(doc, &m); err != nil {
			t.Fatal(err)
		}
		if string(m["area_m2"]) != want {
			t.Errorf("area %v is written %s, want %s", area, m["area_m2"], want)
		}
	}
	p := full()
	p.AreaM2 = math.NaN()
	if _, err := detaildoc.Encode(p); err == nil {
		t.Error("an area that is not a number encoded without error")
	}
}

// TestAddressVisibility: the public detail shows the address at the level
// the agency chose, and never the complement; the administrator's shows it
// all.
func TestAddressVisibility(t *testing.T) {
	type addr struct {
		Address, CEP, Street, Number *string
		Latitude, Longitude          *float64
	}
	str := func(s string) *string { return &s }
	lat, lng := -27.5945, -48.5477
	for vis, want := range map[listing.AddressVisibility]addr{
		listing.ShowAll:          {str("Rua A, 1"), str("88010-400"), str("Rua A"), str("1"), &lat, &lng},
		listing.ShowStreet:       {str("Rua A"), str("88010-400"), str("Rua A"), nil, nil, nil},
		listing.ShowNeighborhood: {},
	} {
		p := full()
		p.AddressVisibility = vis
		doc, err := detaildoc.Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		var got addr
		if err := json.Unmarshal(doc, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: public address %s", vis, doc)
		}
		if strings.Contains(string(doc), p.Complement) {
			t.Errorf("%s: the complement is public: %s", vis, doc)
		}
		if d := detaildoc.Full(p); *d.Number != "1" || *d.Address != "Rua A, 1" || *d.Latitude != lat {
			t.Errorf("%s: the full detail hides the address: %+v", vis, d)
		}
	}
}

// TestUploadedPhotos: an uploaded photo still processing (or failed) is
// not public and the others are numbered from 0 without it; a ready one
// is its largest JPEG, with its size and a srcset per format.
func TestUploadedPhotos(t *testing.T) {
	p := full()
	const base = "https://imoveis.example.com/media/0123456789abcdef0123456789abcdef-"
	variants := []listing.Variant{
		{URL: base + "480.jpg", Width: 480, Height: 360, ContentType: "image/jpeg"},
		{URL: base + "480.webp", Width: 480, Height: 360, ContentType: "image/webp"},
		{URL: base + "800.jpg", Width: 800, Height: 600, ContentType: "image/jpeg"},
		{URL: base + "800.webp", Width: 800, Height: 600, ContentType: "image/webp"},
	}
	p.Photos = []listing.Photo{
		{ID: "a", AltText: "Processando", Image: &listing.Image{ID: "b", Status: listing.ImageProcessing}},
		{ID: "c", URL: base + "800.jpg", AltText: "Cozinha", DisplayOrder: 1,
			Image: &listing.Image{ID: "0123456789abcdef0123456789abcdef", Status: listing.ImageReady, Width: 800, Height: 600, Variants: variants}},
		{ID: "d", AltText: "Falhou", DisplayOrder: 2, Image: &listing.Image{ID: "e", Status: listing.ImageFailed}},
		{ID: "f", URL: "https://img.example.com/b.jpg", DisplayOrder: 3},
	}
	raw, err := detaildoc.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Photos []map[string]any `json:"photos"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"url": base + "800.jpg", "alt_text": "Cozinha", "display_order": float64(0), "width": float64(800), "height": float64(600),
			"srcset": map[string]any{"jpeg": base + "480.jpg 480w, " + base + "800.jpg 800w", "webp": base + "480.webp 480w, " + base + "800.webp 800w"}},
		{"url": "https://img.example.com/b.jpg", "alt_text": "", "display_order": float64(1), "width": nil, "height": nil, "srcset": nil},
	}
	if !reflect.DeepEqual(doc.Photos, want) {
		t.Errorf("photos =\n%v\nwant\n%v", doc.Photos, want)
	}
}
