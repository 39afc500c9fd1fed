package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The places, subtypes and words of the generated catalogue
// (demo.Generate), which the search scenarios ask for.
var (
	benchPlaces = []struct{ city, neighborhood string }{
		{"florianopolis-sc", "centro"}, {"florianopolis-sc", "trindade"}, {"sao-paulo-sp", "moema"},
		{"sao-paulo-sp", "vila-mariana"}, {"rio-de-janeiro-rj", "botafogo"}, {"belo-horizonte-mg", "savassi"},
		{"curitiba-pr", "agua-verde"}, {"porto-alegre-rs", "moinhos-de-vento"}, {"salvador-ba", "barra"},
		{"recife-pe", "boa-viagem"},
	}
	benchSubtypes = []string{"apartamento", "casa", "cobertura", "studio", "casa-em-condominio"}
	benchWords    = []string{"apartamento", "casa", "cobertura", "studio", "quartos", "moema", "trindade",
		"savassi", "botafogo", "sao paulo", "florianopolis", "agua verde", "condominio", "centro", "barra"}
	sorts = []string{"relevance", "newest", "price_asc", "price_desc", "area_desc"}
)

// searchPerPage is the page size of the search scenarios: the results
// page's.
const searchPerPage = 24

// filterValues is a random combination of the filters a visitor sets:
// always a business and a city, often a neighborhood, a subtype, a
// minimum of bedrooms and a price ceiling.
func filterValues(r *rand.Rand) url.Values {
	v := url.Values{}
	at := benchPlaces[r.IntN(len(benchPlaces))]
	business, price := "venda", 300_000+100_000*r.IntN(30)
	if r.IntN(3) == 0 {
		business, price = "aluguel", 2_000+500*r.IntN(20)
	}
	v.Set("business", business)
	v.Set("city", at.city)
	if r.IntN(2) == 0 {
		v.Set("neighborhood", at.neighborhood)
	}
	if r.IntN(2) == 0 {
		v.Set("subtype", benchSubtypes[r.IntN(len(benchSubtypes))])
	}
	if r.IntN(2) == 0 {
		v.Set("bedrooms", strconv.Itoa(1+r.IntN(4)))
	}
	if r.IntN(2) == 0 {
		v.Set("price_max", strconv.Itoa(price))
	}
	return v
}

func searchPath(v url.Values) string { return "/api/v1/search?" + v.Encode() }

// textSearchPath is a search with random filters, a text query and an
// order.
func textSearchPath(r *rand.Rand) string {
	v := filterValues(r)
	v.Set("q", benchWords[r.IntN(len(benchWords))])
	v.Set("sort", sorts[r.IntN(len(sorts))])
	return searchPath(v)
}

// searchRequestFiles writes the request files of the search scenarios:
//   - search: 200 combinations of filters, the searches a results page
//     makes, answered from the cache once seen;
//   - search-text: 1,000 searches with a text query as well, every one
//     also counting the facets, made on a server whose cache is off;
//   - search-first and search-last: the first and the last page a page
//     number reaches of a text query that matches the whole catalogue, in
//     price order.
func (b *bench) searchRequestFiles(ctx context.Context, base string) (map[string]string, error) {
	r := rand.New(rand.NewPCG(benchSeed, 2))
	var warm, text []request
	for range 200 {
		warm = append(warm, request{method: "GET", path: searchPath(filterValues(r))})
	}
	for range 1000 {
		text = append(text, request{method: "GET", path: textSearchPath(r)})
	}
	// The first search builds the index of the whole catalogue (as the
	// first one after every catalogue write does): timed apart, with
	// room for a large catalogue, and not in the measured load.
	took, err := firstSearch(ctx, base)
	if err != nil {
		return nil, err
	}
	b.note("search: the first search, which builds the index of the %d properties, answered in %s", b.cfg.properties,
		took.Round(10*time.Millisecond))
	if err := b.searchAfterWrites(ctx, base); err != nil {
		return nil, err
	}
	broad := url.Values{"q": {"imovel localizado"}, "sort": {"price_asc"}, "per_page": {strconv.Itoa(searchPerPage)}}
	total, err := b.searchTotal(ctx, base, broad)
	if err != nil {
		return nil, err
	}
	last := min((total+searchPerPage-1)/searchPerPage, maxWindow/searchPerPage)
	b.note("search paging: a text query matching %d properties, page 1 against page %d of %d a page (the last a page number reaches)",
		total, last, searchPerPage)
	first := []request{{method: "GET", path: searchPath(broad)}}
	broad.Set("page", strconv.Itoa(last))
	lastPage := []request{{method: "GET", path: searchPath(broad)}}

	files := map[string]string{}
	for name, reqs := range map[string][]request{"search": warm, "search-text": text, "search-first": first, "search-last": lastPage} {
		path := filepath.Join(b.dir, name+".req")
		if err := writeRequests(path, reqs); err != nil {
			return nil, err
		}
		files[name] = path
	}
	return files, nil
}

// firstSearch makes the first search of the server at base, which builds
// its index, and returns how long it took.
func firstSearch(ctx context.Context, base string) (time.Duration, error) {
	start := time.Now()
	build := &http.Client{Timeout: 10 * time.Minute}
	if a, err := proc.Call(ctx, build, http.MethodGet, base+"/api/v1/search", "", nil); err != nil || a.Status != http.StatusOK {
		return 0, fmt.Errorf("the first search: %d, %v", a.Status, err)
	}
	return time.Since(start), nil
}

// searchAfterWrites changes the price of a few properties through the
// admin API, one at a time, and times the search right after each
// write, which finds the property at its new price: what a visitor waits
// for while staff edit the catalogue.
func (b *bench) searchAfterWrites(ctx context.Context, base string) error {
	const writes = 5
	var times []time.Duration
	for i := range writes {
		slug := b.slugs[(i*7919)%len(b.slugs)]
		a, err := proc.Call(ctx, b.client, http.MethodGet, base+"/api/v1/properties/"+slug, "", nil)
		var doc struct {
			ID string `json:"id"`
		}
		if err == nil && a.Status == http.StatusOK {
			err = json.Unmarshal(a.Body, &doc)
		}
		if err != nil || doc.ID == "" {
			return fmt.Errorf("GET /api/v1/properties/%s: %d, %v", slug, a.Status, err)
		}
		reais := 9_876_500 + i
		a, err = proc.Call(ctx, b.client, http.MethodPut, base+"/api/admin/properties/"+doc.ID, b.token,
			map[string]any{"price": strconv.Itoa(reais) + ".00"})
		if err != nil || a.Status != http.StatusOK {
			return fmt.Errorf("PUT /api/admin/properties/%s: %d %s, %v", doc.ID, a.Status, a.Body, err)
		}
		start := time.Now()
		v := url.Values{"price_min": {strconv.Itoa(reais)}, "price_max": {strconv.Itoa(reais)}}
		a, err = proc.Call(ctx, b.client, http.MethodGet, base+searchPath(v), "", nil)
		times = append(times, time.Since(start))
		if err != nil || a.Status != http.StatusOK || !strings.Contains(string(a.Body), doc.ID) {
			return fmt.Errorf("the search after a write (%s): %d %.200s, %v: the property at its new price is not found", searchPath(v), a.Status, a.Body, err)
		}
	}
	slices.Sort(times)
	b.note("search: the search right after a catalogue write (a price changed through the admin API, %d times), which finds the property at its new price: median %s, max %s",
		writes, ms(times[len(times)/2]), ms(times[len(times)-1]))
	return nil
}

// maxWindow is the server's bound on page × per_page.
const maxWindow = 10_000

// searchTotal runs one search and returns its total, checking that the
// server answers it.
func (b *bench) searchTotal(ctx context.Context, base string, v url.Values) (int, error) {
	a, err := proc.Call(ctx, b.client, http.MethodGet, base+searchPath(v), "", nil)
	if err != nil {
		return 0, err
	}
	if a.Status != http.StatusOK {
		return 0, fmt.Errorf("GET %s: %d %s", searchPath(v), a.Status, a.Body)
	}
	var page struct {
		Total int `json:"total"`
	}
	if err := json.Unmarshal(a.Body, &page); err != nil {
		return 0, fmt.Errorf("GET %s: %w", searchPath(v), err)
	}
	if page.Total == 0 {
		return 0, fmt.Errorf("GET %s found nothing: the paging scenario needs a query that matches", searchPath(v))
	}
	return page.Total, nil
}

// searchWarm measures the searches of a results page on the warm server.
func (b *bench) searchWarm(ctx context.Context, warm *proc.Process, files map[string]string) error {
	return b.measure(ctx, "7. GET search, filters (cache)", warm, files["search"], "search-warm")
}

// searchCold measures, on a server whose cache is off, searches with a
// text query and facets, then the first and the last page of one query
// in the same slices. The server's first search, which builds its index,
// comes before, out of the load: as on the warm server, where it is
// timed apart.
func (b *bench) searchCold(ctx context.Context, cold *proc.Process, files map[string]string) error {
	if _, err := firstSearch(ctx, cold.URL); err != nil {
		return err
	}
	if err := b.measure(ctx, "8. GET search, text + filters + facets, cache off", cold, files["search-text"], "search-cold"); err != nil {
		return err
	}
	return b.measureTogether(ctx,
		contender{name: "8b. GET search, first page, cache off", target: "search-first", p: cold, reqFile: files["search-first"]},
		contender{name: "8c. GET search, last page, cache off", target: "search-last", p: cold, reqFile: files["search-last"]})
}

// searchScenarios runs the search scenarios alone (BENCH_ONLY=search):
// warm on the warm server, then cache off on a server of its own.
func (b *bench) searchScenarios(ctx context.Context, warm *proc.Process) error {
	files, err := b.searchRequestFiles(ctx, warm.URL)
	if err != nil {
		return err
	}
	if err := b.searchWarm(ctx, warm, files); err != nil {
		return err
	}
	if err := stop(warm); err != nil {
		return err
	}
	cold, err := b.serve(ctx, "serve-cold", b.dsn, 0)
	if err != nil {
		return err
	}
	defer stop(cold)
	return b.searchCold(ctx, cold, files)
}

// searchChecks writes the search targets' lines.
func (b *bench) searchChecks(w io.Writer) {
	var first *row
	for i := range b.rows {
		r := &b.rows[i]
		x := r.res.rps / r.ceil.rps
		switch r.target {
		case "search-warm":
			check(w, x >= 0.5, "search with filters, warm, %.2f × the ceiling (≥ 0.50)", x)
		case "search-cold":
			spread := ratio(r.res.p99, r.res.p50)
			if b.cfg.properties >= 100_000 {
				check(w, x >= 0.02, "search with text, filters and facets, never cached, %.3f × the ceiling at %d properties (≥ 0.02 at 100,000)", x, b.cfg.properties)
				check(w, spread <= 4, "its p99 %.2f × its p50 (≤ 4)", spread)
			} else {
				fmt.Fprintf(w, "- info: search with text, filters and facets, never cached, %.3f × the ceiling, p99 %.2f × p50 (the targets are for 100,000 properties)\n", x, spread)
			}
		case "search-first":
			first = r
		case "search-last":
			if first != nil {
				c := ratio(r.cpu, first.cpu)
				check(w, c <= 1.25, "the last page costs %.2f × the first's server CPU (≤ 1.25)", c)
			}
		}
	}
}
