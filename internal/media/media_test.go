package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/image/webp"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/imaging"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// The files of testdata/ (made by testdata/gen.go).
//
// rotated.jpg is stored 1000×700 with EXIF orientation 6, so it is
// displayed 700×1000: its variants are 480 and 700 pixels wide.
const (
	rotatedStoredW, rotatedStoredH = 1000, 700
	cameraSerial                   = "VTR-CAM-SERIAL-7731"
	mediaURL                       = "https://imoveis.example.com/media/"
)

// gpsLatitude is the GPS block's latitude as rotated.jpg holds it: three
// big-endian rationals, 27/1 35/1 4612/100.
var gpsLatitude = func() []byte {
	var b []byte
	for _, v := range []uint32{27, 1, 35, 1, 4612, 100} {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	return b
}()

var editor = listing.Actor{Kind: listing.ActorUser, Ref: "7", Name: "Marta Corretora"}

func testdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// env is one instance of the service on a new database and a new media
// directory.
type env struct {
	dialect string
	dsn     string
	st      *store.Store
	dir     string // the media directory
	files   *blob.Dir
	clock   *testclock.Clock
	svc     *media.Service
	prop    listing.Property // with the two external photos of storetest.Apartment
	ctx     context.Context
}

func newEnv(t *testing.T, dialect string, configure func(*media.Config)) *env {
	t.Helper()
	e := &env{dialect: dialect, dsn: storetest.MigratedDSN(t, dialect), dir: t.TempDir(), clock: testclock.New(time.Now().UTC().Truncate(time.Second)), ctx: t.Context()}
	e.st = storetest.OpenAt(t, e.dsn, store.Options{Now: e.clock.Now, MediaURL: mediaURL})
	e.files = openDir(t, e.dir)
	cfg := media.Config{Catalog: e.st, Files: e.files, Now: e.clock.Now}
	if configure != nil {
		configure(&cfg)
	}
	e.svc = media.New(cfg)
	e.prop = e.property(t, "Apartamento na Beira-Mar", "AP-0042")
	return e
}

func openDir(t *testing.T, dir string) *blob.Dir {
	t.Helper()
	d, err := blob.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func (e *env) property(t *testing.T, title, code string) listing.Property {
	t.Helper()
	u := storetest.Apartment(title)
	u.Code = storetest.Ptr(code)
	p, err := e.st.CreateProperty(e.ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// forEachDialect runs test on SQLite and on PostgreSQL, in parallel.
func forEachDialect(t *testing.T, test func(t *testing.T, dialect string)) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			test(t, dialect)
		})
	}
}

func (e *env) upload(t *testing.T, propertyID string, src []byte, alt string) listing.Photo {
	t.Helper()
	ph, err := e.svc.Upload(e.ctx, propertyID, bytes.NewReader(src), alt, editor)
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	return ph
}

// processNext runs ProcessNext once, wanting it to find an image (or not).
func (e *env) processNext(t *testing.T, svc *media.Service, want bool) {
	t.Helper()
	worked, err := svc.ProcessNext(e.ctx)
	if err != nil {
		t.Fatalf("ProcessNext: %v", err)
	}
	if worked != want {
		t.Fatalf("ProcessNext found an image: %v, want %v", worked, want)
	}
}

// photo returns the photo with this id of the property, as the store has
// it.
func (e *env) photo(t *testing.T, propertyID, photoID string) listing.Photo {
	t.Helper()
	p, err := e.st.Property(e.ctx, propertyID)
	if err != nil {
		t.Fatal(err)
	}
	for _, ph := range p.Photos {
		if ph.ID == photoID {
			return ph
		}
	}
	t.Fatalf("property %s has no photo %s: %+v", propertyID, photoID, p.Photos)
	return listing.Photo{}
}

func (e *env) known(t *testing.T, imageID string) bool {
	t.Helper()
	k, err := e.st.ImageKnown(e.ctx, imageID)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// document returns the photos of the public detail of the property with
// this slug, as the store serves it, and the raw document.
func (e *env) document(t *testing.T, slug string) ([]detaildoc.Photo, []byte) {
	t.Helper()
	d, err := e.st.PropertyDocument(e.ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Photos []detaildoc.Photo `json:"photos"`
	}
	if err := json.Unmarshal(d.JSON, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Photos, d.JSON
}

// storedFiles returns every file under the media directory, temporary
// files included, as sorted slash-separated paths.
func storedFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// imageFiles returns the names of the files of image id: its original
// (ext) and its variants of these widths.
func imageFiles(id, ext string, widths ...int) []string {
	out := []string{"originals/" + id + "." + ext}
	for _, w := range widths {
		out = append(out, store.VariantName(id, w, "jpg"), store.VariantName(id, w, "webp"))
	}
	slices.Sort(out)
	return out
}

func readFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// setAge sets the modification time of a file of the media directory.
func setAge(t *testing.T, dir, name string, at time.Time) {
	t.Helper()
	if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(name)), at, at); err != nil {
		t.Fatal(err)
	}
}

func validationMessage(t *testing.T, err error, field string) string {
	t.Helper()
	var ve *listing.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error = %v (%T), want a *listing.ValidationError", err, err)
	}
	msgs := ve.Fields[field]
	if len(msgs) != 1 || len(ve.Fields) != 1 {
		t.Fatalf("validation fields = %v, want one message on %q", ve.Fields, field)
	}
	return msgs[0]
}

func TestUploadRefusesAndStoresNothing(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		jpg := testdata(t, "rotated.jpg")
		limit := int64(len(jpg) - 1)
		e := newEnv(t, dialect, func(c *media.Config) { c.MaxBytes = limit })

		for _, tc := range []struct {
			name     string
			src      []byte
			property string
			check    func(t *testing.T, err error)
		}{
			{"over MaxBytes", jpg, e.prop.ID, func(t *testing.T, err error) {
				var tooLarge *media.FileTooLargeError
				if !errors.Is(err, media.ErrFileTooLarge) || !errors.As(err, &tooLarge) || tooLarge.Limit != limit {
					t.Errorf("error = %v, want ErrFileTooLarge with the limit %d", err, limit)
				}
			}},
			{"HEIC", testdata(t, "iphone.heic"), e.prop.ID, func(t *testing.T, err error) {
				if !errors.Is(err, media.ErrHEIC) || errors.Is(err, media.ErrFormat) {
					t.Errorf("error = %v, want ErrHEIC (not ErrFormat)", err)
				}
			}},
			{"text named .jpg", testdata(t, "notes.jpg"), e.prop.ID, func(t *testing.T, err error) {
				if !errors.Is(err, media.ErrFormat) || errors.Is(err, media.ErrHEIC) {
					t.Errorf("error = %v, want ErrFormat", err)
				}
			}},
			{"decompression bomb", testdata(t, "bomb.png"), e.prop.ID, func(t *testing.T, err error) {
				// 400 megapixels declared: refused from the header,
				// before any pixel is decoded.
				if msg := validationMessage(t, err, "file"); !strings.Contains(msg, "50 megapixels") {
					t.Errorf("message = %q, want the limit of 50 megapixels", msg)
				}
			}},
			{"truncated JPEG", testdata(t, "truncated.jpg"), e.prop.ID, func(t *testing.T, err error) {
				if msg := validationMessage(t, err, "file"); !strings.Contains(msg, "corrompido ou incompleto") {
					t.Errorf("message = %q, want it to say the file is damaged", msg)
				}
			}},
			{"empty file", nil, e.prop.ID, func(t *testing.T, err error) {
				if msg := validationMessage(t, err, "file"); !strings.Contains(msg, "vazio") {
					t.Errorf("message = %q, want it to say the file is empty", msg)
				}
			}},
			{"unknown property", testdata(t, "photo.png"), "0190f5a2-7c3e-7d41-9a2b-5c6d7e8f9a0b", func(t *testing.T, err error) {
				if !errors.Is(err, listing.ErrNotFound) {
					t.Errorf("error = %v, want listing.ErrNotFound", err)
				}
			}},
			{"property id that is no id", testdata(t, "photo.png"), "../../etc", func(t *testing.T, err error) {
				if !errors.Is(err, listing.ErrNotFound) {
					t.Errorf("error = %v, want listing.ErrNotFound", err)
				}
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ph, err := e.svc.Upload(e.ctx, tc.property, bytes.NewReader(tc.src), "Fachada", editor)
				if err == nil {
					t.Fatalf("upload accepted: %+v", ph)
				}
				tc.check(t, err)
				if files := storedFiles(t, e.dir); len(files) != 0 {
					t.Errorf("files stored: %v", files)
				}
				if len(tc.src) > 0 && e.known(t, imaging.ContentID(tc.src)) {
					t.Errorf("an image row was written")
				}
				if p, err := e.st.Property(e.ctx, e.prop.ID); err != nil || len(p.Photos) != 2 {
					t.Errorf("property photos = %+v (%v), want the two it had", p.Photos, err)
				}
			})
		}
		e.processNext(t, e.svc, false)

		// A file of exactly MaxBytes is taken.
		at := media.New(media.Config{Catalog: e.st, Files: e.files, MaxBytes: int64(len(jpg))})
		if _, err := at.Upload(e.ctx, e.prop.ID, bytes.NewReader(jpg), "", editor); err != nil {
			t.Fatalf("upload of exactly MaxBytes: %v", err)
		}
	})
}

func TestUploadThenProcess(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "rotated.jpg")
		id := imaging.ContentID(src)

		ph := e.upload(t, e.prop.ID, src, "Sala com vista para o mar")
		if ph.Image == nil || ph.Image.ID != id || ph.Image.Status != listing.ImageProcessing || ph.URL != "" ||
			len(ph.ID) != 32 || ph.AltText != "Sala com vista para o mar" || ph.DisplayOrder != 2 {
			t.Fatalf("uploaded photo = %+v (image %+v), want image %s processing, third", ph, ph.Image, id)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, []string{"originals/" + id + ".jpg"}) {
			t.Fatalf("files = %v, want the original only", files)
		}
		if got := readFile(t, e.dir, "originals/"+id+".jpg"); !bytes.Equal(got, src) {
			t.Fatal("the stored original differs from the upload")
		}
		if got := e.photo(t, e.prop.ID, ph.ID); got.Image == nil || got.Image.Status != listing.ImageProcessing {
			t.Fatalf("stored photo = %+v", got)
		}
		photos, doc := e.document(t, e.prop.Slug)
		if len(photos) != 2 || bytes.Contains(doc, []byte(id)) {
			t.Fatalf("the public detail shows the photo while it is processed: %s", doc)
		}

		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, false)

		// Variants at 480 and at the displayed width, 700: never wider
		// than the original.
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "jpg", 480, 700)) {
			t.Fatalf("files = %v, want %v", files, imageFiles(id, "jpg", 480, 700))
		}
		for _, w := range []int{480, 700} {
			for _, ext := range []string{"jpg", "webp"} {
				name := store.VariantName(id, w, ext)
				b := readFile(t, e.dir, name)
				checkNoMetadata(t, name, b, src)
				img := decodeVariant(t, name, b)
				// Stored landscape, displayed portrait: the variant is
				// portrait, turned clockwise (the stored bottom-left,
				// blue, is now at the top-left).
				wantH := (rotatedStoredW*w + rotatedStoredH/2) / rotatedStoredH
				if bd := img.Bounds(); bd.Dx() != w || bd.Dy() != wantH {
					t.Errorf("%s is %d×%d, want %d×%d", name, bd.Dx(), bd.Dy(), w, wantH)
				}
				checkColor(t, name+" top-left", img.At(w/4, wantH/4), color.RGBA{0, 0, 0xFF, 0xFF})
				checkColor(t, name+" top-right", img.At(w*3/4, wantH/4), color.RGBA{0xFF, 0, 0, 0xFF})
				checkColor(t, name+" bottom-left", img.At(w/4, wantH*3/4), color.RGBA{0xFF, 0xFF, 0xFF, 0xFF})
			}
		}

		got := e.photo(t, e.prop.ID, ph.ID)
		if got.Image == nil || got.Image.Status != listing.ImageReady || got.Image.Width != 700 || got.Image.Height != 1000 ||
			len(got.Image.Variants) != 4 || got.URL != mediaURL+id+"-700.jpg" {
			t.Fatalf("processed photo = %+v (image %+v), want ready, 700×1000, 4 variants", got, got.Image)
		}

		photos, doc = e.document(t, e.prop.Slug)
		if len(photos) != 3 {
			t.Fatalf("public photos = %s, want the upload third", doc)
		}
		pub := photos[2]
		u := func(w int, ext string) string { return mediaURL + store.VariantName(id, w, ext) }
		if pub.URL != u(700, "jpg") || pub.AltText != "Sala com vista para o mar" || pub.DisplayOrder != 2 ||
			pub.Width == nil || *pub.Width != 700 || pub.Height == nil || *pub.Height != 1000 || pub.Srcset == nil {
			t.Fatalf("public photo = %s", doc)
		}
		if want := u(480, "jpg") + " 480w, " + u(700, "jpg") + " 700w"; pub.Srcset.JPEG != want {
			t.Errorf("srcset jpeg = %q, want %q", pub.Srcset.JPEG, want)
		}
		if want := u(480, "webp") + " 480w, " + u(700, "webp") + " 700w"; pub.Srcset.WebP != want {
			t.Errorf("srcset webp = %q, want %q", pub.Srcset.WebP, want)
		}
		if photos[0].Srcset != nil || photos[0].URL != "https://img.example.com/ap42/sala.jpg" {
			t.Errorf("external photo = %+v", photos[0])
		}
	})
}

func TestUploadPNGAndWebP(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		png, wp := testdata(t, "photo.png"), testdata(t, "photo.webp")
		pngID, wpID := imaging.ContentID(png), imaging.ContentID(wp)
		a := e.upload(t, e.prop.ID, png, "Planta")
		b := e.upload(t, e.prop.ID, wp, "Cozinha")
		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, false)

		want := append(imageFiles(pngID, "png", 480, 600), imageFiles(wpID, "webp", 480, 520)...)
		slices.Sort(want)
		if files := storedFiles(t, e.dir); !slices.Equal(files, want) {
			t.Fatalf("files = %v, want %v", files, want)
		}
		for _, c := range []struct {
			ph   listing.Photo
			w, h int
		}{{a, 600, 400}, {b, 520, 300}} {
			got := e.photo(t, e.prop.ID, c.ph.ID)
			if got.Image == nil || got.Image.Status != listing.ImageReady || got.Image.Width != c.w || got.Image.Height != c.h {
				t.Errorf("photo %s = %+v, want ready %d×%d", c.ph.AltText, got.Image, c.w, c.h)
			}
		}
		img := decodeVariant(t, "png 480", readFile(t, e.dir, store.VariantName(pngID, 480, "jpg")))
		if bd := img.Bounds(); bd.Dx() != 480 || bd.Dy() != 320 {
			t.Errorf("PNG's 480 variant is %v, want 480×320", bd)
		}
	})
}

func TestSameFileTwoProperties(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		other := e.property(t, "Casa no Campeche", "CA-0007")
		src := testdata(t, "photo.png")
		id := imaging.ContentID(src)

		a := e.upload(t, e.prop.ID, src, "Sala")
		b := e.upload(t, other.ID, src, "Sala da casa")
		if a.Image.ID != id || b.Image.ID != id || a.ID == b.ID {
			t.Fatalf("photos %+v and %+v, want two photos of image %s", a, b, id)
		}
		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, false) // one image, made once

		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "png", 480, 600)) {
			t.Fatalf("files = %v", files)
		}
		for _, c := range []struct {
			p  listing.Property
			ph listing.Photo
		}{{e.prop, a}, {other, b}} {
			if got := e.photo(t, c.p.ID, c.ph.ID); got.Image.Status != listing.ImageReady {
				t.Errorf("photo of %s = %+v, want ready", c.p.Title, got.Image)
			}
			photos, doc := e.document(t, c.p.Slug)
			if len(photos) != 3 || photos[2].URL != mediaURL+id+"-600.jpg" {
				t.Errorf("public detail of %s = %s", c.p.Title, doc)
			}
		}

		// Uploaded once more, it is ready at once.
		c := e.upload(t, other.ID, src, "De novo")
		if c.Image.Status != listing.ImageReady || c.URL != mediaURL+id+"-600.jpg" || len(c.Image.Variants) != 4 {
			t.Errorf("third upload = %+v (image %+v), want ready", c, c.Image)
		}
		e.processNext(t, e.svc, false)
	})
}

// crashingFiles is the media store of a process that dies as it stores the
// first variant (or, atOpen, as it opens the original): it ends the
// process's context.
type crashingFiles struct {
	blob.Store
	crash  context.CancelFunc
	atOpen bool
}

func (c crashingFiles) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !strings.HasPrefix(key, "originals/") {
		c.crash()
		return ctx.Err()
	}
	return c.Store.Put(ctx, key, r, size, contentType)
}

func (c crashingFiles) Open(ctx context.Context, key string) (io.ReadSeekCloser, blob.Info, error) {
	if c.atOpen {
		c.crash()
		return nil, blob.Info{}, ctx.Err()
	}
	return c.Store.Open(ctx, key)
}

func TestProcessingSurvivesRestart(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		id := imaging.ContentID(src)

		// The first process takes the image and dies while it works.
		procCtx, crash := context.WithCancel(e.ctx)
		first := media.New(media.Config{Catalog: e.st, Files: crashingFiles{e.files, crash, false}, Now: e.clock.Now})
		if _, err := first.Upload(procCtx, e.prop.ID, bytes.NewReader(src), "Sala", editor); err != nil {
			t.Fatal(err)
		}
		if worked, err := first.ProcessNext(procCtx); !worked || err != nil {
			t.Fatalf("ProcessNext = %v, %v; want it to take the image and stop quietly", worked, err)
		}
		if procCtx.Err() == nil {
			t.Fatal("the first process did not reach the variants")
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, []string{"originals/" + id + ".webp"}) {
			t.Fatalf("files = %v, want the original only", files)
		}

		// A new process on the same database and directory.
		st := storetest.OpenAt(t, e.dsn, store.Options{Now: e.clock.Now, MediaURL: mediaURL})
		second := media.New(media.Config{Catalog: st, Files: openDir(t, e.dir), Now: e.clock.Now})
		e.processNext(t, second, false) // the dead process's lease still holds
		if p, err := st.Property(e.ctx, e.prop.ID); err != nil || p.Photos[2].Image.Status != listing.ImageProcessing {
			t.Fatalf("photo = %+v (%v), want processing", p.Photos[2].Image, err)
		}

		e.clock.Advance(10*time.Minute + time.Second) // past the lease
		e.processNext(t, second, true)
		e.processNext(t, second, false)
		p, err := st.Property(e.ctx, e.prop.ID)
		if err != nil {
			t.Fatal(err)
		}
		if im := p.Photos[2].Image; im.Status != listing.ImageReady || im.Width != 520 {
			t.Fatalf("image = %+v, want ready", im)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "webp", 480, 520)) {
			t.Fatalf("files = %v", files)
		}
		if photos, doc := e.document(t, e.prop.Slug); len(photos) != 3 || photos[2].Srcset == nil {
			t.Fatalf("public detail = %s", doc)
		}
	})
}

// An image during whose processing the process dies every time (it runs out
// of memory on it, say) is given up after its attempts, instead of taking
// the service down again after every restart.
func TestImageThatKeepsCrashingIsGivenUp(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		ph := e.upload(t, e.prop.ID, src, "Cozinha")
		for range 5 {
			procCtx, crash := context.WithCancel(e.ctx)
			dying := media.New(media.Config{Catalog: e.st, Files: crashingFiles{e.files, crash, true}, Now: e.clock.Now})
			if worked, err := dying.ProcessNext(procCtx); !worked || err != nil || procCtx.Err() == nil {
				t.Fatalf("ProcessNext = %v, %v; want it to take the image and die", worked, err)
			}
			if im := e.photo(t, e.prop.ID, ph.ID).Image; im.Status != listing.ImageProcessing {
				t.Fatalf("image after a crash = %+v, want processing", im)
			}
			e.clock.Advance(10*time.Minute + time.Second)
		}
		e.processNext(t, e.svc, true)
		im := e.photo(t, e.prop.ID, ph.ID).Image
		if im.Status != listing.ImageFailed || im.Error != "Não foi possível processar a foto. Envie-a de novo." {
			t.Fatalf("image = %+v, want failed", im)
		}
		id := imaging.ContentID(src)
		if files := storedFiles(t, e.dir); !slices.Equal(files, []string{"originals/" + id + ".webp"}) {
			t.Errorf("files = %v, want the original only: the image was processed once more", files)
		}
		e.clock.Advance(time.Hour)
		e.processNext(t, e.svc, false)
	})
}

// breakHuffmanTables returns a JPEG whose Huffman tables (DHT segments, after
// its frame header) have no codes: its headers read well and its structure
// is whole, so the upload's check passes, but its data cannot be decoded.
func breakHuffmanTables(t *testing.T, src []byte) []byte {
	t.Helper()
	b := bytes.Clone(src)
	broken := 0
	for i := 2; i+4 <= len(b) && b[i] == 0xFF && b[i+1] != 0xDA; {
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if b[i+1] == 0xC4 {
			clear(b[i+5 : i+5+16]) // the first table's code counts
			broken++
		}
		i += 2 + n
	}
	if broken == 0 {
		t.Fatal("no DHT segment found")
	}
	return b
}

func TestImageThatCannotBeProcessedFails(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		reg := prometheus.NewRegistry()
		e := newEnv(t, dialect, func(c *media.Config) { c.Metrics = reg })

		t.Run("damaged data", func(t *testing.T) {
			src := breakHuffmanTables(t, testdata(t, "rotated.jpg"))
			if _, err := imaging.Check(src, imaging.Limits{}); err != nil {
				t.Fatalf("Check refuses the damaged file (%v): the test needs one the upload takes", err)
			}
			ph := e.upload(t, e.prop.ID, src, "Quarto")
			e.processNext(t, e.svc, true)
			got := e.photo(t, e.prop.ID, ph.ID)
			if got.Image.Status != listing.ImageFailed || got.Image.Error != "O arquivo está corrompido ou incompleto. Envie a foto de novo." {
				t.Fatalf("image = %+v, want failed, saying the file is damaged", got.Image)
			}
			// Not taken again, even long after its lease.
			e.clock.Advance(time.Hour)
			e.processNext(t, e.svc, false)
			id := imaging.ContentID(src)
			if files := storedFiles(t, e.dir); !slices.Equal(files, []string{"originals/" + id + ".jpg"}) {
				t.Errorf("files = %v, want the original only", files)
			}
			if _, doc := e.document(t, e.prop.Slug); bytes.Contains(doc, []byte(id)) {
				t.Errorf("the public detail shows the failed photo: %s", doc)
			}
		})

		t.Run("original gone", func(t *testing.T) {
			src := testdata(t, "photo.png")
			id := imaging.ContentID(src)
			ph := e.upload(t, e.prop.ID, src, "Planta")
			if err := e.files.Delete(e.ctx, "originals/"+id+".png"); err != nil {
				t.Fatal(err)
			}
			e.processNext(t, e.svc, true)
			got := e.photo(t, e.prop.ID, ph.ID)
			if got.Image.Status != listing.ImageFailed || got.Image.Error != "O arquivo original não foi encontrado. Envie a foto de novo." {
				t.Fatalf("image = %+v, want failed, saying the original is missing", got.Image)
			}
			e.clock.Advance(time.Hour)
			e.processNext(t, e.svc, false)

			// As the message says, sending the photo again makes it.
			again := e.upload(t, e.prop.ID, src, "Planta")
			if again.Image.Status != listing.ImageProcessing || again.Image.Error != "" {
				t.Fatalf("upload after the failure = %+v, want processing again", again.Image)
			}
			e.processNext(t, e.svc, true)
			for _, pid := range []string{ph.ID, again.ID} {
				if got := e.photo(t, e.prop.ID, pid); got.Image.Status != listing.ImageReady || got.Image.Error != "" {
					t.Errorf("photo %s = %+v, want ready", pid, got.Image)
				}
			}
		})

		if v := counter(t, reg, "failed"); v != 2 {
			t.Errorf("failed counter = %v, want 2", v)
		}
		if v := counter(t, reg, "ready"); v != 1 {
			t.Errorf("ready counter = %v, want 1", v)
		}
	})
}

// failingFiles is a media store that stores and cannot read back (its
// disk failing, its bucket unreachable for a while): a failure that may
// pass.
type failingFiles struct{ blob.Store }

func (f failingFiles) Open(ctx context.Context, key string) (io.ReadSeekCloser, blob.Info, error) {
	return nil, blob.Info{}, errors.New("input/output error")
}

func TestStorageFailureIsRetriedThenFails(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		reg := prometheus.NewRegistry()
		e := newEnv(t, dialect, func(c *media.Config) {
			c.Files = failingFiles{c.Files}
			c.Metrics = reg
		})
		ph := e.upload(t, e.prop.ID, testdata(t, "photo.webp"), "Cozinha")
		for attempt := 1; attempt <= 5; attempt++ {
			worked, err := e.svc.ProcessNext(e.ctx)
			if !worked || err == nil || !strings.Contains(err.Error(), "input/output error") {
				t.Fatalf("attempt %d: ProcessNext = %v, %v; want the storage error", attempt, worked, err)
			}
			im := e.photo(t, e.prop.ID, ph.ID).Image
			if attempt < 5 {
				if im.Status != listing.ImageProcessing {
					t.Fatalf("after attempt %d: image = %+v, want processing", attempt, im)
				}
				e.processNext(t, e.svc, false) // it waits before the next attempt
			} else if im.Status != listing.ImageFailed || im.Error != "Não foi possível processar a foto. Envie-a de novo." {
				t.Fatalf("after the last attempt: image = %+v, want failed", im)
			}
			e.clock.Advance(10 * time.Minute)
		}
		e.processNext(t, e.svc, false)
		if r, f := counter(t, reg, "retry"), counter(t, reg, "failed"); r != 4 || f != 1 {
			t.Errorf("counters: retry %v, failed %v; want 4 and 1", r, f)
		}
	})
}

func TestSweepRemovesFilesAfterGrace(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		kitchen, png := testdata(t, "photo.webp"), testdata(t, "photo.png")
		kitchenID, pngID := imaging.ContentID(kitchen), imaging.ContentID(png)
		a := e.upload(t, e.prop.ID, kitchen, "Cozinha")
		b := e.upload(t, e.prop.ID, png, "Planta")
		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, true)
		all := append(imageFiles(kitchenID, "webp", 480, 520), imageFiles(pngID, "png", 480, 600)...)
		slices.Sort(all)

		for _, ph := range []listing.Photo{a, b} {
			if err := e.st.DeletePhoto(e.ctx, e.prop.ID, ph.ID, editor); err != nil {
				t.Fatal(err)
			}
		}
		e.clock.Advance(media.DefaultGrace - time.Minute)
		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, all) {
			t.Fatalf("files within the grace period = %v, want %v", files, all)
		}
		if !e.known(t, kitchenID) || !e.known(t, pngID) {
			t.Fatal("an image row went within the grace period")
		}

		// The plan is uploaded again meanwhile: it is the same image,
		// ready at once, and keeps its files.
		again := e.upload(t, e.prop.ID, png, "Planta de novo")
		if again.Image.Status != listing.ImageReady {
			t.Fatalf("upload again = %+v, want ready", again.Image)
		}

		e.clock.Advance(2 * time.Minute) // past the grace period of both
		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(pngID, "png", 480, 600)) {
			t.Fatalf("files after the grace period = %v, want the plan's only", files)
		}
		if e.known(t, kitchenID) || !e.known(t, pngID) {
			t.Fatalf("image rows: kitchen %v, plan %v; want the plan's only", e.known(t, kitchenID), e.known(t, pngID))
		}
		photos, doc := e.document(t, e.prop.Slug)
		if len(photos) != 3 || photos[2].URL != mediaURL+pngID+"-600.jpg" {
			t.Errorf("public detail = %s", doc)
		}
		if err := e.svc.Sweep(e.ctx); err != nil { // nothing left to do
			t.Fatal(err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(pngID, "png", 480, 600)) {
			t.Fatalf("files after a second sweep = %v", files)
		}
	})
}

func TestSweepRemovesStrayFiles(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		id := imaging.ContentID(src)
		e.upload(t, e.prop.ID, src, "Cozinha")
		e.processNext(t, e.svc, true)

		put := func(key string, age time.Duration) {
			t.Helper()
			if err := e.files.Put(e.ctx, key, bytes.NewReader(src), int64(len(src)), "image/webp"); err != nil {
				t.Fatal(err)
			}
			setAge(t, e.dir, key, e.clock.Now().Add(-age))
		}
		// What interrupted uploads left: files of images with no row.
		oldOriginal := "originals/" + strings.Repeat("a", 32) + ".webp"
		oldVariant := strings.Repeat("b", 32) + "-480.webp"
		youngOriginal := "originals/" + strings.Repeat("c", 32) + ".jpg"
		put(oldOriginal, 2*time.Hour)
		put(oldVariant, 2*time.Hour)
		put(youngOriginal, 50*time.Minute)
		// A file no image names is not the sweep's.
		put("robots.txt", 30*24*time.Hour)
		// The known image's files, old as well.
		for _, name := range imageFiles(id, "webp", 480, 520) {
			setAge(t, e.dir, name, e.clock.Now().Add(-48*time.Hour))
		}
		// Temporary files of writes a crash cut short (their age is the
		// directory's, on the real clock).
		oldTemp, youngTemp := "originals/"+blob.TempPrefix+"0123456789abcdef", blob.TempPrefix+"fedcba9876543210"
		for _, name := range []string{oldTemp, youngTemp} {
			if err := os.WriteFile(filepath.Join(e.dir, filepath.FromSlash(name)), []byte("partial"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		setAge(t, e.dir, oldTemp, time.Now().Add(-2*time.Hour))

		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		want := append(imageFiles(id, "webp", 480, 520), youngOriginal, "robots.txt", youngTemp)
		slices.Sort(want)
		if files := storedFiles(t, e.dir); !slices.Equal(files, want) {
			t.Fatalf("files after the sweep = %v, want %v", files, want)
		}
		if im := e.photo(t, e.prop.ID, e.photosOf(t)[2].ID).Image; im.Status != listing.ImageReady {
			t.Errorf("image = %+v, want ready", im)
		}
	})
}

func (e *env) photosOf(t *testing.T) []listing.Photo {
	t.Helper()
	p, err := e.st.Property(e.ctx, e.prop.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Photos
}

func TestServeHTTP(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		id := imaging.ContentID(src)
		e.upload(t, e.prop.ID, src, "Sala")
		e.processNext(t, e.svc, true)

		// get asks the service for /media/<name>, as the route
		// "GET /media/{name}" of internal/httpapi hands it over: name is
		// the path segment, unescaped (so it may hold "/" sent as %2F).
		get := func(name string, header ...string) *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodGet, "/media/"+url.PathEscape(name), nil)
			r.SetPathValue("name", name)
			for i := 0; i+1 < len(header); i += 2 {
				r.Header.Set(header[i], header[i+1])
			}
			w := httptest.NewRecorder()
			e.svc.ServeHTTP(w, r)
			return w
		}

		// Through a mux routed as internal/httpapi routes it.
		mux := http.NewServeMux()
		mux.Handle("GET /media/{name}", e.svc)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/media/"+store.VariantName(id, 480, "jpg"), nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" {
			t.Fatalf("GET through the mux = %d %v", rec.Code, rec.Header())
		}

		for _, c := range []struct{ name, contentType string }{
			{store.VariantName(id, 480, "webp"), "image/webp"},
			{store.VariantName(id, 520, "jpg"), "image/jpeg"},
		} {
			w := get(c.name)
			want := readFile(t, e.dir, c.name)
			h := w.Header()
			if w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), want) {
				t.Fatalf("GET %s = %d, %d bytes; want 200 and the file's %d", c.name, w.Code, w.Body.Len(), len(want))
			}
			if h.Get("Content-Type") != c.contentType || h.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
				h.Get("ETag") != `"`+c.name+`"` || h.Get("X-Content-Type-Options") != "nosniff" ||
				h.Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Errorf("GET %s headers = %v", c.name, h)
			}
		}

		name := store.VariantName(id, 480, "webp")
		size := len(readFile(t, e.dir, name))
		if w := get(name, "If-None-Match", `"`+name+`"`); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Errorf("conditional GET = %d with %d bytes, want 304 and none", w.Code, w.Body.Len())
		}
		if w := get(name, "If-None-Match", `"`+store.VariantName(id, 520, "webp")+`"`); w.Code != http.StatusOK {
			t.Errorf("GET with another ETag = %d, want 200", w.Code)
		}
		w := get(name, "Range", "bytes=0-99")
		if w.Code != http.StatusPartialContent || w.Body.Len() != 100 || !bytes.Equal(w.Body.Bytes(), readFile(t, e.dir, name)[:100]) ||
			w.Header().Get("Content-Range") != fmt.Sprintf("bytes 0-99/%d", size) {
			t.Errorf("range GET = %d, %d bytes, Content-Range %q; want 206 and the first 100 bytes", w.Code, w.Body.Len(), w.Header().Get("Content-Range"))
		}

		// Only variants are served: never an original, whatever the name.
		for _, name := range []string{
			"originals/" + id + ".webp",
			"../originals/" + id + ".webp",
			"../x",
			id + ".webp",
			id + ".jpg",
			strings.ToUpper(id) + "-480.jpg",
			id + "-480.JPG",
			id + "-480.png",
			id + "-0480.jpg",
			id + "-480.jpg.map",
			id[:31] + "-480.jpg",
			id + "-1920.jpg", // a variant's name, but none was made
			blob.TempPrefix + "0123456789abcdef",
		} {
			w := get(name)
			var body struct {
				Error string `json:"error"`
			}
			if w.Code != http.StatusNotFound || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") ||
				json.Unmarshal(w.Body.Bytes(), &body) != nil || body.Error != "Arquivo não encontrado" {
				t.Errorf("GET %q = %d %q %q, want 404 with a JSON error", name, w.Code, w.Header().Get("Content-Type"), w.Body.String())
			}
			if w.Header().Get("Cache-Control") == "public, max-age=31536000, immutable" {
				t.Errorf("GET %q: a 404 is cached for a year", name)
			}
		}
	})
}

// checkNoMetadata checks that a variant carries none of the original's
// metadata (which the original does hold): no Exif block, GPS position or
// camera serial, and no metadata segment or chunk at all.
func checkNoMetadata(t *testing.T, name string, variant, original []byte) {
	t.Helper()
	for what, marker := range map[string][]byte{"Exif": []byte("Exif\x00\x00"), "GPS": gpsLatitude, "serial": []byte(cameraSerial)} {
		if !bytes.Contains(original, marker) {
			t.Fatalf("the original holds no %s: the test cannot see it go", what)
		}
		if bytes.Contains(variant, marker) {
			t.Errorf("%s holds the original's %s", name, what)
		}
	}
	if strings.HasSuffix(name, ".jpg") {
		// Segments up to the scan: no APPn (Exif, XMP, ICC...) nor comment.
		for i := 2; i+4 <= len(variant) && variant[i] == 0xFF && variant[i+1] != 0xDA; {
			if m := variant[i+1]; m >= 0xE0 && m <= 0xEF || m == 0xFE {
				t.Errorf("%s has a metadata segment 0xFF%02X", name, m)
			}
			i += 2 + int(binary.BigEndian.Uint16(variant[i+2:]))
		}
		return
	}
	// WebP: RIFF chunks, none of EXIF, XMP or ICC.
	for i := 12; i+8 <= len(variant); {
		fourcc, n := string(variant[i:i+4]), int(binary.LittleEndian.Uint32(variant[i+4:]))
		if fourcc == "EXIF" || fourcc == "XMP " || fourcc == "ICCP" {
			t.Errorf("%s has a %s chunk", name, fourcc)
		}
		i += 8 + n + n%2
	}
}

func decodeVariant(t *testing.T, name string, b []byte) image.Image {
	t.Helper()
	var img image.Image
	var err error
	if bytes.HasPrefix(b, []byte("RIFF")) {
		img, err = webp.Decode(bytes.NewReader(b))
	} else {
		img, err = jpeg.Decode(bytes.NewReader(b))
	}
	if err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	return img
}

// checkColor checks a pixel against want, allowing for lossy coding.
func checkColor(t *testing.T, what string, got color.Color, want color.RGBA) {
	t.Helper()
	r, g, b, _ := got.RGBA()
	d := func(a uint32, w uint8) int { return max(int(a>>8)-int(w), int(w)-int(a>>8)) }
	if d(r, want.R) > 40 || d(g, want.G) > 40 || d(b, want.B) > 40 {
		t.Errorf("%s = (%d, %d, %d), want about %v", what, r>>8, g>>8, b>>8, want)
	}
}

// counter returns vitrine_media_images_processed_total{result}.
func counter(t *testing.T, reg *prometheus.Registry, result string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "vitrine_media_images_processed_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "result" && l.GetValue() == result {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// TestUserPhoto: a broker's photo goes through the pipeline of a
// property's: checked and refused with nothing stored, stored, processed
// by the worker into the same variants, then on the public page of the
// broker's listing; the sweep keeps its files while the user shows it,
// past the grace period, and removes them a grace period after it is
// replaced.
func TestUserPhoto(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		ana, err := e.st.CreateUser(e.ctx, listing.UserInput{Email: "ana@imobiliaria.com.br", Name: "Ana Souza", Password: "senha-forte-123"},
			"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
		if err != nil {
			t.Fatal(err)
		}
		u := storetest.Apartment("Casa da Ana")
		u.BrokerID = &ana.ID
		p, err := e.st.CreateProperty(e.ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		broker := func() *detaildoc.Broker {
			t.Helper()
			d, err := e.st.PropertyDocument(e.ctx, p.Slug)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct{ Broker *detaildoc.Broker }
			if err := json.Unmarshal(d.JSON, &doc); err != nil || doc.Broker == nil {
				t.Fatalf("document %s: %v", d.JSON, err)
			}
			return doc.Broker
		}

		// Refused as an upload is, with nothing stored; an unknown user too.
		for name, src := range map[string][]byte{"bomb": testdata(t, "bomb.png"), "heic": testdata(t, "iphone.heic"),
			"truncated": testdata(t, "truncated.jpg")} {
			if got, err := e.svc.SetUserPhoto(e.ctx, ana.ID, bytes.NewReader(src)); err == nil {
				t.Errorf("%s accepted: %+v", name, got)
			}
		}
		src := testdata(t, "rotated.jpg")
		id := imaging.ContentID(src)
		if _, err := e.svc.SetUserPhoto(e.ctx, ana.ID+1, bytes.NewReader(src)); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("an unknown user's photo: %v, want listing.ErrNotFound", err)
		}
		if files := storedFiles(t, e.dir); len(files) != 0 {
			t.Fatalf("files stored for refused photos: %v", files)
		}

		got, err := e.svc.SetUserPhoto(e.ctx, ana.ID, bytes.NewReader(src))
		if err != nil || got.Photo == nil || got.Photo.ID != id || got.Photo.Status != listing.ImageProcessing {
			t.Fatalf("SetUserPhoto = %+v, %v", got.Photo, err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, []string{"originals/" + id + ".jpg"}) {
			t.Fatalf("files = %v, want the original only", files)
		}
		if b := broker(); b.Photo != nil {
			t.Errorf("public broker photo while processing: %+v", b.Photo)
		}

		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, false)
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "jpg", 480, 700)) {
			t.Fatalf("files = %v, want %v", files, imageFiles(id, "jpg", 480, 700))
		}
		v := func(w int, ext string) string { return mediaURL + store.VariantName(id, w, ext) }
		want := detaildoc.BrokerPhoto{URL: v(480, "jpg"), Width: 480, Height: 686, Srcset: detaildoc.Srcset{
			JPEG: v(480, "jpg") + " 480w, " + v(700, "jpg") + " 700w", WebP: v(480, "webp") + " 480w, " + v(700, "webp") + " 700w"}}
		if b := broker(); b.Photo == nil || *b.Photo != want {
			t.Fatalf("public broker photo = %+v, want %+v", b.Photo, want)
		}

		// Kept by the sweep past the grace period while it is shown.
		e.clock.Advance(2 * media.DefaultGrace)
		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "jpg", 480, 700)) {
			t.Fatalf("files after a sweep = %v, want the photo's", files)
		}

		// Replaced: the old files go a grace period later.
		png := testdata(t, "photo.png")
		if _, err := e.svc.SetUserPhoto(e.ctx, ana.ID, bytes.NewReader(png)); err != nil {
			t.Fatal(err)
		}
		e.processNext(t, e.svc, true)
		e.clock.Advance(media.DefaultGrace + time.Minute)
		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		pngID := imaging.ContentID(png)
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(pngID, "png", 480, 600)) {
			t.Fatalf("files after the photo was replaced = %v, want the new one's", files)
		}
		if b := broker(); b.Photo == nil || b.Photo.URL != mediaURL+store.VariantName(pngID, 480, "jpg") {
			t.Errorf("public broker photo after the new one was made = %+v", b.Photo)
		}
	})
}

// TestAgencyLogo: the agency's logo goes through the pipeline of a
// property's photo: nothing is stored before the agency is set, it is
// stored and processed into the same variants, the agency shows its
// largest JPEG once they are made, and the sweep keeps its files while
// the agency shows it.
func TestAgencyLogo(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.png")
		if _, err := e.svc.SetAgencyLogo(e.ctx, bytes.NewReader(src)); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("a logo before the agency is set: %v, want listing.ErrNotFound", err)
		}
		if files := storedFiles(t, e.dir); len(files) != 0 {
			t.Fatalf("files stored before the agency is set: %v", files)
		}
		if _, err := e.st.SetAgency(e.ctx, listing.Agency{Name: "Imobiliária Ilha", CRECI: "CRECI/SC 12345-J"}); err != nil {
			t.Fatal(err)
		}
		id := imaging.ContentID(src)
		a, err := e.svc.SetAgencyLogo(e.ctx, bytes.NewReader(src))
		if err != nil || a.Logo == nil || a.Logo.ID != id || a.Logo.Status != listing.ImageProcessing || a.ShownLogoURL() != "" {
			t.Fatalf("SetAgencyLogo = %+v, %v", a.Logo, err)
		}
		e.processNext(t, e.svc, true)
		e.processNext(t, e.svc, false)
		if a, err = e.st.Agency(e.ctx); err != nil || a.ShownLogoURL() != mediaURL+store.VariantName(id, 600, "jpg") {
			t.Fatalf("agency once its logo is made: %q (%v)", a.ShownLogoURL(), err)
		}
		e.clock.Advance(2 * media.DefaultGrace)
		if err := e.svc.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		if files := storedFiles(t, e.dir); !slices.Equal(files, imageFiles(id, "png", 480, 600)) {
			t.Fatalf("files after a sweep = %v, want the logo's", files)
		}
	})
}
