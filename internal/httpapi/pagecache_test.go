package httpapi

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// pageServer is a server with a built client and its cache on, over a
// real store holding one active property, casa-azul.
func pageServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	st := storetest.Open(t, "sqlite", store.Options{})
	u := storetest.Apartment("Casa Azul")
	slug := "casa-azul"
	u.Slug = &slug
	if _, err := st.CreateProperty(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.CacheBytes = st, 8<<20
	cfg.Pages = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><title>Vitrine</title><!--vitrine:head--></head><body></body></html>")}}
	return New(cfg)
}

// listenAddr is the address the test's connections are accepted on.
var listenAddr = &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8080}

// get sends a GET from peer, as net/http hands it to the handler: with the
// local address its connection was accepted on.
func (s *Server) getFrom(peer, path string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, net.Addr(listenAddr)))
	r.RemoteAddr = peer
	for i := 0; i+1 < len(headers); i += 2 {
		if strings.EqualFold(headers[i], "Host") {
			r.Host = headers[i+1]
			continue
		}
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	return w
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
	for _, c := range []struct {
		name, publicURL, want string
	}{
		{"public URL", "https://imoveis.example.com/", "https://imoveis.example.com/imoveis/casa-azul"},
		{"no public URL", "", "http://192.0.2.10:8080/imoveis/casa-azul"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The peer is not a trusted proxy; another one is.
			s := pageServer(t, Config{PublicURL: c.publicURL, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
			for _, h := range hostVariations() {
				w := s.getFrom("203.0.113.5:4000", "/imoveis/casa-azul", h...)
				if w.Code != http.StatusOK {
					t.Fatalf("%v: status %d", h, w.Code)
				}
				if got := canonical(t, w); got != c.want {
					t.Fatalf("%v: canonical %s, want %s", h, got, c.want)
				}
			}
			if n, _ := s.cache.len(); n != 1 {
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
		w := s.getFrom(proxy, "/imoveis/casa-azul", c.headers...)
		if got := canonical(t, w); got != c.want+"/imoveis/casa-azul" {
			t.Errorf("%v: canonical %s, want %s/imoveis/casa-azul", c.headers, got, c.want)
		}
	}
	s = pageServer(t, Config{TrustedProxies: proxies, PublicURL: "https://vitrine.example.com"})
	w := s.getFrom(proxy, "/imoveis/casa-azul", "X-Forwarded-Host", "outro.example.com", "X-Forwarded-Proto", "http")
	if got := canonical(t, w); got != "https://vitrine.example.com/imoveis/casa-azul" {
		t.Errorf("public URL and a trusted proxy: canonical %s", got)
	}
}

// TestNotFoundLeavesNoEntry: a slug that is malformed, unknown or of an
// inactive property is answered 404, by the detail read and the page,
// without a cache entry: made-up slugs cannot fill the cache.
func TestNotFoundLeavesNoEntry(t *testing.T) {
	s := pageServer(t, Config{})
	for i := range 20 {
		n := strconv.Itoa(i)
		for _, path := range []string{
			"/api/v1/properties/nao-existe-" + n, "/api/properties/nao-existe-" + n, "/api/v1/properties/Casa-Azul" + n,
			"/imoveis/nao-existe-" + n, "/imoveis/Casa-Azul-" + n, "/imoveis/casa%20azul" + n, "/imoveis/" + strings.Repeat("x", 300) + "_" + n,
		} {
			if w := s.getFrom("203.0.113.5:4000", path); w.Code != http.StatusNotFound {
				t.Fatalf("%s: status %d, want 404", path, w.Code)
			}
		}
	}
	if n, size := s.cache.len(); n != 0 {
		t.Fatalf("%d cache entries (%d bytes) after only 404 answers, want none", n, size)
	}
	if w := s.getFrom("203.0.113.5:4000", "/imoveis/casa-azul"); w.Code != http.StatusOK {
		t.Fatalf("existing page: %d", w.Code)
	}
	if n, _ := s.cache.len(); n != 1 {
		t.Fatalf("%d cache entries after one page, want 1", n)
	}
}
