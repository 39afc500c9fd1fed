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
