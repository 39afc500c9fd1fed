// Package search is the public search of the catalogue (issue 18): the
// query a visitor asks (Query, read from the address by ParseQuery), an
// in-memory index of the active properties (Index) that answers it with
// its facets in one pass, and the Service that keeps that index equal to
// the catalogue. It holds no database or HTTP code: the store gives it
// the documents (Source), the HTTP layer reads the query and writes the
// answer.
package search

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// Sort is an order of the results.
type Sort string

// The orders of the results. Every order ends with the id, so that
// results that tie keep their places from page to page.
const (
	// SortRelevance (the default): with a text, the best match first (a
	// property whose code is the text comes first), then featured, then
	// newest; without one, featured first, then newest.
	SortRelevance Sort = "relevance"
	SortNewest    Sort = "newest"
	SortPriceAsc  Sort = "price_asc"  // by the price the price filter compares, unknown prices last
	SortPriceDesc Sort = "price_desc" // the same, highest first, unknown prices last
	SortAreaDesc  Sort = "area_desc"
)

// Business filters.
const (
	BusinessSale = string(listing.BusinessSale) // a property for sale, alone or also for rent
	BusinessRent = string(listing.BusinessRent) // a property for rent, alone or also for sale
)

// Limits of a query.
const (
	MaxTextLen    = listing.MaxSearchLen // characters of q, once trimmed
	MaxTextWords  = 8                    // words of q, separated by spaces
	MaxValues     = 20                   // values of a repeatable parameter
	MaxPrice      = 100_000_000_000      // reais
	MaxArea       = 10_000_000           // m²
	MaxCount      = 99                   // bedrooms, bathrooms, suites, parking
	DefaultPer    = 24
	MaxPer        = 48
	MaxWindow     = 10_000 // page × per_page
	maxNumberText = 20     // digits read before a number is refused as too long
)

// NoBound is the side of a Range that is not set.
const NoBound int64 = -1

// Range is an inclusive range of whole numbers; a side that is not set is
// NoBound.
type Range struct {
	Min, Max int64
}

// set reports whether either side is set.
func (r Range) set() bool { return r.Min != NoBound || r.Max != NoBound }

// holds reports whether v is within r; v is compared with the sides that
// are set.
func (r Range) holds(v int64) bool {
	return (r.Min == NoBound || v >= r.Min) && (r.Max == NoBound || v <= r.Max)
}

// Query is one search: the parameters of GET /api/v1/search (and of the
// /busca page), read and checked for their form by ParseQuery. Whether its
// subtypes, city, neighborhoods and amenities exist is checked by
// Index.Search. The zero value is not a valid query: start from
// NewQuery, or ParseQuery.
type Query struct {
	Text          string   // q, trimmed; "" for none
	Business      string   // "", BusinessSale or BusinessRent
	Subtypes      []string // slugs, any of; sorted, no repeats
	City          string   // the city's key: "<slug>-<uf in lower case>" (CityKey); "" for none
	Neighborhoods []string // slugs within City, any of; sorted, no repeats
	Price         Range    // whole reais
	Area          Range    // m²
	Bedrooms      int      // minimum counts; 0 for none
	Bathrooms     int
	Suites        int
	Parking       int
	Amenities     []string // slugs, all of; sorted, no repeats
	Featured      bool     // featured properties only
	Available     bool     // status "disponivel" only (the default)
	Sort          Sort
	Page          int // from 1
	PerPage       int
}

// NewQuery returns the default query: every active property still on
// the market (status "disponivel"; available=false adds the reserved,
// sold and rented ones), the default order, the first page.
func NewQuery() Query {
	return Query{Price: Range{NoBound, NoBound}, Area: Range{NoBound, NoBound}, Available: true,
		Sort: SortRelevance, Page: 1, PerPage: DefaultPer}
}

// The parameters, as the API names them.
const (
	pText          = "q"
	pBusiness      = "business"
	pSubtype       = "subtype"
	pCity          = "city"
	pNeighborhood  = "neighborhood"
	pPriceMin      = "price_min"
	pPriceMax      = "price_max"
	pBedrooms      = "bedrooms"
	pBathrooms     = "bathrooms"
	pSuites        = "suites"
	pParking       = "parking"
	pAreaMin       = "area_min"
	pAreaMax       = "area_max"
	pAmenity       = "amenity"
	pFeatured      = "featured"
	pAvailable     = "available"
	pSort          = "sort"
	pPage          = "page"
	pPerPage       = "per_page"
	repeatable     = true
	singleValued   = false
	msgOneValue    = "Informe este parâmetro uma vez só."
	msgUnknown     = "Parâmetro desconhecido."
	msgSlug        = "Use o identificador do valor como aparece nos endereços: letras minúsculas sem acento, números e hífens."
	msgNeedCity    = "Escolha a cidade (city) para filtrar por bairro."
	msgTooManyText = "Use no máximo 8 palavras."
)

// params are the parameters of a query, by name: whether each may be
// repeated.
var params = map[string]bool{
	pText: singleValued, pBusiness: singleValued, pSubtype: repeatable, pCity: singleValued,
	pNeighborhood: repeatable, pPriceMin: singleValued, pPriceMax: singleValued, pBedrooms: singleValued,
	pBathrooms: singleValued, pSuites: singleValued, pParking: singleValued, pAreaMin: singleValued,
	pAreaMax: singleValued, pAmenity: repeatable, pFeatured: singleValued, pAvailable: singleValued,
	pSort: singleValued, pPage: singleValued, pPerPage: singleValued,
}

// IsParam reports whether name is a parameter of the search.
func IsParam(name string) bool {
	_, ok := params[name]
	return ok
}

// sorts are the orders a query may ask for.
var sorts = []Sort{SortRelevance, SortNewest, SortPriceAsc, SortPriceDesc, SortAreaDesc}

// ParseQuery reads a query from the parameters of an address, checking
// their form: an unknown parameter, a single-valued one given twice, a
// value of the wrong form, an inverted range, a text too long, a
// neighborhood without a city, or a page past the first 10,000 results
// is a *listing.ValidationError whose fields are the parameters' names and
// whose messages are in Brazilian Portuguese. An empty value counts as an
// absent parameter (what an HTML form sends for a field left blank).
func ParseQuery(v url.Values) (Query, error) {
	q := NewQuery()
	errs := &listing.ValidationError{}
	for name, values := range v {
		multi, known := params[name]
		switch {
		case !known:
			errs.Add(name, msgUnknown)
		case !multi && len(values) > 1:
			errs.Add(name, msgOneValue)
		}
	}
	one := func(name string) string {
		if vs := v[name]; len(vs) == 1 {
			return vs[0]
		}
		return ""
	}

	if text := strings.TrimSpace(one(pText)); text != "" {
		if err := listing.ValidateSearch(pText, text); err != nil {
			var ve *listing.ValidationError
			errors.As(err, &ve)
			errs.Merge("", ve)
		} else if len(strings.FieldsFunc(text, isSpace)) > MaxTextWords {
			errs.Add(pText, msgTooManyText)
		}
		q.Text = text
	}
	switch b := one(pBusiness); b {
	case "", BusinessSale, BusinessRent:
		q.Business = b
	default:
		errs.Add(pBusiness, "Use 'venda' ou 'aluguel'.")
	}
	q.Subtypes = slugs(v[pSubtype], errs, pSubtype)
	q.Neighborhoods = slugs(v[pNeighborhood], errs, pNeighborhood)
	q.Amenities = slugs(v[pAmenity], errs, pAmenity)
	if c := one(pCity); c != "" {
		if !validCityKey(c) {
			errs.Add(pCity, "Use o identificador da cidade com a UF, como 'florianopolis-sc'.")
		}
		q.City = c
	}
	if len(q.Neighborhoods) > 0 && q.City == "" {
		errs.Add(pNeighborhood, msgNeedCity)
	}
	q.Price = readRange(one, errs, pPriceMin, pPriceMax, MaxPrice)
	q.Area = readRange(one, errs, pAreaMin, pAreaMax, MaxArea)
	q.Bedrooms = int(number(one(pBedrooms), errs, pBedrooms, 1, MaxCount, 0))
	q.Bathrooms = int(number(one(pBathrooms), errs, pBathrooms, 1, MaxCount, 0))
	q.Suites = int(number(one(pSuites), errs, pSuites, 1, MaxCount, 0))
	q.Parking = int(number(one(pParking), errs, pParking, 1, MaxCount, 0))
	q.Featured = boolean(one(pFeatured), errs, pFeatured)
	if raw := one(pAvailable); raw != "" {
		q.Available = boolean(raw, errs, pAvailable)
	}
	if s := Sort(one(pSort)); s != "" {
		if !slices.Contains(sorts, s) {
			errs.Add(pSort, "Use 'relevance', 'newest', 'price_asc', 'price_desc' ou 'area_desc'.")
		} else {
			q.Sort = s
		}
	}
	q.PerPage = int(number(one(pPerPage), errs, pPerPage, 1, MaxPer, DefaultPer))
	q.Page = int(number(one(pPage), errs, pPage, 1, MaxWindow, 1))
	if q.Page*q.PerPage > MaxWindow {
		errs.Add(pPage, "Só os primeiros 10.000 resultados são alcançáveis (até a página "+
			strconv.Itoa(MaxWindow/q.PerPage)+" com per_page="+strconv.Itoa(q.PerPage)+"): refine a busca.")
		q.Page = 1
	}
	if err := errs.Err(); err != nil {
		return NewQuery(), err
	}
	return q, nil
}

// isSpace separates the words of a text as MaxTextWords counts them.
func isSpace(r rune) bool { return r == ' ' }

// slugs reads the values of a repeatable parameter: at most MaxValues
// slugs, returned sorted without repeats (empty values left out).
func slugs(values []string, errs *listing.ValidationError, name string) []string {
	if len(values) > MaxValues {
		errs.Add(name, "Informe no máximo 20 valores.")
		return nil
	}
	var out []string
	bad := false
	for _, s := range values {
		switch {
		case s == "":
		case !listing.ValidSlug(s):
			bad = true
		default:
			out = append(out, s)
		}
	}
	if bad {
		errs.Add(name, msgSlug)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// validCityKey reports whether s has the form of a city's key: a slug
// ending in a hyphen and two letters (the UF).
func validCityKey(s string) bool {
	n := len(s)
	return listing.ValidSlug(s) && n >= 4 && s[n-3] == '-' && isLower(s[n-2]) && isLower(s[n-1]) && s[n-4] != '-'
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// CityKey is the key of a city in a query and in addresses: its slug, a
// hyphen and its UF in lower case ("florianopolis-sc").
func CityKey(slug, state string) string { return slug + "-" + strings.ToLower(state) }

// readRange reads the inclusive range of the parameters min and max
// (whole numbers from 0 to top), refusing one whose min is above its max.
func readRange(one func(string) string, errs *listing.ValidationError, min, max string, top int64) Range {
	r := Range{number(one(min), errs, min, 0, top, NoBound), number(one(max), errs, max, 0, top, NoBound)}
	if r.Min != NoBound && r.Max != NoBound && r.Min > r.Max {
		errs.Add(max, "Deve ser maior ou igual a "+min+".")
	}
	return r
}

// number reads a whole number from lo to hi written in decimal digits
// alone (no sign, no space, no fraction), or def when raw is empty. A
// wrong one fails on errs and gives def.
func number(raw string, errs *listing.ValidationError, name string, lo, hi, def int64) int64 {
	if raw == "" {
		return def
	}
	msg := "Deve ser um número inteiro entre " + strconv.FormatInt(lo, 10) + " e " + strconv.FormatInt(hi, 10) + "."
	if len(raw) > maxNumberText || strings.TrimLeft(raw, "0123456789") != "" {
		errs.Add(name, msg)
		return def
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < lo || n > hi {
		errs.Add(name, msg)
		return def
	}
	return n
}

// boolean reads "true" or "false" ("" is false).
func boolean(raw string, errs *listing.ValidationError, name string) bool {
	b := listing.ParseFlag(errs, name, raw)
	return b != nil && *b
}

// Values returns the query in its canonical form: the parameters that
// differ from the defaults, repeated values sorted without repeats. Two
// addresses that ask the same search give the same Values, so its
// encoding is a cache key; it is also how links to a query are written.
func (q Query) Values() url.Values {
	v := url.Values{}
	set := func(name, value string, keep bool) {
		if keep {
			v.Set(name, value)
		}
	}
	set(pText, q.Text, q.Text != "")
	set(pBusiness, q.Business, q.Business != "")
	set(pCity, q.City, q.City != "")
	for name, list := range map[string][]string{pSubtype: q.Subtypes, pNeighborhood: q.Neighborhoods, pAmenity: q.Amenities} {
		if len(list) > 0 {
			s := slices.Clone(list)
			slices.Sort(s)
			v[name] = slices.Compact(s)
		}
	}
	for name, n := range map[string]int64{pPriceMin: q.Price.Min, pPriceMax: q.Price.Max, pAreaMin: q.Area.Min, pAreaMax: q.Area.Max} {
		set(name, strconv.FormatInt(n, 10), n != NoBound)
	}
	for name, n := range map[string]int{pBedrooms: q.Bedrooms, pBathrooms: q.Bathrooms, pSuites: q.Suites, pParking: q.Parking} {
		set(name, strconv.Itoa(n), n > 0)
	}
	set(pFeatured, "true", q.Featured)
	set(pAvailable, "false", !q.Available)
	set(pSort, string(q.Sort), q.Sort != "" && q.Sort != SortRelevance)
	set(pPage, strconv.Itoa(q.Page), q.Page > 1)
	set(pPerPage, strconv.Itoa(q.PerPage), q.PerPage != 0 && q.PerPage != DefaultPer)
	return v
}

// Encode returns Values encoded, its parameters in the order of their
// names ("business=venda&city=florianopolis-sc").
func (q Query) Encode() string { return q.Values().Encode() }
