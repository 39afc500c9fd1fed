package search

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"

	"github.com/vitrine/vitrine/internal/listing"
)

// Result is one page of a search: the ids of its properties in order, the
// number of properties that match, and the facets.
type Result struct {
	IDs    []string
	Total  int
	Facets Facets
}

// Facets count, for each filter group, the properties that match every
// filter of the query but that group's own, by each of its values: what
// the count of results would be with that value chosen instead.
// Business, Bedrooms and Price list all their values; Subtype, City and
// Neighborhood the values with a count, and any the query chose, by count
// then label; Neighborhood is empty unless the query has a city.
type Facets struct {
	Business     []FacetValue
	Subtype      []FacetValue
	City         []FacetValue
	Neighborhood []FacetValue
	Bedrooms     []FacetValue
	Price        []FacetValue
}

// FacetValue is one value of a facet: the query parameter's value, its
// label in Brazilian Portuguese, and the count. A price band also has its
// bounds in whole reais (NoBound for the open side); its Value is
// "<min>-<max>", the max empty for the open top band.
type FacetValue struct {
	Value    string
	Label    string
	Count    int
	Min, Max int64
}

// band is a price band of the price facet, in whole reais, inclusive at
// both ends.
type band struct {
	min, max int64
	label    string
}

// saleBands and rentBands are the price facet's bands: the sale bands
// with no business or venda, the rent bands with aluguel.
var (
	saleBands = []band{
		{NoBound, 300_000, "Até R$ 300 mil"},
		{300_000, 500_000, "R$ 300 mil a R$ 500 mil"},
		{500_000, 1_000_000, "R$ 500 mil a R$ 1 milhão"},
		{1_000_000, 2_000_000, "R$ 1 milhão a R$ 2 milhões"},
		{2_000_000, NoBound, "A partir de R$ 2 milhões"},
	}
	rentBands = []band{
		{NoBound, 1_500, "Até R$ 1.500"},
		{1_500, 3_000, "R$ 1.500 a R$ 3.000"},
		{3_000, 5_000, "R$ 3.000 a R$ 5.000"},
		{5_000, 10_000, "R$ 5.000 a R$ 10.000"},
		{10_000, NoBound, "A partir de R$ 10.000"},
	}
)

// maxBedroomsFacet is the last value of the bedrooms facet ("4+").
const maxBedroomsFacet = 4

// The filter groups that have a facet.
const (
	gBusiness = iota
	gSubtype
	gCity
	gHood
	gBedrooms
	gPrice
	numGroups
)

// filter is a query resolved against the index: references as indexes,
// amounts in the units of the entries.
type filter struct {
	business      uint8 // flagSale, flagRent, or 0
	kind          priceKind
	bands         []band
	subtypes      []bool // by subtype index; nil for any
	city          int32  // -1 for any
	hoods         []bool // by neighborhood index; nil for any
	price         Range  // cents
	area          Range  // m²
	bedrooms      uint16
	bathrooms     uint16
	suites        uint16
	parking       uint16
	flags         uint8   // flagFeatured, flagAvailable: the flags a property must have
	amenityBits   uint64  // the amenities of index < 64 a property must have
	moreAmenities []int32 // the others, sorted
	chosenSubtype []int32
	chosenHoods   []int32
}

// Search answers q: the page of q.Page of the properties that match, in
// q's order, their number, and the facets. A subtype, city, neighborhood
// or amenity that the catalogue does not know is a
// *listing.ValidationError on its parameter. It reads every candidate
// once (every property, or those that the text matches) to filter and
// count the facets together; ordering reads a precomputed order, or sorts
// the matches when they are few or ranked by the text. What a page costs
// does not depend on its number.
func (x *Index) Search(q Query) (Result, error) {
	f, err := x.compile(q)
	if err != nil {
		return Result{}, err
	}
	s := x.scratch.Get().(*scratch)
	defer x.scratch.Put(s)
	words := queryWords(q.Text)
	text := len(words) > 0
	relevance := text && q.Sort == SortRelevance
	var found bitset // the documents the text matches; nil without one
	key := codeKey(q.Text)
	if text {
		found = x.matchSet(s, 1, words)
		x.addCode(found, key)
	}
	c, m := x.count(s, f, found)
	total := m.count()
	res := Result{Total: total, Facets: c.facets(q)}
	per := max(q.PerPage, 1)
	from := (max(q.Page, 1) - 1) * per
	if from >= total {
		res.IDs = []string{}
		return res, nil
	}
	to := min(from+per, total)
	var page []uint32
	switch {
	case relevance:
		s.matches = m.each(s.matches[:0])
		page = x.byScore(s, s.matches, x.score(s, words, key, m, s.matches), from, to)
	case total >= x.live/x.pickAbove:
		page = x.pick(m, x.orderOf(q, f), from, to, s.matches[:0])
	default:
		s.matches = m.each(s.matches[:0])
		page = x.ordered(s.matches, x.orderOf(q, f), from, to)
	}
	res.IDs = make([]string, len(page))
	for i, d := range page {
		res.IDs[i] = x.ids[d]
	}
	return res, nil
}

// orderOf returns the precomputed order of q's sort.
func (x *Index) orderOf(q Query, f filter) int {
	switch q.Sort {
	case SortNewest:
		return orderNewest
	case SortAreaDesc:
		return orderArea
	case SortPriceAsc:
		return orderPriceAsc + int(f.kind)
	case SortPriceDesc:
		return orderPriceDesc + int(f.kind)
	}
	return orderHome
}

// pick returns the matches m from from to to in the order o, appended
// to out: when they are many, the order is read up to the page's end
// (about to × live/matches entries).
func (x *Index) pick(m bitset, o, from, to int, out []uint32) []uint32 {
	n := 0
	for _, d := range x.orders[o] {
		if m.has(d) {
			if n >= from {
				out = append(out, d)
				if len(out) == to-from {
					break
				}
			}
			n++
		}
	}
	return out
}

// ordered returns the matches from from to to in the order o, reading
// their places in it: the places are selected and the page's sorted, in
// time that grows with the matches, whatever the page. It reuses matches.
func (x *Index) ordered(matches []uint32, o, from, to int) []uint32 {
	rank := x.ranks[o]
	for i, d := range matches {
		matches[i] = rank[d]
	}
	page := sortRange(matches, from, to)
	for i, r := range page {
		page[i] = x.orders[o][r]
	}
	return page
}

// pickAbove: a search whose matches are more than the live documents
// divided by it picks its page from the order (Index.pickAbove, which
// tests change to check both ways).
const pickAbove = 8

// byScore returns the text matches from from to to by their score (the
// code first, then the best matches), then as the home list: featured,
// newest. It reuses matches.
func (x *Index) byScore(s *scratch, matches, scores []uint32, from, to int) []uint32 {
	home := x.ranks[orderHome]
	keys := s.keys[:0]
	for i, d := range matches {
		keys = append(keys, uint64(^scores[i])<<32|uint64(home[d]))
	}
	s.keys = keys
	page := sortRange(keys, from, to)
	out := matches[:len(page)]
	for i, k := range page {
		out[i] = x.orders[orderHome][uint32(k)]
	}
	return out
}

// compile resolves q against the index's references.
func (x *Index) compile(q Query) (filter, error) {
	errs := &listing.ValidationError{}
	f := filter{city: -1, bands: saleBands,
		bedrooms: uint16(q.Bedrooms), bathrooms: uint16(q.Bathrooms), suites: uint16(q.Suites), parking: uint16(q.Parking),
		area: q.Area}
	if q.Featured {
		f.flags |= flagFeatured
	}
	if q.Available {
		f.flags |= flagAvailable
	}
	switch q.Business {
	case BusinessSale:
		f.business, f.kind = flagSale, priceSale
	case BusinessRent:
		f.business, f.kind, f.bands = flagRent, priceRent, rentBands
	}
	f.price = Range{cents(q.Price.Min), cents(q.Price.Max)}
	if len(q.Subtypes) > 0 {
		f.subtypes = make([]bool, len(x.subtypes))
		for _, s := range q.Subtypes {
			i, ok := x.subtypeAt[s]
			if !ok {
				errs.Add(pSubtype, "Tipo de imóvel desconhecido: "+s+".")
				continue
			}
			f.subtypes[i] = true
			f.chosenSubtype = append(f.chosenSubtype, i)
		}
	}
	if q.City != "" {
		i, ok := x.cityAt[q.City]
		if !ok {
			errs.Add(pCity, "Cidade desconhecida: "+q.City+".")
		}
		f.city = i
		if !ok {
			f.city = -1
		}
	}
	if len(q.Neighborhoods) > 0 && f.city >= 0 {
		f.hoods = make([]bool, len(x.hoods))
		for _, s := range q.Neighborhoods {
			i, ok := x.hoodAt[hoodKey{f.city, s}]
			if !ok {
				errs.Add(pNeighborhood, "Bairro desconhecido em "+CityLabel(x.cities[f.city])+": "+s+".")
				continue
			}
			f.hoods[i] = true
			f.chosenHoods = append(f.chosenHoods, i)
		}
	}
	for _, s := range q.Amenities {
		i, ok := x.amenityAt[s]
		if !ok {
			errs.Add(pAmenity, "Comodidade desconhecida: "+s+".")
			continue
		}
		if i < amenityBits {
			f.amenityBits |= 1 << i
		} else {
			f.moreAmenities = append(f.moreAmenities, i)
		}
	}
	slices.Sort(f.moreAmenities)
	return f, errs.Err()
}

// cents turns whole reais into cents, keeping NoBound.
func cents(reais int64) int64 {
	if reais == NoBound {
		return NoBound
	}
	return reais * 100
}

// counts are the facet counts of one search.
type counts struct {
	x        *Index
	f        filter
	business [2]int // venda, aluguel
	subtype  []int
	city     []int
	hood     []int
	bedrooms [maxBedroomsFacet + 1]int // [k]: k bedrooms or more
	price    []int                     // by band
}

// count finds the documents that match f (among found when it is set),
// as a bitset of s, and counts the facets: each value of a group counts
// the documents that match every filter but the group's own and have
// that value (for the business, whose price of that business is in the
// price range).
func (x *Index) count(s *scratch, f filter, found bitset) (*counts, bitset) {
	n := len(x.entries)
	c := &counts{x: x, f: f, subtype: make([]int, len(x.subtypes)), city: make([]int, len(x.cities)),
		hood: make([]int, len(x.hoods)), price: make([]int, len(f.bands))}
	// The filters without a facet.
	h := s.bits(0, n)
	copy(h, x.of.live)
	if found != nil {
		h.and(found)
	}
	if f.flags&flagFeatured != 0 {
		h.and(x.of.featured)
	}
	if f.flags&flagAvailable != 0 {
		h.and(x.of.available)
	}
	for a := f.amenityBits; a != 0; a &= a - 1 {
		h.and(x.of.amenity[bits.TrailingZeros64(a)])
	}
	for _, a := range f.moreAmenities {
		h.and(x.of.amenity[a])
	}
	if f.area.set() {
		a := s.bits(10, n)
		x.areaSet(a, f.area)
		h.and(a)
	}
	if f.bathrooms > 0 || f.suites > 0 || f.parking > 0 {
		for _, d := range h.each(s.cur[:0]) {
			if e := &x.entries[d]; e.bathrooms < f.bathrooms || e.suites < f.suites || e.parking < f.parking {
				h.clear(d)
			}
		}
	}
	// The groups' filters: nil for none.
	var g [numGroups]bitset
	switch f.business {
	case flagSale:
		g[gBusiness] = x.of.sale
	case flagRent:
		g[gBusiness] = x.of.rent
	}
	union := func(i int, sets []bitset, chosen []int32) bitset {
		if len(chosen) == 1 {
			return sets[chosen[0]]
		}
		b := s.bits(i, n)
		for _, v := range chosen {
			b.or(sets[v])
		}
		return b
	}
	if f.subtypes != nil {
		g[gSubtype] = union(11, x.of.subtype, f.chosenSubtype)
	}
	if f.city >= 0 {
		g[gCity] = x.of.city[f.city]
	}
	if f.hoods != nil {
		g[gHood] = union(3, x.of.hood, f.chosenHoods)
	}
	switch {
	case f.bedrooms > maxBedroomsFacet:
		b := s.bits(4, n)
		for _, d := range x.of.live.each(s.cur[:0]) {
			if x.entries[d].bedrooms >= f.bedrooms {
				b.set(d)
			}
		}
		g[gBedrooms] = b
	case f.bedrooms > 0:
		g[gBedrooms] = x.of.bedrooms[f.bedrooms]
	}
	var priced [3]bitset // the documents whose price of a kind is in the range
	if f.price.set() {
		for k := range priced {
			if k == int(f.kind) || k != int(priceAny) {
				priced[k] = s.bits(5+k, n)
				x.priceSet(priced[k], priceKind(k), f.price)
			}
		}
		g[gPrice] = priced[f.kind]
	}
	// The matches, and each facet's documents: those that pass every
	// filter but the group's own.
	m := s.bits(8, n)
	copy(m, h)
	for _, b := range g {
		if b != nil {
			m.and(b)
		}
	}
	without := func(skip ...int) bitset {
		if len(skip) == 1 && g[skip[0]] == nil {
			return m
		}
		b := s.bits(9, n)
		copy(b, h)
		for j, gj := range g {
			if gj != nil && !slices.Contains(skip, j) {
				b.and(gj)
			}
		}
		return b
	}
	b := without(gBusiness, gPrice)
	for i, set := range []bitset{x.of.sale, x.of.rent} {
		if k := []priceKind{priceSale, priceRent}[i]; priced[k] != nil || !f.price.set() {
			c.business[i] = countAnd3(b, set, priced[k])
		}
	}
	b = without(gSubtype)
	for i := range c.subtype {
		c.subtype[i] = b.countAnd(x.of.subtype[i])
	}
	b = without(gCity)
	for i := range c.city {
		c.city[i] = b.countAnd(x.of.city[i])
	}
	if f.city >= 0 {
		b = without(gHood)
		for i := range c.hood {
			if x.hoodCity[i] == f.city {
				c.hood[i] = b.countAnd(x.of.hood[i])
			}
		}
	}
	b = without(gBedrooms)
	for k := 1; k <= maxBedroomsFacet; k++ {
		c.bedrooms[k] = b.countAnd(x.of.bedrooms[k])
	}
	b = without(gPrice)
	for i := range c.price {
		c.price[i] = b.countAnd(x.of.bands[f.kind][i])
	}
	return c, m
}

// countAnd3 returns the number of documents in a, b and c (when c is
// set).
func countAnd3(a, b, c bitset) int {
	if c == nil {
		return a.countAnd(b)
	}
	b, c = b[:len(a)], c[:len(a)]
	n := 0
	for i, w := range a {
		n += bits.OnesCount64(w & b[i] & c[i])
	}
	return n
}

// facets makes the facets of the counts.
func (c *counts) facets(q Query) Facets {
	x := c.x
	fs := Facets{
		Business: []FacetValue{
			{Value: BusinessSale, Label: "Venda", Count: c.business[0]},
			{Value: BusinessRent, Label: "Aluguel", Count: c.business[1]},
		},
	}
	for n := 1; n <= maxBedroomsFacet; n++ {
		s := strconv.Itoa(n)
		fs.Bedrooms = append(fs.Bedrooms, FacetValue{Value: s, Label: s + "+", Count: c.bedrooms[n]})
	}
	for i, b := range c.f.bands {
		v := FacetValue{Label: b.label, Count: c.price[i], Min: b.min, Max: b.max}
		v.Value = strconv.FormatInt(max(b.min, 0), 10) + "-"
		if b.max != NoBound {
			v.Value += strconv.FormatInt(b.max, 10)
		}
		fs.Price = append(fs.Price, v)
	}
	fs.Subtype = listed(c.subtype, c.f.chosenSubtype, func(i int) (string, string) {
		return x.subtypes[i].Slug, x.subtypes[i].Name
	}, nil)
	fs.City = listed(c.city, nil, func(i int) (string, string) {
		return x.cities[i].Key(), CityLabel(x.cities[i])
	}, nil)
	if c.f.city >= 0 {
		if c.city[c.f.city] == 0 { // the chosen city, even without results
			fs.City = append(fs.City, FacetValue{Value: x.cities[c.f.city].Key(), Label: CityLabel(x.cities[c.f.city])})
		}
		city := c.f.city
		fs.Neighborhood = listed(c.hood, c.f.chosenHoods, func(i int) (string, string) {
			return x.hoods[i].Slug, x.hoods[i].Name.Name
		}, func(i int) bool { return x.hoodCity[i] == city })
	} else {
		fs.Neighborhood = []FacetValue{}
	}
	sortFacet(fs.City)
	return fs
}

// listed lists the values with a count above 0 and the chosen ones (of
// those keep accepts, when it is set), by count then label.
func listed(counts []int, chosen []int32, name func(int) (value, label string), keep func(int) bool) []FacetValue {
	out := []FacetValue{}
	for i, n := range counts {
		if n == 0 && !slices.Contains(chosen, int32(i)) || keep != nil && !keep(i) {
			continue
		}
		v, l := name(i)
		out = append(out, FacetValue{Value: v, Label: l, Count: n})
	}
	sortFacet(out)
	return out
}

// sortFacet orders a facet's values by count, the highest first, then by
// label.
func sortFacet(vs []FacetValue) {
	slices.SortFunc(vs, func(a, b FacetValue) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return compareLabels(a.Label, b.Label)
	})
}
