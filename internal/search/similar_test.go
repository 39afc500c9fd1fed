package search

import (
	"slices"
	"testing"
)

// TestSimilar: for a listing off the market, the available ones of a
// business it was offered in, in its city, its subtype first, nearest in
// price; never itself, nor what is off the market or elsewhere.
func TestSimilar(t *testing.T) {
	t.Parallel()
	docs := fixtureDocs()
	// A second available house for sale in São José, pricier than the
	// cobertura is far: the same subtype comes first anyway.
	extra := docs[3]
	extra.ID, extra.Slug, extra.Code, extra.Status, extra.PriceCents = id(6), "casa-2", "KB-8", "disponivel", 9_000_000_00
	ix := Build(append(docs, extra), fixtureRefs())
	for _, c := range []struct {
		of   int
		want []int
	}{
		{4, []int{6, 5}}, // the sold Kobrasol house: the other house, then the cobertura
		{2, []int{1}},    // the reserved Lagoa house (sale and rent): the sale ones of Florianópolis
		{1, []int{}},     // nothing else for sale in Florianópolis is available
	} {
		got := nums(ix.Similar(id(c.of), 4))
		if !slices.Equal(got, c.want) {
			t.Errorf("Similar(%d) = %v, want %v", c.of, got, c.want)
		}
	}
	if got := ix.Similar(id(4), 1); len(got) != 1 || nums(got)[0] != 6 {
		t.Errorf("Similar(4, 1) = %v", got)
	}
	if got := ix.Similar("not-an-id", 4); got != nil {
		t.Errorf("an unknown id: %v", got)
	}
}

// TestSimilarTo: a listing no longer in the index (its 404) finds what
// it would have found while it was there; a city the index does not know
// finds nothing, and an unknown subtype ranks by price alone.
func TestSimilarTo(t *testing.T) {
	t.Parallel()
	docs := fixtureDocs()
	extra := docs[3]
	extra.ID, extra.Slug, extra.Code, extra.Status, extra.PriceCents = id(6), "casa-2", "KB-8", "disponivel", 9_000_000_00
	ix := Build(append(docs, extra), fixtureRefs())
	gone := docs[3] // the Kobrasol house, as its 404 remembers it
	gone.ID = ""
	if got, want := nums(ix.SimilarTo(gone, 4)), nums(ix.Similar(id(4), 4)); !slices.Equal(got, want) || len(got) == 0 {
		t.Errorf("SimilarTo(the Kobrasol house) = %v, want %v as Similar finds", got, want)
	}
	elsewhere := gone
	elsewhere.City = CityName{Slug: "curitiba", Name: "Curitiba", State: "PR"}
	if got := ix.SimilarTo(elsewhere, 4); got != nil {
		t.Errorf("a city without listings: %v", got)
	}
	odd := gone
	odd.Subtype = Name{Slug: "galpao", Name: "Galpão"}
	if got := nums(ix.SimilarTo(odd, 4)); len(got) == 0 {
		t.Errorf("an unknown subtype found nothing in a city with listings")
	}
}
