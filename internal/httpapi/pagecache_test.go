package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// pageServer is a server in process with a built client and its cache
// on, over a real store holding one active property, casa-azul.
func pageServer(t *testing.T, cfg Config) *Stack {
	t.Helper()
	cfg.CacheBytes = 8 << 20
	cfg.Pages = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><title>Vitrine</title><!--vitrine:head--></head><body></body></html>")}}
	s := Harness{Config: cfg}.Start(t)
	s.Property("Casa Azul", "casa-azul")
	s.CacheCaughtUp()
	return s
}

// hostVariations are what a client may send to multiply the cache's
// entries of one page.
func hostVariations() [][]string {
	var out [][]string
	for i := range 20 {
		h := "h" + strconv.Itoa(i) + ".example.com"
		out = append(out,
			[]string{"Host", h},
			[]string{"Host", h, "X-Forwarded-Host", "x" + h, "X-Forwarded-Proto", "https"},
			[]string{"X-Forwarded-Proto", "https"},
			[]string{"X-Forwarded-Host", "x" + h})
	}
	return out
}

// canonical returns the page's canonical link.
func canonical(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	body := w.Body.String()
	const open = `<link rel="canonical" href="`
	i := strings.Index(body, open)
	if i < 0 {
		t.Fatalf("page without a canonical link: %d %s", w.Code, body)
	}
	rest := body[i+len(open):]
	return rest[:strings.IndexByte(rest, '"')]
}

// TestPageCacheIgnoresClientHosts: however a client varies Host and the
// forwarded headers, a property page is one cache entry, and its links
// carry the public address, or, without one, the address the connection
// was accepted on.
func TestPageCacheIgnoresClientHosts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, publicURL, want string
	}{
		{"public URL", "https://imoveis.example.com/", "https://imoveis.example.com/imoveis/casa-azul"},
		{"no public URL", "", "http://192.0.2.10:8080/imoveis/casa-azul"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// The peer is not a trusted proxy; another one is.
			s := pageServer(t, Config{PublicURL: c.publicURL, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
			for _, h := range hostVariations() {
				w := s.From("203.0.113.5:4000", http.MethodGet, "/imoveis/casa-azul", nil, h...)
				if w.Code != http.StatusOK {
					t.Fatalf("%v: status %d", h, w.Code)
				}
				if got := canonical(t, w); got != c.want {
					t.Fatalf("%v: canonical %s, want %s", h, got, c.want)
				}
			}
			if n, _ := s.Server.cache.len(); n != 1 {
				t.Fatalf("%d cache entries for one page asked with many Host values, want 1", n)
			}
		})
	}
}

// TestPageBaseFromTrustedProxy: a trusted proxy's X-Forwarded-Proto and
// X-Forwarded-Host name the page's address (the last value of each, the
// one the proxy itself set); malformed ones are not used; --public-url wins
// over them.
func TestPageBaseFromTrustedProxy(t *testing.T) {
	t.Parallel()
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	s := pageServer(t, Config{TrustedProxies: proxies})
	const proxy = "10.1.2.3:5000"
	for _, c := range []struct {
		headers []string
		want    string
	}{
		{[]string{"Host", "imoveis.example.com", "X-Forwarded-Proto", "https"}, "https://imoveis.example.com"},
		{[]string{"Host", "interno:8080", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "Imoveis.Example.com"}, "https://imoveis.example.com"},
		{[]string{"Host", "interno:8080", "X-Forwarded-Host", "forjado.example, imoveis.example.com"}, "http://imoveis.example.com"},
		{[]string{"Host", "interno:8080", "X-Forwarded-Proto", "gopher", "X-Forwarded-Host", `x.example/"><script>`}, "http://interno:8080"},
	} {
		w := s.From(proxy, http.MethodGet, "/imoveis/casa-azul", nil, c.headers...)
		if got := canonical(t, w); got != c.want+"/imoveis/casa-azul" {
			t.Errorf("%v: canonical %s, want %s/imoveis/casa-azul", c.headers, got, c.want)
		}
	}
	s = pageServer(t, Config{TrustedProxies: proxies, PublicURL: "https://vitrine.example.com"})
	w := s.From(proxy, http.MethodGet, "/imoveis/casa-azul", nil, "X-Forwarded-Host", "outro.example.com", "X-Forwarded-Proto", "http")
	if got := canonical(t, w); got != "https://vitrine.example.com/imoveis/casa-azul" {
		t.Errorf("public URL and a trusted proxy: canonical %s", got)
	}
}

// TestNotFoundLeavesNoEntry: a slug that is malformed, unknown or of an
// inactive property is answered 404, by the detail read and the page,
// without a cache entry: made-up slugs cannot fill the cache.
func TestNotFoundLeavesNoEntry(t *testing.T) {
	t.Parallel()
	s := pageServer(t, Config{})
	malformed := s.BadInput() // slugs the API document does not allow
	for i := range 20 {
		n := strconv.Itoa(i)
		for _, c := range []struct {
			s    *Stack
			path string
		}{
			{s, "/api/v1/properties/nao-existe-" + n}, {s, "/api/properties/nao-existe-" + n}, {malformed, "/api/v1/properties/Casa-Azul" + n},
			{s, "/imoveis/nao-existe-" + n}, {s, "/imoveis/Casa-Azul-" + n}, {s, "/imoveis/casa%20azul" + n}, {s, "/imoveis/" + strings.Repeat("x", 300) + "_" + n},
		} {
			if w := c.s.From("203.0.113.5:4000", http.MethodGet, c.path, nil); w.Code != http.StatusNotFound {
				t.Fatalf("%s: status %d, want 404", c.path, w.Code)
			}
		}
	}
	if n, size := s.Server.cache.len(); n != 0 {
		t.Fatalf("%d cache entries (%d bytes) after only 404 answers, want none", n, size)
	}
	if w := s.From("203.0.113.5:4000", http.MethodGet, "/imoveis/casa-azul", nil); w.Code != http.StatusOK {
		t.Fatalf("existing page: %d", w.Code)
	}
	if n, _ := s.Server.cache.len(); n != 1 {
		t.Fatalf("%d cache entries after one page, want 1", n)
	}
}
