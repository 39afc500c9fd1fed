package search

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/vitrine/vitrine/internal/listing"
)

// Index answers queries over a catalogue's active properties, in memory.
// It is built once from the documents (Build) and never changed: any
// number of goroutines may search it at once. Text is held as an
// inverted index (a sorted dictionary of folded words, each with the
// properties and fields it occurs in); filters, facets and orders read one
// compact entry per property.
type Index struct {
	ids     []string
	entries []entry

	terms     []string // sorted
	termStart []uint32 // postings of terms[i]: post[termStart[i]:termStart[i+1]]
	post      []uint32 // doc<<fieldBits | the fields' bits, by doc within a term (so at most 2^27 documents)
	codes     map[string][]uint32

	subtypes  []Name
	cities    []CityName
	hoods     []NeighborhoodName
	amenities []Name
	hoodCity  []int32 // the city of each neighborhood, by index
	subtypeAt map[string]int32
	cityAt    map[string]int32
	hoodAt    map[hoodKey]int32
	amenityAt map[string]int32

	cityCount, hoodCount []int // active properties of each city and neighborhood
	places               []place

	orders    [numOrders][]uint32 // the documents in each order
	sortBelow int                 // see the constant sortBelow
	scratch   sync.Pool           // *scratch of this index's size

	pagesOnce sync.Once
	pages     []PlacePage // PlacePages, counted on the first call
}

// entry is what filters, facets and orders read of one property.
type entry struct {
	price     [3]int64 // cents, by priceKind; -1 when the property has none
	created   int64    // Unix nanoseconds
	area      float64
	idRank    uint32 // the place of its id among the ids in byte order
	subtype   int32
	city      int32
	hood      int32
	bedrooms  uint16
	bathrooms uint16
	suites    uint16
	parking   uint16
	flags     uint8
	amenities []int32 // sorted
}

// The flags of an entry.
const (
	flagSale      = 1 << iota // offered for sale
	flagRent                  // offered for rent
	flagFeatured              // featured
	flagAvailable             // status disponivel
)

// priceKind is which price a query compares: the sale price (business
// venda), the rent (aluguel), or, with no business, the sale price or a
// rent-only property's rent.
type priceKind int

const (
	priceAny priceKind = iota
	priceSale
	priceRent
)

// hoodKey finds a neighborhood by its city's index and its slug.
type hoodKey struct {
	city int32
	slug string
}

// place is a city or neighborhood with active properties, as Places finds
// it.
type place struct {
	Place
	words []string // the tokens of its name
}

// The precomputed orders of the documents.
const (
	orderHome      = iota // featured, newest: relevance without a text
	orderNewest           // newest
	orderArea             // largest area
	orderPriceAsc         // + priceKind: cheapest, unknown prices last
	orderPriceDesc = orderPriceAsc + 3
	numOrders      = orderPriceDesc + 3
)

// maxCountEntries is the largest count (bedrooms, bathrooms…) an entry
// holds; a larger one is kept as it, which every filter (at most 99) and
// facet ("4+") still reads right.
const maxCountEntries = math.MaxUint16

// Build makes the index of docs, the catalogue's active properties, with
// the catalogue's references. A document whose subtype, city,
// neighborhood or amenity is missing from refs adds it.
func Build(docs []Doc, refs References) *Index {
	x := &Index{
		ids: make([]string, len(docs)), entries: make([]entry, len(docs)), codes: map[string][]uint32{},
		subtypeAt: map[string]int32{}, cityAt: map[string]int32{}, hoodAt: map[hoodKey]int32{}, amenityAt: map[string]int32{},
		sortBelow: sortBelow,
	}
	for _, s := range refs.Subtypes {
		x.subtype(s)
	}
	for _, c := range refs.Cities {
		x.city(c)
	}
	for _, h := range refs.Neighborhoods {
		x.hood(h.City, h.Name)
	}
	for _, a := range refs.Amenities {
		x.amenity(a)
	}
	var t termTable
	for i := range docs {
		d := &docs[i]
		x.ids[i] = d.ID
		x.entries[i] = x.entryOf(d)
		t.addDoc(uint32(i), d)
		if k := codeKey(d.Code); k != "" {
			x.codes[k] = append(x.codes[k], uint32(i))
		}
	}
	x.terms = make([]string, 0, len(t.ids))
	for w := range t.ids {
		x.terms = append(x.terms, w)
	}
	slices.Sort(x.terms)
	x.termStart = make([]uint32, len(x.terms)+1)
	n := 0
	for i, w := range x.terms {
		x.termStart[i] = uint32(n)
		n += len(t.postings[t.ids[w]])
	}
	x.termStart[len(x.terms)] = uint32(n)
	x.post = make([]uint32, 0, n)
	for _, w := range x.terms {
		x.post = append(x.post, t.postings[t.ids[w]]...)
	}
	x.rankIDs()
	x.countPlaces()
	for o := range x.orders {
		perm := make([]uint32, len(docs))
		for i := range perm {
			perm[i] = uint32(i)
		}
		less := x.order(o)
		slices.SortFunc(perm, less)
		x.orders[o] = perm
	}
	n = len(docs)
	x.scratch.New = func() any { return newScratch(n) }
	return x
}

// termTable gathers the postings of the terms while an index is built.
type termTable struct {
	ids      map[string]uint32 // a term's number
	postings [][]uint32        // by the term's number: doc<<fieldBits | fields, by doc
	folds    map[string]string // see eachToken
}

// addDoc adds the terms of document d (its number), each once with the
// bits of every field it occurs in, stop words left out.
func (t *termTable) addDoc(d uint32, doc *Doc) {
	if t.ids == nil {
		t.ids, t.folds = map[string]uint32{}, map[string]string{}
	}
	add := func(field uint32) func(string) {
		return func(w string) {
			if stopWords[w] {
				return
			}
			id, ok := t.ids[w]
			if !ok {
				id = uint32(len(t.postings))
				t.ids[strings.Clone(w)] = id // a word may be a part of the document's text
				t.postings = append(t.postings, nil)
			}
			list := t.postings[id]
			if n := len(list); n > 0 && list[n-1]>>fieldBits == d {
				list[n-1] |= field
				return
			}
			t.postings[id] = append(list, d<<fieldBits|field)
		}
	}
	eachToken(doc.Code, t.folds, add(fieldCode))
	eachToken(doc.Title, t.folds, add(fieldTitle))
	eachToken(doc.Neighborhood.Name, t.folds, add(fieldPlace))
	eachToken(doc.City.Name, t.folds, add(fieldPlace))
	eachToken(doc.Subtype.Name, t.folds, add(fieldPlace))
	eachToken(doc.Address, t.folds, add(fieldAddress))
	eachToken(doc.Description, t.folds, add(fieldDesc))
}

// entryOf makes the entry of d, adding its references when refs missed
// them.
func (x *Index) entryOf(d *Doc) entry {
	b := listing.Business(d.Business)
	e := entry{
		created: d.CreatedAt.UnixNano(), area: d.AreaM2,
		subtype: x.subtype(d.Subtype), city: x.city(d.City), hood: x.hood(d.City, d.Neighborhood),
		bedrooms: clampCount(d.Bedrooms), bathrooms: clampCount(d.Bathrooms),
		suites: clampCount(d.Suites), parking: clampCount(d.Parking),
	}
	e.price = [3]int64{d.PriceCents, -1, -1}
	if b.Sale() {
		e.flags |= flagSale
		e.price[priceSale] = d.PriceCents
	}
	if b.Rent() {
		e.flags |= flagRent
		switch {
		case d.RentCents >= 0:
			e.price[priceRent] = d.RentCents
		case b == listing.BusinessRent: // a rental stored before the rent had a column of its own
			e.price[priceRent] = d.PriceCents
		}
	}
	if b == listing.BusinessRent {
		e.price[priceAny] = e.price[priceRent]
	}
	if d.Featured {
		e.flags |= flagFeatured
	}
	if d.Status == string(listing.StatusAvailable) {
		e.flags |= flagAvailable
	}
	for _, a := range d.Amenities {
		e.amenities = append(e.amenities, x.amenity(Name{Slug: a, Name: a}))
	}
	slices.Sort(e.amenities)
	e.amenities = slices.Compact(e.amenities)
	return e
}

func clampCount(n int) uint16 { return uint16(min(max(n, 0), maxCountEntries)) }

// subtype returns the index of the subtype, adding it when unknown.
func (x *Index) subtype(s Name) int32 {
	if i, ok := x.subtypeAt[s.Slug]; ok {
		return i
	}
	x.subtypeAt[s.Slug] = int32(len(x.subtypes))
	x.subtypes = append(x.subtypes, s)
	return int32(len(x.subtypes) - 1)
}

// city returns the index of the city, adding it when unknown.
func (x *Index) city(c CityName) int32 {
	if i, ok := x.cityAt[c.Key()]; ok {
		return i
	}
	x.cityAt[c.Key()] = int32(len(x.cities))
	x.cities = append(x.cities, c)
	return int32(len(x.cities) - 1)
}

// hood returns the index of the neighborhood of city, adding it when
// unknown.
func (x *Index) hood(c CityName, h Name) int32 {
	ci := x.city(c)
	k := hoodKey{ci, h.Slug}
	if i, ok := x.hoodAt[k]; ok {
		return i
	}
	x.hoodAt[k] = int32(len(x.hoods))
	x.hoods = append(x.hoods, NeighborhoodName{City: x.cities[ci], Name: h})
	x.hoodCity = append(x.hoodCity, ci)
	return int32(len(x.hoods) - 1)
}

// amenity returns the index of the amenity, adding it when unknown.
func (x *Index) amenity(a Name) int32 {
	if i, ok := x.amenityAt[a.Slug]; ok {
		return i
	}
	x.amenityAt[a.Slug] = int32(len(x.amenities))
	x.amenities = append(x.amenities, a)
	return int32(len(x.amenities) - 1)
}

// rankIDs gives each entry the place of its id in byte order, the last
// key of every order.
func (x *Index) rankIDs() {
	perm := make([]uint32, len(x.ids))
	for i := range perm {
		perm[i] = uint32(i)
	}
	slices.SortFunc(perm, func(a, b uint32) int { return strings.Compare(x.ids[a], x.ids[b]) })
	for r, d := range perm {
		x.entries[d].idRank = uint32(r)
	}
}

// order returns the comparison of documents in the order o.
func (x *Index) order(o int) func(a, b uint32) int {
	e := x.entries
	byID := func(a, b uint32) int { return cmp.Compare(e[b].idRank, e[a].idRank) } // the highest id first
	newest := func(a, b uint32) int {
		if c := cmp.Compare(e[b].created, e[a].created); c != 0 {
			return c
		}
		return byID(a, b)
	}
	switch {
	case o == orderHome:
		return func(a, b uint32) int {
			if c := cmp.Compare(e[b].flags&flagFeatured, e[a].flags&flagFeatured); c != 0 {
				return c
			}
			return newest(a, b)
		}
	case o == orderNewest:
		return newest
	case o == orderArea:
		return func(a, b uint32) int {
			if c := cmp.Compare(e[b].area, e[a].area); c != 0 {
				return c
			}
			return byID(a, b)
		}
	case o >= orderPriceDesc:
		k := o - orderPriceDesc
		return func(a, b uint32) int {
			pa, pb := e[a].price[k], e[b].price[k]
			if (pa < 0) != (pb < 0) {
				return cmp.Compare(pb, pa) // known prices first
			}
			if c := cmp.Compare(pb, pa); c != 0 {
				return c
			}
			return byID(a, b)
		}
	}
	k := o - orderPriceAsc
	return func(a, b uint32) int {
		pa, pb := e[a].price[k], e[b].price[k]
		if (pa < 0) != (pb < 0) {
			return cmp.Compare(pb, pa) // known prices first
		}
		if c := cmp.Compare(pa, pb); c != 0 {
			return c
		}
		return cmp.Compare(e[a].idRank, e[b].idRank) // the lowest id first
	}
}

// countPlaces counts the active properties of each city and
// neighborhood, and lists those that have any for Places.
func (x *Index) countPlaces() {
	x.cityCount = make([]int, len(x.cities))
	x.hoodCount = make([]int, len(x.hoods))
	for i := range x.entries {
		x.cityCount[x.entries[i].city]++
		x.hoodCount[x.entries[i].hood]++
	}
	for i, c := range x.cities {
		if x.cityCount[i] > 0 {
			x.places = append(x.places, place{x.cityPlace(int32(i)), tokens(c.Name)})
		}
	}
	for i, h := range x.hoods {
		if x.hoodCount[i] > 0 {
			x.places = append(x.places, place{x.hoodPlace(int32(i)), tokens(h.Name.Name)})
		}
	}
}

// Len returns the number of properties in the index.
func (x *Index) Len() int { return len(x.ids) }

// Place is a city, or a neighborhood of a city, with its names and the
// number of active properties it has.
type Place struct {
	Kind         string   // "city" or "neighborhood"
	City         CityName // the city, or the neighborhood's
	Neighborhood Name     // the zero Name for a city
	Label        string   // as a person reads it: "Florianópolis - SC", "Centro, Florianópolis - SC"
	Count        int      // active properties
}

// CityLabel is how a city is written for a person: "Florianópolis - SC".
func CityLabel(c CityName) string { return c.Name + " - " + c.State }

func (x *Index) cityPlace(i int32) Place {
	c := x.cities[i]
	return Place{Kind: "city", City: c, Label: CityLabel(c), Count: x.cityCount[i]}
}

func (x *Index) hoodPlace(i int32) Place {
	h := x.hoods[i]
	return Place{Kind: "neighborhood", City: h.City, Neighborhood: h.Name,
		Label: h.Name.Name + ", " + CityLabel(h.City), Count: x.hoodCount[i]}
}

// City returns the city whose key (CityKey) is key, whether or not it has
// active properties, and false when the catalogue knows no such city.
func (x *Index) City(key string) (Place, bool) {
	i, ok := x.cityAt[key]
	if !ok {
		return Place{}, false
	}
	return x.cityPlace(i), true
}

// Neighborhood returns the neighborhood slug of the city whose key is
// cityKey, whether or not it has active properties, and false when the
// catalogue knows no such neighborhood.
func (x *Index) Neighborhood(cityKey, slug string) (Place, bool) {
	ci, ok := x.cityAt[cityKey]
	if !ok {
		return Place{}, false
	}
	i, ok := x.hoodAt[hoodKey{ci, slug}]
	if !ok {
		return Place{}, false
	}
	return x.hoodPlace(i), true
}

// Places returns at most limit cities and neighborhoods with active
// properties whose name has, for each word of text, a word that starts
// with it (case and accents aside): the ones with the most properties
// first, then by label.
func (x *Index) Places(text string, limit int) []Place {
	words := tokens(text)
	if len(words) == 0 || limit <= 0 {
		return nil
	}
	var out []Place
	for _, p := range x.places {
		if allPrefixes(words, p.words) {
			out = append(out, p.Place)
		}
	}
	slices.SortFunc(out, func(a, b Place) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return compareLabels(a.Label, b.Label)
	})
	return out[:min(limit, len(out))]
}

// allPrefixes reports whether every word starts some name word.
func allPrefixes(words, name []string) bool {
	for _, w := range words {
		found := false
		for _, n := range name {
			if strings.HasPrefix(n, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// compareLabels orders labels as a person reads them: case and accents
// aside, then as written.
func compareLabels(a, b string) int {
	if c := strings.Compare(listing.Fold(a), listing.Fold(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// termRange returns the indexes of the terms that start with prefix.
func (x *Index) termRange(prefix string) (lo, hi int) {
	lo = sort.SearchStrings(x.terms, prefix)
	hi = lo + sort.Search(len(x.terms)-lo, func(j int) bool { return !strings.HasPrefix(x.terms[lo+j], prefix) })
	return lo, hi
}
