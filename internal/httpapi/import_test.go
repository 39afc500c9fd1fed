package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// importLines decodes an import's NDJSON answer: the listings' lines and
// the last one.
func importLines(t *testing.T, body string) (results []map[string]any, end map[string]any) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	for i, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %d is not JSON: %q", i+1, l)
		}
		if i == len(lines)-1 {
			return results, v
		}
		results = append(results, v)
	}
	return results, nil
}

// gate is a request body that blocks its first read until it is opened,
// and says when that read began.
type gate struct {
	reading chan struct{}
	open    chan struct{}
	once    sync.Once
	body    io.Reader
}

func (g *gate) Read(p []byte) (int, error) {
	g.once.Do(func() { close(g.reading); <-g.open })
	return g.body.Read(p)
}

// TestAdminImportVRSync checks the back office's import on both
// databases: authentication, the query and the content type checked, a
// file refused before any line (422) and over the cap by its
// Content-Length (413) with nothing written; a dry run that writes
// nothing; the import, a line per listing then the totals; the second
// run unchanged; and a second import while one runs, 409.
func TestAdminImportVRSync(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("..", "feed", "testdata", "import", "valid.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			const path = "/api/admin/imports/vrsync"
			xml := []string{"Content-Type", "application/xml"}
			if w := ps.BadInput().Call(http.MethodPost, path+"?photos=link", fixture, xml...); w.Code != http.StatusUnauthorized {
				t.Errorf("no token: %d", w.Code)
			}
			bad := ps.BadInput()
			if w := bad.Admin(http.MethodPost, path, fixture); w.Code != http.StatusUnsupportedMediaType {
				t.Errorf("JSON content type: %d %s", w.Code, w.Body)
			}
			if w := bad.Admin(http.MethodPost, path+"?dry_run=sim", fixture, xml...); w.Code != http.StatusUnprocessableEntity ||
				!strings.Contains(w.Body.String(), "dry_run") {
				t.Errorf("dry_run=sim: %d %s", w.Code, w.Body)
			}
			w := bad.Admin(http.MethodPost, path, `<rss version="2.0"><channel/></rss>`, xml...)
			if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "outro formato") ||
				w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("RSS: %d %s %s", w.Code, w.Header().Get("Content-Type"), w.Body)
			}
			// A valid file whose Content-Length says more than 100 MB is
			// refused by it, before it is read.
			r := httpapi.NewRequest(t, http.MethodPost, path+"?photos=link", fixture, "Authorization", "Bearer "+ps.Token, "Content-Type", "application/xml")
			r.ContentLength = httpapi.MaxImportBytes + 1
			if w := bad.Serve(r); w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "100 MB") {
				t.Errorf("over 100 MB: %d %s", w.Code, w.Body)
			}
			if n, _ := ps.Counts(); n != 0 {
				t.Fatalf("refused files wrote %d properties", n)
			}

			w = ps.Admin(http.MethodPost, path+"?dry_run=true&photos=link", fixture, xml...)
			results, end := importLines(t, w.Body.String())
			if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/x-ndjson" || len(results) != 2 ||
				results[0]["action"] != "created" || end["dry_run"] != true || end["done"] != true {
				t.Fatalf("dry run: %d %s", w.Code, w.Body)
			}
			if n, _ := ps.Counts(); n != 0 {
				t.Fatalf("the dry run wrote %d properties", n)
			}
			w = ps.Admin(http.MethodPost, path+"?photos=link", fixture, "Content-Type", "text/xml; charset=utf-8")
			results, end = importLines(t, w.Body.String())
			if w.Code != http.StatusOK || len(results) != 2 || results[1]["listing_id"] != "OUT-2" || results[1]["action"] != "created" ||
				end["totals"].(map[string]any)["created"] != float64(2) {
				t.Fatalf("import: %d %s", w.Code, w.Body)
			}
			if n, _ := ps.Counts(); n != 2 {
				t.Errorf("%d properties after the import", n)
			}
			w = ps.Admin(http.MethodPost, path+"?photos=link", fixture, xml...)
			if results, end = importLines(t, w.Body.String()); end["totals"].(map[string]any)["unchanged"] != float64(2) {
				t.Errorf("second run: %s", w.Body)
			}
			// An unchanged listing changes nothing: an empty list, as the
			// document says, never null (the back office reads its length).
			for _, r := range results {
				if c, ok := r["changes"].([]any); !ok || len(c) != 0 {
					t.Errorf("second run, %v: changes %#v, want []", r["listing_id"], r["changes"])
				}
			}

			// One import at a time: the first waits in its upload. It is
			// served by the server's own handler, since the document's
			// checker reads a body before the handler does.
			g := &gate{reading: make(chan struct{}), open: make(chan struct{}), body: strings.NewReader(string(fixture))}
			first := httpapi.NewRequest(t, http.MethodPost, path+"?photos=link&dry_run=true", nil,
				"Authorization", "Bearer "+ps.Token, "Content-Type", "application/xml")
			first.Body, first.ContentLength = io.NopCloser(g), int64(len(fixture))
			first = first.WithContext(context.WithValue(first.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8080}))
			done := make(chan int)
			go func() {
				rec := httptest.NewRecorder()
				ps.Server.Handler().ServeHTTP(rec, first)
				done <- rec.Code
			}()
			<-g.reading
			w = ps.Admin(http.MethodPost, path+"?photos=link", fixture, xml...)
			close(g.open)
			if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "importação em andamento") {
				t.Errorf("concurrent import: %d %s", w.Code, w.Body)
			}
			if code := <-done; code != http.StatusOK {
				t.Errorf("the first import: %d", code)
			}
		})
	}
}

// TestAdminImportVRSyncOverTheNetwork: over a real connection (the
// answer streamed, flushed line by line), a client decodes the NDJSON
// line by line: a line per listing, in the file's order, then the last.
func TestAdminImportVRSyncOverTheNetwork(t *testing.T) {
	t.Parallel()
	fixture, err := os.ReadFile(filepath.Join("..", "feed", "testdata", "import", "valid.xml"))
	if err != nil {
		t.Fatal(err)
	}
	s := httpapi.Harness{Network: true}.Start(t)
	r := httpapi.NewRequest(t, http.MethodPost, s.Net.URL+"/api/admin/imports/vrsync?dry_run=true&photos=link", fixture,
		"Authorization", "Bearer "+s.Token, "Content-Type", "application/xml")
	res, err := s.Net.Client().Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	dec := json.NewDecoder(res.Body)
	var ids []string
	for dec.More() {
		var line map[string]any
		if err := dec.Decode(&line); err != nil {
			t.Fatal(err)
		}
		if id, ok := line["listing_id"].(string); ok {
			ids = append(ids, id)
		} else if line["done"] != true {
			t.Errorf("last line %v", line)
		}
	}
	if strings.Join(ids, ",") != "OUT-1,OUT-2" {
		t.Errorf("lines for %v", ids)
	}
}

// TestAdminImportVRSyncRefusesDeepNesting: on both databases, a file of
// 4 million nested elements (28 MB, made as it is sent), outside the
// listings or inside one, is answered 422 with the reason in JSON and
// nothing written. The endpoint spools the body to disk before reading
// it, so the whole body is taken; what stays bounded is the memory: the
// request allocates little in all (gigabytes when the decoder kept the
// open elements). A small one goes through the API document's check.
// Not parallel, so that the allocations counted are this request's.
func TestAdminImportVRSyncRefusesDeepNesting(t *testing.T) {
	const path = "/api/admin/imports/vrsync?photos=link"
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			s := httpapi.Harness{Dialect: d}.Start(t)
			for name, where := range map[string]feedtest.Where{"outside the listings": feedtest.InHeader, "in a listing": feedtest.InListing} {
				doc := feedtest.Nested(where, 4_000_000)
				r := httpapi.NewRequest(t, http.MethodPost, path, nil, "Authorization", "Bearer "+s.Token, "Content-Type", "application/xml")
				r.Body, r.ContentLength = io.NopCloser(doc), doc.Size()
				r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8080}))
				// The document's checker would hold the body in memory:
				// the server's own handler is called.
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				w := httptest.NewRecorder()
				s.Server.Handler().ServeHTTP(w, r)
				runtime.ReadMemStats(&after)
				var body struct{ Error string }
				if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != http.StatusUnprocessableEntity ||
					!strings.Contains(body.Error, "aninhados em mais de 32 níveis") {
					t.Errorf("%s, %d MB: %d %s", name, doc.Size()>>20, w.Code, w.Body)
				}
				if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
					t.Errorf("%s: %d MB allocated for a %d MB file", name, alloc>>20, doc.Size()>>20)
				}
			}
			small, err := io.ReadAll(feedtest.Nested(feedtest.InListing, 1000))
			if err != nil {
				t.Fatal(err)
			}
			if w := s.BadInput().Admin(http.MethodPost, path, small, "Content-Type", "application/xml"); w.Code != http.StatusUnprocessableEntity ||
				!strings.Contains(w.Body.String(), "32 níveis") {
				t.Errorf("checked: %d %s", w.Code, w.Body)
			}
			if n, _ := s.Counts(); n != 0 {
				t.Errorf("refused files wrote %d properties", n)
			}
		})
	}
}
