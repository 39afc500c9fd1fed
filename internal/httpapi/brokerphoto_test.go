package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// userPhoto is the back office's UserPhoto.
type userPhoto struct {
	Status string  `json:"status"`
	Error  *string `json:"error"`
	URL    *string `json:"url"`
}

type photoUser struct {
	ID    int64      `json:"id"`
	Name  string     `json:"name"`
	Photo *userPhoto `json:"photo"`
}

// rotatedJPEG is a real JPEG from the media service's tests, displayed
// 700×1000 (its EXIF orientation turns it).
func rotatedJPEG(t *testing.T) []byte {
	t.Helper()
	jpg, err := os.ReadFile("../media/testdata/rotated.jpg")
	if err != nil {
		t.Fatal(err)
	}
	return jpg
}

// TestBrokerPhotoOverHTTP: a broker sends their photo, a real JPEG, as a
// property photo is sent; it is processed by the media service and shows
// on the public page of their listing (the cached answer included) and
// in the back office, refused files change nothing, the sweep keeps it
// while the broker shows it, and removing it takes it off the page and
// leaves it to the sweep. A corretor may change their own photo only.
func TestBrokerPhotoOverHTTP(t *testing.T) {
	t.Parallel()
	jpg := rotatedJPEG(t)
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			// A grace period of a nanosecond: what the sweep may remove, it
			// removes at once.
			ps := newPhotoStackOn(t, httpapi.Harness{Dialect: d, Config: httpapi.Config{CacheBytes: 8 << 20}},
				media.Config{Grace: time.Nanosecond})
			ctx := context.Background()
			const hash = "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"
			session := func(email, name string) (listing.User, string) {
				u, err := ps.Store.CreateUser(ctx, listing.UserInput{Email: email, Name: name, Password: "senha-forte-123"}, hash)
				if err != nil {
					t.Fatal(err)
				}
				token, _, err := ps.Store.CreateSession(ctx, u.ID, "Mozilla/5.0", store.SessionLimits{Idle: time.Hour, Max: 24 * time.Hour})
				if err != nil {
					t.Fatal(err)
				}
				return u, token
			}
			ana, anaToken := session("ana@imobiliaria.com.br", "Ana Souza")
			bia, biaToken := session("bia@imobiliaria.com.br", "Bia Lima")
			as := func(token, method, path string, body any, headers ...string) *httptest.ResponseRecorder {
				return ps.Call(method, path, body, append([]string{"Authorization", "Bearer " + token}, headers...)...)
			}
			photoPath := func(id int64) string { return "/api/admin/users/" + strconv.FormatInt(id, 10) + "/photo" }
			send := func(s *httpapi.Stack, token string, id int64, parts ...formPart) *httptest.ResponseRecorder {
				body, ct := multipartForm(t, parts...)
				return s.Call("PUT", photoPath(id), body, "Authorization", "Bearer "+token, "Content-Type", ct)
			}
			p := ps.Property("Casa da Ana", "casa-da-ana")
			wantStatus(t, "set the broker", ps.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"broker_id": ana.ID}), http.StatusOK)
			broker := func() *detaildoc.Broker {
				w := ps.Call("GET", "/api/v1/properties/"+p.Slug, nil)
				wantStatus(t, "detail", w, http.StatusOK)
				b := decodeJSON[struct{ Broker *detaildoc.Broker }](t, "detail", w).Broker
				if b == nil || b.Name != "Ana Souza" {
					t.Fatalf("public broker %+v", b)
				}
				return b
			}
			staffPhoto := func(id int64) *userPhoto {
				w := ps.Admin("GET", "/api/admin/users", nil)
				wantStatus(t, "staff", w, http.StatusOK)
				for _, u := range decodeJSON[struct{ Items []photoUser }](t, "staff", w).Items {
					if u.ID == id {
						return u.Photo
					}
				}
				t.Fatalf("user %d not in the staff list", id)
				return nil
			}
			if b := broker(); b.Photo != nil {
				t.Fatalf("public broker photo before any: %+v", b.Photo)
			}

			// Ana sends her photo: processing, then on her listing's page.
			w := send(ps.stack, anaToken, ana.ID, file("ana.jpg", "image/jpeg", jpg))
			wantStatus(t, "Ana's photo", w, http.StatusOK)
			if u := decodeJSON[photoUser](t, "Ana's photo", w); u.ID != ana.ID || u.Photo == nil ||
				u.Photo.Status != "processing" || u.Photo.URL != nil || u.Photo.Error != nil {
				t.Fatalf("Ana's photo answered %s", w.Body)
			}
			id := contentID(jpg)
			if got := ps.files(t); !slices.Equal(got, []string{"originals/" + id + ".jpg"}) {
				t.Fatalf("stored %v, want the original", got)
			}
			if b := broker(); b.Photo != nil {
				t.Fatalf("public broker photo while processing: %+v", b.Photo)
			}
			if n := ps.processAll(t); n != 1 {
				t.Fatalf("processed %d images, want 1", n)
			}
			base := mediaBase + id
			want := detaildoc.BrokerPhoto{URL: base + "-480.jpg", Width: 480, Height: 686, Srcset: detaildoc.Srcset{
				JPEG: base + "-480.jpg 480w, " + base + "-700.jpg 700w", WebP: base + "-480.webp 480w, " + base + "-700.webp 700w"}}
			// The worker wrote outside any request: the cached page follows
			// the catalogue version.
			testwait.Until(t, "the broker's photo on the page", func() bool { return broker().Photo != nil })
			if b := broker(); *b.Photo != want {
				t.Fatalf("public broker photo %+v, want %+v", *b.Photo, want)
			}
			ready := staffPhoto(ana.ID)
			if ready == nil || ready.Status != "ready" || ready.URL == nil || *ready.URL != want.URL {
				t.Fatalf("Ana's photo in the staff list: %+v", ready)
			}
			w = as(anaToken, "GET", "/api/admin/me", nil)
			wantStatus(t, "me", w, http.StatusOK)
			if me := decodeJSON[struct{ User photoUser }](t, "me", w).User; !reflect.DeepEqual(me.Photo, ready) {
				t.Errorf("Ana's photo in /me: %+v", me.Photo)
			}
			files := ps.files(t)

			// Refused files: the photo and the files stay as they were.
			bad := ps.BadInput() // the document cannot state what a file holds
			for _, tc := range []struct {
				what   string
				parts  []formPart
				status int
				msg    string
			}{
				{"a file over the limit", []formPart{file("grande.jpg", "image/jpeg", append(jpegFile(t, 64, 48), make([]byte, testMaxBytes)...))},
					http.StatusRequestEntityTooLarge, "A foto tem mais de 1 MB, o máximo. Reduza o arquivo e envie de novo."},
				{"HEIC", []formPart{file("IMG_0001.HEIC", "image/heic", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta"))},
					http.StatusUnsupportedMediaType, msgHEIC},
				{"text named foto.jpg", []formPart{file("foto.jpg", "image/jpeg", []byte("Isto não é uma foto.\n"))},
					http.StatusUnsupportedMediaType, msgPhotoFormat},
			} {
				wantError(t, tc.what, send(bad, anaToken, ana.ID, tc.parts...), tc.status, tc.msg)
			}
			wantDetailMsg(t, "20000×20000 declared", send(bad, anaToken, ana.ID, file("bomba.png", "image/png", imagingtest.PNGBomb(20000, 20000))),
				"file", "A foto tem resolução demais: o máximo é 50 megapixels. Reduza a foto e envie de novo.")
			wantDetailMsg(t, "a truncated JPEG", send(bad, anaToken, ana.ID, file("cortada.jpg", "image/jpeg", jpg[:len(jpg)/2])),
				"file", "O arquivo está corrompido ou incompleto. Envie a foto de novo.")
			wantDetailMsg(t, "no file part", send(bad, anaToken, ana.ID, field("alt_text", "Ana")), "file", msgNoFilePart)
			wantDetailMsg(t, "a JSON body", bad.Call("PUT", photoPath(ana.ID), map[string]any{"file": "ana.jpg"},
				"Authorization", "Bearer "+anaToken), "file", msgNoFilePart)
			if got := staffPhoto(ana.ID); !reflect.DeepEqual(got, ready) {
				t.Errorf("Ana's photo after refused files: %+v", got)
			}
			if got := ps.files(t); !slices.Equal(got, files) {
				t.Errorf("refused files changed the media files: %v, were %v", got, files)
			}

			// A corretor changes their own photo only: another's is not
			// found, as an unknown user is.
			wantError(t, "Bia sends Ana's photo", send(ps.stack, biaToken, ana.ID, file("bia.png", "image/png", pngFile(t, 300, 300))),
				http.StatusNotFound, "Recurso não encontrado")
			wantError(t, "Bia removes Ana's photo", as(biaToken, "DELETE", photoPath(ana.ID), nil), http.StatusNotFound, "Recurso não encontrado")
			wantError(t, "an unknown user", send(ps.stack, ps.Token, bia.ID+100, file("x.jpg", "image/jpeg", jpg)),
				http.StatusNotFound, "Recurso não encontrado")
			if got := staffPhoto(ana.ID); !reflect.DeepEqual(got, ready) {
				t.Errorf("Ana's photo after Bia's attempts: %+v", got)
			}
			w = send(ps.stack, biaToken, bia.ID, file("bia.png", "image/png", pngFile(t, 300, 300)))
			wantStatus(t, "Bia's own photo", w, http.StatusOK)
			wantStatus(t, "Bia removes her own photo", as(biaToken, "DELETE", photoPath(bia.ID), nil), http.StatusNoContent)
			if got := staffPhoto(bia.ID); got != nil {
				t.Errorf("Bia's photo after she removed it: %+v", got)
			}

			// In use: the same file as a property photo, added and removed,
			// is not the sweep's while Ana shows it.
			w = ps.upload(p.ID, "Fachada", "fachada.jpg", "image/jpeg", jpg)
			wantStatus(t, "the same file as a property photo", w, http.StatusCreated)
			wantStatus(t, "remove the property photo", ps.Admin("DELETE", "/api/admin/properties/"+p.ID+"/photos/"+decodeJSON[adminPhoto](t, "photo", w).ID, nil),
				http.StatusNoContent)
			if err := ps.media.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if got := ps.files(t); !slices.Contains(got, id+"-480.jpg") || !slices.Contains(got, "originals/"+id+".jpg") {
				t.Fatalf("the sweep took the photo Ana shows: %v", got)
			}

			// Removed: off the page at once, then the sweep's.
			wantStatus(t, "Ana removes her photo", as(anaToken, "DELETE", photoPath(ana.ID), nil), http.StatusNoContent)
			if b := broker(); b.Photo != nil {
				t.Errorf("public broker photo after it was removed: %+v", b.Photo)
			}
			if got := staffPhoto(ana.ID); got != nil {
				t.Errorf("Ana's photo after she removed it: %+v", got)
			}
			if err := ps.media.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if got := ps.files(t); slices.ContainsFunc(got, func(f string) bool { return f == id+"-480.jpg" || f == "originals/"+id+".jpg" }) {
				t.Errorf("the removed photo's files stay after the sweep: %v", got)
			}
		})
	}
}
