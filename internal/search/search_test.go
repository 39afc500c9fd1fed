package search

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

var (
	floripa = CityName{Slug: "florianopolis", Name: "Florianópolis", State: "SC"}
	saoJose = CityName{Slug: "sao-jose", Name: "São José", State: "SC"}
	apto    = Name{"apartamento", "Apartamento"}
	casa    = Name{"casa", "Casa"}
)

// fixtureDocs are five properties in two cities.
func fixtureDocs() []Doc {
	return []Doc{
		{ID: id(1), Slug: "ap-centro", Code: "AP-0042", Title: "Apartamento com vista para o mar", Description: "Sol da manhã e varanda gourmet.",
			Address: "Rua Bocaiúva, 1200", Subtype: apto, City: floripa, Neighborhood: Name{"centro", "Centro"},
			Business: "venda", Status: "disponivel", Featured: true, PriceCents: 450_000_00, RentCents: NoBound, AreaM2: 98.5,
			Bedrooms: 3, Bathrooms: 2, Suites: 1, Parking: 1, CreatedAt: t0.Add(1 * time.Hour), Amenities: []string{"piscina"}},
		{ID: id(2), Slug: "casa-lagoa", Code: "CA-0001", Title: "Casa com piscina na Lagoa", Description: "Quintal amplo.",
			Subtype: casa, City: floripa, Neighborhood: Name{"lagoa-da-conceicao", "Lagoa da Conceição"},
			Business: "venda_aluguel", Status: "reservado", PriceCents: 1_000_000_00, RentCents: 5_000_00, AreaM2: 250,
			Bedrooms: 4, Bathrooms: 3, Suites: 2, Parking: 2, CreatedAt: t0.Add(2 * time.Hour), Amenities: []string{"piscina", "churrasqueira"}},
		{ID: id(3), Slug: "ap-trindade", Code: "AP-0100", Title: "Apartamento de 1 quarto", Description: "Perto da UFSC.",
			Subtype: apto, City: floripa, Neighborhood: Name{"trindade", "Trindade"},
			Business: "aluguel", Status: "disponivel", PriceCents: 1_500_00, RentCents: 1_500_00, AreaM2: 40,
			Bedrooms: 1, Bathrooms: 1, CreatedAt: t0.Add(3 * time.Hour)},
		{ID: id(4), Slug: "casa-kobrasol", Code: "KB-7", Title: "Casa térrea no Kobrasol", Description: "Rua tranquila.",
			Subtype: casa, City: saoJose, Neighborhood: Name{"kobrasol", "Kobrasol"},
			Business: "venda", Status: "vendido", Featured: true, PriceCents: 300_000_00, RentCents: NoBound, AreaM2: 120,
			Bedrooms: 2, Bathrooms: 1, Parking: 1, CreatedAt: t0.Add(4 * time.Hour)},
		{ID: id(5), Slug: "cobertura-campinas", Code: "CO-5", Title: "Cobertura duplex", Description: "Vista para a baía.",
			Subtype: apto, City: saoJose, Neighborhood: Name{"campinas", "Campinas"},
			Business: "venda", Status: "disponivel", PriceCents: 2_000_000_00, RentCents: NoBound, AreaM2: 300,
			Bedrooms: 5, Bathrooms: 4, Suites: 3, Parking: 3, CreatedAt: t0.Add(5 * time.Hour), Amenities: []string{"piscina", "churrasqueira"}},
	}
}

// fixtureRefs know a subtype, a neighborhood, a city and an amenity that
// no property has.
func fixtureRefs() References {
	palhoca := CityName{Slug: "palhoca", Name: "Palhoça", State: "SC"}
	return References{
		Subtypes:      []Name{apto, casa, {"terreno", "Terreno"}},
		Cities:        []CityName{floripa, saoJose, palhoca},
		Neighborhoods: []NeighborhoodName{{floripa, Name{"centro", "Centro"}}, {floripa, Name{"itacorubi", "Itacorubi"}}, {palhoca, Name{"pedra-branca", "Pedra Branca"}}},
		Amenities:     []Name{{"piscina", "Piscina"}, {"churrasqueira", "Churrasqueira"}, {"elevador", "Elevador"}},
	}
}

func id(n int) string { return fmt.Sprintf("00000000-0000-7000-8000-%012d", n) }

func fixture() *Index { return Build(fixtureDocs(), fixtureRefs()) }

// search parses raw and searches ix, failing the test on an error.
func search(t *testing.T, ix *Index, raw string) Result {
	t.Helper()
	q := parse(t, raw)
	res, err := ix.Search(q)
	if err != nil {
		t.Fatalf("Search(%s): %v", raw, err)
	}
	return res
}

// parse reads raw as the API does, but for the default of available:
// the fixture's tests look at every status unless they say otherwise
// (available=false is added). The default, available ones only, is
// TestAvailableByDefault's.
func parse(t *testing.T, raw string) Query {
	t.Helper()
	if v, _ := url.ParseQuery(raw); !v.Has("available") {
		raw += "&available=false"
	}
	return parseAsSent(t, raw)
}

// parseAsSent reads raw as the API does.
func parseAsSent(t *testing.T, raw string) Query {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParseQuery(v)
	if err != nil {
		t.Fatalf("ParseQuery(%s): %v", raw, err)
	}
	return q
}

// nums returns the fixture numbers of ids.
func nums(ids []string) []int {
	out := []int{}
	for _, s := range ids {
		var n int
		fmt.Sscanf(s[24:], "%d", &n)
		out = append(out, n)
	}
	return out
}

func TestParseQueryRefusals(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 10_000)
	cases := []struct{ raw, field string }{
		{"foo=1", "foo"},
		{"q=casa&q=apto", "q"},
		{"city=florianopolis-sc&city=sao-jose-sc", "city"},
		{"page=1&page=2", "page"},
		{"q=" + long, "q"},
		{"q=" + strings.Repeat("b", 101), "q"},
		{"q=um+dois+tres+quatro+cinco+seis+sete+oito+nove", "q"},
		{"q=casa%00", "q"},
		{"business=venda_aluguel", "business"},
		{"business=VENDA", "business"},
		{"subtype=Apartamento", "subtype"},
		{"subtype=" + strings.Repeat("x&subtype=", 20) + "y", "subtype"},
		{"city=florianopolis", "city"},
		{"city=florianopolis-santa", "city"},
		{"city=-sc", "city"},
		{"neighborhood=centro", "neighborhood"},
		{"price_min=abc", "price_min"},
		{"price_min=-1", "price_min"},
		{"price_min=+5", "price_min"},
		{"price_min=1.5", "price_min"},
		{"price_min=1e3", "price_min"},
		{"price_max=100000000001", "price_max"},
		{"price_max=99999999999999999999999999", "price_max"},
		{"price_min=500&price_max=100", "price_max"},
		{"area_min=10&area_max=9", "area_max"},
		{"area_max=10000001", "area_max"},
		{"bedrooms=0", "bedrooms"},
		{"bedrooms=100", "bedrooms"},
		{"bathrooms=x", "bathrooms"},
		{"suites=-2", "suites"},
		{"parking=1.0", "parking"},
		{"amenity=Piscina", "amenity"},
		{"featured=yes", "featured"},
		{"available=1", "available"},
		{"sort=price", "sort"},
		{"page=0", "page"},
		{"page=418", "page"}, // 418 × 24 > 10,000
		{"page=201&per_page=50", "per_page"},
		{"per_page=49", "per_page"},
		{"per_page=0", "per_page"},
	}
	for _, c := range cases {
		v, err := url.ParseQuery(c.raw)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseQuery(v)
		var ve *listing.ValidationError
		if !errorsAs(err, &ve) || len(ve.Fields[c.field]) == 0 {
			t.Errorf("ParseQuery(%.60s) = %v, want a validation error on %s", c.raw, err, c.field)
		}
	}
}

func errorsAs(err error, ve **listing.ValidationError) bool {
	v, ok := err.(*listing.ValidationError)
	*ve = v
	return ok
}

func TestParseQueryAccepts(t *testing.T) {
	t.Parallel()
	q := parseAsSent(t, "q=++S%C3%A3o+Jos%C3%A9++&business=aluguel&subtype=casa&subtype=apartamento&subtype=casa&city=sao-jose-sc"+
		"&neighborhood=kobrasol&price_min=0&price_max=100000000000&area_min=10&area_max=10&bedrooms=99&bathrooms=1"+
		"&suites=2&parking=3&amenity=piscina&featured=true&available=false&sort=area_desc&page=208&per_page=48")
	want := Query{Text: "São José", Business: "aluguel", Subtypes: []string{"apartamento", "casa"}, City: "sao-jose-sc",
		Neighborhoods: []string{"kobrasol"}, Price: Range{0, 100_000_000_000}, Area: Range{10, 10}, Bedrooms: 99, Bathrooms: 1,
		Suites: 2, Parking: 3, Amenities: []string{"piscina"}, Featured: true, Sort: SortAreaDesc, Page: 208, PerPage: 48}
	if !reflect.DeepEqual(q, want) {
		t.Errorf("ParseQuery =\n%+v, want\n%+v", q, want)
	}
	// Empty values are absent parameters; the defaults are NewQuery's.
	if q := parseAsSent(t, "q=&city=&page=&subtype=&featured="); !reflect.DeepEqual(q, NewQuery()) {
		t.Errorf("empty values: %+v", q)
	}
	// A page exactly at the window's end.
	if q := parseAsSent(t, "page=10&per_page=1000"[:0]+"page=200&per_page=48"[:0]+"page=416"); q.Page != 416 {
		t.Errorf("page 416 × 24 = 9,984: %+v", q)
	}
}

func TestQueryValuesCanonical(t *testing.T) {
	t.Parallel()
	a := parseAsSent(t, "subtype=casa&subtype=apartamento&subtype=casa&page=1&per_page=24&sort=relevance&featured=false&q=mar")
	b := parseAsSent(t, "q=mar&subtype=apartamento&subtype=casa")
	if a.Encode() != b.Encode() || a.Encode() != "q=mar&subtype=apartamento&subtype=casa" {
		t.Errorf("Encode: %q and %q", a.Encode(), b.Encode())
	}
	if e := NewQuery().Encode(); e != "" {
		t.Errorf("the default query encodes as %q", e)
	}
	if q := parseAsSent(t, "available=true"); q.Encode() != "" || !q.Available {
		t.Errorf("available=true is the default: %+v encodes as %q", q, q.Encode())
	}
	raw := "amenity=piscina&area_max=300&area_min=10&available=false&bathrooms=1&bedrooms=2&business=venda&city=florianopolis-sc" +
		"&featured=true&neighborhood=centro&neighborhood=trindade&page=3&parking=1&per_page=12&price_max=900000&price_min=0" +
		"&q=vista+mar&sort=price_desc&subtype=casa&suites=1"
	q := parseAsSent(t, raw)
	if q.Encode() != raw {
		t.Errorf("Encode =\n%s, want\n%s", q.Encode(), raw)
	}
	if back := parseAsSent(t, q.Encode()); !reflect.DeepEqual(back, q) {
		t.Errorf("ParseQuery(Encode) = %+v, want %+v", back, q)
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	ix := fixture()
	cases := []struct {
		q    string
		want []int // in relevance order
	}{
		{"sao jose", []int{4, 5}},             // the city, accents aside
		{"SÃO JOSÉ", []int{4, 5}},             // case aside
		{"flori", []int{1, 3, 2}},             // a prefix; ties go featured, then newest
		{"lagoa conceicao", []int{2}},         // neighborhood words
		{"apartamento de vista", []int{1, 5}}, // "de" is dropped; 5 by its subtype and description
		{"casa de praia", []int{}},            // every word must match
		{"de da do", []int{4, 1, 5, 3, 2}},    // nothing but stop words: no text filter
		{"ufsc", []int{3}},                    // the description
		{"bocaiuva", []int{1}},                // the public address
		{"ap-0100", []int{3}},                 // the code first…
		{"ap0100", []int{3}},                  // …however it is typed: no word of it matches alone
		{"AP 0100", []int{3}},
		{"ap", []int{1, 3, 5}}, // the code's whole word and the title before the subtype
		{"piscina", []int{2}},  // amenities are filters, not text
		{"mar", []int{1}},      // a whole word of the title
		{"vista", []int{1, 5}}, // title before description
	}
	for _, c := range cases {
		res := search(t, ix, "q="+url.QueryEscape(c.q))
		if got := nums(res.IDs); !slices.Equal(got, c.want) || res.Total != len(c.want) {
			t.Errorf("q=%q: %v (total %d), want %v", c.q, got, res.Total, c.want)
		}
	}
}

func TestCodeFirst(t *testing.T) {
	t.Parallel()
	docs := fixtureDocs()
	docs[4].Title = "Cobertura KB 7 andar"
	docs[4].Featured = true
	ix := Build(docs, fixtureRefs())
	// "kb 7" is the code of 4 and title words of 5, featured and newer:
	// the code wins.
	if got := nums(search(t, ix, "q=kb+7").IDs); !slices.Equal(got, []int{4, 5}) {
		t.Errorf("q=kb 7: %v", got)
	}
	if got := nums(search(t, ix, "q=KB-7&sort=newest").IDs); !slices.Equal(got, []int{5, 4}) {
		t.Errorf("another order than relevance ignores the score: %v", got)
	}
}

func TestFilters(t *testing.T) {
	t.Parallel()
	ix := fixture()
	cases := []struct {
		raw  string
		want []int // as a set
	}{
		{"", []int{1, 2, 3, 4, 5}},
		{"business=venda", []int{1, 2, 4, 5}},
		{"business=aluguel", []int{2, 3}},
		{"subtype=casa", []int{2, 4}},
		{"subtype=casa&subtype=apartamento", []int{1, 2, 3, 4, 5}},
		{"subtype=terreno", []int{}},
		{"city=sao-jose-sc", []int{4, 5}},
		{"city=palhoca-sc", []int{}},
		{"city=florianopolis-sc&neighborhood=centro&neighborhood=trindade", []int{1, 3}},
		{"city=florianopolis-sc&neighborhood=itacorubi", []int{}},
		{"price_min=450000&price_max=1000000", []int{1, 2}},    // inclusive both ends, sale prices
		{"price_max=1500", []int{3}},                           // a rent-only property by its rent
		{"business=aluguel&price_min=5000", []int{2}},          // the rent of a sale-and-rent property
		{"business=aluguel&price_max=1499", []int{}},           //
		{"business=venda&price_max=300000", []int{4}},          //
		{"price_min=300001&price_max=449999", []int{}},         //
		{"bedrooms=4", []int{2, 5}},                            // at least
		{"bathrooms=3", []int{2, 5}},                           //
		{"suites=2", []int{2, 5}},                              //
		{"parking=2", []int{2, 5}},                             //
		{"area_min=98&area_max=120", []int{1, 4}},              // 98.5 and 120 (inclusive)
		{"area_min=99", []int{2, 4, 5}},                        //
		{"area_max=98", []int{3}},                              //
		{"amenity=piscina", []int{1, 2, 5}},                    //
		{"amenity=piscina&amenity=churrasqueira", []int{2, 5}}, // all of
		{"amenity=elevador", []int{}},                          //
		{"featured=true", []int{1, 4}},                         //
		{"available=true", []int{1, 3, 5}},                     //
		{"featured=true&available=true", []int{1}},             //
		{"business=venda&city=sao-jose-sc&bedrooms=3", []int{5}},
		{"q=apartamento&business=aluguel", []int{3}},
	}
	for _, c := range cases {
		res := search(t, ix, c.raw)
		got := nums(res.IDs)
		slices.Sort(got)
		if !slices.Equal(got, c.want) || res.Total != len(c.want) {
			t.Errorf("%s: %v (total %d), want %v", c.raw, got, res.Total, c.want)
		}
	}
}

func TestUnknownValues(t *testing.T) {
	t.Parallel()
	ix := fixture()
	for raw, field := range map[string]string{
		"subtype=chale":                                  "subtype",
		"subtype=casa&subtype=chale":                     "subtype",
		"city=blumenau-sc":                               "city",
		"city=florianopolis-rs":                          "city",
		"city=florianopolis-sc&neighborhood=kobrasol":    "neighborhood", // of another city
		"city=sao-jose-sc&neighborhood=centro":           "neighborhood",
		"amenity=sauna":                                  "amenity",
		"city=palhoca-sc&neighborhood=pedra-branca&q=ab": "", // known, without properties
	} {
		_, err := ix.Search(parse(t, raw))
		var ve *listing.ValidationError
		switch {
		case field == "" && err != nil:
			t.Errorf("%s: %v", raw, err)
		case field != "" && (!errorsAs(err, &ve) || len(ve.Fields[field]) != 1):
			t.Errorf("%s: %v, want one message on %s", raw, err, field)
		}
	}
}

func TestSorts(t *testing.T) {
	t.Parallel()
	ix := fixture()
	{
		cases := map[string][]int{
			"":                                 {4, 1, 5, 3, 2}, // featured, then newest
			"sort=newest":                      {5, 4, 3, 2, 1},
			"sort=price_asc":                   {3, 4, 1, 2, 5}, // sale prices, 3 by its rent
			"sort=price_desc":                  {5, 2, 1, 4, 3},
			"sort=price_asc&business=aluguel":  {3, 2},
			"sort=price_desc&business=aluguel": {2, 3},
			"sort=price_asc&business=venda":    {4, 1, 2, 5},
			"sort=area_desc":                   {5, 2, 4, 1, 3},
			"sort=newest&subtype=apartamento":  {5, 3, 1},
		}
		for raw, want := range cases {
			if got := nums(search(t, ix, raw).IDs); !slices.Equal(got, want) {
				t.Errorf("%s: %v, want %v", raw, got, want)
			}
		}
	}
}

func TestTiesEndOnID(t *testing.T) {
	t.Parallel()
	docs := fixtureDocs()
	for i := range docs {
		docs[i].CreatedAt, docs[i].Featured, docs[i].PriceCents, docs[i].AreaM2 = t0, false, 100, 50
		docs[i].Business, docs[i].RentCents = "venda", NoBound
	}
	ix := Build(docs, fixtureRefs())
	for raw, want := range map[string][]int{
		"":                {5, 4, 3, 2, 1},
		"sort=newest":     {5, 4, 3, 2, 1},
		"sort=price_asc":  {1, 2, 3, 4, 5},
		"sort=price_desc": {5, 4, 3, 2, 1},
		"sort=area_desc":  {5, 4, 3, 2, 1},
		"q=rua":           {1, 4}, // the address (1) weighs more than the description (4)
	} {
		if got := nums(search(t, ix, raw).IDs); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", raw, got, want)
		}
	}
}

func TestPaging(t *testing.T) {
	t.Parallel()
	ix := fixture()
	all := nums(search(t, ix, "sort=newest").IDs)
	for raw, want := range map[string][]int{
		"sort=newest&per_page=2":        all[0:2],
		"sort=newest&per_page=2&page=2": all[2:4],
		"sort=newest&per_page=2&page=3": all[4:5], // the last page, short
		"sort=newest&per_page=2&page=4": {},       // past the end
		"sort=newest&per_page=5":        all,
		"sort=newest&per_page=1&page=5": all[4:5],
	} {
		res := search(t, ix, raw)
		if got := nums(res.IDs); !slices.Equal(got, want) || res.Total != 5 {
			t.Errorf("%s: %v (total %d), want %v", raw, got, res.Total, want)
		}
	}
}

// facet returns the counts of a facet by value.
func facet(vs []FacetValue) map[string]int {
	m := map[string]int{}
	for _, v := range vs {
		m[v.Value] = v.Count
	}
	return m
}

func TestFacets(t *testing.T) {
	t.Parallel()
	ix := fixture()
	res := search(t, ix, "")
	f := res.Facets
	check := func(name string, got []FacetValue, want map[string]int, order ...string) {
		t.Helper()
		if !reflect.DeepEqual(facet(got), want) {
			t.Errorf("%s: %v, want %v", name, facet(got), want)
		}
		if order != nil {
			var vals []string
			for _, v := range got {
				vals = append(vals, v.Value)
			}
			if !slices.Equal(vals, order) {
				t.Errorf("%s in order %v, want %v", name, vals, order)
			}
		}
	}
	check("business", f.Business, map[string]int{"venda": 4, "aluguel": 2}, "venda", "aluguel")
	check("subtype", f.Subtype, map[string]int{"apartamento": 3, "casa": 2}, "apartamento", "casa") // terreno has none
	check("city", f.City, map[string]int{"florianopolis-sc": 3, "sao-jose-sc": 2})
	check("neighborhood", f.Neighborhood, map[string]int{}) // no city chosen
	check("bedrooms", f.Bedrooms, map[string]int{"1": 5, "2": 4, "3": 3, "4": 2}, "1", "2", "3", "4")
	// Sale bands; a price on an edge counts in both bands: 300,000 (4),
	// 1,000,000 (2) and 2,000,000 (5). 3 is by its rent, 1,500.
	check("price", f.Price, map[string]int{"0-300000": 2, "300000-500000": 2, "500000-1000000": 1, "1000000-2000000": 2, "2000000-": 1})
	if f.Price[0].Min != NoBound || f.Price[0].Max != 300_000 || f.Price[4].Min != 2_000_000 || f.Price[4].Max != NoBound ||
		f.Price[0].Label != "Até R$ 300 mil" {
		t.Errorf("price bands: %+v", f.Price)
	}
	if f.City[0].Label != "Florianópolis – SC" {
		t.Errorf("city label %q", f.City[0].Label)
	}

	// Each facet excludes its own group: with Centro chosen, the other
	// neighborhoods of the city keep their counts; with a subtype, the
	// other subtypes too; the groups they fail are counted nowhere else.
	res = search(t, ix, "city=florianopolis-sc&neighborhood=centro&subtype=casa")
	f = res.Facets
	if res.Total != 0 {
		t.Errorf("total %d", res.Total)
	}
	check("neighborhood", f.Neighborhood, map[string]int{"centro": 0, "lagoa-da-conceicao": 1}, "lagoa-da-conceicao", "centro")
	check("subtype", f.Subtype, map[string]int{"apartamento": 1, "casa": 0}) // the chosen value at 0
	check("city", f.City, map[string]int{"florianopolis-sc": 0})             // 4 fails subtype and city
	check("business", f.Business, map[string]int{"venda": 0, "aluguel": 0})
	check("bedrooms", f.Bedrooms, map[string]int{"1": 0, "2": 0, "3": 0, "4": 0})

	// The business facet compares each business's own price with the range.
	res = search(t, ix, "business=aluguel&price_min=1000&price_max=3000")
	check("business", res.Facets.Business, map[string]int{"venda": 0, "aluguel": 1})
	check("price", res.Facets.Price, map[string]int{"0-1500": 1, "1500-3000": 1, "3000-5000": 1, "5000-10000": 1, "10000-": 0})
	if res.Facets.Price[4].Label != "A partir de R$ 10.000" {
		t.Errorf("rent bands: %+v", res.Facets.Price)
	}
	// A known city without results still lists itself, and its
	// neighborhoods chosen; the other cities fail the neighborhood too.
	res = search(t, ix, "city=palhoca-sc&neighborhood=pedra-branca")
	check("city", res.Facets.City, map[string]int{"palhoca-sc": 0})
	check("neighborhood", res.Facets.Neighborhood, map[string]int{"pedra-branca": 0})
	res = search(t, ix, "city=palhoca-sc")
	check("city", res.Facets.City, map[string]int{"palhoca-sc": 0, "florianopolis-sc": 3, "sao-jose-sc": 2})
	check("neighborhood", res.Facets.Neighborhood, map[string]int{})
	// Text narrows every facet.
	res = search(t, ix, "q=sao+jose&bedrooms=3")
	check("bedrooms", res.Facets.Bedrooms, map[string]int{"1": 2, "2": 2, "3": 1, "4": 1})
	check("city", res.Facets.City, map[string]int{"sao-jose-sc": 1})
}

func TestPlaces(t *testing.T) {
	t.Parallel()
	ix := fixture()
	label := func(ps []Place) []string {
		var out []string
		for _, p := range ps {
			out = append(out, fmt.Sprintf("%s:%s:%d", p.Kind, p.Label, p.Count))
		}
		return out
	}
	for text, want := range map[string][]string{
		// Places count what their search finds by default: the
		// available properties (the reserved Lagoa house and the sold
		// Kobrasol one are left out).
		"flo":   {"city:Florianópolis – SC:2"},
		"SAO":   {"city:São José – SC:1"},
		"c":     {"neighborhood:Campinas, São José – SC:1", "neighborhood:Centro, Florianópolis – SC:1"},
		"conce": nil,
		"pal":   nil, // Palhoça has no active property
		"ita":   nil,
		"":      nil,
		"--":    nil,
	} {
		if got := label(ix.Places(text, 8)); !slices.Equal(got, want) {
			t.Errorf("Places(%q) = %v, want %v", text, got, want)
		}
	}
	if got := ix.Places("c", 2); len(got) != 2 {
		t.Errorf("limit: %v", got)
	}
	if p, ok := ix.City("florianopolis-sc"); !ok || p.City.Name != "Florianópolis" || p.City.State != "SC" || p.Count != 2 {
		t.Errorf("City: %+v %v", p, ok)
	}
	if p, ok := ix.City("palhoca-sc"); !ok || p.Count != 0 {
		t.Errorf("a known city without properties: %+v %v", p, ok)
	}
	if _, ok := ix.City("blumenau-sc"); ok {
		t.Error("an unknown city is found")
	}
	if p, ok := ix.Neighborhood("florianopolis-sc", "centro"); !ok || p.Neighborhood.Name != "Centro" || p.City.Name != "Florianópolis" || p.Count != 1 {
		t.Errorf("Neighborhood: %+v %v", p, ok)
	}
	if p, ok := ix.Neighborhood("florianopolis-sc", "itacorubi"); !ok || p.Count != 0 {
		t.Errorf("a known neighborhood without properties: %+v %v", p, ok)
	}
	if _, ok := ix.Neighborhood("sao-jose-sc", "centro"); ok {
		t.Error("a neighborhood of another city is found")
	}
}

func TestEmptyIndex(t *testing.T) {
	t.Parallel()
	ix := Build(nil, References{})
	res, err := ix.Search(parse(t, "q=casa&sort=price_asc"))
	if err != nil || res.Total != 0 || len(res.IDs) != 0 || len(res.Facets.Business) != 2 {
		t.Errorf("%+v %v", res, err)
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{"", "q=sao+jose", "q=ap-0042&sort=price_asc&business=aluguel", "city=florianopolis-sc&neighborhood=centro",
		"price_min=0&price_max=1&page=2&per_page=1", "amenity=piscina&amenity=churrasqueira&bedrooms=99", "q=%FF%FE", "q=a+b+c+d"} {
		f.Add(s)
	}
	ix := fixture()
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseQuery(v)
		if err != nil {
			return
		}
		if back, err := ParseQuery(q.Values()); err != nil || !reflect.DeepEqual(back, q) {
			t.Fatalf("the canonical form %q reads as %+v, %v; want %+v", q.Encode(), back, err, q)
		}
		res, err := ix.Search(q)
		if err != nil {
			if _, ok := err.(*listing.ValidationError); !ok {
				t.Fatalf("Search: %v", err)
			}
			return
		}
		if len(res.IDs) > q.PerPage || res.Total > ix.Len() {
			t.Fatalf("%+v", res)
		}
		ix.Places(q.Text, 8)
	})
}

func TestTokens(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]string{
		"São José-SC":                 {"sao", "jose", "sc"},
		"Sa\u0303o Jose\u0301":        {"sao", "jose"}, // accents sent apart (NFD)
		"AP-0042":                     {"ap", "0042"},
		"Itacorubí, ÁGUA  verde!":     {"itacorubi", "agua", "verde"},
		"Straße":                      {"strase"}, // ß folds to one s, as in Slugify
		"  ":                          nil,
		"apartamento no 3º andar":     {"apartamento", "no", "3o", "andar"},
		"lowercase ascii stays as is": {"lowercase", "ascii", "stays", "as", "is"},
	} {
		got := tokens(in)
		for i, w := range got {
			if w != listing.Fold(w) {
				t.Errorf("%q: word %d %q is not folded", in, i, w)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("tokens(%q) = %q, want %q", in, got, want)
		}
	}
	if got := queryWords("Casa de praia na Praia do Campeche"); !slices.Equal(got, []string{"casa", "praia", "campeche"}) {
		t.Errorf("queryWords: %q", got)
	}
	for _, typed := range []string{"Ap.0042", "ap 0042", "AP-0042", "ap0042", " AP 00 42 "} {
		if got := codeKey(typed); got != "ap0042" {
			t.Errorf("codeKey(%q) = %q, want ap0042", typed, got)
		}
	}
}

// TestAvailableByDefault: a search finds only the properties still on
// the market unless it asks for every status (available=false): the
// reserved Lagoa house and the sold Kobrasol one are left out, and the
// facets count what the search finds.
func TestAvailableByDefault(t *testing.T) {
	t.Parallel()
	ix := fixture()
	res, err := ix.Search(parseAsSent(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(nums(res.IDs))); !slices.Equal(got, []int{1, 3, 5}) || res.Total != 3 {
		t.Errorf("the default search: %v (total %d), want 1, 3 and 5", got, res.Total)
	}
	all, err := ix.Search(parseAsSent(t, "available=false"))
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(nums(all.IDs))); !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
		t.Errorf("available=false: %v, want every status", got)
	}
	if q := parseAsSent(t, ""); !q.Available {
		t.Errorf("ParseQuery without available: %+v", q)
	}
}
