package search

import (
	"cmp"
	"slices"
)

// Similar returns the ids of up to n available properties like the
// property id, for a visitor who reached one that is sold, rented or
// reserved: offered in a business it was offered in, in its city, of
// its subtype, nearest in price first (then featured, then newest).
// When fewer than n share the subtype, properties of the same business
// and city fill the rest. None when id is not in the index.
func (x *Index) Similar(id string, n int) []string {
	d, ok := x.doc(id)
	if !ok {
		return nil
	}
	e := x.entries[d]
	return x.similar(int64(d), e.flags, e.price, e.city, e.subtype, n)
}

// SimilarTo returns, as Similar, up to n available properties like the
// listing d describes, one no longer in the index (deactivated or
// deleted: the 404 of its page suggests them). Its business, prices,
// city and subtype are read; a city the index does not know has none.
func (x *Index) SimilarTo(d Doc, n int) []string {
	city, ok := x.cityAt[d.City.Key()]
	if !ok {
		return nil
	}
	subtype, ok := x.subtypeAt[d.Subtype.Slug]
	if !ok {
		subtype = -1 // every candidate is of another subtype
	}
	flags, price := offerOf(&d)
	return x.similar(-1, flags, price, city, subtype, n)
}

// similar finds up to n listings on the market like a listing offered in
// the businesses of flags at price, in city, of subtype, other than the
// document self (-1: none).
func (x *Index) similar(self int64, flags uint8, prices [3]int64, city, subtype int32, n int) []string {
	if n <= 0 || flags&(flagSale|flagRent) == 0 {
		return nil
	}
	kind, business := priceSale, uint8(flagSale)
	if flags&flagSale == 0 {
		kind, business = priceRent, flagRent
	}
	price := prices[kind]
	type candidate struct {
		doc      uint32
		other    bool // another subtype: after every one of the same
		distance int64
	}
	var found []candidate
	for c := range x.entries {
		o := &x.entries[c]
		if int64(c) == self || !o.onMarket() || o.flags&business == 0 || o.city != city {
			continue
		}
		dist := int64(1) << 62 // an unknown price: last
		if p := o.price[kind]; p >= 0 && price >= 0 {
			dist = max(p-price, price-p)
		}
		found = append(found, candidate{uint32(c), o.subtype != subtype, dist})
	}
	k := x.keys
	slices.SortFunc(found, func(a, b candidate) int {
		if a.other != b.other {
			if a.other {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.distance, b.distance),
			cmp.Compare(x.entries[b.doc].flags&flagFeatured, x.entries[a.doc].flags&flagFeatured),
			cmp.Compare(k[b.doc].created, k[a.doc].created),
			cmp.Compare(k[b.doc].idRank, k[a.doc].idRank))
	})
	out := make([]string, 0, min(n, len(found)))
	for _, c := range found[:min(n, len(found))] {
		out = append(out, x.ids[c.doc])
	}
	return out
}
