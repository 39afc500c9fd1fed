package seo_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/seo"
)

const base = "https://imoveis.example.com"

var posted = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

var agency = listing.Agency{Name: "Imobiliária Ilha", CRECI: "CRECI/SC 12345-J", Phone: "+554833334444",
	WhatsApp: "+5548999990000", Email: "contato@ilha.example.com", Address: "Rua Felipe Schmidt, 10, Florianópolis – SC",
	LogoURL: "https://img.example.com/logo.png"}

// property is an apartment for sale with every fact and its whole
// address, a complement included.
func property() listing.Property {
	return listing.Property{
		ID: "0190a000-0000-7000-8000-000000000001", Title: "Apartamento Vista Mar", Slug: "apartamento-vista-mar",
		Description: "Vista para o mar,\nsol da manhã.", Address: "Rua Bocaiúva, 1200", Price: 45000000,
		Type: "venda", Bedrooms: 3, Bathrooms: 2, ParkingSpots: 1, AreaM2: 98.5, IsActive: true,
		Subtype:      listing.Subtype{ID: 1, Name: "Apartamento", Slug: "apartamento"},
		City:         listing.City{ID: 1, Name: "Florianópolis", Slug: "florianopolis", State: "SC"},
		Neighborhood: listing.Neighborhood{ID: 1, Name: "Centro", Slug: "centro"},
		Photos: []listing.Photo{{URL: "https://img.example.com/sala.jpg", AltText: "Sala"},
			{URL: "https://img.example.com/varanda.jpg", AltText: "Varanda", DisplayOrder: 1}},
		Amenities: []listing.Amenity{{ID: 1, Name: "Piscina", Slug: "piscina", Group: listing.GroupLeisure},
			{ID: 2, Name: "Varanda gourmet", Slug: "varanda-gourmet", Group: listing.GroupFeature}},
		VideoPosition: listing.VideoSection, Status: listing.StatusAvailable,
		CEP: "88010400", Street: "Rua Bocaiúva", Number: "1200", Complement: "Apto 301 bloco B",
		AddressVisibility: listing.ShowAll,
		Latitude:          listing.NullFloat{Float: -27.59, Valid: true}, Longitude: listing.NullFloat{Float: -48.55, Valid: true},
		YearBuilt: listing.NullInt{Int: 2015, Valid: true},
	}
}

// ld is the structured data of p's page, as a browser's JSON parser reads it.
func ld(t *testing.T, p listing.Property, a listing.Agency) map[string]any {
	t.Helper()
	raw, err := json.Marshal(seo.PropertyLD(seo.Property{Detail: detaildoc.New(p), Posted: posted, Base: base, Agency: a}))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// node returns the graph's node of type typ.
func node(t *testing.T, doc map[string]any, typ string) map[string]any {
	t.Helper()
	for _, n := range doc["@graph"].([]any) {
		if m := n.(map[string]any); m["@type"] == typ {
			return m
		}
	}
	return nil
}

func want(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

func obj(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func TestSaleListing(t *testing.T) {
	doc := ld(t, property(), agency)
	want(t, "@context", doc["@context"], "https://schema.org")
	url := base + "/imoveis/apartamento-vista-mar"
	l := node(t, doc, "RealEstateListing")
	if l == nil {
		t.Fatalf("no RealEstateListing: %v", doc)
	}
	for k, v := range map[string]any{"name": "Apartamento Vista Mar", "url": url, "datePosted": "2026-03-14T15:09:26Z",
		"description": "Vista para o mar, sol da manhã.", "inLanguage": "pt-BR",
		"image": []any{"https://img.example.com/sala.jpg", "https://img.example.com/varanda.jpg"}} {
		want(t, "listing "+k, l[k], v)
	}
	home := l["mainEntity"].(map[string]any)
	want(t, "about", l["about"], obj("@id", home["@id"]))
	want(t, "home", home, obj(
		"@type", "Apartment", "@id", url+"#imovel", "name", "Apartamento Vista Mar",
		"address", obj("@type", "PostalAddress", "streetAddress", "Rua Bocaiúva, 1200", "postalCode", "88010-400",
			"addressLocality", "Florianópolis", "addressRegion", "SC", "addressCountry", "BR"),
		"containedInPlace", obj("@type", "Place", "name", "Centro"),
		"geo", obj("@type", "GeoCoordinates", "latitude", -27.59, "longitude", -48.55),
		"numberOfBedrooms", 3.0, "numberOfBathroomsTotal", 2.0,
		"floorSize", obj("@type", "QuantitativeValue", "value", 98.5, "unitCode", "MTK"),
		"amenityFeature", []any{obj("@type", "LocationFeatureSpecification", "name", "Piscina", "value", true),
			obj("@type", "LocationFeatureSpecification", "name", "Varanda gourmet", "value", true)},
		"yearBuilt", 2015.0))
	agent := node(t, doc, "RealEstateAgent")
	want(t, "agent", agent, obj("@type", "RealEstateAgent", "@id", base+"/#imobiliaria", "name", "Imobiliária Ilha",
		"url", base+"/", "telephone", "+554833334444", "email", "contato@ilha.example.com",
		"address", "Rua Felipe Schmidt, 10, Florianópolis – SC", "logo", "https://img.example.com/logo.png",
		"image", "https://img.example.com/logo.png", "description", "CRECI/SC 12345-J",
		"identifier", obj("@type", "PropertyValue", "name", "CRECI", "value", "CRECI/SC 12345-J")))
	want(t, "offers", l["offers"], []any{obj("@type", "Offer", "price", "450000.00", "priceCurrency", "BRL",
		"businessFunction", "http://purl.org/goodrelations/v1#Sell", "availability", "https://schema.org/InStock",
		"url", url, "offeredBy", obj("@id", base+"/#imobiliaria"))})
	want(t, "breadcrumbs", node(t, doc, "BreadcrumbList"), obj("@type", "BreadcrumbList", "itemListElement", []any{
		obj("@type", "ListItem", "position", 1.0, "name", "Início", "item", base+"/"),
		obj("@type", "ListItem", "position", 2.0, "name", "Apartamento Vista Mar", "item", url)}))
}

// TestAddressLevels: the address is the public detail's at each level of
// address_visibility, and the complement is nowhere.
func TestAddressLevels(t *testing.T) {
	for _, c := range []struct {
		level   listing.AddressVisibility
		address map[string]any
		geo     bool
	}{
		{listing.ShowAll, obj("@type", "PostalAddress", "streetAddress", "Rua Bocaiúva, 1200", "postalCode", "88010-400",
			"addressLocality", "Florianópolis", "addressRegion", "SC", "addressCountry", "BR"), true},
		{listing.ShowStreet, obj("@type", "PostalAddress", "streetAddress", "Rua Bocaiúva", "postalCode", "88010-400",
			"addressLocality", "Florianópolis", "addressRegion", "SC", "addressCountry", "BR"), false},
		{listing.ShowNeighborhood, obj("@type", "PostalAddress",
			"addressLocality", "Florianópolis", "addressRegion", "SC", "addressCountry", "BR"), false},
	} {
		p := property()
		p.AddressVisibility = c.level
		doc := ld(t, p, agency)
		home := node(t, doc, "RealEstateListing")["mainEntity"].(map[string]any)
		want(t, string(c.level)+": address", home["address"], c.address)
		want(t, string(c.level)+": neighborhood", home["containedInPlace"], obj("@type", "Place", "name", "Centro"))
		if _, ok := home["geo"]; ok != c.geo {
			t.Errorf("%s: geo %v, want it: %v", c.level, home["geo"], c.geo)
		}
		var html bytes.Buffer
		if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(p), Posted: posted, Base: base, Agency: agency}).Render(&html); err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(doc)
		for _, s := range []string{string(raw), html.String()} {
			if strings.Contains(s, "Apto 301") || strings.Contains(s, "bloco B") {
				t.Errorf("%s: the complement is out: %s", c.level, s)
			}
		}
		if c.level == listing.ShowNeighborhood && (strings.Contains(string(raw), "Bocaiúva") || strings.Contains(string(raw), "88010")) {
			t.Errorf("neighborhood: the street or CEP is out: %s", raw)
		}
	}
	p := property()
	p.Latitude, p.Longitude = listing.NullFloat{}, listing.NullFloat{}
	if home := node(t, ld(t, p, agency), "RealEstateListing")["mainEntity"].(map[string]any); home["geo"] != nil {
		t.Errorf("geo without coordinates: %v", home["geo"])
	}
}

// TestOffers: one Offer per business, the rent per month, availability
// from the status.
func TestOffers(t *testing.T) {
	url := base + "/imoveis/apartamento-vista-mar"
	agent := obj("@id", base+"/#imobiliaria")
	rentOffer := func(rent, availability string) map[string]any {
		return obj("@type", "Offer", "priceCurrency", "BRL", "url", url, "offeredBy", agent, "availability", availability,
			"businessFunction", "http://purl.org/goodrelations/v1#LeaseOut",
			"priceSpecification", obj("@type", "UnitPriceSpecification", "price", rent, "priceCurrency", "BRL", "unitCode", "MON",
				"referenceQuantity", obj("@type", "QuantitativeValue", "value", 1.0, "unitCode", "MON")))
	}
	saleOffer := func(price, availability string) map[string]any {
		return obj("@type", "Offer", "price", price, "priceCurrency", "BRL", "url", url, "offeredBy", agent,
			"availability", availability, "businessFunction", "http://purl.org/goodrelations/v1#Sell")
	}
	rental := property()
	rental.Type, rental.Price = "aluguel", 350000
	rental.RentPrice = listing.NullMoney{Money: 350000, Valid: true}
	rental.Status = listing.StatusRented
	both := property()
	both.Type = "venda_aluguel"
	both.RentPrice = listing.NullMoney{Money: 420000, Valid: true}
	both.Status = listing.StatusReserved
	sold := property()
	sold.Status = listing.StatusSold
	legacy := property()
	legacy.Type = "Temporada"
	for name, c := range map[string]struct {
		p    listing.Property
		want []any
	}{
		"rent":          {rental, []any{rentOffer("3500.00", "https://schema.org/SoldOut")}},
		"sale and rent": {both, []any{saleOffer("450000.00", "https://schema.org/LimitedAvailability"), rentOffer("4200.00", "https://schema.org/LimitedAvailability")}},
		"sold":          {sold, []any{saleOffer("450000.00", "https://schema.org/SoldOut")}},
		"legacy type": {legacy, []any{obj("@type", "Offer", "price", "450000.00", "priceCurrency", "BRL", "url", url,
			"offeredBy", agent, "availability", "https://schema.org/InStock")}},
	} {
		want(t, name, node(t, ld(t, c.p, agency), "RealEstateListing")["offers"], c.want)
	}

	// Without the agency's record: no agent, offers by nobody named.
	doc := ld(t, property(), listing.Agency{})
	if node(t, doc, "RealEstateAgent") != nil {
		t.Error("an agent without an agency record")
	}
	if o := node(t, doc, "RealEstateListing")["offers"].([]any)[0].(map[string]any); o["offeredBy"] != nil {
		t.Errorf("offeredBy without an agency: %v", o)
	}
}

func TestHomeTypes(t *testing.T) {
	for slug, typ := range map[string]string{"apartamento": "Apartment", "cobertura": "Apartment", "studio": "Apartment",
		"casa": "House", "casa-em-condominio": "SingleFamilyResidence", "terreno": "Place", "sala-comercial": "Place",
		"barco": "Accommodation", "": "Accommodation"} {
		if got := seo.HomeType(slug); got != typ {
			t.Errorf("HomeType(%q) = %q, want %q", slug, got, typ)
		}
	}
	// A Place has no rooms, floor size or year built.
	land := property()
	land.Subtype = listing.Subtype{ID: 9, Name: "Terreno", Slug: "terreno"}
	home := node(t, ld(t, land, agency), "RealEstateListing")["mainEntity"].(map[string]any)
	for _, k := range []string{"numberOfBedrooms", "numberOfBathroomsTotal", "floorSize", "yearBuilt"} {
		if _, ok := home[k]; ok {
			t.Errorf("a Place with %s: %v", k, home)
		}
	}
	if home["@type"] != "Place" || home["address"] == nil || home["amenityFeature"] == nil {
		t.Errorf("land: %v", home)
	}
}

// TestHeadEscapes: no text of a property ends the script element of the
// structured data or an attribute, and the data still reads back as sent.
func TestHeadEscapes(t *testing.T) {
	p := property()
	p.Title = `Casa </script><script>alert("x")</script> & "aspas" <!--`
	p.Description = `Descrição com </SCRIPT> e <b>negrito</b>`
	var html bytes.Buffer
	if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(p), Posted: posted, Base: base, Agency: agency}).Render(&html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if n := strings.Count(strings.ToLower(out), "</script"); n != 1 {
		t.Errorf("%d script end tags, want 1:\n%s", n, out)
	}
	if strings.Contains(out, "<script>alert") || strings.Contains(out, "<b>") || strings.Contains(out, "<!--") {
		t.Errorf("markup out of the property's text:\n%s", out)
	}
	_, script, _ := strings.Cut(out, `<script type="application/ld+json">`)
	script, _, _ = strings.Cut(script, "</script>")
	var doc map[string]any
	if err := json.Unmarshal([]byte(script), &doc); err != nil {
		t.Fatalf("structured data is not JSON: %v\n%s", err, script)
	}
	want(t, "title read back", node(t, doc, "RealEstateListing")["name"], p.Title)
	if !strings.Contains(out, `<meta property="og:title" content="Casa &lt;/script&gt;&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;aspas&#34; &lt;!--">`) {
		t.Errorf("og:title not escaped as an attribute:\n%s", out)
	}
}

func head(t *testing.T, p listing.Property) string {
	t.Helper()
	var html bytes.Buffer
	if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(p), Posted: posted, Base: base}).Render(&html); err != nil {
		t.Fatal(err)
	}
	return html.String()
}

// TestCoverInHead: an uploaded cover is the Open Graph image as its JPEG,
// with its size and alt, and is preloaded as the WebP srcset the gallery
// picks from with the gallery's sizes; an external cover is preloaded by
// its address; a video first in the carousel is not preceded by a
// preload of the photo behind it.
func TestCoverInHead(t *testing.T) {
	const m = "https://imoveis.example.com/media/0123456789abcdef0123456789abcdef-"
	uploaded := listing.Photo{ID: "a", URL: m + "960.jpg", AltText: "Sala & varanda", Image: &listing.Image{
		ID: "0123456789abcdef0123456789abcdef", Status: listing.ImageReady, Width: 960, Height: 640,
		Variants: []listing.Variant{
			{URL: m + "480.jpg", Width: 480, Height: 320, ContentType: "image/jpeg"},
			{URL: m + "480.webp", Width: 480, Height: 320, ContentType: "image/webp"},
			{URL: m + "960.jpg", Width: 960, Height: 640, ContentType: "image/jpeg"},
			{URL: m + "960.webp", Width: 960, Height: 640, ContentType: "image/webp"},
		}}}
	p := property()
	p.VideoURL, p.VideoPosition = "https://youtu.be/dQw4w9WgXcQ", listing.VideoSection
	p.Photos = []listing.Photo{uploaded}
	h := head(t, p)
	for _, s := range []string{
		`<meta property="og:image" content="` + m + `960.jpg">`,
		`<meta property="og:image:width" content="960">`,
		`<meta property="og:image:height" content="640">`,
		`<meta property="og:image:alt" content="Sala &amp; varanda">`,
		`<link rel="preload" as="image" fetchpriority="high" type="image/webp" imagesrcset="` + m + `480.webp 480w, ` + m + `960.webp 960w" imagesizes="` + seo.GallerySizes + `">`,
	} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}

	// With the video first in the carousel, the cover is its poster: still
	// the first paint.
	p.VideoPosition = listing.VideoCarousel
	if h := head(t, p); !strings.Contains(h, `rel="preload" as="image"`) {
		t.Errorf("video first in the carousel, and its poster, the cover, is not preloaded:\n%s", h)
	}

	p.VideoURL = ""
	p.Photos = []listing.Photo{{URL: "https://img.example.com/capa.jpg"}}
	h = head(t, p)
	for _, s := range []string{`<link rel="preload" as="image" fetchpriority="high" href="https://img.example.com/capa.jpg">`,
		`<meta property="og:image:alt" content="` + p.Title + `">`} {
		if !strings.Contains(h, s) {
			t.Errorf("external cover: head lacks %s:\n%s", s, h)
		}
	}
	if strings.Contains(h, "og:image:width") {
		t.Errorf("external cover: a width nobody knows:\n%s", h)
	}
}

// TestDetailInPage: a property page carries its detail for its script,
// as JSON that no text of the property can end the element of, under the
// id the client reads.
func TestDetailInPage(t *testing.T) {
	p := property()
	var buf bytes.Buffer
	detail := json.RawMessage(`{"slug":"` + p.Slug + `","title":"</script><script>alert(1)</script>"}`)
	if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(p), JSON: detail, Base: "https://imoveis.example.com"}).Render(&buf); err != nil {
		t.Fatal(err)
	}
	h := buf.String()
	want := `<script type="application/json" id="` + seo.DetailElementID + `">{"slug":"` + p.Slug + `","title":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"}</script>`
	if !strings.Contains(h, want) {
		t.Errorf("head lacks %s:\n%s", want, h)
	}
	if strings.Count(h, "</script>") != 2 {
		t.Errorf("a title ends an element:\n%s", h)
	}
	if h := head(t, p); strings.Contains(h, seo.DetailElementID) {
		t.Errorf("no detail given, yet an element for it:\n%s", h)
	}
	src, err := os.ReadFile("../../web/src/lib/api.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "'"+seo.DetailElementID+"'") {
		t.Errorf("web/src/lib/api.ts does not read the element %q", seo.DetailElementID)
	}
}

// TestGallerySizesMatchClient: the preload asks for the variant the
// gallery will show only while both sides give the same sizes.
func TestGallerySizesMatchClient(t *testing.T) {
	src, err := os.ReadFile("../../web/src/property/PropertyDetailPage.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "GALLERY_SIZES =\n  '"+seo.GallerySizes+"'") {
		t.Errorf("GALLERY_SIZES in PropertyDetailPage.tsx differs from seo.GallerySizes %q", seo.GallerySizes)
	}
}

// homeHead renders the home page's head for agency a.
func homeHead(t *testing.T, a listing.Agency) (string, map[string]any) {
	t.Helper()
	var html bytes.Buffer
	if err := seo.HomeHead(seo.Home{Base: base, Agency: a}).Render(&html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if n := strings.Count(strings.ToLower(out), "</script"); n != 1 {
		t.Errorf("%d script end tags, want 1:\n%s", n, out)
	}
	_, script, _ := strings.Cut(out, `<script type="application/ld+json">`)
	script, _, _ = strings.Cut(script, "</script>")
	var doc map[string]any
	if err := json.Unmarshal([]byte(script), &doc); err != nil {
		t.Fatalf("structured data is not JSON: %v\n%s", err, script)
	}
	return out, doc
}

// metaContent returns the content of the head's meta element whose attr
// (name or property) is key, as written in the HTML, and whether there is
// exactly one.
func metaContent(head, attr, key string) (string, bool) {
	open := `<meta ` + attr + `="` + key + `" content="`
	if strings.Count(head, open) != 1 {
		return "", false
	}
	_, rest, _ := strings.Cut(head, open)
	v, _, _ := strings.Cut(rest, `"`)
	return v, true
}

// TestHomeHead: the home page names the agency, its links are the site's
// address, the agency's logo is its image, and its structured data is
// the WebSite published by the agency, the very node a property page
// carries.
func TestHomeHead(t *testing.T) {
	h, doc := homeHead(t, agency)
	const title = "Imobiliária Ilha — imóveis à venda e para alugar"
	const desc = "Apartamentos, casas e terrenos à venda e para alugar com Imobiliária Ilha. Fotos, vídeo e contato direto."
	for _, s := range []string{
		"<title>" + title + "</title>",
		`<meta name="description" content="` + desc + `">`,
		`<link rel="canonical" href="` + base + `/">`,
		`<meta property="og:type" content="website">`,
		`<meta property="og:locale" content="pt_BR">`,
		`<meta property="og:site_name" content="Imobiliária Ilha">`,
		`<meta property="og:title" content="` + title + `">`,
		`<meta property="og:description" content="` + desc + `">`,
		`<meta property="og:url" content="` + base + `/">`,
		`<meta property="og:image" content="https://img.example.com/logo.png">`,
		`<meta property="og:image:alt" content="Imobiliária Ilha">`,
		`<meta name="twitter:card" content="summary">`,
	} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}
	if strings.Count(h, "<title>") != 1 || strings.Contains(h, "og:image:width") || strings.Contains(h, `rel="preload"`) {
		t.Errorf("head:\n%s", h)
	}
	want(t, "@context", doc["@context"], "https://schema.org")
	want(t, "site", node(t, doc, "WebSite"), obj("@type", "WebSite", "@id", base+"/#site", "name", "Imobiliária Ilha",
		"url", base+"/", "inLanguage", "pt-BR", "description", desc, "publisher", obj("@id", base+"/#imobiliaria")))
	want(t, "agent, as a property page has it", node(t, doc, "RealEstateAgent"),
		node(t, ld(t, property(), agency), "RealEstateAgent"))
	if n := len(doc["@graph"].([]any)); n != 2 {
		t.Errorf("%d nodes, want the site and the agent: %v", n, doc)
	}

	// Without a logo: no image, no card.
	noLogo := agency
	noLogo.LogoURL = ""
	if h, _ := homeHead(t, noLogo); strings.Contains(h, "og:image") || strings.Contains(h, "twitter:card") {
		t.Errorf("an image without a logo:\n%s", h)
	}
}

// TestHomeHeadWithoutAgency: before the agency's record is set, the site
// names no one: a neutral title, no og:site_name, no agent, no image.
func TestHomeHeadWithoutAgency(t *testing.T) {
	h, doc := homeHead(t, listing.Agency{})
	const desc = "Apartamentos, casas e terrenos à venda e para alugar. Fotos, vídeo e contato direto."
	for _, s := range []string{
		"<title>Imóveis à venda e para alugar</title>",
		`<meta name="description" content="` + desc + `">`,
		`<meta property="og:title" content="Imóveis à venda e para alugar">`,
		`<link rel="canonical" href="` + base + `/">`,
	} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}
	for _, s := range []string{"og:site_name", "og:image", "RealEstateAgent", "publisher", "Vitrine"} {
		if strings.Contains(h, s) {
			t.Errorf("an agency that was never set, yet the head has %s:\n%s", s, h)
		}
	}
	want(t, "site", node(t, doc, "WebSite"), obj("@type", "WebSite", "@id", base+"/#site",
		"url", base+"/", "inLanguage", "pt-BR", "description", desc))
}

// TestPropertyHeadNamesAgency: a property page's title ends with the
// agency's name and its link preview names the agency as the site;
// before the agency is set, the title is the property's alone and the
// preview names no site.
func TestPropertyHeadNamesAgency(t *testing.T) {
	render := func(a listing.Agency) string {
		var html bytes.Buffer
		if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(property()), Posted: posted, Base: base, Agency: a}).Render(&html); err != nil {
			t.Fatal(err)
		}
		return html.String()
	}
	h := render(agency)
	for _, s := range []string{"<title>Apartamento Vista Mar — Imobiliária Ilha</title>",
		`<meta property="og:site_name" content="Imobiliária Ilha">`} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}
	h = render(listing.Agency{})
	if !strings.Contains(h, "<title>Apartamento Vista Mar</title>") || strings.Contains(h, "og:site_name") ||
		strings.Contains(h, "Vitrine") {
		t.Errorf("no agency: want the title alone and no site name:\n%s", h)
	}
}

// TestHomeHeadEscapes: an agency's name is text in every place it goes,
// and reads back whole from the structured data.
func TestHomeHeadEscapes(t *testing.T) {
	a := agency
	a.Name = `Ilha </script><script>alert("x")</script> & "Cia" <!--`
	a.LogoURL = `https://img.example.com/logo.png?a=1&b="2"`
	h, doc := homeHead(t, a)
	if strings.Contains(h, "<script>alert") || strings.Contains(h, "<!--") || strings.Contains(h, `"Cia"`) {
		t.Errorf("markup out of the agency's name:\n%s", h)
	}
	const escaped = `Ilha &lt;/script&gt;&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;Cia&#34; &lt;!--`
	for _, s := range []string{
		`<meta property="og:title" content="` + escaped + ` — imóveis à venda e para alugar">`,
		`<meta property="og:site_name" content="` + escaped + `">`,
		`<meta property="og:image:alt" content="` + escaped + `">`,
		`<meta property="og:image" content="https://img.example.com/logo.png?a=1&amp;b=&#34;2&#34;">`,
	} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}
	if got, ok := metaContent(h, "name", "description"); !ok || !strings.Contains(got, escaped) {
		t.Errorf("description not escaped as an attribute: %q", got)
	}
	want(t, "site name read back", node(t, doc, "WebSite")["name"], a.Name)
	want(t, "agent name read back", node(t, doc, "RealEstateAgent")["name"], a.Name)
}

// TestHomeDescriptionLength: the description is at most 160 characters
// however long the agency's name, and keeps the name over the closing
// sentence.
func TestHomeDescriptionLength(t *testing.T) {
	for _, n := range []int{1, 40, 71, 72, 100, listing.MaxAgencyNameLen} {
		a := agency
		a.Name = strings.Repeat("á", n)
		h, _ := homeHead(t, a)
		desc, ok := metaContent(h, "name", "description")
		if !ok {
			t.Fatalf("%d: no description:\n%s", n, h)
		}
		if l := utf8.RuneCountInString(desc); l > 160 {
			t.Errorf("%d: description of %d characters: %s", n, l, desc)
		}
		if og, _ := metaContent(h, "property", "og:description"); og != desc {
			t.Errorf("%d: og:description %q, description %q", n, og, desc)
		}
		whole := "Apartamentos, casas e terrenos à venda e para alugar com " + a.Name + ". Fotos, vídeo e contato direto."
		short := "Apartamentos, casas e terrenos à venda e para alugar com " + a.Name + "."
		switch {
		case utf8.RuneCountInString(whole) <= 160:
			want(t, "description", desc, whole)
		case utf8.RuneCountInString(short) <= 160:
			want(t, "description without the closing sentence", desc, short)
		default:
			if !strings.HasPrefix(desc, "Apartamentos, casas e terrenos à venda e para alugar com ááá") || !strings.HasSuffix(desc, "…") {
				t.Errorf("%d: cut description %q", n, desc)
			}
		}
	}
}

// TestHomeTitleMatchesClient: the client rewrites the home page's title,
// and every page's, as the server wrote it: the agency's name and the
// same suffix, else the same neutral title; a page's title and the
// agency's name joined as Titled joins them.
func TestHomeTitleMatchesClient(t *testing.T) {
	page, err := os.ReadFile("../../web/src/property/HomePage.tsx")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`${name}" + seo.HomeTitleSuffix + "`", "'" + seo.HomeTitleNeutral + "'"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("HomePage.tsx does not write the title as %s", want)
		}
	}
	lib, err := os.ReadFile("../../web/src/lib/agency.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if want := "`${title}" + seo.TitleSeparator + "${name}`"; !strings.Contains(string(lib), want) {
		t.Errorf("agency.tsx: titled does not join a title and the agency as the server does (%s)", want)
	}
	if want := "return agency?.name ?? ''"; !strings.Contains(string(lib), want) {
		t.Errorf("agency.tsx: siteName names someone before the agency is set (want %s)", want)
	}
}

// TestUploadedLogo: an uploaded logo, once made, is the favicon (its
// smallest JPEG) of every page and the home page's image (its largest),
// over an address typed before; while it is processing, the address
// typed is shown and the client's icon stays.
func TestUploadedLogo(t *testing.T) {
	const m = "https://imoveis.example.com/media/0123456789abcdef0123456789abcdef-"
	a := agency
	a.Logo = &listing.Image{ID: "0123456789abcdef0123456789abcdef", Status: listing.ImageReady, Width: 960, Height: 480,
		Variants: []listing.Variant{
			{URL: m + "480.jpg", Width: 480, Height: 240, ContentType: "image/jpeg"},
			{URL: m + "480.webp", Width: 480, Height: 240, ContentType: "image/webp"},
			{URL: m + "960.jpg", Width: 960, Height: 480, ContentType: "image/jpeg"},
			{URL: m + "960.webp", Width: 960, Height: 480, ContentType: "image/webp"},
		}}
	h, doc := homeHead(t, a)
	for _, s := range []string{`<link rel="icon" href="` + m + `480.jpg">`, `<meta property="og:image" content="` + m + `960.jpg">`} {
		if !strings.Contains(h, s) {
			t.Errorf("head lacks %s:\n%s", s, h)
		}
	}
	want(t, "agent's logo", node(t, doc, "RealEstateAgent")["logo"], m+"960.jpg")
	var html bytes.Buffer
	if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(property()), Posted: posted, Base: base, Agency: a}).Render(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), `<link rel="icon" href="`+m+`480.jpg">`) {
		t.Errorf("property head lacks the favicon:\n%s", html.String())
	}

	a.Logo.Status, a.Logo.Variants = listing.ImageProcessing, nil
	h, _ = homeHead(t, a)
	if strings.Contains(h, `rel="icon"`) || !strings.Contains(h, `<meta property="og:image" content="`+agency.LogoURL+`">`) {
		t.Errorf("a logo processing: want no icon and the address typed:\n%s", h)
	}
}

// TestBrandColorInHead: a page of an agency with a brand colour paints
// its first frame in it, with a rule that outweighs the stylesheet's
// default, under the id the client turns off in the back office; the
// colour is a CSS value, not a way out of the rule. Without a colour,
// nothing is written.
func TestBrandColorInHead(t *testing.T) {
	p := property()
	render := func(a listing.Agency) string {
		var buf bytes.Buffer
		if err := seo.PropertyHead(seo.Property{Detail: detaildoc.New(p), Base: base, Agency: a}).Render(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	h := render(listing.Agency{Name: "Maré Alta", BrandColor: "#7a1f5c"})
	for _, want := range []string{`<style id="` + seo.BrandStyleID + `">html:root{--brand:#7a1f5c}</style>`,
		`<meta name="theme-color" content="#7a1f5c">`} {
		if !strings.Contains(h, want) {
			t.Errorf("head lacks %s:\n%s", want, h)
		}
	}
	if h := render(listing.Agency{Name: "Maré Alta"}); strings.Contains(h, "<style") || strings.Contains(h, "theme-color") {
		t.Errorf("no colour, yet a rule:\n%s", h)
	}
	// The store only keeps "#rrggbb"; were anything else to reach the
	// head, the template's CSS escaping keeps it inside the rule.
	if h := render(listing.Agency{Name: "X", BrandColor: "red}</style><script>alert(1)</script>"}); strings.Contains(h, "<script>alert") ||
		strings.Count(h, "</style>") != 1 {
		t.Errorf("a colour ends the rule:\n%s", h)
	}
	src, err := os.ReadFile("../../web/src/lib/agency.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "'"+seo.BrandStyleID+"'") {
		t.Errorf("web/src/lib/agency.tsx does not read the element %q", seo.BrandStyleID)
	}
}
