package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// benchStore is a SQLite store with n generated properties (about ten
// photos and a dozen amenities each); it returns their slugs.
func benchStore(b *testing.B, n int) (*store.Store, []string) {
	b.Helper()
	st := storetest.Open(b, "sqlite", store.Options{})
	slugs := make([]string, n)
	for i, u := range demo.Generate(n, 3) {
		p, err := st.CreateProperty(context.Background(), u)
		if err != nil {
			b.Fatal(err)
		}
		slugs[i] = p.Slug
	}
	return st, slugs
}

// nullWriter is the cheapest http.ResponseWriter: it keeps the headers and
// throws the body away, so that a benchmark measures the handler alone.
type nullWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *nullWriter) Header() http.Header  { return w.h }
func (w *nullWriter) WriteHeader(code int) { w.status = code }
func (w *nullWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}

func (w *nullWriter) reset() {
	clear(w.h)
	w.status, w.n = 0, 0
}

// serveBench sends GETs of random paths through the whole handler
// (middleware, routing, handler) from parallel goroutines.
func serveBench(b *testing.B, h http.Handler, paths []string, header http.Header, want int) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(rand.Uint64(), 0))
		reqs := make([]*http.Request, len(paths))
		for i, p := range paths {
			reqs[i], _ = http.NewRequest(http.MethodGet, p, nil)
			reqs[i].RemoteAddr = "127.0.0.1:5555"
			for k, v := range header {
				reqs[i].Header[k] = v
			}
		}
		w := &nullWriter{h: http.Header{}}
		for pb.Next() {
			w.reset()
			h.ServeHTTP(w, reqs[r.IntN(len(reqs))])
			if w.status != want {
				b.Errorf("status %d, want %d", w.status, want)
				return
			}
		}
	})
}

func detailPaths(slugs []string) []string {
	paths := make([]string, len(slugs))
	for i, s := range slugs {
		paths[i] = "/api/v1/properties/" + s
	}
	return paths
}

// BenchmarkGetProperty is the public detail read through the whole handler:
// from the cache, from the cache's file, from the database (cache off), as
// a 304, compressed, and with the request log written as JSON by the
// server's handler (to io.Discard).
func BenchmarkGetProperty(b *testing.B) {
	st, slugs := benchStore(b, 200)
	paths := detailPaths(slugs)
	cached := New(Config{Store: st, CacheBytes: 64 << 20})
	warm := func(s *Server) {
		for _, p := range paths {
			serveOnce(s.Handler(), p, nil)
			serveOnce(s.Handler(), p, http.Header{"Accept-Encoding": {"gzip"}})
		}
	}
	warm(cached)
	b.Run("bare", func(b *testing.B) { serveBench(b, bareLike(cached.Handler(), paths[0]), paths, nil, http.StatusOK) })
	b.Run("cached", func(b *testing.B) { serveBench(b, cached.Handler(), paths, nil, http.StatusOK) })
	b.Run("cached-gzip", func(b *testing.B) {
		serveBench(b, cached.Handler(), paths, http.Header{"Accept-Encoding": {"gzip, deflate, br"}}, http.StatusOK)
	})
	b.Run("cached-json-log", func(b *testing.B) {
		logged := New(Config{Store: st, CacheBytes: 64 << 20, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
		warm(logged)
		serveBench(b, logged.Handler(), paths, nil, http.StatusOK)
	})
	b.Run("not-modified", func(b *testing.B) {
		// One slug, so that every request carries its ETag.
		etag := serveOnce(cached.Handler(), paths[0], nil).Get("Etag")
		serveBench(b, cached.Handler(), paths[:1], http.Header{"If-None-Match": {etag}}, http.StatusNotModified)
	})
	b.Run("database", func(b *testing.B) {
		serveBench(b, New(Config{Store: st}).Handler(), paths, nil, http.StatusOK)
	})
	b.Run("not-found", func(b *testing.B) {
		serveBench(b, cached.Handler(), []string{"/api/v1/properties/nao-existe"}, nil, http.StatusNotFound)
	})
}

// bareLike is the floor of a cached read: a handler that writes a
// constant body of the size of h's answer to path, without middleware or
// routing; "cached" minus "bare" is what the service adds to a cached
// read, before net/http.
func bareLike(h http.Handler, path string) http.Handler {
	body := make([]byte, len(serveOnceBody(h, path)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = contentTypeJSON
		w.WriteHeader(http.StatusOK)
		w.Write(body)
	})
}

// serveOnceBody returns the body of a GET of path.
func serveOnceBody(h http.Handler, path string) []byte {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Body.Bytes()
}

func serveOnce(h http.Handler, path string, header http.Header) http.Header {
	req, _ := http.NewRequest(http.MethodGet, path, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	w := &nullWriter{h: http.Header{}}
	h.ServeHTTP(w, req)
	return w.h
}

// BenchmarkListProperties is the home page's list through the whole handler.
func BenchmarkListProperties(b *testing.B) {
	st, _ := benchStore(b, 50)
	b.Run("cached", func(b *testing.B) {
		serveBench(b, New(Config{Store: st, CacheBytes: 64 << 20}).Handler(), []string{"/api/v1/properties"}, nil, http.StatusOK)
	})
	b.Run("database", func(b *testing.B) {
		serveBench(b, New(Config{Store: st}).Handler(), []string{"/api/v1/properties"}, nil, http.StatusOK)
	})
}

// BenchmarkDocCache is the cache's lookup under parallel readers.
func BenchmarkDocCache(b *testing.B) {
	c := newDocCache(64 << 20)
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = "imovel-" + string(rune('a'+i%26)) + "-" + string(rune('a'+i/26%26)) + "-" + string(rune('a'+i/676))
		_, gen := c.get(keys[i])
		c.put(keys[i], newDocEntry(http.StatusOK, bytes.Repeat([]byte("x"), 3000)), gen)
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(rand.Uint64(), 0))
		for pb.Next() {
			if e, _ := c.get(keys[r.IntN(len(keys))]); e == nil {
				b.Error("miss")
				return
			}
		}
	})
}

// BenchmarkNewDocEntry is the work of a cache miss of an answer the store
// does not keep ready (the home list): the ETag of a detail-sized body.
func BenchmarkNewDocEntry(b *testing.B) {
	body := detailBody(b)
	for b.Loop() {
		newDocEntry(http.StatusOK, body)
	}
}

// detailBody is a generated property's public document, as a body of
// realistic size and content; it also sets the benchmark's byte count.
func detailBody(b *testing.B) []byte {
	st, slugs := benchStore(b, 1)
	doc, err := st.PropertyDocument(context.Background(), slugs[0])
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc.JSON)))
	b.ReportAllocs()
	return doc.JSON
}

// BenchmarkGzipEntry is the one-time compression of a detail-sized body
// (for detail documents the store does it when the property is written).
func BenchmarkGzipEntry(b *testing.B) {
	body := detailBody(b)
	for b.Loop() {
		newDocEntry(http.StatusOK, body).gzipped()
	}
}

// BenchmarkEncodeJSON is the encoding/json work of the responses that Go
// encodes: the admin detail and a page of the home list.
func BenchmarkEncodeJSON(b *testing.B) {
	st, slugs := benchStore(b, 12)
	ctx := context.Background()
	page, err := st.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 12})
	if err != nil {
		b.Fatal(err)
	}
	var p listing.Property
	for _, it := range page.Items {
		if it.Slug == slugs[0] {
			p, err = st.Property(ctx, it.ID)
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("admin-detail", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(newAdminJSON(p)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("list-page", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(pageJSON[summaryJSON]{mapItems(page.Items, newSummaryJSON), page.Total, 1, 12}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDecodeLead is the CPU work of a contact submission before the
// store: parse the body, normalise and validate it.
func BenchmarkDecodeLead(b *testing.B) {
	body := []byte(`{"name":"Maria da Silva","email":"maria.silva@example.com.br","phone":"(48) 99999-0000",` +
		`"message":"Olá! Tenho interesse neste imóvel e gostaria de agendar uma visita. Podem me ligar à tarde?"}`)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		o, err := parseObject(body)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := decodeLead(o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPropertyPage is the property page (/imoveis/{slug}) that link
// previews and search engines fetch: from the cache, and rendered for
// every request (cache off: a database read, JSON decoding and the
// head's template).
func BenchmarkPropertyPage(b *testing.B) {
	st, slugs := benchStore(b, 200)
	paths := make([]string, len(slugs))
	for i, s := range slugs {
		paths[i] = "/imoveis/" + s
	}
	client := fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<title>Vitrine</title><!--vitrine:head--><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`)}}
	cached := New(Config{Store: st, Pages: client, CacheBytes: 64 << 20, PublicURL: "https://imoveis.example.com"})
	for _, p := range paths {
		serveOnce(cached.Handler(), p, nil)
	}
	b.Run("cached", func(b *testing.B) { serveBench(b, cached.Handler(), paths, nil, http.StatusOK) })
	b.Run("rendered", func(b *testing.B) {
		serveBench(b, New(Config{Store: st, Pages: client, PublicURL: "https://imoveis.example.com"}).Handler(), paths, nil, http.StatusOK)
	})
}

// BenchmarkVRSyncFeed serves the portals' feed of 50,000 generated
// properties (all marked to publish, with JPEG photos and a CEP) from
// SQLite through the whole handler, and reports the heap's peak while it
// streams, and its peak over the first 5,000 listings: the handler holds
// one batch of properties (store.EachPortalProperty) and the writer's
// buffer, so the two stay close. Loading the catalogue takes minutes.
func BenchmarkVRSyncFeed(b *testing.B) {
	const n = 50_000
	st := storetest.Open(b, "sqlite", store.Options{})
	ctx := context.Background()
	for i, u := range demo.Generate(n, 5) {
		for j := range *u.Photos {
			(*u.Photos)[j].URL = strings.Replace((*u.Photos)[j].URL, "auto=format", "fm=jpg", 1)
		}
		u.CEP, u.PublishToPortals = storetest.Ptr(fmt.Sprintf("%08d", 10000000+i)), storetest.Ptr(true)
		if *u.VideoURL != "" && !strings.Contains(*u.VideoURL, "youtube") {
			u.VideoURL = storetest.Ptr("")
		}
		if _, err := st.CreateProperty(ctx, u); err != nil {
			b.Fatal(err)
		}
	}
	srv := New(Config{Store: st})
	h := srv.Handler()
	f, err := st.PortalFeedSecret(ctx)
	if err != nil {
		b.Fatal(err)
	}
	path := feedPrefix + f.Secret + ".xml"
	for b.Loop() {
		runtime.GC()
		w := &peakWriter{nullWriter: nullWriter{h: http.Header{}}, every: n / 10}
		w.stop = feedtest.HeapPeak()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		peak := max(w.stop(), w.early)
		if w.status != http.StatusOK || w.listings != n {
			b.Fatalf("status %d, %d listings, want 200 and %d", w.status, w.listings, n)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(w.early)/(1<<20), "peak-heap-first-5k-MB")
		b.ReportMetric(float64(w.n)/(1<<20), "body-MB")
	}
}

// peakWriter throws the body away, counting its listings, and notes the
// heap's peak over the first every listings.
type peakWriter struct {
	nullWriter
	tail            []byte
	every, listings int
	early           uint64
	stop            func() uint64
}

func (w *peakWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK // as net/http answers a body without WriteHeader
	}
	// A listing's tag may be cut between two writes: count over the end
	// of the previous one too.
	joined := append(w.tail, p...)
	w.listings += bytes.Count(joined, listingTag)
	w.tail = append(w.tail[:0], joined[max(0, len(joined)-len(listingTag)+1):]...)
	if w.early == 0 && w.listings >= w.every {
		w.early = w.stop()
		w.stop = feedtest.HeapPeak()
	}
	w.n += len(p)
	return len(p), nil
}

var listingTag = []byte("<Listing>")

// BenchmarkSearchCached is the public search answered from the cache
// through the whole handler, against a bare handler that writes a body of
// the same size.
func BenchmarkSearchCached(b *testing.B) {
	st, _ := benchStore(b, 300)
	cached := New(Config{Store: st, CacheBytes: 64 << 20})
	var paths []string
	for _, city := range []string{"florianopolis-sc", "sao-paulo-sp", "curitiba-pr"} {
		for _, business := range []string{"venda", "aluguel"} {
			for _, extra := range []string{"", "&bedrooms=2", "&subtype=apartamento", "&price_max=900000&bedrooms=1"} {
				paths = append(paths, "/api/v1/search?business="+business+"&city="+city+extra+"&per_page=24")
			}
		}
	}
	for _, p := range paths {
		serveOnce(cached.Handler(), p, nil)
	}
	b.Run("bare", func(b *testing.B) { serveBench(b, bareLike(cached.Handler(), paths[0]), paths, nil, http.StatusOK) })
	b.Run("cached", func(b *testing.B) { serveBench(b, cached.Handler(), paths, nil, http.StatusOK) })
}
