package feed_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// photoServer serves small distinct JPEGs at /photos/<n>.jpg (a 404 for
// /photos/missing.jpg) and counts the requests.
type photoServer struct {
	*httptest.Server
	hits atomic.Int64
}

func newPhotoServer(t *testing.T) *photoServer {
	ps := &photoServer{}
	ps.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ps.hits.Add(1)
		var n int
		if _, err := fmt.Sscanf(r.URL.Path, "/photos/%d.jpg", &n); err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write(smallJPEG(t, n))
	}))
	t.Cleanup(ps.Close)
	return ps
}

// smallJPEG is photo n: a JPEG of 64 × 48, different for each n.
func smallJPEG(t testing.TB, n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{uint8(n * 37), uint8(x*4 + n), uint8(y*5 + n/7), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// env is a database with its media service and an importer on it.
type env struct {
	st    *store.Store
	media *media.Service
	im    *feed.Importer
}

func newEnv(t *testing.T, d string) *env { return newEnvAt(t, d, store.Options{}) }

func newEnvAt(t *testing.T, d string, opts store.Options) *env {
	st := storetest.Open(t, d, opts)
	files, err := blob.OpenDir(filepath.Join(t.TempDir(), "media"))
	if err != nil {
		t.Fatal(err)
	}
	// The tests' photo servers are on loopback, which Fetch refuses by
	// default (TestImportRefusesPrivateAddresses).
	m := media.New(media.Config{Catalog: st, Files: files, Transport: http.DefaultTransport})
	return &env{st: st, media: m, im: &feed.Importer{Catalog: st, Photos: m}}
}

// importDoc imports doc and returns the results by ListingID and the
// totals, or the file's refusal.
func (e *env) importDoc(t *testing.T, doc []byte, opt feed.ImportOptions) (map[string]feed.Result, feed.Totals, error) {
	t.Helper()
	f, err := feed.Spool(bytes.NewReader(doc), int64(len(doc)), opt.Limits.MaxBytes, t.TempDir())
	if err != nil {
		return nil, feed.Totals{}, err
	}
	defer f.Close()
	out := map[string]feed.Result{}
	tot, err := e.im.Import(context.Background(), f, opt, func(r feed.Result) error {
		out[r.ListingID] = r
		return nil
	})
	return out, tot, err
}

// processAll makes the variants of every image waiting, as the media
// workers do.
func (e *env) processAll(t *testing.T) {
	t.Helper()
	for {
		worked, err := e.media.ProcessNext(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !worked {
			return
		}
	}
}

// feedOf writes the feed of st as the server does.
func feedOf(t *testing.T, st *store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	x := feed.NewWriter(&b, publisher, fixedTime)
	err := st.EachPortalProperty(context.Background(), func(p listing.Property) error {
		_, err := x.Add(p)
		return err
	})
	if err != nil || x.Close() != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// demoWithPhotos loads the demo catalogue into st, every property marked
// to publish, with six JPEG photos on ps (a property's photos distinct
// from the others').
func demoWithPhotos(t *testing.T, st *store.Store, ps *photoServer) {
	t.Helper()
	ctx := context.Background()
	if _, err := demo.Load(ctx, st); err != nil {
		t.Fatal(err)
	}
	page, err := st.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range page.Items {
		photos := make([]listing.Photo, 6)
		for k := range photos {
			photos[k] = listing.Photo{URL: fmt.Sprintf("%s/photos/%d.jpg", ps.URL, i*6+k), AltText: fmt.Sprintf("Foto %d", k)}
		}
		if _, err := st.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &photos, PublishToPortals: storetest.Ptr(true)}); err != nil {
			t.Fatal(err)
		}
	}
}

func catalogState(t *testing.T, st *store.Store) (version int64, total int) {
	t.Helper()
	v, err := st.CatalogVersion(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	page, err := st.Properties(context.Background(), store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 1})
	if err != nil {
		t.Fatal(err)
	}
	return v, page.Total
}

var (
	itemRE    = regexp.MustCompile(`(<Item medium="image"[^>]*>)[^<]*(</Item>)`)
	publishRE = regexp.MustCompile(`<PublishDate>[^<]*</PublishDate>`)
)

// normalise makes two feeds of one catalogue comparable: a photo's
// address names where its file is hosted (the photo server for the first
// feed, the second database's media, under a name made from a new
// file's content, for the second) and is replaced by "photo"; its
// caption, place and primary mark stay. PublishDate is when the feed was
// written.
func normalise(doc []byte) string {
	s := itemRE.ReplaceAllString(string(doc), "${1}photo${2}")
	return publishRE.ReplaceAllString(s, "<PublishDate/>")
}

// TestImportRoundTrip exports the demo catalogue, its photos uploaded to
// the first database's media and served by it, imports the feed into an
// empty database fetching the photos from there, makes their variants
// and exports again: the two feeds are the same but for the photos'
// addresses and the PublishDate (see normalise). Importing the first
// feed into the database that wrote it changes nothing and fetches
// nothing (Apartamento duplex and Sacada keep their names though the
// portals' values map back to Apartamento and Varanda).
func TestImportRoundTrip(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			var first *env
			var hits atomic.Int64
			mux := http.NewServeMux()
			mux.HandleFunc("GET /media/{name}", func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				first.media.ServeHTTP(w, r)
			})
			srv := httptest.NewServer(mux)
			t.Cleanup(srv.Close)
			first = newEnvAt(t, d, store.Options{MediaURL: srv.URL + "/media/"})
			if _, err := demo.Load(ctx, first.st); err != nil {
				t.Fatal(err)
			}
			page, err := first.st.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 100})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range page.Items {
				for k := range 6 {
					if _, err := first.media.Upload(ctx, p.ID, bytes.NewReader(smallJPEG(t, i*6+k)), fmt.Sprintf("Foto %d", k), listing.Actor{}); err != nil {
						t.Fatal(err)
					}
				}
				u := listing.PropertyUpdate{PublishToPortals: storetest.Ptr(true)}
				if p.Code == "FLN-101" {
					// A subtype and an amenity that map to the portal
					// values of others: the import must keep them.
					u.Subtype = &listing.Subtype{Name: "Apartamento duplex"}
					u.Amenities = &[]listing.Amenity{{Name: "Sacada", Group: listing.GroupFeature},
						{Name: "Terraço", Group: listing.GroupFeature}, {Name: "Piscina", Group: listing.GroupLeisure}}
				}
				if _, err := first.st.UpdateProperty(ctx, p.ID, u); err != nil {
					t.Fatal(err)
				}
			}
			first.processAll(t)
			doc := feedOf(t, first.st)
			feedtest.Validate(t, doc)
			n := strings.Count(string(doc), "<Listing>")
			if n < 5 || strings.Count(string(doc), `<Item medium="image"`) != 6*n ||
				strings.Count(string(doc), ">"+srv.URL+"/media/") != 6*n {
				t.Fatalf("the demo's feed has %d listings, want most of the catalogue, each with its 6 photos on the first media:\n%s", n, doc)
			}

			second := newEnv(t, d)
			res, tot, err := second.importDoc(t, doc, feed.ImportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tot.Created != n || tot.Listings != n || tot.PhotosFetched != 6*n || hits.Load() != int64(6*n) {
				t.Fatalf("totals %+v, %d fetches; want %d listings created and %d photos fetched; %+v", tot, hits.Load(), n, 6*n, res)
			}
			second.processAll(t)
			again := feedOf(t, second.st)
			if a, b := normalise(doc), normalise(again); a != b {
				t.Errorf("the feeds differ:\nfirst:  %s\nsecond: %s", a, b)
			}

			// The first feed into its own database: nothing changes.
			v0, _ := catalogState(t, first.st)
			hits.Store(0)
			res, tot, err = first.importDoc(t, doc, feed.ImportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tot.Unchanged != tot.Listings {
				t.Errorf("own feed: %+v; %+v", tot, res)
			}
			if v, _ := catalogState(t, first.st); v != v0 || hits.Load() != 0 {
				t.Errorf("own feed: version %d → %d, %d photos fetched", v0, v, hits.Load())
			}
		})
	}
}

// TestImportDryRunAndIdempotence: a dry run reports every listing
// created and the photos it would fetch, and fetches and writes nothing;
// the real run creates them; a second run reports every listing
// unchanged and writes and fetches nothing (no version bump, no
// updated_at moved). A changed price is one update, of that listing only.
func TestImportDryRunAndIdempotence(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoServer(t)
			src := newEnv(t, d)
			demoWithPhotos(t, src.st, ps)
			doc := feedOf(t, src.st)
			n := strings.Count(string(doc), "<Listing>")
			hits := ps.hits.Load()

			e := newEnv(t, d)
			v0, total0 := catalogState(t, e.st)
			res, tot, err := e.importDoc(t, doc, feed.ImportOptions{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			if tot.Created != n || tot.PhotosFetched != 6*n {
				t.Errorf("dry run: %+v, want %d created and %d photos to fetch", tot, n, 6*n)
			}
			for id, r := range res {
				if r.PropertyID != nil || len(r.Changes) == 0 || !contains(r.Changes, "title") {
					t.Errorf("dry run %s: %+v", id, r)
				}
			}
			if v, total := catalogState(t, e.st); v != v0 || total != total0 || ps.hits.Load() != hits {
				t.Fatalf("the dry run wrote: version %d → %d, %d → %d properties, %d fetches", v0, v, total0, total, ps.hits.Load()-hits)
			}

			if _, tot, err = e.importDoc(t, doc, feed.ImportOptions{}); err != nil || tot.Created != n {
				t.Fatalf("import: %+v, %v", tot, err)
			}
			v1, _ := catalogState(t, e.st)
			before := updatedAts(t, e.st)
			hits = ps.hits.Load()
			res, tot, err = e.importDoc(t, doc, feed.ImportOptions{})
			if err != nil || tot.Unchanged != n {
				t.Fatalf("second run: %+v, %v; %+v", tot, err, res)
			}
			if v, _ := catalogState(t, e.st); v != v1 || ps.hits.Load() != hits {
				t.Errorf("the second run wrote: version %d → %d, %d fetches", v1, v, ps.hits.Load()-hits)
			}
			if after := updatedAts(t, e.st); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("updated_at moved:\n%v\n%v", before, after)
			}

			// One price changed in the file: that listing is updated, its
			// photos kept; the others are unchanged.
			changed := strings.Replace(string(doc), `<ListPrice currency="BRL">1890000</ListPrice>`, `<ListPrice currency="BRL">1750000</ListPrice>`, 1)
			if changed == string(doc) {
				t.Fatal("FLN-101's price is not in the feed")
			}
			res, tot, err = e.importDoc(t, []byte(changed), feed.ImportOptions{})
			if err != nil || tot.Updated != 1 || tot.Unchanged != n-1 || tot.PhotosFetched != 0 {
				t.Fatalf("changed price: %+v, %v", tot, err)
			}
			if r := res["FLN-101"]; r.Action != feed.Updated || fmt.Sprint(r.Changes) != "[price]" {
				t.Errorf("FLN-101: %+v", r)
			}
			p, err := e.st.Property(context.Background(), *res["FLN-101"].PropertyID)
			if err != nil || p.Price != 175000000 || len(p.Photos) != 6 {
				t.Errorf("FLN-101 stored: price %v, %d photos, %v", p.Price, len(p.Photos), err)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func updatedAts(t *testing.T, st *store.Store) map[string]time.Time {
	t.Helper()
	page, err := st.Properties(context.Background(), store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]time.Time{}
	for _, p := range page.Items {
		out[p.Code] = p.UpdatedAt
	}
	return out
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "import", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportFixturesAreValidVRSync: the fixtures meant to be valid are
// valid against the schema, as the portals' own files would be.
func TestImportFixturesAreValidVRSync(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"valid.xml"} {
		feedtest.Validate(t, fixture(t, name))
	}
}

// TestImportListings checks, on both databases, a file of another
// vendor's making: values mapped back (prices with centavos, a CEP
// without its hyphen, a primary photo that is not the first, a
// Complement), an unknown Feature warned about and kept as an amenity of
// its own name, a photo that
// answers 404 kept as an external address with a warning; and listings
// with invalid values refused with their elements named, the others
// imported.
func TestImportListings(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoServer(t)
			e := newEnv(t, d)
			doc := strings.ReplaceAll(string(fixture(t, "valid.xml")), "http://photos.test", ps.URL)
			doc = strings.Replace(doc, "<Feature>Pool</Feature>", "<Feature>Pool</Feature><Feature>Castle Moat</Feature>", 1)
			doc = strings.Replace(doc, "</Listings>", string(fixture(t, "invalid-listings.xml"))+"</Listings>", 1)
			// A listing the validation refuses, with a photo: a dry run does
			// not count it among the photos it would fetch.
			doc = strings.Replace(doc, "<ListingID>BAD-CEP</ListingID>",
				`<ListingID>BAD-CEP</ListingID><Media><Item medium="image">`+ps.URL+`/photos/9.jpg</Item></Media>`, 1)
			dry, _, err := e.importDoc(t, []byte(doc), feed.ImportOptions{DryRun: true})
			if r := dry["BAD-CEP"]; err != nil || r.Action != feed.Refused || r.PhotosFetched != 0 {
				t.Errorf("dry run, BAD-CEP: %+v, %v; want refused, no photo to fetch", r, err)
			}
			res, tot, err := e.importDoc(t, []byte(doc), feed.ImportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tot.Created != 2 || tot.Refused != 4 {
				t.Errorf("totals %+v", tot)
			}
			for id, want := range map[string]string{
				"BAD-BUSINESS": `TransactionType: tipo de negócio "For Swap" desconhecido`,
				"BAD-PRICE":    `Details/ListPrice: "1.200.000" não é um valor em reais`,
				"BAD-TITLE":    `Title: Deve ter no máximo 200 caracteres`,
				"BAD-CEP":      `Location/PostalCode: Informe o CEP com 8 dígitos`,
			} {
				r := res[id]
				if r.Action != feed.Refused || !strings.Contains(fmt.Sprint(r.Problems), strings.SplitN(want, ": ", 2)[1]) ||
					!strings.Contains(fmt.Sprint(r.Problems), strings.SplitN(want, ": ", 2)[0]) {
					t.Errorf("%s: %+v, want refused with %s", id, r, want)
				}
			}
			r := res["OUT-1"]
			if r.Action != feed.Created || r.PhotosFetched != 2 {
				t.Fatalf("OUT-1: %+v", r)
			}
			if w := fmt.Sprint(r.Warnings); !strings.Contains(w, `"Castle Moat"`) ||
				!strings.Contains(w, "missing.jpg não foi baixada (o servidor respondeu 404 Not Found): ficou como endereço externo") {
				t.Errorf("OUT-1 warnings: %s", w)
			}
			p, err := e.st.Property(context.Background(), *r.PropertyID)
			if err != nil {
				t.Fatal(err)
			}
			if p.Price != 125000050 || p.CEP != "88010400" || p.Complement != "Apto 302" || p.Subtype.Name != "Apartamento" ||
				!p.PublishToPortals || p.Type != "venda" || p.City.Name != "Florianópolis" || p.Neighborhood.Name != "Centro" {
				t.Errorf("OUT-1 stored: %+v", p)
			}
			if len(p.Photos) != 3 || p.Photos[0].Source != ps.URL+"/photos/2.jpg" || p.Photos[0].Image == nil ||
				p.Photos[2].Image != nil || p.Photos[2].URL != ps.URL+"/photos/missing.jpg" {
				t.Errorf("OUT-1 photos: %+v", p.Photos)
			}
			var names []string
			for _, a := range p.Amenities {
				names = append(names, a.Name)
			}
			if fmt.Sprint(names) != "[Piscina Varanda Castle Moat]" {
				t.Errorf("OUT-1 amenities %v", names)
			}
			if r := res["OUT-2"]; r.Action != feed.Created {
				t.Errorf("OUT-2: %+v", r)
			}
		})
	}
}

// TestImportBadFiles: files refused as a whole by the first pass, with
// nothing written: not XML, another schema (a sitemap, an RSS feed), a
// DOCTYPE with an entity bomb, an entity used without one, a file cut
// short, a missing ListingID, too many listings, a stream
// over the size cap (refused while it is read, a few MB into it).
func TestImportBadFiles(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, d)
			valid := fixture(t, "valid.xml")
			cut := valid[:len(valid)*2/3]
			missing := strings.Replace(string(valid), "<ListingID>OUT-2</ListingID>", "", 1)
			v0, total0 := catalogState(t, e.st)
			for name, c := range map[string]struct {
				doc  string
				lim  feed.Limits
				want string
			}{
				"not xml":       {"ListingID;Title\nA-1;Casa\n", feed.Limits{}, "não é um XML"},
				"json":          {`{"listings": []}`, feed.Limits{}, "não é um XML"},
				"empty":         {"", feed.Limits{}, "vazio"},
				"sitemap":       {`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.example/</loc></url></urlset>`, feed.Limits{}, "outro formato"},
				"rss":           {`<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>`, feed.Limits{}, "outro formato"},
				"namespace":     {`<ListingDataFeed xmlns="http://example.com/other"><Listings/></ListingDataFeed>`, feed.Limits{}, "outro formato"},
				"bomb":          {string(fixture(t, "billion-laughs.xml")), feed.Limits{}, "DOCTYPE"},
				"entity":        {strings.Replace(string(valid), "<Title>", "<Title>&lol9;", 1), feed.Limits{}, "XML inválido"},
				"cut short":     {string(cut), feed.Limits{}, "incompleto"},
				"no id":         {missing, feed.Limits{}, "não tem ListingID"},
				"too many":      {string(valid), feed.Limits{MaxListings: 1}, "mais de 1 anúncios"},
				"trailing":      {string(valid) + "<x/>", feed.Limits{}, "depois do fim"},
				"trailing text": {string(valid) + "\nfim\n", feed.Limits{}, "depois do fim"},
			} {
				_, _, err := e.importDoc(t, []byte(c.doc), feed.ImportOptions{Limits: c.lim})
				var fe *feed.FileError
				if !errors.As(err, &fe) || !strings.Contains(fe.Message, c.want) {
					t.Errorf("%s: %v, want a refusal saying %q", name, err, c.want)
				}
			}
			if v, total := catalogState(t, e.st); v != v0 || total != total0 {
				t.Errorf("a refused file wrote: version %d → %d, %d → %d properties", v0, v, total0, total)
			}
			// Space and comments after the root are not content.
			if _, _, err := e.importDoc(t, append(slices.Clone(valid), "\n<!-- fim -->\n"...), feed.ImportOptions{DryRun: true}); err != nil {
				t.Errorf("a comment after the root: %v", err)
			}
		})
	}
}

// endless is a VRSync stream that never ends: its header, then listings
// forever. It counts the bytes read from it.
type endless struct {
	n    int64
	next int
	buf  []byte
}

func (g *endless) Read(p []byte) (int, error) {
	if len(g.buf) == 0 {
		if g.n == 0 {
			g.buf = []byte(`<?xml version="1.0" encoding="UTF-8"?><ListingDataFeed xmlns="` + feed.Namespace + `"><Header><Provider>x</Provider></Header><Listings>`)
		} else {
			g.next++
			g.buf = fmt.Appendf(nil, "<Listing><ListingID>G-%d</ListingID><Title>Casa gerada número %d</Title></Listing>\n", g.next, g.next)
		}
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	g.n += int64(n)
	return n, nil
}

// TestImportOversize: a 2 GB file is refused by its size before a byte
// is read (the size a file's stat or a Content-Length gives), and a
// stream of unknown size by the cap while it is read, both when it is
// spooled and when it is scanned, never read much past the cap. No file
// of that size is ever made.
func TestImportOversize(t *testing.T) {
	t.Parallel()
	g := &endless{}
	_, err := feed.Spool(g, 2<<30, 0, t.TempDir())
	var fe *feed.FileError
	if !errors.As(err, &fe) || !fe.TooLarge || g.n != 0 {
		t.Errorf("2 GB by its size: %v, %d bytes read", err, g.n)
	}
	const capBytes = 4 << 20
	g = &endless{}
	_, err = feed.Spool(g, -1, capBytes, t.TempDir())
	if !errors.As(err, &fe) || !fe.TooLarge || g.n > capBytes+64<<10 {
		t.Errorf("stream spooled: %v, %d bytes read", err, g.n)
	}
	g = &endless{}
	_, err = feed.Scan(io.LimitReader(g, 2<<30), feed.Limits{MaxBytes: capBytes, MaxListings: 1 << 30})
	if !errors.As(err, &fe) || !fe.TooLarge || g.n > capBytes+128<<10 {
		t.Errorf("stream scanned: %v, %d bytes read", err, g.n)
	}
	if !strings.Contains(fmt.Sprint(err), "4 MB") {
		t.Errorf("the refusal does not say the cap: %v", err)
	}
}

// TestImportRefusesPrivateAddresses: by default a photo on a loopback or
// private address (the server's own network, a cloud's metadata
// service) is not fetched: it stays an address, with a warning.
func TestImportRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	ps := newPhotoServer(t)
	st := storetest.Open(t, "sqlite", store.Options{})
	files, err := blob.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{st: st, media: media.New(media.Config{Catalog: st, Files: files})}
	e.im = &feed.Importer{Catalog: st, Photos: e.media}
	doc := strings.ReplaceAll(string(fixture(t, "valid.xml")), "http://photos.test", ps.URL)
	doc = strings.Replace(doc, ps.URL+"/photos/1.jpg", "http://169.254.169.254/latest/meta-data/1.jpg", 1)
	res, tot, err := e.importDoc(t, []byte(doc), feed.ImportOptions{})
	if err != nil || tot.Created != 2 || tot.PhotosFetched != 0 || ps.hits.Load() != 0 {
		t.Fatalf("%+v %v, %d fetches", tot, err, ps.hits.Load())
	}
	if w := fmt.Sprint(res["OUT-1"].Warnings); strings.Count(w, "(o endereço não é público (rede interna ou local)): ficou como endereço externo") != 3 {
		t.Errorf("warnings: %s", w)
	}
}

// TestImportRepeatedListingID: a ListingID that comes twice in a file
// (VivaReal's own sample has one) imports the first listing and refuses
// the second, rather than the whole file.
func TestImportRepeatedListingID(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, d)
			doc := strings.Replace(string(fixture(t, "valid.xml")), "<ListingID>OUT-2</ListingID>", "<ListingID>OUT-1</ListingID>", 1)
			f, err := feed.Spool(strings.NewReader(doc), int64(len(doc)), 0, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var got []feed.Result
			tot, err := e.im.Import(context.Background(), f, feed.ImportOptions{Photos: feed.PhotosLink}, func(r feed.Result) error {
				got = append(got, r)
				return nil
			})
			if err != nil || tot.Created != 1 || tot.Refused != 1 || len(got) != 2 {
				t.Fatalf("%+v, %v; want the first created, the second refused", tot, err)
			}
			if want := `ListingID: o código "OUT-1" já veio no anúncio 1 do arquivo: só o primeiro foi importado`; got[1].Action != feed.Refused ||
				len(got[1].Problems) != 1 || got[1].Problems[0].Field+": "+got[1].Problems[0].Message != want {
				t.Errorf("second: %+v, want refused with %s", got[1], want)
			}
		})
	}
}
