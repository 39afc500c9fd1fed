package feed_test

import (
	"encoding/xml"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
)

var fixedTime = time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)

var publisher = feed.Publisher{Name: "Imobiliária Beira-Mar & Filhos", Email: "contato@beiramar.example.com",
	Telephone: "(48) 3333-4444", Website: "https://beiramar.example.com", Logo: "https://beiramar.example.com/logo.jpg"}

func write(t *testing.T, ps ...listing.Property) (string, int) {
	t.Helper()
	var b strings.Builder
	x := feed.NewWriter(&b, publisher, fixedTime)
	for _, p := range ps {
		if _, err := x.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), x.Len()
}

// TestWriterListing checks one listing's mapping, element by element:
// ids, transaction, prices in whole reais with their periods, areas,
// the address with the agency's choice and never the complement, the
// cover as primary, the features of the closed list only, the contact;
// and that the whole document is valid VRSync.
func TestWriterListing(t *testing.T) {
	t.Parallel()
	p := ready()
	p.Type, p.RentPrice = "venda_aluguel", listing.NullMoney{Money: 350049, Valid: true}
	p.IPTUPeriod = listing.IPTUMonthly
	p.Description += " <b>Sem HTML</b> & com \"aspas\"."
	doc, n := write(t, p)
	if n != 1 {
		t.Fatalf("%d listings written, want 1", n)
	}
	feedtest.Validate(t, []byte(doc))
	for _, want := range []string{
		`<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"`,
		"<Provider>Imobiliária Beira-Mar &amp; Filhos</Provider>",
		"<PublishDate>2026-11-27T08:00:00Z</PublishDate>",
		"<ListingID>FLN-101</ListingID>",
		"<TransactionType>Sale/Rent</TransactionType>",
		"<DetailViewUrl>https://beiramar.example.com/imoveis/apartamento-vista-mar</DetailViewUrl>",
		`<Item medium="image" caption="Foto 0" primary="true">https://fotos.example.com/0.jpg</Item><Item medium="image" caption="Foto 1">`,
		`<Item medium="video">https://www.youtube.com/watch?v=ScMzIvxBSi4</Item></Media>`,
		"<UsageType>Residential</UsageType><PropertyType>Residential / Apartment</PropertyType>",
		"&lt;b&gt;Sem HTML&lt;/b&gt; &amp; com &#34;aspas&#34;.</Description>",
		`<ListPrice currency="BRL">1890001</ListPrice>`,
		`<RentalPrice currency="BRL" period="Monthly">3500</RentalPrice>`,
		`<PropertyAdministrationFee currency="BRL" period="Monthly">1800</PropertyAdministrationFee>`,
		`<Iptu currency="BRL" period="Monthly">4800</Iptu>`,
		`<LivingArea unit="square metres">142</LivingArea><LotArea unit="square metres">190</LotArea>`,
		"<Bedrooms>3</Bedrooms><Bathrooms>3</Bathrooms><Suites>2</Suites>",
		`<Garage type="Parking Space">2</Garage><UnitFloor>8</UnitFloor><YearBuilt>2015</YearBuilt>`,
		"<Features><Feature>Pool</Feature><Feature>Cooling</Feature></Features>",
		`<Location displayAddress="All"><Country abbreviation="BR">Brasil</Country><State abbreviation="SC">Santa Catarina</State>`,
		"<City>Florianópolis</City><Neighborhood>Centro</Neighborhood>",
		"<Address>Avenida Jornalista Rubens de Arruda Ramos</Address><StreetNumber>1500</StreetNumber><PostalCode>88015-200</PostalCode>",
		"<Latitude>-27.585</Latitude><Longitude>-48.5473</Longitude>",
		"<ContactInfo><Name>Imobiliária Beira-Mar &amp; Filhos</Name><Email>contato@beiramar.example.com</Email>",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the feed lacks %s\n%s", want, doc)
		}
	}
	for _, never := range []string{"Apto 801", "Complement", "Adega"} {
		if strings.Contains(doc, never) {
			t.Errorf("the feed holds %q", never)
		}
	}
}

// TestWriterChoices checks what changes with the property: each
// business's prices, each level of address (coordinates only with the
// whole address), a lot's area, a code taken twice, a property that
// breaks a rule left out; every document valid VRSync.
func TestWriterChoices(t *testing.T) {
	t.Parallel()
	rent := ready()
	rent.ID, rent.Code, rent.Type = "1b9f7c1e-3c1a-4f53-9d0e-5a8a1f0c2b11", "", "aluguel"
	rent.RentPrice, rent.Price = listing.NullMoney{Money: 450000, Valid: true}, 450000
	rent.AddressVisibility = listing.ShowStreet
	lot := ready()
	lot.ID, lot.Subtype, lot.UsefulAreaM2 = "2b9f7c1e-3c1a-4f53-9d0e-5a8a1f0c2b11", listing.Subtype{Name: "Terreno", Slug: "terreno"}, listing.NullFloat{}
	lot.AddressVisibility, lot.Number = listing.ShowNeighborhood, ""
	broken := ready()
	broken.ID, broken.Code, broken.Photos = "3b9f7c1e-3c1a-4f53-9d0e-5a8a1f0c2b11", "FLN-999", broken.Photos[:4]
	doc, n := write(t, ready(), rent, lot, broken)
	feedtest.Validate(t, []byte(doc))
	if n != 3 {
		t.Fatalf("%d listings, want 3 (the one with four photos left out)", n)
	}
	listings := strings.Split(doc, "<Listing>")[1:]
	checks := []struct {
		in, out []string
	}{
		{[]string{"<ListingID>FLN-101</ListingID>", "<TransactionType>For Sale</TransactionType>", "<ListPrice"},
			[]string{"<RentalPrice"}},
		{[]string{"<ListingID>" + rent.ID + "</ListingID>", "<TransactionType>For Rent</TransactionType>",
			`<RentalPrice currency="BRL" period="Monthly">4500</RentalPrice>`, `displayAddress="Street"`,
			`<Iptu currency="BRL" period="Yearly">4800</Iptu>`},
			[]string{"<ListPrice", "<Latitude>"}},
		{[]string{"<ListingID>" + lot.ID + "</ListingID>", "<PropertyType>Residential / Land Lot</PropertyType>",
			`<LotArea unit="square metres">190</LotArea>`, `displayAddress="Neighborhood"`},
			[]string{"<LivingArea", "<Bedrooms>", "<Latitude>", "<StreetNumber>"}},
	}
	for i, c := range checks {
		for _, s := range c.in {
			if !strings.Contains(listings[i], s) {
				t.Errorf("listing %d lacks %s\n%s", i, s, listings[i])
			}
		}
		for _, s := range c.out {
			if strings.Contains(listings[i], s) {
				t.Errorf("listing %d holds %s\n%s", i, s, listings[i])
			}
		}
	}
}

// TestWriterEmpty checks that a feed with no listing is valid VRSync.
func TestWriterEmpty(t *testing.T) {
	t.Parallel()
	doc, n := write(t)
	if n != 0 {
		t.Fatal(n)
	}
	feedtest.Validate(t, []byte(doc))
}

// TestListingIDUnique checks that a code that two properties share is
// the ListingID of the first only: the second gets its id.
func TestListingIDUnique(t *testing.T) {
	t.Parallel()
	a, b := ready(), ready()
	b.ID = "ffffffff-3c1a-4f53-9d0e-5a8a1f0c2b11"
	doc, _ := write(t, a, b)
	if strings.Count(doc, "<ListingID>FLN-101</ListingID>") != 1 || !strings.Contains(doc, "<ListingID>"+b.ID+"</ListingID>") {
		t.Errorf("ListingIDs not unique:\n%s", doc)
	}
}

// enumerations returns the values of each simpleType of the schema.
func enumerations(t *testing.T) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(feedtest.Schema())
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Simple []struct {
			Name  string `xml:"name,attr"`
			Enums []struct {
				Value string `xml:"value,attr"`
			} `xml:"restriction>enumeration"`
		} `xml:"simpleType"`
	}
	if err := xml.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, s := range schema.Simple {
		for _, e := range s.Enums {
			out[s.Name] = append(out[s.Name], e.Value)
		}
	}
	return out
}

// TestTablesInSchema checks every value of the mapping tables against
// the schema's closed lists: a subtype's PropertyType and UsageType, an
// amenity's Feature, each business, each level of address, each period.
func TestTablesInSchema(t *testing.T) {
	t.Parallel()
	enums := enumerations(t)
	in := func(list, v string) {
		t.Helper()
		if !slices.Contains(enums[list], v) {
			t.Errorf("%q is not in the schema's %s", v, list)
		}
	}
	for _, slug := range feed.SubtypeSlugs() {
		k, _ := feed.KindOf(slug)
		in("propertyType", k.PropertyType)
		in("usageType", k.UsageType)
		if land := strings.HasSuffix(k.PropertyType, "Land Lot") || strings.Contains(k.PropertyType, "Agricultural") ||
			strings.HasSuffix(k.PropertyType, "Farm Ranch") || strings.HasSuffix(k.PropertyType, "Industrial"); land != k.Land {
			t.Errorf("%s: Land %v", slug, k.Land)
		}
	}
	for _, slug := range feed.AmenitySlugs() {
		f, _ := feed.FeatureOf(slug)
		in("feature", f)
	}
	for _, b := range []listing.Business{listing.BusinessSale, listing.BusinessRent, listing.BusinessSaleRent} {
		in("transactionType", feed.TransactionType(b))
	}
	for _, v := range []listing.AddressVisibility{listing.ShowAll, listing.ShowStreet, listing.ShowNeighborhood} {
		in("displayAddress", feed.DisplayAddress(v))
	}
	for _, p := range []listing.IPTUPeriod{listing.IPTUYearly, listing.IPTUMonthly} {
		in("period", feed.IPTUPeriod(p))
	}
	// The subtypes of the demonstration catalogue and of the generator
	// all have a kind.
	for _, name := range []string{"Apartamento", "Casa", "Cobertura", "Studio", "Casa em condomínio", "Terreno", "Sala comercial", "Loja"} {
		if _, ok := feed.KindOf(listing.Slugify(name)); !ok {
			t.Errorf("subtype %q has no kind", name)
		}
	}
	if feed.Reais(149) != 1 || feed.Reais(150) != 2 || feed.Reais(0) != 0 || feed.Reais(189000050) != 1890001 {
		t.Error("Reais does not round centavos half up")
	}
}

// TestSchemaIsStrict pins that the schema refuses what the published one
// refuses: a feed the writer makes is valid, and the same feed without
// each required part is not. It also takes the newer documented elements.
func TestSchemaIsStrict(t *testing.T) {
	t.Parallel()
	doc, _ := write(t, ready())
	feedtest.Validate(t, []byte(doc))
	for _, c := range []struct{ name, from, to string }{
		{"no Header/Email", "<Email>contato@beiramar.example.com</Email><ContactName>", "<ContactName>"},
		{"no ContactInfo/Email", "<Email>contato@beiramar.example.com</Email><Website>", "<Website>"},
		{"no ContactInfo/Name", "<ContactInfo><Name>Imobiliária Beira-Mar &amp; Filhos</Name>", "<ContactInfo>"},
		{"an area without its unit", `<LivingArea unit="square metres">`, "<LivingArea>"},
		{"no Media/Item", `<Media><Item medium="image"`, `<Media></Media><X medium="image"`},
	} {
		bad := strings.Replace(doc, c.from, c.to, 1)
		if bad == doc {
			t.Fatalf("%s: %q not in the feed", c.name, c.from)
		}
		if feedtest.Invalid(t, []byte(bad)) == "" {
			t.Errorf("%s: the schema takes it", c.name)
		}
	}
	newer := strings.Replace(doc, "<TransactionType>", "<PublicationType>PREMIUM</PublicationType>"+
		"<VirtualTourLink>https://tour.example.com/fln-101</VirtualTourLink><TransactionType>", 1)
	newer = strings.Replace(newer, "<UnitFloor>", "<Floors>12</Floors><Buildings>2</Buildings>"+
		"<Warranties><Warranty>GUARANTOR</Warranty><Warranty>INSURANCE_GUARANTEE</Warranty></Warranties><UnitFloor>", 1)
	newer = strings.Replace(newer, `period="Monthly"`, `period="Quarterly"`, 1)
	feedtest.Validate(t, []byte(newer))
}
