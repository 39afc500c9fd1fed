package search

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// naiveCount is the number of docs that match q, by Query.Matches: the
// oracle the index's totals and facets are checked against.
func naiveCount(docs []Doc, q Query) int {
	n := 0
	for _, d := range docs {
		if q.Matches(d) {
			n++
		}
	}
	return n
}

// naiveScore is d's relevance for the words of a text query and its
// code key, read straight from the document: per word, the weight of the
// best field one of its terms (stop words aside) starts with it, one
// more when the term is the word; and codeFirst when d's code is key.
func naiveScore(d Doc, words []string, key string) int {
	fields := []struct {
		text   string
		weight int
	}{{d.Code, 10}, {d.Title, 8}, {d.Neighborhood.Name + " " + d.City.Name + " " + d.Subtype.Name, 6}, {d.Address, 4}, {d.Description, 2}}
	score := 0
	for _, w := range words {
		best := 0
		for _, f := range fields {
			for _, t := range tokens(f.text) {
				switch {
				case stopWords[t] || !strings.HasPrefix(t, w):
				case t == w:
					best = max(best, f.weight+1)
				default:
					best = max(best, f.weight)
				}
			}
		}
		score += best
	}
	if key != "" && codeKey(d.Code) == key {
		score += codeFirst
	}
	return score
}

// naivePage returns the ids of q's page of the documents that match q,
// sorted by q's order straight from the documents.
func naivePage(docs []Doc, q Query) []string {
	var m []Doc
	for _, d := range docs {
		if q.Matches(d) {
			m = append(m, d)
		}
	}
	words, key := queryWords(q.Text), codeKey(q.Text)
	score := map[string]int{}
	if len(words) > 0 && q.Sort == SortRelevance {
		for _, d := range m {
			score[d.ID] = naiveScore(d, words, key)
		}
	}
	price := func(d Doc) int64 {
		switch {
		case q.Business == BusinessRent || q.Business == "" && d.Business == "aluguel":
			if d.RentCents >= 0 {
				return d.RentCents
			}
			if d.Business == "aluguel" {
				return d.PriceCents
			}
			return -1
		case q.Business == BusinessSale && d.Business == "aluguel":
			return -1
		}
		return d.PriceCents
	}
	slices.SortFunc(m, func(a, b Doc) int {
		byID := strings.Compare(b.ID, a.ID)
		switch q.Sort {
		case SortNewest:
			return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), byID)
		case SortAreaDesc:
			return cmp.Or(cmp.Compare(b.AreaM2, a.AreaM2), byID)
		case SortPriceAsc, SortPriceDesc:
			pa, pb := price(a), price(b)
			if (pa < 0) != (pb < 0) {
				return cmp.Compare(pb, pa)
			}
			if q.Sort == SortPriceAsc {
				return cmp.Or(cmp.Compare(pa, pb), -byID)
			}
			return cmp.Or(cmp.Compare(pb, pa), byID)
		}
		if sa, sb := score[a.ID], score[b.ID]; sa != sb {
			return cmp.Compare(sb, sa)
		}
		if a.Featured != b.Featured {
			if a.Featured {
				return -1
			}
			return 1
		}
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), byID)
	})
	out := []string{}
	for i := (q.Page - 1) * q.PerPage; i < min(len(m), q.Page*q.PerPage); i++ {
		out = append(out, m[i].ID)
	}
	return out
}

// scaled is full, or short under -short (make test-fast): the number of
// random cases a check against the oracle draws. The fewer still cover
// every path; the full run draws the rarer combinations too.
func scaled(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// TestAgainstOracle checks totals and every facet count of random
// queries on a generated catalogue against Query.Matches: a facet's count
// for a value is the total of the query with that value in place of its
// group's filter.
func TestAgainstOracle(t *testing.T) {
	t.Parallel()
	docs, refs := generate(800)
	ix := Build(docs, refs)
	r := rand.New(rand.NewPCG(7, 7))
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	for i := range scaled(100, 25) {
		q := NewQuery()
		if r.IntN(3) == 0 {
			q.Text = pick(words)[:1+r.IntN(3)] + " " + pick([]string{"", "de", pick(words)})
		}
		q.Business = pick([]string{"", "", BusinessSale, BusinessRent})
		if r.IntN(3) == 0 {
			q.Subtypes = []string{refs.Subtypes[r.IntN(6)].Slug}
		}
		if r.IntN(2) == 0 {
			c := refs.Cities[r.IntN(20)]
			q.City = c.Key()
			if r.IntN(2) == 0 {
				q.Neighborhoods = []string{"bairro-" + strconv.Itoa(r.IntN(15)), "bairro-" + strconv.Itoa(r.IntN(15))}
				slices.Sort(q.Neighborhoods)
				q.Neighborhoods = slices.Compact(q.Neighborhoods)
			}
		}
		if r.IntN(2) == 0 {
			q.Price = Range{int64(r.IntN(4)) * 300_000, NoBound}
			if r.IntN(2) == 0 {
				q.Price.Max = q.Price.Min + int64(r.IntN(3)+1)*500_000
			}
			if q.Business == BusinessRent {
				q.Price = Range{q.Price.Min / 200, q.Price.Max}
				if q.Price.Max != NoBound {
					q.Price.Max /= 200
				}
			}
		}
		q.Bedrooms = r.IntN(4)
		q.Suites = r.IntN(2)
		if r.IntN(4) == 0 {
			q.Area = Range{int64(r.IntN(200)), int64(200 + r.IntN(200))}
		}
		if r.IntN(4) == 0 {
			q.Amenities = []string{refs.Amenities[r.IntN(8)].Slug}
		}
		q.Featured = r.IntN(8) == 0
		q.Sort = []Sort{SortRelevance, SortNewest, SortPriceAsc, SortPriceDesc, SortAreaDesc}[r.IntN(5)]
		q.PerPage = 1 + r.IntN(40)
		q.Page = 1 + r.IntN(5)
		name := fmt.Sprintf("#%d %s", i, q.Encode())
		for _, pick := range []int{1, 1 << 30} { // pages picked from the orders, and selected
			ix.pickAbove = pick
			res, err := ix.Search(q)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if want := naivePage(docs, q); !slices.Equal(res.IDs, want) {
				t.Errorf("%s, pickAbove %d: page %v, want %v", name, pick, res.IDs, want)
			}
		}
		res, err := ix.Search(q)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := naiveCount(docs, q); res.Total != want {
			t.Errorf("%s: total %d, want %d", name, res.Total, want)
		}
		check := func(facet string, vs []FacetValue, with func(Query, FacetValue) Query) {
			for _, v := range vs {
				if want := naiveCount(docs, with(q, v)); v.Count != want {
					t.Errorf("%s: facet %s %s = %d, want %d", name, facet, v.Value, v.Count, want)
				}
			}
		}
		check("business", res.Facets.Business, func(q Query, v FacetValue) Query { q.Business = v.Value; return q })
		check("subtype", res.Facets.Subtype, func(q Query, v FacetValue) Query { q.Subtypes = []string{v.Value}; return q })
		check("city", res.Facets.City, func(q Query, v FacetValue) Query { q.City = v.Value; return q })
		check("neighborhood", res.Facets.Neighborhood, func(q Query, v FacetValue) Query { q.Neighborhoods = []string{v.Value}; return q })
		check("bedrooms", res.Facets.Bedrooms, func(q Query, v FacetValue) Query { q.Bedrooms, _ = strconv.Atoi(v.Value); return q })
		check("price", res.Facets.Price, func(q Query, v FacetValue) Query { q.Price = Range{max(v.Min, 0), v.Max}; return q })
		// Values with a count that a facet leaves out.
		for _, s := range refs.Subtypes {
			q2 := q
			q2.Subtypes = []string{s.Slug}
			if n := naiveCount(docs, q2); n > 0 && !slices.ContainsFunc(res.Facets.Subtype, func(v FacetValue) bool { return v.Value == s.Slug }) {
				t.Errorf("%s: subtype %s (%d) missing from its facet", name, s.Slug, n)
			}
		}
	}
}

// TestRelevanceAgainstOracle checks the pages of text queries in the
// order of relevance against naivePage, on a built index and on one with
// an overlay (a fifth of the documents rewritten since): common words
// (kept as bitsets, and searched match by match under narrow filters)
// and rare ones, prefixes and codes, and words that are a whole term of
// some documents and the prefix of a longer term of others ("sala" and
// "salão").
func TestRelevanceAgainstOracle(t *testing.T) {
	t.Parallel()
	docs, refs := generate(1500)
	built := Build(docs, refs)
	r := rand.New(rand.NewPCG(11, 11))
	changed := slices.Clone(docs)
	var rewritten []Doc
	for i := range changed {
		if r.IntN(5) == 0 {
			changed[i].Title = words[r.IntN(len(words))] + " " + changed[i].Title
			changed[i].Description = strings.Join(words[r.IntN(20):][:10], " ")
			rewritten = append(rewritten, changed[i])
		}
	}
	overlay, ok := built.Apply(rewritten, nil, refs)
	if !ok || len(overlay.text) != 2 {
		t.Fatalf("apply: %v, %d segments", ok, len(overlay.text))
	}
	dense := 0
	for _, seg := range built.text {
		dense += len(seg.dense)
	}
	if dense == 0 {
		t.Fatal("no term of the built index is kept as a bitset: the test misses that path")
	}
	for _, c := range []struct {
		name string
		ix   *Index
		docs []Doc
	}{{"built", built, docs}, {"overlay", overlay, changed}} {
		qs := randomQueries(r, refs, scaled(300, 60))
		for i := range qs {
			q := &qs[i]
			q.Sort = SortRelevance
			switch {
			case r.IntN(3) == 0:
				q.Text = []string{"sala", "sala vista", "sal", "piscina sala", "vista"}[r.IntN(5)]
			case q.Text == "":
				q.Text = words[r.IntN(len(words))]
			}
			if q.Page*q.PerPage > 400 {
				q.Page = 1
			}
			res, err := c.ix.Search(*q)
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, q.Encode(), err)
			}
			if want := naivePage(c.docs, *q); !slices.Equal(res.IDs, want) {
				t.Errorf("%s %s: page %v, want %v", c.name, q.Encode(), res.IDs, want)
			}
		}
	}
}
