package search

import (
	"math/bits"
	"sort"
)

// bitset is a set of document numbers, a bit each.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(d uint32)      { b[d/64] |= 1 << (d % 64) }
func (b bitset) clear(d uint32)    { b[d/64] &^= 1 << (d % 64) }
func (b bitset) has(d uint32) bool { return b[d/64]&(1<<(d%64)) != 0 }

// and keeps in b the documents of o alone.
func (b bitset) and(o bitset) {
	o = o[:len(b)]
	for i := range b {
		b[i] &= o[i]
	}
}

// or adds to b the documents of o that b has room for: o may be shorter
// than b (a common term's set ends at its last document) or longer.
func (b bitset) or(o bitset) {
	b = b[:min(len(b), len(o))]
	o = o[:len(b)]
	for i := range b {
		b[i] |= o[i]
	}
}

// count returns the number of documents in b.
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// countAnd returns the number of documents in both b and o.
func (b bitset) countAnd(o bitset) int {
	o = o[:len(b)]
	n := 0
	for i, w := range b {
		n += bits.OnesCount64(w & o[i])
	}
	return n
}

// each appends b's documents to list, in order.
func (b bitset) each(list []uint32) []uint32 {
	for i, w := range b {
		for w != 0 {
			list = append(list, uint32(i*64+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return list
}

// sets are the documents of each value of each filter group, and of each
// flag, amenity and price band, as bitsets: a search combines them word
// by word, and counts each facet value as the documents of its bitset
// that pass the other groups' filters.
type sets struct {
	live                bitset // the documents not dead
	sale, rent          bitset
	featured, available bitset
	subtype, city, hood []bitset                     // by reference index
	amenity             []bitset                     // by amenity index
	bedrooms            [maxBedroomsFacet + 1]bitset // [k]: k bedrooms or more, for k ≥ 1
	bands               [3][]bitset                  // by priceKind, by band of that kind (bandsOf)
}

// bandsOf returns the price bands of the price facet of a kind of price:
// the rent bands for the rent, the sale bands otherwise.
func bandsOf(k priceKind) []band {
	if k == priceRent {
		return rentBands
	}
	return saleBands
}

// makeSets makes the index's sets: from x's when it has them (x is the
// index y was applied to: its sets, grown to y's documents, lose the
// killed documents and gain those from first on), else from y's entries.
func (y *Index) makeSets(x *Index, killed []uint32, first uint32) {
	n := len(y.entries)
	s := &y.of
	grow := func(b bitset) bitset {
		out := newBitset(n)
		copy(out, b)
		return out
	}
	many := func(old []bitset, k int) []bitset {
		out := make([]bitset, k)
		for i := range out {
			if i < len(old) {
				out[i] = grow(old[i])
			} else {
				out[i] = newBitset(n)
			}
		}
		return out
	}
	o := &x.of
	if o.live == nil {
		first = 0 // nothing to start from: every document
	}
	s.live, s.sale, s.rent, s.featured, s.available = grow(o.live), grow(o.sale), grow(o.rent), grow(o.featured), grow(o.available)
	s.subtype, s.city, s.hood = many(o.subtype, len(y.subtypes)), many(o.city, len(y.cities)), many(o.hood, len(y.hoods))
	s.amenity = many(o.amenity, len(y.amenities))
	for k := 1; k <= maxBedroomsFacet; k++ {
		s.bedrooms[k] = grow(o.bedrooms[k])
	}
	for k := range s.bands {
		s.bands[k] = many(o.bands[k], len(bandsOf(priceKind(k))))
	}
	for _, d := range killed {
		s.each(y, d, bitset.clear)
	}
	for d := first; d < uint32(n); d++ {
		if y.entries[d].flags&flagDead == 0 {
			s.each(y, d, bitset.set)
		}
	}
}

// bandCents are the bands of each kind of price (bandsOf), in cents.
var bandCents = func() (out [3][]Range) {
	for k := range out {
		for _, b := range bandsOf(priceKind(k)) {
			out[k] = append(out[k], Range{cents(b.min), cents(b.max)})
		}
	}
	return out
}()

// each calls fn with every set of s that holds document d of x (by its
// entry), and d.
func (s *sets) each(x *Index, d uint32, fn func(bitset, uint32)) {
	e := &x.entries[d]
	fn(s.live, d)
	for _, f := range []struct {
		flag uint8
		set  bitset
	}{{flagSale, s.sale}, {flagRent, s.rent}, {flagFeatured, s.featured}, {flagAvailable, s.available}} {
		if e.flags&f.flag != 0 {
			fn(f.set, d)
		}
	}
	fn(s.subtype[e.subtype], d)
	fn(s.city[e.city], d)
	fn(s.hood[e.hood], d)
	for a := e.amenities; a != 0; a &= a - 1 {
		fn(s.amenity[bits.TrailingZeros64(a)], d)
	}
	for _, a := range x.more[d] {
		fn(s.amenity[a], d)
	}
	for k := 1; k <= min(int(e.bedrooms), maxBedroomsFacet); k++ {
		fn(s.bedrooms[k], d)
	}
	for k := range s.bands {
		if p := e.price[k]; p >= 0 {
			for i, r := range bandCents[k] {
				if r.holds(p) {
					fn(s.bands[k][i], d)
				}
			}
		}
	}
}

// priceSet adds to b the documents whose price of kind k is known and in
// r (cents): a run of the order by that price, found by two binary
// searches.
func (x *Index) priceSet(b bitset, k priceKind, r Range) {
	order := x.orders[orderPriceAsc+int(k)] // known prices, cheapest first, then the unknown
	price := func(i int) int64 { return x.entries[order[i]].price[k] }
	lo := sort.Search(len(order), func(i int) bool { p := price(i); return p < 0 || r.Min == NoBound || p >= r.Min })
	hi := sort.Search(len(order), func(i int) bool { p := price(i); return p < 0 || r.Max != NoBound && p > r.Max })
	for _, d := range order[lo:max(lo, hi)] {
		b.set(d)
	}
}

// areaSet adds to b the documents whose area is in r (m²): a run of the
// order by area.
func (x *Index) areaSet(b bitset, r Range) {
	order := x.orders[orderArea] // the largest first
	area := func(i int) float64 { return x.entries[order[i]].area }
	lo := sort.Search(len(order), func(i int) bool { return r.Max == NoBound || area(i) <= float64(r.Max) })
	hi := sort.Search(len(order), func(i int) bool { return r.Min != NoBound && area(i) < float64(r.Min) })
	for _, d := range order[lo:max(lo, hi)] {
		b.set(d)
	}
}
