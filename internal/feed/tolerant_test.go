package feed_test

import (
	"context"
	"fmt"
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// tolerantCase is one listing of another producer's making that the
// portals take: the import keeps it, with exactly the warnings named
// (each a part of one warning's text), and stores what check checks.
type tolerantCase struct {
	id       string
	tx       string // TransactionType; "" for For Sale
	details  string // the Details element's children
	location string // the Location element's children; "" for a plain one
	media    string // the Media element's children; "" for one photo
	warnings []string
	check    func(p listing.Property) string // what is wrong, or ""
}

const plainLocation = `<State abbreviation="SP">São Paulo</State><City>São Paulo</City>
	<Neighborhood>Pinheiros</Neighborhood><Address>Rua dos Pinheiros</Address><StreetNumber>100</StreetNumber>
	<PostalCode>05422-000</PostalCode>`

const plainDescription = `<Description>Um imóvel como os portais o recebem, com uma descrição de mais de cinquenta caracteres.</Description>`

// doc is a VRSync file of the listings of cases, in namespace ns ("" for
// none).
func tolerantDoc(ns string, cases []tolerantCase) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<ListingDataFeed")
	if ns != "" {
		b.WriteString(` xmlns="` + ns + `"`)
	}
	b.WriteString("><Header><Provider>Outro</Provider></Header><Listings>\n")
	for _, c := range cases {
		loc, media, tx := c.location, c.media, c.tx
		if tx == "" {
			tx = "For Sale"
		}
		if loc == "" {
			loc = plainLocation
		}
		if media == "" {
			media = `<Item medium="image">https://fotos.example.com/` + c.id + `.jpg</Item>`
		}
		fmt.Fprintf(&b, "<Listing><ListingID>%s</ListingID><Title>Imóvel %s de outro sistema</Title><TransactionType>%s</TransactionType>"+
			"<Location displayAddress=\"Neighborhood\">%s</Location><Details>%s</Details><Media>%s</Media></Listing>\n",
			c.id, c.id, tx, loc, c.details, media)
	}
	b.WriteString("</Listings></ListingDataFeed>\n")
	return []byte(b.String())
}

// runTolerant imports cases (photos linked) on both databases and checks
// each: created, its warnings, its property.
func runTolerant(t *testing.T, ns string, cases []tolerantCase) {
	t.Helper()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, d)
			res, tot, err := e.importDoc(t, tolerantDoc(ns, cases), feed.ImportOptions{Photos: feed.PhotosLink})
			if err != nil {
				t.Fatal(err)
			}
			if tot.Created != len(cases) {
				t.Errorf("totals %+v, want all %d created", tot, len(cases))
			}
			for _, c := range cases {
				r := res[c.id]
				if r.Action != feed.Created {
					t.Errorf("%s: %s, problems %v", c.id, r.Action, r.Problems)
					continue
				}
				checkWarnings(t, c.id, r.Warnings, c.warnings)
				if c.check == nil {
					continue
				}
				p, err := e.st.Property(context.Background(), *r.PropertyID)
				if err != nil {
					t.Fatal(err)
				}
				if msg := c.check(p); msg != "" {
					t.Errorf("%s: %s", c.id, msg)
				}
			}
		})
	}
}

// checkWarnings fails unless got has one warning for each of want (a part
// of its "element: message" text), and no other.
func checkWarnings(t *testing.T, id string, got []feed.Problem, want []string) {
	t.Helper()
	left := append([]feed.Problem(nil), got...)
	for _, w := range want {
		found := false
		for i, p := range left {
			if strings.Contains(p.Field+": "+p.Message, w) {
				left = append(left[:i], left[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: no warning with %q in %v", id, w, got)
		}
	}
	if len(left) > 0 {
		t.Errorf("%s: unexpected warnings %v", id, left)
	}
}

// TestImportAreasAndCounts: a house larger than its lot is kept with both
// areas, suites above the bedrooms raise the bedrooms with a warning, a
// CEP that lost its leading zero gets it back with a warning.
func TestImportAreasAndCounts(t *testing.T) {
	runTolerant(t, feed.Namespace, []tolerantCase{
		{
			id: "SOBRADO",
			details: `<PropertyType>Residential / Home</PropertyType>` + plainDescription +
				`<ListPrice currency="BRL">850000</ListPrice><LivingArea unit="square metres">180</LivingArea>` +
				`<LotArea unit="square metres">125</LotArea><Bedrooms>3</Bedrooms><Bathrooms>3</Bathrooms>`,
			check: func(p listing.Property) string {
				if p.UsefulAreaM2.Float != 180 || p.TotalAreaM2.Float != 125 || p.AreaM2 != 180 {
					return fmt.Sprintf("areas %v %v %v, want 180 useful (and main), 125 total", p.UsefulAreaM2, p.TotalAreaM2, p.AreaM2)
				}
				return ""
			},
		},
		{
			id: "SUITES",
			details: `<PropertyType>Residential / Apartment</PropertyType>` + plainDescription +
				`<ListPrice currency="BRL">600000</ListPrice><LivingArea unit="square metres">90</LivingArea>` +
				`<Bedrooms>2</Bedrooms><Suites>3</Suites>`,
			warnings: []string{"Details/Bedrooms: o arquivo diz 2 quartos e 3 suítes; como suítes são quartos, o imóvel ficou com 3 quartos"},
			check: func(p listing.Property) string {
				if p.Bedrooms != 3 || p.Suites != 3 {
					return fmt.Sprintf("%d bedrooms, %d suites; want 3 and 3", p.Bedrooms, p.Suites)
				}
				return ""
			},
		},
		{
			id: "CEP7",
			details: `<PropertyType>Residential / Apartment</PropertyType>` + plainDescription +
				`<ListPrice currency="BRL">600000</ListPrice><LivingArea unit="square metres">90</LivingArea>`,
			location: strings.Replace(plainLocation, "05422-000", "1310100", 1),
			warnings: []string{`Location/PostalCode: o CEP "1310100" tem 7 dígitos: lido como 01310-100`},
			check: func(p listing.Property) string {
				if p.CEP != "01310100" {
					return "CEP " + p.CEP
				}
				return ""
			},
		},
	})
}

// TestImportStructure: an empty optional element is absent, a type
// without its category is read in it, a UsageType for both uses is
// understood, captions that only number the photo are no alt text, and
// Maid's Quarters is a maid's room, not a laundry.
func TestImportStructure(t *testing.T) {
	runTolerant(t, feed.Namespace, []tolerantCase{
		{
			id: "EMPTY",
			details: `<PropertyType>Residential / Home</PropertyType>` + plainDescription +
				`<ListPrice currency="BRL">400000</ListPrice><LivingArea unit="square metres">90</LivingArea>` +
				`<Bedrooms>2</Bedrooms><Suites></Suites><Garage type="Parking Space"></Garage><UnitFloor/>` +
				`<YearBuilt> </YearBuilt><Features><Feature></Feature><Feature>Maid's Quarters</Feature><Feature>Área de Serviço</Feature></Features>`,
			location: plainLocation + `<Complement></Complement><Latitude></Latitude><Longitude></Longitude>`,
			warnings: []string{`Details/Features: características com o nome em português de uma comodidade, lidas como ela (os portais esperam o nome em inglês): "Área de Serviço" (Laundry)`},
			media: `<Item medium="image" caption="img0">https://fotos.example.com/e0.jpg</Item>` +
				`<Item medium="image" caption="IMG_2041.JPG">https://fotos.example.com/e1.jpg</Item>` +
				`<Item medium="image" caption="Sala de estar">https://fotos.example.com/e2.jpg</Item>`,
			check: func(p listing.Property) string {
				if p.ParkingSpots != 0 || p.Suites != 0 || p.Floor.Valid || p.YearBuilt.Valid || p.Latitude.Valid {
					return fmt.Sprintf("empty elements stored: %+v", p)
				}
				if len(p.Photos) != 3 || p.Photos[0].AltText != "" || p.Photos[1].AltText != "" || p.Photos[2].AltText != "Sala de estar" {
					return fmt.Sprintf("photos %+v", p.Photos)
				}
				if len(p.Amenities) != 2 || p.Amenities[0].Name != "Dependência de empregada" || p.Amenities[1].Name != "Área de serviço" {
					return fmt.Sprintf("amenities %+v", p.Amenities)
				}
				return ""
			},
		},
		{
			id: "NOPREFIX",
			details: `<PropertyType>Office</PropertyType><UsageType>Commercial</UsageType>` + plainDescription +
				`<ListPrice currency="BRL">300000</ListPrice><LivingArea unit="square metres">40</LivingArea>`,
			warnings: []string{`Details/PropertyType: tipo "Office" sem a categoria: lido como "Commercial / Office"`},
			check: func(p listing.Property) string {
				if p.Subtype.Name != "Sala" {
					return "subtype " + p.Subtype.Name
				}
				return ""
			},
		},
		{
			id: "MIXED",
			details: `<PropertyType>Residential / Home</PropertyType><UsageType>Residential / Commercial</UsageType>` +
				plainDescription + `<ListPrice currency="BRL">700000</ListPrice><LivingArea unit="square metres">150</LivingArea>`,
			check: func(p listing.Property) string {
				if p.Subtype.Name != "Casa" {
					return "subtype " + p.Subtype.Name
				}
				return ""
			},
		},
	})
}

// TestImportOlderNamespaces: a file in VivaReal's older namespace, or in
// none, as an agency site's own generator writes it (with types without
// their category), is read, each listing saying so.
func TestImportOlderNamespaces(t *testing.T) {
	for _, ns := range []struct{ space, warning string }{
		{feed.OlderNamespace, "ListingDataFeed: o arquivo usa o espaço de nomes antigo " + feed.OlderNamespace},
		{"", "ListingDataFeed: o arquivo não declara o espaço de nomes do VRSync"},
	} {
		t.Run(orElse(ns.space, "none"), func(t *testing.T) {
			runTolerant(t, ns.space, []tolerantCase{{
				id: "OLD",
				details: `<PropertyType>Apartment</PropertyType>` + plainDescription +
					`<ListPrice currency="BRL">450000</ListPrice><LivingArea unit="square metres">70</LivingArea>`,
				warnings: []string{ns.warning, `tipo "Apartment" sem a categoria: lido como "Residential / Apartment"`},
				check: func(p listing.Property) string {
					if p.Subtype.Name != "Apartamento" {
						return "subtype " + p.Subtype.Name
					}
					return ""
				},
			}})
		})
	}
}

func orElse(s, ifEmpty string) string {
	if s == "" {
		return ifEmpty
	}
	return s
}

// TestImportIPTU: Iptu without a period is yearly, as the documentation
// says; YearlyTax and MonthlyTax, which older producers write, are read;
// a second amount that disagrees is warned about.
func TestImportIPTU(t *testing.T) {
	apartment := `<PropertyType>Residential / Apartment</PropertyType>` + plainDescription +
		`<ListPrice currency="BRL">500000</ListPrice><LivingArea unit="square metres">80</LivingArea>`
	iptu := func(cents listing.Money, period listing.IPTUPeriod) func(p listing.Property) string {
		return func(p listing.Property) string {
			if !p.IPTU.Valid || p.IPTU.Money != cents || p.IPTUPeriod != period {
				return fmt.Sprintf("IPTU %v %q, want %d %q", p.IPTU, p.IPTUPeriod, cents, period)
			}
			return ""
		}
	}
	runTolerant(t, feed.Namespace, []tolerantCase{
		{id: "IPTU-NOPERIOD", details: apartment + `<Iptu currency="BRL">1800</Iptu>`, check: iptu(180000, listing.IPTUYearly)},
		{id: "YEARLYTAX", details: apartment + `<YearlyTax currency="BRL">2400</YearlyTax>`, check: iptu(240000, listing.IPTUYearly)},
		{id: "MONTHLYTAX", details: apartment + `<MonthlyTax currency="BRL">150</MonthlyTax>`, check: iptu(15000, listing.IPTUMonthly)},
		{
			id:       "BOTH",
			details:  apartment + `<Iptu currency="BRL" period="Monthly">100</Iptu><YearlyTax currency="BRL">1300</YearlyTax>`,
			warnings: []string{"Details/YearlyTax: o IPTU também vem em Details/YearlyTax (1300, anual): vale o de Details/Iptu"},
			check:    iptu(10000, listing.IPTUMonthly),
		},
	})
}

// TestVocabularyCoversSchema: every PropertyType and Feature of the
// schema's closed lists (the documentation's) has a subtype or an
// amenity to import as, but the misspelling the documentation once had.
func TestVocabularyCoversSchema(t *testing.T) {
	t.Parallel()
	enums := enumerations(t)
	for _, pt := range enums["propertyType"] {
		if _, ok := feed.CanonicalSubtype(pt); !ok {
			t.Errorf("PropertyType %q has no subtype", pt)
		}
	}
	n := 0
	for _, f := range enums["feature"] {
		if f == "Eletric Charger" {
			continue
		}
		n++
		if _, ok := feed.CanonicalAmenity(f); !ok {
			t.Errorf("Feature %q has no amenity", f)
		}
	}
	if n < 200 {
		t.Errorf("%d features in the schema, want the documentation's 200", n)
	}
	for _, p := range listing.RentPeriods {
		if !slices.Contains(enums["period"], feed.RentalPeriod(p)) {
			t.Errorf("rent period %q is not in the schema's periods", feed.RentalPeriod(p))
		}
	}
}

// TestImportVocabulary: the documented types new to Vitrine, the 2015
// names (with a warning), every documented Feature, the misspelled
// Eletric Charger (with a warning), and unknown values kept as warnings.
func TestImportVocabulary(t *testing.T) {
	// The documented features, in three listings: a property has at most
	// 100 amenities.
	var part [3]strings.Builder
	for i, f := range enumerationsOf(t, "feature") {
		fmt.Fprintf(&part[i%3], "<Feature>%s</Feature>", html.EscapeString(f))
	}
	typed := func(pt string) string {
		return `<PropertyType>` + pt + `</PropertyType>` + plainDescription +
			`<ListPrice currency="BRL">300000</ListPrice><LivingArea unit="square metres">50</LivingArea>` +
			`<LotArea unit="square metres">5000</LotArea>`
	}
	subtype := func(name string) func(p listing.Property) string {
		return func(p listing.Property) string {
			if p.Subtype.Name != name {
				return "subtype " + p.Subtype.Name + ", want " + name
			}
			return ""
		}
	}
	runTolerant(t, feed.Namespace, []tolerantCase{
		{id: "LOJA", details: typed("Commercial / Loja"), check: subtype("Loja/salão")},
		{id: "AGRO", details: typed("Commercial / Agricultural"), check: subtype("Imóvel rural")},
		{id: "LANDLOT", details: typed("Residential / Land/Lot"), check: subtype("Terreno"),
			warnings: []string{`tipo "Residential / Land/Lot" é o nome antigo (2015) de "Residential / Land Lot"`}},
		{id: "FARM", details: typed("Farm/Ranch"), check: subtype("Chácara"),
			warnings: []string{`tipo "Farm/Ranch" sem a categoria: lido como "Residential / Farm Ranch"`}},
		{id: "RETAIL", details: typed("Commercial / Retail"), check: subtype("Loja/salão"),
			warnings: []string{`tipo "Commercial / Retail" é o nome antigo (2015) de "Commercial / Loja"`}},
		{
			id: "CASTLE", details: typed("Residential / Castle") + `<UsageType>Royal</UsageType>`,
			location: plainLocation, check: subtype("Castle"),
			warnings: []string{
				`Details/PropertyType: tipo "Residential / Castle" desconhecido dos portais: o imóvel ficou com o subtipo "Castle"`,
				`Details/UsageType: uso "Royal" desconhecido dos portais`,
			},
		},
		// A Feature the documentation does not list is kept as an amenity
		// of its own name; one that cannot name an amenity is left out.
		features("FEATURES-0", part[0].String()+`<Feature>Castle Moat</Feature><Feature>***</Feature>`,
			`Details/Features: características que a documentação dos portais não lista, guardadas como comodidades com o nome escrito (não vão para o feed): "Castle Moat"`,
			`Details/Features: características desconhecidas dos portais, não importadas (o nome não serve para uma comodidade): "***"`),
		features("FEATURES-1", part[1].String()),
		features("FEATURES-2", part[2].String()),
		{
			// More than a property's 100 amenities: the first 100 kept.
			id: "FEATURES-ALL",
			details: `<PropertyType>Residential / Apartment</PropertyType>` + plainDescription +
				`<ListPrice currency="BRL">900000</ListPrice><LivingArea unit="square metres">120</LivingArea>` +
				`<Features>` + part[0].String() + part[1].String() + `</Features>`,
			warnings: []string{
				`Details/Features: característica "Eletric Charger" lida como "Electric Charger"`,
				`Details/Features: um imóvel tem no máximo 100 comodidades: as 34 seguintes não foram importadas: `,
			},
			check: func(p listing.Property) string {
				if len(p.Amenities) != 100 {
					return fmt.Sprintf("%d amenities, want the first 100", len(p.Amenities))
				}
				return ""
			},
		},
	})
}

// features is a listing with the features doc, each imported as its
// amenity but the misspelled Eletric Charger, read as Electric Charger
// with a warning, Castle Moat, an amenity of its own name, and ***, left
// out; and the other warnings want.
func features(id, doc string, want ...string) tolerantCase {
	n := strings.Count(doc, "<Feature>")
	if strings.Contains(doc, "<Feature>***</Feature>") {
		n--
	}
	if strings.Contains(doc, "Eletric Charger") {
		want = append(want, `Details/Features: característica "Eletric Charger" lida como "Electric Charger"`)
		if strings.Contains(doc, ">Electric Charger<") {
			n-- // the two are one amenity
		}
	}
	return tolerantCase{
		id: id,
		details: `<PropertyType>Residential / Apartment</PropertyType>` + plainDescription +
			`<ListPrice currency="BRL">900000</ListPrice><LivingArea unit="square metres">120</LivingArea>` +
			`<Features>` + doc + `</Features>`,
		warnings: want,
		check: func(p listing.Property) string {
			if len(p.Amenities) != n {
				return fmt.Sprintf("%d amenities, want one for each of the %d features", len(p.Amenities), n)
			}
			for _, a := range p.Amenities {
				if _, ok := feed.FeatureOf(a.Slug); !ok && a.Slug != "castle-moat" {
					return "amenity " + a.Name + " has no feature"
				}
			}
			return ""
		},
	}
}

func enumerationsOf(t *testing.T, name string) []string { return enumerations(t)[name] }

// TestImportRentPeriods: a rent of another period than a month (a
// season rental by the day) is stored with its period, and written back
// with it, so that importing the feed again changes nothing.
func TestImportRentPeriods(t *testing.T) {
	cases := []tolerantCase{}
	for _, p := range listing.RentPeriods {
		period := feed.RentalPeriod(p)
		cases = append(cases, tolerantCase{
			id: "RENT-" + strings.ToUpper(period), tx: "For Rent",
			details: `<PropertyType>Residential / Home</PropertyType>` + plainDescription +
				`<RentalPrice currency="BRL" period="` + period + `">300</RentalPrice><LivingArea unit="square metres">90</LivingArea>`,
			check: func(got listing.Property) string {
				if got.RentPeriod.Or() != p || got.RentPrice.Money != 30000 {
					return fmt.Sprintf("rent %v %q, want 300 %q", got.RentPrice, got.RentPeriod, p)
				}
				return ""
			},
		})
	}
	runTolerant(t, feed.Namespace, cases)
	// Vitrine's own feed of such a property reads back as no change.
	for _, d := range storetest.Dialects {
		t.Run(d+"/again", func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, d)
			doc := tolerantDoc(feed.Namespace, cases[:1])
			if _, _, err := e.importDoc(t, doc, feed.ImportOptions{Photos: feed.PhotosLink}); err != nil {
				t.Fatal(err)
			}
			res, _, err := e.importDoc(t, doc, feed.ImportOptions{Photos: feed.PhotosLink})
			if r := res[cases[0].id]; err != nil || r.Action != feed.Unchanged {
				t.Errorf("second import: %+v, %v; want unchanged", r, err)
			}
		})
	}
}

// TestImportCustomFeatureAgain: a Feature kept as an amenity of its own
// name reads back as no change on the next import of the same file.
func TestImportCustomFeatureAgain(t *testing.T) {
	cases := []tolerantCase{features("CUSTOM", `<Feature>Pool</Feature><Feature>Castle Moat</Feature>`)}
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, d)
			doc := tolerantDoc(feed.Namespace, cases)
			first, _, err := e.importDoc(t, doc, feed.ImportOptions{Photos: feed.PhotosLink})
			if r := first["CUSTOM"]; err != nil || r.Action != feed.Created {
				t.Fatalf("first import: %+v, %v", r, err)
			}
			res, _, err := e.importDoc(t, doc, feed.ImportOptions{Photos: feed.PhotosLink})
			if r := res["CUSTOM"]; err != nil || r.Action != feed.Unchanged {
				t.Errorf("second import: %+v, %v; want unchanged", r, err)
			}
		})
	}
}
