package search

import (
	"slices"
	"strings"
)

// Matches reports whether the document d matches q's filters and text:
// the one statement of what a query selects, which the index's filters
// compute with bitsets (and the tests check them against it on random
// catalogues), and which the saved searches' alerts ask of each listing
// that changed (package alerts). Sort and page play no part.
func (q Query) Matches(d Doc) bool {
	if words := queryWords(q.Text); len(words) > 0 && codeKey(d.Code) != codeKey(q.Text) {
		var all []string
		for _, f := range []string{d.Code, d.Title, d.Neighborhood.Name, d.City.Name, d.Subtype.Name, d.Address, d.Description} {
			all = append(all, tokens(f)...)
		}
		for _, w := range words {
			if !slices.ContainsFunc(all, func(t string) bool { return strings.HasPrefix(t, w) }) {
				return false
			}
		}
	}
	sale := d.Business == BusinessSale || d.Business == "venda_aluguel"
	rent := d.Business == BusinessRent || d.Business == "venda_aluguel"
	if q.Business == BusinessSale && !sale || q.Business == BusinessRent && !rent {
		return false
	}
	price := q.PriceOf(d)
	if q.Price.Min != NoBound && (price < 0 || price < q.Price.Min*100) || q.Price.Max != NoBound && (price < 0 || price > q.Price.Max*100) {
		return false
	}
	if q.Area.Min != NoBound && d.AreaM2 < float64(q.Area.Min) || q.Area.Max != NoBound && d.AreaM2 > float64(q.Area.Max) {
		return false
	}
	if len(q.Subtypes) > 0 && !slices.Contains(q.Subtypes, d.Subtype.Slug) ||
		q.City != "" && d.City.Key() != q.City ||
		len(q.Neighborhoods) > 0 && !slices.Contains(q.Neighborhoods, d.Neighborhood.Slug) {
		return false
	}
	if d.Bedrooms < q.Bedrooms || d.Bathrooms < q.Bathrooms || d.Suites < q.Suites || d.Parking < q.Parking {
		return false
	}
	for _, a := range q.Amenities {
		if !slices.Contains(d.Amenities, a) {
			return false
		}
	}
	return (!q.Featured || d.Featured) && (!q.Available || d.Status == "disponivel")
}

// PriceOf is the price of d, in cents, that q's price filter compares:
// the rent for a rental query, or for a rental without a business asked;
// the price otherwise. It may be negative: no price recorded.
func (q Query) PriceOf(d Doc) int64 {
	switch {
	case q.Business == BusinessRent:
		return d.RentCents
	case q.Business == "" && d.Business == BusinessRent && d.RentCents >= 0:
		return d.RentCents
	}
	return d.PriceCents
}
