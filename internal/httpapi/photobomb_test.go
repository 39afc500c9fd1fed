package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/imaging"
	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// The words of the refusals of the penetration test's photo bombs.
var (
	msgTooMuchMemory = "Esta foto exigiria memória demais para ser processada. Salve-a como JPEG comum (RGB, não progressivo) ou com menos megapixels e envie de novo."
	msgTooManyScans  = fmt.Sprintf("Esta foto JPEG foi gravada em camadas demais (mais de %d) e levaria tempo demais para ser processada. Salve-a de novo como JPEG comum e envie outra vez.", imaging.MaxScans)
)

// photoBombs are the crafted files of the penetration test, with the
// words of their refusal: a 50 MP progressive CMYK JPEG (its decode took
// 1.20 GB) and a progressive JPEG of some 600 scans (its decode held the
// worker for 19.4 s).
var photoBombs = []struct {
	name string
	file imagingtest.JPEG
	msg  string
}{
	{"CMYK 50 MP progressive", imagingtest.CMYKBomb, msgTooMuchMemory},
	{"600 scans", imagingtest.ScanBomb, msgTooManyScans},
}

// bombRefusalBound is how long refusing a bomb may take: its headers are
// read, never its pixels, whose decode takes seconds (the scan bomb's,
// 19.4 s); generous for a loaded machine and the race detector.
const bombRefusalBound = 3 * time.Second

// TestPhotoBombsRefusedOnUpload: on both databases, the bombs uploaded by
// staff are answered 422 with the reason in pt-BR under "file", from
// their headers (quickly, nothing stored, nothing queued for a worker).
func TestPhotoBombsRefusedOnUpload(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Casa da bomba", "casa-da-bomba")
			photos, files := ps.photos(t, p.ID), ps.files(t)
			bad := ps.BadInput() // the document cannot state what a file holds
			for _, b := range photoBombs {
				src := b.file.Bytes()
				if len(src) >= testMaxBytes {
					t.Fatalf("%s: %d bytes, over the upload limit: the test would not reach the check", b.name, len(src))
				}
				body, ct := multipartForm(t, field("alt_text", "Sala"), file("sala.jpg", "image/jpeg", src))
				start := time.Now()
				w := bad.Admin("POST", "/api/admin/properties/"+p.ID+"/photos", body, "Content-Type", ct)
				took := time.Since(start)
				wantDetailMsg(t, b.name, w, "file", b.msg)
				if took > bombRefusalBound {
					t.Errorf("%s (%d KB): refused in %v, over %v: it was decoded", b.name, len(src)>>10, took, bombRefusalBound)
				}
				t.Logf("%s (%d KB): 422 in %v", b.name, len(src)>>10, took)
				ps.nothingStored(t, b.name, p.ID, photos, files)
				if n := ps.processAll(t); n != 0 {
					t.Errorf("%s: %d images queued for the workers", b.name, n)
				}
			}
		})
	}
}

// TestImportedPhotoBombsRefused: on both databases, a feed imported with
// its photos fetched (the default) whose photo addresses serve the bombs:
// the import fetches each, refuses it from its headers with the reason in
// the listing's warnings, and keeps the photo as the external address it
// was (nothing stored, nothing queued), quickly.
func TestImportedPhotoBombsRefused(t *testing.T) {
	t.Parallel()
	fixture, err := os.ReadFile(filepath.Join("..", "feed", "testdata", "import", "valid.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			// The photo server is on loopback, which Fetch refuses by
			// default: the transport is the tests' seam.
			ps := newPhotoStackWith(t, d, media.Config{Transport: http.DefaultTransport})
			var mu sync.Mutex
			hits := map[string]int{}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				// The fixture's OUT-1 names 1.jpg, 2.jpg and missing.jpg.
				bombs := map[string]imagingtest.JPEG{"/photos/1.jpg": photoBombs[0].file, "/photos/2.jpg": photoBombs[1].file}
				b, ok := bombs[r.URL.Path]
				if !ok {
					http.NotFound(w, r)
					return
				}
				mu.Lock()
				hits[r.URL.Path]++
				mu.Unlock()
				w.Header().Set("Content-Type", "image/jpeg")
				w.Write(b.Bytes())
			}))
			t.Cleanup(srv.Close)
			doc := strings.ReplaceAll(string(fixture), "http://photos.test", srv.URL)
			files := ps.files(t)

			start := time.Now()
			w := ps.Admin(http.MethodPost, "/api/admin/imports/vrsync", doc, "Content-Type", "application/xml")
			took := time.Since(start)
			results, end := importLines(t, w.Body.String())
			if w.Code != http.StatusOK || len(results) != 2 || end["done"] != true {
				t.Fatalf("import: %d %s", w.Code, w.Body)
			}
			r := results[0]
			if r["listing_id"] != "OUT-1" || r["action"] != "created" || r["photos_fetched"] != float64(0) {
				t.Fatalf("OUT-1: %v, want created with no photo fetched", r)
			}
			mu.Lock()
			served := fmt.Sprint(hits)
			mu.Unlock()
			if served != "map[/photos/1.jpg:1 /photos/2.jpg:1]" {
				t.Fatalf("the photo server served %s, want each bomb once", served)
			}
			warnings := fmt.Sprint(r["warnings"])
			for i, b := range photoBombs {
				want := fmt.Sprintf("a foto %s/photos/%d.jpg não foi baixada (%s): ficou como endereço externo",
					srv.URL, i+1, strings.TrimSuffix(b.msg, "."))
				if !strings.Contains(warnings, want) {
					t.Errorf("%s: the warnings say %s, want %q", b.name, warnings, want)
				}
			}
			if took > 3*bombRefusalBound {
				t.Errorf("the import took %v: a bomb was decoded", took)
			}
			t.Logf("import with both bombs: %v", took)

			photos := ps.photos(t, r["property_id"].(string))
			if len(photos) != 3 {
				t.Fatalf("OUT-1 has %d photos, want 3: %+v", len(photos), photos)
			}
			for _, ph := range photos {
				if ph.Source != "url" || ph.URL == nil || !strings.HasPrefix(*ph.URL, srv.URL+"/photos/") || ph.Srcset != nil {
					t.Errorf("OUT-1's photo %+v, want an external address on the photo server", ph)
				}
			}
			if got := ps.files(t); len(got) != len(files) {
				t.Errorf("the import stored %v", got)
			}
			if n := ps.processAll(t); n != 0 {
				t.Errorf("%d images queued for the workers", n)
			}
		})
	}
}
