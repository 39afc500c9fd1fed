// Package seo makes what a page's head tells link previews and search
// engines: its title, description, Open Graph tags and schema.org
// structured data (JSON-LD). It works from the public detail
// (detaildoc.Detail), so a page shows the address at the level the
// property's address_visibility lets the public see, as the public read
// does, and never the complement, which the detail has no field for.
package seo

import (
	"cmp"
	"encoding/json"
	"html"
	"html/template"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

// Property is what a property page's head is made from.
type Property struct {
	Detail detaildoc.Detail // the public detail
	JSON   json.RawMessage  // the same, as the API sends it (the page carries it for its script), or nil
	Posted time.Time        // when the property was created
	Base   string           // the site's address, without a trailing slash: "https://imoveis.example.com"
	Agency listing.Agency   // the zero Agency when it was never set
}

// URL is the property page's address.
func (p Property) URL() string { return p.Base + "/imoveis/" + p.Detail.Slug }

// Head is a page's head, ready for headTemplate.
type Head struct {
	// PageTitle is the document's title (the <title> element); Title is
	// the page's name in link previews (og:title).
	PageTitle, Title, Description, URL string
	// Brand is the agency's name, icon and colour, which every page
	// wears.
	Brand
	// Image is the Open Graph image (the cover, as a JPEG), or nil.
	Image *Image
	// Preload is the cover photo the page shows first, announced so that
	// the browser fetches it before the client's JavaScript runs, or nil.
	Preload *Preload
	// Detail is the public detail a property page shows, as the API
	// sends it, carried in the page so that the page's script shows it
	// without asking the server again (a round trip on a phone's network,
	// before the page's largest image can be shown); nil for none. The
	// script reads it from the element DetailElementID.
	Detail json.RawMessage
	// LD is the structured data; html/template writes it as JSON escaped
	// for a script element, so no text in it can end the element.
	LD any
	// Prev and Next are the addresses of the pages before and after this
	// one in a paged list ("" when there is none).
	Prev, Next string
	// NoIndex asks search engines not to keep the page (its links are
	// still followed).
	NoIndex bool
}

// Brand is what a page's head shows of the agency.
type Brand struct {
	// SiteName is the site's name in link previews (og:site_name), the
	// agency's; "" leaves the tag out.
	SiteName string
	// Icon is the favicon, the agency's uploaded logo (Icon of the
	// agency); "" keeps the client's own.
	Icon string
	// Color is the agency's brand colour ("#rrggbb"), set on the page's
	// root by a rule that outweighs the stylesheet's default
	// (html:root), so that the first paint is already the agency's; ""
	// keeps the site's default. The client turns the rule off in the
	// back office (BrandStyleID).
	Color string
}

// BrandOf returns the brand of the agency a.
func BrandOf(a listing.Agency) Brand {
	return Brand{SiteName: SiteName(a), Icon: Icon(a), Color: a.BrandColor}
}

// headTemplate is the head of a public page (a property's, the home
// page). html/template escapes every value for its place: text,
// attribute, or the JSON of the structured data.
var headTemplate = template.Must(template.New("head").Parse(`<title>{{.PageTitle}}</title>
{{with .Icon}}<link rel="icon" href="{{.}}">
{{end}}{{with .Color}}<meta name="theme-color" content="{{.}}">
<style id="vitrine-brand">html:root{--brand:{{.}}}</style>
{{end}}<meta name="description" content="{{.Description}}">
<link rel="canonical" href="{{.URL}}">
{{with .Prev}}<link rel="prev" href="{{.}}">
{{end}}{{with .Next}}<link rel="next" href="{{.}}">
{{end}}{{if .NoIndex}}<meta name="robots" content="noindex, follow">
{{end}}<meta property="og:type" content="website">
<meta property="og:locale" content="pt_BR">
{{with .SiteName}}<meta property="og:site_name" content="{{.}}">
{{end}}<meta property="og:title" content="{{.Title}}">
<meta property="og:description" content="{{.Description}}">
<meta property="og:url" content="{{.URL}}">
{{with .Image}}<meta property="og:image" content="{{.URL}}">
{{if .Width}}<meta property="og:image:width" content="{{.Width}}">
<meta property="og:image:height" content="{{.Height}}">
{{end}}<meta property="og:image:alt" content="{{.Alt}}">
<meta name="twitter:card" content="{{.Card}}">
{{end}}{{with .Preload}}<link rel="preload" as="image" fetchpriority="high"{{if .SrcSet}} type="image/webp" {{.SrcSetAttrs}}{{else}} href="{{.Href}}"{{end}}>
{{end}}<script type="application/ld+json">{{.LD}}</script>
{{with .Detail}}<script type="application/json" id="vitrine-detail">{{.}}</script>
{{end}}`))

// BrandStyleID is the id of the style element that sets the brand
// colour (Brand.Color), as the client reads it (web/src/lib/agency.tsx).
const BrandStyleID = "vitrine-brand"

// DetailElementID is the id of the element that carries a property
// page's detail (Head.Detail), as the client reads it
// (web/src/lib/api.ts, which a test holds equal).
const DetailElementID = "vitrine-detail"

// Image is a page's Open Graph image.
type Image struct {
	URL           string
	Width, Height int // 0 when not known (an external photo)
	Alt           string
	Card          string // the Twitter card it makes: cardLarge for a photo, cardSmall for a logo
}

// Twitter cards.
const (
	cardLarge = "summary_large_image"
	cardSmall = "summary"
)

// Preload is an image the page shows first: a srcset (WebP) with the
// sizes the page gives it, or an address.
type Preload struct {
	Href, SrcSet, Sizes string
}

// SrcSetAttrs are the imagesrcset and imagesizes attributes, escaped
// here: html/template takes imagesrcset for one URL and would escape the
// spaces between its candidates.
func (p Preload) SrcSetAttrs() template.HTMLAttr {
	return template.HTMLAttr(`imagesrcset="` + html.EscapeString(p.SrcSet) + `" imagesizes="` + html.EscapeString(p.Sizes) + `"`)
}

// GallerySizes is the property page's gallery width as an HTML sizes
// attribute: GALLERY_SIZES of web/src/property/PropertyDetailPage.tsx,
// which a test holds equal, so that the browser preloads the very variant
// the gallery then shows.
const GallerySizes = "(min-width: 1180px) 748px, (min-width: 961px) calc(100vw - 432px), (min-width: 641px) calc(100vw - 40px), calc(100vw - 32px)"

// Render writes the head's HTML.
func (h Head) Render(w io.Writer) error { return headTemplate.Execute(w, h) }

// PropertyHead is the head of a property's page.
func PropertyHead(p Property) Head {
	d := p.Detail
	h := Head{PageTitle: Titled(d.Title, p.Agency), Title: d.Title, Description: description(d), URL: p.URL(),
		Brand: BrandOf(p.Agency), Detail: p.JSON}
	if len(d.Photos) > 0 {
		cover := d.Photos[0]
		h.Image = &Image{URL: cover.URL, Alt: cmp.Or(cover.AltText, d.Title), Card: cardLarge}
		if cover.Width != nil && cover.Height != nil {
			h.Image.Width, h.Image.Height = *cover.Width, *cover.Height
		}
		// The gallery shows the cover first: as its first photo, or as
		// the poster of a video that is its first slide.
		h.Preload = &Preload{Href: cover.URL}
		if cover.Srcset != nil {
			h.Preload.SrcSet, h.Preload.Sizes = cover.Srcset.WebP, GallerySizes
		}
	}
	h.LD = PropertyLD(p)
	return h
}

// The home page's title: the agency's name and HomeTitleSuffix, or
// HomeTitleNeutral before the agency's record is set, as homeTitle of
// web/src/property/HomePage.tsx writes it too, which a test holds equal.
const (
	HomeTitleSuffix  = " — imóveis à venda e para alugar"
	HomeTitleNeutral = "Imóveis à venda e para alugar"
)

// TitleSeparator joins a page's own title and the agency's name in its
// document title, as titled of web/src/lib/agency.tsx joins them.
const TitleSeparator = " — "

// Titled is a page's document title: its own title and the agency's
// name, or its own title alone before the agency's record is set. The
// site is the agency's, so no other name (the product's) ever stands in
// for it.
func Titled(title string, a listing.Agency) string {
	if name := SiteName(a); name != "" {
		return title + TitleSeparator + name
	}
	return title
}

// Icon is the address of the favicon: the agency's uploaded logo in its
// small form (detaildoc.NewBrokerPhoto: the smallest JPEG variant, as a
// tab shows it at a few dozen pixels) once it is made, else "": the
// client's own icon stays. A logo typed as an address is not used, as its
// size and format are not known.
func Icon(a listing.Agency) string {
	if logo := detaildoc.NewBrokerPhoto(a.Logo); logo != nil {
		return logo.URL
	}
	return ""
}

// agencyInText is the agency as a sentence names it: its name, or "a
// imobiliária" before its record is set.
func agencyInText(a listing.Agency) string { return cmp.Or(oneLine(a.Name), "a imobiliária") }

// HomeTitle is the home page's title.
func HomeTitle(a listing.Agency) string {
	if name := SiteName(a); name != "" {
		return name + HomeTitleSuffix
	}
	return HomeTitleNeutral
}

// Home is what the home page's head is made from.
type Home struct {
	Base   string         // the site's address, without a trailing slash
	Agency listing.Agency // the zero Agency when it was never set
}

// URL is the home page's address.
func (h Home) URL() string { return h.Base + "/" }

// SiteName is the site's name, the agency's: "" before its record is
// set, when a page names no site (no og:site_name).
func SiteName(a listing.Agency) string { return a.Name }

// HomeHead is the head of the home page: the site's name and what it
// offers, the agency's logo as its image, and the site and the agency as
// structured data.
func HomeHead(home Home) Head {
	title := HomeTitle(home.Agency)
	h := Head{PageTitle: title, Title: title, Description: homeDescription(home.Agency), URL: home.URL(),
		Brand: BrandOf(home.Agency), LD: SiteLD(home)}
	if logo := home.Agency.ShownLogoURL(); logo != "" {
		h.Image = &Image{URL: logo, Alt: SiteName(home.Agency), Card: cardSmall}
	}
	return h
}

// homeDescription is the home page's description, at most 160
// characters: what the catalogue holds and whose it is; the agency's name
// is kept over the closing sentence when both do not fit.
func homeDescription(a listing.Agency) string {
	const offer, more = "Apartamentos, casas e terrenos à venda e para alugar", " Fotos, vídeo e contato direto."
	lead := offer + "."
	if name := oneLine(a.Name); name != "" {
		lead = offer + " com " + name + "."
	}
	if utf8.RuneCountInString(lead+more) <= 160 {
		return lead + more
	}
	return truncate(lead, 160)
}

// oneLine is s with its runs of white space made one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// description is the page's description: the property's own, or what it
// is and where, on one line of at most 160 characters.
func description(d detaildoc.Detail) string {
	desc := d.Subtype.Name + " em " + d.Neighborhood.Name + ", " + listing.CityLabel(d.City.Name, d.City.State)
	if d.Description != nil {
		desc = *d.Description
	}
	return truncate(oneLine(desc), 160)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// Crumb is one step of a page's breadcrumb trail.
type Crumb struct {
	Name, URL string
}

// PropertyCrumbs is the breadcrumb trail of a property page, as the page
// shows it (web/src/property/PropertyDetailPage.tsx): the home page, then
// the property. Every step but the last needs a page of its own for
// search engines to take the trail; the city and neighborhood have none
// yet, so they are not steps (the page shows them under the title).
func PropertyCrumbs(p Property) []Crumb {
	return []Crumb{{"Início", p.Base + "/"}, {p.Detail.Title, p.URL()}}
}

// Schema.org vocabulary.
const (
	vocabulary   = "https://schema.org"
	sell         = "http://purl.org/goodrelations/v1#Sell"
	leaseOut     = "http://purl.org/goodrelations/v1#LeaseOut"
	inStock      = "https://schema.org/InStock"
	limited      = "https://schema.org/LimitedAvailability"
	soldOut      = "https://schema.org/SoldOut"
	squareMetre  = "MTK" // UN/CEFACT common code
	month        = "MON"
	currency     = "BRL"
	crumbType    = "BreadcrumbList"
	listingType  = "RealEstateListing"
	agentType    = "RealEstateAgent"
	siteType     = "WebSite"
	fallbackHome = "Accommodation"
)

// PropertyLD is the structured data of a property page: one JSON-LD
// document whose @graph holds the RealEstateListing (its mainEntity the
// home itself, its offers one per business), the agency as the
// RealEstateAgent that offers it (when its record is set), and the
// BreadcrumbList of the page.
func PropertyLD(p Property) map[string]any {
	d := p.Detail
	url := p.URL()
	home := homeLD(d, url+"#imovel")
	ld := map[string]any{
		"@type": listingType, "@id": url + "#anuncio", "url": url, "name": d.Title,
		"description": description(d), "inLanguage": "pt-BR",
		"mainEntity": home, "about": map[string]any{"@id": home["@id"]},
	}
	if !p.Posted.IsZero() {
		ld["datePosted"] = p.Posted.UTC().Format(time.RFC3339)
	}
	if len(d.Photos) > 0 {
		images := make([]string, len(d.Photos))
		for i, ph := range d.Photos {
			images[i] = ph.URL
		}
		ld["image"] = images
	}
	graph := []any{ld}
	agent := agentLD(p.Agency, p.Base)
	offers := offersLD(d, url)
	for _, o := range offers {
		if agent != nil {
			o["offeredBy"] = map[string]any{"@id": agent["@id"]}
		}
	}
	ld["offers"] = offers
	if agent != nil {
		graph = append(graph, agent)
	}
	crumbs := PropertyCrumbs(p)
	items := make([]any, len(crumbs))
	for i, c := range crumbs {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Name, "item": c.URL}
	}
	graph = append(graph, map[string]any{"@type": crumbType, "itemListElement": items})
	return map[string]any{"@context": vocabulary, "@graph": graph}
}

// SiteLD is the structured data of the home page: the WebSite and, when
// its record is set, the agency as the RealEstateAgent that publishes it,
// the same node as a property page's.
func SiteLD(h Home) map[string]any {
	site := map[string]any{"@type": siteType, "@id": h.Base + "/#site", "url": h.URL(),
		"inLanguage": "pt-BR", "description": homeDescription(h.Agency)}
	if name := SiteName(h.Agency); name != "" {
		site["name"] = name
	}
	graph := []any{site}
	if agent := agentLD(h.Agency, h.Base); agent != nil {
		site["publisher"] = map[string]any{"@id": agent["@id"]}
		graph = append(graph, agent)
	}
	return map[string]any{"@context": vocabulary, "@graph": graph}
}

// homeTypes maps subtypes, by slug, to the schema.org type of the home.
// Accommodation types (all but Place) carry rooms, bathrooms, floor size
// and year built; a Place (land, commercial rooms) carries its address,
// coordinates and amenities only.
var homeTypes = map[string]string{
	"apartamento": "Apartment", "cobertura": "Apartment", "studio": "Apartment", "kitnet": "Apartment",
	"loft": "Apartment", "flat": "Apartment", "duplex": "Apartment", "triplex": "Apartment",
	"casa": "House", "sobrado": "House", "chale": "House", "chacara": "House", "sitio": "House", "fazenda": "House",
	"casa-em-condominio": "SingleFamilyResidence", "casa-de-condominio": "SingleFamilyResidence",
	"casa-de-vila": "SingleFamilyResidence", "village": "SingleFamilyResidence",
	"quarto": "Room", "suite": "Suite",
	"terreno": "Place", "lote": "Place", "area": "Place", "sala-comercial": "Place", "sala": "Place",
	"loja": "Place", "ponto-comercial": "Place", "galpao": "Place", "predio": "Place", "predio-comercial": "Place",
	"conjunto-comercial": "Place", "escritorio": "Place",
}

// HomeType is the schema.org type of a subtype (by its slug):
// Accommodation for one this package does not know.
func HomeType(subtypeSlug string) string {
	if t, ok := homeTypes[subtypeSlug]; ok {
		return t
	}
	return fallbackHome
}

// homeLD is the home itself, with the address the public detail carries.
func homeLD(d detaildoc.Detail, id string) map[string]any {
	typ := HomeType(d.Subtype.Slug)
	home := map[string]any{"@type": typ, "@id": id, "name": d.Title, "address": addressLD(d),
		"containedInPlace": map[string]any{"@type": "Place", "name": d.Neighborhood.Name}}
	if d.Latitude != nil && d.Longitude != nil {
		home["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": *d.Latitude, "longitude": *d.Longitude}
	}
	if len(d.Amenities) > 0 {
		features := make([]any, len(d.Amenities))
		for i, a := range d.Amenities {
			features[i] = map[string]any{"@type": "LocationFeatureSpecification", "name": a.Name, "value": true}
		}
		home["amenityFeature"] = features
	}
	if typ == "Place" {
		return home
	}
	if d.Bedrooms > 0 {
		home["numberOfBedrooms"] = d.Bedrooms
	}
	if d.Bathrooms > 0 {
		home["numberOfBathroomsTotal"] = d.Bathrooms
	}
	area := d.AreaM2
	if area <= 0 && d.UsefulAreaM2 != nil {
		area = *d.UsefulAreaM2
	}
	if area > 0 {
		home["floorSize"] = map[string]any{"@type": "QuantitativeValue", "value": area, "unitCode": squareMetre}
	}
	if d.YearBuilt != nil {
		home["yearBuilt"] = *d.YearBuilt
	}
	return home
}

// addressLD is the PostalAddress at the level of the public detail: the
// street and number, or the street alone, with the CEP, when the detail
// carries them (else its free-text address, when it carries one); the
// city and state always.
func addressLD(d detaildoc.Detail) map[string]any {
	a := map[string]any{"@type": "PostalAddress", "addressLocality": d.City.Name, "addressRegion": d.City.State,
		"addressCountry": "BR"}
	switch {
	case d.Street != nil && d.Number != nil:
		a["streetAddress"] = *d.Street + ", " + *d.Number
	case d.Street != nil:
		a["streetAddress"] = *d.Street
	case d.Address != nil:
		a["streetAddress"] = *d.Address
	}
	if d.CEP != nil {
		a["postalCode"] = *d.CEP
	}
	return a
}

// offersLD is one Offer per business of the property: a sale at its
// price, a lease at its monthly rent. A business stored before the values
// were enumerated, and not read as one of them, is one Offer at its price.
func offersLD(d detaildoc.Detail, url string) []map[string]any {
	availability := map[string]string{
		string(listing.StatusAvailable): inStock, string(listing.StatusReserved): limited,
		string(listing.StatusSold): soldOut, string(listing.StatusRented): soldOut,
	}[d.Status]
	offer := func(fields map[string]any) map[string]any {
		fields["@type"] = "Offer"
		fields["priceCurrency"] = currency
		fields["url"] = url
		if availability != "" {
			fields["availability"] = availability
		}
		return fields
	}
	b, ok := listing.NormalizeBusiness(d.Type)
	if !ok {
		return []map[string]any{offer(map[string]any{"price": d.Price})}
	}
	var offers []map[string]any
	if b.Sale() {
		offers = append(offers, offer(map[string]any{"price": d.Price, "businessFunction": sell}))
	}
	if rent, ok := listing.MonthlyRent(b, d.Price, d.RentPrice); ok {
		offers = append(offers, offer(map[string]any{"businessFunction": leaseOut,
			"priceSpecification": map[string]any{"@type": "UnitPriceSpecification", "price": rent,
				"priceCurrency": currency, "unitCode": month,
				"referenceQuantity": map[string]any{"@type": "QuantitativeValue", "value": 1, "unitCode": month}}}))
	}
	return offers
}

// agentLD is the agency as a RealEstateAgent, or nil while its record was
// never set. Its CRECI, which advertising must show, is its identifier
// and its description.
func agentLD(a listing.Agency, base string) map[string]any {
	if a.Name == "" {
		return nil
	}
	agent := map[string]any{"@type": agentType, "@id": base + "/#imobiliaria", "name": a.Name, "url": base + "/"}
	if a.CRECI != "" {
		agent["identifier"] = map[string]any{"@type": "PropertyValue", "name": "CRECI", "value": a.CRECI}
		agent["description"] = a.CRECIDisplay()
	}
	logo := a.ShownLogoURL()
	for key, v := range map[string]string{"telephone": a.Phone, "email": a.Email, "address": a.Address, "logo": logo} {
		if v != "" {
			agent[key] = v
		}
	}
	if logo != "" {
		agent["image"] = logo
	}
	return agent
}
