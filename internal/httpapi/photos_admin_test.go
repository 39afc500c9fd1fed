package httpapi_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	webpenc "github.com/vitrine/vitrine/internal/media/imaging/webp"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// mediaBase is the media address the tests' stores make photo addresses
// with (store.Options.MediaURL), as a deployment's public URL would.
const mediaBase = "https://imoveis.example.com/media/"

// testMaxBytes is the largest upload of the tests' media services: small,
// so that a file over it is cheap to send.
const testMaxBytes = 1 << 20

// photoStack is the service with a real media service on a directory of
// the test's: what an upload stores is there to be seen.
type photoStack struct {
	*stack
	media *media.Service
	dir   string
}

func newPhotoStack(t *testing.T, dialect string) *photoStack {
	t.Helper()
	return newPhotoStackWith(t, dialect, media.Config{})
}

// newPhotoStackWith is newPhotoStack with a media service configured as
// cfg, its catalogue, files and upload limit set as newPhotoStack's.
func newPhotoStackWith(t *testing.T, dialect string, cfg media.Config) *photoStack {
	t.Helper()
	return newPhotoStackOn(t, httpapi.Harness{Dialect: dialect}, cfg)
}

// newPhotoStackOn is newPhotoStackWith for the service h starts, its
// store's media address and its media service set as newPhotoStack's.
func newPhotoStackOn(t *testing.T, h httpapi.Harness, cfg media.Config) *photoStack {
	t.Helper()
	dir := t.TempDir()
	files, err := blob.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	ps := &photoStack{dir: dir}
	h.StoreOptions.MediaURL = mediaBase
	h.Media = func(st *store.Store) httpapi.Media {
		cfg.Catalog, cfg.Files, cfg.MaxBytes = st, files, testMaxBytes
		ps.media = media.New(cfg)
		return ps.media
	}
	ps.stack = h.Start(t)
	return ps
}

// files lists every file under the media directory (temporary ones
// included), by path.
func (ps *photoStack) files(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(ps.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(ps.dir, p)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// processAll runs the media service's queue until no image waits, and
// returns how many it processed.
func (ps *photoStack) processAll(t *testing.T) int {
	t.Helper()
	n := 0
	for {
		worked, err := ps.media.ProcessNext(context.Background())
		if err != nil {
			t.Fatalf("ProcessNext: %v", err)
		}
		if !worked {
			return n
		}
		n++
	}
}

// adminPhoto is the back office's AdminPhoto.
type adminPhoto struct {
	ID           string            `json:"id"`
	Source       string            `json:"source"`
	Status       string            `json:"status"`
	Error        *string           `json:"error"`
	URL          *string           `json:"url"`
	ThumbnailURL *string           `json:"thumbnail_url"`
	AltText      string            `json:"alt_text"`
	DisplayOrder int               `json:"display_order"`
	Width        *int              `json:"width"`
	Height       *int              `json:"height"`
	Srcset       *detaildoc.Srcset `json:"srcset"`
}

func decodeJSON[T any](t testing.TB, what string, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("%s: %v: %s", what, err, w.Body)
	}
	return v
}

// photos is what GET .../photos lists.
func (ps *photoStack) photos(t *testing.T, id string) []adminPhoto {
	t.Helper()
	w := ps.Admin("GET", "/api/admin/properties/"+id+"/photos", nil)
	wantStatus(t, "photos", w, http.StatusOK)
	return decodeJSON[struct{ Photos []adminPhoto }](t, "photos", w).Photos
}

// detail is the public detail's photos and ETag.
func (ps *photoStack) detail(t *testing.T, slug string, headers ...string) ([]detaildoc.Photo, string, *httptest.ResponseRecorder) {
	t.Helper()
	w := ps.Call("GET", "/api/v1/properties/"+slug, nil, headers...)
	if w.Code == http.StatusNotModified {
		return nil, w.Header().Get("ETag"), w
	}
	wantStatus(t, "detail", w, http.StatusOK)
	return decodeJSON[struct{ Photos []detaildoc.Photo }](t, "detail", w).Photos, w.Header().Get("ETag"), w
}

// ids are the photos' ids, in order.
func ids(photos []adminPhoto) []string {
	out := make([]string, len(photos))
	for i, ph := range photos {
		out[i] = ph.ID
	}
	return out
}

// formPart is one part of a multipart/form-data body: a field, or a file
// when filename is set.
type formPart struct {
	name, filename, contentType string
	data                        []byte
}

func field(name, value string) formPart { return formPart{name: name, data: []byte(value)} }

func file(filename, contentType string, data []byte) formPart {
	return formPart{name: "file", filename: filename, contentType: contentType, data: data}
}

// multipartForm is a form as a browser sends it, its parts in order; it
// returns the body and its Content-Type.
func multipartForm(t testing.TB, parts ...formPart) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		disposition := `form-data; name="` + p.name + `"`
		if p.filename != "" {
			disposition += `; filename="` + p.filename + `"`
			h.Set("Content-Type", p.contentType)
		}
		h.Set("Content-Disposition", disposition)
		pw, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(p.data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), mw.FormDataContentType()
}

// upload sends a photo as the back office does: the description, then
// the file.
func (ps *photoStack) upload(id, alt, filename, contentType string, data []byte) *httptest.ResponseRecorder {
	ps.T.Helper()
	body, ct := multipartForm(ps.T, field("alt_text", alt), file(filename, contentType, data))
	return ps.Admin("POST", "/api/admin/properties/"+id+"/photos", body, "Content-Type", ct)
}

// testImage is a w×h picture with some detail in it.
func testImage(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x ^ y) & 0xff), 255})
		}
	}
	return img
}

func jpegFile(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(w, h), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngFile(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, testImage(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func webpFile(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := webpenc.Encode(&b, testImage(w, h), webpenc.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// contentID is the id of an uploaded file's image: the first 16 bytes of
// its SHA-256, in hex.
func contentID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// wantDetailMsg fails unless w is a 422 whose details say exactly msg about
// field.
func wantDetailMsg(t testing.TB, what string, w *httptest.ResponseRecorder, field, msg string) {
	t.Helper()
	wantStatus(t, what, w, http.StatusUnprocessableEntity)
	e := decodeJSON[struct {
		Error   string              `json:"error"`
		Details map[string][]string `json:"details"`
	}](t, what, w)
	if e.Error != "Dados inválidos" || !reflect.DeepEqual(e.Details[field], []string{msg}) {
		t.Fatalf("%s: %s, want details.%s = [%q]", what, w.Body, field, msg)
	}
}

// nothingStored fails unless the property's photos and the media files
// are what they were.
func (ps *photoStack) nothingStored(t *testing.T, what, id string, photos []adminPhoto, files []string) {
	t.Helper()
	if got := ps.photos(t, id); !reflect.DeepEqual(got, photos) {
		t.Errorf("%s: the photos became %+v, were %+v", what, got, photos)
	}
	if got := ps.files(t); !slices.Equal(got, files) {
		t.Errorf("%s: the media files became %v, were %v", what, got, files)
	}
}

const (
	msgHEIC        = "Fotos HEIC (o formato padrão do iPhone) não são aceitas. Envie em JPEG: no iPhone, em Ajustes › Câmera › Formatos, escolha \"Mais Compatível\", ou exporte a foto como JPEG."
	msgPhotoFormat = "Formato de arquivo não suportado. Envie fotos em JPEG, PNG ou WebP."
	msgNoFilePart  = "Envie a foto no campo \"file\" de um formulário multipart/form-data."
	msgOrder       = "Informe cada foto do imóvel uma vez, na nova ordem."
)

// TestPhotoUpload: a photo uploaded through the API, on both databases:
// stored and answered as processing, appended last, kept out of the
// public detail until the media service makes its variants, then ready
// with its addresses in the back office's list and in the public detail,
// whose ETag changes; the same file sent again is ready at once; PNG and
// WebP files are taken as well.
func TestPhotoUpload(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Apartamento Centro", "apartamento-centro")
			before := ps.photos(t, p.ID)
			if len(before) != 2 {
				t.Fatalf("the fixture's photos: %+v", before)
			}
			_, etag, _ := ps.detail(t, p.Slug)
			if _, _, w := ps.detail(t, p.Slug, "If-None-Match", etag); w.Code != http.StatusNotModified {
				t.Fatalf("revalidating the unchanged detail: %d, want 304", w.Code)
			}

			src := jpegFile(t, 640, 480)
			id := contentID(src)
			w := ps.upload(p.ID, "  Fachada do prédio ", "IMG_0042.JPG", "image/jpeg", src)
			wantStatus(t, "upload", w, http.StatusCreated)
			up := decodeJSON[adminPhoto](t, "upload", w)
			if len(up.ID) != 32 || up.Source != "upload" || up.Status != "processing" || up.Error != nil || up.URL != nil ||
				up.ThumbnailURL != nil || up.Width != nil || up.Height != nil || up.Srcset != nil ||
				up.AltText != "Fachada do prédio" || up.DisplayOrder != 2 {
				t.Fatalf("upload answered %s", w.Body)
			}
			if got := ps.photos(t, p.ID); len(got) != 3 || !reflect.DeepEqual(got[:2], before) || !reflect.DeepEqual(got[2], up) {
				t.Fatalf("after the upload the photos are %+v, want the fixture's then %+v", got, up)
			}
			if got, want := ps.files(t), []string{"originals/" + id + ".jpg"}; !slices.Equal(got, want) {
				t.Fatalf("stored %v, want %v", got, want)
			}
			if photos, _, _ := ps.detail(t, p.Slug); len(photos) != 2 {
				t.Fatalf("the public detail shows a photo still processing: %+v", photos)
			}

			if n := ps.processAll(t); n != 1 {
				t.Fatalf("processed %d images, want 1", n)
			}
			var want []string
			for _, name := range []string{"-480.jpg", "-480.webp", "-640.jpg", "-640.webp"} {
				want = append(want, id+name)
			}
			want = append(want, "originals/"+id+".jpg")
			if got := ps.files(t); !slices.Equal(got, want) {
				t.Fatalf("after processing the files are %v, want %v", got, want)
			}
			base := mediaBase + id
			wantSrcset := detaildoc.Srcset{JPEG: base + "-480.jpg 480w, " + base + "-640.jpg 640w", WebP: base + "-480.webp 480w, " + base + "-640.webp 640w"}
			ready := ps.photos(t, p.ID)[2]
			if ready.ID != up.ID || ready.Source != "upload" || ready.Status != "ready" || ready.Error != nil ||
				ready.URL == nil || *ready.URL != base+"-640.jpg" || ready.ThumbnailURL == nil || *ready.ThumbnailURL != base+"-480.jpg" ||
				ready.Width == nil || *ready.Width != 640 || ready.Height == nil || *ready.Height != 480 ||
				ready.Srcset == nil || *ready.Srcset != wantSrcset || ready.DisplayOrder != 2 {
				t.Fatalf("once processed: %+v", ready)
			}

			photos, etag2, w := ps.detail(t, p.Slug, "If-None-Match", etag)
			if w.Code != http.StatusOK || etag2 == "" || etag2 == etag {
				t.Fatalf("revalidating the detail after processing: %d with ETag %q (was %q), want 200 and a new ETag", w.Code, etag2, etag)
			}
			if len(photos) != 3 {
				t.Fatalf("the public detail lists %+v, want the upload third", photos)
			}
			if got := photos[2]; got.URL != base+"-640.jpg" || got.AltText != "Fachada do prédio" || got.DisplayOrder != 2 ||
				got.Width == nil || *got.Width != 640 || got.Height == nil || *got.Height != 480 ||
				got.Srcset == nil || *got.Srcset != wantSrcset {
				t.Fatalf("the public detail's upload: %+v", got)
			}
			if got := photos[0]; got.URL != "https://img.example.com/ap42/sala.jpg" || got.Width != nil || got.Height != nil || got.Srcset != nil {
				t.Errorf("an external photo in the public detail: %+v", got)
			}

			// The same file again: the same image, ready at once, nothing
			// more to process or store.
			w = ps.upload(p.ID, "", "copia.jpg", "image/jpeg", src)
			wantStatus(t, "the same file again", w, http.StatusCreated)
			again := decodeJSON[adminPhoto](t, "the same file again", w)
			if again.ID == up.ID || again.Status != "ready" || again.URL == nil || *again.URL != base+"-640.jpg" || again.DisplayOrder != 3 {
				t.Errorf("the same file again: %s", w.Body)
			}
			if n := ps.processAll(t); n != 0 {
				t.Errorf("the same file again was processed again (%d)", n)
			}
			if got := ps.files(t); !slices.Equal(got, want) {
				t.Errorf("the same file again changed the files: %v", got)
			}

			// PNG and WebP: the content decides, not the name.
			for _, f := range []struct {
				name, original string
				data           []byte
			}{
				{"planta.png", "png", pngFile(t, 500, 400)},
				{"quarto.jpg", "webp", webpFile(t, 500, 400)},
			} {
				w := ps.upload(p.ID, "", f.name, "image/jpeg", f.data)
				wantStatus(t, f.name, w, http.StatusCreated)
				if n := ps.processAll(t); n != 1 {
					t.Fatalf("%s: processed %d images", f.name, n)
				}
				fid := contentID(f.data)
				got := ps.photos(t, p.ID)
				last := got[len(got)-1]
				if last.Status != "ready" || last.URL == nil || *last.URL != mediaBase+fid+"-500.jpg" || *last.Width != 500 || *last.Height != 400 {
					t.Errorf("%s once processed: %+v", f.name, last)
				}
				if !slices.Contains(ps.files(t), "originals/"+fid+"."+f.original) {
					t.Errorf("%s: no original %s.%s in %v", f.name, fid, f.original, ps.files(t))
				}
			}
		})
	}
}

// TestPhotoUploadRefused: files and bodies the upload refuses, each with
// its status and its words, and nothing stored for any.
func TestPhotoUploadRefused(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Casa na Lagoa", "casa-na-lagoa")
			photos, files := ps.photos(t, p.ID), ps.files(t)
			bad := ps.BadInput() // the document cannot state what a file holds
			path := "/api/admin/properties/" + p.ID + "/photos"
			send := func(parts ...formPart) *httptest.ResponseRecorder {
				body, ct := multipartForm(t, parts...)
				return bad.Admin("POST", path, body, "Content-Type", ct)
			}
			photo := jpegFile(t, 64, 48)

			over := append(jpegFile(t, 64, 48), make([]byte, testMaxBytes)...)
			wantError(t, "a file over the limit", send(field("alt_text", "Sala"), file("grande.jpg", "image/jpeg", over)),
				http.StatusRequestEntityTooLarge, "A foto tem mais de 1 MB, o máximo. Reduza o arquivo e envie de novo.")
			ps.nothingStored(t, "a file over the limit", p.ID, photos, files)

			heic := []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta")
			wantError(t, "HEIC", send(file("IMG_0001.HEIC", "image/heic", heic)), http.StatusUnsupportedMediaType, msgHEIC)
			ps.nothingStored(t, "HEIC", p.ID, photos, files)

			wantError(t, "text named foto.jpg", send(file("foto.jpg", "image/jpeg", []byte("Isto não é uma foto, é um texto.\n"))),
				http.StatusUnsupportedMediaType, msgPhotoFormat)
			ps.nothingStored(t, "text named foto.jpg", p.ID, photos, files)

			wantDetailMsg(t, "20000×20000 declared", send(file("bomba.png", "image/png", imagingtest.PNGBomb(20000, 20000))), "file",
				"A foto tem resolução demais: o máximo é 50 megapixels. Reduza a foto e envie de novo.")
			ps.nothingStored(t, "20000×20000 declared", p.ID, photos, files)

			wantDetailMsg(t, "a truncated JPEG", send(file("cortada.jpg", "image/jpeg", photo[:len(photo)/2])), "file",
				"O arquivo está corrompido ou incompleto. Envie a foto de novo.")
			ps.nothingStored(t, "a truncated JPEG", p.ID, photos, files)

			wantDetailMsg(t, "an empty file", send(file("vazia.jpg", "image/jpeg", nil)), "file", "O arquivo está vazio.")
			ps.nothingStored(t, "an empty file", p.ID, photos, files)

			wantDetailMsg(t, "no file part", send(field("alt_text", "Sala")), "file", msgNoFilePart)
			wantDetailMsg(t, "the file under another name", send(formPart{name: "foto", filename: "sala.jpg", contentType: "image/jpeg", data: photo}),
				"file", msgNoFilePart)
			wantDetailMsg(t, "multipart without a boundary", bad.Admin("POST", path, "--x--", "Content-Type", "multipart/form-data"),
				"file", msgNoFilePart)
			wantDetailMsg(t, "a description too long", send(field("alt_text", strings.Repeat("a", 301)), file("sala.jpg", "image/jpeg", photo)),
				"alt_text", "Deve ter no máximo 300 caracteres.")
			ps.nothingStored(t, "malformed forms", p.ID, photos, files)

			// A body that is neither a form nor JSON is refused unread.
			wantError(t, "a text body", bad.Admin("POST", path, "foto da sala", "Content-Type", "text/plain"),
				http.StatusUnsupportedMediaType, msgMediaType)
			wantError(t, "a bare JPEG body", bad.Admin("POST", path, photo, "Content-Type", "image/jpeg"),
				http.StatusUnsupportedMediaType, msgMediaType)
			ps.nothingStored(t, "bodies that are not forms", p.ID, photos, files)

			body, ct := multipartForm(t, file("sala.jpg", "image/jpeg", photo))
			wantError(t, "no token", bad.Call("POST", path, body, "Content-Type", ct), http.StatusUnauthorized, "Não autorizado")
			ps.nothingStored(t, "no token", p.ID, photos, files)

			gone := ps.Property("Terreno vendido", "terreno-vendido")
			if err := ps.Store.DeleteProperty(context.Background(), gone.ID); err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{gone.ID, "nao-existe"} {
				wantError(t, "unknown property "+id, ps.Admin("POST", "/api/admin/properties/"+id+"/photos", body, "Content-Type", ct),
					http.StatusNotFound, "Imóvel não encontrado")
			}
			ps.nothingStored(t, "unknown property", p.ID, photos, files)
		})
	}
}

// TestExternalPhotos: a photo given by its address (JSON), its refusals,
// its description changed (PATCH) and removed (DELETE), on both
// databases; and what the routes answer for a photo they do not have.
func TestExternalPhotos(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Casa no Campeche", "casa-no-campeche")
			other := ps.Property("Sala comercial", "sala-comercial")
			path := "/api/admin/properties/" + p.ID + "/photos"
			files := ps.files(t)

			const url = "https://img.example.com/campeche/piscina.jpg"
			w := ps.Admin("POST", path, map[string]any{"url": url, "alt_text": " Piscina "})
			wantStatus(t, "add by url", w, http.StatusCreated)
			ext := decodeJSON[adminPhoto](t, "add by url", w)
			if len(ext.ID) != 32 || ext.Source != "url" || ext.Status != "ready" || ext.Error != nil ||
				ext.URL == nil || *ext.URL != url || ext.ThumbnailURL == nil || *ext.ThumbnailURL != url ||
				ext.Width != nil || ext.Height != nil || ext.Srcset != nil || ext.AltText != "Piscina" || ext.DisplayOrder != 2 {
				t.Fatalf("add by url answered %s", w.Body)
			}
			photos := ps.photos(t, p.ID)
			if len(photos) != 3 || !reflect.DeepEqual(photos[2], ext) {
				t.Fatalf("the photos after adding by url: %+v", photos)
			}
			if pub, _, _ := ps.detail(t, p.Slug); len(pub) != 3 || pub[2].URL != url || pub[2].AltText != "Piscina" || pub[2].Srcset != nil {
				t.Errorf("the public detail after adding by url: %+v", pub)
			}
			if got := ps.files(t); !slices.Equal(got, files) {
				t.Errorf("an external photo stored files: %v", got)
			}

			bad := ps.BadInput()
			wantDetailMsg(t, "a relative url", bad.Admin("POST", path, map[string]any{"url": "/fotos/piscina.jpg"}),
				"url", "Informe um endereço http(s) completo.")
			wantDetailMsg(t, "no url", bad.Admin("POST", path, map[string]any{"alt_text": "Piscina"}), "url", "Campo obrigatório.")
			wantDetailMsg(t, "an unknown field", bad.Admin("POST", path, map[string]any{"url": url, "legenda": "Piscina"}),
				"legenda", "Campo desconhecido.")
			wantDetailMsg(t, "a description too long", bad.Admin("POST", path, map[string]any{"url": url, "alt_text": strings.Repeat("é", 301)}),
				"alt_text", "Deve ter no máximo 300 caracteres.")
			ps.nothingStored(t, "refused urls", p.ID, photos, files)

			// PATCH: the description.
			photoPath := path + "/" + ext.ID
			w = ps.Admin("PATCH", photoPath, map[string]any{"alt_text": "Piscina aquecida"})
			wantStatus(t, "patch", w, http.StatusOK)
			ext.AltText = "Piscina aquecida"
			if got := decodeJSON[adminPhoto](t, "patch", w); !reflect.DeepEqual(got, ext) {
				t.Fatalf("patch answered %+v, want %+v", got, ext)
			}
			photos[2] = ext
			if got := ps.photos(t, p.ID); !reflect.DeepEqual(got, photos) {
				t.Fatalf("after the patch: %+v", got)
			}
			if pub, _, _ := ps.detail(t, p.Slug); pub[2].AltText != "Piscina aquecida" {
				t.Errorf("the public detail after the patch: %+v", pub)
			}
			wantDetailMsg(t, "a description over 300 characters", bad.Admin("PATCH", photoPath, map[string]any{"alt_text": strings.Repeat("a", 301)}),
				"alt_text", "Deve ter no máximo 300 caracteres.")
			wantDetailMsg(t, "patch without alt_text", bad.Admin("PATCH", photoPath, map[string]any{}), "alt_text", "Campo obrigatório.")
			wantDetailMsg(t, "patch with an unknown field", bad.Admin("PATCH", photoPath, map[string]any{"alt_text": "x", "url": url}),
				"url", "Campo desconhecido.")
			ps.nothingStored(t, "refused patches", p.ID, photos, files)

			// A photo the property does not have; a property unknown.
			unknown := strings.Repeat("ab", 16)
			for what, target := range map[string]string{
				"an unknown photo":            path + "/" + unknown,
				"a photo of another property": "/api/admin/properties/" + other.ID + "/photos/" + ext.ID,
			} {
				wantError(t, "patch "+what, ps.Admin("PATCH", target, map[string]any{"alt_text": "Outra"}), http.StatusNotFound, "Foto não encontrada")
				wantError(t, "delete "+what, ps.Admin("DELETE", target, nil), http.StatusNotFound, "Foto não encontrada")
			}
			wantError(t, "patch on an unknown property", ps.Admin("PATCH", "/api/admin/properties/nao-existe/photos/"+ext.ID,
				map[string]any{"alt_text": "Outra"}), http.StatusNotFound, "Imóvel não encontrado")
			wantError(t, "photos of an unknown property", ps.Admin("GET", "/api/admin/properties/nao-existe/photos", nil),
				http.StatusNotFound, "Imóvel não encontrado")
			ps.nothingStored(t, "a photo the property does not have", p.ID, photos, files)
			if got := ps.photos(t, other.ID); len(got) != 2 {
				t.Errorf("the other property's photos: %+v", got)
			}

			// DELETE.
			w = ps.Admin("DELETE", photoPath, nil)
			wantStatus(t, "delete", w, http.StatusNoContent)
			if w.Body.Len() != 0 {
				t.Errorf("delete answered a body: %s", w.Body)
			}
			wantError(t, "delete again", ps.Admin("DELETE", photoPath, nil), http.StatusNotFound, "Foto não encontrada")
			wantError(t, "patch the deleted photo", ps.Admin("PATCH", photoPath, map[string]any{"alt_text": "x"}), http.StatusNotFound, "Foto não encontrada")
			if got := ps.photos(t, p.ID); !reflect.DeepEqual(got, photos[:2]) {
				t.Errorf("after the delete: %+v", got)
			}
			if pub, _, _ := ps.detail(t, p.Slug); len(pub) != 2 || slices.ContainsFunc(pub, func(ph detaildoc.Photo) bool { return ph.URL == url }) {
				t.Errorf("the public detail still lists the deleted photo: %+v", pub)
			}
		})
	}
}

// TestReorderAndDeletePhotos: the order of a property's photos, an upload
// among them, set by PUT .../photos and followed by the public detail and
// the list's cover; its refusals; a deleted upload leaves the public
// detail.
func TestReorderAndDeletePhotos(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Cobertura Beira-Mar", "cobertura-beira-mar")
			path := "/api/admin/properties/" + p.ID + "/photos"
			wantStatus(t, "upload", ps.upload(p.ID, "Vista", "vista.jpg", "image/jpeg", jpegFile(t, 640, 480)), http.StatusCreated)
			ps.processAll(t)
			photos := ps.photos(t, p.ID)
			if len(photos) != 3 || photos[2].Status != "ready" {
				t.Fatalf("photos: %+v", photos)
			}

			order := []string{photos[2].ID, photos[0].ID, photos[1].ID}
			w := ps.Admin("PUT", path, map[string]any{"ids": order})
			wantStatus(t, "reorder", w, http.StatusOK)
			got := decodeJSON[struct{ Photos []adminPhoto }](t, "reorder", w).Photos
			if !slices.Equal(ids(got), order) {
				t.Fatalf("reorder answered %v, want %v", ids(got), order)
			}
			for i, ph := range got {
				if ph.DisplayOrder != i {
					t.Errorf("photo %d has display_order %d", i, ph.DisplayOrder)
				}
			}
			if list := ps.photos(t, p.ID); !reflect.DeepEqual(list, got) {
				t.Errorf("the list after the reorder: %+v, want %+v", list, got)
			}
			pub, _, _ := ps.detail(t, p.Slug)
			var urls []string
			for _, ph := range pub {
				urls = append(urls, ph.URL)
			}
			if want := []string{*got[0].URL, *got[1].URL, *got[2].URL}; !slices.Equal(urls, want) {
				t.Errorf("the public detail's order: %v, want %v", urls, want)
			}
			w = ps.Call("GET", "/api/v1/properties", nil)
			wantStatus(t, "list", w, http.StatusOK)
			list := decodeJSON[struct {
				Items []struct {
					Slug  string
					Cover *detaildoc.Photo
				}
			}](t, "list", w)
			if len(list.Items) != 1 || list.Items[0].Cover == nil || list.Items[0].Cover.URL != *got[0].URL || list.Items[0].Cover.Srcset == nil {
				t.Errorf("the list's cover is not the upload put first: %s", w.Body)
			}

			bad := ps.BadInput()
			photos = got
			for what, body := range map[string]any{
				"a missing id":  map[string]any{"ids": order[:2]},
				"a duplicate":   map[string]any{"ids": []string{order[0], order[1], order[1]}},
				"an unknown id": map[string]any{"ids": []string{order[0], order[1], strings.Repeat("cd", 16)}},
				"no id":         map[string]any{"ids": []string{}},
			} {
				wantDetailMsg(t, what, bad.Admin("PUT", path, body), "ids", msgOrder)
			}
			wantDetailMsg(t, "not a list", bad.Admin("PUT", path, map[string]any{"ids": order[0]}), "ids", "Informe uma lista de textos.")
			wantDetailMsg(t, "numbers", bad.Admin("PUT", path, map[string]any{"ids": []int{1, 2, 3}}), "ids", "Informe uma lista de textos.")
			wantDetailMsg(t, "no ids", bad.Admin("PUT", path, map[string]any{}), "ids", "Campo obrigatório.")
			wantDetailMsg(t, "an unknown field", bad.Admin("PUT", path, map[string]any{"ids": order, "cover": order[0]}), "cover", "Campo desconhecido.")
			ps.nothingStored(t, "refused orders", p.ID, photos, ps.files(t))
			wantError(t, "reorder an unknown property", ps.Admin("PUT", "/api/admin/properties/nao-existe/photos", map[string]any{"ids": order}),
				http.StatusNotFound, "Imóvel não encontrado")

			// Deleting the upload: gone from the back office and the public
			// detail; its files stay (pages may still point at them) until
			// the sweep's grace period passes.
			files := ps.files(t)
			w = ps.Admin("DELETE", path+"/"+order[0], nil)
			wantStatus(t, "delete the upload", w, http.StatusNoContent)
			wantError(t, "delete the upload again", ps.Admin("DELETE", path+"/"+order[0], nil), http.StatusNotFound, "Foto não encontrada")
			if got := ps.photos(t, p.ID); !slices.Equal(ids(got), order[1:]) || got[0].DisplayOrder != 0 {
				t.Errorf("after deleting the upload: %+v", got)
			}
			if pub, _, _ := ps.detail(t, p.Slug); len(pub) != 2 || pub[0].URL != *photos[1].URL || pub[0].Srcset != nil {
				t.Errorf("the public detail after deleting the upload: %+v", pub)
			}
			if got := ps.files(t); !slices.Equal(got, files) {
				t.Errorf("deleting the photo removed its files at once: %v, were %v", got, files)
			}
		})
	}
}

// TestPropertyUpdateKeepsUploads: the property PUT and an uploaded photo:
// the photos the admin read gives, sent back, keep the upload as it is
// (not an external address); an item naming it by id keeps it; an id the
// property does not have is refused; a body without "photos" leaves them.
func TestPropertyUpdateKeepsUploads(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Casa em Jurerê", "casa-em-jurere")
			propPath := "/api/admin/properties/" + p.ID
			wantStatus(t, "upload", ps.upload(p.ID, "Fachada", "fachada.jpg", "image/jpeg", jpegFile(t, 640, 480)), http.StatusCreated)
			ps.processAll(t)
			photos := ps.photos(t, p.ID)
			upload := photos[2]
			if upload.Status != "ready" {
				t.Fatalf("the upload: %+v", upload)
			}

			w := ps.Admin("GET", propPath, nil)
			wantStatus(t, "admin read", w, http.StatusOK)
			read := decodeMap(t, w.Body.Bytes())
			sent, _ := read["photos"].([]any)
			if len(sent) != 3 || sent[2].(map[string]any)["url"] != *upload.URL {
				t.Fatalf("the admin read's photos: %v", read["photos"])
			}
			w = ps.Admin("PUT", propPath, map[string]any{"title": "Casa em Jurerê Internacional", "photos": sent})
			wantStatus(t, "put the photos read", w, http.StatusOK)
			after := ps.photos(t, p.ID)
			if len(after) != 3 || !reflect.DeepEqual(after[2], upload) {
				t.Fatalf("the upload sent back became %+v, want %+v", after, upload)
			}
			for i := range 2 {
				if after[i].Source != "url" || *after[i].URL != *photos[i].URL || after[i].AltText != photos[i].AltText {
					t.Errorf("external photo %d sent back became %+v, was %+v", i, after[i], photos[i])
				}
			}
			if pub, _, _ := ps.detail(t, p.Slug); len(pub) != 3 || pub[2].Srcset == nil || pub[2].URL != *upload.URL {
				t.Errorf("the public detail after the PUT: %+v", pub)
			}

			// By id, with a new description, first; the external photos left
			// out are removed.
			w = ps.Admin("PUT", propPath, map[string]any{"photos": []any{
				map[string]any{"id": upload.ID, "alt_text": "Fachada à noite"},
				map[string]any{"url": "https://img.example.com/jurere/praia.jpg", "alt_text": "Praia"},
			}})
			wantStatus(t, "put by id", w, http.StatusOK)
			after = ps.photos(t, p.ID)
			if len(after) != 2 || after[0].ID != upload.ID || after[0].Source != "upload" || after[0].Status != "ready" ||
				*after[0].URL != *upload.URL || after[0].AltText != "Fachada à noite" || after[0].DisplayOrder != 0 ||
				after[1].Source != "url" || *after[1].URL != "https://img.example.com/jurere/praia.jpg" {
				t.Fatalf("after the PUT by id: %+v", after)
			}

			unknown := strings.Repeat("ef", 16)
			files := ps.files(t)
			wantDetailMsg(t, "an unknown photo id", ps.BadInput().Admin("PUT", propPath, map[string]any{"photos": []any{
				map[string]any{"id": unknown}, map[string]any{"id": upload.ID},
			}}), "photos[0].id", "Foto não encontrada neste imóvel.")
			ps.nothingStored(t, "an unknown photo id", p.ID, after, files)

			w = ps.Admin("PUT", propPath, map[string]any{"title": "Casa em Jurerê", "bedrooms": 4})
			wantStatus(t, "put without photos", w, http.StatusOK)
			ps.nothingStored(t, "a PUT without photos", p.ID, after, files)
		})
	}
}

// TestMediaFiles: GET /media/{name} serves a variant, cacheable for good,
// with revalidation, ranges and HEAD; the originals and anything that is
// not a variant are a JSON 404.
func TestMediaFiles(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStack(t, d)
			p := ps.Property("Loft no Centro", "loft-no-centro")
			src := jpegFile(t, 640, 480)
			id := contentID(src)
			wantStatus(t, "upload", ps.upload(p.ID, "", "loft.jpg", "image/jpeg", src), http.StatusCreated)

			name := id + "-640.jpg"
			wantMediaNotFound(t, "a variant not made yet", ps.Call("GET", "/media/"+name, nil))
			ps.processAll(t)

			w := ps.Call("GET", "/media/"+name, nil)
			wantStatus(t, "variant", w, http.StatusOK)
			h := w.Header()
			etag := h.Get("ETag")
			if h.Get("Cache-Control") != "public, max-age=31536000, immutable" || etag != `"`+name+`"` ||
				h.Get("Content-Type") != "image/jpeg" || h.Get("X-Content-Type-Options") != "nosniff" ||
				h.Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
				t.Errorf("variant headers: %v", h)
			}
			file := w.Body.Bytes()
			cfg, format, err := image.DecodeConfig(bytes.NewReader(file))
			if err != nil || format != "jpeg" || cfg.Width != 640 || cfg.Height != 480 {
				t.Errorf("the variant is %s %dx%d (%v)", format, cfg.Width, cfg.Height, err)
			}
			if bytes.Equal(file, src) {
				t.Error("the variant is the original as uploaded")
			}

			w = ps.Call("GET", "/media/"+id+"-480.webp", nil)
			wantStatus(t, "webp variant", w, http.StatusOK)
			if cfg, err := webp.DecodeConfig(bytes.NewReader(w.Body.Bytes())); err != nil || cfg.Width != 480 || cfg.Height != 360 ||
				w.Header().Get("Content-Type") != "image/webp" {
				t.Errorf("the WebP variant: %v %+v, Content-Type %q", err, cfg, w.Header().Get("Content-Type"))
			}

			w = ps.Call("GET", "/media/"+name, nil, "If-None-Match", etag)
			wantStatus(t, "revalidation", w, http.StatusNotModified)
			if w.Body.Len() != 0 || w.Header().Get("ETag") != etag {
				t.Errorf("304: body %d bytes, ETag %q", w.Body.Len(), w.Header().Get("ETag"))
			}

			w = ps.Call("GET", "/media/"+name, nil, "Range", "bytes=0-99")
			wantStatus(t, "range", w, http.StatusPartialContent)
			if !bytes.Equal(w.Body.Bytes(), file[:100]) || w.Header().Get("Content-Range") != "bytes 0-99/"+strconv.Itoa(len(file)) {
				t.Errorf("range: %d bytes, Content-Range %q", w.Body.Len(), w.Header().Get("Content-Range"))
			}

			w = ps.Call("HEAD", "/media/"+name, nil)
			wantStatus(t, "HEAD", w, http.StatusOK)
			if w.Body.Len() != 0 || w.Header().Get("Content-Length") != strconv.Itoa(len(file)) || w.Header().Get("ETag") != etag {
				t.Errorf("HEAD: body %d bytes, headers %v", w.Body.Len(), w.Header())
			}

			for _, path := range []string{
				"/media/originals/" + id + ".jpg",
				"/media/originals%2F" + id + ".jpg",
				"/media/..%2Foriginals%2F" + id + ".jpg",
				"/media/..%5Coriginals%5C" + id + ".jpg",
				"/media/" + id + "-640.jpg/x",
				"/media/",
				"/media/" + id + "-1920.jpg",
				"/media/" + id + "-640.png",
				"/media/" + id + ".jpg",
				"/media/" + strings.ToUpper(id) + "-640.jpg",
				"/media/" + strings.Repeat("0", 32) + "-640.jpg",
			} {
				wantMediaNotFound(t, path, ps.Call("GET", path, nil))
			}
			// A path with a literal ../ is cleaned by the server's router,
			// which redirects to the clean path, outside /media/: no file
			// there.
			for _, path := range []string{
				"/media/../originals/" + id + ".jpg",
				"/media/" + name + "/../../originals/" + id + ".jpg",
			} {
				w := ps.Call("GET", path, nil)
				if loc := w.Header().Get("Location"); w.Code/100 != 3 || loc != "/originals/"+id+".jpg" {
					t.Fatalf("%s: %d, Location %q; want a redirect to the clean path", path, w.Code, loc)
				}
				w = ps.Call("GET", w.Header().Get("Location"), nil)
				if w.Code != http.StatusNotFound || bytes.Contains(w.Body.Bytes(), src[:64]) {
					t.Errorf("%s, redirected: %d, %d bytes", path, w.Code, w.Body.Len())
				}
			}
		})
	}
}

// wantMediaNotFound fails unless w is the media service's JSON 404.
func wantMediaNotFound(t *testing.T, what string, w *httptest.ResponseRecorder) {
	t.Helper()
	wantError(t, what, w, http.StatusNotFound, "Arquivo não encontrado")
	if w.Header().Get("Cache-Control") == "public, max-age=31536000, immutable" {
		t.Errorf("%s: a 404 cached for good", what)
	}
}

// TestPhotosWithoutMedia: a server with no media storage refuses uploads
// with its reason, still takes external photos, and serves no /media/
// file.
func TestPhotosWithoutMedia(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d}.Start(t)
			p := s.Property("Kitnet na Trindade", "kitnet-na-trindade")
			path := "/api/admin/properties/" + p.ID + "/photos"
			body, ct := multipartForm(t, field("alt_text", "Sala"), file("sala.jpg", "image/jpeg", jpegFile(t, 64, 48)))
			w := s.Admin("POST", path, body, "Content-Type", ct)
			wantError(t, "upload without media", w, http.StatusServiceUnavailable, "O envio de fotos não está disponível neste servidor.")
			if w.Header().Get("Retry-After") == "" {
				t.Errorf("503 without Retry-After: %v", w.Header())
			}
			ph, err := s.Store.PropertyPhotos(context.Background(), p.ID)
			if err != nil || len(ph) != 2 {
				t.Fatalf("photos after the refused upload: %+v, %v", ph, err)
			}
			w = s.Admin("POST", path, map[string]any{"url": "https://img.example.com/trindade/sala.jpg"})
			wantStatus(t, "external photo without media", w, http.StatusCreated)
			wantMediaNotFound(t, "media without media", s.Call("GET", "/media/"+strings.Repeat("0", 32)+"-480.jpg", nil))
		})
	}
}
