package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// feedAddress reads the feed's address from the admin API and returns
// its path.
func feedAddress(t *testing.T, s *httpapi.Stack) (path string, generation int64) {
	t.Helper()
	w := s.Admin("GET", "/api/admin/feeds/vrsync", nil)
	if w.Code != http.StatusOK {
		t.Fatalf("GET /api/admin/feeds/vrsync: %d %s", w.Code, w.Body)
	}
	var f struct {
		URL        string `json:"url"`
		Generation int64  `json:"generation"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(f.URL)
	if err != nil || !strings.HasPrefix(u.Path, "/feeds/vrsync/") || !strings.HasSuffix(u.Path, ".xml") {
		t.Fatalf("feed address %q", f.URL)
	}
	return u.Path, f.Generation
}

// listingIDs reads a feed's ListingIDs.
func listingIDs(t *testing.T, body []byte) []string {
	t.Helper()
	var doc struct {
		XMLName  xml.Name `xml:"http://www.vivareal.com/schemas/1.0/VRSync ListingDataFeed"`
		Listings []struct {
			ID string `xml:"ListingID"`
		} `xml:"Listings>Listing"`
	}
	if err := xml.Unmarshal(body, &doc); err != nil {
		t.Fatalf("not a VRSync feed: %v\n%s", err, body)
	}
	var ids []string
	for _, l := range doc.Listings {
		ids = append(ids, l.ID)
	}
	return ids
}

// giveAgencyEmail sets the agency, with the e-mail every feed needs
// (feed.CheckPublisher).
func giveAgencyEmail(t *testing.T, s *httpapi.Stack) {
	t.Helper()
	a := listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", Email: "contato@imobiliaria.example.com"}
	if _, err := s.Store.SetAgency(context.Background(), a); err != nil {
		t.Fatal(err)
	}
}

// readyUpdate makes a property that meets every rule of the portals, marked to
// publish.
func readyUpdate(title, code string) listing.PropertyUpdate {
	u := storetest.Apartment(title)
	u.Code = storetest.Ptr(code)
	u.Description = storetest.Ptr("Apartamento amplo e iluminado, com varanda integrada à sala, perto do comércio e da praia.")
	u.CEP = storetest.Ptr("88015-200")
	u.UsefulAreaM2 = &listing.NullFloat{Float: 80, Valid: true}
	photos := make([]listing.Photo, 6)
	for i := range photos {
		photos[i] = listing.Photo{URL: fmt.Sprintf("https://fotos.example.com/%s-%d.jpg", code, i), AltText: "Sala"}
	}
	u.Photos = &photos
	u.VideoURL = storetest.Ptr("")
	u.PublishToPortals = storetest.Ptr(true)
	return u
}

// TestFeedSecret checks the feed's address: made on the back office's
// first read, the feed there; a wrong secret answered exactly as an
// address the site does not have; a rotation whose old address is that
// 404 at once; the admin routes closed without a token.
func TestFeedSecret(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{}.Start(t)
	if _, err := s.Store.CreateProperty(context.Background(), readyUpdate("Apartamento pronto para os portais", "FEED-1")); err != nil {
		t.Fatal(err)
	}
	unknown := s.Call("GET", "/nao-existe", nil)
	if w := s.Call("GET", "/feeds/vrsync/qualquer.xml", nil); w.Code != http.StatusNotFound || w.Body.String() != unknown.Body.String() {
		t.Fatalf("before any address: %d", w.Code)
	}
	path, gen := feedAddress(t, s)
	if again, _ := feedAddress(t, s); again != path || gen != 1 {
		t.Fatalf("second read %s (generation %d), want %s", again, gen, path)
	}
	// No agency e-mail: the portal would refuse every listing, so none goes.
	w := s.Call("GET", path, nil)
	if w.Code != http.StatusOK || len(listingIDs(t, w.Body.Bytes())) != 0 || strings.Contains(w.Body.String(), "<Email>") {
		t.Fatalf("feed without the agency's e-mail: %d %s", w.Code, w.Body)
	}
	// No agency is set: the portals are given a neutral name, not the product's.
	if body := w.Body.String(); !strings.Contains(body, "<Provider>Imobiliária</Provider>") || strings.Contains(body, "Vitrine") {
		t.Errorf("the feed's provider before the agency is set:\n%s", body)
	}
	giveAgencyEmail(t, s)
	w = s.Call("GET", path, nil)
	if w.Code != http.StatusOK || !slices.Equal(listingIDs(t, w.Body.Bytes()), []string{"FEED-1"}) {
		t.Fatalf("feed: %d %s", w.Code, w.Body)
	}
	feedtest.Validate(t, w.Body.Bytes())
	secret := strings.TrimSuffix(strings.TrimPrefix(path, "/feeds/vrsync/"), ".xml")
	last := "0"
	if strings.HasSuffix(secret, last) {
		last = "1" // another digit: the same one would be the right address
	}
	for _, wrong := range []string{
		"/feeds/vrsync/" + secret[:len(secret)-1] + last + ".xml", "/feeds/vrsync/" + strings.ToUpper(secret) + ".xml",
		"/feeds/vrsync/" + secret, "/feeds/vrsync/" + secret + ".xml.gz", "/feeds/vrsync/.xml",
	} {
		w := s.Call("GET", wrong, nil)
		if w.Code != unknown.Code || w.Body.String() != unknown.Body.String() ||
			w.Header().Get("Content-Type") != unknown.Header().Get("Content-Type") || w.Header().Get("Etag") != "" {
			t.Errorf("GET %s: %d %v, want the unknown address's %d", wrong, w.Code, w.Header(), unknown.Code)
		}
	}
	rot := s.Admin("POST", "/api/admin/feeds/vrsync", nil)
	if rot.Code != http.StatusOK || !strings.Contains(rot.Body.String(), `"generation":2`) {
		t.Fatalf("rotate: %d %s", rot.Code, rot.Body)
	}
	if w := s.Call("GET", path, nil); w.Code != http.StatusNotFound || w.Body.String() != unknown.Body.String() {
		t.Errorf("the old address after rotation: %d", w.Code)
	}
	next, gen := feedAddress(t, s)
	if next == path || gen != 2 {
		t.Fatalf("after rotation %s (generation %d)", next, gen)
	}
	if w := s.Call("GET", next, nil); w.Code != http.StatusOK {
		t.Errorf("the new address: %d", w.Code)
	}
	for _, m := range []string{"GET", "POST"} {
		if w := s.BadInput().Call(m, "/api/admin/feeds/vrsync", nil); w.Code != http.StatusUnauthorized {
			t.Errorf("%s without a token: %d", m, w.Code)
		}
	}
}

// TestFeedCaching checks the feed's validators and forms: ETag and 304,
// Last-Modified and If-Modified-Since, gzip, HEAD; a catalogue write and
// a rotation change the validator.
func TestFeedCaching(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{}.Start(t)
	p, err := s.Store.CreateProperty(context.Background(), readyUpdate("Apartamento pronto para os portais", "FEED-1"))
	if err != nil {
		t.Fatal(err)
	}
	giveAgencyEmail(t, s)
	path, _ := feedAddress(t, s)
	w := s.Call("GET", path, nil)
	h := w.Header()
	etag, lastMod := h.Get("Etag"), h.Get("Last-Modified")
	if w.Code != http.StatusOK || h.Get("Content-Type") != "application/xml; charset=utf-8" || h.Get("Cache-Control") != "no-cache" ||
		!strings.HasPrefix(etag, `W/"`) || lastMod == "" || h.Get("X-Robots-Tag") != "noindex" || h.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("headers %v", h)
	}
	if w2 := s.Call("GET", path, nil); w2.Body.String() != w.Body.String() || w2.Header().Get("Etag") != etag {
		t.Error("the same version is not the same document")
	}
	if w := s.Call("GET", path, nil, "If-None-Match", etag); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d", w.Code)
	}
	if w := s.Call("GET", path, nil, "If-Modified-Since", lastMod); w.Code != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %d", w.Code)
	}
	if w := s.Call("GET", path, nil, "If-None-Match", `W/"autre"`, "If-Modified-Since", lastMod); w.Code != http.StatusOK {
		t.Errorf("If-None-Match that differs wins over If-Modified-Since: %d", w.Code)
	}
	gz := s.Call("GET", path, nil, "Accept-Encoding", "gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("Etag") != etag {
		t.Fatalf("gzip: %v", gz.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, w.Body.Bytes()) {
		t.Error("the gzip form is not the document")
	}
	head := s.Call("HEAD", path, nil)
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Etag") != etag || head.Header().Get("Last-Modified") != lastMod {
		t.Errorf("HEAD: %d %v", head.Code, head.Header())
	}
	if _, err := s.Store.UpdateProperty(context.Background(), p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Apartamento reformado e pronto")}); err != nil {
		t.Fatal(err)
	}
	after := s.Call("GET", path, nil, "If-None-Match", etag)
	if after.Code != http.StatusOK || after.Header().Get("Etag") == etag || !strings.Contains(after.Body.String(), "Apartamento reformado e pronto") {
		t.Errorf("after a write: %d, etag %s", after.Code, after.Header().Get("Etag"))
	}
	s.Admin("POST", "/api/admin/feeds/vrsync", nil)
	next, _ := feedAddress(t, s)
	if w := s.Call("GET", next, nil); w.Header().Get("Etag") == after.Header().Get("Etag") {
		t.Error("a rotation keeps the validator")
	}
}

// TestFeedNeverLimited checks that the portals' crawler is never refused:
// the feed is read many times from one address, under the tightest
// limits the server has, and always answered.
func TestFeedNeverLimited(t *testing.T) {
	t.Parallel()
	tight := httpapi.Rate{N: 1, Per: time.Hour}
	s := httpapi.Harness{Config: httpapi.Config{ContactLimit: tight, ContactAddressLimit: tight, AuthFailLimit: tight,
		SignInLimit: tight, WhatsAppClientLimit: tight, WhatsAppGlobalLimit: tight}}.Start(t)
	path, _ := feedAddress(t, s)
	for i := range 30 {
		w := s.From("203.0.113.7:4000", "GET", path, nil, "User-Agent", "VivaRealBot/1.0")
		if w.Code != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, w.Code)
		}
	}
	// Wrong secrets are not counted against the client either: they are
	// 404s, and the next good request is answered.
	for range 5 {
		s.From("203.0.113.7:4000", "GET", "/feeds/vrsync/0000.xml", nil)
	}
	if w := s.From("203.0.113.7:4000", "GET", path, nil); w.Code != http.StatusOK {
		t.Fatalf("after wrong secrets: %d", w.Code)
	}
}

// TestAdminPortalFields checks the admin property API's portal fields:
// publish_to_portals written and read (off for a new property), and
// portal_problems empty when the property is ready, else saying what it
// lacks; a list item carries the choice.
func TestAdminPortalFields(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{}.Start(t)
	var p struct {
		ID       string `json:"id"`
		Publish  bool   `json:"publish_to_portals"`
		Problems []struct {
			Field, Message string
		} `json:"portal_problems"`
	}
	body := map[string]any{"title": "Sala", "price": "100000", "type": "venda", "subtype": map[string]string{"name": "Sala comercial"},
		"city": map[string]string{"name": "Florianópolis", "state": "SC"}, "neighborhood": map[string]string{"name": "Centro"}}
	w := s.Admin("POST", "/api/admin/properties", body)
	if w.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", w.Code, w.Body)
	}
	json.Unmarshal(w.Body.Bytes(), &p)
	var fields []string
	for _, pr := range p.Problems {
		fields = append(fields, pr.Field)
	}
	if p.Publish || !slices.Equal(fields, []string{"agency.email", "title", "description", "useful_area_m2", "photos"}) {
		t.Fatalf("new property: publish %v, problems %+v", p.Publish, p.Problems)
	}
	giveAgencyEmail(t, s)
	u := readyUpdate("Sala comercial pronta para os portais", "SALA-1")
	photos := []map[string]string{}
	for _, ph := range *u.Photos {
		photos = append(photos, map[string]string{"url": ph.URL})
	}
	w = s.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"title": *u.Title, "description": *u.Description,
		"cep": "88015-200", "useful_area_m2": 80, "photos": photos, "publish_to_portals": true})
	if w.Code != http.StatusOK {
		t.Fatalf("update: %d %s", w.Code, w.Body)
	}
	p.Problems = nil
	json.Unmarshal(w.Body.Bytes(), &p)
	if !p.Publish || len(p.Problems) != 0 || !strings.Contains(w.Body.String(), `"portal_problems":[]`) {
		t.Fatalf("ready property: publish %v, problems %+v", p.Publish, p.Problems)
	}
	// The read can be sent back as it is.
	if w := s.Admin("PUT", "/api/admin/properties/"+p.ID, json.RawMessage(w.Body.Bytes())); w.Code != http.StatusOK {
		t.Fatalf("sending the read back: %d %s", w.Code, w.Body)
	}
	if w := s.Admin("GET", "/api/admin/properties", nil); !strings.Contains(w.Body.String(), `"publish_to_portals":true`) {
		t.Errorf("list: %s", w.Body)
	}
}

// checkCatalogueFeed stores the catalogue, every property marked to
// publish, and checks the feed: valid against the VRSync XML Schema, and
// listing exactly the active properties that feed.Check finds ready.
func checkCatalogueFeed(t *testing.T, dialect string, us []listing.PropertyUpdate) int {
	t.Helper()
	s := httpapi.Harness{Dialect: dialect, Solo: true}.Start(t)
	ctx := context.Background()
	var want []string
	for _, u := range us {
		u.PublishToPortals = storetest.Ptr(true)
		p, err := s.Store.CreateProperty(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		if p.IsActive && len(feed.Check(p)) == 0 {
			want = append(want, p.Code)
		}
	}
	giveAgencyEmail(t, s)
	path, _ := feedAddress(t, s)
	w := s.Call("GET", path, nil)
	if w.Code != http.StatusOK {
		t.Fatalf("feed: %d %s", w.Code, w.Body)
	}
	feedtest.Validate(t, w.Body.Bytes())
	got := listingIDs(t, w.Body.Bytes())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("feed lists %d: %v\nwant %d: %v", len(got), got, len(want), want)
	}
	return len(got)
}

// TestFeedOfDemo checks, on both databases, the feed of the
// demonstration catalogue through the handler: as it is stored (its
// photos are uploaded after the start, so no listing has the portals'
// minimum of photos yet) and with six JPEG photos each, as once its
// uploads are processed; each valid VRSync, each listing exactly what
// feed.Check finds ready. The feed of 1,000 generated properties is
// checked at the store's level, in the feed package
// (TestFeedOfGeneratedCatalogue), to keep this package's run short.
func TestFeedOfDemo(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			if n := checkCatalogueFeed(t, d, demo.Catalogue()); n != 0 {
				t.Errorf("%d demonstration properties listed before they have photos", n)
			}
			us := demo.Catalogue()
			for i := range us {
				photos := make([]listing.Photo, 6)
				for j := range photos {
					photos[j] = listing.Photo{URL: fmt.Sprintf("https://fotos.example.com/%d/%d.jpg", i, j), AltText: "Foto"}
				}
				us[i].Photos = &photos
			}
			if n := checkCatalogueFeed(t, d, us); n == 0 {
				t.Error("no demonstration property is ready with JPEG photos")
			}
		})
	}
}

// TestAdminPortals checks the Portais page's read: the counts, the
// blocked property with its reason, the agency's missing e-mail holding
// every listing back, and the crawler's last read, recorded from its
// User-Agent only (a browser's read is not one).
func TestAdminPortals(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{}.Start(t)
	ctx := context.Background()
	if _, err := s.Store.CreateProperty(ctx, readyUpdate("Apartamento pronto para os portais", "PORT-1")); err != nil {
		t.Fatal(err)
	}
	few := readyUpdate("Apartamento com poucas fotos", "PORT-2")
	photos := (*few.Photos)[:2]
	few.Photos = &photos
	blocked, err := s.Store.CreateProperty(ctx, few)
	if err != nil {
		t.Fatal(err)
	}
	type page struct {
		Candidates, Listed int
		AgencyProblems     []struct{ Field, Message string } `json:"agency_problems"`
		Blocked            []struct {
			ID, Title string
			Code      *string
			Problems  []struct{ Field, Message string }
		}
		Crawlers []struct {
			Name       string
			LastReadAt *time.Time `json:"last_read_at"`
		}
	}
	read := func() page {
		t.Helper()
		w := s.Admin("GET", "/api/admin/portals", nil)
		if w.Code != http.StatusOK {
			t.Fatalf("portals: %d %s", w.Code, w.Body)
		}
		return decodeJSON[page](t, "portals", w)
	}
	p := read()
	if p.Candidates != 2 || p.Listed != 0 || len(p.AgencyProblems) != 1 || p.AgencyProblems[0].Field != "agency.email" {
		t.Fatalf("without the agency's e-mail: %+v", p)
	}
	giveAgencyEmail(t, s)
	path, _ := feedAddress(t, s)
	s.From("203.0.113.7:4000", "GET", path, nil, "User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131")
	p = read()
	if p.Listed != 1 || len(p.AgencyProblems) != 0 || len(p.Blocked) != 1 || p.Blocked[0].ID != blocked.ID ||
		p.Blocked[0].Code == nil || *p.Blocked[0].Code != "PORT-2" || p.Blocked[0].Problems[0].Field != "photos" {
		t.Fatalf("with the agency's e-mail: %+v", p)
	}
	if len(p.Crawlers) != 1 || p.Crawlers[0].Name != "grupozap" || p.Crawlers[0].LastReadAt != nil {
		t.Fatalf("crawlers after a browser's read: %+v", p.Crawlers)
	}
	before := time.Now().Add(-time.Second)
	if w := s.From("203.0.113.7:4000", "GET", path, nil, "User-Agent", "VivaRealBot/1.0"); w.Code != http.StatusOK {
		t.Fatalf("crawler's read: %d", w.Code)
	}
	if c := read().Crawlers[0]; c.LastReadAt == nil || c.LastReadAt.Before(before) {
		t.Errorf("crawler after its read: %+v", c)
	}
}
