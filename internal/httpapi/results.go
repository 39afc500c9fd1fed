package httpapi

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/seo"
)

// Pages of search results that are not found, or whose address the
// search refuses: the client still starts on them and says why. Their
// titles name no site: they are written once, and the site's name is the
// agency's, read from the database (the client writes the same).
const (
	resultsNotFoundHead template.HTML = `<title>Página não encontrada</title>
<meta name="robots" content="noindex">`
	resultsBadHead template.HTML = `<title>Busca inválida</title>
<meta name="robots" content="noindex">`
	searchHead template.HTML = `<title>Buscar imóveis</title>
<meta name="robots" content="noindex, follow">`
	resultsLimitedHead template.HTML = `<title>Muitas buscas</title>
<meta name="robots" content="noindex">`
)

// tooManyResults answers a results page past the client's allowance of
// searches (see serveSearch): a page, as every address of the site
// answers one, whose client asks the API for the results and shows its
// refusal. A crawler reads the 429 and its Retry-After as a request to
// slow down.
func (s *Server) tooManyResults(w http.ResponseWriter, r *http.Request) {
	s.writeIndex(w, r, http.StatusTooManyRequests, resultsLimitedHead)
}

// pathParams are the search parameters a results page's address holds in
// its path, never in its query.
var pathParams = []string{"business", "city", "neighborhood"}

// searchPage serves /busca, the results page of any search: the client
// renders it. Search engines are asked not to keep it (the pages of a
// place are the ones to keep) but to follow its links.
func (s *Server) searchPage(w http.ResponseWriter, r *http.Request) {
	s.writeIndex(w, r, http.StatusOK, searchHead)
}

// resultsPage serves /imoveis/{business}/{city} and
// /imoveis/{business}/{city}/{neighborhood}: the results of a business
// in a place, with any other filter of the search in the query, rendered
// on the server (the head, and the results as links, so that a crawler
// that runs no JavaScript reaches every property, page by page) and by
// the client. An unknown business or place is a 404; a known place with
// no result a 200 that says so; a query the search refuses a 400 (the
// client shows why). Parameters that are not the search's (utm_source…)
// are left aside. Pages are cached like a property page, under their
// canonical address.
func (s *Server) resultsPage(w http.ResponseWriter, r *http.Request) {
	if !s.pages.built() || s.search == nil {
		s.writeIndex(w, r, http.StatusOK, "")
		return
	}
	path, q, err := resultsQuery(r)
	switch {
	case errors.Is(err, listing.ErrNotFound):
		s.writeIndex(w, r, http.StatusNotFound, resultsNotFoundHead)
		return
	case err != nil:
		s.writeIndex(w, r, http.StatusBadRequest, resultsBadHead)
		return
	}
	base := s.baseURL(r)
	self := resultsPath(path, q, q.Page)
	s.serveSearch(w, r, searchKey+"results:"+base+self, sendPage, s.tooManyResults, func(ctx context.Context) (*docEntry, error) {
		return s.renderResultsPage(ctx, base, path, q)
	})
}

// resultsQuery reads the search of a results page's address: the path's
// business, city and neighborhood, and the query's other parameters. It
// returns the page's path, or listing.ErrNotFound for a path that names
// no business or no well-formed place, or the search's
// *listing.ValidationError.
func resultsQuery(r *http.Request) (string, search.Query, error) {
	business, city, hood := r.PathValue("business"), r.PathValue("city"), r.PathValue("neighborhood")
	if business != search.BusinessSale && business != search.BusinessRent || !listing.ValidSlug(city) ||
		hood != "" && !listing.ValidSlug(hood) {
		return "", search.Query{}, listing.ErrNotFound
	}
	v := url.Values{}
	for name, values := range r.URL.Query() {
		for _, p := range pathParams {
			if name == p {
				return "", search.Query{}, &listing.ValidationError{Fields: map[string][]string{name: {"Já está no endereço."}}}
			}
		}
		if search.IsParam(name) && name != "per_page" {
			v[name] = values
		}
	}
	v.Set("business", business)
	v.Set("city", city)
	path := "/imoveis/" + business + "/" + city
	if hood != "" {
		v.Set("neighborhood", hood)
		path += "/" + hood
	}
	q, err := search.ParseQuery(v)
	return path, q, err
}

// resultsPath is the address of page n of q's results, whose path is
// path: the query holds what the path does not, in canonical form, and
// no page number on the first page.
func resultsPath(path string, q search.Query, n int) string {
	q.Page = n
	v := q.Values()
	for _, p := range pathParams {
		v.Del(p)
	}
	if len(v) == 0 {
		return path
	}
	return path + "?" + v.Encode()
}

// renderResultsPage makes a results page, whose links start with base.
func (s *Server) renderResultsPage(ctx context.Context, base, path string, q search.Query) (*docEntry, error) {
	ix, err := s.search.Index(ctx)
	if err != nil {
		return nil, err
	}
	city, ok := ix.City(q.City)
	var hood search.Place
	if ok && len(q.Neighborhoods) == 1 {
		hood, ok = ix.Neighborhood(q.City, q.Neighborhoods[0])
	}
	if !ok {
		return newDocEntry(http.StatusNotFound, s.pages.index(resultsNotFoundHead, "")), nil
	}
	res, err := ix.Search(q)
	var invalid *listing.ValidationError
	switch {
	case errors.As(err, &invalid):
		return newDocEntry(http.StatusBadRequest, s.pages.index(resultsBadHead, "")), nil
	case err != nil:
		return nil, err
	}
	offset := (q.Page - 1) * q.PerPage
	if offset > 0 && offset >= res.Total {
		return newDocEntry(http.StatusNotFound, s.pages.index(resultsNotFoundHead, "")), nil
	}
	props, err := s.store.PropertiesByIDs(ctx, res.IDs)
	if err != nil {
		return nil, err
	}
	agency, err := s.agency(ctx)
	if err != nil {
		return nil, err
	}
	page := seo.Results{Base: base, Path: resultsPath(path, q, q.Page), Page: q.Page, Total: res.Total, Offset: offset,
		Heading: resultsHeading(q, res, city, hood), Index: indexable(q), Agency: agency}
	if q.Page > 1 {
		page.Prev = resultsPath(path, q, q.Page-1)
	}
	if offset+len(res.IDs) < res.Total && (q.Page+1)*q.PerPage <= search.MaxWindow {
		page.Next = resultsPath(path, q, q.Page+1)
	}
	page.Crumbs = resultsCrumbs(base, q, city, hood)
	for _, p := range props {
		page.Items = append(page.Items, resultItem(p, q.Business))
	}
	var head, body bytes.Buffer
	if err := seo.ResultsHead(page).Render(&head); err != nil {
		return nil, err
	}
	if err := page.RenderBody(&body); err != nil {
		return nil, err
	}
	return newDocEntry(http.StatusOK, s.pages.index(template.HTML(head.String()), template.HTML(body.String()))), nil
}

// resultsHeading names a results page: its subtype when it has one, its
// business and its place.
func resultsHeading(q search.Query, res search.Result, city, hood search.Place) string {
	subtype := ""
	if len(q.Subtypes) == 1 {
		for _, f := range res.Facets.Subtype {
			if f.Value == q.Subtypes[0] {
				subtype = f.Label
			}
		}
	}
	return seo.ResultsHeading(subtype, listing.Business(q.Business), city.City.Name, city.City.State, hood.Neighborhood.Name)
}

// resultsCrumbs is a results page's trail: the home page, the business in
// the city, and the neighborhood when the page has one.
func resultsCrumbs(base string, q search.Query, city, hood search.Place) []seo.Crumb {
	cityPath := "/imoveis/" + q.Business + "/" + q.City
	crumbs := []seo.Crumb{{Name: "Início", URL: base + "/"},
		{Name: seo.ResultsHeading("", listing.Business(q.Business), city.City.Name, city.City.State, ""), URL: base + cityPath}}
	if hood.Kind != "" {
		crumbs = append(crumbs, seo.Crumb{Name: hood.Neighborhood.Name, URL: base + cityPath + "/" + hood.Neighborhood.Slug})
	}
	return crumbs
}

// indexable reports whether search engines should keep a results page: a
// place's page, by page number, of every subtype or of one. A page
// narrowed by any other filter, or sorted, is one of too many to keep.
func indexable(q search.Query) bool {
	v := q.Values()
	for _, p := range append(pathParams, "page") {
		v.Del(p)
	}
	if subtypes := v["subtype"]; len(subtypes) == 1 {
		v.Del("subtype")
	}
	return len(v) == 0
}

// resultItem is p as a results page lists it: its asking price in the
// searched business (its rent in a search for rentals, unless the rent of
// a sale and rent is not known: then its price), its facts and its place.
func resultItem(p listing.Property, business string) seo.ResultItem {
	price := seo.PriceText(p.Price, false)
	b, _ := listing.NormalizeBusiness(p.Type)
	if business == search.BusinessRent || business == "" && b == listing.BusinessRent {
		var recorded *listing.Money
		if p.RentPrice.Valid {
			recorded = &p.RentPrice.Money
		}
		if rent, ok := listing.MonthlyRent(b, p.Price, recorded); ok {
			price = seo.PriceText(rent, true)
		}
	}
	facts := []string{p.Subtype.Name}
	switch {
	case p.Bedrooms == 1:
		facts = append(facts, "1 quarto")
	case p.Bedrooms > 1:
		facts = append(facts, strconv.Itoa(p.Bedrooms)+" quartos")
	}
	if p.AreaM2 > 0 {
		facts = append(facts, strings.Replace(strconv.FormatFloat(p.AreaM2, 'f', -1, 64), ".", ",", 1)+" m²")
	}
	facts = append(facts, p.Neighborhood.Name+", "+listing.CityLabel(p.City.Name, p.City.State))
	return seo.ResultItem{Title: p.Title, Slug: p.Slug, Price: price, Summary: strings.Join(facts, " · ")}
}
