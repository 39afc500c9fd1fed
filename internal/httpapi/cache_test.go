package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// write sends an admin write and fails the test unless it answers want.
func (s *Stack) write(method, path string, body any, want int) map[string]any {
	s.T.Helper()
	rec := s.Admin(method, path, body)
	if rec.Code != want {
		s.T.Fatalf("%s %s: %d, want %d: %s", method, path, rec.Code, want, rec.Body)
	}
	var out map[string]any
	if rec.Body.Len() > 0 {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			s.T.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return out
}

// detail reads the public detail; the map is nil on 404.
func (s *Stack) detail(slug string) map[string]any {
	s.T.Helper()
	rec := s.Call(http.MethodGet, "/api/v1/properties/"+slug, nil)
	switch rec.Code {
	case http.StatusNotFound:
		return nil
	case http.StatusOK:
	default:
		s.T.Fatalf("GET %s: %d: %s", slug, rec.Code, rec.Body)
	}
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		s.T.Fatal(err)
	}
	return m
}

// listSlugs returns the slugs of the first page of the public list.
func (s *Stack) listSlugs() []string {
	s.T.Helper()
	rec := s.Call(http.MethodGet, "/api/v1/properties?per_page=50", nil)
	if rec.Code != http.StatusOK {
		s.T.Fatalf("GET list: %d: %s", rec.Code, rec.Body)
	}
	var page struct {
		Items []struct {
			Slug  string `json:"slug"`
			Title string `json:"title"`
		} `json:"items"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
		s.T.Fatal(err)
	}
	var out []string
	for _, it := range page.Items {
		out = append(out, it.Slug+"|"+it.Title)
	}
	return out
}

func newProperty(title string) map[string]any {
	return map[string]any{
		"title": title, "price": "450000.00", "condo_fee": "850.50", "type": "venda",
		"bedrooms": 3, "bathrooms": 2, "parking_spots": 1, "area_m2": 98.5,
		"subtype":      map[string]any{"name": "Apartamento"},
		"city":         map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
		"photos": []any{
			map[string]any{"url": "https://img.example.com/a/sala.jpg", "alt_text": "Sala"},
			map[string]any{"url": "https://img.example.com/a/cozinha.jpg", "alt_text": "Cozinha"},
		},
		"amenities": []any{
			map[string]any{"name": "Piscina", "group": "lazer"},
			map[string]any{"name": "Varanda", "group": "caracteristica"},
		},
	}
}

func at(m map[string]any, path ...any) any {
	var v any = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func containsSlug(list []string, slug string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, slug+"|") {
			return true
		}
	}
	return false
}

// TestAdminWritesVisibleOnNextRead warms the cache before every admin write
// and checks that the very next public read on the same instance shows it.
func TestAdminWritesVisibleOnNextRead(t *testing.T) {
	t.Parallel()
	e := Harness{Solo: true, Config: Config{CacheBytes: 64 << 20}}.Start(t)
	if e.detail("casa-no-campeche") != nil {
		t.Fatal("unknown slug answered 200")
	}
	e.listSlugs()
	created := e.write(http.MethodPost, "/api/admin/properties", newProperty("Casa no Campeche"), http.StatusCreated)
	id := created["id"].(string)
	if d := e.detail("casa-no-campeche"); d == nil {
		t.Fatal("created property not visible on the next read")
	}
	if !containsSlug(e.listSlugs(), "casa-no-campeche") {
		t.Fatal("created property missing from the next list")
	}

	slug := "casa-no-campeche"
	steps := []struct {
		name   string
		body   map[string]any
		check  func(d map[string]any) any // returns what it saw, compared with want
		want   any
		inList bool // the change shows in the list too
	}{
		{"title", map[string]any{"title": "Casa reformada no Campeche"},
			func(d map[string]any) any { return d["title"] }, "Casa reformada no Campeche", true},
		{"price", map[string]any{"price": "470000.00"},
			func(d map[string]any) any { return d["price"] }, "470000.00", false},
		{"condo fee cleared", map[string]any{"condo_fee": nil},
			func(d map[string]any) any { return d["condo_fee"] }, nil, false},
		{"description", map[string]any{"description": "Nova descrição"},
			func(d map[string]any) any { return d["description"] }, "Nova descrição", false},
		{"counts and area", map[string]any{"bedrooms": 4, "area_m2": 120},
			func(d map[string]any) any { return fmt.Sprint(d["bedrooms"], d["area_m2"]) }, "4 120", false},
		{"featured", map[string]any{"is_featured": true},
			func(d map[string]any) any { return d["is_featured"] }, true, false},
		{"photos", map[string]any{"photos": []any{map[string]any{"url": "https://img.example.com/b/fachada.jpg", "alt_text": "Fachada"}}},
			func(d map[string]any) any {
				return fmt.Sprint(len(d["photos"].([]any)), " ", at(d, "photos", 0, "url"))
			},
			"1 https://img.example.com/b/fachada.jpg", false},
		{"photos emptied", map[string]any{"photos": []any{}},
			func(d map[string]any) any { return len(d["photos"].([]any)) }, 0, false},
		{"amenities", map[string]any{"amenities": []any{map[string]any{"name": "Sauna", "group": "lazer"}}},
			func(d map[string]any) any { return at(d, "amenities", 0, "name") }, "Sauna", false},
		{"subtype", map[string]any{"subtype": map[string]any{"name": "Casa"}},
			func(d map[string]any) any { return at(d, "subtype", "name") }, "Casa", false},
		{"city and neighborhood", map[string]any{"city": map[string]any{"name": "Curitiba", "state": "PR"}, "neighborhood": map[string]any{"name": "Batel"}},
			func(d map[string]any) any {
				return fmt.Sprint(at(d, "city", "name"), " / ", at(d, "neighborhood", "name"))
			}, "Curitiba / Batel", false},
		{"neighborhood", map[string]any{"neighborhood": map[string]any{"name": "Água Verde"}},
			func(d map[string]any) any { return at(d, "neighborhood", "slug") }, "agua-verde", false},
		{"video", map[string]any{"video_url": " https://vimeo.com/76979871 ", "video_position": "carousel"},
			func(d map[string]any) any { return fmt.Sprint(d["video_url"], " ", d["video_position"]) }, "https://vimeo.com/76979871 carousel", false},
		{"video removed", map[string]any{"video_url": ""},
			func(d map[string]any) any { return d["video_url"] }, nil, false},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			e := e.For(t)
			before := e.detail(slug) // in the cache now
			if before == nil {
				t.Fatal("property not found before the write")
			}
			e.listSlugs()
			e.write(http.MethodPut, "/api/admin/properties/"+id, s.body, http.StatusOK)
			got := s.check(e.detail(slug))
			if fmt.Sprint(got) != fmt.Sprint(s.want) {
				t.Errorf("after the %s update the next read shows %v, want %v", s.name, got, s.want)
			}
			if s.inList && !containsSlug(e.listSlugs(), slug) {
				t.Errorf("list lost the property after the %s update", s.name)
			}
		})
	}

	// A new slug: the old address is gone at once, the new one answers.
	e.detail(slug)
	e.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"slug": "casa-campeche-sul"}, http.StatusOK)
	if e.detail(slug) != nil {
		t.Error("old slug still answers after the slug changed")
	}
	if e.detail("casa-campeche-sul") == nil {
		t.Error("new slug does not answer after the slug changed")
	}
	slug = "casa-campeche-sul"

	// Deactivation hides it from the detail and the list; reactivation shows it.
	e.detail(slug)
	e.listSlugs()
	e.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": false}, http.StatusOK)
	if e.detail(slug) != nil {
		t.Error("inactive property still answers on the next read")
	}
	if containsSlug(e.listSlugs(), slug) {
		t.Error("inactive property still listed on the next read")
	}
	e.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": true}, http.StatusOK)
	if e.detail(slug) == nil {
		t.Error("reactivated property not found on the next read")
	}

	// Deletion.
	e.listSlugs()
	e.write(http.MethodDelete, "/api/admin/properties/"+id, nil, http.StatusNoContent)
	if e.detail(slug) != nil {
		t.Error("deleted property still answers on the next read")
	}
	if containsSlug(e.listSlugs(), slug) {
		t.Error("deleted property still listed on the next read")
	}
}

// TestFailedWriteKeepsServing checks that a write the store refuses (a slug
// conflict) leaves the reads right.
func TestFailedWriteKeepsServing(t *testing.T) {
	t.Parallel()
	e := Harness{Config: Config{CacheBytes: 64 << 20}}.Start(t)
	a := e.write(http.MethodPost, "/api/admin/properties", newProperty("Apartamento A"), http.StatusCreated)
	e.write(http.MethodPost, "/api/admin/properties", newProperty("Apartamento B"), http.StatusCreated)
	e.detail("apartamento-a")
	e.write(http.MethodPut, "/api/admin/properties/"+a["id"].(string), map[string]any{"slug": "apartamento-b", "title": "X"}, http.StatusConflict)
	if d := e.detail("apartamento-a"); d == nil || d["title"] != "Apartamento A" {
		t.Fatalf("after a refused write the detail is %v", d)
	}
}

// TestCacheAcrossInstances runs two servers on one PostgreSQL schema: a
// write through one reaches the other's cache, which only the other's
// version watch can empty. Without it the other instance would answer
// from its cache for ever, so waiting without a tight bound still tests
// it; the bound only guards against a hang.
func TestCacheAcrossInstances(t *testing.T) {
	t.Parallel()
	a := Harness{Dialect: "postgres", Config: Config{CacheBytes: 64 << 20}}.Start(t)
	b := Harness{DSN: a.DSN, Config: Config{CacheBytes: 64 << 20}}.Start(t)

	eventually := func(what string, cond func() bool) {
		t.Helper()
		testwait.Until(t, what+" on the other instance", cond)
	}
	// Each watcher has read the version: a write after it is a change
	// that the watcher must notice.
	for _, s := range []*Stack{a, b} {
		s.CacheCaughtUp()
	}
	within := eventually

	// b caches the list, a creates the property.
	if b.detail("cobertura-no-centro") != nil {
		t.Fatal("unknown slug answered 200")
	}
	b.listSlugs()
	created := a.write(http.MethodPost, "/api/admin/properties", newProperty("Cobertura no Centro"), http.StatusCreated)
	id := created["id"].(string)
	within("create", func() bool { return b.detail("cobertura-no-centro") != nil })
	within("create in the list", func() bool { return containsSlug(b.listSlugs(), "cobertura-no-centro") })

	b.detail("cobertura-no-centro")
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"title": "Cobertura duplex no Centro"}, http.StatusOK)
	within("update", func() bool { return b.detail("cobertura-no-centro")["title"] == "Cobertura duplex no Centro" })

	b.detail("cobertura-no-centro")
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"photos": []any{}}, http.StatusOK)
	within("photos", func() bool { return len(b.detail("cobertura-no-centro")["photos"].([]any)) == 0 })

	b.detail("cobertura-no-centro")
	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": false}, http.StatusOK)
	within("deactivate", func() bool { return b.detail("cobertura-no-centro") == nil })

	a.write(http.MethodPut, "/api/admin/properties/"+id, map[string]any{"is_active": true}, http.StatusOK)
	within("reactivate", func() bool { return b.detail("cobertura-no-centro") != nil })

	a.write(http.MethodDelete, "/api/admin/properties/"+id, nil, http.StatusNoContent)
	within("delete", func() bool { return b.detail("cobertura-no-centro") == nil })
}

// TestETagAndNotModified checks the validators of the detail and the list.
func TestETagAndNotModified(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name       string
		cacheBytes int64
	}{{"cache", 64 << 20}, {"no-cache", 0}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := Harness{Config: Config{CacheBytes: c.cacheBytes}}.Start(t)
			p := e.write(http.MethodPost, "/api/admin/properties", newProperty("Studio na Trindade"), http.StatusCreated)
			for _, path := range []string{"/api/v1/properties/studio-na-trindade", "/api/properties/studio-na-trindade", "/api/v1/properties"} {
				first := e.Call(http.MethodGet, path, nil)
				etag := first.Header().Get("Etag")
				if first.Code != http.StatusOK || etag == "" {
					t.Fatalf("GET %s: %d, ETag %q", path, first.Code, etag)
				}
				if cc := first.Header().Get("Cache-Control"); cc != "public, max-age=0, s-maxage=30, stale-while-revalidate=30" {
					t.Errorf("GET %s: Cache-Control %q", path, cc)
				}
				if v := first.Header().Get("Vary"); v != "Accept-Encoding" {
					t.Errorf("GET %s: Vary %q", path, v)
				}
				again := e.Call(http.MethodGet, path, nil)
				if again.Header().Get("Etag") != etag || again.Body.String() != first.Body.String() {
					t.Errorf("GET %s twice: the ETag or the body changed with no write", path)
				}
				for _, inm := range []string{etag, `"other", ` + etag, "*", strings.TrimPrefix(etag, "W/")} {
					nm := e.Call(http.MethodGet, path, nil, "If-None-Match", inm)
					if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
						t.Errorf("GET %s If-None-Match %s: %d with %d bytes, want 304 and no body", path, inm, nm.Code, nm.Body.Len())
					}
					if nm.Header().Get("Etag") != etag {
						t.Errorf("GET %s If-None-Match: 304 without its ETag", path)
					}
				}
				if other := e.Call(http.MethodGet, path, nil, "If-None-Match", `W/"nothing"`); other.Code != http.StatusOK {
					t.Errorf("GET %s with a stale ETag: %d, want 200", path, other.Code)
				}
			}
			// A write changes the ETag: the old one is answered in full.
			old := e.Call(http.MethodGet, "/api/v1/properties/studio-na-trindade", nil).Header().Get("Etag")
			e.write(http.MethodPut, "/api/admin/properties/"+p["id"].(string), map[string]any{"price": "1.00"}, http.StatusOK)
			rec := e.Call(http.MethodGet, "/api/v1/properties/studio-na-trindade", nil, "If-None-Match", old)
			if rec.Code != http.StatusOK || rec.Header().Get("Etag") == old {
				t.Errorf("after a write the old ETag got %d with ETag %q", rec.Code, rec.Header().Get("Etag"))
			}
			// A 404 carries no validator and is never a 304.
			nf := e.Call(http.MethodGet, "/api/v1/properties/nao-existe", nil, "If-None-Match", "*")
			if nf.Code != http.StatusNotFound || nf.Header().Get("Etag") != "" {
				t.Errorf("unknown slug: %d, ETag %q", nf.Code, nf.Header().Get("Etag"))
			}
		})
	}
}

// TestGzip checks compressed answers, and that the compressed form is kept
// in the cache with the document.
func TestGzip(t *testing.T) {
	t.Parallel()
	// Solo: the version watch's first poll, racing the write below, could
	// empty the cache before the test looks into it.
	e := Harness{Solo: true, Config: Config{CacheBytes: 64 << 20}}.Start(t)
	big := newProperty("Casa com jardim no Batel")
	big["description"] = strings.Repeat("Casa ampla, arejada e iluminada, com jardim e churrasqueira. ", 20)
	e.write(http.MethodPost, "/api/admin/properties", big, http.StatusCreated)
	path := "/api/v1/properties/casa-com-jardim-no-batel"
	plain := e.Call(http.MethodGet, path, nil)
	if plain.Header().Get("Content-Encoding") != "" {
		t.Fatal("compressed without Accept-Encoding")
	}
	if plain.Body.Len() < docenc.MinGzip {
		t.Fatalf("test document is %d bytes, too small to be compressed", plain.Body.Len())
	}
	var first []byte
	for i := range 2 {
		rec := e.Call(http.MethodGet, path, nil, "Accept-Encoding", "gzip, deflate, br")
		if rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("Accept-Encoding gzip: Content-Encoding %q", rec.Header().Get("Content-Encoding"))
		}
		if rec.Header().Get("Etag") != plain.Header().Get("Etag") {
			t.Error("the compressed answer has another ETag")
		}
		if rec.Header().Get("Content-Length") != fmt.Sprint(rec.Body.Len()) {
			t.Errorf("Content-Length %s for %d bytes", rec.Header().Get("Content-Length"), rec.Body.Len())
		}
		zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(body, plain.Body.Bytes()) {
			t.Fatalf("gzip body does not decode to the plain body (%v)", err)
		}
		if i == 0 {
			first = bytes.Clone(rec.Body.Bytes())
		} else if !bytes.Equal(first, rec.Body.Bytes()) {
			t.Error("second compressed answer differs from the first")
		}
	}
	entry, _ := e.Server.cache.get("casa-com-jardim-no-batel")
	kept := entry.gz
	if !bytes.Equal(kept, first) {
		t.Error("the compressed form is not kept in the cache")
	}
	nm := e.Call(http.MethodGet, path, nil, "Accept-Encoding", "gzip", "If-None-Match", plain.Header().Get("Etag"))
	if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
		t.Errorf("gzip + If-None-Match: %d with %d bytes", nm.Code, nm.Body.Len())
	}
}

// TestCacheBounded fills a small cache with more documents than it holds:
// it stays under its bound and every answer is still the store's document.
func TestCacheBounded(t *testing.T) {
	t.Parallel()
	const bound = 24 << 10
	e := Harness{Config: Config{CacheBytes: bound}}.Start(t)
	var slugs []string
	for i := range 30 {
		p := e.write(http.MethodPost, "/api/admin/properties", newProperty(fmt.Sprintf("Apartamento %d", i)), http.StatusCreated)
		slugs = append(slugs, p["slug"].(string))
	}
	for round := range 3 {
		for _, s := range slugs {
			rec := e.Call(http.MethodGet, "/api/v1/properties/"+s, nil)
			want, err := e.Store.PropertyDocument(context.Background(), s)
			if err != nil || rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want.JSON) {
				t.Fatalf("round %d, %s: %d, body differs from the store's document (%v)", round, s, rec.Code, err)
			}
			if n, size := e.Server.cache.len(); size > bound {
				t.Fatalf("cache holds %d bytes in %d entries, over its bound of %d", size, n, bound)
			}
		}
	}
	if n, _ := e.Server.cache.len(); n == 0 || n >= len(slugs) {
		t.Errorf("cache holds %d of %d documents; want some, not all", n, len(slugs))
	}
}

// TestCacheCostCoversTheHeap checks the estimate that bounds the cache
// against the heap its entries really hold.
func TestCacheCostCoversTheHeap(t *testing.T) {
	body := bytes.Repeat([]byte(`{"photos":[{"url":"https://img.example.com/x.jpg"}]}`), 60)
	const n = 5000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c := newDocCache(1 << 40)
	for i := range n {
		key := fmt.Sprintf("apartamento-%06d-no-centro-de-florianopolis", i)
		c.put(key, storedEntry(bytes.Clone(body), docenc.Gzip(body), docenc.ETag(body)), 0)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	_, counted := c.len()
	if held > counted {
		t.Errorf("%d entries hold %d bytes of heap, counted %d", n, held, counted)
	}
	t.Logf("%d entries: %d bytes held, %d counted", n, held, counted)
	runtime.KeepAlive(c)
}

// TestCacheDisabled checks that a server without a cache keeps nothing.
func TestCacheDisabled(t *testing.T) {
	t.Parallel()
	e := Harness{}.Start(t)
	p := e.write(http.MethodPost, "/api/admin/properties", newProperty("Casa sem cache"), http.StatusCreated)
	e.detail("casa-sem-cache")
	e.listSlugs()
	if n, _ := e.Server.cache.len(); n != 0 {
		t.Fatalf("disabled cache holds %d entries", n)
	}
	e.write(http.MethodPut, "/api/admin/properties/"+p["id"].(string), map[string]any{"title": "Casa nova"}, http.StatusOK)
	if d := e.detail("casa-sem-cache"); d["title"] != "Casa nova" {
		t.Fatalf("title %v after the update", d["title"])
	}
}

// TestCacheGenerations checks the rule that keeps a slow reader from
// storing a document that a write made stale while it was being read.
func TestCacheGenerations(t *testing.T) {
	t.Parallel()
	c := newDocCache(1 << 20)
	_, gen := c.get("a")
	c.invalidate() // a write lands while the reader is at the database
	c.put("a", newDocEntry(http.StatusOK, []byte(`{"old":true}`)), gen)
	if e, _ := c.get("a"); e != nil {
		t.Fatal("an answer read before a write was kept after it")
	}
	_, gen = c.get("a")
	c.put("a", newDocEntry(http.StatusOK, []byte(`{"new":true}`)), gen)
	if e, _ := c.get("a"); e == nil || string(e.body) != `{"new":true}` {
		t.Fatal("an answer read after the write was not kept")
	}
}

// TestDetailDocumentIsTheContract checks that the document served, with
// and without the cache, is byte for byte what detaildoc encodes from the
// property as stored, on both databases, for text that needs escaping,
// null fields, empty lists and whole and fractional areas.
func TestDetailDocumentIsTheContract(t *testing.T) {
	t.Parallel()
	odd := newProperty(`Casa "Azul" \ com acentuação, 😀 e <tags> & mais`)
	odd["description"] = "Linha 1\nLinha 2\r\n\t\"citação\""
	odd["address"] = `Rua D'Ávila, 10 – fundos`
	odd["code"] = `C-"1"`
	odd["area_m2"] = 1234567.891
	odd["video_url"] = "https://www.youtube.com/watch?v=ScMzIvxBSi4&t=1"
	odd["video_position"] = "carousel"
	odd["is_featured"] = true
	bare := map[string]any{
		"title": "Terreno sem fotos", "price": "0.05", "type": "venda",
		"subtype":      map[string]any{"name": "Terreno"},
		"city":         map[string]any{"name": "São José", "state": "sc"},
		"neighborhood": map[string]any{"name": "Kobrasol"},
	}
	whole := newProperty("Área inteira")
	whole["area_m2"] = 100
	whole["condo_fee"] = "0.00"
	tiny := newProperty("Área pequena")
	tiny["area_m2"] = 0.1
	tiny["price"] = "123456789.99"

	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			cached := Harness{Dialect: dialect, Config: Config{CacheBytes: 64 << 20}}.Start(t)
			st := cached.Store
			for _, cacheBytes := range []int64{64 << 20, 0} {
				e := cached
				if cacheBytes == 0 {
					e = Harness{DSN: cached.DSN}.Start(t)
				}
				for i, body := range []map[string]any{odd, bare, whole, tiny} {
					if cacheBytes == 0 {
						break // created once, read by both servers
					}
					body = maps.Clone(body) // the subtests of both databases run at once
					body["slug"] = fmt.Sprintf("contrato-%d", i)
					// "sc" (i == 1): the document, like the server, takes a UF in any case.
					e.write(http.MethodPost, "/api/admin/properties", body, http.StatusCreated)
				}
				for i := range 4 {
					slug := fmt.Sprintf("contrato-%d", i)
					page, err := st.Properties(context.Background(), store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 50})
					if err != nil {
						t.Fatal(err)
					}
					var want []byte
					for _, it := range page.Items {
						if it.Slug != slug {
							continue
						}
						p, err := st.Property(context.Background(), it.ID)
						if err != nil {
							t.Fatal(err)
						}
						if want, err = detaildoc.Encode(p); err != nil {
							t.Fatal(err)
						}
					}
					for range 2 { // a miss, then (with the cache) a hit
						rec := e.Call(http.MethodGet, "/api/v1/properties/"+slug, nil)
						if got := rec.Body.String(); got != string(want) {
							t.Errorf("cache=%d %s:\n got %s\nwant %s", cacheBytes, slug, got, want)
						}
					}
				}
			}
		})
	}
}
