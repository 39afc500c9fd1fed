package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// sitemapEntry is a <url> of a sitemap file or a <sitemap> of the index.
type sitemapEntry struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod"`
}

// readIndex reads a sitemap index, failing the test unless it is one.
func readIndex(t *testing.T, w *httptest.ResponseRecorder) []sitemapEntry {
	t.Helper()
	var doc struct {
		XMLName  xml.Name       `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
		Sitemaps []sitemapEntry `xml:"sitemap"`
	}
	wantXML(t, w, &doc)
	return doc.Sitemaps
}

// readURLSet reads a sitemap file, failing the test unless it is one.
func readURLSet(t *testing.T, w *httptest.ResponseRecorder) []sitemapEntry {
	t.Helper()
	var doc struct {
		XMLName xml.Name       `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []sitemapEntry `xml:"url"`
	}
	wantXML(t, w, &doc)
	return doc.URLs
}

func wantXML(t *testing.T, w *httptest.ResponseRecorder, doc any) {
	t.Helper()
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, want 200; body %s", w.Code, w.Body)
	}
	h := w.Header()
	if h.Get("Content-Type") != "application/xml; charset=utf-8" || h.Get("Cache-Control") != "no-cache" || h.Get("Etag") == "" {
		t.Errorf("headers %v", h)
	}
	dec := xml.NewDecoder(bytes.NewReader(w.Body.Bytes()))
	dec.Strict = true
	if err := dec.Decode(doc); err != nil {
		t.Fatalf("not a sitemap: %v\n%s", err, w.Body)
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if cd, ok := tok.(xml.CharData); err != nil || !ok || len(bytes.TrimSpace(cd)) > 0 {
			t.Fatalf("more after the root element (%v):\n%s", err, w.Body)
		}
	}
}

// w3c is a time as the sitemap writes it.
func w3c(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// wantFiles checks the index and every file it names against the active
// properties, 3 addresses a file, the home page first.
func wantFiles(t *testing.T, s *httpapi.Stack, base string, props map[string]listing.Property) (etags []string) {
	t.Helper()
	var active []listing.Property
	for _, p := range props {
		if p.IsActive {
			active = append(active, p)
		}
	}
	slices.SortFunc(active, func(a, b listing.Property) int { return strings.Compare(a.ID, b.ID) })
	type file struct{ urls []sitemapEntry }
	want := []file{{[]sitemapEntry{{Loc: base + "/"}}}}
	for _, p := range active {
		if len(want[len(want)-1].urls) == 3 {
			want = append(want, file{})
		}
		f := &want[len(want)-1]
		f.urls = append(f.urls, sitemapEntry{base + "/imoveis/" + p.Slug, w3c(p.UpdatedAt)})
	}

	index := s.Call("GET", "/sitemap.xml", nil)
	files := readIndex(t, index)
	etags = append(etags, index.Header().Get("Etag"))
	// After the property files, the places' results pages: every fixture
	// is for sale in Centro, Florianópolis.
	var places []sitemapEntry
	if len(active) > 0 {
		places = []sitemapEntry{{Loc: base + "/imoveis/venda/florianopolis-sc"}, {Loc: base + "/imoveis/venda/florianopolis-sc/centro"}}
		if len(files) == 0 || files[len(files)-1].Loc != base+"/sitemaps/buscas-1.xml" {
			t.Fatalf("the index does not end with the places' file:\n%s", index.Body)
		}
		w := s.Call("GET", "/sitemaps/buscas-1.xml", nil)
		if urls := readURLSet(t, w); !slices.Equal(urls, places) {
			t.Errorf("the places' file lists %+v, want %+v", urls, places)
		}
		files = files[:len(files)-1]
	}
	if len(files) != len(want) {
		t.Fatalf("the index lists %d files, want %d:\n%s", len(files), len(want), index.Body)
	}
	for i, f := range files {
		loc := fmt.Sprintf("%s/sitemaps/imoveis-%d.xml", base, i+1)
		var latest string
		for _, u := range want[i].urls {
			latest = max(latest, u.LastMod) // W3C times in UTC sort as text
		}
		if f.Loc != loc || f.LastMod != latest {
			t.Errorf("index entry %d is %+v, want %s with lastmod %q", i+1, f, loc, latest)
		}
		w := s.Call("GET", strings.TrimPrefix(loc, base), nil)
		etags = append(etags, w.Header().Get("Etag"))
		if urls := readURLSet(t, w); !slices.Equal(urls, want[i].urls) {
			t.Errorf("file %d lists %+v, want %+v", i+1, urls, want[i].urls)
		}
	}
	return etags
}

// TestSitemap reads the sitemap index and its files on both databases,
// 3 addresses a file: the home page and active properties only, in a
// stable order, each with its lastmod; HEAD, 304, 404 and gzip; and a
// property deactivated leaves the sitemap on the next request, under a
// new validator.
func TestSitemap(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			const base = "https://imoveis.example.com"
			// Every write a minute and some microseconds after the last:
			// each property its own lastmod.
			var tick atomic.Int64
			start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			clock := func() time.Time {
				n := tick.Add(1)
				return start.Add(time.Duration(n)*time.Minute + time.Duration(n*1234)*time.Microsecond)
			}
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Now: clock},
				Config: httpapi.Config{SitemapURLs: 3, PublicURL: base + "/"}}.Start(t)
			props := map[string]listing.Property{}

			// An empty catalogue: the home page alone.
			wantFiles(t, s, base, props)

			for i := range 7 {
				u := storetest.Apartment(fmt.Sprintf("Casa %d no Campeche", i))
				u.IsActive = storetest.Ptr(i != 3)
				p, err := s.Store.CreateProperty(t.Context(), u)
				if err != nil {
					t.Fatal(err)
				}
				props[p.ID] = p
			}
			etags := wantFiles(t, s, base, props) // 6 active: files of 2, 3 and 1
			if len(etags) != 4 {
				t.Fatalf("%d files, want 3", len(etags)-1)
			}

			for _, path := range []string{"/sitemap.xml", "/sitemaps/imoveis-2.xml"} {
				get := s.Call("GET", path, nil)
				head := s.Call("HEAD", path, nil)
				if head.Code != http.StatusOK || head.Body.Len() != 0 {
					t.Errorf("HEAD %s: %d with %d bytes", path, head.Code, head.Body.Len())
				}
				for _, h := range []string{"Content-Type", "Etag", "Cache-Control"} {
					if head.Header().Get(h) != get.Header().Get(h) {
						t.Errorf("HEAD %s: %s %q, GET has %q", path, h, head.Header().Get(h), get.Header().Get(h))
					}
				}
				etag := get.Header().Get("Etag")
				if w := s.Call("GET", path, nil, "If-None-Match", etag); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
					t.Errorf("If-None-Match on %s: %d with %d bytes, want 304", path, w.Code, w.Body.Len())
				}

				gz := s.Call("GET", path, nil, "Accept-Encoding", "gzip")
				if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("Vary") != "Accept-Encoding" {
					t.Fatalf("GET %s with gzip: headers %v", path, gz.Header())
				}
				zr, err := gzip.NewReader(gz.Body)
				if err != nil {
					t.Fatal(err)
				}
				if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, get.Body.Bytes()) {
					t.Errorf("GET %s with gzip: not the body compressed (%v)", path, err)
				}
			}

			for _, name := range []string{"imoveis-0.xml", "imoveis--1.xml", "imoveis-x.xml", "imoveis-4.xml", "imoveis-01.xml",
				"imoveis-+1.xml", "imoveis-1", "imoveis-1.xml.gz", "imoveis.xml", "outros-1.xml", "imoveis-99999999999999999999.xml"} {
				if w := s.Call("GET", "/sitemaps/"+name, nil); w.Code != http.StatusNotFound {
					t.Errorf("/sitemaps/%s: %d, want 404", name, w.Code)
				}
			}

			// Deactivated through the API: 6 active become 5, files of
			// 2 and 3; every validator changes.
			var gone listing.Property
			for _, p := range props {
				if p.IsActive {
					gone = p
					break
				}
			}
			w := s.Admin("PUT", "/api/admin/properties/"+gone.ID, map[string]any{"is_active": false})
			wantStatus(t, "deactivate", w, http.StatusOK)
			gone.IsActive = false
			props[gone.ID] = gone
			index := s.Call("GET", "/sitemap.xml", nil, "If-None-Match", etags[0])
			if index.Code != http.StatusOK || index.Header().Get("Etag") == etags[0] {
				t.Fatalf("index after a deactivation: %d, ETag %s (was %s)", index.Code, index.Header().Get("Etag"), etags[0])
			}
			after := wantFiles(t, s, base, props)
			if len(after) != 3 {
				t.Fatalf("%d files after the deactivation, want 2", len(after)-1)
			}
			for i, e := range after {
				if slices.Contains(etags, e) {
					t.Errorf("validator %d unchanged by the deactivation: %s", i, e)
				}
			}
			if w := s.Call("GET", "/sitemaps/imoveis-3.xml", nil); w.Code != http.StatusNotFound {
				t.Errorf("the third file after the deactivation: %d, want 404", w.Code)
			}
			for _, path := range []string{"/sitemaps/imoveis-1.xml", "/sitemaps/imoveis-2.xml"} {
				if strings.Contains(s.Call("GET", path, nil).Body.String(), "/imoveis/"+gone.Slug+"<") {
					t.Errorf("%s still lists %s", path, gone.Slug)
				}
			}
		})
	}
}

// TestSitemapEscapesTheAddress serves the sitemap at a public address
// holding every character XML gives a meaning to: the files read back
// with the address as it is.
func TestSitemapEscapesTheAddress(t *testing.T) {
	t.Parallel()
	const base = `https://x.example.com/a&b'c"d<e>f]]>`
	s := httpapi.Harness{Network: true, Config: httpapi.Config{PublicURL: base}}.Start(t)
	p, err := s.Store.CreateProperty(t.Context(), storetest.Apartment("Sobrado no Pântano do Sul"))
	if err != nil {
		t.Fatal(err)
	}
	files := readIndex(t, s.Call("GET", "/sitemap.xml", nil))
	if len(files) != 2 || files[0].Loc != base+"/sitemaps/imoveis-1.xml" || files[1].Loc != base+"/sitemaps/buscas-1.xml" {
		t.Fatalf("index %+v", files)
	}
	places := readURLSet(t, s.Call("GET", "/sitemaps/buscas-1.xml", nil))
	if len(places) != 2 || places[0].Loc != base+"/imoveis/venda/florianopolis-sc" {
		t.Errorf("places' file lists %+v", places)
	}
	urls := readURLSet(t, s.Call("GET", "/sitemaps/imoveis-1.xml", nil))
	want := []sitemapEntry{{Loc: base + "/"}, {base + "/imoveis/" + p.Slug, w3c(p.UpdatedAt)}}
	if !slices.Equal(urls, want) {
		t.Errorf("file lists %+v, want %+v", urls, want)
	}
}

// TestSitemapAddressFollowsTheRequest: without --public-url, the
// addresses start where the pages' do (the address the connection
// reached), and each address has its own validator.
func TestSitemapAddressFollowsTheRequest(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{}.Start(t)
	w := s.Call("GET", "/sitemap.xml", nil)
	files := readIndex(t, w)
	if len(files) != 1 || files[0].Loc != "http://192.0.2.10:8080/sitemaps/imoveis-1.xml" {
		t.Errorf("index %+v", files)
	}
	r := httpapi.NewRequest(t, "GET", "/sitemap.xml", nil, "If-None-Match", w.Header().Get("Etag"))
	r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(198, 51, 100, 7), Port: 443}))
	other := s.Serve(r)
	if other.Code != http.StatusOK || !strings.Contains(other.Body.String(), "http://198.51.100.7:443/sitemaps/imoveis-1.xml") {
		t.Errorf("another address's index: %d\n%s", other.Code, other.Body)
	}
}

func TestRobots(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{Config: httpapi.Config{PublicURL: "https://imoveis.example.com"}}.Start(t)
	w := s.Call("GET", "/robots.txt", nil)
	wantStatus(t, "robots.txt", w, http.StatusOK)
	want := "User-agent: *\nDisallow: /admin\nDisallow: /api/admin\n\nSitemap: https://imoveis.example.com/sitemap.xml\n"
	if w.Body.String() != want || w.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
		t.Errorf("robots.txt (%s):\n%s\nwant:\n%s", w.Header().Get("Content-Type"), w.Body, want)
	}
	head := s.Call("HEAD", "/robots.txt", nil)
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Etag") != w.Header().Get("Etag") {
		t.Errorf("HEAD /robots.txt: %d, %d bytes, headers %v", head.Code, head.Body.Len(), head.Header())
	}
}
