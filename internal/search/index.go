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
// It is built from the documents (Build), and the index of a catalogue
// after a few writes is derived from the one before them (Apply) without
// reading the others again. An Index never changes once made: any number
// of goroutines may search it at once.
//
// Documents are numbered in the order they came in. Text is held as
// inverted indexes (segments: sorted dictionaries of folded words, each
// with the documents and fields it occurs in): the base segment of the
// documents an index was built or compacted with, and an overlay of those
// applied since. A document that a later write changed or removed stays
// in its place, marked dead (flagDead), until a compaction (Compact)
// numbers the documents again; filters, facets and orders read one
// compact entry per document, which holds no pointer, and skip the dead.
type Index struct {
	ids     []string  // by document
	entries []entry   // by document
	keys    []docKey  // by document: what orders compare beyond entries
	more    moreAmens // amenities past the bits of an entry, by document
	live    int       // documents not dead

	text     []*segment // the base segment, then the overlay when there is one
	baseDocs uint32     // the documents of the base segment: 0 to baseDocs-1

	refTable
	of                   sets  // the documents of each filter value
	cityCount, hoodCount []int // active properties of each city and neighborhood
	places               []place

	byID   []uint32            // the live documents in the byte order of their ids
	orders [numOrders][]uint32 // the live documents in each order
	ranks  [numOrders][]uint32 // the place of each live document in each order

	scratch   sync.Pool // *scratch of this index's size
	pickAbove int       // see the constant pickAbove

	pagesOnce sync.Once
	pages     []PlacePage // PlacePages, counted on the first call
}

// entry is what filters and facets read of one document: 64 bytes, no
// pointer (the collector never scans the entries).
type entry struct {
	price     [3]int64 // cents, by priceKind; -1 when the property has none
	area      float64
	amenities uint64 // bit i: the amenity of index i, for i < 64 (the others: Index.more)
	subtype   int32
	city      int32
	hood      int32
	bedrooms  uint16
	bathrooms uint16
	suites    uint16
	parking   uint16
	flags     uint8
}

// onMarket reports whether the entry is what a search finds by default
// (NewQuery): in the catalogue, and available. Place counts, place pages
// and similar listings count the same.
func (e *entry) onMarket() bool { return e.flags&flagDead == 0 && e.flags&flagAvailable != 0 }

// docKey is what the orders compare of a document beyond its entry.
type docKey struct {
	created int64  // Unix nanoseconds
	idRank  uint32 // the place of its id among the live ids in byte order
}

// moreAmens are the amenities of index 64 and above of the documents
// that have any (sorted), by document: a catalogue rarely has so many.
type moreAmens map[uint32][]int32

// The flags of an entry.
const (
	flagSale      = 1 << iota // offered for sale
	flagRent                  // offered for rent
	flagFeatured              // featured
	flagAvailable             // status disponivel
	flagDead                  // changed or removed since: no longer in the catalogue
)

// amenityBits is the number of amenities an entry holds as bits.
const amenityBits = 64

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

// refTable is the index's references: every subtype, city, neighborhood
// and amenity, numbered. The slices and maps are never changed once an
// index holds them; Apply copies them to add one.
type refTable struct {
	subtypes  []Name
	cities    []CityName
	hoods     []NeighborhoodName
	amenities []Name
	hoodCity  []int32 // the city of each neighborhood, by index
	subtypeAt map[string]int32
	cityAt    map[string]int32
	hoodAt    map[hoodKey]int32
	amenityAt map[string]int32
}

// clone returns a copy of t that may be added to.
func (t *refTable) clone() refTable {
	return refTable{
		subtypes: slices.Clone(t.subtypes), cities: slices.Clone(t.cities), hoods: slices.Clone(t.hoods),
		amenities: slices.Clone(t.amenities), hoodCity: slices.Clone(t.hoodCity),
		subtypeAt: cloneMap(t.subtypeAt), cityAt: cloneMap(t.cityAt), hoodAt: cloneMap(t.hoodAt), amenityAt: cloneMap(t.amenityAt),
	}
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// add adds the references of refs that t lacks. It reports false when
// one of them has a slug t knows under another name (a reference was
// renamed: the documents that name it hold the old name).
func (t *refTable) add(refs References) bool {
	ok := true
	for _, s := range refs.Subtypes {
		ok = t.subtypes[t.subtype(s)] == s && ok
	}
	for _, c := range refs.Cities {
		ok = t.cities[t.city(c)] == c && ok
	}
	for _, h := range refs.Neighborhoods {
		ok = t.hoods[t.hood(h.City, h.Name)] == h && ok
	}
	for _, a := range refs.Amenities {
		ok = t.amenities[t.amenity(a)] == a && ok
	}
	return ok
}

// subtype returns the index of the subtype, adding it when unknown.
func (t *refTable) subtype(s Name) int32 { return numbered(t.subtypeAt, &t.subtypes, s.Slug, s) }

// city returns the index of the city, adding it when unknown.
func (t *refTable) city(c CityName) int32 { return numbered(t.cityAt, &t.cities, c.Key(), c) }

// hood returns the index of the neighborhood of city, adding it when
// unknown.
func (t *refTable) hood(c CityName, h Name) int32 {
	ci := t.city(c)
	k := hoodKey{ci, h.Slug}
	if i, ok := t.hoodAt[k]; ok {
		return i
	}
	t.hoodAt[k] = int32(len(t.hoods))
	t.hoods = append(t.hoods, NeighborhoodName{City: t.cities[ci], Name: h})
	t.hoodCity = append(t.hoodCity, ci)
	return int32(len(t.hoods) - 1)
}

// amenity returns the index of the amenity, adding it when unknown.
func (t *refTable) amenity(a Name) int32 { return numbered(t.amenityAt, &t.amenities, a.Slug, a) }

// numbered returns the number of key in at, adding v to list under it
// when at lacks it.
func numbered[K comparable, V any](at map[K]int32, list *[]V, key K, v V) int32 {
	if i, ok := at[key]; ok {
		return i
	}
	at[key] = int32(len(*list))
	*list = append(*list, v)
	return int32(len(*list) - 1)
}

// Build makes the index of docs, the catalogue's active properties, with
// the catalogue's references. A document whose subtype, city,
// neighborhood or amenity is missing from refs adds it; when a document
// names a reference under another name than refs, refs' name is kept.
func Build(docs []Doc, refs References) *Index {
	empty := &Index{refTable: refTable{subtypeAt: map[string]int32{}, cityAt: map[string]int32{},
		hoodAt: map[hoodKey]int32{}, amenityAt: map[string]int32{}}}
	x, _ := empty.apply(docs, nil, refs, true)
	return x
}

// Apply returns the index of the catalogue that x holds after writes:
// changed are the documents of the active properties they created or
// changed, removed the ids of those they deactivated or deleted (ids x
// does not hold are ignored), refs the catalogue's references after them.
// It reports false, and returns nil, when the writes renamed a reference
// or took one away, which the documents of x hold: only Build makes that
// index. The documents of x that changed are marked dead and the changed
// ones added after them, in an overlay of the text; what Apply costs
// grows with the catalogue (a few passes over its entries and orders,
// no text) and with the overlay. Compact merges the overlay into the
// base.
func (x *Index) Apply(changed []Doc, removed []string, refs References) (*Index, bool) {
	return x.apply(changed, removed, refs, false)
}

func (x *Index) apply(changed []Doc, removed []string, refs References, base bool) (*Index, bool) {
	y := &Index{refTable: x.refTable.clone(), baseDocs: x.baseDocs}
	if !y.add(refs) && !base || !base && !y.holdsAll(refs) {
		return nil, false
	}
	// Copy x's documents, marking those the writes changed or removed.
	first := uint32(len(x.ids))
	y.ids = slices.Grow(slices.Clone(x.ids), len(changed))
	y.entries = slices.Grow(slices.Clone(x.entries), len(changed))
	y.keys = slices.Grow(slices.Clone(x.keys), len(changed))
	y.more = moreAmens{}
	for d, a := range x.more {
		y.more[d] = a
	}
	y.live = x.live
	var killed []uint32
	kill := func(id string) {
		if d, ok := x.doc(id); ok && y.entries[d].flags&flagDead == 0 {
			y.entries[d].flags |= flagDead
			y.live--
			killed = append(killed, d)
		}
	}
	for _, id := range removed {
		kill(id)
	}
	for i := range changed {
		kill(changed[i].ID)
	}
	// Add the changed documents; their text makes a segment of its own, on
	// a goroutine of its own while the orders are made.
	for i := range changed {
		d := &changed[i]
		y.ids = append(y.ids, d.ID)
		y.entries = append(y.entries, y.entryOf(d, first+uint32(i)))
		y.keys = append(y.keys, docKey{created: d.CreatedAt.UnixNano()})
	}
	y.live += len(changed)
	if base {
		y.baseDocs = uint32(len(y.ids))
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		var t termTable
		codes := map[string][]uint32{}
		for i := range changed {
			n := first + uint32(i)
			t.addDoc(n, &changed[i])
			if k := codeKey(changed[i].Code); k != "" {
				codes[k] = append(codes[k], n)
			}
		}
		switch {
		case base:
			y.text = []*segment{t.segment(codes)}
		case len(x.text) > 1: // an overlay: this one holds its text and the new documents'
			y.text = []*segment{x.text[0], x.text[1].merge(&t, codes)}
		default:
			y.text = []*segment{x.text[0], (&segment{}).merge(&t, codes)}
		}
	})
	// The orders: x's live documents keep their order; the new ones are
	// sorted and merged in.
	// Which documents live, as a bitset: the orders are read in their
	// order, which jumps about the entries.
	alive := newBitset(len(y.ids))
	copy(alive, x.of.live)
	for _, d := range killed {
		alive.clear(d)
	}
	for d := first; d < uint32(len(y.ids)); d++ {
		alive.set(d)
	}
	isLive := alive.has
	added := make([]uint32, len(changed))
	for i := range added {
		added[i] = first + uint32(i)
	}
	slices.SortFunc(added, func(a, b uint32) int { return strings.Compare(y.ids[a], y.ids[b]) })
	y.byID = mergeLive(x.byID, added, isLive, func(a, b uint32) int { return strings.Compare(y.ids[a], y.ids[b]) })
	for r, d := range y.byID {
		y.keys[d].idRank = uint32(r)
	}
	for o := range y.orders { // independent: each on a goroutine of its own
		wg.Go(func() {
			less := y.order(o)
			sorted := slices.Clone(added)
			slices.SortFunc(sorted, less)
			y.orders[o] = mergeLive(x.orders[o], sorted, isLive, less)
			y.ranks[o] = make([]uint32, len(y.ids))
			for r, d := range y.orders[o] {
				y.ranks[o][d] = uint32(r)
			}
		})
	}
	y.countPlaces()
	wg.Wait()
	y.makeSets(x, killed, first)
	y.ready()
	return y, true
}

// holdsAll reports whether t, made of the references of an index and
// refs, holds refs alone: a reference that refs lack (taken away since)
// would stay in an applied index, not in a built one.
func (t *refTable) holdsAll(refs References) bool {
	return len(t.subtypes) == len(refs.Subtypes) && len(t.cities) == len(refs.Cities) &&
		len(t.hoods) == len(refs.Neighborhoods) && len(t.amenities) == len(refs.Amenities)
}

// mergeLive merges the live documents of old, in order, with the sorted
// added ones: each added one goes where a binary search of the live ones
// puts it, so that an update of a few documents compares a few of them.
func mergeLive(old, added []uint32, live func(uint32) bool, cmp func(a, b uint32) int) []uint32 {
	kept := make([]uint32, 0, len(old)+len(added))
	for _, d := range old {
		if live(d) {
			kept = append(kept, d)
		}
	}
	if len(added) == 0 {
		return kept
	}
	out := make([]uint32, 0, len(kept)+len(added))
	start := 0
	for _, a := range added {
		i := start + sort.Search(len(kept)-start, func(j int) bool { return cmp(a, kept[start+j]) < 0 })
		out = append(append(out, kept[start:i]...), a)
		start = i
	}
	return append(out, kept[start:]...)
}

// doc returns the number of the live document whose id is id.
func (x *Index) doc(id string) (uint32, bool) {
	r, ok := slices.BinarySearchFunc(x.byID, id, func(d uint32, id string) int { return strings.Compare(x.ids[d], id) })
	if !ok {
		return 0, false
	}
	return x.byID[r], true
}

// Compact returns the index of the same catalogue as x with its overlay
// merged into the base segment and its dead documents gone, numbered
// again: what Build would make of the same documents, without their
// text. It reads x's segments whole; x itself is left as it is.
func (x *Index) Compact() *Index {
	y := &Index{refTable: x.refTable, live: x.live}
	renum := make([]uint32, len(x.ids)) // old number → new number + 1; 0 for the dead
	for d := range x.entries {
		if x.entries[d].flags&flagDead == 0 {
			y.ids = append(y.ids, x.ids[d])
			y.entries = append(y.entries, x.entries[d])
			y.keys = append(y.keys, x.keys[d])
			renum[d] = uint32(len(y.ids))
		}
	}
	y.more = moreAmens{}
	for d, a := range x.more {
		if n := renum[d]; n > 0 {
			y.more[n-1] = a
		}
	}
	y.text = []*segment{compactSegments(x.text, renum)}
	y.baseDocs = uint32(len(y.ids))
	remap := func(list []uint32) []uint32 {
		out := make([]uint32, len(list))
		for i, d := range list {
			out[i] = renum[d] - 1
		}
		return out
	}
	y.byID = remap(x.byID)
	for o := range y.orders {
		y.orders[o] = remap(x.orders[o])
		y.ranks[o] = make([]uint32, len(y.ids))
		for r, d := range y.orders[o] {
			y.ranks[o][d] = uint32(r)
		}
	}
	y.cityCount, y.hoodCount, y.places = x.cityCount, x.hoodCount, x.places
	y.makeSets(&Index{}, nil, 0)
	y.ready()
	return y
}

// ready makes the index ready to search.
func (x *Index) ready() {
	x.scratch.New = func() any { return new(scratch) }
	x.pickAbove = pickAbove
}

// OverlayDocs returns how many documents x holds beyond those of its base
// segment, and how many of its documents are dead: what a compaction
// would merge and drop.
func (x *Index) OverlayDocs() (overlay, dead int) {
	return len(x.ids) - int(x.baseDocs), len(x.ids) - x.live
}

// entryOf makes the entry of d, document n, adding its references when
// the index lacks them.
func (x *Index) entryOf(d *Doc, n uint32) entry {
	e := entry{
		area: d.AreaM2, subtype: x.subtype(d.Subtype), city: x.city(d.City), hood: x.hood(d.City, d.Neighborhood),
		bedrooms: clampCount(d.Bedrooms), bathrooms: clampCount(d.Bathrooms),
		suites: clampCount(d.Suites), parking: clampCount(d.Parking),
	}
	e.flags, e.price = offerOf(d)
	if d.Featured {
		e.flags |= flagFeatured
	}
	if d.Status == string(listing.StatusAvailable) {
		e.flags |= flagAvailable
	}
	var more []int32
	for _, a := range d.Amenities {
		i := x.amenity(Name{Slug: a, Name: a})
		switch {
		case i < amenityBits:
			e.amenities |= 1 << i
		default:
			more = append(more, i)
		}
	}
	if len(more) > 0 {
		slices.Sort(more)
		x.more[n] = slices.Compact(more)
	}
	return e
}

// offerOf returns the businesses d is offered in (flagSale, flagRent) and
// its prices by priceKind (-1 when not known).
func offerOf(d *Doc) (flags uint8, price [3]int64) {
	b := listing.Business(d.Business)
	price = [3]int64{d.PriceCents, -1, -1}
	if b.Sale() {
		flags |= flagSale
		price[priceSale] = d.PriceCents
	}
	if b.Rent() {
		flags |= flagRent
		var recorded *int64
		if d.RentCents >= 0 {
			recorded = &d.RentCents
		}
		if rent, ok := listing.MonthlyRent(b, d.PriceCents, recorded); ok {
			price[priceRent] = rent
		}
	}
	if b == listing.BusinessRent {
		price[priceAny] = price[priceRent]
	}
	return flags, price
}

func clampCount(n int) uint16 { return uint16(min(max(n, 0), maxCountEntries)) }

// order returns the comparison of documents in the order o.
func (x *Index) order(o int) func(a, b uint32) int {
	e, k := x.entries, x.keys
	byID := func(a, b uint32) int { return cmp.Compare(k[b].idRank, k[a].idRank) } // the highest id first
	newest := func(a, b uint32) int {
		if c := cmp.Compare(k[b].created, k[a].created); c != 0 {
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
		p := o - orderPriceDesc
		return func(a, b uint32) int {
			pa, pb := e[a].price[p], e[b].price[p]
			if (pa < 0) != (pb < 0) {
				return cmp.Compare(pb, pa) // known prices first
			}
			if c := cmp.Compare(pb, pa); c != 0 {
				return c
			}
			return byID(a, b)
		}
	}
	p := o - orderPriceAsc
	return func(a, b uint32) int {
		pa, pb := e[a].price[p], e[b].price[p]
		if (pa < 0) != (pb < 0) {
			return cmp.Compare(pb, pa) // known prices first
		}
		if c := cmp.Compare(pa, pb); c != 0 {
			return c
		}
		return cmp.Compare(k[a].idRank, k[b].idRank) // the lowest id first
	}
}

// countPlaces counts the available properties (what a search finds by
// default) of each city and neighborhood, and lists those that have any
// for Places.
func (x *Index) countPlaces() {
	x.cityCount = make([]int, len(x.cities))
	x.hoodCount = make([]int, len(x.hoods))
	for i := range x.entries {
		if e := &x.entries[i]; e.onMarket() {
			x.cityCount[e.city]++
			x.hoodCount[e.hood]++
		}
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
func (x *Index) Len() int { return x.live }

// Bytes estimates the memory the index holds, in bytes: what the process
// needs for it beyond the rest of its work.
func (x *Index) Bytes() int64 {
	n := int64(len(x.ids))
	b := n * (16 + 36 + 64 + 16 + 4*(1+2*numOrders)) // id header and text, entry, key, byID, orders and ranks
	for _, s := range x.text {
		b += int64(len(s.post))*4 + int64(len(s.terms))*(16+4+12) + int64(len(s.codes))*64
		for _, d := range s.dense {
			b += int64(len(d))*8 + 48
		}
	}
	return b
}

// Place is a city, or a neighborhood of a city, with its names and the
// number of active properties it has.
type Place struct {
	Kind         string   // "city" or "neighborhood"
	City         CityName // the city, or the neighborhood's
	Neighborhood Name     // the zero Name for a city
	Label        string   // as a person reads it: "Florianópolis – SC", "Centro, Florianópolis – SC"
	Count        int      // available properties (what its search finds by default)
}

// CityLabel is how a city is written for a person: "Florianópolis – SC"
// (listing.CityLabel).
func CityLabel(c CityName) string { return listing.CityLabel(c.Name, c.State) }

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

// termRange returns the indexes of the segment's terms that start with
// prefix.
func (s *segment) termRange(prefix string) (lo, hi int) {
	lo = sort.SearchStrings(s.terms, prefix)
	hi = lo + sort.Search(len(s.terms)-lo, func(j int) bool { return !strings.HasPrefix(s.terms[lo+j], prefix) })
	return lo, hi
}
