package search

import (
	"cmp"
	"slices"
)

// PlacePage is the results page of a business in a city, or in a
// neighborhood of it (/imoveis/venda/florianopolis-sc/centro), that has
// active properties.
type PlacePage struct {
	Business     string // BusinessSale or BusinessRent
	City         string // the city's key (CityKey)
	Neighborhood string // the neighborhood's slug; "" for the city's page
	Count        int    // its results
}

// Path is the page's address.
func (p PlacePage) Path() string {
	path := "/imoveis/" + p.Business + "/" + p.City
	if p.Neighborhood != "" {
		path += "/" + p.Neighborhood
	}
	return path
}

// PlacePages returns the page of each business in each city and each
// neighborhood that has available properties for it, by city key, then
// neighborhood (the city's page first), then business. A property for
// sale and for rent counts in both businesses' pages. They are counted
// once per index (the sitemap asks for them on every request); callers
// must not change the slice.
func (x *Index) PlacePages() []PlacePage {
	x.pagesOnce.Do(func() { x.pages = x.countPlacePages() })
	return x.pages
}

// countPlacePages counts PlacePages in one pass over the entries.
func (x *Index) countPlacePages() []PlacePage {
	type key struct {
		business string
		city     int32
		hood     int32 // -1 for the city's page
	}
	counts := map[key]int{}
	for i := range x.entries {
		e := &x.entries[i]
		if !e.onMarket() {
			continue // what the page's search does not find by default
		}
		for _, b := range []struct {
			name string
			flag uint8
		}{{BusinessSale, flagSale}, {BusinessRent, flagRent}} {
			if e.flags&b.flag != 0 {
				counts[key{b.name, e.city, -1}]++
				counts[key{b.name, e.city, e.hood}]++
			}
		}
	}
	pages := make([]PlacePage, 0, len(counts))
	for k, n := range counts {
		p := PlacePage{Business: k.business, City: x.cities[k.city].Key(), Count: n}
		if k.hood >= 0 {
			p.Neighborhood = x.hoods[k.hood].Name.Slug
		}
		pages = append(pages, p)
	}
	slices.SortFunc(pages, func(a, b PlacePage) int {
		return cmp.Or(cmp.Compare(a.City, b.City), cmp.Compare(a.Neighborhood, b.Neighborhood), cmp.Compare(a.Business, b.Business))
	})
	return pages
}
