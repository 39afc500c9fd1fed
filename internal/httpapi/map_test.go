package httpapi_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/publicmap"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// mapTiles is a tile server for the tests: a loopback one over http, as
// the browser tests' is, which nothing but its own entry in the CSP lets
// pages load.
var mapTiles = publicmap.Tiles{URL: "http://127.0.0.1:7311/{z}/{x}/{y}.png", Attribution: "© Mapas de Teste"}

// placed is a listing in Florianópolis at (lat, lon) whose address the
// public sees at v.
func placed(title, code string, v listing.AddressVisibility, lat, lon float64) listing.PropertyUpdate {
	u := storetest.Apartment(title)
	u.Code = storetest.Ptr(code)
	u.AddressVisibility = &v
	u.Latitude = &listing.NullFloat{Float: lat, Valid: true}
	u.Longitude = &listing.NullFloat{Float: lon, Valid: true}
	return u
}

type locationJSON struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	RadiusM   *int    `json:"radius_m"`
}

// TestMapHidesThePoint: a listing whose address is hidden ('street',
// 'neighborhood') is on the map as the area of its grid cell, and its
// coordinates appear nowhere the public reads: the detail, the lists and
// the search, the property page (its JSON-LD included), the results page.
// A listing whose whole address is public ('all') is its own point.
func TestMapHidesThePoint(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{Pages: builtClient, Map: mapTiles})
	// The hidden two share a cell; their digits are what must not leak.
	e.create(placed("Casa na Rua", "MAP-1", listing.ShowStreet, -27.5954123, -48.5480456))
	e.create(placed("Casa no Bairro", "MAP-2", listing.ShowNeighborhood, -27.5960321, -48.5491789))
	e.create(placed("Casa Inteira", "MAP-3", listing.ShowAll, -27.6011111, -48.5122222))
	e.create(storetest.Apartment("Casa Sem Mapa")) // no coordinates
	secrets := []string{"5954123", "5480456", "5960321", "5491789", "-27.5954", "-27.5960", "-48.5480", "-48.5491"}

	area := locationJSON{Latitude: -27.595, Longitude: -48.545, RadiusM: storetest.Ptr(750)}
	want := map[string]*locationJSON{
		"casa-na-rua":    &area,
		"casa-no-bairro": &area,
		"casa-inteira":   {Latitude: -27.6011111, Longitude: -48.5122222},
		"casa-sem-mapa":  nil,
	}
	same := func(a, b *locationJSON) bool {
		if a == nil || b == nil {
			return a == b
		}
		return a.Latitude == b.Latitude && a.Longitude == b.Longitude &&
			(a.RadiusM == nil) == (b.RadiusM == nil) && (a.RadiusM == nil || *a.RadiusM == *b.RadiusM)
	}
	for slug, loc := range want {
		r := e.do("GET", "/api/v1/properties/"+slug, nil)
		expect(t, r, 200, "")
		var d struct {
			Latitude, Longitude *float64
			Location            *locationJSON
		}
		if err := json.Unmarshal(r.body, &d); err != nil {
			t.Fatal(err)
		}
		if !same(d.Location, loc) {
			t.Errorf("%s: location %+v, want %+v", slug, d.Location, loc)
		}
		if slug != "casa-inteira" && (d.Latitude != nil || d.Longitude != nil) {
			t.Errorf("%s: latitude %v, longitude %v; want null while the address is hidden", slug, d.Latitude, d.Longitude)
		}
	}

	// Every public answer, JSON and pages, read as text.
	var list struct {
		Items []struct {
			Slug     string
			Location *locationJSON
		}
	}
	for _, path := range []string{
		"/api/v1/properties/casa-na-rua", "/api/v1/properties/casa-no-bairro",
		"/imoveis/casa-na-rua", "/imoveis/casa-no-bairro",
		"/api/v1/properties", "/api/v1/search?city=florianopolis-sc", "/api/v1/search?q=casa",
		"/imoveis/venda/florianopolis-sc", "/imoveis/venda/florianopolis-sc/centro", "/",
		"/api/v1/properties/casa-inteira/similar",
	} {
		r := e.do("GET", path, nil)
		expect(t, r, 200, "")
		for _, s := range secrets {
			if strings.Contains(string(r.body), s) {
				t.Errorf("GET %s shows %q, part of a hidden listing's coordinates", path, s)
			}
		}
		if strings.HasPrefix(path, "/imoveis/casa-") && !strings.Contains(string(r.body), `application/ld+json`) {
			t.Errorf("GET %s: no JSON-LD, so none was checked", path)
		}
		if path == "/api/v1/search?city=florianopolis-sc" {
			if err := json.Unmarshal(r.body, &list); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The search's items carry the same locations as the details.
	if len(list.Items) != len(want) {
		t.Fatalf("search found %d items, want %d", len(list.Items), len(want))
	}
	for _, it := range list.Items {
		if !same(it.Location, want[it.Slug]) {
			t.Errorf("search item %s: location %+v, want %+v", it.Slug, it.Location, want[it.Slug])
		}
	}
}

// TestMapTilesInAgencyAndCSP: the public agency read tells the client the
// tile server and its credit, and the pages' CSP names its origin among
// the image sources; without a map, neither.
func TestMapTilesInAgencyAndCSP(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		tiles  publicmap.Tiles
		images []string
	}{
		{"map", mapTiles, []string{"'self'", "blob:", "data:", "http://127.0.0.1:7311", "https:"}},
		{"no map", publicmap.Tiles{}, []string{"'self'", "blob:", "data:", "https:"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, httpapi.Config{Pages: builtClient, Map: c.tiles})
			e.create(storetest.Apartment("Apartamento Vista Mar"))
			var agency struct {
				Map *struct{ Tiles, Attribution string } `json:"map"`
			}
			r := e.do("GET", "/api/v1/agency", nil)
			expect(t, r, 200, "")
			if err := json.Unmarshal(r.body, &agency); err != nil {
				t.Fatal(err)
			}
			switch {
			case c.tiles.Enabled() && (agency.Map == nil || agency.Map.Tiles != c.tiles.URL || agency.Map.Attribution != c.tiles.Attribution):
				t.Errorf("agency's map %+v, want %+v", agency.Map, c.tiles)
			case !c.tiles.Enabled() && agency.Map != nil:
				t.Errorf("agency's map %+v, want null", agency.Map)
			}
			for _, path := range []string{"/", "/imoveis/apartamento-vista-mar", "/imoveis/venda/florianopolis-sc"} {
				r := e.do("GET", path, nil)
				images := parseCSP(r.header.Get("Content-Security-Policy"))["img-src"]
				slices.Sort(images)
				if !slices.Equal(images, c.images) {
					t.Errorf("GET %s: img-src %q, want %q", path, images, c.images)
				}
			}
		})
	}
}
