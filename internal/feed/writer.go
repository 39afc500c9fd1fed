package feed

import (
	"bufio"
	"encoding/xml"
	"hash/maphash"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Publisher is who sends the feed: the agency, for the feed's Header and
// each listing's ContactInfo. Empty fields are left out.
type Publisher struct {
	Name      string // the agency's name
	Email     string
	Telephone string // E.164, written for people: "(48) 3333-4444"
	Website   string // the site's address, with no trailing slash
	Logo      string
}

// Writer writes one VRSync feed, listing by listing, through a buffer: a
// catalogue of any size is never held whole. The first error of the
// underlying writer stops the writing, and Close returns it.
type Writer struct {
	w   *bufio.Writer
	pub Publisher
	// held is true when the publisher lacks what every listing needs
	// (CheckPublisher): then no listing is written.
	held bool
	err  error
	seen map[uint64]struct{} // the ListingIDs written, hashed
	seed maphash.Seed
	n    int
}

// NewWriter starts a feed on w, published at publishDate: the XML
// declaration, the root ListingDataFeed, its Header and the opening of
// Listings.
func NewWriter(w io.Writer, pub Publisher, publishDate time.Time) *Writer {
	x := newWriter(bufio.NewWriterSize(w, 32<<10))
	x.pub = pub
	x.held = len(CheckPublisher(pub)) > 0
	x.str(xml.Header)
	x.str(`<ListingDataFeed xmlns="` + Namespace + `" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="` +
		Namespace + ` http://xml.vivareal.com/vrsync.xsd">` + "\n<Header>")
	x.elem("Provider", pub.Name)
	x.opt("Email", pub.Email) // required: missing, the feed carries no listing (held)
	x.opt("ContactName", pub.Name)
	x.elem("PublishDate", publishDate.UTC().Format(time.RFC3339))
	x.opt("Logo", pub.Logo)
	x.opt("Telephone", pub.Telephone)
	x.str("</Header>\n<Listings>\n")
	return x
}

// newWriter is a Writer on w that has written nothing.
func newWriter(w *bufio.Writer) *Writer {
	return &Writer{w: w, seen: map[uint64]struct{}{}, seed: maphash.MakeSeed()}
}

// Add writes p as one Listing when Check finds nothing against it and
// the publisher is complete (CheckPublisher), and reports whether it did.
// p must carry its photos and amenities.
func (x *Writer) Add(p listing.Property) (bool, error) {
	if x.err != nil {
		return false, x.err
	}
	if x.held || len(Check(p)) > 0 {
		return false, nil
	}
	x.listing(p)
	if x.err != nil {
		return false, x.err
	}
	x.n++
	return true, nil
}

// Len returns the number of listings written.
func (x *Writer) Len() int { return x.n }

// Close ends the feed and flushes it.
func (x *Writer) Close() error {
	x.str("</Listings>\n</ListingDataFeed>\n")
	if x.err == nil {
		x.err = x.w.Flush()
	}
	return x.err
}

// listingID is the ListingID of p: its code, which the agency finds its
// listings by on the portals, unless it has none or another listing of
// this feed already took it; then its id, unique by construction. Only
// a hash of each ListingID is kept, 8 bytes a listing.
func (x *Writer) listingID(p listing.Property) string {
	if p.Code != "" {
		var h maphash.Hash
		h.SetSeed(x.seed)
		h.WriteString(p.Code)
		k := h.Sum64()
		if _, dup := x.seen[k]; !dup {
			x.seen[k] = struct{}{}
			return p.Code
		}
	}
	var h maphash.Hash
	h.SetSeed(x.seed)
	h.WriteString(p.ID)
	x.seen[h.Sum64()] = struct{}{}
	return p.ID
}

func (x *Writer) listing(p listing.Property) {
	kind, _ := KindOf(p.Subtype.Slug)
	b := listing.Business(p.Type)
	x.str("<Listing>")
	x.elem("ListingID", x.listingID(p))
	x.elem("Title", p.Title)
	x.elem("TransactionType", TransactionType(b))
	if x.pub.Website != "" {
		x.elem("DetailViewUrl", x.pub.Website+"/imoveis/"+p.Slug)
	}
	x.media(p)
	x.details(p, kind, b)
	x.location(p)
	x.contact()
	x.str("</Listing>\n")
}

// media writes the photos, the cover first and primary, then the video.
func (x *Writer) media(p listing.Property) {
	x.str("<Media>")
	for i, ph := range p.VisiblePhotos() {
		x.str(`<Item medium="image"`)
		if ph.AltText != "" {
			x.attr("caption", ph.AltText)
		}
		if i == 0 {
			x.str(` primary="true"`)
		}
		x.str(">")
		x.text(ph.URL)
		x.str("</Item>")
	}
	if p.VideoURL != "" {
		x.str(`<Item medium="video">`)
		x.text(p.VideoURL)
		x.str("</Item>")
	}
	x.str("</Media>")
}

func (x *Writer) details(p listing.Property, kind Kind, b listing.Business) {
	x.str("<Details>")
	x.elem("UsageType", kind.UsageType)
	x.elem("PropertyType", kind.PropertyType)
	x.elem("Description", p.Description)
	if b.Sale() {
		x.money("ListPrice", p.Price, "")
	}
	if b.Rent() {
		x.money("RentalPrice", p.RentPrice.Money, RentalPeriod(p.RentPeriod))
	}
	if p.CondoFee.Valid && p.CondoFee.Money > 0 {
		x.money("PropertyAdministrationFee", p.CondoFee.Money, "Monthly")
	}
	if p.IPTU.Valid && p.IPTU.Money > 0 {
		x.money("Iptu", p.IPTU.Money, IPTUPeriod(p.IPTUPeriod))
	}
	if !kind.Land {
		x.area("LivingArea", livingArea(p))
	}
	if a := lotArea(p); a > 0 {
		x.area("LotArea", a)
	}
	if !kind.Land {
		x.num("Bedrooms", p.Bedrooms)
		x.num("Bathrooms", p.Bathrooms)
		x.num("Suites", p.Suites)
	}
	if p.ParkingSpots > 0 {
		x.str(`<Garage type="Parking Space">` + strconv.Itoa(p.ParkingSpots) + "</Garage>")
	}
	if p.Floor.Valid {
		x.num("UnitFloor", p.Floor.Int)
	}
	if p.YearBuilt.Valid {
		x.num("YearBuilt", p.YearBuilt.Int)
	}
	wrote := map[string]bool{}
	for _, a := range p.Amenities {
		f, ok := FeatureOf(a.Slug)
		if !ok || wrote[f] {
			continue
		}
		if len(wrote) == 0 {
			x.str("<Features>")
		}
		wrote[f] = true
		x.elem("Feature", f)
	}
	if len(wrote) > 0 {
		x.str("</Features>")
	}
	x.str("</Details>")
}

// location writes the address with the agency's choice of what the
// portal shows (displayAddress). The portals ask for the whole address
// whatever is shown, to place the listing in their searches; the
// coordinates go only when the whole address is public (a pin shows the
// number), and the complement never (it is never public).
func (x *Writer) location(p listing.Property) {
	x.str(`<Location displayAddress="` + DisplayAddress(p.AddressVisibility) + `">`)
	x.str(`<Country abbreviation="BR">Brasil</Country>`)
	x.str(`<State abbreviation="` + p.City.State + `">`)
	x.text(stateNames[p.City.State])
	x.str("</State>")
	x.elem("City", p.City.Name)
	x.elem("Neighborhood", p.Neighborhood.Name)
	x.opt("Address", p.Street)
	x.opt("StreetNumber", p.Number)
	x.elem("PostalCode", listing.FormatCEP(p.CEP))
	if p.AddressVisibility == listing.ShowAll && p.Latitude.Valid && p.Longitude.Valid {
		x.str("<Latitude>" + strconv.FormatFloat(p.Latitude.Float, 'f', -1, 64) + "</Latitude>")
		x.str("<Longitude>" + strconv.FormatFloat(p.Longitude.Float, 'f', -1, 64) + "</Longitude>")
	}
	x.str("</Location>")
}

func (x *Writer) contact() {
	x.str("<ContactInfo>")
	x.elem("Name", x.pub.Name)
	x.elem("Email", x.pub.Email)
	x.opt("Website", x.pub.Website)
	x.opt("Logo", x.pub.Logo)
	x.opt("Telephone", x.pub.Telephone)
	x.str("</ContactInfo>")
}

// money writes an amount in whole reais, with its period when it has one.
func (x *Writer) money(name string, m listing.Money, period string) {
	x.str("<" + name + ` currency="BRL"`)
	if period != "" {
		x.str(` period="` + period + `"`)
	}
	x.str(">" + strconv.FormatInt(Reais(m), 10) + "</" + name + ">")
}

// area writes an area in whole square metres, at least 1.
func (x *Writer) area(name string, m2 float64) {
	n := max(int64(math.Round(m2)), 1)
	x.str("<" + name + ` unit="square metres">` + strconv.FormatInt(n, 10) + "</" + name + ">")
}

func (x *Writer) num(name string, n int) {
	x.str("<" + name + ">" + strconv.Itoa(n) + "</" + name + ">")
}

// elem writes an element of text, escaped.
func (x *Writer) elem(name, text string) {
	x.str("<" + name + ">")
	x.text(text)
	x.str("</" + name + ">")
}

// opt writes an element of text unless the text is empty.
func (x *Writer) opt(name, text string) {
	if text != "" {
		x.elem(name, text)
	}
}

// attr writes an attribute, escaped.
func (x *Writer) attr(name, value string) {
	x.str(" " + name + `="`)
	x.text(value)
	x.str(`"`)
}

func (x *Writer) text(s string) {
	if x.err == nil {
		x.err = xml.EscapeText(x.w, []byte(s))
	}
}

func (x *Writer) str(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}
