package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

// randomQueries are queries of every kind over generate's catalogues:
// texts, filters, sorts, pages.
func randomQueries(r *rand.Rand, refs References, n int) []Query {
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	var qs []Query
	for range n {
		q := NewQuery()
		if r.IntN(2) == 0 {
			w := pick(words)
			q.Text = w[:min(len(w), 1+r.IntN(4))] + " " + pick([]string{"", "de", pick(words)})
		}
		if r.IntN(10) == 0 {
			q.Text = "IM-000" + strconv.Itoa(r.IntN(10))
		}
		q.Business = pick([]string{"", "", BusinessSale, BusinessRent})
		if r.IntN(3) == 0 {
			q.Subtypes = []string{refs.Subtypes[r.IntN(len(refs.Subtypes))].Slug}
		}
		if r.IntN(2) == 0 {
			q.City = refs.Cities[r.IntN(len(refs.Cities))].Key()
		}
		if r.IntN(3) == 0 {
			q.Price = Range{int64(r.IntN(4)) * 300_000, NoBound}
		}
		q.Bedrooms = r.IntN(3)
		if r.IntN(4) == 0 {
			q.Amenities = []string{refs.Amenities[r.IntN(len(refs.Amenities))].Slug}
		}
		q.Sort = []Sort{SortRelevance, SortNewest, SortPriceAsc, SortPriceDesc, SortAreaDesc}[r.IntN(5)]
		q.PerPage = 1 + r.IntN(30)
		q.Page = 1 + r.IntN(4)
		if r.IntN(5) == 0 {
			q.Page = 1 + r.IntN(200)
		}
		qs = append(qs, q)
	}
	return qs
}

// sameAnswers checks that got answers every query as want does: the same
// page in the same order, the same total and facets, both ways of
// ordering a page.
func sameAnswers(t *testing.T, name string, got, want *Index, qs []Query) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Errorf("%s: %d properties, want %d", name, got.Len(), want.Len())
	}
	for _, pick := range []int{1, 1 << 30} { // pages picked from the orders, and selected
		got.pickAbove, want.pickAbove = pick, pick
		for _, q := range qs {
			g, gerr := got.Search(q)
			w, werr := want.Search(q)
			if !reflect.DeepEqual(g, w) || (gerr == nil) != (werr == nil) {
				t.Fatalf("%s, pickAbove %d, %s:\n got %v %+v\nwant %v %+v", name, pick, q.Encode(), gerr, g, werr, w)
			}
		}
	}
	for _, text := range []string{"cid", "bairro 3", "cidade 1"} {
		if g, w := got.Places(text, 50), want.Places(text, 50); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: places %q: %+v, want %+v", name, text, g, w)
		}
	}
	if g, w := got.PlacePages(), want.PlacePages(); !slices.Equal(g, w) {
		t.Errorf("%s: place pages differ", name)
	}
}

// TestApplyAgainstBuild applies rounds of random writes (creations,
// changes that move properties in and out of results, removals, new
// references) to an index, and checks the applied index, and its
// compaction, against the index built from the documents after them.
func TestApplyAgainstBuild(t *testing.T) {
	t.Parallel()
	docs, refs := generate(600)
	r := rand.New(rand.NewPCG(11, 12))
	qs := randomQueries(r, refs, scaled(150, 40))
	ix := Build(docs, refs)
	next := len(docs)
	for round := range 12 {
		var changed []Doc
		var removed []string
		touched := map[string]bool{}
		for range 1 + r.IntN(40) {
			switch k := r.IntN(10); {
			case k < 3: // a new property, sometimes in a new city
				d := docs[r.IntN(len(docs))]
				d.ID = fmt.Sprintf("%08x-0000-7000-8000-%012d", r.Uint32(), next)
				d.Code = fmt.Sprintf("IM-%05d", next)
				d.CreatedAt = t0.Add(time.Duration(next) * time.Minute)
				next++
				if r.IntN(4) == 0 {
					c := CityName{Slug: "nova-" + strconv.Itoa(next), Name: "Nova " + strconv.Itoa(next), State: "PR"}
					refs.Cities = append(refs.Cities, c)
					h := NeighborhoodName{c, Name{"centro", "Centro"}}
					refs.Neighborhoods = append(refs.Neighborhoods, h)
					d.City, d.Neighborhood = c, h.Name
				}
				docs = append(docs, d)
				changed = append(changed, d)
				touched[d.ID] = true
			case k < 8: // a change: price, place, text, flags
				i := r.IntN(len(docs))
				if touched[docs[i].ID] {
					continue
				}
				d := docs[i]
				d.PriceCents = int64(100_000+r.IntN(3_000_000)) * 100
				d.Bedrooms = r.IntN(6)
				d.Featured = !d.Featured
				d.Title = words[r.IntN(len(words))] + " " + d.Title
				if r.IntN(2) == 0 {
					h := refs.Neighborhoods[r.IntN(len(refs.Neighborhoods))]
					d.City, d.Neighborhood = h.City, h.Name
				}
				d.Amenities = slices.Clone(d.Amenities[:r.IntN(len(d.Amenities)+1)])
				docs[i] = d
				changed = append(changed, d)
				touched[d.ID] = true
			default: // deactivated or deleted
				i := r.IntN(len(docs))
				if touched[docs[i].ID] {
					continue
				}
				removed = append(removed, docs[i].ID)
				touched[docs[i].ID] = true
				docs = slices.Delete(docs, i, i+1)
			}
		}
		removed = append(removed, "ffffffff-0000-7000-8000-000000000000") // unknown: ignored
		var ok bool
		ix, ok = ix.Apply(changed, removed, refs)
		if !ok {
			t.Fatalf("round %d: Apply refused", round)
		}
		want := Build(docs, refs)
		sameAnswers(t, fmt.Sprintf("round %d", round), ix, want, qs)
		if round%4 == 3 {
			ix = ix.Compact()
			if overlay, dead := ix.OverlayDocs(); overlay != 0 || dead != 0 {
				t.Errorf("round %d: compacted, %d in the overlay, %d dead", round, overlay, dead)
			}
			sameAnswers(t, fmt.Sprintf("round %d, compacted", round), ix, want, qs)
		}
	}
}

// TestApplyRefusesRenames: a reference renamed or taken away since is
// in the documents of the index, which only a build makes again.
func TestApplyRefusesRenames(t *testing.T) {
	t.Parallel()
	docs, refs := generate(50)
	ix := Build(docs, refs)
	renamed := refs
	renamed.Cities = slices.Clone(refs.Cities)
	renamed.Cities[0].Name = "Outro Nome"
	if _, ok := ix.Apply(nil, nil, renamed); ok {
		t.Error("a renamed city was applied")
	}
	fewer := refs
	fewer.Amenities = refs.Amenities[1:]
	if _, ok := ix.Apply(nil, nil, fewer); ok {
		t.Error("an amenity taken away was applied")
	}
	if _, ok := ix.Apply(nil, nil, refs); !ok {
		t.Error("no change was refused")
	}
}
