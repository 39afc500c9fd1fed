package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
)

// searchJSON is the answer of GET /api/v1/search.
type searchJSON struct {
	Items   []summaryJSON `json:"items"`
	Total   int           `json:"total"`
	Page    int           `json:"page"`
	PerPage int           `json:"per_page"`
	Facets  facetsJSON    `json:"facets"`
}

// facetsJSON are the facets of a search.
type facetsJSON struct {
	Business     []facetJSON      `json:"business"`
	Subtype      []facetJSON      `json:"subtype"`
	City         []facetJSON      `json:"city"`
	Neighborhood []facetJSON      `json:"neighborhood"`
	Bedrooms     []facetJSON      `json:"bedrooms"`
	Price        []priceFacetJSON `json:"price"`
}

// facetJSON is one value of a facet.
type facetJSON struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// priceFacetJSON is one price band, with its bounds in whole reais (null
// for an open side).
type priceFacetJSON struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Min   *int64 `json:"min"`
	Max   *int64 `json:"max"`
	Count int    `json:"count"`
}

func newFacetsJSON(f search.Facets) facetsJSON {
	plain := func(vs []search.FacetValue) []facetJSON {
		out := make([]facetJSON, len(vs))
		for i, v := range vs {
			out[i] = facetJSON{Value: v.Value, Label: v.Label, Count: v.Count}
		}
		return out
	}
	bound := func(n int64) *int64 {
		if n == search.NoBound {
			return nil
		}
		return &n
	}
	price := make([]priceFacetJSON, len(f.Price))
	for i, v := range f.Price {
		price[i] = priceFacetJSON{Value: v.Value, Label: v.Label, Min: bound(v.Min), Max: bound(v.Max), Count: v.Count}
	}
	return facetsJSON{Business: plain(f.Business), Subtype: plain(f.Subtype), City: plain(f.City),
		Neighborhood: plain(f.Neighborhood), Bedrooms: plain(f.Bedrooms), Price: price}
}

// searchProperties answers the public search: the query is checked, then
// answered from the cache (by its canonical form), or from the search
// index and one database read of the page's items. A query asked before
// in the very same words is answered from the cache before it is parsed:
// its answer is kept under those words too, and parsing and writing the
// canonical form were most of what a cached search cost.
func (s *Server) searchProperties(w http.ResponseWriter, r *http.Request) {
	verbatim := searchKey + "search?" + r.URL.RawQuery
	e, gen := s.cache.get(verbatim)
	if e != nil {
		sendDoc(w, r, e)
		return
	}
	q, err := search.ParseQuery(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The answer is kept under the verbatim words too, unless a write
	// emptied the cache since gen.
	send := func(w http.ResponseWriter, r *http.Request, e *docEntry) {
		if e.status == http.StatusOK {
			s.cache.put(verbatim, e, gen)
		}
		sendDoc(w, r, e)
	}
	s.serveSearch(w, r, searchKey+"search:"+q.Encode(), send, tooManySearches, func(ctx context.Context) (*docEntry, error) {
		ix, err := s.search.Index(ctx)
		if err != nil {
			return nil, err
		}
		res, err := ix.Search(q)
		if err != nil {
			return nil, err
		}
		items, err := s.store.PropertiesByIDs(ctx, res.IDs)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(searchJSON{Items: mapItems(items, newSummaryJSON), Total: res.Total,
			Page: q.Page, PerPage: q.PerPage, Facets: newFacetsJSON(res.Facets)})
		return newDocEntry(http.StatusOK, body), nil
	})
}

// msgSearchRateLimited answers a client past its searches (SearchLimit).
const msgSearchRateLimited = "Muitas buscas em pouco tempo. Aguarde alguns segundos e tente de novo."

// serveSearch answers a search (the API's, a results page, the place
// suggestions) from the cache under key, or else, within the client's
// allowance of searches, from load in its turn (see inTurn). Past the
// allowance, refuse answers with how long to wait. Only what the cache
// does not answer is counted: a popular search costs nothing to answer
// again, while distinct ones each cost the index, a database read and an
// encoding, and one client sending thousands a second would take the
// searches' turns from everybody else.
func (s *Server) serveSearch(w http.ResponseWriter, r *http.Request, key string,
	send func(http.ResponseWriter, *http.Request, *docEntry), refuse http.HandlerFunc,
	load func(context.Context) (*docEntry, error)) {
	if e, _ := s.cache.get(key); e == nil {
		if ok, wait := s.searchLimiter.allow(s.clientKey(r)); !ok {
			retryAfter(w, wait)
			refuse(w, r)
			return
		}
	}
	s.serveCached(w, r, key, send, s.inTurn(load))
}

// tooManySearches answers an API search past the client's allowance. The
// answer is the client's alone: no shared cache may keep it.
func tooManySearches(w http.ResponseWriter, r *http.Request) {
	w.Header()["Cache-Control"] = noStore
	writeJSON(w, http.StatusTooManyRequests, errorBody{Error: msgSearchRateLimited})
}

// Limits of the place suggestions.
const (
	maxPlaceText = 60
	maxPlaces    = 8
)

// placeJSON is one place suggestion.
type placeJSON struct {
	Kind         string  `json:"kind"`
	City         string  `json:"city"`
	Neighborhood *string `json:"neighborhood"`
	Label        string  `json:"label"`
	Count        int     `json:"count"`
}

// searchPlaces answers the suggestions of the home page's search box:
// cities and neighborhoods with active properties whose name has a word
// that starts with q.
func (s *Server) searchPlaces(w http.ResponseWriter, r *http.Request) {
	text, err := placeText(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.serveSearch(w, r, searchKey+"places:"+text, sendDoc, tooManySearches, func(ctx context.Context) (*docEntry, error) {
		ix, err := s.search.Index(ctx)
		if err != nil {
			return nil, err
		}
		items := []placeJSON{}
		for _, p := range ix.Places(text, maxPlaces) {
			item := placeJSON{Kind: p.Kind, City: p.City.Key(), Label: p.Label, Count: p.Count}
			if p.Kind == "neighborhood" {
				item.Neighborhood = &p.Neighborhood.Slug
			}
			items = append(items, item)
		}
		body, _ := json.Marshal(map[string][]placeJSON{"items": items})
		return newDocEntry(http.StatusOK, body), nil
	})
}

// placeText reads the parameters of the place suggestions: q alone,
// once, from 1 to maxPlaceText characters once trimmed, plain text.
func placeText(r *http.Request) (string, error) {
	v := &listing.ValidationError{}
	values := r.URL.Query()
	for name, vs := range values {
		switch {
		case name != "q":
			v.Add(name, "Parâmetro desconhecido.")
		case len(vs) > 1:
			v.Add(name, "Informe este parâmetro uma vez só.")
		}
	}
	text := strings.TrimSpace(values.Get("q"))
	switch {
	case text == "":
		v.Add("q", "Campo obrigatório.")
	case utf8.RuneCountInString(text) > maxPlaceText:
		v.Add("q", "Deve ter no máximo 60 caracteres.")
	default:
		if err := listing.ValidateSearch("q", text); err != nil {
			return "", err
		}
	}
	return text, v.Err()
}
