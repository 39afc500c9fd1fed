package feed

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// target is what one listing of a file says of a property, in the
// domain's terms: the reverse of the Writer's mapping. A field the
// listing leaves out is "not said" where the format lets a listing leave
// it out (nil), and its zero where the Writer leaves out a zero (a
// Garage of 0 spots, no fee).
type target struct {
	title       string
	business    listing.Business
	price, rent listing.NullMoney
	rentPeriod  listing.RentPeriod // of rent: monthly when the file gives none
	fee         listing.NullMoney
	iptu        listing.NullMoney
	iptuPeriod  listing.IPTUPeriod
	kind        Kind
	unknownType string // the subtype of a PropertyType the portals do not list
	description string
	living, lot listing.NullFloat
	bedrooms    *int
	bathrooms   *int
	suites      *int
	parking     int
	floor, year listing.NullInt
	features    []string // known Features, each once, in the file's order
	// custom are the Features the documentation does not list, as
	// written, each once: kept as amenities of their own name, which the
	// feed does not publish (as an unknown PropertyType is a subtype of
	// its own).
	custom []string
	// namedAmenities are the amenities a Feature written as an amenity's
	// Portuguese name stands for, by the Feature: a new one gets that
	// amenity rather than the Feature's canonical one.
	namedAmenities map[string]listing.Amenity
	video          string
	photos         []photoItem // the cover first
	visibility     listing.AddressVisibility
	state          string
	city           string
	hood           string
	street         string
	number         string
	complement     *string
	cep            string
	lat, lng       listing.NullFloat
}

// photoItem is a photo of a listing: its address and description.
type photoItem struct {
	url, caption string
}

// readTarget maps a listing read from a file back to the domain. Values
// it cannot map (an unknown PropertyType, a price that is not a number)
// are problems, which refuse the listing; what it leaves out (an unknown
// Feature, a second video) are warnings. Both name the element.
func readTarget(l *Listing) (t target, problems, warnings []Problem) {
	bad := func(field, format string, args ...any) {
		problems = append(problems, Problem{field, fmt.Sprintf(format, args...)})
	}
	warn := func(field, format string, args ...any) {
		warnings = append(warnings, Problem{field, fmt.Sprintf(format, args...)})
	}
	switch {
	case l.namespace == nil:
	case *l.namespace == "":
		warn("ListingDataFeed", "o arquivo não declara o espaço de nomes do VRSync (%s): lido como VRSync", Namespace)
	default:
		warn("ListingDataFeed", "o arquivo usa o espaço de nomes antigo %s: lido como VRSync (%s)", *l.namespace, Namespace)
	}
	t.title = l.Title
	if l.TransactionType != "" {
		b, ok := businessOf[l.TransactionType]
		if !ok {
			bad("TransactionType", "tipo de negócio %q desconhecido (use For Sale, For Rent ou Sale/Rent)", l.TransactionType)
		}
		t.business = b
	}
	d := &l.Details
	money := func(field string, a *Amount, periods ...string) listing.NullMoney {
		if a == nil {
			return listing.NullMoney{}
		}
		if a.Currency != "" && a.Currency != "BRL" {
			bad(field, "moeda %q não aceita: os valores são em reais (BRL)", a.Currency)
		}
		if a.Period != "" && len(periods) > 0 && !slices.Contains(periods, a.Period) {
			bad(field, "período %q não aceito aqui (use %s)", a.Period, strings.Join(periods, " ou "))
		}
		m, err := listing.ParseMoney(a.Value)
		if err != nil {
			bad(field, "%q não é um valor em reais (use dígitos e, se houver, ponto e centavos: 450000 ou 450000.50)", a.Value)
			return listing.NullMoney{}
		}
		return listing.NullMoney{Money: m, Valid: true}
	}
	t.price = money("Details/ListPrice", d.ListPrice)
	t.rent = money("Details/RentalPrice", d.RentalPrice, "Daily", "Weekly", "Monthly", "Quarterly", "Yearly")
	t.rentPeriod = listing.RentMonthly
	if d.RentalPrice != nil {
		if p, ok := rentPeriodOf[d.RentalPrice.Period]; ok {
			t.rentPeriod = p
		}
	}
	t.fee = money("Details/PropertyAdministrationFee", d.Fee, "Monthly")
	if t.fee.Valid && t.fee.Money == 0 {
		t.fee = listing.NullMoney{} // the Writer leaves a fee of 0 out
	}
	switch {
	case t.business.Sale() && !t.price.Valid && d.ListPrice == nil:
		bad("Details/ListPrice", "informe o preço de venda: o anúncio é %s", l.TransactionType)
	case t.business.Rent() && !t.rent.Valid && d.RentalPrice == nil:
		bad("Details/RentalPrice", "informe o aluguel: o anúncio é %s", l.TransactionType)
	}
	t.readIPTU(d, money, warn)
	if t.iptu.Valid && t.iptu.Money == 0 {
		t.iptu, t.iptuPeriod = listing.NullMoney{}, "" // the Writer leaves an IPTU of 0 out
	}
	usage := d.UsageType
	if !usageKnown(usage) {
		warn("Details/UsageType", "uso %q desconhecido dos portais (que usam Residential, Commercial ou Residential / Commercial): vale o tipo", usage)
		usage = ""
	}
	if d.PropertyType != "" {
		full, known := propertyTypeOf(d.PropertyType, usage, warn)
		if !known {
			// Kept as a subtype of its own, which has no kind on the
			// portals: the property stays out of the feed, and Check says
			// why, until staff give it one of Vitrine's subtypes.
			t.unknownType = unknownSubtypeName(d.PropertyType)
			warn("Details/PropertyType", "tipo %q desconhecido dos portais: o imóvel ficou com o subtipo %q, que não vai para os portais até ser trocado por um conhecido",
				d.PropertyType, t.unknownType)
		} else {
			k, _ := CanonicalSubtype(full)
			t.kind, _ = KindOf(k.Slug)
			if usage != "" && usage != t.kind.UsageType && usage != mixedUsage {
				warn("Details/UsageType", "%q não corresponde ao tipo %q (que é %s); vale o tipo", usage, d.PropertyType, t.kind.UsageType)
			}
		}
	}
	t.description = d.Description
	// decimal reads a finite number; what says what it should be.
	decimal := func(field, s, what string) listing.NullFloat {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			bad(field, "%q não é %s", s, what)
			return listing.NullFloat{}
		}
		return listing.NullFloat{Float: f, Valid: true}
	}
	area := func(field string, a *Amount) listing.NullFloat {
		if a == nil {
			return listing.NullFloat{}
		}
		if a.Unit != "" && a.Unit != "square metres" {
			bad(field, "unidade %q não aceita (use square metres)", a.Unit)
		}
		return decimal(field, a.Value, "uma área em m²")
	}
	t.living = area("Details/LivingArea", d.LivingArea)
	t.lot = area("Details/LotArea", d.LotArea)
	count := func(field string, s *string) *int {
		if s == nil {
			return nil
		}
		n, err := strconv.Atoi(*s)
		if err != nil {
			bad(field, "%q não é um número inteiro", *s)
			return nil
		}
		return &n
	}
	t.bedrooms = count("Details/Bedrooms", d.Bedrooms)
	t.bathrooms = count("Details/Bathrooms", d.Bathrooms)
	t.suites = count("Details/Suites", d.Suites)
	if t.suites != nil && *t.suites > 0 {
		// Suites are bedrooms, so a listing has at least as many bedrooms
		// as suites; the portals show the file's numbers as they are, and
		// the listing is theirs to take.
		if b := t.bedrooms; b == nil || *b < *t.suites {
			had := "nenhum quarto"
			if b != nil {
				had = plural(*b, "quarto", "quartos")
			}
			warn("Details/Bedrooms", "o arquivo diz %s e %s; como suítes são quartos, o imóvel ficou com %s",
				had, plural(*t.suites, "suíte", "suítes"), plural(*t.suites, "quarto", "quartos"))
			t.bedrooms = ptr(*t.suites)
		}
	}
	if d.Garage != nil {
		if n := count("Details/Garage", &d.Garage.Value); n != nil {
			t.parking = *n
		}
	}
	nullInt := func(field string, s *string) listing.NullInt {
		if n := count(field, s); n != nil {
			return listing.NullInt{Int: *n, Valid: true}
		}
		return listing.NullInt{}
	}
	t.floor = nullInt("Details/UnitFloor", d.UnitFloor)
	t.year = nullInt("Details/YearBuilt", d.YearBuilt)
	var unknown, kept, named []string
	for _, f := range d.Features {
		if current, ok := olderFeatures[f]; ok {
			warn("Details/Features", "característica %q lida como %q, o nome documentado", f, current)
			f = current
		} else if _, documented := CanonicalAmenity(f); !documented {
			if a, current, ok := amenityNamed(f); ok {
				named = append(named, fmt.Sprintf("%q (%s)", f, current))
				f = current
				if t.namedAmenities == nil {
					t.namedAmenities = map[string]listing.Amenity{}
				}
				if _, seen := t.namedAmenities[f]; !seen {
					t.namedAmenities[f] = a
				}
			}
		}
		switch _, ok := CanonicalAmenity(f); {
		case !ok && listing.ValidName(f):
			if !slices.ContainsFunc(t.custom, func(c string) bool { return listing.Slugify(c) == listing.Slugify(f) }) {
				t.custom = append(t.custom, f)
				kept = append(kept, strconv.Quote(f))
			}
		case !ok:
			unknown = append(unknown, strconv.Quote(f))
		case !slices.Contains(t.features, f):
			t.features = append(t.features, f)
		}
	}
	if room := listing.MaxAmenities - len(t.features); len(t.custom) > max(room, 0) {
		left := t.custom[max(room, 0):]
		warn("Details/Features", "um imóvel tem no máximo %d comodidades: as %d seguintes não foram importadas: %s",
			listing.MaxAmenities, len(left), strings.Join(quote(left), ", "))
		t.custom = t.custom[:max(room, 0)]
		kept = quote(t.custom)
	}
	if len(t.features) > listing.MaxAmenities {
		left := t.features[listing.MaxAmenities:]
		warn("Details/Features", "um imóvel tem no máximo %d comodidades: as %d seguintes não foram importadas: %s",
			listing.MaxAmenities, len(left), strings.Join(quote(left), ", "))
		t.features = t.features[:listing.MaxAmenities]
	}
	if len(named) > 0 {
		warn("Details/Features", "características com o nome em português de uma comodidade, lidas como ela (os portais esperam o nome em inglês): %s",
			strings.Join(named, ", "))
	}
	if len(kept) > 0 {
		warn("Details/Features", "características que a documentação dos portais não lista, guardadas como comodidades com o nome escrito (não vão para o feed): %s",
			strings.Join(kept, ", "))
	}
	if len(unknown) > 0 {
		warn("Details/Features", "características desconhecidas dos portais, não importadas (o nome não serve para uma comodidade): %s", strings.Join(unknown, ", "))
	}
	var other []string
	for _, o := range d.Other {
		if !slices.Contains(other, o.XMLName.Local) {
			other = append(other, o.XMLName.Local)
		}
	}
	if len(other) > 0 {
		warn("Details", "elementos que o Vitrine não lê, não importados: %s", strings.Join(other, ", "))
	}
	t.readMedia(l.Media, warn)
	loc := &l.Location
	if loc.DisplayAddress != "" {
		v, ok := visibilityOf[loc.DisplayAddress]
		if !ok {
			// The least of the address is shown: a wrong guess the other way
			// would publish a street and number the agency did not mean to.
			warn("Location/displayAddress", "valor %q desconhecido (os portais usam All, Street ou Neighborhood): o imóvel mostra só o bairro", loc.DisplayAddress)
			v = listing.ShowNeighborhood
		}
		t.visibility = v
	}
	t.state = loc.State.Abbreviation
	if t.state == "" {
		for uf, name := range stateNames {
			if strings.EqualFold(name, loc.State.Name) {
				t.state = uf
			}
		}
	}
	t.city, t.hood, t.street, t.number = loc.City, loc.Neighborhood, loc.Address, loc.StreetNumber
	t.complement = loc.Complement
	t.cep = loc.PostalCode
	if digits, ok := listing.ParseCEP(t.cep); ok {
		t.cep = digits // "88015-200" and "88015200" are one CEP
	} else if digits, ok := cepLostZero(t.cep); ok {
		// A CEP of São Paulo (01000-000 to 09999-999) kept as a number by
		// a spreadsheet or a CRM loses its leading zero.
		warn("Location/PostalCode", "o CEP %q tem 7 dígitos: lido como %s, com o zero à esquerda", t.cep, listing.FormatCEP(digits))
		t.cep = digits
	}
	coord := func(field string, s *string) listing.NullFloat {
		if s == nil {
			return listing.NullFloat{}
		}
		return decimal(field, *s, "uma coordenada")
	}
	t.lat = coord("Location/Latitude", loc.Latitude)
	t.lng = coord("Location/Longitude", loc.Longitude)
	return t, problems, warnings
}

// cepLostZero reads a CEP of seven digits ("1310100", "1310-100") as the
// eight-digit one whose leading zero was lost.
func cepLostZero(s string) (string, bool) {
	if len(s) == 8 && s[4] == '-' {
		s = s[:4] + s[5:]
	}
	if len(s) != 7 {
		return "", false
	}
	return listing.ParseCEP("0" + s)
}

// plural writes n with the singular or plural noun: "1 suíte", "3 suítes".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// mixedUsage is the UsageType of a property for both uses: the
// PropertyType says which category it is listed in.
const mixedUsage = "Residential / Commercial"

// readIPTU reads the IPTU from Iptu, whose period is Yearly when it has
// none (as the documentation says), or else from the older YearlyTax or
// MonthlyTax. A second amount that disagrees with the one read is
// warned about, never lost silently.
func (t *target) readIPTU(d *Details, money func(string, *Amount, ...string) listing.NullMoney, warn func(field, format string, args ...any)) {
	type source struct {
		field  string
		a      *Amount
		period listing.IPTUPeriod
	}
	var found []source
	if d.Iptu != nil {
		p, ok := iptuPeriodOf[d.Iptu.Period]
		if !ok {
			p = listing.IPTUYearly // no period (or one refused by money below)
		}
		found = append(found, source{"Details/Iptu", d.Iptu, p})
	}
	if d.YearlyTax != nil {
		found = append(found, source{"Details/YearlyTax", d.YearlyTax, listing.IPTUYearly})
	}
	if d.MonthlyTax != nil {
		found = append(found, source{"Details/MonthlyTax", d.MonthlyTax, listing.IPTUMonthly})
	}
	if len(found) == 0 {
		return
	}
	first := found[0]
	if first.field == "Details/Iptu" {
		t.iptu = money(first.field, first.a, "Yearly", "Monthly")
	} else {
		t.iptu = money(first.field, first.a)
	}
	t.iptuPeriod = first.period
	for _, o := range found[1:] {
		m, err := listing.ParseMoney(o.a.Value)
		if err != nil || m != t.iptu.Money || o.period != t.iptuPeriod {
			warn(o.field, "o IPTU também vem em %s (%s, %s): vale o de %s", o.field, o.a.Value, periodWord(o.period), first.field)
		}
	}
}

func periodWord(p listing.IPTUPeriod) string {
	if p == listing.IPTUMonthly {
		return "mensal"
	}
	return "anual"
}

func usageKnown(u string) bool { return u == "" || u == mixedUsage || usageTypes[u] }

// propertyTypeOf returns the current PropertyType a file's one stands
// for, and whether there is one: itself, a 2015 name, or a name without
// its category (see withCategory), the last two with a warning.
func propertyTypeOf(pt, usage string, warn func(field, format string, args ...any)) (string, bool) {
	if _, ok := CanonicalSubtype(pt); ok {
		return pt, true
	}
	if current, ok := olderPropertyTypes[pt]; ok {
		warn("Details/PropertyType", "tipo %q é o nome antigo (2015) de %q", pt, current)
		return current, true
	}
	if current, ok := misspelledPropertyTypes[pt]; ok {
		warn("Details/PropertyType", "tipo %q lido como %q (grafia do exemplo do VivaReal)", pt, current)
		return current, true
	}
	full, ok := withCategory(pt, usage)
	if !ok {
		return "", false
	}
	if current, older := olderPropertyTypes[full]; older {
		full = current
	}
	warn("Details/PropertyType", "tipo %q sem a categoria: lido como %q", pt, full)
	return full, true
}

// unknownSubtypeName is the name of the subtype an unknown PropertyType
// is kept as: its part after the category ("Residential / Castle":
// Castle), within a subtype name's length.
func unknownSubtypeName(pt string) string {
	if i := strings.LastIndex(pt, " / "); i >= 0 && i+3 < len(pt) {
		pt = pt[i+3:]
	}
	if r := []rune(pt); len(r) > listing.MaxNameLen {
		pt = string(r[:listing.MaxNameLen])
	}
	return pt
}

// withCategory returns the PropertyType that a type written without its
// category ("Apartment", as older generators write it) stands for: in
// the UsageType's category first, then the other (a generator that
// writes Commercial for an apartment let for an office still means an
// apartment).
func withCategory(propertyType, usage string) (string, bool) {
	if strings.Contains(propertyType, " / ") {
		return "", false
	}
	cats := []string{"Residential", "Commercial"}
	if usage == "Commercial" {
		cats = []string{"Commercial", "Residential"}
	}
	for _, c := range cats {
		full := c + " / " + propertyType
		if _, ok := CanonicalSubtype(full); ok {
			return full, true
		}
		if _, ok := olderPropertyTypes[full]; ok {
			return full, true
		}
	}
	return "", false
}

// placeholderCaption matches a caption that a generator made from the
// photo's place or file ("img0", "image_12", "7", "IMG_2041.JPG"): it
// describes nothing to a person who cannot see the photo, so it never
// becomes its alt text.
var placeholderCaption = regexp.MustCompile(`(?i)^((img|image|pic|picture|dsc|dscn)?[\s_-]*\d+|\S*\.(jpe?g|png|webp|gif))$`)

// readMedia takes the photos (the one marked primary, else the first, as
// the cover) and the first YouTube video of a listing's Media.
func (t *target) readMedia(items []MediaItem, warn func(field, format string, args ...any)) {
	cover := -1
	videos := 0
	for _, m := range items {
		switch m.Medium {
		case "image", "":
			if m.Primary == "true" && cover < 0 {
				cover = len(t.photos)
			}
			caption := m.Caption
			if placeholderCaption.MatchString(caption) {
				caption = ""
			}
			t.photos = append(t.photos, photoItem{m.URL, caption})
		case "video":
			videos++
			switch {
			case videos > 1:
				warn("Media/Item", "o imóvel tem um vídeo só: o vídeo %s não foi importado", m.URL)
			case !IsYouTube(m.URL):
				warn("Media/Item", "só vídeos do YouTube são importados: %s não foi", m.URL)
				videos--
			default:
				t.video = m.URL
			}
		default:
			warn("Media/Item", "mídia %q não importada (só image e video)", m.Medium)
		}
	}
	if len(t.photos) > listing.MaxPhotos {
		// The cover first, then the file's order: the photos past the most
		// a property has are the file's last ones.
		if cover > 0 {
			c := t.photos[cover]
			t.photos = append([]photoItem{c}, slices.Delete(t.photos, cover, cover+1)...)
			cover = 0
		}
		warn("Media/Item", "um imóvel tem no máximo %d fotos: as %d últimas do arquivo não foram importadas", listing.MaxPhotos, len(t.photos)-listing.MaxPhotos)
		t.photos = t.photos[:listing.MaxPhotos]
	}
	if cover > 0 {
		c := t.photos[cover]
		t.photos = append([]photoItem{c}, slices.Delete(t.photos, cover, cover+1)...)
	}
}

// project is what the feed says of p: its Listing as the Writer writes it,
// read back. Comparing a file's listing with it in the domain's terms
// (readTarget of both) says what the file changes, at the format's
// resolution (whole reais, whole square metres).
func project(p listing.Property) *Listing {
	var b bytes.Buffer
	x := newWriter(bufio.NewWriter(&b))
	x.str("<Listings>")
	x.listing(p)
	x.str("</Listings>")
	x.w.Flush()
	var doc struct {
		Listing Listing `xml:"Listing"`
	}
	// The document is the Writer's own: it always reads.
	_ = xml.Unmarshal(b.Bytes(), &doc)
	doc.Listing.trim()
	return &doc.Listing
}

// area is an area as the feed writes it: whole square metres, at least
// 1; -1 for none.
func area(f listing.NullFloat) int64 {
	if !f.Valid {
		return -1
	}
	return max(int64(math.Round(f.Float)), 1)
}

// reais is an amount as the feed writes it; -1 for none.
func reais(m listing.NullMoney) int64 {
	if !m.Valid {
		return -1
	}
	return Reais(m.Money)
}

// fieldElements names, for a field of the admin API that the domain's
// validation reports, the element of the file it comes from.
var fieldElements = map[string]string{
	"title": "Title", "slug": "Title", "code": "ListingID", "type": "TransactionType",
	"description": "Details/Description", "price": "Details/ListPrice", "rent_price": "Details/RentalPrice",
	"condo_fee": "Details/PropertyAdministrationFee", "rent_period": "Details/RentalPrice", "iptu": "Details/Iptu", "iptu_period": "Details/Iptu",
	"subtype": "Details/PropertyType", "subtype.name": "Details/PropertyType",
	"bedrooms": "Details/Bedrooms", "bathrooms": "Details/Bathrooms", "suites": "Details/Suites",
	"parking_spots": "Details/Garage", "area_m2": "Details/LivingArea", "useful_area_m2": "Details/LivingArea",
	"total_area_m2": "Details/LotArea", "floor": "Details/UnitFloor", "year_built": "Details/YearBuilt",
	"amenities": "Details/Features", "video_url": "Media/Item", "photos": "Media/Item",
	"city": "Location/City", "city.name": "Location/City", "city.state": "Location/State",
	"neighborhood": "Location/Neighborhood", "neighborhood.name": "Location/Neighborhood",
	"street": "Location/Address", "number": "Location/StreetNumber", "complement": "Location/Complement",
	"cep": "Location/PostalCode", "latitude": "Location/Latitude", "longitude": "Location/Longitude",
	"address_visibility": "Location/displayAddress",
}

// elementOf names the element of an API field ("photos[2].url":
// "Media/Item"); a field with no element (status) keeps its name.
func elementOf(field string) string {
	if e, ok := fieldElements[field]; ok {
		return e
	}
	base, _, _ := strings.Cut(field, "[")
	if e, ok := fieldElements[base]; ok {
		return e
	}
	return field
}

// quote returns each of ss quoted, as the warnings name values.
func quote(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}
