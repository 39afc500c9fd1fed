package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// wantSearchLimited fails unless w is the refusal of a client past its
// searches: 429, a Retry-After of whole seconds up to max, and the page
// or the JSON error.
func wantSearchLimited(t *testing.T, what string, w *httptest.ResponseRecorder, max time.Duration) {
	t.Helper()
	if w.Code != http.StatusTooManyRequests {
		t.Fatalf("%s: %d %.300s, want 429", what, w.Code, w.Body)
	}
	n, err := strconv.Atoi(w.Header().Get("Retry-After"))
	if err != nil || n < 1 || time.Duration(n)*time.Second > max {
		t.Errorf("%s: Retry-After %q, want whole seconds between 1 and %v", what, w.Header().Get("Retry-After"), max)
	}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		if !strings.Contains(w.Body.String(), "<title>Muitas buscas</title>") {
			t.Errorf("%s: the page does not say why:\n%s", what, w.Body)
		}
		return
	}
	var body errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error != msgSearchRateLimited {
		t.Errorf("%s: body %s, want the error %q", what, w.Body, msgSearchRateLimited)
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("%s: Cache-Control %q, want no-store: the refusal is one client's", what, cc)
	}
}

// TestSearchLimit: the searches that the cache does not answer are
// counted per client, as the contact limits count (an address, an IPv6
// /64), across the API's search, the place suggestions and the results
// pages. Past the allowance each answers 429 with Retry-After, while a
// search the cache answers, and another client's searches, are served.
func TestSearchLimit(t *testing.T) {
	t.Parallel()
	// Solo: no catalogue watch to empty the cache between a miss and
	// the hit that follows it.
	s := Harness{Solo: true, Config: Config{Pages: resultsClient, CacheBytes: 8 << 20,
		SearchLimit: Rate{N: 3, Per: time.Hour}}}.Start(t)
	searchCatalogue(t, s)
	const visitor, other = "203.0.113.7:51000", "198.51.100.20:4000"
	search := func(from, query string) *httptest.ResponseRecorder {
		return s.From(from, http.MethodGet, "/api/v1/search?"+query, nil)
	}

	for i, q := range []string{"business=venda", "business=aluguel", "city=florianopolis-sc&bedrooms=2"} {
		wantCode(t, "search "+strconv.Itoa(i+1), search(visitor, q), http.StatusOK)
	}
	// Answered by the cache: in the same words, and in other words of the
	// same search. Neither spends anything.
	for range 5 {
		wantCode(t, "the first search again", search(visitor, "business=venda"), http.StatusOK)
		wantCode(t, "the third in other words", search(visitor, "bedrooms=2&city=florianopolis-sc"), http.StatusOK)
	}
	wantSearchLimited(t, "a fourth distinct search", search(visitor, "business=venda&bedrooms=3"), 20*time.Minute)
	wantSearchLimited(t, "the same client on another port",
		search("203.0.113.7:51001", "business=venda&bedrooms=4"), 20*time.Minute)
	wantSearchLimited(t, "a place suggestion", s.From(visitor, http.MethodGet, "/api/v1/search/places?q=lagoa", nil), 20*time.Minute)
	wantSearchLimited(t, "a results page", s.From(visitor, http.MethodGet, "/imoveis/venda/florianopolis-sc", nil), 20*time.Minute)
	wantCode(t, "a cached search, past the allowance", search(visitor, "business=aluguel"), http.StatusOK)

	// Another client has an allowance of its own, and fills the cache for
	// everybody: what it asked, the first client gets.
	wantCode(t, "another client's search", search(other, "business=venda&bedrooms=3"), http.StatusOK)
	wantCode(t, "another client's suggestion", s.From(other, http.MethodGet, "/api/v1/search/places?q=lagoa", nil), http.StatusOK)
	wantCode(t, "another client's results page", s.From(other, http.MethodGet, "/imoveis/venda/florianopolis-sc", nil), http.StatusOK)
	wantCode(t, "the first client, now cached", search(visitor, "business=venda&bedrooms=3"), http.StatusOK)
	wantCode(t, "the first client's results page, now cached",
		s.From(visitor, http.MethodGet, "/imoveis/venda/florianopolis-sc", nil), http.StatusOK)

	// An IPv6 client is its /64.
	for i := range 3 {
		wantCode(t, "IPv6 search", search("[2001:db8:1:2::1]:4000", "price_max="+strconv.Itoa(100_000+i)), http.StatusOK)
	}
	wantSearchLimited(t, "the same /64", search("[2001:db8:1:2::99]:4000", "price_max=200000"), 20*time.Minute)
	wantCode(t, "another /64", search("[2001:db8:1:3::1]:4000", "price_max=200000"), http.StatusOK)
}

// TestSearchLimitOff: the zero Rate (--search-limit off) lets one client
// ask any number of distinct searches.
func TestSearchLimitOff(t *testing.T) {
	t.Parallel()
	s := Harness{Solo: true, Config: Config{CacheBytes: 8 << 20}}.Start(t)
	searchCatalogue(t, s)
	for i := range 50 {
		wantCode(t, "search "+strconv.Itoa(i), s.Call(http.MethodGet, "/api/v1/search?price_max="+strconv.Itoa(100_000+i), nil), http.StatusOK)
	}
}

// TestSearchFloodKeepsDetailsCached: a flood of distinct searches, many
// times the size of the cache, leaves the detail documents that were
// cached before it in the cache: the searches fill only their share.
func TestSearchFloodKeepsDetailsCached(t *testing.T) {
	t.Parallel()
	const cacheBytes = 1 << 20
	s := Harness{Solo: true, Config: Config{CacheBytes: cacheBytes}}.Start(t)
	searchCatalogue(t, s)
	var slugs []string
	for i := range 5 {
		slug := "casa-" + strconv.Itoa(i)
		s.Property("Casa "+strconv.Itoa(i), slug)
		slugs = append(slugs, slug)
	}
	for _, slug := range slugs {
		wantCode(t, "detail "+slug, s.Call(http.MethodGet, "/api/v1/properties/"+slug, nil), http.StatusOK)
		if e, _ := s.Server.cache.get(slug); e == nil {
			t.Fatalf("%s is not in the cache after its first read", slug)
		}
	}

	// The flood goes straight to the server's handler: the API document's
	// check of each answer would take most of the test's time.
	var flood int64
	start := time.Now()
	n := 0
	for ; flood < 6*cacheBytes; n++ {
		w := httptest.NewRecorder()
		s.Server.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/v1/search?price_max="+strconv.Itoa(100_000+n), nil))
		wantCode(t, "flood search", w, http.StatusOK)
		flood += int64(w.Body.Len())
	}
	t.Logf("%d searches, %d bytes, in %s", n, flood, time.Since(start))
	c := s.Server.cache
	c.mu.RLock()
	searches, docs := c.shares[searchShare], c.shares[docShare]
	c.mu.RUnlock()
	if searches.size > cacheBytes/searchShareDiv || searches.size < cacheBytes/searchShareDiv/2 {
		t.Errorf("after %d bytes of distinct searches, their share holds %d bytes, want up to %d and filled at least half",
			flood, searches.size, cacheBytes/searchShareDiv)
	}
	for _, slug := range slugs {
		if e, _ := c.get(slug); e == nil {
			t.Errorf("%s left the cache during a flood of distinct searches (%d entries and %d bytes of details left)",
				slug, len(docs.entries), docs.size)
		}
	}
}

// wantCode fails the test when w's status is not want.
func wantCode(t testing.TB, what string, w *httptest.ResponseRecorder, want int) {
	t.Helper()
	if w.Code != want {
		t.Fatalf("%s: status %d, want %d; body %.300s", what, w.Code, want, w.Body)
	}
}
