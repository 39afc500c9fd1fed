package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// searchCatalogue stores six properties: in two cities, both businesses,
// one inactive.
func searchCatalogue(t *testing.T, s *Stack) {
	t.Helper()
	type prop struct {
		title, code, business, subtype, city, hood, street string
		price, rent                                        listing.Money
		bedrooms                                           int
		area                                               float64
		featured, active                                   bool
		visibility                                         listing.AddressVisibility
	}
	for _, p := range []prop{
		{"Apartamento com vista para o mar", "AP-0042", "venda", "Apartamento", "Florianópolis", "Centro", "Rua Bocaiúva", 450_000_00, 0, 3, 98.5, true, true, listing.ShowAll},
		{"Casa com piscina na Lagoa", "CA-0001", "venda_aluguel", "Casa", "Florianópolis", "Lagoa da Conceição", "Rua das Rendeiras", 1_000_000_00, 5_000_00, 4, 250, false, true, listing.ShowStreet},
		{"Apartamento perto da UFSC", "AP-0100", "aluguel", "Apartamento", "Florianópolis", "Trindade", "Rua Lauro Linhares", 1_500_00, 1_500_00, 1, 40, false, true, listing.ShowNeighborhood},
		{"Casa térrea no Kobrasol", "KB-7", "venda", "Casa", "São José", "Kobrasol", "Rua Koesa", 300_000_00, 0, 2, 120, true, true, listing.ShowAll},
		{"Cobertura duplex", "CO-5", "venda", "Apartamento", "São José", "Campinas", "Rua Campinas", 2_000_000_00, 0, 5, 300, false, true, listing.ShowAll},
		{"Terreno inativo na Lagoa", "TE-1", "venda", "Terreno", "Florianópolis", "Lagoa da Conceição", "", 100_000_00, 0, 0, 500, false, false, listing.ShowAll},
	} {
		u := storetest.Apartment(p.title)
		u.Code, u.Type, u.Price, u.Bedrooms, u.AreaM2 = &p.code, &p.business, &p.price, &p.bedrooms, &p.area
		u.Subtype = &listing.Subtype{Name: p.subtype}
		u.City = &listing.City{Name: p.city, State: "SC"}
		u.Neighborhood = &listing.Neighborhood{Name: p.hood}
		u.Street, u.AddressVisibility, u.Address = &p.street, &p.visibility, storetest.Ptr("")
		u.Description = storetest.Ptr("Imóvel " + p.code)
		u.IsFeatured, u.IsActive = &p.featured, &p.active
		u.Suites = storetest.Ptr(0)
		if p.rent > 0 {
			u.RentPrice = &listing.NullMoney{Money: p.rent, Valid: true}
		}
		if _, err := s.Store.CreateProperty(context.Background(), u); err != nil {
			t.Fatalf("%s: %v", p.title, err)
		}
	}
}

// searchAnswer is what a search answers, ids aside (they differ from one
// database to another).
type searchAnswer struct {
	Slugs   []string
	Total   int
	Page    int
	PerPage int `json:"per_page"`
	Facets  json.RawMessage
}

// search sends a search and decodes its 200 answer.
func (s *Stack) search(query string) searchAnswer {
	s.T.Helper()
	rec := s.Call(http.MethodGet, "/api/v1/search?"+query, nil)
	if rec.Code != http.StatusOK {
		s.T.Fatalf("search %s: %d %s", query, rec.Code, rec.Body)
	}
	var body struct {
		searchAnswer
		Items []struct{ Slug string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		s.T.Fatal(err)
	}
	a := body.searchAnswer
	a.Slugs = []string{}
	for _, it := range body.Items {
		a.Slugs = append(a.Slugs, it.Slug)
	}
	return a
}

var searchQueries = map[string][]string{ // the query and the slugs it finds
	"":                                {"casa-terrea-no-kobrasol", "apartamento-com-vista-para-o-mar", "cobertura-duplex", "apartamento-perto-da-ufsc", "casa-com-piscina-na-lagoa"},
	"q=sao+jose":                      {"casa-terrea-no-kobrasol", "cobertura-duplex"},
	"q=rendeiras":                     {"casa-com-piscina-na-lagoa"}, // the street, public at "street"
	"q=lauro":                         {},                            // a hidden street
	"q=ap-0100":                       {"apartamento-perto-da-ufsc"},
	"q=lagoa":                         {"casa-com-piscina-na-lagoa"}, // the inactive terreno is never found
	"business=aluguel&sort=price_asc": {"apartamento-perto-da-ufsc", "casa-com-piscina-na-lagoa"},
	"city=florianopolis-sc&neighborhood=centro&neighborhood=trindade": {"apartamento-com-vista-para-o-mar", "apartamento-perto-da-ufsc"},
	"subtype=casa&sort=newest":                                        {"casa-terrea-no-kobrasol", "casa-com-piscina-na-lagoa"},
	"price_min=300000&price_max=1000000&sort=price_desc":              {"casa-com-piscina-na-lagoa", "apartamento-com-vista-para-o-mar", "casa-terrea-no-kobrasol"},
	"bedrooms=4&sort=area_desc":                                       {"cobertura-duplex", "casa-com-piscina-na-lagoa"},
	"amenity=piscina&amenity=ar-condicionado&featured=true":           {"casa-terrea-no-kobrasol", "apartamento-com-vista-para-o-mar"},
	"sort=newest&per_page=2&page=3":                                   {"apartamento-com-vista-para-o-mar"},
	"sort=newest&per_page=2&page=4":                                   {},
	"subtype=terreno":                                                 {}, // known, only inactive
}

// TestSearchBothDatabases runs the same searches through the handler on
// SQLite and PostgreSQL: the same results, facets and order.
func TestSearchBothDatabases(t *testing.T) {
	t.Parallel()
	answers := map[string]map[string]searchAnswer{}
	for _, d := range storetest.Dialects {
		s := Harness{Dialect: d, Config: Config{CacheBytes: 8 << 20}}.Start(t)
		searchCatalogue(t, s)
		answers[d] = map[string]searchAnswer{}
		for q, want := range searchQueries {
			a := s.search(q)
			if !slices.Equal(a.Slugs, want) {
				t.Errorf("%s: %s: %v, want %v", d, q, a.Slugs, want)
			}
			answers[d][q] = a
		}
	}
	for q := range searchQueries {
		if a, b := answers["sqlite"][q], answers["postgres"][q]; !reflect.DeepEqual(a, b) {
			t.Errorf("%s differs:\nsqlite   %+v\npostgres %+v", q, a, b)
		}
	}
	var f struct {
		City     []facetJSON
		Business []facetJSON
		Price    []priceFacetJSON
	}
	a := answers["sqlite"]["business=aluguel&sort=price_asc"]
	if err := json.Unmarshal(a.Facets, &f); err != nil {
		t.Fatal(err)
	}
	if a.Total != 2 || a.Page != 1 || a.PerPage != 24 || len(f.Price) != 5 || f.Price[0].Min != nil || *f.Price[0].Max != 1500 ||
		f.Price[0].Count != 1 || f.Business[0].Count != 4 || f.Business[1].Count != 2 || f.City[0].Label != "Florianópolis – SC" {
		t.Errorf("facets %+v, answer %+v", f, a)
	}
}

// TestSearchBadInput: every wrong query is a 422 with a message on its
// parameter, never a 5xx.
func TestSearchBadInput(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{CacheBytes: 8 << 20}}.Start(t)
	searchCatalogue(t, s)
	bad := s.BadInput()
	for query, field := range map[string]string{
		"foo=1":                                "foo",
		"q=a&q=b":                              "q",
		"q=" + strings.Repeat("x", 10_000):     "q",
		"q=1+2+3+4+5+6+7+8+9":                  "q",
		"q=%00":                                "q",
		"q=%FF":                                "q",
		"business=venda_aluguel":               "business",
		"subtype=chale":                        "subtype",
		"subtype=Casa":                         "subtype",
		"city=blumenau-sc":                     "city",
		"city=florianopolis":                   "city",
		"city=a&city=b":                        "city",
		"neighborhood=centro":                  "neighborhood",
		"city=sao-jose-sc&neighborhood=centro": "neighborhood",
		"price_min=10&price_max=9":             "price_max",
		"price_min=1e9":                        "price_min",
		"price_max=999999999999999999999999":   "price_max",
		"area_min=-1":                          "area_min",
		"bedrooms=100":                         "bedrooms",
		"amenity=sauna":                        "amenity",
		"featured=sim":                         "featured",
		"sort=cheap":                           "sort",
		"page=0":                               "page",
		"page=417":                             "page",
		"per_page=49":                          "per_page",
	} {
		rec := bad.Call(http.MethodGet, "/api/v1/search?"+query, nil)
		var body errorBody
		json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != http.StatusUnprocessableEntity || len(body.Details[field]) == 0 || body.Error != msgInvalid {
			t.Errorf("%.60s: %d %s, want 422 on %s", query, rec.Code, rec.Body, field)
		}
	}
	for query, field := range map[string]string{
		"":                             "q",
		"q=++":                         "q",
		"q=" + strings.Repeat("a", 61): "q",
		"q=flo&city=florianopolis-sc":  "city",
		"q=a&q=b":                      "q",
	} {
		rec := bad.Call(http.MethodGet, "/api/v1/search/places?"+query, nil)
		if !strings.Contains(rec.Body.String(), `"`+field+`":[`) || rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("places %s: %d %s, want 422 on %s", query, rec.Code, rec.Body, field)
		}
	}
}

// TestSearchValidators: a search answers a weak ETag, a 304 to it, gzip,
// and the public Cache-Control; equal queries written differently share
// one answer.
func TestSearchValidators(t *testing.T) {
	t.Parallel()
	// Solo: the version watch, seeing the catalogue's writes below late,
	// could empty the cache before the test looks into it.
	s := Harness{Solo: true, Config: Config{CacheBytes: 8 << 20}}.Start(t)
	searchCatalogue(t, s)
	first := s.Call(http.MethodGet, "/api/v1/search?subtype=casa&subtype=apartamento&q=rua", nil)
	etag := first.Header().Get("ETag")
	if first.Code != http.StatusOK || !strings.HasPrefix(etag, `W/"`) || first.Header().Get("Cache-Control") != publicCache[0] {
		t.Fatalf("%d %v", first.Code, first.Header())
	}
	again := s.Call(http.MethodGet, "/api/v1/search?q=rua&subtype=apartamento&subtype=casa&page=1", nil, "If-None-Match", etag)
	if again.Code != http.StatusNotModified {
		t.Errorf("the same query written otherwise, with its ETag: %d", again.Code)
	}
	gz := s.Call(http.MethodGet, "/api/v1/search", nil, "Accept-Encoding", "gzip")
	if gz.Code != http.StatusOK || gz.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip: %d %v", gz.Code, gz.Header())
	}
	if n, _ := s.Server.cache.len(); n < 2 {
		t.Errorf("%d cached answers", n)
	}
}

// TestSearchSeesWrites: an edit through the admin API that moves a
// property into or out of a result, and a deactivation, show in the next
// search; so does a write of another instance on the same database.
func TestSearchSeesWrites(t *testing.T) {
	t.Parallel()
	a := Harness{Dialect: "postgres", Solo: true, Config: Config{CacheBytes: 8 << 20}}.Start(t)
	searchCatalogue(t, a)
	const query = "city=sao-jose-sc&bedrooms=3"
	if got := a.search(query).Slugs; !slices.Equal(got, []string{"cobertura-duplex"}) {
		t.Fatalf("%v", got)
	}
	list := a.write(http.MethodGet, "/api/admin/properties?q=kobrasol", nil, http.StatusOK)
	id := at(list, "items", 0, "id").(string)
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"bedrooms": 3}, http.StatusOK)
	if got := a.search(query).Slugs; !slices.Equal(got, []string{"casa-terrea-no-kobrasol", "cobertura-duplex"}) {
		t.Errorf("moved in: %v", got)
	}
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"city": map[string]any{"name": "Palhoça", "state": "SC"},
		"neighborhood": map[string]any{"name": "Pedra Branca"}}, http.StatusOK)
	if got := a.search(query).Slugs; !slices.Equal(got, []string{"cobertura-duplex"}) {
		t.Errorf("moved out: %v", got)
	}
	if got := a.search("city=palhoca-sc&neighborhood=pedra-branca").Slugs; !slices.Equal(got, []string{"casa-terrea-no-kobrasol"}) {
		t.Errorf("its new place, a city made by the write: %v", got)
	}
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": false}, http.StatusOK)
	if got := a.search("city=palhoca-sc").Slugs; len(got) != 0 {
		t.Errorf("deactivated: %v", got)
	}
	if got := a.search("q=kobrasol").Slugs; len(got) != 0 {
		t.Errorf("deactivated, by text: %v", got)
	}

	// Another instance on the database, its cache off: its searches read
	// the index, which follows the catalogue version.
	b := Harness{DSN: a.DSN, Solo: true}.Start(t)
	if got := b.search("q=duplex").Slugs; len(got) != 1 {
		t.Fatalf("%v", got)
	}
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": true, "title": "Casa duplex"}, http.StatusOK)
	if got := b.search("q=duplex&sort=newest").Slugs; len(got) != 2 {
		t.Errorf("the other instance's write: %v", got)
	}
}

// TestSearchPlaces checks the suggestions of the search box.
func TestSearchPlaces(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{CacheBytes: 8 << 20}}.Start(t)
	searchCatalogue(t, s)
	get := func(q string) []placeJSON {
		t.Helper()
		rec := s.Call(http.MethodGet, "/api/v1/search/places?q="+url.QueryEscape(q), nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", q, rec.Code, rec.Body)
		}
		var body struct{ Items []placeJSON }
		json.Unmarshal(rec.Body.Bytes(), &body)
		return body.Items
	}
	got := get("flo")
	if len(got) != 1 || got[0].Kind != "city" || got[0].City != "florianopolis-sc" || got[0].Neighborhood != nil ||
		got[0].Label != "Florianópolis – SC" || got[0].Count != 3 {
		t.Errorf("flo: %+v", got)
	}
	got = get("  CONCEIÇ ")
	if len(got) != 1 || got[0].Kind != "neighborhood" || *got[0].Neighborhood != "lagoa-da-conceicao" ||
		got[0].Label != "Lagoa da Conceição, Florianópolis – SC" || got[0].Count != 1 {
		t.Errorf("conceiç: %+v", got)
	}
	var labels []string
	for _, p := range get("c") {
		labels = append(labels, p.Label)
	}
	if want := []string{"Campinas, São José – SC", "Centro, Florianópolis – SC", "Lagoa da Conceição, Florianópolis – SC"}; !slices.Equal(labels, want) {
		t.Errorf("c: %v, want %v", labels, want)
	}
	if got := get("xyz"); got == nil || len(got) != 0 {
		t.Errorf("xyz: %+v", got)
	}
}

// sellKobrasol marks searchCatalogue's Kobrasol house sold, as staff
// would, and returns its slug.
func sellKobrasol(t *testing.T, s *Stack) string {
	t.Helper()
	var list struct{ Items []struct{ ID, Slug string } }
	if err := json.Unmarshal(s.Admin("GET", "/api/admin/properties?q=KB-7", nil).Body.Bytes(), &list); err != nil || len(list.Items) != 1 {
		t.Fatalf("the Kobrasol house: %+v, %v", list, err)
	}
	sold := listing.StatusSold
	if _, err := s.Store.UpdateProperty(context.Background(), list.Items[0].ID, listing.PropertyUpdate{Status: &sold}); err != nil {
		t.Fatal(err)
	}
	return list.Items[0].Slug
}

// TestSearchAvailableByDefault: a sold listing leaves the default
// search, its place page's count and the place suggestions, and comes
// back with available=false; its own page stays.
func TestSearchAvailableByDefault(t *testing.T) {
	t.Parallel()
	s := Harness{Dialect: "sqlite", Config: Config{Pages: resultsClient, PublicURL: "https://imoveis.example.com"}}.Start(t)
	searchCatalogue(t, s)
	if got := s.search("city=sao-jose-sc").Slugs; len(got) != 2 {
		t.Fatalf("before the sale: %v", got)
	}
	if w := s.Call("GET", "/imoveis/venda/sao-jose-sc/kobrasol", nil); !strings.Contains(w.Body.String(), "/imoveis/casa-terrea-no-kobrasol") {
		t.Fatalf("before the sale, the place page has no link to the house: %d %.300s", w.Code, w.Body)
	}
	slug := sellKobrasol(t, s)
	testwait.Until(t, "the sale in the search", func() bool {
		return slices.Equal(s.search("city=sao-jose-sc").Slugs, []string{"cobertura-duplex"})
	})
	if got := s.search("city=sao-jose-sc&available=false").Slugs; len(got) != 2 {
		t.Errorf("available=false: %v, want the sold one too", got)
	}
	// The place page of a neighborhood whose one listing is sold is a
	// known place with no result: no link to it.
	if w := s.Call("GET", "/imoveis/venda/sao-jose-sc/kobrasol", nil); w.Code != http.StatusOK || strings.Contains(w.Body.String(), slug) {
		t.Errorf("the place page of a neighborhood whose one listing is sold: %d, links to it: %v", w.Code, strings.Contains(w.Body.String(), slug))
	}
	if w := s.Call("GET", "/api/v1/properties/"+slug, nil); w.Code != http.StatusOK {
		t.Errorf("the sold listing's own page: %d", w.Code)
	}
}

// TestSimilarProperties: the page of a sold listing gets the available
// ones like it, the same subtype first; so does its 404 once it is
// deactivated, and once it is deleted; an unknown slug is a 404.
func TestSimilarProperties(t *testing.T) {
	t.Parallel()
	s := Harness{Dialect: "sqlite"}.Start(t)
	searchCatalogue(t, s)
	slug := sellKobrasol(t, s)
	similar := func() []string {
		w := s.Call("GET", "/api/v1/properties/"+slug+"/similar", nil)
		var got struct{ Items []struct{ Slug string } }
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &got) != nil {
			t.Fatalf("similar: %d %s", w.Code, w.Body)
		}
		var slugs []string
		for _, it := range got.Items {
			slugs = append(slugs, it.Slug)
		}
		return slugs
	}
	// The one other listing for sale in São José, a cobertura.
	testwait.Until(t, "the sale in the index", func() bool { return slices.Equal(similar(), []string{"cobertura-duplex"}) })
	if w := s.Call("GET", "/api/v1/properties/nao-existe/similar", nil); w.Code != http.StatusNotFound {
		t.Errorf("an unknown slug: %d %s", w.Code, w.Body)
	}

	var list struct{ Items []struct{ ID string } }
	if err := json.Unmarshal(s.Admin("GET", "/api/admin/properties?q=KB-7", nil).Body.Bytes(), &list); err != nil || len(list.Items) != 1 {
		t.Fatalf("the Kobrasol house: %+v, %v", list, err)
	}
	id := list.Items[0].ID
	if _, err := s.Store.UpdateProperty(context.Background(), id, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
		t.Fatal(err)
	}
	if w := s.Call("GET", "/api/v1/properties/"+slug, nil); w.Code != http.StatusNotFound {
		t.Fatalf("the deactivated listing's page: %d", w.Code)
	}
	if got := similar(); !slices.Equal(got, []string{"cobertura-duplex"}) {
		t.Errorf("deactivated: its 404 suggests %v", got)
	}
	if w := s.Admin("DELETE", "/api/admin/properties/"+id, nil); w.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", w.Code, w.Body)
	}
	if got := similar(); !slices.Equal(got, []string{"cobertura-duplex"}) {
		t.Errorf("deleted: its 404 suggests %v", got)
	}
}
