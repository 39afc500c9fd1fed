package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

var builtClient = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>Imóveis à venda e para alugar</title>
<!--vitrine:head-->
<script type="module" src="/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`)},
	"assets/index-abc123.js": {Data: []byte(strings.Repeat("console.log('vitrine');\n", 100))},
	"favicon.svg":            {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
}

func TestPropertyPageHead(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{Pages: builtClient, PublicURL: "https://imoveis.example.com/"})
	e.create(storetest.Apartment("Apartamento Vista Mar"))
	r := e.do("GET", "/imoveis/apartamento-vista-mar", nil)
	expect(t, r, 200, "")
	html := string(r.body)
	for _, want := range []string{
		"<title>Apartamento Vista Mar</title>",
		`<meta property="og:title" content="Apartamento Vista Mar">`,
		`<meta property="og:url" content="https://imoveis.example.com/imoveis/apartamento-vista-mar">`,
		`<meta property="og:image" content="https://img.example.com/ap42/sala.jpg">`,
		`<meta name="description" content="Apartamento com vista para o mar, sol da manhã e varanda gourmet.">`,
		`<script type="application/ld+json">`, `"@type":"RealEstateListing"`, `"priceCurrency":"BRL"`,
		`<script type="module" src="/assets/index-abc123.js"></script>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s\n%s", want, html)
		}
	}
	if strings.Count(html, "<title>") != 1 {
		t.Errorf("page has %d titles", strings.Count(html, "<title>"))
	}
	if r.header.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
		t.Errorf("headers %v", r.header)
	}
	for _, h := range []string{"Content-Security-Policy", "Referrer-Policy", "X-Content-Type-Options"} {
		if r.header.Get(h) == "" {
			t.Errorf("page lacks %s", h)
		}
	}
}

func TestPagesNotFoundAndFallback(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{Pages: builtClient})
	hidden := storetest.Apartment("Casa Inativa")
	hidden.IsActive = storetest.Ptr(false)
	e.create(hidden)
	for _, path := range []string{"/imoveis/casa-inativa", "/imoveis/nao-existe", "/imoveis/Casa-Inativa", "/pagina-qualquer"} {
		r := e.do("GET", path, nil)
		expect(t, r, 404, "")
		if !strings.Contains(string(r.body), `<div id="root">`) || !strings.Contains(string(r.body), "noindex") {
			t.Errorf("%s: not the client's page with noindex:\n%s", path, r.body)
		}
	}
	home := e.do("GET", "/", nil)
	expect(t, home, 200, "")
	if html := string(home.body); !strings.Contains(html, `<div id="root">`) || strings.Count(html, "<title>") != 1 ||
		!strings.Contains(html, "<title>Imóveis à venda e para alugar</title>") || strings.Contains(html, "noindex") {
		t.Errorf("/: not index.html with the home page's head: %s", home.body)
	}
	// The back office's pages are the client's, kept out of search engines.
	for _, path := range []string{"/admin", "/admin/", "/admin/imoveis/1", "/admin/leads?page=2"} {
		r := e.do("GET", path, nil)
		expect(t, r, 200, "")
		html := string(r.body)
		if !strings.Contains(html, `<div id="root">`) || strings.Count(html, "<title>") != 1 ||
			!strings.Contains(html, "<title>Área da equipe — Vitrine</title>") {
			t.Errorf("%s: not index.html with the back office's title: %s", path, html)
		}
		head, _, _ := strings.Cut(html, "</head>")
		if !strings.Contains(head, `<meta name="robots" content="noindex">`) {
			t.Errorf("%s: no robots noindex in the head: %s", path, html)
		}
		for _, public := range []string{`rel="canonical"`, `property="og:`, `name="description"`, "application/ld+json"} {
			if strings.Contains(head, public) {
				t.Errorf("%s: the back office's page has a public page's %s: %s", path, public, html)
			}
		}
	}
	expect(t, e.do("DELETE", "/admin", nil), 405, "")
}

func TestAssets(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{Pages: builtClient})
	r := e.do("GET", "/assets/index-abc123.js", nil)
	expect(t, r, 200, "")
	if r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.Contains(r.header.Get("Content-Type"), "javascript") {
		t.Errorf("asset headers %v", r.header)
	}
	gz := e.do("GET", "/assets/index-abc123.js", nil, "Accept-Encoding", "gzip")
	if gz.header.Get("Content-Encoding") != "gzip" || len(gz.body) >= len(r.body) {
		t.Errorf("asset not compressed: %v (%d bytes)", gz.header, len(gz.body))
	}
	expect(t, e.do("GET", "/assets/index-abc123.js", nil, "If-None-Match", r.header.Get("ETag")), 304, "")
	expect(t, e.do("GET", "/assets/nao-existe.js", nil), 404, "")
	if r := e.do("GET", "/favicon.svg", nil); r.status != 200 || r.header.Get("Cache-Control") != "no-cache" {
		t.Errorf("favicon: %d %v", r.status, r.header)
	}
}

func TestPagesWithoutClient(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	r := e.do("GET", "/", nil)
	expect(t, r, 200, "")
	if !strings.Contains(string(r.body), "make run") {
		t.Errorf("no notice: %s", r.body)
	}
}

// TestPropertyPageCached checks the cached property page: validators and
// compression like the API's document, an admin write visible on the next
// view, and, without a public address, links that carry the address the
// server listens on, whatever Host the request names.
func TestPropertyPageCached(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{Pages: builtClient})
	p := e.create(storetest.Apartment("Apartamento Vista Mar"))
	path := "/imoveis/apartamento-vista-mar"

	first := e.do("GET", path, nil, "Accept-Encoding", "identity")
	expect(t, first, 200, "")
	etag := first.header.Get("Etag")
	if etag == "" || first.header.Get("Cache-Control") != "no-cache" || first.header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("page headers %v", first.header)
	}
	if nm := e.do("GET", path, nil, "If-None-Match", etag); nm.status != 304 || len(nm.body) != 0 {
		t.Errorf("If-None-Match: %d with %d bytes", nm.status, len(nm.body))
	}
	zipped := e.do("GET", path, nil, "Accept-Encoding", "gzip")
	if zipped.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Accept-Encoding gzip: Content-Encoding %q", zipped.header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped.body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, first.body) {
		t.Errorf("compressed page differs from the plain one (%v)", err)
	}

	e.admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"title": "Cobertura Vista Mar"})
	after := e.do("GET", "/imoveis/apartamento-vista-mar", nil, "If-None-Match", etag)
	expect(t, after, 200, "")
	if !strings.Contains(string(after.body), "<title>Cobertura Vista Mar</title>") {
		t.Errorf("the next view after the write shows the old page:\n%s", after.body)
	}

	for _, host := range []string{"a.example.com", "b.example.com"} {
		req, _ := http.NewRequest("GET", e.url+path, nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if want := `<link rel="canonical" href="` + e.url + path + `">`; !strings.Contains(string(body), want) {
			t.Errorf("Host %s: page lacks %s", host, want)
		}
	}

	e.admin("DELETE", "/api/admin/properties/"+p.ID, nil)
	gone := e.do("GET", path, nil)
	expect(t, gone, 404, "")
	if !strings.Contains(string(gone.body), `<meta name="robots" content="noindex">`) || gone.header.Get("Cache-Control") != "no-cache" ||
		!strings.HasPrefix(gone.header.Get("Content-Type"), "text/html") {
		t.Errorf("deleted property's page: %v\n%s", gone.header, gone.body)
	}
}

// ldOf returns the structured data of a page's head.
func ldOf(t *testing.T, html string) map[string]any {
	t.Helper()
	_, script, ok := strings.Cut(html, `<script type="application/ld+json">`)
	script, _, _ = strings.Cut(script, "</script>")
	var doc map[string]any
	if err := json.Unmarshal([]byte(script), &doc); !ok || err != nil {
		t.Fatalf("no structured data (%v) in\n%s", err, html)
	}
	return doc
}

// TestPropertyPageStructuredData: the page carries the listing's
// structured data at the address level the public sees, never the
// complement, and the agency's record, which a write of the agency
// changes on the next view of the cached page, on both databases.
func TestPropertyPageStructuredData(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			// Solo: only this instance's writes empty its cache.
			s := httpapi.Harness{Dialect: d, Solo: true, Config: httpapi.Config{Pages: builtClient, CacheBytes: 8 << 20,
				PublicURL: "https://imoveis.example.com"}}.Start(t)
			u := storetest.Apartment("Apartamento Vista Mar")
			u.Street, u.Number, u.Complement = storetest.Ptr("Rua Bocaiúva"), storetest.Ptr("1200"), storetest.Ptr("Apto 301 bloco B")
			u.CEP = storetest.Ptr("88010-400")
			u.AddressVisibility = storetest.Ptr(listing.ShowStreet)
			p, err := s.Store.CreateProperty(t.Context(), u)
			if err != nil {
				t.Fatal(err)
			}
			path := "/imoveis/" + p.Slug
			first := s.Call("GET", path, nil)
			wantStatus(t, "page", first, http.StatusOK)
			html := first.Body.String()
			if strings.Contains(html, "Apto 301") || strings.Contains(html, "1200") {
				t.Errorf("the page shows more of the address than its level: %s", html)
			}
			doc := ldOf(t, html)
			graph := doc["@graph"].([]any)
			listingLD := graph[0].(map[string]any)
			home := listingLD["mainEntity"].(map[string]any)
			if listingLD["@type"] != "RealEstateListing" || home["@type"] != "Apartment" ||
				listingLD["datePosted"] != p.CreatedAt.Format(time.RFC3339) {
				t.Errorf("listing: %v", listingLD)
			}
			if addr := home["address"].(map[string]any); addr["streetAddress"] != "Rua Bocaiúva" || addr["postalCode"] != "88010-400" {
				t.Errorf("address at the street level: %v", addr)
			}
			if strings.Contains(html, "RealEstateAgent") || strings.Contains(html, "og:site_name") ||
				!strings.Contains(html, "<title>Apartamento Vista Mar</title>") {
				t.Errorf("an agent, or a site's name, before the agency is set: %s", html)
			}

			w := s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Ilha", "creci": "CRECI/SC 12345-J",
				"phone": "(48) 3333-4444", "whatsapp": "48 99999-0000", "email": "contato@ilha.example.com"})
			wantStatus(t, "agency", w, http.StatusOK)
			again := s.Call("GET", path, nil, "If-None-Match", first.Header().Get("Etag"))
			wantStatus(t, "page after the agency's write", again, http.StatusOK)
			var agent map[string]any
			for _, n := range ldOf(t, again.Body.String())["@graph"].([]any) {
				if m := n.(map[string]any); m["@type"] == "RealEstateAgent" {
					agent = m
				}
			}
			if agent == nil || agent["name"] != "Imobiliária Ilha" || agent["telephone"] != "+554833334444" ||
				agent["identifier"].(map[string]any)["value"] != "CRECI/SC 12345-J" {
				t.Errorf("agent after the agency's write: %v\n%s", agent, again.Body)
			}
			// The link preview and the title name the agency, not the product.
			for _, want := range []string{"<title>Apartamento Vista Mar — Imobiliária Ilha</title>",
				`<meta property="og:site_name" content="Imobiliária Ilha">`} {
				if !strings.Contains(again.Body.String(), want) {
					t.Errorf("page after the agency's write lacks %s\n%s", want, again.Body)
				}
			}
		})
	}
}

// TestHomePageHead: the home page's head is rendered on the server, names
// the agency once its record is set (on the next view of the cached page,
// on both databases), answers HEAD with the headers of GET, and leaves the
// back office's pages alone.
func TestHomePageHead(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			// Solo: only this instance's writes empty its cache.
			s := httpapi.Harness{Dialect: d, Solo: true, Config: httpapi.Config{Pages: builtClient, CacheBytes: 8 << 20,
				PublicURL: "https://imoveis.example.com/"}}.Start(t)
			const site = "https://imoveis.example.com/"

			first := s.Call("GET", "/", nil, "Accept-Encoding", "identity")
			wantStatus(t, "home", first, http.StatusOK)
			html := first.Body.String()
			desc := "Apartamentos, casas e terrenos à venda e para alugar. Fotos, vídeo e contato direto."
			for _, want := range []string{
				"<title>Imóveis à venda e para alugar</title>",
				`<meta name="description" content="` + desc + `">`,
				`<link rel="canonical" href="` + site + `">`,
				`<meta property="og:type" content="website">`,
				`<meta property="og:locale" content="pt_BR">`,
				`<meta property="og:title" content="Imóveis à venda e para alugar">`,
				`<meta property="og:description" content="` + desc + `">`,
				`<meta property="og:url" content="` + site + `">`,
				`<script type="module" src="/assets/index-abc123.js"></script>`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("home lacks %s\n%s", want, html)
				}
			}
			head, _, _ := strings.Cut(html, "</head>")
			if strings.Count(html, "<title>") != 1 || strings.Contains(head, "noindex") || strings.Contains(head, "og:image") ||
				strings.Contains(head, "RealEstateAgent") || strings.Contains(head, "og:site_name") || strings.Contains(head, "Vitrine") {
				t.Errorf("home before the agency is set:\n%s", html)
			}
			etag := first.Header().Get("Etag")
			if etag == "" || first.Header().Get("Cache-Control") != "no-cache" || !strings.HasPrefix(first.Header().Get("Content-Type"), "text/html") {
				t.Errorf("home headers %v", first.Header())
			}
			if nm := s.Call("GET", "/", nil, "If-None-Match", etag); nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
				t.Errorf("If-None-Match: %d with %d bytes", nm.Code, nm.Body.Len())
			}

			hd := s.Call("HEAD", "/", nil, "Accept-Encoding", "identity")
			wantStatus(t, "HEAD /", hd, http.StatusOK)
			if hd.Body.Len() != 0 || hd.Header().Get("Etag") != etag ||
				hd.Header().Get("Content-Length") != strconv.Itoa(first.Body.Len()) ||
				hd.Header().Get("Content-Type") != first.Header().Get("Content-Type") {
				t.Errorf("HEAD /: %v with %d bytes; GET had %v", hd.Header(), hd.Body.Len(), first.Header())
			}

			w := s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Ilha", "creci": "CRECI/SC 12345-J",
				"phone": "(48) 3333-4444", "logo_url": "https://img.example.com/logo.png"})
			wantStatus(t, "agency", w, http.StatusOK)
			again := s.Call("GET", "/", nil, "If-None-Match", etag)
			wantStatus(t, "home after the agency's write", again, http.StatusOK)
			html = again.Body.String()
			desc = "Apartamentos, casas e terrenos à venda e para alugar com Imobiliária Ilha. Fotos, vídeo e contato direto."
			for _, want := range []string{
				"<title>Imobiliária Ilha — imóveis à venda e para alugar</title>",
				`<meta name="description" content="` + desc + `">`,
				`<meta property="og:site_name" content="Imobiliária Ilha">`,
				`<meta property="og:title" content="Imobiliária Ilha — imóveis à venda e para alugar">`,
				`<meta property="og:image" content="https://img.example.com/logo.png">`,
				`<link rel="canonical" href="` + site + `">`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("home after the agency's write lacks %s\n%s", want, html)
				}
			}
			nodes := map[string]map[string]any{}
			for _, n := range ldOf(t, html)["@graph"].([]any) {
				m := n.(map[string]any)
				nodes[m["@type"].(string)] = m
			}
			if site := nodes["WebSite"]; site["name"] != "Imobiliária Ilha" || site["url"] != "https://imoveis.example.com/" ||
				site["inLanguage"] != "pt-BR" {
				t.Errorf("site: %v", site)
			}
			if agent := nodes["RealEstateAgent"]; agent["name"] != "Imobiliária Ilha" || agent["telephone"] != "+554833334444" ||
				agent["logo"] != "https://img.example.com/logo.png" {
				t.Errorf("agent: %v", agent)
			}

			// The back office keeps its own head.
			admin := s.Call("GET", "/admin", nil)
			wantStatus(t, "admin", admin, http.StatusOK)
			ahead, _, _ := strings.Cut(admin.Body.String(), "</head>")
			if !strings.Contains(ahead, `<meta name="robots" content="noindex">`) || strings.Contains(ahead, "Imobiliária Ilha") ||
				strings.Contains(ahead, `rel="canonical"`) || strings.Contains(ahead, "og:") {
				t.Errorf("admin head: %s", ahead)
			}
		})
	}
}

// TestHomePageWithoutDatabase: the home page does not need the agency's
// record: when it cannot be read, the page is the client's as built.
func TestHomePageWithoutDatabase(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{Solo: true, Config: httpapi.Config{Pages: builtClient, CacheBytes: 8 << 20}}.Start(t)
	s.Store.Close() // every read now fails
	w := s.Call("GET", "/", nil)
	wantStatus(t, "home", w, http.StatusOK)
	if html := w.Body.String(); !strings.Contains(html, "<title>Imóveis à venda e para alugar</title>") || !strings.Contains(html, `<div id="root">`) ||
		strings.Contains(html, "og:") || w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("home without a database: %v\n%s", w.Header(), html)
	}
}
