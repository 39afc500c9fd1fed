package search

import (
	"fmt"
	"strings"
	"testing"
)

// TestPlacePages: every business in every city and neighborhood with
// available properties for it has a page, and nothing else does
// (Palhoça and Itacorubi have none; the Lagoa house is reserved and the
// Kobrasol one sold); a property for sale and for rent counts in both.
func TestPlacePages(t *testing.T) {
	var got []string
	for _, p := range fixture().PlacePages() {
		got = append(got, fmt.Sprintf("%s %d", p.Path(), p.Count))
	}
	want := []string{
		"/imoveis/aluguel/florianopolis-sc 1", "/imoveis/venda/florianopolis-sc 1",
		"/imoveis/venda/florianopolis-sc/centro 1",
		"/imoveis/aluguel/florianopolis-sc/trindade 1",
		"/imoveis/venda/sao-jose-sc 1", "/imoveis/venda/sao-jose-sc/campinas 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("place pages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each count is what the page's search finds.
	ix := fixture()
	for _, p := range ix.PlacePages() {
		q := NewQuery()
		q.Business, q.City = p.Business, p.City
		if p.Neighborhood != "" {
			q.Neighborhoods = []string{p.Neighborhood}
		}
		res, err := ix.Search(q)
		if err != nil || res.Total != p.Count {
			t.Errorf("%s: the page finds %d (%v), counted %d", p.Path(), res.Total, err, p.Count)
		}
	}
}
