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
	if !ok || n <= 0 {
		return nil
	}
	e := x.entries[d]
	kind, business := priceSale, uint8(flagSale)
	if e.flags&flagSale == 0 {
		kind, business = priceRent, flagRent
	}
	price := e.price[kind]
	type candidate struct {
		doc      uint32
		other    bool // another subtype: after every one of the same
		distance int64
	}
	var found []candidate
	for c := range x.entries {
		o := &x.entries[c]
		if uint32(c) == d || !o.onMarket() || o.flags&business == 0 || o.city != e.city {
			continue
		}
		dist := int64(1) << 62 // an unknown price: last
		if p := o.price[kind]; p >= 0 && price >= 0 {
			dist = max(p-price, price-p)
		}
		found = append(found, candidate{uint32(c), o.subtype != e.subtype, dist})
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
