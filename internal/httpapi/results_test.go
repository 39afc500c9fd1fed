package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vitrine/vitrine/internal/store/storetest"
)

// resultsClient is a built client whose root element the server fills.
var resultsClient = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<title>Vitrine</title>
<!--vitrine:head-->
</head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`)},
}

// page fetches a page and returns its status and HTML.
func (s *Stack) page(path string) (int, string) {
	s.T.Helper()
	rec := s.Call(http.MethodGet, path, nil)
	return rec.Code, rec.Body.String()
}

// resultLinks returns the property addresses the server-rendered results
// list links to, in order.
func resultLinks(html string) []string {
	_, body, _ := strings.Cut(html, `<div id="root">`)
	var links []string
	for _, part := range strings.Split(body, `<li><a href="/imoveis/`)[1:] {
		slug, _, _ := strings.Cut(part, `"`)
		links = append(links, slug)
	}
	return links
}

// TestResultsPages: the page of a business in a city or a neighborhood
// carries its head and its results as links, on both databases.
func TestResultsPages(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := Harness{Dialect: d, Config: Config{Pages: resultsClient, PublicURL: "https://imoveis.example.com",
				CacheBytes: 8 << 20}}.Start(t)
			searchCatalogue(t, s)

			status, html := s.page("/imoveis/venda/florianopolis-sc")
			if status != http.StatusOK {
				t.Fatalf("city page: %d\n%s", status, html)
			}
			for _, want := range []string{
				"<title>Imóveis à venda em Florianópolis – SC</title>",
				`<link rel="canonical" href="https://imoveis.example.com/imoveis/venda/florianopolis-sc">`,
				`"@type":"ItemList"`, `"numberOfItems":2`,
				"<h1>Imóveis à venda em Florianópolis – SC</h1>", "<p>2 imóveis encontrados</p>",
				`<a href="/imoveis/apartamento-com-vista-para-o-mar">Apartamento com vista para o mar</a> — R$ 450.000 · Apartamento · 3 quartos · 98,5 m² · Centro, Florianópolis – SC`,
				`<script type="module" src="/assets/index-abc.js"></script>`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("city page lacks %s\n%s", want, html)
				}
			}
			if strings.Contains(html, "noindex") || strings.Contains(html, `rel="next"`) {
				t.Errorf("the only page of a place is noindex or has a next page:\n%s", html)
			}
			want := []string{"apartamento-com-vista-para-o-mar", "casa-com-piscina-na-lagoa"}
			if got := resultLinks(html); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("links %v, want %v", got, want)
			}

			// A rent is shown by the month; a neighborhood has its page.
			status, html = s.page("/imoveis/aluguel/florianopolis-sc/trindade")
			if status != http.StatusOK || !strings.Contains(html, "<h1>Imóveis para alugar em Trindade, Florianópolis – SC</h1>") ||
				!strings.Contains(html, "R$ 1.500/mês") || fmt.Sprint(resultLinks(html)) != "[apartamento-perto-da-ufsc]" {
				t.Errorf("neighborhood page: %d\n%s", status, html)
			}

			// A filter beyond the place: found, and not for search engines
			// to keep; a parameter that is not the search's is left aside.
			status, html = s.page("/imoveis/venda/florianopolis-sc?bedrooms=4&utm_source=jornal")
			if status != http.StatusOK || !strings.Contains(html, `<meta name="robots" content="noindex, follow">`) ||
				!strings.Contains(html, `<link rel="canonical" href="https://imoveis.example.com/imoveis/venda/florianopolis-sc?bedrooms=4">`) ||
				fmt.Sprint(resultLinks(html)) != "[casa-com-piscina-na-lagoa]" {
				t.Errorf("filtered page: %d\n%s", status, html)
			}
			// One subtype is a page to keep, named after it.
			status, html = s.page("/imoveis/venda/sao-jose-sc?subtype=casa")
			if status != http.StatusOK || strings.Contains(html, "noindex") ||
				!strings.Contains(html, "<h1>Casas à venda em São José – SC</h1>") {
				t.Errorf("subtype page: %d\n%s", status, html)
			}

			// A known place with no result says so; an unknown one is a 404.
			status, html = s.page("/imoveis/aluguel/sao-jose-sc")
			if status != http.StatusOK || !strings.Contains(html, "Nenhum imóvel encontrado") || len(resultLinks(html)) != 0 {
				t.Errorf("empty place: %d\n%s", status, html)
			}
			for _, path := range []string{"/imoveis/venda/atlantida-sc", "/imoveis/comprar/florianopolis-sc",
				"/imoveis/venda/florianopolis-sc/copacabana", "/imoveis/venda/Florianopolis-SC",
				"/imoveis/venda/florianopolis-sc?page=2"} {
				if status, html := s.page(path); status != http.StatusNotFound || !strings.Contains(html, "noindex") {
					t.Errorf("%s: %d, want a 404 page with noindex\n%s", path, status, html)
				}
			}
			// A query the search refuses is a 400 (the client says why).
			for _, path := range []string{"/imoveis/venda/florianopolis-sc?bedrooms=muitos",
				"/imoveis/venda/florianopolis-sc?business=aluguel", "/imoveis/venda/florianopolis-sc?subtype=castelo",
				"/imoveis/venda/florianopolis-sc?price_min=10&price_max=1"} {
				if status, html := s.page(path); status != http.StatusBadRequest || !strings.Contains(html, "noindex") {
					t.Errorf("%s: %d, want a 400 page with noindex\n%s", path, status, html)
				}
			}

			// A write shows on the next page view.
			doc, err := s.Store.PropertyDocument(context.Background(), "casa-terrea-no-kobrasol")
			var p struct{ ID string }
			if err == nil {
				err = json.Unmarshal(doc.JSON, &p)
			}
			if err != nil {
				t.Fatal(err)
			}
			rec := s.Admin(http.MethodPut, "/api/admin/properties/"+p.ID, map[string]any{
				"city": map[string]any{"name": "Florianópolis", "state": "SC"}, "neighborhood": map[string]any{"name": "Centro"}})
			if rec.Code != http.StatusOK {
				t.Fatalf("move: %d %s", rec.Code, rec.Body)
			}
			if _, html := s.page("/imoveis/venda/florianopolis-sc"); len(resultLinks(html)) != 3 {
				t.Errorf("after the move, the city page lists %v", resultLinks(html))
			}
		})
	}
}

// TestResultsPaging: a place's results are reachable page by page through
// rel=prev/next links, each result on exactly one page.
func TestResultsPaging(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{Pages: resultsClient, PublicURL: "https://imoveis.example.com"}}.Start(t)
	for i := range 30 {
		u := storetest.Apartment(fmt.Sprintf("Apartamento número %d", i+1))
		u.Type = storetest.Ptr("venda")
		if _, err := s.Store.CreateProperty(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
	const path = "/imoveis/venda/florianopolis-sc" // the fixture's city
	seen := map[string]bool{}
	status, first := s.page(path)
	if status != http.StatusOK || !strings.Contains(first, `<link rel="next" href="https://imoveis.example.com`+path+`?page=2">`) ||
		strings.Contains(first, `rel="prev"`) {
		t.Fatalf("first page: %d\n%s", status, first)
	}
	status, second := s.page(path + "?page=2")
	if status != http.StatusOK || !strings.Contains(second, `<link rel="prev" href="https://imoveis.example.com`+path+`">`) ||
		strings.Contains(second, `rel="next"`) || !strings.Contains(second, ", página 2</title>") {
		t.Fatalf("second page: %d\n%s", status, second)
	}
	for _, html := range []string{first, second} {
		for _, slug := range resultLinks(html) {
			if seen[slug] {
				t.Errorf("%s on two pages", slug)
			}
			seen[slug] = true
		}
	}
	if len(seen) != 30 {
		t.Errorf("%d properties reached, want 30", len(seen))
	}
	_, ld, _ := strings.Cut(second, `<script type="application/ld+json">`)
	ld, _, _ = strings.Cut(ld, "</script>")
	var doc struct {
		Graph []struct {
			MainEntity struct {
				ItemListElement []struct{ Position int } `json:"itemListElement"`
			} `json:"mainEntity"`
		} `json:"@graph"`
	}
	if err := json.Unmarshal([]byte(ld), &doc); err != nil || doc.Graph[0].MainEntity.ItemListElement[0].Position != 25 {
		t.Errorf("second page's first position: %+v, %v", doc, err)
	}
}

// TestSearchPage: /busca is the client's page, which search engines
// follow but do not keep.
func TestSearchPage(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{Pages: resultsClient}}.Start(t)
	status, html := s.page("/busca?q=casa&business=venda")
	if status != http.StatusOK || !strings.Contains(html, `<meta name="robots" content="noindex, follow">`) ||
		!strings.Contains(html, `<div id="root"></div>`) {
		t.Errorf("/busca: %d\n%s", status, html)
	}
}
